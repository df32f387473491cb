//! Order for catalogs that declare no contract: links inferred from what
//! real catalogs say (DESIGN §4.2).
//!
//! Three sources, strongest first:
//! - `intent-order`: the intent's own clause order. A skill chosen for a
//!   later clause comes after the skills of the clause just before it
//!   ("research the options, write a design doc, then review it"). A task
//!   only named after another, as one apart ("…and also …", "Separately,
//!   …"), is not asked in that order: that link comes last, after the two
//!   sources below, so what the skills say orders the two. Inside one
//!   clause, a "before" or "after" opening one skill's words orders it
//!   against another's ("run /pr-writer after /commit").
//! - `skill-text`: relations a skill's text states about another skill of
//!   the plan. In the body: "REQUIRED SUB-SKILL: Use x" and "invoke the x
//!   skill" (this skill, then x), "REQUIRED BACKGROUND: … x" (x first). In
//!   the description: "before `<activity>`" (this skill first) and "after
//!   `<activity>`" or "when `<activity>` is complete" (this skill after), where
//!   the activity names the other skill (a word of its name that is not a
//!   common one).
//! - `artifact-name`: an artifact one skill's name or description says it
//!   makes ("writing-plans", "create a plan") and another's says it needs
//!   ("use when you have a written implementation plan").
//!
//! Every link says where it came from. A declared contract always wins:
//! inferred links are added after the contract's edges, strongest source
//! first, and one that would close a cycle is dropped with a note, never a
//! reject.

use super::pairs::Pairs;
use super::text::{with_words, words, Analyzer};
use crate::catalog::{Catalog, Skill};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Where a link between two steps comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    Contract,
    IntentOrder,
    SkillText,
    ArtifactName,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Contract => "contract",
            Source::IntentOrder => "intent-order",
            Source::SkillText => "skill-text",
            Source::ArtifactName => "artifact-name",
        }
    }
}

/// A link between two plan nodes: `from` runs before `to`.
#[derive(Debug, Clone, PartialEq)]
pub struct Inferred {
    pub from: usize,
    pub to: usize,
    pub source: Source,
    pub detail: String,
}

/// What one skill's text says about others.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Prose {
    /// Skills its body says come after it (sub-skills it hands on to).
    pub then: Vec<(String, String)>,
    /// Skills its body says come before it (background it needs).
    pub first: Vec<(String, String)>,
    /// Activities its description says it comes before / after.
    pub before: Vec<String>,
    pub after: Vec<String>,
    /// Artifact nouns it says it makes and needs.
    pub makes: Vec<String>,
    pub needs: Vec<String>,
}

/// Reads what `skill`'s name, description and body say about order (the
/// body's relations were read with the skill, see [`body_links`]).
pub fn prose(skill: &Skill) -> Prose {
    let mut p = Prose::default();
    if let Some(d) = &skill.description {
        read_description(d, &mut p);
    }
    read_name(&skill.name, &mut p);
    for l in &skill.body_links {
        let entry = (l.skill.clone(), l.quote.clone());
        if l.first {
            p.first.push(entry);
        } else {
            p.then.push(entry);
        }
    }
    p
}

/// A relation a skill's body states to another skill.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct BodyLink {
    /// The other skill, as written (`ns:name` or `name`).
    pub skill: String,
    /// It comes first ("REQUIRED BACKGROUND"); otherwise it comes after.
    pub first: bool,
    /// The line that says so.
    pub quote: String,
}

/// The relations a body states: "REQUIRED SUB-SKILL: Use x", "invoke the
/// x skill" (x after), "REQUIRED BACKGROUND: … x" (x first).
pub fn body_links(body: &str) -> Vec<BodyLink> {
    let mut p = Prose::default();
    read_body(body, &mut p);
    let mut out: Vec<BodyLink> = Vec::new();
    for (first, list) in [(true, p.first), (false, p.then)] {
        for (skill, quote) in list {
            if !out.iter().any(|l| l.skill == skill) {
                out.push(BodyLink {
                    skill,
                    first,
                    quote,
                });
            }
        }
    }
    out
}

const MAKE_VERBS: &[&str] = &[
    "write",
    "writing",
    "create",
    "creating",
    "draft",
    "drafting",
    "make",
    "generate",
    "generating",
    "produce",
    "produces",
    "creates",
    "writes",
    "drafts",
    "generates",
];

/// `writing-plans`, `create-plan`, `draft-release-notes`: makes the rest.
fn read_name(name: &str, p: &mut Prose) {
    let w = words(name);
    if w.len() >= 2 && MAKE_VERBS.contains(&w[0].as_str()) {
        p.makes.push(w[1..].join(" "));
    }
    if w.len() >= 2 && matches!(w[w.len() - 1].as_str(), "writer" | "creator" | "generator") {
        p.makes.push(w[..w.len() - 1].join(" "));
    }
}

/// The noun phrase after a determiner: up to four words, ending before a
/// word that starts a new phrase.
fn noun_phrase(w: &[&str]) -> Option<String> {
    let stop = [
        "to", "for", "with", "and", "or", "in", "on", "that", "which", "before", "after", "from",
        "into", "of", "is", "are", "by",
    ];
    let mut i = 0;
    if w.first()
        .is_some_and(|x| matches!(*x, "a" | "an" | "the" | "your" | "their"))
    {
        i = 1;
    }
    let phrase: Vec<&str> = w[i..]
        .iter()
        .take_while(|x| !stop.contains(x))
        .take(4)
        .copied()
        .collect();
    (!phrase.is_empty()).then(|| phrase.join(" "))
}

fn read_description(d: &str, p: &mut Prose) {
    with_words(d, |w| read_description_words(w, p));
}

fn read_description_words(w: &[&str], p: &mut Prose) {
    for i in 0..w.len() {
        let rest = &w[i + 1..];
        match w[i] {
            "before" => p.before.extend(activity(rest)),
            "after" => p.after.extend(activity(rest)),
            "have" | "given" => {
                if let Some(np) = noun_phrase(rest) {
                    p.needs.push(np);
                }
            }
            v if MAKE_VERBS.contains(&v) && i > 0 => {
                if let Some(np) = noun_phrase(rest) {
                    p.makes.push(np);
                }
            }
            _ => {}
        }
        // "when implementation is complete"
        if w[i] == "when"
            && rest.len() >= 3
            && rest[1] == "is"
            && matches!(rest[2], "complete" | "done" | "finished")
        {
            p.after.push(rest[0].to_string());
        }
    }
}

/// The activity after "before"/"after": up to three words.
fn activity(rest: &[&str]) -> Option<String> {
    let a: Vec<&str> = rest
        .iter()
        .take_while(|x| !matches!(**x, "and" | "or" | "to" | "with" | "so"))
        .take(3)
        .copied()
        .collect();
    (!a.is_empty()).then(|| a.join(" "))
}

/// Words one of which a line that names a relation holds.
const MAY_RELATE: [&str; 6] = [
    "REQUIRED",
    "required",
    "nvok",
    "hen use",
    "and off to",
    "ransition to",
];

fn read_body(body: &str, p: &mut Prose) {
    // Most bodies name no relation: one search of the whole body for each
    // word spares looking at every line for each.
    static FINDERS: std::sync::LazyLock<Vec<memchr::memmem::Finder<'static>>> =
        std::sync::LazyLock::new(|| {
            MAY_RELATE
                .iter()
                .map(|m| memchr::memmem::Finder::new(m.as_bytes()))
                .collect()
        });
    let bytes = body.as_bytes();
    // Finders built once: building one per skill and word cost more than
    // most searches.
    if !FINDERS.iter().any(|f| f.find(bytes).is_some()) {
        return;
    }
    for line in crate::lines::lines(body).take(2000) {
        // Only lines that may name a relation are looked at.
        if !MAY_RELATE.iter().any(|m| line.contains(m)) {
            continue;
        }
        let lower = line.to_lowercase();
        if [
            "not invoke",
            "n't invoke",
            "never invoke",
            "not use",
            "n't use",
            "never use",
        ]
        .iter()
        .any(|n| lower.contains(n))
        {
            continue;
        }
        // "✅ Good: `**REQUIRED BACKGROUND:** … superpowers:x`" shows how
        // to write a relation; it states none of this skill's own.
        if quotes_a_relation(&lower) {
            continue;
        }
        let background = lower.contains("required background");
        let sub = lower.contains("required sub-skill") || lower.contains("required next");
        for name in mentioned_skills(line) {
            let quote = crate::display::clip(line.trim(), 100).into_owned();
            if background {
                p.first.push((name, quote));
            } else if sub || invokes(&lower, &name) {
                p.then.push((name, quote));
            }
        }
    }
}

/// True when a relation marker stands inside an inline code span of the
/// (lowercased) line: an example of the marker, quoted, not a relation.
fn quotes_a_relation(lower: &str) -> bool {
    lower
        .split('`')
        .skip(1)
        .step_by(2)
        .any(|span| RELATION_MARKERS.iter().any(|m| span.contains(m)))
}

/// The markers of a relation a body states outright.
const RELATION_MARKERS: [&str; 3] = ["required background", "required sub-skill", "required next"];

/// True when the line hands on to `name`: "invoke the x skill", "use x".
fn invokes(lower: &str, name: &str) -> bool {
    let plain = name.rsplit(':').next().unwrap_or(name);
    [
        "invoke ",
        "invoking ",
        "then use ",
        "hand off to ",
        "transition to ",
    ]
    .iter()
    .any(|v| lower.contains(&format!("{v}{plain}")) || lower.contains(&format!("{v}the {plain}")))
}

/// Skill names a line spells as `ns:name`, `` `name` `` or "the name skill".
fn mentioned_skills(line: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for tok in line.split(|c: char| c.is_whitespace() || "`*()[],;\"'".contains(c)) {
        let t = tok.trim_end_matches(['.', ':']);
        let is_name = |s: &str| {
            s.len() > 2
                && s.contains('-')
                && !s.starts_with('-')
                && !s.ends_with('-')
                && s.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        };
        let name = match t.split_once(':') {
            Some((ns, n))
                if is_name(n)
                    && !ns.is_empty()
                    && ns.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') =>
            {
                t
            }
            None if is_name(t) => t,
            _ => continue,
        };
        if !out.iter().any(|o| o == name) {
            out.push(name.to_string());
        }
    }
    out
}

/// Resolves a mentioned name (`ns:name` or `name`) in the catalog.
pub fn resolve(catalog: &Catalog, name: &str) -> Option<usize> {
    catalog
        .index_of(name)
        .or_else(|| name.split_once(':').and_then(|(_, n)| catalog.index_of(n)))
}

/// The terms of `text` that are not common words.
fn specific(text: &str, a: &Analyzer) -> BTreeSet<String> {
    a.terms(text)
        .into_iter()
        .filter(|t| !a.is_weak(t))
        .collect()
}

/// What one plan node's text says, as terms, made once per plan rather
/// than once per pair of nodes.
#[derive(Default)]
pub(super) struct NodeTerms {
    /// Specific terms of the skill's name.
    pub(super) name: BTreeSet<String>,
    /// Specific terms of each activity it comes before / after.
    pub(super) before: Vec<BTreeSet<String>>,
    pub(super) after: Vec<BTreeSet<String>>,
    /// The last term of each artifact it makes (none when it is a common
    /// word) / needs.
    pub(super) makes: Vec<Option<String>>,
    pub(super) needs: Vec<Option<String>>,
}

impl NodeTerms {
    fn of(skill: &Skill, p: &Prose, a: &Analyzer) -> NodeTerms {
        let last = |x: &String| a.terms(x).pop();
        NodeTerms {
            name: specific(&skill.name, a),
            before: p.before.iter().map(|x| specific(x, a)).collect(),
            after: p.after.iter().map(|x| specific(x, a)).collect(),
            makes: p
                .makes
                .iter()
                .map(|x| last(x).filter(|t| !a.is_weak(t)))
                .collect(),
            needs: p.needs.iter().map(last).collect(),
        }
    }
}

/// Links among `nodes` (plan node index, catalog skill index, clause rank),
/// strongest source first. `ordered[r]` is false when the clause of rank
/// `r` is only named after the one before it, as a task apart; the order
/// of such tasks comes last, after what the skills say.
pub fn infer(
    catalog: &Catalog,
    nodes: &[(usize, usize, Option<usize>)],
    ordered: &[bool],
    within: &[(usize, usize)],
) -> Vec<Inferred> {
    let a = Analyzer::default();
    let (mut out, named) = intent_order(catalog, nodes, ordered);
    out.extend(within_order(catalog, nodes, within));
    // Each node's text is read on its own, and each node's links with the
    // others are found on their own: on every core, in node order. This
    // runs after the catalog is confirmed, when the other core is idle.
    let prose: Vec<Prose> = nodes
        .par_iter()
        .map(|&(_, s, _)| prose(&catalog.skills[s]))
        .collect();
    let terms: Vec<NodeTerms> = nodes
        .par_iter()
        .zip(&prose)
        .map(|(&(_, s, _), p)| NodeTerms::of(&catalog.skills[s], p, &a))
        .collect();
    // The skills each node's body names, resolved once per node, not once
    // per pair.
    let resolved = |list: &[(String, String)]| -> Vec<(Option<usize>, String)> {
        list.iter()
            .map(|(n, q)| (resolve(catalog, n), q.clone()))
            .collect()
    };
    let pairs = Pairs {
        catalog,
        nodes,
        then: prose.iter().map(|p| resolved(&p.then)).collect(),
        first: prose.iter().map(|p| resolved(&p.first)).collect(),
        prose: &prose,
        terms: &terms,
        by_name: super::pairs::name_index(&terms),
    };
    let said: Vec<Vec<Inferred>> = (0..nodes.len())
        .into_par_iter()
        .map(|x| pairs.said(x))
        .collect();
    let made: Vec<Vec<Inferred>> = (0..nodes.len())
        .into_par_iter()
        .map(|x| pairs.made(x))
        .collect();
    out.extend(said.into_iter().flatten());
    out.extend(made.into_iter().flatten());
    out.extend(named);
    out
}

/// Links re0 infers between skills of the whole catalog from their text
/// alone (body relations and artifact names; the intent's order and
/// activity words need an intent), as (from, to, source, detail) over
/// catalog indices. For `re0 check` and `re0 show`.
pub fn catalog_links(catalog: &Catalog) -> Vec<CatalogLink> {
    let a = Analyzer::default();
    let mut out = Vec::new();
    let mut makers: std::collections::BTreeMap<String, Vec<(usize, String)>> = Default::default();
    // Each skill's prose is read on its own: on every core. Only what these
    // links read is kept, and only for skills that state something (at
    // 100,000 skills the rest was 30 MB of `re0 check`'s peak).
    let active: Vec<usize> = catalog.active().map(|(i, _)| i).collect();
    let prose: Vec<(usize, Prose)> = active
        .par_iter()
        .filter_map(|&i| {
            let mut p = prose(&catalog.skills[i]);
            (p.before, p.after) = Default::default();
            let none = p.then.is_empty() && p.first.is_empty();
            (!(none && p.makes.is_empty() && p.needs.is_empty())).then_some((i, p))
        })
        .collect();
    for (i, p) in &prose {
        for m in &p.makes {
            if let Some(last) = a.terms(m).pop().filter(|t| !a.is_weak(t)) {
                makers.entry(last).or_default().push((*i, m.clone()));
            }
        }
    }
    for (i, p) in &prose {
        let me = catalog.skills[*i].key();
        let stated = p.then.iter().map(|x| (x, false));
        for ((n, q), first) in stated.chain(p.first.iter().map(|x| (x, true))) {
            let Some(j) = resolve(catalog, n).filter(|j| j != i) else {
                continue;
            };
            let (from, to) = if first { (j, *i) } else { (*i, j) };
            out.push(CatalogLink {
                from,
                to,
                source: Source::SkillText,
                detail: format!("{me} says: \"{q}\""),
                said_by: *i,
                quote: Some(q.clone()),
            });
        }
        for need in &p.needs {
            let Some(last) = a.terms(need).pop() else {
                continue;
            };
            for (j, made) in makers.get(&last).into_iter().flatten() {
                if j != i {
                    out.push(CatalogLink {
                        from: *j,
                        to: *i,
                        source: Source::ArtifactName,
                        detail: format!(
                            "{} makes '{made}'; {me} needs '{need}'",
                            catalog.skills[*j].key()
                        ),
                        said_by: *i,
                        quote: None,
                    });
                }
            }
        }
    }
    out.sort_by_key(|x| (x.from, x.to, x.source));
    out.dedup_by(|x, y| (x.from, x.to, x.source) == (y.from, y.to, y.source));
    out
}

/// A link [`catalog_links`] infers between two skills of a catalog.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogLink {
    /// Runs before `to`.
    pub from: usize,
    pub to: usize,
    pub source: Source,
    /// What says so, for people.
    pub detail: String,
    /// The skill whose text states it: the one with the body line, or the
    /// one whose description names what it needs.
    pub said_by: usize,
    /// The body line that states it (clipped), for a `skill-text` link.
    pub quote: Option<String>,
}

pub(super) fn link(from: usize, to: usize, source: Source, detail: String) -> Inferred {
    Inferred {
        from,
        to,
        source,
        detail,
    }
}

/// The order one clause states between two of its skills ("open the PR
/// after /commit"), over the nodes that hold them.
fn within_order(
    catalog: &Catalog,
    nodes: &[(usize, usize, Option<usize>)],
    within: &[(usize, usize)],
) -> Vec<Inferred> {
    let node = |s: usize| {
        nodes
            .iter()
            .find(|x| x.1 == s && x.2.is_some())
            .map(|x| x.0)
    };
    within
        .iter()
        .filter_map(|&(first, then)| {
            let detail = format!(
                "the intent asks for {} before {}",
                catalog.skills[first].key(),
                catalog.skills[then].key()
            );
            Some(link(node(first)?, node(then)?, Source::IntentOrder, detail))
        })
        .collect()
}

/// Each skill comes after the skills of the nearest earlier clause: as
/// (the links whose order words state, the links of tasks only named in
/// that order). A link is only named when a clause after the earlier one,
/// up to this one, is named apart (see
/// [`super::clauses::Clause::named_apart`]): "X and also Y" and "X.
/// Separately, Y" only name X first, and give way to what the skills say
/// (`writing-plans` makes the plan `executing-plans` needs); so does "X
/// and also Z, then Y", where nothing asks Y after X.
fn intent_order(
    catalog: &Catalog,
    nodes: &[(usize, usize, Option<usize>)],
    ordered: &[bool],
) -> (Vec<Inferred>, Vec<Inferred>) {
    let (mut stated, mut named) = (Vec::new(), Vec::new());
    for &(n, s, rank) in nodes {
        let Some(r) = rank else { continue };
        let Some(prev) = nodes.iter().filter_map(|x| x.2).filter(|&x| x < r).max() else {
            continue;
        };
        let says = (prev + 1..=r).all(|x| ordered.get(x).copied().unwrap_or(true));
        for &(m, t, rank2) in nodes {
            if rank2 == Some(prev) && t != s {
                let (out, verb) = if says {
                    (&mut stated, "asks for")
                } else {
                    (&mut named, "names")
                };
                out.push(link(
                    m,
                    n,
                    Source::IntentOrder,
                    format!(
                        "the intent {verb} {} before {}",
                        catalog.skills[t].key(),
                        catalog.skills[s].key()
                    ),
                ));
            }
        }
    }
    (stated, named)
}

#[cfg(test)]
mod tests;
