//! Paths through a graph, for `re0 check`: which nodes the entry reaches,
//! which reach a terminal, which cycles have no counter in their guards,
//! and which `{{var}}` is used where no path from the entry has defined it.
//!
//! A fork reaches all its targets; a join's target is reached when all its
//! sources are. Definitions flow along every edge (a "may" analysis): a use
//! is reported only when *no* path defines the variable first.

use super::model::{Action, Graph, Verify};
use super::template::Placeholder;
use crate::guard::Guard;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Nodes (declared or terminal) the entry reaches.
pub fn reachable(g: &Graph) -> BTreeSet<String> {
    let mut seen = BTreeSet::from([g.meta.entry.clone()]);
    loop {
        let before = seen.len();
        for e in &g.edges {
            if e.from.iter().all(|f| seen.contains(f)) {
                seen.extend(e.to.iter().cloned());
            }
        }
        if seen.len() == before {
            return seen;
        }
    }
}

/// Nodes from which some path reaches a terminal.
pub fn reaches_terminal(g: &Graph) -> BTreeSet<String> {
    let mut ok: BTreeSet<String> = g.terminals().iter().cloned().collect();
    loop {
        let before = ok.len();
        for e in &g.edges {
            if e.to.iter().any(|t| ok.contains(t)) {
                ok.extend(e.from.iter().cloned());
            }
        }
        if ok.len() == before {
            return ok;
        }
    }
}

/// Cycles (strongly connected components that loop), each sorted, with the
/// indexes of the edges inside them.
pub fn cycles(g: &Graph) -> Vec<(Vec<String>, Vec<usize>)> {
    let mut pg: petgraph::graphmap::DiGraphMap<&str, ()> = petgraph::graphmap::DiGraphMap::new();
    for e in &g.edges {
        for f in &e.from {
            for t in &e.to {
                if g.knows(f) && g.knows(t) {
                    pg.add_edge(f.as_str(), t.as_str(), ());
                }
            }
        }
    }
    let mut out: Vec<(Vec<String>, Vec<usize>)> = petgraph::algo::tarjan_scc(&pg)
        .into_iter()
        .filter(|c| c.len() > 1 || pg.contains_edge(c[0], c[0]))
        .map(|c| {
            let mut names: Vec<String> = c.into_iter().map(str::to_string).collect();
            names.sort();
            let inside: Vec<usize> = g
                .edges
                .iter()
                .enumerate()
                .filter(|(_, e)| {
                    e.from.iter().any(|f| names.contains(f))
                        && e.to.iter().any(|t| names.contains(t))
                })
                .map(|(k, _)| k)
                .collect();
            (names, inside)
        })
        .collect();
    out.sort();
    out
}

/// True when a guard reads a counter (`iteration`, `retries`).
pub fn reads_counter(when: &str) -> bool {
    let guard = Guard::parse(&super::template::fill_cel(
        when,
        &BTreeMap::new(),
        &mut Vec::new(),
    ));
    guard
        .variables()
        .iter()
        .any(|v| v == "iteration" || v == "retries")
        || (!guard.is_cel() && (when.contains("iteration") || when.contains("retries")))
}

/// A `{{var}}` (or `loop.over`) used where nothing defines it first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    pub node: String,
    pub action: String,
    pub name: String,
    /// True when no action anywhere defines it.
    pub nowhere: bool,
    /// `{{x}}`, or `loop over x`.
    pub what: String,
}

/// The texts an action reads, with the extra names each may see.
pub struct Reads {
    pub texts: Vec<String>,
    pub loop_over: Option<String>,
}

/// What `a` reads; `prompt` is its prompt's text (a file's, when it is one).
pub fn reads(a: &Action, prompt: Option<&str>) -> Reads {
    let mut texts = Vec::new();
    texts.extend(prompt.map(str::to_string));
    texts.extend(a.run.clone());
    if let Some(v) = &a.verify {
        texts.push(match v {
            Verify::Judge(t) | Verify::Run(t) => t.clone(),
        });
    }
    Reads {
        texts,
        loop_over: a
            .loop_
            .as_ref()
            .map(|l| super::template::loop_path(&l.over)),
    }
}

/// Uses of undefined variables. `initial` is what the graph starts with;
/// `prompts` gives each action's prompt text (node, action) → text.
pub fn undefined_uses(
    g: &Graph,
    initial: &BTreeSet<String>,
    prompts: &BTreeMap<(String, String), String>,
) -> Vec<Use> {
    let all: BTreeSet<String> = g
        .outputs()
        .into_iter()
        .chain(initial.iter().cloned())
        .collect();
    let ins = ins_sets(g, initial);
    let mut found = Vec::new();
    for (node, n) in &g.nodes {
        if g.is_terminal(node) {
            continue;
        }
        let Some(mut have) = ins.get(node).cloned() else {
            continue; // unreachable: reported elsewhere
        };
        for a in &n.actions {
            let prompt = prompts
                .get(&(node.clone(), a.id.clone()))
                .map(String::as_str);
            let r = reads(a, prompt);
            let mut own = have.clone();
            if let Some(l) = &a.loop_ {
                own.insert(l.var.clone());
            }
            let mut report = |name: &str, what: String, own: &BTreeSet<String>| {
                if !own.contains(name) {
                    found.push(Use {
                        node: node.clone(),
                        action: a.id.clone(),
                        name: name.to_string(),
                        nowhere: !all.contains(name),
                        what,
                    });
                }
            };
            if let Some(over) = &r.loop_over {
                let root = over
                    .split('.')
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_string();
                report(&root, format!("loops over '{over}'"), &have);
            }
            for (i, t) in r.texts.iter().enumerate() {
                let mut seen = own.clone();
                if i + 1 == r.texts.len() && a.verify.is_some() {
                    seen.extend(a.output.iter().cloned());
                }
                for p in super::template::placeholders(t) {
                    if let Some(root) = Placeholder::root(&p) {
                        report(root, format!("uses {{{{{}}}}}", p.path), &seen);
                    }
                }
            }
            have.extend(a.output.iter().cloned());
            if let Some(l) = &a.loop_ {
                have.insert(l.var.clone());
            }
        }
    }
    found.sort_by(|a, b| (&a.node, &a.action, &a.name).cmp(&(&b.node, &b.action, &b.name)));
    found.dedup_by(|a, b| a.node == b.node && a.action == b.action && a.name == b.name);
    found
}

/// The names each node may read when it starts (its IN set): those set
/// before the entry, then each node's outputs and loop variables carried
/// along the edges, grown to a fixpoint.
fn ins_sets(g: &Graph, initial: &BTreeSet<String>) -> BTreeMap<String, BTreeSet<String>> {
    let gives = |node: &str| -> BTreeSet<String> {
        g.actions(node)
            .iter()
            .flat_map(|a| {
                a.output
                    .iter()
                    .cloned()
                    .chain(a.loop_.iter().map(|l| l.var.clone()))
            })
            .collect()
    };
    let mut ins: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    ins.insert(g.meta.entry.clone(), initial.clone());
    let mut queue: VecDeque<String> = VecDeque::from([g.meta.entry.clone()]);
    let mut visited: BTreeSet<String> = BTreeSet::new();
    while let Some(n) = queue.pop_front() {
        visited.insert(n.clone());
        let mut out = ins.get(&n).cloned().unwrap_or_default();
        out.extend(gives(&n));
        for e in g.edges.iter().filter(|e| e.from.contains(&n)) {
            for t in &e.to {
                let set = ins.entry(t.clone()).or_default();
                let before = set.len();
                set.extend(out.iter().cloned());
                if (set.len() != before || !visited.contains(t)) && !queue.contains(t) {
                    queue.push_back(t.clone());
                }
            }
        }
    }
    ins
}
