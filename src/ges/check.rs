//! `re0 check` findings for GES graphs (DESIGN §6), each with `file:line`.

use super::model::{self, Graph, Lines, LoadError};
use crate::diag::{rules, Diagnostic};
use crate::guard::Guard;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

/// Variables every graph may read.
pub const BUILTINS: &[&str] = &[
    "iteration",
    "retries",
    "intent",
    "run_id",
    "step",
    "workspace",
];

/// `{{ name.path }}` references in `text`: the root names.
pub fn references(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        let inner = after[..end].trim();
        let root: String = inner
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
            .collect();
        if !root.is_empty() {
            out.push(root);
        }
        rest = &after[end + 2..];
    }
    out
}

/// Checks the graph file at `path` of skill folder `dir`. `bindings` are
/// the workspace's `re0.yaml` aliases.
pub fn check(path: &Path, dir: &Path, bindings: &BTreeMap<String, String>) -> Vec<Diagnostic> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let g = match model::parse(&text) {
        Ok(g) => g,
        Err(LoadError::Unsupported(s)) => {
            return vec![Diagnostic::new(
                rules::GES_UNSUPPORTED,
                path,
                format!(
                "schema '{s}' is a later GES than this re0 executes ({}); the graph is not read",
                model::SCHEMA
            ),
            )
            .at_line(model::line_of(&text, "schema"))]
        }
        Err(LoadError::Invalid {
            message,
            line,
            column,
        }) => {
            let d = Diagnostic::new(rules::GES_INVALID, path, message);
            return vec![match line {
                Some(l) => d.at(l, column),
                None => d,
            }];
        }
    };
    let lines = Lines::new(&text);
    let mut out = Vec::new();
    let node_line = |id: &str| lines.node(id);
    let exists = |id: &str| g.nodes.contains_key(id);

    // Entry, terminals and edge endpoints exist.
    if !exists(&g.meta.entry) {
        out.push(
            Diagnostic::new(
                rules::GES_UNKNOWN_NODE,
                path,
                format!("entry '{}' is not a node", g.meta.entry),
            )
            .at_line(lines.key("entry")),
        );
    }
    for t in g.terminals() {
        if !exists(&t) {
            out.push(
                Diagnostic::new(
                    rules::GES_UNKNOWN_NODE,
                    path,
                    format!("terminal '{t}' is not a node"),
                )
                .at_line(lines.key("terminal")),
            );
        }
    }
    for (k, e) in g.edges.iter().enumerate() {
        for end in [&e.from, &e.to] {
            if !exists(end) {
                out.push(
                    Diagnostic::new(
                        rules::GES_UNKNOWN_NODE,
                        path,
                        format!("edge {} -> {} names unknown node '{end}'", e.from, e.to),
                    )
                    .at_line(lines.edge(k)),
                );
            }
        }
    }

    // Actions: exactly one kind, unique ids, prompt files present, aliases known.
    let mut defined: BTreeSet<String> = g.outputs().into_iter().collect();
    defined.extend(BUILTINS.iter().map(|s| s.to_string()));
    for (node, n) in g
        .nodes
        .iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| (k, v)))
    {
        let mut ids = BTreeSet::new();
        for a in &n.actions {
            let line = lines.action(node, &a.id).or(node_line(node));
            if !ids.insert(a.id.clone()) {
                out.push(
                    Diagnostic::new(
                        rules::GES_ACTION,
                        path,
                        format!("node '{node}' has two actions with id '{}'", a.id),
                    )
                    .at_line(line),
                );
            }
            match (&a.prompt, &a.run) {
                (Some(_), Some(_)) => out.push(
                    Diagnostic::new(
                        rules::GES_ACTION,
                        path,
                        format!("action '{}' has both `prompt` and `run`", a.id),
                    )
                    .at_line(line),
                ),
                (None, None) => out.push(
                    Diagnostic::new(
                        rules::GES_ACTION,
                        path,
                        format!("action '{}' has neither `prompt` nor `run`", a.id),
                    )
                    .at_line(line),
                ),
                _ => {}
            }
            let mut texts: Vec<String> = Vec::new();
            if let Some(p) = &a.prompt {
                match prompt_text(p, dir) {
                    Ok(t) => texts.push(t),
                    Err(e) => out.push(
                        Diagnostic::new(rules::GES_ACTION, path, format!("action '{}': {e}", a.id))
                            .at_line(line),
                    ),
                }
            }
            if let Some(r) = &a.run {
                texts.push(r.clone());
                let word = r.trim();
                if !word.contains(char::is_whitespace)
                    && !word.contains('/')
                    && !g.bindings.contains_key(word)
                    && !bindings.contains_key(word)
                    && (!g.bindings.is_empty() || !bindings.is_empty())
                {
                    out.push(
                        Diagnostic::new(
                            rules::GES_UNKNOWN_BINDING,
                            path,
                            format!("action '{}' runs '{word}', which is not a binding; it will run as a command", a.id),
                        )
                        .at_line(line),
                    );
                }
            }
            if let Some(v) = &a.verify {
                texts.push(v.command().to_string());
            }
            if let Some(l) = &a.loop_ {
                if !defined.contains(&l.over) {
                    out.push(
                        Diagnostic::new(
                            rules::GES_UNDEFINED_VAR,
                            path,
                            format!(
                                "action '{}' loops over '{}', which nothing defines",
                                a.id, l.over
                            ),
                        )
                        .at_line(line),
                    );
                }
            }
            for t in texts {
                for r in references(&t) {
                    if !defined.contains(&r) && !g.bindings.contains_key(&r) {
                        out.push(
                            Diagnostic::new(
                                rules::GES_UNDEFINED_VAR,
                                path,
                                format!(
                                    "action '{}' uses {{{{{r}}}}}, which no action outputs",
                                    a.id
                                ),
                            )
                            .at_line(line),
                        );
                    }
                }
            }
        }
    }

    // Guards: CEL that reads defined variables; shadowed edges.
    let mut unconditional: BTreeMap<&str, usize> = BTreeMap::new();
    for (k, e) in g.edges.iter().enumerate() {
        let line = lines.edge(k);
        if let Some(&first) = unconditional.get(e.from.as_str()) {
            out.push(
                Diagnostic::new(
                    rules::GES_SHADOWED_EDGE,
                    path,
                    format!(
                        "edge {} -> {} is never taken: edge {} -> {} before it has no `when`",
                        e.from, e.to, g.edges[first].from, g.edges[first].to
                    ),
                )
                .at_line(line),
            );
        }
        match &e.when {
            None => {
                unconditional.entry(e.from.as_str()).or_insert(k);
            }
            Some(w) => {
                let guard = Guard::parse(w);
                if !guard.is_cel() {
                    out.push(
                        Diagnostic::new(
                            rules::GES_GUARD_NOT_CEL,
                            path,
                            format!("`when: {w}` is not CEL; the runner will judge it each time"),
                        )
                        .at_line(line),
                    );
                }
                for v in guard.variables() {
                    if !defined.contains(v) {
                        out.push(
                            Diagnostic::new(
                                rules::GES_UNDEFINED_VAR,
                                path,
                                format!(
                                    "`when` of edge {} -> {} reads '{v}', which no action outputs",
                                    e.from, e.to
                                ),
                            )
                            .at_line(line),
                        );
                    }
                }
            }
        }
    }

    // Reachability from the entry, and a path to a terminal.
    let reach = reachable(&g, std::slice::from_ref(&g.meta.entry), false);
    let back = reachable(&g, &g.terminals(), true);
    for id in g.nodes.keys() {
        if !reach.contains(id) {
            out.push(
                Diagnostic::new(
                    rules::GES_UNREACHABLE,
                    path,
                    format!(
                        "node '{id}' cannot be reached from entry '{}'",
                        g.meta.entry
                    ),
                )
                .at_line(node_line(id)),
            );
        } else if !back.contains(id) {
            out.push(
                Diagnostic::new(
                    rules::GES_NO_TERMINAL_PATH,
                    path,
                    format!("node '{id}' cannot reach a terminal node; a run there never ends"),
                )
                .at_line(node_line(id)),
            );
        }
    }

    // Cycles whose guards never read a counter.
    for scc in cycles(&g) {
        let inside: BTreeSet<&String> = scc.iter().collect();
        let edges: Vec<(usize, &model::Edge)> = g
            .edges
            .iter()
            .enumerate()
            .filter(|(_, e)| inside.contains(&e.from) && inside.contains(&e.to))
            .collect();
        let bounded = edges.iter().any(|(_, e)| {
            e.when.as_deref().is_some_and(|w| {
                let guard = Guard::parse(w);
                let vars = guard.variables();
                vars.iter().any(|v| v == "iteration" || v == "retries")
                    || (!guard.is_cel() && (w.contains("iteration") || w.contains("retries")))
            })
        });
        if !bounded {
            let names: Vec<&str> = scc.iter().map(String::as_str).collect();
            out.push(
                Diagnostic::new(
                    rules::GES_UNBOUNDED_LOOP,
                    path,
                    format!("cycle through {} has no guard reading iteration or retries: it may never end", names.join(", ")),
                )
                .at_line(edges.first().and_then(|(k, _)| lines.edge(*k)))
                .help("add a bound to one of its edges, e.g. `when: verdict != 'approved' && retries < 3`"),
            );
        }
    }
    out.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    out
}

/// A prompt's text: inline, or read from `./file` in the skill folder.
pub fn prompt_text(prompt: &str, dir: &Path) -> Result<String, String> {
    if let Some(rel) = prompt.strip_prefix("./") {
        if !crate::state::store::is_contained(rel) {
            return Err(format!("prompt file '{prompt}' leaves the skill folder"));
        }
        std::fs::read_to_string(dir.join(rel)).map_err(|e| format!("prompt file '{prompt}': {e}"))
    } else {
        Ok(prompt.to_string())
    }
}

/// Nodes reachable from `from` (along edges, or against them).
fn reachable(g: &Graph, from: &[String], backwards: bool) -> BTreeSet<String> {
    let mut seen: BTreeSet<String> = from
        .iter()
        .filter(|n| g.nodes.contains_key(*n))
        .cloned()
        .collect();
    let mut q: VecDeque<String> = seen.iter().cloned().collect();
    while let Some(n) = q.pop_front() {
        for e in &g.edges {
            let (a, b) = if backwards {
                (&e.to, &e.from)
            } else {
                (&e.from, &e.to)
            };
            if *a == n && g.nodes.contains_key(b) && seen.insert(b.clone()) {
                q.push_back(b.clone());
            }
        }
    }
    seen
}

/// Strongly connected components that form cycles.
fn cycles(g: &Graph) -> Vec<Vec<String>> {
    let mut pg: petgraph::graphmap::DiGraphMap<&str, ()> = petgraph::graphmap::DiGraphMap::new();
    for id in g.nodes.keys() {
        pg.add_node(id);
    }
    for e in &g.edges {
        if g.nodes.contains_key(&e.from) && g.nodes.contains_key(&e.to) {
            pg.add_edge(e.from.as_str(), e.to.as_str(), ());
        }
    }
    let mut out: Vec<Vec<String>> = petgraph::algo::tarjan_scc(&pg)
        .into_iter()
        .filter(|c| c.len() > 1 || pg.contains_edge(c[0], c[0]))
        .map(|c| {
            let mut v: Vec<String> = c.into_iter().map(str::to_string).collect();
            v.sort();
            v
        })
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn references_find_roots() {
        assert_eq!(super::references("x {{ a }} {{b.c}} {{}} {{ d"), ["a", "b"]);
    }
}
