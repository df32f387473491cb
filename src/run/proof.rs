//! What the terminal guard accepts as proof that a step is done (DESIGN
//! §5.3): a step marked `accepted` in `state.json` counts only when the
//! handoff file that accepted it is there, unchanged (its SHA-256 is
//! recorded), says it was accepted, and lists every artifact the step must
//! produce with the hash now recorded for it. A benign skip needs the
//! record of its guard's verdict the same way.

use super::engine::Engine;
use serde_json::Value;

impl Engine<'_> {
    /// Why accepted step `i` is not proven, if it is not.
    pub(super) fn unproven_accept(&self, i: usize) -> Option<String> {
        let step = &self.run.plan.steps[i];
        let rec = &self.run.state.steps[i];
        let Some(r) = &rec.handoff else {
            return Some(format!(
                "{} is marked accepted, but no accepted handoff of re0's records it",
                step.id
            ));
        };
        let Some(body) = self.run.recorded_handoff(r) else {
            return Some(format!(
                "{} is marked accepted, but its handoff {} is missing or was changed",
                step.id, r.file
            ));
        };
        if body["re0"]["accepted"] != Value::Bool(true) {
            return Some(format!(
                "{} is marked accepted, but its handoff {} was not accepted",
                step.id, r.file
            ));
        }
        for name in &step.expected_output {
            let Some(a) = self.run.state.artifacts.get(name) else {
                return Some(format!("{}: artifact {name} has no record", step.id));
            };
            let listed = body["re0"]["artifacts"][name]["sha256"].as_str();
            if a.step != step.id || listed != Some(a.sha256.as_str()) {
                return Some(format!(
                    "{}: artifact {name} is not the one its accepted handoff {} recorded",
                    step.id, r.file
                ));
            }
        }
        None
    }

    /// Why a step skipped by its own guard is not proven, if it is not.
    pub(super) fn unproven_skip(&self, i: usize) -> Option<String> {
        let step = &self.run.plan.steps[i];
        let proven = self.run.state.steps[i]
            .handoff
            .as_ref()
            .and_then(|r| self.run.recorded_handoff(r))
            .is_some_and(|b| {
                b["re0"]["skipped"] == Value::Bool(true)
                    || b["judgement"]["verdict"] == Value::Bool(true)
            });
        (!proven).then(|| {
            format!(
                "{} is marked skipped by its skip-when, but no record of re0's shows the guard held",
                step.id
            )
        })
    }
}
