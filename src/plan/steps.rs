//! From an ordered closure to the plan's steps: each node typed
//! ([`super::typing`]), with its links, what must hold before it fires,
//! what it leaves behind, and the condition that ends the plan.

use super::closure::{self, Closure, Target};
use super::links::Sources;
use super::model::{Plan, Step, StepKind, StepLink, StepType};
use super::typing;
use crate::catalog::Catalog;
use crate::graph::Link;
use std::collections::{BTreeMap, BTreeSet};

/// What typing every step needs.
pub(super) struct Ordered<'a> {
    pub catalog: &'a Catalog,
    pub closure: &'a Closure,
    pub names: &'a [String],
    pub links: &'a BTreeMap<(usize, usize), Sources>,
    /// The closure's nodes in plan order.
    pub order: &'a [usize],
    pub grants: &'a BTreeSet<String>,
    pub intent: &'a str,
}

/// Types every node in order into `plan`'s steps, then sets its stop
/// condition and the notes that steps and skips call for.
pub(super) fn build(o: &Ordered, plan: &mut Plan) {
    let id_of: BTreeMap<usize, String> = o
        .order
        .iter()
        .enumerate()
        .map(|(k, &n)| (n, format!("s{}", k + 1)))
        .collect();
    let session = typing::Session {
        catalog: o.catalog,
        grants: o.grants,
        known: known_values(o.catalog, o.closure, o.intent, o.grants),
    };
    // Each node's incoming links, grouped once: filtering every link for
    // every step was quadratic in the plan's size.
    let mut links_into: Vec<Vec<(usize, &Sources)>> = vec![Vec::new(); o.closure.nodes.len()];
    for ((from, to), ls) in o.links {
        links_into[*to].push((*from, ls));
    }
    // The reason skipping began with, for each skipped node.
    let mut skip_root: BTreeMap<usize, String> = BTreeMap::new();
    for &n in o.order {
        let skipped = o
            .closure
            .incoming(n)
            .iter()
            .filter_map(|p| skip_root.get(p).map(|why| (*p, why)))
            .min_by_key(|(p, _)| id_num(&id_of[p]));
        let typed = typing::type_node(
            &session,
            &o.closure.nodes[n],
            skipped.map(|(p, why)| (id_of[&p].as_str(), o.names[p].as_str(), why.as_str())),
        );
        if typed.ty == StepType::Skip {
            let root = match skipped {
                Some((_, why)) => why.clone(),
                None => typed.reason.clone(),
            };
            skip_root.insert(n, root);
        }
        plan.steps
            .push(step_of(o, n, typed, &links_into[n], &id_of));
    }
    plan.stop_condition = Some(stop_condition(o.catalog, o.closure, plan, &id_of));
    if plan.steps.len() == 1 {
        plan.notes.push("one step: ordering is trivial".to_string());
    }
    plan.notes.extend(skip_notes(plan));
}

/// Node `n` as a step, typed, with the links into it.
fn step_of(
    o: &Ordered,
    n: usize,
    typed: typing::Typed,
    links_into: &[(usize, &Sources)],
    id_of: &BTreeMap<usize, String>,
) -> Step {
    let node = &o.closure.nodes[n];
    let mut step_links: Vec<StepLink> = links_into
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
    let skill = match &node.target {
        Target::Skill(s) => Some(&o.catalog.skills[*s]),
        _ => None,
    };
    Step {
        id: id_of[&n].clone(),
        target: o.names[n].clone(),
        kind: kind_of(o.catalog, &node.target),
        predecessors: pred_ids.into_iter().cloned().collect(),
        links: step_links,
        step_type: typed.ty,
        may_become: typed.may_become,
        reason: typed.reason,
        fires_when: fires_when(o.closure, n, id_of),
        expected_output: skill.map_or_else(Vec::new, |s| closure::produces_of(o.catalog, s)),
        skippable_when: skill.and_then(|s| s.contract.skip_when().map(str::to_string)),
        cost_owner,
        invocation: typed.invocation,
        selected_because: node.because.clone(),
    }
}

/// A note for each skipped step that leaves the run incomplete: one an
/// unskipped step needs, or one nothing follows.
fn skip_notes(plan: &Plan) -> Vec<String> {
    let mut out = Vec::new();
    for step in plan.steps.iter().filter(|s| s.step_type == StepType::Skip) {
        let needed = plan
            .steps
            .iter()
            .any(|o| o.predecessors.contains(&step.id) && o.step_type != StepType::Skip)
            || !plan.steps.iter().any(|o| o.predecessors.contains(&step.id));
        if needed {
            out.push(format!(
                "{} ({}) is skipped: a run of this plan ends incomplete, never completed",
                step.id, step.target
            ));
        }
    }
    out
}

fn id_num(id: &str) -> usize {
    id.trim_start_matches('s').parse().unwrap_or(usize::MAX)
}

fn kind_of(catalog: &Catalog, t: &Target) -> StepKind {
    match t {
        Target::Skill(s) if catalog.skills[*s].contract.is_pipeline() => StepKind::Pipeline,
        Target::Decision { .. } => StepKind::Decision,
        _ => StepKind::Skill,
    }
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
