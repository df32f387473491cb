//! What a run folder may hold, checked before any file in it is opened:
//! real folders of this user, regular files that are not symlinks, and no
//! temporary files left by a crash.

use super::validate::refuse;
use crate::error::{Error, Result};
use crate::fsio;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// The folders inside a run folder.
pub const SUBFOLDERS: &[&str] = &["handoffs", "logs", "inbox", "ges"];

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |e| Error::Io {
        path: path.to_path_buf(),
        source: e,
    }
}

/// The files re0 keeps in a run folder.
const RUN_FILES: &[&str] = &[
    "state.json",
    "plan.json",
    "lock",
    "events.ndjson",
    "CONTEXT.md",
    "runner.json",
];

/// Checks the run folder and its subfolders are real folders of this
/// user, and that none of its files is a symlink or anything but a
/// regular file, before any is opened.
pub fn check_run_dir(dir: &Path) -> Result<()> {
    fsio::real_dir(dir).map_err(|e| refuse(dir, e.to_string()))?;
    for sub in SUBFOLDERS {
        let p = dir.join(sub);
        match std::fs::symlink_metadata(&p) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            _ => fsio::real_dir(&p).map_err(|e| refuse(&p, e.to_string()))?,
        }
    }
    for name in RUN_FILES {
        let p = dir.join(name);
        match std::fs::symlink_metadata(&p) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io(&p)(e)),
            Ok(m) if m.file_type().is_file() => {}
            Ok(m) => {
                let what = if m.file_type().is_symlink() {
                    "a symbolic link"
                } else {
                    "not a regular file"
                };
                return Err(refuse(
                    &p,
                    format!(
                        "it is {what}; re0 never follows or writes through one in a run folder"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Removes the temporary files a crash between writing and renaming left.
pub fn remove_leftover_temps(dir: &Path) {
    for d in [dir.to_path_buf(), dir.join("ges")] {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let is_file = e.file_type().is_ok_and(|t| t.is_file());
            if is_file && e.file_name().as_bytes().starts_with(b".tmp-") {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}
