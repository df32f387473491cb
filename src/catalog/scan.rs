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
//! skill costs one listing and one file read. Sibling folders are walked in
//! parallel and each skill is read where it is found; results are put back in
//! file-name order, so the catalog is the same on every machine and run.
//!
//! The same walk can instead confirm an index's skills without loading
//! them ([`confirm`]): what [`super::ahead`] needs to trust a catalog it
//! made from the index.

use super::roots::{Layout, Root};
use super::skill::{self, Candidate, Skill, SkillKind};
use crate::diag::{rules, Diagnostic};
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use rayon::prelude::*;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

mod folder;
use folder::{is_skipped_hidden, plugin_name, pseudo_fs};

const SKILL_FILES: &[&str] = &["SKILL.md", "skill.md"];
/// Deeper folders than this are not walked (a guard against pathological trees).
const MAX_DEPTH: usize = 32;
/// At most this many folders are listed in one scan: a walk of a huge
/// tree (or `--catalog /`) stops with a finding rather than running on.
pub const MAX_FOLDERS: usize = 250_000;

/// Finds and reads the skills of every root, in precedence order. A skill
/// folder reached twice (through links, or from two roots) is kept once, at
/// its first place.
pub fn scan(roots: &[Root], diags: &mut Vec<Diagnostic>) -> Vec<Box<Skill>> {
    let visited = std::sync::Mutex::new(HashMap::new());
    let listed = std::sync::atomic::AtomicUsize::new(0);
    let mut founds = Vec::with_capacity(roots.len());
    for (i, root) in roots.iter().enumerate() {
        let mut found = Found::default();
        if is_walked(root) {
            // Each skill is loaded through the root's index: unchanged
            // files come from it, the others are read and recorded.
            let store = super::index::Store::open(root);
            let session = store.session();
            let walk = Walk {
                take: Load,
                root: i,
                max_depth: root.depth.unwrap_or(MAX_DEPTH),
                index: &session,
                visited: &visited,
                listed: &listed,
            };
            let walked = walk.root(root);
            session.save(walked.skills.iter().map(|(c, s)| (c.as_path(), &**s)));
            found.extend(walked);
        }
        founds.push(found);
    }
    gather(roots, founds, false, diags)
}

/// True for a root walked for skill folders (others hold command files).
pub fn is_walked(root: &Root) -> bool {
    matches!(root.layout, Layout::Skills | Layout::SkillsAndFiles)
}

/// The catalog's skills from what each root's walk found (`found[i]` for
/// `roots[i]`): each root's command files are added after its skill
/// folders, and a folder found twice is kept at its first place. With
/// `distinct`, the caller knows no folder repeats: with one root, nothing
/// is looked up (10,000 paths hashed, 2 ms before a warm plan can begin).
pub fn gather(
    roots: &[Root],
    found: Vec<Found<Box<Skill>>>,
    distinct: bool,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Box<Skill>> {
    // Canonical paths, so their bytes are the path: hashed as bytes, which
    // is several times cheaper than `Path`'s hash by components.
    let mut seen: HashSet<OsString> = HashSet::new();
    let mut out = Vec::new();
    for (i, (root, mut found)) in roots.iter().zip(found).enumerate() {
        let (skills, diagnostics) = super::commands::scan(root, i);
        found.extend(Found {
            skills: skills.into_iter().map(|(p, s)| (p, Box::new(s))).collect(),
            diagnostics,
        });
        diags.extend(found.diagnostics);
        if roots.len() == 1 && distinct {
            out.extend(found.skills.into_iter().map(|(_, skill)| skill));
            continue;
        }
        out.reserve_exact(found.skills.len());
        seen.reserve(found.skills.len());
        for (canonical, skill) in found.skills {
            if seen.insert(canonical.into_os_string()) {
                out.push(skill);
            }
        }
    }
    out
}

/// Walks every root that is walked for skill folders, checking each skill
/// file against its index (`sessions[i]` for `roots[i]`) rather than
/// loading it: each root's skill files in walk order, with their canonical
/// folders. `None` when a file's entry does not hold, or the walk found a
/// problem to report: a walk that loads is then needed.
///
/// `failed` is set at the first file whose entry does not hold, and the
/// walk then stops early; it is also read there, so whoever is waiting on
/// the answer may stop too.
pub fn confirm(
    roots: &[Root],
    sessions: &[Option<super::index::Session<'_>>],
    failed: &AtomicBool,
) -> Option<Vec<Vec<(PathBuf, PathBuf)>>> {
    let visited = std::sync::Mutex::new(HashMap::new());
    let listed = std::sync::atomic::AtomicUsize::new(0);
    let mut out = Vec::with_capacity(roots.len());
    for (i, (root, session)) in roots.iter().zip(sessions).enumerate() {
        let Some(session) = session.as_ref().filter(|_| is_walked(root)) else {
            out.push(Vec::new());
            continue;
        };
        let walk = Walk {
            take: Confirm(failed),
            root: i,
            max_depth: root.depth.unwrap_or(MAX_DEPTH),
            index: session,
            visited: &visited,
            listed: &listed,
        };
        let found = walk.root(root);
        if !found.diagnostics.is_empty() || failed.load(Ordering::Relaxed) {
            failed.store(true, Ordering::Relaxed);
            return None;
        }
        let files = found
            .skills
            .into_iter()
            .map(|(canonical, (file, held))| held.then_some((canonical, file)))
            .collect::<Option<Vec<_>>>()?;
        out.push(files);
    }
    Some(out)
}

/// What a walk below one folder found: skills (or what was made of each
/// skill file, see `Take`) with the canonical path of their folder (or
/// command file), and problems.
pub struct Found<T> {
    /// Boxed when they are skills: a skill is large, and results are moved
    /// up every level.
    pub skills: Vec<(PathBuf, T)>,
    pub diagnostics: Vec<Diagnostic>,
}

impl<T> Default for Found<T> {
    fn default() -> Self {
        Found {
            skills: Vec::new(),
            diagnostics: Vec::new(),
        }
    }
}

impl<T> Found<T> {
    fn extend(&mut self, other: Found<T>) {
        self.skills.extend(other.skills);
        self.diagnostics.extend(other.diagnostics);
    }

    fn problem(d: Diagnostic) -> Found<T> {
        Found {
            skills: Vec::new(),
            diagnostics: vec![d],
        }
    }
}

/// What a walk makes of each skill file it finds.
trait Take: Sync {
    type Item: Send;
    fn take(&self, index: &super::index::Session<'_>, c: Candidate) -> Self::Item;
    /// True when the walk need not go on (its answer is known).
    fn stopped(&self) -> bool {
        false
    }
}

/// The skill, from the index or read from the file.
struct Load;

impl Take for Load {
    type Item = Box<Skill>;
    fn take(&self, index: &super::index::Session<'_>, c: Candidate) -> Box<Skill> {
        let mut s = index.load(c);
        if index.is_on() || skill::keeps_summaries() {
            // What the index keeps of each skill includes its analysed text,
            // and planning scores it: made here, on the core that has just
            // read the file and while its text is still in that core's
            // cache, not while writing or scoring. The summary it was made
            // from is then no longer needed. A command that scores nothing
            // makes it only for the files read again, for the index.
            if super::for_planning() || s.summary.is_some() {
                s.profile();
            }
            s.summary = None;
        }
        Box::new(s)
    }
}

/// The file, and whether its index entry still holds; the flag is set at
/// the first that does not.
struct Confirm<'a>(&'a AtomicBool);

impl Take for Confirm<'_> {
    type Item = (PathBuf, bool);
    fn take(&self, index: &super::index::Session<'_>, c: Candidate) -> (PathBuf, bool) {
        let held = !self.stopped() && index.confirm(&c);
        if !held {
            self.0.store(true, Ordering::Relaxed);
        }
        (c.file, held)
    }

    fn stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The canonical paths of the folders on the way down, for loop checks.
struct Ancestors<'a> {
    path: &'a Path,
    parent: Option<&'a Ancestors<'a>>,
    /// Its place among its parent's entries (the root's: its index).
    at: u32,
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

    /// The walk-order key of entry `at` below these folders: the places
    /// from the root down. Smaller keys come first in the catalog.
    fn key(&self, at: u32) -> Vec<u32> {
        let mut k = vec![at];
        let mut a = Some(self);
        while let Some(x) = a {
            k.push(x.at);
            a = x.parent;
        }
        k.reverse();
        k
    }
}

struct Walk<'a, 'i, T: Take> {
    take: T,
    root: usize,
    /// Folders deeper than this below the root are not walked.
    max_depth: usize,
    index: &'a super::index::Session<'i>,
    /// Canonical folders already walked further in this scan, with the
    /// walk-order key of the path that walked them: a DAG of symlinks is
    /// walked once per folder, not once per path to it, and always through
    /// its first path in name order (see [`Walk::first_visit`]).
    /// Canonical folders walked, by their bytes (see `scan`).
    visited: &'a std::sync::Mutex<HashMap<OsString, Vec<u32>>>,
    /// Folders listed so far in this scan.
    listed: &'a std::sync::atomic::AtomicUsize,
}

impl<T: Take> Walk<'_, '_, T> {
    /// Walks root folder `root` (this walk's root).
    fn root(&self, root: &Root) -> Found<T::Item> {
        let canonical = std::fs::canonicalize(&root.path).unwrap_or_else(|_| root.path.clone());
        let top = Ancestors {
            path: &canonical,
            parent: None,
            at: self.root as u32,
        };
        let ns = root.namespace.as_deref();
        self.dir(&root.path, &canonical, ns, 0, Some(&top), 0)
    }

    /// Walks folder `path` (canonical path `canonical`) inside `plugin`.
    /// `up` holds the canonical folders above, including this one.
    fn dir(
        &self,
        path: &Path,
        canonical: &Path,
        plugin: Option<&str>,
        depth: usize,
        up: Option<&Ancestors<'_>>,
        at: u32,
    ) -> Found<T::Item> {
        if self.take.stopped() {
            return Found::default();
        }
        if let Some(stop) = self.over_limit(path) {
            return stop;
        }
        let entries = match self.index.list(path) {
            Ok(l) => l,
            Err(e) => {
                return Found::problem(Diagnostic::new(
                    rules::WALK_ERROR,
                    path,
                    format!("cannot read the folder: {e}"),
                ))
            }
        };
        let has = |name: &str| entries.iter().find(|(n, _)| n == name).map(|(_, t)| *t);
        if let Some(file) = SKILL_FILES
            .iter()
            .find(|f| has(f).is_some_and(|t| !t.is_dir()))
        {
            // A skill folder is not searched for further skills.
            return self.skill_folder(path, canonical, plugin, &entries, file);
        }
        if depth >= self.max_depth {
            return Found::default();
        }
        // Checked only for folders walked further (a skill folder is read,
        // not walked, and a skill found twice is kept once by `scan`), so
        // the common case, a folder of skill folders, costs one call each.
        if !self.first_visit(canonical, up, at) {
            return Found::default();
        }
        if let Some(kind) = pseudo_fs(path) {
            return Found::problem(Diagnostic::new(
                rules::WALK_ERROR,
                path,
                format!("{kind} is a pseudo file system, not a place for skills; not walked"),
            ));
        }
        let mut found = Found::default();
        let own_plugin = if has(".claude-plugin").is_some() {
            plugin_name(path, &mut found.diagnostics)
        } else {
            None
        };
        let plugin = own_plugin.as_deref().or(plugin);
        let here = Ancestors {
            path: canonical,
            parent: up,
            at,
        };
        found.extend(self.children(path, canonical, plugin, depth, &entries, &here));
        found
    }

    /// Counts one more folder listed; past [`MAX_FOLDERS`] the walk stops,
    /// with one finding saying so.
    fn over_limit(&self, path: &Path) -> Option<Found<T::Item>> {
        let n = self
            .listed
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            + 1;
        if n <= MAX_FOLDERS {
            return None;
        }
        Some(if n == MAX_FOLDERS + 1 {
            Found::problem(Diagnostic::new(
                rules::WALK_ERROR,
                path,
                format!("stopped walking after listing {MAX_FOLDERS} folders; name a narrower --catalog"),
            ))
        } else {
            Found::default()
        })
    }

    /// The skill in folder `path`, read from its `file`.
    fn skill_folder(
        &self,
        path: &Path,
        canonical: &Path,
        plugin: Option<&str>,
        entries: &[(OsString, super::index::Kind)],
        file: &str,
    ) -> Found<T::Item> {
        let skill = self.take.take(
            self.index,
            Candidate {
                file: path.join(file),
                dir: path.to_path_buf(),
                root: self.root,
                plugin: plugin.map(str::to_string),
                kind: SkillKind::Folder,
                has_agents: entries.iter().any(|(n, _)| n == "agents"),
                ges_files: entries
                    .iter()
                    .filter(|(n, t)| {
                        !t.is_dir() && crate::ges::source::is_graph_file(&n.to_string_lossy())
                    })
                    .map(|(n, _)| n.to_string_lossy().into_owned())
                    .collect(),
            },
        );
        Found {
            skills: vec![(canonical.to_path_buf(), skill)],
            diagnostics: Vec::new(),
        }
    }

    /// Walks the folders and links of `entries` (folder `path`) at once.
    fn children(
        &self,
        path: &Path,
        canonical: &Path,
        plugin: Option<&str>,
        depth: usize,
        entries: &[(OsString, super::index::Kind)],
        here: &Ancestors<'_>,
    ) -> Found<T::Item> {
        let parts: Vec<Found<T::Item>> = entries
            .par_iter()
            .enumerate()
            .filter(|(_, (name, kind))| {
                !is_skipped_hidden(name) && (kind.is_dir() || kind.is_symlink())
            })
            .map(|(k, (name, kind))| {
                let k = k as u32;
                let child = path.join(name);
                if kind.is_dir() {
                    self.dir(
                        &child,
                        &canonical.join(name),
                        plugin,
                        depth + 1,
                        Some(here),
                        k,
                    )
                } else {
                    self.link(&child, plugin, depth + 1, here, k)
                }
            })
            .collect();
        let mut found = Found::default();
        for p in parts {
            found.extend(p);
        }
        found
    }

    /// True when folder `canonical`, entry `at` below `up`, is to be walked
    /// further: no path earlier in name order has claimed it. Sibling
    /// folders are walked at once, so a later path may arrive first; an
    /// earlier one then walks the folder again and `scan` keeps its
    /// results (the first in order), so the catalog does not depend on
    /// which thread was faster.
    fn first_visit(&self, canonical: &Path, up: Option<&Ancestors<'_>>, at: u32) -> bool {
        let key = up.map(|u| u.key(at)).unwrap_or_else(|| vec![at]);
        let Ok(mut v) = self.visited.lock() else {
            return true;
        };
        match v.get_mut(canonical.as_os_str()) {
            None => {
                v.insert(canonical.as_os_str().to_os_string(), key);
                true
            }
            Some(k) if key < *k => {
                *k = key;
                true
            }
            Some(_) => false,
        }
    }

    /// Follows a symbolic link found while walking.
    fn link(
        &self,
        link: &Path,
        plugin: Option<&str>,
        depth: usize,
        up: &Ancestors<'_>,
        at: u32,
    ) -> Found<T::Item> {
        let target = match std::fs::canonicalize(link) {
            Ok(t) => t,
            Err(e) => {
                return Found::problem(Diagnostic::new(
                    rules::WALK_ERROR,
                    link,
                    format!("broken symbolic link: {e}"),
                ))
            }
        };
        if !target.is_dir() {
            return Found::default();
        }
        if up.loops_to(&target) {
            return Found::problem(Diagnostic::new(
                rules::SYMLINK_LOOP,
                link,
                format!(
                    "symbolic link loops back to {}; not followed",
                    target.display()
                ),
            ));
        }
        self.dir(link, &target, plugin, depth, Some(up), at)
    }
}
