//! Planning: from one intent to ordered, typed steps (DESIGN §4).

pub mod relevance;
pub mod select;
pub mod text;

use crate::catalog::Catalog;

/// The skills selection chooses for `intent` (before prerequisite closure),
/// with members of a chosen frozen pipeline left to the pipeline.
pub fn selected(catalog: &Catalog, intent: &str) -> Vec<usize> {
    let sel = select::select(catalog, intent);
    let chosen: Vec<usize> = sel.chosen.iter().map(|(i, _)| *i).collect();
    let members: Vec<usize> = chosen
        .iter()
        .flat_map(|&i| catalog.skills[i].contract.pipeline().to_vec())
        .filter_map(|m| catalog.index_of(&m))
        .collect();
    chosen
        .into_iter()
        .filter(|i| !members.contains(i))
        .collect()
}
