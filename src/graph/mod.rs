//! The prerequisite graph between skills, and its cycles (DESIGN §4.2, §4.3).
//!
//! An edge `a -> b` points the way work flows: `b` needs what `a` gives,
//! either an artifact (`a` produces what `b` requires) or a call (`a` calls
//! `b`, so the caller comes first). A skill that requires what it produces
//! refines its own input: that is not an edge.

pub mod diagram;
pub mod problems;
pub mod render;

use crate::catalog::Catalog;
use petgraph::algo::tarjan_scc;
use petgraph::graphmap::DiGraphMap;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Why one skill comes before another.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Link {
    /// The first produces this artifact and the second requires it.
    Artifact(String),
    /// The first lists the second in `calls`.
    Calls,
    /// The first is a (missing) member of the pipeline that is the second.
    Member,
    /// The first is the decision the second's contract asks for.
    Decision,
}

impl Link {
    pub fn label(&self) -> &str {
        match self {
            Link::Artifact(a) => a,
            Link::Calls => "calls",
            Link::Member => "member",
            Link::Decision => "decision",
        }
    }
}

/// A graph over catalog skill indices.
#[derive(Debug, Clone, Default)]
pub struct PrereqGraph {
    pub graph: DiGraphMap<usize, ()>,
    /// The reasons for each edge, sorted.
    pub links: BTreeMap<(usize, usize), BTreeSet<Link>>,
    /// The catalog key of each node.
    pub names: BTreeMap<usize, String>,
}

impl PrereqGraph {
    /// Builds the graph over `nodes` (catalog indices of active skills).
    pub fn build(catalog: &Catalog, nodes: &[usize]) -> Self {
        let mut g = PrereqGraph::default();
        let set: BTreeSet<usize> = nodes.iter().copied().collect();
        let mut producers: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for &i in &set {
            g.graph.add_node(i);
            g.names.insert(i, catalog.skills[i].key());
            for a in catalog.skills[i].contract.produces() {
                producers.entry(a.as_str()).or_default().push(i);
            }
        }
        for &i in &set {
            let c = &catalog.skills[i].contract;
            for a in c.requires() {
                for &p in producers.get(a.as_str()).into_iter().flatten() {
                    if p != i {
                        g.add(p, i, Link::Artifact(a.clone()));
                    }
                }
            }
            for callee in c.calls() {
                if let Some(j) = catalog.index_of(callee).filter(|j| set.contains(j)) {
                    g.add(i, j, Link::Calls);
                }
            }
        }
        g
    }

    pub fn add(&mut self, from: usize, to: usize, link: Link) {
        self.graph.add_edge(from, to, ());
        self.links.entry((from, to)).or_default().insert(link);
    }

    fn name(&self, i: usize) -> &str {
        self.names.get(&i).map(String::as_str).unwrap_or("?")
    }

    /// Every cycle, one per strongly connected component, each starting from
    /// its alphabetically first member. Sorted by that member.
    pub fn cycles(&self) -> Vec<Cycle> {
        let mut out: Vec<Cycle> = tarjan_scc(&self.graph)
            .into_iter()
            .filter(|scc| scc.len() > 1 || self.graph.contains_edge(scc[0], scc[0]))
            .map(|scc| self.cycle_in(&scc))
            .collect();
        out.sort_by(|a, b| a.members.cmp(&b.members));
        out
    }

    /// The shortest cycle through the alphabetically first member of `scc`,
    /// visiting neighbours in name order so the answer is deterministic.
    fn cycle_in(&self, scc: &[usize]) -> Cycle {
        let inside: BTreeSet<usize> = scc.iter().copied().collect();
        let start = *scc
            .iter()
            .min_by(|a, b| self.name(**a).cmp(self.name(**b)))
            .expect("a component has a member");
        let mut prev: BTreeMap<usize, usize> = BTreeMap::new();
        let mut queue = VecDeque::from([start]);
        let mut closing = None;
        'search: while let Some(n) = queue.pop_front() {
            let mut next: Vec<usize> = self
                .graph
                .neighbors(n)
                .filter(|m| inside.contains(m))
                .collect();
            next.sort_by(|a, b| self.name(*a).cmp(self.name(*b)));
            for m in next {
                if m == start {
                    closing = Some(n);
                    break 'search;
                }
                if let std::collections::btree_map::Entry::Vacant(e) = prev.entry(m) {
                    e.insert(n);
                    queue.push_back(m);
                }
            }
        }
        let mut path = vec![start];
        if let Some(mut n) = closing {
            let mut back = Vec::new();
            while n != start {
                back.push(n);
                n = prev[&n];
            }
            path.extend(back.into_iter().rev());
        }
        path.push(start);
        let edges = path
            .windows(2)
            .map(|w| CycleEdge {
                from: self.name(w[0]).to_string(),
                to: self.name(w[1]).to_string(),
                via: self
                    .links
                    .get(&(w[0], w[1]))
                    .map(|ls| ls.iter().map(|l| l.label().to_string()).collect())
                    .unwrap_or_default(),
            })
            .collect();
        Cycle {
            members: path.iter().map(|i| self.name(*i).to_string()).collect(),
            nodes: path,
            edges,
        }
    }
}

/// A cycle, closed: `members` starts and ends with the same skill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    pub members: Vec<String>,
    /// Catalog indices along the cycle (closed like `members`).
    pub nodes: Vec<usize>,
    pub edges: Vec<CycleEdge>,
}

/// One edge of a cycle and the artifacts (or `calls`) behind it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CycleEdge {
    pub from: String,
    pub to: String,
    pub via: Vec<String>,
}

impl Cycle {
    /// `a -> b -> a`.
    pub fn text(&self) -> String {
        self.members.join(" -> ")
    }

    /// `a -> b (plan); b -> a (review)`: the edges that close the cycle.
    pub fn edges_text(&self) -> String {
        self.edges
            .iter()
            .map(|e| format!("{} -> {} ({})", e.from, e.to, e.via.join(", ")))
            .collect::<Vec<_>>()
            .join("; ")
    }
}
