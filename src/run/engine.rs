//! Routing a run (DESIGN §5.3): from the plan and the accepted handoffs,
//! never from prose.
//!
//! Each pass picks the first step in plan order that is not accepted or
//! skipped: a `skip` is recorded, a `user-handoff` stops the run in
//! `waiting`, an `invoke-model-skill` step runs one gate attempt through the
//! runner. Blockers against an artifact reopen the step that produced it and
//! make everything downstream stale. The run completes only when the
//! terminal guard holds.
//!
//! Here: the routing and the terminal guard. One runner attempt and a
//! judged guard are in `attempt`, a step run by its GES graph in `graph`,
//! and what a checked handoff does to the run in `accept`.

use super::authority::Authority;
use super::feedback;
use super::handoff::{self, Accepted, Expect, HandoffStatus};
use super::hash::text_sha256;
use super::prompt::{self, PromptInput};
use super::runner::{Exit, Invocation, Runner};
use crate::catalog::Catalog;
use crate::error::{Error, Result};
use crate::guard::{Guard, GuardError};
use crate::plan::{StepKind, StepType};
use crate::state::model::{ArtifactRecord, Blocker, Evidence, Waiting};
use crate::state::{Run, RunStatus, StepStatus, WaitKind};
use std::collections::{BTreeMap, BTreeSet};

mod accept;
mod attempt;
mod graph;

/// The attempts a step gets by default (`max-attempts`).
pub const DEFAULT_MAX_ATTEMPTS: u32 = 3;

/// Evidence kind re0 records for a non-CEL guard's verdict.
const JUDGEMENT: &str = "judgement";
/// Prefix of the note of a step whose own guard skipped it: such a skip
/// means the work does not apply, and does not make the run incomplete.
pub(super) const BENIGN_SKIP: &str = "skip-when holds";

/// How a drive ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    Completed,
    Incomplete(String),
    Waiting(WaitKind, String),
}

/// What to do next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    Skip(usize, String),
    Human(usize, WaitKind),
    Model(usize),
    Judge(usize),
    Steer(usize),
    Done,
}

pub struct Engine<'a> {
    pub run: &'a mut Run,
    pub catalog: &'a Catalog,
    pub runner: Option<Runner>,
    /// What this invocation may do: the steps typed again from the catalog
    /// and this session's grants, never read back from disk.
    pub authority: Authority,
    /// Progress lines for the person watching.
    pub say: &'a mut dyn FnMut(String),
}

impl<'a> Engine<'a> {
    pub(super) fn plan_index(&self, id: &str) -> Option<usize> {
        self.run.plan.steps.iter().position(|s| s.id == id)
    }

    fn preds(&self, i: usize) -> Vec<usize> {
        self.run.plan.steps[i]
            .predecessors
            .iter()
            .filter_map(|p| self.plan_index(p))
            .collect()
    }

    /// Every step that depends on `i`, directly or not.
    pub(super) fn downstream(&self, i: usize) -> BTreeSet<usize> {
        let mut out = BTreeSet::new();
        let mut frontier = vec![i];
        while let Some(x) = frontier.pop() {
            let id = &self.run.plan.steps[x].id;
            for (j, s) in self.run.plan.steps.iter().enumerate() {
                if s.predecessors.contains(id) && out.insert(j) {
                    frontier.push(j);
                }
            }
        }
        out
    }

    /// Reopens every accepted step downstream of `i`: its evidence is stale.
    pub(super) fn stale_downstream(&mut self, i: usize, why: &str) -> Vec<String> {
        let mut reopened = Vec::new();
        for j in self.downstream(i) {
            let r = &mut self.run.state.steps[j];
            if r.status == StepStatus::Accepted {
                r.status = StepStatus::Pending;
                r.evidence.clear();
                r.note = Some(format!("stale: {why}"));
                reopened.push(r.id.clone());
            }
        }
        reopened
    }

    /// The values a guard may read while the run goes.
    fn vars(&self) -> BTreeMap<String, serde_json::Value> {
        let artifacts: serde_json::Map<String, serde_json::Value> = self
            .run
            .state
            .artifacts
            .iter()
            .map(|(k, a)| {
                (
                    k.clone(),
                    serde_json::json!({ "path": a.path, "sha256": a.sha256, "step": a.step }),
                )
            })
            .collect();
        let outcomes: serde_json::Map<String, serde_json::Value> = self
            .run
            .state
            .steps
            .iter()
            .filter_map(|s| {
                s.outcome
                    .as_ref()
                    .map(|o| (s.id.clone(), serde_json::json!(o)))
            })
            .collect();
        BTreeMap::from([
            (
                "intent".to_string(),
                serde_json::json!(self.run.state.intent),
            ),
            (
                "grants".to_string(),
                serde_json::json!(self.authority.grants),
            ),
            ("inputs".to_string(), serde_json::json!(self.catalog.inputs)),
            (
                "artifacts".to_string(),
                serde_json::Value::Object(artifacts),
            ),
            ("outcomes".to_string(), serde_json::Value::Object(outcomes)),
        ])
    }

    /// Decides what to do next, without doing it.
    pub fn next(&self) -> Next {
        let plan = &self.run.plan;
        for (i, step) in plan.steps.iter().enumerate() {
            let rec = &self.run.state.steps[i];
            if matches!(rec.status, StepStatus::Accepted | StepStatus::Skipped) {
                continue;
            }
            if let Some(p) = self
                .preds(i)
                .into_iter()
                .find(|&p| self.run.state.steps[p].status == StepStatus::Skipped)
            {
                let root = self.run.state.steps[p].note.clone().unwrap_or_default();
                let root = root
                    .rsplit(", which is skipped: ")
                    .next()
                    .unwrap_or(&root)
                    .to_string();
                return Next::Skip(
                    i,
                    format!(
                        "depends on {} ({}), which is skipped: {root}",
                        plan.steps[p].id, plan.steps[p].target
                    ),
                );
            }
            let ty = match self.authority.steps[i].ty {
                StepType::Conditional => match self.resolve_conditional(i) {
                    Ok(ty) => ty,
                    Err(next) => return next,
                },
                t => t,
            };
            return match ty {
                StepType::Skip => Next::Skip(i, self.authority.steps[i].reason.clone()),
                StepType::UserHandoff if step.kind == StepKind::Decision => {
                    Next::Human(i, WaitKind::Decision)
                }
                StepType::UserHandoff => Next::Human(i, WaitKind::Human),
                StepType::InvokeModelSkill | StepType::Conditional => {
                    if rec.attempts >= rec.attempt_limit {
                        Next::Steer(i)
                    } else {
                        Next::Model(i)
                    }
                }
            };
        }
        Next::Done
    }

    /// A conditional step's type now, or what must happen first.
    fn resolve_conditional(&self, i: usize) -> std::result::Result<StepType, Next> {
        let step = &self.run.plan.steps[i];
        let rec = &self.run.state.steps[i];
        let base = self.authority.steps[i]
            .may_become
            .last()
            .copied()
            .unwrap_or(StepType::InvokeModelSkill);
        let Some(text) = &step.skippable_when else {
            return Ok(base);
        };
        let guard = Guard::parse(text);
        match guard.eval(&self.vars()) {
            Ok(true) => Err(Next::Skip(i, format!("{BENIGN_SKIP}: {}", guard.source()))),
            Ok(false) => Ok(base),
            Err(GuardError::Unknown(_)) if !guard.is_cel() => {
                match rec.evidence.iter().find(|e| e.kind == JUDGEMENT) {
                    Some(_) => Ok(base),
                    None => Err(Next::Judge(i)),
                }
            }
            Err(_) => Err(Next::Steer(i)),
        }
    }

    fn wait(&mut self, kind: WaitKind, i: usize) -> Result<Stop> {
        let id = self.run.plan.steps[i].id.clone();
        self.run.state.state = RunStatus::Waiting;
        self.run.state.waiting = Some(Waiting {
            kind,
            step: id.clone(),
        });
        self.run.save()?;
        self.run
            .event("waiting", Some(&id), serde_json::json!({ "for": kind }))?;
        Ok(Stop::Waiting(kind, id))
    }

    /// Records a skip.
    pub fn skip(&mut self, i: usize, why: String) -> Result<()> {
        let id = self.run.plan.steps[i].id.clone();
        let proof = if why.starts_with(BENIGN_SKIP) {
            let attempt = self.run.state.steps[i].attempts;
            let body = serde_json::json!({ "re0": { "skipped": true, "reason": why } });
            Some(self.run.record_handoff(&id, attempt, &body)?)
        } else {
            None
        };
        let r = &mut self.run.state.steps[i];
        r.status = StepStatus::Skipped;
        r.note = Some(why.clone());
        r.handoff = proof;
        self.run.save()?;
        self.run
            .event("skipped", Some(&id), serde_json::json!({ "reason": why }))?;
        (self.say)(format!(
            "{id} {} skipped: {why}",
            self.run.plan.steps[i].target
        ));
        Ok(())
    }

    /// Runs until the run completes or must wait.
    pub fn drive(&mut self) -> Result<Stop> {
        if self.run.state.state.is_terminal() {
            return Err(Error::Usage(format!(
                "run {} is {}; a terminal run is never resumed",
                self.run.id(),
                self.run.state.state.as_str()
            )));
        }
        self.settle()?;
        self.refresh()?;
        loop {
            match self.next() {
                Next::Done => return self.finish(),
                Next::Skip(i, why) => self.skip(i, why)?,
                Next::Human(i, kind) => return self.wait(kind, i),
                Next::Steer(i) => return self.wait(WaitKind::Steering, i),
                Next::Model(i) | Next::Judge(i)
                    if self.runner.is_none() && self.needs_runner(i) =>
                {
                    return self.wait(WaitKind::Runner, i)
                }
                Next::Judge(i) => self.judge(i)?,
                Next::Model(i) => {
                    self.attempt(i)?;
                    if let Some(stop) = self.halted() {
                        return Ok(stop);
                    }
                }
            }
        }
    }

    /// The terminal guard: completed only when every step not skipped has
    /// an accepted handoff with fresh evidence, no blocker is open, and no
    /// needed step was skipped.
    pub fn finish(&mut self) -> Result<Stop> {
        let mut problems: Vec<String> = Vec::new();
        for (i, r) in self.run.state.steps.iter().enumerate() {
            let step = &self.run.plan.steps[i];
            match r.status {
                StepStatus::Accepted => {
                    if let Some(why) = self.unproven_accept(i) {
                        problems.push(why);
                    }
                    for e in r.evidence.iter().filter(|e| e.kind != JUDGEMENT) {
                        let fresh = self
                            .run
                            .state
                            .artifacts
                            .get(&e.against)
                            .is_some_and(|a| a.sha256 == e.sha256);
                        if !fresh {
                            problems.push(format!(
                                "{}: evidence against {} is stale",
                                step.id, e.against
                            ));
                        }
                    }
                }
                StepStatus::Skipped => {
                    let note = r.note.clone().unwrap_or_default();
                    if !note.starts_with(BENIGN_SKIP) {
                        problems.push(format!("{} ({}) was skipped: {note}", step.id, step.target));
                    } else if let Some(why) = self.unproven_skip(i) {
                        problems.push(why);
                    }
                }
                _ => problems.push(format!("{} ({}) is not done", step.id, step.target)),
            }
        }
        for b in self.run.state.open_blockers() {
            problems.push(format!("blocker {} against {} is open", b.id, b.against));
        }
        let stop = if problems.is_empty() {
            self.run.state.state = RunStatus::Completed;
            Stop::Completed
        } else {
            self.run.state.state = RunStatus::Incomplete;
            Stop::Incomplete(problems.join("; "))
        };
        self.run.state.waiting = None;
        self.run.save()?;
        let detail = match &stop {
            Stop::Incomplete(why) => serde_json::json!({ "why": why }),
            _ => serde_json::json!({}),
        };
        self.run
            .event(self.run.state.state.as_str(), None, detail)?;
        Ok(stop)
    }
}

/// The next attempt number, bounded: a step never gets more than
/// [`MAX_ATTEMPT_LIMIT`](crate::state::model::MAX_ATTEMPT_LIMIT) attempts.
pub(super) fn next_attempt(attempts: u32) -> Result<u32> {
    use crate::state::model::MAX_ATTEMPT_LIMIT;
    if attempts >= MAX_ATTEMPT_LIMIT {
        return Err(Error::Usage(format!(
            "a step may have at most {MAX_ATTEMPT_LIMIT} attempts"
        )));
    }
    Ok(attempts + 1)
}
