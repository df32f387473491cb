//! `CONTEXT.md`: a short readable projection of a run for people and
//! agents. It carries `run_id` and `state_revision` in its frontmatter, is
//! rebuilt whenever it is stale or missing, and never routes anything.

use super::model::{RunState, WaitKind};
use super::store::{write_atomic, Run};
use crate::error::Result;
use crate::plan::{Plan, StepType};
use std::path::Path;

/// What a waiting run needs from a person, in one paragraph.
pub fn waiting_text(state: &RunState, plan: &Plan) -> Option<String> {
    let w = state.waiting.as_ref()?;
    let step = plan.step(&w.step)?;
    let id = &state.run_id;
    let record = |extra: &str| format!("re0 handoff {id} {} --status complete{extra}", step.id);
    let artifacts: String = step
        .expected_output
        .iter()
        .map(|a| format!(" --artifact {a}=PATH"))
        .collect();
    Some(match w.kind {
        WaitKind::Human => format!(
            "{} ({}) is yours: {}. Run {} yourself, then record it with `{}` and continue with `re0 run --resume {id}`.",
            step.id,
            step.target,
            step.reason,
            step.invocation.clone().unwrap_or_else(|| format!("/{}", step.target)),
            record(&artifacts)
        ),
        WaitKind::Decision => format!(
            "{} asks a person to decide: {}. Answer with `{}` and continue with `re0 run --resume {id}`.",
            step.id,
            step.target,
            record(" --outcome \"ANSWER\"")
        ),
        WaitKind::Runner if state.state == super::model::RunStatus::RetryableError => format!(
            "{} ({}) could not start its runner: {}. No attempt was used; fix the runner (`re0 doctor` checks the set-up) and run `re0 run --resume {id}`.",
            step.id,
            step.target,
            state.step(&step.id).and_then(|r| r.note.clone()).unwrap_or_default()
        ),
        WaitKind::Runner => format!(
            "{} ({}) is a model step and no runner is configured: pass --runner claude (or codex, gemini: presets that run those agents headless), or your own command (or set RE0_RUNNER, or runner: in re0.yaml) and run `re0 run --resume {id}`.",
            step.id, step.target
        ),
        WaitKind::Resume => format!(
            "a handoff for {} was recorded; continue with `re0 run --resume {id}`.",
            step.id
        ),
        WaitKind::Interrupted => format!(
            "re0 was stopped while {} ({}) worked; that attempt is recorded as interrupted and does not count. Continue with `re0 run --resume {id}`.",
            step.id, step.target
        ),
        WaitKind::Steering => format!(
            "{} ({}) used all its attempts. Do it yourself and record it with `{}`, or allow more attempts with `re0 run --resume {id} --retry {}`.",
            step.id,
            step.target,
            record(&artifacts),
            step.id
        ),
    })
}

fn render(state: &RunState, plan: &Plan) -> String {
    let mut s = format!(
        "---\nrun_id: {}\nstate_revision: {}\nstate: {}\n---\n# re0 run {}\n\n",
        state.run_id,
        state.revision,
        state.state.as_str(),
        state.run_id
    );
    s.push_str(&format!("Intent: {}\n\n", state.intent.replace('\n', " ")));
    s.push_str(&format!("State: **{}**", state.state.as_str()));
    match waiting_text(state, plan) {
        Some(t) => s.push_str(&format!(". {t}\n\n")),
        None => s.push_str("\n\n"),
    }
    s.push_str("| step | target | type | status | attempts |\n|---|---|---|---|---|\n");
    for (p, r) in plan.steps.iter().zip(&state.steps) {
        let ty = if p.step_type == StepType::Conditional {
            "conditional"
        } else {
            p.step_type.as_str()
        };
        s.push_str(&format!(
            "| {} | {} | {} | {:?} | {} |\n",
            p.id,
            p.target.replace('|', "/"),
            ty,
            r.status,
            r.attempts
        ));
    }
    let open: Vec<String> = state
        .open_blockers()
        .map(|b| {
            format!(
                "- {} against {}: {}",
                b.id,
                b.against,
                b.summary.replace('\n', " ")
            )
        })
        .collect();
    if !open.is_empty() {
        s.push_str(&format!("\nOpen blockers:\n{}\n", open.join("\n")));
    }
    s.push_str("\nThis file is a projection of state.json for reading; it never routes the run.\n");
    s
}

/// Rewrites `CONTEXT.md` for the run's current revision.
pub fn write(run: &Run) -> Result<()> {
    write_atomic(
        &run.dir.join("CONTEXT.md"),
        render(&run.state, &run.plan).as_bytes(),
    )
}

/// Rebuilds `CONTEXT.md` in `dir` when it is missing or names another
/// revision. Returns whether it was rebuilt.
pub fn refresh(dir: &Path, state: &RunState, plan: &Plan) -> Result<bool> {
    let path = dir.join("CONTEXT.md");
    let current = crate::fsio::read_text_limited(&path, 1 << 20, crate::fsio::Follow::No)
        .ok()
        .and_then(|t| {
            t.lines().find_map(|l| {
                l.strip_prefix("state_revision: ")
                    .map(|r| r.trim().to_string())
            })
        });
    if current.as_deref() == Some(state.revision.to_string().as_str()) {
        return Ok(false);
    }
    write_atomic(&path, render(state, plan).as_bytes())?;
    Ok(true)
}
