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
//! wanted ("…and I also want the auth code checked"), and at each item of
//! a list of things asked for, each item opening with its article ("I
//! need the rec done, the income statement, and a dashboard": `lists`),
//! or after "plus" when the person says what they need ("I need the
//! launch plan plus a battlecard"), and before what the work must hold to
//! ("…, and it has to use our official colors"). "before I merge" and "after the tests pass" are
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
//! in `super::stated_order`. Each clause
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
//! and "can you…". An intent that says it wants no work done ("just
//! venting", "that's all for today"), or that only laughs, thanks or
//! sighs ("lol that gif you made got 40 reactions") or steps away ("coffee
//! time, back in 20") with nothing failing, and asks for none, is
//! marked declined. What a sentence asks is read in [`super::asks`], whether it
//! declines in [`super::declines`]; a ticket's field labels ("Task:",
//! "Context:", "Out of scope:") say it whatever the shape (`labels`).

use super::asks::{
    asks_a_choice, asks_apart, is_knowledge_request, is_question, is_request, opens_apart,
};
use super::order_words;
use super::sentences;
use super::task_words::opens_imperative;
use cut::cut_sentence;
use labels::Label;
use order_marks::{
    ends_first_step, opens_first_step, opens_reversed, opens_step, opens_with_order, past_aside,
};

mod bare;
mod cut;
mod labels;
mod lists;
mod order_marks;
mod read;
mod scene;
mod shape;

use read::Read;

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
    /// plan."), or a connective of order cuts it from the task before it
    /// ("…. Sort that out, then push the fix."), or it is a command a
    /// semicolon sets off after a task ("…; write the plan"): a step of
    /// its own, not more about the request before it.
    pub step: bool,
    /// Its sentence is an item of a numbered or bulleted list, or an arrow's
    /// step ("3. commit it"): asked as a step of its own by its mark.
    pub marked: bool,
    /// It is only named after the clause written before it, as a task
    /// apart ("…and also …", "Separately, …", "Unrelated: …", "Also need
    /// …"), with no word of order ("And then …", "Separately, once that's
    /// done, …" are asked in order): the order of the two is not asked, and
    /// gives way to what the skills say (see [`super::infer`]). A sentence
    /// that states the order of two tasks clears it for both.
    pub named_apart: bool,
    /// It sets the scene that a bare ask in the sentence after it is about
    /// ("Traffic fell off a cliff. Figure out why."): the number of that
    /// sentence. Read as a task, it serves only when the bare ask itself
    /// chooses no skill (see `is_bare`).
    pub object_of: Option<usize>,
    /// The intent asks for no work: a sentence says so ("just venting",
    /// "that's all for today"; see
    /// [`declines_work`](super::declines::declines_work)) and no other
    /// asks for any. No skill serves it unless it is named.
    pub declined: bool,
    /// Its sentence says no work is wanted on what it names ("Leave the
    /// press release for next week.", "we are NOT doing AOT"), whatever
    /// another sentence asks: no skill serves it, and its words are no
    /// part of the request read whole.
    pub waived: bool,
}

pub(super) fn words_of(text: &str) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut push = |b: usize, e: usize| {
        let w = fold(&text[b..e]);
        // "but uh before you do that": a spoken filler is no word of the
        // sentence, and would hide the connective it stands in.
        if !FILLERS.contains(&w.as_str()) {
            out.push((w, b, e));
        }
    };
    for (i, c) in text.char_indices() {
        // A typed or a typographic apostrophe: "I'd", "I’d". An
        // identifier is one word: "test_refund_is_idempotent" is no "test".
        let inside = c.is_alphanumeric() || matches!(c, '\'' | '\u{2019}' | '-' | '/' | ':' | '_');
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(b)) => {
                push(b, i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(b) = start {
        push(b, text.len());
    }
    out
}

/// Sounds a dictated request is strewn with, which say nothing.
const FILLERS: &[&str] = &["uh", "uhh", "um", "umm", "uhm", "erm", "hmm", "hmmm"];

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
    /// "…and also …": a connective that cuts as [`Link::Then`] does, but
    /// says nothing of order.
    Also,
    /// The clause after the cut comes first.
    Reverse,
    /// The clause after a comma comes before every task of its sentence
    /// so far: "deploy it and send me the link, after you've gone through
    /// the UI code".
    Before,
    /// The clause opens a sentence that says it comes first ("…, but not
    /// yet. First research the options."): before every task asked so
    /// far, and the rest of its sentence after it.
    First,
}

/// Cuts `intent` into clauses with their order.
pub fn split(intent: &str) -> Vec<Clause> {
    let (pieces, mut read) = read(intent);
    labels::titles_ask_alone(&mut read.requests, &read.titles);
    let asked_by_question = !read.requests.iter().any(|r| *r);
    // "lol that gif you made got 40 reactions": laughter, thanks or a
    // sigh, with no ask and nothing failing, wants no work done.
    // So does an aside ("Anyway, coffee time, back in 20.", "just curious"),
    // and praise alone ("excel pivot tables are underrated tbh").
    // So does a report of work already done ("CI went green overnight and
    // the branch has since been merged."), when nothing else is said.
    // Read only where nothing is asked: most intents ask, and these read
    // the whole intent again.
    // "Please don't propose new tiers.": forbidding one piece of work asks
    // for none, unless something is failing ("Login breaks on Safari.
    // Don't touch the backend." asks for the login to be worked on). Its
    // "please" reads as a request, but the sentence only forbids.
    let forbidden = read.forbids.iter().any(|f| *f)
        && (0..read.requests.len()).all(|n| !read.requests[n] || read.forbids[n])
        && !super::idioms::tells_of_trouble(intent);
    let declined = ((asked_by_question && (read.any_declines || read.chatters(intent)))
        || forbidden)
        && !read.asks_work();
    if asked_by_question {
        read.requests = std::mem::take(&mut read.own_questions);
    }
    // "Traffic fell off a cliff since the redesign. Figure out why.": a
    // bare ask is about the scene before it, which is the work: every
    // sentence of it, back to the ask before ("Our eval scores jumped
    // overnight. That seems suspicious. Look into it."). So is the scene
    // before an ask made while the agent is at it ("The CI is red. While
    // you're at it, update the slides.").
    let mut object_of: Vec<Option<usize>> = vec![None; read.requests.len()];
    for n in 1..read.requests.len() {
        if !(read.bare[n] || read.adds[n] && read.requests[n] || read.several[n]) {
            continue;
        }
        for m in (0..n).rev() {
            if read.requests[m] || read.presents[m] {
                break;
            }
            read.requests[m] = true;
            object_of[m] = read.bare[n].then_some(n);
        }
    }
    shape::steps_go_on_from_commands(&mut read, &pieces);
    let requests = &read.requests;
    let scene_setting = requests.len() > 1 && requests.iter().any(|r| *r);
    // "what does SEO even stand for? my manager keeps saying it": beside a
    // question of knowledge, and no ask for work, the rest is its scene.
    let knowing = asked_by_question && !scene_setting && read.knows.iter().any(|k| *k);
    let mut clauses: Vec<Clause> = Vec::new();
    for p in &pieces {
        let n = p.sentence;
        // A question that asks advice on the person's own things is asked
        // as their own (see `Read::sentence`).
        let question = p.asked
            && (is_question(&p.text) || asks_a_choice(&p.text))
            && !(asked_by_question && requests[n])
            || is_knowledge_request(&p.text);
        // "here's my plan for…. rip into it.": the material handed over is
        // what the rest of the intent asks about.
        let presented = read.presents[n] && requests.len() > 1;
        clauses.push(Clause {
            text: p.text.clone(),
            rank: 0,
            question,
            context: scene_setting && !requests[n]
                || p.when
                || presented
                || knowing && !read.knows[n]
                // "my kid asked me how it works, explain like she's 10":
                // the scene of the plain telling asked beside it.
                || knowing && read.plainly[n] && !question,
            beside_question: (scene_setting && !requests[n] || presented) && asked_by_question,
            sentence: n,
            // "…. sort that out, then push and keep at the PR": a task
            // a connective of order cuts from the one before is a step.
            step: n > 0
                && (read.steps[n]
                    || matches!(
                        p.link,
                        Some(Link::Then | Link::Also | Link::Reverse | Link::Before)
                    )),
            marked: read.marks[n],
            named_apart: p.apart || p.link == Some(Link::Also),
            object_of: object_of[n],
            declined,
            waived: read.waives[n],
        });
    }
    for (rank, k) in order_of(&pieces).into_iter().enumerate() {
        clauses[k].rank = rank;
    }
    clauses
}

/// True when the item of a list names a thing without saying anything of
/// it: "2. tests for that code to 95%+" after "1. build the endpoint" is
/// the next deliverable, where "2. the login page is slow" tells a scene.
fn names_a_deliverable(item: &str) -> bool {
    !words_of(item)
        .iter()
        .any(|(w, _, _)| super::head::LINKING.contains(&w.as_str()))
}

/// A piece of a sentence as cut.
struct Piece {
    text: String,
    /// How it follows the piece before it.
    link: Option<Link>,
    /// Its sentence is asked as a question.
    asked: bool,
    /// Its sentence (0 first).
    sentence: usize,
    /// It is the person's own work said as when ("before I ship it, …").
    when: bool,
    /// It says it waits for the other tasks ("…, but not yet").
    defers: bool,
    /// It opens a sentence set apart from the tasks before it, with no word
    /// of order ("Separately, …", "Unrelated: …", "also need a deck for
    /// Friday"; not "And then …").
    apart: bool,
}

/// The pieces of `intent`'s sentences and what each sentence asks.
fn read(intent: &str) -> (Vec<Piece>, Read) {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut read = Read::default();
    let mut statements = super::stated_order::Statements::new(intent);
    // The label alone on a line above list items ("Out of scope:").
    let mut list_label: Option<Label> = None;
    // "And separately, the lease has pages sideways; could you rotate
    // those?": the sentence set apart asks in the one after it.
    let mut set_apart = false;
    // Whether the item of a list before was a step of it.
    let mut listed_before = false;
    let semicolons = sentences::Semicolons::new(intent);
    // The sentence before, as read.
    let mut last = "";
    for (sentence, marked) in sentences::sentences(intent) {
        let trimmed = sentence.trim();
        if trimmed.is_empty() {
            continue;
        }
        let asked = intent_marks_question(intent, sentence);
        let Some((label, trimmed)) = labels::labelled(trimmed, marked, &mut list_label) else {
            continue;
        };
        // "Out of scope: the Buildkite job": not asked, and its words are
        // no evidence; an intent that only excludes wants no work.
        if label == Some(Label::Exclude) {
            read.any_declines = true;
            continue;
        }
        // "Actually, before you touch the tracker, fetch…": the words of
        // speech before a connective of order say nothing of the order.
        let trimmed = past_aside(trimmed);
        let n = read.requests.len();
        // "Then write the plan.", "Once that's done, write the plan.": a
        // step of its own, asked for by the clause after the connective.
        // "…first." only reorders after a request ("Help us figure out what
        // to fix first." alone asks for one thing).
        let after_request = read.requests.iter().any(|r| *r);
        let mut cut = cut_sentence(trimmed);
        let (scene_first, ends_in_command) = scene::command_after_scene(trimmed, &mut cut);
        // "oh wait, nothing is committed yet, commit the changes first":
        // the task that says so may end the sentence after its scene.
        let last_first = cut.len() > 1 && cut.last().is_some_and(|(t, _)| ends_first_step(t));
        let first_step = !asked
            && (opens_first_step(trimmed)
                || after_request && (ends_first_step(trimmed) || last_first));
        // An item of a list that opens with a word of order is the next
        // step whatever follows ("- after that, a design doc"); so is one
        // that asks after its scene ("- separately, the deck still has Q2
        // numbers, update those") or turns one thing into another
        // ("1. `notes.md` -> a Word memo").
        let listed_step = marked
            && (opens_request(trimmed)
                || opens_with_order(trimmed)
                || cut.iter().skip(1).any(|(t, _)| opens_request(t.trim()))
                || trimmed.contains(" -> ")
                || trimmed.contains(" \u{2192} ")
                || listed_before
                    && list_label != Some(Label::Scene)
                    && names_a_deliverable(trimmed));
        listed_before = marked && listed_step;
        // Each piece that says it waits ("…, but not yet"); a sentence whose
        // first piece does is a task of its own, for later ("Review the
        // code too, but not yet.").
        let defers: Vec<bool> = cut
            .iter()
            .map(|(t, _)| order_words::defers(&plain_all(t)))
            .collect();
        let waits = defers.first().copied().unwrap_or(false);
        let apart = asks_apart(trimmed) || set_apart && is_request(trimmed);
        set_apart = opens_apart(trimmed) && !is_request(trimmed);
        // "Separately, could you…?" asks as a question does.
        // "research the options; write the plan": a command a semicolon
        // sets off after a request, or after a command by its shape ("take
        // notes; send them round"), is the next task of the list.
        let listed_on = semicolons.before(sentence)
            && opens_request(trimmed)
            && !shape::holds_to(trimmed)
            && (after_request || shape::commands_by_shape(last));
        let step = !asked
            && (opens_step(trimmed) || first_step || listed_step || waits || listed_on)
            || apart;
        read.sentence(
            trimmed,
            &cut,
            asked,
            step || ends_in_command,
            &mut statements,
        );
        // "Deploy the app. P.S. before deploying, create a branch": a
        // verb of the work asked before, said again, points back at it.
        // Only the sentence just before is read for it (not a scene that
        // tells of a deploy), and only its opening, where its command is.
        let reversed = opens_reversed(trimmed)
            || after_request && order_marks::repeats_before(trimmed, last) && is_request(last);
        last = trimmed;
        read.labelled(label, trimmed, asked);
        read.marks.push(!asked && listed_step);
        let mut first = true;
        let several = cut.len() > 1;
        for ((text, link), defers) in cut.into_iter().zip(defers) {
            let link = match first {
                // "Write the plan. Before that, brainstorm it with me."
                true if reversed => Some(Link::Reverse),
                // "Review the page, but not yet. First reshape it.": after
                // a request, a sentence that opens with "first" goes before
                // it. After a scene ("the export drops rows. first find
                // why, …") it is the first task.
                true if first_step && after_request => Some(Link::First),
                true => Some(Link::Forward),
                false => link,
            };
            // "before I ship it, research the options": the person's own
            // work, said as when, sets the scene for the main clause.
            // So does a choice the person tells before asking about it
            // ("I picked postgres over mongo, make me defend it").
            let found = words_of(&text);
            let opening = plain(&found);
            // So does a short piece that says when of the work itself
            // ("once that's merged, review it").
            // Not "after we're aligned write the spec, and …": a command
            // follows the clause of time in the same piece.
            let when = first
                && several
                && ((order_words::persons_time(&opening)
                    || order_words::works_time(&opening) && found.len() <= 4)
                    && !commands_after_time(&text, &found)
                    || scene::told_choice(&opening)
                    || scene::what_is_left(&opening, found.len())
                    || scene_first);
            pieces.push(Piece {
                text,
                link,
                asked,
                sentence: n,
                when,
                defers,
                apart: first && apart && !states_order(trimmed),
            });
            first = false;
        }
    }
    (pieces, read)
}

/// The order the pieces run in, as their indices: written order, except
/// where a link puts one first or before the piece before it.
fn order_of(pieces: &[Piece]) -> Vec<usize> {
    let mut order: Vec<usize> = Vec::new();
    // Where the next piece of a sentence that came first goes: (its
    // sentence, its place in `order`).
    let mut cursor: Option<(usize, usize)> = None;
    for (k, p) in pieces.iter().enumerate() {
        let n = p.sentence;
        match p.link {
            Some(Link::First) => {
                order.insert(0, k);
                cursor = Some((n, 1));
            }
            Some(Link::Before) => {
                let at = order
                    .iter()
                    .position(|&o| pieces[o].sentence == n)
                    .unwrap_or(order.len());
                order.insert(at, k);
                cursor = None;
            }
            Some(Link::Reverse) if k > 0 => {
                // "Tear the plan apart and find what kills it. But before
                // that, make me explain the choice.": a sentence that goes
                // before the one before it goes before all its tasks.
                let opens_sentence = pieces[k - 1].sentence != n;
                let before = pieces[k - 1].sentence;
                let at = order
                    .iter()
                    .position(|&o| o == k - 1 || opens_sentence && pieces[o].sentence == before)
                    .unwrap_or(order.len());
                order.insert(at, k);
                // "Work through the plan. But before you start, set up a
                // worktree.": the rest of a sentence that goes before the
                // one before it goes there too.
                cursor = opens_sentence.then_some((n, at + 1));
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
    // "Review the page, but not yet": after every other task.
    let (later, mut order): (Vec<usize>, Vec<usize>) =
        order.into_iter().partition(|&k| pieces[k].defers);
    order.extend(later);
    order
}

/// True when a sentence set apart still says where its task goes, after
/// its opening "and", "also" or adverb: "And then …", "Also, after that,
/// …", "Separately, once that's done, …".
fn states_order(sentence: &str) -> bool {
    let mut rest = super::asks::after_apart(sentence).unwrap_or(sentence);
    loop {
        let t = rest.trim_start_matches([',', ' ', ':', ';']);
        let word = t.split([' ', ',']).next().unwrap_or("");
        if !matches!(word.to_lowercase().as_str(), "and" | "also" | "but" | "so") {
            rest = t;
            break;
        }
        rest = &t[word.len()..];
    }
    opens_with_order(rest) || opens_step(rest) || opens_first_step(rest) || opens_reversed(rest)
}

/// True when `text` (its words `found`) opens with a clause of time that
/// a command follows within it: "after we're aligned write the spec".
fn commands_after_time(text: &str, found: &[(String, usize, usize)]) -> bool {
    let words = plain(found);
    let commas = commas_after(text, found);
    order_words::opener_end(&words, &commas, |r: &[&str]| opens_request(&r.join(" ")))
        .is_some_and(|len| len < words.len())
}

/// True when the sentence hands over material: "here's my plan for…",
/// "here is the draft", "attached is the spec".
fn presents_material(sentence: &str) -> bool {
    // Its first words say so: only they are read.
    let end = (32..=sentence.len().min(36))
        .find(|&i| sentence.is_char_boundary(i))
        .unwrap_or(sentence.len());
    let found = words_of(&sentence[..end]);
    let w = plain(&found);
    matches!(
        w.as_slice(),
        ["here's" | "heres", ..] | ["here" | "attached" | "below", "is" | "are", ..]
    )
}

/// For each of `words` (found in `s`), whether a comma follows it.
fn commas_after(s: &str, words: &[(String, usize, usize)]) -> Vec<bool> {
    words
        .iter()
        .map(|(_, _, end)| {
            // Not the comma inside a number: "$3,400".
            let at = s.len() - s[*end..].trim_start().len();
            s[at..].starts_with(',') && !crate::plan::words::between_digits(s, at)
        })
        .collect()
}

/// True when `sentence` asks for work: a request, or a command by its
/// shape (after a connective of order or a step's number, a verb on no
/// list is still the verb: "2) get the change reviewed").
pub(super) fn opens_request(sentence: &str) -> bool {
    let found = words_of(sentence);
    is_request(sentence) || opens_imperative(&plain(&found))
}

/// True when the sentence was written with a question mark after it.
fn intent_marks_question(intent: &str, sentence: &str) -> bool {
    let after = sentences::offset_in(intent, sentence)
        .map_or("", |start| &intent[start + sentence.len()..]);
    after.trim_start().starts_with('?') || is_question(sentence)
}

/// Every word of `text`.
fn plain_all(text: &str) -> Vec<String> {
    words_of(text).into_iter().map(|(w, _, _)| w).collect()
}

/// The first few words, as text.
fn plain(words: &[(String, usize, usize)]) -> Vec<&str> {
    words.iter().take(4).map(|(w, _, _)| w.as_str()).collect()
}

#[cfg(test)]
mod tests;
