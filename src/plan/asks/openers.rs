//! Openings that stand before a sentence's command and leave it: a
//! clause of when or whether ("when you get a chance, …", "Before I send
//! this design doc to the contractor, …"), a forbidden step and the work
//! it waits for ("don't merge until you've read the diff"), and an adverb
//! or phrase that sets a task apart or opens a step ("Separately, …",
//! "To finish, …"), and the words that add a command to a request before
//! ("Also fix the CI.", "first check the plan"). [`super::is_request`]
//! reads the command after them.

use super::is_request_here;
use crate::plan::clauses::words_of;
use crate::plan::task_words::{
    command_after_for_each, reads_as_command, starts_task, OBJECT_OPENERS,
};
use crate::plan::words::clause_mark;

/// The work a forbidden step waits for, when `sentence` opens with one:
/// "don't tell me it's fixed until you've run the suite" asks for the
/// run, "never merge before you have read the diff" for the reading.
/// What follows "until", "unless" or "before" and the "you" that does
/// it ("don't merge until the checks pass" waits for no work of the
/// agent's).
pub(super) fn after_forbidden_wait(sentence: &str) -> Option<&str> {
    let w = words_of(sentence);
    let lead = usize::from(
        w.first()
            .is_some_and(|(x, _, _)| matches!(x.as_str(), "but" | "and" | "so")),
    );
    let word = |i: usize| w.get(i).map_or("", |(x, _, _)| x.as_str());
    let forbids = matches!(word(lead), "don't" | "dont" | "never")
        || word(lead) == "do" && word(lead + 1) == "not";
    if !forbids {
        return None;
    }
    let wait = w
        .iter()
        .position(|(x, _, _)| matches!(x.as_str(), "until" | "unless" | "before" | "till"))?;
    let plain: Vec<&str> = w[wait..].iter().map(|(x, _, _)| x.as_str()).collect();
    let skip = crate::plan::order_words::agent_wait(&plain)?;
    // "until you've actually run…": an adverb before the verb.
    let skip = skip + usize::from(word(wait + skip).ends_with("ly"));
    let (_, start, _) = w.get(wait + skip)?;
    Some(&sentence[*start..])
}

/// Adverbs that, alone before a comma, open a task apart from the ones
/// before it: "Separately, do a vulnerability pass".
const APART: &[&str] = &[
    "additionally",
    "also",
    "finally",
    "independently",
    "lastly",
    "meanwhile",
    "separately",
];

/// Phrases that, alone before a comma, open a step of a sequence: "To
/// start, research the options. … To finish, review it."
const STEP_PHRASES: &[&[&str]] = &[
    &["last"],
    &["first", "of", "all"],
    &["first", "off"],
    &["for", "starters"],
    &["to", "start"],
    &["to", "begin"],
    &["to", "finish"],
    &["to", "end"],
    &["to", "wrap", "up"],
    &["at", "the", "end"],
    &["in", "the", "end"],
];

/// Phrases that set a task apart, with or without a comma after them:
/// "and at the same time have Codex refactor the retry code", "in
/// parallel, write the migration".
pub(super) const APART_PHRASES: &[&[&str]] = &[
    &["at", "the", "same", "time"],
    &["in", "parallel"],
    &["simultaneously"],
    &["alongside", "that"],
    &["on", "top", "of", "that"],
    &["in", "addition"],
];

/// What follows an adverb of `APART`, or a phrase of `STEP_PHRASES`,
/// and its comma, when `sentence` opens with one; or what follows "while
/// you're in there" (see [`crate::plan::order_words::while_at_it`]), comma
/// or none.
pub fn after_apart(sentence: &str) -> Option<&str> {
    let w = words_of(sentence);
    // "And separately, …".
    let lead = usize::from(
        w.first()
            .is_some_and(|(x, _, _)| matches!(x.as_str(), "and" | "but")),
    );
    // "and while you're in there get rid of the em dashes": work added
    // while the agent is at the task before, no comma after the phrase.
    let opening: Vec<&str> = w
        .iter()
        .skip(lead)
        .take(5)
        .map(|(x, _, _)| x.as_str())
        .collect();
    if let Some(len) = crate::plan::order_words::while_at_it(&opening) {
        return w.get(lead + len).map(|(_, b, _)| &sentence[*b..]);
    }
    let opens = |p: &[&str]| {
        w.len() > lead + p.len()
            && p.iter()
                .zip(&w[lead..])
                .all(|(a, (b, _, _))| *a == b.as_str())
    };
    if let Some(p) = APART_PHRASES.iter().find(|p| opens(p)) {
        let end = w[lead + p.len() - 1].2;
        return Some(sentence[end..].trim_start_matches([',', ' ']));
    }
    let (first, _, _) = w.get(lead)?;
    let len = if APART.contains(&first.as_str()) {
        1
    } else {
        STEP_PHRASES.iter().find(|p| opens(p))?.len()
    };
    let end = w[lead + len - 1].2;
    sentence[end..]
        .starts_with(',')
        .then(|| sentence[end + 1..].trim_start())
}

/// Phrases that say what follows is another matter than the one before:
/// "unrelated:", "different issue,", "and totally different:".
const OTHER_MATTER: &[&[&str]] = &[
    &["unrelated"],
    &["totally", "unrelated"],
    &["completely", "unrelated"],
    &["not", "related"],
    &["different", "issue"],
    &["different", "topic"],
    &["different", "question"],
    &["different", "thing"],
    &["totally", "different"],
    &["completely", "different"],
    &["separate", "issue"],
    &["separate", "topic"],
    &["separate", "thing"],
    &["separate", "question"],
    &["other", "thing"],
    &["another", "thing"],
    &["on", "another", "note"],
    &["on", "a", "different", "note"],
];

/// What follows a phrase of [`OTHER_MATTER`] and its mark, when
/// `sentence` opens with one, after "and", "also" or "but" ("also,
/// different issue, after bumping…").
fn after_other_matter(sentence: &str) -> Option<&str> {
    let w = words_of(sentence);
    // A word keeps the mark after it ("unrelated:").
    let bare = |x: &str| x.trim_end_matches([',', ':', ';']).len();
    let is = |x: &String, y: &str| x[..bare(x)] == *y;
    let lead = w
        .iter()
        .take_while(|(x, _, _)| ["and", "also", "but", "oh"].iter().any(|y| is(x, y)))
        .count()
        .min(2);
    let p = OTHER_MATTER.iter().find(|p| {
        w.len() > lead + p.len() && p.iter().zip(&w[lead..]).all(|(a, (b, _, _))| is(b, a))
    })?;
    let end = w[lead + p.len() - 1].2;
    let rest = &sentence[end..];
    rest.starts_with([',', ':', ';', ' '])
        .then(|| rest.trim_start_matches([',', ':', ';', ' ', '-', '—']))
}

/// True when `sentence` opens with an adverb that sets its task apart
/// ("Separately, the lease has pages sideways"), asked for here or in the
/// sentence after it.
pub fn opens_apart(sentence: &str) -> bool {
    after_apart(sentence).is_some()
}

/// True when `sentence` asks for a task apart from the ones before it:
/// "Separately, do a vulnerability pass on the handler", "also need a
/// 5-slide deck for Friday", "and while you're in there get rid of the em
/// dashes", "and make a linear issue for the alert". It is no elaboration
/// of the request before it. Not "also make it blue": what "it" stands for
/// is the work before.
pub fn asks_apart(sentence: &str) -> bool {
    // "Separately, the lease has pages sideways; could you rotate those?"
    if after_apart(sentence)
        .is_some_and(|r| is_request_here(r) || crate::plan::declines::a_piece_asks(r))
    {
        return true;
    }
    // "unrelated: our MV3 extension's service worker loses its state":
    // what is told of the person's own things, or of trouble, as another
    // matter is work of its own.
    if after_other_matter(sentence).is_some_and(|r| {
        is_request_here(r) || super::names_own(r) || crate::plan::idioms::tells_of_trouble(r)
    }) {
        return true;
    }
    let w = words_of(sentence);
    let lead = usize::from(w.first().is_some_and(|(x, _, _)| x == "and"));
    let refers_back = w.iter().skip(lead + 1).take(4).any(|(x, _, _)| {
        matches!(
            x.as_str(),
            "it" | "its" | "this" | "that" | "them" | "these" | "those"
        )
    });
    // "and make a linear issue for the alert": "and" opens the sentence
    // as "also" does.
    (lead == 1 || w.get(lead).is_some_and(|(x, _, _)| x == "also"))
        && !refers_back
        && is_request_here(sentence)
}

/// What follows a short opening clause of when, whether or while that
/// ends at a comma ("when you get a chance, …"), or a short refusal ("don't
/// guess, …"), if the sentence opens with one.
pub(super) fn after_condition(sentence: &str) -> Option<&str> {
    const OPENERS: &[&str] = &[
        "after", "before", "if", "once", "until", "when", "whenever", "while",
    ];
    // "Don't start patching things, find the actual cause first": what
    // the person forbids, then what they ask.
    const FORBIDS: &[&str] = &["don't", "dont", "never"];
    let w = words_of(sentence);
    // "But before you start, set up a worktree", "only if that comes out
    // clean, run the release".
    let lead = w
        .iter()
        .take_while(|(x, _, _)| matches!(x.as_str(), "but" | "and" | "so" | "only" | "then"))
        .count();
    if let Some(rest) = after_apart(sentence) {
        return Some(rest);
    }
    let (first, _, _) = w.get(lead)?;
    // "based on what that shows, suggest hooks": what the work goes on.
    let grounds = crate::plan::order_words::grounds(
        &w[lead..]
            .iter()
            .map(|(x, _, _)| x.as_str())
            .collect::<Vec<_>>(),
    )
    .is_some();
    // "For whatever you flag as critical, write benchmarks", "for each
    // failing test, add a repro", "for the monthly report, write me a
    // query": what the command acts on, or what it is for, set first.
    let for_what = first == "for";
    if !OPENERS.contains(&first.as_str())
        && !FORBIDS.contains(&first.as_str())
        && !for_what
        && !grounds
    {
        return None;
    }
    // "after we're aligned write the spec, and after that…": the command
    // may come before any comma.
    let unmarked = OPENERS
        .contains(&first.as_str())
        .then(|| unmarked_main(sentence, &w[lead..]))
        .flatten();
    // The comma that ends the opening, not one after a lead word ("then,
    // drawing on that brief, prepare…").
    let from = if lead > 0 { w[lead].1 } else { 0 };
    let Some(comma) = clause_mark(&sentence[from..], &[',', ':']).map(|c| c + from) else {
        return unmarked;
    };
    if let Some(rest) = unmarked.filter(|r| sentence.len() - r.len() < comma) {
        return Some(rest);
    }
    let inside = w.iter().take_while(|(_, b, _)| *b < comma).count();
    (inside <= opening_words(first) + lead).then(|| sentence[comma + 1..].trim_start())
}

/// How many words an opening clause of when or whether may have before
/// the comma that ends it. One of the person's own work to come ("Before
/// I send this design doc to the contractor, …", "once the content is
/// in, …") may name that work at length; an aside of while or if ("while
/// you're there those docs hardcode paths, …") says little before what
/// it sets apart.
fn opening_words(opener: &str) -> usize {
    match opener {
        "after" | "before" | "once" | "until" => 16,
        _ => 7,
    }
}

/// The command after a clause of time or condition that no comma ends,
/// as people type it: "after we're aligned write the spec", "once it's
/// merged deploy it". The clause has its subject after the opener, and the
/// first verb of a task comes after at least one word of its own ("when
/// we review the PR the bot crashes" has none, and asks nothing).
fn unmarked_main<'a>(sentence: &'a str, w: &[(String, usize, usize)]) -> Option<&'a str> {
    const SUBJECTS: &[&str] = &[
        "everything",
        "i",
        "i'm",
        "i've",
        "it",
        "it's",
        "its",
        "that",
        "that's",
        "the",
        "these",
        "they",
        "they're",
        "this",
        "those",
        "we",
        "we're",
        "we've",
        "you",
        "you're",
        "you've",
    ];
    const BOUND: &[&str] = &[
        "and", "can", "could", "don't", "i", "it", "not", "or", "should", "they", "to", "we",
        "will", "would", "you",
    ];
    if !w
        .get(1)
        .is_some_and(|(x, _, _)| SUBJECTS.contains(&x.as_str()))
    {
        return None;
    }
    // "once the draft is done tighten the intro", "after those pass run
    // the browser tests": a word that says the clause's work is over, then
    // a verb by its shape.
    let plain: Vec<&str> = w.iter().map(|(x, _, _)| x.as_str()).collect();
    let over = |k: usize| {
        crate::plan::order_words::completes(&plain[..k])
            && reads_as_command(&plain[k..plain.len().min(k + 4)])
    };
    // The word that ends the clause comes first: "draft" in "once the
    // draft is finished" is no verb.
    let k = (2..w.len().min(9))
        .find(|&k| over(k))
        .or_else(|| (2..w.len().min(9)).find(|&k| starts_task(&w[k].0)))?;
    // "when I run the build from my script": the clause's own verb is
    // one of work, and what follows it its object.
    (k >= 3 && !BOUND.contains(&w[k - 1].0.as_str()) && k + 1 < w.len())
        .then(|| &sentence[w[k].1..])
}

/// How many words open `all` that add its command to a request before:
/// "also", "now", "then", "ok so first", ….
fn lead_words(all: &[(String, usize, usize)]) -> usize {
    // "now" ("Now review the PR."), "meanwhile", "instead", "actually"
    // ("Actually research it first.") or "then" ("if it's a P1, then write
    // up the escalation"); "first check the plan", "ok so next run the tests"; not "first an
    // inventory of…", where the word orders the things wanted, not a
    // command.
    const ORDINALS: &[&str] = &["first", "next", "finally", "lastly", "secondly", "thirdly"];
    let leads = |i: usize| {
        let x = all[i].0.as_str();
        let next = all.get(i + 1).map_or("", |(n, _, _)| n.as_str());
        matches!(
            x,
            "also"
                | "and"
                | "plus"
                | "now"
                | "but"
                | "so"
                | "then"
                | "actually"
                | "meanwhile"
                | "instead"
                | "additionally"
                | "separately"
                | "independently"
                | "afterwards"
                | "afterward"
                | "ok"
                | "okay"
        ) || ORDINALS.contains(&x) && !OBJECT_OPENERS.contains(&next)
    };
    (0..all.len()).take_while(|&i| leads(i)).count()
}

/// Leads of a few words read past before a command that say when; those
/// that say the command is more work beside the rest are
/// [`APART_PHRASES`].
const WHEN_LEADS: &[&[&str]] = &[&["for", "now"], &["in", "the", "meantime"]];

/// `sentence` from its verb: after words that add it to a request before
/// ("Also fix the failing CI.", "Now review the PR.") and "you" before a
/// command ("You deploy the preview.").
pub(super) fn main_clause(sentence: &str) -> &str {
    // "Also fix the failing CI.": a word that adds the request to the one
    // before stands before its verb.
    // So do "now", "then", "first", … (see `lead_words`), and "you"
    // before a command ("You deploy the preview.", "you handle the query
    // tuning").
    let all = words_of(sentence);
    let lead = lead_words(&all);
    // Past forms that look plain: "you said the migration is done".
    const PAST: &[&str] = &[
        "built", "did", "found", "gave", "got", "had", "knew", "left", "made", "meant", "ran",
        "said", "saw", "sent", "set", "spent", "thought", "told", "took", "went", "wrote",
    ];
    let commands = |rest: &[(String, usize, usize)]| {
        let w: Vec<&str> = rest.iter().take(4).map(|(x, _, _)| x.as_str()).collect();
        w.first()
            .is_some_and(|v| starts_task(v) || !PAST.contains(v) && reads_as_command(&w))
    };
    // "for now make a pdf of the memo", "in the meantime fix the footer",
    // "at the same time have Codex refactor it": a lead of a few words
    // that says when, or that this is more.
    let lead = lead
        + WHEN_LEADS
            .iter()
            .chain(APART_PHRASES)
            .find(|l| {
                all.get(lead..lead + l.len())
                    .is_some_and(|w| w.iter().zip(l.iter()).all(|((x, _, _), y)| x == y))
            })
            .map_or(0, |l| l.len());
    let lead = match all.get(lead..) {
        Some([(you, _, _), rest @ ..]) if you == "you" && commands(rest) => lead + 1,
        // "for every high severity finding create a ticket": what the
        // command acts on, set first.
        Some(rest @ [(f, _, _), ..]) if f == "for" => {
            let rest: Vec<&str> = rest.iter().take(12).map(|(x, _, _)| x.as_str()).collect();
            lead + command_after_for_each(&rest).unwrap_or(0)
        }
        _ => lead,
    };
    match all.get(lead) {
        Some((_, start, _)) if lead > 0 => &sentence[*start..],
        _ => sentence,
    }
}

/// Words that stand where a named agent would and name none: "have you
/// read the doc", "get it to work", "tell me to stop".
const NO_AGENT: &[&str] = &[
    "a", "all", "an", "any", "been", "got", "i", "it", "me", "my", "no", "not", "our", "some",
    "that", "this", "to", "us", "we", "you", "your",
];

/// True when `w` open by giving an agent, named or pointed at, a task:
/// "have Codex refactor the retry code", "have the subagent write the
/// tests", "get gemini to scan the repo", "ask codex to review it".
pub(super) fn asks_of_named(w: &[(String, usize, usize)]) -> bool {
    let word = |i: usize| w.get(i).map_or("", |(x, _, _)| x.as_str());
    // "the subagent", "Codex": an article may stand before the agent.
    let agent_at = 1 + usize::from(word(1) == "the");
    let agent = word(agent_at);
    if agent.is_empty() || NO_AGENT.contains(&agent) {
        return false;
    }
    let verb_at = match word(0) {
        "have" => agent_at + 1,
        "get" | "ask" | "tell" if word(agent_at + 1) == "to" => agent_at + 2,
        _ => return false,
    };
    crate::plan::task_words::starts_joined_task(word(verb_at)) && !word(verb_at + 1).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::asks::is_request;

    #[test]
    fn another_matter_told_of_ones_own_things_or_trouble_is_asked_apart() {
        for s in [
            "unrelated: our MV3 extension's service worker loses its state after 30s",
            "also, different issue, after bumping trpc `createTRPCReact` is undefined and everything is red",
            "and totally different: my deploy script leaves orphan processes",
            "separate topic: write the launch email",
        ] {
            assert!(asks_apart(s), "{s}");
        }
        for s in [
            // Another matter that tells of no work of the person's.
            "unrelated: the weather in lisbon is lovely this week",
            // Not a phrase of another matter.
            "unrelatedly the deck is for the board",
            "different issues came up in the retro",
        ] {
            assert!(!asks_apart(s), "{s}");
        }
    }

    #[test]
    fn work_given_to_a_named_agent_is_asked() {
        for s in [
            "have Codex refactor the retry code",
            "have the subagent write the tests",
            "get gemini to scan the repo",
            "ask codex to review the diff",
        ] {
            assert!(asks_of_named(&words_of(s)), "{s}");
            assert!(is_request(s), "{s}");
        }
        for s in ["have you read the doc yet", "have a look", "get it to work"] {
            assert!(!asks_of_named(&words_of(s)), "{s}");
        }
    }

    #[test]
    fn work_asked_beside_the_rest_is_apart() {
        for s in [
            "and at the same time have Codex refactor the retry code",
            "in parallel, write the migration",
            "on top of that draft the release notes",
        ] {
            assert!(asks_apart(s), "{s}");
        }
        assert!(!asks_apart("at the same time it was slow"));
    }

    #[test]
    fn what_the_work_goes_on_stands_before_its_command() {
        for s in [
            "then, drawing on that brief, prepare an agenda",
            "based on what that shows, suggest some hooks",
            "using the numbers in the sheet, build a chart",
        ] {
            assert!(is_request(s), "{s}");
        }
        assert!(!is_request("using pandas is fine"));
    }

    #[test]
    fn a_command_after_its_lead_words_is_asked() {
        for s in [
            "ok so first check whether everything in docs/PLAN.md is really done",
            "next run the browser tests against staging",
            "After the review, for every high severity finding create a Linear issue",
            "for each failing test add a repro case",
            "look up on the web whether the driver supports LISTEN/NOTIFY",
            "after that, the pipeline is painful too, 18 min per push, look at that next",
            "use that to order the phases after",
            "after those pass run the browser tests against app.acme.dev",
            "once the draft is finished tighten the intro",
            "and separately write a prompt i can paste into v0",
            "afterwards run the browser tests against staging",
            "secondly, file a ticket for the flaky login test",
        ] {
            assert!(is_request(s), "{s}");
        }
        for s in [
            // A rule of how something works, a date, what follows the
            // work: no command.
            "for every user we store a row in the table",
            "Next week is the launch",
            "once it's done we ship it on friday",
        ] {
            assert!(!is_request(s), "{s}");
        }
    }
}
