//! Words that say in what order tasks are wanted.
//!
//! Most keep the written order ("then", "after that", "next"), and a
//! sentence that opens with one is a step of its own ("Brainstorm the
//! feature. Then write the plan."), not more about the step before it.
//! Others put a task written later before one written earlier, since
//! people do not always write tasks in the order they want them done:
//! "ship it, but first update the changelog", "execute the plan, but
//! brainstorm the design first", "debloat the whitepaper; before that,
//! fact-check it", "before you write the plan, brainstorm it with me".
//! A task may also say it waits for all the others ("review the page, but
//! not yet"; [`defers`]).
//! [`super::clauses`] cuts such a sentence into its tasks; the words here
//! say which of two neighbouring tasks comes first. A clause of time
//! becomes a task of its own only when it asks the agent for work ("…
//! before you redo the typography"); the person's own "before I merge"
//! says when, not what, and opening a sentence it is that sentence's
//! scene ([`persons_time`]).

/// Connectives between two tasks that keep the written order.
const FORWARD: &[&[&str]] = &[
    &["and", "then"],
    &["then"],
    &["after", "that"],
    &["only", "after", "that"],
    &["only", "then"],
    &["and", "only", "then"],
    &["afterwards"],
    &["afterward"],
    // "With that in hand, rewrite the node", "With that settled: sort
    // the table": the work before, done.
    &["with", "that", "in", "hand"],
    &["with", "that", "done"],
    &["with", "that", "settled"],
    &["with", "that", "sorted"],
    &["with", "that", "out", "of", "the", "way"],
    // "…; then, having done so, start afresh": the work before, done.
    &["having", "done", "so"],
    &["having", "done", "that"],
    &["then", "having", "done", "so"],
    &["then", "having", "done", "that"],
    &["next"],
    &["finally"],
    &["followed", "by"],
    &["and", "finally"],
    &["and", "also"],
    // "Firstly make the slides, secondly fix the CI": an ordinal adverb
    // inside the sentence (one that opens it is a mark of its own, see
    // `super::sentences`).
    &["secondly"],
    &["thirdly"],
    &["fourthly"],
    &["lastly"],
    &["and", "lastly"],
    // "…, in the second step make the slides".
    &["in", "second", "step"],
    &["in", "the", "second", "step"],
    &["in", "third", "step"],
    &["in", "the", "third", "step"],
    &["in", "the", "next", "step"],
    &["as", "a", "next", "step"],
    &["as", "the", "next", "step"],
    &["as", "a", "second", "step"],
    // "…, post that make the slides", "…, after which deploy it".
    &["post", "that"],
    &["after", "which"],
    // "…, and subsequently put them in a sheet". Not "later": "maybe
    // later", "later today" say when the person may get to it.
    &["and", "subsequently"],
];

/// Connectives of order that only open a sentence: "Subsequently, deploy
/// it.", "Upon completion, deploy it." Inside one they are no cut: "send a
/// message on completion of the deploy".
const OPENING_FORWARD: &[&[&str]] = &[
    &["subsequently"],
    &["upon", "completion"],
    &["on", "completion"],
];

/// Words that open a clause of time before a sentence's main clause:
/// "once that's done, …", "when the spec is approved write the plan"
/// (and "if" on the work before: "if it survives, …").
const TIME_OPENERS: &[&str] = &["once", "when", "after", "before"];

/// Words that end a clause of time written without a comma: "once that's
/// done write the plan", "when it's ready ship it", "if its fine set it
/// up".
const COMPLETE: &[&str] = &[
    "done", "finished", "ready", "approved", "merged", "complete", "over", "green", "clean",
    "passing", "fixed", "resolved", "working", "aligned", "agreed", "settled", "sorted", "fine",
    "ok", "okay", "good", "pass", "passes", "passed", "exists", "works",
];

/// True when `words` end with a word of completion: one of [`COMPLETE`],
/// where a thing stands once done ("once that's in", "when it's live"),
/// a participle after a form of "be" ("once it's deployed", "when the
/// PR is reviewed", "when that's running"), done doing ("once im done
/// hacking"), or people settling it ("once we agree", "after I approve
/// it", "once we agree on them").
pub(crate) fn completes<S: AsRef<str>>(words: &[S]) -> bool {
    const BE: &[&str] = &[
        "is", "are", "it's", "its", "that's", "thats", "been", "was", "were",
    ];
    const PEOPLE: &[&str] = &["we", "i", "you"];
    const SETTLE: &[&str] = &["agree", "decide", "approve", "confirm"];
    match words {
        // "once we agree on them", "after I approve it": people settling
        // the work before.
        [rest @ .., it] if matches!(it.as_ref(), "it" | "them" | "that" | "this") => {
            let rest = match rest {
                [before @ .., on] if matches!(on.as_ref(), "on" | "to") => before,
                _ => rest,
            };
            matches!(rest, [.., who, settle]
                if PEOPLE.contains(&who.as_ref()) && SETTLE.contains(&settle.as_ref()))
        }
        [.., be, last] => {
            let (be, last) = (be.as_ref(), last.as_ref());
            // "once im done hacking", "when you're finished testing".
            let done_doing = matches!(be, "done" | "finished") && last.ends_with("ing");
            done_doing
                || COMPLETE.contains(&last)
                || PEOPLE.contains(&be) && SETTLE.contains(&last)
                || BE.contains(&be)
                    && (matches!(last, "in" | "up" | "live" | "out" | "running")
                        || last.ends_with("ed"))
        }
        [last] => COMPLETE.contains(&last.as_ref()),
        [] => false,
    }
}

/// The length of "while you're in there" or "while you're at it" that
/// `words` open with ("you are" written out too, "ur" typed short), if
/// they do: work added while the agent is at the task before.
pub fn while_at_it(words: &[&str]) -> Option<usize> {
    match words {
        ["while", "you're" | "youre" | "ur" | "u're", "in" | "at", "there" | "it", ..] => Some(4),
        ["while", "you" | "u", "are" | "r", "in" | "at", "there" | "it", ..] => Some(5),
        _ => None,
    }
}

/// Connectives between two tasks that put the task after them first:
/// "…, and before that fact-check it".
const REVERSING: &[&[&str]] = &[
    &["before", "that"],
    &["before", "this"],
    &["and", "before", "that"],
    &["but", "before", "that"],
    &["but", "first"],
    &["before", "any", "of", "that"],
    &["before", "all", "that"],
    &["before", "all", "of", "that"],
    &["before", "anything", "else"],
    &["ahead", "of", "that"],
    &["ahead", "of", "this"],
    &["prior", "to", "that"],
    &["prior", "to", "this"],
    // "…, but before you start, create a branch": before the task just
    // asked for.
    &["before", "you", "start"],
    &["before", "you", "begin"],
    &["but", "before", "you", "start"],
    &["but", "before", "you", "begin"],
    // "Commit the guide, but only after someone has read it cold": the
    // work after the connective comes first, whoever is to do it.
    &["but", "only", "after"],
    &["but", "only", "once"],
];

/// Words a task ends with when it is to be done before the one written
/// before it: "…, but brainstorm the design first".
const ENDS_FIRST: &[&[&str]] = &[
    &["first"],
    &["beforehand"],
    &["before", "that"],
    &["before", "this"],
    &["before", "doing", "that"],
];

/// The length of the forward connective `words` start with, if any (the
/// longest one).
pub fn forward<S: AsRef<str>>(words: &[S]) -> Option<usize> {
    longest(FORWARD, words)
}

/// Where the main clause of a sentence that opens with a connective of
/// order starts, as a word index: after "then" or "before that", or after
/// a short clause of time that ends at a comma (`comma_after[i]`: a comma
/// follows word `i`) or at a word of completion ("once that's done write
/// the plan"), where `is_main` accepts what follows; "only" may stress
/// the clause of time ("only after that's green convert…"). `None` when
/// the sentence opens with none.
pub fn opener_end<S: AsRef<str>>(
    words: &[S],
    comma_after: &[bool],
    is_main: impl Fn(&[S]) -> bool,
) -> Option<usize> {
    if let Some(len) = forward(words)
        .or_else(|| longest(OPENING_FORWARD, words))
        .or_else(|| reversing(words))
    {
        return Some(len);
    }
    let first = words.first()?.as_ref();
    // "only after that's green convert the components": "only" stresses
    // the clause of time that follows it, and "only if that comes out
    // clean, run the release" its condition.
    if first == "only"
        && words
            .get(1)
            .is_some_and(|w| TIME_OPENERS.contains(&w.as_ref()) || w.as_ref() == "if")
    {
        return opener_end(
            &words[1..],
            &comma_after[1.min(comma_after.len())..],
            is_main,
        )
        .map(|end| end + 1);
    }
    // "After, check the draft against it": "after" alone, as "afterwards".
    if first == "after" && comma_after.first() == Some(&true) && words.len() > 1 {
        return Some(1);
    }
    // "if it survives, write me a short plan", "if everything passes,
    // wrap it up": a condition on the work before, not "if you have
    // time, …", which says when the person allows it, nor "if the runtime
    // is missing, install it", a state of the machine.
    let on_before = first == "if"
        && words.get(1).is_some_and(|w| {
            matches!(
                w.as_ref(),
                "it" | "it's"
                    | "its"
                    | "that"
                    | "that's"
                    | "this"
                    | "they"
                    | "they're"
                    | "everything"
                    | "all"
            )
        });
    if !TIME_OPENERS.contains(&first) && !on_before {
        return None;
    }
    // "When I run the build from my script, it works fine" says when, and
    // asks for nothing: the clause of time ends at its comma.
    (2..words.len().min(9)).find(|&i| {
        let ends = comma_after.get(i - 1).copied().unwrap_or(false) || completes(&words[..i]);
        ends && is_main(&words[i..])
    })
}

/// Leads of a phrase that says what the work goes on, before a comma and
/// the command: "drawing on that brief, prepare an agenda", "based on
/// what that shows, suggest hooks".
const GROUNDS: &[&[&str]] = &[
    &["based", "on"],
    &["drawing", "on"],
    &["building", "on"],
    &["working", "from"],
    &["starting", "from"],
    &["going", "off"],
    &["armed", "with"],
    &["using"],
];

/// The length of the lead of `GROUNDS` that `words` open with, if any.
pub fn grounds<S: AsRef<str>>(words: &[S]) -> Option<usize> {
    longest(GROUNDS, words)
}

/// A clause of time whose subject is the agent, asked to do the work it
/// names: "…before you redo the typography" (after what comes before:
/// `true`), "…once you've cleared up the conflicts", "…after you fix it"
/// (before it: `false`). Its length in words, and which way it goes.
pub fn agent_time<S: AsRef<str>>(words: &[S]) -> Option<(usize, bool)> {
    let forward = match words.first().map(AsRef::as_ref) {
        Some("before") => true,
        Some("once" | "after") => false,
        _ => return None,
    };
    agent_subject(&words[1..]).map(|n| (n + 1, forward))
}

/// How many words after the agent as the subject of a clause of time
/// name only the task before: a verb of finishing on a word that points
/// back ("…, after you've done that, …"), that word alone ("once you
/// have them"), or "do" alone before a comma (`bare_do`: "but before you
/// do, …"). `None` when the clause names work of its own ("once you've
/// cleared up the conflicts", "before you merge it").
pub fn work_pointing_back<S: AsRef<str>>(words: &[S], bare_do: bool) -> Option<usize> {
    const FINISHING: &[&str] = &[
        "complete",
        "completed",
        "did",
        "do",
        "done",
        "finish",
        "finished",
        "wrapped",
    ];
    if bare_do {
        return Some(1);
    }
    points_back(words).or_else(|| {
        let verb = words.first().map(AsRef::as_ref)?;
        FINISHING
            .contains(&verb)
            .then(|| points_back(&words[1..]))
            .flatten()
            .map(|n| n + 1)
    })
}

/// How many words only point back at the task before: "that", "with
/// that", "it" ("…, after you've done that, write the doc"; "…, once
/// you're through with it, …").
pub fn points_back<S: AsRef<str>>(words: &[S]) -> Option<usize> {
    let w: Vec<&str> = words.iter().take(3).map(AsRef::as_ref).collect();
    let back = |x: &str| matches!(x, "that" | "this" | "it" | "them" | "those" | "these");
    let lead = usize::from(w.first().is_some_and(|x| matches!(*x, "with" | "doing")));
    let n = lead + 1;
    let ends = |k: usize| {
        w.get(k)
            .is_none_or(|x| !matches!(*x, "of" | "the" | "a" | "an"))
    };
    (w.get(lead).is_some_and(|x| back(x)) && ends(n)).then_some(n)
}

/// A wait for the agent's own work: "until you've run the suite", "unless
/// you have read the diff", "before you merge". Its length in words, up
/// to the verb ("don't merge until the checks pass" waits for no work of
/// the agent's).
pub fn agent_wait<S: AsRef<str>>(words: &[S]) -> Option<usize> {
    let waits = words
        .first()
        .is_some_and(|w| matches!(w.as_ref(), "until" | "till" | "unless" | "before"));
    waits
        .then(|| agent_subject(&words[1..]))
        .flatten()
        .map(|n| n + 1)
}

/// The length of the agent as a subject at the start of `words`: "you",
/// "you've" or "you have".
fn agent_subject<S: AsRef<str>>(words: &[S]) -> Option<usize> {
    let w: Vec<&str> = words.iter().take(2).map(AsRef::as_ref).collect();
    match w.as_slice() {
        // "after u run the verifier": chat shorthand for "you".
        ["you" | "u", "have", ..] => Some(2),
        ["you" | "you've" | "u", ..] => Some(1),
        _ => None,
    }
}

/// True when `word`, after "before you" or "once you've", names work: a
/// word of letters that is not a verb of being, knowing or wanting ("once
/// you are sure", "before you know it").
pub fn agent_verb(word: &str) -> bool {
    const NOT_WORK: &[&str] = &[
        "are", "were", "can", "could", "will", "would", "should", "must", "may", "might", "know",
        "think", "want", "need", "like", "see", "say", "get", "go", "leave", "do", "did", "try",
        "forget", "decide",
    ];
    word.len() > 1 && word.bytes().all(|b| b.is_ascii_lowercase()) && !NOT_WORK.contains(&word)
}

/// The length of the reversing connective `words` start with, if any
/// (the longest one).
pub fn reversing<S: AsRef<str>>(words: &[S]) -> Option<usize> {
    longest(REVERSING, words)
}

/// The length of "before" and a verb's -ing form on "anything" ("…, so
/// before drawing anything, design the schema") inside a sentence: the
/// task after it comes before the work the sentence named. Opening a
/// sentence, it is a clause of time ([`opener_end`]).
pub fn before_doing_anything<S: AsRef<str>>(words: &[S]) -> Option<usize> {
    let w: Vec<&str> = words.iter().take(4).map(AsRef::as_ref).collect();
    match w.as_slice() {
        ["before", doing, "anything", "else", ..] if doing.len() > 5 && doing.ends_with("ing") => {
            Some(4)
        }
        ["before", doing, "anything", ..] if doing.len() > 5 && doing.ends_with("ing") => Some(3),
        _ => None,
    }
}

/// The length of the longest of `markers` that `words` start with.
fn longest<S: AsRef<str>>(markers: &[&[&str]], words: &[S]) -> Option<usize> {
    markers
        .iter()
        .filter(|m| starts_with(words, m))
        .map(|m| m.len())
        .max()
}

/// True when a task written as `words` ends by saying it comes first.
/// After "but" a bare "first" says so too ("…, but brainstorm the design
/// first"); elsewhere it may name a way of working ("make the change test
/// first", "mobile first"), so it takes a longer marker ("before that").
pub fn ends_first<S: AsRef<str>>(words: &[S], after_but: bool) -> bool {
    // The words before the marker must hold a task, not be the marker
    // alone ("first" standing for "at first").
    ENDS_FIRST
        .iter()
        .filter(|m| after_but || m.len() > 1 || m[0] != "first")
        .any(|m| words.len() > m.len() && ends_with(words, m))
}

/// True when a task written as `words` says it is to wait for the
/// intent's other tasks: "review the page, but not yet", "sort the table,
/// but that should come after the other job", "…, but do that last",
/// "…, but leave it for the end".
pub fn defers<S: AsRef<str>>(words: &[S]) -> bool {
    let w: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    if w.len() > 2 && w.ends_with(&["not", "yet"]) {
        return true;
    }
    let pointer = |x: &str| matches!(x, "that" | "this" | "it");
    (1..w.len()).filter(|&i| w[i - 1] == "but").any(|i| {
        let rest = &w[i..];
        match rest {
            // "but do that last", "but leave it for the end".
            [verb, p, when, ..] if pointer(p) => {
                matches!(*verb, "do" | "leave" | "save" | "keep")
                    && matches!(*when, "last" | "later" | "for" | "until" | "after")
            }
            // "but that should come after …", "but this can wait".
            [p, more @ ..] if pointer(p) => {
                let mut more = more.iter().skip_while(|x| {
                    matches!(
                        **x,
                        "should" | "can" | "must" | "has" | "have" | "to" | "will" | "needs"
                    )
                });
                matches!(more.next(), Some(&"come" | &"go" | &"happen" | &"wait"))
                    && more
                        .next()
                        .is_none_or(|x| matches!(*x, "after" | "until" | "later" | "last" | "at"))
            }
            _ => false,
        }
    })
}

/// True when a sentence opens with a clause of time that comes after its
/// main clause in the order of work: "before you write the plan, …". Not
/// a date or an hour ("Before Friday I need the rec done, …", "before
/// 5pm"): that says when, and no task.
pub fn opens_with_before<S: AsRef<str>>(words: &[S]) -> bool {
    words.first().is_some_and(|w| w.as_ref() == "before")
        && words.get(1).is_some_and(|w| !names_a_time(w.as_ref()))
}

/// A day, a month, an hour or a part of the day: "friday", "october",
/// "tomorrow", "noon", "5pm", "eod".
fn names_a_time(w: &str) -> bool {
    const TIMES: &[&str] = &[
        "april",
        "august",
        "december",
        "eod",
        "eow",
        "february",
        "friday",
        "january",
        "july",
        "june",
        "lunch",
        "march",
        "may",
        "monday",
        "midnight",
        "noon",
        "november",
        "october",
        "saturday",
        "september",
        "sunday",
        "thursday",
        "today",
        "tomorrow",
        "tonight",
        "tuesday",
        "wednesday",
    ];
    let w = w.trim_end_matches(',').trim_end_matches("'s");
    TIMES.contains(&w) || w.starts_with(|c: char| c.is_ascii_digit())
}

/// True when a sentence opens with "before" and a clause that stands for
/// the task before it: "Before you do, …", "Before doing that, …",
/// "Before you start, …", or a
/// verb on a word that points back: "Before you write it, …", "before
/// sending them, …".
pub fn before_doing_it<S: AsRef<str>>(words: &[S]) -> bool {
    let near: Vec<&str> = words.iter().skip(1).take(4).map(AsRef::as_ref).collect();
    opens_with_before(words)
        && (near.iter().take(3).enumerate().any(|(i, w)| {
            // "before you touch the tracker", "before diving into it":
            // a verb of setting about work names the work asked ("before
            // we touch base" is a meeting).
            let sets_about = matches!(
                *w,
                "do" | "doing"
                    | "start"
                    | "starting"
                    | "begin"
                    | "touch"
                    | "touching"
                    | "dive"
                    | "diving"
            );
            sets_about && near.get(i + 1) != Some(&"base")
        }) || near
            .iter()
            .skip_while(|w| **w == "you")
            .skip(1)
            .take(1)
            .any(|w| matches!(*w, "it" | "that" | "this" | "them" | "those" | "these")))
}

/// True when `words` open a clause of time about the person's own work:
/// "before I ship it", "once we've launched", "after I merge".
pub fn persons_time<S: AsRef<str>>(words: &[S]) -> bool {
    const PERSON: &[&str] = &[
        "i", "we", "i've", "we've", "i'm", "we're", "i'll", "we'll", "i'd", "we'd",
    ];
    matches!(words, [t, p, ..] if TIME_OPENERS.contains(&t.as_ref()) && PERSON.contains(&p.as_ref()))
}

/// True when `words` open a clause of time about the work's own state:
/// "once it runs", "when that's merged", "after they pass", or say only
/// that it is done: "when finished", "once complete". Like
/// [`persons_time`], it says when, not what to do.
pub fn works_time<S: AsRef<str>>(words: &[S]) -> bool {
    const THING: &[&str] = &[
        "it", "it's", "its", "that", "that's", "thats", "this", "they", "they're", "those",
    ];
    match words {
        [t, done] if TIME_OPENERS.contains(&t.as_ref()) => COMPLETE.contains(&done.as_ref()),
        [t, p, ..] => TIME_OPENERS.contains(&t.as_ref()) && THING.contains(&p.as_ref()),
        _ => false,
    }
}

fn starts_with<S: AsRef<str>>(words: &[S], marker: &[&str]) -> bool {
    marker.len() <= words.len() && marker.iter().zip(words).all(|(m, w)| *m == w.as_ref())
}

fn ends_with<S: AsRef<str>>(words: &[S], marker: &[&str]) -> bool {
    marker.len() <= words.len()
        && marker
            .iter()
            .rev()
            .zip(words.iter().rev())
            .all(|(m, w)| *m == w.as_ref())
}

#[cfg(test)]
mod tests;
