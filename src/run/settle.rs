//! Picking a run up after re0 itself was stopped: a signal (Ctrl-C,
//! SIGTERM) or a kill that left no chance to clean up.
//!
//! Invariants:
//! - re0 never starts a second agent for a run while one an earlier re0
//!   started is alive (`runner.json` names its process group).
//! - An attempt cut short because re0 stopped is recorded as interrupted:
//!   it does not count against the step's attempts. A handoff the agent
//!   still wrote for it is checked and accepted like any other.

use super::engine::Engine;
use super::handoff::{self, HandoffStatus};
use super::runner::Live;
use crate::error::{Error, Result};
use crate::state::model::{Waiting, MAX_ATTEMPT_LIMIT};
use crate::state::{RunStatus, StepStatus, WaitKind};
use std::time::{Duration, Instant};

/// The file naming the live runner's process group, in the run folder.
pub const RUNNER_FILE: &str = "runner.json";
/// How long a resume waits for an earlier re0's agent to finish on its own.
const WAIT_FOR_ORPHAN: Duration = Duration::from_secs(5);

impl Engine<'_> {
    /// Waits briefly for an agent an earlier re0 left running; refuses to go
    /// on while it lives.
    fn no_live_runner(&mut self) -> Result<()> {
        let path = self.run.dir.join(RUNNER_FILE);
        let Some(live) = Live::read(&path) else {
            let _ = std::fs::remove_file(&path);
            return Ok(());
        };
        let start = Instant::now();
        while live.alive() {
            if start.elapsed() >= WAIT_FOR_ORPHAN {
                return Err(Error::Usage(format!(
                    "the agent an earlier re0 started for {} attempt {} is still running (process group {}); re0 does not start a second one. Wait for it to finish, or stop it with `kill -TERM -- -{}`, then resume",
                    live.step, live.attempt, live.pgid, live.pgid
                )));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = std::fs::remove_file(&path);
        Ok(())
    }

    /// Settles every step an earlier re0 left `running`: the handoff its
    /// agent wrote is checked, and without one the attempt is interrupted.
    pub fn settle(&mut self) -> Result<()> {
        self.no_live_runner()?;
        for i in 0..self.run.plan.steps.len() {
            let rec = &self.run.state.steps[i];
            if rec.status != StepStatus::Running || rec.attempts == 0 {
                continue;
            }
            // A graph resumes from its own state (see `attempt_graph`).
            if self.has_graph(i) {
                continue;
            }
            let attempt = rec.attempts;
            let id = self.run.plan.steps[i].id.clone();
            let inbox = self.run.inbox(&id, attempt);
            match handoff::read(&inbox, crate::fsio::Follow::No) {
                Ok(h) => {
                    let blocked = h.status == HandoffStatus::Blocked;
                    let submitted = serde_json::to_value(&h).ok();
                    (self.say)(format!(
                        "{id} attempt {attempt}: its agent finished after re0 stopped; checking its handoff"
                    ));
                    match self.check(i, attempt, h) {
                        Ok(acc) => self.accept(i, attempt, acc)?,
                        Err(why) => self.fail(i, attempt, why, submitted, blocked)?,
                    }
                }
                Err(_) => self.mark_interrupted(i, attempt, "re0 stopped before it finished")?,
            }
        }
        Ok(())
    }

    /// Records attempt `attempt` of step `i` as interrupted: not failed, and
    /// not counted against its attempts.
    fn mark_interrupted(&mut self, i: usize, attempt: u32, why: &str) -> Result<()> {
        let id = self.run.plan.steps[i].id.clone();
        let body = serde_json::json!({
            "re0": { "accepted": false, "interrupted": true, "reason": why },
        });
        self.run.record_handoff(&id, attempt, &body)?;
        let r = &mut self.run.state.steps[i];
        r.status = StepStatus::Pending;
        r.attempt_limit = r.attempt_limit.saturating_add(1).min(MAX_ATTEMPT_LIMIT);
        r.note = Some(format!(
            "attempt {attempt} was interrupted ({why}); it does not count against the attempts"
        ));
        self.run.state.state = RunStatus::Waiting;
        self.run.state.waiting = Some(Waiting {
            kind: WaitKind::Interrupted,
            step: id.clone(),
        });
        self.run.save()?;
        self.run.event(
            "interrupted",
            Some(&id),
            serde_json::json!({ "attempt": attempt, "reason": why }),
        )?;
        Ok(())
    }

    /// re0 got `sig` while step `i` worked: its gate was stopped. Records
    /// the attempt as interrupted and ends this invocation.
    pub(super) fn interrupt(&mut self, i: usize, attempt: u32, sig: i32) -> Result<()> {
        let name = crate::process::signal_name(sig);
        let id = self.run.plan.steps[i].id.clone();
        self.mark_interrupted(i, attempt, &format!("re0 got {name}"))?;
        Err(Error::Interrupted {
            signal: sig,
            message: format!(
                "stopped by {name}: the agent for {id} was stopped and attempt {attempt} is recorded as interrupted (it does not count); continue with `re0 run --resume {}`",
                self.run.id()
            ),
        })
    }
}
