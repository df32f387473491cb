//! A clause taken from a skill bound to a product the request never names
//! (see [`crate::plan::brands`]).

use super::{name_commands, pick, BRAND_SHARE};
use crate::catalog::Catalog;
use crate::plan::fit::Fit;
use crate::plan::relevance::{Query, Relevance};
use crate::plan::text::Analyzer;

/// `first`, or a general skill with [`BRAND_SHARE`] of its evidence when
/// `first` is bound to a product the request never names (see
/// [`crate::plan::brands`]): "write the implementation plan from the auth
/// spec" is the plan writer's work, not the Notion skill's.
pub(super) fn unbound(
    catalog: &Catalog,
    (query, analyzer): (&Query, &Analyzer),
    ranked: &[Relevance],
    fits: &[Fit],
    (k, first): (usize, usize),
    why: &mut [Option<String>],
) -> usize {
    let foreign = |i: usize| {
        let s = &catalog.skills[ranked[i].skill];
        let d = s.description.as_deref().unwrap_or("");
        crate::plan::brands::foreign(&crate::plan::brands::of(&s.name, d, analyzer), &query.terms)
    };
    let clause = &query.clauses[k];
    // Only a name that holds the clause's words claims the work for the
    // product ("Notion spec to implementation"); a name that holds the
    // command is the work asked for, whatever the product ("deploy the
    // app", `deploy-to-vercel`).
    if fits[first].in_name == 0 || name_commands(&ranked[first], clause) || !foreign(first) {
        return first;
    }
    let bar = BRAND_SHARE * fits[first].total;
    // The general skill holds every uncommon word the bound one holds
    // above its body (its body's words are details, and "turn … into"
    // sets nothing apart): the product is all that set them apart.
    let holds_all = |i: usize| {
        ranked[first]
            .held_in(clause)
            .filter(|b| b.fields.in_headline() && !query.weak[b.term])
            .all(|b| ranked[i].held_in(clause).any(|m| m.term == b.term))
    };
    let general = pick(fits, |i| {
        i != first && !fits[i].only_borrowed && fits[i].total >= bar && !foreign(i) && holds_all(i)
    });
    let Some(general) = general else {
        return first;
    };
    why[first].get_or_insert_with(|| {
        format!(
            "bound to a product the request never names; {} serves it about as well",
            catalog.skills[ranked[general].skill].key()
        )
    });
    general
}
