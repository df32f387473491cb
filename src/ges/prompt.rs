//! What a model is given for a prompt action: the instruction with its
//! context (variables, node, action, iteration, branch, loop item, skill)
//! and how to reply; the same context as a JSON file for programs.

use super::exec::{safe_name, Ctx};
use super::model::Action;
use super::state::GraphRun;
use serde_json::{json, Value as Json};

/// Largest variables block put in a prompt.
const MAX_VARS: usize = 64 * 1024;

fn context(
    ctx: &Ctx<'_>,
    st: &GraphRun,
    node: &str,
    a: &Action,
    item: Option<(usize, usize)>,
) -> Json {
    let cursor = st.active.get(node);
    json!({
        "skill": ctx.skill,
        "skill_dir": ctx.skill_dir.display().to_string(),
        "graph": ctx.graph.meta.name,
        "goal": ctx.graph.meta.goal,
        "run_id": ctx.run_id,
        "step": ctx.step,
        "attempt": ctx.attempt,
        "intent": ctx.intent,
        "node": node,
        "action": a.id,
        "iteration": st.visits.get(node).copied().unwrap_or(1),
        "branch": cursor.and_then(|c| c.branch.clone()),
        "item": item.map(|(k, n)| json!({ "index": k, "of": n, "as": a.loop_.as_ref().map(|l| l.var.clone()) })),
        "outputs": a.output,
        "tools": a.tools,
        "variables": st.vars,
    })
}

/// The text a model gets for a prompt action.
pub fn action(
    ctx: &Ctx<'_>,
    st: &GraphRun,
    node: &str,
    a: &Action,
    text: &str,
    item: Option<(usize, usize)>,
) -> String {
    let c = context(ctx, st, node, a, item);
    let full = serde_json::to_string_pretty(&c).unwrap_or_default();
    let ctx_text = crate::display::clip(&full, MAX_VARS);
    let reply = match a.output.as_slice() {
        [] => "Reply with your result (on stdout; with re0 next, in the answer file).".to_string(),
        [one] => format!("Reply with the result (on stdout; with re0 next, in the answer file): it becomes the variable `{one}`; reply with JSON when it is structured."),
        many => format!(
            "Reply with one JSON object with the keys {} (on stdout; with re0 next, in the answer file): each becomes a variable.",
            many.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
        ),
    };
    let tools = if a.tools.is_empty() {
        String::new()
    } else {
        format!(
            "\n<tools>\nReturn your result by calling one of these tools: reply with one JSON object that matches its schema.\n{}\n</tools>\n",
            serde_json::to_string_pretty(&a.tools).unwrap_or_default()
        )
    };
    format!(
        "You are performing one action of the Graph-Enhanced Skill {skill} (graph '{graph}'), for re0 run {run}, step {step}: node '{node}', action '{action}'.\n\n<context>\n{ctx_text}\n</context>\n\n<instruction>\n{instruction}\n</instruction>\n{tools}\n{reply}\n",
        skill = ctx.skill,
        graph = ctx.graph.meta.name,
        run = ctx.run_id,
        step = ctx.step,
        instruction = text.trim_end(),
        action = a.id,
    )
}

/// `RE0_GES_*` for a process working on `node`'s action; writes the
/// context file it names.
pub fn env(
    ctx: &Ctx<'_>,
    st: &GraphRun,
    node: &str,
    a: &Action,
    item: Option<(usize, usize)>,
) -> Vec<(String, String)> {
    let mut env = vec![
        ("RE0_GES_NODE".to_string(), node.to_string()),
        ("RE0_GES_ACTION".to_string(), a.id.clone()),
        (
            "RE0_GES_ITERATION".to_string(),
            st.visits.get(node).copied().unwrap_or(1).to_string(),
        ),
    ];
    let stem = ctx
        .state_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let file = ctx
        .state_path
        .with_file_name(format!("{stem}-context-{}.json", safe_name(node)));
    let body = serde_json::to_vec_pretty(&context(ctx, st, node, a, item)).unwrap_or_default();
    if crate::state::store::write_atomic(&file, &body).is_ok() {
        env.push(("RE0_GES_CONTEXT".to_string(), file.display().to_string()));
    }
    env
}
