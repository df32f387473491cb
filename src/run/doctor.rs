//! `re0 doctor`: the set-up a run needs, each check with what to fix.
//!
//! Checks are read-only except for one probe file per folder, created and
//! removed at once, to learn whether re0 can write there.

use crate::process;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Ok,
    Warn,
    Error,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Ok => "ok",
            Level::Warn => "warn",
            Level::Error => "error",
        }
    }
}

/// One check's result.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub check: &'static str,
    pub level: Level,
    pub message: String,
    /// What to do about it (empty when all is well).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

impl Finding {
    pub fn ok(check: &'static str, message: String) -> Finding {
        Finding {
            check,
            level: Level::Ok,
            message,
            fix: None,
        }
    }

    pub fn bad(check: &'static str, level: Level, message: String, fix: String) -> Finding {
        Finding {
            check,
            level,
            message,
            fix: Some(fix),
        }
    }
}

/// The program a command line starts: its first word that is not an
/// environment assignment, and for `sh FILE`-style lines the script too.
pub fn programs(command: &str) -> Vec<String> {
    let words: Vec<&str> = command
        .split_whitespace()
        .skip_while(|w| w.contains('=') && !w.starts_with('-'))
        .collect();
    let Some(first) = words.first() else {
        return Vec::new();
    };
    let first = first.trim_matches(|c| c == '"' || c == '\'');
    let mut out = vec![first.to_string()];
    let shells = ["sh", "bash", "zsh", "dash", "python", "python3", "node"];
    let base = first.rsplit('/').next().unwrap_or(first);
    if shells.contains(&base) {
        if let Some(script) = words.get(1).filter(|w| !w.starts_with('-')) {
            out.push(script.trim_matches(|c| c == '"' || c == '\'').to_string());
        }
    }
    out
}

/// Where `program` is: itself when it names a path, else the first
/// executable of that name on `path` (a `PATH` value).
pub fn find_program(program: &str, path: &str, cwd: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        let p = crate::paths::absolute(Path::new(program), cwd);
        return p.is_file().then_some(p);
    }
    std::env::split_paths(path)
        .map(|d| d.join(program))
        .find(|p| executable(p))
}

/// The runner check: configured, and its program found.
pub fn runner(command: Option<&str>, path: &str, cwd: &Path) -> Finding {
    let Some(command) = command else {
        return Finding::bad(
            "runner",
            Level::Warn,
            "no runner is configured: model steps will wait for one".into(),
            "pass --runner claude (or codex, gemini), set RE0_RUNNER, or runner: in re0.yaml"
                .into(),
        );
    };
    let shown = crate::display::clean(command).into_owned();
    for (n, program) in programs(command).into_iter().enumerate() {
        // A script given to a shell is a file first, then a name on PATH.
        let script = n > 0 && cwd.join(&program).is_file();
        if !script && find_program(&program, path, cwd).is_none() {
            let fix = if program.contains('/') {
                format!("check the path {program}, or pass another --runner")
            } else {
                format!("install {program}, put it on PATH, or pass another --runner")
            };
            return Finding::bad(
                "runner",
                Level::Error,
                format!("the runner `{shown}` needs `{program}`, which is not found"),
                fix,
            );
        }
    }
    Finding::ok("runner", format!("`{shown}`"))
}

/// A preset agent edits only inside the workspace: a state folder outside
/// it holds `$RE0_HANDOFF`, which the agent then cannot write.
pub fn handoff_reachable(command: Option<&str>, workspace: &Path, state: &Path) -> Option<Finding> {
    let command = command?;
    let preset = crate::agents::NAMES
        .iter()
        .any(|n| crate::agents::preset(n, crate::agents::Purpose::Run) == Some(command));
    if !preset || state.starts_with(workspace) {
        return None;
    }
    Some(Finding::bad(
        "handoff",
        Level::Warn,
        format!(
            "the state folder {} is outside the workspace, where the preset agent may not write its handoff",
            state.display()
        ),
        "keep the state folder in the workspace (drop --state-dir), or give the agent write access to it in your own --runner".into(),
    ))
}

/// Whether re0 can create a file in `dir` (which must exist).
fn can_write(dir: &Path) -> std::io::Result<()> {
    let probe = dir.join(format!(".re0-doctor-{}", std::process::id()));
    crate::fsio::create_new(&probe)?;
    std::fs::remove_file(&probe)
}

/// A folder re0 writes in: writable, or creatable in its nearest parent.
pub fn writable(check: &'static str, what: &str, dir: &Path) -> Finding {
    let mut at = dir;
    while !at.exists() {
        match at.parent() {
            Some(p) => at = p,
            None => break,
        }
    }
    let shown = dir.display();
    match std::fs::symlink_metadata(at) {
        Ok(m) if at == dir && !m.is_dir() => {
            return Finding::bad(
                check,
                Level::Error,
                format!("{what} {shown} is not a folder"),
                format!("move it away so re0 can make the folder {shown}"),
            )
        }
        Err(e) => {
            return Finding::bad(
                check,
                Level::Error,
                format!("{what} {shown}: {e}"),
                "run re0 in a folder you can write".into(),
            )
        }
        Ok(_) => {}
    }
    match can_write(at) {
        Ok(()) if at == dir => Finding::ok(check, format!("{what} {shown} is writable")),
        Ok(()) => Finding::ok(check, format!("{what} {shown} will be created")),
        Err(e) => Finding::bad(
            check,
            Level::Error,
            format!("cannot write in {}: {e}", at.display()),
            format!(
                "give yourself write access to {}, or use --state-dir",
                at.display()
            ),
        ),
    }
}

/// Whether git ignores the state folder `state` (inside `workspace`).
/// `None` when the workspace is not a git repository or git is absent.
fn git_ignores(workspace: &Path, state: &Path) -> Option<bool> {
    let rel = state.strip_prefix(workspace).ok()?;
    let mut cmd = std::process::Command::new("git");
    cmd.arg("-C")
        .arg(workspace)
        .args(["check-ignore", "-q", "--no-index", "--"])
        .arg(rel.join("probe"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let mut child = process::spawn(&mut cmd).ok()?;
    match process::wait(&mut child, Duration::from_secs(10)).ok()? {
        process::Exit::Code(0) => Some(true),
        process::Exit::Code(1) => Some(false),
        _ => None,
    }
}

/// The state folder is kept out of commits.
pub fn ignored(workspace: &Path, state: &Path) -> Finding {
    if !workspace.join(".git").exists() {
        return Finding::ok("git-ignore", "the workspace is not a git repository".into());
    }
    if !state.starts_with(workspace) {
        return Finding::ok(
            "git-ignore",
            format!(
                "the state folder {} is outside the workspace",
                state.display()
            ),
        );
    }
    match git_ignores(workspace, state) {
        Some(true) => Finding::ok("git-ignore", format!("git ignores {}", state.display())),
        Some(false) => Finding::bad(
            "git-ignore",
            Level::Warn,
            format!(
                "git does not ignore {}: run state could be committed",
                state.display()
            ),
            "add the line `.agent-state/` to .gitignore".into(),
        ),
        None => Finding::bad(
            "git-ignore",
            Level::Warn,
            "cannot ask git whether the state folder is ignored".into(),
            "install git, or check that .gitignore lists `.agent-state/`".into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_of_command_lines() {
        assert_eq!(programs("claude -p --verbose"), ["claude"]);
        assert_eq!(programs("FOO=1 codex exec -"), ["codex"]);
        assert_eq!(programs("sh ./agent.sh --x"), ["sh", "./agent.sh"]);
        assert!(programs("  ").is_empty());
    }

    #[test]
    fn a_program_is_found_on_path_or_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = std::env::var("PATH").unwrap();
        assert!(find_program("sh", &path, dir.path()).is_some());
        assert!(find_program("re0-no-such-program", &path, dir.path()).is_none());
        assert_eq!(
            runner(Some("re0-no-such-program -p"), &path, dir.path()).level,
            Level::Error
        );
        assert_eq!(runner(None, &path, dir.path()).level, Level::Warn);
        std::fs::write(dir.path().join("agent.sh"), "exit 0\n").unwrap();
        assert_eq!(
            runner(Some("sh agent.sh"), &path, dir.path()).level,
            Level::Ok
        );
        assert_eq!(
            runner(Some("sh other.sh"), &path, dir.path()).level,
            Level::Error
        );
    }
}
