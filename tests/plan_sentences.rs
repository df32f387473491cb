//! `re0 plan` on sentences as people punctuate and join them: the period
//! of "Dr. Okafor" or "e.g." ends no sentence, a task given to a named
//! agent ("have Codex refactor…", "get gemini to…") is asked, "and at the
//! same time" or "in parallel" sets a task apart from the one before, and
//! "only if that comes out clean, …" opens the next step.

mod common;

use common::plan::*;

const SENTENCES: &str = "fixtures/plan/sentences";

#[test]
fn a_title_before_a_name_ends_no_sentence() {
    // "…from Dr." and "Okafor's office … put it in my calendar" had been
    // two sentences, the second read as more about the first.
    assert_eq!(
        planned_in(
            SENTENCES,
            "find the mail from Dr. Okafor's office in my gmail about the MRI appointment \
             and put it in my calendar with loud alarms"
        ),
        ["mail-search", "calendar-entry"]
    );
}

#[test]
fn work_given_to_another_agent_at_the_same_time_is_a_task() {
    // The second sentence asked nothing: "have Codex refactor" was no
    // command, and "and at the same time" no task set apart.
    assert_eq!(
        planned_in(
            SENTENCES,
            "Kick off a Gemini pass over the whole monorepo focused on the auth module's \
             session handling; and at the same time have Codex refactor the retry module \
             to use exponential backoff"
        ),
        ["gemini-pass", "codex-delegate"]
    );
}

#[test]
fn a_step_on_a_condition_is_a_step_of_its_own() {
    // With "esp. where…" kept in the first sentence, the release sentence
    // had been read as more about the review, and dropped.
    let intent = "do the structured quality review of this branch first, esp. where the new \
                  modules wire together and config examples vs real arguments. only if that \
                  comes out clean, run the release pipeline for v2.3.0";
    assert_eq!(
        planned_in(SENTENCES, intent),
        ["branch-quality-review", "release-pipeline"]
    );
}

#[test]
fn what_the_work_must_hold_to_is_asked_beside_it() {
    // Cut off, "it should use the official colors" takes the brand skill,
    // and the poster keeps its own; before, the brand skill took the whole
    // sentence, or the requirement sentence was no ask.
    for intent in [
        "make a printable poster for our internal hackathon, and it should use the company's \
         official colors and typefaces",
        "need a poster for the internal hackathon, PNG please. It should follow the company's \
         official colors and typography.",
    ] {
        assert_eq!(
            planned_in(SENTENCES, intent),
            ["poster-design", "brand-look"],
            "{intent}"
        );
    }
    // The requirement is no second task of a list: "internal" alone does
    // not take the internal-updates skill for the poster.
    assert_eq!(
        planned_in(
            SENTENCES,
            "make a printable poster for our internal hackathon"
        ),
        ["poster-design"]
    );
}

#[test]
fn a_want_after_the_scene_names_its_thing() {
    // "poster" was one word of a clause that opened with no command or
    // want: the poster skill lost it.
    assert_eq!(
        planned_in(
            SENTENCES,
            "so the hackathon is in october and we need a poster for it um and it has to use \
             the company's official colors and fonts"
        ),
        ["poster-design", "brand-look"]
    );
    assert_eq!(
        planned_in(
            SENTENCES,
            "so the hackathon is in october and we need a poster for it"
        ),
        ["poster-design"]
    );
}

#[test]
fn the_persons_own_clause_of_time_runs_to_its_comma() {
    // "and bump its release version" is the person's own work, not a
    // task: it had taken the release skill as the first step.
    assert_eq!(
        planned_in(
            SENTENCES,
            "Before I publish the package and bump its release version, run the structured \
             quality review of this branch. If it comes out clean, go ahead and send the \
             update to the team."
        ),
        ["branch-quality-review"]
    );
}

#[test]
fn before_doing_anything_puts_the_task_after_it_first() {
    assert_eq!(
        planned_in(
            SENTENCES,
            "run the release pipeline, but the branch is brand new, so before shipping \
             anything, do a structured quality review of it"
        ),
        ["branch-quality-review", "release-pipeline"]
    );
}

#[test]
fn a_step_may_say_what_it_goes_on_before_its_command() {
    // "then, drawing on it, add …" in a question: the phrase before the
    // comma had hidden the command, and the step was read as scene.
    assert_eq!(
        planned_in(
            SENTENCES,
            "Would you find the mail from the auditors in my gmail; then, drawing on it, add \
             the review meeting to my calendar with alarms?"
        ),
        ["mail-search", "calendar-entry"]
    );
    assert_eq!(
        planned_in(
            SENTENCES,
            "Could you search my gmail for the auditors' email; then, based on what it says, \
             add the meeting to my calendar with reminder alarms?"
        ),
        ["mail-search", "calendar-entry"]
    );
}
