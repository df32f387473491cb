//! `re0 plan` on a request said after its scene in one sentence ("the
//! hero headline is weak, punch it up"; "don't touch the deck, just fill
//! in the numbers"), on a task set apart ("Separately, …") and on a
//! count that asks for what came before ("both please"), each on a
//! small fixture catalog shaped like the real ones; on a scene that
//! names the work an ask only points at, or a file by its format ("the
//! excel file finance sent"); and what `--explain` says of a
//! skill that fits only the scene, or fits a clause another skill took.

mod common;

use common::plan::*;

const DESCRIBED: &str = "fixtures/plan/described-work";
const SCENE_NAMED: &str = "fixtures/plan/scene-named";

#[test]
fn a_command_after_its_scene_asks_for_its_work() {
    // The headline sentence is a request of its own beside the press
    // release, not the scene of it.
    assert_eq!(
        planned_in(
            DESCRIBED,
            "launching next week. the hero headline on our homepage is weak, punch it up. \
             and i need a press release about the launch"
        ),
        ["copywriting", "press-release"]
    );
    // What the person forbids before the comma is the scene of the ask.
    assert_eq!(
        targets(&plan(
            "Don't touch the slide deck, just fill in the Q3 numbers in the budget spreadsheet",
            &[]
        )),
        ["sheets"]
    );
}

#[test]
fn a_task_set_apart_is_no_elaboration_of_the_one_before() {
    assert_eq!(
        planned_in(
            DESCRIBED,
            "A reviewer says my filename sanitization is wrong and I'm not convinced they're \
             right, so weigh that feedback properly before changing anything. Separately, find \
             vulnerabilities in upload/handler.go."
        ),
        ["receiving-review", "security-audit"]
    );
}

#[test]
fn a_count_alone_asks_for_the_things_before_it() {
    // "both please" asks for the spreadsheet and the Word summary the
    // sentence before wants; "a Word summary" is a document in Word.
    assert_eq!(
        targets(&plan(
            "out/bench.csv has the raw perf runs. finance wants a spreadsheet with a pivot and \
             a chart, and the VP wants a 2-page Word summary of the regressions. both please",
            &[]
        )),
        ["sheets", "word-docs"]
    );
}

#[test]
fn getting_rid_of_a_thing_and_cutting_a_branch_name_their_work() {
    // "get rid of" is removing, as the dash skill says; "cut a branch" is
    // creating one. Neither skill's name holds the word asked about.
    assert_eq!(
        planned_in(
            DESCRIBED,
            "the README intro is so wordy. tighten the prose without losing a point, and get \
             rid of the dashes too"
        ),
        ["debloat", "dedasher"]
    );
    assert_eq!(
        planned_in(
            DESCRIBED,
            "I'm on main with uncommitted work for PAY-1187. cut a branch for it first"
        ),
        ["git-start"]
    );
}

#[test]
fn a_condition_on_the_work_before_opens_the_next_step() {
    // "if it holds up, write me a short plan" is the next step, not more
    // about the brainstorm; "if you have time" says only when.
    let p = plan(
        "brainstorm the caching idea with me, I want to pressure the design hard. if it holds \
         up, write me a short plan",
        &[],
    );
    assert_eq!(targets(&p), ["brainstorm-ideas", "drafting-plans"]);
}

#[test]
fn being_shown_it_passes_asks_for_verification() {
    // "show me it's passing" asks for the evidence before the claim.
    assert_eq!(
        targets(&plan(
            "think it's ready to ship. first run everything and show me it's passing, then ship it",
            &[]
        )),
        ["evidence-first", "ship-it"]
    );
}

#[test]
fn a_link_handed_over_before_read_that_is_a_page_to_read() {
    assert_eq!(
        targets(&plan(
            "https://www.example.com/blog/2024/off-cpu-analysis.html -- read that and tell me \
             whether the approach would work on our Go services",
            &[]
        )),
        ["page-to-markdown"]
    );
}

#[test]
fn a_pasted_ticket_is_read_by_its_field_labels() {
    // "Task:" asks whatever the shape after it, "Context:" and
    // "Definition of done:" set the scene, "Out of scope:" is not wanted,
    // and the ticket's key is no word of the work.
    for intent in [
        "CI-9: Checks red on the pull request\nContext: the context of the all-hands slides is that they are due Friday.\nTask: fix the failing CI checks on my pull request.\nOut of scope: the slides for the all-hands.",
        "CI-10: Checks red on the pull request\nTask: a fix for the failing CI checks\nDefinition of done: the slides for the all-hands show a green build",
        "CI-11: Checks red on the pull request\nTask: fix the failing CI checks.\nOut of scope:\n- the slides for the all-hands\n- the spreadsheet from finance",
    ] {
        assert_eq!(targets(&plan(intent, &[])), ["fix-ci"], "{intent}");
    }
    // A ticket that only records what is out of scope asks for nothing.
    let p = plan(
        "DOCS-3: Slides for the all-hands\nResolution: done last week.\nOut of scope: everything.",
        &[],
    );
    assert_eq!(p["result"], "zero-steps", "{}", targets(&p).join(","));
    // A note that asks still asks, and a task under it is one of its own.
    assert_eq!(
        targets(&plan(
            "SLIDES-9: all-hands deck\nNote: also fix the failing CI checks on my pull request.\nTask: make the slides for the all-hands.",
            &[]
        )),
        ["fix-ci", "slides"]
    );
    // A command listed under a label of the scene is still asked.
    assert_eq!(
        targets(&plan(
            "CI-12: Wrap up the branch\nDefinition of done:\n1. fix the failing CI checks on my pull request",
            &[]
        )),
        ["fix-ci"]
    );
    // The title asks when nothing under it does.
    assert_eq!(
        targets(&plan(
            "SLIDES-4: Make slides for the all-hands\nContext: due Friday.",
            &[]
        )),
        ["slides"]
    );
}

#[test]
fn an_ask_about_both_problems_told_takes_each_as_work() {
    // The ask names its own work (checking the repo) and points back at
    // the problems before it: each is a task.
    assert_eq!(
        targets(&plan(
            "The CI checks on my pull request fail, and on top of that the slides for the all-hands look dated. Can you check the repo for both problems?",
            &[]
        )),
        ["fix-ci", "slides"]
    );
    // Without the pointing back, the ask is the request and the rest its
    // scene.
    assert_eq!(
        targets(&plan(
            "The slides for the all-hands look dated. Can you fix the failing CI checks on my pull request?",
            &[]
        )),
        ["fix-ci"]
    );
}

#[test]
fn material_handed_over_chooses_the_skill_of_a_request_that_names_none() {
    const CAT: &str = "fixtures/plan/handed-material";
    // The request names no skill's work; the scene hands over what it is
    // about, and the skill that material is for serves it.
    assert_eq!(
        planned_in(
            CAT,
            "Our Postgres schema is attached. Can you get me weekly revenue for the board?"
        ),
        ["query-writer"]
    );
    // Not when the material is only where something lives, nor when
    // nothing is asked.
    for intent in [
        "Our Postgres schema is in the repo. Can you get me weekly revenue for the board?",
        "Our Postgres schema is attached. Thanks, that's all for today.",
    ] {
        assert!(planned_in(CAT, intent).is_empty(), "{intent}");
    }
}

#[test]
fn each_item_of_a_checklist_is_a_task_of_its_own() {
    const CAT: &str = "fixtures/plan/handed-material";
    // An item that turns one thing into another ("X -> Y"), and one that
    // asks after its scene, are tasks of their own, not details of the
    // item before them.
    assert_eq!(
        planned_in(
            CAT,
            "For Thursday:\n1. `q3-numbers.csv` -> a slide deck for the board\n2. take the meeting notes for the call"
        ),
        ["slides", "make-notes"]
    );
    assert_eq!(
        planned_in(
            CAT,
            "Board sync Thursday:\n- take the meeting notes for the call with the two new board members\n- separately, `board-q3.pptx` still has Q2 numbers on slides 4-7, update those\n\nIndependent tasks."
        ),
        ["make-notes", "slides"]
    );
}

#[test]
fn a_sentence_set_apart_by_also_or_separately_keeps_its_skill() {
    // "also need…" adds a task; it does not elaborate the one before.
    assert_eq!(
        targets(&plan(
            "Settle the merge conflicts on the release branch. also need slides for friday's review",
            &[]
        )),
        ["settling-merge-conflicts", "slides"]
    );
    // "And separately," sets apart the sentence that asks after it.
    assert_eq!(
        targets(&plan(
            "Could you settle the merge conflicts on the release branch? And separately, the budget \
             sheet has broken formulas; could you fix those in the spreadsheet?",
            &[]
        )),
        ["settling-merge-conflicts", "sheets"]
    );
}

#[test]
fn what_a_program_complains_about_is_the_trouble_it_refers_to() {
    // "about conflicting edits" is no topic: "it" stands for the conflict.
    assert_eq!(
        targets(&plan(
            "git stopped my rebase halfway, complaining about conflicting edits in two files. \
             Could you help me get through it?",
            &[]
        )),
        ["settling-merge-conflicts"]
    );
}

#[test]
fn a_scene_that_names_the_work_outweighs_a_thin_pick_of_the_ask() {
    // The ask's own words ("host", "port") pick the database skill on
    // thin evidence; read whole, the request is the hanging wizard's.
    let intent = "The setup wizard for this project (./configure-env) asks questions one at \
                  a time and waits for keyboard input, and every time you run it your command \
                  just hangs. Find a way to answer the prompts: host localhost, port 5433.";
    assert_eq!(planned_in(SCENE_NAMED, intent), ["driving-prompts"]);
    let why = why_of(SCENE_NAMED, intent, "postgres-tuning");
    assert!(
        why.contains("read whole fits another skill better"),
        "{why}"
    );
    // An ask whose own words pick its skill clearly keeps it.
    assert_eq!(
        planned_in(
            SCENE_NAMED,
            "The setup wizard waits for keyboard input. Tune the Postgres pool size and the port."
        ),
        ["postgres-tuning"]
    );
}

#[test]
fn explain_says_when_a_skill_fits_only_the_scene() {
    // The lead-list skill fits what the person sells, but that sentence
    // only sets the scene for the question: --explain says so, not that
    // another skill fits its clause better.
    let (catalog, intent) = (
        "fixtures/plan/own-question",
        "We sell accounting software to small businesses. Should we advertise on TikTok?",
    );
    assert_eq!(planned_in(catalog, intent), ["paid-ads"]);
    let why = why_of(catalog, intent, "lead-lists");
    let said = "for 'We sell accounting software to small businesses', which only sets the scene";
    assert!(why.contains(said), "{why}");
}

#[test]
fn explain_names_the_skill_that_fits_a_clause_better() {
    // make-notes has enough evidence for the clause, but the clause went
    // to send-notes: --explain names the clause and the skill it went to.
    let (catalog, intent) = (REAL, "write up the meeting notes and email them");
    assert_eq!(planned_in(catalog, intent), ["send-notes"]);
    let why = why_of(catalog, intent, "make-notes");
    let said = "for 'write up the meeting notes and email them', but send-notes fits it better";
    assert!(why.contains(said), "{why}");
}

#[test]
fn a_verb_of_work_that_opens_a_subject_sets_the_scene() {
    // "Plan is at…" tells where the plan is; it asks for no plan. 5a9a414
    // read "plan" as a command and added the design-doc skill.
    assert_eq!(
        targets(&plan(
            "Plan is at docs/plans/export.md. Set up a branch, then carry it out.",
            &[]
        )),
        ["carrying-out-plans"]
    );
}

#[test]
fn a_format_before_the_word_file_names_a_file_of_the_work() {
    // "the excel file finance sent": the work reads that spreadsheet, as
    // it reads q3.xlsx. A blind set wrote "the acrobat file in
    // ~/Downloads", and the PDF skill was dropped.
    assert_eq!(
        planned_in(
            "fixtures/plan/real-shaped",
            "The quarterly numbers came in the excel file finance sent. Build me a slide deck \
             from them."
        ),
        ["sheets", "slides"]
    );
}

#[test]
fn a_clause_of_time_about_the_work_alone_is_scene() {
    // "once that's merged" took the merge-conflict skill as a task of its
    // own: it says when the review comes, not what to do.
    let p = plan(
        "write the design doc with me. once that's merged, review the doc cold for gaps",
        &["--explain"],
    );
    assert_eq!(targets(&p), ["design-doc", "doc-review"]);
    let row = p["explain"]
        .as_array()
        .and_then(|rows| {
            rows.iter()
                .find(|r| r["skill"] == "settling-merge-conflicts")
        })
        .expect("settling-merge-conflicts is explained");
    assert!(
        row["why"].as_str().unwrap().contains("only sets the scene"),
        "{row}"
    );
}

#[test]
fn a_command_after_its_scene_or_another_matter_told_is_a_task_of_its_own() {
    // Each first task had been read as the scene of the request after it,
    // and dropped.
    for (intent, want) in [
        (
            "the revenue sheet double counts refunds every time a row is edited, fix that. \
             also make slides from the Q3 summary",
            &["sheets", "slides"][..],
        ),
        (
            "the CI pipeline takes 40 minutes a run, sort out the workflow. and separately \
             make slides from the Q3 summary",
            &["fix-ci", "slides"],
        ),
        (
            "the CI pipeline takes 40 minutes a run, find where the time goes. and \
             separately make slides from the Q3 summary",
            &["fix-ci", "slides"],
        ),
        // Another matter, told of the person's own things: its own task.
        (
            "make slides from the Q3 summary. unrelated: our CI checks keep timing out on the \
             integration job",
            &["slides", "fix-ci"],
        ),
        (
            "make slides from the Q3 summary. also, different issue, our CI checks keep timing \
             out on the integration job",
            &["slides", "fix-ci"],
        ),
    ] {
        assert_eq!(targets(&plan(intent, &[])), want, "{intent}");
    }
    // Another matter that tells of nothing of the person's asks nothing.
    assert_eq!(
        targets(&plan(
            "make slides from the Q3 summary. unrelated: the CI conference in lisbon was fun",
            &[]
        )),
        ["slides"]
    );
}

#[test]
fn a_sentence_opening_with_a_verb_of_an_account_operation_is_a_task() {
    // "cancel", like "raise", "refund" or "mark", opens a command on a
    // bare noun: the sentence is the task, not the scene of the one
    // after it ("show me what was queued first").
    assert_eq!(
        planned_in(
            "fixtures/plan/service-wrappers",
            "cancel pending exports in ledgerly. show me what was queued first"
        ),
        ["ledgerly-api-safe-cli"]
    );
}
