//! The `active` map (GES 1.1): which nodes run, fork and join.
//!
//! Outside a fork one node is active. An edge with several targets (a
//! fork) replaces its node with one cursor per target, each a branch; a
//! node that feeds a join waits there once its actions are done; when every
//! source of a join waits, the join replaces them with its target. Branches
//! run one after another, each as a gate attempt of its own: its own log,
//! its own events, its cursor persisted after every action (a killed run
//! resumes the unfinished branches only), and a failed branch is retried
//! from its first node without re-running its siblings.

use super::exec::{Ctx, Io, Stop};
use super::state::{Branch, Cursor, GraphRun};
use indexmap::IndexMap;
use serde_json::json;

/// One unit of progress: an action (or loop item), a transition, or a
/// join. `Ok(true)` when every active node is a terminal.
pub fn advance(ctx: &Ctx<'_>, st: &mut GraphRun, io: &mut Io<'_>) -> Result<bool, Stop> {
    let g = ctx.graph;
    let Some(pos) = st.active.values().position(|c| !c.done) else {
        if st.active.keys().all(|n| g.is_terminal(n)) {
            return Ok(true);
        }
        return join(ctx, st, io);
    };
    let node = st
        .active
        .get_index(pos)
        .map(|(k, _)| k.clone())
        .expect("in range");
    let branch = st.active[pos].branch.clone();
    if g.is_terminal(&node) {
        st.active[pos].done = true;
        end_branch(st, branch.as_deref(), "done", io);
        return Ok(false);
    }
    if st.active[pos].action < g.actions(&node).len() {
        return match super::act::unit(ctx, st, &node, io) {
            Err(Stop::Failed(why)) if branch.is_some() => {
                retry_branch(ctx, st, branch.as_deref().unwrap_or_default(), why, io)?;
                Ok(false)
            }
            other => other.map(|()| false),
        };
    }
    let waits =
        g.is_join_source(&node) && (branch.is_some() || g.edges_from(&node).next().is_none());
    if waits {
        st.active[pos].done = true;
        st.history.push(format!("{node}: waits for its join"));
        end_branch(st, branch.as_deref(), "waiting", io);
        return Ok(false);
    }
    let k = match super::route::choose(ctx, st, &node, io) {
        Err(Stop::Failed(why)) if branch.is_some() => {
            retry_branch(ctx, st, branch.as_deref().unwrap_or_default(), why, io)?;
            return Ok(false);
        }
        other => other?,
    };
    let edge = &g.edges[k];
    if let Some(h) = &edge.handoff {
        super::call::handoff(ctx, st, h, io)?;
    }
    if edge.is_fork() {
        fork(ctx, st, &node, &edge.to, io);
    } else {
        step_to(ctx, st, &node, &edge.to[0], branch, io);
    }
    Ok(false)
}

/// Replaces `node` by `with`, in its place.
fn replace(
    active: &IndexMap<String, Cursor>,
    node: &str,
    with: Vec<(String, Cursor)>,
) -> IndexMap<String, Cursor> {
    let mut out = IndexMap::new();
    let mut with = Some(with);
    for (k, c) in active {
        if k == node {
            for (n, c) in with.take().into_iter().flatten() {
                out.entry(n).or_insert(c);
            }
        } else if !out.contains_key(k) {
            out.insert(k.clone(), c.clone());
        }
    }
    for (n, c) in with.into_iter().flatten() {
        out.entry(n).or_insert(c);
    }
    out
}

fn cursor_at(ctx: &Ctx<'_>, node: &str, branch: Option<String>) -> Cursor {
    Cursor {
        done: ctx.graph.is_terminal(node),
        branch,
        ..Cursor::default()
    }
}

fn enter(st: &mut GraphRun, to: &str) {
    st.transitions += 1;
    *st.visits.entry(to.to_string()).or_insert(0) += 1;
}

/// One node to the next.
fn step_to(
    ctx: &Ctx<'_>,
    st: &mut GraphRun,
    node: &str,
    to: &str,
    branch: Option<String>,
    io: &mut Io<'_>,
) {
    if st.active.contains_key(to) && to != node {
        st.history.push(format!(
            "{node} -> {to} (already active: the branches meet)"
        ));
    } else {
        st.history.push(format!("{node} -> {to}"));
    }
    enter(st, to);
    let done = ctx.graph.is_terminal(to);
    st.active = replace(
        &st.active,
        node,
        vec![(to.to_string(), cursor_at(ctx, to, branch.clone()))],
    );
    if done {
        end_branch(st, branch.as_deref(), "done", io);
    }
}

/// A fork: every target becomes a branch.
fn fork(ctx: &Ctx<'_>, st: &mut GraphRun, node: &str, targets: &[String], io: &mut Io<'_>) {
    st.history
        .push(format!("{node} -> fork [{}]", targets.join(", ")));
    (io.events)("ges-fork", json!({ "from": node, "to": targets }));
    let mut with = Vec::new();
    for t in targets {
        enter(st, t);
        let rec = st.branches.entry(t.clone()).or_insert(Branch {
            start: t.clone(),
            attempt: 0,
            failures: 0,
            status: String::new(),
        });
        rec.attempt += 1;
        rec.failures = 0;
        rec.status = "running".into();
        let attempt = rec.attempt;
        (io.events)(
            "ges-branch-started",
            json!({ "branch": t, "attempt": attempt }),
        );
        with.push((t.clone(), cursor_at(ctx, t, Some(t.clone()))));
        if ctx.graph.is_terminal(t) {
            end_branch(st, Some(t), "done", io);
        }
    }
    st.active = replace(&st.active, node, with);
}

fn end_branch(st: &mut GraphRun, branch: Option<&str>, status: &str, io: &mut Io<'_>) {
    let Some(b) = branch else { return };
    if let Some(rec) = st.branches.get_mut(b) {
        if rec.status == "running" {
            rec.status = status.to_string();
            let attempt = rec.attempt;
            (io.events)(
                "ges-branch-finished",
                json!({ "branch": b, "attempt": attempt, "status": status }),
            );
        }
    }
}

/// A branch failed: start it again from its first node, or give up.
fn retry_branch(
    ctx: &Ctx<'_>,
    st: &mut GraphRun,
    b: &str,
    why: String,
    io: &mut Io<'_>,
) -> Result<(), Stop> {
    let Some(rec) = st.branches.get_mut(b) else {
        return Err(Stop::Failed(why));
    };
    rec.failures += 1;
    let (attempt, failures, start) = (rec.attempt, rec.failures, rec.start.clone());
    (io.events)(
        "ges-branch-failed",
        json!({ "branch": b, "attempt": attempt, "reason": why }),
    );
    st.history
        .push(format!("branch {b} attempt {attempt} failed: {why}"));
    if failures >= ctx.branch_attempts.max(1) {
        rec.status = "failed".into();
        return Err(Stop::Failed(format!(
            "branch '{b}' failed {failures} time(s); last: {why}"
        )));
    }
    rec.attempt += 1;
    rec.status = "running".into();
    let attempt = rec.attempt;
    let mine: Vec<String> = st
        .active
        .iter()
        .filter(|(_, c)| c.branch.as_deref() == Some(b))
        .map(|(k, _)| k.clone())
        .collect();
    let first = mine.first().cloned().unwrap_or_else(|| start.clone());
    let mut active = replace(
        &st.active,
        &first,
        vec![(start.clone(), cursor_at(ctx, &start, Some(b.to_string())))],
    );
    active.retain(|k, c| c.branch.as_deref() != Some(b) || *k == start);
    st.active = active;
    enter(st, &start);
    (io.events)(
        "ges-branch-started",
        json!({ "branch": b, "attempt": attempt }),
    );
    Ok(())
}

/// Nothing runs: fire the first join whose sources all wait, or report
/// what the graph is stuck on.
fn join(ctx: &Ctx<'_>, st: &mut GraphRun, io: &mut Io<'_>) -> Result<bool, Stop> {
    let g = ctx.graph;
    let waiting = |n: &String| st.active.get(n).is_some_and(|c| c.done) && !g.is_terminal(n);
    let ready = g
        .edges
        .iter()
        .find(|e| e.is_join() && e.from.iter().all(waiting));
    let Some(e) = ready else {
        let waits: Vec<String> = st
            .active
            .keys()
            .filter(|n| !g.is_terminal(n))
            .cloned()
            .collect();
        let missing: Vec<String> = g
            .edges
            .iter()
            .filter(|e| e.is_join() && e.from.iter().any(|f| waits.contains(f)))
            .flat_map(|e| {
                e.from
                    .iter()
                    .filter(|f| !st.active.contains_key(*f))
                    .cloned()
            })
            .collect();
        return Err(Stop::Stuck(format!(
            "STUCK: {} wait{} for a join that cannot fire{}",
            waits.join(", "),
            if waits.len() == 1 { "s" } else { "" },
            if missing.is_empty() {
                String::new()
            } else {
                format!(" ({} never became active)", missing.join(", "))
            }
        )));
    };
    let to = e.to[0].clone();
    let sources = e.from.clone();
    st.history
        .push(format!("join [{}] -> {to}", sources.join(", ")));
    (io.events)("ges-join", json!({ "from": sources, "to": to }));
    for s in &sources {
        if let Some(rec) = st.active.get(s).and_then(|c| c.branch.clone()) {
            if let Some(b) = st.branches.get_mut(&rec) {
                b.status = "done".into();
            }
        }
    }
    enter(st, &to);
    let first = sources[0].clone();
    let mut active = replace(
        &st.active,
        &first,
        vec![(to.clone(), cursor_at(ctx, &to, None))],
    );
    active.retain(|k, _| !sources.contains(k) || *k == to);
    st.active = active;
    Ok(false)
}
