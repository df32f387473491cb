//! The order one clause states between two of its skills with "before" or
//! "after" and a noun: "open the PR after /commit", "run /commit before
//! /pr-writer", "deploy to vercel after the security review". Such a clause
//! is one task to the cutter (no second command follows the word), so the
//! skills it serves share a place in the asked order; the word between
//! them still says which goes first.

use super::{Chosen, Selection};
use crate::plan::clauses::words_of;

/// Words that negate the order a clause states ("don't deploy before the
/// review": the review goes first).
const NEGATIONS: &[&str] = &["don't", "dont", "never", "not", "shouldn't", "mustn't"];

/// Pairs (first, then) of chosen skills, as catalog indices, that one
/// clause orders by a "before" or an "after" between the words that chose
/// them.
pub(super) fn within_clauses(sel: &Selection) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (a, (sa, ra, ca)) in sel.clause_of.iter().enumerate() {
        for (sb, rb, cb) in &sel.clause_of[a + 1..] {
            if ra != rb || ca != cb {
                continue;
            }
            let words = words_of(ca);
            let (Some(x), Some(y)) = (span(sel, *sa, &words), span(sel, *sb, &words)) else {
                continue;
            };
            // The one written first, and the one after it.
            let ((p, sp), (q, sq)) = if x.1 < y.0 {
                ((x, *sa), (y, *sb))
            } else if y.1 < x.0 {
                ((y, *sb), (x, *sa))
            } else {
                continue;
            };
            if let Some(first_written_first) = stated(&words, p, q) {
                out.push(if first_written_first {
                    (sp, sq)
                } else {
                    (sq, sp)
                });
            }
        }
    }
    out
}

/// Whether the skill written first goes first, when the words between the
/// two spans say so with one "before" or one "after".
fn stated(words: &[(String, usize, usize)], p: (usize, usize), q: (usize, usize)) -> Option<bool> {
    let between = &words[p.1 + 1..q.0];
    let before = between.iter().filter(|w| w.0 == "before").count();
    let after = between.iter().filter(|w| w.0 == "after").count();
    let negated = words[..p.0]
        .iter()
        .chain(between)
        .any(|w| NEGATIONS.contains(&w.0.as_str()));
    match (before, after, negated) {
        (1, 0, false) => Some(true),
        (1, 0, true) => Some(false),
        (0, 1, false) => Some(false),
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
    fn negation_turns_before_around() {
        let c = "don't deploy to vercel before the security review";
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
