//! `re0 plan` plans nothing for chatter that names a skill's work: news
//! under a heading ("status:", "hot take:", "standup update:"),
//! thanks after a report of work done ("that fixed it, …. ty"), and
//! questions about the agent itself ("do you remember what we changed
//! yesterday?", "are you able to read pdfs or do I have to paste it?").
//! A request beside any of them still asks.

mod common;

use common::plan::*;

#[test]
fn news_or_an_opinion_under_a_heading_plans_nothing() {
    for intent in [
        "status: the spreadsheet export shipped yesterday and finance signed off",
        "hot take: a slide deck with more than ten slides is a vanity metric",
        "standup update: the CI checks went green after the rerun, all merged",
    ] {
        assert_plans_nothing(intent);
    }
    assert_eq!(
        targets(&plan("status: add a totals row to the spreadsheet", &[])),
        ["sheets"]
    );
    // "take" in a heading is an opinion only as "hot take" or "my take".
    assert_eq!(
        targets(&plan(
            "take notes: the meeting with design, for the call at 3",
            &[]
        )),
        ["make-notes"]
    );
}

#[test]
fn laughter_or_thanks_anywhere_in_a_message_that_asks_nothing_plans_nothing() {
    for intent in [
        // Thanks that ends a piece, not the message's first word.
        "great standup yesterday thx, the team loved the new slides",
        // Laughter anywhere, by word or by emoji.
        "my cat's litter box has a cleaner design doc than our monolith 😂",
        "our merge conflicts have merge conflicts lol",
    ] {
        assert_plans_nothing(intent);
    }
    // A request beside it still asks.
    assert_eq!(
        targets(&plan("turn the standup notes into slides lol", &[])),
        ["slides"]
    );
}

#[test]
fn thanks_after_a_report_of_work_done_plans_nothing() {
    for intent in [
        "that fixed it, the slide deck renders now. ty",
        "ok the CI checks are finally green on main. thanks for sticking with me, calling it a night",
        // "thx" before "the …" is no verb on an object.
        "thx the slide deck was perfect, we're done for today, nothing else needed",
    ] {
        assert_plans_nothing(intent);
    }
    // Thanks, then a new ask.
    assert_eq!(
        targets(&plan(
            "the deck renders now. thanks! now add a closing slide",
            &[]
        )),
        ["slides"]
    );
}

#[test]
fn a_question_about_the_agent_itself_plans_nothing() {
    for intent in [
        "do you remember what we changed in the spreadsheet yesterday? or is that gone",
        "are you able to read word docs or do i have to paste the text in?",
        "do u keep memory between sessions or does the slide deck context reset",
    ] {
        assert_plans_nothing(intent);
    }
    // A request said with "remember to" still asks.
    assert_eq!(
        targets(&plan("do you remember to update the slide deck?", &[])),
        ["slides"]
    );
}

#[test]
fn reading_up_with_nothing_to_build_plans_nothing() {
    assert_plans_nothing(
        "curious how spreadsheet pivot tables recalculate formulas. not broken or anything, just reading about it on the train",
    );
}

#[test]
fn work_said_to_be_unneeded_plans_nothing() {
    for intent in [
        // "no need for X" with "this time" or "anymore": that work is not
        // wanted, whoever does it instead.
        "no need for meeting notes this time, priya takes them by hand every week",
        // "there's nothing to document": nothing to do, after its reason.
        "the choice got reversed in the meeting so there's nothing to document",
        // "we're covered" after "we're" was read past as a lead.
        "priya is writing the slide deck for the offsite herself next week, we're covered there",
    ] {
        assert_plans_nothing(intent);
    }
    // Less of it, or other work beside it, still asks.
    assert_eq!(
        targets(&plan(
            "no need for a long deck, just five slides about the launch",
            &[]
        )),
        ["slides"]
    );
    assert_eq!(
        targets(&plan(
            "no need for meeting notes this time, but draft the design doc",
            &[]
        )),
        ["design-doc"]
    );
}

#[test]
fn asked_to_hold_the_work_under_a_status_heading_plans_nothing() {
    // "no notes yet pls" asks that none be taken; "no notes yet" alone
    // would only tell how things stand.
    assert_plans_nothing(
        "status: the slide deck review is still running, day 2 of 3. no notes yet pls",
    );
    assert_plans_nothing(
        "don't worry about the meeting notes tomorrow, priya is taking them this time",
    );
    assert_eq!(
        targets(&plan(
            "don't worry about the meeting notes, but draft the design doc",
            &[]
        )),
        ["design-doc"]
    );
}

#[test]
fn pls_leads_a_refusal_as_please_does() {
    // "pls" had read as a request, so the slides skill was planned on
    // the words of what is not to be touched.
    assert_plans_nothing(
        "pls do NOT touch the CI workflow or the slides, im only reading the repo today",
    );
}
