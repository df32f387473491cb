//! Judging guards: the goal (GES 1.1), then a node's edges in order, first
//! match wins.
//!
//! A guard's `{{var}}`s are filled first. An empty `when` is unconditional.
//! A guard that is CEL and reads only values the graph has is evaluated
//! here; a guard that is not CEL, or reads a value nothing has given
//! (`criteria_defined`), is judged by the model and the verdict recorded.
//! A CEL guard that fails while evaluating (a type error, a missing field)
//! stops the graph with the error — it is never taken as false.

use super::exec::{scope, shown, spawn_for, Ctx, Io, Stop};
use super::state::{GraphRun, Judgement, Question, QuestionKind};
use crate::guard::{Guard, GuardError};

/// The index (in `g.edges`) of the edge to take from `node`.
pub fn choose(
    ctx: &Ctx<'_>,
    st: &mut GraphRun,
    node: &str,
    io: &mut Io<'_>,
) -> Result<usize, Stop> {
    let g = ctx.graph;
    let mut asked = 0;
    // The goal is judged where a guard can see it: before the edges of a
    // node whose guards read `goal`.
    let reads_goal = g
        .edges_from(node)
        .filter_map(|(_, e)| e.guard())
        .any(|w| w.contains("goal"));
    if let Some(goal) = g.meta.goal.as_ref().filter(|_| reads_goal) {
        let holds = judge(ctx, st, node, goal, "goal", &mut asked, io)?;
        st.vars
            .insert("goal".into(), serde_json::Value::Bool(holds));
        (io.events)(
            "ges-goal",
            serde_json::json!({ "node": node, "goal": goal, "holds": holds }),
        );
    }
    let edges: Vec<(usize, String, Option<String>)> = g
        .edges_from(node)
        .map(|(k, e)| (k, e.describe(), e.guard().map(str::to_string)))
        .collect();
    if edges.is_empty() {
        return Err(Stop::Stuck(format!(
            "STUCK at node '{node}': it has no outgoing edge"
        )));
    }
    for (k, desc, guard) in &edges {
        let Some(w) = guard else {
            st.asked += asked;
            return Ok(*k);
        };
        let holds = judge(ctx, st, node, w, &format!("edge {desc}"), &mut asked, io)?;
        if holds {
            st.asked += asked;
            return Ok(*k);
        }
    }
    st.asked += asked;
    let iteration = st.visits.get(node).copied().unwrap_or(1);
    Err(Stop::Stuck(format!(
        "STUCK at node '{node}': no edge matched (iteration {iteration}, retries {}; tried {}; values: {})",
        iteration.saturating_sub(1),
        edges.len(),
        shown(&st.vars)
    )))
}

/// Whether `text` holds at `node`. `asked` counts the questions of this
/// unit (they are numbered from `st.asked`).
pub fn judge(
    ctx: &Ctx<'_>,
    st: &mut GraphRun,
    node: &str,
    text: &str,
    what: &str,
    asked: &mut u32,
    io: &mut Io<'_>,
) -> Result<bool, Stop> {
    let vars = scope(ctx, st, node);
    let mut unresolved = Vec::new();
    let cel = super::template::fill_cel(text, &vars, &mut unresolved);
    for u in unresolved {
        st.warn(format!(
            "{what} at '{node}': {{{{{u}}}}} has no value; left as written"
        ));
    }
    let guard = Guard::parse(&cel);
    match guard.eval(&vars) {
        Ok(b) => Ok(b),
        Err(GuardError::Invalid(e)) => Err(Stop::Failed(format!(
            "`{text}` ({what} at node '{node}') could not be evaluated: {e} (values: {})",
            shown(&st.vars)
        ))),
        Err(GuardError::Unknown(_)) => {
            let verdict = ask_verdict(ctx, st, node, None, text, asked, io)?;
            st.judgements.push(Judgement {
                node: node.to_string(),
                kind: what.to_string(),
                guard: text.to_string(),
                verdict,
            });
            Ok(verdict == Some(true))
        }
    }
}

/// Asks the model whether `text` holds; `None` when it gave no clear yes
/// or no.
pub fn ask_verdict(
    ctx: &Ctx<'_>,
    st: &GraphRun,
    node: &str,
    action: Option<&str>,
    text: &str,
    asked: &mut u32,
    io: &mut Io<'_>,
) -> Result<Option<bool>, Stop> {
    let vars = scope(ctx, st, node);
    let mut unresolved = Vec::new();
    let filled = super::template::fill(text, &vars, &mut unresolved);
    let branch = st.active.get(node).and_then(|c| c.branch.clone());
    *asked += 1;
    let q = Question {
        id: question_id(ctx, st.asked + *asked),
        kind: QuestionKind::Judge,
        node: node.to_string(),
        action: action.map(str::to_string),
        branch: branch.clone(),
        text: format!(
            "Answer with one word, yes or no.\nIn the graph '{}' of skill {}, at node '{node}'{} (iteration {}), with these values:\n{}\nDoes this hold? {filled}\n",
            ctx.graph.meta.name,
            ctx.skill,
            action.map(|a| format!(", action '{a}'")).unwrap_or_default(),
            st.visits.get(node).copied().unwrap_or(1),
            crate::display::clip(&serde_json::to_string_pretty(&st.vars).unwrap_or_default(), 64 * 1024),
        ),
        outputs: Vec::new(),
    };
    let sp = spawn_for(ctx, st, branch.as_deref());
    match io.ask.ask(&q, &sp).map_err(Stop::Failed)? {
        super::ask::Reply::Text(t) => Ok(super::ask::verdict(&t)),
        super::ask::Reply::Pending => Err(Stop::Pending(Box::new(q))),
    }
}

/// A question's id: stable for the same question after a resume.
pub fn question_id(ctx: &Ctx<'_>, n: u32) -> String {
    let stem = ctx
        .state_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!("{stem}-q{n}")
}
