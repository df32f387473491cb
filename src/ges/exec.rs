//! Running a GES graph as a step's gate (DESIGN §6, the GES executor
//! protocol).
//!
//! The loop: take the first active node that is not finished; run its next
//! action (or loop item) and persist; when its actions are done, judge the
//! goal and its edges (first match wins) and move on — to one node, or to
//! every target of a fork. A node that feeds a join waits there; when every
//! source of a join has finished, the join moves on. The graph is done when
//! every active node is a terminal. A terminal's own actions never run.
//!
//! `run` actions are processes ([`super::shell`] keeps values out of their
//! text), `prompt` actions and judgements go through an [`Ask`], `run` +
//! `prompt` pipes the prompt to the command, `run: ./child.ges.yaml` calls a
//! nested graph. Nothing here follows an `edge.handoff`: it is recorded.

use super::ask::{Ask, Spawn};
use super::model::Graph;
use super::state::{self, GraphRun, GraphStatus, Question};
use crate::state::fault;
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A graph that takes more transitions than this is stopped.
pub const MAX_TRANSITIONS: u32 = 10_000;
/// How deep nested graphs may call each other.
pub const MAX_DEPTH: u32 = 8;
/// An action's time limit when it sets none.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(600);

/// Everything the executor needs to know about where it runs.
pub struct Ctx<'a> {
    pub graph: &'a Graph,
    pub skill_dir: &'a Path,
    pub workspace: &'a Path,
    pub state_path: PathBuf,
    pub log_path: PathBuf,
    pub step: &'a str,
    pub skill: &'a str,
    pub attempt: u32,
    pub run_id: &'a str,
    pub intent: &'a str,
    /// The workspace's aliases (the graph's own come first).
    pub bindings: &'a BTreeMap<String, String>,
    /// Values the run offers for `meta.input` (artifact paths by name, or a
    /// caller's `_input`).
    pub inputs: BTreeMap<String, Json>,
    /// Attempts each fork branch gets.
    pub branch_attempts: u32,
    /// 0 for the step's graph, 1 for a graph it calls, …
    pub depth: u32,
}

/// The world outside: who answers questions, and where events go.
pub struct Io<'a> {
    pub ask: &'a mut dyn Ask,
    pub events: &'a mut dyn FnMut(&str, Json),
}

/// How a graph run ended (for now).
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Done(Box<GraphRun>),
    Stuck(String),
    Failed(String),
    /// Waiting for the agent's answer (`re0 next`).
    Pending(Box<Question>),
}

/// Why a unit of work could not finish.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    Pending(Box<Question>),
    Failed(String),
    Stuck(String),
}

/// Expands a binding alias at the start of `run`, keeping what follows it
/// (`analyzer --verbose`). The first word may be in double quotes.
pub fn expand_alias(
    run: &str,
    own: &BTreeMap<String, String>,
    workspace: &BTreeMap<String, String>,
) -> String {
    let t = run.trim_start();
    let (word, rest) = match t.strip_prefix('"') {
        Some(q) => match q.find('"') {
            Some(end) if !q[..end].contains(char::is_whitespace) => (&q[..end], &q[end + 1..]),
            _ => return run.to_string(),
        },
        None => {
            let end = t.find(char::is_whitespace).unwrap_or(t.len());
            (&t[..end], &t[end..])
        }
    };
    match own.get(word).or_else(|| workspace.get(word)) {
        Some(b) => format!("{b}{rest}"),
        None => run.to_string(),
    }
}

/// The values guards, templates and commands see at `node`.
pub fn scope(ctx: &Ctx<'_>, st: &GraphRun, node: &str) -> BTreeMap<String, Json> {
    let mut v = st.vars.clone();
    let iteration = st.visits.get(node).copied().unwrap_or(1);
    v.insert("iteration".into(), Json::from(iteration));
    v.insert("retries".into(), Json::from(iteration.saturating_sub(1)));
    v.insert("intent".into(), Json::from(ctx.intent));
    v.insert("run_id".into(), Json::from(ctx.run_id));
    v.insert("step".into(), Json::from(ctx.step));
    v.insert(
        "workspace".into(),
        Json::from(ctx.workspace.display().to_string()),
    );
    v
}

/// Where processes of `branch` run and log.
pub fn spawn_for<'a>(ctx: &'a Ctx<'_>, st: &GraphRun, branch: Option<&str>) -> Spawn<'a> {
    let attempt = branch.and_then(|b| st.branches.get(b).map(|r| (b, r.attempt)));
    let log = match attempt {
        Some((b, k)) => {
            let stem = ctx
                .log_path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            ctx.log_path
                .with_file_name(format!("{stem}-{}-b{k}.log", safe_name(b)))
        }
        None => ctx.log_path.clone(),
    };
    Spawn {
        workspace: ctx.workspace,
        env: vec![
            ("RE0_RUN_ID".into(), ctx.run_id.into()),
            ("RE0_STEP".into(), ctx.step.into()),
            ("RE0_SKILL".into(), ctx.skill.into()),
            ("RE0_SKILL_DIR".into(), ctx.skill_dir.display().to_string()),
            ("RE0_ATTEMPT".into(), ctx.attempt.to_string()),
            ("RE0_GES_GRAPH".into(), ctx.graph.meta.name.clone()),
            ("RE0_GES_BRANCH".into(), branch.unwrap_or_default().into()),
            (
                "RE0_GES_BRANCH_ATTEMPT".into(),
                attempt.map(|(_, k)| k.to_string()).unwrap_or_default(),
            ),
        ],
        log,
        timeout: DEFAULT_TIMEOUT,
    }
}

/// A name made safe for a file name.
pub fn safe_name(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A short view of the variables, for messages.
pub fn shown(vars: &BTreeMap<String, Json>) -> String {
    let s = serde_json::to_string(vars).unwrap_or_default();
    crate::display::clip(&s, 600).into_owned()
}

/// Starts a graph run, or resumes the one on disk for this attempt.
fn begin(ctx: &Ctx<'_>) -> Result<GraphRun, String> {
    if let Some(s) = state::read(&ctx.state_path, ctx.graph) {
        if s.step == ctx.step && s.attempt == ctx.attempt && s.status == GraphStatus::Running {
            return Ok(s);
        }
    }
    let mut st = GraphRun::new(ctx.step, ctx.attempt, ctx.graph);
    st.vars = super::call::initial_vars(ctx.graph, &ctx.inputs)?;
    if ctx.graph.is_terminal(&ctx.graph.meta.entry) {
        st.active[0].done = true;
    }
    Ok(st)
}

/// Runs (or resumes) the graph until it ends or waits for an answer.
pub fn run(ctx: &Ctx<'_>, io: &mut Io<'_>) -> std::io::Result<Outcome> {
    let mut st = match begin(ctx) {
        Ok(st) => st,
        Err(msg) => {
            let mut st = GraphRun::new(ctx.step, ctx.attempt, ctx.graph);
            return finish(ctx, &mut st, Stop::Failed(msg));
        }
    };
    st.pending = None;
    st.label(ctx.graph);
    state::save(&ctx.state_path, &st)?;
    loop {
        match super::fork::advance(ctx, &mut st, io) {
            Ok(true) => {
                st.status = GraphStatus::Done;
                st.history
                    .push("done: every active node is a terminal".into());
                st.label(ctx.graph);
                state::save(&ctx.state_path, &st)?;
                return Ok(Outcome::Done(Box::new(st)));
            }
            Ok(false) => {
                st.label(ctx.graph);
                state::save(&ctx.state_path, &st)?;
                fault::point("ges-action-done");
            }
            Err(stop) => return finish(ctx, &mut st, stop),
        }
        if st.transitions > MAX_TRANSITIONS {
            let msg = format!("stopped after {MAX_TRANSITIONS} transitions");
            return finish(ctx, &mut st, Stop::Failed(msg));
        }
    }
}

fn finish(ctx: &Ctx<'_>, st: &mut GraphRun, stop: Stop) -> std::io::Result<Outcome> {
    st.label(ctx.graph);
    let out = match stop {
        Stop::Pending(q) => {
            st.pending = Some((*q).clone());
            Outcome::Pending(q)
        }
        Stop::Failed(m) => {
            st.status = GraphStatus::Failed;
            st.message = Some(m.clone());
            Outcome::Failed(m)
        }
        Stop::Stuck(m) => {
            st.status = GraphStatus::Stuck;
            st.message = Some(m.clone());
            Outcome::Stuck(m)
        }
    };
    state::save(&ctx.state_path, st)?;
    Ok(out)
}

/// True when running the graph needs a model: prompt actions, judged
/// `verify` strings, guards or a goal that are not CEL or read values no
/// action gives — in it or in a graph it calls.
pub fn needs_runner(g: &Graph, skill_dir: &Path) -> bool {
    let known: std::collections::BTreeSet<String> = g
        .outputs()
        .into_iter()
        .chain(g.inputs())
        .chain(super::check::BUILTINS.iter().map(|s| s.to_string()))
        .collect();
    let judged = |w: &str| {
        let guard = crate::guard::Guard::parse(&super::template::fill_cel(
            w,
            &Default::default(),
            &mut Vec::new(),
        ));
        !guard.is_cel() || guard.variables().iter().any(|v| !known.contains(v))
    };
    let own = g.all_actions().any(|(_, a)| {
        let call = a
            .run
            .as_deref()
            .is_some_and(|r| super::call::target(r, g).is_some());
        (a.prompt.is_some() && a.run.is_none() && !call)
            || matches!(a.verify, Some(super::model::Verify::Judge(_)))
    }) || g.edges.iter().filter_map(|e| e.guard()).any(judged)
        || g.meta.goal.as_deref().is_some_and(judged);
    own || super::call::children(g, skill_dir, 0)
        .iter()
        .any(|c| needs_runner(c, skill_dir))
}

/// True when the graph (or one it calls) runs commands: it needs `exec`.
pub fn runs_commands(g: &Graph, skill_dir: &Path) -> bool {
    let own = g.all_actions().any(|(_, a)| {
        let call = a
            .run
            .as_deref()
            .is_some_and(|r| super::call::target(r, g).is_some());
        (a.run.is_some() && !call) || matches!(a.verify, Some(super::model::Verify::Run(_)))
    });
    own || super::call::children(g, skill_dir, 0)
        .iter()
        .any(|c| runs_commands(c, skill_dir))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_alias_keeps_its_arguments() {
        let b = BTreeMap::from([(
            "analyzer".to_string(),
            "maestro delegate --role analyze".to_string(),
        )]);
        let none = BTreeMap::new();
        assert_eq!(
            expand_alias("analyzer --verbose", &b, &none),
            "maestro delegate --role analyze --verbose"
        );
        assert_eq!(
            expand_alias("\"analyzer\" -v", &b, &none),
            "maestro delegate --role analyze -v"
        );
        assert_eq!(
            expand_alias("analyzer", &none, &b),
            "maestro delegate --role analyze"
        );
        assert_eq!(expand_alias("npm test", &b, &none), "npm test");
    }
}
