//! What each sentence of an intent asks ([`Read`]), filled in one sentence
//! at a time as [`super::split`] reads them.

use super::shape::commands_by_shape;
use super::{bare, presents_material, words_of, Link};
use crate::plan::asks::{
    asks_a_choice, asks_plain_telling, is_knowledge_request, is_question, is_request, names_own,
};
use crate::plan::declines::{
    a_piece_asks, declines_work, forbids_work, opens_with_interjection, reports_done,
    tells_the_past,
};
use crate::plan::task_words::starts_joined_task;
use bare::{adds_to_before, is_bare, names_those_problems};

/// What each sentence of an intent asks, in order.
#[derive(Default)]
pub(super) struct Read {
    pub(super) requests: Vec<bool>,
    pub(super) own_questions: Vec<bool>,
    pub(super) steps: Vec<bool>,
    pub(super) marks: Vec<bool>,
    /// It asks, or asks about, nothing but what the sentence before it
    /// says ("Figure out why.", "What's wrong with it?"; see [`is_bare`]).
    pub(super) bare: Vec<bool>,
    /// It asks about the problems told before it ([`names_those_problems`]).
    pub(super) several: Vec<bool>,

    /// It adds its ask to one before it (see [`adds_to_before`]).
    pub(super) adds: Vec<bool>,
    /// It hands material over ("here's my plan for…").
    pub(super) presents: Vec<bool>,
    /// It asks a question of knowledge ("what does SEO stand for?").
    pub(super) knows: Vec<bool>,
    /// It asks to be told plainly ("explain it like I'm 5", see
    /// [`super::asks::asks_plain_telling`]).
    pub(super) plainly: Vec<bool>,
    /// A sentence says no work is wanted (see [`declines_work`]).
    pub(super) any_declines: bool,
    /// A sentence so far named the person's own things ("our meditation
    /// app sits on page 4").
    pub(super) told_own: bool,
    /// Each sentence says no work is wanted (see [`declines_work`]).
    pub(super) waives: Vec<bool>,
    /// Each sentence forbids one piece of work and asks for none ("please
    /// don't propose new tiers"; see [`forbids_work`]).
    pub(super) forbids: Vec<bool>,
    /// Each sentence declines or reports finished work (see
    /// [`super::declines::reports_done`]); and whether one reports.
    pub(super) reports: Vec<bool>,
    pub(super) any_done: bool,
    /// Each sentence that may tell how the reported work was done: one
    /// piece that neither declines, asks nor reports ("my hookify rule
    /// stopped misfiring after i anchored the regex."). Read as a story
    /// only when a sentence reports (see [`Read::reported`]).
    stories: Vec<Option<String>>,
    /// The sentences that are titles (see [`Label::Title`]).
    pub(super) titles: Vec<usize>,

    /// The sentences that decline nothing, each with whether it is a
    /// question about the person's own work.
    pub(super) undeclined: Vec<(String, bool)>,
}

impl Read {
    /// True when a sentence reports finished work and every other one
    /// declines, reports too, or tells how it was done, in the past: "my
    /// hookify rule stopped misfiring after i anchored the regex. all good
    /// now". Each story is read only here, after a report was found.
    pub(super) fn reported(&self) -> bool {
        self.any_done
            && self.reports.iter().zip(&self.stories).all(|(r, s)| {
                // "fix merged, ci green. thx": thanks asks nothing.
                *r || s
                    .as_deref()
                    .is_some_and(|s| tells_the_past(s) || opens_with_interjection(s))
            })
    }

    /// True when a sentence that declines nothing still asks for work: a
    /// question that names work ("any way to fix that?") or the person's
    /// own things ("Curious. Why are my tests flaky?"), or a piece that asks
    /// ("Oh wait, also commit the changes.").
    pub(super) fn asks_work(&self) -> bool {
        self.undeclined.iter().any(|(s, own_question)| {
            *own_question
                && (names_own(s) || words_of(s).iter().any(|(w, _, _)| starts_joined_task(w)))
                || a_piece_asks(s)
        })
    }

    /// True when the message, asking nothing, only chats: it laughs,
    /// thanks, praises, informs, tells the past or reports work done,
    /// and nothing in it is failing. A closing "Thanks!" or "Thanks,
    /// Jorge" after a command is said of the request ("take meeting notes
    /// for the call. thanks!"), not of work done ("rebase finished,
    /// regenerated the lock. thx").
    pub(super) fn chatters(&self, intent: &str) -> bool {
        use crate::plan::declines::{
            only_praises, opens_informing, reacts_anywhere, says_aside, thanks_later,
            without_sign_off,
        };
        let thanks = |text: &str| thanks_later(text) || reacts_anywhere(text);
        // The sign-off is looked for only when there is thanks to read.
        let thanks_or_laughs = thanks(intent) && {
            let body = without_sign_off(intent);
            !commands_by_shape(body) || thanks(body)
        };
        (opens_with_interjection(intent)
            || thanks_or_laughs
            || says_aside(intent)
            || opens_informing(intent)
            || tells_the_past(intent)
            || only_praises(intent)
            || self.reported())
            && !crate::plan::idioms::tells_of_trouble(intent)
    }

    /// Reads what one sentence asks, cut into `cut`.
    pub(super) fn sentence(
        &mut self,
        trimmed: &str,
        cut: &[(String, Option<Link>)],
        asked: bool,
        step: bool,
        statements: &mut crate::plan::stated_order::Statements,
    ) {
        // "Do the tightening before the dash pass." states the order of
        // tasks asked elsewhere (see `stated_order`): it makes no other
        // sentence the scene.
        let states_order = cut.len() == 1 && statements.is_statement(trimmed);
        // "…, just venting", "that's all for today": no work asked, unless
        // a piece of the sentence asks ("just curious, …, fix them"; "…
        // is broken and fix it").
        let cut_asks = cut.iter().skip(1).any(|(t, _)| is_request(t.trim()));
        let declines = declines_work(trimmed, asked) && !cut_asks;
        self.any_declines |= declines;
        self.waives.push(declines);
        let forbids = !asked && !declines && !cut_asks && forbids_work(trimmed);
        self.forbids.push(forbids);

        // "Here's my plan for…", but not "here's what I need: a deck",
        // "Attached is the deck, please review it".
        let hands_over = presents_material(trimmed)
            && !is_request(trimmed)
            && !a_piece_asks(trimmed)
            && !cut_asks;
        self.presents.push(hands_over);
        // A question about the person's own work, not one that asks to
        // know ("what's the difference between merge and rebase?").
        let knowledge = is_knowledge_request(trimmed);
        // "our app sits on page 4 for 'sleep sounds'. what should go in the
        // title?": advice asked on what the person told of theirs.
        let advice = asked
            && self.told_own
            && !knowledge
            && words_of(trimmed).iter().any(|(w, _, _)| w == "should");
        let own_question =
            asked && !is_question(trimmed) && !asks_a_choice(trimmed) && !knowledge || advice;
        self.told_own |= names_own(trimmed);
        // Read only when some sentence declines (see `Read::asks_work`).
        if !declines && !forbids {
            self.undeclined.push((trimmed.to_string(), own_question));
        }
        // "my kid asked how it works, explain like she's 10": the only
        // piece that asks, asks to know.
        let asks_to_know = knowledge
            && !cut
                .iter()
                .any(|(t, _)| is_request(t.trim()) && !is_knowledge_request(t.trim()));
        self.requests
            .push(!declines && (is_request(trimmed) && !states_order && !asks_to_know || step));
        let asks = self.requests.last().is_some_and(|r| *r);
        let done = !declines && !asks && reports_done(trimmed);
        self.reports.push(declines || done);
        self.any_done |= done;
        // One piece only: "i changed 3 lines, just sync that file" tells,
        // then asks.
        let story = !declines && !asks && !done && !trimmed.contains(',');
        self.stories.push(story.then(|| trimmed.to_string()));
        self.steps.push(step);
        self.bare.push(!declines && is_bare(trimmed));
        self.several
            .push(!declines && names_those_problems(trimmed));
        self.adds.push(adds_to_before(trimmed));
        self.own_questions.push(!declines && own_question);
        // Not "what do you think of our pricing page?": about our things.
        self.knows
            .push(!declines && knowledge && !names_own(trimmed));
        self.plainly.push(asks_plain_telling(trimmed));
    }
}
