//! Walking roots for skill files.
//!
//! Rules (DESIGN §2): a root is walked for folders holding `SKILL.md` (or
//! `skill.md`); a skill folder is not searched for further skills; symbolic
//! links are followed and loops reported; one canonical folder is read once
//! across all roots; hidden folders other than `.curated`, `.system` and
//! `.experimental` are skipped; a folder with `.claude-plugin/plugin.json` is
//! a plugin whose skills are also named `plugin:skill`. Walk order is sorted
//! by file name so the catalog is the same on every machine.

use super::roots::Root;
use super::skill::{Candidate, SkillKind};
use crate::diag::{rules, Diagnostic};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

const VISIBLE_HIDDEN: &[&str] = &[".curated", ".system", ".experimental"];
const SKILL_FILES: &[&str] = &["SKILL.md", "skill.md"];

/// Finds the skill files of every root, in precedence order.
pub fn scan(roots: &[Root], diags: &mut Vec<Diagnostic>) -> Vec<Candidate> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (i, root) in roots.iter().enumerate() {
        if root.commands {
            scan_commands(root, i, &mut seen, &mut out);
        } else {
            scan_skills(root, i, &mut seen, &mut out, diags);
        }
    }
    out
}

fn scan_commands(root: &Root, index: usize, seen: &mut HashSet<PathBuf>, out: &mut Vec<Candidate>) {
    let Ok(entries) = std::fs::read_dir(&root.path) else {
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md") && p.is_file())
        .collect();
    files.sort();
    for file in files {
        let canonical = std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone());
        if seen.insert(canonical) {
            out.push(Candidate {
                dir: root.path.clone(),
                file,
                root: index,
                plugin: None,
                kind: SkillKind::Command,
            });
        }
    }
}

fn scan_skills(
    root: &Root,
    index: usize,
    seen: &mut HashSet<PathBuf>,
    out: &mut Vec<Candidate>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut walk = WalkDir::new(&root.path)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter();
    // Plugins enclosing the current entry, with the depth of their folder.
    let mut plugins: Vec<(usize, String)> = Vec::new();
    while let Some(next) = walk.next() {
        let entry = match next {
            Ok(e) => e,
            Err(e) => {
                let path = e
                    .path()
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| root.path.clone());
                // A broken SKILL.md is reported once, as the skill's own finding.
                if path
                    .file_name()
                    .is_some_and(|n| SKILL_FILES.iter().any(|f| n == *f))
                {
                    continue;
                }
                let d = if let Some(ancestor) = e.loop_ancestor() {
                    Diagnostic::new(
                        rules::SYMLINK_LOOP,
                        &path,
                        format!(
                            "symbolic link loops back to {}; not followed",
                            ancestor.display()
                        ),
                    )
                } else {
                    Diagnostic::new(rules::WALK_ERROR, &path, format!("cannot read: {e}"))
                };
                diags.push(d);
                continue;
            }
        };
        if !entry.file_type().is_dir() {
            continue;
        }
        let depth = entry.depth();
        while plugins.last().is_some_and(|(d, _)| *d >= depth) {
            plugins.pop();
        }
        let path = entry.path();
        if depth > 0 && is_skipped_hidden(entry.file_name()) {
            walk.skip_current_dir();
            continue;
        }
        let manifest = path.join(".claude-plugin").join("plugin.json");
        if manifest.is_file() {
            plugins.push((depth, plugin_name(&manifest, path, diags)));
        }
        // A dangling link named SKILL.md still marks a skill folder: it enters
        // the catalog with an `unreadable-file` finding instead of vanishing.
        let Some(file) = SKILL_FILES
            .iter()
            .map(|f| path.join(f))
            .find(|f| f.symlink_metadata().is_ok() && !f.is_dir())
        else {
            continue;
        };
        // A skill folder is not searched for further skills.
        walk.skip_current_dir();
        let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if !seen.insert(canonical) {
            continue;
        }
        out.push(Candidate {
            file,
            dir: path.to_path_buf(),
            root: index,
            plugin: plugins.last().map(|(_, n)| n.clone()),
            kind: SkillKind::Folder,
        });
    }
}

fn is_skipped_hidden(name: &std::ffi::OsStr) -> bool {
    let name = name.to_string_lossy();
    name.starts_with('.') && !VISIBLE_HIDDEN.contains(&name.as_ref())
}

/// The plugin's `name` from its manifest, or its folder name.
fn plugin_name(manifest: &Path, folder: &Path, diags: &mut Vec<Diagnostic>) -> String {
    let fallback = folder
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = match std::fs::read_to_string(manifest) {
        Ok(t) => t,
        Err(e) => {
            diags.push(Diagnostic::new(
                rules::PLUGIN_MANIFEST,
                manifest,
                format!("cannot read: {e}"),
            ));
            return fallback;
        }
    };
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(v) => v
            .get("name")
            .and_then(|n| n.as_str())
            .filter(|n| !n.trim().is_empty())
            .map(|n| n.trim().to_string())
            .unwrap_or(fallback),
        Err(e) => {
            diags.push(
                Diagnostic::new(
                    rules::PLUGIN_MANIFEST,
                    manifest,
                    format!("invalid JSON: {e}; the folder name '{fallback}' is used"),
                )
                .at(e.line().max(1), Some(e.column().max(1))),
            );
            fallback
        }
    }
}
