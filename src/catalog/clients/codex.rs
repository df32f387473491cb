//! Codex's installed plugins, read the way Codex records them.
//!
//! - `$CODEX_HOME/config.toml` lists plugins as `[plugins."name@marketplace"]`
//!   tables; one with `enabled = false` is off.
//! - Each is cached in `$CODEX_HOME/plugins/cache/<marketplace>/<plugin>/<version>/`;
//!   the active version is `local` when present, else the last in sort
//!   order (as Codex's plugin store picks it).
//! - A plugin folder has `.codex-plugin/plugin.json`; its skills are in
//!   `skills/` and in the `./`-relative folder its `skills` field names.
//!   They are named `plugin:skill` and invoked `$plugin:skill`.

use super::{inside, is_segment, read_json, read_text, Homes};
use crate::catalog::roots::{Layout, Root, RootKind};
use crate::diag::{rules, Diagnostic};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The skill roots of every enabled Codex plugin.
pub fn plugins(h: &Homes, diags: &mut Vec<Diagnostic>) -> Vec<Root> {
    let config_path = h.codex.join("config.toml");
    let Some(text) = read_text(&config_path, diags) else {
        return Vec::new();
    };
    let config: toml::Table = match text.parse() {
        Ok(t) => t,
        Err(e) => {
            let mut d = Diagnostic::new(
                rules::CLIENT_CONFIG,
                &config_path,
                format!("invalid TOML: {}; its plugins are not read", e.message()),
            );
            if let Some(span) = e.span() {
                let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                d = d.at(line, None);
            }
            diags.push(d);
            return Vec::new();
        }
    };
    let Some(toml::Value::Table(plugins)) = config.get("plugins") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (id, settings) in plugins {
        let enabled = settings
            .get("enabled")
            .and_then(toml::Value::as_bool)
            .unwrap_or(true);
        let Some((plugin, marketplace)) = id.rsplit_once('@') else {
            continue;
        };
        if !enabled || !is_segment(plugin) || !is_segment(marketplace) {
            continue;
        }
        let base = h.codex.join("plugins/cache").join(marketplace).join(plugin);
        let Some(version) = active_version(&base) else {
            continue;
        };
        let dir = base.join(&version);
        let Some(manifest) = read_json(&dir.join(".codex-plugin/plugin.json"), diags) else {
            continue;
        };
        let origin = format!("codex plugin {id} {version}");
        for path in skill_roots(&dir, &manifest) {
            let mut r = Root::new(path, RootKind::Plugin, Layout::Skills);
            r.namespace = Some(plugin.to_string());
            r.origin = Some(origin.clone());
            out.push(r);
        }
    }
    out
}

/// `local` when that version folder exists, else the last version in sort order.
fn active_version(base: &Path) -> Option<String> {
    let mut versions: Vec<String> = std::fs::read_dir(base)
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|v| is_segment(v) || v.contains('+'))
        .collect();
    versions.sort_unstable();
    if versions.iter().any(|v| v == "local") {
        return Some("local".to_string());
    }
    versions.pop()
}

fn skill_roots(dir: &Path, manifest: &Value) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let default = dir.join("skills");
    if default.is_dir() {
        out.push(default);
    }
    let named = manifest
        .get("skills")
        .and_then(Value::as_str)
        .filter(|p| p.starts_with("./"))
        .and_then(|p| inside(dir, p))
        .filter(|p| p.is_dir());
    if let Some(p) = named {
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_beats_the_latest_version() {
        let d = tempfile::tempdir().unwrap();
        for v in ["1.0.0", "1.2.0"] {
            std::fs::create_dir_all(d.path().join(v)).unwrap();
        }
        assert_eq!(active_version(d.path()).as_deref(), Some("1.2.0"));
        std::fs::create_dir_all(d.path().join("local")).unwrap();
        assert_eq!(active_version(d.path()).as_deref(), Some("local"));
    }
}
