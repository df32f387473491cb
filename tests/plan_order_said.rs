//! `re0 plan` keeps the order a person states in the ways people say it:
//! "before"/"after" between two things one clause asks for. The fixture pair, slides and sheets, has
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
    // "don't … before …" turns the order round.
    let p = plan("don't run /word-docs before /slides", &[]);
    assert_eq!(targets(&p), ["slides", "word-docs"]);
}
