//! Steps whose skill has a GES graph: each attempt runs the graph, and
//! its terminal node's handoff is checked like any other.

use super::*;

impl<'a> Engine<'a> {
    /// The GES graph of step `i`'s skill: `None` when it has none, an
    /// error when it has one re0 cannot use (never a plain step then).
    #[allow(clippy::type_complexity)]
    pub(super) fn graph_of(
        &self,
        i: usize,
    ) -> Option<(
        &'a crate::catalog::Skill,
        std::result::Result<crate::ges::Graph, String>,
    )> {
        let catalog: &'a Catalog = self.catalog;
        let skill = catalog.get(&self.run.plan.steps[i].target)?;
        match crate::ges::for_skill(skill) {
            Ok(None) => None,
            Ok(Some(g)) => Some((skill, Ok(g))),
            Err(e) => Some((skill, Err(e))),
        }
    }

    /// True when step `i`'s skill has a GES graph (readable or not): its
    /// gate is the graph, never a plain step.
    pub fn has_graph(&self, i: usize) -> bool {
        self.graph_of(i).is_some()
    }

    /// A model step needs the runner unless it is a graph with neither
    /// prompts nor judged guards.
    pub(super) fn needs_runner(&self, i: usize) -> bool {
        match self.graph_of(i) {
            Some((s, Ok(g))) if self.authority.steps[i].ty != StepType::Conditional => {
                crate::ges::exec::needs_runner(&g, s.dir())
            }
            Some((_, Err(_))) => false,
            _ => true,
        }
    }

    /// Runs (or resumes) the GES graph of step `i` as its gate. With
    /// `inbox` (`re0 next`) the agent answers its questions there; the
    /// question it must answer next is returned.
    pub fn attempt_graph(
        &mut self,
        i: usize,
        inbox: Option<&std::path::Path>,
    ) -> Result<Option<crate::ges::state::Question>> {
        let (skill, graph) = self.graph_of(i).expect("checked by the caller");
        let (skill_key, skill_dir) = (skill.key(), skill.dir().to_path_buf());
        let step = self.run.plan.steps[i].clone();
        let rec = self.run.state.steps[i].clone();
        let path_for = |run: &Run, attempt: u32| {
            run.dir
                .join("ges")
                .join(format!("{}-a{attempt}.json", step.id))
        };
        let resuming = rec.status == StepStatus::Running
            && rec.attempts > 0
            && crate::ges::state::is_running(&path_for(self.run, rec.attempts));
        if !resuming {
            let r = &mut self.run.state.steps[i];
            r.attempts = next_attempt(r.attempts)?;
            r.status = StepStatus::Running;
            r.note = None;
            self.run.state.state = RunStatus::Running;
            self.run.state.waiting = None;
            self.run.save()?;
        }
        let attempt = self.run.state.steps[i].attempts;
        let graph = match graph {
            Ok(g) => g,
            Err(why) => {
                self.fail(i, attempt, why, None, true)?;
                return Ok(None);
            }
        };
        self.run.event(
            if resuming {
                "graph-resumed"
            } else {
                "step-started"
            },
            Some(&step.id),
            serde_json::json!({ "attempt": attempt, "graph": graph.meta.name }),
        )?;
        (self.say)(format!(
            "{} {} attempt {attempt}: graph {}{}",
            step.id,
            step.target,
            graph.meta.name,
            if resuming { " (resumed)" } else { "" }
        ));
        if crate::ges::exec::runs_commands(&graph, &skill_dir)
            && !crate::plan::typing::holds(&self.authority.grants, "exec", skill)
        {
            let why = format!("the graph runs commands and the session does not hold exec for {skill_key} (--grant exec:{skill_key})");
            self.fail(i, attempt, why, None, true)?;
            return Ok(None);
        }
        let outcome = self.run_graph(&graph, &skill_dir, &skill_key, &step, attempt, inbox)?;
        if let Some(sig) = crate::process::interrupted() {
            self.interrupt(i, attempt, sig)?;
            return Ok(None);
        }
        self.settle_graph(i, attempt, &step, outcome)
    }

    /// What a graph's outcome does to step `i`: a finished graph's handoff
    /// is checked and accepted or failed; a stuck or failed graph fails the
    /// attempt; a pending one returns the question it waits on.
    fn settle_graph(
        &mut self,
        i: usize,
        attempt: u32,
        step: &crate::plan::Step,
        outcome: crate::ges::exec::Outcome,
    ) -> Result<Option<crate::ges::state::Question>> {
        match outcome {
            crate::ges::exec::Outcome::Done(st) => {
                for w in &st.warnings {
                    (self.say)(format!("{} warning: {w}", step.id));
                }
                if let Some(h) = &st.handoff {
                    (self.say)(format!(
                        "{} graph handed off to {}: recorded, not followed (only the plan routes a run)",
                        step.id, h.target
                    ));
                }
                let h = self.graph_handoff(step, attempt, &st)?;
                match self.check(i, attempt, h) {
                    Ok(acc) => self.accept(i, attempt, acc)?,
                    Err(reason) => self.fail(
                        i,
                        attempt,
                        format!("the graph finished but {reason}"),
                        None,
                        true,
                    )?,
                }
            }
            crate::ges::exec::Outcome::Stuck(msg) => self.fail(i, attempt, msg, None, true)?,
            crate::ges::exec::Outcome::Failed(msg) => self.fail(i, attempt, msg, None, false)?,
            crate::ges::exec::Outcome::Pending(q) => return Ok(Some(*q)),
        }
        Ok(None)
    }

    /// The call into the GES executor for one attempt.
    fn run_graph(
        &self,
        graph: &crate::ges::Graph,
        skill_dir: &std::path::Path,
        skill_key: &str,
        step: &crate::plan::Step,
        attempt: u32,
        inbox: Option<&std::path::Path>,
    ) -> Result<crate::ges::exec::Outcome> {
        use crate::ges::ask::{Ask, InboxAsk, NoAsk, RunnerAsk};
        let run: &Run = self.run;
        let inputs = run
            .state
            .artifacts
            .iter()
            .map(|(k, a)| (k.clone(), serde_json::Value::String(a.path.clone())))
            .collect();
        let ctx = crate::ges::exec::Ctx {
            graph,
            skill_dir,
            workspace: &run.workspace,
            state_path: run
                .dir
                .join("ges")
                .join(format!("{}-a{attempt}.json", step.id)),
            log_path: run.log_path(&step.id, attempt),
            step: &step.id,
            skill: skill_key,
            attempt,
            run_id: &run.state.run_id,
            intent: &run.state.intent,
            bindings: &self.catalog.bindings,
            inputs,
            branch_attempts: self.run_attempt_limit(step),
            depth: 0,
        };
        let mut inbox_ask;
        let mut runner_ask;
        let ask: &mut dyn Ask = match (inbox, self.runner.as_ref()) {
            (Some(dir), _) => {
                inbox_ask = InboxAsk {
                    dir: dir.to_path_buf(),
                };
                &mut inbox_ask
            }
            (None, Some(runner)) => {
                runner_ask = RunnerAsk { runner };
                &mut runner_ask
            }
            (None, None) => &mut NoAsk,
        };
        let mut events = |kind: &str, detail: serde_json::Value| {
            let _ = run.event(kind, Some(&step.id), detail);
        };
        let mut io = crate::ges::exec::Io {
            ask,
            events: &mut events,
        };
        crate::ges::exec::run(&ctx, &mut io).map_err(|e| Error::Io {
            path: ctx.state_path.clone(),
            source: e,
        })
    }

    /// The attempts a fork branch of step `step` gets.
    fn run_attempt_limit(&self, step: &crate::plan::Step) -> u32 {
        self.run
            .state
            .step(&step.id)
            .map(|r| r.attempt_limit)
            .unwrap_or(DEFAULT_MAX_ATTEMPTS)
    }

    /// The handoff a finished graph gives: each expected artifact is the
    /// variable of that name, a file path in the workspace or a value re0
    /// writes into the run folder.
    fn graph_handoff(
        &self,
        step: &crate::plan::Step,
        attempt: u32,
        st: &crate::ges::state::GraphRun,
    ) -> Result<handoff::Handoff> {
        let mut artifacts = Vec::new();
        for name in &step.expected_output {
            let Some(value) = st.vars.get(name) else {
                continue;
            };
            let path = match value {
                serde_json::Value::String(p)
                    if crate::state::store::is_contained(p)
                        && self.run.workspace.join(p).is_file() =>
                {
                    p.clone()
                }
                other => {
                    let file = self
                        .run
                        .dir
                        .join("ges")
                        .join(format!("{}-a{attempt}-{name}.json", step.id));
                    crate::state::store::write_atomic(
                        &file,
                        &serde_json::to_vec_pretty(other).unwrap_or_default(),
                    )?;
                    file.strip_prefix(&self.run.workspace)
                        .map(|p| p.to_string_lossy().into_owned())
                        .unwrap_or_default()
                }
            };
            artifacts.push(handoff::ArtifactRef {
                name: name.clone(),
                path,
            });
        }
        let blockers: Vec<handoff::BlockerRef> = st
            .vars
            .get("blockers")
            .and_then(|b| serde_json::from_value(b.clone()).ok())
            .unwrap_or_default();
        let reached: Vec<&str> = st.active.keys().map(String::as_str).collect();
        let handed = st.handoff.as_ref().map(|h| {
            format!(
                "; handed off to {} (recorded, not followed)",
                h.skill.as_deref().unwrap_or(&h.target)
            )
        });
        Ok(handoff::Handoff {
            step: step.id.clone(),
            attempt,
            status: HandoffStatus::Complete,
            outcome: Some(format!(
                "graph reached {} after {} transition(s){}",
                reached.join(", "),
                st.transitions,
                handed.unwrap_or_default()
            )),
            evidence: artifacts
                .iter()
                .map(|a| handoff::EvidenceRef {
                    kind: "ges".into(),
                    against: a.name.clone(),
                })
                .collect(),
            artifacts,
            blockers,
            suggested_route: st
                .handoff
                .as_ref()
                .map(|h| serde_json::json!({ "handoff": h.target, "skill": h.skill, "payload": h.payload })),
            warnings: Vec::new(),
        })
    }
}
