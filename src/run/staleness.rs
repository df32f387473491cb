//! What went stale since it was accepted (DESIGN §5.3), computed without
//! writing anything: `re0 status` shows it for every run, terminal ones
//! too, and `re0 run --resume` on a terminal run uses it to offer
//! `--reopen`.
//!
//! An accepted artifact whose content changed makes stale every accepted
//! step downstream of its producer and every step whose evidence is
//! against it; one that is gone (or is no longer a regular file) makes its
//! producer stale as well.

use super::hash::file_sha256;
use crate::fsio::{self, Follow};
use crate::plan::Plan;
use crate::state::{RunState, StepStatus};
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::Path;

/// One accepted artifact that no longer has the content re0 recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Changed {
    pub artifact: String,
    pub path: String,
    /// The step that produced it.
    pub step: String,
    pub recorded: String,
    /// Its hash now; `None` when it is gone or not a regular file.
    pub now: Option<String>,
    /// Accepted steps whose evidence this makes stale, in plan order.
    pub stale: Vec<String>,
}

/// The hash of a regular file now (never blocking on a FIFO).
fn sha_now(path: &Path) -> Option<String> {
    fsio::open_regular(path, Follow::No).ok()?;
    file_sha256(path, super::hash::MAX_ARTIFACT_BYTES).ok()
}

/// Every step that depends on step `i`, directly or not.
fn downstream(plan: &Plan, i: usize) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    let mut frontier = vec![i];
    while let Some(x) = frontier.pop() {
        let id = &plan.steps[x].id;
        for (j, s) in plan.steps.iter().enumerate() {
            if s.predecessors.contains(id) && out.insert(j) {
                frontier.push(j);
            }
        }
    }
    out
}

/// The accepted artifacts of `state` that changed on disk under `workspace`.
pub fn changed(state: &RunState, plan: &Plan, workspace: &Path) -> Vec<Changed> {
    let mut out = Vec::new();
    for (name, rec) in &state.artifacts {
        let now = sha_now(&workspace.join(&rec.path));
        if now.as_deref() == Some(rec.sha256.as_str()) {
            continue;
        }
        let producer = plan.steps.iter().position(|s| s.id == rec.step);
        let mut hit: BTreeSet<usize> = producer.map(|p| downstream(plan, p)).unwrap_or_default();
        if now.is_none() {
            hit.extend(producer);
        }
        for (j, r) in state.steps.iter().enumerate() {
            if r.evidence
                .iter()
                .any(|e| e.against == *name && e.kind != "produced")
            {
                hit.insert(j);
            }
        }
        let stale = hit
            .into_iter()
            .filter(|&j| {
                state
                    .steps
                    .get(j)
                    .is_some_and(|r| r.status == StepStatus::Accepted)
            })
            .map(|j| plan.steps[j].id.clone())
            .collect();
        out.push(Changed {
            artifact: name.clone(),
            path: rec.path.clone(),
            step: rec.step.clone(),
            recorded: rec.sha256.clone(),
            now,
            stale,
        });
    }
    out
}

/// One line per changed artifact, for people.
pub fn describe(c: &Changed) -> String {
    let what = match &c.now {
        Some(_) => "changed since it was accepted",
        None => "is gone",
    };
    let stale = if c.stale.is_empty() {
        "nothing accepted depends on it".to_string()
    } else {
        format!("stale: {}", c.stale.join(", "))
    };
    format!(
        "{} ({}, from {}) {what}; {stale}",
        c.artifact,
        crate::display::clean(&c.path),
        c.step
    )
}
