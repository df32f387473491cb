//! What a handoff does to the run: checked, then recorded as a failed or
//! an accepted attempt; an accepted one's blockers reopen what they name.

use super::*;

impl Engine<'_> {
    /// Checks a handoff for step `i`, attempt `attempt`.
    pub fn check(
        &self,
        i: usize,
        attempt: u32,
        h: handoff::Handoff,
    ) -> std::result::Result<Accepted, String> {
        let step = &self.run.plan.steps[i];
        let known: BTreeMap<String, String> = self
            .run
            .state
            .artifacts
            .iter()
            .map(|(k, a)| (k.clone(), a.sha256.clone()))
            .collect();
        handoff::accept(
            h,
            &Expect {
                step: &step.id,
                attempt,
                outputs: &step.expected_output,
                workspace: &self.run.workspace,
                state_base: self.run.dir.parent().unwrap_or(&self.run.dir),
                run_dir: &self.run.dir,
                known: &known,
            },
        )
    }

    /// Records a failed attempt. `blocked`: the gate said it cannot go on,
    /// so a person steers instead of another attempt.
    pub fn fail(
        &mut self,
        i: usize,
        attempt: u32,
        reason: String,
        submitted: Option<serde_json::Value>,
        blocked: bool,
    ) -> Result<()> {
        let id = self.run.plan.steps[i].id.clone();
        let body = serde_json::json!({
            "submitted": submitted,
            "re0": { "accepted": false, "reason": reason },
        });
        self.run.record_handoff(&id, attempt, &body)?;
        let r = &mut self.run.state.steps[i];
        r.status = StepStatus::Pending;
        r.note = Some(reason.clone());
        if blocked {
            r.attempt_limit = r.attempts;
        }
        let left = r.attempt_limit.saturating_sub(r.attempts);
        self.run.state.state = RunStatus::RetryableError;
        self.run.save()?;
        self.run.event(
            "handoff-rejected",
            Some(&id),
            serde_json::json!({ "attempt": attempt, "reason": reason }),
        )?;
        (self.say)(format!(
            "{id} attempt {attempt} failed: {reason} ({left} attempt(s) left)"
        ));
        Ok(())
    }

    /// Records an accepted handoff and routes its blockers.
    pub fn accept(&mut self, i: usize, attempt: u32, acc: Accepted) -> Result<()> {
        let id = self.run.plan.steps[i].id.clone();
        let h = &acc.handoff;
        let hashes: serde_json::Map<String, serde_json::Value> = acc
            .artifacts
            .iter()
            .map(|(k, (p, s))| (k.clone(), serde_json::json!({ "path": p, "sha256": s })))
            .collect();
        let body = serde_json::json!({
            "submitted": h,
            "re0": { "accepted": true, "artifacts": hashes, "warnings": acc.warnings },
        });
        let proof = self.run.record_handoff(&id, attempt, &body)?;
        for (name, (path, sha)) in &acc.artifacts {
            self.run.state.artifacts.insert(
                name.clone(),
                ArtifactRecord {
                    path: path.clone(),
                    sha256: sha.clone(),
                    step: id.clone(),
                    attempt,
                },
            );
        }
        let evidence = self.evidence_of(&acc);
        let r = &mut self.run.state.steps[i];
        r.status = StepStatus::Accepted;
        r.accepted_attempt = Some(attempt);
        r.outcome = h.outcome.clone();
        r.evidence = evidence;
        r.note = None;
        r.handoff = Some(proof);
        let reopened = self.route_blockers(i, attempt, &h.blockers);
        self.run.save()?;
        self.run.event(
            "handoff-accepted",
            Some(&id),
            serde_json::json!({ "attempt": attempt, "outcome": h.outcome, "blockers": h.blockers.len(), "reopened": reopened, "suggested_route": h.suggested_route }),
        )?;
        let mut line = format!(
            "{id} {} attempt {attempt}: accepted",
            self.run.plan.steps[i].target
        );
        if let Some(o) = &h.outcome {
            line.push_str(&format!(" ({})", handoff::short(o)));
        }
        if !reopened.is_empty() {
            line.push_str(&format!(
                "; {} blocker(s) reopen {}",
                h.blockers.len(),
                reopened.join(", ")
            ));
        }
        (self.say)(line);
        for w in &acc.warnings {
            (self.say)(format!("{id} warning: {w}"));
        }
        Ok(())
    }

    /// The evidence an accepted handoff gives: each artifact it produced,
    /// then what it checked, against the artifacts' recorded hashes.
    fn evidence_of(&self, acc: &Accepted) -> Vec<Evidence> {
        let mut evidence: Vec<Evidence> = acc
            .artifacts
            .iter()
            .map(|(name, (_, sha))| Evidence {
                kind: "produced".into(),
                against: name.clone(),
                sha256: sha.clone(),
            })
            .collect();
        for e in &acc.evidence {
            evidence.push(Evidence {
                kind: e.kind.clone(),
                against: e.against.clone(),
                sha256: self
                    .run
                    .state
                    .artifacts
                    .get(&e.against)
                    .map(|a| a.sha256.clone())
                    .unwrap_or_default(),
            });
        }
        evidence
    }

    /// Records the blockers step `i` raised (closing those it raised
    /// before), reopens the step that produced each blocked artifact and
    /// makes what follows it stale; returns the steps reopened.
    fn route_blockers(
        &mut self,
        i: usize,
        attempt: u32,
        blockers: &[handoff::BlockerRef],
    ) -> Vec<String> {
        let id = self.run.plan.steps[i].id.clone();
        // This step's earlier verdict is superseded by this one.
        for b in self
            .run
            .state
            .blockers
            .iter_mut()
            .filter(|b| b.raised_by == id && b.open)
        {
            b.open = false;
        }
        let mut reopened: Vec<String> = Vec::new();
        for b in blockers {
            self.run.state.blockers.push(Blocker {
                id: handoff::short(&b.id),
                against: b.against.clone(),
                summary: handoff::short(&b.summary),
                raised_by: id.clone(),
                attempt,
                open: true,
            });
            let producer = self
                .run
                .state
                .artifacts
                .get(&b.against)
                .and_then(|a| self.plan_index(&a.step));
            if let Some(p) = producer.filter(|&p| p != i) {
                let why = format!(
                    "blocker {} against {} from {id}",
                    handoff::short(&b.id),
                    b.against
                );
                let pr = &mut self.run.state.steps[p];
                if pr.status == StepStatus::Accepted {
                    pr.status = StepStatus::Pending;
                    pr.evidence.clear();
                    pr.note = Some(format!("reopened by {why}"));
                    reopened.push(pr.id.clone());
                }
                reopened.extend(self.stale_downstream(p, &why));
            }
        }
        reopened
    }
}
