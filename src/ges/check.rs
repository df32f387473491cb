//! `re0 check` findings for GES graphs (DESIGN §6), each with `file:line`.
//!
//! What the GES specification allows is never an error here: `output`
//! lists, terminals that are not declared nodes, `run` + `prompt`, `verify`
//! strings, guards in plain words or naming values the model will judge,
//! `tools`, `persist` and extension keys. What is reported as an error is
//! what would make the graph fail or never end: unknown nodes, nodes that
//! cannot reach a terminal, actions with nothing to do, prompt files that
//! are missing or outside the skill, `{{var}}` that nothing defines first.

use super::flow;
use super::model::{Graph, Version};
use super::LoadError;
use crate::catalog::Skill;
use crate::diag::{rules, Diagnostic, Severity};
use crate::guard::Guard;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Variables every graph may read.
pub const BUILTINS: &[&str] = &[
    "iteration",
    "retries",
    "intent",
    "run_id",
    "step",
    "workspace",
];

struct Out<'a> {
    file: &'a Path,
    found: Vec<Diagnostic>,
}

impl Out<'_> {
    fn push(
        &mut self,
        rule: crate::diag::Rule,
        line: Option<usize>,
        msg: String,
    ) -> &mut Diagnostic {
        self.found
            .push(Diagnostic::new(rule, self.file, msg).at_line(line));
        self.found.last_mut().expect("just pushed")
    }
}

/// Every GES finding for `skill`: its graph, the graphs it calls, and the
/// other graph files in its folder.
pub fn check_skill(skill: &Skill, bindings: &BTreeMap<String, String>) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    if let Some(problem) = &skill.ges_problem {
        found.push(Diagnostic::new(
            rules::GES_AMBIGUOUS_GRAPH,
            &skill.file,
            format!("{problem}; the skill is planned as a step a person takes"),
        ));
        return found;
    }
    let Some(main) = &skill.ges else {
        return found;
    };
    let mut seen: BTreeSet<PathBuf> = BTreeSet::new();
    let mut queue = vec![(main.clone(), true)];
    while let Some((path, top)) = queue.pop() {
        let real = std::fs::canonicalize(&path).unwrap_or(path.clone());
        if !seen.insert(real) {
            continue;
        }
        let (diags, g) = check_file(&path, skill, bindings, top);
        found.extend(diags);
        for r in g.map(|g| super::find::graph_refs(&g)).unwrap_or_default() {
            if let Ok(p) = super::source::resolve(&r, &path, skill.dir()) {
                queue.push((p, false));
            }
        }
    }
    if skill.kind == crate::catalog::SkillKind::Folder {
        for f in super::find::graph_files(skill.dir()) {
            let p = skill.dir().join(&f);
            let real = std::fs::canonicalize(&p).unwrap_or(p.clone());
            if !seen.contains(&real) {
                found.push(
                    Diagnostic::new(
                        rules::GES_UNUSED_GRAPH,
                        &p,
                        format!(
                            "{f} is a second graph in this skill's folder; the skill runs {} and nothing calls or hands off to {f}",
                            main.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()
                        ),
                    )
                    .at_line(Some(1)),
                );
            }
        }
    }
    found.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    found
}

/// Findings for one graph file; the graph when it could be read.
fn check_file(
    path: &Path,
    skill: &Skill,
    bindings: &BTreeMap<String, String>,
    top: bool,
) -> (Vec<Diagnostic>, Option<Graph>) {
    let mut out = Out {
        file: path,
        found: Vec::new(),
    };
    let g = match super::load(path) {
        Ok(g) => g,
        Err(LoadError::Unsupported(s)) => {
            let text = crate::fsio::read_text_limited(
                path,
                super::source::MAX_FILE,
                crate::fsio::Follow::Yes,
            )
            .unwrap_or_default();
            out.push(
                rules::GES_UNSUPPORTED,
                super::lines::line_of(&text, "schema"),
                format!("schema '{s}' is a GES this re0 does not read (it reads ges/1.0, ges/1.1 and ges/2.0); the graph is not run"),
            );
            return (out.found, None);
        }
        Err(LoadError::Invalid {
            message,
            line,
            column,
        }) => {
            let d = Diagnostic::new(rules::GES_INVALID, path, message);
            out.found.push(match line {
                Some(l) => d.at(l, column),
                None => d,
            });
            return (out.found, None);
        }
    };
    for r in &g.remarks {
        out.push(rules::GES_EXTENSION_KEY, r.line, r.message.clone());
    }
    names(&g, skill, top, &mut out);
    structure(&g, &mut out);
    let prompts = actions(&g, skill, bindings, &mut out);
    guards(&g, top, &mut out);
    paths(&g, &mut out);
    variables(&g, top, &prompts, &mut out);
    (out.found, Some(g))
}

fn names(g: &Graph, skill: &Skill, top: bool, out: &mut Out<'_>) {
    let line = g.lines.key("name");
    let n = &g.meta.name;
    let valid = n.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && n.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !valid {
        out.push(
            rules::GES_NAME,
            line,
            format!(
                "graph name '{n}' is not lowercase letters, digits and '-' starting with a letter"
            ),
        );
    }
    if top && *n != skill.name {
        out.push(
            rules::GES_NAME,
            line,
            format!(
                "graph name '{n}' differs from its skill's name '{}'",
                skill.name
            ),
        );
    }
}

fn structure(g: &Graph, out: &mut Out<'_>) {
    let l = &g.lines;
    if !g.nodes.contains_key(&g.meta.entry) {
        out.push(
            rules::GES_UNKNOWN_NODE,
            l.key("entry"),
            format!("entry '{}' is not a node", g.meta.entry),
        );
    }
    if g.terminals().is_empty() {
        out.push(
            rules::GES_INVALID,
            l.key("terminal"),
            "meta.terminal names no node".into(),
        );
    }
    let v11 = |what: &str, line: Option<usize>, out: &mut Out<'_>| {
        if g.version == Version::V1_0 {
            out.push(
                rules::GES_VERSION,
                line,
                format!("{what} is GES 1.1; this graph says schema: ges/1.0 (re0 runs it anyway)"),
            );
        }
    };
    if g.meta.goal.is_some() {
        v11("meta.goal", l.key("goal"), out);
    }
    if g.meta.input.is_some() {
        v11("meta.input", l.key("input"), out);
    }
    if g.meta.output.is_some() {
        v11("meta.output", l.key("output"), out);
    }
    for (k, e) in g.edges.iter().enumerate() {
        let line = l.edge(k);
        for end in e.from.iter().chain(&e.to) {
            if !g.knows(end) {
                out.push(
                    rules::GES_UNKNOWN_NODE,
                    line,
                    format!("edge {} names unknown node '{end}'", e.describe()),
                );
            }
        }
        if e.is_fork() && e.is_join() {
            out.push(
                rules::GES_INVALID,
                line,
                format!(
                    "edge {} has several sources and several targets; use a join, then a fork",
                    e.describe()
                ),
            );
        }
        if e.handoff.is_some() && e.is_fork() {
            out.push(
                rules::GES_INVALID,
                line,
                format!("edge {} hands off and forks at once", e.describe()),
            );
        }
        if e.is_join() && e.guard().is_some() {
            out.push(
                rules::GES_EXTENSION_KEY,
                line,
                format!(
                    "a join ({}) has no guard: its `when` is ignored",
                    e.describe()
                ),
            );
        }
        if e.is_fork() {
            v11("a fork (`to: [..]`)", line, out);
        }
        if e.is_join() {
            v11("a join (`from: [..]`)", line, out);
        }
        if let Some(h) = &e.handoff {
            v11("edge.handoff", line, out);
            out.push(rules::GES_HANDOFF, line, format!("edge {} hands off to {h}: re0 records and shows it, and never follows it (only the plan routes a run)", e.describe()))
                .severity = Severity::Note;
        }
    }
}

/// Checks actions; returns each action's prompt text for the flow check.
fn actions(
    g: &Graph,
    skill: &Skill,
    bindings: &BTreeMap<String, String>,
    out: &mut Out<'_>,
) -> BTreeMap<(String, String), String> {
    let mut prompts = BTreeMap::new();
    for (node, n) in &g.nodes {
        let nline = g.lines.node(node);
        if g.is_terminal(node) {
            if !n.actions.is_empty() {
                out.push(rules::GES_TERMINAL_ACTIONS, nline, format!("terminal node '{node}' has actions; reaching a terminal ends the graph, so they never run"));
            }
            continue;
        }
        if n.actions.is_empty() {
            out.push(
                rules::GES_ACTION,
                nline,
                format!("node '{node}' has no actions"),
            );
        }
        let mut ids = BTreeSet::new();
        for a in &n.actions {
            let line = g.lines.action(node, &a.id);
            if !ids.insert(a.id.as_str()) {
                out.push(
                    rules::GES_ACTION,
                    line,
                    format!("node '{node}' has two actions with id '{}'", a.id),
                );
            }
            if a.prompt.is_none() && a.run.is_none() {
                let how = if g.version == Version::V2_0 {
                    format!(
                        "add a `## [{}]` prompt section or a `run` attribute",
                        if n.actions.len() == 1 && a.id == *node {
                            node.clone()
                        } else {
                            format!("{node}.{}", a.id)
                        }
                    )
                } else {
                    "give it `prompt` or `run`".to_string()
                };
                out.push(
                    rules::GES_ACTION,
                    line,
                    format!(
                        "action '{node}.{}' has neither a prompt nor a command: {how}",
                        a.id
                    ),
                );
            }
            if let Some(p) = &a.prompt {
                match super::source::prompt_text(p, &g.file, skill.dir()) {
                    Ok(t) => {
                        prompts.insert((node.clone(), a.id.clone()), t);
                    }
                    Err(e) => {
                        out.push(
                            rules::GES_ACTION,
                            line,
                            format!("action '{node}.{}': {e}", a.id),
                        );
                    }
                }
            }
            if let Some(r) = &a.run {
                run_target(g, skill, bindings, node, a, r, line, out);
            }
            if a.tools
                .iter()
                .any(|t| t.get("name").and_then(|n| n.as_str()).is_none())
            {
                out.push(
                    rules::GES_ACTION,
                    line,
                    format!("action '{node}.{}': each tool needs a `name`", a.id),
                );
            }
        }
    }
    prompts
}

#[allow(clippy::too_many_arguments)]
fn run_target(
    g: &Graph,
    skill: &Skill,
    bindings: &BTreeMap<String, String>,
    node: &str,
    a: &super::model::Action,
    r: &str,
    line: Option<usize>,
    out: &mut Out<'_>,
) {
    if let Some(t) = super::call::target(r, g) {
        if g.version == Version::V1_0 {
            out.push(rules::GES_VERSION, line, format!("a nested graph (`run: {t}`) is GES 1.1; this graph says schema: ges/1.0 (re0 runs it anyway)"));
        }
        if let Err(e) = super::source::resolve(&t, &g.file, skill.dir())
            .and_then(|p| super::load(&p).map(|_| ()).map_err(|e| e.to_string()))
        {
            out.push(
                rules::GES_ACTION,
                line,
                format!("action '{node}.{}' calls the graph {t}: {e}", a.id),
            );
        }
        return;
    }
    let word = r.trim();
    let single = !word.is_empty() && !word.contains(char::is_whitespace) && !word.contains('/');
    if single
        && !g.bindings.contains_key(word)
        && !bindings.contains_key(word)
        && (!g.bindings.is_empty() || !bindings.is_empty())
    {
        out.push(rules::GES_UNKNOWN_BINDING, line, format!("action '{node}.{}' runs '{word}', which is not a binding; it will run as a command", a.id));
    }
}

fn known_names(g: &Graph, top: bool) -> BTreeSet<String> {
    let mut k: BTreeSet<String> = g.outputs().into_iter().chain(g.inputs()).collect();
    k.extend(BUILTINS.iter().map(|s| s.to_string()));
    if !top {
        k.insert("_input".into());
    }
    k
}

fn guards(g: &Graph, top: bool, out: &mut Out<'_>) {
    let known = known_names(g, top);
    let check = |w: &str, line: Option<usize>, what: String, out: &mut Out<'_>| {
        let guard = Guard::parse(&super::template::fill_cel(
            w,
            &BTreeMap::new(),
            &mut Vec::new(),
        ));
        if !guard.is_cel() {
            out.push(
                rules::GES_GUARD_NOT_CEL,
                line,
                format!("{what} `{w}` is not CEL: the runner judges it each time"),
            );
            return;
        }
        let unbound: Vec<&String> = guard
            .variables()
            .iter()
            .filter(|v| !known.contains(*v))
            .collect();
        if !unbound.is_empty() {
            out.push(
                rules::GES_GUARD_JUDGED,
                line,
                format!(
                    "{what} `{w}` reads {}, which no action outputs: the runner judges it each time",
                    unbound.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
                ),
            );
        }
    };
    if let Some(goal) = &g.meta.goal {
        check(goal, g.lines.key("goal"), "the goal".into(), out);
    }
    let mut unconditional: BTreeMap<&str, usize> = BTreeMap::new();
    for (k, e) in g.edges.iter().enumerate() {
        let line = g.lines.edge(k);
        if e.is_join() {
            continue;
        }
        let from = e.from[0].as_str();
        if let Some(&first) = unconditional.get(from) {
            out.push(
                rules::GES_SHADOWED_EDGE,
                line,
                format!(
                    "edge {} is never taken: edge {} before it has no `when`",
                    e.describe(),
                    g.edges[first].describe()
                ),
            );
        }
        match e.guard() {
            None => {
                unconditional.entry(from).or_insert(k);
            }
            Some(w) => check(w, line, format!("`when` of edge {}", e.describe()), out),
        }
    }
}

fn paths(g: &Graph, out: &mut Out<'_>) {
    let reach = flow::reachable(g);
    let back = flow::reaches_terminal(g);
    for id in g.nodes.keys().filter(|n| !g.is_terminal(n)) {
        if !reach.contains(id) {
            out.push(
                rules::GES_UNREACHABLE,
                g.lines.node(id),
                format!(
                    "node '{id}' cannot be reached from entry '{}'",
                    g.meta.entry
                ),
            );
        } else if !back.contains(id) {
            out.push(
                rules::GES_NO_TERMINAL_PATH,
                g.lines.node(id),
                format!("node '{id}' cannot reach a terminal node; a run there never ends"),
            );
        }
    }
    for (names, inside) in flow::cycles(g) {
        let bounded = inside
            .iter()
            .any(|k| g.edges[*k].guard().is_some_and(flow::reads_counter));
        if !bounded {
            out.push(
                rules::GES_UNBOUNDED_LOOP,
                inside.first().and_then(|k| g.lines.edge(*k)),
                format!("cycle through {} has no guard reading iteration or retries: it may never end", names.join(", ")),
            )
            .help = Some("add a bound to one of its edges, e.g. `when: \"verdict != 'approved' && retries < 3\"`".into());
        }
    }
}

fn variables(
    g: &Graph,
    top: bool,
    prompts: &BTreeMap<(String, String), String>,
    out: &mut Out<'_>,
) {
    let mut initial: BTreeSet<String> = BUILTINS.iter().map(|s| s.to_string()).collect();
    initial.extend(g.inputs());
    if g.meta.goal.is_some() {
        initial.insert("goal".into());
    }
    if !top {
        initial.insert("_input".into());
    }
    for u in flow::undefined_uses(g, &initial, prompts) {
        let file = g
            .nodes
            .get(&u.node)
            .and_then(|n| n.actions.iter().find(|a| a.id == u.action))
            .and_then(|a| a.prompt.as_deref())
            .filter(|p| super::source::is_file_ref(p.trim()))
            .filter(|_| {
                prompts
                    .get(&(u.node.clone(), u.action.clone()))
                    .is_some_and(|t| super::template::roots(t).contains(&u.name))
            });
        let why = if u.nowhere {
            "which nothing defines".to_string()
        } else {
            "before any path from the entry defines it".to_string()
        };
        out.push(
            rules::GES_UNDEFINED_VAR,
            g.lines.action(&u.node, &u.action),
            format!(
                "action '{}.{}' {}{}, {why}",
                u.node,
                u.action,
                u.what,
                file.map(|f| format!(" (in {})", f.trim()))
                    .unwrap_or_default()
            ),
        );
    }
    let outputs: BTreeSet<String> = g.outputs().into_iter().collect();
    for k in g.meta.output.iter().flatten() {
        if !outputs.contains(k) && !g.inputs().contains(k) {
            out.push(
                rules::GES_UNDEFINED_VAR,
                g.lines.key("output"),
                format!("meta.output exports '{k}', which no action outputs"),
            )
            .severity = Severity::Warning;
        }
    }
}
