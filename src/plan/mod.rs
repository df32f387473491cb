//! Planning: from one intent to ordered, typed steps (DESIGN §4).
//!
//! The stages, each in its own module: [`select`] chooses skills
//! ([`relevance`] scores them over each skill's [`profile`], its text
//! analysed once; [`selector`] asks an outside program instead),
//! [`closure`] adds what they need, cycles reject the plan, [`order`] sorts
//! it, [`typing`] types each step, and [`render`] shows it.

pub mod clauses;
pub mod closure;
pub mod derive;
pub mod description;
pub mod fields;
mod fit;
pub mod infer;
mod lexicon;
mod links;
pub mod material;
mod memo;
pub mod model;
mod named;
pub mod order;
mod pairs;
pub mod profile;
mod ranking;
pub mod relevance;
pub mod render;
pub mod select;
pub mod selector;
pub mod synonyms;
mod task_words;
pub mod text;
pub mod typing;
pub mod words;

pub use model::{Plan, PlanResult, Step, StepKind, StepLink, StepType};

use crate::catalog::Catalog;
use crate::error::Result;
use crate::graph::{Link, PrereqGraph};
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
    let mut notes = Vec::new();
    for word in intent
        .split_whitespace()
        .filter(|w| w.starts_with('/') && w.len() > 1)
    {
        let name = word.trim_end_matches(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'));
        if catalog.index_of(name).is_none() {
            notes.push(format!(
                "'{name}' names no installed skill; `re0 list` shows what is installed"
            ));
        }
    }
    let selection = select::select(catalog, intent, opts.explain);
    let chosen: Vec<(usize, String)> = match &opts.selector {
        Some(cmd) => {
            let (names, warnings) = selector::run(cmd, catalog, intent)?;
            for w in &warnings {
                eprintln!("re0: warning: {w}");
            }
            notes.extend(warnings);
            if opts.explain {
                notes.extend(selector_differences(catalog, &selection, &names));
            }
            names
                .into_iter()
                .map(|i| (i, "chosen by the selector".to_string()))
                .collect()
        }
        None => selection
            .chosen
            .iter()
            .map(|(i, c)| (*i, c.describe()))
            .collect(),
    };
    let ids: Vec<usize> = chosen.iter().map(|(i, _)| *i).collect();
    let chosen_ids = ids.clone();
    let (kept, member_notes) = without_pipeline_members(catalog, &ids);
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
        plan.notes
            .push("zero steps: no installed skill fits this intent".to_string());
        let near: Vec<String> = selection
            .candidates
            .iter()
            .take(3)
            .map(|c| format!("{} (score {:.2})", c.skill, c.score))
            .collect();
        if !near.is_empty() {
            plan.notes.push(format!(
                "closest, not selected: {}; name a skill (/name) to plan it anyway",
                near.join(", ")
            ));
        }
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
    let id_of: BTreeMap<usize, String> = order
        .iter()
        .enumerate()
        .map(|(k, &n)| (n, format!("s{}", k + 1)))
        .collect();

    let session = typing::Session {
        catalog,
        grants: &opts.grants,
        known: known_values(catalog, &closure, intent, &opts.grants),
    };
    // Each node's incoming links, grouped once: filtering every link for
    // every step was quadratic in the plan's size.
    let mut links_into: Vec<Vec<(usize, &links::Sources)>> = vec![Vec::new(); closure.nodes.len()];
    for ((from, to), ls) in &links {
        links_into[*to].push((*from, ls));
    }
    // The reason skipping began with, for each skipped node.
    let mut skip_root: BTreeMap<usize, String> = BTreeMap::new();
    for &n in &order {
        let node = &closure.nodes[n];
        let preds = predecessors(&closure, n);
        let skipped = preds
            .iter()
            .filter_map(|p| skip_root.get(p).map(|why| (*p, why)))
            .min_by_key(|(p, _)| id_num(&id_of[p]));
        let typed = typing::type_node(
            &session,
            node,
            skipped.map(|(p, why)| (id_of[&p].as_str(), names[p].as_str(), why.as_str())),
        );
        if typed.ty == StepType::Skip {
            let root = match skipped {
                Some((_, why)) => why.clone(),
                None => typed.reason.clone(),
            };
            skip_root.insert(n, root);
        }
        let mut step_links: Vec<StepLink> = links_into[n]
            .iter()
            .flat_map(|&(from, ls)| {
                let id = &id_of[&from];
                ls.iter().map(move |(source, detail)| StepLink {
                    from: id.clone(),
                    source: *source,
                    detail: detail.clone(),
                })
            })
            .collect();
        step_links.sort_by_key(|l| (id_num(&l.from), l.source));
        let mut pred_ids: Vec<&String> = step_links.iter().map(|l| &l.from).collect();
        pred_ids.sort_by_key(|id| id_num(id));
        pred_ids.dedup();
        let cost_owner = match typed.ty {
            StepType::Conditional => typed
                .may_become
                .last()
                .copied()
                .unwrap_or(StepType::Skip)
                .cost_owner(),
            t => t.cost_owner(),
        };
        plan.steps.push(Step {
            id: id_of[&n].clone(),
            target: names[n].clone(),
            kind: kind_of(catalog, &node.target),
            predecessors: pred_ids.into_iter().cloned().collect(),
            links: step_links,
            step_type: typed.ty,
            may_become: typed.may_become,
            reason: typed.reason,
            fires_when: fires_when(&closure, n, &id_of),
            expected_output: match &node.target {
                Target::Skill(s) => closure::produces_of(catalog, &catalog.skills[*s]),
                _ => Vec::new(),
            },
            skippable_when: match &node.target {
                Target::Skill(s) => catalog.skills[*s].contract.skip_when().map(str::to_string),
                _ => None,
            },
            cost_owner,
            invocation: typed.invocation,
            selected_because: node.because.clone(),
        });
    }
    plan.stop_condition = Some(stop_condition(catalog, &closure, &plan, &id_of));
    if plan.steps.len() == 1 {
        plan.notes.push("one step: ordering is trivial".to_string());
    }
    for step in plan.steps.iter().filter(|s| s.step_type == StepType::Skip) {
        let needed = plan
            .steps
            .iter()
            .any(|o| o.predecessors.contains(&step.id) && o.step_type != StepType::Skip)
            || !plan.steps.iter().any(|o| o.predecessors.contains(&step.id));
        if needed {
            plan.notes.push(format!(
                "{} ({}) is skipped: a run of this plan ends incomplete, never completed",
                step.id, step.target
            ));
        }
    }
    notes.extend(closure.notes.iter().cloned());
    notes.extend(shadow_notes(catalog, &closure));
    plan.notes.extend(notes);
    Ok(plan)
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

fn id_num(id: &str) -> usize {
    id.trim_start_matches('s').parse().unwrap_or(usize::MAX)
}

fn node_name(catalog: &Catalog, t: &Target) -> String {
    match t {
        Target::Skill(s) => catalog.skills[*s].key(),
        Target::Missing(m) => m.clone(),
        Target::Decision { question, .. } => question.clone(),
    }
}

fn kind_of(catalog: &Catalog, t: &Target) -> StepKind {
    match t {
        Target::Skill(s) if catalog.skills[*s].contract.is_pipeline() => StepKind::Pipeline,
        Target::Decision { .. } => StepKind::Decision,
        _ => StepKind::Skill,
    }
}

fn predecessors(c: &Closure, n: usize) -> Vec<usize> {
    c.incoming(n).to_vec()
}

/// The values a `skip-when` can read at plan time: the intent, the
/// session's grants, and the artifacts people bring (declared inputs and
/// those the intent supplies).
fn known_values(
    catalog: &Catalog,
    c: &Closure,
    intent: &str,
    grants: &BTreeSet<String>,
) -> BTreeMap<String, serde_json::Value> {
    let mut inputs: BTreeSet<String> = catalog.inputs.clone();
    for n in &c.nodes {
        inputs.extend(n.supplied.iter().map(|(a, _)| a.clone()));
    }
    BTreeMap::from([
        ("intent".to_string(), serde_json::json!(intent)),
        ("grants".to_string(), serde_json::json!(grants)),
        ("inputs".to_string(), serde_json::json!(inputs)),
    ])
}

/// What must hold before node `n` fires.
fn fires_when(c: &Closure, n: usize, ids: &BTreeMap<usize, String>) -> String {
    let node = &c.nodes[n];
    if matches!(node.target, Target::Missing(_)) {
        return "never: not installed".to_string();
    }
    let mut parts: Vec<String> = Vec::new();
    for from in c.incoming(n) {
        for l in &c.edges[&(*from, n)] {
            parts.push(match l {
                Link::Artifact(a) => format!("{a} accepted from {}", ids[from]),
                Link::Calls => format!("{} has run (it calls this step)", ids[from]),
                Link::Decision => format!("decision {} answered", ids[from]),
                Link::Member => format!("member {} installed", ids[from]),
            });
        }
    }
    for (a, how) in &node.supplied {
        parts.push(format!("{a} {how}"));
    }
    for a in &node.unmet {
        parts.push(format!(
            "{a} exists (no installed skill produces it: unmet)"
        ));
    }
    if parts.is_empty() {
        "intent accepted".to_string()
    } else {
        parts.join("; ")
    }
}

/// The observable condition that ends the plan (DESIGN §4.5): what the
/// final steps (those no other unskipped step follows) leave behind.
fn stop_condition(
    catalog: &Catalog,
    c: &Closure,
    plan: &Plan,
    ids: &BTreeMap<usize, String>,
) -> String {
    let skipped: BTreeSet<&str> = plan
        .steps
        .iter()
        .filter(|s| s.step_type == StepType::Skip)
        .map(|s| s.id.as_str())
        .collect();
    let is_skipped = |n: &usize| skipped.contains(ids[n].as_str());
    let mut finals: Vec<usize> = (0..c.nodes.len())
        .filter(|n| !is_skipped(n))
        .filter(|n| !c.outgoing(*n).iter().any(|to| !is_skipped(to)))
        .collect();
    finals.sort_by_key(|n| id_num(&ids[n]));
    let mut done = Vec::new();
    let mut artifacts: Vec<String> = Vec::new();
    for n in &finals {
        match &c.nodes[*n].target {
            Target::Skill(s) => {
                let skill = &catalog.skills[*s];
                if let Some(d) = skill.contract.done_when() {
                    done.push(d.to_string());
                } else {
                    let outs = closure::produces_of(catalog, skill);
                    if outs.is_empty() {
                        done.push(format!(
                            "{} ({}) handed off as complete",
                            ids[n],
                            skill.key()
                        ));
                    }
                    artifacts.extend(outs);
                }
            }
            Target::Decision { question, .. } => {
                done.push(format!("decision answered: {question}"))
            }
            Target::Missing(_) => {}
        }
    }
    artifacts.dedup();
    if !artifacts.is_empty() {
        done.push(format!(
            "artifacts {} accepted with fresh evidence",
            artifacts.join(", ")
        ));
    }
    let mut text = if done.is_empty() {
        "nothing: every step is skipped".to_string()
    } else {
        done.join("; and ")
    };
    let unmet: Vec<String> = c
        .nodes
        .iter()
        .flat_map(|n| n.unmet.iter().cloned())
        .collect();
    if !unmet.is_empty() {
        text.push_str(&format!(
            " (cannot be reached: nothing installed produces {})",
            unmet.join(", ")
        ));
    } else if !skipped.is_empty() {
        let mut s: Vec<&str> = skipped.into_iter().collect();
        s.sort_by_key(|id| id_num(id));
        text.push_str(&format!(" (cannot be reached: {} skipped)", s.join(", ")));
    }
    text
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
