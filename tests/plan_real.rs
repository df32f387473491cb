//! `re0 plan` on a catalog shaped like the real ones (no contracts, long
//! "Use when…" descriptions, quoted trigger phrases, exclusions, a YAML
//! slip): each cause of imprecise selection pinned, and order inferred
//! where nothing is declared.

mod common;

use common::plan::*;
use common::{json, re0_repo};

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
fn questions_and_near_misses_plan_zero_steps() {
    // The name still works as a command.
    assert_eq!(
        targets(&plan("compass the project for me", &[])),
        ["compass"]
    );
    assert_eq!(
        targets(&plan("tidy the spreadsheet from finance", &[])),
        ["sheets"]
    );
    for intent in [
        "tell me a fun fact about slides",
        "What font size works best on slides?",
        "is a spreadsheet better than a database",
        // The second of a pair is not a task: "…between rebase and ship it".
        "what's the difference between rebase and ship it",
        "what is the difference between a design doc and review notes",
        // A measure asked after, behind a scene: "how far apart should…".
        "building a wooden deck in the backyard, how far apart should the joists be?",
        // A skill's name as the subject of a statement, not a command.
        "compass needle keeps spinning on the hike, anything better than a phone app?",
        // A format talked about, in a clause that asks for nothing.
        "the spreadsheet from finance has twelve tabs now",
    ] {
        let p = plan(intent, &[]);
        assert_eq!(
            p["result"],
            "zero-steps",
            "{intent}: {}",
            targets(&p).join(",")
        );
    }
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
fn the_intents_order_orders_skills_without_contracts() {
    let p = plan("research the options, then write a design doc", &[]);
    assert_eq!(targets(&p), ["research-options", "design-doc"]);
    assert_eq!(
        links(&p, "design-doc"),
        [("s1".to_string(), "intent-order".to_string())]
    );
    let detail = p["steps"][1]["links"][0]["detail"].as_str().unwrap();
    assert!(
        detail.contains("research-options before design-doc"),
        "{detail}"
    );
}

/// Asserts that `intent` plans research-options, then design-doc, linked
/// by the intent's order.
fn research_then_design_doc(intent: &str) {
    let p = plan(intent, &[]);
    assert_eq!(targets(&p), ["research-options", "design-doc"], "{intent}");
    assert_eq!(
        links(&p, "design-doc"),
        [("s1".to_string(), "intent-order".to_string())],
        "{intent}"
    );
}

#[test]
fn words_that_put_a_later_task_first_order_it_first() {
    // Each wording asks for research before the design doc, written the
    // other way round. 65fbc47 ordered the "before you…" one backwards and
    // linked neither of the "…first" / "before that" ones.
    for intent in [
        "write a design doc, but research the options first",
        "before you write a design doc, research the options",
        "write a design doc, and before that research the options",
        "write a design doc; before that, research the options",
        "Write a design doc. Before you do, research the options.",
        // A verb on "it" stands for the task before too (9dfe92c kept the
        // written order).
        "Write a design doc. Before you write it, research the options.",
        "Write a design doc. Before writing it, research the options.",
    ] {
        research_then_design_doc(intent);
    }
    // The person's own work, said as when, stands for no task.
    research_then_design_doc("Research the options. Before I merge this, write a design doc.");
}

#[test]
fn a_sentence_that_opens_with_then_is_a_step_of_its_own() {
    // 65fbc47 read each second sentence as more about the first and
    // planned research-options alone.
    for intent in [
        "Research the options. Then write a design doc.",
        "Research the options. Once that's done, write a design doc.",
        "research the options; once that's done write a design doc",
    ] {
        research_then_design_doc(intent);
    }
    // A clause of time that ends at its comma, followed by no request,
    // stays the scene: "write a design doc" there is when, not what.
    let p = plan(
        "Research the options. When I write a design doc, the tables break.",
        &[],
    );
    assert_eq!(targets(&p), ["research-options"]);
}

#[test]
fn numbered_steps_and_arrows_are_the_asked_order() {
    // 65fbc47 found these skills but linked none of them.
    for intent in [
        "1) research the options 2) write a design doc 3) review the doc",
        "research the options -> write a design doc -> review the doc",
    ] {
        let p = plan(intent, &[]);
        assert_eq!(
            targets(&p),
            ["research-options", "design-doc", "doc-review"],
            "{intent}"
        );
        assert_eq!(
            links(&p, "doc-review"),
            [("s2".to_string(), "intent-order".to_string())],
            "{intent}"
        );
    }
}

#[test]
fn the_items_of_a_bulleted_list_are_steps() {
    // 9dfe92c read "-" as a task, "after that" as another, and the second
    // item as more about the first (and `re0 plan "- …"` was a usage
    // error: an unknown flag).
    for intent in [
        "- research the options\n- after that, write a design doc",
        "* research the options for the cache\n* write a design doc",
    ] {
        research_then_design_doc(intent);
    }
    let (mut cmd, _h) = re0_repo();
    let out = cmd
        .args(["--catalog", REAL, "plan", "--oops", "--format", "json"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("'--oops' is not a flag"), "{err}");
}

#[test]
fn work_asked_of_the_agent_as_when_is_a_step() {
    // "…before you X", "…once you've X": the agent is asked to do X.
    for intent in [
        "research the options before you write a design doc",
        "write a design doc once you've researched the options",
    ] {
        research_then_design_doc(intent);
    }
    // The person's own "before I merge" stays when, not what.
    assert_eq!(
        targets(&plan("review the doc before I ship it", &[])),
        ["doc-review"]
    );
    // So it does opening a sentence (65fbc47 took ship-it for it), and it
    // is before the shipping, not before the sentence before it.
    assert_eq!(
        targets(&plan("before I ship it, research the options", &[])),
        ["research-options"]
    );
    let p = plan(
        "Write a design doc. Before I ship it, research the options.",
        &[],
    );
    assert_eq!(targets(&p), ["design-doc", "research-options"]);
}

#[test]
fn skill_text_and_artifact_names_order_skills_named_together() {
    // Named in one clause: no intent order; the texts say which comes first.
    let p = plan("/carrying-out-plans /drafting-plans", &[]);
    assert_eq!(targets(&p), ["drafting-plans", "carrying-out-plans"]);
    let l = links(&p, "carrying-out-plans");
    assert!(l.contains(&("s1".into(), "skill-text".into())), "{l:?}");
    assert!(l.contains(&("s1".into(), "artifact-name".into())), "{l:?}");
}

#[test]
fn a_declared_contract_beats_an_inferred_link() {
    // The intent asks for send-notes first; the contract says notes must exist.
    let p = plan("send the meeting notes, then make the notes", &[]);
    assert_eq!(p["result"], "plan");
    assert_eq!(targets(&p), ["make-notes", "send-notes"]);
    assert_eq!(
        links(&p, "send-notes"),
        [("s1".to_string(), "contract".to_string())]
    );
    assert!(
        notes(&p).contains("dropped: it would close a cycle"),
        "{}",
        notes(&p)
    );
}

#[test]
fn a_cycle_of_inferred_links_is_broken_not_rejected() {
    let p = plan("/loop-first /loop-second", &[]);
    assert_eq!(p["result"], "plan");
    assert!(p["reject"].is_null());
    assert_eq!(targets(&p), ["loop-first", "loop-second"]);
    assert!(
        notes(&p).contains("loop-second -> loop-first (skill-text"),
        "{}",
        notes(&p)
    );
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
fn check_and_show_list_inferred_links_with_their_source() {
    let (mut cmd, _h) = re0_repo();
    let v = json(cmd.args(["check", REAL, "--format", "json"]));
    let text = v.to_string();
    assert!(text.contains("inferred-link"), "{text}");
    assert!(
        text.contains("drafting-plans -> carrying-out-plans is inferred (skill-text)"),
        "{text}"
    );
    let (mut cmd, _h) = re0_repo();
    let v = json(cmd.args([
        "--catalog",
        REAL,
        "show",
        "carrying-out-plans",
        "--format",
        "json",
    ]));
    let links = v["inferred_links"].as_array().unwrap();
    assert!(links
        .iter()
        .any(|l| l["from"] == "drafting-plans" && l["source"] == "artifact-name"));
}

#[test]
fn a_relation_quoted_as_an_example_is_not_inferred() {
    // superpowers' writing-skills shows how to cross-reference a skill with
    // "✅ Good: `**REQUIRED BACKGROUND:** …`": the marker inside a code span
    // is an example, not this skill's own prerequisite. The plain marker
    // above it still is.
    let (mut cmd, _h) = re0_repo();
    let v = json(cmd.args([
        "check",
        "fixtures/plan/quoted-relations",
        "--format",
        "json",
    ]));
    let text = v.to_string();
    assert!(
        text.contains("test-first-coding -> authoring-skills is inferred (skill-text)"),
        "{text}"
    );
    assert!(!text.contains("hunting-bugs -> authoring-skills"), "{text}");
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
fn work_the_person_forbids_selects_nothing() {
    // "don't …" names work the person does not want: its words are context.
    for intent in [
        "compare the options for the message queue, but don't take meeting notes on it",
        "compare the options for the message queue and dont send the meeting notes to anyone",
    ] {
        assert_eq!(
            targets(&plan(intent, &[])),
            ["research-options"],
            "{intent}"
        );
    }
    // Not forbidding: "don't forget to…", "I don't know how to…",
    // "don't overthink it, just…"; nor "how else can you…", a request.
    for intent in [
        "dont forget to write a design doc for the cache",
        "I don't know how to write a design doc for the cache",
        "how else can you write a design doc for the cache",
    ] {
        assert_eq!(targets(&plan(intent, &[])), ["design-doc"], "{intent}");
    }
    assert_eq!(
        targets(&plan(
            "don't overthink it, just make slides for the launch",
            &[]
        )),
        ["slides"]
    );
    // What the condition after it asks for is still wanted.
    assert_eq!(
        targets(&plan(
            "don't send the meeting notes until you take meeting notes for the call",
            &[]
        )),
        ["make-notes"]
    );
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
fn a_question_after_a_lead_in_word_plans_nothing() {
    let p = plan("roughly how do people decide which slides to cut?", &[]);
    assert_eq!(p["result"], "zero-steps", "{}", targets(&p).join(","));
}

#[test]
fn a_question_after_a_colon_plans_nothing() {
    let p = plan("slides homework: what's a good number of bullets", &[]);
    assert_eq!(p["result"], "zero-steps", "{}", targets(&p).join(","));
}

#[test]
fn a_sentence_that_states_the_order_orders_the_tasks_it_names() {
    // Each names the two tasks again by a word of each, after asking for
    // them in the other order. b6d5476 kept the written order (and read
    // "Do the researching before …" as a task of its own).
    for intent in [
        "Write a design doc, and research the options. Do the researching before the doc.",
        "Write a design doc, and research the options. The doc comes after the research.",
        "Write a design doc, and research the options. The research has to happen up front.",
    ] {
        research_then_design_doc(intent);
    }
    // "Do a … of …" asks for a new task; it names none again.
    let p = plan(
        "Write a design doc, then make a slide deck. Do a cold review of the doc after the deck.",
        &[],
    );
    let t = targets(&p);
    let at = |name: &str| t.iter().position(|x| x == name);
    assert!(
        at("design-doc") < at("slides") && at("doc-review").is_some(),
        "{t:?}"
    );
    // A side that names no task leaves the sentence a task of its own.
    let p = plan(
        "Write a design doc. Do the migration before the release.",
        &[],
    );
    assert_eq!(targets(&p), ["design-doc"]);
}

#[test]
fn a_sentence_that_opens_with_first_after_a_request_goes_before_it() {
    // b6d5476 read "First research the options." as the scene of the
    // request before it and planned the design doc alone.
    for intent in [
        "Write a design doc, but not yet. First research the options.",
        "Write a design doc. First, research the options.",
        "Write a design doc. First of all, research the options.",
        // Before every task asked so far, not only the clause before it.
        "Write a design doc and review it. First research the options.",
        "Write a design doc for the cache. It is due Friday. First research the options.",
        // A sentence that ends by saying it comes first (9dfe92c kept the
        // written order, and read "Do the …" as the scene).
        "Write a design doc. Do the research on the options first.",
        "Write a design doc. Do a round of research on the options first.",
        "Write a design doc. Research the options first, since the doc rests on them.",
    ] {
        let p = plan(intent, &[]);
        let t = targets(&p);
        assert_eq!(t[..2], ["research-options", "design-doc"], "{intent}");
    }
    // The rest of its sentence follows it there.
    assert_eq!(
        targets(&plan(
            "Write a design doc, but not yet. First research the options, then brainstorm ideas.",
            &[]
        )),
        ["research-options", "brainstorm-ideas", "design-doc"]
    );
    // "First" that describes a noun opens no step.
    assert_eq!(
        targets(&plan(
            "Write a design doc for the cache. First draft to me by Friday, then to the team.",
            &[]
        )),
        ["design-doc"]
    );
    // After a scene, "first" opens the first task.
    research_then_design_doc(
        "The decision is overdue. First research the options, then write a design doc.",
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
