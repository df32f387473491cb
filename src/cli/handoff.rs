//! `re0 handoff RUN STEP`: records the work of a step that an agent (or a
//! person) performed itself, as handed out by `re0 next`
//! ([`super::next`]), checked like a gate's handoff.

use super::context::Context;
use super::output;
use super::run::StateArgs;
use crate::error::{Error, Result};
use crate::plan::{StepKind, StepType};
use crate::run::handoff::{self, ArtifactRef, BlockerRef, EvidenceRef, Handoff, HandoffStatus};
use crate::run::{Authority, Engine, Next};
use crate::state::model::Waiting;
use crate::state::{Run, RunStatus, StepStatus, WaitKind};
use std::path::PathBuf;

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
    let from_file = args.file.as_ref().map(|f| read_file(&ctx, f)).transpose()?;
    let mut run = store.open(&args.run)?;
    let i = ready_step(&run, &args)?;
    let step = run.plan.steps[i].clone();
    let attempt = run.state.steps[i].attempts + 1;
    let h: Handoff = match from_file {
        Some(h) => h,
        None => from_args(&ctx, &args, &step.id, attempt, &run.workspace)?,
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
    if !record(&mut engine, i, attempt, &step, h)? {
        return Ok(1);
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

/// The handoff JSON at `f`; its warnings are shown, never acted on.
fn read_file(ctx: &Context, f: &std::path::Path) -> Result<Handoff> {
    let path = crate::paths::absolute(f, &ctx.workspace.cwd);
    let name = f.display().to_string();
    let shown = crate::display::clean(&name);
    let h = handoff::read(&path, crate::fsio::Follow::Yes)
        .map_err(|e| Error::Usage(format!("{shown}: {e}")))?;
    for w in &h.warnings {
        output::eline(format!(
            "re0: warning: {shown}: {}; recorded and never acted on",
            crate::display::clean(w)
        ));
    }
    Ok(h)
}

/// The index of the step `args` names: the run is not over, the step is
/// neither accepted nor skipped, and every step before it is.
fn ready_step(run: &Run, args: &HandoffArgs) -> Result<usize> {
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
    let step = &run.plan.steps[i];
    let rec = &run.state.steps[i];
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
    Ok(i)
}

/// The handoff the flags describe; every artifact path must be inside the
/// workspace.
fn from_args(
    ctx: &Context,
    args: &HandoffArgs,
    step: &str,
    attempt: u32,
    workspace: &std::path::Path,
) -> Result<Handoff> {
    let mut artifacts = Vec::new();
    for a in &args.artifacts {
        let (name, path) = split_pair(a, '=', "NAME=PATH")?;
        let abs = crate::paths::absolute(std::path::Path::new(path), &ctx.workspace.cwd);
        let rel = abs.strip_prefix(workspace).map_err(|_| {
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
    Ok(Handoff {
        step: step.to_string(),
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
    })
}

/// Records `h` for step `i`: a verdict when the step waits on its
/// skip-when, else a handoff checked as a gate's. False when it was not
/// accepted (the failed attempt is recorded and said).
fn record(
    engine: &mut Engine,
    i: usize,
    attempt: u32,
    step: &crate::plan::Step,
    h: Handoff,
) -> Result<bool> {
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
        return Ok(true);
    }
    if step.kind == StepKind::Decision && h.status == HandoffStatus::Complete && h.outcome.is_none()
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
            return Ok(false);
        }
    }
    Ok(true)
}
