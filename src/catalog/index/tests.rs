//! The index trusts an entry only while the file's stat holds and the
//! entry is not racily clean. These tests drive one root's store directly,
//! with a scan time of their choosing, so each rule is seen alone.

use super::*;
use crate::catalog::roots::RootKind;
use crate::catalog::skill::SkillKind;
use std::os::unix::ffi::OsStrExt;

struct Fixture {
    dir: tempfile::TempDir,
    root: Root,
}

impl Fixture {
    fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let root = Root::new(
            dir.path().join("skills"),
            RootKind::Flag,
            crate::catalog::roots::Layout::Skills,
        );
        std::fs::create_dir_all(root.path.join("a")).unwrap();
        let f = Fixture { dir, root };
        f.write("description: first text.");
        f
    }

    fn file(&self) -> PathBuf {
        self.root.path.join("a").join("SKILL.md")
    }

    fn write(&self, line: &str) {
        std::fs::write(self.file(), format!("---\nname: a\n{line}\n---\nBody.\n")).unwrap();
    }

    fn cache(&self) -> PathBuf {
        self.dir.path().join("cache").join("re0")
    }

    fn store(&self, started_ns: i64) -> Store {
        Store::open_in(&self.root, Some(self.cache()), started_ns, true)
    }

    fn candidate(&self) -> Candidate {
        self.candidate_in("a")
    }

    /// The one index file in the cache folder.
    fn index_file(&self) -> PathBuf {
        let mut files = std::fs::read_dir(self.cache()).unwrap();
        files.next().unwrap().unwrap().path()
    }

    /// Writes a second skill, `b`, with this description.
    fn write_b(&self, description: &str) {
        let b = self.root.path.join("b");
        std::fs::create_dir_all(&b).unwrap();
        let body = format!("---\nname: b\ndescription: {description}\n---\nBody.\n");
        std::fs::write(b.join("SKILL.md"), body).unwrap();
    }

    fn candidate_in(&self, dir: &str) -> Candidate {
        Candidate {
            file: self.root.path.join(dir).join("SKILL.md"),
            dir: self.root.path.join(dir),
            root: 0,
            plugin: None,
            kind: SkillKind::Folder,
            has_agents: false,
            ges_files: Vec::new(),
        }
    }

    /// Loads the skill through a fresh session, saves, and says whether it
    /// came from the index.
    fn load(&self, started_ns: i64) -> (Skill, bool) {
        let store = self.store(started_ns);
        let session = store.session();
        let skill = session.load(self.candidate());
        let hit = matches!(session.live.lock().unwrap().as_slice(), [Live::Old(..)]);
        session.save(std::iter::once((skill.dir(), &skill)));
        (skill, hit)
    }
}

/// A scan time an hour ahead: nothing written now is racy against it.
fn later() -> i64 {
    now_ns() + 3_600_000_000_000
}

/// Sets the file's mtime to `ns`, as a coarse clock or `touch -d` would.
fn set_mtime(path: &Path, ns: i64) {
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
    let t = libc::timespec {
        tv_sec: ns.div_euclid(1_000_000_000),
        tv_nsec: ns.rem_euclid(1_000_000_000),
    };
    let times = [t, t];
    // SAFETY: a valid NUL-terminated path and two timespecs.
    let r = unsafe { libc::utimensat(libc::AT_FDCWD, c.as_ptr(), times.as_ptr(), 0) };
    assert_eq!(r, 0);
}

fn description(s: &Skill) -> &str {
    s.description.as_deref().unwrap()
}

#[test]
fn an_unchanged_file_comes_from_the_index() {
    let f = Fixture::new();
    let (first, hit) = f.load(later());
    assert!(!hit);
    let (second, hit) = f.load(later());
    assert!(hit);
    assert_eq!(description(&first), description(&second));
    assert_eq!(first.profile(), second.profile());
    // The summary only makes the profile; the index keeps the profile.
    let mut first = first;
    first.summary = None;
    assert_eq!(format!("{first:?}"), format!("{second:?}"));
}

#[test]
fn a_same_size_edit_with_the_old_mtime_is_seen_by_its_ctime() {
    let f = Fixture::new();
    let mtime = Stat::file(&f.file()).unwrap().mtime_ns;
    f.load(later());
    f.write("description: other text.");
    set_mtime(&f.file(), mtime);
    let (skill, hit) = f.load(later());
    assert!(!hit);
    assert_eq!(description(&skill), "other text.");
}

#[test]
fn a_racily_clean_entry_is_read_again() {
    let f = Fixture::new();
    // Written by a scan that began as the file was written: its stat could
    // not tell a second write within the same tick.
    f.load(now_ns());
    let (_, hit) = f.load(now_ns());
    assert!(!hit);
    // Once the scan is past the window, it is trusted.
    let (_, hit) = f.load(later());
    assert!(!hit, "rewritten by the racy run, at its own time");
    let (_, hit) = f.load(later());
    assert!(hit);
}

#[test]
fn a_corrupt_truncated_or_foreign_index_is_ignored_and_rewritten() {
    let f = Fixture::new();
    f.load(later());
    let index = f.index_file();
    let good = std::fs::read(&index).unwrap();
    let mut flipped = good.clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 1;
    for bad in [
        good[..good.len() - 3].to_vec(),
        flipped,
        b"not an index".to_vec(),
        Vec::new(),
    ] {
        std::fs::write(&index, &bad).unwrap();
        let (skill, hit) = f.load(later());
        assert!(!hit);
        assert_eq!(description(&skill), "first text.");
        assert_eq!(
            std::fs::read(&index).unwrap().len(),
            good.len(),
            "rewritten whole"
        );
    }
    // The index of another root under this one's name is foreign.
    let other = Root {
        path: f.dir.path().join("elsewhere"),
        ..f.root.clone()
    };
    std::fs::write(
        index.with_file_name(file_name(other.path.to_str().unwrap())),
        &good,
    )
    .unwrap();
    let store = Store::open_in(&other, Some(f.cache()), later(), true);
    assert!(store.session().old.is_empty());
}

#[test]
fn a_listing_holds_while_the_folder_is_unchanged() {
    let f = Fixture::new();
    let listed = |started| {
        let store = f.store(started);
        let s = store.session();
        let names = s.list(&f.root.path).unwrap();
        let hit = matches!(s.live.lock().unwrap().as_slice(), [Live::Old(..)]);
        s.save(std::iter::empty());
        (names, hit)
    };
    let (names, hit) = listed(later());
    assert!(!hit);
    assert_eq!(names, [(OsString::from("a"), Kind::Dir)]);
    assert!(listed(later()).1);
    std::fs::create_dir(f.root.path.join("b")).unwrap();
    let (names, hit) = listed(later());
    assert!(!hit);
    assert_eq!(names.len(), 2);
}

#[test]
fn a_stat_relative_to_the_root_is_the_stat_of_the_path() {
    let f = Fixture::new();
    let r = RootFd::open(&f.root.path).unwrap();
    std::os::unix::fs::symlink(f.root.path.join("a"), f.root.path.join("link")).unwrap();
    // A sibling whose name begins with the root's: not below it.
    let sibling = f.dir.path().join("skills2");
    std::fs::create_dir_all(sibling.join("x")).unwrap();
    // A relative path too long for the stack buffer, and one just short of it.
    let long = f.root.path.join("d".repeat(200)).join("e".repeat(100));
    let edge = f.root.path.join("f".repeat(255));
    std::fs::create_dir_all(&long).unwrap();
    std::fs::create_dir_all(&edge).unwrap();
    for p in [
        long.clone(),
        edge.clone(),
        f.file(),
        f.root.path.clone(),
        f.root.path.join("link"),
        f.root.path.join("link/SKILL.md"),
        f.root.path.join("a//SKILL.md"),
        sibling.join("x"),
    ] {
        assert_eq!(r.stat(&p), Stat::file(&p), "{}", p.display());
        assert!(r.stat(&p).is_some());
    }
    assert_eq!(r.stat(&f.root.path.join("missing")), None);
}

#[test]
fn stale_indexes_and_killed_writers_temporaries_are_pruned() {
    let d = tempfile::tempdir().unwrap();
    let make = |name: &str| {
        let p = d.path().join(name);
        std::fs::write(&p, "x").unwrap();
        p
    };
    let old_index = make("root-0011223344556677.idx");
    let fresh_index = make("root-8899aabbccddeeff.idx");
    let old_temp = make(".root-abc.tmp");
    let other = make("notes.txt");
    let day = 86_400 * 1_000_000_000i64;
    set_mtime(&old_index, now_ns() - 61 * day);
    set_mtime(&old_temp, now_ns() - 2 * day);
    set_mtime(&other, now_ns() - 400 * day);
    prune(d.path(), std::time::SystemTime::now());
    assert!(!old_index.exists());
    assert!(!old_temp.exists());
    assert!(fresh_index.exists());
    assert!(other.exists(), "only re0's own names are touched");
}

/// Loads skills `a` and `b` through one session that reads the index with
/// profiles or without, saves, and says which came from the index.
fn load_both(f: &Fixture, with_profiles: bool) -> (Vec<Skill>, Vec<bool>) {
    let store = Store::open_in(&f.root, Some(f.cache()), later(), with_profiles);
    let session = store.session();
    let mut skills = Vec::new();
    let mut hits = Vec::new();
    for dir in ["a", "b"] {
        let before = session.live.lock().unwrap().len();
        skills.push(session.load(f.candidate_in(dir)));
        hits.push(matches!(
            session.live.lock().unwrap()[before],
            Live::Old(..)
        ));
    }
    session.save(skills.iter().map(|s| (s.dir(), s)));
    (skills, hits)
}

#[test]
fn a_command_that_scores_nothing_reads_no_profiles_and_keeps_them() {
    let f = Fixture::new();
    f.write_b("second text.");
    let (planned, _) = load_both(&f, true);
    // Read without profiles: both come from the index, neither has one.
    let (checked, hits) = load_both(&f, false);
    assert_eq!(hits, [true, true]);
    assert!(checked.iter().all(|s| s.profile.get().is_none()));
    // `b` changes, and a command that scores nothing rewrites the index.
    f.write_b("other text.");
    let (_, hits) = load_both(&f, false);
    assert_eq!(hits, [true, false]);
    // Both profiles are then in it: `a`'s kept, `b`'s made from its file.
    let (again, hits) = load_both(&f, true);
    assert_eq!(hits, [true, true]);
    assert_eq!(
        again[0].profile.get().map(|p| &**p),
        Some(planned[0].profile())
    );
    let fresh = crate::catalog::skill::load(f.candidate_in("b"));
    assert_eq!(again[1].profile.get().map(|p| &**p), Some(fresh.profile()));
}

#[test]
fn an_index_without_its_profiles_is_read_again_by_a_command_that_scores() {
    let f = Fixture::new();
    f.load(later());
    let index = f.index_file();
    let mut bytes = std::fs::read(&index).unwrap();
    // Section B emptied, the header saying so: a well-formed index whose
    // profiles are gone.
    let [(crc_a, len_a), _] = format::sections(&bytes).unwrap();
    bytes.truncate(format::HEADER + len_a as usize);
    bytes[24..28].copy_from_slice(&crc32fast::hash(b"").to_le_bytes());
    bytes[28..36].copy_from_slice(&0u64.to_le_bytes());
    assert_eq!(crc_a, u32::from_le_bytes(bytes[12..16].try_into().unwrap()));
    std::fs::write(&index, &bytes).unwrap();
    let (skill, hit) = f.load(later());
    assert!(!hit, "a skill without its profile is read from its file");
    assert!(skill.profile.get().is_some());
    let (_, hit) = f.load(later());
    assert!(hit);
}

#[test]
fn a_kept_skill_whose_profile_is_unreadable_is_left_out_not_misplaced() {
    let f = Fixture::new();
    f.write_b("second text.");
    load_both(&f, true);
    // Section B damaged after section A was read by a command that scores
    // nothing: when it rewrites the index, `a`'s profile cannot be copied.
    let index = f.index_file();
    let store = Store::open_in(&f.root, Some(f.cache()), later(), false);
    let mut bytes = std::fs::read(&index).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&index, &bytes).unwrap();
    let session = store.session();
    let a = session.load(f.candidate_in("a"));
    f.write_b("other text.");
    let b_skill = session.load(f.candidate_in("b"));
    session.save([&a, &b_skill].into_iter().map(|s| (s.dir(), s)));
    drop(store);
    // `a` is read again from its file; `b`'s new entry and profile hold.
    let (skills, hits) = load_both(&f, true);
    assert_eq!(hits, [false, true]);
    assert_eq!(description(&skills[1]), "other text.");
    let (_, hits) = load_both(&f, true);
    assert_eq!(hits, [true, true]);
}

#[test]
fn an_index_only_its_owner_may_write_is_mapped_and_others_are_read() {
    use std::os::unix::fs::PermissionsExt;
    let f = Fixture::new();
    f.load(later());
    let index = f.index_file();
    let kind = |p: &Path| format!("{:?}", profiles::read(p, MAX_INDEX_BYTES, true).bytes);
    assert!(
        kind(&index).starts_with("Buffer(mapped"),
        "{}",
        kind(&index)
    );
    std::fs::set_permissions(&index, std::fs::Permissions::from_mode(0o664)).unwrap();
    assert!(kind(&index).starts_with("Buffer(heap"), "{}", kind(&index));
    // Read either way, the index serves the unchanged skill.
    let (skill, hit) = f.load(later());
    assert!(hit);
    assert_eq!(description(&skill), "first text.");
}

#[test]
fn a_skill_from_a_mapped_index_keeps_its_text_when_the_index_is_rewritten() {
    let f = Fixture::new();
    f.load(later());
    let (old, hit) = f.load(later());
    assert!(hit);
    assert_eq!(description(&old), "first text.");
    // A second process rewrites the index (a new file renamed over it)
    // while the first still holds skills pointing into its mapping.
    f.write("description: second text, longer than the first one was.");
    let (new, hit) = f.load(later());
    assert!(!hit);
    assert_eq!(
        description(&new),
        "second text, longer than the first one was."
    );
    assert_eq!(description(&old), "first text.");
}

#[test]
fn confirm_holds_for_an_unchanged_file_and_not_for_a_changed_or_racy_one() {
    let f = Fixture::new();
    f.load(later());
    let confirms = |started_ns: i64, c: &Candidate| f.store(started_ns).session().confirm(c);
    assert!(confirms(later(), &f.candidate()));
    // Any part of the key differing: the folder, its plugin, a GES file.
    let mut other = f.candidate();
    other.plugin = Some("p".to_string());
    assert!(!confirms(later(), &other));
    let mut other = f.candidate();
    other.ges_files = vec!["flow.ges.yaml".to_string()];
    assert!(!confirms(later(), &other));
    // Racy: the index was written by a scan that began as the file was.
    let racy = Fixture::new();
    racy.load(now_ns());
    assert!(!racy.store(later()).session().confirm(&racy.candidate()));
    // Edited, same size, old mtime: the ctime differs.
    let mtime = Stat::file(&f.file()).unwrap().mtime_ns;
    f.write("description: other text.");
    set_mtime(&f.file(), mtime);
    assert!(!confirms(later(), &f.candidate()));
}
