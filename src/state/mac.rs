//! Authenticating the run state re0 writes (DESIGN §5.4).
//!
//! A per-user secret, kept outside every workspace in the user's XDG state
//! directory (`$XDG_STATE_HOME/re0/run-key`, default
//! `~/.local/state/re0/run-key`), keys an HMAC-SHA256 over each revision of
//! `state.json` together with the hash of the run's `plan.json` and the
//! workspace the run belongs to. A run this account did not write (edited
//! by hand, planted in a repository, copied from another machine or
//! workspace) does not verify, and re0 refuses to resume it until the user
//! takes it over with `re0 adopt`.
//!
//! Invariants:
//! - The key file is created once, atomically (written beside, then
//!   hard-linked into place so two processes never see half a key), mode
//!   0600 in a 0700 folder; a key that others can read, a symlink, or a
//!   malformed file is refused, never silently replaced.
//! - Tags are compared in constant time.

use crate::error::{Error, Result};
use crate::fsio::{self, Follow};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const KEY_FILE: &str = "run-key";
/// Prefix of every tag, naming the scheme so a later one can be told apart.
pub const SCHEME: &str = "hmac-sha256:";

/// The user's secret.
pub struct Key([u8; 32]);

fn refuse(path: &Path, message: impl Into<String>) -> Error {
    Error::State {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

/// The key, read or created on first use.
pub fn key() -> Result<&'static Key> {
    static KEY: OnceLock<std::result::Result<Key, String>> = OnceLock::new();
    let dir = crate::userdirs::state_dir();
    let got = KEY.get_or_init(|| match &dir {
        None => Err(
            "cannot keep the key that authenticates run state: set HOME or XDG_STATE_HOME".into(),
        ),
        Some(d) => load_or_create(d).map_err(|e| e.to_string()),
    });
    got.as_ref().map_err(|m| Error::Usage(m.clone()))
}

fn load_or_create(dir: &Path) -> Result<Key> {
    let path = dir.join(KEY_FILE);
    crate::userdirs::private_dir(dir).map_err(|e| refuse(dir, e.to_string()))?;
    match read_key(&path) {
        Err(fsio::ReadError::NotFound) => create(dir, &path),
        other => other.map_err(|e| refuse(&path, e.to_string()))?,
    }
}

fn read_key(path: &Path) -> std::result::Result<Result<Key>, fsio::ReadError> {
    let text = fsio::read_text_limited(path, 256, Follow::No)?;
    let meta = std::fs::symlink_metadata(path)?;
    // SAFETY: geteuid(2) has no preconditions.
    let me = unsafe { libc::geteuid() };
    if meta.uid() != me {
        return Ok(Err(refuse(path, "the key belongs to another user")));
    }
    if meta.mode() & 0o077 != 0 {
        return Ok(Err(refuse(
            path,
            format!(
                "the key can be read by other users (mode {:o}); chmod 600 it",
                meta.mode() & 0o777
            ),
        )));
    }
    Ok(parse_hex(text.trim())
        .map(Key)
        .ok_or_else(|| refuse(path, "the key is not 64 hexadecimal digits")))
}

fn create(dir: &Path, path: &Path) -> Result<Key> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| refuse(path, format!("no randomness: {e}")))?;
    let tmp: PathBuf = dir.join(format!(".{KEY_FILE}-{}", std::process::id()));
    let _ = std::fs::remove_file(&tmp);
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&tmp)?;
        f.write_all(format!("{}\n", hex(&bytes)).as_bytes())?;
        f.sync_all()
    };
    let placed = write().and_then(|()| std::fs::hard_link(&tmp, path));
    let _ = std::fs::remove_file(&tmp);
    match placed {
        Ok(()) => Ok(Key(bytes)),
        // Another re0 made it first: use theirs.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            read_key(path).map_err(|e| refuse(path, e.to_string()))?
        }
        Err(e) => Err(refuse(path, format!("cannot create the key: {e}"))),
    }
}

fn mac_of(key: &Key, parts: &[&[u8]]) -> Hmac<Sha256> {
    let mut m = <Hmac<Sha256> as Mac>::new_from_slice(&key.0).expect("HMAC takes any key length");
    for p in parts {
        // Length-prefixed, so parts cannot be shifted into each other.
        m.update(&(p.len() as u64).to_be_bytes());
        m.update(p);
    }
    m
}

impl Key {
    /// The tag of `parts`: `hmac-sha256:<hex>`.
    pub fn sign(&self, parts: &[&[u8]]) -> String {
        format!(
            "{SCHEME}{}",
            hex(&mac_of(self, parts).finalize().into_bytes())
        )
    }

    /// True when `tag` is the tag of `parts` under this key.
    pub fn verify(&self, parts: &[&[u8]], tag: &str) -> bool {
        let Some(bytes) = tag.strip_prefix(SCHEME).and_then(parse_hex) else {
            return false;
        };
        mac_of(self, parts).verify_slice(&bytes).is_ok()
    }

    /// A key for tests.
    pub fn from_bytes(bytes: [u8; 32]) -> Key {
        Key(bytes)
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 64 hex digits to 32 bytes.
fn parse_hex(s: &str) -> Option<[u8; 32]> {
    if s.len() != 64 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, chunk) in s.as_bytes().chunks(2).enumerate() {
        let text = std::str::from_utf8(chunk).ok()?;
        out[i] = u8::from_str_radix(text, 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_verify_only_for_the_same_parts_and_key() {
        let k = Key::from_bytes([7; 32]);
        let tag = k.sign(&[b"a", b"bc"]);
        assert!(tag.starts_with(SCHEME));
        assert!(k.verify(&[b"a", b"bc"], &tag));
        assert!(!k.verify(&[b"ab", b"c"], &tag), "parts are length-prefixed");
        assert!(!Key::from_bytes([8; 32]).verify(&[b"a", b"bc"], &tag));
        assert!(!k.verify(&[b"a", b"bc"], "hmac-sha256:zz"));
        assert!(!k.verify(&[b"a", b"bc"], &tag.replace(SCHEME, "md5:")));
    }

    #[test]
    fn a_key_is_created_private_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().join("re0");
        let a = load_or_create(&d).unwrap();
        let b = load_or_create(&d).unwrap();
        assert_eq!(a.0, b.0);
        let meta = std::fs::metadata(d.join(KEY_FILE)).unwrap();
        assert_eq!(meta.mode() & 0o777, 0o600);
        assert_eq!(std::fs::metadata(&d).unwrap().mode() & 0o777, 0o700);
        std::fs::set_permissions(
            d.join(KEY_FILE),
            std::os::unix::fs::PermissionsExt::from_mode(0o644),
        )
        .unwrap();
        assert!(load_or_create(&d).is_err(), "a readable key is refused");
    }
}
