//! Walking roots for skills.
//!
//! Rules (DESIGN §2): a root is walked for folders holding `SKILL.md` (or
//! `skill.md`); a skill folder is not searched for further skills; symbolic
//! links are followed and loops reported; one canonical folder is read once
//! across all roots; hidden folders other than `.curated`, `.system` and
//! `.experimental` are skipped; a folder with `.claude-plugin/plugin.json` is
//! a plugin whose skills are also named `plugin:skill`.
//!
//! Each folder is listed exactly once; whether it holds a skill file, a
//! plugin manifest or a Codex `agents/` folder is read from that listing, so a
//! skill costs one listing and one file read. Folders are walked in file-name
//! order, and every canonical folder is entered once per scan (a global
//! visited set): a tree of symlinks that reaches one folder by 2^n paths
//! costs n listings, not 2^n. The skill files found are then read in
//! parallel and kept in walk order, so the catalog is the same on every
//! machine and run.
//!
//! Bounds: a walk never enters a pseudo file system (`/proc`, `/sys`,
//! cgroup, debugfs and the like: generated, self-referential, and never
//! holding skills), goes at most [`MAX_DEPTH`] folders deep, and lists at
//! most [`MAX_FOLDERS`] folders per scan, with a finding when it stops.

use super::roots::Root;
use super::skill::{self, Candidate, Skill, SkillKind};
use crate::diag::{rules, Diagnostic};
use rayon::prelude::*;
use std::collections::HashSet;
use std::ffi::OsString;
use std::fs::FileType;
use std::path::{Path, PathBuf};

const VISIBLE_HIDDEN: &[&str] = &[".curated", ".system", ".experimental"];
const SKILL_FILES: &[&str] = &["SKILL.md", "skill.md"];
/// Deeper folders than this are not walked (a guard against pathological trees).
const MAX_DEPTH: usize = 32;
/// Most folders one scan lists (a 50,000-skill catalog lists about 51,000).
pub const MAX_FOLDERS: usize = 250_000;

/// Finds and reads the skills of every root, in precedence order. A skill
/// folder reached twice (through links, or from two roots) is kept once, at
/// its first place.
pub fn scan(roots: &[Root], diags: &mut Vec<Diagnostic>) -> Vec<Skill> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut walk = Walk::default();
    for (i, root) in roots.iter().enumerate() {
        let found = if root.commands {
            scan_commands(root, i)
        } else {
            let canonical = std::fs::canonicalize(&root.path).unwrap_or_else(|_| root.path.clone());
            let top = Ancestors {
                path: &canonical,
                parent: None,
            };
            walk.root = i;
            walk.dir(&root.path, &canonical, None, 0, Some(&top));
            let candidates = std::mem::take(&mut walk.found);
            Found {
                skills: candidates
                    .into_par_iter()
                    .map(|(canonical, c)| (canonical, skill::load(c)))
                    .collect(),
                diagnostics: std::mem::take(&mut walk.diagnostics),
            }
        };
        diags.extend(found.diagnostics);
        for (canonical, skill) in found.skills {
            if seen.insert(canonical) {
                out.push(skill);
            }
        }
    }
    out
}

/// What a walk below one folder found.
#[derive(Default)]
struct Found {
    /// Skills with the canonical path of their folder (or command file).
    skills: Vec<(PathBuf, Skill)>,
    diagnostics: Vec<Diagnostic>,
}

fn scan_commands(root: &Root, index: usize) -> Found {
    let Ok(entries) = std::fs::read_dir(&root.path) else {
        return Found::default();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md") && p.is_file())
        .collect();
    files.sort();
    let skills = files
        .into_par_iter()
        .map(|file| {
            let canonical = std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone());
            let skill = skill::load(Candidate {
                dir: root.path.clone(),
                file,
                root: index,
                plugin: None,
                kind: SkillKind::Command,
                has_agents: false,
                ges_files: Vec::new(),
            });
            (canonical, skill)
        })
        .collect();
    Found {
        skills,
        diagnostics: Vec::new(),
    }
}

/// The canonical paths of the folders on the way down, for loop checks.
struct Ancestors<'a> {
    path: &'a Path,
    parent: Option<&'a Ancestors<'a>>,
}

impl Ancestors<'_> {
    /// True when `target` is one of these folders or above one of them:
    /// walking it would come back here.
    fn loops_to(&self, target: &Path) -> bool {
        let mut a = Some(self);
        while let Some(x) = a {
            if x.path.starts_with(target) {
                return true;
            }
            a = x.parent;
        }
        false
    }
}

/// One scan's walk: the skill files found so far, in walk order, and the
/// canonical folders already entered (across all roots).
#[derive(Default)]
struct Walk {
    root: usize,
    found: Vec<(PathBuf, Candidate)>,
    diagnostics: Vec<Diagnostic>,
    visited: HashSet<PathBuf>,
    listed: usize,
}

impl Walk {
    /// Walks folder `path` (canonical path `canonical`) inside `plugin`.
    /// `up` holds the canonical folders above, including this one.
    fn dir(
        &mut self,
        path: &Path,
        canonical: &Path,
        plugin: Option<&str>,
        depth: usize,
        up: Option<&Ancestors<'_>>,
    ) {
        // Reached before by another path (a symlink DAG): walked already.
        if !self.visited.insert(canonical.to_path_buf()) {
            return;
        }
        if let Some(kind) = pseudo_fs(path) {
            self.diagnostics.push(Diagnostic::new(
                rules::WALK_ERROR,
                path,
                format!("{kind} is a pseudo file system, not a place for skills; not walked"),
            ));
            return;
        }
        self.listed += 1;
        if self.listed == MAX_FOLDERS + 1 {
            self.diagnostics.push(Diagnostic::new(
                rules::WALK_ERROR,
                path,
                format!("stopped walking after listing {MAX_FOLDERS} folders; name a narrower --catalog"),
            ));
        }
        if self.listed > MAX_FOLDERS {
            return;
        }
        let listing = match std::fs::read_dir(path) {
            Ok(l) => l,
            Err(e) => {
                self.diagnostics.push(Diagnostic::new(
                    rules::WALK_ERROR,
                    path,
                    format!("cannot read the folder: {e}"),
                ));
                return;
            }
        };
        let mut entries: Vec<(OsString, FileType)> = listing
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_type().ok().map(|t| (e.file_name(), t)))
            .collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let has = |name: &str| entries.iter().find(|(n, _)| n == name).map(|(_, t)| *t);

        if let Some(file) = SKILL_FILES
            .iter()
            .find(|f| has(f).is_some_and(|t| !t.is_dir()))
        {
            // A skill folder is not searched for further skills.
            let candidate = Candidate {
                file: path.join(file),
                dir: path.to_path_buf(),
                root: self.root,
                plugin: plugin.map(str::to_string),
                kind: SkillKind::Folder,
                has_agents: has("agents").is_some(),
                ges_files: entries
                    .iter()
                    .filter(|(n, t)| !t.is_dir() && n.to_string_lossy().ends_with(".ges.yaml"))
                    .map(|(n, _)| n.to_string_lossy().into_owned())
                    .collect(),
            };
            self.found.push((canonical.to_path_buf(), candidate));
            return;
        }
        if depth >= MAX_DEPTH {
            return;
        }
        let own_plugin = if has(".claude-plugin").is_some() {
            plugin_name(path, &mut self.diagnostics)
        } else {
            None
        };
        let plugin = own_plugin.as_deref().or(plugin);
        let here = Ancestors {
            path: canonical,
            parent: up,
        };
        for (name, kind) in &entries {
            if is_skipped_hidden(name) || !(kind.is_dir() || kind.is_symlink()) {
                continue;
            }
            let child = path.join(name);
            if kind.is_dir() {
                self.dir(
                    &child,
                    &canonical.join(name),
                    plugin,
                    depth + 1,
                    Some(&here),
                );
            } else {
                self.link(&child, plugin, depth + 1, &here);
            }
        }
    }

    /// Follows a symbolic link found while walking.
    fn link(&mut self, link: &Path, plugin: Option<&str>, depth: usize, up: &Ancestors<'_>) {
        let target = match std::fs::canonicalize(link) {
            Ok(t) => t,
            Err(e) => {
                self.diagnostics.push(Diagnostic::new(
                    rules::WALK_ERROR,
                    link,
                    format!("broken symbolic link: {e}"),
                ));
                return;
            }
        };
        if !target.is_dir() {
            return;
        }
        if up.loops_to(&target) {
            self.diagnostics.push(Diagnostic::new(
                rules::SYMLINK_LOOP,
                link,
                format!(
                    "symbolic link loops back to {}; not followed",
                    target.display()
                ),
            ));
            return;
        }
        self.dir(link, &target, plugin, depth, Some(up));
    }
}

/// The kind of pseudo file system `path` is on, if it is on one.
#[cfg(target_os = "linux")]
fn pseudo_fs(path: &Path) -> Option<&'static str> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    // SAFETY: statfs(2) fills the zeroed struct we own from a
    // NUL-terminated path.
    let mut st: libc::statfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statfs(c.as_ptr(), &mut st) } != 0 {
        return None;
    }
    #[allow(clippy::unnecessary_cast)]
    let kind = match st.f_type as i64 {
        0x9fa0 => "procfs",
        0x6265_6572 => "sysfs",
        0x0027_e0eb => "cgroupfs",
        0x6367_7270 => "cgroup2fs",
        0x6462_6720 => "debugfs",
        0x7472_6163 => "tracefs",
        0x7363_6673 => "securityfs",
        0x1cd1 => "devpts",
        0xcafe_4a11 => "bpffs",
        0x6265_6570 => "configfs",
        0xf97c_ff8c => "selinuxfs",
        0x6165_676c => "pstore",
        0xde5e_81e4 => "efivarfs",
        0x4249_4e4d => "binfmt_misc",
        0x6573_5543 => "fusectl",
        0x1980_0202 => "mqueue",
        _ => return None,
    };
    Some(kind)
}

#[cfg(not(target_os = "linux"))]
fn pseudo_fs(_path: &Path) -> Option<&'static str> {
    None
}

fn is_skipped_hidden(name: &std::ffi::OsStr) -> bool {
    let name = name.to_string_lossy();
    name.starts_with('.') && !VISIBLE_HIDDEN.contains(&name.as_ref())
}

/// The plugin's `name` from `folder/.claude-plugin/plugin.json`, or the
/// folder's name; `None` when there is no manifest file.
fn plugin_name(folder: &Path, diags: &mut Vec<Diagnostic>) -> Option<String> {
    let manifest = folder.join(".claude-plugin").join("plugin.json");
    let fallback = folder
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = match std::fs::read_to_string(&manifest) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => {
            diags.push(Diagnostic::new(
                rules::PLUGIN_MANIFEST,
                &manifest,
                format!("cannot read: {e}"),
            ));
            return Some(fallback);
        }
    };
    Some(match serde_json::from_str::<serde_json::Value>(&text) {
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
                    &manifest,
                    format!("invalid JSON: {e}; the folder name '{fallback}' is used"),
                )
                .at(e.line().max(1), Some(e.column().max(1))),
            );
            fallback
        }
    })
}
