//! Loading the catalog ahead of the walk.
//!
//! A warm load spends most of its time in the walk that stats every skill
//! folder and file; the command then works on the catalog alone, most of
//! that on one core. When each walked root's index holds the order of the
//! walk that wrote it, the catalog is made from the index at once and the
//! command works on it while a walk confirms it on the other core: every
//! skill file's entry still holds, the walk found those files in that
//! order, and it found nothing to report. The catalog is then the one the
//! walk would have loaded, skill for skill. Otherwise what was made ahead
//! is dropped and the walk loads the catalog as it always does.

use super::index::{self, Session, Store};
use super::roots::Root;
use super::scan::{self, Found};
use super::skill::Skill;
use crate::diag::Diagnostic;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// An index's order frame: each skill file, and its canonical folder when
/// that is not the file's folder.
type Order<'a> = Vec<(&'a str, Option<&'a str>)>;

/// `then(skills, findings)` on the skills of `roots` as the scan would find
/// them, made from the indexes ahead of a walk that confirms them; `None`
/// when that cannot be done (no index, no order, or the walk found
/// something else), and the walk must load the catalog.
pub fn load<R: Send>(
    roots: &[Root],
    then: &(impl Fn(Vec<Box<Skill>>, Vec<Diagnostic>) -> R + Sync),
) -> Option<R> {
    if !index::enabled() || !roots.iter().any(scan::is_walked) {
        return None;
    }
    let stores: Vec<Option<Store>> = roots
        .iter()
        .map(|r| scan::is_walked(r).then(|| Store::open(r)))
        .collect();
    let sessions: Vec<Option<Session>> = stores
        .iter()
        .map(|s| s.as_ref().map(Store::session))
        .collect();
    let orders: Vec<Order> = sessions
        .iter()
        .map(|s| match s {
            None => Some(Vec::new()),
            Some(s) => s.order(),
        })
        .collect::<Option<_>>()?;
    // Set by the walk at the first file that differs: both sides stop.
    let failed = AtomicBool::new(false);
    let (walked, ahead) = rayon::join(
        || scan::confirm(roots, &sessions, &failed),
        || made_ahead(roots, &sessions, &orders, &failed, then),
    );
    let walked = walked?;
    let same = walked
        .iter()
        .zip(&orders)
        .all(|(w, o)| w.len() == o.len() && w.iter().zip(o).all(|(w, o)| same_place(w, o)));
    let result = ahead.filter(|_| same)?;
    // A folder's listing may have changed (a new file beside a skill's):
    // the index is written again, with the same order.
    for s in sessions.into_iter().flatten() {
        s.save_confirmed();
    }
    Some(result)
}

/// True when the walk's (canonical folder, file) is the order's.
fn same_place((canonical, file): &(PathBuf, PathBuf), (f, c): &(&str, Option<&str>)) -> bool {
    let folder = match c {
        Some(c) => Path::new(c),
        None => Path::new(f).parent().unwrap_or(Path::new("")),
    };
    file.as_os_str() == *f && canonical == folder
}

/// `then` on the skills each root's index holds, in the order of the walk
/// that wrote it; `None` when an entry of the order cannot be made.
fn made_ahead<R>(
    roots: &[Root],
    sessions: &[Option<Session>],
    orders: &[Order],
    failed: &AtomicBool,
    then: &(impl Fn(Vec<Box<Skill>>, Vec<Diagnostic>) -> R + Sync),
) -> Option<R> {
    let found: Vec<Found<Box<Skill>>> = sessions
        .iter()
        .zip(orders)
        .enumerate()
        .map(|(i, (s, order))| {
            let Some(s) = s else {
                return Some(Found::default());
            };
            let skills = order
                .par_iter()
                .map(|&(file, canonical)| {
                    let skill = s.ahead(file, i)?;
                    let canonical = match canonical {
                        Some(c) => PathBuf::from(c),
                        None => skill.dir().to_path_buf(),
                    };
                    Some((canonical, Box::new(skill)))
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Found {
                skills,
                diagnostics: Vec::new(),
            })
        })
        .collect::<Option<_>>()?;
    if failed.load(Ordering::Relaxed) {
        return None;
    }
    let mut findings = Vec::new();
    // No folder reached through a link: each skill's folder is its file's,
    // and one root's files are distinct.
    let distinct = orders.iter().all(|o| o.iter().all(|(_, c)| c.is_none()));
    let skills = scan::gather(roots, found, distinct, &mut findings);
    Some(then(skills, findings))
}

#[cfg(test)]
mod tests {
    use super::same_place;
    use std::path::PathBuf;

    #[test]
    fn a_place_is_the_same_only_for_the_same_file_and_folder() {
        let walked = |c: &str, f: &str| (PathBuf::from(c), PathBuf::from(f));
        // A folder that is its own canonical path: the order says none.
        assert!(same_place(
            &walked("/r/a", "/r/a/SKILL.md"),
            &("/r/a/SKILL.md", None)
        ));
        // Reached through a link: the order names the canonical folder.
        let linked = walked("/t/a", "/r/l/SKILL.md");
        assert!(same_place(&linked, &("/r/l/SKILL.md", Some("/t/a"))));
        assert!(!same_place(&linked, &("/r/l/SKILL.md", None)));
        assert!(!same_place(&linked, &("/r/l/SKILL.md", Some("/t/b"))));
        assert!(!same_place(
            &walked("/r/a", "/r/a/skill.md"),
            &("/r/a/SKILL.md", None)
        ));
    }
}
