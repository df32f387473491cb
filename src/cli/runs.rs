//! `re0 status [RUN]`, `re0 runs`, `re0 cancel RUN`.

use super::context::Context;
use super::output;
use super::output::Format;
use super::run::StateArgs;
use crate::display::{clean, clip};
use crate::error::{Error, Result};
use crate::run::{staleness, usage};
use crate::state::context_md::{refresh, waiting_text};
use crate::state::RunStatus;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct StatusArgs {
    /// The run (default: the only unfinished one, or the latest when none
    /// is unfinished; with several unfinished, they are listed).
    run: Option<String>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    state: StateArgs,
}

#[derive(Debug, clap::Args)]
pub struct RunsArgs {
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    state: StateArgs,
}

#[derive(Debug, clap::Args)]
pub struct CancelArgs {
    /// The run to cancel.
    run: String,
    #[command(flatten)]
    state: StateArgs,
}

pub fn status(catalog: &[PathBuf], args: StatusArgs) -> Result<i32> {
    let ctx = Context::load(catalog)?;
    let store = args.state.store(&ctx);
    let id = match &args.run {
        Some(r) => r.clone(),
        None => match choose(&store, args.format)? {
            Some(id) => id,
            None => return Ok(2),
        },
    };
    let got = store.inspect(&id)?;
    let verified = got.auth == crate::state::Authenticity::Verified;
    if !verified {
        output::eline(format!(
            "re0: warning: run {id} was not written by re0 on this account: {}; it is shown, never resumed (`re0 adopt {id}` takes it over)",
            got.auth.why()
        ));
    }
    let (state, plan) = (got.state, got.plan);
    if verified {
        let _ = refresh(&store.run_dir(&id)?, &state, &plan);
    }
    let changed = staleness::changed(&state, &plan, &ctx.workspace.root);
    match args.format {
        Format::Json => output::print_json(&serde_json::json!({
            "schema": "re0/status@1",
            "verified": verified,
            "run": state,
            "plan": plan,
            "waiting_text": waiting_text(&state, &plan),
            "changed": changed,
            "usage": usage::totals(&store.run_dir(&id)?),
        })),
        Format::Text => output::print(&status_text(&state, &plan, &changed, &id, &store)?),
    }
    Ok(0)
}

/// `re0 status` as a person reads it: the run, what it waits for, its
/// steps, open blockers, artifacts, runner use and what changed on disk.
fn status_text(
    state: &crate::state::RunState,
    plan: &crate::plan::Plan,
    changed: &[staleness::Changed],
    id: &str,
    store: &crate::state::Store,
) -> Result<String> {
    let mut s = format!(
        "run {} ({}, revision {})\nintent: {}\n",
        state.run_id,
        state.state.as_str(),
        state.revision,
        clean(&clip(&state.intent, 2000))
    );
    if let Some(w) = waiting_text(state, plan) {
        s.push_str(&format!("next: {}\n", clean(&clip(&w, 4000))));
    }
    let mut t = output::table(&["id", "step", "type", "status", "tries", "note"]);
    for (p, r) in plan.steps.iter().zip(&state.steps) {
        t.add_row(output::row(vec![
            p.id.clone(),
            p.target.clone(),
            p.step_type.as_str().to_string(),
            format!("{:?}", r.status).to_lowercase(),
            format!("{}/{}", r.attempts, r.attempt_limit),
            r.note.clone().unwrap_or_default(),
        ]));
    }
    s.push_str(&format!("{t}\n"));
    let open: Vec<String> = state
        .open_blockers()
        .map(|b| {
            format!(
                "  {} against {} (from {}): {}",
                clean(&clip(&b.id, 120)),
                b.against,
                b.raised_by,
                clean(&clip(&b.summary, 400))
            )
        })
        .collect();
    if !open.is_empty() {
        s.push_str(&format!("open blockers:\n{}\n", open.join("\n")));
    }
    s.push_str(&artifacts_text(state, changed));
    if let Some(u) = usage::describe(&usage::totals(&store.run_dir(id)?)) {
        s.push_str(&format!("runner use: {u}\n"));
    }
    if !changed.is_empty() {
        s.push_str("changed on disk since accepted:\n");
        for c in changed {
            s.push_str(&format!("  {}\n", staleness::describe(c)));
        }
        s.push_str(&format!("{}\n", staleness_hint(state, id)));
    }
    Ok(s)
}

/// The run's artifacts, those changed on disk marked.
fn artifacts_text(state: &crate::state::RunState, changed: &[staleness::Changed]) -> String {
    let mut s = String::new();
    if state.artifacts.is_empty() {
        return s;
    }
    s.push_str("artifacts:\n");
    for (name, a) in &state.artifacts {
        let mark = if changed.iter().any(|c| &c.artifact == name) {
            ", CHANGED since accepted"
        } else {
            ""
        };
        s.push_str(&format!(
            "  {name}: {} (sha256 {}, from {} attempt {}{mark})\n",
            clean(&clip(&a.path, 400)),
            a.sha256.chars().take(12).collect::<String>(),
            a.step,
            a.attempt
        ));
    }
    s
}

/// What to do about changed artifacts of run `id`.
fn staleness_hint(state: &crate::state::RunState, id: &str) -> String {
    if state.state.is_terminal() {
        format!(
            "this run is {}; its evidence no longer holds: reopen it with `re0 run --reopen {id}`",
            state.state.as_str()
        )
    } else {
        format!("`re0 run --resume {id}` re-runs what is stale")
    }
}

/// The run `status` shows without a name: the only unfinished one, else
/// the latest. With several unfinished runs it lists them and asks for one
/// (`None`).
fn choose(store: &crate::state::Store, format: Format) -> Result<Option<String>> {
    let mut open = Vec::new();
    for id in store.ids()? {
        if let Ok((s, _)) = store.read(&id) {
            if !s.state.is_terminal() {
                open.push((id, s.state.as_str(), s.updated_at.clone(), s.intent.clone()));
            }
        }
    }
    match open.len() {
        1 => return Ok(open.pop().map(|o| o.0)),
        0 => {
            return store
                .ids()?
                .pop()
                .map(Some)
                .ok_or_else(|| Error::Usage(format!("no runs in {}", store.base.display())))
        }
        _ => {}
    }
    match format {
        Format::Json => output::print_json(&serde_json::json!({
            "schema": "re0/status@1",
            "choose": open.iter().map(|(id, st, at, intent)| serde_json::json!({
                "run_id": id, "state": st, "updated_at": at, "intent": intent,
            })).collect::<Vec<_>>(),
        })),
        Format::Text => {
            let mut t = output::table(&["run", "state", "updated", "intent"]);
            for (id, st, at, intent) in &open {
                t.add_row(vec![id.clone(), st.to_string(), at.clone(), intent.clone()]);
            }
            output::print(&format!(
                "{} unfinished runs; name the one to show: re0 status RUN\n{t}\n",
                open.len()
            ));
        }
    }
    Ok(None)
}

pub fn runs(catalog: &[PathBuf], args: RunsArgs) -> Result<i32> {
    let ctx = Context::load(catalog)?;
    let store = args.state.store(&ctx);
    let mut rows = Vec::new();
    for id in store.ids()? {
        match store.inspect(&id) {
            Ok(got) => rows.push(serde_json::json!({
                "run_id": id,
                "state": got.state.state.as_str(),
                "revision": got.state.revision,
                "updated_at": got.state.updated_at,
                "intent": got.state.intent,
                "verified": got.auth == crate::state::Authenticity::Verified,
            })),
            Err(e) => rows.push(
                serde_json::json!({ "run_id": id, "state": "unreadable", "error": e.to_string() }),
            ),
        }
    }
    match args.format {
        Format::Json => {
            output::print_json(&serde_json::json!({ "schema": "re0/runs@1", "runs": rows }))
        }
        Format::Text => {
            if rows.is_empty() {
                output::print(&format!("no runs in {}\n", store.base.display()));
                return Ok(0);
            }
            let mut t = output::table(&["run", "state", "updated", "intent"]);
            for r in &rows {
                let text = |k: &str| r[k].as_str().unwrap_or("").to_string();
                let intent = if r["error"].is_string() {
                    text("error")
                } else {
                    text("intent")
                };
                let mut state = text("state");
                if r["verified"] == false {
                    state.push_str(" (not written by re0 on this account)");
                }
                t.add_row(output::row(vec![
                    text("run_id"),
                    state,
                    text("updated_at"),
                    intent,
                ]));
            }
            output::print(&format!("{t}\n"));
        }
    }
    Ok(0)
}

pub fn cancel(catalog: &[PathBuf], args: CancelArgs) -> Result<i32> {
    let ctx = Context::load(catalog)?;
    let store = args.state.store(&ctx);
    // Cancelling only ends a run, so one re0 did not write may be
    // cancelled without adopting it first.
    let (mut run, _) = store.open_to_adopt(&args.run)?;
    if run.state.state.is_terminal() {
        return Err(Error::Usage(format!(
            "run {} is already {}",
            args.run,
            run.state.state.as_str()
        )));
    }
    run.state.state = RunStatus::Cancelled;
    run.state.waiting = None;
    run.save()?;
    run.event("cancelled", None, serde_json::json!({}))?;
    output::print(&format!("run {} cancelled\n", args.run));
    Ok(0)
}
