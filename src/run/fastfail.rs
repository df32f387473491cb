//! Failing fast when the runner is not there (DESIGN §5.1): a runner that
//! cannot start, or that the shell could not find or execute (exit 126 or
//! 127), is a set-up problem, not a failed attempt. The run waits in
//! `retryable_error` at once with the runner's own line, and the attempt is
//! given back. A runner that exits without a handoff has its last lines
//! shown, so nobody has to open `logs/` to learn why.

use super::engine::{Engine, Stop};
use super::feedback::log_tail;
use super::runner::Exit;
use crate::error::Result;
use crate::state::model::Waiting;
use crate::state::{RunStatus, StepStatus, WaitKind};
use std::path::Path;

/// Why the runner never really ran, when its exit says so: the shell's
/// "not found" or "permission denied" is the last line of its log.
pub fn cannot_start(exit: &Exit, command: &str, log: &Path) -> Option<String> {
    let Exit::Code(code @ (126 | 127)) = exit else {
        return None;
    };
    let line = log_tail(log, 1).pop().unwrap_or_default();
    let what = if *code == 127 {
        "was not found"
    } else {
        "could not be executed"
    };
    let program = command.split_whitespace().next().unwrap_or(command);
    Some(if line.is_empty() {
        format!("the runner '{program}' {what} (exit {code})")
    } else {
        format!("the runner '{program}' {what} (exit {code}): {line}")
    })
}

impl Engine<'_> {
    /// The runner of step `i` could not start: give the attempt back and
    /// wait in `retryable_error` until the set-up is fixed.
    pub fn runner_unavailable(&mut self, i: usize, why: String) -> Result<()> {
        let id = self.run.plan.steps[i].id.clone();
        let r = &mut self.run.state.steps[i];
        r.attempts = r.attempts.saturating_sub(1);
        r.status = StepStatus::Pending;
        r.note = Some(why.clone());
        self.run.state.state = RunStatus::RetryableError;
        self.run.state.waiting = Some(Waiting {
            kind: WaitKind::Runner,
            step: id.clone(),
        });
        self.run.save()?;
        self.run.event(
            "runner-unavailable",
            Some(&id),
            serde_json::json!({ "reason": why }),
        )?;
        (self.say)(format!("{id}: {why}; no attempt was used"));
        Ok(())
    }

    /// The stop the last attempt asked for, when it was a runner that
    /// could not start.
    pub fn halted(&self) -> Option<Stop> {
        let w = self.run.state.waiting.as_ref()?;
        (self.run.state.state == RunStatus::RetryableError && w.kind == WaitKind::Runner)
            .then(|| Stop::Waiting(WaitKind::Runner, w.step.clone()))
    }

    /// After an attempt that left no handoff: the last lines its runner
    /// printed, for the person watching.
    pub fn show_log_tail(&mut self, reason: &str, log: &Path) {
        if !reason.contains("no handoff was written") {
            return;
        }
        let tail = log_tail(log, 5);
        if tail.is_empty() {
            (self.say)(format!(
                "  (the runner printed nothing; log {})",
                log.display()
            ));
            return;
        }
        (self.say)(format!("  last lines of {}:", log.display()));
        for l in tail {
            (self.say)(format!("  | {l}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_found_and_not_executable_are_set_up_problems() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("s1-a1.log");
        std::fs::write(&log, "sh: 1: claude: not found\n").unwrap();
        let why = cannot_start(&Exit::Code(127), "claude -p", &log).unwrap();
        assert_eq!(
            why,
            "the runner 'claude' was not found (exit 127): sh: 1: claude: not found"
        );
        assert!(cannot_start(&Exit::Code(126), "./agent", &log)
            .unwrap()
            .contains("could not be executed"));
        assert!(cannot_start(&Exit::Code(1), "claude -p", &log).is_none());
        assert!(cannot_start(&Exit::Code(0), "claude -p", &log).is_none());
    }
}
