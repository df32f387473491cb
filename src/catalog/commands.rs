//! Skills that are single Markdown files: Claude Code's legacy commands
//! (`commands/x.md` is `/x`, `commands/dir/x.md` is `/dir:x`, inside a plugin
//! `/plugin:dir:x`) and OpenCode's single-file skills (`skills/x.md`).

use super::roots::{Layout, Root};
use super::skill::{self, Candidate, Skill, SkillKind};
use crate::diag::Diagnostic;
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Command folders nested deeper than this are not read.
const MAX_DEPTH: usize = 8;

/// Files at the top of a skill folder that are never single-file skills.
const NOT_SKILLS: &[&str] = &["SKILL.md", "skill.md", "README.md", "readme.md"];

/// The file skills of `root` (root number `index`), each with its canonical
/// path, in path order.
pub fn scan(root: &Root, index: usize) -> (Vec<(PathBuf, Skill)>, Vec<Diagnostic>) {
    let mut files: Vec<(PathBuf, Option<String>)> = Vec::new();
    match root.layout {
        Layout::CommandFile => files.push((root.path.clone(), None)),
        Layout::Commands => {
            let mut seen = HashSet::new();
            collect(&root.path, None, 0, &mut seen, &mut files);
        }
        Layout::SkillsAndFiles => {
            files.extend(top_files(&root.path).into_iter().map(|f| (f, None)))
        }
        Layout::Skills => {}
    }
    files.sort();
    let skills = files
        .into_par_iter()
        .map(|(file, sub)| {
            let canonical = std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone());
            let namespace = match (&root.namespace, sub) {
                (Some(p), Some(s)) => Some(format!("{p}:{s}")),
                (p, s) => p.clone().or(s),
            };
            let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
            let skill = skill::load(Candidate {
                dir,
                file,
                root: index,
                plugin: namespace,
                kind: SkillKind::Command,
                has_agents: false,
                ges_files: Vec::new(),
            });
            (canonical, skill)
        })
        .collect();
    (skills, Vec::new())
}

/// `*.md` files directly in `dir`, other than a skill folder's own files.
fn top_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| is_md(p) && p.is_file())
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| NOT_SKILLS.iter().any(|s| n == *s))
        })
        .collect()
}

/// Every command file below `dir`, with the `a:b` namespace of its folder.
fn collect(
    dir: &Path,
    sub: Option<&str>,
    depth: usize,
    seen: &mut HashSet<PathBuf>,
    out: &mut Vec<(PathBuf, Option<String>)>,
) {
    let canonical = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    if depth > MAX_DEPTH || !seen.insert(canonical) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with('.') {
            continue;
        }
        if p.is_dir() {
            let next = match sub {
                Some(s) => format!("{s}:{name}"),
                None => name,
            };
            collect(&p, Some(&next), depth + 1, seen, out);
        } else if is_md(&p) && p.is_file() {
            out.push((p, sub.map(str::to_string)));
        }
    }
}

/// A Markdown command file; a `x.ges.md` beside `x.md` is that command's
/// graph, not a command of its own.
fn is_md(p: &Path) -> bool {
    p.extension().is_some_and(|x| x == "md")
        && !crate::ges::source::is_graph_file(&p.to_string_lossy())
}
