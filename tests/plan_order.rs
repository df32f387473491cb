//! `re0 plan` orders skills on a catalog shaped like the real ones, where
//! no skill declares a contract: links inferred from the intent's own
//! order (connectives, steps, statements of order), from skill text and
//! from artifact names, each with its provenance; a declared contract
//! beats them and a cycle of them is broken, not rejected.

mod common;

use common::plan::*;
use common::{json, re0_repo};

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
        // 0630964 read "having done so" as the scene and planned
        // research-options alone.
        "Research the options; then, having done so, write a design doc.",
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
    // The words before the first arrow are the chain's first step, as the
    // first item of a numbered list is: "weigh …" is on no list of verbs.
    let p = plan(
        "weigh the options and their trade-offs -> write a design doc",
        &[],
    );
    assert_eq!(targets(&p), ["research-options", "design-doc"]);
}

#[test]
fn the_items_of_a_bulleted_list_are_steps() {
    // 9dfe92c read "-" as a task, "after that" as another, and the second
    // item as more about the first (and `re0 plan "- …"` was a usage
    // error: an unknown flag).
    for intent in [
        "- research the options\n- after that, write a design doc",
        "* research the options for the cache\n* write a design doc",
        // An item that opens with a word of order is the next step even
        // as a noun phrase (b6d5476 dropped the design doc in the
        // numbered one; 151a309 in both).
        "- research the options for the cache and compare the trade-offs with sources\n- after that, a design doc",
        "1. research the options for the cache and compare the trade-offs with sources 2. after that, a design doc",
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
    // A colon ends the person's clause of time as a comma does.
    research_then_design_doc("before I ship it: research the options, then write a design doc");
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
fn tasks_only_named_in_turn_give_way_to_what_the_skills_say() {
    // "and also" and "Separately," name the tasks one after the other
    // without asking for that order: the skills' texts order them, and the
    // intent's order is the link dropped, with a note.
    for intent in [
        "carry out the implementation plan and also draft the plan for the importer",
        "carry out the implementation plan. Separately, draft a plan for the importer",
    ] {
        let p = plan(intent, &[]);
        assert_eq!(
            targets(&p),
            ["drafting-plans", "carrying-out-plans"],
            "{intent}"
        );
        let l = links(&p, "carrying-out-plans");
        assert!(l.contains(&("s1".into(), "skill-text".into())), "{l:?}");
        assert!(
            notes(&p).contains(
                "(intent-order: the intent names carrying-out-plans before drafting-plans) dropped"
            ),
            "{}",
            notes(&p)
        );
    }
    // Asked in that order, in words or by the plain run of the sentence,
    // the intent's order wins over the texts.
    for intent in [
        "carry out the implementation plan, then draft a plan for the importer",
        "carry out the implementation plan and draft a plan for the importer",
        "carry out the implementation plan. And then draft a plan for the importer.",
        "carry out the implementation plan. Also, after that, draft a plan for the importer.",
        "carry out the implementation plan. Separately, once that is done, draft a plan for the importer.",
    ] {
        let p = plan(intent, &[]);
        assert_eq!(
            targets(&p),
            ["carrying-out-plans", "drafting-plans"],
            "{intent}"
        );
        assert_eq!(
            links(&p, "drafting-plans"),
            [("s1".to_string(), "intent-order".to_string())],
            "{intent}"
        );
    }
    // A task moved by words of order keeps the order they ask, whatever
    // named it apart: "but first" puts the carrying out before the draft.
    let p = plan(
        "make slides and also draft the plan, but first carry out the implementation plan",
        &[],
    );
    assert_eq!(
        targets(&p),
        ["slides", "carrying-out-plans", "drafting-plans"]
    );
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
fn check_and_show_list_inferred_links_with_their_source() {
    let (mut cmd, _h) = re0_repo();
    let v = json(cmd.args(["check", REAL, "--format", "json"]));
    let text = v.to_string();
    assert!(text.contains("inferred-link"), "{text}");
    assert!(
        text.contains("drafting-plans -> carrying-out-plans is inferred (skill-text)"),
        "{text}"
    );
    // Each note points at the line that states the link: the body line of
    // the skill that says it, or the description of the one that needs it.
    let finding = |needle: &str| {
        v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["message"].as_str().unwrap().contains(needle))
            .cloned()
            .unwrap_or_else(|| panic!("no finding with {needle}: {text}"))
    };
    let said = finding("drafting-plans -> carrying-out-plans is inferred (skill-text)");
    assert!(
        said["file"]
            .as_str()
            .unwrap()
            .ends_with("drafting-plans/SKILL.md"),
        "{said}"
    );
    assert_eq!(said["line"], 9, "{said}");
    let needed = finding("drafting-plans -> carrying-out-plans is inferred (artifact-name)");
    assert!(
        needed["file"]
            .as_str()
            .unwrap()
            .ends_with("carrying-out-plans/SKILL.md"),
        "{needed}"
    );
    assert_eq!(needed["line"], 3, "{needed}");
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
fn ordinals_parentheses_and_a_bare_ask_keep_the_asked_order() {
    // f640609 missed the third step: "First: … Second: …" marked no steps.
    assert_eq!(
        targets(&plan(
            "First: research the options for the cache. Second: write a design doc. Third: review the doc.",
            &[]
        )),
        ["research-options", "design-doc", "doc-review"]
    );
    // f640609 read "Settle those." as the request and the conflicts as its
    // scene, and planned the design doc alone.
    assert_eq!(
        targets(&plan(
            "The merge from main stopped halfway with conflicts. Settle those. Then write a design doc.",
            &[]
        )),
        ["settling-merge-conflicts", "design-doc"]
    );
    // f640609 cut inside the parentheses and so missed that the task ends
    // at "first": it kept the written order.
    // A task in parentheses after a connective is still a task.
    for intent in [
        "Write a design doc for the cache (and also review the doc for gaps).",
        "Write a design doc for the cache (then review the doc for gaps).",
    ] {
        assert_eq!(
            targets(&plan(intent, &[])),
            ["design-doc", "doc-review"],
            "{intent}"
        );
    }
    for intent in [
        "Write a design doc for the cache. Compare the options first (latency, cost, ops burden) and let that shape the doc.",
        "Write a design doc for the cache. Compare the options first and let the doc rest on them.",
    ] {
        research_then_design_doc(intent);
    }
    // A task that says it comes first may end a sentence that opens with
    // its scene (63e4dfd read the whole sentence as the scene).
    research_then_design_doc(
        "Write a design doc for the cache. Oh wait, we never compared anything, research the options first.",
    );
}

#[test]
fn a_task_that_says_it_waits_goes_after_the_others() {
    // f640609 planned the review first, in written order.
    assert_eq!(
        targets(&plan(
            "Review the doc for gaps, but not yet. Research the options, then write a design doc.",
            &[]
        )),
        ["research-options", "design-doc", "doc-review"]
    );
    assert_eq!(
        targets(&plan(
            "Review the doc for gaps, but do that last. Write a design doc for the cache.",
            &[]
        )),
        ["design-doc", "doc-review"]
    );
    // A sentence that says its task waits asks for that task, even when
    // it opens with no verb (cba6de4 read these as more about the request
    // before them, or as its scene).
    for intent in [
        "Research the options and write a design doc. A cold review of the doc for gaps too, but not yet.",
        "Write a design doc for the cache. Gaps review of the doc too, but do that last.",
    ] {
        let t = targets(&plan(intent, &[]));
        assert_eq!(t.last().map(String::as_str), Some("doc-review"), "{intent}");
        assert!(t.contains(&"design-doc".to_string()), "{intent}");
    }
    // "First <verb> <noun>" after a task that waits opens a step (cba6de4
    // read "First research options…" as a scene).
    assert_eq!(
        targets(&plan(
            "Review the doc for gaps, but not yet. First research options for the cache.",
            &[]
        )),
        ["research-options", "doc-review"]
    );
    // Saying it is not urgent says nothing of the order.
    assert_eq!(
        targets(&plan(
            "Review the doc for gaps, but it isn't urgent. Write a design doc for the cache.",
            &[]
        )),
        ["doc-review", "design-doc"]
    );
    // "Ahead of that" and "before any of that" put their sentence first,
    // as "before that" does (63e4dfd kept the written order).
    research_then_design_doc(
        "Write a design doc for the cache. Before any of that, research the options.",
    );
    research_then_design_doc(
        "Write a design doc for the cache. Ahead of that, research the options.",
    );
}

#[test]
fn first_and_an_adverb_before_the_verb_still_opens_the_first_step() {
    // "first actually track down why" was read as the scene of the
    // request after it, so its debugging was lost.
    let p = plan(
        "checkout total is off by a cent. first actually track down why, no random patches. \
         then write the design doc for the fix",
        &[],
    );
    assert_eq!(targets(&p), ["methodical-debugging", "design-doc"]);
}

#[test]
fn only_after_that_opens_the_next_step() {
    // "Only after that, …" was read as the scene of the sentence before,
    // so its task was lost.
    let p = plan(
        "research the options first. Only after that, write the design doc",
        &[],
    );
    assert_eq!(targets(&p), ["research-options", "design-doc"]);
}

#[test]
fn ordinal_adverbs_and_steps_said_in_words_order_the_tasks() {
    // Written in the order the plan must keep: the slides first.
    for intent in [
        "Firstly make the slides for the all-hands, secondly fix the failing CI checks on my pull request",
        "Make the slides for the all-hands, post that fix the failing CI checks on my pull request",
        "Make the slides for the all-hands, in the second step fix the failing CI checks on my pull request",
        "Make the slides for the all-hands and lastly fix the failing CI checks on my pull request",
    ] {
        let p = plan(intent, &[]);
        assert_eq!(targets(&p), ["slides", "fix-ci"], "{intent}");
        assert_eq!(
            links(&p, "fix-ci"),
            [("s1".to_string(), "intent-order".to_string())],
            "{intent}"
        );
    }
}

#[test]
fn formal_steps_and_verbs_sharing_an_object_keep_both_tasks() {
    // "I should like you to…" asks, so the failing checks are its scene;
    // "fix those" past "diagnose" still stands for them; "to make…" after
    // "only after that" is the next step.
    assert_eq!(
        targets(&plan(
            "The CI checks on my pull request failed overnight. I should like you to make the slides for the demo first.",
            &[]
        )),
        ["slides"]
    );
    for intent in [
        "The CI checks on my pull request are failing. I want you to diagnose and fix those first, and only after that to write up the slides for the demo.",
        "The CI checks on my pull request are failing. Diagnose and fix those first, and only after that to make the slides for the demo.",
    ] {
        assert_eq!(targets(&plan(intent, &[])), ["fix-ci", "slides"], "{intent}");
    }
}

#[test]
fn a_clause_of_time_with_no_comma_still_says_the_next_step() {
    // As people type it: "after we're aligned write…", no comma after
    // the clause of time.
    research_then_design_doc(
        "research the options for the queue with me first. once we're settled write the design doc",
    );
    let p = plan(
        "brainstorm ideas for the onboarding flow with me. after we're aligned write the design doc",
        &[],
    );
    assert_eq!(targets(&p), ["brainstorm-ideas", "design-doc"]);
}

#[test]
fn lettered_items_are_steps_in_their_order() {
    let p = plan(
        "Launch review: please (a) look over the slides for the all-hands for typos and (b) tidy the budget spreadsheet from finance",
        &[],
    );
    assert_eq!(targets(&p), ["slides", "sheets"]);
}

#[test]
fn a_long_clause_of_the_persons_own_work_to_come_leaves_the_command() {
    // "Before I …, <command>": the person's own work, named at length or
    // ended by a colon, is when; the command after it is the first task.
    research_then_design_doc(
        "Before we hand the rollout plan over to the platform team on Friday morning, research the options for the queue with me. After that, write the design doc.",
    );
    research_then_design_doc(
        "before I sign off: research the options for the queue with me. then write the design doc",
    );
}

#[test]
fn work_asked_as_when_that_only_points_back_keeps_the_order() {
    // "after you've done that": the agent's work is the task before, so
    // the clause is a connective, not a task that goes first.
    for intent in [
        "research the options for the queue, after you've done that write the design doc",
        "research the options for the queue, once you've done that write the design doc",
        "research the options for the queue, once you're through with that, write the design doc",
        "research the options for the queue and once you have them write the design doc",
        // "before you do" is before the task just named: it goes after.
        "write the design doc, but before you do, research the options for the queue",
    ] {
        research_then_design_doc(intent);
    }
}

#[test]
fn an_unpunctuated_first_and_actually_still_say_the_step() {
    // "First research …. Second, write …": an ordinal before a verb of
    // work marks its step without a comma; "Actually …first" opens a
    // request that goes first.
    research_then_design_doc(
        "First research the options for the queue. Second, write the design doc.",
    );
    research_then_design_doc(
        "write the design doc. Actually research the options for the queue first",
    );
    // "Last," and "To finish," open the last step as "Finally," does.
    for intent in [
        "First, research the options for the queue. Then write the design doc. Last, review it cold for gaps.",
        "To start, research the options for the queue. After that, write the design doc. To finish, review it cold for gaps.",
    ] {
        let p = plan(intent, &[]);
        assert_eq!(targets(&p), ["research-options", "design-doc", "doc-review"], "{intent}");
    }
}

#[test]
fn a_task_after_and_separately_come_up_with_is_its_own() {
    // 0630964 read the design doc as more of the slides' clause and put
    // it first.
    let p = plan(
        "make the launch slides, and separately come up with a design doc for the cache",
        &[],
    );
    assert_eq!(targets(&p), ["slides", "design-doc"]);
}

#[test]
fn an_obligation_put_on_the_agent_first_goes_first() {
    // "You'll have to …" asks for the work; "…first" puts it first, an
    // aside after it ("that's where the numbers are") or not.
    for intent in [
        "push it live. you'll have to make slides from the report first.",
        "push it live. make slides from the report first, that's where the numbers are.",
    ] {
        assert_eq!(
            targets(&plan(intent, &[])),
            ["slides", "ship-it"],
            "{intent}"
        );
    }
}

#[test]
fn after_a_comma_the_agents_earlier_work_goes_before_the_whole_sentence() {
    // "X and Y, after you've Z": Z comes before X, not only before Y.
    assert_eq!(
        targets(&plan(
            "push it live and post the link in the channel, after you've made slides from the report",
            &[]
        )),
        ["slides", "ship-it"]
    );
}
