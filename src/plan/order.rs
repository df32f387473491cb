//! Topological order with a deterministic tie-break (DESIGN §4.2): among
//! the steps whose predecessors are all placed, the most relevant goes
//! first, then the one whose name sorts first. The same nodes and edges
//! always give the same order.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

struct Ready<'a> {
    node: usize,
    relevance: f64,
    name: &'a str,
}

impl PartialEq for Ready<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Ready<'_> {}
impl PartialOrd for Ready<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ready<'_> {
    /// The heap pops the greatest: higher relevance, then the smaller name,
    /// then the smaller node index.
    fn cmp(&self, other: &Self) -> Ordering {
        self.relevance
            .total_cmp(&other.relevance)
            .then_with(|| other.name.cmp(self.name))
            .then_with(|| other.node.cmp(&self.node))
    }
}

/// Orders `n` nodes given `edges` (from, to). Returns `None` when the edges
/// hold a cycle (callers find and name it first).
pub fn topological<T>(
    relevance: &[f64],
    names: &[String],
    edges: &BTreeMap<(usize, usize), T>,
) -> Option<Vec<usize>> {
    let n = names.len();
    let mut indegree = vec![0usize; n];
    let mut next: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
    for &(from, to) in edges.keys() {
        if next[from].insert(to) {
            indegree[to] += 1;
        }
    }
    let mut heap: BinaryHeap<Ready> = (0..n)
        .filter(|&i| indegree[i] == 0)
        .map(|i| Ready {
            node: i,
            relevance: relevance[i],
            name: &names[i],
        })
        .collect();
    let mut out = Vec::with_capacity(n);
    while let Some(r) = heap.pop() {
        out.push(r.node);
        for &m in &next[r.node] {
            indegree[m] -= 1;
            if indegree[m] == 0 {
                heap.push(Ready {
                    node: m,
                    relevance: relevance[m],
                    name: &names[m],
                });
            }
        }
    }
    (out.len() == n).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn ties_go_to_relevance_then_name() {
        let e: BTreeMap<(usize, usize), ()> = BTreeMap::new();
        let order = topological(&[0.0, 1.0, 0.0], &names(&["b", "c", "a"]), &e).unwrap();
        assert_eq!(order, [1, 2, 0]);
    }

    #[test]
    fn edges_win_over_relevance() {
        let e: BTreeMap<(usize, usize), ()> = [((0, 1), ())].into_iter().collect();
        assert_eq!(
            topological(&[0.0, 9.0], &names(&["x", "y"]), &e).unwrap(),
            [0, 1]
        );
    }

    #[test]
    fn a_cycle_has_no_order() {
        let e: BTreeMap<(usize, usize), ()> = [((0, 1), ()), ((1, 0), ())].into_iter().collect();
        assert!(topological(&[0.0, 0.0], &names(&["x", "y"]), &e).is_none());
    }
}
