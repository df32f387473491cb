//! What a sentence of an intent asks for: work (a request: "make…",
//! "can you…", "wrap the branch up"), to be told something (a question, a
//! fun fact), or neither (it sets the scene). [`super::clauses`] reads
//! each sentence with these.

use super::clauses::words_of;
use super::task_words::{
    phrasal_command, reads_as_command, starts_joined_task, starts_task, OBJECT_OPENERS,
};

/// Words that open a request written in shorthand, its subject left out:
/// "Need OG images for every post", "Want a landing page by Friday"
/// ("looking for…" is checked with its "for": "looking at the logs, …"
/// asks for nothing).
const WANTS: &[&str] = &["need", "want", "wanna"];

/// Words that open a sentence before an object word without being its
/// verb: "today the build broke", "half the tests fail", "note the PR is
/// open", "overall the design looks good".
const NOT_COMMANDS: &[&str] = &[
    "besides",
    "half",
    "however",
    "last",
    "meanwhile",
    "mind",
    "note",
    "otherwise",
    "overall",
    "thank",
    "thanks",
    "today",
    "tomorrow",
    "tonight",
    "whenever",
    "wherever",
    "yesterday",
];

/// True when a sentence asks for something: it opens with a verb of a task
/// ("make…", "review…"), a word shaped like a verb before a new object
/// ("pick a direction…"), or an idiom of work ("talk it through", see
/// [`super::idioms::commands`]), or says it wants one ("can you", "I need",
/// "help me", "please", "let's").
pub fn is_request(sentence: &str) -> bool {
    // "Also fix the failing CI.": a word that adds the request to the one
    // before stands before its verb.
    let all = words_of(sentence);
    let lead = all
        .iter()
        .take_while(|(x, _, _)| matches!(x.as_str(), "also" | "and" | "plus"))
        .count();
    let (sentence, w) = match all.get(lead) {
        Some((_, start, _)) if lead > 0 => (&sentence[*start..], words_of(&sentence[*start..])),
        _ => (sentence, all),
    };
    if w.first()
        .is_some_and(|(x, _, _)| starts_task(x) || WANTS.contains(&x.as_str()))
    {
        return true;
    }
    if matches!(w.as_slice(), [(a, _, _), (b, _, _), ..] if a == "looking" && b == "for") {
        return true;
    }
    // "talk it through with me", "double check the totals": an idiom of
    // work that opens the sentence is its command.
    let opening: Vec<&str> = w.iter().take(8).map(|(x, _, _)| x.as_str()).collect();
    if super::idioms::commands(&opening) {
        return true;
    }
    // "have someone read it cold", "have a subagent review it": work asked
    // of another, through the agent.
    if matches!(w.as_slice(), [(a, _, _), (b, _, _), ..] if a == "have"
        && matches!(b.as_str(), "someone" | "somebody" | "a" | "an" | "another" | "each" | "every"))
    {
        return true;
    }
    // A sentence that opens with a verb of work and its object is a
    // command: "wrap the branch up", "redesign the settings screen". Not
    // "get": "get that done" asks for whatever came before.
    // So is one whose object is a clause ("diagnose what's wrong") or a
    // link ("clip https://…"), or "pull together an agenda".
    if let [(verb, _, vend), (next, nstart, _), ..] = w.as_slice() {
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
        if object && verb != "get" && starts_joined_task(verb) {
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
    // "Carry out the plan.", "spin up a worktree": a verb and its particle
    // before an object.
    let first: Vec<&str> = w.iter().take(4).map(|(x, _, _)| x.as_str()).collect();
    if phrasal_command(&first) {
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
    let t = sentence.to_lowercase();
    const MARKERS: &[&str] = &[
        "can you",
        "could you",
        "would you",
        "will you",
        "help me",
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
    ];
    MARKERS.iter().any(|m| t.contains(m))
}

/// A clause that asks a question rather than for work: opens with a
/// wh-word or an auxiliary (`what`, `which`, `who`, `why`, `is`, `are`,
/// `does`, `should`, …), `how` + `does`/`is`/`many`/`much`, `how` + a
/// measure and an auxiliary ("how far apart should…"), `how do` +
/// someone else ("how do search engines rank pages"), `when`/`where` + an
/// auxiliary ("when did…"), or "anyone know…" ("does" left out), at the
/// start or after a comma or colon that no asking piece comes before.
/// "how do I…", "how do you…", "how to…" and "can you…" are requests.
pub fn is_question(text: &str) -> bool {
    let w = words_of(text);
    if w.iter().any(|(x, _, _)| {
        OWN.contains(&x.as_str()) || matches!(x.as_str(), "i" | "i'm" | "we" | "we're")
    }) {
        return false;
    }
    // A question may follow a short lead-in: "in plain words, what is…",
    // "homework: what's an eigenvector", "roughly how do…", "so what is…".
    const LEAD_INS: &[&str] = &[
        "also",
        "and",
        "basically",
        "but",
        "btw",
        "honestly",
        "hey",
        "hi",
        "just",
        "ok",
        "okay",
        "quick",
        "quickly",
        "roughly",
        "so",
        "um",
        "well",
    ];
    let lead = w
        .iter()
        .take_while(|(x, _, _)| LEAD_INS.contains(&x.as_str()))
        .count();
    // After a comma or colon, unless a piece before the mark asks for
    // work ("talk it through with me: who it's for, …" says what the
    // command is about). Each piece is read once, as the marks come.
    let mut after_marks = Vec::new();
    let (mut from, mut asked) = (0, false);
    for (i, (_, b, _)) in w.iter().enumerate() {
        if text[..*b].trim_end().ends_with([',', ':']) {
            asked = asked || a_piece_asks(&text[from..*b]);
            from = *b;
            if !asked {
                after_marks.push(i);
            }
        }
    }
    let starts: Vec<usize> = [0, lead].into_iter().chain(after_marks).collect();
    starts
        .into_iter()
        .any(|i| i < w.len() && opens_question(&w[i..], text))
}

/// Words that ask after a measure when "how" opens with them: "how far
/// apart should…", "how big is…".
const MEASURES: &[&str] = &[
    "bad",
    "big",
    "close",
    "cold",
    "common",
    "deep",
    "difficult",
    "early",
    "easy",
    "expensive",
    "far",
    "fast",
    "good",
    "hard",
    "heavy",
    "high",
    "hot",
    "important",
    "large",
    "late",
    "likely",
    "old",
    "safe",
    "slow",
    "small",
    "soon",
    "strong",
    "tall",
    "thick",
    "wide",
];

fn opens_question(w: &[(String, usize, usize)], text: &str) -> bool {
    let first = w.first().map(|x| x.0.as_str()).unwrap_or("");
    let second = w.get(1).map(|x| x.0.as_str()).unwrap_or("");
    match first {
        "what" | "what's" | "whats" | "which" | "who" | "who's" | "whom" | "whose" | "why" => true,
        "is" | "are" | "was" | "were" | "does" | "did" | "should" | "isn't" | "aren't"
        | "doesn't" => true,
        // "have you tried…", not "have someone read it cold": a command.
        "has" | "have" => matches!(
            second,
            "you" | "u" | "we" | "they" | "i" | "it" | "he" | "she" | "anyone" | "anybody"
        ),
        "how" => {
            matches!(
                second,
                "does"
                    | "is"
                    | "are"
                    | "was"
                    | "were"
                    | "many"
                    | "much"
                    | "long"
                    | "often"
                    | "come"
            ) || (matches!(second, "do" | "did" | "can" | "could" | "would" | "should")
                // "how do search engines rank pages", not "how do you…".
                && w.get(2).is_some_and(|x| !matches!(x.0.as_str(), "you" | "u")))
                // "how far apart should the joists be", "how big is a
                // page": a measure asked after.
                || (MEASURES.contains(&second)
                    && w.iter().skip(2).take(2).any(|x| {
                        matches!(
                            x.0.as_str(),
                            "should" | "is" | "are" | "was" | "were" | "does" | "do" | "can"
                                | "will" | "would"
                        )
                    }))
        }
        // "anyone know where it came from?": "does" left out.
        "anyone" | "anybody" => matches!(second, "know" | "knows" | "remember" | "seen" | "tried"),
        "where" | "when" => {
            text.trim_end().ends_with('?')
                || matches!(
                    second,
                    "did" | "does" | "do" | "is" | "was" | "are" | "were" | "will" | "should"
                )
        }
        _ => false,
    }
}

/// A clause that asks to be told something: "tell me a fun fact about…",
/// "the history of…", "the difference between…", "who invented…". Not
/// when a task's verb comes first: "audit our listing and tell me what to
/// fix" asks for the audit; nor after a request and "and": "could you go
/// over my form and tell me what breaks" asks for the going over.
pub fn is_knowledge_request(text: &str) -> bool {
    let t = text.to_lowercase();
    const MARKERS: &[&str] = &[
        "fun fact",
        "trivia",
        "history of",
        "who invented",
        "who created",
        "difference between",
        "pros and cons",
        "tell me about",
        "tell me a ",
        "tell me what",
        "tell me why",
        "tell me who",
        "your opinion",
        "your thoughts",
        "what do you think",
        "joke about",
    ];
    // "Review this email and tell me what's wrong" asks for the review: a
    // task's verb before the marker makes the telling its report.
    // So does a request joined to it: "could you go over my form and tell
    // me what breaks" asks for the going over.
    MARKERS.iter().any(|m| {
        t.find(m).is_some_and(|at| {
            let before = &t[..at];
            let task_first = words_of(before).iter().any(|(w, _, _)| starts_task(w));
            let joined_request = before.trim_end().ends_with(" and") && is_request(before);
            !task_first && !joined_request
        })
    })
}

/// What a piece of a sentence says when the person wants no work done:
/// venting ("just venting", "I needed to vent"), wanting only to
/// understand ("just want to understand it", "just trying to understand
/// it"), nothing to act on ("nothing to do there", "not setting anything
/// up"), taking a request back ("so never mind") or closing ("that's all
/// for today"). The piece must be the phrase alone, with at most the words of
/// [`DECLINE_LEAD`] before it and of [`DECLINE_TAIL`] after it: "not
/// asking for anything fancy", "nothing to do with code" and "no action
/// needed on the docs, but…" decline only part of the work, or none. Not
/// "just curious", "just sharing" or "not touching it": after a problem
/// ("the CI is failing again, just curious"; "sharing this: the deploy
/// fails with a 500") the person may still want it worked on.
const DECLINES: &[&str] = &[
    "need to vent",
    "needed to vent",
    "never mind",
    "nevermind",
    "no action needed",
    "no action required",
    "no need to do anything",
    "not asking for anything",
    "not asking you to do anything",
    "not building anything",
    "not doing anything",
    "not setting anything up",
    "nothing for you to do",
    "nothing to do here",
    "nothing to do there",
    "rant over",
    "ranting",
    "that's all for today",
    "that's all i needed",
    "that's it for today",
    "trying to understand",
    "venting",
    "want to understand",
    "wanted to know",
];

/// Words that may come before a phrase of [`DECLINES`] in its piece.
const DECLINE_LEAD: &[&str] = &[
    "actually", "also", "and", "anyway", "but", "honestly", "i", "i'm", "im", "just", "lol", "oh",
    "ok", "okay", "only", "purely", "really", "so", "ugh", "wait", "was", "we", "we're", "well",
];

/// Words that may come after a phrase of [`DECLINES`] in its piece: when,
/// to whom, thanks, and what is wondered about ("just want to understand
/// it", "…what you'd say").
const DECLINE_TAIL: &[&str] = &[
    "anyone", "it", "lol", "now", "right", "rn", "say", "someone", "thanks", "that", "think",
    "this", "to", "today", "tonight", "what", "yet", "you", "you'd", "ya",
];

/// Words anywhere in a piece that ask for work, beside those
/// [`is_request`] finds ("could you", "please"): "just curious whether you
/// could merge these".
const ASKING: &[&str] = &["you could", "you can"];

/// True when `sentence` (`asked`: as a question) says the person wants no
/// work done and no piece of it asks for any. Pieces are cut at commas,
/// colons, semicolons, sentence marks and dashes: "fix the failing CI,
/// that's all for today" asks; "checked the vercel bill, it's fine,
/// nothing to do there" does not; nor does "not building anything, but is
/// the security of this auth flow ok?", a question about the person's own
/// things. An intent that asks for nothing else plans no step.
pub fn declines_work(sentence: &str, asked: bool) -> bool {
    // Most sentences hold no phrase of a decline: a search says so before
    // any word is read.
    let lower = sentence.to_lowercase().replace('\u{2019}', "'");
    if !DECLINES.iter().any(|d| lower.contains(d)) {
        return false;
    }
    let pieces = pieces_of(sentence);
    pieces.iter().any(|p| is_decline(p))
        && !pieces.iter().any(|p| !is_decline(p) && piece_asks(p))
        // "Not building anything, but is the security of this auth flow
        // ok?": a question about the person's own things asks.
        && !(asked && pieces.iter().any(|p| !is_decline(p) && names_own(p)))
}

/// True when a piece of `sentence` asks for work (see [`declines_work`]):
/// "Oh wait, also commit the changes", "Here are my notes, please make a
/// page".
pub fn a_piece_asks(sentence: &str) -> bool {
    pieces_of(sentence)
        .iter()
        .any(|p| !is_decline(p) && piece_asks(p))
}

/// `sentence` cut at commas, colons, semicolons, sentence marks and
/// dashes.
fn pieces_of(sentence: &str) -> Vec<&str> {
    sentence
        .split([',', ';', ':', '.', '!', '?', '\u{2014}', '\u{2013}'])
        .flat_map(|p| p.split(" - "))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

/// Words that name the person's own things.
const OWN: &[&str] = &["my", "our", "this", "these", "mine", "ours"];

/// True when `text` names the person's own things: "my", "our", "this".
pub fn names_own(text: &str) -> bool {
    words_of(text)
        .iter()
        .any(|(x, _, _)| OWN.contains(&x.as_str()))
}

/// True when `piece` is a phrase of [`DECLINES`] alone (see there).
fn is_decline(piece: &str) -> bool {
    let w: Vec<String> = words_of(piece).into_iter().map(|(w, _, _)| w).collect();
    let lead = w
        .iter()
        .take_while(|x| DECLINE_LEAD.contains(&x.as_str()))
        .count();
    let rest = &w[lead..];
    DECLINES.iter().any(|d| {
        let n = d.split(' ').count();
        rest.len() >= n
            && d.split(' ').zip(rest).all(|(a, b)| a == b)
            && rest[n..].iter().all(|x| DECLINE_TAIL.contains(&x.as_str()))
    })
}

/// True when `piece` asks for work: it opens as a request once its lead
/// words are set aside ("so write the handoff", "just review the PR"), or
/// holds a word of asking ("…whether you could merge these").
fn piece_asks(piece: &str) -> bool {
    let t = piece.to_lowercase();
    let found = words_of(&t);
    let lead = found
        .iter()
        .take_while(|(x, _, _)| DECLINE_LEAD.contains(&x.as_str()) && x != "i" && x != "we")
        .count();
    let rest = found.get(lead).map_or("", |(_, b, _)| &t[*b..]);
    is_request(rest) || ASKING.iter().any(|a| has_words(&t, a))
}

/// True when `text` holds `phrase` as whole words.
fn has_words(text: &str, phrase: &str) -> bool {
    text.match_indices(phrase).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::clauses::split;

    #[test]
    fn a_verb_of_work_and_its_object_is_a_command() {
        for s in [
            "wrap the branch up",
            "redesign the settings screen",
            "trim it",
        ] {
            assert!(is_request(s), "{s}");
        }
        // Not a bare word that is also a noun, nor "get", whose object is
        // seldom the work ("get that done", "get a few fresh takes").
        for s in [
            "record sales rose in May",
            "get that done",
            "post mortem notes",
        ] {
            assert!(!is_request(s), "{s}");
        }
        for s in [
            "Diagnose what's wrong SEO-wise first",
            "Pull together an agenda and a pre-read",
            "clip https://example.com/a.html into my vault",
            "clip webpage into my vault",
            "Also fix the failing CI.",
            "and get a code review",
        ] {
            assert!(is_request(s), "{s}");
        }
        // By its shape: a verb on no list before a new object.
        for s in [
            "pick a direction for type and rework the page",
            "shuffle the rows into a sensible order",
            "Help us figure out what to fix first.",
        ] {
            assert!(is_request(s), "{s}");
        }
        for s in [
            "nice, the tests pass now",
            "today the build broke",
            "get the tables out",
            "our signup page looks like every other template",
            "Note the PR is already open.",
            "Overall the design looks good.",
        ] {
            assert!(!is_request(s), "{s}");
        }
        let c = split("feature's done, should I merge? wrap the branch up");
        assert!(c[0].context && !c.last().unwrap().context, "{c:?}");
        assert!(c.last().unwrap().text.starts_with("wrap"), "{c:?}");
    }

    #[test]
    fn a_command_on_the_person_or_a_thing_is_a_request() {
        for s in [
            "Cut the next release.",
            "Clip the article into my vault.",
            "Interview me hard about the architecture.",
            "quiz us on the new API",
        ] {
            assert!(is_request(s), "{s}");
        }
        for s in [
            "get a few fresh takes",
            "get that done",
            "cut from the same cloth",
            "Get me unstuck",
            "put me out of my misery",
        ] {
            assert!(!is_request(s), "{s}");
        }
    }

    #[test]
    fn having_someone_do_work_is_a_request_not_a_question() {
        assert!(is_request("have someone with zero background read it cold"));
        assert!(is_request("have a subagent review the diff"));
        assert!(!is_question(
            "have someone with zero background read it cold"
        ));
        assert!(is_question("have you tried turning it off"));
        assert!(is_question("has anyone benchmarked the parser"));
    }

    #[test]
    fn telling_joined_to_a_request_reports_it() {
        assert!(!is_knowledge_request(
            "could you go over my signup form and tell me what breaks accessibility"
        ));
        assert!(!is_knowledge_request(
            "review this email and tell me what's wrong"
        ));
        assert!(is_knowledge_request(
            "can you tell me a fun fact about pdfs"
        ));
        assert!(is_knowledge_request("tell me what a pdf is"));
        assert!(is_knowledge_request(
            "i was curious and tell me about decks"
        ));
    }

    #[test]
    fn a_question_after_a_lead_in_word_is_a_question() {
        assert!(is_question(
            "roughly how do search engines decide how to rank pages"
        ));
        assert!(is_question("so what is a slide master"));
        assert!(is_question("ok so which format keeps the fonts"));
        assert!(!is_question("just fix the build"));
        assert!(!is_question("so"));
        assert!(is_question("algebra homework: what's an eigenvector"));
        assert!(is_question("anyone know where that gif came from"));
        assert!(!is_question("anyone can merge these"));
        // What a command asks about after its colon is no question.
        assert!(!is_question(
            "before any code, talk it through with me: who it's for"
        ));
        assert!(is_question("homework: what's an eigenvector"));
    }

    #[test]
    fn a_measure_asked_after_is_a_question() {
        assert!(is_question("how far apart should the joists be"));
        assert!(is_question("how big is a page"));
        assert!(is_question(
            "building a deck, how far apart should the joists be"
        ));
        assert!(!is_question("how to merge these"));
        assert!(!is_question("how do you merge these"));
        assert!(!is_question("how can I merge these"));
        assert!(!is_question("how else can you write a design doc"));
        assert!(!is_question("how you should write a design doc"));
    }

    #[test]
    fn saying_no_work_is_wanted_declines_it() {
        for s in [
            "our PR team is throwing a party, nothing to do with code, just venting",
            "nice, the tests pass now. that's all for today, thanks",
            "Random question. Not setting anything up, just curious what you'd say.",
            "not doing anything rn, just want to understand it",
            "checked the vercel bill this month, it's fine, nothing to do there",
            "I just needed to vent to someone.",
            "Not asking you to do anything, just trying to understand it.",
            "I was going to ask for a review but it's approved, so never mind",
        ] {
            assert!(declines_work(s, s.ends_with('?')), "{s}");
        }
    }

    #[test]
    fn a_piece_that_asks_or_declines_only_part_is_no_decline() {
        for s in [
            // A piece asks for work.
            "fix the failing CI on my PR, that's all for today",
            "just curious, the checks failed again, fix them",
            "Just curious whether you could merge these three PDFs into one",
            "just wondering if you could turn my notes into a page",
            "I just want to understand why the build fails, can you look into the logs?",
            "I'm done for today, so write the handoff doc",
            "not asking you to rewrite it, just review the PR for security issues",
            "brb - fix the failing CI checks on my PR",
            // Only part of the work, or none, is declined.
            "Not asking for anything fancy",
            "nothing to do with the pptx, my Word doc loses its tracked changes",
            "no action needed on the docs, but the report needs a pivot table",
            "I'm not building anything new",
            "never mind the tests, just deploy it",
            "never mind, fix the failing CI instead",
            "not doing anything else today except deploying this app",
            // Signing off is no decline: the work may go on meanwhile.
            "The CI on my PR keeps failing on the lint step. Anyway, back in 20.",
            "the merge has conflicts in package.json. brb",
            "I'm done for today",
            "just curious, the CI is failing again",
            "Sharing this - the vercel deploy is failing with a 500 error",
            // A question about the person's own things asks.
            "Not building anything, but is the security of this auth flow ok?",
        ] {
            assert!(!declines_work(s, s.ends_with('?')), "{s}");
        }
    }

    #[test]
    fn saying_what_one_would_love_is_a_request() {
        assert!(is_request("I'd love a short deck from it"));
        assert!(is_request("we would like a summary"));
        assert!(!is_request("I love this deck"));
    }
}
