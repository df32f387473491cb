//! Routing a run (DESIGN §5.3): from the plan and the accepted handoffs,
//! never from prose.
//!
//! Each pass picks the first step in plan order that is not accepted or
//! skipped: a `skip` is recorded, a `user-handoff` stops the run in
//! `waiting`, an `invoke-model-skill` step runs one gate attempt through the
//! runner. Blockers against an artifact reopen the step that produced it and
//! make everything downstream stale. The run completes only when the
//! terminal guard holds.

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

    /// The GES graph of step `i`'s skill: `None` when it has none, an
    /// error when it has one re0 cannot use (never a plain step then).
    #[allow(clippy::type_complexity)]
    fn graph_of(
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
    fn needs_runner(&self, i: usize) -> bool {
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
                let h = self.graph_handoff(&step, attempt, &st)?;
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

    /// Asks the runner whether a text guard holds and records the verdict.
    fn judge(&mut self, i: usize) -> Result<()> {
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
        let pidfile = self.run.dir.join(super::settle::RUNNER_FILE);
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
    fn attempt(&mut self, i: usize) -> Result<()> {
        if self.graph_of(i).is_some() {
            return self.attempt_graph(i, None).map(|_| ());
        }
        let runner = self.runner.clone().expect("checked by drive");
        let step = self.run.plan.steps[i].clone();
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

        let inbox = self.run.inbox(&step.id, attempt);
        let _ = std::fs::remove_file(&inbox);
        let skill = self.catalog.get(&step.target);
        let decisions = self.decisions_for(i);
        let prompt_text = prompt::build(&PromptInput {
            state: &self.run.state,
            step: &step,
            attempt,
            limit,
            skill_file: skill.map(|s| s.file.as_path()),
            handoff: &inbox,
            decisions,
            previous: feedback::previous(
                &self.run.dir,
                &step.id,
                attempt,
                before.as_deref(),
                Some(&self.run.log_path(&step.id, attempt.saturating_sub(1))),
            ),
        });
        let log = self.run.log_path(&step.id, attempt);
        let pidfile = self.run.dir.join(super::settle::RUNNER_FILE);
        feedback::keep_prompt(&log, &prompt_text);
        let started = std::time::Instant::now();
        let label = format!("{} {} attempt {attempt}", step.id, step.target);
        let ran = super::progress::watch(&label, &log, || {
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
        let exit = ran.exit;
        if let Some(why) = super::fastfail::cannot_start(&exit, &runner.command, &log) {
            return self.runner_unavailable(i, why);
        }
        let took = super::usage::event_detail(attempt, started.elapsed(), &log);
        self.run.event("attempt-ended", Some(&step.id), took)?;
        let mut exit_note = match exit {
            Exit::Code(0) => None,
            Exit::Code(c) => Some(format!("the runner exited with status {c}")),
            Exit::Signal => Some("the runner was killed by a signal".to_string()),
            Exit::TimedOut(d) => Some(format!("the runner timed out after {}s", d.as_secs())),
        };
        if ran.output_capped {
            let cap = format!(
                "its output passed the {} MiB log cap and was cut there",
                super::runner::LOG_CAP >> 20
            );
            exit_note = Some(match exit_note {
                Some(n) => format!("{n}; {cap}"),
                None => cap,
            });
        }
        if let Some(note) = exit_note
            .as_ref()
            .filter(|_| matches!(exit, Exit::TimedOut(_)))
        {
            return self.fail(i, attempt, note.clone(), None, false);
        }
        let parsed = handoff::read(&inbox, crate::fsio::Follow::No);
        let submitted = parsed
            .as_ref()
            .ok()
            .map(|h| serde_json::to_value(h).unwrap_or_default());
        let blocked = matches!(&parsed, Ok(h) if h.status == HandoffStatus::Blocked && h.step == step.id && h.attempt == attempt);
        let result = parsed.and_then(|h| self.check(i, attempt, h));
        match result {
            Ok(acc) => self.accept(i, attempt, acc),
            Err(reason) => {
                let reason = match exit_note {
                    Some(n) => format!("{reason} ({n})"),
                    None => reason,
                };
                self.fail(i, attempt, reason.clone(), submitted, blocked)?;
                self.show_log_tail(&reason, &log);
                Ok(())
            }
        }
    }

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
        let sha_of = |name: &str, state: &crate::state::RunState| {
            state
                .artifacts
                .get(name)
                .map(|a| a.sha256.clone())
                .unwrap_or_default()
        };
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
                sha256: sha_of(&e.against, &self.run.state),
            });
        }
        {
            let r = &mut self.run.state.steps[i];
            r.status = StepStatus::Accepted;
            r.accepted_attempt = Some(attempt);
            r.outcome = h.outcome.clone();
            r.evidence = evidence;
            r.note = None;
            r.handoff = Some(proof);
        }
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
        for b in &h.blockers {
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
