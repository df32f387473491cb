//! `re0 plan` keeps the order a person states in the ways people say it:
//! "before"/"after" between two things one clause asks for, a word of
//! speech or a filler before the connective ("Actually, before that, …",
//! "but uh before you do that …"), a postscript that names the earlier
//! work again ("P.S. before deploying, …"), and a colon after the
//! connective ("Before that: …"). The fixture pair, slides and sheets, has
//! no link in its skills' text, so the order can only come from the
//! intent.

mod common;

use common::plan::*;

/// Asserts that `intent` plans sheets, then slides, linked by the intent.
fn sheets_then_slides(intent: &str) {
    let p = plan(intent, &[]);
    let t = targets(&p);
    let (sheets, slides) = (
        t.iter().position(|x| x == "sheets"),
        t.iter().position(|x| x == "slides"),
    );
    assert!(
        matches!((sheets, slides), (Some(a), Some(b)) if a < b),
        "{intent}: {t:?}"
    );
    assert!(
        links(&p, "slides")
            .iter()
            .any(|(_, source)| source == "intent-order"),
        "{intent}: {p}"
    );
}

#[test]
fn before_or_after_between_two_things_one_clause_asks_for_orders_them() {
    // Each was planned slides first: one clause with no second command is
    // one task, and its two skills were ordered by score alone.
    for intent in [
        "build the spreadsheet before the slides",
        "make the slides after the spreadsheet",
        "run /slides after /sheets",
        "run /sheets before /slides",
    ] {
        sheets_then_slides(intent);
    }
    // Ordered by score, these came out word-docs first.
    for intent in [
        "make the word doc after the slides",
        "run /word-docs after /slides",
        "run /slides before /word-docs",
    ] {
        assert_eq!(
            targets(&plan(intent, &[])),
            ["slides", "word-docs"],
            "{intent}"
        );
    }
    // A negation or a hedge states no order ("don't forget to run …
    // before …"), nor does a time the clause tells of.
    for intent in [
        "don't forget to run /slides before /word-docs",
        "write the word doc about what happened after the launch, with slides",
    ] {
        let p = plan(intent, &[]);
        for t in targets(&p) {
            assert!(
                !links(&p, &t).iter().any(|(_, s)| s == "intent-order"),
                "{intent}: {p}"
            );
        }
    }
}

#[test]
fn words_of_speech_before_the_connective_keep_its_order() {
    for intent in [
        "Make the slides. Actually, before that, build the spreadsheet.",
        "Make the slides. Oh wait, before any of that, build the spreadsheet.",
        "Make the slides. Um, before you touch the deck, build the spreadsheet.",
        "Make the slides. Ok so first, build the spreadsheet.",
        "Make the slides. Before that: build the spreadsheet.",
    ] {
        sheets_then_slides(intent);
    }
}

#[test]
fn a_filler_does_not_hide_the_connective_and_it_scopes_over_the_list() {
    // "but uh before you do that": the work it asks goes before both
    // tasks listed before it, not only the last.
    let p = plan(
        "make the slides and write the word doc, but uh before you do that build the spreadsheet",
        &[],
    );
    assert_eq!(targets(&p), ["sheets", "slides", "word-docs"]);
}

#[test]
fn a_postscript_that_names_the_work_again_goes_before_it() {
    sheets_then_slides(
        "Make the slides from the spreadsheet. P.S. before making them, clean up the spreadsheet.",
    );
    sheets_then_slides("Make the slides. Before making, build the spreadsheet.");
    // With an object of its own, the verb may name new work: the written
    // order stands.
    let p = plan(
        "Make the slides. Before making a budget, build the spreadsheet.",
        &[],
    );
    assert_eq!(targets(&p), ["slides", "sheets"]);
}

#[test]
fn an_arrow_step_may_hold_a_count_or_a_parenthesis() {
    // "-> sheets (one row per item) -> 5 slides": the parenthesis and the
    // count hid both arrows' steps, and the slides were never planned.
    let p = plan(
        "write the memo as a word doc -> sheets (one row per item) -> 5 slides",
        &[],
    );
    assert_eq!(targets(&p), ["word-docs", "sheets", "slides"]);
}

#[test]
fn u_for_you_asks_the_agent_as_you_does() {
    // "after u build…" read as the person's own work, said as when.
    sheets_then_slides("make the slides after u build the spreadsheet");
}

#[test]
fn a_verb_said_again_points_back_only_at_the_request_just_before() {
    // The scene before tells of a making; the request just before asks
    // for none: the written order stands.
    let p = plan(
        "Making slides took all week. Build the word doc. Before making, build the spreadsheet.",
        &[],
    );
    let t = targets(&p);
    let (doc, sheets) = (
        t.iter().position(|x| x == "word-docs"),
        t.iter().position(|x| x == "sheets"),
    );
    assert!(
        matches!((doc, sheets), (Some(a), Some(b)) if a < b),
        "{t:?}"
    );
}
