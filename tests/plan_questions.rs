//! `re0 plan` on messages that ask to be told, not for work: an opinion
//! ("do you actually think…?"), a question about other people ("do they
//! still get read?"), a choice between two things ("merge or rebase for
//! a long-lived branch?"), a telling made plain for a child, and the
//! asides that come with them ("just curious", "quick opinion", "not
//! asking you to…"), and "can you explain the difference between…". Each
//! plans nothing; the same words beside an ask, or after something that
//! fails, still plan its work, and so do questions that head a command
//! after a colon ("what's done, what's open: write the design doc").

mod common;

use common::plan::*;

const DESCRIBED: &str = "fixtures/plan/described-work";

#[test]
fn an_opinion_or_a_choice_with_an_aside_plans_nothing() {
    for intent in [
        "git merge or rebase for a long-lived branch? quick opinion, not switching anything rn",
        "slide decks with dark backgrounds, do they look better on a projector? just curious",
        "the slide deck for monday, is it too long? just curious, not asking you to change it",
    ] {
        assert!(targets(&plan(intent, &[])).is_empty(), "{intent}");
    }
    for intent in [
        "do you actually think SEO audits still matter for a site with no traffic? not asking \
         you to audit anything",
        "press releases, do they still get read by anyone? i'm not asking you to write one",
    ] {
        assert!(planned_in(DESCRIBED, intent).is_empty(), "{intent}");
    }
}

#[test]
fn a_telling_made_plain_for_a_child_plans_nothing() {
    let intent = "my kid asked me how slide decks get made, explain like shes 10";
    assert!(targets(&plan(intent, &[])).is_empty());
    // Made plain for the person, after work asked, it still asks.
    assert_eq!(
        targets(&plan(
            "turn these numbers into a slide deck and explain it like I'm 5",
            &[]
        )),
        ["slides"]
    );
}

#[test]
fn the_same_asides_beside_an_ask_or_a_failure_still_plan() {
    for intent in [
        "the merge conflicts in main keep failing the build, just curious",
        "do you think you could resolve the merge conflicts on main?",
    ] {
        assert_eq!(
            targets(&plan(intent, &[])),
            ["settling-merge-conflicts"],
            "{intent}"
        );
    }
    assert_eq!(
        targets(&plan(
            "not asking for anything fancy, just turn these numbers into a slide deck",
            &[]
        )),
        ["slides"]
    );
}

#[test]
fn a_telling_about_the_persons_own_work_asks_for_it() {
    const TELLING: &str = "fixtures/plan/telling";
    assert_eq!(
        planned_in(
            TELLING,
            "i've lost track, tell me what changed since friday and what the single \
             next move should be"
        ),
        ["catch-up", "next-move"]
    );
    assert_eq!(
        planned_in(
            TELLING,
            "the CI checks on my PR fail. tell me what's failing and how you'd fix it"
        ),
        ["ci-fixer"]
    );
    // About the world, it asks to know: no skill's work.
    assert!(planned_in(TELLING, "tell me what a CI check is").is_empty());
}

#[test]
fn a_clause_that_says_more_after_a_comma_leaves_the_command_asked() {
    // ", which feels injectable" says more of the queries: no question.
    assert_eq!(
        planned_in(
            DESCRIBED,
            "go over db/reports.py: half the queries are built with f-strings straight \
             from request params, which feels injectable"
        ),
        ["security-audit"]
    );
}

#[test]
fn questions_before_a_colon_that_a_command_follows_say_what_it_covers() {
    // The questions head what the command after the colon covers: it asks
    // for the work. It read as a question and planned nothing.
    assert_eq!(
        targets(&plan(
            "what's done, what's open, what's risky: write the design doc for the queue",
            &[]
        )),
        ["design-doc"]
    );
    // A telling after the colon still only asks to know.
    let intent = "what is a slide deck, really: explain the format";
    assert!(targets(&plan(intent, &[])).is_empty(), "{intent}");
}

#[test]
fn asking_the_agent_to_explain_a_difference_plans_nothing() {
    // "explain" before "the difference between" tells; it is no task's
    // verb there. It planned the skill of the things compared.
    for intent in [
        "not asking for code - can you just explain the difference between a slide deck and a spreadsheet?",
        "explain the difference between slide decks and spreadsheets",
    ] {
        assert!(targets(&plan(intent, &[])).is_empty(), "{intent}");
    }
}
