//! `re0 next [RUN]`: the next step of a run, for an agent (or a person)
//! that performs the steps itself instead of through a runner. Its answer
//! is recorded with `re0 handoff` ([`super::handoff`]).

use super::context::Context;
use super::output;
use super::output::Format;
use super::run::{pick_run, report, StateArgs};
use crate::error::{Error, Result};
use crate::run::{prompt, Authority, Engine, Next, Stop};
use crate::state::model::Waiting;
use crate::state::{Run, RunStatus, WaitKind};
use std::path::{Path, PathBuf};

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

/// Where routing stopped: the run is over, a graph step asks a question,
/// or step `i` waits for `action` (`invoke-model-skill`, `decision`,
/// `user-handoff`, `judge`, `steering`).
enum Found {
    Done(Stop),
    Question(usize, crate::ges::state::Question, PathBuf),
    Step(&'static str, usize),
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
    match route(&mut engine)? {
        Found::Done(stop) => {
            done(&id, &run, &stop, args.format);
            Ok(if stop == Stop::Completed { 0 } else { 1 })
        }
        Found::Question(i, q, answer) => {
            let step = run.plan.steps[i].clone();
            graph_question(&id, &run, &step, &q, &answer, args.format)
        }
        Found::Step(action, i) => hand_out(&ctx, &id, &mut run, action, i, args.format),
    }
}

/// Records skips and runs graph steps as far as they go without the
/// agent, until something waits for it or the run is over.
fn route(engine: &mut Engine) -> Result<Found> {
    loop {
        match engine.next() {
            Next::Skip(i, why) => engine.skip(i, why)?,
            Next::Done => return Ok(Found::Done(engine.finish()?)),
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
                    return Ok(Found::Question(i, q, answer));
                }
            }
            Next::Model(i) => return Ok(Found::Step("invoke-model-skill", i)),
            Next::Human(i, WaitKind::Decision) => return Ok(Found::Step("decision", i)),
            Next::Human(i, _) => return Ok(Found::Step("user-handoff", i)),
            Next::Judge(i) => return Ok(Found::Step("judge", i)),
            Next::Steer(i) => return Ok(Found::Step("steering", i)),
        }
    }
}

/// `re0 next` on a run with nothing left: how it ended.
fn done(id: &str, run: &Run, stop: &Stop, format: Format) {
    if matches!(format, Format::Json) {
        output::print_json(&serde_json::json!({
            "schema": "re0/next@1",
            "run_id": id,
            "done": true,
            "state": run.state.state.as_str(),
            "why": match stop { Stop::Incomplete(w) => Some(w.clone()), _ => None },
        }));
    } else {
        report(run, stop);
    }
}

/// Hands out step `i`: its prompt and the command that records it. A
/// step that waits for a person leaves the run waiting on it.
fn hand_out(
    ctx: &Context,
    id: &str,
    run: &mut Run,
    action: &str,
    i: usize,
    format: Format,
) -> Result<i32> {
    let step = run.plan.steps[i].clone();
    let rec = run.state.steps[i].clone();
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
    let record = record_command(id, action, &step, &inbox);
    if let Some(kind) = waits_for(action) {
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
    match format {
        Format::Json => {
            let mut out = handed_out(id, run, action, step_head(&step));
            out["step"].as_object_mut().expect("an object").extend([
                ("attempt".into(), attempt.into()),
                ("attempt_limit".into(), rec.attempt_limit.into()),
                (
                    "expected_output".into(),
                    serde_json::json!(step.expected_output),
                ),
                ("fires_when".into(), serde_json::json!(step.fires_when)),
                (
                    "skippable_when".into(),
                    serde_json::json!(step.skippable_when),
                ),
                ("invocation".into(), serde_json::json!(step.invocation)),
                (
                    "skill_dir".into(),
                    serde_json::json!(skill.map(|s| ctx.show_path(s.dir()))),
                ),
                ("handoff_path".into(), serde_json::json!(inbox)),
                ("prompt".into(), prompt_text.into()),
            ]);
            out["record"] = record.into();
            output::print_json(&out)
        }
        Format::Text => output::print(&format!("{prompt_text}\nthen record it: {record}\n")),
    }
    Ok(0)
}

/// The `re0 handoff` command that records step `step` after `action`.
fn record_command(id: &str, action: &str, step: &crate::plan::Step, inbox: &Path) -> String {
    match action {
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
    }
}

/// What a run waits for while `action` is out with a person.
fn waits_for(action: &str) -> Option<WaitKind> {
    match action {
        "decision" => Some(WaitKind::Decision),
        "steering" => Some(WaitKind::Steering),
        "user-handoff" => Some(WaitKind::Human),
        _ => None,
    }
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
        Format::Json => {
            let mut out = handed_out(id, run, action, step_head(step));
            out["step"].as_object_mut().expect("an object").extend([
                (
                    "attempt".into(),
                    serde_json::json!(run.state.step(&step.id).map(|r| r.attempts)),
                ),
                (
                    "expected_output".into(),
                    serde_json::json!(step.expected_output),
                ),
                ("prompt".into(), q.text.clone().into()),
            ]);
            out["graph"] = serde_json::json!({
                "question": q.id,
                "kind": q.kind,
                "node": q.node,
                "action": q.action,
                "branch": q.branch,
                "outputs": q.outputs,
                "answer_path": answer,
            });
            out["record"] = record.into();
            output::print_json(&out)
        }
        Format::Text => output::print(&format!("{}\nthen {record}\n", q.text)),
    }
    Ok(0)
}

/// The start of `re0/next@1` for a step handed out: the run, what it
/// waits for, and `step` (more keys follow it, in order).
fn handed_out(id: &str, run: &Run, action: &str, step: serde_json::Value) -> serde_json::Value {
    serde_json::json!({
        "schema": "re0/next@1",
        "run_id": id,
        "done": false,
        "state": run.state.state.as_str(),
        "action": action,
        "step": step,
    })
}

/// The keys every handed-out step starts with.
fn step_head(step: &crate::plan::Step) -> serde_json::Value {
    serde_json::json!({
        "id": step.id,
        "target": step.target,
        "kind": step.kind,
        "type": step.step_type,
    })
}
