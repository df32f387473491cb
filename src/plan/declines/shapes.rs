//! The shapes a decline takes beyond its fixed phrases: forbidding every
//! change ("don't run anything", "nobody should edit any deck"), nothing
//! to do ("nothing for anyone to do in this ticket"), none asked ("not
//! asking you to…", "No deploys or reviews requested"), leaving a thing
//! as it is, and doing the work oneself. Each reads a piece's words as
//! [`super::folded_words`] gives them: "do not" comes as "don't", "I will"
//! as "I'll".

use super::{is_tail, DECLINE_LEAD};
use crate::plan::idioms;
use crate::plan::task_words::starts_joined_task;
use crate::plan::topic::by_oneself;

/// True when `rest` says there is nothing to do: "nothing to draft",
/// "nothing for anyone to do in this ticket", "no work to do here".
pub(super) fn nothing_to(rest: &[String]) -> bool {
    // "there's nothing to document".
    let rest = match rest {
        [there, is, tail @ ..] if there == "there" && is == "is" => tail,
        [there, tail @ ..] if matches!(there.as_str(), "there's" | "theres") => tail,
        _ => rest,
    };
    let w: Vec<&str> = rest.iter().map(String::as_str).collect();
    let after = match w.as_slice() {
        ["nothing" | "no", "more" | "work" | "further", "to", _, after @ ..] => after,
        ["nothing" | "no", "work", "here", after @ ..] => after,
        // "no follow-up work here", "no further work needed".
        ["no", _, "work", after @ ..] | ["no", _, _, "work", after @ ..] => after,
        ["nothing", "to", _, after @ ..] => after,
        // "nothing needed from you", "nothing required on your end".
        ["nothing", "needed" | "required" | "necessary", after @ ..] => after,
        ["nothing", "for", _, "to", _, after @ ..] => after,
        _ => return false,
    };
    let after = &rest[rest.len() - after.len()..];
    // "nothing to do with the pptx" says what a problem is not about.
    if w.get(2) == Some(&"do") && after.first().is_some_and(|x| x == "with") {
        return false;
    }
    is_tail(after) || is_place(after)
}

/// True when `words` say where nothing is to be done: "in this ticket",
/// "from this thread".
fn is_place(words: &[String]) -> bool {
    words.len() <= 4
        && matches!(
            words.first().map(String::as_str),
            Some("in" | "on" | "from" | "here")
        )
}

/// True when `doing` is the -ing form of a verb of work ("deploying",
/// "making", "running"), not of seeing or getting ("not seeing anything"
/// tells what went wrong).
fn names_work(doing: &str) -> bool {
    let Some(stem) = doing.strip_suffix("ing") else {
        return false;
    };
    // "committing": a doubled last letter is written once.
    let undoubled = crate::plan::words::undoubled(stem)
        .filter(|_| stem.len() > 2)
        .unwrap_or(stem);
    stem == "do"
        || [stem.to_string(), format!("{stem}e"), undoubled.to_string()]
            .iter()
            .any(|v| starts_joined_task(v))
}

/// True when `rest` forbids every change, or says none is being made:
/// "don't run anything", "do not edit anything yet", "not deploying
/// anything".
pub(super) fn forbids_all(rest: &[String]) -> bool {
    let w: Vec<&str> = rest.iter().map(String::as_str).collect();
    let after = match w.as_slice() {
        // "I do not want anything built", "don't need anything changed".
        ["don't" | "dont", "want" | "need", "anything", done, after @ ..]
            if done.ends_with("ed") || done.ends_with("en") || *done == "built" =>
        {
            after
        }
        ["don't" | "dont", _, "anything", after @ ..] => after,
        // "no need to write anything", "there's no need for you to change
        // anything".
        ["no" | "there's", ..] if needs_nothing_done(&w) => return true,
        // "I do not need you to do anything with any file".
        ["don't" | "dont", "need" | "want", "you" | "u", "to", _, "anything", after @ ..] => {
            return is_tail(&rest[rest.len() - after.len()..])
                || after.len() <= 4
                    && matches!(after.first(), Some(&("with" | "on" | "in" | "to")));
        }
        // "not deploying anything, just wondering".
        ["not", doing, "anything", after @ ..] if names_work(doing) => after,
        // "nobody should edit or rebuild any deck from this ticket".
        ["nobody" | "noone", "should", verb, ..] if starts_joined_task(verb) => return true,
        ["no", "one", "should", verb, ..] if starts_joined_task(verb) => return true,
        // "don't start any review or scan of the code".
        ["don't" | "dont", verb, "any", ..] => {
            return (starts_joined_task(verb) || acts(verb)) && rest.len() <= 10
        }
        _ => return false,
    };
    is_tail(&rest[rest.len() - after.len()..])
}

/// True when `rest` forbids one piece of work, and says nothing to do
/// instead: "(please) don't propose new tiers or price changes", "dont
/// triage them". Only verbs that act on a thing as it is ([`FORBIDDEN`]):
/// "don't make the slides boring" or "don't use jargon" shape the work
/// asked, they do not forbid it. Not a wait ("don't merge until CI
/// passes", see [`crate::plan::asks`]), nor "don't X, just Y" (what to do
/// instead is asked).
pub(super) fn forbids_one(rest: &[String]) -> bool {
    const INSTEAD: &[&str] = &[
        "and",
        "anything",
        "before",
        "but",
        "everything",
        "if",
        "instead",
        "just",
        "only",
        "then",
        "till",
        "unless",
        "until",
        "when",
        "without",
    ];
    let w: Vec<&str> = rest.iter().map(String::as_str).collect();
    let (verb, object) = match w.as_slice() {
        ["don't" | "dont", verb, object @ ..] => (*verb, object),
        _ => return false,
    };
    (1..=8).contains(&object.len())
        && FORBIDDEN.contains(&verb)
        && object.first() != Some(&"any")
        && !object.iter().any(|x| INSTEAD.contains(x))
        // "don't reword or drop it": two verbs, the second forbidden too,
        // and what is asked instead may follow.
        && !object
            .windows(2)
            .any(|p| p[0] == "or" && starts_joined_task(p[1]))
}

/// Verbs that, forbidden, leave a thing as it is: "don't merge it",
/// "don't touch the retry logic".
const FORBIDDEN: &[&str] = &[
    "assign", "book", "bump", "cancel", "change", "close", "commit", "contact", "delete", "deploy",
    "drop", "edit", "email", "escalate", "file", "install", "label", "merge", "modify", "open",
    "post", "propose", "publish", "push", "rebase", "refactor", "release", "remove", "rename",
    "reply", "restart", "revert", "run", "schedule", "send", "ship", "start", "touch", "triage",
    "upgrade",
];

/// True when `w` says there is no need to do anything: "no need to write
/// anything", "there's no need for you to change anything yet".
fn needs_nothing_done(w: &[&str]) -> bool {
    let w = w.strip_prefix(&["there's"]).unwrap_or(w);
    let after = match w {
        ["no", "need", "to", _, "anything", after @ ..] => after,
        ["no", "need", "for", "you" | "anyone", "to", _, "anything", after @ ..] => after,
        _ => return false,
    };
    let owned: Vec<String> = after.iter().map(|x| x.to_string()).collect();
    is_tail(&owned)
}

/// True when `sentence` says no work of a kind is asked, as a whole: "No
/// deploys, config changes or reviews requested." Not "no idea why it
/// fails, help needed": what follows "no" is no work.
pub(super) fn none_requested(sentence: &str) -> bool {
    none_asked(&super::folded_words(sentence))
}

/// [`none_requested`] on words; a piece may also end with "please" or
/// "thanks": "so no edits please".
pub(super) fn none_asked(w: &[String]) -> bool {
    let work = |x: &str| starts_joined_task(x) || starts_joined_task(x.trim_end_matches('s'));
    // "no competitive analysis needed": a few words of what is not asked.
    let named = w.get(1).is_some_and(|x| work(x))
        || w.len() <= 5
            && !w
                .iter()
                .any(|x| matches!(x.as_str(), "idea" | "clue" | "way"));
    matches!(w.first().map(String::as_str), Some("no"))
        && named
        && w.len() <= 12
        && w.last().is_some_and(|x| {
            matches!(
                x.as_str(),
                "requested"
                    | "needed"
                    | "required"
                    | "necessary"
                    | "wanted"
                    | "expected"
                    | "please"
                    | "thanks"
            )
        })
}

/// True when `w` says the person decided against the work: "we decided
/// NOT to put the website online after all", "I chose not to publish it".
pub(super) fn decided_against(w: &[String]) -> bool {
    let x: Vec<&str> = w.iter().map(String::as_str).collect();
    (0..x.len().min(4)).any(|i| {
        matches!(
            &x[i..],
            ["decided" | "chose" | "agreed", "not", "to", verb, ..]
                if starts_joined_task(verb)
        ) || matches!(
            &x[i..],
            ["decided" | "chose" | "agreed", "against", doing, ..] if names_work(doing)
        )
    })
}

/// True when `rest` says nothing is asked: "not asking you to edit
/// anything", "(I'm) not asking about our site". Not "not asking for
/// anything fancy", which asks for less, nor "not asking you to rewrite
/// it, just fix the typos": what is asked instead follows.
pub(super) fn not_asking(rest: &[String]) -> bool {
    rest.len() > 2
        && rest[0] == "not"
        && rest[1] == "asking"
        && matches!(
            rest[2].as_str(),
            "you" | "u" | "about" | "anyone" | "anybody"
        )
        && !rest[2..]
            .iter()
            .any(|x| matches!(x.as_str(), "but" | "just" | "only" | "instead" | "except"))
}

/// True when `rest` asks that a thing be left as it is: "leave the
/// working tree as it is", "just leave the changes staged", "leave
/// vercel.json alone for now". Not "leave a comment on the PR" nor "leave
/// the rest as is and fix the header" (a piece of its own asks there).
pub(super) fn leaves_alone(rest: &[String]) -> bool {
    const AS_IT_IS: &[&[&str]] = &[
        &["as", "it", "is"],
        &["as", "is"],
        &["as", "they", "are"],
        &["alone"],
        &["untouched"],
        &["staged"],
        &["unstaged"],
        &["be"],
    ];
    let w: Vec<&str> = rest.iter().map(String::as_str).collect();
    // "ignore the IL warnings": a thing to leave as it is, named alone.
    if let ["ignore", what @ ..] = w.as_slice() {
        const MORE: &[&str] = &["and", "but", "then", "just", "instead", "so", "for"];
        return (1..=6).contains(&what.len()) && !what.iter().any(|x| MORE.contains(x));
    }
    if !matches!(w.first(), Some(&"leave" | &"keep")) {
        return false;
    }
    // "just leave it sitting on my laptop", "leave it where it is".
    if matches!(w.get(1..3), Some([_, "sitting" | "where"])) && w.len() <= 8 {
        return true;
    }
    // "leave the press release for next week", "leave it in the project
    // for now though": the work put off, said at the piece's end.
    // Not "leave a comment for the author": "the" only before a time.
    const LATER: &[&str] = &["later", "now", "next", "tomorrow", "tonight", "another"];
    const TIMES: &[&str] = &["moment", "time", "weekend", "next"];
    let later = |at: usize| match w.get(at) {
        Some(&"the") => w.get(at + 1).is_some_and(|x| TIMES.contains(x)),
        Some(x) => LATER.contains(x),
        None => false,
    };
    let put_off = |at: usize| {
        w[at] == "for"
            && later(at + 1)
            && w.len() <= at + 4
            && !w[at + 1..]
                .iter()
                .any(|x| matches!(*x, "and" | "but" | "then" | "so"))
    };
    // Not "keep the tests green for now", a term of other work.
    if w[0] == "leave" && w.len() <= 10 && (2..w.len()).any(put_off) {
        return true;
    }
    (2..w.len().min(8)).any(|end| {
        AS_IT_IS.iter().any(|phrase| {
            w[end..].starts_with(phrase) && {
                let tail = &rest[end + phrase.len()..];
                is_tail(tail) || tells_on(tail)
            }
        })
    })
}

/// True when `tail`, run on after a thing left as it is with no mark
/// between, as speech typed by voice has it, is the person telling what
/// they do or think: "leave my essay alone i'm keeping every one". Not
/// one that asks work ("…alone we need to fix the header").
fn tells_on(tail: &[String]) -> bool {
    const PERSON: &[&str] = &[
        "i", "i'm", "im", "i've", "i'll", "we're", "we've", "it's", "its",
    ];
    tail.first().is_some_and(|p| PERSON.contains(&p.as_str()))
        && !tail
            .iter()
            .any(|x| starts_joined_task(x) || x == "need" || x == "want")
}

/// True when `words` say the person does the work themself, now, later or
/// already: "I'll do the deploy myself from the dashboard", "I'm doing it
/// myself tomorrow", "let me handle the deploy myself", "I went ahead and
/// pushed the fix myself". Not what
/// happened to work the person did ("I wrote the parser myself and it
/// crashes"): that sets a scene.
pub(super) fn does_it_self(words: &[String]) -> bool {
    const PERSON: &[&str] = &["i", "i'm", "im", "we", "we're"];
    const DOING: &[&str] = &["doing", "going", "gonna", "handling", "taking"];
    let lead = words
        .iter()
        .take_while(|x| DECLINE_LEAD.contains(&x.as_str()) && !PERSON.contains(&x.as_str()))
        .count();
    let mut w: Vec<&str> = words[lead..].iter().map(String::as_str).collect();
    // "a heads-up that I deployed it myself": what the lead informs of.
    if let Some(that) = w.iter().take(6).position(|x| *x == "that") {
        if super::informs(&w[..that].join(" ")) {
            w.drain(..=that);
        }
    }
    // "I think I'll write it myself": a hedge before the person's doing.
    if matches!(
        w.as_slice(),
        ["i", "think" | "guess" | "suppose" | "reckon", ..]
    ) {
        w.drain(..2);
    }
    let opens = match w.as_slice() {
        ["i'll" | "we'll" | "ill", ..] => true,
        ["i" | "we", "already", ..] => true,
        ["i" | "we", "went", "ahead", ..] => true,
        // "I deployed the site to Vercel myself this morning".
        // Not "I deployed it myself and now the homepage 404s": what
        // happened after is a scene.
        ["i" | "we", done, ..] => is_past(done) && only_deeds_joined(&w),
        ["i've" | "we've", "already", ..] => true,
        ["i'd" | "we'd", "rather", ..] => true,
        ["let", "me" | "us", ..] => true,
        ["i'm" | "im" | "we're", doing, ..] => DOING.contains(doing) || doing.ends_with("ing"),
        _ => false,
    };
    // "I'm resolving the conflicts by hand in my editor", "… manually".
    opens
        && by_oneself(&w)
        && !w.iter().any(|x| matches!(*x, "but" | "help" | "you"))
        // "I am testing it manually and it fails on login": a problem to
        // work on, told.
        && !idioms::tells_of_failure(&w.join(" "))
}

/// True when every "and" of `w` joins another deed of the person's ("I
/// ran the checklist and published it myself"), not what happened after
/// ("…and now the homepage 404s").
fn only_deeds_joined(w: &[&str]) -> bool {
    w.iter()
        .enumerate()
        .filter(|(_, x)| **x == "and")
        .all(|(j, _)| {
            let next = |k: usize| w.get(j + k).copied().unwrap_or("");
            is_past(next(1)) || matches!(next(1), "i" | "we" | "then") && is_past(next(2))
        })
}

/// True when `word` is a verb in the past tense: a regular one ("deployed",
/// "fixed") or one of the common irregular ones of work.
fn is_past(word: &str) -> bool {
    const IRREGULAR: &[&str] = &[
        "built", "did", "drew", "fought", "made", "ran", "sent", "set", "shipped", "spun", "took",
        "wrote",
    ];
    (word.len() > 4 && word.ends_with("ed") && !word.ends_with("eed")) || IRREGULAR.contains(&word)
}

/// True when `verb` is shaped as a command's verb and acts on a thing:
/// "don't trigger any deploys". Not "don't have any tests" nor "don't see
/// any logs", which tell what is missing.
fn acts(verb: &str) -> bool {
    const STATES: &[&str] = &[
        "care",
        "feel",
        "find",
        "get",
        "got",
        "have",
        "hear",
        "know",
        "like",
        "mind",
        "need",
        "remember",
        "see",
        "think",
        "understand",
        "want",
    ];
    !STATES.contains(&verb) && crate::plan::task_words::opens_imperative(&[verb, "any"])
}

/// True when `rest` says none of the things named needs work: "neither
/// needs changes", "none of them need any edits".
pub(super) fn none_needs(rest: &[String]) -> bool {
    let w: Vec<&str> = rest.iter().map(String::as_str).collect();
    let Some(at) = w.iter().position(|x| matches!(*x, "needs" | "need")) else {
        return false;
    };
    matches!(w.first(), Some(&("neither" | "none")))
        && at <= 4
        && w.len() <= at + 4
        && w.get(at + 1).is_some_and(|x| {
            matches!(
                *x,
                "changes" | "changing" | "any" | "anything" | "edits" | "editing" | "work"
            )
        })
}

/// True when `rest` says the work is not being done, by the person's
/// choice (their "we're" or "I'm" read as a lead before it): "(we're)
/// **not** doing the SEO audit this quarter". Not "not doing it until the
/// tests pass", "not seeing any logs" (no verb of work), "not getting
/// enough signups" (an outcome), nor "not building anything new" (what
/// is not done is said by [`forbids_all`], or only in part).
pub(super) fn not_doing(rest: &[String]) -> bool {
    let w: Vec<&str> = rest.iter().map(String::as_str).collect();
    match w.as_slice() {
        ["not", doing, tail @ ..] => {
            // What the work brings is an outcome, and its lack a problem:
            // "we're not getting enough signups".
            const OUTCOMES: &[&str] = &[
                "converting",
                "earning",
                "finding",
                "getting",
                "growing",
                "having",
                "hearing",
                "hitting",
                "keeping",
                "making",
                "reaching",
                "receiving",
                "seeing",
                "selling",
                "winning",
            ];
            names_work(doing)
                && !OUTCOMES.contains(doing)
                && tail.len() <= 8
                && !tail.iter().any(|x| {
                    matches!(
                        *x,
                        "but"
                            | "until"
                            | "unless"
                            | "because"
                            | "so"
                            | "and"
                            | "till"
                            | "except"
                            | "else"
                            | "anything"
                            | "something"
                            | "everything"
                    )
                })
        }
        _ => false,
    }
}

/// True when `rest` says a kind of work is not needed now: "(we) don't
/// need personas or segments right now", "don't want any slides". Not
/// "don't need a long deck, just five slides" (less of it is asked), nor
/// "don't need you to…" ([`forbids_all`] reads that).
pub(super) fn needs_none(rest: &[String]) -> bool {
    const NOW: &[&str] = &["now", "yet", "anymore", "today", "currently"];
    let w: Vec<&str> = rest.iter().map(String::as_str).collect();
    match w.as_slice() {
        ["don't" | "dont", "need" | "want", what @ ..] if (1..=8).contains(&what.len()) => {
            !what.iter().any(|x| {
                matches!(
                    *x,
                    "to" | "you"
                        | "u"
                        | "but"
                        | "just"
                        | "only"
                        | "instead"
                        | "more"
                        | "less"
                        | "much"
                        | "it"
                        | "them"
                )
            }) && (what[0] == "any" || what.last().is_some_and(|x| NOW.contains(x)))
        }
        // "no need for release notes this time": that work is not wanted.
        ["no", "need", "for", what @ ..] if (1..=6).contains(&what.len()) => {
            let now =
                what.ends_with(&["this", "time"]) || what.last().is_some_and(|x| NOW.contains(x));
            (what[0] == "any" || now)
                && !what.iter().any(|x| {
                    matches!(
                        *x,
                        "you" | "u" | "to" | "but" | "just" | "only" | "instead" | "it" | "them"
                    )
                })
        }
        _ => false,
    }
}
