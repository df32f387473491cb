//! Which skills lie on a prerequisite cycle, found without building the
//! full [`PrereqGraph`](crate::graph::PrereqGraph).
//!
//! Most catalogs have no cycle at all, and the full graph (names, maps of
//! links, a copy for the cycle search) costs hundreds of bytes per skill.
//! Here skills and artifacts are the vertices of one compact graph
//! (`u32` adjacency arrays): an edge runs from a skill to each artifact it
//! produces, from an artifact to each skill that requires it, and from a
//! skill to each skill it `calls`. Its strongly connected components hold
//! exactly the skills of the prerequisite graph's components, so `re0
//! check` builds the full graph only over the skills this returns, and
//! reports the same cycles.

use crate::catalog::Catalog;
use std::collections::HashMap;

/// The skills of `nodes` (catalog indices of active skills) that lie on a
/// cycle: in a strongly connected component with another skill, or
/// calling themselves. Sorted.
pub fn cyclic_skills(catalog: &Catalog, nodes: &[usize]) -> Vec<usize> {
    let g = Compact::build(catalog, nodes);
    let skills = nodes.len() as u32;
    let mut out = Vec::new();
    scc(&g, |component| {
        let members: Vec<u32> = component.iter().copied().filter(|&v| v < skills).collect();
        let cyclic = match members.as_slice() {
            [] => false,
            [only] => g.targets(*only).contains(only),
            _ => true,
        };
        if cyclic {
            out.extend(members.iter().map(|&v| nodes[v as usize]));
        }
    });
    out.sort_unstable();
    out
}

/// A directed graph in adjacency-array form: the targets of vertex `v`
/// are `edges[starts[v]..starts[v + 1]]`. Vertices `0..nodes.len()` are
/// the skills, in the order given; the artifacts follow.
struct Compact {
    starts: Vec<u32>,
    edges: Vec<u32>,
}

impl Compact {
    fn build<'c>(catalog: &'c Catalog, nodes: &[usize]) -> Compact {
        let mut place = vec![u32::MAX; catalog.skills.len()];
        for (v, &i) in nodes.iter().enumerate() {
            place[i] = v as u32;
        }
        let mut artifact: HashMap<&str, u32> = HashMap::new();
        let mut id = |a: &'c str| -> u32 {
            let next = (nodes.len() + artifact.len()) as u32;
            *artifact.entry(a).or_insert(next)
        };
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for (v, &i) in nodes.iter().enumerate() {
            let v = v as u32;
            let c = &catalog.skills[i].contract;
            for a in c.produces() {
                pairs.push((v, id(a)));
            }
            for a in c.requires() {
                pairs.push((id(a), v));
            }
            for callee in c.calls() {
                if let Some(w) = catalog.index_of(callee).map(|j| place[j]) {
                    if w != u32::MAX {
                        pairs.push((v, w));
                    }
                }
            }
        }
        drop(place);
        pairs.sort_unstable();
        pairs.dedup();
        let vertices = nodes.len() + artifact.len();
        let mut starts = vec![0u32; vertices + 1];
        for &(from, _) in &pairs {
            starts[from as usize + 1] += 1;
        }
        for v in 0..vertices {
            starts[v + 1] += starts[v];
        }
        let edges = pairs.into_iter().map(|(_, to)| to).collect();
        Compact { starts, edges }
    }

    fn len(&self) -> usize {
        self.starts.len() - 1
    }

    fn targets(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.edges[self.starts[v] as usize..self.starts[v + 1] as usize]
    }
}

/// Tarjan's strongly connected components, iterative (a chain of 100,000
/// skills must not overflow the stack). Calls `found` once per component.
fn scc(g: &Compact, mut found: impl FnMut(&[u32])) {
    const UNSEEN: u32 = u32::MAX;
    let n = g.len();
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    // The depth-first path: each vertex and how many of its targets it has
    // visited so far.
    let mut path: Vec<(u32, u32)> = Vec::new();
    let mut counter = 0u32;
    for root in 0..n as u32 {
        if index[root as usize] != UNSEEN {
            continue;
        }
        path.push((root, 0));
        index[root as usize] = counter;
        low[root as usize] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(&mut (v, ref mut k)) = path.last_mut() {
            let targets = g.targets(v);
            if let Some(&w) = targets.get(*k as usize) {
                *k += 1;
                let wi = w as usize;
                if index[wi] == UNSEEN {
                    index[wi] = counter;
                    low[wi] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[wi] = true;
                    path.push((w, 0));
                } else if on_stack[wi] {
                    low[v as usize] = low[v as usize].min(index[wi]);
                }
                continue;
            }
            path.pop();
            if let Some(&(parent, _)) = path.last() {
                low[parent as usize] = low[parent as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                let at = stack
                    .iter()
                    .rposition(|&x| x == v)
                    .expect("a root is on the stack");
                for &x in &stack[at..] {
                    on_stack[x as usize] = false;
                }
                found(&stack[at..]);
                stack.truncate(at);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, pairs: &[(u32, u32)]) -> Compact {
        let mut starts = vec![0u32; n + 1];
        let mut pairs = pairs.to_vec();
        pairs.sort_unstable();
        for &(f, _) in &pairs {
            starts[f as usize + 1] += 1;
        }
        for v in 0..n {
            starts[v + 1] += starts[v];
        }
        Compact {
            starts,
            edges: pairs.into_iter().map(|(_, t)| t).collect(),
        }
    }

    fn components(g: &Compact) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        scc(g, |c| {
            let mut c = c.to_vec();
            c.sort_unstable();
            out.push(c);
        });
        out.sort();
        out
    }

    #[test]
    fn finds_components_and_singletons() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 4 -> 3, 5 alone.
        let g = graph(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 3)]);
        assert_eq!(components(&g), vec![vec![0, 1, 2], vec![3, 4], vec![5]]);
    }

    #[test]
    fn a_long_chain_does_not_overflow_the_stack() {
        let n = 200_000u32;
        let mut pairs: Vec<(u32, u32)> = (0..n - 1).map(|v| (v, v + 1)).collect();
        pairs.push((n - 1, 0));
        let g = graph(n as usize, &pairs);
        let mut sizes = Vec::new();
        scc(&g, |c| sizes.push(c.len()));
        assert_eq!(sizes, vec![n as usize]);
    }
}
