//! Reading `state.json` and `plan.json` as the untrusted input they are
//! (DESIGN §5.4): parsed strictly, then checked against each other before
//! any id or path in them is used.
//!
//! Invariants: every step id is `s<number>`, unique, and the same in both
//! files; every id a record names is one of them; every path stays inside
//! the workspace; every hash is 64 hex digits; every counter is within
//! bounds. Unknown fields are refused in both files.

use super::model::{
    is_sha256, is_step_id, RunState, MAX_ATTEMPT_LIMIT, MAX_HANDOFFS, MAX_REVISION, SCHEMA,
};
use super::store::{is_contained, valid_run_id};
use crate::error::{Error, Result};
use crate::plan::Plan;
use std::collections::BTreeSet;
use std::path::Path;

pub fn refuse(path: &Path, message: impl Into<String>) -> Error {
    Error::State {
        path: path.to_path_buf(),
        message: crate::display::clean(&message.into()).into_owned(),
    }
}

/// Parses a state or plan file, refusing what this re0 does not understand.
pub fn parse<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T> {
    serde_json::from_str(text)
        .map_err(|e| refuse(path, format!("{e}; the file is refused, not reinterpreted")))
}

/// Parses `plan.json`; a field this re0 does not know is refused.
pub fn parse_plan(path: &Path, text: &str) -> Result<Plan> {
    let mut unknown = Vec::new();
    let mut de = serde_json::Deserializer::from_str(text);
    let plan: Plan = serde_ignored::deserialize(&mut de, |p| unknown.push(p.to_string()))
        .and_then(|p| de.end().map(|()| p))
        .map_err(|e| refuse(path, format!("{e}; the file is refused, not reinterpreted")))?;
    if let Some(field) = unknown.first() {
        return Err(refuse(
            path,
            format!("unknown field `{field}`; the file is refused, not reinterpreted"),
        ));
    }
    Ok(plan)
}

/// Checks a state file against its plan and the rules of DESIGN §5.4.
pub fn validate(
    s: &RunState,
    plan: &Plan,
    id: &str,
    state_path: &Path,
    plan_path: &Path,
) -> Result<()> {
    if plan.schema != crate::plan::model::SCHEMA {
        return Err(refuse(
            plan_path,
            format!(
                "plan schema '{}' was made by an incompatible re0 (this one reads {})",
                plan.schema,
                crate::plan::model::SCHEMA
            ),
        ));
    }
    if s.schema != SCHEMA {
        return Err(refuse(
            state_path,
            format!("unknown schema '{}' (this re0 reads {SCHEMA})", s.schema),
        ));
    }
    if !valid_run_id(&s.run_id) || s.run_id != id {
        return Err(refuse(
            state_path,
            format!("names run '{}', but lives in folder '{id}'", s.run_id),
        ));
    }
    plan_ids(plan, plan_path)?;
    let plan_ids: Vec<&str> = plan.steps.iter().map(|s| s.id.as_str()).collect();
    let state_ids: Vec<&str> = s.steps.iter().map(|s| s.id.as_str()).collect();
    if plan_ids != state_ids {
        return Err(refuse(
            state_path,
            "its steps do not match the run's plan.json",
        ));
    }
    counters(s, state_path)?;
    artifacts(s, &plan_ids, state_path)?;
    if let Some(w) = &s.waiting {
        if !plan_ids.contains(&w.step.as_str()) {
            return Err(refuse(
                state_path,
                format!("waits on unknown step '{}'", w.step),
            ));
        }
    }
    for b in &s.blockers {
        if !plan_ids.contains(&b.raised_by.as_str()) {
            return Err(refuse(
                state_path,
                format!("blocker '{}' names unknown step '{}'", b.id, b.raised_by),
            ));
        }
    }
    Ok(())
}

/// Step ids are `s<n>`, unique, and predecessors name steps of the plan.
fn plan_ids(plan: &Plan, path: &Path) -> Result<()> {
    let mut seen = BTreeSet::new();
    for step in &plan.steps {
        if !is_step_id(&step.id) {
            return Err(refuse(
                path,
                format!("step id '{}' is not s1, s2, …", step.id),
            ));
        }
        if !seen.insert(step.id.as_str()) {
            return Err(refuse(path, format!("step id '{}' appears twice", step.id)));
        }
    }
    for step in &plan.steps {
        if let Some(p) = step
            .predecessors
            .iter()
            .find(|p| !seen.contains(p.as_str()))
        {
            return Err(refuse(
                path,
                format!("{} follows unknown step '{p}'", step.id),
            ));
        }
        if let Some(a) = step
            .expected_output
            .iter()
            .find(|a| !crate::contract::is_artifact_name(a))
        {
            return Err(refuse(
                path,
                format!(
                    "{} expects artifact '{a}', which is not a valid name",
                    step.id
                ),
            ));
        }
    }
    Ok(())
}

fn counters(s: &RunState, path: &Path) -> Result<()> {
    if s.revision > MAX_REVISION {
        return Err(refuse(
            path,
            format!("revision {} is out of range", s.revision),
        ));
    }
    if s.handoffs > MAX_HANDOFFS {
        return Err(refuse(
            path,
            format!(
                "it counts {} handoffs, more than re0 ever records",
                s.handoffs
            ),
        ));
    }
    for r in &s.steps {
        if r.attempts > MAX_ATTEMPT_LIMIT || r.attempt_limit > MAX_ATTEMPT_LIMIT {
            return Err(refuse(
                path,
                format!(
                    "{} counts {} of {} attempts; at most {MAX_ATTEMPT_LIMIT} are allowed",
                    r.id, r.attempts, r.attempt_limit
                ),
            ));
        }
        if r.accepted_attempt.is_some_and(|a| a == 0 || a > r.attempts) {
            return Err(refuse(
                path,
                format!("{} was accepted at an attempt it never made", r.id),
            ));
        }
        if let Some(e) = r
            .evidence
            .iter()
            .find(|e| !is_sha256(&e.sha256) && !e.sha256.is_empty())
        {
            return Err(refuse(
                path,
                format!(
                    "{} has evidence with hash '{}', which is not SHA-256",
                    r.id, e.sha256
                ),
            ));
        }
        if let Some(h) = &r.handoff {
            let name_ok = h.file.len() <= 64
                && h.file.ends_with(".json")
                && h.file
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
                && !h.file.starts_with('.');
            if !name_ok || !is_sha256(&h.sha256) {
                return Err(refuse(
                    path,
                    format!(
                        "{} names handoff '{}', which re0 did not write",
                        r.id, h.file
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn artifacts(s: &RunState, plan_ids: &[&str], path: &Path) -> Result<()> {
    for (name, a) in &s.artifacts {
        if !crate::contract::is_artifact_name(name) {
            return Err(refuse(path, format!("artifact name '{name}' is not valid")));
        }
        if !is_contained(&a.path) {
            return Err(refuse(
                path,
                format!(
                    "artifact '{name}' has path '{}', which leaves the workspace",
                    a.path
                ),
            ));
        }
        if !is_sha256(&a.sha256) {
            return Err(refuse(
                path,
                format!(
                    "artifact '{name}' has hash '{}', which is not SHA-256",
                    a.sha256
                ),
            ));
        }
        if !plan_ids.contains(&a.step.as_str()) {
            return Err(refuse(
                path,
                format!("artifact '{name}' names unknown step '{}'", a.step),
            ));
        }
    }
    Ok(())
}
