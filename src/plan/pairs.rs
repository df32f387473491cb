//! Links between pairs of plan nodes that their text states: a skill's
//! body naming another, an activity it comes before or after, an artifact
//! one makes and another needs (see [`super::infer`]).

use super::infer::{link, Inferred, NodeTerms, Prose, Source};
use crate::catalog::Catalog;
use std::collections::BTreeSet;

/// The plan nodes and what each one's text says, for looking at pairs.
pub struct Pairs<'a> {
    pub catalog: &'a Catalog,
    pub nodes: &'a [(usize, usize, Option<usize>)],
    pub prose: &'a [Prose],
    pub terms: &'a [NodeTerms],
    pub then: Vec<Vec<(Option<usize>, String)>>,
    pub first: Vec<Vec<(Option<usize>, String)>>,
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
            let (tx, ty) = (&self.terms[x], &self.terms[y]);
            if let Some(act) = named(&px.before, &tx.before, &ty.name) {
                let d = format!("{} is for before {act} ({})", me(), them());
                out.push(link(nx, ny, Source::SkillText, d));
            }
            if let Some(act) = named(&px.after, &tx.after, &ty.name) {
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

/// The first activity of `acts` (with its terms `terms`) that names the
/// skill whose name has `name` terms: they share a specific word.
fn named<'a>(
    acts: &'a [String],
    terms: &[BTreeSet<String>],
    name: &BTreeSet<String>,
) -> Option<&'a String> {
    acts.iter()
        .zip(terms)
        .find(|(_, t)| !t.is_disjoint(name))
        .map(|(x, _)| x)
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
