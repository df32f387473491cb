//! From chosen skills to the full set of plan nodes and the edges between
//! them (DESIGN §4.1 rules 3–6, §4.2, §4.4 decisions).
//!
//! Invariants: every node appears once; nothing is added that no rule asks
//! for (no padding); a frozen pipeline is one node whose members are read
//! only to type it; a missing `calls`/`pipeline` member is a node of its own
//! that will be typed `skip`, never substituted.

use super::relevance::Query;
use super::text::Analyzer;
use crate::catalog::{Catalog, Skill};
use crate::graph::Link;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// What a node stands for.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    /// An installed skill (a pipeline when its contract has `pipeline`).
    Skill(usize),
    /// A `calls` or `pipeline` member that is not installed.
    Missing(String),
    /// The human decision a skill's contract asks for before it.
    Decision { skill: usize, question: String },
}

#[derive(Debug, Clone)]
pub struct Node {
    pub target: Target,
    pub because: String,
    /// Relevance to the intent, for the ordering tie-break.
    pub relevance: f64,
    /// Required artifacts met outside the plan: by the intent or as inputs.
    pub supplied: Vec<(String, &'static str)>,
    /// Required artifacts nothing installed produces.
    pub unmet: Vec<String>,
}

/// Nodes and edges before ordering.
#[derive(Debug, Default)]
pub struct Closure {
    pub nodes: Vec<Node>,
    pub edges: BTreeMap<(usize, usize), BTreeSet<Link>>,
    pub notes: Vec<String>,
    /// Per node, the nodes with an edge into it and out of it, in edge
    /// order; built once the closure is complete.
    index: std::sync::OnceLock<Adjacency>,
}

/// Per node: (incoming, outgoing) neighbours.
type Adjacency = (Vec<Vec<usize>>, Vec<Vec<usize>>);

impl Closure {
    fn index(&self) -> &Adjacency {
        self.index.get_or_init(|| {
            let mut incoming = vec![Vec::new(); self.nodes.len()];
            let mut outgoing = vec![Vec::new(); self.nodes.len()];
            for &(from, to) in self.edges.keys() {
                incoming[to].push(from);
                outgoing[from].push(to);
            }
            (incoming, outgoing)
        })
    }

    /// The nodes with an edge into `n`, by index.
    pub fn incoming(&self, n: usize) -> &[usize] {
        &self.index().0[n]
    }

    /// The nodes `n` has an edge to, by index.
    pub fn outgoing(&self, n: usize) -> &[usize] {
        &self.index().1[n]
    }
}

/// A pipeline's effective contract: declared `requires`/`produces`, or
/// derived from its members.
pub fn requires_of(catalog: &Catalog, s: &Skill) -> Vec<String> {
    if s.contract.requires.is_some() || !s.contract.is_pipeline() {
        return s.contract.requires().to_vec();
    }
    let members = members(catalog, s);
    let made: BTreeSet<&String> = members.iter().flat_map(|m| m.contract.produces()).collect();
    let mut out: Vec<String> = Vec::new();
    for m in &members {
        for r in m.contract.requires() {
            if !made.contains(r) && !out.contains(r) {
                out.push(r.clone());
            }
        }
    }
    out
}

pub fn produces_of(catalog: &Catalog, s: &Skill) -> Vec<String> {
    if s.contract.produces.is_some() || !s.contract.is_pipeline() {
        return s.contract.produces().to_vec();
    }
    let mut out: Vec<String> = Vec::new();
    for m in members(catalog, s) {
        for p in m.contract.produces() {
            if !out.contains(p) {
                out.push(p.clone());
            }
        }
    }
    out
}

/// The installed members of a pipeline.
pub fn members<'a>(catalog: &'a Catalog, s: &Skill) -> Vec<&'a Skill> {
    s.contract
        .pipeline()
        .iter()
        .filter_map(|m| catalog.get(m))
        .collect()
}

/// Relevance differences below this are a trace, not a preference.
const RELEVANCE_TRACE: f64 = 0.05;

struct Builder<'a> {
    catalog: &'a Catalog,
    query: &'a Query,
    analyzer: &'a Analyzer,
    scores: &'a dyn Fn(usize) -> f64,
    c: Closure,
    by_skill: BTreeMap<usize, usize>,
    /// Artifact -> the skill nodes producing it, kept as nodes are added,
    /// so no lookup rescans the nodes (a skill requiring 10,000 artifacts
    /// stays linear).
    by_output: HashMap<String, Vec<usize>>,
}

impl Builder<'_> {
    fn add(&mut self, target: Target, because: String, relevance: f64) -> usize {
        if let Target::Skill(s) = target {
            if let Some(&n) = self.by_skill.get(&s) {
                return n;
            }
            self.by_skill.insert(s, self.c.nodes.len());
            for a in produces_of(self.catalog, &self.catalog.skills[s]) {
                self.by_output
                    .entry(a)
                    .or_default()
                    .push(self.c.nodes.len());
            }
        }
        self.c.nodes.push(Node {
            target,
            because,
            relevance,
            supplied: Vec::new(),
            unmet: Vec::new(),
        });
        self.c.nodes.len() - 1
    }

    fn edge(&mut self, from: usize, to: usize, link: Link) {
        self.c.edges.entry((from, to)).or_default().insert(link);
    }

    /// True when a skill node other than `i` produces `artifact`.
    fn made_by_other(&self, artifact: &str, i: usize) -> bool {
        self.by_output
            .get(artifact)
            .is_some_and(|ns| ns.iter().any(|&k| k != i))
    }

    /// Expands node `i`: members, callees, and producers of what it needs.
    fn expand(&mut self, i: usize) {
        let Target::Skill(s) = self.c.nodes[i].target.clone() else {
            return;
        };
        let catalog = self.catalog;
        let skill = &catalog.skills[s];
        let me = skill.key();
        for m in skill.contract.pipeline() {
            if catalog.get(m).is_none() {
                let n = self.add(
                    Target::Missing(m.clone()),
                    format!("member of pipeline {me}"),
                    0.0,
                );
                self.edge(n, i, Link::Member);
            }
        }
        for callee in skill.contract.calls() {
            let n = match catalog.index_of(callee) {
                Some(j) => self.add(
                    Target::Skill(j),
                    format!("called by {me}"),
                    (self.scores)(j),
                ),
                None => self.add(
                    Target::Missing(callee.clone()),
                    format!("called by {me}"),
                    0.0,
                ),
            };
            self.edge(i, n, Link::Calls);
        }
        for r in requires_of(catalog, skill) {
            if self.made_by_other(&r, i) {
                continue;
            }
            if self.query.supplies(&r, self.analyzer) {
                self.c.nodes[i]
                    .supplied
                    .push((r, "supplied with the intent"));
                continue;
            }
            if catalog.inputs.contains(&r) {
                self.c.nodes[i]
                    .supplied
                    .push((r, "brought by a person (input)"));
                continue;
            }
            let producers: Vec<usize> = catalog
                .producers(&r)
                .iter()
                .copied()
                .filter(|&p| p != s)
                .collect();
            let Some(best) = self.best_producer(&producers) else {
                self.c.notes.push(format!(
                    "{me} requires '{r}', which no installed skill produces: its precondition is unmet"
                ));
                self.c.nodes[i].unmet.push(r);
                continue;
            };
            let others: Vec<String> = producers
                .iter()
                .filter(|&&p| p != best)
                .map(|&p| catalog.skills[p].key())
                .collect();
            if !others.is_empty() {
                self.c.notes.push(format!(
                    "'{r}' is also produced by {}; {} was chosen as the most relevant",
                    others.join(", "),
                    catalog.skills[best].key()
                ));
            }
            self.add(
                Target::Skill(best),
                format!("produces '{r}', which {me} requires"),
                (self.scores)(best),
            );
        }
    }

    /// The producer to pull in: one that duplicates the least of what the
    /// plan already makes, then the most relevant (when relevance differs
    /// by more than [`RELEVANCE_TRACE`]), then the narrowest, then the one
    /// that needs the fewest artifacts of its own, then by name.
    fn best_producer(&self, producers: &[usize]) -> Option<usize> {
        producers.iter().copied().min_by(|&a, &b| {
            let key = |p: usize| {
                let outs = produces_of(self.catalog, &self.catalog.skills[p]);
                let dup = outs
                    .iter()
                    .filter(|o| self.by_output.contains_key(o.as_str()))
                    .count();
                (dup, outs.len())
            };
            let (da, la) = key(a);
            let (db, lb) = key(b);
            let needs = |p: usize| requires_of(self.catalog, &self.catalog.skills[p]).len();
            // Relevance decides when it differs by more than a trace;
            // otherwise the producer that needs less of its own does.
            let (ra, rb) = ((self.scores)(a), (self.scores)(b));
            let relevance = if (ra - rb).abs() > RELEVANCE_TRACE {
                rb.total_cmp(&ra)
            } else {
                std::cmp::Ordering::Equal
            };
            da.cmp(&db)
                .then(relevance)
                .then_with(|| la.cmp(&lb))
                .then_with(|| needs(a).cmp(&needs(b)))
                .then_with(|| rb.total_cmp(&ra))
                .then_with(|| {
                    self.catalog.skills[a]
                        .key()
                        .cmp(&self.catalog.skills[b].key())
                })
        })
    }
}

/// Builds the closure of `chosen` (skill, why, relevance).
pub fn build(
    catalog: &Catalog,
    query: &Query,
    analyzer: &Analyzer,
    chosen: &[(usize, String)],
    scores: &dyn Fn(usize) -> f64,
) -> Closure {
    let mut b = Builder {
        catalog,
        query,
        analyzer,
        scores,
        c: Closure::default(),
        by_skill: BTreeMap::new(),
        by_output: HashMap::new(),
    };
    for (s, why) in chosen {
        b.add(Target::Skill(*s), why.clone(), scores(*s));
    }
    let mut i = 0;
    while i < b.c.nodes.len() {
        b.expand(i);
        i += 1;
    }
    // Artifact edges between the nodes, producer to consumer.
    let skill_nodes: Vec<(usize, usize)> =
        b.c.nodes
            .iter()
            .enumerate()
            .filter_map(|(n, node)| match node.target {
                Target::Skill(s) => Some((n, s)),
                _ => None,
            })
            .collect();
    for &(n, s) in &skill_nodes {
        for r in requires_of(catalog, &catalog.skills[s]) {
            let producers = b.by_output.get(&r).cloned().unwrap_or_default();
            for p in producers.into_iter().filter(|&p| p != n) {
                b.edge(p, n, Link::Artifact(r.clone()));
            }
        }
    }
    // A decision comes right before its skill, after the skill's producers.
    for (n, s) in skill_nodes {
        let Some(question) = catalog.skills[s].contract.decision() else {
            continue;
        };
        let d = b.add(
            Target::Decision {
                skill: s,
                question: question.to_string(),
            },
            format!("decision {} asks for", catalog.skills[s].key()),
            b.c.nodes[n].relevance,
        );
        let preds: Vec<(usize, BTreeSet<Link>)> =
            b.c.edges
                .iter()
                .filter(|((_, to), _)| *to == n)
                .map(|((from, _), l)| (*from, l.clone()))
                .collect();
        for (p, links) in preds {
            for l in links {
                b.edge(p, d, l);
            }
        }
        b.edge(d, n, Link::Decision);
    }
    b.c
}
