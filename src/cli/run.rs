//! `re0 run "<intent>"` and `re0 run --resume [RUN]`: execute the steps
//! this session has authority for, stop durably at the first that needs a
//! person.

use super::context::Context;
use super::output;
use crate::config::parse_duration;
use crate::error::{Error, Result};
use crate::plan::{self, PlanResult};
use crate::run::{Authority, Engine, Runner, Stop, DEFAULT_MAX_ATTEMPTS};
use crate::state::context_md::waiting_text;
use crate::state::{Run, Store};
use std::path::PathBuf;
use std::time::Duration;

/// Options every run command shares.
#[derive(Debug, Clone, clap::Args)]
pub struct StateArgs {
    /// Keep run state here instead of <workspace>/.agent-state/re0.
    #[arg(long, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
}

impl StateArgs {
    pub fn store(&self, ctx: &Context) -> Store {
        Store::new(&ctx.workspace.root, self.state_dir.as_deref())
    }
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
The runner is a command that performs one step: it reads the step prompt on
stdin and writes its handoff JSON to $RE0_HANDOFF. Presets run the agents
you have headless, allowed to edit the workspace:
  --runner claude   claude -p --permission-mode acceptEdits --output-format stream-json --verbose
  --runner codex    codex exec --json --sandbox workspace-write --skip-git-repo-check -
  --runner gemini   gemini --approval-mode auto_edit -p '…'
Anything else is your own command line. Or set RE0_RUNNER, or runner: in
re0.yaml. `re0 doctor` checks the set-up a run needs.

Authority is never read back from disk: on --resume the steps are typed
again from the catalog and this invocation's --grant (and a trusted
re0.yaml), and a run that asks for more is refused. Ctrl-C stops the
runner's process group and records the attempt as interrupted.

Exit status: 0 completed, 4 waiting for a person or a runner (also when the
runner could not start: retryable_error, no attempt used), 1 ended
incomplete, 3 plan rejected, 2 usage or state error, 130 interrupted.")]
pub struct Args {
    /// What you want done; omit with --resume. It may open with "- ".
    #[arg(allow_hyphen_values = true, value_parser = super::plan::intent_text)]
    intent: Option<String>,
    /// Continue a run (the only unfinished one when RUN is omitted).
    #[arg(long, value_name = "RUN", num_args = 0..=1, default_missing_value = "", conflicts_with = "intent")]
    resume: Option<String>,
    /// Reopen a completed or incomplete run whose accepted artifacts
    /// changed, and re-run what went stale (recorded with who did it).
    #[arg(long, value_name = "RUN", conflicts_with_all = ["intent", "resume"])]
    reopen: Option<String>,
    /// The command that runs a model step, or a preset: claude, codex, gemini.
    #[arg(long, value_name = "CMD")]
    runner: Option<String>,
    /// How long one step may take: seconds or 90s, 10m, 1h.
    #[arg(long, value_name = "DURATION")]
    runner_timeout: Option<String>,
    /// Capabilities this session holds besides `write` (repeatable).
    #[arg(long = "grant", value_name = "CAP")]
    grants: Vec<String>,
    /// Withhold `write` from the session.
    #[arg(long)]
    read_only: bool,
    /// Attempts per step before a person must steer (default 3, at most 100).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=crate::config::MAX_ATTEMPTS as i64))]
    max_attempts: Option<u32>,
    /// On resume, allow STEP more attempts after it used them all.
    #[arg(long, value_name = "STEP")]
    retry: Vec<String>,
    /// No live progress line (on a terminal) or still-running lines.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Let an outside program choose the skills (see `re0 plan --help`).
    #[arg(long, value_name = "CMD")]
    selector: Option<String>,
    #[command(flatten)]
    state: StateArgs,
}

/// The runner from the flag, RE0_RUNNER or re0.yaml.
fn runner(ctx: &Context, flag: Option<String>, timeout: Option<String>) -> Result<Option<Runner>> {
    let command = flag
        .or_else(|| std::env::var("RE0_RUNNER").ok())
        .or_else(|| ctx.config.runner.clone())
        .filter(|c| !c.trim().is_empty());
    let secs = match timeout {
        Some(t) => Some(parse_duration(&t).ok_or_else(|| {
            Error::Usage(format!(
                "--runner-timeout {}: use seconds or 90s, 10m, 1h, more than 0 and at most a week",
                crate::display::clean(&t)
            ))
        })?),
        None => ctx.config.runner_timeout.as_ref().and_then(|t| t.seconds()),
    };
    Ok(command.map(|command| Runner {
        command: crate::agents::expand(&command, crate::agents::Purpose::Run),
        timeout: secs
            .map(Duration::from_secs)
            .unwrap_or(crate::run::runner::DEFAULT_TIMEOUT),
    }))
}

/// The run to resume: the one named, or the only unfinished one.
pub fn pick_run(store: &Store, named: Option<&str>, verb: &str) -> Result<String> {
    if let Some(id) = named.filter(|n| !n.is_empty()) {
        return Ok(id.to_string());
    }
    let mut open = Vec::new();
    let mut unreadable = Vec::new();
    for id in store.ids()? {
        let got = store.inspect(&id);
        if let Err(e) = &got {
            unreadable.push(e.to_string());
        }
        if let Ok(got) = got {
            if !got.state.state.is_terminal() {
                let s = &got.state;
                let mark = if got.auth == crate::state::Authenticity::Verified {
                    ""
                } else {
                    ", not written by re0 on this account"
                };
                open.push(format!(
                    "{id} ({}{mark}, {})",
                    s.state.as_str(),
                    crate::display::clean(&crate::display::clip(&s.intent, 80))
                ));
            }
        }
    }
    match open.len() {
        0 if !unreadable.is_empty() => Err(Error::Usage(format!(
            "no unfinished run to {verb} that re0 can read; {}",
            unreadable.join("; ")
        ))),
        0 => Err(Error::Usage(format!(
            "no unfinished run to {verb} in {}; start one with re0 run \"<intent>\"{}",
            store.base.display(),
            crate::run::reopen::stale_hint(store).unwrap_or_default()
        ))),
        1 => Ok(open[0].split(' ').next().unwrap_or_default().to_string()),
        _ => Err(Error::Usage(format!(
            "several unfinished runs; name one to {verb}: {}",
            open.join("; ")
        ))),
    }
}

pub fn run(catalog: &[PathBuf], args: Args) -> Result<i32> {
    super::plan::check_grants(&args.grants)?;
    crate::run::progress::configure(args.quiet);
    let ctx = Context::load(catalog)?;
    let store = args.state.store(&ctx);
    let runner = runner(&ctx, args.runner.clone(), args.runner_timeout.clone())?;
    let max = args
        .max_attempts
        .or(ctx.config.max_attempts)
        .unwrap_or(DEFAULT_MAX_ATTEMPTS)
        .clamp(1, crate::config::MAX_ATTEMPTS);
    let grants =
        super::plan::session_grants(ctx.config.grants.as_deref(), &args.grants, args.read_only);
    let mut run: Run = match (&args.intent, &args.resume) {
        (Some(intent), None) => match start(&ctx, &store, &args, intent, max)? {
            Started::Run(run) => *run,
            Started::Exit(code) => return Ok(code),
        },
        (None, Some(named)) => resume(&ctx, &store, &args, named, max, &grants)?,
        (None, None) if args.reopen.is_some() => {
            crate::run::reopen::reopen(&store, args.reopen.as_deref().unwrap_or_default())?
        }
        _ => {
            return Err(Error::Usage(
                "say what to run: re0 run \"<intent>\", or re0 run --resume [RUN]".into(),
            ))
        }
    };
    let mut say = |line: String| output::line(format!("  {}", crate::display::clean(&line)));
    let authority = Authority::derive(&run.plan, &ctx.catalog, &grants);
    let mut engine = Engine {
        run: &mut run,
        catalog: &ctx.catalog,
        runner,
        authority,
        say: &mut say,
    };
    let stop = engine.drive()?;
    Ok(report(&run, &stop))
}

/// A new run, or the exit status when the plan gives nothing to run.
enum Started {
    Run(Box<Run>),
    Exit(i32),
}

/// Plans `intent` and starts a run of it: none when the plan is rejected
/// (status 3) or has zero steps (status 0).
fn start(
    ctx: &Context,
    store: &crate::state::Store,
    args: &Args,
    intent: &str,
    max: u32,
) -> Result<Started> {
    super::plan::check_intent(intent)?;
    super::plan::require_skills(ctx)?;
    let opts = super::plan::options(
        ctx,
        &args.grants,
        args.read_only,
        args.selector.clone(),
        false,
    );
    let plan = plan::plan(&ctx.catalog, intent, &opts)?;
    match plan.result {
        PlanResult::Reject => {
            let r = plan
                .reject
                .as_ref()
                .map(|r| r.text.clone())
                .unwrap_or_default();
            output::eline(format!(
                "re0: the plan is rejected: prerequisite cycle {}; nothing runs (see re0 plan)",
                crate::display::clean(&r)
            ));
            return Ok(Started::Exit(3));
        }
        PlanResult::ZeroSteps => {
            output::line("zero steps: no installed skill fits this intent; nothing to run");
            return Ok(Started::Exit(0));
        }
        PlanResult::Plan => {}
    }
    let run = store.create(&plan, opts.grants.iter().cloned().collect(), max)?;
    output::line(format!(
        "run {} started: {} step(s)",
        run.id(),
        plan.steps.len()
    ));
    Ok(Started::Run(Box::new(run)))
}

/// Opens run `named` to go on: its steps typed again under this session's
/// grants, and each `--retry` step given `max` more attempts.
fn resume(
    ctx: &Context,
    store: &crate::state::Store,
    args: &Args,
    named: &str,
    max: u32,
    grants: &std::collections::BTreeSet<String>,
) -> Result<Run> {
    let id = pick_run(store, Some(named), "resume")?;
    let mut run = store.open(&id)?;
    if run.state.state.is_terminal() {
        return Err(crate::run::reopen::refuse_resume(&run));
    }
    Authority::derive(&run.plan, &ctx.catalog, grants).check(&run.plan, &run.state)?;
    for step in &args.retry {
        let r = run.state.step_mut(step).ok_or_else(|| {
            Error::Usage(format!(
                "--retry {}: run {id} has no such step",
                crate::display::clean(step)
            ))
        })?;
        r.attempt_limit = r
            .attempts
            .saturating_add(max)
            .min(crate::state::model::MAX_ATTEMPT_LIMIT);
    }
    run.event(
        "resumed",
        None,
        serde_json::json!({ "retry": args.retry, "grants": grants }),
    )?;
    output::line(format!(
        "run {id} resumed at revision {}",
        run.state.revision
    ));
    Ok(run)
}

/// Prints how a drive ended; returns the exit status.
pub fn report(run: &Run, stop: &Stop) -> i32 {
    let id = run.id();
    match stop {
        Stop::Completed => {
            output::line(format!(
                "run {id} completed: {}",
                crate::display::clean(&run.plan.stop_condition.clone().unwrap_or_default())
            ));
            0
        }
        Stop::Incomplete(why) => {
            output::line(format!(
                "run {id} ended incomplete: {}",
                crate::display::clean(why)
            ));
            1
        }
        Stop::Waiting(_, _) => {
            output::line(format!(
                "run {id} is {}. {}",
                match run.state.state {
                    crate::state::RunStatus::RetryableError => "waiting (retryable_error)",
                    _ => "waiting",
                },
                crate::display::clean(&waiting_text(&run.state, &run.plan).unwrap_or_default())
            ));
            4
        }
    }
}
