//! Which skill a clause goes to when more than its own words weigh in:
//! the other clauses' words, which only break ties, and the words its
//! "them" stands for. And a thing asked for with "can we get…", which
//! had been read as news of the past.

mod common;

use common::plan::*;

const GIT: &str = "fixtures/plan/git-work";

#[test]
fn a_pronoun_standing_for_a_scene_that_fits_a_skill_far_better_goes_to_it() {
    // "help me sort them out": "them" is the conflicted files. A skill
    // that writes "some sort of update" and "helps me write" had been taken
    // on the clause's own two words beside the conflict skill.
    assert_eq!(
        planned_in(
            GIT,
            "pulled upstream and now git is stuck halfway with <<<<<<< markers in 3 files. \
             help me sort them out"
        ),
        ["merge-conflict-fixer"]
    );
    // The clause's own words still choose where nothing stands behind
    // "them" that fits twice as well.
    assert_eq!(
        planned_in(GIT, "help me sort the changelog entries"),
        ["release-notes"]
    );
}

#[test]
fn can_we_get_it_done_asks_for_the_work() {
    // "can we get it generated…": the past participle after "it" had made
    // the sentence read as telling what was done, and nothing was planned.
    assert_eq!(
        planned_in(
            GIT,
            "the CHANGELOG is kept by hand and always a couple of releases behind, can we get \
             it generated from conventional commits whenever we tag"
        ),
        ["changelog-automation"]
    );
    // A date asked about names no work.
    let p = plan_in(GIT, "can we get it done by friday", &[]);
    assert_eq!(p["result"], "zero-steps");
}

#[test]
fn another_clauses_words_do_not_outweigh_much_more_evidence_from_a_clauses_own() {
    // The gate skill fits "gate PR #88…" and, on those words, had also
    // won the first clause, where the layout skill has far more evidence
    // from the clause's own words. The layout step was dropped.
    assert_eq!(
        planned_in(
            "fixtures/plan/families",
            "draft the target feature-based structure for src/, then gate PR #88 against its \
             import rules"
        ),
        ["feature-layout", "feature-layout-gate"]
    );
}
