//! `re0 plan` on commands that stand behind a few words of their own: a
//! lead ("ok so first check…", "for every finding create…"), a verb
//! whose particle and preposition come before the object ("look up on the
//! web whether…"), a clause of time that no comma ends ("after those pass
//! run the browser tests"), and a command spliced after a scene ("the page
//! feels sluggish, do the perf audit first"). Each had been read as a
//! scene, so its skill was dropped.

mod common;

use common::plan::*;

const LEADS: &str = "fixtures/plan/leads";

#[test]
fn a_lookup_on_the_web_is_a_step_of_its_own() {
    // "look up on the web whether…" had been no command: the sentence set
    // the scene for the next one, and the research step was dropped.
    assert_eq!(
        planned_in(
            LEADS,
            "look up on the web whether the pg driver supports LISTEN/NOTIFY and since which \
             version, with sources. then add a listener service module to the backend app \
             with its interface and wiring"
        ),
        ["web-research", "service-scaffold"]
    );
}

#[test]
fn a_command_for_every_thing_it_acts_on_is_asked() {
    // "After the review, for every … finding create a Linear issue": the
    // command behind "for every <thing>" and no comma.
    assert_eq!(
        planned_in(
            LEADS,
            "review the design of our support bot before launch. After the review, for every \
             high severity finding create a Linear issue with the fix in the description."
        ),
        ["design-review", "issue-tracker"]
    );
}

#[test]
fn a_clause_of_time_without_a_comma_ends_at_its_word_of_completion() {
    // "and after those pass run the browser tests" had stayed one task
    // with the API tests, which took it whole.
    assert_eq!(
        planned_in(
            LEADS,
            "first get the API tests green against staging, and after those pass run the \
             browser tests against the app"
        ),
        ["api-tests", "browser-tests"]
    );
}

#[test]
fn a_command_spliced_after_a_scene_is_asked() {
    // ", do the perf audit" after the scene: a verb of work on a new
    // object. With the next sentence the request, the first had been read
    // as its scene.
    assert_eq!(
        planned_in(
            LEADS,
            "the checkout page feels sluggish, do the perf audit. and make a Linear issue for \
             the slow search page"
        ),
        ["perf-pass", "issue-tracker"]
    );
    // "look at that next" after the scene of the second sentence.
    assert_eq!(
        planned_in(
            LEADS,
            "the checkout page feels sluggish, do the perf audit and fixes first. after that, \
             our pipeline is painful too, 18 min per push with constant cache misses, look at \
             that next"
        ),
        ["perf-pass", "ci-speedup"]
    );
}

#[test]
fn a_choice_asked_about_is_no_spliced_command() {
    // "should i merge…, open a Linear issue…, or what?" asks which; the
    // tracker is not taken for "open a …".
    let steps = planned_in(
        LEADS,
        "the perf fixes are in and all tests are green. should i merge locally, open a Linear \
         issue for the follow-ups, or what? help me wrap up the perf work",
    );
    assert!(!steps.contains(&"issue-tracker".to_string()), "{steps:?}");
}

#[test]
fn a_second_unrelated_ask_after_separately_is_a_step() {
    // "and separately look up …" had been read as the scene of the first
    // ask, and "get the API tests green" as no command, so one of the two
    // was dropped.
    assert_eq!(
        planned_in(
            LEADS,
            "two unrelated things: get the API tests green against staging. and separately \
             look up on the web whether the pg driver supports LISTEN/NOTIFY, with sources"
        ),
        ["api-tests", "web-research"]
    );
}

#[test]
fn getting_a_named_thing_into_a_state_is_a_command() {
    // "get the API tests green" acts on what it names; it had been read
    // like "get that done", the scene of the step after it.
    assert_eq!(
        planned_in(
            LEADS,
            "get the API tests green against staging. then run the end-to-end browser tests \
             against the frontend"
        ),
        ["api-tests", "browser-tests"]
    );
}
