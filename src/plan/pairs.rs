//! Links between pairs of plan nodes that their text states: a skill's
//! body naming another, an activity it comes before or after, an artifact
//! one makes and another needs (see [`super::infer`]).

use super::infer::{link, Inferred, NodeTerms, Prose, Source};
use crate::catalog::Catalog;
use std::collections::{BTreeMap, BTreeSet};

/// The plan nodes and what each one's text says, for looking at pairs.
pub struct Pairs<'a> {
    pub catalog: &'a Catalog,
    pub nodes: &'a [(usize, usize, Option<usize>)],
    pub prose: &'a [Prose],
    pub terms: &'a [NodeTerms],
    pub then: Vec<Vec<(Option<usize>, String)>>,
    pub first: Vec<Vec<(Option<usize>, String)>>,
    /// The nodes whose name has each specific term, in node order
    /// ([`name_index`]).
    pub by_name: BTreeMap<&'a str, Vec<usize>>,
}

/// For each specific name term of `terms`, the nodes whose name has it.
pub fn name_index(terms: &[NodeTerms]) -> BTreeMap<&str, Vec<usize>> {
    let mut out: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (y, t) in terms.iter().enumerate() {
        for w in &t.name {
            out.entry(w.as_str()).or_default().push(y);
        }
    }
    out
}

impl Pairs<'_> {
    /// Links node `x`'s text states with each other node: the skills its
    /// body names, and the activities it comes before or after.
    pub fn said(&self, x: usize) -> Vec<Inferred> {
        let mut out = Vec::new();
        let (nx, sx, _) = self.nodes[x];
        let px = &self.prose[x];
        let says_nothing = self.then[x].is_empty()
            && self.first[x].is_empty()
            && px.before.is_empty()
            && px.after.is_empty();
        if says_nothing {
            return out;
        }
        let me = || self.catalog.skills[sx].key();
        let tx = &self.terms[x];
        let before = first_naming(&self.by_name, &px.before, &tx.before);
        let after = first_naming(&self.by_name, &px.after, &tx.after);
        for (y, &(ny, sy, _)) in self.nodes.iter().enumerate() {
            if sx == sy {
                continue;
            }
            let hit = |list: &[(Option<usize>, String)]| {
                list.iter()
                    .find(|(n, _)| *n == Some(sy))
                    .map(|(_, q)| q.clone())
            };
            let them = || self.catalog.skills[sy].key();
            if let Some(q) = hit(&self.then[x]) {
                let d = format!("{} says: \"{q}\"", me());
                out.push(link(nx, ny, Source::SkillText, d));
            }
            if let Some(q) = hit(&self.first[x]) {
                let d = format!("{} says: \"{q}\"", me());
                out.push(link(ny, nx, Source::SkillText, d));
            }
            if let Some(act) = before.get(&y) {
                let d = format!("{} is for before {act} ({})", me(), them());
                out.push(link(nx, ny, Source::SkillText, d));
            }
            if let Some(act) = after.get(&y) {
                let d = format!("{} is for after {act} ({})", me(), them());
                out.push(link(ny, nx, Source::SkillText, d));
            }
        }
        out
    }

    /// Links from node `x` to each node that needs an artifact it makes.
    pub fn made(&self, x: usize) -> Vec<Inferred> {
        let mut out = Vec::new();
        let (nx, sx, _) = self.nodes[x];
        if self.terms[x].makes.iter().all(Option::is_none) {
            return out;
        }
        for (y, &(ny, sy, _)) in self.nodes.iter().enumerate() {
            if sx == sy {
                continue;
            }
            let (px, py) = (&self.prose[x], &self.prose[y]);
            if let Some((m, need)) = made_for(px, &self.terms[x], py, &self.terms[y]) {
                out.push(link(
                    nx,
                    ny,
                    Source::ArtifactName,
                    format!(
                        "{} makes '{m}'; {} needs '{need}'",
                        self.catalog.skills[sx].key(),
                        self.catalog.skills[sy].key()
                    ),
                ));
            }
        }
        out
    }
}

/// For each node an activity of `acts` (with its terms `terms`) names,
/// the first such activity: they share a specific word. Found through the
/// name index `by_name` ([`name_index`]), not by comparing every activity
/// with every node's name (a plan of hundreds of nodes made that most of
/// a warm plan).
fn first_naming<'x>(
    by_name: &BTreeMap<&str, Vec<usize>>,
    acts: &'x [String],
    terms: &[BTreeSet<String>],
) -> BTreeMap<usize, &'x String> {
    let mut out = BTreeMap::new();
    for (act, t) in acts.iter().zip(terms) {
        for w in t {
            for &y in by_name.get(w.as_str()).into_iter().flatten() {
                out.entry(y).or_insert(act);
            }
        }
    }
    out
}

/// The first artifact `x` makes that `y` needs (same last term, not a
/// common word), as (made, needed).
pub fn made_for<'a>(
    px: &'a Prose,
    tx: &NodeTerms,
    py: &'a Prose,
    ty: &NodeTerms,
) -> Option<(&'a String, &'a String)> {
    px.makes.iter().zip(&tx.makes).find_map(|(m, mt)| {
        let mt = mt.as_ref()?;
        py.needs
            .iter()
            .zip(&ty.needs)
            .find(|(_, nt)| nt.as_ref() == Some(mt))
            .map(|(n, _)| (m, n))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(ws: &[u8]) -> BTreeSet<String> {
        ws.iter().map(|w| format!("w{w}")).collect()
    }

    proptest::proptest! {
        /// Through the index, each node gets the first activity whose
        /// terms meet its name's, as comparing them pair by pair gives.
        #[test]
        fn the_index_finds_the_first_activity_naming_each_node(
            names in proptest::collection::vec(proptest::collection::vec(0u8..8, 0..3), 0..6),
            acts in proptest::collection::vec(proptest::collection::vec(0u8..8, 0..3), 0..5),
        ) {
            let names: Vec<NodeTerms> = names
                .iter()
                .map(|n| NodeTerms { name: set(n), ..NodeTerms::default() })
                .collect();
            let labels: Vec<String> = (0..acts.len()).map(|k| format!("act{k}")).collect();
            let terms: Vec<BTreeSet<String>> = acts.iter().map(|a| set(a)).collect();
            let got = first_naming(&name_index(&names), &labels, &terms);
            for (y, n) in names.iter().enumerate() {
                let want = labels
                    .iter()
                    .zip(&terms)
                    .find(|(_, t)| !t.is_disjoint(&n.name))
                    .map(|(l, _)| l);
                proptest::prop_assert_eq!(got.get(&y).copied(), want, "node {}", y);
            }
        }
    }
}
