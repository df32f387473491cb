//! Order for catalogs that declare no contract: links inferred from what
//! real catalogs say (DESIGN §4.2).
//!
//! Three sources, strongest first:
//! - `intent-order`: the intent's own clause order. A skill chosen for a
//!   later clause comes after the skills of the clause just before it
//!   ("research the options, write a design doc, then review it").
//! - `skill-text`: relations a skill's text states about another skill of
//!   the plan. In the body: "REQUIRED SUB-SKILL: Use x" and "invoke the x
//!   skill" (this skill, then x), "REQUIRED BACKGROUND: … x" (x first). In
//!   the description: "before <activity>" (this skill first) and "after
//!   <activity>" or "when <activity> is complete" (this skill after), where
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

use super::text::{words, Analyzer};
use crate::catalog::{Catalog, Skill};
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

/// Reads what `skill`'s name, description and body say about order.
pub fn prose(skill: &Skill) -> Prose {
    let mut p = Prose::default();
    if let Some(d) = &skill.description {
        read_description(d, &mut p);
    }
    read_name(&skill.name, &mut p);
    if let Ok(text) = crate::fsio::read_text_limited(
        &skill.file,
        crate::catalog::skill::MAX_FILE_BYTES,
        crate::fsio::Follow::Yes,
    ) {
        let body = crate::catalog::frontmatter::split(&text)
            .map(|s| s.body)
            .unwrap_or("");
        read_body(body, &mut p);
    }
    p
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
fn noun_phrase(w: &[String]) -> Option<String> {
    let stop = [
        "to", "for", "with", "and", "or", "in", "on", "that", "which", "before", "after", "from",
        "into", "of", "is", "are", "by",
    ];
    let mut i = 0;
    if w.first()
        .is_some_and(|x| matches!(x.as_str(), "a" | "an" | "the" | "your" | "their"))
    {
        i = 1;
    }
    let phrase: Vec<&str> = w[i..]
        .iter()
        .take_while(|x| !stop.contains(&x.as_str()))
        .take(4)
        .map(String::as_str)
        .collect();
    (!phrase.is_empty()).then(|| phrase.join(" "))
}

fn read_description(d: &str, p: &mut Prose) {
    let w = words(d);
    for i in 0..w.len() {
        let rest = &w[i + 1..];
        match w[i].as_str() {
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
            && matches!(rest[2].as_str(), "complete" | "done" | "finished")
        {
            p.after.push(rest[0].clone());
        }
    }
}

/// The activity after "before"/"after": up to three words.
fn activity(rest: &[String]) -> Option<String> {
    let a: Vec<&str> = rest
        .iter()
        .take_while(|x| !matches!(x.as_str(), "and" | "or" | "to" | "with" | "so"))
        .take(3)
        .map(String::as_str)
        .collect();
    (!a.is_empty()).then(|| a.join(" "))
}

fn read_body(body: &str, p: &mut Prose) {
    for line in body.lines().take(2000) {
        let lower = line.to_lowercase();
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

/// True when `activity` names `skill`: a word of its name that is not a
/// common one, stemmed alike.
fn names(activity: &str, skill: &Skill, a: &Analyzer) -> bool {
    let act: BTreeSet<String> = a
        .terms(activity)
        .into_iter()
        .filter(|t| !a.is_weak(t))
        .collect();
    a.terms(&skill.name)
        .iter()
        .any(|t| !a.is_weak(t) && act.contains(t))
}

/// True when artifact phrases `made` and `needed` name the same thing: the
/// same last word, stemmed.
fn same_artifact(made: &str, needed: &str, a: &Analyzer) -> bool {
    let m = a.terms(made);
    let n = a.terms(needed);
    matches!((m.last(), n.last()), (Some(x), Some(y)) if x == y && !a.is_weak(x))
}

/// Links among `nodes` (plan node index, catalog skill index, clause rank),
/// strongest source first.
pub fn infer(catalog: &Catalog, nodes: &[(usize, usize, Option<usize>)]) -> Vec<Inferred> {
    let a = Analyzer::default();
    let mut out = Vec::new();
    intent_order(catalog, nodes, &mut out);
    let prose: Vec<Prose> = nodes
        .iter()
        .map(|&(_, s, _)| prose(&catalog.skills[s]))
        .collect();
    for (x, &(nx, sx, _)) in nodes.iter().enumerate() {
        for &(ny, sy, _) in nodes.iter() {
            if sx == sy {
                continue;
            }
            let px = &prose[x];
            let other = &catalog.skills[sy];
            let hit = |list: &[(String, String)]| {
                list.iter()
                    .find(|(n, _)| resolve(catalog, n) == Some(sy))
                    .map(|(_, q)| q.clone())
            };
            let me = catalog.skills[sx].key();
            let them = other.key();
            if let Some(q) = hit(&px.then) {
                out.push(link(
                    nx,
                    ny,
                    Source::SkillText,
                    format!("{me} says: \"{q}\""),
                ));
            }
            if let Some(q) = hit(&px.first) {
                out.push(link(
                    ny,
                    nx,
                    Source::SkillText,
                    format!("{me} says: \"{q}\""),
                ));
            }
            if let Some(act) = px.before.iter().find(|act| names(act, other, &a)) {
                out.push(link(
                    nx,
                    ny,
                    Source::SkillText,
                    format!("{me} is for before {act} ({them})"),
                ));
            }
            if let Some(act) = px.after.iter().find(|act| names(act, other, &a)) {
                out.push(link(
                    ny,
                    nx,
                    Source::SkillText,
                    format!("{me} is for after {act} ({them})"),
                ));
            }
        }
    }
    for (x, &(nx, sx, _)) in nodes.iter().enumerate() {
        for (y, &(ny, sy, _)) in nodes.iter().enumerate() {
            if sx == sy {
                continue;
            }
            let made = prose[x]
                .makes
                .iter()
                .find(|m| prose[y].needs.iter().any(|n| same_artifact(m, n, &a)));
            if let Some(m) = made {
                let need = prose[y]
                    .needs
                    .iter()
                    .find(|n| same_artifact(m, n, &a))
                    .cloned()
                    .unwrap_or_default();
                out.push(link(
                    nx,
                    ny,
                    Source::ArtifactName,
                    format!(
                        "{} makes '{m}'; {} needs '{need}'",
                        catalog.skills[sx].key(),
                        catalog.skills[sy].key()
                    ),
                ));
            }
        }
    }
    out
}

fn link(from: usize, to: usize, source: Source, detail: String) -> Inferred {
    Inferred {
        from,
        to,
        source,
        detail,
    }
}

/// Each skill comes after the skills of the nearest earlier clause.
fn intent_order(
    catalog: &Catalog,
    nodes: &[(usize, usize, Option<usize>)],
    out: &mut Vec<Inferred>,
) {
    for &(n, s, rank) in nodes {
        let Some(r) = rank else { continue };
        let Some(prev) = nodes.iter().filter_map(|x| x.2).filter(|&x| x < r).max() else {
            continue;
        };
        for &(m, t, rank2) in nodes {
            if rank2 == Some(prev) && t != s {
                out.push(link(
                    m,
                    n,
                    Source::IntentOrder,
                    format!(
                        "the intent asks for {} before {}",
                        catalog.skills[t].key(),
                        catalog.skills[s].key()
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_relations_are_read() {
        let mut p = Prose::default();
        read_description(
            "Use when you have a written implementation plan to execute, before merging",
            &mut p,
        );
        assert_eq!(p.needs, ["written implementation plan"]);
        assert_eq!(p.before, ["merging"]);
        read_name("writing-plans", &mut p);
        assert_eq!(p.makes, ["plans"]);
        read_body("- **REQUIRED SUB-SKILL:** Use superpowers:executing-plans\nREQUIRED BACKGROUND: You MUST understand superpowers:test-driven-development first\n", &mut p);
        assert_eq!(p.then[0].0, "superpowers:executing-plans");
        assert_eq!(p.first[0].0, "superpowers:test-driven-development");
        let a = Analyzer::default();
        assert!(same_artifact("plans", "written implementation plan", &a));
        assert!(!same_artifact("notes", "written implementation plan", &a));
    }

    #[test]
    fn names_need_a_specific_word() {
        let mut p = Prose::default();
        read_description("Use when implementation is complete and tests pass", &mut p);
        assert_eq!(p.after, ["implementation"]);
    }
}
