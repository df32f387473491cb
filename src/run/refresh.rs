//! Re-hashing accepted artifacts when a run is picked up (DESIGN §5.3).
//!
//! An artifact whose content changed while no re0 worked on the run was
//! changed by a person (or a tool they ran): the new content is taken as
//! the producing step's work. The producer stays accepted, with a new
//! handoff record of re0's naming the new hash (so the terminal guard sees
//! it proven), and everything downstream of it is reopened, since its
//! evidence was against the old content. The run stays resumable.
//!
//! An artifact that is gone, became a FIFO or device, or now resolves
//! outside the workspace (a symlink put in its place) is no longer the
//! step's work: its producer is reopened, and everything downstream.

use super::engine::Engine;
use super::hash::{artifact_sha256, Bounds};
use crate::error::Result;
use crate::state::model::ArtifactRecord;
use crate::state::StepStatus;

impl Engine<'_> {
    /// Re-hashes every accepted artifact; returns whether any changed.
    pub fn refresh(&mut self) -> Result<bool> {
        let records: Vec<(String, ArtifactRecord)> = self
            .run
            .state
            .artifacts
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let mut changed = false;
        for (name, rec) in records {
            let base = self.run.dir.parent().unwrap_or(&self.run.dir).to_path_buf();
            let bounds = Bounds {
                workspace: &self.run.workspace,
                state_base: &base,
                run_dir: &self.run.dir,
            };
            let now = artifact_sha256(&bounds, &rec.path).map(|(_, sha)| sha);
            if now.as_deref() == Ok(rec.sha256.as_str()) {
                continue;
            }
            changed = true;
            let Some(p) = self.plan_index(&rec.step) else {
                continue;
            };
            // Only work re0 can prove it accepted takes a person's edit;
            // a step forged as accepted is reopened instead.
            let proven = self.run.state.steps[p].status != StepStatus::Accepted
                || self.unproven_accept(p).is_none();
            let now = match now {
                Ok(_) if !proven => Err(format!(
                    "it changed, and {}'s acceptance is not proven",
                    rec.step
                )),
                other => other,
            };
            let (why, accepted_as) = match now {
                Ok(sha) => self.take_edit(p, &name, sha)?,
                Err(e) => {
                    let why = format!("artifact '{name}' is no longer usable: {e}");
                    self.run.state.artifacts.remove(&name);
                    let r = &mut self.run.state.steps[p];
                    r.status = StepStatus::Pending;
                    r.evidence.clear();
                    r.handoff = None;
                    r.note = Some(why.clone());
                    (why, None)
                }
            };
            let reopened = self.stale_downstream(p, &why);
            (self.say)(format!(
                "{why}: {} reopened",
                if reopened.is_empty() {
                    "nothing".into()
                } else {
                    reopened.join(", ")
                }
            ));
            self.run.event(
                "artifact-changed",
                Some(&rec.step),
                serde_json::json!({ "artifact": name, "reopened": reopened, "accepted_as": accepted_as }),
            )?;
        }
        if changed {
            self.run.save()?;
        }
        Ok(changed)
    }

    /// Takes the new content (`sha`) of artifact `name` as step `p`'s work.
    /// Returns why, and the step it was accepted for.
    fn take_edit(&mut self, p: usize, name: &str, sha: String) -> Result<(String, Option<String>)> {
        let id = self.run.plan.steps[p].id.clone();
        let old = self.run.state.artifacts[name].sha256.clone();
        let why = format!(
            "artifact '{name}' was edited outside the run ({} → {})",
            old.get(..12).unwrap_or(&old),
            sha.get(..12).unwrap_or(&sha)
        );
        if let Some(a) = self.run.state.artifacts.get_mut(name) {
            a.sha256 = sha.clone();
        }
        if self.run.state.steps[p].status != StepStatus::Accepted {
            return Ok((why, None));
        }
        let mine: serde_json::Map<String, serde_json::Value> = self
            .run
            .state
            .artifacts
            .iter()
            .filter(|(_, a)| a.step == id)
            .map(|(k, a)| {
                (
                    k.clone(),
                    serde_json::json!({ "path": a.path, "sha256": a.sha256 }),
                )
            })
            .collect();
        let attempt = self.run.state.steps[p].accepted_attempt.unwrap_or(0);
        let body = serde_json::json!({
            "re0": { "accepted": true, "edited": name, "artifacts": mine },
        });
        let proof = self.run.record_handoff(&id, attempt, &body)?;
        let r = &mut self.run.state.steps[p];
        r.handoff = Some(proof);
        // Its own mark on the artifact moves to the new content; anything
        // else it said about the old content no longer holds.
        r.evidence
            .retain(|e| e.against != name || e.kind == "produced");
        for e in r.evidence.iter_mut().filter(|e| e.against == name) {
            e.sha256 = sha.clone();
        }
        r.note = Some(format!("{why}; accepted as {id}'s work"));
        Ok((why, Some(id)))
    }
}
