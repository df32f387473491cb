//! Graphs and other graphs (GES 1.1): nested calls, input and output
//! contracts, and handoffs.
//!
//! - `run: ./child.ges.yaml` (or `.ges.md`) runs the child to its end with
//!   state of its own (`<step>-a<n>.<node>-v<visit>.<action>.json`): the
//!   child sees only its inputs (`_input` is the action's prompt, filled)
//!   and the parent gets back only what the child's `meta.output` exports
//!   (all its variables when it declares none), narrowed by the action's
//!   `output`.
//! - `meta.input` is checked when a graph starts: a missing required input
//!   takes its `default`, or stops the graph.
//! - `edge.handoff` is recorded with its payload (`meta.output` of this
//!   graph, checked against the target's `meta.input`) and shown. It is
//!   never followed: only the plan routes a re0 run (DESIGN §5.3).

use super::act::Value;
use super::exec::{expand_alias, safe_name, Ctx, Io, Outcome, Stop, MAX_DEPTH};
use super::model::{Action, Graph};
use super::source::{is_file_ref, is_graph_file};
use super::state::{CallFrame, GraphRun, HandoffRecord};
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::path::Path;

/// The graph file a `run` names, if it calls one (after alias expansion,
/// with the graph's own bindings).
pub fn target(run: &str, g: &Graph) -> Option<String> {
    let r = expand_alias(run, &g.bindings, &BTreeMap::new());
    let first = r.split_whitespace().next()?;
    (is_file_ref(first) && is_graph_file(first)).then(|| first.to_string())
}

/// The graphs `g` calls that can be read (for needs-runner and exec
/// questions), to `MAX_DEPTH`.
pub fn children(g: &Graph, skill_dir: &Path, depth: u32) -> Vec<Graph> {
    if depth >= MAX_DEPTH {
        return Vec::new();
    }
    g.all_actions()
        .filter_map(|(_, a)| target(a.run.as_deref()?, g))
        .filter_map(|t| {
            let real = super::source::resolve(&t, &g.file, skill_dir).ok()?;
            let mut child = super::load(&real).ok()?;
            child.file = real;
            Some(child)
        })
        .filter(|c| c.file != g.file)
        .collect()
}

/// The variables a graph starts with: its declared inputs from `offered`,
/// defaults for the rest; a required input with neither stops it.
pub fn initial_vars(
    g: &Graph,
    offered: &BTreeMap<String, Json>,
) -> Result<BTreeMap<String, Json>, String> {
    let mut vars = BTreeMap::new();
    if let Some(v) = offered.get("_input") {
        vars.insert("_input".to_string(), v.clone());
    }
    let Some(input) = &g.meta.input else {
        return Ok(vars);
    };
    for name in g.inputs() {
        if let Some(v) = offered.get(&name) {
            vars.insert(name.clone(), v.clone());
        } else if let Some(d) = input.properties.get(&name).and_then(|p| p.default.clone()) {
            vars.insert(name.clone(), d);
        }
    }
    let missing: Vec<&String> = input
        .required
        .iter()
        .filter(|k| !vars.contains_key(*k))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "graph '{}' needs input {} (meta.input.required), and nothing gave {}",
            g.meta.name,
            missing
                .iter()
                .map(|m| format!("'{m}'"))
                .collect::<Vec<_>>()
                .join(", "),
            if missing.len() == 1 { "it" } else { "them" }
        ));
    }
    Ok(vars)
}

/// Runs the nested graph `rel` for action `a` of `node`.
pub fn call(
    ctx: &Ctx<'_>,
    st: &mut GraphRun,
    node: &str,
    a: &Action,
    rel: &str,
    item: Option<(usize, usize)>,
    io: &mut Io<'_>,
) -> Result<Value, Stop> {
    if ctx.depth + 1 > MAX_DEPTH {
        return Err(Stop::Failed(format!(
            "nested graphs go deeper than {MAX_DEPTH} levels"
        )));
    }
    let real = super::source::resolve(rel, &ctx.graph.file, ctx.skill_dir)
        .map_err(|e| Stop::Failed(format!("nested graph {e}")))?;
    let mut child =
        super::load(&real).map_err(|e| Stop::Failed(format!("nested graph '{rel}': {e}")))?;
    child.file = real;
    let name = child_state_name(ctx, st, node, a, item);
    let state_path = ctx.state_path.with_file_name(&name);
    let mut inputs = BTreeMap::new();
    if let Some(p) = &a.prompt {
        let raw =
            super::source::prompt_text(p, &ctx.graph.file, ctx.skill_dir).map_err(Stop::Failed)?;
        let mut unresolved = Vec::new();
        let vars = super::exec::scope(ctx, st, node);
        inputs.insert(
            "_input".to_string(),
            Json::String(super::template::fill(&raw, &vars, &mut unresolved)),
        );
    }
    if !st.calls.iter().any(|c| c.state_file == name) {
        st.calls.push(CallFrame {
            node: node.to_string(),
            action: a.id.clone(),
            target: rel.to_string(),
            state_file: name.clone(),
        });
        (io.events)(
            "ges-call",
            serde_json::json!({ "node": node, "action": a.id, "graph": child.meta.name }),
        );
    }
    let cctx = Ctx {
        graph: &child,
        skill_dir: ctx.skill_dir,
        workspace: ctx.workspace,
        state_path,
        log_path: ctx.log_path.clone(),
        step: ctx.step,
        skill: ctx.skill,
        attempt: ctx.attempt,
        run_id: ctx.run_id,
        intent: ctx.intent,
        bindings: ctx.bindings,
        inputs,
        branch_attempts: ctx.branch_attempts,
        depth: ctx.depth + 1,
    };
    let outcome = super::exec::run(&cctx, io)
        .map_err(|e| Stop::Failed(format!("nested graph '{rel}': {e}")))?;
    let done = match outcome {
        Outcome::Done(d) => d,
        Outcome::Pending(q) => return Err(Stop::Pending(q)),
        Outcome::Stuck(m) | Outcome::Failed(m) => {
            st.calls.retain(|c| c.state_file != name);
            return Err(Stop::Failed(format!(
                "nested graph '{}': {m}",
                child.meta.name
            )));
        }
    };
    st.calls.retain(|c| c.state_file != name);
    let out = passed_back(st, node, a, &child, &done.vars);
    (io.events)(
        "ges-return",
        serde_json::json!({ "node": node, "action": a.id, "graph": child.meta.name, "outputs": out.keys().collect::<Vec<_>>() }),
    );
    Ok(Value::PerKey(out))
}

/// The file name of a nested run's state, beside the caller's: one per
/// visit of the node, action and loop item.
fn child_state_name(
    ctx: &Ctx<'_>,
    st: &GraphRun,
    node: &str,
    a: &Action,
    item: Option<(usize, usize)>,
) -> String {
    let stem = ctx
        .state_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let visit = st.visits.get(node).copied().unwrap_or(1);
    format!(
        "{stem}.{}-v{visit}.{}{}.json",
        safe_name(node),
        safe_name(&a.id),
        item.map(|(k, _)| format!("-i{k}")).unwrap_or_default()
    )
}

/// What a finished nested graph passes back to action `a`: the outputs
/// it asks for (all the child exports when it names none), each one the
/// child's `meta.output` exports and set; a warning for each other.
fn passed_back(
    st: &mut GraphRun,
    node: &str,
    a: &Action,
    child: &super::Graph,
    vars: &BTreeMap<String, Json>,
) -> serde_json::Map<String, Json> {
    let exports: Vec<String> = child
        .meta
        .output
        .clone()
        .unwrap_or_else(|| vars.keys().cloned().collect());
    let wanted: Vec<&String> = if a.output.is_empty() {
        exports.iter().collect()
    } else {
        a.output.iter().collect()
    };
    let mut out = serde_json::Map::new();
    for k in wanted {
        if !exports.contains(k) {
            st.warn(format!(
                "{node}.{}: '{k}' is not in {}'s meta.output; it is not passed back",
                a.id, child.meta.name
            ));
            continue;
        }
        match vars.get(k) {
            Some(v) => {
                out.insert(k.clone(), v.clone());
            }
            None => st.warn(format!(
                "{node}.{}: {} ended without '{k}'",
                a.id, child.meta.name
            )),
        }
    }
    out
}

/// Records an `edge.handoff` to `target`; checks its payload against the
/// target's `meta.input` when the target can be read.
pub fn handoff(
    ctx: &Ctx<'_>,
    st: &mut GraphRun,
    target: &str,
    io: &mut Io<'_>,
) -> Result<(), Stop> {
    let g = ctx.graph;
    let keys: Vec<String> = g
        .meta
        .output
        .clone()
        .unwrap_or_else(|| st.vars.keys().cloned().collect());
    let mut payload: serde_json::Map<String, Json> = keys
        .iter()
        .filter_map(|k| st.vars.get(k).map(|v| (k.clone(), v.clone())))
        .collect();
    let mut skill = None;
    if is_file_ref(target) {
        match super::source::resolve(target, &g.file, ctx.skill_dir)
            .and_then(|p| super::load(&p).map_err(|e| e.to_string()))
        {
            Ok(t) => {
                let offered: BTreeMap<String, Json> = payload.clone().into_iter().collect();
                let checked = initial_vars(&t, &offered)
                    .map_err(|e| Stop::Failed(format!("handoff to {target}: {e}")))?;
                for (k, v) in checked {
                    payload.entry(k).or_insert(v);
                }
                skill = Some(t.meta.name.clone());
            }
            Err(e) => st.warn(format!(
                "handoff target {target}: {e}; its input is not checked"
            )),
        }
    }
    st.history.push(format!(
        "handoff to {target} recorded (not followed: only the plan routes a run)"
    ));
    (io.events)(
        "ges-handoff",
        serde_json::json!({ "target": target, "skill": skill, "keys": payload.keys().collect::<Vec<_>>() }),
    );
    st.handoff = Some(HandoffRecord {
        target: target.to_string(),
        skill,
        payload,
        status: "recorded".into(),
    });
    Ok(())
}
