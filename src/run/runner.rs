//! The runner protocol (DESIGN §5.1): one process per gate attempt.
//!
//! re0 starts `sh -c CMD` in the workspace with the step prompt on stdin and
//! `RE0_RUN_ID`, `RE0_STEP`, `RE0_SKILL`, `RE0_SKILL_DIR`, `RE0_ATTEMPT` and
//! `RE0_HANDOFF` in the environment. Its stdout and stderr go to the run's
//! `logs/`. Past the timeout its whole process group is killed.

use crate::process;
pub use crate::process::Exit;
use crate::state::fault;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// Default time a gate may take.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30 * 60);

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
}

impl Runner {
    /// Runs one gate; returns how it ended. The log holds its output.
    pub fn run(&self, inv: &Invocation<'_>) -> std::io::Result<Exit> {
        let log = std::fs::File::create(inv.log)?;
        let mut cmd = process::shell(&self.command);
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
            .stdout(log.try_clone()?)
            .stderr(log);
        let mut child = process::spawn(&mut cmd)?;
        fault::point("runner-started");
        process::feed_stdin(&mut child, inv.prompt.to_string());
        let exit = process::wait(&mut child, self.timeout)?;
        fault::point("runner-exited");
        Ok(exit)
    }

    /// Asks the runner a yes/no question (a guard that is not CEL). Returns
    /// the verdict, or `None` when the answer is neither.
    pub fn judge(&self, inv: &Invocation<'_>) -> std::io::Result<Option<bool>> {
        self.run(inv)?;
        let out = std::fs::read_to_string(inv.log).unwrap_or_default();
        let first = out.split_whitespace().next().map(|w| {
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
