//! Cutting an intent into the tasks it asks for, in the order it asks.
//!
//! "research the options, write a design doc, then review it" is three
//! tasks; each clause gets its own skill and nothing more. A clause ends
//! where a sentence does ([`super::sentences`]: `;`, `.`, `?`, `!`, a line
//! break, a numbered step or an arrow), and at the connectives `then`,
//! `and then`, `after that`, `afterwards`, `next`, `finally`, `followed
//! by`, and at a comma, `and` or `&` when what follows reads as a new task
//! (see `starts_joined_task`; after `and`, also a verb and its particle
//! before a new object, "…and carry out the plan", or after ", and" a verb
//! on "it" with more after it, "…, and give it one of your themes") or says what else is
//! wanted ("…and I also want the auth code checked"). "before I merge" and "after the tests pass" are
//! not cut off: they say when, not what to do; "before you redo the
//! typography" is cut off, since it asks the agent for that work. After a
//! comma, a clause of time that ends before a command (", and once it's
//! clean push a preview deploy") is dropped and the command is the next
//! task.
//!
//! Order: clauses run in the order they are written, except where words
//! put a later one first ("X, but first Y", "X, but Y first", "X; before
//! that, Y", "before you X, Y", "X, but not yet. First Y.": see
//! [`super::order_words`]). A sentence that only states the order of the
//! tasks it names again ("Do the tightening before the dash pass") is read
//! in [`super::stated_order`]. Each clause
//! carries its place in that order ([`Clause::rank`]). A sentence that
//! opens with a connective of order ("Then write the plan.", "Once that's
//! done, write the plan.") is a step of its own ([`Clause::step`]).
//!
//! A clause that only asks to know something ("what font size works best
//! on slides?", "tell me a fun fact about PDFs", "is docx better than
//! pdf?") asks for no skill's work: it is marked a question and selects
//! nothing unless it names a skill. A question about the person's own
//! things ("why is *my* build failing", "which model should *our*
//! summarizer use") is a request, and so are "how do I merge these PDFs"
//! and "can you…". What a sentence asks is read in [`super::asks`].

use super::asks::{is_knowledge_request, is_question, is_request};
use super::order_words;
use super::sentences;
use super::task_words::{
    commands_pronoun, opens_imperative, phrasal_command, reads_as_command, starts_joined_task,
    starts_task, OBJECT_OPENERS, PAIR_VERBS,
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
    /// Its sentence, not the first, opens with a connective of order or a
    /// step mark ("2)", "->") and asks for work after it ("Then write the
    /// plan."): a step of its own, not more about the request before it.
    pub step: bool,
}

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
    /// A connective that says so ("then", "after that"): the order holds
    /// whatever the clause after it says.
    Then,
    /// The clause after the cut comes first.
    Reverse,
    /// The clause opens a sentence that says it comes first ("…, but not
    /// yet. First research the options."): before every task asked so
    /// far, and the rest of its sentence after it.
    First,
}

/// Cuts `intent` into clauses with their order.
pub fn split(intent: &str) -> Vec<Clause> {
    // (text, link, asked as a question, sentence index, a clause of time)
    let mut pieces: Vec<(String, Option<Link>, bool, usize, bool)> = Vec::new();
    let mut requests: Vec<bool> = Vec::new();
    let mut own_questions: Vec<bool> = Vec::new();
    let mut steps: Vec<bool> = Vec::new();
    let mut statements = super::stated_order::Statements::new(intent);
    for (sentence, marked) in sentences::sentences(intent) {
        let trimmed = sentence.trim();
        if trimmed.is_empty() {
            continue;
        }
        let asked = intent_marks_question(intent, sentence);
        let n = requests.len();
        // "Then write the plan.", "Once that's done, write the plan.": a
        // step of its own, asked for by the clause after the connective.
        // "…first." only reorders after a request ("Help us figure out what
        // to fix first." alone asks for one thing).
        let after_request = requests.iter().any(|r| *r);
        let first_step =
            !asked && (opens_first_step(trimmed) || after_request && ends_first_step(trimmed));
        // An item of a list that opens with a word of order is the next
        // step whatever follows ("- after that, a design doc").
        let listed_step = marked && (opens_request(trimmed) || opens_with_order(trimmed));
        let step = !asked && (opens_step(trimmed) || first_step || listed_step);
        // "Do the tightening before the dash pass." states the order of
        // tasks asked elsewhere (see `stated_order`): it makes no other
        // sentence the scene.
        let cut = cut_sentence(trimmed);
        let states_order = cut.len() == 1 && statements.is_statement(trimmed);
        requests.push(is_request(trimmed) && !states_order || step);
        steps.push(step);
        own_questions.push(asked && !is_question(trimmed) && !is_knowledge_request(trimmed));
        let mut first = true;
        let several = cut.len() > 1;
        for (text, link) in cut {
            let link = match first {
                // "Write the plan. Before that, brainstorm it with me."
                true if opens_reversed(trimmed) => Some(Link::Reverse),
                // "Review the page, but not yet. First reshape it.": after
                // a request, a sentence that opens with "first" goes before
                // it. After a scene ("the export drops rows. first find
                // why, …") it is the first task.
                true if first_step && requests[..n].iter().any(|r| *r) => Some(Link::First),
                true => Some(Link::Forward),
                false => link,
            };
            // "before I ship it, research the options": the person's own
            // work, said as when, sets the scene for the main clause.
            let when = first && several && order_words::persons_time(&plain(&words_of(&text)));
            pieces.push((text, link, asked, n, when));
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
    // Where the next piece of a sentence that came first goes: (its
    // sentence, its place in `order`).
    let mut cursor: Option<(usize, usize)> = None;
    for (k, (text, link, asked, n, when)) in pieces.into_iter().enumerate() {
        let question = asked && is_question(&text) || is_knowledge_request(&text);
        clauses.push(Clause {
            text,
            rank: 0,
            question,
            context: scene_setting && !requests[n] || when,
            beside_question: scene_setting && !requests[n] && asked_by_question,
            sentence: n,
            step: n > 0 && steps[n],
        });
        match link {
            Some(Link::First) => {
                order.insert(0, k);
                cursor = Some((n, 1));
            }
            Some(Link::Reverse) if k > 0 => {
                let at = order
                    .iter()
                    .position(|&o| o == k - 1)
                    .unwrap_or(order.len());
                order.insert(at, k);
                cursor = None;
            }
            // The rest of a sentence that came first follows it there.
            _ => match cursor {
                Some((s, at)) if s == n => {
                    order.insert(at, k);
                    cursor = Some((s, at + 1));
                }
                _ => order.push(k),
            },
        }
    }
    for (rank, &k) in order.iter().enumerate() {
        clauses[k].rank = rank;
    }
    clauses
}

/// True when the piece of `s` that ends at byte `at` (from the last cut in
/// `cuts`) holds a comma before the one just before `at`: "A, B, and C"
/// is one list.
fn listed_before(s: &str, cuts: &[(usize, usize, Link)], at: usize) -> bool {
    let from = cuts.last().map_or(0, |c| c.1);
    s[from.min(at)..at].matches(',').count() >= 2
}

/// True when the sentence opens by putting itself before the sentence
/// before it: "Before that, …", "But first, …", "Before you do, …". Not
/// "Before I merge, run the tests": that is before the merge, which the
/// sentence before did not ask for.
fn opens_reversed(sentence: &str) -> bool {
    let found = words_of(sentence);
    let words = plain(&found);
    order_words::reversing(&words).is_some() || order_words::before_doing_it(&words)
}

/// Where the next task starts when word `i`, after a comma, opens a clause
/// of time that ends before a command: ", once it's clean push a preview
/// deploy", ", and when everything's green walk me through wrapping up".
/// Only the forward words (once, when, after): the task after them comes
/// after the one before.
fn joined_time_clause(
    s: &str,
    words: &[(String, usize, usize)],
    i: usize,
    comma_before: bool,
) -> Option<usize> {
    let at = if words[i].0 == "and" { i + 1 } else { i };
    if !comma_before || !matches!(words.get(at)?.0.as_str(), "once" | "when" | "after") {
        return None;
    }
    // A clause of time ends within a few words (see `opener_end`), and the
    // command after it is read by its opening: a window of words, so an
    // intent of many such clauses costs no more than its length.
    let window = &words[at..words.len().min(at + 16)];
    let rest: Vec<String> = window.iter().map(|(w, _, _)| w.clone()).collect();
    let commas = commas_after(s, window);
    let main = |r: &[String]| opens_request(&r.join(" "));
    let len = order_words::opener_end(&rest, &commas, main)?;
    (at + len < words.len()).then_some(at + len)
}

/// True when the sentence opens with a connective of order ("then",
/// "after that", "once that's done") and asks for work after it.
fn opens_step(sentence: &str) -> bool {
    let found = words_of(sentence);
    let commas = commas_after(sentence, &found);
    let words: Vec<String> = found.into_iter().map(|(w, _, _)| w).collect();
    let main = |rest: &[String]| opens_request(&rest.join(" "));
    order_words::opener_end(&words, &commas, main).is_some_and(|i| main(&words[i..]))
}

/// True when the sentence opens with a connective of order ("after that,
/// …", "then …").
fn opens_with_order(sentence: &str) -> bool {
    let words = plain_all(sentence);
    order_words::forward(&words).is_some_and(|n| n < words.len())
}

/// For each of `words` (found in `s`), whether a comma follows it.
fn commas_after(s: &str, words: &[(String, usize, usize)]) -> Vec<bool> {
    words
        .iter()
        .map(|(_, _, end)| s[*end..].trim_start().starts_with(','))
        .collect()
}

/// True when the sentence opens with "first" and asks for work after it:
/// "First reshape it visually", "first of all, write the plan", "First,
/// commit my changes". Without a comma after it, "first" may describe
/// the noun after it ("First draft to me by Friday"): the verb must then
/// be followed by what it acts on.
fn opens_first_step(sentence: &str) -> bool {
    let found = words_of(sentence);
    let skip = match plain(&found).as_slice() {
        ["first" | "firstly", "of", "all", _, ..] => 3,
        ["first", "off", _, ..] => 2,
        ["first" | "firstly", _, ..] => 1,
        _ => return false,
    };
    let comma = sentence[found[skip - 1].2..].trim_start().starts_with(',');
    let acts_on = |w: Option<&(String, usize, usize)>| {
        w.is_some_and(|(w, _, _)| {
            OBJECT_OPENERS.contains(&w.as_str()) || OBJECTS_AFTER_FIRST.contains(&w.as_str())
        })
    };
    let verb_end = found[skip].2;
    let bare_next = !sentence[verb_end..]
        .trim_start()
        .starts_with([',', ';', '.']);
    (comma || skip > 1 || (bare_next && acts_on(found.get(skip + 1))))
        && opens_request(sentence[found[skip].1..].trim_start_matches([',', ' ']))
}

/// True when the sentence asks for work and ends by saying it comes first:
/// "Do a round of research on the options first." Not a way of working
/// ("write it test first").
fn ends_first_step(sentence: &str) -> bool {
    // "…first, so the new wording fixes whatever that turns up": the
    // reason after it is not the task.
    let lower = sentence.to_lowercase();
    let reason = [", so ", ", because ", ", since ", " because ", " since "]
        .iter()
        .filter_map(|r| lower.find(r))
        .min()
        .unwrap_or(lower.len());
    let words = plain_all(&lower[..reason]);
    let way = words.len() >= 2 && matches!(words[words.len() - 2].as_str(), "test" | "tests");
    // "…what to fix first": which comes first is what is asked.
    let asks_which = words.iter().any(|w| matches!(w.as_str(), "what" | "which"));
    !way && !asks_which && order_words::ends_first(&words, true) && opens_request(sentence)
}

/// Words after a verb that say it acts on something ("First commit *my*
/// changes", "first brainstorm *it* with me"), beside the object openers.
const OBJECTS_AFTER_FIRST: &[&str] = &[
    "it", "them", "this", "that", "these", "those", "me", "us", "your", "their", "up", "out",
    "down", "through", "every", "all", "each",
];

/// True when `sentence` asks for work: a request, or a command by its
/// shape (after a connective of order or a step's number, a verb on no
/// list is still the verb: "2) get the change reviewed").
pub(super) fn opens_request(sentence: &str) -> bool {
    let found = words_of(sentence);
    is_request(sentence) || opens_imperative(&plain(&found))
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
    let all: Vec<&str> = words.iter().map(|(w, _, _)| w.as_str()).collect();
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
        if let Some(len) = order_words::forward(&all[i..]) {
            // "…, next write the plan", not "the single next move".
            let next_as_word = w == "next" && !comma_before && all[i - 1] != "and";
            if i + len < words.len() && !next_as_word {
                cuts.push((start, words[i + len - 1].2, Link::Then));
                i += len;
                continue;
            }
        }
        if let Some(len) = order_words::reversing(&all[i..]) {
            if i + len < words.len() {
                cuts.push((start, words[i + len - 1].2, Link::Reverse));
                i += len;
                continue;
            }
        }
        if let Some((len, link)) = order_words::agent_time(&all[i..]) {
            // "audit the markup before you redo the typography", "commit
            // once you've cleared up the conflicts": work asked of the
            // agent, said as when.
            if i + len < words.len() && order_words::agent_verb(all[i + len]) {
                let link = if link { Link::Forward } else { Link::Reverse };
                cuts.push((start, words[i + len - 1].2, link));
                i += len;
                continue;
            }
        }
        if let Some(main) = joined_time_clause(s, &words, i, comma_before) {
            // "fix the conflicts, and once it's clean push a preview
            // deploy": a clause of time, then the next task.
            cuts.push((start, words[main].1, Link::Forward));
            i = main;
            continue;
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
        } else if w == "but" && order_words::ends_first(&all[i + 1..], true) {
            // "execute the plan, but brainstorm the design first".
            cuts.push((start, end, Link::Reverse));
        } else if w == "and"
            && has_next
            && (starts_joined_task(&words[i + 1].0) || phrasal_command(&plain(&words[i + 1..])))
        {
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
        } else if comma_before
            && w == "also"
            && has_next
            && (starts_joined_task(&words[i + 1].0) || reads_as_command(&plain(&words[i + 1..])))
        {
            // "verify the numbers, also make it sound human": the person
            // adds a task.
            cuts.push((start, end, Link::Forward));
        } else if w == "plus" && has_next && i >= 2 && !super::text::is_stop_word(&words[i + 1].0) {
            // "press release plus homepage copy for the launch": a second
            // thing asked for, with or without an article.
            cuts.push((start, end, Link::Forward));
        } else if (comma_before || cuts.is_empty() && time_before_colon(s, &words, i))
            && (starts_joined_task(w) || reads_as_command(&plain(&words[i..])))
        {
            // "…, simplify the intro"; a verb on no list by its shape:
            // "…, swap each one for a comma".
            cuts.push((start, start, Link::Forward));
        } else if (w == "plus" || (w == "and" && comma_before))
            && (reads_as_command(&plain(&words[i + 1..]))
                || commands_pronoun(&plain(&words[i + 1..])))
        {
            // "…, plus give me a snippet calling the API"; "…, and give it
            // one of your themes" (after a bare comma, "give it…" goes on
            // with the same thing: "…looks generic, give it an identity").
            cuts.push((start, end, Link::Forward));
        }
        i += 1;
    }
    // "before you write the plan, brainstorm it with me": the sentence's
    // main clause, after the comma, comes first.
    if let Some(first) = cuts.first_mut() {
        if first.2 == Link::Forward && order_words::opens_with_before(&all) {
            first.2 = Link::Reverse;
        }
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
    // "…, brainstorm the design first": a task that says it comes first.
    for (text, link) in out.iter_mut().skip(1) {
        if *link == Some(Link::Forward) && order_words::ends_first(&plain_all(text), false) {
            *link = Some(Link::Reverse);
        }
    }
    out
}

/// True when word `i` follows a colon that ends a clause of time opening
/// the sentence ("before I hand this off: get fresh eyes on it"): the
/// clause is when, and the command after the colon the work. A colon after
/// a label or a request ("Improve this goal: replace…") introduces what it
/// is about, and one inside a word ("superpowers:brainstorming") is no cut.
fn time_before_colon(s: &str, words: &[(String, usize, usize)], i: usize) -> bool {
    words[i - 1].0.ends_with(':')
        && s[words[i - 1].2..words[i].1].starts_with(' ')
        && order_words::persons_time(&plain_all(&s[..words[i].1]))
}

/// Every word of `text`.
fn plain_all(text: &str) -> Vec<String> {
    words_of(text).into_iter().map(|(w, _, _)| w).collect()
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
    let piece = piece.trim().trim_matches([',', '&', ':']).trim();
    let keep = !piece.is_empty() && !is_filler(piece);
    if keep {
        out.push((piece.to_string(), link));
    }
    keep
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
                | "before"
                | "that"
                | "this"
                | "first"
                | "firstly"
                | "after"
                | "afterwards"
                | "next"
                | "finally"
                | "off"
                | "of"
                | "all"
        )
    })
}

/// The first few words, as text.
fn plain(words: &[(String, usize, usize)]) -> Vec<&str> {
    words.iter().take(4).map(|(w, _, _)| w.as_str()).collect()
}

#[cfg(test)]
mod tests;
