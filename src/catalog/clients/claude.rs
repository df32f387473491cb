//! Claude Code's installed plugins, read the way Claude Code records them.
//!
//! - `$CLAUDE_CONFIG_DIR/plugins/installed_plugins.json` (version 2): for
//!   each `name@marketplace` a list of installs, each with a `scope`
//!   (`user`, `project`, `local`), the live `installPath` and, for project
//!   and local installs, the `projectPath` they belong to. Version 1 (one
//!   object per plugin) is read too. Only the live `installPath` is read:
//!   other versions left in `plugins/cache/<marketplace>/<plugin>/` are not.
//! - A plugin counts only where `enabledPlugins` says `true`, the later of
//!   `~/.claude/settings.json`, `.claude/settings.json` and
//!   `.claude/settings.local.json` winning.
//! - A project or local install counts only inside its `projectPath`; the
//!   most specific matching install wins, then a user install.
//! - Its skills come from `skills/` and `commands/`, or the paths its
//!   `.claude-plugin/plugin.json` names instead; a plugin without a
//!   manifest (`strict: false`) takes them from its entry in the
//!   marketplace's `.claude-plugin/marketplace.json`. Skills are named
//!   `plugin:skill`.

use super::{inside, is_segment, missing_plugin, path_list, read_json, Homes};
use crate::catalog::roots::{Layout, Root, RootKind};
use crate::diag::Diagnostic;
use crate::workspace::Workspace;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The skill roots of every enabled Claude Code plugin that applies here.
pub fn plugins(h: &Homes, ws: &Workspace, diags: &mut Vec<Diagnostic>) -> Vec<Root> {
    let plugins_dir = h.claude.join("plugins");
    let record_path = plugins_dir.join("installed_plugins.json");
    let Some(record) = read_json(&record_path, diags) else {
        return Vec::new();
    };
    let Some(Value::Object(installed)) = record.get("plugins") else {
        return Vec::new();
    };
    let enabled = enabled_plugins(h, ws, diags);
    let mut ids: Vec<&String> = installed.keys().collect();
    ids.sort();
    let mut out = Vec::new();
    for id in ids {
        if enabled.get(id.as_str()) != Some(&true) {
            continue;
        }
        let Some(entry) = live_install(&installed[id], &ws.cwd) else {
            continue;
        };
        let Some(path) = entry.get("installPath").and_then(Value::as_str) else {
            continue;
        };
        let path = crate::paths::absolute(Path::new(path), &plugins_dir);
        if !path.is_dir() {
            diags.push(missing_plugin(&record_path, id, &path));
            continue;
        }
        let version = entry.get("version").and_then(Value::as_str).unwrap_or("");
        let scope = entry.get("scope").and_then(Value::as_str).unwrap_or("user");
        let origin = format!("claude plugin {id} {version} ({scope})");
        out.extend(plugin_roots(h, id, &path, origin.trim(), diags));
    }
    out
}

/// `enabledPlugins` merged over the user, project and local settings; a
/// later file wins per plugin.
fn enabled_plugins(
    h: &Homes,
    ws: &Workspace,
    diags: &mut Vec<Diagnostic>,
) -> BTreeMap<String, bool> {
    let mut files = vec![h.claude.join("settings.json")];
    let mut projects = vec![ws.root.clone()];
    if ws.cwd != ws.root {
        projects.push(ws.cwd.clone());
    }
    for p in projects {
        files.push(p.join(".claude/settings.json"));
        files.push(p.join(".claude/settings.local.json"));
    }
    let mut out = BTreeMap::new();
    for f in files {
        let Some(settings) = read_json(&f, diags) else {
            continue;
        };
        if let Some(Value::Object(map)) = settings.get("enabledPlugins") {
            for (id, v) in map {
                if let Some(b) = v.as_bool() {
                    out.insert(id.clone(), b);
                }
            }
        }
    }
    out
}

/// The install that applies in `cwd`: the project or local install whose
/// `projectPath` holds `cwd` most closely, else the user install.
fn live_install<'a>(installs: &'a Value, cwd: &Path) -> Option<&'a Value> {
    let list: Vec<&Value> = match installs {
        Value::Array(a) => a.iter().collect(),
        obj @ Value::Object(_) => vec![obj],
        _ => return None,
    };
    let scoped = list
        .iter()
        .filter(|e| matches!(scope(e), "project" | "local"))
        .filter_map(|e| {
            let p = PathBuf::from(e.get("projectPath")?.as_str()?);
            cwd.starts_with(&p).then(|| (p.components().count(), *e))
        })
        .max_by_key(|(depth, _)| *depth)
        .map(|(_, e)| e);
    scoped.or_else(|| list.iter().copied().find(|e| scope(e) == "user"))
}

fn scope(e: &Value) -> &str {
    e.get("scope").and_then(Value::as_str).unwrap_or("user")
}

/// The roots of one plugin folder: its skills and commands paths.
fn plugin_roots(
    h: &Homes,
    id: &str,
    dir: &Path,
    origin: &str,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Root> {
    let (plugin, marketplace) = id.rsplit_once('@').unwrap_or((id, ""));
    let manifest = read_json(&dir.join(".claude-plugin/plugin.json"), diags);
    let entry = marketplace_entry(h, marketplace, plugin, diags);
    let name = manifest
        .as_ref()
        .and_then(|m| m.get("name"))
        .and_then(Value::as_str)
        .filter(|n| !n.trim().is_empty())
        .unwrap_or(plugin)
        .trim()
        .to_string();
    let field = |key: &str, default: &str| {
        let mut paths: Vec<String> = Vec::new();
        let mut named = false;
        for source in [manifest.as_ref(), entry.as_ref()].into_iter().flatten() {
            if let Some(list) = path_list(source.get(key)) {
                named = true;
                paths.extend(list);
            }
        }
        if !named {
            paths.push(default.to_string());
        }
        paths
    };
    let mut out = Vec::new();
    for p in field("skills", "skills") {
        if let Some(path) = inside(dir, &p).filter(|p| p.is_dir()) {
            out.push(root(path, Layout::Skills, &name, origin));
        }
    }
    for p in field("commands", "commands") {
        match inside(dir, &p) {
            Some(path) if path.is_dir() => out.push(root(path, Layout::Commands, &name, origin)),
            Some(path) if path.is_file() => {
                out.push(root(path, Layout::CommandFile, &name, origin))
            }
            _ => {}
        }
    }
    out
}

fn root(path: PathBuf, layout: Layout, namespace: &str, origin: &str) -> Root {
    let mut r = Root::new(path, RootKind::Plugin, layout);
    r.namespace = Some(namespace.to_string());
    r.origin = Some(origin.to_string());
    r
}

/// The plugin's entry in its marketplace's `.claude-plugin/marketplace.json`,
/// found through `known_marketplaces.json` (or the default clone folder).
fn marketplace_entry(
    h: &Homes,
    marketplace: &str,
    plugin: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<Value> {
    if !is_segment(marketplace) {
        return None;
    }
    let plugins_dir = h.claude.join("plugins");
    let known = read_json(&plugins_dir.join("known_marketplaces.json"), diags);
    let location = known
        .as_ref()
        .and_then(|k| k.get(marketplace))
        .and_then(|m| m.get("installLocation"))
        .and_then(Value::as_str)
        .map(PathBuf::from)
        .unwrap_or_else(|| plugins_dir.join("marketplaces").join(marketplace));
    let file = location.join(".claude-plugin/marketplace.json");
    if !file.is_file() {
        return None;
    }
    let catalog = read_json(&file, diags)?;
    catalog
        .get("plugins")?
        .as_array()?
        .iter()
        .find(|p| p.get("name").and_then(Value::as_str) == Some(plugin))
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_install_for_this_project_wins_then_the_user_install() {
        let installs = json!([
            {"scope": "project", "projectPath": "/work/old", "installPath": "/c/1.0.0"},
            {"scope": "user", "installPath": "/c/1.10.0"},
            {"scope": "local", "projectPath": "/work/app", "installPath": "/c/1.5.0"},
        ]);
        let pick = |cwd: &str| {
            live_install(&installs, Path::new(cwd))
                .and_then(|e| e["installPath"].as_str())
                .map(str::to_string)
        };
        assert_eq!(pick("/work/app/src").as_deref(), Some("/c/1.5.0"));
        assert_eq!(pick("/elsewhere").as_deref(), Some("/c/1.10.0"));
        assert_eq!(pick("/work/old").as_deref(), Some("/c/1.0.0"));
        let only_project = json!([{"scope": "project", "projectPath": "/p", "installPath": "/x"}]);
        assert!(live_install(&only_project, Path::new("/q")).is_none());
        let v1 = json!({"installPath": "/v1"});
        assert!(live_install(&v1, Path::new("/any")).is_some());
    }
}
