//! What a sentence of an intent asks for: work (a request: "make…",
//! "can you…", "wrap the branch up"), to be told something (a question, a
//! fun fact), or neither (it sets the scene). [`super::clauses`] reads
//! each sentence with these.

use super::clauses::words_of;
use super::declines::{has_words, reports_work_done};
use super::task_words::{
    names_another, opens_on_pronoun, phrasal_command, reads_as_command, starts_joined_task,
    starts_task, states_requirement, OBJECT_OPENERS,
};
use inside::{says_it_needs_work, splices_command};
pub use openers::{after_apart, asks_apart, opens_apart};
use openers::{after_condition, after_forbidden_wait, asks_of_named, main_clause};

/// Words that open a request written in shorthand, its subject left out:
/// "Need OG images for every post", "Want a landing page by Friday"
/// ("looking for…" is checked with its "for": "looking at the logs, …"
/// asks for nothing).
const WANTS: &[&str] = &["need", "want", "wanna"];

/// Words that open a sentence before an object word without being its
/// verb: "today the build broke", "half the tests fail", "note the PR is
/// open", "overall the design looks good", "fyi the scan is done", "hi
/// team".
const NOT_COMMANDS: &[&str] = &[
    "afternoon",
    "besides",
    "btw",
    "dear",
    "evening",
    "fwiw",
    "fyi",
    "half",
    "hello",
    "hey",
    "hi",
    "hiya",
    "however",
    "last",
    "meanwhile",
    "morning",
    "mind",
    "note",
    "otherwise",
    "overall",
    "ps",
    "psa",
    "thank",
    "thanks",
    "today",
    "tomorrow",
    "tonight",
    "whenever",
    "wherever",
    "yesterday",
];

/// `ws` with the verb of an asking frame ("tell me…", "give us…")
/// blanked to a stop word: it says how the person wants the answer, not
/// what the work is. Not "show me the output": seeing the output is work
/// a skill asks for.
pub fn without_frame(ws: &[String]) -> std::borrow::Cow<'_, [String]> {
    let framed = |i: usize| {
        matches!(ws[i].as_str(), "tell" | "give") && matches!(ws[i + 1].as_str(), "me" | "us")
    };
    let at: Vec<usize> = (0..ws.len().saturating_sub(1))
        .filter(|&i| framed(i))
        .collect();
    if at.is_empty() {
        return std::borrow::Cow::Borrowed(ws);
    }
    let mut out = ws.to_vec();
    for i in at {
        out[i] = "me".to_string();
    }
    std::borrow::Cow::Owned(out)
}

/// Words that name the person's own things.
pub(super) const OWN: &[&str] = &["my", "our", "this", "these", "mine", "ours"];

/// People a person may call their own: "my kid asked me…", "my manager
/// keeps saying…" name no thing of theirs to work on.
const OWN_PEOPLE: &[&str] = &[
    "boss",
    "brother",
    "colleague",
    "coworker",
    "dad",
    "daughter",
    "father",
    "friend",
    "friends",
    "grandma",
    "grandpa",
    "husband",
    "kid",
    "kids",
    "manager",
    "mom",
    "mother",
    "mum",
    "sister",
    "son",
    "wife",
];

/// True when `text` names the person's own things: "my", "our", "this";
/// not their people ("my kid", see `OWN_PEOPLE`).
pub fn names_own(text: &str) -> bool {
    let w = words_of(text);
    (0..w.len()).any(|i| owns_at(&w, i))
}

/// True when word `i` of `w` is one of [`OWN`] before a thing, not before
/// the person's people ("my kid") nor a time ("these days", "this
/// morning").
pub(super) fn owns_at(w: &[(String, usize, usize)], i: usize) -> bool {
    const TIMES: &[&str] = &[
        "afternoon",
        "day",
        "days",
        "evening",
        "month",
        "months",
        "morning",
        "time",
        "week",
        "weekend",
        "weeks",
        "year",
        "years",
    ];
    OWN.contains(&w[i].0.as_str())
        && !w.get(i + 1).is_some_and(|(n, _, _)| {
            OWN_PEOPLE.contains(&n.as_str()) || TIMES.contains(&n.as_str())
        })
}

/// True when a sentence asks for something: it opens with a verb of a task
/// ("make…", "review…"), a word shaped like a verb before a new object
/// ("pick a direction…"), or an idiom of work ("talk it through", see
/// [`super::idioms::commands`]), or says it wants one ("can you", "I need",
/// "help me", "please", "let's").
pub fn is_request(sentence: &str) -> bool {
    // "While you're in there, also go through the components", "if you
    // have time, fix the lint too": the clause of when or whether before
    // the comma leaves the command after it.
    if let Some(rest) = after_condition(sentence) {
        // "Before anyone writes code I want to think it through with you:
        // who it's for, …": what follows a colon may be what the request
        // is about, the request standing before it.
        let by_colon = sentence[..sentence.len() - rest.len()]
            .trim_end()
            .ends_with(':');
        // "…, and after we agree write out the plan": the rest may open
        // with a clause of its own, read one level deep: a sentence of
        // "for a, for a, …" costs no more than twice its length.
        let asks = |r: &str| is_request_here(r) || splices_command(r);
        let here = asks(rest) || after_condition(rest).is_some_and(asks);
        if here || !by_colon {
            return here;
        }
    }
    after_forbidden_wait(sentence).is_some_and(is_request_here)
        || is_request_here(sentence)
        // What follows the break is shorter than the sentence (see
        // `after_break`), so reading it whole ends.
        || after_break(sentence).is_some_and(is_request)
        || splices_command(sentence)
}

/// What follows the last dash or colon inside `sentence`, when something
/// stands before it: "FilterPanel mirrors props into state - fix that
/// first", "It fires far too rarely: build a set of test prompts". The
/// scene, then the command.
fn after_break(sentence: &str) -> Option<&str> {
    const BREAKS: [&str; 4] = [" - ", " — ", " – ", ": "];
    // Not one inside quoted code: "`CONFLICT (content): Merge conflict…`".
    let quoted = |i: usize| sentence[..i].matches('`').count() % 2 == 1;
    let at = BREAKS
        .iter()
        .filter_map(|b| {
            sentence
                .rfind(b)
                .filter(|&i| !quoted(i))
                .map(|i| i + b.len())
        })
        .max()?;
    let rest = sentence[at..].trim_start();
    (at > 3 && !rest.is_empty()).then_some(rest)
}

/// True when the sentence's first word, a verb of a task, is part of a
/// subject that a verb of being follows: "code review at my job is
/// basically nitpicking", "test coverage keeps dropping". Not "review the
/// PR that is open" (an object, then a clause of its own) nor "check the
/// build is green".
fn names_a_subject(sentence: &str, w: &[(String, usize, usize)]) -> bool {
    // Words that end the subject: the verb's object or a clause of its
    // own begins ("fix whatever is failing", "find out who is on call"),
    // beside the question words of `CLAUSE_OPENERS`.
    const ENDS_SUBJECT: &[&str] = &[
        "whatever",
        "if",
        "when",
        "and",
        "or",
        "but",
        "so",
        "then",
        "sure",
        "it",
        "them",
        "this",
        "these",
        "those",
        "all",
        "any",
        "anything",
        "each",
        "every",
        "everything",
        "something",
        "me",
        "us",
        "you",
        "him",
        "her",
        "that",
    ];
    let [(first, _, _), (second, _, _), ..] = w else {
        return false;
    };
    if !starts_task(first) || super::task_words::OBJECT_OPENERS.contains(&second.as_str()) {
        return false;
    }
    for (x, _, e) in w.iter().skip(1).take(6) {
        if super::head::LINKING.contains(&x.as_str()) {
            return true;
        }
        let comma = sentence[*e..].trim_start().starts_with(',');
        let opens = super::task_words::CLAUSE_OPENERS.contains(&x.as_str())
            || ENDS_SUBJECT.contains(&x.as_str());
        if opens || comma {
            return false;
        }
    }
    false
}

/// [`is_request`] on a sentence that opens with its main clause.
pub(super) fn is_request_here(sentence: &str) -> bool {
    let sentence = main_clause(sentence);
    let w = words_of(sentence);
    opens_as_command(sentence, &w)
        || names_a_counted_task(&w)
        || says_it_wants(sentence)
        || says_it_needs_work(&w)
        // "It should follow Anthropic's official colors.": what the work
        // must hold to.
        || states_requirement(&w.iter().map(|(x, _, _)| x.as_str()).collect::<Vec<_>>())
            .is_some()
}

/// True when the words open by naming one of the tasks a count before
/// announced, as what is to be done (after "is to", a verb whatever it
/// is, but not "is to blame"): "One is to model our fraud data in
/// Neo4j", "the other is to fix the flaky test", "the second one is to
/// write the docs".
fn names_a_counted_task(w: &[(String, usize, usize)]) -> bool {
    let x: Vec<&str> = w.iter().take(6).map(|(x, _, _)| x.as_str()).collect();
    let lead = usize::from(x.first() == Some(&"the"));
    let Some(&which) = x.get(lead) else {
        return false;
    };
    if !matches!(
        which,
        "one" | "first" | "second" | "third" | "other" | "another" | "last"
    ) {
        return false;
    }
    let k = lead + 1 + usize::from(x.get(lead + 1) == Some(&"one"));
    matches!(x.get(k), Some(&"is"))
        && x.get(k + 1) == Some(&"to")
        && x.get(k + 2)
            .is_some_and(|v| *v != "blame" && !crate::plan::text::is_stop_word(v))
}

/// True when `sentence` (its words `w`) opens as a command does: a verb of
/// a task, an idiom of work, work asked of another ("have someone…"), a
/// verb and its object or particle, or a word shaped like a verb before a
/// new object.
fn opens_as_command(sentence: &str, w: &[(String, usize, usize)]) -> bool {
    if reports_work_done(w) || names_a_subject(sentence, w) {
        return false;
    }
    if w.first()
        .is_some_and(|(x, _, _)| starts_task(x) || WANTS.contains(&x.as_str()))
    {
        return true;
    }
    if matches!(w, [(a, _, _), (b, _, _), ..] if a == "looking" && b == "for") {
        return true;
    }
    // "Diagnose and fix those first": two verbs of work on one object.
    if matches!(w, [(a, _, _), (and, _, _), (b, _, _), ..]
        if and == "and" && starts_joined_task(a) && starts_joined_task(b))
    {
        return true;
    }
    // "talk it through with me", "double check the totals", "get rid of
    // them": an idiom of work that opens the sentence is its command.
    let opening: Vec<&str> = w.iter().take(8).map(|(x, _, _)| x.as_str()).collect();
    if super::idioms::commands(&opening) {
        return true;
    }
    // "have someone read it cold", "have a subagent review it": work asked
    // of another, through the agent.
    if matches!(w, [(a, _, _), (b, _, _), ..] if a == "have" && names_another(b)) {
        return true;
    }
    // "have Codex refactor the retry code", "get gemini to scan the repo":
    // a named agent, or "them", given a task.
    if asks_of_named(w) {
        return true;
    }
    // "Use pr-writer to draft the PR body": the tool named, for the work
    // after "to".
    // "use that to order the phases": a verb by its shape after "to".
    let to = w.iter().take(6).position(|(x, _, _)| x == "to");
    let verb_after = |k: usize| {
        let rest: Vec<&str> = w
            .iter()
            .skip(k + 1)
            .take(4)
            .map(|(x, _, _)| x.as_str())
            .collect();
        rest.first().is_some_and(|v| starts_joined_task(v)) || reads_as_command(&rest)
    };
    if w.first().is_some_and(|(x, _, _)| x == "use") && to.is_some_and(|k| k >= 2 && verb_after(k))
    {
        return true;
    }
    if verb_and_object(sentence, w) {
        return true;
    }
    // "Carry out the plan.", "spin up a worktree": a verb and its particle
    // before an object; "break it into tickets": a verb on a pronoun.
    let first: Vec<&str> = w.iter().take(4).map(|(x, _, _)| x.as_str()).collect();
    if phrasal_command(&first) || opens_on_pronoun(&first) {
        return true;
    }
    // "Pick a direction for type and rework the page", "swap each one":
    // by its shape, a verb on no list before a new object. Not after a
    // mark ("nice, the tests pass"); a verb on a list asks as above.
    let marked = w.first().is_some_and(|(_, _, e)| {
        sentence[*e..]
            .trim_start()
            .starts_with([',', ':', ';', '-'])
    });
    let not_verb = first
        .first()
        .is_some_and(|f| starts_joined_task(f) || NOT_COMMANDS.contains(f));
    if !marked && !not_verb && reads_as_command(&first) {
        return true;
    }
    false
}

/// True when the sentence opens with a verb of work and what it acts on:
/// an object, a clause, a link, "together", the person ("interview me"),
/// or "do" before a noun phrase.
fn verb_and_object(sentence: &str, w: &[(String, usize, usize)]) -> bool {
    // A sentence that opens with a verb of work and its object is a
    // command: "wrap the branch up", "redesign the settings screen". Not
    // "get": "get that done" asks for whatever came before.
    // So is one whose object is a clause ("diagnose what's wrong") or a
    // link ("clip https://…"), or "pull together an agenda".
    if let [(verb, _, vend), (next, nstart, _), ..] = w {
        // The link as typed, or as a page read (see `super::material`).
        let link = next == super::material::PAGE_WORD
            || sentence[*vend..*nstart].trim().is_empty()
                && sentence[*nstart..].starts_with("http");
        let object = OBJECT_OPENERS.contains(&next.as_str())
            || link
            || matches!(
                next.as_str(),
                "this"
                    | "these"
                    | "that"
                    | "those"
                    | "it"
                    | "them"
                    | "every"
                    | "all"
                    | "together"
                    | "what"
                    | "what's"
                    | "whats"
                    | "why"
                    | "how"
                    | "where"
                    | "which"
                    | "whether"
            );
        // "get the API tests green" acts on what it names; "get that
        // done" on what came before.
        let own_object = verb != "get" || matches!(next.as_str(), "the" | "our" | "my");
        if object && own_object && starts_joined_task(verb) {
            return true;
        }
        // "Interview me hard", "quiz us on it": the person is the object.
        // Not "get me unstuck", "put me out of my misery": the ask follows.
        let idiom = matches!(verb.as_str(), "get" | "put" | "keep" | "let" | "save");
        if matches!(next.as_str(), "me" | "us") && !idiom && starts_joined_task(verb) {
            return true;
        }
        // "Do the investigation first", "do a security review": "do" is a
        // command before a noun phrase ("do the tests pass?" ends with a
        // question mark and is read as a question first).
        if verb == "do" && OBJECT_OPENERS.contains(&next.as_str()) {
            return true;
        }
    }
    false
}

/// True when `sentence` says it wants work done: "can you", "I need",
/// "help me", "please", "let's", "You have been asked to…".
fn says_it_wants(sentence: &str) -> bool {
    let t = sentence.to_lowercase();
    const MARKERS: &[&str] = &[
        "can you",
        "could you",
        "would you",
        "will you",
        "can u",
        "could u",
        "would u",
        // "can we get it generated from the commits", "could we have a
        // short loop of the mascot": a thing asked for, in the plural.
        "can we get",
        "could we get",
        "can we have",
        "could we have",
        "help me",
        "help with",
        "i need",
        "we need",
        "i want",
        "we want",
        "i'd like",
        "we'd like",
        "i would like",
        "we would like",
        "i'd love",
        "we'd love",
        "please",
        "pls",
        "plz",
        "let's",
        "lets ",
        "make me",
        "give me",
        "show me",
        "need a ",
        "need to",
        "want to",
        "how do i",
        "how can i",
        "how do we",
        "how to",
        "i have to",
        "we have to",
        // "I must ask that you run the suite first".
        "i must ask",
        "i ask that you",
        "been asked to",
        "your task is",
        // Formal English: "Might I ask you first to…", "I should like you
        // to…", "only afterwards should you create…".
        "might i ask",
        "might you",
        "may i ask you",
        "could i ask you",
        "could i trouble you",
        "might i trouble you",
        "i should like you to",
        "we should like you to",
        "i should be grateful",
        "afterwards should you",
        "then should you",
    ];
    // Whole words: "exactly what I needed" wants nothing more. Help
    // thanked for ("many thanks for your help with the migration") is
    // help given, not asked.
    let thanked = has_words(&t, "your help") || has_words(&t, "the help");
    MARKERS.iter().any(|m| {
        (!thanked || !m.starts_with("help"))
            && has_words(&t, m.trim_end())
            && !only_negated(&t, m.trim_end())
            && !only_asks_opinion(&t, m.trim_end())
    }) || wants_it_done(&t)
        || relays_a_want(&t)
        || obliges_the_agent(&t)
}

/// True when `t` (lowercased) opens by putting work on the agent: "you'll
/// have to pull the tables out of the PDF first", "you must run the suite
/// before you commit". Only at the sentence's start and before a verb of a
/// task: not "you must be tired of my edits", "you'll have to admit it
/// looks better", "do you have to restart the server", "never say never
/// until you have to".
fn obliges_the_agent(t: &str) -> bool {
    // Most sentences open otherwise: say so before any word is read.
    if !t.trim_start().starts_with("you") {
        return false;
    }
    let t = t.replace('\u{2019}', "'");
    let w = words_of(&t);
    let word = |k: usize| w.get(k).map_or("", |x| x.0.as_str());
    let verb = match (word(0), word(1), word(2), word(3)) {
        ("you'll", "have", "to", _) => 3,
        ("you", "must", _, _) => 2,
        ("you", "will", "have", "to") => 4,
        _ => return false,
    };
    // Not a verb of being, knowing or feeling: "you must be tired", "you
    // have to admit…", "you'll have to trust me".
    const STATES: &[&str] = &[
        "admit",
        "agree",
        "be",
        "believe",
        "excuse",
        "feel",
        "forgive",
        "have",
        "know",
        "like",
        "love",
        "realize",
        "remember",
        "see",
        "think",
        "trust",
        "understand",
        "wonder",
    ];
    let v = word(verb);
    v.starts_with(char::is_alphabetic) && !STATES.contains(&v)
}

/// True when `t` (lowercased) relays someone's want of a thing: "my
/// manager wants a deck on Q3", "CS also wants the screenshot walkthrough
/// added to the guide". Not a want to know or do ("he wants to know…"),
/// nor "needs", which more often says what a thing lacks ("our seed deck
/// needs a believable number", "marketing needs a link by 3pm").
fn relays_a_want(t: &str) -> bool {
    // Most sentences hold no "wants": the search says so before any word
    // is read.
    if !t.contains("wants") {
        return false;
    }
    let w = words_of(t);
    w.windows(2).any(|p| {
        p[0].0 == "wants" && matches!(p[1].0.as_str(), "a" | "an" | "the" | "our" | "some")
    })
}

/// True when every "would you" of `t` follows a word that asks: "which
/// would you pick for a freelancer?" asks what the agent thinks, where
/// "would you pick one for us?" asks it to pick. So does "do I have to".
fn only_asks_opinion(t: &str, marker: &str) -> bool {
    // "…or do I have to paste the text in?": asked whether, not wanted.
    let asked_by: &[&str] = match marker {
        "would you" | "would u" => &["which", "what", "who", "how", "where", "whom"],
        "i have to" | "we have to" => &["do", "does", "did", "will"],
        _ => return false,
    };
    t.match_indices(marker).all(|(at, _)| {
        let before = t[..at].split_whitespace().next_back().unwrap_or("");
        asked_by.contains(&before)
    })
}

/// True when `t` wants a thing done, in formal English: "I should like my
/// notes turned into a proper note", "we should like the lessons
/// distilled". Not "I should like to know where…", a wish to know.
fn wants_it_done(t: &str) -> bool {
    const THING: &[&str] = &[
        "a", "an", "it", "my", "our", "that", "the", "them", "these", "this", "those",
    ];
    let w: Vec<String> = words_of(t).into_iter().map(|(w, _, _)| w).collect();
    w.windows(4).any(|p| {
        matches!(p[0].as_str(), "i" | "we")
            && p[1] == "should"
            && p[2] == "like"
            && THING.contains(&p[3].as_str())
    })
}

/// True when every time `marker` of a want or need comes in `t`, a
/// negation of the past comes just before it: "I didn't want to ask". A
/// want denied wants nothing. Not "I don't want to…", which often sets
/// the terms of a want said beside it (measured: it added skills to
/// single-skill intents of a held-out set).
fn only_negated(t: &str, marker: &str) -> bool {
    const NEGATIONS: &[&str] = &["didn't", "didnt", "never"];
    if !matches!(marker, "want to" | "need to") {
        return false;
    }
    t.match_indices(marker)
        .filter(|(at, _)| {
            !t[at + marker.len()..]
                .chars()
                .next()
                .is_some_and(char::is_alphanumeric)
        })
        .all(|(at, _)| {
            let before = t[..at].split_whitespace().next_back().unwrap_or("");
            NEGATIONS.contains(&before)
        })
}

mod inside;
mod openers;
mod questions;
pub use questions::{asks_a_choice, asks_plain_telling, is_knowledge_request, is_question};

#[cfg(test)]
mod tests;
