//! Sentences that say no work is wanted: venting, wanting only to
//! understand, taking a request back, closing ("that's all for today").
//! [`super::clauses`] plans nothing for an intent whose every sentence
//! declines or asks for none, and no question in it is about the person's
//! own work.

use super::asks::{is_request, names_own};
use super::clauses::words_of;

/// What a piece of a sentence says when the person wants no work done:
/// venting ("just venting", "I needed to vent"), wanting only to
/// understand ("just want to understand it", "just trying to understand
/// it"), nothing to act on ("nothing to do there", "not setting anything
/// up"), taking a request back ("so never mind") or closing ("that's all
/// for today"). The piece must be the phrase alone, with at most the words of
/// [`DECLINE_LEAD`] before it and of [`DECLINE_TAIL`] after it: "not
/// asking for anything fancy", "nothing to do with code" and "no action
/// needed on the docs, but…" decline only part of the work, or none. Not
/// "just curious", "just sharing" or "not touching it": after a problem
/// ("the CI is failing again, just curious"; "sharing this: the deploy
/// fails with a 500") the person may still want it worked on.
const DECLINES: &[&str] = &[
    "need to vent",
    "needed to vent",
    "never mind",
    "nevermind",
    "no action needed",
    "no action required",
    "no need to do anything",
    "not asking for anything",
    "not asking you to do anything",
    "not building anything",
    "not doing anything",
    "not setting anything up",
    "nothing for you to do",
    "nothing to do here",
    "nothing to do there",
    "rant over",
    "ranting",
    "that's all for today",
    "that's all i needed",
    "that's it for today",
    "trying to understand",
    "venting",
    "want to understand",
    "wanted to know",
];

/// Words that may come before a phrase of [`DECLINES`] in its piece.
const DECLINE_LEAD: &[&str] = &[
    "actually", "also", "and", "anyway", "but", "honestly", "i", "i'm", "im", "just", "lol", "oh",
    "ok", "okay", "only", "purely", "really", "so", "ugh", "wait", "was", "we", "we're", "well",
];

/// Words that may come after a phrase of [`DECLINES`] in its piece: when,
/// to whom, thanks, and what is wondered about ("just want to understand
/// it", "…what you'd say").
const DECLINE_TAIL: &[&str] = &[
    "anyone", "it", "lol", "now", "right", "rn", "say", "someone", "thanks", "that", "think",
    "this", "to", "today", "tonight", "what", "yet", "you", "you'd", "ya",
];

/// Words anywhere in a piece that ask for work, beside those
/// [`is_request`] finds ("could you", "please"): "just curious whether you
/// could merge these".
const ASKING: &[&str] = &["you could", "you can"];

/// True when `sentence` (`asked`: as a question) says the person wants no
/// work done and no piece of it asks for any. Pieces are cut at commas,
/// colons, semicolons, sentence marks and dashes: "fix the failing CI,
/// that's all for today" asks; "checked the vercel bill, it's fine,
/// nothing to do there" does not; nor does "not building anything, but is
/// the security of this auth flow ok?", a question about the person's own
/// things. An intent that asks for nothing else plans no step.
pub fn declines_work(sentence: &str, asked: bool) -> bool {
    // Most sentences hold no phrase of a decline: a search says so before
    // any word is read.
    let lower = sentence.to_lowercase().replace('\u{2019}', "'");
    if !DECLINES.iter().any(|d| lower.contains(d)) {
        return false;
    }
    let pieces = pieces_of(sentence);
    pieces.iter().any(|p| is_decline(p))
        && !pieces.iter().any(|p| !is_decline(p) && piece_asks(p))
        // "Not building anything, but is the security of this auth flow
        // ok?": a question about the person's own things asks.
        && !(asked && pieces.iter().any(|p| !is_decline(p) && names_own(p)))
}

/// True when a piece of `sentence` asks for work (see [`declines_work`]):
/// "Oh wait, also commit the changes", "Here are my notes, please make a
/// page".
pub fn a_piece_asks(sentence: &str) -> bool {
    pieces_of(sentence)
        .iter()
        .any(|p| !is_decline(p) && piece_asks(p))
}

/// `sentence` cut at commas, colons, semicolons, sentence marks and
/// dashes.
fn pieces_of(sentence: &str) -> Vec<&str> {
    sentence
        .split([',', ';', ':', '.', '!', '?', '\u{2014}', '\u{2013}'])
        .flat_map(|p| p.split(" - "))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

/// True when `piece` is a phrase of [`DECLINES`] alone (see there).
fn is_decline(piece: &str) -> bool {
    let w: Vec<String> = words_of(piece).into_iter().map(|(w, _, _)| w).collect();
    let lead = w
        .iter()
        .take_while(|x| DECLINE_LEAD.contains(&x.as_str()))
        .count();
    let rest = &w[lead..];
    DECLINES.iter().any(|d| {
        let n = d.split(' ').count();
        rest.len() >= n
            && d.split(' ').zip(rest).all(|(a, b)| a == b)
            && rest[n..].iter().all(|x| DECLINE_TAIL.contains(&x.as_str()))
    })
}

/// True when `piece` asks for work: it opens as a request once its lead
/// words are set aside ("so write the handoff", "just review the PR"), or
/// holds a word of asking ("…whether you could merge these").
fn piece_asks(piece: &str) -> bool {
    let t = piece.to_lowercase();
    let found = words_of(&t);
    let lead = found
        .iter()
        .take_while(|(x, _, _)| DECLINE_LEAD.contains(&x.as_str()) && x != "i" && x != "we")
        .count();
    let rest = found.get(lead).map_or("", |(_, b, _)| &t[*b..]);
    is_request(rest) || ASKING.iter().any(|a| has_words(&t, a))
}

/// True when `text` holds `phrase` as whole words.
fn has_words(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saying_no_work_is_wanted_declines_it() {
        for s in [
            "our PR team is throwing a party, nothing to do with code, just venting",
            "nice, the tests pass now. that's all for today, thanks",
            "Random question. Not setting anything up, just curious what you'd say.",
            "not doing anything rn, just want to understand it",
            "checked the vercel bill this month, it's fine, nothing to do there",
            "I just needed to vent to someone.",
            "Not asking you to do anything, just trying to understand it.",
            "I was going to ask for a review but it's approved, so never mind",
        ] {
            assert!(declines_work(s, s.ends_with('?')), "{s}");
        }
    }

    #[test]
    fn a_piece_that_asks_or_declines_only_part_is_no_decline() {
        for s in [
            // A piece asks for work.
            "fix the failing CI on my PR, that's all for today",
            "just curious, the checks failed again, fix them",
            "Just curious whether you could merge these three PDFs into one",
            "just wondering if you could turn my notes into a page",
            "I just want to understand why the build fails, can you look into the logs?",
            "I'm done for today, so write the handoff doc",
            "not asking you to rewrite it, just review the PR for security issues",
            "brb - fix the failing CI checks on my PR",
            // Only part of the work, or none, is declined.
            "Not asking for anything fancy",
            "nothing to do with the pptx, my Word doc loses its tracked changes",
            "no action needed on the docs, but the report needs a pivot table",
            "I'm not building anything new",
            "never mind the tests, just deploy it",
            "never mind, fix the failing CI instead",
            "not doing anything else today except deploying this app",
            // Signing off is no decline: the work may go on meanwhile.
            "The CI on my PR keeps failing on the lint step. Anyway, back in 20.",
            "the merge has conflicts in package.json. brb",
            "I'm done for today",
            "just curious, the CI is failing again",
            "Sharing this - the vercel deploy is failing with a 500 error",
            // A question about the person's own things asks.
            "Not building anything, but is the security of this auth flow ok?",
        ] {
            assert!(!declines_work(s, s.ends_with('?')), "{s}");
        }
    }
}
