//! Why each candidate was or was not taken, as `--explain` shows it: the
//! candidates, and the notes that say why a fit that reached the bar was
//! not enough.

use super::fit::Fit;
use super::relevance::{self, FieldKind, Query, Relevance};
use super::select::{Candidate, Chosen, Selection, SELECT_AT};
use crate::catalog::Catalog;

/// Every scored skill as `--explain` shows it.
pub(super) fn candidates(
    catalog: &Catalog,
    q: &Query,
    ranked: &[Relevance],
    sel: &Selection,
    why: &[Option<String>],
    best: &[(f64, Option<usize>)],
) -> Vec<Candidate> {
    ranked
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let matched = r
                .matches
                .iter()
                .map(|m| {
                    let fields: Vec<&str> = m.fields.iter().map(|f| f.as_str()).collect();
                    format!("{} ({})", q.words[m.term], fields.join(", "))
                })
                .collect();
            let chosen = sel.chosen.iter().find(|(s, _)| *s == r.skill);
            let selected = chosen.is_some();
            let why = match (chosen, &why[i]) {
                (Some((_, c @ Chosen::Named { .. })), _) => c.describe(),
                (_, Some(w)) => w.clone(),
                (None, None) => not_chosen(r, q, best[i].0)
                    .unwrap_or_else(|| outfitted(catalog, q, sel, best[i])),
                (Some((_, c)), None) => c.describe(),
            };
            Candidate {
                skill: catalog.skills[r.skill].key(),
                score: r.score,
                evidence: best[i].0,
                matched,
                selected,
                why,
            }
        })
        .collect()
}

/// Why a matched skill was not chosen, unless it is only that another
/// skill fits its clause better (see [`outfitted`]).
fn not_chosen(r: &Relevance, q: &Query, ev: f64) -> Option<String> {
    let excluded: Vec<&str> = r
        .matches
        .iter()
        .filter(|m| m.penalty > m.strength)
        .map(|m| q.words[m.term].as_str())
        .collect();
    if !excluded.is_empty() {
        return Some(format!(
            "its description excludes {}",
            excluded
                .iter()
                .map(|w| format!("'{w}'"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if let Some(topic) = only_topic(r, q) {
        return Some(topic);
    }
    // The same test `fit` makes: a declared trigger word is never weak.
    let strong = r.matches.iter().any(|m| {
        !q.weak[m.term]
            || m.fields
                .iter()
                .any(|f| matches!(f, FieldKind::Triggers | FieldKind::Phrases))
    }) || !r.phrases.is_empty();
    if !strong {
        let weak: Vec<String> = r
            .matches
            .iter()
            .map(|m| format!("'{}'", q.words[m.term]))
            .collect();
        return Some(format!("matched only common words ({})", weak.join(", ")));
    }
    (ev < SELECT_AT).then(|| format!("evidence {ev:.2} < {SELECT_AT}"))
}

/// Why a skill with enough evidence for its best clause was not taken:
/// the skill chosen for that clause, named, fits it better.
fn outfitted(catalog: &Catalog, q: &Query, sel: &Selection, best: (f64, Option<usize>)) -> String {
    let (ev, clause) = best;
    let Some(text) = clause.map(|k| q.clauses[k].text.as_str()) else {
        return format!("evidence {ev:.2}, but another skill fits its clause better");
    };
    let winners: Vec<String> = sel
        .clause_of
        .iter()
        .filter(|(_, _, c)| c == text)
        .map(|(s, _, _)| catalog.skills[*s].key())
        .collect();
    if winners.is_empty() {
        return format!("evidence {ev:.2} for '{text}', but another skill fits its clause better");
    }
    format!(
        "evidence {ev:.2} for '{text}', but {} fits it better",
        winners.join(" and ")
    )
}

/// When every word `r` matched is a topic word of a clause ("write a haiku
/// about *spreadsheets*") and none is a clause's own: says so.
fn only_topic(r: &Relevance, q: &Query) -> Option<String> {
    let held: Vec<usize> = r
        .matches
        .iter()
        .filter(|m| m.strength > m.penalty)
        .map(|m| m.term)
        .collect();
    let clause = q
        .clauses
        .iter()
        .find(|c| !c.whole && !c.topic.is_empty() && held.iter().any(|t| c.topic.contains(t)))?;
    let own = q
        .clauses
        .iter()
        .any(|c| held.iter().any(|t| c.terms.contains(t)));
    (!own).then(|| {
        let words: Vec<String> = held
            .iter()
            .filter(|t| clause.topic.contains(t))
            .map(|t| format!("'{}'", q.words[*t]))
            .collect();
        format!(
            "matched only what '{}' is about or goes without ({}): not the work asked for",
            clause.text,
            words.join(", ")
        )
    })
}

/// Says so of each skill that would serve a sentence that only sets the
/// scene, where nothing else explains why it was not taken.
pub(super) fn note_scene(text: &str, fits: &[Fit], thin: &mut [Option<String>]) {
    for (i, f) in fits.iter().enumerate() {
        if f.own >= SELECT_AT && thin[i].is_none() {
            thin[i] = Some(format!(
                "evidence {:.2} for '{text}', which only sets the scene for the \
                 request: its words only break ties",
                f.own
            ));
        }
    }
}

/// Says so of each skill whose evidence for clause `k` reaches
/// [`SELECT_AT`] but rests on too little (see [`Fit::strong`]): one word
/// of its description, a "poster" or a "launch", serves no clause alone.
pub(super) fn note_thin(
    query: &Query,
    k: usize,
    ranked: &[Relevance],
    fits: &[Fit],
    thin: &mut [Option<String>],
) {
    let clause = &query.clauses[k];
    for (i, f) in fits.iter().enumerate() {
        if f.strong || f.own < SELECT_AT || thin[i].is_some() {
            continue;
        }
        let (specific, common): (Vec<_>, Vec<_>) =
            ranked[i].held_in(clause).partition(|m| !query.weak[m.term]);
        let list = |ms: &[&relevance::TermMatch]| {
            ms.iter()
                .map(|m| format!("'{}'", query.words[m.term]))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let body_only = specific.len() >= 2 && specific.iter().all(|m| !m.fields.in_headline());
        if body_only {
            thin[i] = Some(format!(
                "evidence {:.2} for '{}' rests on the words {}, found only in its \
                 body: its details, not its job",
                f.own,
                clause.text,
                list(&specific)
            ));
            continue;
        }
        let rests_on = match (specific.as_slice(), common.as_slice()) {
            ([], []) => "the words of the clause before it alone".to_string(),
            ([], _) => format!("common words ({})", list(&common)),
            ([_], _) => format!("one word, {}", list(&specific)),
            _ => format!("the words {}", list(&specific)),
        };
        thin[i] = Some(format!(
            "evidence {:.2} for '{}' rests on {rests_on}: not enough without a \
             second uncommon word, a phrase, a word of its name or the thing the \
             clause's command acts on",
            f.own, clause.text
        ));
    }
}

/// Notes on every candidate that clause `c` asks for no skill's work: it
/// only asks to know something, its sentence declines its work, or the
/// intent says it wants no work done.
pub(super) fn note_unasked(why: &mut [Option<String>], fits: &[Fit], c: &relevance::QueryClause) {
    note_all(why, fits, || match (c.declined, c.waived) {
        (true, _) => format!(
            "the intent says it wants no work done ('{}'): no skill serves it",
            c.text
        ),
        (false, true) => format!(
            "'{}' says no work is wanted on it: no skill serves it",
            c.text
        ),
        (false, false) => format!(
            "'{}' only asks to know something: no skill serves it",
            c.text
        ),
    });
}

pub(super) fn note_all(why: &mut [Option<String>], fits: &[Fit], text: impl Fn() -> String) {
    for (i, f) in fits.iter().enumerate() {
        if why[i].is_none() && f.own > 0.0 {
            why[i] = Some(text());
        }
    }
}
