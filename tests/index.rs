//! The catalog index in the cache folder never changes what re0 says: every
//! change to a catalog is seen on the very next call, a damaged index is
//! rebuilt, concurrent builders are safe, and `--no-cache` is byte-identical.

mod common;

use common::{symlink, Sandbox};
use std::path::{Path, PathBuf};
use std::process::Output;

/// A catalog under `skills/` in a sandbox, for `--catalog`.
struct Cat {
    sb: Sandbox,
}

impl Cat {
    fn new() -> Cat {
        let sb = Sandbox::new();
        for (name, extra) in [
            ("review-change", "metadata:\n  produces: review-notes\n"),
            ("ship-change", "metadata:\n  requires: review-notes\n"),
            ("draft-notes", "disable-model-invocation: true\n"),
        ] {
            sb.skill("skills", name, extra);
        }
        Cat { sb }
    }

    fn root(&self) -> PathBuf {
        self.sb.path().join("skills")
    }

    fn run(&self, args: &[&str], cache: bool) -> Output {
        let mut c = self.sb.re0();
        c.arg("--catalog").arg(self.root()).args(args);
        if !cache {
            c.arg("--no-cache");
        }
        c.output().unwrap()
    }

    /// The same command with the index and without; both must agree.
    fn same(&self, args: &[&str]) -> String {
        let with = self.run(args, true);
        let without = self.run(args, false);
        assert_eq!(
            String::from_utf8_lossy(&with.stdout),
            String::from_utf8_lossy(&without.stdout),
            "re0 {args:?} differs with the index"
        );
        assert_eq!(with.stderr, without.stderr);
        assert_eq!(with.status.code(), without.status.code());
        String::from_utf8(with.stdout).unwrap()
    }

    fn list(&self) -> String {
        self.same(&["list", "--format", "json"])
    }

    fn index_files(&self) -> Vec<PathBuf> {
        let dir = self.sb.cache().join("re0");
        let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        v.sort();
        v
    }
}

/// Waits until files written now are older than the index's racy window, so
/// the next index trusts them and the call after it is served from it.
fn settle() {
    std::thread::sleep(std::time::Duration::from_millis(2100));
}

fn inode(p: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(p).unwrap().ino()
}

#[test]
fn an_unchanged_catalog_is_served_from_the_index_with_identical_output() {
    let c = Cat::new();
    settle();
    let first = c.list();
    let files = c.index_files();
    assert_eq!(files.len(), 1, "one index for the one root: {files:?}");
    let before = inode(&files[0]);
    // Every entry held: the index is not rewritten.
    assert_eq!(c.list(), first);
    assert_eq!(inode(&files[0]), before);
    for args in [
        &["check", "--format", "json"][..],
        &["check"],
        &["plan", "review and ship my change", "--format", "json"],
        &["plan", "review and ship my change", "--format", "md"],
        &["list"],
    ] {
        c.same(args);
    }
    assert_eq!(inode(&files[0]), before);
}

#[test]
fn every_change_is_seen_on_the_very_next_call() {
    let c = Cat::new();
    let elsewhere = c.sb.skill("elsewhere", "lint-code", "");
    c.sb.skill("other", "lint-code", "metadata:\n  produces: lint-report\n");
    settle();
    c.list();
    let review = c.root().join("review-change/SKILL.md");

    // An edit within the same second, of the same size.
    let text = std::fs::read_to_string(&review).unwrap();
    std::fs::write(
        &review,
        text.replace("The review-change", "Our review-change"),
    )
    .unwrap();
    assert!(c.list().contains("Our review-change skill."));

    // Added.
    c.sb.skill("skills", "new-skill", "");
    assert!(c.list().contains("\"new-skill\""));

    // Removed.
    std::fs::remove_dir_all(c.root().join("draft-notes")).unwrap();
    assert!(!c.list().contains("draft-notes"));

    // Renamed: the folder no longer matches the name.
    std::fs::rename(c.root().join("new-skill"), c.root().join("renamed")).unwrap();
    let check = c.same(&["check", "--format", "json"]);
    assert!(check.contains("name-folder-mismatch"), "{check}");
    assert!(check.contains("renamed/SKILL.md"), "{check}");

    // Symlink swapped to another skill of the same name.
    let link = c.root().join("lint-code");
    symlink(elsewhere.parent().unwrap(), &link);
    assert!(c.list().contains("The lint-code skill."));
    std::fs::remove_file(&link).unwrap();
    symlink(&c.sb.path().join("other/lint-code"), &link);
    assert!(c.list().contains("lint-report"));
}

#[test]
fn an_index_rewritten_by_a_command_that_scores_nothing_still_plans_the_same() {
    let c = Cat::new();
    settle();
    let intent = ["plan", "review and ship my change", "--format", "json"];
    c.same(&intent);
    // `check` reads the index without the profiles planning scores, and
    // rewrites it after this edit: unchanged skills must keep theirs.
    let ship = c.root().join("ship-change/SKILL.md");
    let text = std::fs::read_to_string(&ship).unwrap();
    std::fs::write(&ship, text.replace("Body.", "Ship it once reviewed.")).unwrap();
    let before = inode(&c.index_files()[0]);
    c.same(&["check", "--format", "json"]);
    assert_ne!(
        inode(&c.index_files()[0]),
        before,
        "check rewrote the index"
    );
    settle();
    // Each `same` compares the plan with the index to one without it.
    let before = inode(&c.index_files()[0]);
    let planned = c.same(&intent);
    assert!(planned.contains("ship-change"), "{planned}");
    assert_ne!(
        inode(&c.index_files()[0]),
        before,
        "the settled edit was recorded once"
    );
    let settled = inode(&c.index_files()[0]);
    assert_eq!(c.same(&intent), planned);
    assert_eq!(inode(&c.index_files()[0]), settled, "then served from it");
}

#[test]
fn a_damaged_index_is_rebuilt_silently() {
    let c = Cat::new();
    settle();
    let good = c.list();
    let index = c.index_files().remove(0);
    let bytes = std::fs::read(&index).unwrap();
    let mut flipped = bytes.clone();
    let at = bytes.len() - 10;
    flipped[at] ^= 0xff;
    for bad in [
        bytes[..bytes.len() / 2].to_vec(),
        flipped,
        b"garbage".to_vec(),
    ] {
        std::fs::write(&index, &bad).unwrap();
        let out = c.run(&["list", "--format", "json"], true);
        assert!(out.stderr.is_empty());
        assert_eq!(String::from_utf8(out.stdout).unwrap(), good);
        assert_eq!(std::fs::read(&index).unwrap().len(), bytes.len());
    }
    // An index that is a symbolic link is not followed.
    let decoy = c.sb.write("decoy", "x");
    std::fs::remove_file(&index).unwrap();
    symlink(&decoy, &index);
    assert_eq!(c.list(), good);
    assert_eq!(std::fs::read_to_string(&decoy).unwrap(), "x");
}

#[test]
fn processes_building_the_index_at_once_agree_and_leave_one_whole_index() {
    let c = Cat::new();
    for i in 0..40 {
        c.sb.skill("skills", &format!("extra-{i}"), "");
    }
    settle();
    let want = c.run(&["list", "--format", "json"], false).stdout;
    let children: Vec<_> = (0..6)
        .map(|_| {
            let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_re0"));
            cmd.current_dir(c.sb.work())
                .env("HOME", c.sb.home())
                .env("XDG_CACHE_HOME", c.sb.cache())
                .env_remove("RE0_NO_CACHE")
                .env_remove("RE0_CATALOG")
                .arg("--catalog")
                .arg(c.root())
                .args(["list", "--format", "json"])
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        assert_eq!(out.stdout, want);
    }
    let files = c.index_files();
    assert_eq!(files.len(), 1, "no temporary file left behind: {files:?}");
    let before = inode(&files[0]);
    assert_eq!(c.list().as_bytes(), want.as_slice());
    assert_eq!(
        inode(&files[0]),
        before,
        "the surviving index is whole and current"
    );
}

#[test]
fn no_cache_and_re0_no_cache_leave_the_cache_folder_alone() {
    let c = Cat::new();
    c.run(&["list"], false);
    let mut cmd = c.sb.re0();
    cmd.env("RE0_NO_CACHE", "1")
        .arg("--catalog")
        .arg(c.root())
        .arg("list")
        .assert()
        .success();
    assert!(c.index_files().is_empty());
    assert!(!c.sb.home().join(".cache").exists());
}

#[test]
fn two_catalogs_share_the_cache_folder_without_mixing() {
    let c = Cat::new();
    c.sb.skill(
        "second",
        "review-change",
        "metadata:\n  produces: other-notes\n",
    );
    settle();
    let one = c.list();
    let mut cmd = c.sb.re0();
    cmd.arg("--catalog").arg(c.sb.path().join("second"));
    let two = common::json(cmd.args(["list", "--format", "json"]));
    assert_eq!(c.index_files().len(), 2);
    assert!(two.to_string().contains("other-notes"));
    assert!(!one.contains("other-notes"));
    assert_eq!(c.list(), one);
}

/// A warm `plan` works on the catalog made from the index while a walk
/// confirms it; any change the walk finds sends it back to a walk that
/// loads. Each step here changes the plan, and the very next plan (with
/// the index) must say what one without it says.
#[test]
fn every_change_is_seen_by_the_very_next_plan() {
    let c = Cat::new();
    let plan = |c: &Cat| c.same(&["plan", "review and ship my change", "--format", "json"]);
    settle();
    let first = plan(&c);
    let files = c.index_files();
    let before = inode(&files[0]);
    // Unchanged: served, confirmed, and the index is not rewritten.
    assert_eq!(plan(&c), first);
    assert_eq!(inode(&files[0]), before);

    // A new file beside a skill changes only its folder: same plan, and the
    // index is written again (with the new listing) and still serves.
    std::fs::write(c.root().join("ship-change/notes.txt"), "x").unwrap();
    settle();
    assert_eq!(plan(&c), first);
    assert_eq!(plan(&c), first);

    // An edit within the same second, of the same size: now user-only.
    let ship = c.root().join("ship-change/SKILL.md");
    let text = std::fs::read_to_string(&ship).unwrap();
    let edited = text.replace(
        "description:",
        "disable-model-invocation: true\ndescription:",
    );
    std::fs::write(&ship, &edited).unwrap();
    let user_only = plan(&c);
    assert!(user_only.contains("user-handoff"), "{user_only}");

    // A skill added (the plan counts the catalog's skills), then removed.
    settle();
    let three = plan(&c);
    assert!(three.contains("\"skills\": 3"), "{three}");
    c.sb.skill("skills", "ship-notes", "");
    let added = plan(&c);
    assert!(added.contains("\"skills\": 4"), "{added}");
    std::fs::remove_dir_all(c.root().join("ship-notes")).unwrap();
    assert_eq!(plan(&c), three);

    // A folder renamed: the walk finds its file at another path.
    settle();
    plan(&c);
    std::fs::rename(c.root().join("review-change"), c.root().join("a-review")).unwrap();
    let renamed = plan(&c);
    assert!(renamed.contains("review-change"), "{renamed}");

    // A GES graph file appears beside a skill (its folder's listing and the
    // skill's key change).
    settle();
    plan(&c);
    std::fs::write(c.root().join("a-review/flow.ges.yaml"), "nodes: []\n").unwrap();
    plan(&c);

    // A broken link: the walk has something to report.
    settle();
    plan(&c);
    symlink(&c.sb.path().join("nowhere"), &c.root().join("gone"));
    plan(&c);
    let check = c.same(&["check", "--format", "json"]);
    assert!(check.contains("broken symbolic link"), "{check}");
}

/// One skill folder reached through two links in one root is one skill,
/// warm as cold: the catalog a plan makes from the index keeps it once.
#[test]
fn a_folder_linked_twice_in_one_root_is_one_skill_from_the_index() {
    let c = Cat::new();
    c.sb.skill("other", "lint-code", "");
    let target = c.sb.path().join("other/lint-code");
    symlink(&target, &c.root().join("lint-a"));
    symlink(&target, &c.root().join("lint-b"));
    settle();
    let plan = ["plan", "review and ship my change", "--format", "json"];
    // The first writes the index, the others are made from it.
    for _ in 0..3 {
        let p = c.same(&plan);
        assert!(p.contains("\"skills\": 4"), "{p}");
    }
}
