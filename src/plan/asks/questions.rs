//! Sentences that ask to be told something rather than for work: a
//! question ("what does SEO stand for?", "do you think…?"), a choice
//! ("obsidian or notion for notes?"), or a telling ("tell me a fun fact
//! about…", "explain it like I'm 5").

use super::is_request;
use crate::plan::clauses::words_of;
use crate::plan::declines::a_piece_asks;
use crate::plan::task_words::{starts_joined_task, starts_task};
pub use kinds::asks_a_choice;
use kinds::{asks_a_difference, asks_about_agent, asks_if_possible};

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
    // "do you remember what we changed yesterday?", "are you able to read
    // pdfs or do I have to paste the text in?": about the agent itself.
    if asks_about_agent(&w) {
        return true;
    }
    // "is it possible to merge these PDFs?": a request said politely, as
    // "can you…" is.
    if asks_if_possible(&w) {
        return false;
    }
    // "what's the difference between saving my project in git and
    // pushing it?": a difference asked after is known, not worked on,
    // whoever's things it is between.
    if asks_a_difference(&w) {
        return true;
    }
    // "what's done, what's next, what's blocked: write the weekly status
    // update": a command after the last colon is what is asked; the
    // questions before it say what the work covers.
    if commands_after_colon(text) {
        return false;
    }
    // The person's own things, from word `k` on: a question about them is
    // about their work. Before a colon, the person may only say why they
    // ask ("just so I can put it in the roadmap doc: when does…").
    // Read once, from the end: a long intent has many marks.
    let mut owned = vec![false; w.len() + 1];
    for i in (0..w.len()).rev() {
        owned[i] = owned[i + 1]
            || super::owns_at(&w, i)
            || matches!(w[i].0.as_str(), "i" | "i'm" | "we" | "we're");
    }
    let own_from = |k: usize| owned[k.min(w.len())];
    // About the person's own things, and no colon a reason could end at.
    if own_from(0) && !text.contains(':') {
        return false;
    }
    // "What would you change?", "which index would you add?": what the
    // agent would do is asked, about the person's things. Not "when
    // should you use a monorepo?", a question of knowledge.
    if w.windows(2).any(|p| {
        matches!(
            (p[0].0.as_str(), p[1].0.as_str()),
            ("would", "you") | ("you", "would" | "recommend" | "suggest")
        )
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
        // A dash between words marks as a comma does: "quick one - is…".
        if text[..*b]
            .trim_end()
            .ends_with([',', ':', '-', '\u{2013}', '\u{2014}'])
        {
            asked = asked || a_piece_asks(&text[from..*b]);
            from = *b;
            if !asked && !relative_clause(&w[i..]) {
                after_marks.push(i);
            }
        }
    }
    if !own_from(0) {
        return [0, lead]
            .into_iter()
            .chain(after_marks)
            .any(|i| i < w.len() && opens_question(&w[i..], text));
    }
    // After a colon, a question with nothing of the person's in it, and
    // no command or step before it ("first pull out what we learned: what
    // worked, what misled us" lists what the command is about).
    after_marks.into_iter().any(|i| {
        let before = text[..w[i].1].trim_end();
        let steps = words_of(before)
            .iter()
            .any(|(x, _, _)| matches!(x.as_str(), "first" | "then" | "next"));
        before.ends_with(':')
            && !own_from(i)
            && !steps
            && !is_request(before.trim_end_matches(':'))
            && opens_question(&w[i..], text)
    })
}

/// True when the words after `text`'s last colon open with a command
/// ("…: write the weekly status update"), not a question nor a telling
/// ("what is a pptx file: explain the format" asks to know).
fn commands_after_colon(text: &str) -> bool {
    const TELLING: &[&str] = &[
        "clarify",
        "define",
        "describe",
        "elaborate",
        "explain",
        "tell",
    ];
    let Some((_, after)) = text.rsplit_once(':') else {
        return false;
    };
    let w = words_of(after);
    let ws: Vec<&str> = w.iter().map(|(x, _, _)| x.as_str()).collect();
    crate::plan::task_words::reads_as_command(&ws)
        && !TELLING.contains(&ws[0])
        && !after.trim_end().ends_with('?')
}

/// True when `w`, after a comma, opens a clause that says more of what
/// stands before it: "…, which feels injectable", "…, which is way too
/// good", "…, who keeps asking", "…, should look on-brand". Not "…, which
/// one should I use?" nor "…, should the team ship it?".
fn relative_clause(w: &[(String, usize, usize)]) -> bool {
    const VERBS: &[&str] = &[
        "breaks", "broke", "causes", "caused", "feels", "felt", "has", "had", "is", "keeps",
        "looks", "made", "makes", "means", "meant", "seems", "seemed", "sounds", "takes", "took",
        "was",
    ];
    // "poster for the hackathon, static png, should look on-brand": a
    // modal with no subject after it says what the thing must be.
    const SUBJECTS: &[&str] = &[
        "a", "an", "any", "he", "i", "it", "my", "our", "she", "that", "the", "their", "there",
        "these", "they", "this", "those", "u", "we", "you", "your",
    ];
    match w {
        [(r, _, _), (v, _, _), ..] if matches!(r.as_str(), "which" | "who") => {
            VERBS.contains(&v.as_str())
        }
        [(m, _, _), (s, _, _), ..] if matches!(m.as_str(), "should" | "must") => {
            !SUBJECTS.contains(&s.as_str())
        }
        _ => false,
    }
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
        // "do they still get read?", "do most teams squash?": about
        // others, not "do the migration", a command.
        "do" if matches!(
            second,
            "they" | "people" | "folks" | "most" | "many" | "others" | "users" | "teams"
        ) =>
        {
            true
        }
        // "do you actually think em-dashes give it away?": an opinion
        // asked, not "do you think you could…", a request.
        "do" => {
            let think = |x: &str| matches!(x, "think" | "reckon" | "believe" | "feel");
            let adverb = |x: &str| matches!(x, "actually" | "really" | "honestly" | "personally");
            let mut j = 2;
            while w.get(j).is_some_and(|x| adverb(&x.0)) {
                j += 1;
            }
            matches!(second, "you" | "u")
                && w.get(j).is_some_and(|x| think(&x.0))
                && !w
                    .iter()
                    .skip(j)
                    .any(|x| matches!(x.0.as_str(), "could" | "can"))
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

/// Markers of a telling made plain for the person: "like I'm 5", "in
/// plain English". After "explain" alone they ask to know; after another
/// verb ("rewrite the errors in plain English", "bring me up to speed in
/// plain English") they say how to do the work.
const PLAINLY: &[&str] = &[
    "eli5",
    "in a couple lines",
    "in a couple of lines",
    "in a couple of sentences",
    "in a few lines",
    "in a few sentences",
    "in a few words",
    "in a line or two",
    "in a nutshell",
    "in a sentence",
    "in layman's terms",
    "in laymans terms",
    "in a paragraph",
    "in a short paragraph",
    "in one paragraph",
    "in one plain paragraph",
    "in one short paragraph",
    "in plain english",
    "in plain language",
    "in simple language",
    "in plain terms",
    "in plain words",
    "in simple terms",
    "in simple words",
    "in one line",
    "in one sentence",
    "in two sentences",
    "like i'm 5",
    "like i'm five",
    "like im 5",
    "like im five",
];

/// True when `words` ask the agent to explain: "can you explain", "just
/// explain", not "make me explain", "until I can explain" or "help us
/// explain it to the board", where the person does the explaining.
fn agent_explains(words: &[(String, usize, usize)]) -> bool {
    words.iter().enumerate().any(|(i, (w, _, _))| {
        w == "explain"
            && !words[i.saturating_sub(2)..i]
                .iter()
                .any(|(x, _, _)| matches!(x.as_str(), "me" | "i" | "us" | "we"))
    })
}

/// A clause that asks to be told something: "tell me a fun fact about…",
/// "the history of…", "the difference between…", "who invented…". Not
/// when a task's verb comes first: "audit our listing and tell me what to
/// fix" asks for the audit, and "have a reader cold-read it and tell me
/// what doesn't land" for the read (a hyphenated verb by its last part);
/// nor after a request and "and": "could you go over my form and tell me
/// what breaks" asks for the going over; nor when what is to be told is
/// the person's own work (see `of_the_situation`). "explain X in plain
/// words" asks to know (see `PLAINLY`), and "explain" is no task's verb
/// before a marker: "can you explain the difference between…" tells.
pub fn is_knowledge_request(text: &str) -> bool {
    let t = text.to_lowercase();
    const MARKERS: &[&str] = &[
        "fun fact",
        "trivia",
        "history of",
        "who invented",
        "who created",
        "difference between",
        "stand for",
        "stands for",
        "pros and cons",
        "tell me about",
        "tell me a ",
        "tell me what",
        "tell me why",
        "tell me who",
        "your opinion",
        "your considered opinion",
        "your thoughts",
        "would you say",
        "am i wrong",
        "am i right",
        "is it just me",
        "do you agree",
        "would you agree",
        "what do you think",
        "joke about",
    ];
    // "Review this email and tell me what's wrong" asks for the review: a
    // task's verb before the marker makes the telling its report.
    // So does a request joined to it: "could you go over my form and tell
    // me what breaks" asks for the going over.
    let asked_to_know = |m: &&str, plain: bool| {
        t.find(*m).is_some_and(|at| {
            let before = &t[..at];
            let verbs = words_of(before);
            let task_first = verbs.iter().any(|(w, _, _)| task_verb(w) && w != "explain");
            let explains = !plain || agent_explains(&verbs);
            let joined_request = before.trim_end().ends_with(" and") && is_request(before);
            let situation = m.starts_with("tell me w") && of_the_situation(&t[at + m.len()..]);
            explains && !task_first && !joined_request && !situation
        })
    };
    // A plain telling is asked to know after "explain" alone ("explain an
    // eigenvector in plain words"), not after "bring me up to speed".
    // A plain telling asks to know only after "explain" (see
    // `agent_explains`).
    MARKERS.iter().any(|m| asked_to_know(m, false))
        || t.contains("explain") && plain_telling(&t, asked_to_know)
        || t.split([',', ';', ':'])
            .any(|piece| asks_an_answer(piece.trim()) || only_to_know(piece.trim()))
        || curious(&t) && !crate::plan::idioms::tells_of_trouble(&t)
}

/// True when a piece of `t` (lowercased) says only that the person is
/// curious: "just curious", "only asking", "just wondering tho". Beside
/// news of trouble it is not ("the build keeps failing, just curious").
fn curious(t: &str) -> bool {
    t.split([',', ';', '.', '!']).any(|piece| {
        let w: Vec<String> = words_of(piece).into_iter().map(|x| x.0).collect();
        let w: Vec<&str> = w.iter().map(String::as_str).collect();
        matches!(
            w.as_slice(),
            ["just" | "only", "curious" | "asking" | "wondering"]
                | [
                    "just" | "only",
                    "curious" | "asking" | "wondering",
                    "tho" | "though" | "lol"
                ]
        )
    })
}

/// True when `t` (lowercased) says the question beside it is asked only to
/// know, and nothing is said after: "just wanna know", "i only want to
/// know tho". With an object ("just want to know what changed") it is the
/// question itself, read elsewhere. Not "just curious": after a failure
/// ("the build keeps failing, just curious") it may still be worked on.
fn only_to_know(t: &str) -> bool {
    const SOFT: &[&str] = &["lol", "really", "thanks", "tho", "though", "thx"];
    let mut w: Vec<String> = words_of(t).into_iter().map(|x| x.0).collect();
    while w.last().is_some_and(|x| SOFT.contains(&x.as_str())) {
        w.pop();
    }
    let w: Vec<&str> = w.iter().map(String::as_str).collect();
    let rest = match w.split_first() {
        Some((&("i" | "im" | "i'm"), rest)) => rest,
        _ => &w[..],
    };
    match rest {
        ["just" | "only", want @ .., "know"] => {
            matches!(want, ["want" | "wanted", "to"] | ["wanna"])
        }
        _ => false,
    }
}

/// True when `t` (lowercased) asks for the answer to a question asked
/// beside it: "just answer, dont need a whole course on it", "short answer
/// please", "answer briefly".
fn asks_an_answer(t: &str) -> bool {
    if !t.contains("answer") {
        return false;
    }
    let w = words_of(t);
    let word = |k: usize| w.get(k).map_or("", |x| x.0.as_str());
    let lead = usize::from(matches!(word(0), "just" | "only" | "please" | "pls"));
    // "(I) just need a straight answer", "want a quick answer".
    if let Some(k) = wants_one(&word, lead) {
        return match word(k) {
            "answer" => true,
            adjective => ANSWER_KINDS.contains(&adjective) && word(k + 1) == "answer",
        };
    }
    // "answer" alone before a mark: "just answer, …".
    let alone = w.get(lead).is_some_and(|(_, _, end)| {
        let after = t[*end..].trim_start();
        after.is_empty() || after.starts_with([',', '.', '!', ';'])
    });
    match (word(lead), word(lead + 1)) {
        ("answer", next) => {
            alone
                || matches!(
                    next,
                    "briefly" | "directly" | "plainly" | "please" | "pls" | "in" | "quickly"
                )
        }
        (kind, "answer") => ANSWER_KINDS.contains(&kind),
        _ => false,
    }
}

/// Kinds of answer a person asks for beside a question.
const ANSWER_KINDS: &[&str] = &[
    "brief", "direct", "one-line", "one-word", "quick", "short", "simple", "straight",
];

/// Where the thing wanted starts when the words from `lead` say a person
/// needs or wants one: "need a", "i just want an", "we only need a".
fn wants_one<'a>(word: &impl Fn(usize) -> &'a str, lead: usize) -> Option<usize> {
    let mut k = lead;
    k += usize::from(matches!(word(k), "i" | "we"));
    k += usize::from(matches!(word(k), "just" | "only" | "really"));
    if !matches!(word(k), "need" | "needs" | "want" | "wanted") {
        return None;
    }
    k += 1;
    matches!(word(k), "a" | "an").then_some(k + 1)
}

/// True when what the person asks to be told is about their own work, not
/// the world: "tell me what's failing and how you'd fix it", "tell me what
/// changed since friday", "tell me why that page never shows up", "tell me
/// what u dropped". A thing of theirs, "that" or "this" before a thing, the
/// agent's own part ("you'd", "u"), or a time since. Not "tell me what a
/// merge conflict is", "tell me what you think of tabs", nor what a word
/// means or is called ("tell me what it means", "why this is called…").
fn of_the_situation(rest: &str) -> bool {
    const SITUATION: &[&str] = &[
        "i", "i'm", "i've", "me", "mine", "my", "our", "ours", "since", "u", "us", "we", "we're",
        "we've", "while", "you'd", "you'll", "you've",
    ];
    const NAMING: &[&str] = &["called", "mean", "meant", "means", "stand", "stands"];
    let w = words_of(rest);
    let word = |k: usize| w.get(k).map_or("", |x| x.0.as_str());
    if w.iter().any(|(x, _, _)| NAMING.contains(&x.as_str())) {
        return false;
    }
    (0..w.len()).any(|k| {
        SITUATION.contains(&word(k))
            || matches!(word(k), "that" | "this" | "these" | "those")
                && !word(k + 1).is_empty()
                && !crate::plan::text::is_stop_word(word(k + 1))
    })
}

/// True when `w` is a task's verb, a hyphenated one by its last part
/// ("cold-read", "re-run").
fn task_verb(w: &str) -> bool {
    starts_task(w) || w.contains('-') && starts_joined_task(w)
}

/// True when `asked_to_know` holds for a marker of a telling made plain in
/// `t` (see [`PLAINLY`], [`told_as_to_child`]).
fn plain_telling(t: &str, asked_to_know: impl Fn(&&str, bool) -> bool) -> bool {
    PLAINLY.iter().any(|m| asked_to_know(m, true))
        || told_as_to_child(t).is_some_and(|m| asked_to_know(&m.as_str(), true))
}

/// True when `text` asks the agent to explain something plainly: "explain
/// it like she's 10", "explain rebase in plain words". Such a piece asks
/// to know, not for work.
pub fn asks_plain_telling(text: &str) -> bool {
    let t = text.to_lowercase();
    if !t.contains("explain") {
        return false;
    }
    plain_telling(&t, |m, _| {
        t.find(*m)
            .is_some_and(|at| agent_explains(&words_of(&t[..at])))
    })
}

/// The words of a telling made plain for a child in `t`, when there are
/// some: "like she's 10", "like I'm a 5 year old", "like a kid". Ages and
/// the words for a child, after "like" and who is told.
fn told_as_to_child(t: &str) -> Option<String> {
    const WHO: &[&str] = &[
        "i'm", "im", "she's", "shes", "he's", "hes", "they're", "theyre", "you're", "youre",
    ];
    const CHILD: &[&str] = &[
        "child", "five", "kid", "kids", "six", "ten", "toddler", "twelve", "grandma", "grandpa",
    ];
    // Most text holds no "like": a search says so before any word is read.
    if !t.contains("like") {
        return None;
    }
    let w = words_of(t);
    let word = |i: usize| w.get(i).map_or("", |x| x.0.as_str());
    (0..w.len()).find_map(|i| {
        if word(i) != "like" {
            return None;
        }
        let mut j = i + 1;
        j += usize::from(WHO.contains(&word(j)));
        j += usize::from(word(j) == "a");
        let age = word(j)
            .split('-')
            .next()
            .and_then(|n| n.parse::<u8>().ok())
            .is_some_and(|n| n <= 16);
        (age || CHILD.contains(&word(j))).then(|| t[w[i].1..w[j].2].to_string())
    })
}

mod kinds;
