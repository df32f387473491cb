//! The persistent catalog index: what reading each `SKILL.md` produced,
//! kept in the user's cache folder so the next command re-reads only the
//! files that changed.
//!
//! - One index file per root (`$XDG_CACHE_HOME/re0/root-<hash>.idx`, else
//!   `~/.cache/re0/`): catalogs that share a root share its index, and two
//!   roots never mix.
//! - Folder listings are kept too, trusted while the folder's stat holds (a
//!   name added, removed or renamed changes its mtime): an unchanged catalog
//!   costs one `stat` per folder and per skill file, relative to the root.
//! - Each entry is keyed by the file's path, what the walk saw around it
//!   (folder, plugin, `agents/`, graph files), and its identity and metadata
//!   (device, inode, size, mtime and ctime in nanoseconds), plus the same of a
//!   Codex sidecar. A file changed within [`RACY_NS`] of the moment the
//!   index's scan began is re-read, as git does with racily clean entries:
//!   a timestamp that coarse cannot tell two writes apart.
//! - The index is an optimisation, never an authority: a missing, corrupt,
//!   truncated, foreign or other-build index is ignored and rewritten; an
//!   entry that does not match is read again from the file. `--no-cache` and
//!   `RE0_NO_CACHE` bypass it.
//! - What only relevance scoring reads (each skill's analysed text) is a
//!   section of its own at the end, which `check` and `list` do not read
//!   (`profiles`).
//! - When anything changed it is streamed to a temporary file in the same
//!   folder (checksum and length in the header, filled in last) and renamed
//!   into place, so a reader sees the old or the new index, and two re0
//!   processes writing at once leave one of their two (both correct).

mod ahead;
mod convert;
mod files;
mod format;
mod listing;
mod maps;
mod profiles;
mod root_fd;
#[cfg(test)]
mod tests;

use super::roots::Root;
use super::skill::{self, Candidate, Skill};
use crate::fsio;
#[cfg(test)]
use files::prune;
use files::write_atomically;
use foldhash::{HashMap, HashMapExt};
use format::{Entry, Key, Listing, Meta, Stat, TAG_LISTING, TAG_SKILL};
use listing::read_listing;
use root_fd::RootFd;
use std::ffi::OsString;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Entries whose file changed less than this before the index's scan began
/// are not trusted (file systems stamp times in ticks, some in seconds).
pub const RACY_NS: i64 = 2_000_000_000;
/// An index larger than this is not read.
const MAX_INDEX_BYTES: u64 = 1 << 30;

static DISABLED: AtomicBool = AtomicBool::new(false);

/// Turns the index off for this process (`--no-cache`).
pub fn disable() {
    DISABLED.store(true, Ordering::Relaxed);
}

pub(crate) fn enabled() -> bool {
    if DISABLED.load(Ordering::Relaxed) {
        return false;
    }
    !matches!(std::env::var_os("RE0_NO_CACHE"), Some(v) if !v.is_empty() && v != "0")
}

/// re0's cache folder: `$XDG_CACHE_HOME/re0`, else `~/.cache/re0`.
pub fn cache_dir() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let base = match xdg {
        Some(x) => x,
        None => PathBuf::from(std::env::var_os("HOME").filter(|h| !h.is_empty())?).join(".cache"),
    };
    Some(base.join("re0"))
}

/// Which build of re0 this is: the version and the executable's identity,
/// so a rebuilt re0 (which may parse differently) never trusts old entries.
fn build_id() -> &'static str {
    static ID: OnceLock<String> = OnceLock::new();
    ID.get_or_init(|| {
        let exe = std::env::current_exe()
            .and_then(std::fs::metadata)
            .map(|m| Stat::of(&m))
            .ok();
        match exe {
            Some(s) => format!(
                "{}/{}/{}/{}/{}",
                env!("CARGO_PKG_VERSION"),
                s.dev,
                s.ino,
                s.size,
                s.mtime_ns
            ),
            None => format!("{}/unknown", env!("CARGO_PKG_VERSION")),
        }
    })
}

impl Stat {
    fn of(m: &std::fs::Metadata) -> Stat {
        Stat {
            dev: m.dev(),
            ino: m.ino(),
            size: m.size(),
            mtime_ns: m.mtime().saturating_mul(1_000_000_000) + m.mtime_nsec(),
            ctime_ns: m.ctime().saturating_mul(1_000_000_000) + m.ctime_nsec(),
        }
    }

    fn file(path: &Path) -> Option<Stat> {
        std::fs::metadata(path).ok().map(|m| Stat::of(&m))
    }

    /// Changed too close to `since` for its timestamps to be trusted.
    fn racy(&self, since: i64) -> bool {
        self.mtime_ns.max(self.ctime_ns) > since.saturating_sub(RACY_NS)
    }
}

/// The index of one root, as read at the start of a scan.
pub struct Store {
    /// Where it lives; `None` when the index is off or has no home.
    path: Option<PathBuf>,
    root: String,
    /// Shared with the skills decoded from it, whose text stays in place.
    bytes: Arc<crate::shared_text::Buffer>,
    started_ns: i64,
    /// The root folder, opened once: files below it are stat'ed by a path
    /// relative to it, which spares the kernel the walk down from `/`.
    root_fd: Option<RootFd>,
    /// The index file, kept open to read its profiles later if need be.
    file: Option<std::fs::File>,
    /// Skills are loaded with their profiles (the command scores them).
    with_profiles: bool,
}

impl Store {
    /// Reads the index of `root`, if there is a usable one.
    pub fn open(root: &Root) -> Store {
        let dir = if enabled() { cache_dir() } else { None };
        Store::open_in(root, dir, now_ns(), super::for_planning())
    }

    /// The index of `root` in cache folder `dir` for a scan that begins at
    /// `started_ns`, read with its profiles or without.
    fn open_in(root: &Root, dir: Option<PathBuf>, started_ns: i64, with_profiles: bool) -> Store {
        let root_s = root.path.to_str().unwrap_or_default().to_string();
        let path = dir
            .filter(|_| !root_s.is_empty())
            .map(|d| d.join(file_name(&root_s)));
        let read = path
            .as_deref()
            .filter(|p| p.parent().is_some_and(|d| fsio::real_dir(d).is_ok()))
            .map(|p| profiles::read(p, MAX_INDEX_BYTES, with_profiles))
            .unwrap_or_default();
        let root_fd = path.as_ref().and_then(|_| RootFd::open(&root.path));
        Store {
            path,
            root: root_s,
            bytes: Arc::new(read.bytes),
            started_ns,
            root_fd,
            file: read.file,
            with_profiles,
        }
    }

    /// A session of lookups against this index for one walk.
    pub fn session(&self) -> Session<'_> {
        // The two maps are built at once, one on each core, each after a
        // checksum (see `format::decode_split`).
        let decoded = format::decode_split(&self.bytes, maps::skills, maps::folders)
            .filter(|d| d.meta.build == build_id() && d.meta.root == self.root);
        let mut session = Session {
            store: self,
            written_ns: i64::MIN,
            old: HashMap::new(),
            dirs: HashMap::new(),
            // Scoring needs every profile: one missing is a skill to read.
            profiles: self.with_profiles.then(Vec::new),
            skill_entries: 0,
            order: None,
            live: Mutex::new(Vec::new()),
        };
        if let Some(d) = decoded {
            session.written_ns = d.meta.written_ns;
            let skills = d.first.len() as u32;
            session.old = d.first;
            (session.dirs, session.order) = d.second;
            session.skill_entries = skills as usize;
            // One profile for each skill entry, else none is trusted.
            if let (Some(kept), Some(frames)) = (&mut session.profiles, d.profiles) {
                if frames.len() == skills as usize {
                    *kept = frames;
                }
            }
        }
        session
    }
}

fn now_ns() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as i64)
        .unwrap_or(0)
}

/// `root-<first 16 hex digits of sha256(root path)>.idx`.
fn file_name(root: &str) -> String {
    use sha2::{Digest, Sha256};
    let h = Sha256::digest(root.as_bytes());
    let hex: String = h[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("root-{hex}.idx")
}

/// Lookups during one walk of one root, and the entries of the next index.
pub struct Session<'a> {
    store: &'a Store,
    written_ns: i64,
    /// Skill entries by file path, with their place among the skill
    /// entries, and folder listings by folder path.
    old: HashMap<&'a str, (&'a [u8], u32)>,
    dirs: HashMap<&'a str, &'a [u8]>,
    /// Profile frames, one for each skill entry and in their order; `None`
    /// when they are not loaded.
    profiles: Option<Vec<&'a [u8]>>,
    /// How many skill entries the old index has (its section B must hold
    /// as many profiles).
    skill_entries: usize,
    /// The order frame of the walk that wrote the index.
    order: Option<&'a [u8]>,
    live: Mutex<Vec<Live<'a>>>,
}

enum Live<'a> {
    /// An entry of the old index, still true; for a skill, its place among
    /// the old index's skill entries (where its profile is).
    Old(&'a [u8], Option<u32>),
    /// A folder listed again.
    New(Vec<u8>),
    /// A skill file read again, encoded from its skill when the index is
    /// written (so new entries are never held twice in memory).
    Fresh(Box<OwnedKey>),
}

impl<'a> Session<'a> {
    /// True when this walk reads and writes an index.
    pub fn is_on(&self) -> bool {
        self.store.path.is_some()
    }

    /// The skill of a candidate: from the index when its entry still holds,
    /// else read from the file (and recorded for the next index).
    pub fn load(&self, c: Candidate) -> Skill {
        if self.store.path.is_none() || !convert::indexable(&c) {
            return skill::load(c);
        }
        // Stat before reading: a write racing the read leaves a stale stat,
        // which only makes the next call read the file again.
        let Some(stat) = self.stat(&c.file) else {
            return skill::load(c);
        };
        let sidecar = if c.has_agents {
            self.stat(&c.dir.join("agents").join("openai.yaml"))
        } else {
            None
        };
        let Some(key) = key_of(&c, stat, sidecar) else {
            return skill::load(c);
        };
        let found = self.old.get(key.file).and_then(|&(blob, at)| {
            let record = self.matching(blob, &key)?;
            let profile = match &self.profiles {
                None => None,
                Some(p) => Some(profiles::decode(p.get(at as usize)?, &self.store.bytes)?),
            };
            Some((record, blob, at, profile))
        });
        let mut c = c;
        if let Some((record, blob, at, profile)) = found {
            match convert::skill(record, c, &self.store.bytes, profile) {
                Ok(skill) => {
                    self.push(Live::Old(blob, Some(at)));
                    return skill;
                }
                Err(back) => c = back,
            }
        }
        if let Some(k) = key_of(&c, stat, sidecar) {
            self.push(Live::Fresh(Box::new(owned_key(&k))));
        }
        skill::load(c)
    }

    /// What folder `dir` holds, sorted by name: from the index while the
    /// folder's stat holds (a name added, removed or renamed changes its
    /// mtime), else listed and recorded.
    pub fn list(&self, dir: &Path) -> std::io::Result<Vec<(OsString, Kind)>> {
        let (Some(_), Some(d)) = (&self.store.path, dir.to_str()) else {
            return read_listing(dir);
        };
        let Some(stat) = self.stat(dir) else {
            return read_listing(dir);
        };
        if !stat.racy(self.written_ns) {
            if let Some(blob) = self.dirs.get(d).copied() {
                if let Some(names) = decode_listing(blob, stat) {
                    self.push(Live::Old(blob, None));
                    return Ok(names);
                }
            }
        }
        let names = read_listing(dir)?;
        if let Some(blob) = encode_listing(d, stat, &names) {
            self.push(Live::New(blob));
        }
        Ok(names)
    }

    /// The entry's record when its key still holds and is not racy.
    fn matching(&self, blob: &'a [u8], key: &Key<'_>) -> Option<format::Record<'a>> {
        let entry: Entry<'a> = postcard::from_bytes(blob.get(1..)?).ok()?;
        self.holds(&entry.key, key).then_some(entry.skill)
    }

    /// True when an entry of key `old` still holds for a file now at `key`:
    /// the same, and not changed close to when the index was written.
    fn holds(&self, old: &Key<'_>, key: &Key<'_>) -> bool {
        !self.is_racy(key) && old == key
    }

    /// True when the file (or its sidecar) changed close to when the index
    /// was written: its entry may not show the change.
    fn is_racy(&self, key: &Key<'_>) -> bool {
        key.stat.racy(self.written_ns) || key.sidecar.is_some_and(|s| s.racy(self.written_ns))
    }

    /// The stat of `path` (links followed), relative to the root when below it.
    fn stat(&self, path: &Path) -> Option<Stat> {
        match &self.store.root_fd {
            Some(r) => r.stat(path),
            None => Stat::file(path),
        }
    }

    fn push(&self, l: Live<'a>) {
        self.live.lock().unwrap_or_else(|e| e.into_inner()).push(l);
    }

    /// Writes the next index when anything changed, given the skills the
    /// walk produced, in its order, with their canonical folders. Failures
    /// are ignored: the index is an optimisation.
    pub fn save<'s>(self, skills: impl Iterator<Item = (&'s Path, &'s Skill)>) {
        let walked: Vec<(&Path, &Skill)> = skills.collect();
        self.write(&walked, false);
    }

    /// Writes the next index when a folder's listing changed, after a walk
    /// that confirmed every skill of the old index's order frame (which is
    /// kept as it is).
    pub fn save_confirmed(self) {
        self.write(&[], true);
    }

    fn write(self, walked: &[(&Path, &Skill)], keep_order: bool) {
        let Some(path) = self.store.path.as_deref() else {
            return;
        };
        let live = self.live.into_inner().unwrap_or_else(|e| e.into_inner());
        let kept = live.iter().filter(|l| matches!(l, Live::Old(..))).count();
        if kept == live.len() && kept == self.old.len() + self.dirs.len() {
            return;
        }
        let meta = Meta {
            build: build_id(),
            root: &self.store.root,
            written_ns: self.store.started_ns,
        };
        let fresh: HashMap<&str, &OwnedKey> = live
            .iter()
            .filter_map(|l| match l {
                Live::Fresh(k) => Some((k.file.as_str(), &**k)),
                _ => None,
            })
            .collect();
        // Unchanged skills keep their profiles: read now if they were not.
        let late = match (&self.profiles, &self.store.file) {
            (None, Some(f)) => profiles::read_late(f, &self.store.bytes),
            _ => Vec::new(),
        };
        let late_frames;
        let kept_profiles = match &self.profiles {
            Some(p) => p,
            None => {
                late_frames = profiles::late_frames(&late, &self.store.bytes)
                    .filter(|f| f.len() == self.skill_entries)
                    .unwrap_or_default();
                &late_frames
            }
        };
        let _ = write_atomically(path, |out| {
            let mut w = format::Writer::new(out, &meta)?;
            // Profiles follow in the order of the skill entries, so each
            // kept skill's must be there, else the entry is left out.
            let mut kept = Vec::new();
            let mut kept_skills = Vec::new();
            for l in &live {
                match l {
                    Live::Old(b, None) => w.frame(b)?,
                    Live::New(b) => w.frame(b)?,
                    Live::Old(b, Some(at)) => {
                        if let Some(p) = kept_profiles.get(*at as usize) {
                            w.frame(b)?;
                            kept.push(*p);
                            kept_skills.push(*b);
                        }
                    }
                    Live::Fresh(_) => {}
                }
            }
            let mut buf = Vec::new();
            let mut written = Vec::new();
            for &(_, s) in walked {
                let Some(k) = s.file.to_str().and_then(|f| fresh.get(f)) else {
                    continue;
                };
                buf.clear();
                buf.push(TAG_SKILL);
                if encode_entry(k, s, &mut buf) {
                    w.frame(&buf)?;
                    written.push(s);
                }
            }
            let order = match (keep_order, self.order) {
                (true, Some(old)) => Some(old.to_vec()),
                (true, None) => None,
                (false, _) => ahead::order_frame(walked, &kept_skills, &written),
            };
            if let Some(o) = order {
                w.frame(&o)?;
            }
            w.profiles();
            for p in kept {
                w.frame(p)?;
            }
            for s in written {
                profiles::encode(s.profile(), &mut buf)?;
                w.frame(&buf)?;
            }
            w.finish()?;
            Ok(())
        });
    }
}

fn key_of(c: &Candidate, stat: Stat, sidecar: Option<Stat>) -> Option<Key<'_>> {
    Some(Key {
        file: c.file.to_str()?,
        dir: c.dir.to_str()?,
        plugin: c.plugin.as_deref(),
        has_agents: c.has_agents,
        ges_files: c.ges_files.iter().map(String::as_str).collect(),
        stat,
        sidecar,
    })
}

/// The key's parts as owned strings, so the candidate can move on.
struct OwnedKey {
    file: String,
    dir: String,
    plugin: Option<String>,
    has_agents: bool,
    ges_files: Vec<String>,
    stat: Stat,
    sidecar: Option<Stat>,
}

fn owned_key(k: &Key<'_>) -> OwnedKey {
    OwnedKey {
        file: k.file.to_string(),
        dir: k.dir.to_string(),
        plugin: k.plugin.map(str::to_string),
        has_agents: k.has_agents,
        ges_files: k.ges_files.iter().map(|s| s.to_string()).collect(),
        stat: k.stat,
        sidecar: k.sidecar,
    }
}

/// Appends the entry of `skill` at key `k` to `buf`; false when it cannot be
/// stored (a path that is not UTF-8).
fn encode_entry(k: &OwnedKey, skill: &Skill, buf: &mut Vec<u8>) -> bool {
    let Some(record) = convert::record(skill) else {
        return false;
    };
    let entry = Entry {
        key: Key {
            file: &k.file,
            dir: &k.dir,
            plugin: k.plugin.as_deref(),
            has_agents: k.has_agents,
            ges_files: k.ges_files.iter().map(String::as_str).collect(),
            stat: k.stat,
            sidecar: k.sidecar,
        },
        skill: record,
    };
    match postcard::to_extend(&entry, std::mem::take(buf)) {
        Ok(b) => {
            *buf = b;
            true
        }
        Err(_) => false,
    }
}

/// What the walk needs to know of a folder entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Dir,
    Link,
    Other,
}

impl Kind {
    pub fn is_dir(self) -> bool {
        self == Kind::Dir
    }
    pub fn is_symlink(self) -> bool {
        self == Kind::Link
    }
    fn code(self) -> u8 {
        match self {
            Kind::Dir => 0,
            Kind::Link => 1,
            Kind::Other => 2,
        }
    }
    fn of(code: u8) -> Option<Kind> {
        Some(match code {
            0 => Kind::Dir,
            1 => Kind::Link,
            2 => Kind::Other,
            _ => return None,
        })
    }
}

fn encode_listing(dir: &str, stat: Stat, names: &[(OsString, Kind)]) -> Option<Vec<u8>> {
    let names = names
        .iter()
        .map(|(n, k)| Some((n.to_str()?, k.code())))
        .collect::<Option<Vec<_>>>()?;
    let listing = Listing { dir, stat, names };
    postcard::to_extend(&listing, vec![TAG_LISTING]).ok()
}

fn decode_listing(blob: &[u8], stat: Stat) -> Option<Vec<(OsString, Kind)>> {
    let l: Listing = postcard::from_bytes(blob.get(1..)?).ok()?;
    if l.stat != stat {
        return None;
    }
    l.names
        .into_iter()
        .map(|(n, k)| Some((OsString::from(n), Kind::of(k)?)))
        .collect()
}
