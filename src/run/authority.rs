//! Authority is never read back from disk (DESIGN §5.4).
//!
//! On every resume the steps are typed again from the catalog as it is now
//! and this invocation's grants (`--grant`, `--read-only`, a trusted
//! `re0.yaml`). `plan.json` still decides what a step is for (its target,
//! whether it was skipped or waits on a `skip-when`); only the catalog and
//! the session decide whether re0 may do it. A run whose recorded types ask
//! for more than that is refused; a grant given now widens what runs.

use crate::catalog::Catalog;
use crate::error::{Error, Result};
use crate::plan::closure::{Node, Target};
use crate::plan::typing::{self, Session};
use crate::plan::{Plan, Step, StepKind, StepType};
use crate::state::{RunState, StepStatus};
use std::collections::{BTreeMap, BTreeSet};

/// One step's type as this session may run it.
#[derive(Debug, Clone, PartialEq)]
pub struct Fresh {
    pub ty: StepType,
    pub may_become: Vec<StepType>,
    /// Why the catalog and the session type it so.
    pub reason: String,
}

/// What this invocation may do with a run.
#[derive(Debug, Clone)]
pub struct Authority {
    pub grants: BTreeSet<String>,
    pub steps: Vec<Fresh>,
}

/// Where a type stands: skip < a person does it < re0 runs it.
fn level(t: StepType) -> u8 {
    match t {
        StepType::Skip => 0,
        StepType::UserHandoff => 1,
        StepType::InvokeModelSkill | StepType::Conditional => 2,
    }
}

/// The type a step has once its `skip-when` is settled.
fn base(ty: StepType, may_become: &[StepType]) -> StepType {
    match ty {
        StepType::Conditional => may_become
            .last()
            .copied()
            .unwrap_or(StepType::InvokeModelSkill),
        t => t,
    }
}

fn retype(catalog: &Catalog, session: &Session<'_>, step: &Step) -> (StepType, String) {
    if step.kind == StepKind::Decision {
        return (
            StepType::UserHandoff,
            "a decision only a person can make".to_string(),
        );
    }
    let Some(i) = catalog.index_of(&step.target) else {
        return (
            StepType::Skip,
            format!("{} is not installed now", step.target),
        );
    };
    let node = Node {
        target: Target::Skill(i),
        because: String::new(),
        relevance: 0.0,
        supplied: Vec::new(),
        unmet: Vec::new(),
    };
    let t = typing::type_node(session, &node, None);
    (base(t.ty, &t.may_become), t.reason)
}

impl Authority {
    /// Types every step of `plan` for a session holding `grants`.
    pub fn derive(plan: &Plan, catalog: &Catalog, grants: &BTreeSet<String>) -> Authority {
        let session = Session {
            catalog,
            grants,
            known: BTreeMap::from([
                ("intent".to_string(), serde_json::json!(plan.intent)),
                ("grants".to_string(), serde_json::json!(grants)),
                ("inputs".to_string(), serde_json::json!(catalog.inputs)),
            ]),
        };
        let steps = plan
            .steps
            .iter()
            .map(|step| {
                let (now, reason) = retype(catalog, &session, step);
                match step.step_type {
                    // What the plan skipped stays skipped: a skip never
                    // came from a grant.
                    StepType::Skip => Fresh {
                        ty: StepType::Skip,
                        may_become: Vec::new(),
                        reason: step.reason.clone(),
                    },
                    StepType::Conditional => Fresh {
                        ty: StepType::Conditional,
                        may_become: vec![StepType::Skip, now],
                        reason,
                    },
                    _ => Fresh {
                        ty: now,
                        may_become: Vec::new(),
                        reason,
                    },
                }
            })
            .collect();
        Authority {
            grants: grants.clone(),
            steps,
        }
    }

    /// Refuses a run whose recorded types ask for more than this session
    /// may do, for every step that can still run.
    pub fn check(&self, plan: &Plan, state: &RunState) -> Result<()> {
        let mut over = Vec::new();
        for ((step, rec), fresh) in plan.steps.iter().zip(&state.steps).zip(&self.steps) {
            if matches!(rec.status, StepStatus::Accepted | StepStatus::Skipped) {
                continue;
            }
            let recorded = base(step.step_type, &step.may_become);
            let now = base(fresh.ty, &fresh.may_become);
            if level(recorded) > level(now) {
                over.push(format!(
                    "{} ({}) was planned as {}, but this session may only make it {}: {}",
                    step.id,
                    step.target,
                    recorded.as_str(),
                    now.as_str(),
                    fresh.reason
                ));
            }
        }
        if over.is_empty() {
            return Ok(());
        }
        let recorded: Vec<&str> = state.grants.iter().map(String::as_str).collect();
        Err(Error::Usage(crate::display::clean(&format!(
            "run {} asks for more authority than this session holds, and authority is never read back from disk: {}. Resume with the grants it needs (it was started holding: {}), or cancel it",
            state.run_id,
            over.join("; "),
            if recorded.is_empty() { "nothing".to_string() } else { recorded.join(", ") }
        )).into_owned()))
    }
}
