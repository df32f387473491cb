//! Questions of three kinds that ask to be told, not for work: the
//! difference between things ("what's the difference between merge and
//! rebase?"), a choice between two ("obsidian or notion for notes?"), and
//! what the agent itself remembers or can do ("do you remember what we
//! changed yesterday?").

use super::super::{is_request, OWN};
use crate::plan::clauses::words_of;

/// True when `w` asks what the difference between things is, at its
/// start or after a comma or colon: "what's the difference between…",
/// "but I'm wondering: what is the difference between…".
pub(super) fn asks_a_difference(w: &[(String, usize, usize)]) -> bool {
    let x: Vec<&str> = w.iter().map(|(x, _, _)| x.as_str()).collect();
    (0..x.len()).any(|i| {
        matches!(
            &x[i..],
            [
                "what's" | "whats",
                "the",
                "difference" | "differences",
                "between",
                ..
            ] | [
                "what",
                "is" | "are",
                "the",
                "difference" | "differences",
                "between",
                ..
            ]
        )
    })
}

/// True when `w` open by asking what the agent remembers or can do:
/// "do you remember…", "do u keep memory between sessions…", "are you
/// able to read pdfs or do I have to…". Not "can you remember to run the
/// tests", a request, nor "are you able to fix it?" with no choice after.
pub(super) fn asks_about_agent(w: &[(String, usize, usize)]) -> bool {
    let word = |i: usize| w.get(i).map_or("", |x| x.0.as_str());
    let you = matches!(word(1), "you" | "u");
    let memory = matches!(word(0), "do" | "did")
        && you
        && (matches!(word(2), "remember" | "recall") && word(3) != "to"
            || matches!(word(2), "keep" | "have" | "retain")
                && w.iter().take(6).any(|x| x.0 == "memory"));
    // "…or do I have to", "…or is that gone": the choice after the
    // ability is what is asked.
    let or_else = || {
        w.windows(2).any(|p| {
            p[0].0 == "or" && matches!(p[1].0.as_str(), "do" | "does" | "is" | "should" | "will")
        })
    };
    // Read on only for "are you able…": is_question runs on every piece.
    memory || word(0) == "are" && you && word(2) == "able" && or_else()
}

/// True when `text`, asked with a question mark, asks which of two
/// things to choose: "obsidian or notion for personal notes?", "git merge
/// or rebase for a long-lived branch?". The choice opens it, in a few
/// words; not about the person's own things ("our repo: merge or
/// rebase?"), not a request ("can you merge or rebase it?"), and not a
/// count ("two or three nudges").
pub fn asks_a_choice(text: &str) -> bool {
    let w = words_of(text);
    let word = |i: usize| w.get(i).map_or("", |x| x.0.as_str());
    let mine = w.iter().any(|(x, _, _)| {
        OWN.contains(&x.as_str()) || matches!(x.as_str(), "i" | "i'm" | "we" | "we're")
    });
    let or_at = (1..=3).find(|&i| matches!(word(i), "or" | "vs" | "versus"));
    let request = matches!(
        word(0),
        "can" | "could" | "would" | "will" | "please" | "pls"
    ) || is_request(text) && or_at != Some(1);
    // "two or three nudges", "2 or 3 options": a count, not a choice.
    let count = or_at.is_some_and(|k| is_count(word(k - 1)) && is_count(word(k + 1)));
    !mine && !request && !count && w.len() <= 12 && or_at.is_some_and(|k| k + 1 < w.len())
}

/// True when `w` is a small count, in words or digits.
fn is_count(w: &str) -> bool {
    const COUNTS: &[&str] = &[
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "a", "few",
    ];
    COUNTS.contains(&w) || !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
}

/// True when `w` open by asking whether the work is possible, for the
/// agent to do it: "is it possible to…", "is it possible for you to…".
/// Not "is it possible that…", a question of fact.
pub(super) fn asks_if_possible(w: &[(String, usize, usize)]) -> bool {
    let x: Vec<&str> = w.iter().take(6).map(|(x, _, _)| x.as_str()).collect();
    matches!(
        x.as_slice(),
        ["is", "it", "possible", "to", ..] | ["is", "it", "possible", "for", "you" | "u", "to", ..]
    )
}
