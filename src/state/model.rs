//! The run's authority on disk: `state.json` (DESIGN §5.4).
//!
//! Every field is validated when read: state files are untrusted input.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const SCHEMA: &str = "re0/run-state@1";

/// Most attempts a step may be allowed (`--max-attempts`, `--retry`).
pub const MAX_ATTEMPT_LIMIT: u32 = 1000;
/// Highest revision re0 reads or writes; far beyond any real run, and a
/// state claiming more is refused rather than wrapped around.
pub const MAX_REVISION: u64 = 1 << 53;
/// Most handoff files one run may record.
pub const MAX_HANDOFFS: u32 = 1_000_000;

/// Where a run stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    Planned,
    Running,
    Waiting,
    RetryableError,
    Completed,
    Incomplete,
    Cancelled,
    Failed,
}

impl RunStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Planned => "planned",
            RunStatus::Running => "running",
            RunStatus::Waiting => "waiting",
            RunStatus::RetryableError => "retryable_error",
            RunStatus::Completed => "completed",
            RunStatus::Incomplete => "incomplete",
            RunStatus::Cancelled => "cancelled",
            RunStatus::Failed => "failed",
        }
    }

    /// Terminal runs are never resumed.
    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            RunStatus::Completed | RunStatus::Incomplete | RunStatus::Cancelled | RunStatus::Failed
        )
    }
}

/// What a waiting run waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WaitKind {
    /// A person performs a user-handoff step and records it.
    Human,
    /// A person answers a decision step.
    Decision,
    /// No runner is configured for a model step.
    Runner,
    /// A step used up its attempts, or its gate reported itself blocked:
    /// a person steers.
    Steering,
    /// A handoff was recorded outside a run: `re0 run --resume` continues.
    Resume,
    /// re0 was stopped (Ctrl-C, SIGTERM) while a gate worked; the attempt
    /// is recorded as interrupted and does not count.
    Interrupted,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Waiting {
    pub kind: WaitKind,
    pub step: String,
}

/// Where one step stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepStatus {
    /// Not done yet (or reopened).
    Pending,
    /// An attempt was started and has not been accepted or failed yet.
    Running,
    /// Its latest handoff was accepted and its evidence is fresh.
    Accepted,
    /// Skipped, with the plan's or the guard's reason.
    Skipped,
}

/// Proof that a gate validated an artifact at a content hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evidence {
    pub kind: String,
    pub against: String,
    pub sha256: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepRecord {
    pub id: String,
    pub status: StepStatus,
    /// Attempts started so far.
    pub attempts: u32,
    /// Attempts allowed before a person must steer (grows with `--retry`).
    pub attempt_limit: u32,
    pub accepted_attempt: Option<u32>,
    pub outcome: Option<String>,
    pub evidence: Vec<Evidence>,
    /// Why the step is skipped, or why its last attempt failed.
    pub note: Option<String>,
    /// The handoff file that made the step accepted, with its hash: the
    /// terminal guard checks it, so a step cannot be forged as accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handoff: Option<HandoffRef>,
}

/// A recorded handoff file: its name in `handoffs/` and its SHA-256.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandoffRef {
    pub file: String,
    pub sha256: String,
}

/// An accepted artifact and the hash re0 recorded for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtifactRecord {
    /// Relative to the workspace root.
    pub path: String,
    pub sha256: String,
    pub step: String,
    pub attempt: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blocker {
    pub id: String,
    pub against: String,
    pub summary: String,
    /// The step whose handoff raised it.
    pub raised_by: String,
    pub attempt: u32,
    pub open: bool,
}

/// `state.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunState {
    pub schema: String,
    pub run_id: String,
    pub revision: u64,
    pub state: RunStatus,
    pub waiting: Option<Waiting>,
    pub intent: String,
    /// The capabilities the session held when the run was planned.
    pub grants: Vec<String>,
    pub steps: Vec<StepRecord>,
    pub artifacts: BTreeMap<String, ArtifactRecord>,
    pub blockers: Vec<Blocker>,
    /// Number of handoff files recorded (the next is `NNN = this + 1`).
    pub handoffs: u32,
    pub created_at: String,
    pub updated_at: String,
    /// The tag that authenticates this revision (see `state::mac`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mac: Option<String>,
}

impl RunState {
    pub fn step(&self, id: &str) -> Option<&StepRecord> {
        self.steps.iter().find(|s| s.id == id)
    }

    pub fn step_mut(&mut self, id: &str) -> Option<&mut StepRecord> {
        self.steps.iter_mut().find(|s| s.id == id)
    }

    pub fn open_blockers(&self) -> impl Iterator<Item = &Blocker> {
        self.blockers.iter().filter(|b| b.open)
    }
}

/// True for a SHA-256 as re0 writes it: 64 lowercase hex digits.
pub fn is_sha256(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// True for a step id as re0 makes them: `s1`, `s2`, … (no leading zero).
pub fn is_step_id(s: &str) -> bool {
    let Some(digits) = s.strip_prefix('s') else {
        return false;
    };
    !digits.is_empty()
        && digits.len() <= 6
        && !digits.starts_with('0')
        && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Now, as RFC 3339 in UTC with seconds.
pub fn now() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}
