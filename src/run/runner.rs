//! The runner protocol (DESIGN §5.1): one process per gate attempt.
//!
//! re0 starts `sh -c CMD` in the workspace with the step prompt on stdin and
//! `RE0_RUN_ID`, `RE0_STEP`, `RE0_SKILL`, `RE0_SKILL_DIR`, `RE0_ATTEMPT` and
//! `RE0_HANDOFF` in the environment. Its stdout and stderr go to the run's
//! `logs/`, up to [`LOG_CAP`] bytes. Past the timeout its whole process
//! group is killed.
//!
//! While it works, `runner.json` in the run folder names its process group
//! (and when it started), so a later re0 never starts a second agent for
//! the run while the first is still alive. The runner is held at a gate
//! until that file is written: a kill in between leaves no agent running.

use crate::fsio::{self, Follow};
use crate::process;
pub use crate::process::Exit;
use crate::state::fault;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// Default time a gate may take.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30 * 60);
/// Most output of one gate kept in its log.
pub const LOG_CAP: u64 = 64 * 1024 * 1024;

#[derive(Debug, Clone)]
pub struct Runner {
    pub command: String,
    pub timeout: Duration,
}

/// One invocation.
pub struct Invocation<'a> {
    pub run_id: &'a str,
    pub step: &'a str,
    pub skill: &'a str,
    pub skill_dir: Option<&'a Path>,
    pub attempt: u32,
    pub handoff: &'a Path,
    pub prompt: &'a str,
    pub workspace: &'a Path,
    pub log: &'a Path,
    /// Where the live runner's process group is recorded (`runner.json`).
    pub pidfile: Option<&'a Path>,
}

/// How one gate ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ran {
    pub exit: Exit,
    /// Its output passed [`LOG_CAP`]; the log was cut there.
    pub output_capped: bool,
}

/// `runner.json`: the runner an earlier re0 started for this run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Live {
    pub step: String,
    pub attempt: u32,
    pub pgid: i32,
    pub start: Option<u64>,
}

impl Live {
    /// Reads `runner.json` (never following a link); `None` when absent or
    /// unreadable.
    pub fn read(path: &Path) -> Option<Live> {
        let text = fsio::read_text_limited(path, 4096, Follow::No).ok()?;
        serde_json::from_str(&text).ok()
    }

    pub fn alive(&self) -> bool {
        process::group_alive(self.pgid, self.start)
    }

    fn write(&self, path: &Path) -> std::io::Result<()> {
        let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        let mut f = fsio::create_new(&tmp)?;
        let written =
            std::io::Write::write_all(&mut f, &serde_json::to_vec(self).unwrap_or_default())
                .and_then(|()| f.sync_all())
                .and_then(|()| std::fs::rename(&tmp, path));
        if written.is_err() {
            // No half-written record is left in the run folder.
            let _ = std::fs::remove_file(&tmp);
        }
        written
    }
}

impl Runner {
    /// Runs one gate; returns how it ended. The log holds its output.
    pub fn run(&self, inv: &Invocation<'_>) -> std::io::Result<Ran> {
        let log = fsio::open_truncate(inv.log)?;
        let (reader, writer) = std::io::pipe()?;
        let mut cmd = process::held_shell(&self.command);
        cmd.current_dir(inv.workspace)
            .env("RE0_RUN_ID", inv.run_id)
            .env("RE0_STEP", inv.step)
            .env("RE0_SKILL", inv.skill)
            .env(
                "RE0_SKILL_DIR",
                inv.skill_dir.map(PathBuf::from).unwrap_or_default(),
            )
            .env("RE0_ATTEMPT", inv.attempt.to_string())
            .env("RE0_HANDOFF", inv.handoff)
            .stdin(Stdio::piped())
            .stdout(writer.try_clone()?)
            .stderr(writer);
        let mut child = process::spawn(&mut cmd)?;
        // The parent's ends of the pipe go with the command, so the copy
        // ends when the runner's group closes its own.
        drop(cmd);
        let copy = process::copy_capped(reader, log, LOG_CAP);
        fault::point("runner-spawned");
        if let (Some(path), Ok(pgid)) = (inv.pidfile, i32::try_from(child.id())) {
            let live = Live {
                step: inv.step.to_string(),
                attempt: inv.attempt,
                pgid,
                start: process::start_time(pgid),
            };
            if let Err(e) = live.write(path) {
                // Unrecorded, the runner could run beside a second one a
                // later re0 starts: it is killed at the gate instead.
                process::kill_group(&child);
                let _ = process::wait(&mut child, Duration::from_secs(5));
                return Err(std::io::Error::new(
                    e.kind(),
                    format!("cannot record it in {}: {e}", path.display()),
                ));
            }
        }
        fault::point("runner-started");
        // Only now, with its group on record, may the runner begin.
        process::feed_stdin(&mut child, format!("{}{}", process::GATE_OPEN, inv.prompt));
        let exit = process::wait(&mut child, self.timeout)?;
        fault::point("runner-exited");
        // A daemon the runner left may hold the pipe open: do not wait on
        // it for long.
        let mut output_capped = false;
        for _ in 0..200 {
            if copy.is_finished() {
                output_capped = copy.join().map(|c| c.capped).unwrap_or(false);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        if let Some(path) = inv.pidfile {
            let _ = std::fs::remove_file(path);
        }
        Ok(Ran {
            exit,
            output_capped,
        })
    }

    /// Asks the runner a yes/no question (a guard that is not CEL). Returns
    /// the verdict, or `None` when the answer is neither.
    pub fn judge(&self, inv: &Invocation<'_>) -> std::io::Result<Option<bool>> {
        self.run(inv)?;
        let head = fsio::open_regular(inv.log, Follow::No)
            .ok()
            .map(|f| {
                let mut buf = Vec::new();
                let _ = std::io::Read::read_to_end(&mut std::io::Read::take(f, 4096), &mut buf);
                String::from_utf8_lossy(&buf).into_owned()
            })
            .unwrap_or_default();
        let first = head.split_whitespace().next().map(|w| {
            w.trim_matches(|c: char| !c.is_alphabetic())
                .to_ascii_lowercase()
        });
        Ok(match first.as_deref() {
            Some("yes") | Some("true") => Some(true),
            Some("no") | Some("false") => Some(false),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invocation<'a>(dir: &'a Path, log: &'a Path, pidfile: &'a Path) -> Invocation<'a> {
        Invocation {
            run_id: "r",
            step: "s1",
            skill: "k",
            skill_dir: None,
            attempt: 1,
            handoff: log,
            prompt: "",
            workspace: dir,
            log,
            pidfile: Some(pidfile),
        }
    }

    /// A runner that leaves a marker file when it runs, its log and the
    /// marker's path.
    fn touching(dir: &Path) -> (Runner, PathBuf, PathBuf) {
        let marker = dir.join("ran");
        let runner = Runner {
            command: format!("touch '{}'", marker.display()),
            timeout: Duration::from_secs(10),
        };
        (runner, dir.join("log"), marker)
    }

    #[test]
    fn a_runner_that_cannot_be_recorded_never_starts() {
        let dir = tempfile::tempdir().unwrap();
        let (runner, log, marker) = touching(dir.path());
        let pidfile = dir.path().join("missing-folder").join("runner.json");
        let err = runner
            .run(&invocation(dir.path(), &log, &pidfile))
            .unwrap_err();
        assert!(err.to_string().contains("cannot record it in"), "{err}");
        std::thread::sleep(Duration::from_millis(200));
        assert!(!marker.exists(), "the runner ran without a record");
    }

    #[test]
    fn a_record_that_cannot_take_its_place_leaves_no_temporary_file() {
        // runner.json is a folder with something in it: the rename fails
        // after the temporary record was written.
        let dir = tempfile::tempdir().unwrap();
        let (runner, log, marker) = touching(dir.path());
        let pidfile = dir.path().join("runner.json");
        std::fs::create_dir(&pidfile).unwrap();
        std::fs::write(pidfile.join("x"), "").unwrap();
        let err = runner
            .run(&invocation(dir.path(), &log, &pidfile))
            .unwrap_err();
        assert!(err.to_string().contains("cannot record it in"), "{err}");
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.starts_with("runner.tmp"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
        std::thread::sleep(Duration::from_millis(200));
        assert!(!marker.exists(), "the runner ran without a record");
    }

    #[test]
    fn a_recorded_runner_runs_and_its_record_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let (runner, log, marker) = touching(dir.path());
        let pidfile = dir.path().join("runner.json");
        let ran = runner.run(&invocation(dir.path(), &log, &pidfile)).unwrap();
        assert_eq!(ran.exit, Exit::Code(0));
        assert!(marker.exists());
        assert!(!pidfile.exists());
    }
}
