//! Choosing the skills that serve an intent (DESIGN §4.1, rules 1, 2, 7).
//!
//! 1. Named skills: `/name`, `plugin:name`, a hyphenated name written as
//!    one word, or a one-word name standing alone. A one-word name inside a
//!    longer run of words that spells another skill's name or an artifact
//!    ("release notes") is not a mention.
//! 2. Relevant skills, by a greedy cover of the intent's terms. A skill
//!    *covers* a term when its BM25F contribution for it is near the best any
//!    skill has ([`COVER_SHARE`]). Named skills cover their terms first; then,
//!    repeatedly, the skill whose still-uncovered terms carry the most
//!    evidence is chosen, until no skill adds [`SELECT_AT`]. Evidence of a
//!    term is `strength * idf / max_idf`: how well the skill's fields hold the
//!    word (0..1) times how specific the word is in this catalog (0..1), so
//!    the threshold means the same in a catalog of 10 skills or 10,000.
//!    Covering explains words away: once `write-plan` explains "write" and
//!    "plan", `write-skill` gets only [`SHARED_CREDIT`] of "write". A chosen
//!    skill also explains the words of artifacts it requires when the
//!    intent names them as its object ("implement *the plan*": the plan is
//!    input, not a request for `plan-change`).

use super::relevance::{self, max_idf, Query, Relevance};
use super::text::{is_stop_word, words, Analyzer};
use crate::catalog::Catalog;
use serde::Serialize;
use std::collections::BTreeSet;

/// A skill covers a term when its contribution is at least this share of
/// the best contribution any skill has for that term.
pub const COVER_SHARE: f64 = 0.8;
/// Evidence a skill must add to be chosen, as a fraction of one perfect,
/// unique match.
pub const SELECT_AT: f64 = 0.35;
/// Bonus evidence for a trigger phrase of two or more words found verbatim.
pub const PHRASE_BONUS: f64 = 0.5;
/// Share of a term's evidence a skill still gets when another chosen skill
/// already explains that term equally well (both are near-best for it).
pub const SHARED_CREDIT: f64 = 0.5;

/// Why a skill was chosen.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum Chosen {
    /// Named in the intent as written.
    Named { mention: String },
    /// Relevant enough.
    Relevant {
        score: f64,
        evidence: f64,
        words: Vec<String>,
    },
    /// Returned by the outside selector.
    Selector,
}

impl Chosen {
    pub fn describe(&self) -> String {
        match self {
            Chosen::Named { mention } => format!("named in the intent ('{mention}')"),
            Chosen::Relevant { score, words, .. } => format!(
                "matched {} (score {score:.2})",
                words
                    .iter()
                    .map(|w| format!("'{w}'"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Chosen::Selector => "chosen by the selector".to_string(),
        }
    }
}

/// One candidate as `--explain` shows it.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Candidate {
    pub skill: String,
    pub score: f64,
    /// Claimed evidence, in units of one perfect unique match.
    pub evidence: f64,
    /// Matched intent words with the fields they were found in.
    pub matched: Vec<String>,
    pub selected: bool,
    pub why: String,
}

/// The outcome of selection.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Chosen skills (catalog indices), most relevant first.
    pub chosen: Vec<(usize, Chosen)>,
    /// Every scored candidate, for `--explain`.
    pub candidates: Vec<Candidate>,
    /// The relevance score of each scored skill (for ordering and producers).
    pub scores: Vec<(usize, f64)>,
    pub warnings: Vec<String>,
}

impl Selection {
    pub fn score_of(&self, skill: usize) -> f64 {
        self.scores
            .iter()
            .find(|(s, _)| *s == skill)
            .map(|(_, x)| *x)
            .unwrap_or(0.0)
    }
}

/// Selects skills for `intent`.
pub fn select(catalog: &Catalog, intent: &str) -> Selection {
    let analyzer = Analyzer::default();
    let query = Query::new(intent, &analyzer);
    let ranked = relevance::score(catalog, &query);
    let mut sel = Selection {
        scores: ranked.iter().map(|r| (r.skill, r.score)).collect(),
        ..Selection::default()
    };
    for (skill, mention) in named(catalog, intent) {
        if !sel.chosen.iter().any(|(s, _)| *s == skill) {
            sel.chosen.push((skill, Chosen::Named { mention }));
        }
    }
    let named_skills: Vec<usize> = sel.chosen.iter().map(|(i, _)| *i).collect();
    let cover = greedy_cover(catalog, &query, &ranked, &named_skills, &analyzer);
    for (r, gain) in ranked.iter().zip(&cover) {
        let matched: Vec<String> = r
            .matches
            .iter()
            .map(|m| {
                let fields: Vec<&str> = m.fields.iter().map(|f| f.as_str()).collect();
                format!("{} ({})", query.words[m.term], fields.join(", "))
            })
            .collect();
        let already = sel
            .chosen
            .iter()
            .find(|(s, _)| *s == r.skill)
            .map(|(_, c)| c.clone());
        let (selected, why, evidence) = match (already, gain) {
            (Some(c), _) => (true, c.describe(), 0.0),
            (None, Gain::Chosen(ev)) => {
                let words: Vec<String> = r
                    .matches
                    .iter()
                    .map(|m| query.words[m.term].clone())
                    .collect();
                sel.chosen.push((
                    r.skill,
                    Chosen::Relevant {
                        score: r.score,
                        evidence: *ev,
                        words,
                    },
                ));
                (true, format!("adds evidence {ev:.2} >= {SELECT_AT}"), *ev)
            }
            (None, Gain::Left(ev)) if *ev > 0.0 => (
                false,
                format!("would add evidence {ev:.2} < {SELECT_AT}"),
                *ev,
            ),
            (None, _) => (
                false,
                "its words are explained by a chosen skill".to_string(),
                0.0,
            ),
        };
        sel.candidates.push(Candidate {
            skill: catalog.skills[r.skill].key(),
            score: r.score,
            evidence,
            matched,
            selected,
            why,
        });
    }
    // Named skills first, then by relevance.
    let mut chosen = std::mem::take(&mut sel.chosen);
    chosen.sort_by(|a, b| {
        let named = |c: &Chosen| !matches!(c, Chosen::Named { .. });
        named(&a.1)
            .cmp(&named(&b.1))
            .then_with(|| sel.score_of(b.0).total_cmp(&sel.score_of(a.0)))
    });
    sel.chosen = chosen;
    sel
}

/// What the cover decided for one ranked skill.
#[derive(Debug, Clone, Copy)]
enum Gain {
    /// Chosen, adding this much evidence.
    Chosen(f64),
    /// Not chosen; it would still have added this much.
    Left(f64),
}

/// The greedy cover (see the module documentation). Returns one [`Gain`]
/// per ranked skill.
fn greedy_cover(
    catalog: &Catalog,
    q: &Query,
    ranked: &[Relevance],
    named: &[usize],
    a: &Analyzer,
) -> Vec<Gain> {
    let unit = max_idf(catalog.active_count()).max(f64::MIN_POSITIVE);
    let mut best = vec![0f64; q.terms.len()];
    for r in ranked {
        for m in &r.matches {
            best[m.term] = best[m.term].max(m.contribution);
        }
    }
    // Evidence each skill has for each term it covers.
    let covers: Vec<Vec<(usize, f64)>> = ranked
        .iter()
        .map(|r| {
            r.matches
                .iter()
                .filter(|m| m.contribution >= COVER_SHARE * best[m.term])
                .map(|m| (m.term, m.contribution / unit))
                .collect()
        })
        .collect();
    let mut covered = vec![false; q.terms.len()];
    // The object-position terms spelling an artifact a skill requires.
    let input_terms = |skill: usize| -> Vec<usize> {
        catalog.skills[skill]
            .contract
            .requires()
            .iter()
            .filter(|r| q.supplies(r, a))
            .flat_map(|r| a.terms(r))
            .filter_map(|s| q.terms.iter().position(|t| *t == s))
            .collect()
    };
    let explain = |skill: usize, matched: &[usize], covered: &mut Vec<bool>| {
        for &t in matched.iter().chain(input_terms(skill).iter()) {
            covered[t] = true;
        }
    };
    // Named skills explain every word they match.
    for r in ranked.iter().filter(|r| named.contains(&r.skill)) {
        let matched: Vec<usize> = r.matches.iter().map(|m| m.term).collect();
        explain(r.skill, &matched, &mut covered);
    }
    let gain = |k: usize, covered: &[bool]| -> f64 {
        let fresh: f64 = covers[k]
            .iter()
            .map(|(t, e)| if covered[*t] { SHARED_CREDIT * e } else { *e })
            .sum();
        let adds_new = covers[k].iter().any(|(t, _)| !covered[*t]);
        if !adds_new {
            0.0
        } else if ranked[k].phrase.is_some() {
            fresh + PHRASE_BONUS
        } else {
            fresh
        }
    };
    let mut out: Vec<Option<Gain>> = vec![None; ranked.len()];
    loop {
        let pick = (0..ranked.len())
            .filter(|&k| out[k].is_none() && !named.contains(&ranked[k].skill))
            .map(|k| (k, gain(k, &covered)))
            .filter(|(_, g)| *g >= SELECT_AT)
            // Highest gain; ties go to the earlier (higher-scored) skill.
            .fold(None, |acc: Option<(usize, f64)>, (k, g)| match acc {
                Some((_, bg)) if bg >= g => acc,
                _ => Some((k, g)),
            });
        let Some((k, g)) = pick else { break };
        let matched: Vec<usize> = covers[k].iter().map(|(t, _)| *t).collect();
        explain(ranked[k].skill, &matched, &mut covered);
        out[k] = Some(Gain::Chosen(g));
    }
    (0..ranked.len())
        .map(|k| out[k].unwrap_or_else(|| Gain::Left(gain(k, &covered))))
        .collect()
}

/// Skills named in the intent, with the text that named them.
pub fn named(catalog: &Catalog, intent: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    // Tokens as written: split at whitespace, trimmed of punctuation except
    // the characters names use.
    let tokens: Vec<&str> = intent
        .split_whitespace()
        .map(|t| t.trim_matches(|c: char| !(c.is_alphanumeric() || "-:/_".contains(c))))
        .filter(|t| !t.is_empty())
        .collect();
    // Computed only when a bare one-word name turns up.
    let mut consumed: Option<BTreeSet<String>> = None;
    for tok in &tokens {
        let lower = tok.to_lowercase();
        let explicit = lower.starts_with('/') || lower.contains(':') || lower.contains('-');
        let bare = lower.trim_start_matches('/');
        let Some(i) = catalog.index_of(bare) else {
            continue;
        };
        if !explicit {
            // A bare one-word name: only when it is not part of a longer name
            // or artifact spelled out in the intent.
            if is_stop_word(bare)
                || consumed
                    .get_or_insert_with(|| consumed_words(catalog, intent))
                    .contains(bare)
            {
                continue;
            }
        }
        if !out.iter().any(|(s, _)| *s == i) {
            out.push((i, tok.to_string()));
        }
    }
    out
}

/// Intent words that sit in a run of two or more content words spelling a
/// multi-word skill name or artifact name.
fn consumed_words(catalog: &Catalog, intent: &str) -> BTreeSet<String> {
    let seq: Vec<String> = words(intent)
        .into_iter()
        .filter(|w| !is_stop_word(w))
        .collect();
    let mut out = BTreeSet::new();
    if seq.len() < 2 {
        return out;
    }
    let mut phrases: BTreeSet<Vec<String>> = BTreeSet::new();
    for (_, s) in catalog.active() {
        let parts = words(&s.name);
        if parts.len() >= 2 {
            phrases.insert(parts);
        }
        for a in s.contract.produces().iter().chain(s.contract.requires()) {
            let parts = words(a);
            if parts.len() >= 2 {
                phrases.insert(parts);
            }
        }
    }
    for p in &phrases {
        // Any contiguous run of two or more words of the phrase.
        for len in 2..=p.len() {
            for sub in p.windows(len) {
                for (i, w) in seq.windows(len).enumerate() {
                    if w == sub {
                        out.extend(seq[i..i + len].iter().cloned());
                    }
                }
            }
        }
    }
    out
}
