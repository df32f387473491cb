//! Trusting a workspace's `re0.yaml` (DESIGN §8).
//!
//! A workspace `re0.yaml` comes with the repository, so its author, not
//! the user, wrote it. Like direnv's `direnv allow` (an allow record named
//! by a hash of the file's path and content, so any edit blocks it again)
//! and `mise trust`, re0 honours the keys that widen authority only after
//! `re0 trust` records the file: its `grants`, `runner` and `bindings`.
//! Until then the file may only narrow: `never`, `inputs` and `roots`
//! apply, and `max-attempts` and `runner-timeout` only below re0's own
//! defaults. re0 says so on stderr, in one line.
//!
//! Records live in the user's config directory, one file each:
//! `$XDG_CONFIG_HOME/re0/trusted/<sha256 of path and content>.json`
//! (default `~/.config/re0/trusted/`). A changed file has another hash, so
//! it is untrusted until trusted again; no record is ever rewritten.

use crate::config::Config;
use crate::error::{Error, Result};
use crate::fsio::{self, Follow};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One trust record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub path: PathBuf,
    pub sha256: String,
    pub trusted_at: String,
}

/// A record and whether the file it names still has that content.
#[derive(Debug, Clone)]
pub struct Listed {
    pub record: Record,
    pub current: bool,
}

fn records_dir() -> Result<PathBuf> {
    crate::userdirs::config_dir()
        .map(|d| d.join("trusted"))
        .ok_or_else(|| {
            Error::Usage("cannot find your config folder: set HOME or XDG_CONFIG_HOME".into())
        })
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The record's file name for `path` with content `text`.
fn record_name(path: &Path, text: &str) -> String {
    let sha = crate::state::store::sha_hex(text.as_bytes());
    let mut key = canonical(path).into_os_string().into_encoded_bytes();
    key.push(b'\n');
    key.extend_from_slice(sha.as_bytes());
    format!("{}.json", crate::state::store::sha_hex(&key))
}

/// True when the user trusted `path` with exactly this content.
pub fn is_trusted(path: &Path, text: &str) -> bool {
    let Ok(dir) = records_dir() else {
        return false;
    };
    let rec = dir.join(record_name(path, text));
    fsio::read_text_limited(&rec, 64 * 1024, Follow::No)
        .ok()
        .and_then(|t| serde_json::from_str::<Record>(&t).ok())
        .is_some_and(|r| r.path == canonical(path))
}

/// Records that the user trusts `path` with content `text`.
pub fn trust(path: &Path, text: &str) -> Result<Record> {
    let dir = records_dir()?;
    crate::userdirs::private_dir(&dir).map_err(|e| Error::Io {
        path: dir.clone(),
        source: e,
    })?;
    let record = Record {
        path: canonical(path),
        sha256: crate::state::store::sha_hex(text.as_bytes()),
        trusted_at: crate::state::model::now(),
    };
    let file = dir.join(record_name(path, text));
    crate::state::store::write_atomic(
        &file,
        &serde_json::to_vec_pretty(&record).unwrap_or_default(),
    )?;
    Ok(record)
}

/// Every record, newest path first by name.
pub fn list() -> Result<Vec<Listed>> {
    let dir = records_dir()?;
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for e in entries.flatten() {
        let Ok(text) = fsio::read_text_limited(&e.path(), 64 * 1024, Follow::No) else {
            continue;
        };
        let Ok(record) = serde_json::from_str::<Record>(&text) else {
            continue;
        };
        let current = Config::read_text(&record.path)
            .ok()
            .flatten()
            .is_some_and(|t| crate::state::store::sha_hex(t.as_bytes()) == record.sha256);
        out.push(Listed { record, current });
    }
    out.sort_by(|a, b| a.record.path.cmp(&b.record.path));
    Ok(out)
}

/// Removes every record of `path` (whatever content it had); returns how
/// many there were.
pub fn revoke(path: &Path) -> Result<usize> {
    let dir = records_dir()?;
    let want = canonical(path);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(0);
    };
    let mut n = 0;
    for e in entries.flatten() {
        let text = fsio::read_text_limited(&e.path(), 64 * 1024, Follow::No).unwrap_or_default();
        if serde_json::from_str::<Record>(&text).is_ok_and(|r| r.path == want)
            && std::fs::remove_file(e.path()).is_ok()
        {
            n += 1;
        }
    }
    Ok(n)
}

/// The keys of `c` that widen authority.
pub fn widening(c: &Config) -> Vec<&'static str> {
    let mut out = Vec::new();
    if c.grants.is_some() {
        out.push("grants");
    }
    if c.runner.is_some() {
        out.push("runner");
    }
    if !c.bindings.is_empty() {
        out.push("bindings");
    }
    if c.max_attempts
        .is_some_and(|m| m > crate::run::DEFAULT_MAX_ATTEMPTS)
    {
        out.push("max-attempts");
    }
    let default = crate::run::runner::DEFAULT_TIMEOUT.as_secs();
    if c.runner_timeout
        .as_ref()
        .and_then(|t| t.seconds())
        .is_some_and(|s| s > default)
    {
        out.push("runner-timeout");
    }
    out
}

/// The workspace configuration as it may act: all of it when trusted,
/// else only what narrows. Returns the warning to show when keys were set
/// aside.
pub fn apply(mut c: Config, path: &Path, text: &str) -> (Config, Option<String>) {
    let widening = widening(&c);
    if widening.is_empty() || is_trusted(path, text) {
        return (c, None);
    }
    c.grants = None;
    c.runner = None;
    c.bindings.clear();
    if widening.contains(&"max-attempts") {
        c.max_attempts = None;
    }
    if widening.contains(&"runner-timeout") {
        c.runner_timeout = None;
    }
    let warning = format!(
        "{} is not trusted, so its {} {} ignored (until then it may only narrow: never, inputs); read it, then run `re0 trust`",
        path.display(),
        widening.join(", "),
        if widening.len() == 1 { "is" } else { "are" }
    );
    (c, Some(warning))
}
