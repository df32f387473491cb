//! `re0 plan` reads a skill's name the ways command families are written:
//! with a dot for a hyphen ("/ship-kit.tasks", spec-kit's style) or a
//! space ("run ship-kit review"). The fixture catalog is a family of
//! skills that share a prefix, as spec-kitty's do, beside one skill whose
//! name is an English compound.

mod common;

use common::plan::*;

const FAMILY: &str = "fixtures/plan/command-family";

fn because(p: &serde_json::Value, target: &str) -> String {
    p["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["target"] == target)
        .unwrap_or_else(|| panic!("no step {target}: {p}"))["selected_because"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn a_dot_for_a_hyphen_names_the_skill() {
    for (intent, target) in [
        ("/ship-kit.tasks for WP03", "ship-kit-tasks"),
        ("then /ship-kit.merge it", "ship-kit-merge"),
    ] {
        let p = plan_in(FAMILY, intent, &[]);
        assert_eq!(targets(&p), [target], "{intent}");
        assert!(
            because(&p, target).starts_with("named in the intent"),
            "{p}"
        );
    }
}

#[test]
fn a_space_for_a_hyphen_names_a_skill_of_a_family() {
    // "review … before merging" chose the merge skill on its words.
    let p = plan_in(
        FAMILY,
        "Run ship-kit review on the feature before merging",
        &[],
    );
    assert_eq!(targets(&p), ["ship-kit-review"]);
    assert!(because(&p, "ship-kit-review").contains("'ship-kit review'"));
    // In a thing worked from, it names the thing, not the command.
    let intent = "Implement the tasks from the ship-kit plan by writing the actual code";
    assert_eq!(planned_in(FAMILY, intent), ["ship-kit-implement"]);
    // A compound of English names no skill: no other name opens with
    // "test-driven-", and the question asks for no work.
    let p = plan_in(
        FAMILY,
        "is test-driven development actually worth it on a two person team?",
        &[],
    );
    assert_eq!(p["result"], "zero-steps", "{p}");
}

#[test]
fn a_family_name_told_of_is_no_command() {
    // "The ship-kit plan looks good": the plan the sentence tells of.
    let p = plan_in(
        FAMILY,
        "The ship-kit plan looks good. Now implement it.",
        &[],
    );
    for s in p["steps"].as_array().unwrap() {
        let why = s["selected_because"].as_str().unwrap();
        assert!(!why.starts_with("named in the intent"), "{p}");
    }
}

#[test]
fn a_doubled_letter_of_several_bytes_is_no_panic() {
    // "x₂₂ing": U+2082 is E2 82 82, and undoubling it by bytes cut a
    // character in two (8635686 panicked on this plan).
    let p = plan_in(FAMILY, "not x\u{2082}\u{2082}ing anything", &[]);
    assert_eq!(p["schema"], "re0/plan@1");
}
