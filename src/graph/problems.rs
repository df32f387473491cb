//! What `re0 check` finds wrong in the prerequisite graph, in a form the
//! renderers draw: members that are not installed, requirements nobody
//! produces, and the skills and edges of cycles.

use super::PrereqGraph;
use crate::catalog::Catalog;
use std::collections::BTreeSet;

/// A catalog graph with its problems marked.
#[derive(Debug, Clone, Default)]
pub struct Annotated {
    pub graph: PrereqGraph,
    /// `(skill, field, member)`: a `pipeline` or `calls` member not installed.
    pub missing: Vec<(usize, &'static str, String)>,
    /// `(skill, artifact)`: a requirement no installed skill produces and no
    /// one brings (`inputs:`).
    pub unresolved: Vec<(usize, String)>,
    /// `(pipeline, member)`: installed members of frozen pipelines.
    pub members: Vec<(usize, usize)>,
    /// Skills on a cycle, and the edges that close cycles.
    pub cycle_nodes: BTreeSet<usize>,
    pub cycle_edges: BTreeSet<(usize, usize)>,
}

impl Annotated {
    /// The graph over the catalog's active skills, with its problems.
    pub fn build(catalog: &Catalog) -> Annotated {
        let nodes: Vec<usize> = catalog.active().map(|(i, _)| i).collect();
        let graph = PrereqGraph::build(catalog, &nodes);
        let mut a = Annotated {
            graph,
            ..Annotated::default()
        };
        for &i in &nodes {
            let c = &catalog.skills[i].contract;
            for (field, list) in [("pipeline", c.pipeline()), ("calls", c.calls())] {
                for m in list {
                    match catalog.index_of(m) {
                        None => a.missing.push((i, field, m.clone())),
                        Some(j) if field == "pipeline" && j != i => a.members.push((i, j)),
                        Some(_) => {}
                    }
                }
            }
            for artifact in c.requires() {
                let produced = catalog.producers(artifact).iter().any(|&p| p != i);
                if !produced && !catalog.inputs.contains(artifact) {
                    a.unresolved.push((i, artifact.clone()));
                }
            }
        }
        for cycle in a.graph.cycles() {
            a.cycle_nodes.extend(cycle.nodes.iter().copied());
            a.cycle_edges
                .extend(cycle.nodes.windows(2).map(|w| (w[0], w[1])));
        }
        a.members.sort();
        a.members.dedup();
        a
    }

    /// The distinct missing members, sorted.
    pub fn missing_names(&self) -> BTreeSet<&str> {
        self.missing.iter().map(|(_, _, m)| m.as_str()).collect()
    }

    /// The distinct unresolved artifacts, sorted.
    pub fn unresolved_names(&self) -> BTreeSet<&str> {
        self.unresolved.iter().map(|(_, a)| a.as_str()).collect()
    }

    /// True when there is anything wrong to draw.
    pub fn has_problems(&self) -> bool {
        !self.missing.is_empty() || !self.unresolved.is_empty() || !self.cycle_nodes.is_empty()
    }
}
