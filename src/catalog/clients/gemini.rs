//! Gemini CLI extensions, read the way Gemini CLI loads them.
//!
//! - Each extension is a folder `~/.gemini/extensions/<ext>/` with a
//!   `gemini-extension.json` naming it; a linked extension
//!   (`.gemini-extension-install.json` with `"type": "link"`) lives at its
//!   `source`.
//! - Extensions are enabled by default; `extension-enablement.json` in the
//!   extensions folder holds per-extension `overrides` (`/path/*` enables
//!   there and below, `!/path/*` disables), the last rule matching the
//!   workspace folder winning.
//! - Its skills are `skills/SKILL.md` and `skills/*/SKILL.md`, named by
//!   their own `name` (Gemini does not namespace them).

use super::{read_json, Homes};
use crate::catalog::roots::{Layout, Root, RootKind};
use crate::diag::Diagnostic;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The skill roots of every extension enabled for `workspace`.
pub fn extensions(h: &Homes, workspace: &Path, diags: &mut Vec<Diagnostic>) -> Vec<Root> {
    let dir = h.gemini.join("extensions");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut folders: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    let enablement = read_json(&dir.join("extension-enablement.json"), diags);
    let mut out = Vec::new();
    for folder in folders {
        let folder = effective_path(&folder, diags);
        let Some(config) = read_json(&folder.join("gemini-extension.json"), diags) else {
            continue;
        };
        let Some(name) = config.get("name").and_then(Value::as_str) else {
            continue;
        };
        if !is_enabled(enablement.as_ref(), name, workspace) {
            continue;
        }
        let skills = folder.join("skills");
        if skills.is_dir() {
            let version = config.get("version").and_then(Value::as_str).unwrap_or("");
            let mut r = Root::new(skills, RootKind::Plugin, Layout::Skills);
            // Gemini CLI reads `skills/SKILL.md` and `skills/*/SKILL.md` only.
            r.depth = Some(1);
            r.origin = Some(
                format!("gemini extension {name} {version}")
                    .trim()
                    .to_string(),
            );
            out.push(r);
        }
    }
    out
}

/// A linked extension's source folder, else the folder itself.
fn effective_path(folder: &Path, diags: &mut Vec<Diagnostic>) -> PathBuf {
    let install = folder.join(".gemini-extension-install.json");
    if !install.is_file() {
        return folder.to_path_buf();
    }
    match read_json(&install, diags) {
        Some(v) if v.get("type").and_then(Value::as_str) == Some("link") => v
            .get("source")
            .and_then(Value::as_str)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute() && p.is_dir())
            .unwrap_or_else(|| folder.to_path_buf()),
        _ => folder.to_path_buf(),
    }
}

/// Gemini CLI's rule: enabled unless the last override matching the
/// workspace folder disables it.
fn is_enabled(config: Option<&Value>, name: &str, workspace: &Path) -> bool {
    let Some(rules) = config
        .and_then(|c| c.get(name))
        .and_then(|e| e.get("overrides"))
        .and_then(Value::as_array)
    else {
        return true;
    };
    let mut path = workspace.to_string_lossy().replace('\\', "/");
    if !path.starts_with('/') {
        path.insert(0, '/');
    }
    if !path.ends_with('/') {
        path.push('/');
    }
    let mut enabled = true;
    for rule in rules.iter().filter_map(Value::as_str) {
        let (disable, pattern) = match rule.strip_prefix('!') {
            Some(p) => (true, p),
            None => (false, rule),
        };
        if glob(pattern.as_bytes(), path.as_bytes()) {
            enabled = !disable;
        }
    }
    enabled
}

/// Gemini's glob: `*` matches anything, and a `/` right before a `*` is
/// optional, so `/a/*` matches `/a/`, `/a` and everything below.
fn glob(p: &[u8], t: &[u8]) -> bool {
    match p {
        [] => t.is_empty(),
        [b'/', b'*', rest @ ..] => {
            glob(rest, t) || (t.first() == Some(&b'/') && star(rest, &t[1..]))
        }
        [b'*', rest @ ..] => star(rest, t),
        [c, rest @ ..] => t.first() == Some(c) && glob(rest, &t[1..]),
    }
}

fn star(rest: &[u8], t: &[u8]) -> bool {
    (0..=t.len()).any(|i| glob(rest, &t[i..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_last_matching_override_wins() {
        let c = json!({"ext": {"overrides": ["!/work/*", "/work/app/*"]}});
        assert!(!is_enabled(Some(&c), "ext", Path::new("/work/other")));
        assert!(is_enabled(Some(&c), "ext", Path::new("/work/app/sub")));
        assert!(is_enabled(Some(&c), "ext", Path::new("/elsewhere")));
        assert!(is_enabled(Some(&c), "other", Path::new("/work")));
        let exact = json!({"ext": {"overrides": ["!/work/"]}});
        assert!(!is_enabled(Some(&exact), "ext", Path::new("/work")));
        assert!(is_enabled(Some(&exact), "ext", Path::new("/work/sub")));
    }
}
