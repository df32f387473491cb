//! `re0 adopt RUN`: take over a run that re0 did not write on this account
//! (edited by hand, planted in a repository, copied from elsewhere), after
//! showing what resuming it would do.
//!
//! Adopting only lets `re0 run --resume` pick the run up: authority still
//! comes from each resume's own grants, never from the run's files.

use super::context::Context;
use super::output;
use super::run::StateArgs;
use crate::display::{clean, clip};
use crate::error::{Error, Result};
use crate::plan::StepType;
use crate::run::Authority;
use crate::state::{Authenticity, Run, StepStatus};
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
A run folder re0 did not write on this account (its MAC, keyed by a secret
in ~/.local/state/re0, does not verify) is never resumed. If you trust it,
adopt it: re0 shows what resuming would send to your runner and which steps
it would take as already done, asks, then signs the run as yours.

Examples:
  re0 adopt 20250101-120000-ab12          show, then ask
  re0 adopt 20250101-120000-ab12 --yes    no question (scripts)")]
pub struct Args {
    /// The run to take over.
    run: String,
    /// Adopt without asking.
    #[arg(long)]
    yes: bool,
    /// Show what it would do with these capabilities (as on --resume).
    #[arg(long = "grant", value_name = "CAP")]
    grants: Vec<String>,
    #[command(flatten)]
    state: StateArgs,
}

/// What resuming would do with each step, one line each.
fn summary(run: &Run, authority: &Authority) -> Vec<String> {
    let mut lines = Vec::new();
    for ((step, rec), fresh) in run
        .plan
        .steps
        .iter()
        .zip(&run.state.steps)
        .zip(&authority.steps)
    {
        let what = match rec.status {
            StepStatus::Accepted => {
                "recorded as done: not run again (its handoff is checked before the run can complete)".to_string()
            }
            StepStatus::Skipped => "recorded as skipped".to_string(),
            _ => match fresh.ty {
                StepType::InvokeModelSkill => "WOULD RUN through your runner".to_string(),
                StepType::Conditional => {
                    "would run through your runner unless its skip-when holds".to_string()
                }
                StepType::UserHandoff => format!("a person does it: {}", clip(&fresh.reason, 100)),
                StepType::Skip => "skipped".to_string(),
            },
        };
        lines.push(format!(
            "  {:<4} {:<28} {}",
            step.id,
            clean(&clip(&step.target, 28)),
            clean(&what)
        ));
    }
    lines
}

fn confirm(id: &str) -> bool {
    let mut err = std::io::stderr();
    let _ = write!(err, "adopt run {id}? [y/N] ");
    let _ = err.flush();
    let mut answer = String::new();
    let _ = std::io::stdin().lock().take_line(&mut answer);
    matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes")
}

trait TakeLine {
    fn take_line(&mut self, out: &mut String) -> std::io::Result<usize>;
}

impl<R: BufRead> TakeLine for R {
    /// One line of at most 1 KiB.
    fn take_line(&mut self, out: &mut String) -> std::io::Result<usize> {
        std::io::Read::take(self, 1024).read_line(out)
    }
}

pub fn run(catalog: &[PathBuf], args: Args) -> Result<i32> {
    super::plan::check_grants(&args.grants)?;
    let ctx = Context::load(catalog)?;
    let store = args.state.store(&ctx);
    let (mut run, auth) = store.open_to_adopt(&args.run)?;
    let id = run.id().to_string();
    if auth == Authenticity::Verified {
        output::line(format!(
            "run {id} was written by re0 on this account; there is nothing to adopt"
        ));
        return Ok(0);
    }
    let grants = super::plan::session_grants(ctx.config.grants.as_deref(), &args.grants, false);
    let authority = Authority::derive(&run.plan, &ctx.catalog, &grants);
    let mut text = format!(
        "run {id} was not written by re0 on this account: {}.\nintent: {}\nrecorded state: {} at revision {}, {} artifact(s), {} handoff(s)\nif you adopt it, `re0 run --resume {id}` would do this with the grants {}:\n",
        auth.why(),
        clean(&clip(&run.state.intent, 200)),
        run.state.state.as_str(),
        run.state.revision,
        run.state.artifacts.len(),
        run.state.handoffs,
        grants.iter().cloned().collect::<Vec<_>>().join(", "),
    );
    for l in summary(&run, &authority) {
        text.push_str(&l);
        text.push('\n');
    }
    if !run.state.grants.is_empty() {
        text.push_str(&format!(
            "the run records the grants {}: they are ignored; each resume's own --grant decides\n",
            clean(&run.state.grants.join(", "))
        ));
    }
    output::print(&text);
    if !args.yes {
        if !std::io::stdin().is_terminal() {
            return Err(Error::Usage(format!(
                "adopting run {id} needs your confirmation: run it at a terminal, or pass --yes"
            )));
        }
        if !confirm(&id) {
            output::line(format!("run {id} not adopted"));
            return Ok(1);
        }
    }
    run.save()?;
    run.event(
        "adopted",
        None,
        serde_json::json!({ "was": format!("{auth:?}").to_lowercase() }),
    )?;
    output::line(format!(
        "adopted run {id}; continue it with `re0 run --resume {id}`"
    ));
    Ok(0)
}
