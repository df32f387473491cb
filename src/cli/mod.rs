//! The command line: argument parsing and dispatch. Each command lives in
//! its own module and returns its exit status; errors become one line.

mod adopt;
mod check;
mod context;
mod docs;
mod doctor;
mod eval;
mod graph;
mod grid;
mod handoff;
mod list;
mod next;
mod output;
mod plan;
mod pretty;
mod run;
mod runs;
mod show;
mod trust;

use crate::error::Error;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

pub use context::Context;

const ABOUT: &str = "Plan, run and check the agent skills installed on this machine";

const LONG_ABOUT: &str = "\
re0 reads the skills installed for coding agents (folders with a SKILL.md), \
orders them by their declared prerequisites, and checks that their contracts hold.

Skill roots, in precedence order: --catalog DIR (exclusive), RE0_CATALOG \
(exclusive, ':'-separated), then project roots (.agents/skills, .agent/skills, \
.claude/skills, .codex/skills, .cursor/skills, .gemini/skills, .opencode/skills, \
.github/skills, .claude/commands) from here up to the repository root, then the \
same under your home, then the plugins Claude Code, Codex, Copilot CLI and Gemini \
CLI have installed and enabled, then /etc/codex/skills. CLAUDE_CONFIG_DIR, \
CODEX_HOME, XDG_CONFIG_HOME and COPILOT_HOME move those homes. --client NAME \
shows one client's own roster instead: its roots, precedence and invocation syntax.";

const AFTER_HELP: &str = "\
Examples:
  re0 list                                  # every skill on this machine, who sees it
  re0 --client codex list                   # what Codex loads here, invoked as $name
  re0 --catalog catalogs/dev-workflow list
  re0 --catalog catalogs/dev-workflow show review-change
  re0 check catalogs/dev-workflow --format sarif > re0.sarif
  re0 --catalog catalogs/dev-workflow graph --format mermaid

Exit status: 0 success, 1 check found errors, 2 usage or catalog error.";

#[derive(Debug, Parser)]
#[command(name = "re0", version, about = ABOUT, long_about = LONG_ABOUT, after_help = AFTER_HELP)]
pub struct Cli {
    /// Read skills only from DIR (repeatable; earlier wins a name clash).
    #[arg(long = "catalog", value_name = "DIR", global = true)]
    pub catalog: Vec<PathBuf>,

    /// Show the skills exactly as this client loads them: its roots, its
    /// precedence and its invocation syntax (default: the union of all).
    #[arg(long, value_name = "NAME", global = true, value_enum)]
    pub client: Option<crate::catalog::Client>,
    /// Read every skill file instead of the catalog index in the cache
    /// folder (also RE0_NO_CACHE=1). The output is the same either way.
    #[arg(long, global = true)]
    pub no_cache: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Plan an intent: the skills that serve it, ordered and typed.
    Plan(plan::Args),
    /// Plan and run an intent, or resume a run, until a person is needed.
    Run(run::Args),
    /// Show where a run stands and what it waits for.
    Status(runs::StatusArgs),
    /// List the runs of this workspace.
    Runs(runs::RunsArgs),
    /// Cancel a run.
    Cancel(runs::CancelArgs),
    /// Check the set-up a run needs and say what to fix.
    Doctor(doctor::Args),
    /// Take over a run re0 did not write on this account (after showing what it would do).
    Adopt(adopt::Args),
    /// Trust this workspace's re0.yaml, so its grants, runner and bindings apply.
    Trust(trust::Args),
    /// The next step of a run, for an agent that performs steps itself.
    Next(next::NextArgs),
    /// Record a step's handoff (a person's work, a decision, or an agent's).
    Handoff(handoff::HandoffArgs),
    /// List the skills in the catalog with their lanes.
    List(list::Args),
    /// Show one skill: description, lane and every contract field with its source.
    Show(show::Args),
    /// Check a catalog: frontmatter, names, contracts, prerequisites, cycles.
    Check(check::Args),
    /// Draw the catalog's prerequisite graph.
    Graph(graph::Args),
    /// Measure selection quality on an evaluation set of intents.
    Eval(eval::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(docs::CompletionsArgs),
    /// Print the manual page (roff), e.g. `re0 man | man -l -`.
    Man(docs::ManArgs),
}

/// Runs re0 with the process arguments and returns the exit status.
pub fn main() -> i32 {
    crate::process::handle_signals();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let code = match run(cli) {
        Ok(code) => code,
        Err(e) => {
            output::eline(format!(
                "re0: error: {}",
                crate::display::clean(&e.to_string())
            ));
            e.exit_code()
        }
    };
    // Stopped by a signal: say so in the exit status, whatever the command
    // made of it.
    match crate::process::interrupted() {
        Some(sig) => 128 + sig,
        None => code,
    }
}

fn run(cli: Cli) -> Result<i32, Error> {
    context::set_client(cli.client);
    if cli.no_cache {
        crate::catalog::index::disable();
    }
    match cli.command {
        Command::Plan(a) => plan::run(&cli.catalog, a),
        Command::Run(a) => run::run(&cli.catalog, a),
        Command::Status(a) => runs::status(&cli.catalog, a),
        Command::Runs(a) => runs::runs(&cli.catalog, a),
        Command::Cancel(a) => runs::cancel(&cli.catalog, a),
        Command::Doctor(a) => doctor::run(&cli.catalog, a),
        Command::Adopt(a) => adopt::run(&cli.catalog, a),
        Command::Trust(a) => trust::run(a),
        Command::Next(a) => next::next(&cli.catalog, a),
        Command::Handoff(a) => handoff::handoff(&cli.catalog, a),
        Command::List(a) => list::run(&cli.catalog, a),
        Command::Show(a) => show::run(&cli.catalog, a),
        Command::Check(a) => check::run(&cli.catalog, a),
        Command::Graph(a) => graph::run(&cli.catalog, a),
        Command::Eval(a) => eval::run(a),
        Command::Completions(a) => docs::completions(a),
        Command::Man(a) => docs::man(a),
    }
}
