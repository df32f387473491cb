//! Asks that name nothing of their own ("Figure out why.", "fix all
//! three", "Handle it.") and asks made while at work on another ("While
//! you're at it, …"): what the sentence before says is what they are
//! about.

use super::plain_all;
use crate::plan::task_words::starts_joined_task;

/// True when `sentence` asks for work, or about something, in words that
/// name nothing of their own: "Figure out why.", "Can you look into it?",
/// "What's wrong with it?", "Any idea what's going on?". What it is about
/// is what the sentence before it says.
pub(super) fn is_bare(sentence: &str) -> bool {
    const BARE: &[&str] = &[
        "a",
        "address",
        "also",
        "and",
        "any",
        "as",
        "at",
        "can",
        "cause",
        "could",
        "debug",
        "diagnose",
        "explain",
        "figure",
        "find",
        "fix",
        "going",
        "handle",
        "happening",
        "help",
        "i",
        "i'd",
        "idea",
        "into",
        "investigate",
        "is",
        "it",
        "just",
        "like",
        "look",
        "love",
        "me",
        "need",
        "on",
        "out",
        "please",
        "pls",
        "reason",
        "resolve",
        "root",
        "solve",
        "sort",
        "tackle",
        "that",
        "the",
        "this",
        "to",
        "too",
        "us",
        "wanna",
        "want",
        "well",
        "what",
        "what's",
        "whats",
        "why",
        "with",
        "would",
        "wrong",
        "you",
    ];
    // "Sort it sensibly, don't reword anything": what the agent is spared
    // is no more of the ask.
    let asked = match sentence.split_once(',') {
        Some((ask, rest)) if crate::plan::declines::spares_work(rest) => ask,
        _ => sentence,
    };
    let mut words = plain_all(asked);
    // "sort it out so i can continue": what the person can do after is no
    // more of the ask.
    if let Some(k) = (1..words.len()).find(|&k| {
        words[k] == "so"
            && words
                .get(k + 1)
                .is_some_and(|w| matches!(w.as_str(), "i" | "we" | "that" | "it"))
    }) {
        words.truncate(k);
    }
    // "figure out whats wrong with the site": the thing it names is what
    // the sentence before told of.
    if let Some(k) = words.iter().rposition(|w| w == "with") {
        let named = &words[k + 1..];
        let det = |w: &String| matches!(w.as_str(), "the" | "my" | "our" | "this");
        if k > 0 && (2..=3).contains(&named.len()) && det(&named[0]) {
            words.truncate(k);
        }
    }
    if !words.is_empty() && words.len() <= 8 && words.iter().all(|w| BARE.contains(&w.as_str())) {
        return true;
    }
    // "fix all three, same meaning": a command on the things just listed.
    if on_those_listed(&words) {
        return true;
    }
    verb_on_pronoun(&words)
}

/// Verbs of dealing with a problem: "handle it", "fix both".
const DEALS_WITH: &[&str] = &[
    "address",
    "clean",
    "deal",
    "debug",
    "diagnose",
    "fix",
    "handle",
    "investigate",
    "repair",
    "resolve",
    "settle",
    "solve",
    "sort",
    "straighten",
    "tackle",
    "unblock",
    "untangle",
];

/// True when `words` open with a command whose object counts the things
/// the sentences before listed: "fix all three", "handle both", "sort
/// all of them out", "do all 3", or the count alone ("both please").
fn on_those_listed(words: &[String]) -> bool {
    const COUNTED: &[&str] = &["both", "all", "each"];
    const NUMBERS: &[&str] = &["two", "three", "four", "five", "2", "3", "4", "5"];
    // "both please", "all three, thanks": the count alone.
    let kept: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .filter(|w| {
            !matches!(
                *w,
                "please" | "pls" | "thanks" | "thx" | "now" | "too" | "ok"
            )
        })
        .collect();
    match kept.as_slice() {
        ["both"] | ["both" | "all" | "each", "of", "them" | "those" | "these"] => return true,
        ["all", n] if NUMBERS.contains(n) => return true,
        _ => {}
    }
    // "can you look at both?", "could you please check all three":
    // the asking words and a preposition before the count.
    let lead = words
        .iter()
        .take_while(|w| {
            matches!(
                w.as_str(),
                "can" | "could" | "would" | "will" | "you" | "please" | "pls" | "just"
            )
        })
        .count();
    let Some((verb, rest)) = words[lead..].split_first() else {
        return false;
    };
    let rest = match rest {
        [p, tail @ ..] if matches!(p.as_str(), "at" | "into" | "over" | "through") => tail,
        _ => rest,
    };
    let counted = match rest {
        [q, n, ..] if q == "all" && NUMBERS.contains(&n.as_str()) => true,
        // "fix both of those", "sort all of these out".
        [q, of, them, ..]
            if COUNTED.contains(&q.as_str())
                && of == "of"
                && matches!(them.as_str(), "them" | "those" | "these") =>
        {
            true
        }
        // "handle both", not "write both the intro and the outro".
        [q, tail @ ..] if q == "both" => tail.iter().all(|w| {
            matches!(
                w.as_str(),
                "please" | "pls" | "now" | "too" | "of" | "them" | "those" | "these"
            )
        }),
        _ => false,
    };
    counted
        && (starts_joined_task(verb)
            || DEALS_WITH.contains(&verb.as_str())
            || matches!(verb.as_str(), "do" | "look"))
}

/// True when `sentence` asks about several problems the sentences before
/// it told of ("Can you check the site for both problems?", "look into
/// these issues"): each of them is work, whatever skill the ask itself
/// takes.
pub(super) fn names_those_problems(sentence: &str) -> bool {
    const PROBLEMS: &[&str] = &["problems", "issues", "things", "worries", "bugs", "points"];
    let words = plain_all(sentence);
    words.windows(2).any(|p| {
        matches!(p[0].as_str(), "both" | "these" | "those" | "two" | "all")
            && PROBLEMS.contains(&p[1].as_str())
    })
}

/// Words that point back at what the sentence before, or the scene
/// before a comma, says: "Handle it.", "…, punch it up".
pub(super) const POINTS_BACK: &[&str] = &["it", "that", "this", "those", "these", "them"];

/// True when `words` are a command to deal with a problem whose object is
/// only a word that points back: "Untangle those.", "Sort that out
/// please.", "Handle it.", "Sort it sensibly." (an adverb says how). Not
/// "Post it." or "Merge it.": there the verb is the work, and the sentence
/// before says what it is done to.
fn verb_on_pronoun(words: &[String]) -> bool {
    const FILLER: &[&str] = &[
        "up", "out", "please", "pls", "now", "just", "for", "me", "us",
    ];
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let rest = w.get(1..).unwrap_or_default();
    w.len() <= 4
        && w.first().is_some_and(|v| DEALS_WITH.contains(v))
        && rest.iter().any(|x| POINTS_BACK.contains(x))
        && rest
            .iter()
            .all(|x| POINTS_BACK.contains(x) || FILLER.contains(x) || x.ends_with("ly"))
}

/// True when `sentence` says the agent is already at work on what the
/// sentence before it says: "While you're at it, …", "While you're in
/// there, …". Not "Also …" or "… too": after "We already did an SEO audit
/// in March." or "Our docs live in Notion." they add to a scene, not to a
/// task (measured on an adversarial pass: 16 worse, 1 better).
pub(super) fn adds_to_before(sentence: &str) -> bool {
    let words = plain_all(sentence);
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    matches!(
        w.as_slice(),
        ["while", "you're" | "youre" | "ur" | "you", ..]
    ) && w.iter().take(5).any(|x| matches!(*x, "it" | "there"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ws(t: &str) -> Vec<String> {
        t.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn a_command_on_the_things_counted_before_is_bare() {
        for t in [
            "fix all three",
            "handle both",
            "sort all of them out",
            "do all 3",
            "can you look at both",
            "could you please look into all three",
            "fix both of those",
            "sort all of these out",
        ] {
            assert!(on_those_listed(&ws(t)), "{t}");
            assert!(is_bare(t), "{t}");
        }
        for t in [
            "fix all the tests",
            "both work",
            "all three are broken",
            "write both the intro and the outro",
        ] {
            assert!(!on_those_listed(&ws(t)), "{t}");
        }
    }

    #[test]
    fn what_is_wrong_with_the_thing_told_of_is_bare() {
        for t in [
            "figure out whats wrong with the site",
            "find out what's wrong with our app",
        ] {
            assert!(is_bare(t), "{t}");
        }
        for t in [
            "figure out whats wrong with the checkout flow on safari",
            "fix the footer with the new logo",
        ] {
            assert!(!is_bare(t), "{t}");
        }
    }

    #[test]
    fn a_want_or_an_also_around_a_bare_ask_keeps_it_bare() {
        for t in [
            "Want to fix that too.",
            "I'd like to fix that as well",
            "Can you look into that too?",
            "fix that too please",
        ] {
            assert!(is_bare(t), "{t}");
        }
        assert!(!is_bare("I'd like to ship that too"));
    }

    #[test]
    fn what_the_person_can_do_after_is_no_more_of_a_bare_ask() {
        assert!(is_bare("sort it out so i can continue"));
        assert!(is_bare("fix it so that we can deploy"));
        assert!(!is_bare("sort it out so the board sees the new numbers"));
    }

    #[test]
    fn what_the_agent_is_spared_and_how_leave_an_ask_bare() {
        assert!(is_bare("Sort it sensibly, don't reword anything."));
        assert!(is_bare("fix it properly"));
        assert!(!is_bare("Sort it by date, then email it to Sam"));
        assert!(!is_bare("Sort it sensibly and email it"));
    }

    #[test]
    fn an_ask_about_the_problems_told_names_them() {
        assert!(names_those_problems(
            "Can you check the site for both problems?"
        ));
        assert!(names_those_problems("look into these issues"));
        assert!(!names_those_problems("check both the intro and the outro"));
        assert!(!names_those_problems("what are the problems with it"));
    }
}
