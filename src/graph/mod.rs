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
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

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
///
/// Artifact edges are kept by artifact, not by pair: one `Hub` per
/// artifact lists its producers and its consumers, and stands for every
/// producer -> consumer edge between them. Memory stays linear in the
/// catalog even when thousands of skills share one artifact (a pairwise
/// map would hold millions of edges); the pairs are only generated, one
/// skill at a time, when they are drawn ([`PrereqGraph::edges`]).
#[derive(Debug, Clone, Default)]
pub struct PrereqGraph {
    /// The nodes, and the edges added one by one ([`PrereqGraph::add`]:
    /// calls, members, decisions, a plan's own edges).
    pub graph: DiGraphMap<usize, ()>,
    /// The reasons for each edge added one by one, sorted.
    pub links: BTreeMap<(usize, usize), BTreeSet<Link>>,
    /// The catalog key of each node.
    pub names: BTreeMap<usize, String>,
    /// Artifact edges, by artifact.
    hubs: Vec<Hub>,
    /// For each producer, the hubs of what it produces.
    produces: HashMap<usize, Vec<usize>>,
}

/// One artifact: who produces it and who requires it (sorted, unique).
#[derive(Debug, Clone)]
struct Hub {
    link: Link,
    producers: Vec<usize>,
    consumers: Vec<usize>,
}

/// One drawn edge and the reasons for it, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edge<'a> {
    pub from: usize,
    pub to: usize,
    pub links: Vec<&'a Link>,
}

impl Edge<'_> {
    /// `plan, review`: the reasons, as drawn on the edge.
    pub fn label(&self) -> String {
        self.links
            .iter()
            .map(|l| l.label())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl PrereqGraph {
    /// Builds the graph over `nodes` (catalog indices of active skills).
    pub fn build(catalog: &Catalog, nodes: &[usize]) -> Self {
        let mut g = PrereqGraph::default();
        let set: BTreeSet<usize> = nodes.iter().copied().collect();
        let mut by_artifact: HashMap<&str, usize> = HashMap::new();
        for &i in &set {
            g.graph.add_node(i);
            g.names.insert(i, catalog.skills[i].key());
            let c = &catalog.skills[i].contract;
            for a in c.produces() {
                let h = g.hub_of(&mut by_artifact, a);
                g.hubs[h].producers.push(i);
            }
            for a in c.requires() {
                let h = g.hub_of(&mut by_artifact, a);
                g.hubs[h].consumers.push(i);
            }
            for callee in c.calls() {
                if let Some(j) = catalog.index_of(callee).filter(|j| set.contains(j)) {
                    g.add(i, j, Link::Calls);
                }
            }
        }
        for (h, hub) in g.hubs.iter_mut().enumerate() {
            hub.producers.dedup();
            hub.consumers.dedup();
            for &p in &hub.producers {
                g.produces.entry(p).or_default().push(h);
            }
        }
        g
    }

    /// The hub of artifact `a`, made on first use.
    fn hub_of<'c>(&mut self, by: &mut HashMap<&'c str, usize>, a: &'c str) -> usize {
        let next = self.hubs.len();
        let h = *by.entry(a).or_insert(next);
        if h == next {
            self.hubs.push(Hub {
                link: Link::Artifact(a.to_string()),
                producers: Vec::new(),
                consumers: Vec::new(),
            });
        }
        h
    }

    pub fn add(&mut self, from: usize, to: usize, link: Link) {
        self.graph.add_edge(from, to, ());
        self.links.entry((from, to)).or_default().insert(link);
    }

    fn name(&self, i: usize) -> &str {
        self.names.get(&i).map(String::as_str).unwrap_or("?")
    }

    fn hubs_of(&self, n: usize) -> &[usize] {
        self.produces.get(&n).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The nodes by name (then index).
    pub fn nodes_by_name(&self) -> Vec<usize> {
        let mut n: Vec<usize> = self.names.keys().copied().collect();
        n.sort_by(|a, b| self.name(*a).cmp(self.name(*b)).then(a.cmp(b)));
        n
    }

    /// Each node's place in name order.
    fn ranks(&self) -> HashMap<usize, usize> {
        self.nodes_by_name()
            .into_iter()
            .enumerate()
            .map(|(r, n)| (n, r))
            .collect()
    }

    /// The edges out of `from`, by the name of where they lead (`rank`).
    fn out_edges(&self, from: usize, rank: &HashMap<usize, usize>) -> Vec<Edge<'_>> {
        let mut to: Vec<(usize, usize, &Link)> = Vec::new();
        let key = |m: usize| rank.get(&m).copied().unwrap_or(usize::MAX);
        for m in self.graph.neighbors(from) {
            for l in self.links.get(&(from, m)).into_iter().flatten() {
                to.push((key(m), m, l));
            }
        }
        for &h in self.hubs_of(from) {
            let hub = &self.hubs[h];
            for &m in hub.consumers.iter().filter(|&&m| m != from) {
                to.push((key(m), m, &hub.link));
            }
        }
        to.sort_unstable();
        to.dedup();
        let mut out: Vec<Edge<'_>> = Vec::new();
        for (_, m, l) in to {
            match out.last_mut() {
                Some(e) if e.to == m => e.links.push(l),
                _ => out.push(Edge {
                    from,
                    to: m,
                    links: vec![l],
                }),
            }
        }
        out
    }

    /// Every edge, sorted by the names of its ends, generated one node at
    /// a time (memory stays linear however many pairs there are).
    pub fn edges(&self) -> impl Iterator<Item = Edge<'_>> + '_ {
        let rank = self.ranks();
        self.nodes_by_name()
            .into_iter()
            .flat_map(move |n| self.out_edges(n, &rank))
    }

    /// The reasons for the edge `from -> to`, sorted.
    fn links_between(&self, from: usize, to: usize) -> Vec<&Link> {
        self.out_edges(from, &self.ranks())
            .into_iter()
            .find(|e| e.to == to)
            .map(|e| e.links)
            .unwrap_or_default()
    }

    /// True when `n` has an edge to `target` (never through an artifact a
    /// skill both produces and requires: that refines its own input).
    fn has_edge(&self, n: usize, target: usize) -> bool {
        self.graph.contains_edge(n, target)
            || (n != target
                && self
                    .hubs_of(n)
                    .iter()
                    .any(|&h| self.hubs[h].consumers.binary_search(&target).is_ok()))
    }

    /// Every cycle, one per strongly connected component, each starting from
    /// its alphabetically first member. Sorted by that member.
    pub fn cycles(&self) -> Vec<Cycle> {
        // Skills and artifact hubs as one graph: linear in the catalog.
        // A path between two different skills through hubs is always a
        // real path of edges, so the skills of each component are exactly
        // the skills of a component of the pairwise graph.
        let hub_id = |h: usize| usize::MAX - h;
        let mut all: DiGraphMap<usize, ()> = self.graph.clone();
        for (h, hub) in self.hubs.iter().enumerate() {
            if hub.producers.is_empty() || hub.consumers.is_empty() {
                continue;
            }
            for &p in &hub.producers {
                all.add_edge(p, hub_id(h), ());
            }
            for &c in &hub.consumers {
                all.add_edge(hub_id(h), c, ());
            }
        }
        let mut out: Vec<Cycle> = tarjan_scc(&all)
            .into_iter()
            .map(|scc| {
                scc.into_iter()
                    .filter(|n| self.names.contains_key(n))
                    .collect::<Vec<_>>()
            })
            .filter(|scc| {
                scc.len() > 1 || (scc.len() == 1 && self.graph.contains_edge(scc[0], scc[0]))
            })
            .map(|scc| self.cycle_in(&scc))
            .collect();
        out.sort_by(|a, b| a.members.cmp(&b.members));
        out
    }

    /// The shortest cycle through the alphabetically first member of `scc`,
    /// visiting neighbours in name order so the answer is deterministic.
    /// Each artifact hub is expanded once: the search is linear however
    /// many skills share an artifact.
    fn cycle_in(&self, scc: &[usize]) -> Cycle {
        let inside: HashSet<usize> = scc.iter().copied().collect();
        let start = *scc
            .iter()
            .min_by(|a, b| self.name(**a).cmp(self.name(**b)))
            .expect("a component has a member");
        let mut prev: HashMap<usize, usize> = HashMap::new();
        let mut expanded: HashSet<usize> = HashSet::new();
        let mut queue = VecDeque::from([start]);
        let mut closing = None;
        while let Some(n) = queue.pop_front() {
            if self.has_edge(n, start) {
                closing = Some(n);
                break;
            }
            let mut next: Vec<usize> = self.graph.neighbors(n).collect();
            for &h in self.hubs_of(n) {
                if expanded.insert(h) {
                    next.extend(self.hubs[h].consumers.iter().copied().filter(|&m| m != n));
                }
            }
            next.retain(|m| *m != start && inside.contains(m) && !prev.contains_key(m));
            next.sort_by(|a, b| self.name(*a).cmp(self.name(*b)).then(a.cmp(b)));
            next.dedup();
            for m in next {
                prev.insert(m, n);
                queue.push_back(m);
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
                    .links_between(w[0], w[1])
                    .into_iter()
                    .map(|l| l.label().to_string())
                    .collect(),
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
