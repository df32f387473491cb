//! What a load ahead of the walk needs from an index (`catalog::ahead`):
//! the order frame of the walk that wrote it, each skill of that frame as
//! the index holds it, and the check a walk makes of each skill file it
//! finds, without making the skill again.

use super::convert;
use super::format::{Key, Order, TAG_ORDER};
use super::{key_of, profiles, Entry, Live, Session};
use crate::catalog::skill::{Candidate, Skill, SkillKind};
use foldhash::HashSet;
use std::path::{Path, PathBuf};

impl<'a> Session<'a> {
    /// The skills of the walk that wrote the index, in its order: each
    /// file, and its folder's canonical path when that is not the file's
    /// folder. `None` when the index has no order frame, or it is unsound.
    pub fn order(&self) -> Option<Vec<(&'a str, Option<&'a str>)>> {
        let blob = self.order?;
        let o: Order<'a> = postcard::from_bytes(blob.get(1..)?).ok()?;
        Some(o.skills)
    }

    /// The skill of `file` in root `root` as the index holds it: what
    /// [`Session::load`] returns for it while its entry holds. `None` when
    /// the index has no sound entry for it (or its profile is missing).
    pub fn ahead(&self, file: &str, root: usize) -> Option<Skill> {
        let &(blob, at) = self.old.get(file)?;
        let entry: Entry<'a> = postcard::from_bytes(blob.get(1..)?).ok()?;
        let profile = match &self.profiles {
            None => None,
            Some(p) => Some(profiles::decode(p.get(at as usize)?, &self.store.bytes)?),
        };
        let k = entry.key;
        let c = Candidate {
            file: PathBuf::from(k.file),
            dir: PathBuf::from(k.dir),
            root,
            plugin: k.plugin.map(str::to_string),
            kind: SkillKind::Folder,
            has_agents: k.has_agents,
            ges_files: k.ges_files.iter().map(|s| s.to_string()).collect(),
        };
        convert::skill(entry.skill, c, &self.store.bytes, profile).ok()
    }

    /// True when [`Session::load`] would take the candidate's skill from
    /// the index: its entry's key still holds, is not racy, and its profile
    /// is there when profiles are read. The entry is then kept for the next
    /// index, as `load` keeps it; the skill is not made.
    pub fn confirm(&self, c: &Candidate) -> bool {
        if self.store.path.is_none() || !convert::indexable(c) {
            return false;
        }
        let Some(stat) = self.stat(&c.file) else {
            return false;
        };
        let sidecar = if c.has_agents {
            self.stat(&c.dir.join("agents").join("openai.yaml"))
        } else {
            None
        };
        let Some(key) = key_of(c, stat, sidecar) else {
            return false;
        };
        let Some(&(blob, at)) = self.old.get(key.file) else {
            return false;
        };
        let profile = self
            .profiles
            .as_ref()
            .is_none_or(|p| p.get(at as usize).is_some());
        if !profile || self.is_racy(&key) || !written_first(blob, &key) {
            return false;
        }
        self.push(Live::Old(blob, Some(at)));
        true
    }
}

thread_local! {
    /// A key as it is written, reused across the files of a walk.
    static KEY_BYTES: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// True when entry `blob` begins with `key`: the key comes first in an
/// entry, and postcard writes equal keys as equal bytes, so the old key's
/// strings need not be decoded (nor their UTF-8 checked) to compare them.
fn written_first(blob: &[u8], key: &Key<'_>) -> bool {
    KEY_BYTES.with_borrow_mut(|buf| {
        buf.clear();
        match postcard::to_extend(key, std::mem::take(buf)) {
            Ok(bytes) => {
                let same = blob.get(1..1 + bytes.len()) == Some(&bytes[..]);
                *buf = bytes;
                same
            }
            Err(_) => false,
        }
    })
}

/// The order frame of a walk's skills (with their canonical folders), when
/// every one of them has an entry in the index being written: kept entries
/// `kept` or skills `written` again.
pub(super) fn order_frame(
    walked: &[(&Path, &Skill)],
    kept: &[&[u8]],
    written: &[&Skill],
) -> Option<Vec<u8>> {
    let mut files: HashSet<&str> = kept
        .iter()
        .filter_map(|b| postcard::take_from_bytes::<&str>(b.get(1..)?).ok())
        .map(|(f, _)| f)
        .collect();
    files.extend(written.iter().filter_map(|s| s.file.to_str()));
    let skills = walked
        .iter()
        .map(|&(canonical, s)| {
            let file = s.file.to_str().filter(|f| files.contains(f))?;
            let canonical = match canonical == s.dir() {
                true => None,
                false => Some(canonical.to_str()?),
            };
            Some((file, canonical))
        })
        .collect::<Option<Vec<_>>>()?;
    postcard::to_extend(&Order { path: "", skills }, vec![TAG_ORDER]).ok()
}
