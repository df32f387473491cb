//! GitHub Copilot CLI's installed plugins, read the way Copilot CLI keeps them.
//!
//! - Installed plugins live in `$COPILOT_HOME/installed-plugins/<marketplace>/<plugin>/`
//!   (`_direct/<source>/` for direct installs); `$COPILOT_HOME/config.json`
//!   records each with `enabled` and its `cache_path`. When that record is
//!   missing, every installed folder counts.
//! - The manifest is the first of `.plugin/plugin.json`, `plugin.json`,
//!   `.github/plugin/plugin.json`, `.claude-plugin/plugin.json`; its `skills`
//!   paths replace the default `skills/`, its `commands` paths add commands.
//! - Copilot does not namespace plugin skills: the first skill of a name wins.

use super::{inside, is_segment, missing_plugin, path_list, read_json, Homes};
use crate::catalog::roots::{Layout, Root, RootKind};
use crate::diag::Diagnostic;
use serde_json::Value;
use std::path::{Path, PathBuf};

const MANIFESTS: &[&str] = &[
    ".plugin/plugin.json",
    "plugin.json",
    ".github/plugin/plugin.json",
    ".claude-plugin/plugin.json",
];

/// The skill roots of every enabled Copilot CLI plugin, in install order.
pub fn plugins(h: &Homes, diags: &mut Vec<Diagnostic>) -> Vec<Root> {
    let record_path = h.copilot.join("config.json");
    let installed = h.copilot.join("installed-plugins");
    let record = read_json(&record_path, diags);
    let listed = record.as_ref().and_then(|r| {
        r.get("installedPlugins")
            .or_else(|| r.get("installed_plugins"))
            .and_then(Value::as_array)
    });
    let mut folders: Vec<(String, PathBuf)> = Vec::new();
    match listed {
        Some(list) => {
            for p in list {
                if p.get("enabled").and_then(Value::as_bool) == Some(false) {
                    continue;
                }
                let name = p.get("name").and_then(Value::as_str).unwrap_or("");
                let market = p.get("marketplace").and_then(Value::as_str).unwrap_or("");
                let path = match p.get("cache_path").and_then(Value::as_str) {
                    Some(c) => crate::paths::absolute(Path::new(c), &h.copilot),
                    None if is_segment(name) && is_segment(market) => {
                        installed.join(market).join(name)
                    }
                    None => continue,
                };
                let id = format!("{name}@{market}");
                if path.is_dir() {
                    folders.push((id, path));
                } else {
                    diags.push(missing_plugin(&record_path, &id, &path));
                }
            }
        }
        None => folders = installed_folders(&installed),
    }
    let mut out = Vec::new();
    for (id, dir) in folders {
        out.extend(plugin_roots(&id, &dir, diags));
    }
    out
}

/// `installed-plugins/<marketplace>/<plugin>` folders, sorted.
fn installed_folders(installed: &Path) -> Vec<(String, PathBuf)> {
    let list = |p: &Path| -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(p)
            .map(|d| {
                d.filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.is_dir())
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    };
    let mut out = Vec::new();
    for market in list(installed) {
        for plugin in list(&market) {
            let name = |p: &Path| {
                p.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            };
            out.push((format!("{}@{}", name(&plugin), name(&market)), plugin));
        }
    }
    out
}

fn plugin_roots(id: &str, dir: &Path, diags: &mut Vec<Diagnostic>) -> Vec<Root> {
    let manifest = MANIFESTS
        .iter()
        .map(|m| dir.join(m))
        .find(|p| p.is_file())
        .and_then(|p| read_json(&p, diags));
    let version = manifest
        .as_ref()
        .and_then(|m| m.get("version"))
        .and_then(Value::as_str)
        .unwrap_or("");
    let origin = format!("copilot plugin {id} {version}").trim().to_string();
    let field = |key: &str| path_list(manifest.as_ref().and_then(|m| m.get(key)));
    let mut out = Vec::new();
    let mut push = |path: PathBuf, layout: Layout| {
        let mut r = Root::new(path, RootKind::Plugin, layout);
        r.origin = Some(origin.clone());
        out.push(r);
    };
    for p in field("skills").unwrap_or_else(|| vec!["skills".into()]) {
        if let Some(path) = inside(dir, &p).filter(|p| p.is_dir()) {
            push(path, Layout::Skills);
        }
    }
    for p in field("commands").unwrap_or_default() {
        match inside(dir, &p) {
            Some(path) if path.is_dir() => push(path, Layout::Commands),
            Some(path) if path.is_file() => push(path, Layout::CommandFile),
            _ => {}
        }
    }
    out
}
