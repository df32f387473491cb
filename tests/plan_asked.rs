//! `re0 plan` on commands said inside a sentence that opens as a scene:
//! after a comma that follows the scene ("…has piled up filler, cut it
//! back", "…is long-winded, so cut it back"), after a colon that opens
//! with a clause of time ("Slides go last: once the research is in, build
//! a deck"), after "For whatever…," and after "might you". A thing that
//! "needs a cost column added", "needs two things" or "has to cover…"
//! asks for that work. Each is a step of its own, linked by the intent's
//! order. So is "and while you're in there …" with no comma after it, and
//! a thing named with "pls" after it asks for that thing.

mod common;

use common::plan::*;

/// The targets of `intent`'s plan, and whether the second step is linked
/// to the first by the intent's order.
fn ordered(intent: &str) -> (Vec<String>, bool) {
    let p = plan(intent, &[]);
    let t = targets(&p);
    let linked = t.len() == 2
        && links(&p, &t[1])
            .iter()
            .any(|(from, source)| from == "s1" && source == "intent-order");
    (t, linked)
}

fn assert_ordered(intent: &str, first: &str, second: &str) {
    let (t, linked) = ordered(intent);
    assert_eq!(t, [first, second], "{intent}");
    assert!(
        linked,
        "{intent}: the second step is not linked to the first"
    );
}

#[test]
fn a_command_after_a_comma_that_follows_the_scene_is_asked() {
    // 017ddcd read the first sentence as scene alone: both skills came,
    // in relevance order, with no link between them.
    for intent in [
        "the launch writeup has piled up filler and hedges, cut it back to what carries weight. Then make a slide deck from it.",
        "the launch writeup is long-winded, so cut it back to what carries weight. Then make a slide deck from it.",
    ] {
        assert_ordered(intent, "trim-prose", "slides");
    }
}

#[test]
fn a_clause_of_time_after_a_colon_leaves_the_command_after_it() {
    // 017ddcd planned the research alone.
    let intent = "Slides go last: once the research is in, build a deck from it. First research the options for the queue.";
    assert_ordered(intent, "research-options", "slides");
}

#[test]
fn for_whatever_sets_what_the_command_after_it_acts_on() {
    let intent =
        "Research the options for the queue first. For whatever option wins, then write the design doc.";
    assert_ordered(intent, "research-options", "design-doc");
}

#[test]
fn might_you_asks() {
    let intent = "Would you be so kind as to research the options for the queue? And might you also, while you are about it, write the design doc?";
    assert_ordered(intent, "research-options", "design-doc");
}

#[test]
fn a_thing_that_needs_work_done_to_it_asks_for_that_work() {
    for intent in [
        "Research the options for the queue. After that the comparison spreadsheet needs a cost column added.",
        "Research the options for the queue. Then the comparison .xlsx needs two things, a cost column and a chart.",
    ] {
        assert_ordered(intent, "research-options", "sheets");
    }
    assert_ordered(
        "Research the options for the queue. Then the design doc has to cover the one we pick.",
        "research-options",
        "design-doc",
    );
}

#[test]
fn a_thing_asked_with_pls_and_work_added_while_there_are_both_asked() {
    // "pls" asks as "please" does. The sentence after it, opening with
    // "and while you're in there" and no comma, was read as the scene: the
    // first blind set over a 181-skill catalog lost the second skill so.
    let (t, linked) = ordered(
        "slides for the all-hands pls, the numbers are final. and while you're in there \
         get rid of the filler and hedges in the readme",
    );
    assert_eq!(t, ["slides", "trim-prose"]);
    assert!(linked);
    // The thing asked for with "pls" is the request; the spreadsheet the
    // scene names is not asked for.
    let t = targets(&plan(
        "writeup of the queue design pls. the retries are the open question, \
         the costs are in the sheet from finance.",
        &[],
    ));
    assert!(!t.contains(&"sheets".to_string()), "{t:?}");
}

#[test]
fn first_and_a_verb_with_its_particle_opens_a_step() {
    // "first dig into…" read as the scene of the ask after it: only the
    // second skill came.
    for intent in [
        "first dig into the failing test and find the root cause. then write up the design doc for the fix",
        "first dig in with the debugger on the failing test. when we know the cause, write the design doc",
    ] {
        assert_ordered(intent, "methodical-debugging", "design-doc");
    }
}

#[test]
fn only_before_a_condition_leaves_the_command_after_it() {
    // "only if …, run …" read as a scene: the second skill was dropped.
    assert_ordered(
        "research the options for the cache. only if that comes out clean, write the design doc",
        "research-options",
        "design-doc",
    );
}
