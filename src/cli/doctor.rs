//! `re0 doctor`: checks the set-up a run needs and says what to fix.

use super::context::Context;
use super::output;
use super::output::Format;
use super::run::StateArgs;
use crate::error::Result;
use crate::run::doctor::{self, Finding, Level};
use crate::state::Store;
use crate::workspace::Workspace;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Checks: the catalog is found and has skills, the runner's program is on
PATH (a preset as it expands), the workspace and the state folder are
writable, git ignores the state folder, and a preset agent can write its
handoff there.

Exit status: 0 ready (warnings allowed), 1 something must be fixed.")]
pub struct Args {
    /// Check this runner instead of RE0_RUNNER or runner: in re0.yaml.
    #[arg(long, value_name = "CMD")]
    runner: Option<String>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    state: StateArgs,
}

/// The catalog check, and the context when it loads.
fn catalog(flags: &[PathBuf]) -> (Finding, Option<Context>) {
    let ctx = match Context::load(flags) {
        Ok(c) => c,
        Err(e) => {
            let f = Finding::bad(
                "catalog",
                Level::Error,
                format!("cannot load the catalog: {e}"),
                "fix re0.yaml or the --catalog folders named above".into(),
            );
            return (f, None);
        }
    };
    let roots: Vec<String> = ctx
        .catalog
        .roots
        .iter()
        .map(|r| ctx.show_path(&r.path))
        .collect();
    let n = ctx.catalog.active_count();
    let f = if n == 0 {
        Finding::bad(
            "catalog",
            Level::Error,
            format!(
                "no skills found (roots searched: {})",
                if roots.is_empty() {
                    "none exist".to_string()
                } else {
                    roots.join(", ")
                }
            ),
            "install skills (folders with SKILL.md) in .agents/skills or ~/.claude/skills, or pass --catalog DIR".into(),
        )
    } else {
        Finding::ok(
            "catalog",
            format!(
                "{n} skill(s) in {} root(s): {}",
                roots.len(),
                roots.join(", ")
            ),
        )
    };
    (f, Some(ctx))
}

pub fn run(catalog_flags: &[PathBuf], args: Args) -> Result<i32> {
    let (catalog, ctx) = catalog(catalog_flags);
    let mut findings = vec![catalog];
    let workspace = match &ctx {
        Some(c) => c.workspace.clone(),
        None => Workspace::from_env().map_err(|e| crate::error::Error::Io {
            path: PathBuf::from("."),
            source: e,
        })?,
    };
    let configured = args
        .runner
        .clone()
        .or_else(|| std::env::var("RE0_RUNNER").ok())
        .or_else(|| ctx.as_ref().and_then(|c| c.config.runner.clone()))
        .filter(|c| !c.trim().is_empty())
        .map(|c| crate::agents::expand(&c, crate::agents::Purpose::Run));
    let path = std::env::var("PATH").unwrap_or_default();
    // The runner runs in the workspace root: relative paths are from there.
    findings.push(doctor::runner(
        configured.as_deref(),
        &path,
        &workspace.root,
    ));
    findings.push(doctor::writable(
        "workspace",
        "the workspace",
        &workspace.root,
    ));
    let store = Store::new(&workspace.root, args.state.state_dir.as_deref());
    findings.push(doctor::writable("state", "the state folder", &store.base));
    findings.push(doctor::ignored(&workspace.root, &store.base));
    findings.extend(doctor::handoff_reachable(
        configured.as_deref(),
        &workspace.root,
        &store.base,
    ));
    let ready = findings.iter().all(|f| f.level != Level::Error);
    match args.format {
        Format::Json => output::print_json(&serde_json::json!({
            "schema": "re0/doctor@1",
            "ready": ready,
            "findings": findings,
        })),
        Format::Text => {
            let mut s = String::new();
            for f in &findings {
                s.push_str(&format!(
                    "{:<5} {:<10} {}\n",
                    f.level.as_str(),
                    f.check,
                    f.message
                ));
                if let Some(fix) = &f.fix {
                    s.push_str(&format!("{:16}fix: {fix}\n", ""));
                }
            }
            s.push_str(if ready {
                "ready to run\n"
            } else {
                "not ready: fix the errors above\n"
            });
            output::print(&s);
        }
    }
    Ok(if ready { 0 } else { 1 })
}
