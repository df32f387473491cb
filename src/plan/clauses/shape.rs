//! What a sentence's shape says when no word of it is on a list: it opens
//! as a command ("take meeting notes for the call") or with its subject
//! ("rebase finished, …").

use super::lists::counts;
use super::read::Read;
use super::{opens_request, plain, sentences, words_of, Piece};

/// Finite verbs that say a sentence opened with its subject: "Marco left
/// ~15 comments", "rebase finished", "build broke on main". Also read as
/// a first word: "found why the parser crashes" tells, it does not ask.
const FINITE: &[&str] = &[
    "are", "broke", "built", "came", "did", "found", "gave", "got", "had", "has", "is", "kept",
    "left", "lost", "made", "ran", "said", "saw", "sent", "told", "took", "was", "went", "were",
    "wrote",
];

/// Words that open what a verb acts on, or its infinitive: "writes the
/// changelog", "wants to quote".
const DETERMINERS: &[&str] = &[
    "a", "all", "an", "each", "every", "her", "his", "its", "my", "our", "some", "that", "the",
    "their", "these", "this", "those", "to", "your",
];

/// True when the first sentence of `text` opens as a command by its shape:
/// "take meeting notes for the call", "jot down the notes". Not when its
/// first word is code or a count ("`GET /exports` returns 200", "two
/// review passes"), nor when a finite verb follows it: "rebase
/// finished, …", "Leadership wants to quote…", "Sara reviews PRs".
pub(super) fn commands_by_shape(text: &str) -> bool {
    let Some((first, _)) = sentences::sentences(text)
        .into_iter()
        .find(|(s, _)| !s.trim().is_empty())
    else {
        return false;
    };
    let found = words_of(first);
    let plain = plain(&found);
    let token = first.split_whitespace().next().unwrap_or("");
    let written = !token.contains(|c: char| c.is_ascii_digit() || c == '`');
    let finite = |k: usize| {
        plain.get(k).is_some_and(|w| {
            w.ends_with("ed")
                || FINITE.contains(w)
                // "Sara reviews PRs", "Lint hooks fail on CI", "Leadership
                // wants to…": a verb in -s, or a plural's bare verb, before
                // its object. Not "take notes for the call": a noun before
                // a word of no content.
                || k == 1
                    && plain.get(k + 1).is_some_and(|n| {
                        let plural = |x: &str| x.ends_with('s') && !x.ends_with("ss");
                        (plural(w) || plural(plain[0]))
                            && (DETERMINERS.contains(n) || !crate::plan::text::is_stop_word(n))
                    })
        })
    };
    opens_request(first)
        && written
        // "Two review passes on the PR" names things.
        && plain.first().is_some_and(|w| !counts(w) && *w != "one")
        && !finite(0)
        && !finite(1)
}

/// "jot down the notes for the call. Then send them round.": a step goes
/// on from a task, so the sentence before it that opens as a command by
/// its shape is one, its verb on no list or not.
pub(super) fn steps_go_on_from_commands(read: &mut Read, pieces: &[Piece]) {
    for n in 1..read.requests.len() {
        let first_piece = || pieces.iter().find(|p| p.sentence == n - 1);
        if read.steps[n]
            && !read.requests[n - 1]
            && !read.waives[n - 1]
            && first_piece().is_some_and(|p| commands_by_shape(&p.text))
        {
            read.requests[n - 1] = true;
        }
    }
}

/// True when `text` opens by saying what the work must hold to, not a
/// task of its own: "make sure it covers the migration", "keep them under
/// 200 words", "don't touch the footer".
pub(super) fn holds_to(text: &str) -> bool {
    let found = words_of(text);
    let w = plain(&found);
    matches!(
        w.as_slice(),
        ["make", "sure", ..]
            | ["ensure" | "keep" | "avoid" | "never" | "don't" | "dont", ..]
            | ["do", "not", ..]
    )
}
