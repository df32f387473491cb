//! The order one clause states between two of its skills with "before" or
//! "after" and a noun: "open the PR after /commit", "run /commit before
//! /pr-writer", "deploy to vercel after the security review". Such a clause
//! is one task to the cutter (no second command follows the word), so the
//! skills it serves share a place in the asked order; the word between
//! them still says which goes first.

use super::{Chosen, Selection};
use crate::plan::clauses::words_of;
// What may stand between the word of order and the thing it names: "after
// the security review", "before my /pr-writer run".
use crate::plan::query::DETERMINERS;

/// Words that negate or hedge what a clause states ("don't forget to run
/// /commit before /pr-writer", "not sure it matters, but …"): no order is
/// read from such a clause.
const NEGATIONS: &[&str] = &[
    "don't",
    "dont",
    "never",
    "not",
    "no",
    "shouldn't",
    "mustn't",
    "without",
];

/// The most skills of one clause read for an order: a clause names a few
/// things, and each pair is read once.
const MAX_SKILLS: usize = 8;

/// Pairs (first, then) of chosen skills, as catalog indices, that one
/// clause orders by a "before" or an "after" just before the words that
/// chose the later-written one.
pub(super) fn within_clauses(sel: &Selection) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut done: Vec<(usize, &str)> = Vec::new();
    for (_, rank, clause) in &sel.clause_of {
        if done.contains(&(*rank, clause.as_str())) {
            continue;
        }
        done.push((*rank, clause.as_str()));
        let skills: Vec<usize> = sel
            .clause_of
            .iter()
            .filter(|(_, r, c)| r == rank && c == clause)
            .map(|(s, _, _)| *s)
            .take(MAX_SKILLS)
            .collect();
        if skills.len() < 2 {
            continue;
        }
        let words = words_of(clause);
        if words.iter().any(|w| NEGATIONS.contains(&w.0.as_str())) {
            continue;
        }
        let spans: Vec<(usize, (usize, usize))> = skills
            .iter()
            .filter_map(|&s| span(sel, s, &words).map(|x| (s, x)))
            .collect();
        for (i, &(sa, x)) in spans.iter().enumerate() {
            for &(sb, y) in &spans[i + 1..] {
                // The one written first, and the one after it.
                let ((p, sp), (q, sq)) = if x.1 < y.0 {
                    ((x, sa), (y, sb))
                } else if y.1 < x.0 {
                    ((y, sb), (x, sa))
                } else {
                    continue;
                };
                match stated(&words, p, q) {
                    Some(true) => out.push((sp, sq)),
                    Some(false) => out.push((sq, sp)),
                    None => {}
                }
            }
        }
    }
    out
}

/// Whether the skill written first goes first: "before" or "after" opens
/// the words that chose the later one ("deploy to vercel after the
/// security review"), and no other word of order stands between the two.
/// Not "what happened after the outage with a pdf copy".
fn stated(words: &[(String, usize, usize)], p: (usize, usize), q: (usize, usize)) -> Option<bool> {
    let between = &words[p.1 + 1..q.0];
    let mut k = between.len();
    while k > 0 && DETERMINERS.contains(&between[k - 1].0.as_str()) {
        k -= 1;
    }
    let word = between.get(k.checked_sub(1)?)?.0.as_str();
    let others = between[..k - 1]
        .iter()
        .any(|w| matches!(w.0.as_str(), "before" | "after"));
    match word {
        _ if others => None,
        "before" => Some(true),
        "after" => Some(false),
        _ => None,
    }
}

/// The first and last word of the clause that chose `skill`: its mention
/// when named, the words it matched when relevant. The clause's opening
/// word is its command, which governs every object after it ("build the
/// spreadsheet before the slides"): it anchors a skill only when nothing
/// else does.
fn span(sel: &Selection, skill: usize, words: &[(String, usize, usize)]) -> Option<(usize, usize)> {
    let (_, why) = sel.chosen.iter().find(|(s, _)| *s == skill)?;
    let wanted: Vec<String> = match why {
        Chosen::Named { mention } => vec![mention.to_lowercase()],
        Chosen::Relevant { words, .. } => words.iter().map(|w| w.to_lowercase()).collect(),
        Chosen::Selector => return None,
    };
    let mut at: Vec<usize> = words
        .iter()
        .enumerate()
        .filter(|(_, w)| wanted.contains(&w.0))
        .map(|(i, _)| i)
        .collect();
    if at.len() > 1 && at[0] == 0 {
        at.remove(0);
    }
    Some((*at.first()?, *at.last()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(clause: &str, chosen: &[(usize, Chosen)]) -> Selection {
        Selection {
            chosen: chosen.to_vec(),
            clause_of: chosen
                .iter()
                .map(|(s, _)| (*s, 0, clause.to_string()))
                .collect(),
            ..Selection::default()
        }
    }

    fn named(s: usize, m: &str) -> (usize, Chosen) {
        (s, Chosen::Named { mention: m.into() })
    }

    fn relevant(s: usize, words: &[&str], clause: &str) -> (usize, Chosen) {
        let chosen = Chosen::Relevant {
            score: 1.0,
            evidence: 1.0,
            words: words.iter().map(|w| w.to_string()).collect(),
            clause: clause.into(),
        };
        (s, chosen)
    }

    #[test]
    fn after_puts_the_later_mention_first() {
        let c = "run /pr-writer after /commit";
        let s = sel(c, &[named(1, "/pr-writer"), named(2, "/commit")]);
        assert_eq!(within_clauses(&s), vec![(2, 1)]);
    }

    #[test]
    fn before_keeps_the_written_order() {
        let c = "run /commit before /pr-writer";
        let s = sel(c, &[named(1, "/pr-writer"), named(2, "/commit")]);
        assert_eq!(within_clauses(&s), vec![(2, 1)]);
    }

    #[test]
    fn relevant_words_anchor_a_skill() {
        let c = "deploy to vercel after the security review";
        let s = sel(
            c,
            &[
                relevant(1, &["deploy", "vercel"], c),
                relevant(2, &["security", "review"], c),
            ],
        );
        assert_eq!(within_clauses(&s), vec![(2, 1)]);
    }

    #[test]
    fn the_opening_command_anchors_no_skill() {
        let c = "build the spreadsheet before the slides";
        let s = sel(
            c,
            &[
                relevant(1, &["build", "slides"], c),
                relevant(2, &["spreadsheet"], c),
            ],
        );
        assert_eq!(within_clauses(&s), vec![(2, 1)]);
    }

    #[test]
    fn a_negation_or_a_time_phrase_states_no_order() {
        let c = "don't forget to deploy to vercel before the security review";
        let s = sel(
            c,
            &[
                relevant(1, &["deploy", "vercel"], c),
                relevant(2, &["security", "review"], c),
            ],
        );
        assert!(within_clauses(&s).is_empty());
        // "after" opens a time, not the pdf: it says when things happened.
        let c = "write a docx report on what happened after the outage with a pdf copy";
        let s = sel(c, &[relevant(1, &["docx"], c), relevant(2, &["pdf"], c)]);
        assert!(within_clauses(&s).is_empty());
        let c = "deploy to vercel after all with a pdf copy";
        let s = sel(c, &[relevant(1, &["vercel"], c), relevant(2, &["pdf"], c)]);
        assert!(within_clauses(&s).is_empty());
    }

    #[test]
    fn no_word_of_order_or_overlapping_words_say_nothing() {
        let c = "make the slides and the spreadsheet";
        let s = sel(
            c,
            &[
                relevant(1, &["slides"], c),
                relevant(2, &["spreadsheet"], c),
            ],
        );
        assert!(within_clauses(&s).is_empty());
        let c = "summarize the deploy notes after the deploy";
        let s = sel(
            c,
            &[relevant(1, &["deploy"], c), relevant(2, &["notes"], c)],
        );
        assert!(within_clauses(&s).is_empty());
        // Both words of order: no one order.
        let c = "pdf before and after xlsx";
        let s = sel(c, &[named(1, "pdf"), named(2, "xlsx")]);
        assert!(within_clauses(&s).is_empty());
    }
}
