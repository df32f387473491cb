//! Planning: from one intent to ordered, typed steps (DESIGN §4).
//!
//! The stages, each in its own module: [`select`] chooses skills
//! ([`relevance`] scores them over each skill's [`profile`], its text
//! analysed once; [`selector`] asks an outside program instead),
//! [`closure`] adds what they need, cycles reject the plan, [`order`] sorts
//! it, `steps` makes each node a step that [`typing`] types, and
//! [`render`] shows the plan.

pub mod asks;
mod brands;
pub mod clauses;
pub mod closure;
mod compounds;
pub mod declines;
pub mod derive;
pub mod description;
mod explain;
pub mod fields;
mod fit;
mod head;
pub mod idioms;
pub mod infer;
mod lexicon;
mod links;
pub mod material;
mod memo;
pub mod model;
mod named;
pub mod order;
pub mod order_words;
mod pairs;
pub mod profile;
mod query;
mod ranking;
pub mod relevance;
pub mod render;
pub mod select;
pub mod selector;
pub mod sentences;
pub mod spelling;
mod spoken;
mod stated_order;
mod steps;
pub mod synonyms;
mod task_words;
pub mod text;
mod topic;
pub mod typing;
pub mod words;

pub use model::{Plan, PlanResult, Step, StepKind, StepLink, StepType};

use crate::catalog::Catalog;
use crate::error::Result;
use crate::graph::PrereqGraph;
use closure::{Closure, Target};
use model::{CatalogInfo, Reject, RejectEdge};
use relevance::Query;
use std::collections::{BTreeMap, BTreeSet};
use text::Analyzer;

/// What a plan depends on beyond the catalog and the intent.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Capabilities the session holds.
    pub grants: BTreeSet<String>,
    /// `--selector CMD`.
    pub selector: Option<String>,
    /// `--explain`: keep every candidate in the plan.
    pub explain: bool,
    /// The roots, as shown in the plan's `catalog` field.
    pub roots: Vec<String>,
}

/// The skills selection chooses for `intent` (before prerequisite closure),
/// with members of a chosen frozen pipeline left to the pipeline.
pub fn selected(catalog: &Catalog, intent: &str) -> Vec<usize> {
    let sel = select::select(catalog, intent, false);
    let chosen: Vec<usize> = sel.chosen.iter().map(|(i, _)| *i).collect();
    without_pipeline_members(catalog, &chosen).0
}

/// Drops chosen skills that a chosen pipeline runs; returns the rest and
/// notes saying so.
fn without_pipeline_members(catalog: &Catalog, chosen: &[usize]) -> (Vec<usize>, Vec<String>) {
    let mut notes = Vec::new();
    let mut keep = Vec::new();
    for &i in chosen {
        let inside = chosen.iter().find(|&&p| {
            p != i
                && catalog.skills[p]
                    .contract
                    .pipeline()
                    .iter()
                    .any(|m| catalog.index_of(m) == Some(i))
        });
        match inside {
            Some(&p) => notes.push(format!(
                "{} runs inside the frozen pipeline {}; it is not planned on its own",
                catalog.skills[i].key(),
                catalog.skills[p].key()
            )),
            None => keep.push(i),
        }
    }
    (keep, notes)
}

/// Plans `intent` over `catalog`.
pub fn plan(catalog: &Catalog, intent: &str, opts: &Options) -> Result<Plan> {
    let analyzer = Analyzer::default();
    let query = Query::new(intent, &analyzer);
    let mut notes = unknown_names(catalog, intent);
    let selection = select::select(catalog, intent, opts.explain);
    let chosen = choose(catalog, intent, opts, &selection, &mut notes)?;
    let chosen_ids: Vec<usize> = chosen.iter().map(|(i, _)| *i).collect();
    let (kept, member_notes) = without_pipeline_members(catalog, &chosen_ids);
    notes.extend(member_notes);
    let chosen: Vec<(usize, String)> = chosen
        .into_iter()
        .filter(|(i, _)| kept.contains(i))
        .collect();
    let scores = |s: usize| selection.score_of(s);
    let closure = closure::build(catalog, &query, &analyzer, &chosen, &scores);

    let mut plan = Plan {
        schema: model::SCHEMA.to_string(),
        intent: intent.to_string(),
        result: PlanResult::Plan,
        reject: None,
        steps: Vec::new(),
        stop_condition: None,
        notes: Vec::new(),
        catalog: CatalogInfo {
            skills: catalog.active_count(),
            roots: opts.roots.clone(),
        },
        explain: opts.explain.then(|| selection.candidates.clone()),
    };
    let names: Vec<String> = closure
        .nodes
        .iter()
        .map(|n| node_name(catalog, &n.target))
        .collect();

    // Cycles first: a cyclic plan is rejected whole, with no partial order.
    if let Some(reject) = find_cycle(&closure, &names) {
        plan.result = PlanResult::Reject;
        plan.notes.push(format!(
            "rejected: the steps for this intent depend on each other in a cycle ({}); cut one of its edges",
            reject.text
        ));
        plan.reject = Some(reject);
        return Ok(plan);
    }
    if closure.nodes.is_empty() {
        plan.result = PlanResult::ZeroSteps;
        plan.notes.extend(zero_steps_notes(&selection));
        plan.notes.extend(notes);
        return Ok(plan);
    }
    let relevance: Vec<f64> = closure.nodes.iter().map(|n| n.relevance).collect();
    let links = links::order_links(
        catalog,
        &closure,
        &selection,
        opts.selector.is_some(),
        &chosen_ids,
        &names,
        &mut notes,
    );
    let order = order::topological(&relevance, &names, &links).expect("cycles were rejected above");
    let ordered = steps::Ordered {
        catalog,
        closure: &closure,
        names: &names,
        links: &links,
        order: &order,
        grants: &opts.grants,
        intent,
    };
    steps::build(&ordered, &mut plan);
    notes.extend(closure.notes.iter().cloned());
    notes.extend(shadow_notes(catalog, &closure));
    plan.notes.extend(notes);
    Ok(plan)
}

/// A note for each `/name` in the intent that names no installed skill.
fn unknown_names(catalog: &Catalog, intent: &str) -> Vec<String> {
    intent
        .split_whitespace()
        .filter(|w| w.starts_with('/') && w.len() > 1)
        .map(|w| w.trim_end_matches(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_')))
        .filter(|name| catalog.index_of(name).is_none())
        .map(|name| {
            format!("'{name}' names no installed skill; `re0 list` shows what is installed")
        })
        .collect()
}

/// The skills to plan, each with why: the outside selector's choice when
/// one is set (its warnings, and with `--explain` where it differs from
/// re0's own, go to `notes`), else re0's own selection.
fn choose(
    catalog: &Catalog,
    intent: &str,
    opts: &Options,
    selection: &select::Selection,
    notes: &mut Vec<String>,
) -> Result<Vec<(usize, String)>> {
    let Some(cmd) = &opts.selector else {
        return Ok(selection
            .chosen
            .iter()
            .map(|(i, c)| (*i, c.describe()))
            .collect());
    };
    let (names, warnings) = selector::run(cmd, catalog, intent)?;
    for w in &warnings {
        eprintln!("re0: warning: {w}");
    }
    notes.extend(warnings);
    if opts.explain {
        notes.extend(selector_differences(catalog, selection, &names));
    }
    Ok(names
        .into_iter()
        .map(|i| (i, "chosen by the selector".to_string()))
        .collect())
}

/// Why a plan has no steps, and the closest candidates.
fn zero_steps_notes(selection: &select::Selection) -> Vec<String> {
    let mut out = vec!["zero steps: no installed skill fits this intent".to_string()];
    let near: Vec<String> = selection
        .candidates
        .iter()
        .take(3)
        .map(|c| format!("{} (score {:.2})", c.skill, c.score))
        .collect();
    if !near.is_empty() {
        out.push(format!(
            "closest, not selected: {}; name a skill (/name) to plan it anyway",
            near.join(", ")
        ));
    }
    out
}

/// Where the outside selector's choice differs from re0's own (`--explain`).
fn selector_differences(
    catalog: &Catalog,
    own: &select::Selection,
    outside: &[usize],
) -> Vec<String> {
    let mine: Vec<usize> = own.chosen.iter().map(|(i, _)| *i).collect();
    let names = |v: Vec<usize>| -> String {
        v.into_iter()
            .map(|i| catalog.skills[i].key())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let only_outside: Vec<usize> = outside
        .iter()
        .copied()
        .filter(|i| !mine.contains(i))
        .collect();
    let only_mine: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|i| !outside.contains(i))
        .collect();
    let mut out = Vec::new();
    if only_outside.is_empty() && only_mine.is_empty() {
        out.push("the selector chose what re0 would have chosen".to_string());
    }
    if !only_outside.is_empty() {
        out.push(format!(
            "the selector chose {}, which re0 would not have",
            names(only_outside)
        ));
    }
    if !only_mine.is_empty() {
        out.push(format!(
            "re0 would also have chosen {}, which the selector did not",
            names(only_mine)
        ));
    }
    out
}

fn node_name(catalog: &Catalog, t: &Target) -> String {
    match t {
        Target::Skill(s) => catalog.skills[*s].key(),
        Target::Missing(m) => m.clone(),
        Target::Decision { question, .. } => question.clone(),
    }
}

fn shadow_notes(catalog: &Catalog, c: &Closure) -> Vec<String> {
    let mut out = Vec::new();
    // The skills each winner hides, gathered in one pass of the catalog.
    let mut hidden: BTreeMap<usize, Vec<&crate::catalog::Skill>> = BTreeMap::new();
    for x in &catalog.skills {
        if let Some(w) = x.shadowed_by {
            hidden.entry(w).or_default().push(x);
        }
    }
    for n in &c.nodes {
        let Target::Skill(s) = n.target else { continue };
        for loser in hidden.get(&s).into_iter().flatten() {
            out.push(format!(
                "{} at {} shadows another at {}",
                catalog.skills[s].key(),
                catalog.skills[s].file.display(),
                loser.file.display()
            ));
        }
    }
    out
}

/// The first cycle among the plan's nodes, as a reject.
fn find_cycle(c: &Closure, names: &[String]) -> Option<Reject> {
    let mut g = PrereqGraph::default();
    for (i, name) in names.iter().enumerate() {
        g.graph.add_node(i);
        g.names.insert(i, name.clone());
    }
    for ((from, to), links) in &c.edges {
        for l in links {
            g.add(*from, *to, l.clone());
        }
    }
    let cycle = g.cycles().into_iter().next()?;
    Some(Reject {
        reason: "cycle".to_string(),
        text: cycle.text(),
        edges: cycle
            .edges
            .iter()
            .map(|e| RejectEdge {
                from: e.from.clone(),
                to: e.to.clone(),
                via: e.via.clone(),
            })
            .collect(),
        cycle: cycle.members,
    })
}
