//! Sentences that say no work is wanted: venting, wanting only to
//! understand, taking a request back, closing ("that's all for today"),
//! and reports of work already done ([`reports_done`]). Full forms are
//! read as their contractions ("I do not" as "I don't"; see `folds`).
//! [`super::clauses`] plans nothing for an intent whose every sentence
//! declines or asks for none, and no question in it is about the person's
//! own work.

use super::asks::{asks_plain_telling, is_request, names_own};
use super::clauses::words_of;
use super::topic::BY_ONESELF;
use shapes::{
    decided_against, does_it_self, forbids_all, forbids_one, leaves_alone, needs_none, none_asked,
    none_needs, none_requested, not_asking, not_doing, nothing_to,
};

/// True when a piece of `intent` is an aside that asks for nothing
/// ("Anyway, coffee time, back in 20.", "…? just curious"; see
/// `ASIDES`).
pub fn says_aside(intent: &str) -> bool {
    let lower = intent.to_lowercase();
    if !ASIDES.iter().any(|d| lower.contains(d)) {
        return false;
    }
    pieces_of(&lower)
        .iter()
        .any(|p| says_alone(&led_words(p), ASIDES))
}

/// True when a piece's words (and how many lead words open it, see
/// [`led_words`]) are one of `phrases` alone, with its tail.
fn says_alone((w, lead): &(Vec<String>, usize), phrases: &[&str]) -> bool {
    // A phrase may open with a word that also leads one: "we're covered
    // there" after "we're" was read past.
    phrases
        .iter()
        .any(|d| (0..=*lead).rev().any(|l| declines_as(d, &w[l..])))
}

/// Words that may come before a phrase of [`DECLINES`] in its piece.
const DECLINE_LEAD: &[&str] = &[
    "actually", "also", "and", "anyway", "btw", "but", "fyi", "honestly", "i", "i'm", "im", "just",
    "lol", "merely", "nah", "nope", "oh", "ok", "okay", "only", "please", "pls", "plz", "purely",
    "really", "simply", "so", "thanks", "uh", "ugh", "um", "wait", "was", "we", "we're", "well",
    "yeah",
];

/// Words anywhere in a piece that ask for work, beside those
/// [`is_request`] finds ("could you", "please"): "just curious whether you
/// could merge these", "don't touch anything, just tell me what's wrong".
const ASKING: &[&str] = &[
    "you could",
    "you can",
    "tell me",
    "show me",
    "walk me through",
];

/// True when `sentence` (`asked`: as a question) says the person wants no
/// work done and no piece of it asks for any. A piece that only spares the
/// agent one task ("no need to touch the sheet") declines when every piece
/// beside it declines too ("…, I already fixed it by hand"). Pieces are
/// cut at commas, colons, semicolons, sentence marks and dashes: "fix the
/// failing CI, that's all for today" asks; "checked the vercel bill, it's fine,
/// nothing to do there" does not; nor does "not building anything, but is
/// the security of this auth flow ok?", a question about the person's own
/// things. An intent that asks for nothing else plans no step.
pub fn declines_work(sentence: &str, asked: bool) -> bool {
    // Most sentences hold no phrase of a decline: a search says so before
    // any word is read.
    if !may_decline(sentence) {
        return false;
    }
    if none_requested(sentence) {
        return true;
    }
    let pieces = pieces_of(sentence);
    // "No need to touch the sheet": declined, unless a piece beside it
    // says what is wrong ("…, the API is what breaks"), which is then the
    // work.
    let declined = (pieces.iter().any(|p| is_decline(p))
        || pieces.iter().any(|p| spares_part(p))
            && pieces.iter().all(|p| is_decline(p) || spares_part(p)))
        && !but_more(&pieces);
    declined
        && !pieces
            .iter()
            .any(|p| !is_decline(p) && !spares_part(p) && piece_asks(p))
        // "Not building anything, but is the security of this auth flow
        // ok?": a question about the person's own things asks.
        && !(asked && pieces.iter().any(|p| !is_decline(p) && names_own(p)))
}

/// True when `sentence` forbids one piece of work and asks for none: "the
/// board locked pricing, so please don't propose new tiers", "dont triage
/// them". An intent that asks nothing else plans nothing, unless it tells
/// of something failing (see [`super::clauses`]).
pub fn forbids_work(sentence: &str) -> bool {
    // Most sentences hold no "don't": the search says so first.
    if !may_decline(sentence) {
        return false;
    }
    let pieces = pieces_of(sentence);
    let forbids = |p: &&str| {
        let (w, lead) = led_words(p);
        forbids_one(&w[lead..])
    };
    pieces.iter().any(forbids)
        && !pieces
            .iter()
            .any(|p| !forbids(p) && !is_decline(p) && !spares_part(p) && piece_asks(p))
}

/// True when a piece of `pieces` declines one thing and one after it
/// opens with "but" and says more: "no action needed on the docs, but the
/// report needs a pivot table" (what follows "but" is the work, asked or
/// not).
fn but_more(pieces: &[&str]) -> bool {
    pieces.iter().any(|p| is_decline(p) && names_a_part(p))
        && pieces.iter().skip(1).any(|p| {
            p.get(..4).is_some_and(|b| b.eq_ignore_ascii_case("but "))
                && p.split_whitespace().count() >= 4
                && !is_decline(p)
        })
}

/// False when `text` holds no word a decline or a spared task is said
/// with, as a search finds them before any word is read.
fn may_decline(text: &str) -> bool {
    const QUIET: &[&str] = &[
        "anything",
        "not asking",
        "no need",
        "have to",
        "need to",
        "leave ",
        "keep ",
        "nothing",
        "no work",
        "no one",
        "nobody",
        " any ",
        " no ",
        "decided",
        "chose",
        "agreed",
        "'re not ",
        "'m not ",
        " are not ",
        " am not ",
        "don't need",
        "dont need",
        "don't want",
        "dont want",
        "do not need",
        "do not want",
        "neither",
        "none of",
        "don't ",
        "dont ",
        "do not ",
        "ignore ",
        "fyi",
        "double-check",
        "trying to",
        "but hold off",
        "hold off",
        "park ",
        "shelve ",
        "table it",
        "table that",
        "table this",
        "postpone ",
        "defer ",
        "pause it",
        "pause that",
        "on hold",
        "on ice",
        "put a pin",
        "but not yet",
        "but not now",
        "let's not ",
        "lets not ",
        "wait til",
        "wait until",
        // Work called off or dreamt of (see `drops`).
        "cancel ",
        "drop ",
        "pause ",
        "scratch ",
        "someday",
        "some day",
        "one day",
        "one of these days",
        "imagine",
        "if we ever",
        "if i ever",
        "wonder if",
        "ideal world",
        "maybe next year",
    ];
    // One automaton for every phrase, in either apostrophe: one pass over
    // the text, not one per phrase.
    static PHRASES: std::sync::OnceLock<aho_corasick::AhoCorasick> = std::sync::OnceLock::new();
    let phrases = PHRASES.get_or_init(|| {
        let all = QUIET.iter().chain(BY_ONESELF).chain(DECLINES);
        let typographic = all.clone().filter(|p| p.contains('\''));
        let patterns: Vec<String> = all
            .map(|p| p.to_string())
            .chain(typographic.map(|p| p.replace('\'', "\u{2019}")))
            .collect();
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(patterns)
            .expect("the phrases are plain text")
    });
    // Markdown emphasis is no word: "we're **not** doing it".
    if text.contains('*') {
        return may_decline(&text.replace('*', ""));
    }
    let t = text.trim_start().as_bytes();
    t.len() >= 3 && t[..3].eq_ignore_ascii_case(b"no ") || phrases.is_match(text)
}

/// Phrases that spare the agent one task, the verb and its object after
/// them: "no need to draft anything", "you don't have to touch the sheet".
const SPARES: &[&str] = &[
    "no need to",
    "no need for you to",
    "there's no need to",
    "there's no need for you to",
    "don't need to",
    "dont need to",
    "you don't need to",
    "you dont need to",
    "you don't have to",
    "you dont have to",
];

/// True when `piece` spares the agent a task (see [`SPARES`]).
fn spares_part(piece: &str) -> bool {
    let (w, lead) = led_words(piece);
    let rest = &w[lead..];
    SPARES
        .iter()
        .any(|d| opens_with(rest, d).is_some_and(|n| rest.len() > n))
}

/// The number of words of `phrase` when `words` open with it.
fn opens_with(words: &[String], phrase: &str) -> Option<usize> {
    let n = phrase.split(' ').count();
    (words.len() >= n && phrase.split(' ').zip(words).all(|(a, b)| a == b)).then_some(n)
}

/// True when a piece of `sentence` asks for work (see [`declines_work`]):
/// "Oh wait, also commit the changes", "Here are my notes, please make a
/// page".
pub fn a_piece_asks(sentence: &str) -> bool {
    pieces_of(sentence)
        .iter()
        .any(|p| !is_decline(p) && piece_asks(p))
}

/// `sentence` cut at commas, semicolons, dashes, and at colons and
/// sentence marks that end a word.
fn pieces_of(sentence: &str) -> Vec<&str> {
    let mut cuts = Vec::new();
    let mut chars = sentence.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next_blank = chars.peek().is_none_or(|(_, n)| n.is_whitespace());
        let always = matches!(c, ',' | ';' | '\u{2014}' | '\u{2013}');
        // A dot or colon inside a word is not a mark: "vercel.json",
        // "v1.2", "https://".
        if always || (matches!(c, ':' | '.' | '!' | '?') && next_blank) {
            cuts.push((i, i + c.len_utf8()));
        }
    }
    let mut out = Vec::new();
    let mut from = 0;
    for (at, resume) in cuts.into_iter().chain([(sentence.len(), sentence.len())]) {
        out.push(&sentence[from..at]);
        from = resume;
    }
    out.into_iter()
        .flat_map(|p| p.split(" - "))
        .flat_map(split_at_so)
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

/// `piece` cut before each "so" inside it, as speech typed by voice runs
/// its clauses together: "…looks good so yeah thanks nothing else for
/// now".
fn split_at_so(piece: &str) -> Vec<&str> {
    let lower = piece.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    for (at, _) in lower.match_indices(" so ") {
        out.push(&piece[from..at]);
        from = at + 1;
    }
    out.push(&piece[from..]);
    out
}

/// True when `piece` spares the agent work or declines it: "no need to
/// touch the spreadsheet", "leave the footer alone", "don't change
/// anything", "I'll do the deploy myself".
pub fn spares_work(piece: &str) -> bool {
    may_decline(piece) && (is_decline(piece) || spares_part(piece))
}

/// True when `piece` is a phrase of [`DECLINES`] alone (see there), or
/// the person's own doing of the work ([`does_it_self`]).
fn is_decline(piece: &str) -> bool {
    let w = folded_words(piece);
    declines_words(&w) || two_declines(&w)
}

/// [`is_decline`] on a piece's words.
fn declines_words(w: &[String]) -> bool {
    let lead = w
        .iter()
        .take_while(|x| DECLINE_LEAD.contains(&x.as_str()))
        .count();
    let rest = &w[lead..];
    does_it_self(w)
        || says_alone(&(w.to_vec(), lead), DECLINES)
        // "just FYI for the ticket": the lead that informs, alone.
        || w[..lead].iter().any(|x| x == "fyi") && is_tail(rest)
        || forbids_all(rest)
        || leaves_alone(rest)
        || not_asking(rest)
        || nothing_to(rest)
        || none_asked(rest)
        || decided_against(rest)
        || not_doing(rest)
        || needs_none(rest)
        || none_needs(rest)
        || (w[..lead].iter().any(|x| x == "just") && (only_wonders(rest) || only_follows(rest)))
        || tails::put_off(w)
        || tails::parks(rest)
        || drops::calls_off(rest)
        || drops::muses(rest)
        || drops::thanks_for(rest)
        || tails::not_yet(rest)
        || lead > 0 && w[lead - 1] == "wait" && tails::waits_for(rest)
}

/// True when `w` is two declines said without a mark between them, as
/// speech typed by voice has them: "just thinking out loud don't make
/// anything yet", "leave my essay alone i'm keeping every one" is not
/// (the second half tells, it does not decline).
fn two_declines(w: &[String]) -> bool {
    // Each decline is a few words: a longer piece is no two of them, and
    // trying every cut of it would cost its length squared.
    (4..=16).contains(&w.len())
        && (2..w.len() - 1).any(|i| declines_words(&w[..i]) && declines_words(&w[i..]))
}

/// True when `rest` is a phrase of understanding and what is wondered
/// about: "(just) trying to understand how their pricing works", "(just)
/// wanted to know why it's free", "just want to double-check when it
/// ends". Only after "just": "I want to
/// understand why customers churn" asks for the research.
fn only_wonders(rest: &[String]) -> bool {
    const WONDERED: &[&str] = &[
        "how", "what", "why", "whether", "if", "where", "when", "which", "who",
    ];
    // "(just) want to double-check when the day ends": the person checks
    // what they were told.
    const CHECKS: &[&str] = &["want to double-check", "wanted to double-check"];
    DECLINES
        .iter()
        .filter(|d| d.ends_with("understand") || d.ends_with("know"))
        .chain(CHECKS)
        .any(|d| {
            opens_with(rest, d)
                .and_then(|n| rest.get(n))
                .is_some_and(|w| WONDERED.contains(&w.as_str()))
        })
}

/// True when `rest` says the person only tries to follow something, the
/// reason a question beside it is asked: "(just) trying to follow a talk
/// I'm watching", "(just) trying to keep up with the thread". What they
/// follow may be anything; no work is asked.
fn only_follows(rest: &[String]) -> bool {
    const FOLLOW: &[&str] = &[
        "trying to follow",
        "trying to keep up",
        "trying to make sense of",
        "trying to get my head around",
        "trying to wrap my head around",
    ];
    FOLLOW.iter().any(|d| opens_with(rest, d).is_some())
}

/// The words of `piece`, and how many of them lead in (see
/// [`DECLINE_LEAD`]: "just", "fyi", "ok" …).
fn led_words(piece: &str) -> (Vec<String>, usize) {
    let w = folded_words(piece);
    let lead = w
        .iter()
        .take_while(|x| DECLINE_LEAD.contains(&x.as_str()))
        .count();
    (w, lead)
}

/// True when `piece` asks for work: it opens as a request once its lead
/// words are set aside ("so write the handoff", "just review the PR"), or
/// holds a word of asking ("…whether you could merge these").
fn piece_asks(piece: &str) -> bool {
    let t = piece.to_lowercase();
    let found = words_of(&t);
    let mut lead = found
        .iter()
        .take_while(|(x, _, _)| DECLINE_LEAD.contains(&x.as_str()) && x != "i" && x != "we")
        .count();
    // "…, but after that commit my changes": the next step asked.
    let words: Vec<&str> = found[lead..].iter().map(|x| x.0.as_str()).collect();
    lead += super::order_words::forward(&words).unwrap_or(0);
    let rest = found.get(lead).map_or("", |(_, b, _)| &t[*b..]);
    // "dont need a whole course on it": what is not needed asks nothing.
    if matches!(
        (words.first(), words.get(1)),
        (Some(&("don't" | "dont")), Some(&("need" | "want")))
    ) {
        return false;
    }
    (is_request(rest) || ASKING.iter().any(|a| has_words(&t, a))) && !asks_plain_telling(rest)
}

/// True when `text` holds `phrase` as whole words. (`contains` first:
/// its search is the fast one, and most phrases are absent.)
pub(in crate::plan) fn has_words(text: &str, phrase: &str) -> bool {
    text.contains(phrase)
        && text.match_indices(phrase).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + phrase.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
}

mod drops;
mod folds;
mod judgements;
mod openings;
mod phrases;
mod reports;
mod shapes;
mod tails;

use folds::folded_words;
use phrases::{ASIDES, DECLINES};
use tails::{declines_as, is_tail, names_a_part};

pub use judgements::only_praises;
use openings::informs;
pub use openings::{
    opens_informing, opens_with_interjection, reacts_anywhere, thanks_later, without_sign_off,
};
pub use reports::{reports_done, reports_work_done, tells_the_past};
#[cfg(test)]
mod tests;
