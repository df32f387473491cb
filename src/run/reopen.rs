//! Reopening a terminal run whose evidence went stale: `re0 run --reopen
//! RUN`. A terminal run is never resumed silently (DESIGN §5.4); a person
//! asks for it by name, and the event log records who did.

use super::staleness::{self, Changed};
use crate::error::{Error, Result};
use crate::state::{Run, RunStatus, Store};

/// The refusal for `re0 run --resume` on terminal run `run`: it says what
/// went stale and offers `--reopen` when something did.
pub fn refuse_resume(run: &Run) -> Error {
    let id = run.id();
    let state = run.state.state.as_str();
    let changed = staleness::changed(&run.state, &run.plan, &run.workspace);
    if changed.is_empty() || !reopenable(run.state.state) {
        return Error::Usage(format!(
            "run {id} is {state}; a terminal run is never resumed (start a new one)"
        ));
    }
    Error::Usage(format!(
        "run {id} is {state}, but its evidence went stale: {}. Reopen it with `re0 run --reopen {id}`",
        summary(&changed)
    ))
}

/// A hint for `re0 run --resume` when no run is unfinished: the latest
/// run, when it is finished and its evidence went stale.
pub fn stale_hint(store: &Store) -> Option<String> {
    let id = store.ids().ok()?.pop()?;
    let (state, plan) = store.read(&id).ok()?;
    if !reopenable(state.state) {
        return None;
    }
    let changed = staleness::changed(&state, &plan, &store.workspace);
    (!changed.is_empty()).then(|| {
        format!(
            "; run {id} is {} but its evidence went stale ({}): reopen it with `re0 run --reopen {id}`",
            state.state.as_str(),
            summary(&changed)
        )
    })
}

fn summary(changed: &[Changed]) -> String {
    changed
        .iter()
        .map(staleness::describe)
        .collect::<Vec<_>>()
        .join("; ")
}

fn reopenable(s: RunStatus) -> bool {
    matches!(s, RunStatus::Completed | RunStatus::Incomplete)
}

/// Opens terminal run `id` again so a drive re-runs what went stale.
pub fn reopen(store: &Store, id: &str) -> Result<Run> {
    let mut run = store.open(id)?;
    let was = run.state.state;
    if !was.is_terminal() {
        return Err(Error::Usage(format!(
            "run {id} is {}, not finished: continue it with `re0 run --resume {id}`",
            was.as_str()
        )));
    }
    if !reopenable(was) {
        return Err(Error::Usage(format!(
            "run {id} is {}; only a completed or incomplete run can be reopened",
            was.as_str()
        )));
    }
    let changed = staleness::changed(&run.state, &run.plan, &run.workspace);
    if was == RunStatus::Completed && changed.is_empty() {
        return Err(Error::Usage(format!(
            "run {id} is completed and nothing it accepted changed; there is nothing to reopen"
        )));
    }
    run.state.state = RunStatus::Running;
    run.state.waiting = None;
    run.save()?;
    run.event(
        "reopened",
        None,
        serde_json::json!({ "was": was.as_str(), "changed": changed }),
    )?;
    println!(
        "run {id} reopened by {} (it was {}){}",
        crate::state::store::who(),
        was.as_str(),
        if changed.is_empty() {
            String::new()
        } else {
            format!(": {}", summary(&changed))
        }
    );
    Ok(run)
}
