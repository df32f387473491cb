//! How `re0 plan` reads an intent as people type it: scenes and the
//! request in them, sentences after one another, pasted text, word forms,
//! versions, names written as one word, bodies as details.

mod common;

use common::plan::*;

#[test]
fn a_clause_that_says_it_counts_the_words_it_stands_for() {
    // "execute it": "it" is the plan the sentence before names, so the
    // skill for executing a plan has two words of evidence, not one. A
    // skill matching only the words "it" stands for is not taken for it.
    assert_eq!(
        planned_in(
            "fixtures/plan/pronoun",
            "we have the implementation plan for offline sync; execute it"
        ),
        ["running-plans"]
    );
}

#[test]
fn a_skill_that_matches_only_what_it_stands_for_does_not_serve_the_clause() {
    // The skill chosen for writing the plan matches "it" (the plan) but not
    // "execute": the clause has a word of its own, and its own skill.
    assert_eq!(
        planned_in(
            "fixtures/plan/pronoun",
            "write an implementation plan from the sync spec, then execute it"
        ),
        ["outline-plans", "running-plans"]
    );
}

#[test]
fn a_request_that_ends_on_this_borrows_the_scene_before_it() {
    // The sentences before "How do we fix this?" only set the scene; "this"
    // is the churn from failed payments, so that skill serves the request.
    // "one" points back the same way.
    for (intent, want) in [
        (
            "We keep losing customers because their cards expire. \
             About 15% of our churn is from failed payments. How do we fix this?",
            "payment-recovery",
        ),
        (
            "Our paid ads feel stale. Can you write a fresh one?",
            "ad-copy",
        ),
    ] {
        assert_eq!(
            planned_in("fixtures/plan/refer-back", intent),
            [want],
            "{intent}"
        );
    }
}

#[test]
fn a_question_about_our_own_work_is_the_ask_and_the_rest_its_scene() {
    // No sentence asks for work outright; the question about the person's
    // own plans is the ask. What they sell is its scene, not a task for the
    // lead-list skill, wherever it stands.
    for intent in [
        "Should we advertise on TikTok? We sell accounting software to small businesses.",
        "We sell accounting software to small businesses. Should we advertise on TikTok?",
        "Which platforms should we advertise on? We sell bookkeeping software \
         to dental clinics. Our current ads run on Google.",
    ] {
        assert_eq!(
            planned_in("fixtures/plan/own-question", intent),
            ["paid-ads"],
            "{intent}"
        );
    }
    // A question that names no work ("What do we do now?") leaves the
    // scene to say what the work is.
    assert_eq!(
        planned_in(
            "fixtures/plan/own-question",
            "Our launch flopped. We launched two weeks ago and got 40 signups. \
             What do we do now?"
        ),
        ["launch-plan"]
    );
    // Asking what the agent would do asks about the person's own things
    // (0a4b781 read it as a question of knowledge and planned nothing).
    for intent in [
        "The GitHub Actions run fails on my pull request at the lint step. What would you change?",
        "The GitHub Actions run fails on my pull request at the lint step. Which fix would you suggest?",
    ] {
        assert_eq!(targets(&plan(intent, &[])), ["fix-ci"], "{intent}");
    }
}

#[test]
fn the_first_sentence_states_the_request_the_next_elaborate() {
    // "I want to see how the pricing page does too" is what to watch in the
    // experiment the first sentence asks for: its skill, with under 0.7 of
    // the experiment skill's evidence, is no second task.
    assert_eq!(
        planned_in(
            "fixtures/plan/one-request",
            "Run a multivariate experiment on the signup flow headlines. \
             I want to see how the pricing page does too."
        ),
        ["ab-testing"]
    );
    // Two requests of their own, each well evidenced, both stay.
    assert_eq!(
        planned_in(
            "fixtures/plan/one-request",
            "Plan an A/B test of the signup flow headlines. \
             I want the pricing tiers packaged better as well."
        ),
        ["ab-testing", "pricing-page"]
    );
}

#[test]
fn it_after_a_scene_stands_for_the_whole_scene() {
    // "it" is the CRM data two sentences back, not the complaint just
    // before it: the clean-up skill, not the one that reports on the data.
    assert_eq!(
        planned_in(
            "fixtures/plan/own-question",
            "Our CRM data is a mess. Sales complain every week. How do we fix it?"
        ),
        ["crm-hygiene"]
    );
}

#[test]
fn a_request_read_whole_finds_the_skill_its_scene_names() {
    // No sentence alone names the work: the first two only set the scene,
    // and the request holds no word of any skill. Read whole, the request
    // is the community skill's.
    for (intent, want) in [
        (
            "Our forum has gone quiet. Members joined last spring \
             but most stopped posting. Can you help us turn things around?",
            &["community-growth"][..],
        ),
        // A question beside the request is part of it, read whole.
        (
            "What keeps forum members posting in an online community? \
             I want ours to grow.",
            &["community-growth"][..],
        ),
        // A scene that names no skill's work strongly enough stays empty.
        (
            "We had a long week. Can you help us turn things around?",
            &[][..],
        ),
    ] {
        assert_eq!(
            planned_in("fixtures/plan/refer-back", intent),
            want,
            "{intent}"
        );
    }
}

#[test]
fn pasted_text_in_quotes_is_what_the_work_is_on() {
    // The quoted headline's words belong to the debugging skill, but they
    // are the material: the request is to rewrite an ad's headline.
    assert_eq!(
        planned_in(
            "fixtures/plan/refer-back",
            "Rewrite this headline: 'Find the root cause of every bug \
             before your tests fail.' It runs on our paid ads.",
        ),
        ["ad-copy"]
    );
}

#[test]
fn an_agent_noun_meets_its_verb() {
    // "reader" is the skill's "reads": with "guide" that is two words of
    // the cold-read skill, not one.
    assert_eq!(
        planned_in(
            "fixtures/plan/word-forms",
            "get a new reader to go over our onboarding guide"
        ),
        ["cold-read"]
    );
}

#[test]
fn a_listed_task_may_name_its_skill_by_one_word() {
    // "cut the release" is one of the tasks the sentence lists: the one
    // word of the skill's name is enough there. Alone it is too, as what
    // the command acts on ("cut" is a command since 3ad3a93, as "review
    // the release" was before). A clause holding one name word that no
    // command acts on takes nothing on it.
    for (intent, want) in [
        (
            "review the contributor's PR and land it, then cut the release",
            &["land-pr", "release"][..],
        ),
        ("cut the release", &["release"][..]),
        ("the release went out late", &[][..]),
        ("write about the release", &[][..]),
    ] {
        assert_eq!(
            planned_in("fixtures/plan/listed-tasks", intent),
            want,
            "{intent}"
        );
    }
}

#[test]
fn sentences_after_one_another_are_one_request() {
    // The second sentence says what else to watch; its one strong skill
    // has under half the first's evidence, so it is not a second task.
    let p = plan_in(
        "fixtures/plan/one-request",
        "We want to test four headline variants on the landing page and the \
         signup flow as a multivariate experiment. We want to see the effect \
         on pricing tiers too.",
        &["--explain"],
    );
    assert_eq!(targets(&p), ["ab-testing"]);
    let why = candidate(&p, "pricing-page")["why"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        why.contains("elaborates the request ab-testing serves"),
        "{why}"
    );
}

#[test]
fn a_task_cut_off_by_then_is_a_step_not_an_elaboration() {
    // The second sentence lists two tasks in order: the one after "then"
    // is asked for, however little evidence it has beside the first.
    assert_eq!(
        planned_in(
            "fixtures/plan/real-shaped",
            "rebase stopped w/ `CONFLICT (content): Merge conflict in src/api/client.ts`. \
             sort that out, then push and keep at the pull request till the checks pass"
        ),
        ["settling-merge-conflicts", "fix-ci"]
    );
}

#[test]
fn a_version_number_says_which_one() {
    // Numbers alone say how much ("10 bullet points"); after a name they
    // say which: Node 20 to 22 is not Node 18 to 20.
    for (intent, want) in [
        (
            "upgrade our api from Node 18 to Node 20",
            &["node18-to-node20"][..],
        ),
        (
            "move the service to Node 22, it is on Node 20 now",
            &["node20-to-node22"][..],
        ),
        (
            "take the service from Node.js 20 to Node.js 22",
            &["node20-to-node22"][..],
        ),
        (
            "write 10 bullet points of release notes for v2",
            &["release-notes"][..],
        ),
    ] {
        assert_eq!(
            planned_in("fixtures/plan/versions", intent),
            want,
            "{intent}"
        );
    }
}

#[test]
fn two_words_the_name_writes_as_one_find_it() {
    // "web app" is `webapp`, "spell-check" shortened is `spellchk`: the
    // skill the person named in two words wins over one that merely
    // shares them, in a single clause and in an ordered request.
    let c = "fixtures/plan/compounds";
    assert_eq!(
        planned_in(c, "test my web app in the browser"),
        ["webapp-checks"]
    );
    assert_eq!(planned_in(c, "spell-check the changelog"), ["spellchk"]);
    assert_eq!(
        planned_in(
            c,
            "spell-check the docs, then write the changelog for the release"
        ),
        ["spellchk", "changelog-writer"]
    );
    // A clause with strong evidence of its own is not served by the skill
    // of the clause beside it, though that one holds its words too.
    assert_eq!(
        planned_in(
            c,
            "spell check the changelog, then update it for the release"
        ),
        ["spellchk", "changelog-writer"]
    );
    // The words apart still mean what they mean.
    assert_eq!(
        planned_in(c, "automate the browser to fill the signup form"),
        ["browser-automation"]
    );
    assert!(planned_in(c, "the facts check out, thanks").is_empty());
    // --explain shows the two words as the match of the name.
    let p = plan_in(c, "spell-check the changelog", &["--explain"]);
    let matched = candidate(&p, "spellchk")["matched"].to_string();
    assert!(matched.contains("spell check (name)"), "{matched}");
}

#[test]
fn what_a_piece_is_about_is_not_what_it_is() {
    // The words after "about" are the topic: context, not the ask.
    assert!(planned_in(REAL, "write a haiku about spreadsheets").is_empty());
    assert!(planned_in(REAL, "write a short story about slides and sheets").is_empty());
    // The ask around the topic still counts, and so does "about 20".
    assert_eq!(
        planned_in(REAL, "make a spreadsheet about our 20 vendors"),
        ["sheets"]
    );
    assert_eq!(
        planned_in(REAL, "make a spreadsheet of about 20 vendors"),
        ["sheets"]
    );
    // --explain says why the spreadsheet skill was not taken.
    let p = plan("write a haiku about spreadsheets", &["--explain"]);
    let why = candidate(&p, "sheets")["why"].as_str().unwrap().to_string();
    assert!(
        why.contains("only what 'write a haiku about spreadsheets' is about or goes without ('spreadsheets')"),
        "{why}"
    );
}

#[test]
fn two_words_found_only_in_a_body_are_details_not_the_job() {
    // The GIF maker's body says to keep the image size small; that does not
    // make "reduce my docker image size" its work. Words of its description
    // still choose it.
    let c = "fixtures/plan/body-details";
    assert!(planned_in(c, "reduce my docker image size").is_empty());
    let p = plan_in(c, "reduce my docker image size", &["--explain"]);
    let why = candidate(&p, "gif-maker")["why"].as_str().unwrap();
    assert!(why.contains("found only in its body"), "{why}");
    assert_eq!(
        planned_in(c, "make a reaction gif of our cat"),
        ["gif-maker"]
    );
}

#[test]
fn one_word_of_a_longer_trigger_is_not_a_trigger() {
    // "app store listing" is declared; "list" alone is not a call for the
    // store skill. The whole phrase, and a one-word trigger, still are.
    let c = "fixtures/plan/trigger-lists";
    assert!(planned_in(c, "How do I sort a list in Python?").is_empty());
    assert_eq!(
        planned_in(c, "improve our app store listing"),
        ["store-listing"]
    );
    assert_eq!(planned_in(c, "we need ASO help"), ["store-listing"]);
}

#[test]
fn a_fragment_whose_words_the_chosen_skill_holds_is_served_by_it() {
    // "…docx and remove the comments": the docx skill's description lists
    // comments, so the fragment asks it for more of its work, not for the
    // PR-comment skill whose name says "comments" (its evidence is far
    // above the docx skill's for that clause alone).
    let c = "fixtures/plan/served";
    assert_eq!(
        planned_in(
            c,
            "accept all the tracked changes in contract.docx and remove the comments"
        ),
        ["word-documents"]
    );
    let why = why_of(
        c,
        "accept all the tracked changes in contract.docx and remove the comments",
        "address-comments",
    );
    assert!(why.contains("served by word-documents"), "{why}");
    // A clause that asks for the other skill's own work keeps it.
    assert_eq!(
        planned_in(
            c,
            "accept the tracked changes in contract.docx, then address the review comments on my PR"
        ),
        ["word-documents", "address-comments"]
    );
    assert_eq!(
        planned_in(c, "address the review comments on my pull request"),
        ["address-comments"]
    );
    // An item of a numbered list too, when the skill beside it holds all
    // its words.
    assert_eq!(
        planned_in(
            c,
            "1. accept all the tracked changes in contract.docx 2. remove the comments"
        ),
        ["word-documents"]
    );
}

#[test]
fn a_named_format_takes_its_skill_beside_the_one_doing_the_work() {
    // "…on the quarterly deck": the brand skill does the work, and the
    // deck is a file the slide skill reads and writes, though its evidence
    // is under the usual share of the first skill's.
    let c = "fixtures/plan/served";
    assert_eq!(
        planned_in(c, "put our brand colors on the quarterly deck"),
        ["brand-colors", "slide-decks"]
    );
    let why = why_of(
        c,
        "put our brand colors on the quarterly deck",
        "slide-decks",
    );
    assert!(why.contains("also serves"), "{why}");
    // No format named, no second skill.
    assert_eq!(
        planned_in(c, "put our brand colors on the new website"),
        ["brand-colors"]
    );
}

#[test]
fn what_the_person_goes_without_is_not_asked_for() {
    // Words after "without" or "don't have" are context, not the work.
    let c = "fixtures/plan/without";
    for intent in [
        "make a demo video of my CLI, but I don't have any MCP servers installed",
        "make a demo video of my CLI without any MCP servers",
    ] {
        assert_eq!(planned_in(c, intent), ["demo-video"], "{intent}");
    }
    assert!(planned_in(c, "grow signups without spending money on ads").is_empty());
    // The same words asked for still select.
    assert_eq!(
        planned_in(c, "build an MCP server for our billing API"),
        ["mcp-server-builder"]
    );
    assert_eq!(
        planned_in(c, "plan our spending on ads for next quarter"),
        ["paid-ads"]
    );
    let why = why_of(
        c,
        "make a demo video of my CLI without any MCP servers",
        "mcp-server-builder",
    );
    assert!(why.contains("goes without ('mcp'"), "{why}");
}

#[test]
fn test_first_is_the_practice_a_tdd_skill_is_named_for() {
    // "test-first", "test driven" and "red green" are TDD, which a skill
    // may carry only in its name (`tdd-workflow`, `test-driven-development`).
    let c = "fixtures/plan/practices";
    for intent in [
        "add the search box test-first",
        "red green refactor the csv parser",
        "build the parser test driven",
        "use TDD for the date picker",
    ] {
        assert_eq!(planned_in(c, intent), ["tdd-workflow"], "{intent}");
    }
    assert_eq!(
        planned_in(c, "test the login page in a browser on localhost"),
        ["browser-testing"]
    );
    // "the tests first" orders the work; it does not ask for TDD.
    assert_eq!(
        planned_in(c, "run the tests first, then write the release notes"),
        ["release-notes"]
    );
}

#[test]
fn what_it_stands_for_is_served_and_the_new_work_takes_its_own_skill() {
    // "…, then build the powerpoint using it": "it" is the theme the first
    // clause's skill serves; the deck skill fits the new work's own words
    // better, though the theme skill also holds "deck" and the borrowed
    // words put it first for that clause.
    let c = "fixtures/plan/hand-on";
    assert_eq!(
        planned_in(
            c,
            "pick a theme for the deck first, colors and fonts, then build the powerpoint using it"
        ),
        ["deck-themes", "slide-decks"]
    );
    assert_eq!(
        planned_in(c, "debug the crash, then fix it with a failing test first"),
        ["bug-hunt", "test-first"]
    );
    // More of the same work on it stays with the skill doing it.
    assert_eq!(
        planned_in(c, "pick a theme for the deck, then tweak its colors"),
        ["deck-themes"]
    );
    assert_eq!(
        planned_in(c, "find the root cause of the crash, then fix it"),
        ["bug-hunt"]
    );
}

#[test]
fn a_verb_beyond_the_lists_after_a_comma_opens_a_task_of_its_own() {
    // "…, plus give me a snippet…": "give" is on no list of task verbs, but
    // a word that is no function word, followed by a new object ("me", "a",
    // "the"), opens a command. The two tasks come in the order asked, with
    // the order's provenance; before, the sentence was one clause and the
    // skills came in relevance order.
    let p = plan_in(
        "fixtures/plan/unlisted-verbs",
        "scaffold an mcp server for our inventory service, plus give me a snippet \
         calling the model api with prompt caching",
        &[],
    );
    assert_eq!(targets(&p), ["server-scaffold", "model-api"]);
    assert_eq!(
        links(&p, "model-api"),
        [("s1".to_string(), "intent-order".to_string())]
    );
}

#[test]
fn a_pronoun_or_a_prohibition_after_a_comma_goes_on_with_the_task_before() {
    // "squeeze it down" refers back and "don't touch any other files" bounds
    // the work: neither is a second task, so one skill serves the request,
    // though file-sweep's description says "other files touched" (cut as a
    // task of its own, that piece takes it).
    assert_eq!(
        planned_in(
            "fixtures/plan/unlisted-verbs",
            "the readme got wordy, squeeze it down and keep what it says, \
             don't touch any other files"
        ),
        ["tidy-prose"]
    );
}

#[test]
fn an_item_of_a_list_is_asked_for_by_its_mark() {
    // 0a4b781 let the verification skill, whose description says "before
    // committing", serve "3. commit it"; the commit skill was not planned.
    assert_eq!(
        planned_in(
            "fixtures/plan/list-items",
            "1. find the cause of the rounding bug 2. before you say it's fixed, \
             run the tests and show me the output 3. commit it"
        ),
        ["root-cause", "verify-first", "commit"]
    );
}

#[test]
fn a_test_named_first_is_no_command_to_test() {
    // "test_invoice_totals passes locally but fails…" opens with an
    // identifier, not the verb "test": it sets the scene of the ask, and
    // the CI skill is not taken for it.
    assert_eq!(
        targets(&plan(
            "test_invoice_totals passes locally but fails 1 in 5 runs in CI. I want the actual \
             cause nailed down",
            &[]
        )),
        ["methodical-debugging"]
    );
}
