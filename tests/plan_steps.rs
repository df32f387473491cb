//! `re0 plan` on steps said the way people type them: "…, and last add a
//! hook" opens the last step, and a clause of time with no comma ends
//! where it says the thing stands ("once that's in", "when it's
//! reviewed"), and a command after a dash or a colon is asked ("CI has
//! been red since Monday: fix it first"). Each links the later skill to
//! the one before by the intent's order; "last" before a noun ("last
//! week's…") cuts nothing, nor does a colon inside quoted code. A
//! sentence that says it goes before the one before ("But before that,
//! …") goes before all of that sentence's tasks, and a clause of time
//! right after "then" ("then once you have the shortlist write…") says
//! when the next step starts. "X is the last step" puts X last, and
//! "With that in hand, …" opens the next step. So do a clause of time
//! after "and" with no comma ("…and once we agree on them write…") and
//! one stressed by "only" ("only after that's green …").

mod common;

use common::plan::*;

/// The targets of `intent`'s plan and, for each step, the source of each
/// of its links.
fn steps_and_links(intent: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let p = plan(intent, &[]);
    let sources = p["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s["links"]
                .as_array()
                .map(|ls| {
                    ls.iter()
                        .map(|l| l["source"].as_str().unwrap().to_string())
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect();
    (targets(&p), sources)
}

#[test]
fn and_last_before_a_command_opens_the_last_step() {
    // fa5340f read "and last write…" as more of the first task: the two
    // skills came in relevance order, with no link between them.
    research_then_design_doc("research the options for the queue, and last write the design doc");
    research_then_design_doc("research the options for the queue, last, write the design doc");
}

#[test]
fn last_before_a_noun_is_no_step() {
    let (t, links) =
        steps_and_links("update the slides for the all-hands, and last week's budget sheet too");
    assert!(t.contains(&"slides".to_string()), "{t:?}");
    assert!(links.iter().all(|l| l.is_empty()), "{links:?}");
}

#[test]
fn a_clause_of_time_ends_where_it_says_the_thing_stands() {
    // "once that's in", "when it's reviewed": no comma, no word of
    // completion, yet the command after them is the next step. fa5340f
    // planned only the design doc for the second.
    research_then_design_doc(
        "research the options for the queue, and once that's in write the design doc",
    );
    let (t, links) =
        steps_and_links("draft the design doc for the queue, and when it's reviewed ship it");
    assert_eq!(t, ["design-doc", "ship-it"]);
    assert_eq!(links[1], ["intent-order"]);
}

#[test]
fn a_command_after_a_dash_or_colon_is_asked() {
    // The scene, then the command, in one sentence. fa5340f read each
    // sentence as scene alone and planned only the later step.
    let (t, links) = steps_and_links(
        "The queue design has four open questions nobody answered - research the options first. Then write the design doc.",
    );
    assert_eq!(t, ["research-options", "design-doc"]);
    assert_eq!(links[1], ["intent-order"]);
    let (t, _) = steps_and_links(
        "Our CI has been red since Monday: fix the failing CI first. Then update the slides for the all-hands.",
    );
    assert_eq!(t, ["fix-ci", "slides"]);
}

#[test]
fn a_colon_inside_quoted_code_asks_nothing() {
    // "Merge" after the colon is the error's word, not a command.
    let (t, _) = steps_and_links(
        "We hit `error: Merge conflict in main.rs` today. Then update the slides for the all-hands.",
    );
    assert_eq!(t, ["slides"]);
}

#[test]
fn a_sentence_that_goes_before_the_one_before_goes_before_all_its_tasks() {
    // "that" is the whole request before it. 05d9843 put the fix between
    // the two tasks of the sentence before.
    let (t, links) = steps_and_links(
        "Research the options for the queue and write the design doc. But before that, fix the failing CI.",
    );
    assert_eq!(t, ["fix-ci", "research-options", "design-doc"]);
    assert_eq!(links[1], ["intent-order"]);
}

#[test]
fn a_clause_of_time_right_after_then_says_when_the_next_step_starts() {
    // fb87ae7 read "once you have the shortlist" as work of the agent's
    // that comes first, and put the design doc before the research.
    research_then_design_doc(
        "research the options for the queue, then once you have the shortlist write the design doc",
    );
}

/// Asserts that `intent` plans research-options, then design-doc, linked
/// by the intent's order.
fn research_then_design_doc(intent: &str) {
    let (t, links) = steps_and_links(intent);
    assert_eq!(t, ["research-options", "design-doc"], "{intent}");
    assert_eq!(links[1], ["intent-order"], "{intent}");
}

#[test]
fn a_sentence_that_names_the_last_step_orders_it_last() {
    // fe352b3 read "is the last step" as no statement of order ("last"
    // must end one) and kept the written order.
    research_then_design_doc(
        "Write the design doc for the queue and research the options. The design doc is the last step.",
    );
}

#[test]
fn with_that_in_hand_opens_the_next_step() {
    // a255182 read "With that in hand, write…" as no ask at all and
    // planned the research alone.
    for intent in [
        "Research the options for the queue. With that in hand, write the design doc.",
        "Research the options for the queue. With that done, write the design doc.",
    ] {
        research_then_design_doc(intent);
    }
}

#[test]
fn a_command_after_the_persons_time_clause_is_a_step() {
    // "once we're aligned write the design doc, and after that…": the
    // clause of time opens the piece, but a command follows it there.
    // 5b052ae read the whole piece as the person's own work, a scene.
    let (t, links) = steps_and_links(
        "research the options for the queue. once we're aligned write the design doc, \
         and after that make the slides",
    );
    assert_eq!(t, ["research-options", "design-doc", "slides"]);
    assert_eq!(links[1], ["intent-order"]);
    // "after we agree": people settling it end the clause of time, as a
    // word of completion does; 5b052ae read one task and no order.
    research_then_design_doc(
        "research the options for the queue with me, and after we agree write the design doc",
    );
    // Without a command after it, the person's time clause sets the scene.
    let (t, _) = steps_and_links("before I ship the queue, research the options");
    assert_eq!(t, ["research-options"]);
}

#[test]
fn it_after_a_plan_named_by_a_noun_stands_for_the_plan() {
    // "…, then draft the implementation plan, then execute it": "plan"
    // ends a noun phrase there, not a verb left for "it". 847ef27 read it
    // as one and took "it" for the spreadsheet, so nothing executed it.
    let (t, links) = steps_and_links(
        "tidy the spreadsheet from finance, then draft the implementation plan, then execute it",
    );
    assert_eq!(t, ["sheets", "drafting-plans", "carrying-out-plans"]);
    assert!(links[2].contains(&"intent-order".to_string()), "{links:?}");
}

#[test]
fn a_clause_of_time_after_and_with_no_comma_opens_the_next_step() {
    // "…and once we agree on them write…": people settling what the task
    // before made, after "and" with no comma. The first session over a
    // 181-skill public catalog read it as more of the first task.
    research_then_design_doc(
        "research the options for the queue and once we agree on them write the design doc",
    );
    // "when that's running": where the thing stands once done.
    research_then_design_doc(
        "research the options for the queue, and when that's running write the design doc",
    );
}

#[test]
fn only_before_a_clause_of_time_opens_a_step() {
    // "only after that's green…" stresses the clause of time after it;
    // the sentence was read as the scene, and its skill dropped.
    research_then_design_doc(
        "research the options for the queue. only after that's green write the design doc",
    );
}
