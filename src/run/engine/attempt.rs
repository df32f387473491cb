//! One runner attempt of a model step, and the judgement of a text guard:
//! the prompt, the runner's exit, and the handoff it leaves.

use super::*;

impl Engine<'_> {
    /// Asks the runner whether a text guard holds and records the verdict.
    pub(super) fn judge(&mut self, i: usize) -> Result<()> {
        let runner = self.runner.clone().expect("checked by drive");
        let step = self.run.plan.steps[i].clone();
        let text = step.skippable_when.clone().unwrap_or_default();
        let r = &mut self.run.state.steps[i];
        r.attempts = next_attempt(r.attempts)?;
        let attempt = r.attempts;
        self.run.save()?;
        let log = self.run.log_path(&format!("{}-judge", step.id), attempt);
        let question = format!(
            "Answer with one word, yes or no. For the re0 step {} ({}) of the intent \"{}\": does this hold now? {text}\n",
            step.id, step.target, self.run.state.intent
        );
        let inbox = self.run.inbox(&step.id, attempt);
        // Recorded like a step's runner: a resume after a kill here finds
        // the agent and does not start a second one beside it.
        let pidfile = self.run.dir.join(crate::run::settle::RUNNER_FILE);
        let verdict = runner
            .judge(&Invocation {
                run_id: &self.run.state.run_id.clone(),
                step: &step.id,
                skill: &step.target,
                skill_dir: None,
                attempt,
                handoff: &inbox,
                prompt: &question,
                workspace: &self.run.workspace.clone(),
                log: &log,
                pidfile: Some(&pidfile),
            })
            .map_err(|e| Error::Io {
                path: log.clone(),
                source: e,
            })?;
        if let Some(sig) = crate::process::interrupted() {
            return self.interrupt(i, attempt, sig);
        }
        self.record_judgement(i, attempt, verdict, &text)
    }

    /// Records a verdict on a text guard: `Some(true)` skips the step.
    pub fn record_judgement(
        &mut self,
        i: usize,
        attempt: u32,
        verdict: Option<bool>,
        text: &str,
    ) -> Result<()> {
        let id = self.run.plan.steps[i].id.clone();
        let body = serde_json::json!({ "judgement": { "guard": text, "verdict": verdict }, "attempt": attempt });
        let proof = self.run.record_handoff(&id, attempt, &body)?;
        let r = &mut self.run.state.steps[i];
        r.handoff = Some(proof);
        match verdict {
            Some(holds) => {
                r.evidence.push(Evidence {
                    kind: JUDGEMENT.into(),
                    against: "skip-when".into(),
                    sha256: text_sha256(text),
                });
                if holds {
                    r.status = StepStatus::Skipped;
                    r.note = Some(format!("{BENIGN_SKIP} (judged): {text}"));
                } else {
                    r.note = Some(format!("skip-when judged false: {text}"));
                }
            }
            None => {
                r.note = Some("the runner gave no yes or no on skip-when".into());
                r.attempt_limit = r.attempts;
            }
        }
        self.run.save()?;
        self.run.event(
            "judged",
            Some(&id),
            serde_json::json!({ "verdict": verdict }),
        )?;
        Ok(())
    }

    /// One gate attempt: the skill's GES graph, or the runner.
    pub(super) fn attempt(&mut self, i: usize) -> Result<()> {
        if self.graph_of(i).is_some() {
            return self.attempt_graph(i, None).map(|_| ());
        }
        let runner = self.runner.clone().expect("checked by drive");
        let step = self.run.plan.steps[i].clone();
        let (attempt, limit, before) = self.begin_attempt(i, &step)?;
        let inbox = self.run.inbox(&step.id, attempt);
        let _ = std::fs::remove_file(&inbox);
        let skill = self.catalog.get(&step.target);
        let prompt_text = self.prompt_for(i, &step, attempt, limit, before.as_deref(), &inbox);
        let log = self.run.log_path(&step.id, attempt);
        let pidfile = self.run.dir.join(crate::run::settle::RUNNER_FILE);
        feedback::keep_prompt(&log, &prompt_text);
        let started = std::time::Instant::now();
        let label = format!("{} {} attempt {attempt}", step.id, step.target);
        let ran = crate::run::progress::watch(&label, &log, || {
            runner.run(&Invocation {
                run_id: &self.run.state.run_id.clone(),
                step: &step.id,
                skill: &step.target,
                skill_dir: skill.map(|s| s.dir()),
                attempt,
                handoff: &inbox,
                prompt: &prompt_text,
                workspace: &self.run.workspace.clone(),
                log: &log,
                pidfile: Some(&pidfile),
            })
        });
        let ran = match ran {
            Ok(ran) => ran,
            Err(e) => {
                let why = format!("cannot start the runner '{}': {e}", runner.command);
                return self.runner_unavailable(i, why);
            }
        };
        if let Some(sig) = crate::process::interrupted() {
            return self.interrupt(i, attempt, sig);
        }
        if let Some(why) = crate::run::fastfail::cannot_start(&ran.exit, &runner.command, &log) {
            return self.runner_unavailable(i, why);
        }
        let took = crate::run::usage::event_detail(attempt, started.elapsed(), &log);
        self.run.event("attempt-ended", Some(&step.id), took)?;
        let exit_note = exit_note(&ran.exit, ran.output_capped);
        if let Some(note) = exit_note
            .as_ref()
            .filter(|_| matches!(ran.exit, Exit::TimedOut(_)))
        {
            return self.fail(i, attempt, note.clone(), None, false);
        }
        self.settle_attempt(i, attempt, &inbox, exit_note, &log)
    }

    /// Marks step `i` running under its next attempt, saved and logged
    /// before the runner starts: its attempt number, its limit, and the
    /// note the last attempt left.
    fn begin_attempt(
        &mut self,
        i: usize,
        step: &crate::plan::Step,
    ) -> Result<(u32, u32, Option<String>)> {
        let r = &mut self.run.state.steps[i];
        r.attempts = next_attempt(r.attempts)?;
        r.status = StepStatus::Running;
        let before = r.note.take();
        let (attempt, limit) = (r.attempts, r.attempt_limit);
        self.run.state.state = RunStatus::Running;
        self.run.state.waiting = None;
        self.run.save()?;
        self.run.event(
            "step-started",
            Some(&step.id),
            serde_json::json!({ "attempt": attempt }),
        )?;
        (self.say)(format!(
            "{} {} attempt {attempt}: running",
            step.id, step.target
        ));
        Ok((attempt, limit, before))
    }

    /// The prompt of one attempt: the run, the step, the decisions it
    /// depends on and what the previous attempt left.
    fn prompt_for(
        &self,
        i: usize,
        step: &crate::plan::Step,
        attempt: u32,
        limit: u32,
        before: Option<&str>,
        inbox: &std::path::Path,
    ) -> String {
        prompt::build(&PromptInput {
            state: &self.run.state,
            step,
            attempt,
            limit,
            skill_file: self.catalog.get(&step.target).map(|s| s.file.as_path()),
            handoff: inbox,
            decisions: self.decisions_for(i),
            previous: feedback::previous(
                &self.run.dir,
                &step.id,
                attempt,
                before,
                Some(&self.run.log_path(&step.id, attempt.saturating_sub(1))),
            ),
        })
    }

    /// Reads the handoff an attempt left and accepts or fails it; a
    /// failure says how the runner exited and shows the log's tail.
    fn settle_attempt(
        &mut self,
        i: usize,
        attempt: u32,
        inbox: &std::path::Path,
        exit_note: Option<String>,
        log: &std::path::Path,
    ) -> Result<()> {
        let id = self.run.plan.steps[i].id.clone();
        let parsed = handoff::read(inbox, crate::fsio::Follow::No);
        let submitted = parsed
            .as_ref()
            .ok()
            .map(|h| serde_json::to_value(h).unwrap_or_default());
        let blocked = matches!(&parsed, Ok(h) if h.status == HandoffStatus::Blocked && h.step == id && h.attempt == attempt);
        match parsed.and_then(|h| self.check(i, attempt, h)) {
            Ok(acc) => self.accept(i, attempt, acc),
            Err(reason) => {
                let reason = match exit_note {
                    Some(n) => format!("{reason} ({n})"),
                    None => reason,
                };
                self.fail(i, attempt, reason.clone(), submitted, blocked)?;
                self.show_log_tail(&reason, log);
                Ok(())
            }
        }
    }

    /// Answers of decision steps `i` depends on.
    fn decisions_for(&self, i: usize) -> Vec<(String, String)> {
        self.preds(i)
            .into_iter()
            .filter(|&p| self.run.plan.steps[p].kind == StepKind::Decision)
            .filter_map(|p| {
                let answer = self.run.state.steps[p].outcome.clone()?;
                Some((self.run.plan.steps[p].target.clone(), answer))
            })
            .collect()
    }
}

/// What a runner's exit says beside its handoff: a status other than 0, a
/// signal, a timeout, or output cut at the log cap.
fn exit_note(exit: &Exit, output_capped: bool) -> Option<String> {
    let note = match exit {
        Exit::Code(0) => None,
        Exit::Code(c) => Some(format!("the runner exited with status {c}")),
        Exit::Signal => Some("the runner was killed by a signal".to_string()),
        Exit::TimedOut(d) => Some(format!("the runner timed out after {}s", d.as_secs())),
    };
    if !output_capped {
        return note;
    }
    let cap = format!(
        "its output passed the {} MiB log cap and was cut there",
        crate::run::runner::LOG_CAP >> 20
    );
    Some(match note {
        Some(n) => format!("{n}; {cap}"),
        None => cap,
    })
}
