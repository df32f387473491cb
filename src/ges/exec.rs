//! Running a GES graph as a step's gate (DESIGN §6).
//!
//! `run` actions are processes (the step was planned only if the session
//! holds `exec` for this skill), `prompt` actions go through the runner,
//! `verify` is judged by exit code, and `output` is captured as JSON when it
//! parses. After a node's actions, its edges are tried in order: the first
//! whose `when` holds is taken (CEL over the variables plus `iteration` and
//! `retries`; other text is judged yes/no by the runner and the verdict is
//! kept as evidence). No match is STUCK, reported with the node and the
//! values seen. The graph's state is written atomically after every action,
//! so a killed run resumes at the next action.

use super::check::prompt_text;
use super::model::{Action, Graph};
use crate::guard::{Guard, GuardError};
use crate::process::{self, Exit};
use crate::run::runner::Runner;
use crate::state::{fault, store::write_atomic};
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

pub const STATE_SCHEMA: &str = "re0/ges-state@1";
/// A graph that takes more transitions than this is stopped.
pub const MAX_TRANSITIONS: u32 = 10_000;
/// Largest output captured from one action.
const MAX_OUTPUT: u64 = 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GraphStatus {
    Running,
    Done,
    Stuck,
    Failed,
}

/// A judgement the runner gave on a guard that is not CEL.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    pub node: String,
    pub guard: String,
    pub verdict: bool,
}

/// The graph's state on disk: `<run>/ges/<step>-a<attempt>.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphRun {
    pub schema: String,
    pub step: String,
    pub attempt: u32,
    pub node: String,
    /// The next action of `node` to run.
    pub action: usize,
    pub vars: BTreeMap<String, Json>,
    pub visits: BTreeMap<String, u32>,
    pub transitions: u32,
    pub status: GraphStatus,
    pub message: Option<String>,
    pub judgements: Vec<Judgement>,
    /// What happened, one line per action or transition.
    pub history: Vec<String>,
}

/// Everything the executor needs.
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
    pub runner: Option<&'a Runner>,
    /// The workspace's aliases (the graph's own come first).
    pub bindings: &'a BTreeMap<String, String>,
}

/// How a graph run ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Done(GraphRun),
    Stuck(String),
    Failed(String),
}

/// True when running this graph needs a runner: prompts, or guards that
/// are not CEL.
pub fn needs_runner(g: &Graph) -> bool {
    g.nodes
        .values()
        .flatten()
        .flat_map(|n| &n.actions)
        .any(|a| a.prompt.is_some())
        || g.edges
            .iter()
            .any(|e| e.when.as_deref().is_some_and(|w| !Guard::parse(w).is_cel()))
}

/// Runs (or resumes) the graph.
pub fn run(ctx: &Ctx<'_>) -> std::io::Result<Outcome> {
    let mut st = match read_state(&ctx.state_path) {
        Some(s)
            if s.step == ctx.step
                && s.attempt == ctx.attempt
                && s.status == GraphStatus::Running =>
        {
            s
        }
        _ => GraphRun {
            schema: STATE_SCHEMA.into(),
            step: ctx.step.into(),
            attempt: ctx.attempt,
            node: ctx.graph.meta.entry.clone(),
            action: 0,
            vars: BTreeMap::new(),
            visits: BTreeMap::from([(ctx.graph.meta.entry.clone(), 1)]),
            transitions: 0,
            status: GraphStatus::Running,
            message: None,
            judgements: Vec::new(),
            history: Vec::new(),
        },
    };
    save(&ctx.state_path, &st)?;
    let terminals = ctx.graph.terminals();
    loop {
        let actions = ctx.graph.actions(&st.node).to_vec();
        while st.action < actions.len() {
            let a = &actions[st.action];
            match run_action(ctx, &mut st, a) {
                Ok(value) => {
                    st.history.push(format!("{}.{}: ok", st.node, a.id));
                    if let Some(out) = &a.output {
                        st.vars.insert(out.clone(), value);
                    }
                }
                Err(e) if a.optional => st
                    .history
                    .push(format!("{}.{}: failed, optional: {e}", st.node, a.id)),
                Err(e) => {
                    let msg = format!("action {}.{} failed: {e}", st.node, a.id);
                    st.status = GraphStatus::Failed;
                    st.message = Some(msg.clone());
                    save(&ctx.state_path, &st)?;
                    return Ok(Outcome::Failed(msg));
                }
            }
            st.action += 1;
            save(&ctx.state_path, &st)?;
            fault::point("ges-action-done");
        }
        // A terminal node runs its actions, then the graph is done.
        if terminals.contains(&st.node) {
            st.status = GraphStatus::Done;
            st.history.push(format!("reached terminal {}", st.node));
            save(&ctx.state_path, &st)?;
            return Ok(Outcome::Done(st));
        }
        let Some(to) = choose_edge(ctx, &mut st)? else {
            let shown = serde_json::to_string(&st.vars).unwrap_or_default();
            let shown: String = shown.chars().take(600).collect();
            let iteration = st.visits.get(&st.node).copied().unwrap_or(1);
            let msg = format!(
                "STUCK at node '{}': no edge matched (iteration {iteration}, retries {}; values: {shown})",
                st.node,
                iteration.saturating_sub(1)
            );
            st.status = GraphStatus::Stuck;
            st.message = Some(msg.clone());
            save(&ctx.state_path, &st)?;
            return Ok(Outcome::Stuck(msg));
        };
        st.transitions += 1;
        if st.transitions > MAX_TRANSITIONS {
            let msg = format!("stopped after {MAX_TRANSITIONS} transitions");
            st.status = GraphStatus::Failed;
            st.message = Some(msg.clone());
            save(&ctx.state_path, &st)?;
            return Ok(Outcome::Failed(msg));
        }
        st.history.push(format!("{} -> {to}", st.node));
        *st.visits.entry(to.clone()).or_insert(0) += 1;
        st.node = to;
        st.action = 0;
        save(&ctx.state_path, &st)?;
    }
}

fn read_state(path: &Path) -> Option<GraphRun> {
    let text = std::fs::read_to_string(path).ok()?;
    let s: GraphRun = serde_json::from_str(&text).ok()?;
    (s.schema == STATE_SCHEMA).then_some(s)
}

fn save(path: &Path, st: &GraphRun) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    write_atomic(path, &serde_json::to_vec_pretty(st).unwrap_or_default())
        .map_err(|e| std::io::Error::other(e.to_string()))
}

/// The values guards and `{{var}}` see.
fn scope(ctx: &Ctx<'_>, st: &GraphRun) -> BTreeMap<String, Json> {
    let mut v = st.vars.clone();
    let iteration = st.visits.get(&st.node).copied().unwrap_or(1);
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

/// The first edge from the current node whose guard holds.
fn choose_edge(ctx: &Ctx<'_>, st: &mut GraphRun) -> std::io::Result<Option<String>> {
    let vars = scope(ctx, st);
    let edges: Vec<_> = ctx
        .graph
        .edges
        .iter()
        .filter(|e| e.from == st.node)
        .cloned()
        .collect();
    for e in edges {
        let Some(w) = &e.when else {
            return Ok(Some(e.to.clone()));
        };
        let guard = Guard::parse(w);
        let holds = match guard.eval(&vars) {
            Ok(b) => b,
            Err(GuardError::Unknown(_)) if !guard.is_cel() => {
                let verdict = judge(ctx, st, w)?;
                st.judgements.push(Judgement {
                    node: st.node.clone(),
                    guard: w.clone(),
                    verdict,
                });
                verdict
            }
            Err(_) => false,
        };
        if holds {
            return Ok(Some(e.to.clone()));
        }
    }
    Ok(None)
}

/// Asks the runner whether a text guard holds; no runner or no clear
/// answer is "no".
fn judge(ctx: &Ctx<'_>, st: &GraphRun, text: &str) -> std::io::Result<bool> {
    let Some(runner) = ctx.runner else {
        return Ok(false);
    };
    let prompt = format!(
        "Answer with one word, yes or no. In the graph of skill {}, at node '{}', with these values: {}\nDoes this hold? {text}\n",
        ctx.skill,
        st.node,
        serde_json::to_string(&st.vars).unwrap_or_default()
    );
    let (_, out) = capture(&runner.command, &prompt, ctx, runner.timeout)?;
    let first = out.split_whitespace().next().map(|w| {
        w.trim_matches(|c: char| !c.is_alphabetic())
            .to_ascii_lowercase()
    });
    Ok(matches!(first.as_deref(), Some("yes") | Some("true")))
}

/// Runs one action, with its retries and loop.
fn run_action(ctx: &Ctx<'_>, st: &mut GraphRun, a: &Action) -> Result<Json, String> {
    let mut last = String::new();
    for _ in 0..=a.retry {
        let result = match &a.loop_ {
            Some(l) => {
                let items = match st.vars.get(&l.over) {
                    Some(Json::Array(items)) => items.clone(),
                    Some(other) => {
                        return Err(format!(
                            "loop over '{}', which is {other}, not a list",
                            l.over
                        ))
                    }
                    None => return Err(format!("loop over '{}', which has no value", l.over)),
                };
                let mut outs = Vec::new();
                let mut failed = None;
                for item in items {
                    st.vars.insert(l.var.clone(), item);
                    match once(ctx, st, a) {
                        Ok(v) => outs.push(v),
                        Err(e) => {
                            failed = Some(e);
                            break;
                        }
                    }
                }
                match failed {
                    Some(e) => Err(e),
                    None => Ok(Json::Array(outs)),
                }
            }
            None => once(ctx, st, a),
        };
        match result {
            Ok(v) => return Ok(v),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// One execution of an action (no retries).
fn once(ctx: &Ctx<'_>, st: &GraphRun, a: &Action) -> Result<Json, String> {
    let vars = scope(ctx, st);
    let timeout = Duration::from_secs(a.timeout_secs());
    let value = if let Some(run) = &a.run {
        let command = resolve(ctx, run);
        let command = substitute(&command, &vars, true)?;
        let (exit, out) = capture(&command, "", ctx, timeout).map_err(|e| e.to_string())?;
        match exit {
            Exit::Code(0) => parse_output(&out),
            Exit::Code(c) => return Err(format!("`{}` exited with {c}", short(&command))),
            Exit::Signal => return Err(format!("`{}` was killed", short(&command))),
            Exit::TimedOut(d) => {
                return Err(format!(
                    "`{}` timed out after {}s",
                    short(&command),
                    d.as_secs()
                ))
            }
        }
    } else if let Some(p) = &a.prompt {
        let runner = ctx
            .runner
            .ok_or("a prompt action needs a runner (--runner)")?;
        let text = prompt_text(p, ctx.skill_dir)?;
        let text = substitute(&text, &vars, false)?;
        let (exit, out) = capture(&runner.command, &text, ctx, timeout.min(runner.timeout))
            .map_err(|e| e.to_string())?;
        if exit != Exit::Code(0) {
            return Err(format!("the runner ended with {exit:?}"));
        }
        parse_output(&out)
    } else {
        return Err("the action has neither `run` nor `prompt`".into());
    };
    if let Some(v) = &a.verify {
        let mut scope = vars.clone();
        if let Some(o) = &a.output {
            scope.insert(o.clone(), value.clone());
        }
        let command = substitute(&resolve(ctx, v.command()), &scope, true)?;
        let (exit, _) = capture(&command, "", ctx, timeout).map_err(|e| e.to_string())?;
        if exit != Exit::Code(0) {
            return Err(format!("verify `{}` failed ({exit:?})", short(&command)));
        }
    }
    Ok(value)
}

/// A single-word `run` that names a binding becomes its command.
fn resolve(ctx: &Ctx<'_>, run: &str) -> String {
    let word = run.trim();
    ctx.graph
        .bindings
        .get(word)
        .or_else(|| ctx.bindings.get(word))
        .cloned()
        .unwrap_or_else(|| run.to_string())
}

fn parse_output(out: &str) -> Json {
    let t = out.trim();
    serde_json::from_str(t).unwrap_or_else(|_| Json::String(t.to_string()))
}

fn short(s: &str) -> String {
    s.chars().take(80).collect()
}

/// Replaces `{{name}}` / `{{name.field}}` with values; in commands each
/// value is quoted for the shell, so text from earlier outputs (a model's,
/// say) is never run as shell code.
pub fn substitute(
    text: &str,
    vars: &BTreeMap<String, Json>,
    shell: bool,
) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[start..]);
            return Ok(out);
        };
        let path = after[..end].trim();
        let mut parts = path.split('.');
        let root = parts.next().unwrap_or_default();
        let mut value = vars
            .get(root)
            .ok_or_else(|| format!("{{{{{path}}}}} has no value"))?;
        for p in parts {
            value = value
                .get(p)
                .ok_or_else(|| format!("{{{{{path}}}}} has no value"))?;
        }
        let text = match value {
            Json::String(s) => s.clone(),
            other => other.to_string(),
        };
        if shell {
            out.push('\'');
            out.push_str(&text.replace('\'', "'\\''"));
            out.push('\'');
        } else {
            out.push_str(&text);
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Runs `sh -c command` in the workspace with `input` on stdin, stdout
/// captured, stderr appended to the step's log, within `timeout`.
fn capture(
    command: &str,
    input: &str,
    ctx: &Ctx<'_>,
    timeout: Duration,
) -> std::io::Result<(Exit, String)> {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&ctx.log_path)?;
    let mut cmd = process::shell(command);
    cmd.current_dir(ctx.workspace)
        .env("RE0_RUN_ID", ctx.run_id)
        .env("RE0_STEP", ctx.step)
        .env("RE0_SKILL", ctx.skill)
        .env("RE0_SKILL_DIR", ctx.skill_dir)
        .env("RE0_ATTEMPT", ctx.attempt.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(log);
    let mut child = process::spawn(&mut cmd)?;
    process::feed_stdin(&mut child, input.to_string());
    let reader = process::capture_stdout(&mut child, MAX_OUTPUT);
    let exit = process::wait(&mut child, timeout)?;
    let out = reader.and_then(|r| r.join().ok()).unwrap_or_default();
    Ok((exit, String::from_utf8_lossy(&out).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitution_quotes_for_the_shell() {
        let vars = BTreeMap::from([
            ("name".to_string(), Json::from("it's $(rm -rf /)")),
            ("obj".to_string(), serde_json::json!({"n": 3})),
        ]);
        assert_eq!(
            substitute("echo {{name}}", &vars, true).unwrap(),
            "echo 'it'\\''s $(rm -rf /)'"
        );
        assert_eq!(substitute("n={{ obj.n }}", &vars, false).unwrap(), "n=3");
        assert!(substitute("{{missing}}", &vars, false).is_err());
    }
}
