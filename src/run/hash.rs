//! SHA-256 of artifact files, and the checks every artifact passes each
//! time it is hashed (on acceptance and on every resume).
//!
//! Invariants: an artifact is a regular file (never a FIFO, device or
//! folder, opened without blocking) of at most [`MAX_ARTIFACT_BYTES`],
//! whose real path (symlinks resolved) lies inside the workspace and
//! outside re0's own run folders, except the run's `ges/` values.

use crate::fsio::{self, Follow};
use crate::state::store::is_contained;
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Largest artifact re0 hashes.
pub const MAX_ARTIFACT_BYTES: u64 = 1 << 30;

/// The hex SHA-256 of the regular file at `path`, at most `limit` bytes.
pub fn file_sha256(path: &Path, limit: u64) -> Result<String, fsio::ReadError> {
    let f = fsio::open_regular(path, Follow::No)?;
    if f.metadata()?.len() > limit {
        return Err(fsio::ReadError::TooLarge { limit });
    }
    let mut f = f.take(limit + 1);
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut total = 0u64;
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        total += n as u64;
        h.update(&buf[..n]);
    }
    if total > limit {
        return Err(fsio::ReadError::TooLarge { limit });
    }
    Ok(hex(&h.finalize()))
}

pub fn text_sha256(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Where an artifact may live.
pub struct Bounds<'a> {
    pub workspace: &'a Path,
    /// re0's run folders (`.agent-state/re0`): no artifact lives there …
    pub state_base: &'a Path,
    /// … except the values this run's graphs wrote in its `ges/`.
    pub run_dir: &'a Path,
}

/// Hashes the artifact at `rel` (relative to the workspace) after checking
/// where it really is. The error is one line for a person.
pub fn artifact_sha256(b: &Bounds<'_>, rel: &str) -> Result<(PathBuf, String), String> {
    let shown = crate::display::clean(&crate::display::clip(rel, 120)).into_owned();
    if !is_contained(rel) {
        return Err(format!(
            "{shown} leaves the workspace (use a path relative to it)"
        ));
    }
    let root = std::fs::canonicalize(b.workspace).map_err(|e| format!("workspace: {e}"))?;
    let real = std::fs::canonicalize(b.workspace.join(rel))
        .map_err(|_| format!("{shown} does not exist"))?;
    if !real.starts_with(&root) {
        return Err(format!("{shown} resolves outside the workspace"));
    }
    let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let base = canon(b.state_base);
    if real.starts_with(&base) && !real.starts_with(canon(b.run_dir).join("ges")) {
        return Err(format!(
            "{shown} is one of re0's own run files, not work a step produced"
        ));
    }
    let sha = file_sha256(&real, MAX_ARTIFACT_BYTES).map_err(|e| match e {
        fsio::ReadError::NotRegular(kind) => format!("{shown} is {kind}, not a file"),
        other => format!("cannot hash {shown}: {other}"),
    })?;
    Ok((real, sha))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_digest() {
        assert_eq!(
            text_sha256("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn artifacts_stay_inside_and_are_regular_files() {
        let dir = tempfile::tempdir().unwrap();
        let ws = dir.path().join("ws");
        let base = ws.join(".agent-state/re0");
        let run = base.join("r1");
        std::fs::create_dir_all(run.join("ges")).unwrap();
        std::fs::write(ws.join("a.md"), "a").unwrap();
        std::fs::write(run.join("state.json"), "{}").unwrap();
        std::fs::write(run.join("ges/v.json"), "1").unwrap();
        std::fs::write(dir.path().join("outside"), "x").unwrap();
        std::os::unix::fs::symlink(dir.path().join("outside"), ws.join("link")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", ws.join("zero")).unwrap();
        let fifo = std::ffi::CString::new(ws.join("fifo").to_str().unwrap()).unwrap();
        // SAFETY: mkfifo(3) on a NUL-terminated path in our temp folder.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        let b = Bounds {
            workspace: &ws,
            state_base: &base,
            run_dir: &run,
        };
        assert!(artifact_sha256(&b, "a.md").is_ok());
        assert!(artifact_sha256(&b, ".agent-state/re0/r1/ges/v.json").is_ok());
        let err = |p: &str| artifact_sha256(&b, p).unwrap_err();
        assert!(err("link").contains("outside the workspace"));
        assert!(err("../outside").contains("leaves the workspace"));
        assert!(err(".agent-state/re0/r1/state.json").contains("re0's own run files"));
        assert!(err("zero").contains("outside the workspace"));
        assert!(err("fifo").contains("a FIFO"), "{}", err("fifo"));
        assert!(err("nope").contains("does not exist"));
    }
}
