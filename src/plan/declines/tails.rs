//! What may follow a phrase of decline in its piece: when, to whom, and
//! what it is about ("no changes needed for the net8 port there", "just
//! letting you know it's done", "never mind the PDF form from earlier");
//! and a tail that puts off the work its piece names ("ill need a press
//! release for the launch but hold off for now").

use super::{folded_words, opens_with};

/// Words that may come after a phrase of [`DECLINES`] in its piece: when,
/// to whom, thanks, and what is wondered about ("just want to understand
/// it", "…what you'd say").
pub(super) const DECLINE_TAIL: &[&str] = &[
    "a",
    "about",
    "all",
    "anyone",
    "bit",
    "earlier",
    "everyone",
    "folks",
    "for",
    "here",
    "it",
    "lol",
    "minute",
    "moment",
    "more",
    "needed",
    "now",
    "on",
    "requested",
    "required",
    "right",
    "rn",
    "say",
    "sec",
    "second",
    "someone",
    "team",
    "thanks",
    "that",
    "them",
    "there",
    "think",
    "this",
    "to",
    "today",
    "tonight",
    "what",
    "with",
    "yet",
    "you",
    "you'd",
    "ya",
];

/// True when `piece` names the one thing it is about: "on the docs", "for
/// the net8 port" (see [`is_tail`]).
pub(super) fn names_a_part(piece: &str) -> bool {
    const THE: &[&str] = &["the", "this", "that", "these", "those", "my", "our"];
    folded_words(piece).windows(2).any(|p| {
        matches!(p[0].as_str(), "about" | "for" | "on" | "with") && THE.contains(&p[1].as_str())
    })
}

/// True when `rest` is the phrase `d` and a tail it may have: words of
/// [`DECLINE_TAIL`], then a clause of time ("…just want to understand it
/// before my interview tomorrow"). After a phrase that ends with "to" a
/// verb comes first ("no need for you to touch it"); after a take-back
/// ("never mind", "forget about") what is taken back ("never mind the PDF
/// form from earlier").
pub(super) fn declines_as(d: &str, rest: &[String]) -> bool {
    let Some(n) = opens_with(rest, d) else {
        return false;
    };
    let after = &rest[n..];
    if d.ends_with(" to") {
        return after
            .first()
            .is_some_and(|v| v.bytes().all(|b| b.is_ascii_lowercase()))
            && is_tail(&after[1..]);
    }
    if TAKE_BACK.contains(&d) && is_taken_back(after) {
        return true;
    }
    // "nothing to do with the pptx" says what a problem is not about.
    if d.ends_with("to do") && after.first().is_some_and(|w| w == "with") {
        return false;
    }
    is_tail(after) || d.ends_with(" know") && tells_finished(after)
}

/// True when `words`, after a phrase that informs ("just letting you
/// know", "just so you know"), say that work is finished: "it's done",
/// "that it shipped", "the fix is live". Not "the deploy failed" nor "it's
/// done but the tests fail": trouble, or more, is told after it.
fn tells_finished(words: &[String]) -> bool {
    const FINISHED: &[&str] = &[
        "complete",
        "completed",
        "deployed",
        "done",
        "finished",
        "live",
        "merged",
        "out",
        "published",
        "released",
        "shipped",
        "sorted",
    ];
    const MORE: &[&str] = &["and", "but", "except", "though", "although", "not", "so"];
    let words = match words.first() {
        Some(that) if that == "that" => &words[1..],
        _ => words,
    };
    (1..=6).contains(&words.len())
        && words.iter().any(|x| FINISHED.contains(&x.as_str()))
        && !words.iter().any(|x| MORE.contains(&x.as_str()))
}

/// Phrases that take back an earlier request, with what it was.
const TAKE_BACK: &[&str] = &["never mind", "nevermind", "nvm", "forget", "forget about"];

/// True when `words` name what a take-back takes back: a noun phrase of a
/// few words ("the PDF form from earlier"), not a new task ("the tests and
/// deploy it").
pub(super) fn is_taken_back(words: &[String]) -> bool {
    const OPENS: &[&str] = &["the", "that", "this", "those", "these", "my", "our"];
    const NEW_WORK: &[&str] = &["and", "but", "then", "just", "instead", "so"];
    words.first().is_some_and(|w| OPENS.contains(&w.as_str()))
        && words.len() <= 6
        && !words.iter().any(|w| NEW_WORK.contains(&w.as_str()))
}

/// True when `words` are words of [`DECLINE_TAIL`], then perhaps a clause
/// of time of a few words ("before my interview tomorrow") or, after a
/// preposition, what the decline is about ("no changes needed for the
/// net8 port there", "fyi for the ticket", "not doing anything more with
/// it today"; see [`is_taken_back`]).
pub(super) fn is_tail(words: &[String]) -> bool {
    const TIME: &[&str] = &["before", "until", "till", "after"];
    const ABOUT: &[&str] = &["about", "for", "on", "with"];
    let k = words
        .iter()
        .take_while(|x| DECLINE_TAIL.contains(&x.as_str()))
        .count();
    let time = &words[k..];
    time.is_empty()
        || time.len() <= 6 && TIME.contains(&time[0].as_str())
        || k > 0 && ABOUT.contains(&words[k - 1].as_str()) && is_taken_back(time)
}

/// True when the words of a piece end in "but" and a putting off with
/// nothing after it: "ill need a press release next week but hold off for
/// now", "fix the footer but not yet". The work it names is not asked for
/// now. Not "it passes but not yet on windows": a putting off says no
/// more than when. After a comma ("fix the footer, but not yet") the
/// putting off is a piece of its own and the piece before it still asks.
pub(super) fn put_off(w: &[String]) -> bool {
    const PUT_OFF: &[&[&str]] = &[
        &["hold", "off"],
        &["hold", "off", "for", "now"],
        &["hold", "off", "on", "it"],
        &["hold", "off", "on", "that"],
        &["not", "yet"],
        &["not", "now"],
        &["not", "right", "now"],
        &["not", "today"],
    ];
    let Some(but) = w.iter().rposition(|x| x == "but") else {
        return false;
    };
    let mut tail: &[String] = &w[but + 1..];
    while tail.last().is_some_and(|x| SOFT.contains(&x.as_str())) {
        tail = &tail[..tail.len() - 1];
    }
    but > 0
        && PUT_OFF
            .iter()
            .any(|p| tail.iter().map(String::as_str).eq(p.iter().copied()))
}

/// True when `rest` puts the work it points at off, as a command of its
/// own: "park it for now", "hold off on that", "put a pin in it", "shelve
/// it till next sprint". What is put off is not asked for now. Not "park
/// the car in the garage" nor "table the results": the work named after
/// the verb is no pointer back. Named work is put off only by "park" or
/// "shelve" with the time it waits for ("park the domain brainstorming
/// until the investors sign"): "pause the campaign until monday" and
/// "postpone the standup till friday" ask for the pausing.
pub(super) fn parks(rest: &[String]) -> bool {
    const POINTERS: &[&str] = &["it", "this", "that", "them", "these", "those"];
    const VERBS: &[&str] = &["park", "shelve", "table", "postpone", "defer", "pause"];
    let w: Vec<&str> = rest.iter().map(String::as_str).collect();
    let pointer = |x: &&str| POINTERS.contains(x);
    let after = match w.as_slice() {
        [v, p, tail @ ..] if VERBS.contains(v) && pointer(p) => tail,
        ["park" | "shelve", named @ ..] => return parks_named(&rest[rest.len() - named.len()..]),
        ["hold", "off", "on", p, tail @ ..] if pointer(p) => tail,
        ["hold", "off", tail @ ..] => tail,
        ["put", p, "on", "hold" | "ice", tail @ ..] if pointer(p) => tail,
        ["put", "a", "pin", "in", p, tail @ ..] if pointer(p) => tail,
        _ => return false,
    };
    let tail = &rest[rest.len() - after.len()..];
    is_tail(tail) || later(tail) && !tail.iter().any(|x| NEW_WORK.contains(&x.as_str()))
}

/// True when `rest`, after a "wait" (a word of [`super::DECLINE_LEAD`]),
/// says what the work waits for and asks nothing more: "(wait) til the
/// Hooli deal closes". Not "wait until CI passes and merge it".
pub(super) fn waits_for(rest: &[String]) -> bool {
    rest.first()
        .is_some_and(|w| matches!(w.as_str(), "till" | "til" | "until"))
        && (2..=8).contains(&rest.len())
        && !rest.iter().any(|x| NEW_WORK.contains(&x.as_str()))
}

/// Words that soften the end of a piece: "…but not yet thanks".
const SOFT: &[&str] = &["please", "pls", "thanks", "thx", "though", "tho"];

/// Words that open more work in a piece: "wait until CI passes and merge
/// it" asks for the merge.
const NEW_WORK: &[&str] = &["and", "but", "then", "just", "instead", "so", "only"];

/// True when `tail` says when the work put off will be done instead: "for
/// now", "till next sprint", "until after the launch", "for later".
fn later(tail: &[String]) -> bool {
    const WHEN: &[&str] = &["for", "till", "til", "until", "to", "after"];
    (1..=5).contains(&tail.len()) && WHEN.contains(&tail[0].as_str())
}

/// True when `named` is the work a "park" or "shelve" puts off and the
/// time it waits for: "the domain name brainstorming until the investors
/// sign". A noun phrase of a few words ([`is_taken_back`]), then "until"
/// or "till" and a short clause.
fn parks_named(named: &[String]) -> bool {
    const UNTIL: &[&str] = &["till", "til", "until"];
    let Some(at) = named.iter().position(|x| UNTIL.contains(&x.as_str())) else {
        return false;
    };
    at > 1 && is_taken_back(&named[..at]) && later(&named[at..])
}

/// True when `rest` forbids work only for now: "don't deploy anything to
/// vercel yet", "lets not do the Q3 forecast yet". The work is put off,
/// not asked. Not "don't merge yet, fix the failing tests first": what to
/// do instead is a piece of its own and still asks.
pub(super) fn not_yet(rest: &[String]) -> bool {
    let w: Vec<&str> = rest.iter().map(String::as_str).collect();
    let mut end = w.len();
    while end > 0 && SOFT.contains(&w[end - 1]) {
        end -= 1;
    }
    let work = match &w[..end] {
        ["don't" | "dont", work @ .., "yet"] => work,
        ["let's" | "lets", "not", work @ .., "yet"] => work,
        // "no analysis yet pls": asked not to, where "no SMS program
        // yet" only tells how things stand.
        ["no", work @ .., "yet"] if work.len() <= 3 && end < w.len() => work,
        // "don't worry about sprint planning tomorrow".
        ["don't" | "dont", "worry", "about", work @ ..] => work,
        _ => return false,
    };
    (1..=8).contains(&work.len()) && !work.iter().any(|x| NEW_WORK.contains(x))
}
