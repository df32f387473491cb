//! What a clause of an intent is about, goes without or refuses, as
//! opposed to what it asks for: "a haiku *about spreadsheets*", "I don't
//! have *ffmpeg*", "*don't rewrite it*", "*never mind the slides*", "I'll
//! do *the slides myself*". [`super::query`] reads these words as the
//! clause's context, not its own.

use super::text::words;

/// The words of a clause that say what a piece is about, not what it is
/// ("write a haiku about spreadsheets", "a blog post about remote work for
/// our HR blog"), or what the person goes without ("grow without spending
/// money on ads", "I don't have ffmpeg"): from after `about`, `without` or
/// "don't have" to the next preposition, or a conjunction that opens the
/// ask; or what they forbid or refuse ("dont rewrite it from scratch",
/// "the next move, not a list", "hold off on committing"): from after
/// "don't", "never", "do not", "not a", "hold off (on)" or "skip" to a
/// conjunction or "until" (see [`negated_start`]); not a step put off
/// until the agent's own work is done ("don't claim it's done until
/// you've run the suite" asks for both, in that order). They are
/// context for the clause, not its own words. Not `about 2,000` or
/// `about to`. An empty range when the clause has no such
/// span. (A skill that promises the same "tight without a full rewrite"
/// loses that word: measured, the authors' tests gain more.)
fn topic_of(ws: &[String]) -> (usize, usize) {
    const ENDS: &[&str] = &[
        "but", "for", "from", "in", "into", "on", "so", "then", "to", "with",
    ];
    // "about slides and sheets" is one topic; "about email and want to
    // grow the list" is a topic and then the ask.
    let ends = |i: usize| {
        let w = ws[i].as_str();
        ENDS.contains(&w)
            || (matches!(w, "and" | "or")
                && ws.get(i + 1).is_some_and(|n| {
                    super::task_words::starts_joined_task(n)
                        || matches!(n.as_str(), "also" | "i" | "need" | "then" | "want" | "we")
                }))
    };
    // "dont rewrite it from scratch": what the person does not want done,
    // up to a conjunction or the condition that says what they do want
    // ("don't merge until the checks pass").
    if let Some(at) = (0..ws.len()).find_map(|i| negated_start(ws, i)) {
        const NEGATION_ENDS: &[&str] = &[
            "and",
            "before",
            "but",
            "instead",
            "just",
            "or",
            "otherwise",
            "so",
            "then",
            "till",
            "unless",
            "until",
            "when",
            "while",
        ];
        let end = (at + 1..ws.len())
            .find(|&i| NEGATION_ENDS.contains(&ws[i].as_str()))
            .unwrap_or(ws.len());
        // "not a rubber stamp: review my changes": a thing refused is a
        // short noun phrase; what follows it is the ask.
        let end = match ws.get(at).map(String::as_str) {
            Some("a" | "an") => end.min(at + NOT_A_WORDS),
            _ => end,
        };
        // "don't claim it's done until you've run the suite": a step put
        // off until work is done is asked for after it, not refused.
        let deferred = super::order_words::agent_wait(ws.get(end..).unwrap_or_default()).is_some();
        if at < ws.len() && !deferred {
            return (at, end);
        }
    }
    let Some(at) = (0..ws.len()).find_map(|i| span_start(ws, i)) else {
        return (ws.len(), ws.len());
    };
    match ws.get(at) {
        Some(n) if !super::text::is_number(n) && !ENDS.contains(&n.as_str()) => {
            let end = (at + 1..ws.len()).find(|&i| ends(i)).unwrap_or(ws.len());
            (at, end)
        }
        _ => (ws.len(), ws.len()),
    }
}

/// Where a span of words that are not the work asked for starts when word
/// `i` opens one: after `about` (the topic), and after `without` or
/// "don't have" (what the person is without: "a demo video, but I don't
/// have ffmpeg or any MCP servers").
fn span_start(ws: &[String], i: usize) -> Option<usize> {
    let at = |k: usize| ws.get(k).map(String::as_str);
    match at(i)? {
        // "complaining about conflicting edits": what a program reports is
        // the trouble itself, not a topic.
        "about" if i > 0 && reports_trouble(&ws[i - 1]) => None,
        "about" | "without" => Some(i + 1),
        "don't" | "dont" | "doesn't" | "haven't" | "hasn't" if at(i + 1) == Some("have") => {
            Some(i + 2)
        }
        "do" | "does" if at(i + 1) == Some("not") && at(i + 2) == Some("have") => Some(i + 3),
        _ => None,
    }
}

/// True when `word` is a verb of a program or person reporting trouble
/// ("complaining", "warns", "errors"): what it is about is the trouble.
fn reports_trouble(word: &str) -> bool {
    const STEMS: &[&str] = &[
        "complain", "warn", "error", "yell", "scream", "nag", "moan", "whin",
    ];
    STEMS.iter().any(|s| word.starts_with(s))
}

/// What says the person does the work themself: "I'll do the slides
/// myself", "I'm creating the branch by hand".
pub(super) const BY_ONESELF: &[&str] = &["myself", "ourselves", "manually", "by hand"];

/// True when `words` hold a phrase of [`BY_ONESELF`].
pub(super) fn by_oneself(words: &[&str]) -> bool {
    BY_ONESELF.iter().any(|phrase| {
        let p: Vec<&str> = phrase.split(' ').collect();
        words.windows(p.len()).any(|w| w == p.as_slice())
    })
}

/// True when a phrase of [`BY_ONESELF`] comes in the words from `from` up
/// to the next conjunction.
fn does_it_self(ws: &[String], from: usize) -> bool {
    let span: Vec<&str> = ws
        .iter()
        .skip(from)
        .map(String::as_str)
        .take_while(|w| !matches!(*w, "and" | "but" | "so" | "then" | "or"))
        .collect();
    by_oneself(&span)
}

/// What is not a clause's own words: the span `from..to` of its words (as
/// [`words`] counts them) that is its topic or what it refuses, and whether
/// the refusal is the whole clause ("Don't touch the CSV writer"), which
/// then asks for no work.
pub(super) struct Topic {
    pub from: usize,
    pub to: usize,
    pub forbidden: bool,
}

/// The topic of clause `text`, whose words are `ws` (see [`topic_of`]). It
/// ends at a mark: "Don't push, please create a branch", "don't merge yet
/// — request a review first".
pub(super) fn topic(text: &str, ws: &[String]) -> Topic {
    let (from, to) = topic_of(ws);
    let to = to.min(first_break_after(text, from).unwrap_or(to));
    Topic {
        from,
        to,
        forbidden: forbids(ws) && to >= ws.len(),
    }
}

/// The index of the first word after a comma, colon, semicolon or dash
/// that comes after word `from` of `text` (as [`words`] counts them). One
/// pass: the words between two marks are counted once.
fn first_break_after(text: &str, from: usize) -> Option<usize> {
    let b = text.as_bytes();
    let is_mark = |i: usize, c: char| match c {
        ',' | ':' | ';' | '\u{2014}' | '\u{2013}' => true,
        // " - " and "--"
        '-' => {
            b.get(i + 1) == Some(&b'-') || i > 0 && b[i - 1] == b' ' && b.get(i + 1) == Some(&b' ')
        }
        _ => false,
    };
    let mut counted = 0;
    let mut last = 0;
    for (i, _) in text.char_indices().filter(|&(i, c)| is_mark(i, c)) {
        counted += words(&text[last..i]).len();
        last = i;
        if counted > from {
            return Some(counted);
        }
    }
    None
}

/// True when the clause forbids work: a span of [`negated_start`] opens it.
fn forbids(ws: &[String]) -> bool {
    // Said to the agent as the clause's command ("Don't touch the writer",
    // "please never push to main"), not about someone ("who's never seen
    // it").
    let lead = ws
        .iter()
        .take_while(|w| {
            matches!(
                w.as_str(),
                "please" | "pls" | "just" | "and" | "but" | "so" | "also"
            )
        })
        .count();
    negated_start(ws, lead).is_some_and(|at| at < ws.len())
}

/// Words after "skip" that make it a refusal of what follows.
const SKIPPED: &[&str] = &[
    "all", "any", "it", "my", "our", "the", "that", "these", "this", "those",
];

/// Words before "not a" that say what something is not, and "or" of
/// "whether or not a…": no refusal.
const COPULAS: &[&str] = &[
    "am", "are", "be", "is", "isn't", "it's", "or", "that's", "there's", "this's", "was", "were",
];

/// The most words a thing refused with "not a" spans: the article and a
/// short noun phrase ("not an implementation plan").
const NOT_A_WORDS: usize = 3;

/// Words after "don't" that forbid no work: "don't forget to…", "I don't
/// know how to…", "don't overthink it, just make…", "don't let it…".
const NOT_FORBIDDING: &[&str] = &[
    "bother",
    "care",
    "forget",
    "have",
    "hesitate",
    "let",
    "know",
    "mind",
    "need",
    "overthink",
    "think",
    "worry",
];

/// True when word `k` is said to the agent: it opens the clause or comes
/// after a softener ("nah skip the writeup", "can you skip the calls"),
/// not a feature ("let users skip the tour", "a skip the paywall option").
fn told(ws: &[String], k: usize) -> bool {
    k.checked_sub(1).and_then(|j| ws.get(j)).is_none_or(|w| {
        matches!(
            w.as_str(),
            "also"
                | "and"
                | "but"
                | "just"
                | "nah"
                | "ok"
                | "okay"
                | "please"
                | "pls"
                | "so"
                | "then"
                | "you"
        )
    })
}

/// True when word `i` follows a subject pronoun ("we don't show up",
/// "it never loads"): what follows tells how things are, no command.
fn said_of_subject(ws: &[String], i: usize) -> bool {
    i.checked_sub(1).and_then(|j| ws.get(j)).is_some_and(|w| {
        matches!(
            w.as_str(),
            "we" | "it" | "they" | "he" | "she" | "this" | "that" | "which" | "who"
        )
    })
}

/// Where the words of a command the person forbids start when word `i`
/// opens one: "don't", "never", "do not" (not "don't have": that is what
/// they are without, see [`span_start`]), "hold off (on)", "skip" before
/// a determiner or an -ing verb, "not a" ("a short plan, not a novel"),
/// the person's own work ("I'll do the slides myself") and what a
/// take-back names ("never mind the slides", "forget about the deck").
fn negated_start(ws: &[String], i: usize) -> Option<usize> {
    let at = |k: usize| ws.get(k).map(String::as_str);
    let forbids = |k: usize| at(k).is_some_and(|w| !NOT_FORBIDDING.contains(&w));
    let told = |k: usize| told(ws, k);
    match at(i)? {
        // Not said of someone or something ("we don't even show up in
        // google", "it never loads"): that tells how things are.
        "don't" | "dont" | "never" if forbids(i + 1) && !said_of_subject(ws, i) => Some(i + 1),
        // "we don't need to touch the slides", "you don't have to rerun it".
        "don't" | "dont"
            if matches!(at(i + 1), Some("need" | "have")) && at(i + 2) == Some("to") =>
        {
            Some(i + 3)
        }
        // "don't bother with the APK", "don't bother writing tests".
        "don't" | "dont" if at(i + 1) == Some("bother") => {
            Some(i + 2 + usize::from(matches!(at(i + 2), Some("with" | "about" | "to"))))
        }
        "do" if at(i + 1) == Some("not") && forbids(i + 2) => Some(i + 2),
        // "hold off on committing", "skip the PR writeup": not now, not
        // this. Not "a skip link" nor "skip to content".
        "hold" if at(i + 1) == Some("off") && told(i) => {
            Some(i + 2 + usize::from(at(i + 2) == Some("on")))
        }
        "skip"
            if told(i)
                && matches!(at(i + 1), Some(w) if SKIPPED.contains(&w) || w.ends_with("ing")) =>
        {
            Some(i + 1)
        }
        // "never mind the slides, fix the CI instead": taken back.
        "never" if at(i + 1) == Some("mind") && told(i) => Some(i + 2),
        "nevermind" if told(i) => Some(i + 1),
        // "no need to touch the spreadsheet, just fix the CI": spared.
        "no" if at(i + 1) == Some("need") && at(i + 2) == Some("to") && told(i) => Some(i + 3),
        // "no need for meeting notes this time, but draft the doc".
        "no" if at(i + 1) == Some("need") && at(i + 2) == Some("for") && told(i) => Some(i + 3),
        "forget" if at(i + 1) == Some("about") && told(i) => Some(i + 2),
        // "remind me to print the boarding pass": the person's own work
        // later, not the agent's now.
        "remind" if matches!(at(i + 1), Some("me" | "us")) && at(i + 2) == Some("to") => {
            Some(i + 3)
        }
        // "a docker source, nothing to do with AMIs": what it is not about.
        "nothing"
            if at(i + 1) == Some("to") && at(i + 2) == Some("do") && at(i + 3) == Some("with") =>
        {
            Some(i + 4)
        }
        // "I'll do the slides myself, but fix the CI": the person's own
        // work, not the agent's.
        "i'll" | "we'll" if told(i) && does_it_self(ws, i + 1) => Some(i + 1),
        "i'm" | "we're"
            if told(i)
                && at(i + 1).is_some_and(|w| w.ends_with("ing"))
                && does_it_self(ws, i + 1) =>
        {
            Some(i + 1)
        }
        // "give me the one next move, not a list": what they do not want.
        // Not "whether or not a branch exists", nor what something is not
        // ("it's not a problem", "this is not a drill").
        "not"
            if matches!(at(i + 1), Some("a" | "an"))
                && !i
                    .checked_sub(1)
                    .and_then(at)
                    .is_some_and(|w| COPULAS.contains(&w)) =>
        {
            Some(i + 1)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::topic_of;

    fn span(s: &str) -> String {
        let ws: Vec<String> = s.split(' ').map(str::to_string).collect();
        let (from, to) = topic_of(&ws);
        ws[from..to].join(" ")
    }

    #[test]
    fn what_a_piece_is_about_or_goes_without_is_its_topic() {
        assert_eq!(span("write a haiku about spreadsheets"), "spreadsheets");
        assert_eq!(
            span("i don't have ffmpeg or any servers"),
            "ffmpeg or any servers"
        );
        assert_eq!(span("about 2000 rows"), "");
        // What a program complains or warns about is the trouble itself.
        assert_eq!(span("git halted, complaining about conflicting edits"), "");
        assert_eq!(span("the linter warns about unused imports"), "");
    }

    #[test]
    fn what_a_request_has_nothing_to_do_with_is_no_part_of_it() {
        assert_eq!(
            span("we just need a docker source, nothing to do with AMIs"),
            "AMIs"
        );
        assert_eq!(span("there is nothing to do today"), "");
    }

    #[test]
    fn what_the_person_asks_to_be_reminded_of_is_their_own_work() {
        assert_eq!(
            span("remind me to print the pdf tonight"),
            "print the pdf tonight"
        );
        assert_eq!(span("remind the team to file the report"), "");
    }

    #[test]
    fn what_not_to_bother_with_is_forbidden() {
        assert_eq!(span("don't bother with the android apk"), "the android apk");
        assert_eq!(span("dont bother writing tests"), "writing tests");
        assert_eq!(
            span("we don't need to touch the slides today"),
            "touch the slides today"
        );
    }

    #[test]
    fn work_the_person_forbids_is_no_part_of_the_ask() {
        assert_eq!(
            span("trim it, dont rewrite it from scratch"),
            "rewrite it from scratch"
        );
        // Put off until the agent's own work is done, a step is asked
        // for after it; put off until something else happens, it is not.
        assert_eq!(span("do not claim it's done until you run the suite"), "");
        assert_eq!(span("don't merge until the checks pass"), "merge");
        // Said of someone or something, it tells how things are.
        assert_eq!(span("we dont even show up in google"), "");
        assert_eq!(span("it never loads on mobile"), "");
        assert_eq!(span("never push to main and then tag it"), "push to main");
        assert_eq!(span("tell me the one next move, not a list"), "a list");
        // A short noun phrase: the ask after it stays the ask.
        assert_eq!(
            span("a second pair of eyes, not a rubber stamp review my changes"),
            "a rubber stamp"
        );
        assert_eq!(
            span("hold off on committing any of this"),
            "committing any of this"
        );
        assert_eq!(span("hold off committing"), "committing");
        assert_eq!(span("nah skip the pr writeup"), "the pr writeup");
        assert_eq!(span("skip writing tests"), "writing tests");
        assert_eq!(span("add a skip link to the page"), "");
        assert_eq!(span("skip to content"), "");
        assert_eq!(span("let users skip the onboarding tour"), "");
        assert_eq!(span("can you skip the api calls"), "the api calls");
        assert_eq!(
            span("skip it if the tests pass otherwise debug the failure"),
            "it if the tests pass"
        );
        assert_eq!(span("whether or not a branch exists create one"), "");
        assert_eq!(span("it's not a problem commit the changes"), "");
        assert_eq!(span("this is not a drill deploy it now"), "");
    }

    #[test]
    fn a_mark_ends_what_is_refused() {
        use super::first_break_after;
        assert_eq!(
            first_break_after("don't push, please create a branch", 1),
            Some(2)
        );
        assert_eq!(
            first_break_after("don't merge yet — request a review", 1),
            Some(3)
        );
        assert_eq!(
            first_break_after("don't merge yet - request a review", 1),
            Some(3)
        );
        assert_eq!(first_break_after("don't touch the csv writer", 1), None);
        // Only a mark after the span's start.
        assert_eq!(first_break_after("ok, don't touch it", 2), None);
    }

    #[test]
    fn a_clause_forbids_only_when_it_opens_with_the_refusal() {
        let ws = |s: &str| -> Vec<String> { s.split(' ').map(str::to_string).collect() };
        assert!(super::forbids(&ws("don't touch the csv writer")));
        assert!(super::forbids(&ws("please never push to main")));
        assert!(!super::forbids(&ws(
            "have someone who's never seen it read it"
        )));
        assert!(!super::forbids(&ws("don't forget to run the tests")));
        assert!(!super::forbids(&ws("don't let the ci fail again")));
    }

    #[test]
    fn work_the_person_does_or_takes_back_is_no_part_of_the_ask() {
        assert_eq!(
            span("i'll do the slides myself but fix the ci"),
            "do the slides myself"
        );
        assert_eq!(
            span("i'm doing the deploy myself"),
            "doing the deploy myself"
        );
        assert_eq!(
            span("i'm creating the branch by hand then you implement it"),
            "creating the branch by hand"
        );
        assert_eq!(span("i'm creating the branch now"), "");
        assert_eq!(span("i'll review it and then merge it"), "");
        assert_eq!(span("i'll need the deck by friday"), "");
        assert_eq!(
            span("never mind the slides fix the ci instead"),
            "the slides fix the ci"
        );
        assert_eq!(span("nevermind the readme"), "the readme");
        assert_eq!(span("forget about the deck"), "the deck");
        assert_eq!(span("i never mind the noise"), "");
        assert_eq!(
            span("no need to touch the sheet just fix the ci"),
            "touch the sheet"
        );
        assert_eq!(span("there is no need to worry"), "");
    }
}
