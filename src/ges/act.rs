//! One unit of an action: the action, or one item of its `loop`.
//!
//! Modes (GES §4): `prompt` alone goes to the model; `run` alone is a
//! command; `run` + `prompt` runs the command with the prompt on its stdin;
//! `run: ./child.ges.yaml` calls a nested graph. `verify` then checks the
//! result: a string is judged by the model, `{run}` by the command's exit
//! status. A failure is tried again `retry` times; an `optional` action
//! that still fails is skipped. `output` names the variables the result
//! becomes: with one name, the whole result; with several, each name takes
//! the field of that name when the result is an object holding it.

use super::exec::{scope, spawn_for, Ctx, Io, Stop};
use super::model::{Action, Verify};
use super::state::{GraphRun, Question, QuestionKind};
use crate::process::Exit;
use serde_json::Value as Json;
use std::time::Duration;

/// What an action gave.
pub enum Value {
    /// Its result, captured as `output` says.
    Whole(Json),
    /// A nested graph's exports: each output takes its own.
    PerKey(serde_json::Map<String, Json>),
}

/// Runs the next unit of `node`'s current action.
pub fn unit(ctx: &Ctx<'_>, st: &mut GraphRun, node: &str, io: &mut Io<'_>) -> Result<(), Stop> {
    let actions = ctx.graph.actions(node);
    let idx = st.active[node].action;
    let a = &actions[idx];
    let mut asked = 0;
    let item = match &a.loop_ {
        None => None,
        Some(l) => {
            let path = super::template::loop_path(&l.over);
            let vars = scope(ctx, st, node);
            let items = match super::template::lookup(&vars, &path) {
                Some(Json::Array(items)) => items.clone(),
                Some(other) => {
                    return fail(
                        ctx,
                        st,
                        node,
                        a,
                        format!(
                            "loop over '{path}', which is {}, not a list",
                            crate::display::clip(&other.to_string(), 80)
                        ),
                    )
                }
                None => {
                    return fail(
                        ctx,
                        st,
                        node,
                        a,
                        format!("loop over '{path}', which has no value"),
                    )
                }
            };
            let k = st.active[node].item;
            if k >= items.len() {
                let all = std::mem::take(&mut st.active[node].partial);
                return done(st, node, a, Value::Whole(Json::Array(all)));
            }
            st.vars.insert(l.var.clone(), items[k].clone());
            Some((k, items.len()))
        }
    };
    let result = once(ctx, st, node, a, item, &mut asked, io);
    match result {
        Ok(v) => {
            st.asked += asked;
            st.active[node].tries = 0;
            st.active[node].staged = None;
            match (item, v) {
                (Some(_), Value::Whole(j)) => {
                    let c = &mut st.active[node];
                    c.partial.push(j);
                    c.item += 1;
                    Ok(())
                }
                (Some(_), Value::PerKey(m)) => {
                    let c = &mut st.active[node];
                    c.partial.push(Json::Object(m));
                    c.item += 1;
                    Ok(())
                }
                (None, v) => done(st, node, a, v),
            }
        }
        Err(Stop::Failed(why)) => {
            st.asked += asked;
            st.active[node].staged = None;
            st.active[node].tries += 1;
            if st.active[node].tries <= a.retry {
                st.history.push(format!(
                    "{node}.{}: try {} failed, trying again: {why}",
                    a.id, st.active[node].tries
                ));
                return Ok(());
            }
            fail(ctx, st, node, a, why)
        }
        Err(other) => Err(other),
    }
}

/// The action failed for good: skipped when optional, else it stops.
fn fail(
    _ctx: &Ctx<'_>,
    st: &mut GraphRun,
    node: &str,
    a: &Action,
    why: String,
) -> Result<(), Stop> {
    if a.optional {
        st.history
            .push(format!("{node}.{}: failed, optional: {why}", a.id));
        next_action(st, node);
        return Ok(());
    }
    next_reset(st, node);
    Err(Stop::Failed(format!(
        "action {node}.{} failed: {why}",
        a.id
    )))
}

fn next_reset(st: &mut GraphRun, node: &str) {
    let c = &mut st.active[node];
    c.item = 0;
    c.partial.clear();
    c.tries = 0;
    c.staged = None;
}

fn next_action(st: &mut GraphRun, node: &str) {
    next_reset(st, node);
    st.active[node].action += 1;
}

/// Stores the action's result and moves to the next action.
fn done(st: &mut GraphRun, node: &str, a: &Action, v: Value) -> Result<(), Stop> {
    match v {
        Value::PerKey(m) => {
            for (k, v) in m {
                st.vars.insert(k, v);
            }
        }
        Value::Whole(v) => capture(st, node, a, v),
    }
    st.history.push(format!("{node}.{}: ok", a.id));
    next_action(st, node);
    Ok(())
}

fn capture(st: &mut GraphRun, node: &str, a: &Action, v: Json) {
    let empty = matches!(&v, Json::String(s) if s.trim().is_empty());
    if empty && !a.output.is_empty() {
        st.warn(format!(
            "{node}.{}: empty result; {} not set",
            a.id,
            a.output.join(", ")
        ));
        return;
    }
    match (a.output.as_slice(), &v) {
        ([], _) => {}
        ([one], _) => {
            st.vars.insert(one.clone(), v);
        }
        (many, Json::Object(m)) if many.iter().any(|k| m.contains_key(k)) => {
            for k in many {
                match m.get(k) {
                    Some(x) => {
                        st.vars.insert(k.clone(), x.clone());
                    }
                    None => st.warn(format!(
                        "{node}.{}: the result has no field '{k}'; it is not set",
                        a.id
                    )),
                }
            }
        }
        (many, _) => {
            for k in many {
                st.vars.insert(k.clone(), v.clone());
            }
        }
    }
}

/// How a process ended, with a time limit in the unit it was given.
fn ended(exit: &Exit) -> String {
    match exit {
        Exit::TimedOut(d) if d.as_secs() < 10 => {
            format!("ran past its {} ms time limit", d.as_millis())
        }
        other => other.to_string(),
    }
}

fn timeout(a: &Action) -> Duration {
    a.timeout_ms
        .map(Duration::from_millis)
        .unwrap_or(super::exec::DEFAULT_TIMEOUT)
}

/// One execution of the action (no retries).
fn once(
    ctx: &Ctx<'_>,
    st: &mut GraphRun,
    node: &str,
    a: &Action,
    item: Option<(usize, usize)>,
    asked: &mut u32,
    io: &mut Io<'_>,
) -> Result<Value, Stop> {
    let value = match st.active[node].staged.clone() {
        Some(v) => Value::Whole(v),
        None => produce(ctx, st, node, a, item, asked, io)?,
    };
    let Some(verify) = &a.verify else {
        return Ok(value);
    };
    let Value::Whole(result) = &value else {
        return Ok(value);
    };
    let mut vars = scope(ctx, st, node);
    for k in &a.output {
        vars.insert(k.clone(), result.clone());
    }
    let ok = match verify {
        Verify::Run(cmd) => {
            let cmd = super::exec::expand_alias(cmd, &ctx.graph.bindings, ctx.bindings);
            let (exit, _) = command(ctx, st, node, a, &cmd, &vars, "")?;
            if !exit.success() {
                return Err(Stop::Failed(format!(
                    "verify `{}` failed ({})",
                    crate::display::clip(&cmd, 80),
                    ended(&exit)
                )));
            }
            true
        }
        Verify::Judge(text) => {
            let mut probe = st.clone();
            probe.vars = vars.clone();
            probe
                .vars
                .retain(|k, _| !super::check::BUILTINS.contains(&k.as_str()));
            // The result is kept while the verdict may be pending, and the
            // questions asked for it are counted, so a resume asks the same.
            st.active[node].staged = Some(result.clone());
            st.asked += std::mem::take(asked);
            probe.asked = st.asked;
            let verdict =
                super::route::ask_verdict(ctx, &probe, node, Some(&a.id), text, asked, io)?;
            st.judgements.push(super::state::Judgement {
                node: node.to_string(),
                kind: format!("verify {}", a.id),
                guard: text.clone(),
                verdict,
            });
            if verdict != Some(true) {
                return Err(Stop::Failed(format!(
                    "verify \"{}\" was judged {}",
                    crate::display::clip(text, 80),
                    match verdict {
                        Some(_) => "false",
                        None => "unclear",
                    }
                )));
            }
            true
        }
    };
    debug_assert!(ok);
    Ok(value)
}

/// Runs the action's work: a nested graph, a command, or a prompt.
fn produce(
    ctx: &Ctx<'_>,
    st: &mut GraphRun,
    node: &str,
    a: &Action,
    item: Option<(usize, usize)>,
    asked: &mut u32,
    io: &mut Io<'_>,
) -> Result<Value, Stop> {
    let vars = scope(ctx, st, node);
    if let Some(run) = &a.run {
        if let Some(target) = super::call::target(run, ctx.graph) {
            return super::call::call(ctx, st, node, a, &target, item, io);
        }
        let cmd = super::exec::expand_alias(run, &ctx.graph.bindings, ctx.bindings);
        let input = match &a.prompt {
            Some(p) => with_tools(&prompt_text(ctx, st, node, a, p)?, a),
            None if !a.tools.is_empty() => with_tools("", a),
            None => String::new(),
        };
        let (exit, out) = command(ctx, st, node, a, &cmd, &vars, &input)?;
        if !exit.success() {
            return Err(Stop::Failed(format!(
                "`{}` {}",
                crate::display::clip(&cmd, 80),
                ended(&exit)
            )));
        }
        return Ok(Value::Whole(super::ask::parse_reply(&out)));
    }
    let Some(p) = &a.prompt else {
        return Err(Stop::Failed(
            "the action has neither `run` nor `prompt`".into(),
        ));
    };
    let text = prompt_text(ctx, st, node, a, p)?;
    let branch = st.active[node].branch.clone();
    *asked += 1;
    let q = Question {
        id: super::route::question_id(ctx, st.asked + *asked),
        kind: QuestionKind::Prompt,
        node: node.to_string(),
        action: Some(a.id.clone()),
        branch: branch.clone(),
        text: super::prompt::action(ctx, st, node, a, &text, item),
        outputs: a.output.clone(),
    };
    let mut sp = spawn_for(ctx, st, branch.as_deref());
    sp.timeout = timeout(a);
    sp.env.extend(super::prompt::env(ctx, st, node, a, item));
    match io.ask.ask(&q, &sp).map_err(Stop::Failed)? {
        super::ask::Reply::Text(t) => Ok(Value::Whole(super::ask::parse_reply(&t))),
        super::ask::Reply::Pending => Err(Stop::Pending(Box::new(q))),
    }
}

/// The prompt's text (a `./file` read inside the skill), `{{var}}`s filled.
fn prompt_text(
    ctx: &Ctx<'_>,
    st: &mut GraphRun,
    node: &str,
    a: &Action,
    p: &str,
) -> Result<String, Stop> {
    let raw =
        super::source::prompt_text(p, &ctx.graph.file, ctx.skill_dir).map_err(Stop::Failed)?;
    let vars = scope(ctx, st, node);
    let mut unresolved = Vec::new();
    let text = super::template::fill(&raw, &vars, &mut unresolved);
    for u in unresolved {
        st.warn(format!(
            "{node}.{}: {{{{{u}}}}} has no value; left as written",
            a.id
        ));
    }
    Ok(text)
}

/// The tools an action declares, offered to the program it talks to.
fn with_tools(text: &str, a: &Action) -> String {
    if a.tools.is_empty() {
        return text.to_string();
    }
    format!(
        "{text}\n\n<tools>\nReturn your result by calling one of these tools: print one JSON object that matches its schema.\n{}\n</tools>\n",
        serde_json::to_string_pretty(&a.tools).unwrap_or_default()
    )
}

/// Runs a command with values passed through the environment.
fn command(
    ctx: &Ctx<'_>,
    st: &mut GraphRun,
    node: &str,
    a: &Action,
    cmd: &str,
    vars: &std::collections::BTreeMap<String, Json>,
    input: &str,
) -> Result<(Exit, String), Stop> {
    let prepared = super::shell::prepare(cmd, vars).map_err(Stop::Failed)?;
    for u in &prepared.unresolved {
        st.warn(format!(
            "{node}.{}: {{{{{u}}}}} has no value; left as written",
            a.id
        ));
    }
    let branch = st.active[node].branch.clone();
    let mut sp = spawn_for(ctx, st, branch.as_deref());
    sp.timeout = timeout(a);
    sp.env.extend(super::prompt::env(ctx, st, node, a, None));
    if !a.tools.is_empty() {
        sp.env.push((
            "RE0_GES_TOOLS".into(),
            serde_json::to_string(&a.tools).unwrap_or_default(),
        ));
    }
    sp.env.extend(prepared.env);
    super::ask::capture(&prepared.script, input, &sp).map_err(|e| {
        Stop::Failed(format!(
            "cannot start `{}`: {e}",
            crate::display::clip(cmd, 80)
        ))
    })
}
