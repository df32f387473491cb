//! `re0 next [RUN]` and `re0 handoff RUN STEP`: for an agent (or a person)
//! that performs the steps itself instead of through a runner.

use super::context::Context;
use super::output;
use super::run::{pick_run, report, StateArgs};
use crate::error::{Error, Result};
use crate::plan::{StepKind, StepType};
use crate::run::handoff::{self, ArtifactRef, BlockerRef, EvidenceRef, Handoff, HandoffStatus};
use crate::run::{prompt, Authority, Engine, Next, Stop};
use crate::state::model::Waiting;
use crate::state::{RunStatus, StepStatus, WaitKind};
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Skips are recorded on the way; nothing else runs. Perform the step the
answer names, write the handoff JSON at its handoff_path, then record it:
  re0 handoff RUN STEP --file HANDOFF_PATH

A step whose skill has a GES graph is handed out one graph step at a time:
re0 runs the graph's commands and CEL guards itself (as re0 run would) and
stops at each prompt or judgement (action ges-prompt or ges-judge). Write
the answer to its answer_path, then call re0 next again.")]
pub struct NextArgs {
    /// The run (default: the only unfinished one).
    run: Option<String>,
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// Capabilities this session holds besides `write` (repeatable): the
    /// steps are typed again with them, as on `re0 run --resume`.
    #[arg(long = "grant", value_name = "CAP")]
    grants: Vec<String>,
    /// Withhold `write` from the session.
    #[arg(long)]
    read_only: bool,
    #[command(flatten)]
    state: StateArgs,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  re0 handoff RUN s6 --status complete --artifact published-release=release.txt
  re0 handoff RUN s3 --status complete --outcome \"Saturday 02:00 UTC\"   (a decision)
  re0 handoff RUN s2 --file .agent-state/re0/RUN/inbox/s2-a1.json

The handoff is checked like a gate's: every artifact the step must produce
is listed and exists inside the workspace. Then: re0 run --resume RUN.")]
pub struct HandoffArgs {
    /// The run.
    run: String,
    /// The step id (s1, s2, ...).
    step: String,
    /// complete, blocked or failed.
    #[arg(long, value_enum, default_value_t = StatusArg::Complete)]
    status: StatusArg,
    /// One line on what happened; for a decision, the answer.
    #[arg(long)]
    outcome: Option<String>,
    /// NAME=PATH of an artifact (repeatable); PATH inside the workspace.
    #[arg(long = "artifact", value_name = "NAME=PATH")]
    artifacts: Vec<String>,
    /// ID:AGAINST:SUMMARY of a blocker (repeatable).
    #[arg(long = "blocker", value_name = "ID:AGAINST:SUMMARY")]
    blockers: Vec<String>,
    /// KIND:AGAINST evidence (repeatable).
    #[arg(long = "evidence", value_name = "KIND:AGAINST")]
    evidence: Vec<String>,
    /// Read the whole handoff JSON from this file instead.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["artifacts", "blockers", "evidence", "outcome"])]
    file: Option<PathBuf>,
    #[command(flatten)]
    state: StateArgs,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum StatusArg {
    Complete,
    Blocked,
    Failed,
}

pub fn next(catalog: &[PathBuf], args: NextArgs) -> Result<i32> {
    super::plan::check_grants(&args.grants)?;
    let ctx = Context::load(catalog)?;
    let grants =
        super::plan::session_grants(ctx.config.grants.as_deref(), &args.grants, args.read_only);
    let store = args.state.store(&ctx);
    let id = pick_run(&store, args.run.as_deref(), "continue")?;
    let mut run = store.open(&id)?;
    if run.state.state.is_terminal() {
        return Err(Error::Usage(format!(
            "run {id} is {}; nothing is next",
            run.state.state.as_str()
        )));
    }
    let authority = Authority::derive(&run.plan, &ctx.catalog, &grants);
    authority.check(&run.plan, &run.state)?;
    let mut quiet = |_line: String| {};
    let mut engine = Engine {
        run: &mut run,
        catalog: &ctx.catalog,
        runner: None,
        authority,
        say: &mut quiet,
    };
    engine.settle()?;
    engine.refresh()?;
    let mut question = None;
    let (action, i) = loop {
        match engine.next() {
            Next::Skip(i, why) => engine.skip(i, why)?,
            Next::Done => {
                let stop = engine.finish()?;
                let code = match stop {
                    Stop::Completed => 0,
                    _ => 1,
                };
                if matches!(args.format, Format::Json) {
                    output::print_json(&serde_json::json!({
                        "schema": "re0/next@1",
                        "run_id": id,
                        "done": true,
                        "state": run.state.state.as_str(),
                        "why": match &stop { Stop::Incomplete(w) => Some(w.clone()), _ => None },
                    }));
                } else {
                    report(&run, &stop);
                }
                return Ok(code);
            }
            Next::Model(i) if engine.has_graph(i) => {
                let step = engine.run.plan.steps[i].id.clone();
                let attempt = engine.run.state.steps[i].attempts.max(1);
                let inbox = engine.run.inbox(&step, attempt);
                let dir = inbox.parent().map(PathBuf::from).unwrap_or_default();
                std::fs::create_dir_all(&dir).map_err(|e| Error::Io {
                    path: dir.clone(),
                    source: e,
                })?;
                if let Some(q) = engine.attempt_graph(i, Some(&dir))? {
                    let answer = crate::ges::ask::InboxAsk::answer_path(&dir, &q);
                    let kind = match q.kind {
                        crate::ges::state::QuestionKind::Prompt => "ges-prompt",
                        crate::ges::state::QuestionKind::Judge => "ges-judge",
                    };
                    question = Some((q, answer));
                    break (kind, i);
                }
            }
            Next::Model(i) => break ("invoke-model-skill", i),
            Next::Human(i, WaitKind::Decision) => break ("decision", i),
            Next::Human(i, _) => break ("user-handoff", i),
            Next::Judge(i) => break ("judge", i),
            Next::Steer(i) => break ("steering", i),
        }
    };
    let step = run.plan.steps[i].clone();
    let rec = run.state.steps[i].clone();
    if let Some((q, answer)) = question {
        return graph_question(&id, &run, &step, &q, &answer, args.format);
    }
    let attempt = rec.attempts + 1;
    let inbox = run.inbox(&step.id, attempt);
    let skill = ctx.catalog.get(&step.target);
    let prompt_text = prompt::build(&prompt::PromptInput {
        state: &run.state,
        step: &step,
        attempt,
        limit: rec.attempt_limit,
        skill_file: skill.map(|s| s.file.as_path()),
        handoff: &inbox,
        decisions: Vec::new(),
        previous: crate::run::feedback::previous(
            &run.dir,
            &step.id,
            attempt,
            rec.note.as_deref(),
            Some(&run.log_path(&step.id, rec.attempts)),
        ),
    });
    let record = match action {
        "decision" => format!(
            "re0 handoff {id} {} --status complete --outcome \"ANSWER\"",
            step.id
        ),
        "judge" => format!(
            "re0 handoff {id} {} --status complete --outcome yes|no",
            step.id
        ),
        "user-handoff" => format!(
            "re0 handoff {id} {} --status complete{}",
            step.id,
            step.expected_output
                .iter()
                .map(|a| format!(" --artifact {a}=PATH"))
                .collect::<String>()
        ),
        _ => format!("re0 handoff {id} {} --file {}", step.id, inbox.display()),
    };
    if matches!(action, "user-handoff" | "decision" | "steering") {
        let kind = match action {
            "decision" => WaitKind::Decision,
            "steering" => WaitKind::Steering,
            _ => WaitKind::Human,
        };
        let waiting = Some(Waiting {
            kind,
            step: step.id.clone(),
        });
        // Asking again is not a change: no new revision.
        if run.state.state != RunStatus::Waiting || run.state.waiting != waiting {
            run.state.state = RunStatus::Waiting;
            run.state.waiting = waiting;
            run.save()?;
        }
    }
    match args.format {
        Format::Json => output::print_json(&serde_json::json!({
            "schema": "re0/next@1",
            "run_id": id,
            "done": false,
            "state": run.state.state.as_str(),
            "action": action,
            "step": {
                "id": step.id,
                "target": step.target,
                "kind": step.kind,
                "type": step.step_type,
                "attempt": attempt,
                "attempt_limit": rec.attempt_limit,
                "expected_output": step.expected_output,
                "fires_when": step.fires_when,
                "skippable_when": step.skippable_when,
                "invocation": step.invocation,
                "skill_dir": skill.map(|s| ctx.show_path(s.dir())),
                "handoff_path": inbox,
                "prompt": prompt_text,
            },
            "record": record,
        })),
        Format::Text => output::print(&format!("{prompt_text}\nthen record it: {record}\n")),
    }
    Ok(0)
}

/// `re0 next` for a graph step that waits for the agent's answer.
fn graph_question(
    id: &str,
    run: &crate::state::Run,
    step: &crate::plan::Step,
    q: &crate::ges::state::Question,
    answer: &std::path::Path,
    format: Format,
) -> Result<i32> {
    let record = format!(
        "write the answer to {}, then: re0 next {id}",
        answer.display()
    );
    let action = match q.kind {
        crate::ges::state::QuestionKind::Prompt => "ges-prompt",
        crate::ges::state::QuestionKind::Judge => "ges-judge",
    };
    match format {
        Format::Json => output::print_json(&serde_json::json!({
            "schema": "re0/next@1",
            "run_id": id,
            "done": false,
            "state": run.state.state.as_str(),
            "action": action,
            "step": {
                "id": step.id,
                "target": step.target,
                "kind": step.kind,
                "type": step.step_type,
                "attempt": run.state.step(&step.id).map(|r| r.attempts),
                "expected_output": step.expected_output,
                "prompt": q.text,
            },
            "graph": {
                "question": q.id,
                "kind": q.kind,
                "node": q.node,
                "action": q.action,
                "branch": q.branch,
                "outputs": q.outputs,
                "answer_path": answer,
            },
            "record": record,
        })),
        Format::Text => output::print(&format!("{}\nthen {record}\n", q.text)),
    }
    Ok(0)
}

fn split_pair<'a>(s: &'a str, sep: char, what: &str) -> Result<(&'a str, &'a str)> {
    s.split_once(sep)
        .filter(|(a, b)| !a.is_empty() && !b.is_empty())
        .ok_or_else(|| Error::Usage(format!("'{s}' is not {what}")))
}

pub fn handoff(catalog: &[PathBuf], args: HandoffArgs) -> Result<i32> {
    let ctx = Context::load(catalog)?;
    let store = args.state.store(&ctx);
    // Read the file before taking the run's lock: whatever it is, the lock
    // is never held while re0 reads someone else's file.
    let from_file = match &args.file {
        Some(f) => {
            let path = crate::paths::absolute(f, &ctx.workspace.cwd);
            match handoff::read(&path, crate::fsio::Follow::Yes) {
                Ok(h) => {
                    for w in &h.warnings {
                        output::eline(format!(
                            "re0: warning: {}: {}; recorded and never acted on",
                            crate::display::clean(&f.display().to_string()),
                            crate::display::clean(w)
                        ));
                    }
                    Some(h)
                }
                Err(e) => {
                    return Err(Error::Usage(format!(
                        "{}: {e}",
                        crate::display::clean(&f.display().to_string())
                    )))
                }
            }
        }
        None => None,
    };
    let mut run = store.open(&args.run)?;
    if run.state.state.is_terminal() {
        return Err(Error::Usage(format!(
            "run {} is {}",
            args.run,
            run.state.state.as_str()
        )));
    }
    let i = run
        .plan
        .steps
        .iter()
        .position(|s| s.id == args.step)
        .ok_or_else(|| Error::Usage(format!("run {} has no step {}", args.run, args.step)))?;
    let step = run.plan.steps[i].clone();
    let rec = run.state.steps[i].clone();
    if matches!(rec.status, StepStatus::Accepted | StepStatus::Skipped) {
        return Err(Error::Usage(format!(
            "{} is already {}; nothing to record",
            step.id,
            format!("{:?}", rec.status).to_lowercase()
        )));
    }
    for p in &step.predecessors {
        let done = run
            .state
            .step(p)
            .is_some_and(|r| matches!(r.status, StepStatus::Accepted | StepStatus::Skipped));
        if !done {
            return Err(Error::Usage(format!(
                "{} is not ready: it waits for {p}",
                step.id
            )));
        }
    }
    let attempt = rec.attempts + 1;
    let workspace = run.workspace.clone();
    let h: Handoff = match from_file {
        Some(h) => h,
        None => {
            let mut artifacts = Vec::new();
            for a in &args.artifacts {
                let (name, path) = split_pair(a, '=', "NAME=PATH")?;
                let abs = crate::paths::absolute(std::path::Path::new(path), &ctx.workspace.cwd);
                let rel = abs.strip_prefix(&workspace).map_err(|_| {
                    Error::Usage(format!(
                        "--artifact {a}: {path} is outside the workspace {}",
                        workspace.display()
                    ))
                })?;
                artifacts.push(ArtifactRef {
                    name: name.to_string(),
                    path: rel.to_string_lossy().into_owned(),
                });
            }
            let mut blockers = Vec::new();
            for b in &args.blockers {
                let (bid, rest) = split_pair(b, ':', "ID:AGAINST:SUMMARY")?;
                let (against, summary) = split_pair(rest, ':', "ID:AGAINST:SUMMARY")?;
                blockers.push(BlockerRef {
                    id: bid.into(),
                    against: against.into(),
                    summary: summary.into(),
                });
            }
            let mut evidence = Vec::new();
            for e in &args.evidence {
                let (kind, against) = split_pair(e, ':', "KIND:AGAINST")?;
                evidence.push(EvidenceRef {
                    kind: kind.into(),
                    against: against.into(),
                });
            }
            Handoff {
                step: step.id.clone(),
                attempt,
                status: match args.status {
                    StatusArg::Complete => HandoffStatus::Complete,
                    StatusArg::Blocked => HandoffStatus::Blocked,
                    StatusArg::Failed => HandoffStatus::Failed,
                },
                outcome: args.outcome.clone(),
                artifacts,
                evidence,
                blockers,
                suggested_route: None,
                warnings: Vec::new(),
            }
        }
    };
    let mut say = |line: String| output::line(format!("  {}", crate::display::clean(&line)));
    // A person records the work: nothing runs, so no grant is checked; the
    // types only tell a guard's verdict from a handoff.
    let grants = super::plan::session_grants(ctx.config.grants.as_deref(), &[], false);
    let authority = Authority::derive(&run.plan, &ctx.catalog, &grants);
    let mut engine = Engine {
        run: &mut run,
        catalog: &ctx.catalog,
        runner: None,
        authority,
        say: &mut say,
    };
    let judging = step.step_type == StepType::Conditional
        && matches!(engine.next(), Next::Judge(j) if j == i);
    engine.run.state.steps[i].attempts = attempt;
    if judging {
        let verdict = match h.outcome.as_deref().map(|o| o.trim().to_ascii_lowercase()) {
            Some(o) if o == "yes" => Some(true),
            Some(o) if o == "no" => Some(false),
            _ => {
                return Err(Error::Usage(format!(
                    "{} waits for a verdict on its skip-when: --outcome yes or no",
                    step.id
                )))
            }
        };
        let text = step.skippable_when.clone().unwrap_or_default();
        engine.record_judgement(i, attempt, verdict, &text)?;
    } else {
        if step.kind == StepKind::Decision
            && h.status == HandoffStatus::Complete
            && h.outcome.is_none()
        {
            return Err(Error::Usage(format!(
                "{} is a decision: give the answer with --outcome",
                step.id
            )));
        }
        let blocked = h.status == HandoffStatus::Blocked;
        let submitted = serde_json::to_value(&h).ok();
        match engine.check(i, attempt, h) {
            Ok(acc) => engine.accept(i, attempt, acc)?,
            Err(reason) => {
                engine.fail(i, attempt, reason.clone(), submitted, blocked)?;
                output::eline(format!(
                    "re0: handoff for {} not accepted: {}",
                    step.id,
                    crate::display::clean(&reason)
                ));
                return Ok(1);
            }
        }
    }
    run.state.state = RunStatus::Waiting;
    run.state.waiting = Some(Waiting {
        kind: WaitKind::Resume,
        step: step.id.clone(),
    });
    run.save()?;
    output::line(format!(
        "recorded {}; continue with: re0 run --resume {}",
        step.id, args.run
    ));
    Ok(0)
}
