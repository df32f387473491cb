//! `re0 plan` plans nothing for a message that only gives an opinion:
//! praise alone ("the arch wiki is the best documentation ever written",
//! "pivot tables are underrated tbh"), news under an "update:" heading,
//! and "which would you pick?" asked out of curiosity; nor for work
//! called off by what it is ("scratch the uv migration") or only dreamt
//! of ("someday i want to…"), left to someone else ("priya is already
//! fixing it, leave it with her") or reported as handled ("…, no
//! blockers", "all good now"). A request beside any of them still asks,
//! and so does a complaint.

mod common;

use common::plan::*;

#[test]
fn praise_alone_plans_nothing() {
    for intent in [
        "honestly the new slide decks look amazing",
        "spreadsheet pivot tables are seriously underrated tbh",
        "the word docs from legal are the best templates ever written",
        "i love how fast the spreadsheet export is",
    ] {
        assert_plans_nothing(intent);
    }
}

#[test]
fn praise_beside_a_request_or_a_complaint_still_asks() {
    for intent in [
        "the slide deck looks great, now add a closing slide",
        "the slide deck looks great but the charts are too small",
        "make the slide deck look amazing",
    ] {
        assert_eq!(targets(&plan(intent, &[])), ["slides"], "{intent}");
    }
}

#[test]
fn news_under_an_update_heading_plans_nothing() {
    for intent in [
        "standup update: the spreadsheet for finance is clean now, moving on to the slides",
        "update: the slide deck went out to marketing",
    ] {
        assert_plans_nothing(intent);
    }
    // A command under the heading asks.
    assert_eq!(
        targets(&plan("update: add a totals column to the spreadsheet", &[])),
        ["sheets"]
    );
}

#[test]
fn which_would_you_pick_out_of_curiosity_plans_nothing() {
    assert_plans_nothing(
        "google sheets or excel spreadsheets, which would you pick for a freelancer? just curious",
    );
    // Asked to pick for the person's own work, it asks.
    assert_eq!(
        targets(&plan(
            "would you pick a spreadsheet layout for our budget and build it?",
            &[]
        )),
        ["sheets"]
    );
}

#[test]
fn work_called_off_or_dreamt_of_plans_nothing() {
    for intent in [
        "scratch the spreadsheet migration, finance is staying on the old workbook",
        "let's park the slide deck redesign. product wants the launch out first, maybe Q2",
        "cancel the word docs thing from earlier, legal sent one combined memo after all",
        "hold off on the design doc plan until legal signs off on the new contract",
        "someday i want to build a slide deck generator with my nephew, seems like a fun summer project",
        "imagine if we rewrote every report as a spreadsheet. never happening but fun to think about",
        "if we ever get audited i bet they'd make us redo every word doc lol",
    ] {
        assert_plans_nothing(intent);
    }
}

#[test]
fn a_running_thing_stopped_or_work_beside_a_musing_still_asks() {
    for (intent, want) in [
        (
            "cancel the spreadsheet import and add a totals row to the spreadsheet",
            "sheets",
        ),
        (
            "someday i want a proper design system. for now, add a closing slide to the deck",
            "slides",
        ),
        // "for now" with no comma opens the request too.
        (
            "someday i want a proper design system. for now add a closing slide to the deck",
            "slides",
        ),
    ] {
        assert_eq!(targets(&plan(intent, &[])), [want], "{intent}");
    }
}

#[test]
fn work_left_to_someone_else_or_reported_handled_plans_nothing() {
    for intent in [
        "priya is already fixing the failing CI checks, leave it with her",
        "the design team owns the slide deck and they're already redoing it. not ours to touch",
        "our contractor will write the design doc next week, so nothing for you there.",
        "standup: yesterday merged the spreadsheet export, today in contract reviews all day, no blockers",
        "the spreadsheet export broke after the upgrade but i rolled back, all good now",
        "Hi, just wanted to say thank you for the help with the design doc yesterday. Best regards, Marta",
    ] {
        assert_plans_nothing(intent);
    }
    // Work asked beside it still asks.
    assert_eq!(
        targets(&plan(
            "priya is on the CI checks, leave it with her. meanwhile add a closing slide to the deck",
            &[]
        )),
        ["slides"]
    );
}
