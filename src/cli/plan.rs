//! `re0 plan "<intent>"`: show the plan before anything runs.

use super::context::Context;
use super::output;
use crate::error::Result;
use crate::plan::{self, render, Options};
use std::collections::BTreeSet;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each step is typed: invoke-model-skill (this run may do it), user-handoff
(a person does it: user-only, destructive, a decision, or a capability this
session lacks), skip (not installed, nobody may grant what it needs, its
skip-when holds, or it depends on a skipped step), or conditional (its type
waits on an earlier step's output). A prerequisite cycle rejects the plan.

Examples:
  re0 --catalog catalogs/dev-workflow plan \"review and ship my change\"
  re0 plan \"/release\" --grant git-push --grant network
  re0 plan \"update the lockfile\" --format json | jq '.steps[].type'

Exit status: 0 a plan or zero steps, 3 rejected (cycle), 2 usage or catalog error.")]
pub struct Args {
    /// What you want done, in your own words; `/name` names a skill. It
    /// may open with a dash, as a pasted list item does ("- turn my notes
    /// into …").
    #[arg(allow_hyphen_values = true, value_parser = intent_text)]
    intent: String,
    /// Output format (table on a terminal, json otherwise).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Capabilities this session holds, besides `write` (repeatable).
    #[arg(long = "grant", value_name = "CAP")]
    grants: Vec<String>,
    /// The session may not edit the workspace: withhold `write`.
    #[arg(long)]
    read_only: bool,
    /// Show every candidate's score, matched words and why it was taken.
    #[arg(long)]
    explain: bool,
    /// Let an outside program choose the skills: it gets the intent and the
    /// roster as JSON on stdin and prints a JSON list of names.
    #[arg(long, value_name = "CMD")]
    selector: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Json,
    Md,
    Mermaid,
    Dot,
}

/// The session's capabilities: `grants:` from re0.yaml (default `write`),
/// plus `--grant`, less `write` when read-only.
pub fn session_grants(
    config_grants: Option<&[String]>,
    flags: &[String],
    read_only: bool,
) -> BTreeSet<String> {
    let mut g: BTreeSet<String> = match config_grants {
        Some(list) => list.iter().cloned().collect(),
        None => BTreeSet::from(["write".to_string()]),
    };
    g.extend(flags.iter().cloned());
    if read_only {
        g.remove("write");
    }
    g
}

/// Planning options from the command line, `RE0_SELECTOR` and re0.yaml.
pub fn options(
    ctx: &Context,
    grants: &[String],
    read_only: bool,
    selector: Option<String>,
    explain: bool,
) -> Options {
    Options {
        grants: session_grants(ctx.config.grants.as_deref(), grants, read_only),
        selector: selector.or_else(|| std::env::var("RE0_SELECTOR").ok().filter(|s| !s.is_empty())),
        explain,
        roots: ctx
            .catalog
            .roots
            .iter()
            .map(|r| ctx.show_path(&r.path))
            .collect(),
    }
}

/// `--grant` takes a capability (`network`) or one scoped to a skill
/// (`exec:review-loop`).
pub fn check_grants(grants: &[String]) -> Result<()> {
    for g in grants {
        let (cap, skill) = g.split_once(':').unwrap_or((g, ""));
        let skill_ok = skill.is_empty() || !skill.contains(char::is_whitespace);
        if !crate::contract::is_artifact_name(cap) || !skill_ok {
            return Err(crate::error::Error::Usage(format!(
                "--grant {g}: a capability is lowercase words joined by '-' (network, git-push), or CAP:SKILL for one skill (exec:review-loop)"
            )));
        }
    }
    Ok(())
}

/// An intent may open with "- " (a pasted list item), but one that opens
/// with "--" is a mistyped flag, not what someone wants done.
pub(super) fn intent_text(s: &str) -> std::result::Result<String, String> {
    match s.starts_with("--") {
        true => Err(format!("'{s}' is not a flag here (see --help)")),
        false => Ok(s.to_string()),
    }
}

/// An intent must say something: an empty one is a usage error.
pub fn check_intent(intent: &str) -> Result<()> {
    if intent.trim().is_empty() {
        return Err(crate::error::Error::Usage(
            "the intent is empty: say what you want done, e.g. re0 plan \"review and ship my change\"".into(),
        ));
    }
    Ok(())
}

/// Planning needs skills: with none installed, say so (not "no skill fits").
pub fn require_skills(ctx: &Context) -> Result<()> {
    if ctx.catalog.active_count() == 0 {
        return Err(crate::error::Error::Usage(super::list::no_skills_line(
            &ctx.catalog,
        )));
    }
    Ok(())
}

pub fn run(catalog: &[PathBuf], args: Args) -> Result<i32> {
    check_grants(&args.grants)?;
    check_intent(&args.intent)?;
    // The process ends with this command: the catalog is left for the exit
    // to reclaim, not freed skill by skill (a tenth of a warm run at 10,000).
    //
    // Without a selector, planning only computes: it runs on the catalog
    // made from the index while the walk confirms it (`Context::load_then`).
    // A selector is a program run, so it runs once, on the loaded catalog.
    let selector = args
        .selector
        .or_else(|| std::env::var("RE0_SELECTOR").ok().filter(|s| !s.is_empty()));
    let opts_of = |ctx: &Context| {
        options(
            ctx,
            &args.grants,
            args.read_only,
            selector.clone(),
            args.explain,
        )
    };
    let (ctx, plan) = if selector.is_none() {
        Context::load_then(catalog, |ctx| {
            (ctx.catalog.active_count() > 0)
                .then(|| plan::plan(&ctx.catalog, &args.intent, &opts_of(ctx)))
        })?
    } else {
        (Context::load(catalog)?, None)
    };
    let ctx: &Context = Box::leak(Box::new(ctx));
    require_skills(ctx)?;
    let plan = match plan {
        Some(p) => p?,
        None => plan::plan(&ctx.catalog, &args.intent, &opts_of(ctx))?,
    };
    let format = args.format.unwrap_or(if std::io::stdout().is_terminal() {
        Format::Table
    } else {
        Format::Json
    });
    match format {
        Format::Json => output::print_serialize(&plan),
        Format::Table => {
            // A terminal that reports a width of 0 gets 80 columns.
            let width = comfy_table::Table::new()
                .width()
                .map(|w| if w == 0 { 80 } else { w });
            output::print(&render::table(&plan, width));
        }
        Format::Md => output::print(&render::markdown(&plan)),
        Format::Mermaid => output::print(&render::mermaid(&plan)),
        Format::Dot => output::print(&render::dot(&plan)),
    }
    Ok(plan.exit_code())
}
