//! Tests of cutting a sentence into its tasks.

use super::{cut_sentence, last_step};

fn pieces(s: &str) -> Vec<String> {
    cut_sentence(s).into_iter().map(|(t, _)| t).collect()
}

#[test]
fn also_after_a_comma_opens_a_task_of_its_own() {
    assert_eq!(
        pieces("verify the numbers, also make it sound like a human wrote it"),
        [
            "verify the numbers",
            "also make it sound like a human wrote it"
        ]
    );
    // "also" before no verb of work goes on with the same thing.
    assert_eq!(
        pieces("write the release notes, also for the beta channel"),
        ["write the release notes, also for the beta channel"]
    );
    assert_eq!(pieces("deploy it, also see the notes in notion").len(), 1);
}

#[test]
fn alternatives_offered_are_one_choice() {
    assert_eq!(
        pieces("help me decide, merge it locally, open a pull request, or park it"),
        ["help me decide, merge it locally, open a pull request, or park it"]
    );
    // Tasks in a row are cut; "or" in parentheses offers nothing.
    assert_eq!(pieces("fix the build, update the docs").len(), 2);
    assert_eq!(
        pieces("if it is missing, install it (or install.ps1 on Windows)").len(),
        2
    );
}

#[test]
fn work_asked_of_another_after_a_clause_of_time_is_a_task() {
    assert_eq!(
        pieces("before i pass this off: have someone with zero context read the spec"),
        [
            "before i pass this off",
            "have someone with zero context read the spec"
        ]
    );
    assert_eq!(
        pieces("before i send it, get a fresh reader to go through it"),
        ["before i send it", "get a fresh reader to go through it"]
    );
}

#[test]
fn a_condition_on_the_work_before_goes_forward() {
    assert_eq!(
        pieces("rerun the suite, and if it's really green commit it"),
        ["rerun the suite", "commit it"]
    );
}

#[test]
fn and_last_opens_a_step_only_before_a_command() {
    assert_eq!(
        last_step(&["and", "last", "add", "a", "hook"], false),
        Some(2)
    );
    assert_eq!(last_step(&["last", "write", "the", "doc"], true), Some(1));
    assert_eq!(last_step(&["last", "write", "the", "doc"], false), None);
    assert_eq!(last_step(&["and", "last", "week's", "sheet"], false), None);
}

#[test]
fn a_task_after_its_own_opening_words_is_cut() {
    // A verb in three parts, after "and separately".
    assert_eq!(
        pieces("rank the tech debt worth fixing, and separately come up with a test plan"),
        [
            "rank the tech debt worth fixing",
            "come up with a test plan"
        ]
    );
    // A clause of time that ends in done doing, or in "fine".
    assert_eq!(
        pieces("cut a branch off main, and once im done hacking commit it"),
        ["cut a branch off main", "commit it"]
    );
    assert_eq!(
        pieces("tell me if we can sign it, and if its fine set it up for e-signature"),
        ["tell me if we can sign it", "set it up for e-signature"]
    );
}
