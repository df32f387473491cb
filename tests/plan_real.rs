//! `re0 plan` selects on a catalog shaped like the real ones (no
//! contracts, long "Use when…" descriptions, quoted trigger phrases,
//! exclusions, a YAML slip, an outside selector): each cause of imprecise
//! selection pinned. How such a plan is ordered is in `plan_order.rs`;
//! intents that ask for no skill's work are in `plan_nothing.rs`.

mod common;

use common::plan::*;
use common::re0_repo;

#[test]
fn one_common_word_pads_nothing() {
    // "review" is a code-review skill's word; "store" an app-store one.
    assert_eq!(
        targets(&plan("Build slides for the yearly performance review", &[])),
        ["slides"]
    );
    assert_eq!(
        targets(&plan("store the quarterly figures in a spreadsheet", &[])),
        ["sheets"]
    );
}

#[test]
fn explain_says_when_evidence_rests_on_one_word() {
    // "attendee" is only send-notes' word, with evidence past the gate, but
    // one description word serves no clause alone; --explain says that, not
    // that another skill fits better.
    let p = plan("fix the attendee list", &["--explain"]);
    assert!(targets(&p).is_empty(), "{p}");
    let why = candidate(&p, "send-notes")["why"].as_str().unwrap();
    assert!(
        why.contains("for 'fix the attendee list' rests on one word, 'attendee'"),
        "{why}"
    );
}

#[test]
fn each_task_of_the_intent_keeps_its_skill() {
    let p = plan("turn the Excel export into a PowerPoint deck", &[]);
    let mut t = targets(&p);
    t.sort();
    assert_eq!(t, ["sheets", "slides"]);
}

#[test]
fn quoted_trigger_phrases_select_as_written() {
    assert_eq!(targets(&plan("ship this", &[])), ["ship-it"]);
    assert_eq!(targets(&plan("ok, push it live", &[])), ["ship-it"]);
}

#[test]
fn exclusions_count_against_a_skill() {
    // Both other format skills mention Word documents, one to exclude them.
    let p = plan(
        "write a word document with a table of sales",
        &["--explain"],
    );
    assert_eq!(targets(&p), ["word-docs"]);
    let sheets = candidate(&p, "sheets");
    assert_eq!(sheets["selected"], false);
    assert!(
        sheets["matched"].to_string().contains("not-for"),
        "{sheets}"
    );
}

#[test]
fn formats_and_tools_are_found_by_their_other_names() {
    assert_eq!(
        targets(&plan("make a powerpoint about our roadmap", &[])),
        ["slides"]
    );
    assert_eq!(
        targets(&plan(
            "clean up the messy csv and give me a proper excel file",
            &[]
        )),
        ["sheets"]
    );
}

#[test]
fn a_link_to_a_page_is_a_web_page_to_work_on() {
    // The host is blanked as material, but the link says the work is on a
    // web page: the skill for web pages serves the clause that reads it.
    let p = plan(
        "read https://example.org/essays/how-to-think then make slides out of it",
        &[],
    );
    assert_eq!(targets(&p), ["page-to-markdown", "slides"]);
    // What the page's path says it is about is no work asked of it: a page
    // on merge conflicts asks nothing of the conflict skill.
    let p = plan(
        "read https://example.com/articles/merge-conflicts-explained and turn it into markdown",
        &[],
    );
    assert_eq!(targets(&p), ["page-to-markdown"]);
    // A link to a file is not a page, and the word "url" is not a link.
    for intent in [
        "fetch https://raw.example.com/acme/app/main/config.json",
        "the api base url is pasted in six configs",
    ] {
        assert_eq!(
            targets(&plan(intent, &[])),
            Vec::<String>::new(),
            "{intent}"
        );
    }
    // Nor is a ticket, a pull request or an app on this machine: no verb of
    // reading asks for its text.
    for intent in [
        "fix the crash described in https://acme.atlassian.net/browse/ENG-42",
        "review https://github.com/acme/api/pull/12 and address the comments",
        "read the error on http://localhost:3000/login and fix it",
    ] {
        let t = targets(&plan(intent, &[]));
        assert!(
            !t.contains(&"page-to-markdown".to_string()),
            "{intent}: {t:?}"
        );
    }
}

#[test]
fn a_links_query_ends_no_sentence() {
    // The "?" of a link's query is no question mark: the task after the
    // link is still asked for, not set aside as the scene.
    for (intent, want) in [
        (
            "make slides from https://example.com/q3/report?id=7 and then push it live",
            ["slides", "ship-it"],
        ),
        (
            "fix the CI on https://github.com/acme/app/pull/9?tab=checks, then push it live",
            ["fix-ci", "ship-it"],
        ),
    ] {
        assert_eq!(targets(&plan(intent, &[])), want, "{intent}");
    }
}

#[test]
fn a_closing_thanks_leaves_the_request_standing() {
    // A command whose verb is on no list, signed off with thanks, still
    // asks for its work.
    for intent in [
        "take meeting notes for the call. thanks!",
        "jot down meeting notes for the call.\n\nThanks,\nBob",
    ] {
        assert_eq!(targets(&plan(intent, &[])), ["make-notes"], "{intent}");
    }
    // Thanks after work reported done still asks for nothing.
    let p = plan(
        "rebase finished, regenerated the lock file. ci green. thx",
        &[],
    );
    assert_eq!(targets(&p), Vec::<String>::new());
}

#[test]
fn a_step_goes_on_from_a_command_whose_verb_is_on_no_list() {
    // "Then …" goes on from a task: the sentence before it, a command by
    // its shape, is one, not the scene.
    for (intent, want) in [
        (
            "jot down meeting notes for the call. Then send the notes to every attendee.",
            vec!["make-notes", "send-notes"],
        ),
        (
            "grab meeting notes from the call. Also, push it live.",
            vec!["make-notes", "ship-it"],
        ),
        // A sentence that opens with its subject and a finite verb tells.
        (
            "found why the CI fails on the PR. then push it live",
            vec!["ship-it"],
        ),
        (
            "two meeting notes got lost in the call. then push it live",
            vec!["ship-it"],
        ),
    ] {
        assert_eq!(targets(&plan(intent, &[])), want, "{intent}");
    }
}

#[test]
fn a_semicolon_between_commands_lists_the_next_task() {
    // A sentence a semicolon sets off used to elaborate the one before:
    // the second task was dropped, or kept only on far more evidence.
    assert_eq!(
        targets(&plan(
            "take meeting notes for the call; send the notes to every attendee",
            &[]
        )),
        ["make-notes", "send-notes"]
    );
    assert_eq!(
        targets(&plan(
            "make slides from the report; subsequently push it live",
            &[]
        )),
        ["slides", "ship-it"]
    );
}

#[test]
fn what_is_left_of_the_work_before_is_no_task() {
    // "whichever options survive, …" names what the command acts on.
    for (intent, want) in [
        (
            "whichever options survive, write the design doc for them",
            vec!["design-doc"],
        ),
        (
            "whatever slides you make, send the notes to every attendee",
            vec!["send-notes"],
        ),
    ] {
        assert_eq!(targets(&plan(intent, &[])), want, "{intent}");
    }
}

#[test]
fn a_name_asked_for_politely_still_commands_it() {
    // "commit this" named the skill; "can you commit this?" rested on one
    // word and planned nothing.
    let cat = "fixtures/plan/git-work";
    for intent in [
        "can you commit this?",
        "could you please commit the staged changes",
    ] {
        assert_eq!(planned_in(cat, intent), ["commit"], "{intent}");
    }
}

#[test]
fn lines_a_program_printed_are_what_the_work_is_on() {
    // The files `git status` lists, and the test a runner reports failed,
    // name what the work is on, not which work it is.
    let cat = "fixtures/plan/git-work";
    assert_eq!(
        planned_in(
            cat,
            "commit this. git status:\n\tmodified:   src/release_notes.py\n\t\
             modified:   src/merge_conflict.py"
        ),
        ["commit"]
    );
    assert_eq!(
        planned_in(
            cat,
            "CI is red again:\n  FAILED tests/test_release_notes.py::test_changelog - \
             AssertionError\nplease commit the fix"
        ),
        ["commit"]
    );
}

#[test]
fn advice_asked_on_the_persons_own_things_asks_for_the_work() {
    // "what should … look like?" after the person told of theirs asks for
    // advice on it: the question is theirs, and it chose the notes skill.
    assert_eq!(
        targets(&plan(
            "our weekly call keeps running long. what should the notes for it look like?",
            &[]
        )),
        ["make-notes"]
    );
    // Asked of the world, it asks to know.
    assert!(targets(&plan(
        "what should go on the title slide of a slide deck?",
        &[]
    ))
    .is_empty());
}

#[test]
fn asking_if_the_work_is_possible_asks_for_it() {
    // "is it possible to…?" is "can you…?" said politely.
    let p = plan(
        "is it possible to make slides from the report and then push it live?",
        &[],
    );
    assert_eq!(targets(&p), ["slides", "ship-it"]);
    let p = plan("is it possible that the slides are wrong?", &[]);
    assert_eq!(targets(&p), Vec::<String>::new());
}

#[test]
fn what_the_work_is_for_may_open_the_command() {
    // "For X, make Y": the sentence asks, it does not set the scene.
    let p = plan(
        "push it live. For the quarterly review, make slides from the report.",
        &[],
    );
    assert_eq!(targets(&p), ["ship-it", "slides"]);
}

#[test]
fn a_command_in_a_sentence_of_its_own_is_a_task() {
    // "Cut …" opens a command as "Run …" does: its sentence is a task, not
    // the scene of the request before it.
    let p = plan(
        "Review the doc for gaps. Cut the release with the checklist and publish it.",
        &[],
    );
    assert_eq!(targets(&p), ["doc-review", "ship-it"]);
}

#[test]
fn failures_worked_at_the_same_time_are_parallel_work() {
    let p = plan(
        "the export test and the login test fail for unrelated reasons, fix them at the same time",
        &[],
    );
    assert_eq!(targets(&p), ["splitting-work-to-parallel-agents"]);
    // Not when nothing fails, nor opening the clause.
    for intent in [
        "we shipped the slides and the notes at the same time last year",
        "At the same time, keep the slides short.",
    ] {
        let p = plan(intent, &[]);
        let t = targets(&p);
        assert!(
            !t.contains(&"splitting-work-to-parallel-agents".to_string()),
            "{intent}: {t:?}"
        );
    }
}

#[test]
fn stitching_into_a_single_file_is_combining() {
    // "into a single file" says what the skill calls combining; a file
    // of one's own is no combining.
    let docs = "fixtures/plan/documents";
    for intent in [
        "stitch these 4 invoices into a single file",
        "glue the four contracts together into one file",
    ] {
        assert_eq!(planned_in(docs, intent), ["pdf-files"], "{intent}");
    }
    assert_eq!(
        planned_in(docs, "put the notes from today into a file"),
        ["meeting-notes"]
    );
}

#[test]
fn just_before_a_name_still_commands_it() {
    // "just ship it" opens with the name as "ship it" does.
    let p = plan("the notes are done. just ship it", &[]);
    assert_eq!(targets(&p), ["ship-it"]);
}

#[test]
fn a_verb_on_no_list_before_its_object_is_the_request() {
    // "Assemble a deck" is a command by its shape: the sentence before it
    // is the scene, and what was done there is not asked again.
    let p = plan(
        "I compared the options for the queue yesterday. Assemble a deck for the launch",
        &[],
    );
    assert_eq!(targets(&p), ["slides"]);
}

#[test]
fn a_bare_ask_or_one_made_while_at_it_makes_the_scene_the_work() {
    // "Figure out why." names nothing: what it is about is the sentence
    // before it. Unless the bare ask chose a skill itself (debugging).
    for (intent, want) in [
        ("the pull request checks are red. figure out why.", vec!["fix-ci"]),
        ("the CI checks on my pull request failed again. what's wrong?", vec!["fix-ci"]),
        (
            "I updated the dependencies and now the slides for the all-hands render blank. figure out why.",
            vec!["methodical-debugging"],
        ),
        // "While you're in there" adds to a task before; "also" and "too"
        // add to a scene as often.
        (
            "the CI checks on my pull request are red. Also update the slides for the all-hands.",
            vec!["slides"],
        ),
        (
            "the CI checks on my pull request were fixed by Dana. Update the slides for the all-hands too.",
            vec!["slides"],
        ),
        (
            "the CI checks on my pull request are red. while you're in there, also go through the slides for the all-hands",
            vec!["fix-ci", "slides"],
        ),
        // Without them the first sentence is the scene.
        (
            "the CI checks on my pull request are red. update the slides for the all-hands.",
            vec!["slides"],
        ),
    ] {
        assert_eq!(targets(&plan(intent, &[])), want, "{intent}");
    }
}

#[test]
fn one_headline_word_with_little_evidence_is_not_enough() {
    // compass "picks the single next step"; "name" is only in its body.
    let p = plan("pick a name for the new service", &["--explain"]);
    assert_eq!(p["result"], "zero-steps", "{}", targets(&p).join(","));
    // Two words of its description, or more evidence, still choose it.
    let p = plan("pick the single next step for this stalled project", &[]);
    assert_eq!(targets(&p), ["compass"]);
}

#[test]
fn but_before_you_start_puts_its_sentence_first() {
    let p = plan(
        "Write the design doc for the cache with me section by section. But before you start, compare the options for the cache and their trade-offs.",
        &[],
    );
    assert_eq!(targets(&p), ["research-options", "design-doc"]);
    // Inside one sentence too.
    let p = plan(
        "Write the design doc for the cache with me, but before you start, compare the options for the cache and their trade-offs",
        &[],
    );
    assert_eq!(targets(&p), ["research-options", "design-doc"]);
}

#[test]
fn an_idiom_asks_for_the_work_it_names() {
    // The scene alone asks for nothing; "track down why" asks for
    // debugging, a word the idiom never says.
    let scene = "the csv export drops the last row sometimes";
    assert_eq!(plan(scene, &[])["result"], "zero-steps");
    assert_eq!(
        targets(&plan(&format!("{scene}, track down why"), &[])),
        ["methodical-debugging"]
    );
    assert_eq!(
        targets(&plan(
            "find out why the webhook handler drops events, then make the slides for the retro",
            &[]
        )),
        ["methodical-debugging", "slides"]
    );
    // Talking through how a thing should work is designing it; what it
    // does is explaining it.
    assert_eq!(
        targets(&plan(
            "before any code, let's talk through how the cache should behave",
            &[]
        )),
        ["brainstorm-ideas"]
    );
    let p = plan("talk through what this function does", &[]);
    assert_eq!(p["result"], "zero-steps", "{}", targets(&p).join(","));
    // The same words in another sense are no idiom.
    let p = plan("track down the invoice in my downloads", &[]);
    assert_eq!(p["result"], "zero-steps", "{}", targets(&p).join(","));
    // A pasted conflict marker says "merge conflict" in no typed word.
    let scene = "pulled upstream and now three files are full of {} blocks. sort it out";
    let p = plan(&scene.replace("{}", "odd"), &[]);
    assert_eq!(p["result"], "zero-steps", "{}", targets(&p).join(","));
    assert_eq!(
        targets(&plan(&scene.replace("{}", "<<<<<<< HEAD"), &[])),
        ["settling-merge-conflicts"]
    );
}

#[test]
fn getting_a_review_asks_for_one() {
    // "get a code review" never says "request"; the skill for asking for
    // one does. Without the idiom the second task plans nothing.
    assert_eq!(
        targets(&plan(
            "track down why the export drops rows, then get a code review on the fix",
            &[]
        )),
        ["methodical-debugging", "asking-for-code-review"]
    );
    let p = plan("I got a review from Sam yesterday", &[]);
    assert_eq!(p["result"], "zero-steps", "{}", targets(&p).join(","));
}

#[test]
fn getting_someone_up_to_speed_asks_for_a_catchup() {
    // "up to speed" says none of the skill's words; "First …" opens the
    // second sentence's task, after a scene.
    let intent = "back from three weeks off and lost. First get me up to speed on the repo";
    assert_eq!(targets(&plan(intent, &[])), ["catchup"]);
    let p = plan("the new engine got up to speed in a week", &[]);
    assert_eq!(p["result"], "zero-steps", "{}", targets(&p).join(","));
}

#[test]
fn british_and_american_spellings_meet() {
    // The page reader says "summarise"; the person types "summarize".
    let p = plan("summarize the page for me", &[]);
    assert_eq!(targets(&p), ["page-to-markdown"]);
    let p = plan("summarise the page for me", &[]);
    assert_eq!(targets(&p), ["page-to-markdown"]);
}

#[test]
fn asking_to_see_the_output_asks_for_verification() {
    // The skill says "verification"; people say "show me the output".
    let p = plan("rename the flag, then show me the passing output", &[]);
    assert!(targets(&p).contains(&"evidence-first".to_string()), "{p}");
    // Pasting it somewhere is no evidence asked for.
    let p = plan("rename the flag, then paste the passing output", &[]);
    assert!(!targets(&p).contains(&"evidence-first".to_string()), "{p}");
    let p = plan("show me how to format output in the notes", &[]);
    assert!(!targets(&p).contains(&"evidence-first".to_string()), "{p}");
}

#[test]
fn an_idiom_meets_the_work_a_name_says() {
    // "no clue why" asks for debugging, the word of the skill's name.
    for intent in [
        "the exporter crashes on big files and I have no clue why",
        "the nightly export keeps failing, find the real cause",
    ] {
        assert_eq!(
            targets(&plan(intent, &[])),
            ["methodical-debugging"],
            "{intent}"
        );
    }
    // Nothing fails: no debugging.
    let p = plan("I have no idea why people like this song", &[]);
    assert!(targets(&p).is_empty(), "{p}");
}

#[test]
fn a_code_file_is_what_the_work_is_on_not_its_language() {
    // "index.ts" and "package.json" say where; they ask nothing of the
    // TypeScript SDK writer, which a typed-client request still takes.
    let p = plan(
        "the conflicts are in index.ts and package.json, settle them",
        &[],
    );
    assert_eq!(targets(&p), ["settling-merge-conflicts"]);
    let p = plan("bump the version in index.ts and package.json", &[]);
    assert!(targets(&p).is_empty(), "{p}");
    let p = plan("write a TypeScript client for our billing API", &[]);
    assert_eq!(targets(&p), ["typescript-sdk"]);
}

#[test]
fn a_verb_made_of_an_adjective_meets_the_adjective() {
    // The skill says "you want it tight"; people say "tighten it".
    let p = plan("the onboarding guide is full of filler, tighten it up", &[]);
    assert_eq!(targets(&p), ["trim-prose"]);
    // "harden" is not made "hard": nothing here hardens anything.
    let p = plan("harden the onboarding guide", &[]);
    assert!(!targets(&p).contains(&"trim-prose".to_string()), "{p}");
}

#[test]
fn material_handed_over_is_what_the_rest_asks_about() {
    // "here is the design doc" hands the doc over; the ask is the review.
    let p = plan(
        "here is the design doc. rip into it: gaps, contradictions",
        &[],
    );
    assert_eq!(targets(&p), ["doc-review"]);
    // Alone, it still names the work.
    let p = plan(
        "here is the design doc, let's write it together section by section",
        &[],
    );
    assert_eq!(targets(&p), ["design-doc"]);
}

#[test]
fn a_slipped_description_is_offered_with_an_unreadable_lane() {
    let p = plan(
        "the github actions checks fail on my pull request, fix them",
        &[],
    );
    assert_eq!(targets(&p), ["fix-ci"]);
    let s = &p["steps"][0];
    assert_eq!(s["type"], "user-handoff");
    let reason = s["reason"].as_str().unwrap();
    assert!(
        reason.contains("its lane is unreadable (fix-ci/SKILL.md:3:"),
        "{reason}"
    );
    // check still reports the error.
    let (mut cmd, _h) = re0_repo();
    let out = cmd.args(["check", REAL]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("fix-ci/SKILL.md:3:"));
}

#[test]
fn a_chatty_selector_answer_is_read() {
    let p = plan(
        "whatever the selector says",
        &[
            "--selector",
            "sh fixtures/plan/chatty-selector.sh",
            "--explain",
        ],
    );
    let mut t = targets(&p);
    t.sort();
    assert_eq!(t, ["sheets", "slides"]);
    assert!(
        notes(&p).contains("which re0 would not have"),
        "{}",
        notes(&p)
    );
}

#[test]
fn a_selector_answer_in_prose_is_read_by_the_names_it_marks() {
    // b6d5476 failed each of these with "its answer holds no JSON list".
    let selector = ["--selector", "sh fixtures/plan/prose-selector.sh"];
    for shape in ["bullets", "backticks", "numbered", "names"] {
        let mut t = targets(&plan(shape, &selector));
        t.sort();
        assert_eq!(t, ["sheets", "slides"], "{shape}");
    }
    assert!(targets(&plan("none", &selector)).is_empty());
    // An answer that names no skill and does not say none applies is a
    // failure, not an empty plan.
    let (mut cmd, _h) = re0_repo();
    let out = cmd
        .args(["--catalog", REAL, "plan", "anything"])
        .args(selector)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("no JSON list"),
        "{err}"
    );
}

#[test]
fn output_is_byte_identical_across_runs() {
    let run = || {
        let (mut cmd, _h) = re0_repo();
        let intent = "brainstorm the feature, draft the plan, then carry out the plan";
        cmd.args([
            "--catalog",
            REAL,
            "plan",
            intent,
            "--format",
            "json",
            "--explain",
        ])
        .output()
        .unwrap()
        .stdout
    };
    let first = run();
    assert!(!first.is_empty());
    for _ in 0..3 {
        assert_eq!(run(), first);
    }
}

#[test]
fn the_thing_a_listed_task_acts_on_names_its_skill() {
    // "poster" is one word of visual-canvas's description, and the head of
    // what the second task makes: enough for a task of its own.
    let mut t = targets(&plan(
        "take the meeting notes and make a matching poster",
        &[],
    ));
    t.sort();
    assert_eq!(t, ["make-notes", "visual-canvas"]);
    // The verb shared with the task before it: "…and a printable poster".
    let mut t = targets(&plan(
        "draft the design doc and a printable poster for the launch",
        &[],
    ));
    t.sort();
    assert_eq!(t, ["design-doc", "visual-canvas"]);
    // Alone too, when the command opens the clause.
    assert_eq!(
        targets(&plan("make a poster that sums up my talk", &[])),
        ["visual-canvas"]
    );
    // A want names the thing as a command does.
    assert_eq!(
        targets(&plan(
            "We're launching on the 14th. I need a big printable poster for the booth.",
            &[]
        )),
        ["visual-canvas"]
    );
}

#[test]
fn a_subject_or_a_clause_checked_is_no_object() {
    // Alone, "the poster in…" is what the sentence is about, not a thing
    // asked for; "check the poster renders" checks that it does.
    assert!(targets(&plan("the poster in the hallway fell down again", &[])).is_empty());
    let p = plan("check the poster renders", &["--explain"]);
    assert!(targets(&p).is_empty(), "{p}");
    let why = candidate(&p, "visual-canvas")["why"].as_str().unwrap();
    assert!(why.contains("rests on one word, 'poster'"), "{why}");
}

#[test]
fn and_before_a_verb_with_its_particle_starts_a_task() {
    // "carry" is on no list of verbs; "carry out the plan" is a command by
    // its shape, so the plan's execution is a task of its own, second.
    let p = plan(
        "write up the options for the database and carry out the plan with review checkpoints",
        &[],
    );
    assert_eq!(targets(&p), ["research-options", "carrying-out-plans"]);
}

#[test]
fn a_clause_of_time_after_a_comma_opens_the_next_task() {
    // ", and once it's clean …": the clause of time says when, and the
    // command after it is a task of its own, after the one before.
    let p = plan(
        "get the failing github actions checks on my pull request fixed, and once it's clean push it live",
        &[],
    );
    assert_eq!(targets(&p), ["fix-ci", "ship-it"]);
    let p = plan(
        "take meeting notes for the call, and when it's over send the meeting notes to every attendee",
        &[],
    );
    assert_eq!(targets(&p), ["make-notes", "send-notes"]);
}

#[test]
fn and_before_a_command_on_it_starts_a_task() {
    // ", and give it …": a verb by its shape on "it" after ", and" is the
    // next task, so the deck comes first and the chart after it.
    let p = plan(
        "build a slide deck from these notes, and give it a chart of the loop metrics for the service",
        &[],
    );
    assert_eq!(targets(&p), ["slides", "loop-second"]);
}

#[test]
fn the_skill_for_what_the_command_makes_is_taken_beside_a_stronger_one() {
    // The chart skill matches more words, but the thing asked for is a
    // poster: the poster skill is taken too, on the words the chart skill
    // leaves, at the second skill's own bar rather than a share of the
    // first one's evidence.
    let p = plan(
        "make a poster as a png of the loop metrics chart for the service",
        &[],
    );
    assert_eq!(targets(&p), ["loop-second", "visual-canvas"]);
}

#[test]
fn next_inside_a_noun_phrase_is_no_connective() {
    // "the next design document review" is one thing; ", next …" is a step.
    assert_eq!(
        targets(&plan(
            "take meeting notes for the next design document review",
            &[]
        )),
        ["make-notes"]
    );
    assert_eq!(
        targets(&plan(
            "send the meeting notes to the next attendee, next compare the options for the queue",
            &[]
        )),
        ["send-notes", "research-options"]
    );
}

#[test]
fn a_version_is_one_word_not_two() {
    // ".NET 10" / "Node 18" is matched as the name and as the versioned
    // name; 4684509 counted them as two words of the migration skill's
    // name and planned a migration for any mention of the version.
    assert!(targets(&plan("Add a summary endpoint to this Node 18 API", &[])).is_empty());
    for intent in [
        "migrate my service from Node 18 to Node 20",
        "upgrade our Node 18 service",
    ] {
        assert_eq!(
            targets(&plan(intent, &[])),
            ["migrate-node18-to-node20"],
            "{intent}"
        );
    }
}
