//! The links a plan's steps are ordered by: the contract's edges, then the
//! inferred ones, each dropped with a note when it would close a cycle.
//!
//! A link that goes forward in a topological order of the links so far
//! closes no cycle; only one against it needs a search, and when it is
//! kept, a new order. Plans of hundreds of steps stay near linear.

use super::closure::{Closure, Target};
use super::{infer, select};
use crate::catalog::Catalog;
use crate::graph::Link;
use std::collections::BTreeMap;

/// Why one node is ordered before another: each source and its detail.
pub type Sources = Vec<(infer::Source, String)>;

/// Every link that orders the plan's nodes: the contract's edges, then the
/// inferred ones (strongest source first), each dropped with a note when it
/// would close a cycle. The intent's order is left out when an outside
/// selector chose the skills (it says nothing of clauses).
pub fn order_links(
    catalog: &Catalog,
    c: &Closure,
    sel: &select::Selection,
    outside: bool,
    chosen: &[usize],
    names: &[String],
    notes: &mut Vec<String>,
) -> BTreeMap<(usize, usize), Sources> {
    let mut out: BTreeMap<(usize, usize), Sources> = BTreeMap::new();
    for ((from, to), ls) in &c.edges {
        for l in ls {
            out.entry((*from, *to))
                .or_default()
                .push((infer::Source::Contract, contract_detail(l, &names[*from])));
        }
    }
    let nodes: Vec<(usize, usize, Option<usize>)> = c
        .nodes
        .iter()
        .enumerate()
        .filter_map(|(n, node)| match node.target {
            Target::Skill(s) => {
                let rank = (!outside && chosen.contains(&s))
                    .then(|| sel.rank_of(s))
                    .flatten();
                Some((n, s, rank))
            }
            _ => None,
        })
        .collect();
    // A link along a topological order of the links so far closes no
    // cycle and keeps the order; only one against it needs a search (and,
    // when kept, a new order). Plans of hundreds of steps stay linear-ish.
    let mut graph = Graph::new(names.len(), out.keys().copied());
    let mut pos = graph.positions();
    for l in infer::infer(catalog, &nodes, &sel.ordered, &sel.within) {
        if let Some(existing) = out.get_mut(&(l.from, l.to)) {
            if !existing.iter().any(|(s, _)| *s == l.source) {
                existing.push((l.source, l.detail));
            }
            continue;
        }
        let along = pos.as_ref().is_some_and(|p| p[l.from] < p[l.to]);
        if !along && graph.reaches(l.to, l.from, pos.as_deref()) {
            notes.push(format!(
                "inferred link {} -> {} ({}: {}) dropped: it would close a cycle",
                names[l.from],
                names[l.to],
                l.source.as_str(),
                l.detail
            ));
            continue;
        }
        out.insert((l.from, l.to), vec![(l.source, l.detail)]);
        graph.add(l.from, l.to);
        if !along {
            pos = graph.positions();
        }
    }
    out
}

/// The links kept so far as adjacency lists: at 100,000 skills the bench
/// plan keeps 25,000 links and searches 9,400 times, and walking a map of
/// pairs for each search and each new order took most of 75 ms.
struct Graph {
    next: Vec<Vec<usize>>,
    /// Per node, the search that last entered it (a search's number).
    seen: Vec<u32>,
    search: u32,
}

impl Graph {
    fn new(n: usize, edges: impl Iterator<Item = (usize, usize)>) -> Graph {
        let mut g = Graph {
            next: vec![Vec::new(); n],
            seen: vec![0; n],
            search: 0,
        };
        for (from, to) in edges {
            g.add(from, to);
        }
        g
    }

    fn add(&mut self, from: usize, to: usize) {
        self.next[from].push(to);
    }

    /// Each node's place in a topological order (any such order will do:
    /// it only tells which links go forward); `None` when the links hold a
    /// cycle. Kahn's algorithm.
    fn positions(&self) -> Option<Vec<usize>> {
        let n = self.next.len();
        let mut indegree = vec![0u32; n];
        for to in self.next.iter().flatten() {
            indegree[*to] += 1;
        }
        let mut ready: Vec<usize> = (0..n).filter(|&i| indegree[i] == 0).collect();
        let mut pos = vec![0; n];
        let mut placed = 0;
        while let Some(x) = ready.pop() {
            pos[x] = placed;
            placed += 1;
            for &m in &self.next[x] {
                indegree[m] -= 1;
                if indegree[m] == 0 {
                    ready.push(m);
                }
            }
        }
        (placed == n).then_some(pos)
    }

    /// True when `to` is reachable from `from`. With `pos`, a topological
    /// order of the links, nodes placed after `to` are not entered: every
    /// link goes forward in it, so no path through them comes back.
    fn reaches(&mut self, from: usize, to: usize, pos: Option<&[usize]>) -> bool {
        self.search += 1;
        let stamp = self.search;
        let before_to = |b: usize| pos.is_none_or(|p| p[b] <= p[to]);
        let mut stack = vec![from];
        self.seen[from] = stamp;
        while let Some(x) = stack.pop() {
            if x == to {
                return true;
            }
            for &b in &self.next[x] {
                if self.seen[b] != stamp && before_to(b) {
                    self.seen[b] = stamp;
                    stack.push(b);
                }
            }
        }
        false
    }
}

fn contract_detail(l: &Link, from: &str) -> String {
    match l {
        Link::Artifact(a) => format!("needs '{a}', which {from} produces"),
        Link::Calls => format!("{from} calls it"),
        Link::Decision => "its decision is answered first".to_string(),
        Link::Member => format!("{from} is a pipeline member it needs"),
    }
}

#[cfg(test)]
mod tests {
    use super::Graph;

    #[test]
    fn positions_put_every_edge_forward_and_a_cycle_has_none() {
        let dag = [(5, 0), (0, 3), (2, 3), (3, 1), (5, 4), (4, 1)];
        let pos = Graph::new(6, dag.into_iter()).positions().unwrap();
        let mut seen = pos.clone();
        seen.sort();
        assert_eq!(seen, (0..6).collect::<Vec<_>>());
        for &(a, b) in &dag {
            assert!(pos[a] < pos[b], "{a} -> {b} goes back in {pos:?}");
        }
        let cycle = [(0, 1), (1, 2), (2, 0)];
        assert_eq!(Graph::new(6, cycle.into_iter()).positions(), None);
        assert_eq!(Graph::new(6, [(4, 4)].into_iter()).positions(), None);
    }

    #[test]
    fn reaches_follows_links_and_forgets_each_search() {
        let mut g = Graph::new(5, [(0, 1), (1, 2), (3, 4)].into_iter());
        let pos = g.positions().unwrap();
        for _ in 0..2 {
            assert!(g.reaches(0, 2, Some(&pos)));
            assert!(g.reaches(0, 2, None));
            assert!(!g.reaches(2, 0, None));
            assert!(!g.reaches(0, 4, Some(&pos)));
            assert!(g.reaches(3, 3, None));
        }
    }
}
