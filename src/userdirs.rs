//! The user's own folders, outside any workspace: where re0 keeps the key
//! that authenticates its run state (the XDG state directory) and the list
//! of `re0.yaml` files the user trusts (the XDG config directory).
//!
//! Both follow the XDG Base Directory rules: `$XDG_STATE_HOME` (default
//! `~/.local/state`) and `$XDG_CONFIG_HOME` (default `~/.config`); a
//! relative value is ignored, as the specification says.

use std::os::unix::fs::{DirBuilderExt, MetadataExt};
use std::path::{Path, PathBuf};

fn xdg(var: &str, default: &[&str]) -> Option<PathBuf> {
    if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
        let p = PathBuf::from(v);
        if p.is_absolute() {
            return Some(p);
        }
    }
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty())?;
    let mut p = PathBuf::from(home);
    for part in default {
        p.push(part);
    }
    p.is_absolute().then_some(p)
}

/// `$XDG_STATE_HOME/re0` (default `~/.local/state/re0`).
pub fn state_dir() -> Option<PathBuf> {
    xdg("XDG_STATE_HOME", &[".local", "state"]).map(|p| p.join("re0"))
}

/// `$XDG_CONFIG_HOME/re0` (default `~/.config/re0`).
pub fn config_dir() -> Option<PathBuf> {
    xdg("XDG_CONFIG_HOME", &[".config"]).map(|p| p.join("re0"))
}

/// Creates `dir` (mode 0700) and its parents if needed, then checks that
/// it is a real folder of this user that nobody else can write to.
pub fn private_dir(dir: &Path) -> std::io::Result<()> {
    match std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
    {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    crate::fsio::real_dir(dir)?;
    let mode = std::fs::symlink_metadata(dir)?.mode();
    if mode & 0o022 != 0 {
        return Err(std::io::Error::other(format!(
            "{} can be written by other users (mode {:o}); make it private: chmod 700 {}",
            dir.display(),
            mode & 0o777,
            dir.display()
        )));
    }
    Ok(())
}
