//! Shared helpers for the end-to-end tests: a sandbox with its own HOME and
//! working folder, so no skill installed on the machine leaks into a test.
#![allow(dead_code)]

pub mod check;
pub mod plan;
pub mod run_ws;

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

pub struct Sandbox {
    pub dir: TempDir,
}

impl Sandbox {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("home")).unwrap();
        std::fs::create_dir_all(dir.path().join("work")).unwrap();
        Sandbox { dir }
    }

    /// A sandbox whose `work/` is a repository (it has `.git`), so run
    /// state lands in `work/.agent-state`.
    pub fn repository() -> Self {
        let sb = Sandbox::new();
        std::fs::create_dir_all(sb.work().join(".git")).unwrap();
        sb
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    pub fn work(&self) -> PathBuf {
        self.dir.path().join("work")
    }

    /// The sandbox's cache folder (`XDG_CACHE_HOME`), where the catalog
    /// index lives.
    pub fn cache(&self) -> PathBuf {
        self.dir.path().join("cache")
    }

    /// Writes `text` at `rel` under the sandbox, creating folders.
    pub fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.dir.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }

    /// Writes a minimal valid skill `name` in folder `rel/name`.
    pub fn skill(&self, rel: &str, name: &str, extra: &str) -> PathBuf {
        self.write(
            &format!("{rel}/{name}/SKILL.md"),
            &format!("---\nname: {name}\ndescription: The {name} skill.\n{extra}---\nBody.\n"),
        )
    }

    /// A sandbox holding a copy of `fixtures/<rel>`, with `@SANDBOX@` in
    /// its JSON and TOML files replaced by the sandbox's path (client
    /// records hold absolute paths).
    pub fn from_fixture(rel: &str) -> Self {
        let sb = Sandbox::new();
        copy_tree(&in_repo(&format!("fixtures/{rel}")), sb.path(), sb.path());
        sb
    }

    /// `re0` run in `cwd` (relative to the sandbox) with the sandbox HOME,
    /// the user's XDG folders (the run key, trusted re0.yaml records, the
    /// catalog index) inside it, and none of the host's client homes
    /// (`CLAUDE_CONFIG_DIR`, …).
    pub fn re0_in(&self, cwd: &str) -> Command {
        let mut c = Command::cargo_bin("re0").unwrap();
        c.current_dir(self.dir.path().join(cwd));
        isolate(&mut c, &self.home());
        c.env("RE0_SYSTEM_CONFIG_DIR", self.dir.path().join("etc"))
            .env("XDG_CACHE_HOME", self.cache());
        for var in [
            "CLAUDE_CONFIG_DIR",
            "CODEX_HOME",
            "COPILOT_HOME",
            "COPILOT_SKILLS_DIRS",
        ] {
            c.env_remove(var);
        }
        c
    }

    /// The sandbox user's XDG state folder (`re0/run-key` lives there).
    pub fn state_home(&self) -> PathBuf {
        self.home().join(".local/state")
    }

    /// The sandbox user's XDG config folder (`re0/trusted/` lives there).
    pub fn config_home(&self) -> PathBuf {
        self.home().join(".config")
    }

    pub fn re0(&self) -> Command {
        self.re0_in("work")
    }
}

/// A path inside this repository (fixtures, catalogs).
pub fn in_repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// Points `c` at `home` for everything of the user's: HOME, and the XDG
/// state and config folders below it (never the machine's own), with no
/// re0 setting from the environment.
pub fn isolate<C: EnvCommand>(c: &mut C, home: &Path) {
    c.set_env("HOME", home.as_os_str());
    c.set_env("XDG_STATE_HOME", home.join(".local/state").as_os_str());
    c.set_env("XDG_CONFIG_HOME", home.join(".config").as_os_str());
    for var in [
        "RE0_CATALOG",
        "RE0_RUNNER",
        "RE0_SELECTOR",
        "RE0_NO_CACHE",
        "XDG_DATA_HOME",
    ] {
        c.unset_env(var);
    }
}

/// What [`isolate`] needs of a command (assert_cmd's or std's).
pub trait EnvCommand {
    fn set_env(&mut self, k: &str, v: &std::ffi::OsStr);
    fn unset_env(&mut self, k: &str);
}

impl EnvCommand for Command {
    fn set_env(&mut self, k: &str, v: &std::ffi::OsStr) {
        self.env(k, v);
    }
    fn unset_env(&mut self, k: &str) {
        self.env_remove(k);
    }
}

impl EnvCommand for std::process::Command {
    fn set_env(&mut self, k: &str, v: &std::ffi::OsStr) {
        self.env(k, v);
    }
    fn unset_env(&mut self, k: &str) {
        self.env_remove(k);
    }
}

/// `re0` in the repository root with an empty HOME.
pub fn re0_repo() -> (Command, TempDir) {
    let home = tempfile::tempdir().unwrap();
    let mut c = Command::cargo_bin("re0").unwrap();
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    isolate(&mut c, home.path());
    c.env("XDG_CACHE_HOME", home.path().join(".cache"));
    (c, home)
}

/// Runs a command and parses its stdout as JSON.
pub fn json(cmd: &mut Command) -> serde_json::Value {
    let out = cmd.output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}):\n{}\nstderr:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The first item of the array `v[list]` whose `field` is `value`; panics
/// naming what is missing.
pub fn item<'a>(
    v: &'a serde_json::Value,
    list: &str,
    field: &str,
    value: &str,
) -> &'a serde_json::Value {
    v[list]
        .as_array()
        .unwrap_or_else(|| panic!("no array '{list}' in {v}"))
        .iter()
        .find(|x| x[field] == value)
        .unwrap_or_else(|| panic!("no {list} item with {field} '{value}' in {v}"))
}

/// The names of a roster (`re0 list --format json`).
pub fn roster_names(v: &serde_json::Value) -> Vec<String> {
    v["skills"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect()
}

/// Copies `from` into `to`, replacing `@SANDBOX@` in `.json` and `.toml`
/// files by `sandbox`.
pub fn copy_tree(from: &Path, to: &Path, sandbox: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let (src, dst) = (e.path(), to.join(e.file_name()));
        if e.file_type().unwrap().is_dir() {
            copy_tree(&src, &dst, sandbox);
        } else if src.extension().is_some_and(|x| x == "json" || x == "toml") {
            let text = std::fs::read_to_string(&src).unwrap();
            let sb = sandbox.to_str().unwrap();
            std::fs::write(&dst, text.replace("@SANDBOX@", sb)).unwrap();
        } else {
            std::fs::copy(&src, &dst).unwrap();
        }
    }
}

#[cfg(unix)]
pub fn symlink(target: &Path, link: &Path) {
    std::fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(target, link).unwrap();
}
