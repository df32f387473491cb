//! Frontmatter a client reads beside the description to choose a skill:
//! Claude Code's `when_to_use`, which skill authors use in place of a
//! "Use when…" sentence in the description.

mod common;

use common::plan::*;

const WHEN: &str = "fixtures/plan/when-to-use";

#[test]
fn when_to_use_says_when_the_skill_serves() {
    // The description names techniques; only `when_to_use` says "going
    // around in circles". Neither skill had been chosen.
    assert_eq!(
        planned_in(
            WHEN,
            "we keep going around in circles on the sync design, help me get unstuck"
        ),
        ["thinking-tools"]
    );
    // A `when_to_use` that itself opens with "Use when" reads the same.
    assert_eq!(
        planned_in(
            WHEN,
            "the failed deploy last night needs a written account for the team"
        ),
        ["incident-notes"]
    );
}

#[test]
fn when_to_use_shows_as_use_when_in_explain() {
    let p = plan_in(
        WHEN,
        "we keep going around in circles on the sync design, help me get unstuck",
        &["--explain"],
    );
    let matched = p["explain"][0]["matched"].to_string();
    assert!(matched.contains("circles (use-when)"), "{matched}");
}
