//! Work called off by what it is, and work only dreamt of. "cancel the pdf
//! merge thing from earlier", "scratch the uv migration", "let's park the
//! react 19 upgrade", "hold off on the migration plan until legal signs
//! off" take a piece of work back; "someday i want to build a plugin",
//! "imagine if we rewrote it in rust", "if we ever raise a Series A we'll
//! need a model" ask for none now. So does thanks that is the message's
//! whole point ("just wanted to say thank you for the help with…").

/// Words that name a piece of work, not a thing the work acts on: "the
/// upgrade", "the migration plan", "the pdf merge thing". "cancel the
/// deploy" or "pause the cron job" act on a running thing and still ask.
const WORK: &[&str] = &[
    "effort",
    "idea",
    "initiative",
    "migration",
    "plan",
    "project",
    "redesign",
    "refactor",
    "request",
    "rewrite",
    "stuff",
    "task",
    "thing",
    "ticket",
    "upgrade",
    "work",
];

/// Verbs that call work off.
const CALLS_OFF: &[&str] = &["cancel", "drop", "park", "pause", "scratch", "shelve"];

/// Words a calling off may end with: "from earlier", "for now",
/// "anymore", "for this release".
const AFTER: &[&str] = &[
    "after", "all", "anymore", "earlier", "for", "from", "now", "please", "pls", "release",
    "sprint", "this", "today", "too",
];

/// True when `rest` (a piece's words after its lead) calls off a piece of
/// work named by what it is: a verb of [`CALLS_OFF`] (or "hold off on"),
/// a noun phrase of at most seven words that ends in a word of [`WORK`],
/// and nothing after it but a few words of [`AFTER`] or a clause of
/// "until" ("…until legal signs off on the new contract").
pub(super) fn calls_off(rest: &[String]) -> bool {
    let w: Vec<&str> = rest.iter().map(String::as_str).collect();
    let named: &[&str] = match w.as_slice() {
        ["let's" | "lets", v, named @ ..] | [v, named @ ..] if CALLS_OFF.contains(v) => named,
        ["let's" | "lets", "hold", "off", "on", named @ ..] | ["hold", "off", "on", named @ ..] => {
            named
        }
        _ => return false,
    };
    let Some(end) = named.iter().take(7).rposition(|x| WORK.contains(x)) else {
        return false;
    };
    let opens = named
        .first()
        .is_some_and(|x| matches!(*x, "the" | "that" | "this" | "our" | "my" | "all"));
    let tail = &named[end + 1..];
    let waits = tail
        .first()
        .is_some_and(|x| matches!(*x, "until" | "till" | "til"))
        && tail.len() <= 12;
    opens && (waits || tail.len() <= 4 && tail.iter().all(|x| AFTER.contains(x)))
}

/// Openings of a wish or a thought about some day: "someday i want to…",
/// "imagine if we…", "if we ever…", "one day I'd like to…".
const MUSINGS: &[&[&str]] = &[
    &["someday"],
    &["some", "day"],
    &["one", "day"],
    &["one", "of", "these", "days"],
    &["imagine"],
    &["if", "we", "ever"],
    &["if", "i", "ever"],
    &["i", "wonder", "if"],
    &["sometimes", "i", "wonder"],
    &["maybe", "someday"],
    &["maybe", "one", "day"],
    &["maybe", "next", "year"],
    &["in", "an", "ideal", "world"],
];

/// True when `rest` opens with a wish or a thought about some day (see
/// [`MUSINGS`]): the work it names is not asked for now.
pub(super) fn muses(rest: &[String]) -> bool {
    MUSINGS
        .iter()
        .any(|m| m.len() < rest.len() && m.iter().zip(rest).all(|(a, b)| *a == b.as_str()))
}

/// Thanks said as the message's point: "(just) wanted to say thank you".
const THANKS: &[&[&str]] = &[
    &["wanted", "to", "say", "thank", "you"],
    &["wanted", "to", "say", "thanks"],
    &["wanted", "to", "thank", "you"],
    &["want", "to", "say", "thank", "you"],
    &["want", "to", "say", "thanks"],
];

/// True when `rest` thanks someone for something, however long what it
/// thanks for: "wanted to say thank you for the help with the design doc
/// yesterday". Not when more work follows ("…, and then fix the footer").
pub(super) fn thanks_for(rest: &[String]) -> bool {
    const MORE: &[&str] = &[
        "and", "but", "then", "also", "now", "please", "pls", "can", "could",
    ];
    THANKS.iter().any(|t| {
        rest.len() > t.len()
            && t.iter().zip(rest).all(|(a, b)| *a == b.as_str())
            && rest[t.len()] == "for"
            && !rest[t.len()..].iter().any(|x| MORE.contains(&x.as_str()))
    })
}

#[cfg(test)]
mod tests {
    use super::{calls_off, muses, thanks_for};

    #[test]
    fn thanks_for_anything_asks_nothing() {
        assert!(thanks_for(&w(
            "wanted to say thank you for the help with the design doc yesterday"
        )));
        assert!(!thanks_for(&w(
            "wanted to say thanks for the doc and fix the footer"
        )));
        assert!(!thanks_for(&w("wanted to say thanks")));
    }

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn work_called_off_by_what_it_is() {
        assert!(calls_off(&w("cancel the pdf merge thing from earlier")));
        assert!(calls_off(&w("scratch the uv migration")));
        assert!(calls_off(&w("let's park the react 19 upgrade")));
        assert!(calls_off(&w("pause all the angularjs upgrade work")));
        assert!(calls_off(&w(
            "hold off on the oracle postgres migration plan until legal signs off on the contract"
        )));
        assert!(calls_off(&w(
            "let's hold off on the onboarding redesign until the new copy lands"
        )));
    }

    #[test]
    fn a_running_thing_stopped_or_more_work_still_asks() {
        assert!(!calls_off(&w("cancel the deploy")));
        assert!(!calls_off(&w("pause the cron job until monday")));
        assert!(!calls_off(&w("drop the users table")));
        assert!(!calls_off(&w(
            "cancel the migration and roll back the schema"
        )));
    }

    #[test]
    fn a_thought_about_some_day_asks_nothing_now() {
        assert!(muses(&w("someday i want to build a minecraft plugin")));
        assert!(muses(&w("imagine if we rewrote the backend in rust")));
        assert!(muses(&w("if we ever raise a series a we need a model")));
        assert!(!muses(&w("if it fails again fix it")));
        assert!(!muses(&w("one daily report please")));
    }
}
