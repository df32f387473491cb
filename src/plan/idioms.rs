//! Everyday idioms that ask for a kind of work without its word: "track
//! down why", "think it through", "double-check", "push it live".
//!
//! Skill texts name the work ("debugging", "brainstorm", "verification",
//! "deploy"); people ask for it in idioms whose words are common and say
//! nothing alone ("find out why the webhook drops events"). An idiom in a
//! clause of the intent adds the term of its work to the clause, beside
//! its own words, which still count as written ("root cause" also meets a
//! skill that says "root cause"). Skill texts are read as they are: an
//! idiom there is already next to the word of its work.
//!
//! | term | idioms |
//! |---|---|
//! | `debug` | track down why, what's causing; when the intent tells of something failing (`FAILING`), also root/real/actual cause(s) after a verb of seeking ("find", "dig for", …), figure/find/work out why, what's (…) causing, what's (…) going on and no/zero idea/clue why |
//! | `brainstorm` | think (it) through, talk it through with me, talk through what/how (…) should, bounce (some) ideas, spitball |
//! | `verif` | double check, prove it works, make sure it works, confirm it works, show/paste me the (…) output (also "shown", "showing", "pasting") |
//! | `deploy` | push/put/take it live, put/get it online |
//! | `tdd` | write/add a (the) failing test(s), write failing tests: the test written to fail first (not "fix the failing test") |
//! | `attack` | tear/rip apart, tear/rip/pick it (this, that, them) apart: the attack on a plan a skill for objections says |
//! | `parallel` | (fix them) at the same time, inside a clause and ending it, when something fails: failures worked at once, as a skill for parallel agents says |
//! | `combin` | into one/a single file/pdf: parts combined, as a skill for documents says ("combining … into one") |
//! | `catchup` | get/bring me/us up to speed: the briefing a catch-up skill gives ("catch me up" is the same term, see [`super::compounds`]) |
//! | `human` | (read/sound) like a (normal) person/human wrote it, like an actual/real (…) wrote it, like a robot/bot/chatbot/AI wrote it |
//! | `request` | get (…) reviewed, get a/an/another (second/quick/code…) review or reviewer: a review asked of someone, as a skill for requesting one says |
//! | `merg` `conflict` | git's conflict marker `<<<<<<<` pasted anywhere in the clause |
//! | `wikilink` | a wikilink pasted in the clause, `[[…]]` |
//! | `sql` `queri` | an SQL statement pasted in the clause, keywords in capitals (`SELECT … FROM`, `UPDATE … SET`, `INSERT INTO`, `CREATE TABLE/INDEX`, `ALTER TABLE`, `DELETE FROM`) |
//!
//! An idiom said not done ("I didn't think it through"), or done by the
//! person ("I'll get a review later"), asks for nothing.
//! "go live" is left out: it is as often a noun ("the go live checklist",
//! "after go live"); so are "get to the bottom" ("of the page") and
//! "track down what's in the report"; "no idea why" asks for debugging only
//! when something fails ("no idea why I agreed to this talk"). An idiom
//! asking for the work a word of a skill's name says counts as a phrase of
//! that name ([`super::fit`]): "no clue why" and `systematic-debugging`.
//! Measured and left out: "tear/rip/pick (it) apart" and
//! "poke holes" as `critic` (skills that critique say "attack",
//! "objection", "skeptic"; it moved a plan from the critique skill to one
//! on the thing critiqued: "apart" now asks for `attack`, the word such a
//! skill's description uses), "sanity check" as `verif` (people sanity-check
//! claims as often as code), "paste the output" without "me" (as often
//! pasted into a doc or a PR description as shown as evidence), "get/have
//! someone review" (the copy, a plan, flagged posts: not code), and every
//! idiom applied to skill texts too (a
//! skill whose body says "root cause" in passing took "debug" requests).
//! The test of failing reads word openings, so "dropdown" or "except" may
//! pass it: it only gates the idioms with other senses. Pasted material,
//! which it does not read (a quoted "500 req/day" is no server error),
//! still tells of failure when it holds an error as programs print one:
//! "TypeError", "NullPointerException", "Traceback", "panicked at".

/// When an idiom asks for its work: always, only where the intent tells
/// of something failing ("find out why customers churn" asks no
/// debugging), or only then and after a verb of [`SEEK`] ("find the root
/// cause of the crash", not "a deck explaining the root cause").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Always,
    Failing,
    SoughtAndFailing,
    /// Where the intent tells of something failing, inside its clause,
    /// not opening it, and ending it or before a word of [`AMID_ENDS`]:
    /// "the three tests fail, fix them at the same time (and …)", not "At
    /// the same time, keep it simple", "at the same time as the launch",
    /// "fails at the same time every night" or "we launched both at the
    /// same time".
    Amid,
}

use When::{Always, Amid, Failing, SoughtAndFailing};

/// Idioms, each as its words, with the term of the work it asks for (a
/// Snowball stem, as skill texts are read) and when it asks for it.
#[rustfmt::skip]
pub const IDIOMS: &[(&[&str], &str, When)] = &[
    (&["root", "cause|causes"], "debug", SoughtAndFailing),
    (&["real|actual", "cause"], "debug", SoughtAndFailing),
    (&["track", "down", "why"], "debug", Always),
    (&["figure", "out", "why"], "debug", Failing),
    (&["find", "out", "why"], "debug", Failing),
    (&["work", "out", "why"], "debug", Failing),
    (&["what's", "causing"], "debug", Always),
    (&["what's|whats|what", GAP, "causing"], "debug", Failing),
    (&["no|zero", "idea|clue", "why"], "debug", Failing),
    (&["what's|whats", GAP, "going", "on"], "debug", Failing),
    (&["think", "through"], "brainstorm", Always),
    (&["think", "it", "through"], "brainstorm", Always),
    (&["talk", "it|this|that", "through", "with", "me|us"], "brainstorm", Always),
    (&["talk|talking", "through", "how|what", GAP, GAP, "should", NOT_HAVE], "brainstorm", Always),
    (&["bounce", "ideas"], "brainstorm", Always),
    (&["bounce", "some", "ideas"], "brainstorm", Always),
    (&["spitball"], "brainstorm", Always),
    (&["double", "check"], "verif", Always),
    (&["prove", "it", "works"], "verif", Always),
    (&["make", "sure", "it", "works"], "verif", Always),
    (&["confirm", "it", "works"], "verif", Always),
    (&["show|shown|showing|paste|pasted|pasting", "me|us", "the", GAP, "output"], "verif", Always),
    (&["like", GAP, "person|human|humans|people", "wrote|had|did"], "human", Always),
    (&["like", "a|an", "actual|real", GAP, "wrote"], "human", Always),
    (&["like", GAP, "robot|bot|chatbot|ai|machine|chatgpt|gpt", "wrote"], "human", Always),
    (&["at", "the", "same", "time"], "parallel", Amid),
    (&["into", "one|1", "file|pdf"], "combin", Always),
    (&["into", "a", "single", "file|pdf"], "combin", Always),
    (&["get|getting", GAP, "reviewed"], "request", Always),
    (&["get|getting", "a|an|another", "review"], "request", Always),
    (&["get|getting", "a|an|another", REVIEWS, "review"], "request", Always),
    (&["get|getting", "a|an|another", REVIEWS, REVIEWS, "review"], "request", Always),
    (&["get|getting", "a|an|another", "reviewer"], "request", Always),
    (&["get|getting", "a|an|another", REVIEWS, "reviewer"], "request", Always),
    (&["get|bring|getting|bringing", "me|us", "up", "to", "speed"], "catchup", Always),
    (&["tear|rip", "apart"], "attack", Always),
    (&["tear|rip|pick", "it|this|that|them", "apart"], "attack", Always),
    (&["write|add|writing|adding", "a|the", "failing", "test|tests"], "tdd", Always),
    (&["write|add|writing|adding", "failing", "tests"], "tdd", Always),
    (&["push", "it", "live"], "deploy", Always),
    (&["put", "it", "live"], "deploy", Always),
    (&["put", "it", "online"], "deploy", Always),
    (&["get", "it", "online"], "deploy", Always),
    (&["take", "it", "live"], "deploy", Always),
];

/// Words that may follow an [`When::Amid`] idiom: what ends its clause
/// ("…at the same time and tell me…", "…at the same time pls").
const AMID_ENDS: &[&str] = &["and", "but", "please", "pls", "so", "then", "too"];

/// The words that may say which review is asked for ("get a second
/// review", "a quick code review"): of code, or how thorough. Not "a
/// security review" or "a design review", whose own skills serve them.
const REVIEWS: &str = "another|careful|code|final|fresh|full|independent|informal|outside|proper|quick|real|really|second|subagent|thorough";

/// Any one word but "have": "how it should work", not "how the test should
/// have caught it" (what went wrong, not a design).
const NOT_HAVE: &str = "!have";

/// In an idiom, up to [`GAP_WORDS`] words of any kind ("show me the
/// passing output"). A word of an idiom may also list its forms, split by
/// `|` ("show|paste").
pub const GAP: &str = "…";

/// The most words a [`GAP`] stands for.
const GAP_WORDS: usize = 3;

/// How many words of `rest`, from its start, write `idiom` (the fewest),
/// or `None` when it is not written there.
fn written<S: AsRef<str>>(idiom: &[&str], rest: &[S]) -> Option<usize> {
    let Some((first, more)) = idiom.split_first() else {
        return Some(0);
    };
    if *first == GAP {
        return (0..=GAP_WORDS.min(rest.len()))
            .find_map(|n| written(more, &rest[n..]).map(|m| n + m));
    }
    let here = rest.first().is_some_and(|w| match first.strip_prefix('!') {
        Some(not) => w.as_ref() != not,
        None => first.split('|').any(|form| form == w.as_ref()),
    });
    here.then(|| written(more, &rest[1..]).map(|m| m + 1))
        .flatten()
}

/// Verbs of looking for a cause: "root cause" asks for debugging only
/// after one of them ("find the root cause", "dig for the actual root
/// cause"), not as the topic of a document ("a deck explaining the root
/// cause of churn") nor once found ("we already found the root cause").
const SEEK: &[&str] = &[
    "chase",
    "determine",
    "diagnose",
    "dig",
    "find",
    "get",
    "hunt",
    "identify",
    "investigate",
    "locate",
    "pin",
    "trace",
    "track",
    "uncover",
];

/// The terms of the work that marks in `text` stand for, and the mark as
/// shown: `merg` and `conflict` for git's conflict marker, a pasted
/// `<<<<<<< HEAD` (seven `<`, no more), which says the work is a merge
/// conflict in words no one typed; `sql` and `queri` for a pasted SQL
/// statement ([`pastes_sql`]); `wikilink` for a pasted `[[…]]`.
pub fn marked(text: &str) -> (&'static [&'static str], &'static str) {
    const MARKER: &str = "<<<<<<<";
    let b = text.as_bytes();
    let found = text.match_indices(MARKER).any(|(at, _)| {
        let before = at.checked_sub(1).map(|i| b[i]);
        let after = b.get(at + MARKER.len()).copied();
        before != Some(b'<') && after != Some(b'<')
    });
    if found {
        return (&["merg", "conflict"], MARKER);
    }
    if pastes_sql(text) {
        return (&["sql", "queri"], "SQL");
    }
    // "link [[Project Atlas]]": a wikilink as written.
    if text
        .find("[[")
        .is_some_and(|a| text[a + 2..].contains("]]"))
    {
        return (&["wikilink"], "[[…]]");
    }
    (&[], "")
}

/// True when `text` holds an SQL statement as written, its keywords in
/// capitals: "SELECT … FROM", "INSERT INTO", "UPDATE … SET", "CREATE
/// TABLE", "CREATE INDEX", "ALTER TABLE", "DELETE FROM".
fn pastes_sql(text: &str) -> bool {
    let pair = |a: &str, b: &str| text.find(a).is_some_and(|i| text[i..].contains(b));
    pair("SELECT ", " FROM ")
        || pair("UPDATE ", " SET ")
        || [
            "INSERT INTO ",
            "CREATE TABLE ",
            "CREATE INDEX ",
            "ALTER TABLE ",
            "DELETE FROM ",
        ]
        .iter()
        .any(|k| text.contains(k))
}

/// Stems of words that tell of software failing.
const FAILING: &[&str] = &[
    "500", "blank", "break", "broke", "broken", "bug", "crash", "drop", "error", "except", "fail",
    "flaki", "flaky", "freez", "froze", "hang", "leak", "regress", "slow", "stuck", "throw",
    "timeout", "wrong",
];

/// True when `text` tells of something failing: a word opening with one
/// of [`FAILING`] ("fails", "crashed", "errors").
pub fn tells_of_failure(text: &str) -> bool {
    let lower = text.to_lowercase();
    let b = lower.as_bytes();
    FAILING.iter().any(|f| {
        lower
            .match_indices(f)
            .any(|(i, _)| i == 0 || !b[i - 1].is_ascii_alphanumeric())
    })
}

/// True when `text` names an error as programs print one: a word ending
/// in "Error" or "Exception" ("TypeError", "NullPointerException"), or a
/// "Traceback" or "panicked at".
pub fn names_an_error(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| w.len() > 5 && (w.ends_with("Error") || w.ends_with("Exception")))
        || text.contains("Traceback (most recent call last)")
        || text.contains("panicked at")
}

/// The term of the work each idiom in `ws` (lowercase words) asks for,
/// with the idiom as written, in order; `failing` when the intent tells of
/// something failing.
pub fn found<S: AsRef<str>>(ws: &[S], failing: bool) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for k in 0..ws.len() {
        let rest = &ws[k..];
        for (idiom, term, when) in IDIOMS {
            let Some(n) = written(idiom, rest) else {
                continue;
            };
            let here = match when {
                Always => true,
                Failing => failing,
                SoughtAndFailing => failing && sought(&ws[k.saturating_sub(4)..k]),
                Amid => {
                    failing && k > 0 && rest.get(n).is_none_or(|w| AMID_ENDS.contains(&w.as_ref()))
                }
            } && !negated(&ws[k.saturating_sub(3)..k]);
            if here {
                let as_written: Vec<&str> = rest[..n].iter().map(AsRef::as_ref).collect();
                out.push((*term, as_written.join(" ")));
            }
        }
    }
    out
}

/// True when `ws` open with an idiom that is a command: its first word a
/// verb ("talk it through", "double check", "push it live"), not "no idea
/// why" or "root cause".
pub fn commands<S: AsRef<str>>(ws: &[S]) -> bool {
    const NOT_VERBS: &[&str] = &["at", "into", "like", "no", "real", "root", "what's"];
    IDIOMS.iter().any(|(idiom, _, _)| {
        let first = idiom[0].split('|').next().unwrap_or("");
        !NOT_VERBS.contains(&first) && written(idiom, ws).is_some()
    })
}

/// True when the idiom is said not done ("I didn't think it through"), or
/// done by the person ("I'll get a review later").
fn negated<S: AsRef<str>>(before: &[S]) -> bool {
    before.iter().any(|w| {
        matches!(
            w.as_ref(),
            "didn't"
                | "didnt"
                | "don't"
                | "dont"
                | "never"
                | "no"
                | "not"
                | "won't"
                | "can't"
                | "i'll"
                | "we'll"
        )
    })
}

/// True when a verb of [`SEEK`] is among `before`, the words before
/// "root cause".
fn sought<S: AsRef<str>>(before: &[S]) -> bool {
    before.iter().any(|w| SEEK.contains(&w.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(text: &str) -> Vec<&'static str> {
        let ws: Vec<String> = text.split(' ').map(str::to_string).collect();
        found(&ws, tells_of_failure(text))
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    }

    #[test]
    fn an_error_as_a_program_prints_it_tells_of_failure() {
        assert!(names_an_error(
            "TypeError: Cannot read properties of undefined"
        ));
        assert!(names_an_error("java.lang.NullPointerException at Foo.bar"));
        assert!(names_an_error("Traceback (most recent call last):"));
        assert!(names_an_error("thread 'main' panicked at src/main.rs:3:5"));
        // A word that only contains one, or the word alone in prose.
        assert!(!names_an_error("the ErrorBoundary component"));
        assert!(!names_an_error("an Error"));
    }

    #[test]
    fn an_idiom_names_its_work() {
        assert_eq!(terms("cart total is off, track down why"), ["debug"]);
        assert_eq!(terms("find the root cause of the crash"), ["debug"]);
        assert_eq!(terms("the export fails, find out why"), ["debug"]);
        assert_eq!(terms("let's think it through first"), ["brainstorm"]);
        assert_eq!(terms("then prove it works"), ["verif"]);
        assert_eq!(terms("then rip it apart"), ["attack"]);
        assert_eq!(terms("then write a failing test for it"), ["tdd"]);
        assert!(terms("fix the failing test").is_empty());
        assert_eq!(terms("it sounds like a robot wrote it"), ["human"]);
        assert_eq!(
            terms("make it read like an actual student wrote it"),
            ["human"]
        );
        assert_eq!(terms("tear apart my migration plan"), ["attack"]);
        assert_eq!(
            terms("get a reviewer subagent to go over the diff"),
            ["request"]
        );
        assert_eq!(terms("get a fresh reviewer on it"), ["request"]);
        assert_eq!(terms("push it live on friday"), ["deploy"]);
        assert_eq!(terms("then show me the passing output"), ["verif"]);
        assert_eq!(
            terms("after you've run it and shown me the output"),
            ["verif"]
        );
        assert_eq!(terms("it crashes and i have no clue why"), ["debug"]);
        assert_eq!(
            terms("it fails, figure out what's actually going on"),
            ["debug"]
        );
        assert_eq!(
            terms("make it read like a normal person wrote it"),
            ["human"]
        );
        assert_eq!(terms("get the diff reviewed against the spec"), ["request"]);
        assert_eq!(terms("then get a code review on the fix"), ["request"]);
        assert_eq!(terms("first get me up to speed on it"), ["catchup"]);
        assert_eq!(terms("get a second careful review"), ["request"]);
        assert_eq!(terms("stitch them into a single file"), ["combin"]);
        assert_eq!(
            terms("three tests fail fix them at the same time"),
            ["parallel"]
        );
        let ws = |t: &'static str| t.split(' ').collect::<Vec<_>>();
        assert!(commands(&ws("talk it through with me")));
        assert!(!commands(&ws("talk it through with the team")));
        assert!(commands(&ws("double check the totals")));
        assert!(!commands(&ws("no idea why it fails")));
        assert!(!commands(&ws("root cause analysis is hard")));
        assert!(!commands(&ws("we should talk it through")));
        assert_eq!(terms("the job fails, find the real cause"), ["debug"]);
        assert_eq!(terms("it throws, what is actually causing it"), ["debug"]);
        assert_eq!(terms("and pasted me the actual output"), ["verif"]);
        assert_eq!(terms("talk it through with me first"), ["brainstorm"]);
        assert_eq!(
            terms("i want to talk through how it should work"),
            ["brainstorm"]
        );
        assert_eq!(
            terms("let's talk through what this csv export feature should do"),
            ["brainstorm"]
        );
        let ws = ["paste", "me", "the", "output", "now"];
        assert_eq!(
            found(&ws, false),
            [("verif", "paste me the output".to_string())]
        );
        assert_eq!(
            terms("it crashed, dig for the actual root cause"),
            ["debug"]
        );
        // Opening its clause, or before "as", "at the same time" is when,
        // not how, even where something fails.
        let ws = ["at", "the", "same", "time", "keep", "it", "simple"];
        assert!(found(&ws, true).is_empty());
        let ws = [
            "fix", "it", "at", "the", "same", "time", "as", "the", "release",
        ];
        assert!(found(&ws, true).is_empty());
        let ws = ["it", "fails", "at", "the", "same", "time", "every", "night"];
        assert!(found(&ws, true).is_empty());
        let ws = ["fix", "them", "at", "the", "same", "time", "pls"];
        assert_eq!(found(&ws, true).len(), 1);
        assert!(!commands(&["into", "one", "file", "please"]));
        let ws = ["find", "out", "why"];
        assert_eq!(found(&ws, true), [("debug", "find out why".to_string())]);
        assert!(found(&ws, false).is_empty());
    }

    #[test]
    fn its_words_apart_or_in_another_sense_are_no_idiom() {
        for text in [
            "track down the invoice in my downloads",
            "the root of the repo",
            "go through the live logs",
            "a go live checklist as a spreadsheet",
            "a 5-slide deck explaining the root cause of churn",
            "we already found the root cause, now write the test",
            "I didn't think it through, rewrite the message",
            "no idea why I agreed to this talk",
            "i have zero idea why people like it",
            "the real cause of churn is pricing",
            "what is causing churn",
            "what's going on this weekend",
            "we have reviewed the plan",
            "don't get it reviewed yet",
            "find out why customers churn and write a report",
            "identify root causes of churn from these interviews",
            "scroll to get to the bottom of the page",
            "check it twice",
            "why did the cause fail",
            "show me how to format output in python",
            "the output shows nothing",
            "don't show me the output",
            "the dashboard should show the daily output",
            "show the output in a table",
            "i'll talk it through with my team",
            "no need to talk this through with me",
            "talk through what this function does",
            "i have the reviewed changes",
            "have the changes been reviewed",
            "i got a review from sam yesterday",
            "the build got up to speed",
            "don't bring me up to speed",
            "the app gets a bad review every week",
            "don't get a review yet",
            "someone to review the release notes",
            "get a security review on the handler",
            "i'll get a review later",
            "paste the output into the doc",
            "talk through how the test should have caught it",
            "at the same time keep it simple",
            "put it into a file",
            "run the linter and the tests at the same time",
            "ship the docs at the same time as the release",
        ] {
            assert!(terms(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn a_conflict_marker_names_a_merge_conflict() {
        assert_eq!(
            marked("now it has <<<<<<< HEAD blocks").0,
            ["merg", "conflict"]
        );
        assert_eq!(marked("<<<<<<< ours").0, ["merg", "conflict"]);
        for text in ["a >>>>>>> arrow", "<<<<<<<< eight", "x << y", "<<<"] {
            assert!(marked(text).0.is_empty(), "{text}");
        }
        // The terms are those of "merge conflict".
        let a = crate::plan::text::Analyzer::default();
        assert_eq!(a.terms("merge conflict"), marked("<<<<<<<").0);
    }

    #[test]
    fn a_pasted_wikilink_names_one() {
        let a = crate::plan::text::Analyzer::default();
        assert_eq!(
            marked("link it to [[Project Atlas]]").0,
            a.terms("wikilinks")
        );
        assert!(marked("a [[ b").0.is_empty());
    }

    #[test]
    fn a_pasted_sql_statement_names_a_query() {
        let a = crate::plan::text::Analyzer::default();
        for text in [
            "this takes 9s: SELECT * FROM orders WHERE status = 'open'",
            "UPDATE users SET plan = 'pro' is slow",
            "CREATE INDEX orders_email ON orders (email)",
        ] {
            assert_eq!(marked(text).0, a.terms("sql query"), "{text}");
        }
        // Keywords in prose, lowercase, are words.
        for text in [
            "select the rows from the sheet",
            "Update the FAQ, set a date",
        ] {
            assert!(marked(text).0.is_empty(), "{text}");
        }
    }

    #[test]
    fn every_term_is_a_stem_and_every_idiom_lowercase() {
        let a = crate::plan::text::Analyzer::default();
        for (idiom, term, _) in IDIOMS {
            assert!(idiom.iter().all(|w| *w == w.to_lowercase()), "{idiom:?}");
            // The term is what the analyser makes of the work's word.
            let word = match *term {
                "verif" => "verification",
                t => t,
            };
            assert_eq!(a.terms(word), [*term], "{idiom:?}");
        }
    }
}
