//! Cutting an intent into the tasks it asks for, in the order it asks.
//!
//! "research the options, write a design doc, then review it" is three
//! tasks; each clause gets its own skill and nothing more. A clause ends at
//! `;`, `.`, `?`, `!` or a line break, and at the connectives `then`,
//! `and then`, `after that`, `afterwards`, `next`, `finally`, `followed
//! by`, and at a comma, `and` or `&` when what follows reads as a new task
//! (see `starts_joined_task`) or says what else is wanted ("…and I also
//! want the auth code checked"). "before I merge" and "after the tests pass" are
//! not cut off: they say when, not what to do.
//!
//! Order: clauses run in the order they are written, except that "X, but
//! first Y" puts Y first. Each clause carries its place in that order
//! ([`Clause::rank`]).
//!
//! A clause that only asks to know something ("what font size works best
//! on slides?", "tell me a fun fact about PDFs", "is docx better than
//! pdf?") asks for no skill's work: it is marked a question and selects
//! nothing unless it names a skill. A question about the person's own
//! things ("why is *my* build failing", "which model should *our*
//! summarizer use") is a request, and so are "how do I merge these PDFs"
//! and "can you…". What a sentence asks is read in [`super::asks`].

use super::asks::{is_knowledge_request, is_question, is_request};
use super::task_words::{
    reads_as_command, starts_joined_task, starts_task, OBJECT_OPENERS, PAIR_VERBS,
};

/// One task of the intent.
#[derive(Debug, Clone, PartialEq)]
pub struct Clause {
    /// The clause's text, as written.
    pub text: String,
    /// Its place in the order the intent asks for (0 first). Ties keep
    /// written order.
    pub rank: usize,
    /// It only asks to know something.
    pub question: bool,
    /// It only sets the scene: a sentence that asks for nothing, in an
    /// intent where another sentence does ("We sell sneakers. Make me an
    /// ad."). Its words are context for the request.
    pub context: bool,
    /// It is context only because a question about the person's own work
    /// is the one ask, where no sentence asks for work outright ("Should we
    /// advertise on TikTok? We sell accounting software."). Selection reads
    /// it as a task of its own again when that question alone chooses
    /// nothing ("We launched 3 weeks ago. What do we do now?").
    pub beside_question: bool,
    /// The sentence it was cut from (0 first): clauses of one sentence are
    /// the tasks of a list ("make a gif, then a poster").
    pub sentence: usize,
}

/// Connectives between two clauses that keep the written order.
const FORWARD: &[&[&str]] = &[
    &["and", "then"],
    &["then"],
    &["after", "that"],
    &["afterwards"],
    &["afterward"],
    &["next"],
    &["finally"],
    &["followed", "by"],
    &["and", "finally"],
    &["and", "also"],
];

pub(super) fn words_of(text: &str) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        // A typed or a typographic apostrophe: "I'd", "I’d".
        let inside = c.is_alphanumeric() || matches!(c, '\'' | '\u{2019}' | '-' | '/' | ':');
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(b)) => {
                out.push((fold(&text[b..i]), b, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(b) = start {
        out.push((fold(&text[b..]), b, text.len()));
    }
    out
}

/// A word lowercased, with a typographic apostrophe read as a typed one.
fn fold(word: &str) -> String {
    word.to_lowercase().replace('\u{2019}', "'")
}

/// How a cut relates the clause before it to the clause after it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Link {
    Forward,
    /// The clause after the cut comes first.
    Reverse,
}

/// Cuts `intent` into clauses with their order.
pub fn split(intent: &str) -> Vec<Clause> {
    // (text, link, asked as a question, sentence index)
    let mut pieces: Vec<(String, Option<Link>, bool, usize)> = Vec::new();
    let mut requests: Vec<bool> = Vec::new();
    let mut own_questions: Vec<bool> = Vec::new();
    for sentence in intent.split(['\n', ';', '!', '?']).flat_map(split_periods) {
        let trimmed = sentence.trim();
        if trimmed.is_empty() {
            continue;
        }
        let asked = intent_marks_question(intent, sentence);
        let n = requests.len();
        requests.push(is_request(trimmed));
        own_questions.push(asked && !is_question(trimmed) && !is_knowledge_request(trimmed));
        let mut first = true;
        for (text, link) in cut_sentence(trimmed) {
            let link = if first { Some(Link::Forward) } else { link };
            pieces.push((text, link, asked, n));
            first = false;
        }
    }
    let asked_by_question = !requests.iter().any(|r| *r);
    if asked_by_question {
        requests = own_questions;
    }
    let scene_setting = requests.len() > 1 && requests.iter().any(|r| *r);
    let mut clauses: Vec<Clause> = Vec::new();
    let mut order: Vec<usize> = Vec::new();
    for (k, (text, link, asked, n)) in pieces.into_iter().enumerate() {
        let question = asked && is_question(&text) || is_knowledge_request(&text);
        clauses.push(Clause {
            text,
            rank: 0,
            question,
            context: scene_setting && !requests[n],
            beside_question: scene_setting && !requests[n] && asked_by_question,
            sentence: n,
        });
        match link {
            Some(Link::Reverse) if k > 0 => {
                let at = order
                    .iter()
                    .position(|&o| o == k - 1)
                    .unwrap_or(order.len());
                order.insert(at, k);
            }
            _ => order.push(k),
        }
    }
    for (rank, &k) in order.iter().enumerate() {
        clauses[k].rank = rank;
    }
    clauses
}

/// Splits at a period that ends a sentence (not in ".pdf" or "v1.2").
fn split_periods(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let b = s.as_bytes();
    for i in 0..b.len() {
        if b[i] == b'.' && b.get(i + 1).is_none_or(|n| n.is_ascii_whitespace()) {
            out.push(&s[start..i]);
            start = i + 1;
        }
    }
    out.push(&s[start..]);
    out
}

/// True when the piece of `s` that ends at byte `at` (from the last cut in
/// `cuts`) holds a comma before the one just before `at`: "A, B, and C"
/// is one list.
fn listed_before(s: &str, cuts: &[(usize, usize, Link)], at: usize) -> bool {
    let from = cuts.last().map_or(0, |c| c.1);
    s[from.min(at)..at].matches(',').count() >= 2
}

/// True when the sentence was written with a question mark after it.
fn intent_marks_question(intent: &str, sentence: &str) -> bool {
    let start = sentence.as_ptr() as usize - intent.as_ptr() as usize;
    intent[start + sentence.len()..]
        .trim_start()
        .starts_with('?')
        || is_question(sentence)
}

/// Cuts one sentence at its connectives; each piece with how it relates to
/// the piece before it.
fn cut_sentence(s: &str) -> Vec<(String, Option<Link>)> {
    let words = words_of(s);
    // (cut at, resume at, how the next piece relates to the one before)
    let mut cuts: Vec<(usize, usize, Link)> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let (w, start, end) = (&words[i].0, words[i].1, words[i].2);
        let has_next = i + 1 < words.len();
        if i == 0 {
            i += 1;
            continue;
        }
        let comma_before = s[..start].trim_end().ends_with([',', '&']);
        if let Some(len) = forward_marker(&words[i..]) {
            if i + len < words.len() {
                cuts.push((start, words[i + len - 1].2, Link::Forward));
                i += len;
                continue;
            }
        }
        if w == "and" && pairs_two(&words[..i]) {
            // "the difference between rebase and merge", "both the docs
            // and the tests": one thing said of two, not a second task.
            i += 1;
            continue;
        }
        if w == "first" && has_next && (words[i - 1].0 == "but" || comma_before) {
            let at = if words[i - 1].0 == "but" {
                words[i - 1].1
            } else {
                start
            };
            cuts.push((at, end, Link::Reverse));
        } else if w == "and" && has_next && starts_joined_task(&words[i + 1].0) {
            cuts.push((start, end, Link::Forward));
        } else if matches!(w.as_str(), "and" | "plus") && i >= 2 && states_a_want(&words[i + 1..]) {
            // "login fails randomly and I also want the auth code checked":
            // the person says what else they want.
            cuts.push((start, end, Link::Forward));
        } else if matches!(w.as_str(), "and" | "plus")
            && has_next
            && i >= 2
            && ((comma_before && !listed_before(s, &cuts, start)) || starts_task(&words[0].0))
            && !PAIR_VERBS.contains(&words[0].0.as_str())
            && OBJECT_OPENERS.contains(&words[i + 1].0.as_str())
        {
            // "make a gif and a poster": a second thing asked for, after a
            // task verb, is a task of its own; so is one after a comma
            // ("an obsidian note for the meeting, and a linear issue"), but
            // not the last of a list ("the preview, the frames, and the
            // headlines").
            cuts.push((start, end, Link::Forward));
        } else if comma_before && (starts_joined_task(w) || reads_as_command(&plain(&words[i..]))) {
            // "…, simplify the intro"; a verb on no list by its shape:
            // "…, swap each one for a comma".
            cuts.push((start, start, Link::Forward));
        } else if (w == "plus" || (w == "and" && comma_before))
            && reads_as_command(&plain(&words[i + 1..]))
        {
            // "…, plus give me a snippet calling the API".
            cuts.push((start, end, Link::Forward));
        }
        i += 1;
    }
    let mut out = Vec::new();
    let mut from = 0;
    let mut pending: Option<Link> = None;
    for (at, resume, next_link) in cuts {
        pending = if push_piece(&mut out, &s[from..at.max(from)], pending) {
            Some(next_link)
        } else {
            // Nothing stood before this cut: its link joins the pending one.
            Some(match (pending, next_link) {
                (Some(Link::Reverse), _) | (_, Link::Reverse) => Link::Reverse,
                _ => Link::Forward,
            })
        };
        from = resume;
    }
    push_piece(&mut out, &s[from..], pending);
    out
}

/// True when a word shortly before an "and" (no other "and" between)
/// pairs it with what comes before: "between the old design doc and…",
/// "both X and Y".
fn pairs_two(before: &[(String, usize, usize)]) -> bool {
    before
        .iter()
        .rev()
        .take(6)
        .take_while(|(w, _, _)| w != "and")
        .any(|(w, _, _)| matches!(w.as_str(), "between" | "both"))
}

/// True when `words` open with the person saying what else they want: "I
/// also want", "we also need", "I'd also like".
fn states_a_want(words: &[(String, usize, usize)]) -> bool {
    let w: Vec<&str> = words.iter().take(3).map(|(w, _, _)| w.as_str()).collect();
    let (subject, rest) = match w.split_first() {
        Some((s, rest)) => (*s, rest),
        None => return false,
    };
    // Without "also", what they want is often the same task said again
    // ("…and we need to bring it down").
    let Some((&"also", rest)) = rest.split_first() else {
        return false;
    };
    match subject {
        "i" | "we" => matches!(rest.first(), Some(&"want" | &"need")),
        "i'd" | "we'd" => rest.first() == Some(&"like"),
        _ => false,
    }
}

/// Adds a piece unless it is empty or filler; true when it was added.
fn push_piece(out: &mut Vec<(String, Option<Link>)>, piece: &str, link: Option<Link>) -> bool {
    let piece = piece.trim().trim_matches([',', '&']).trim();
    let keep = !piece.is_empty() && !is_filler(piece);
    if keep {
        out.push((piece.to_string(), link));
    }
    keep
}

/// The length of the forward connective `words` starts with, if any.
fn forward_marker(words: &[(String, usize, usize)]) -> Option<usize> {
    FORWARD
        .iter()
        .filter(|m| m.len() <= words.len() && m.iter().zip(words).all(|(a, (x, _, _))| a == x))
        .map(|m| m.len())
        .max()
}

/// Pieces that are only a connective or a greeting.
fn is_filler(piece: &str) -> bool {
    let w = words_of(piece);
    w.iter().all(|(x, _, _)| {
        matches!(
            x.as_str(),
            "and"
                | "then"
                | "also"
                | "please"
                | "pls"
                | "thanks"
                | "thank"
                | "you"
                | "ok"
                | "so"
                | "but"
        )
    })
}

/// The first few words, as text.
fn plain(words: &[(String, usize, usize)]) -> Vec<&str> {
    words.iter().take(4).map(|(w, _, _)| w.as_str()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(intent: &str) -> Vec<(String, usize)> {
        split(intent)
            .into_iter()
            .map(|c| (c.text, c.rank))
            .collect()
    }

    #[test]
    fn tasks_are_cut_at_connectives_in_order() {
        assert_eq!(
            texts("research the options, write a design doc, then review it"),
            [
                ("research the options".to_string(), 0),
                ("write a design doc".to_string(), 1),
                ("review it".to_string(), 2)
            ]
        );
        assert_eq!(
            texts("merge these PDFs and make a deck from them"),
            [
                ("merge these PDFs".to_string(), 0),
                ("make a deck from them".to_string(), 1)
            ]
        );
        assert_eq!(
            texts("add tables, charts and notes to the report"),
            [("add tables, charts and notes to the report".to_string(), 0)]
        );
        // A hyphenated verb is read by its last part.
        assert_eq!(
            texts("check the logs for errors and re-run the job"),
            [
                ("check the logs for errors".to_string(), 0),
                ("re-run the job".to_string(), 1)
            ]
        );
        assert_eq!(texts("we need tests and well-known fixtures").len(), 1);
        // "and I also want" says what else is wanted; without "also" it
        // often says the same task again.
        assert_eq!(
            texts("login fails randomly and I also want the auth code checked"),
            [
                ("login fails randomly".to_string(), 0),
                ("I also want the auth code checked".to_string(), 1)
            ]
        );
        assert_eq!(texts("churn is 7% and we need to bring it down").len(), 1);
        // "I'd also like", typed or with a typographic apostrophe.
        for want in [
            "I'd also like",
            "I\u{2019}d also like",
            "we'd also like",
            "plus we also need",
        ] {
            let intent = format!("tidy the release notes and {want} a changelog entry");
            let intent = intent.replace("and plus", "plus");
            assert_eq!(texts(&intent).len(), 2, "{intent}");
        }
        assert_eq!(
            texts("tidy the notes and I\u{2019}d like it short").len(),
            1
        );
    }

    #[test]
    fn a_second_object_is_a_task_but_a_pair_is_not() {
        assert_eq!(
            texts("make a slack gif and a printable poster for the party"),
            [
                ("make a slack gif".to_string(), 0),
                ("a printable poster for the party".to_string(), 1)
            ]
        );
        assert_eq!(texts("compare the old and the new schema").len(), 1);
        assert_eq!(texts("the old and the new schema").len(), 1);
        // After a comma, a second thing is a task even with no verb before
        // it; the last item of a list of three is not.
        assert_eq!(
            texts("a meeting note with callouts, and a ticket for the follow-up"),
            [
                ("a meeting note with callouts".to_string(), 0),
                ("a ticket for the follow-up".to_string(), 1)
            ]
        );
        assert_eq!(
            texts("we need the preview, the frames, and the headlines").len(),
            1
        );
        // "between X and Y", "both X and Y" pair two things, even when the
        // second is a verb of work.
        assert_eq!(
            texts("what's the difference between rebase and merge").len(),
            1
        );
        assert_eq!(texts("update both the docs and the tests").len(), 1);
        assert_eq!(texts("fix the flaky test and merge the branch").len(), 2);
    }

    #[test]
    fn when_words_stay_and_first_reorders() {
        assert_eq!(
            texts("get a review before I merge"),
            [("get a review before I merge".to_string(), 0)]
        );
        assert_eq!(
            texts("ship it, but first update the changelog"),
            [
                ("ship it".to_string(), 1),
                ("update the changelog".to_string(), 0)
            ]
        );
    }

    #[test]
    fn questions_ask_for_no_work() {
        for q in [
            "What font size works best on slides?",
            "tell me a fun fact about PDFs",
            "is docx better than pdf",
            "how does git rebase work",
            "in plain words, what even is a merge conflict",
            "how do compilers pick which registers to use?",
            "when did git get worktrees?",
            "where is the changelog format written down?",
        ] {
            assert!(split(q).iter().all(|c| c.question), "{q}");
        }
        for r in [
            "how do I merge these PDFs",
            "can you make a deck",
            "fill in this form",
            "why is my build failing",
            "how do you merge two PDFs",
            "when it builds, deploy the preview",
        ] {
            assert!(split(r).iter().all(|c| !c.question), "{r}");
        }
    }

    #[test]
    fn a_task_that_reports_back_is_a_request() {
        for r in [
            "Can you audit our listing and tell me what to fix?",
            "Review this cold email and tell me what's wrong",
        ] {
            assert!(split(r).iter().all(|c| !c.question), "{r}");
        }
        for q in [
            "can you tell me a fun fact about PDFs",
            "tell me what a merge conflict is",
        ] {
            assert!(split(q).iter().all(|c| c.question), "{q}");
        }
    }

    #[test]
    fn sentences_that_set_the_scene_are_context() {
        let c = split("We sell sneakers online. Make me an ad for the spring drop.");
        assert!(c[0].context && !c[1].context);
        let c = split("tests fail on main. no idea why.");
        assert!(c.iter().all(|c| !c.context));
        // A request in shorthand, its subject left out, is a request.
        let c = split("We're a SaaS that just launched. Need OG images for every post.");
        assert!(c[0].context && !c[1].context, "{c:?}");
        let c = split("We run a bakery. Looking for a logo with a wheat motif.");
        assert!(c[0].context && !c[1].context, "{c:?}");
        assert!(!is_request("looking at the logs, the worker died at noon"));
    }

    #[test]
    fn an_own_question_is_the_ask_where_no_sentence_asks_for_work() {
        let c = split("Should we advertise on TikTok? We sell accounting software.");
        assert!(
            !c[0].context && c[1].context && c[1].beside_question,
            "{c:?}"
        );
        // A sentence that asks for work outright keeps the question beside
        // it part of the request, as before.
        let c = split("Should we advertise on TikTok? Make me a plan.");
        assert!(c.iter().all(|c| !c.beside_question), "{c:?}");
        // A question about things in general is no ask.
        let c = split("What is a CTA? We sell accounting software.");
        assert!(c.iter().all(|c| !c.context), "{c:?}");
    }

    #[test]
    fn a_joined_task_opens_with_any_common_verb() {
        assert_eq!(
            texts("strip vendor names out of the runbook and get rid of its em dashes"),
            [
                ("strip vendor names out of the runbook".to_string(), 0),
                ("get rid of its em dashes".to_string(), 1)
            ]
        );
        // Alone, a light verb aimed back is no request: the sentence before
        // it stays the request.
        let c = split("We owe the client a compliance check on the spec. Get that done.");
        assert!(c.iter().all(|c| !c.context), "{c:?}");
    }
}
