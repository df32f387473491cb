//! `re0 plan` meets the words people use for a skill's work when the
//! skill says it otherwise: asking frames ("tell me…") that are no part
//! of the work, idioms ("rip it apart", "write a failing test"), pasted
//! marks (a `TypeError`, an SQL statement), the formats and places a page
//! or `localhost` stands for, letters spelled out by voice, and messages
//! that ask for nothing. Each on
//! a small fixture catalog shaped like the real ones.

mod common;

use common::plan::*;
#[test]
fn the_verb_of_an_asking_frame_is_not_evidence() {
    // "tell" in one skill's body said nothing about the work asked for:
    // the single next move is the next-step skill's.
    assert_eq!(
        planned_in("fixtures/plan/asking-frame", "tell me the single next move"),
        ["next-step"]
    );
    // The skill whose work is named is still found beside the frame.
    assert_eq!(
        planned_in(
            "fixtures/plan/asking-frame",
            "tell me which sections are out of order and move them"
        ),
        ["reshuffle"]
    );
}

#[test]
fn a_pasted_error_tells_of_failure() {
    // No word of the prose says anything fails; the pasted TypeError does,
    // so "what's actually causing it" asks for debugging.
    let intent = "```\nTypeError: Cannot read properties of undefined (reading 'items')\n    \
                  at CartView (CartView.tsx:17:9)\n```\nit only shows up sometimes, right \
                  after login. find out what's actually causing it before you patch anything";
    assert_eq!(targets(&plan(intent, &[])), ["methodical-debugging"]);
    // Without it, the same words ask for nothing a skill here does.
    let prose = "it only shows up sometimes, right after login. find out what's actually \
                 causing it before you patch anything";
    assert!(targets(&plan(prose, &[])).is_empty());
}

#[test]
fn laughing_or_thanking_about_earlier_work_plans_nothing() {
    for intent in [
        "haha the deck you made yesterday got a standing ovation at the all-hands",
        "thanks!! the spreadsheet came out perfect, exactly what I needed",
    ] {
        assert!(targets(&plan(intent, &[])).is_empty(), "{intent}");
    }
    // The same opening before an ask still asks.
    assert_eq!(
        targets(&plan(
            "lol can you turn these numbers into a slide deck",
            &[]
        )),
        ["slides"]
    );
}

#[test]
fn an_idiom_found_in_a_description_is_evidence_of_its_own() {
    // "rip it apart" asks for the attack a critique skill's description
    // names; "it" is the doc written first.
    assert_eq!(
        planned_in(
            "fixtures/plan/idiom-work",
            "write the design doc with me, then rip it apart"
        ),
        ["design-doc", "plan-attack"]
    );
    assert_eq!(
        planned_in("fixtures/plan/idiom-work", "tear apart my migration plan"),
        ["plan-attack"]
    );
    // "what we learned" asks for the lessons a retro skill draws.
    assert_eq!(
        planned_in(
            "fixtures/plan/idiom-work",
            "the v1 attempt flopped. write down what we learned from it before anyone \
             touches the code again"
        ),
        ["cycle-retro"]
    );
}

#[test]
fn localhost_is_local() {
    // "on localhost" is the local web app one skill tests; a site that is
    // not local stays with the other.
    assert_eq!(
        planned_in(
            "fixtures/plan/localhost",
            "check the signup page in a real browser on localhost"
        ),
        ["local-web-testing"]
    );
    assert_eq!(
        planned_in(
            "fixtures/plan/localhost",
            "test the signup flow on our staging website in a browser"
        ),
        ["browser-automation"]
    );
}

#[test]
fn subtitles_are_captions() {
    // A terse description says "captions"; people say "subtitles" or name
    // the file (`.srt`).
    for intent in [
        "put subtitles from the interview audio at the bottom of the clip",
        "the editor sent a subtitle file, spot_final.srt, run those lines along the bottom",
    ] {
        assert_eq!(planned_in(REAL, intent), ["clip-captions"], "{intent}");
    }
}

#[test]
fn a_landing_page_is_an_interface() {
    // Building the page asks for its design; the words on it for copy.
    assert_eq!(
        planned_in(
            "fixtures/plan/web-pages",
            "build a landing page for my bakery that doesn't look like every other template"
        ),
        ["interface-design"]
    );
    assert_eq!(
        planned_in(
            "fixtures/plan/web-pages",
            "rewrite the headline on our landing page so it sells"
        ),
        ["sales-copy"]
    );
}

#[test]
fn something_said_to_need_work_is_a_task() {
    // "…needs trimming" asks for the trimming, though no verb commands it.
    assert_eq!(
        targets(&plan(
            "make the slides for the all-hands. also the write-up needs trimming, \
             it's full of filler",
            &[]
        )),
        ["slides", "trim-prose"]
    );
}

#[test]
fn a_pasted_sql_statement_asks_about_a_query() {
    // No word of the prose names a query; the statement does.
    assert_eq!(
        planned_in(
            "fixtures/plan/pasted-sql",
            "this takes 9s in prod: SELECT * FROM orders o JOIN customers c ON \
             c.id = o.customer_id WHERE o.status = 'open'"
        ),
        ["postgres-tuning"]
    );
}

#[test]
fn what_a_pasted_command_printed_asks_for_nothing() {
    // The `;` inside the inline SQL ends no sentence, and the arrow to
    // the plan's output is no step: "Seq Scan on decks" asks for no deck.
    assert_eq!(
        planned_in(
            "fixtures/plan/pasted-sql",
            "this takes 4s on prod: `SELECT * FROM decks WHERE owner_id = $1 LIMIT 20;` \
             EXPLAIN ANALYZE -> Seq Scan on decks (rows=3.1M), Sort Method: top-N heapsort. \
             how do I optimize this postgres query?"
        ),
        ["postgres-tuning"]
    );
}

#[test]
fn writing_a_failing_test_asks_for_test_driven_work() {
    assert_eq!(
        planned_in(
            "fixtures/plan/practices",
            "the csv parser drops quoted commas. write a failing test for it before you \
             touch the parser"
        ),
        ["tdd-workflow"]
    );
    // Of any kind: "a failing regression test".
    assert_eq!(
        planned_in(
            "fixtures/plan/practices",
            "the csv parser drops quoted commas. write a failing regression test for it before \
             you touch the parser"
        ),
        ["tdd-workflow"]
    );
    // Fixing a test that fails is no test written first.
    assert!(planned_in(
        "fixtures/plan/practices",
        "fix the failing test in the csv parser"
    )
    .is_empty());
}

#[test]
fn a_document_the_scene_names_as_a_file_is_served_by_its_format() {
    let cat = "fixtures/plan/real-shaped";
    // The work reads the spreadsheet the scene names by its file name.
    assert_eq!(
        planned_in(
            cat,
            "The quarterly numbers are in q3-results.xlsx. Build me a slide deck from them."
        ),
        ["sheets", "slides"]
    );
    // And writes the Word document the scene asks the result to be.
    assert_eq!(
        planned_in(
            cat,
            "Legal wants the contract summary as a Word document. Build me a slide deck \
             from the same points too."
        ),
        ["word-docs", "slides"]
    );
    // A format named as a topic is no file of the work.
    assert_eq!(
        planned_in(
            cat,
            "Our app syncs spreadsheets in real time. Build me a slide deck about it."
        ),
        ["slides"]
    );
}

#[test]
fn a_step_put_off_until_work_is_done_asks_for_the_work() {
    let cat = "fixtures/plan/real-shaped";
    assert_eq!(
        planned_in(
            cat,
            "don't claim it's done until you've run the build and the whole test suite"
        ),
        ["evidence-first"]
    );
    // Put off until something else happens, nothing is asked.
    assert!(planned_in(cat, "don't claim it's done until the release is out").is_empty());
}

#[test]
fn a_task_that_opens_with_a_skills_name_asks_for_that_skill() {
    // The verification skill says "before committing", but "commit it"
    // asks for the commit skill by its name, as a command.
    let cat = "fixtures/plan/list-items";
    assert_eq!(
        planned_in(
            cat,
            "rerun the suite and paste me the output, then commit it"
        ),
        ["verify-first", "commit"]
    );
    // Said as a condition on the work before, and with a ticket key whose
    // letters are no words of the request.
    assert_eq!(
        planned_in(
            cat,
            "you said it's fixed but i don't buy it. rerun the suite and paste me the output, \
             and if it's really green commit it with a message referencing GH-212"
        ),
        ["verify-first", "commit"]
    );
}

#[test]
fn work_described_by_what_it_is_for_finds_its_skill() {
    let cat = "fixtures/plan/described-work";
    // An attack described is a security review; taking over a page's
    // refactor is not.
    for intent in [
        "before launch, check whether bad actors could break into customer accounts \
         through the login code",
        "any way an attacker could take over someone's account via the reset endpoint? look hard",
    ] {
        assert_eq!(planned_in(cat, intent), ["security-audit"], "{intent}");
    }
    assert_eq!(
        planned_in(
            cat,
            "can you take over the account settings page refactor while I'm out"
        ),
        ["settings-page"]
    );
    // Questions fired one after another are the interview.
    for intent in [
        "here's my design for the sync layer. interrogate me about it until the holes show",
        "keep firing pointed questions at me about the migration plan",
    ] {
        assert_eq!(planned_in(cat, intent), ["plan-interview"], "{intent}");
    }
    // A write-up for the session after this one is a handoff, not the
    // skill whose body happens to say "fresh", "agent" and "picking".
    assert_eq!(
        planned_in(
            cat,
            "this chat is getting long. write up where we are so a fresh agent can pick this \
             up tomorrow"
        ),
        ["session-handoff"]
    );
    assert_eq!(
        planned_in(cat, "start a new chat and continue the settings page there"),
        ["settings-page"]
    );
}

#[test]
fn a_plain_explanation_asked_for_is_a_question_not_a_task() {
    let cat = "fixtures/plan/described-work";
    // Knowledge asked plainly: the skill that says "explain … in your own
    // words" is not the work.
    for intent in [
        "My linear algebra final is tomorrow. Can you explain an eigenvector in plain words?",
        "Our launch story got picked up this morning!! Nothing to do, I just had to tell someone.",
    ] {
        assert!(planned_in(cat, intent).is_empty(), "{intent}");
    }
    // Where the person is to explain, it is that skill's work.
    assert_eq!(
        planned_in(
            cat,
            "I picked redis over kafka. press me until I can explain the choice in plain words"
        ),
        ["feynman"]
    );
}

#[test]
fn an_attack_on_a_plan_said_in_other_words_finds_the_objection_skill() {
    let cat = "fixtures/plan/idiom-work";
    assert_eq!(
        planned_in(
            cat,
            "play devil's advocate on the architecture proposal before we commit to it"
        ),
        ["plan-attack"]
    );
    // "and separately" opens a task of its own, served by its own skill.
    assert_eq!(
        planned_in(
            cat,
            "write the design doc with me, and separately give me the single objection most \
             likely to kill it"
        ),
        ["design-doc", "plan-attack"]
    );
}

#[test]
fn everyday_ways_of_asking_for_a_briefing_a_leak_check_a_live_shell_or_a_fact_check() {
    let cat = "fixtures/plan/described-work";
    for (intent, skill) in [
        (
            "back from three weeks of leave. what happened on this repo while I was out?",
            "catchup",
        ),
        ("ok what did I miss on this repo", "catchup"),
        (
            "our churn model scores 0.97 AUC on the test split, which smells way too good to be \
             true. is the answer sneaking in?",
            "eval-leakage",
        ),
        (
            "open a python shell and keep it alive so we can poke at the dataframe step by step",
            "interactive-shell",
        ),
        (
            "npx create-widget-app keeps stopping with arrow-key menus and y/n prompts, can you \
             drive it through",
            "interactive-shell",
        ),
        (
            "Our post opens with 'goldfish remember for 3 seconds'. Make sure that is actually \
             true before it goes out.",
            "factchk",
        ),
        ("posts/edge.md: check the stats are real first", "factchk"),
        (
            "We score the chatbot with an LLM judge that also wrote the reference answers. Does \
             this eval measure anything, or is it just agreeing with itself?",
            "eval-leakage",
        ),
    ] {
        assert_eq!(planned_in(cat, intent), [skill], "{intent}");
    }
}

#[test]
fn the_one_next_thing_and_wrapping_up_a_branch_find_their_skills() {
    let cat = "fixtures/plan/described-work";
    assert_eq!(
        planned_in(
            cat,
            "back after a week. first catch me up on what changed, then tell me the one thing I \
             should do next"
        ),
        ["catchup", "nba"]
    );
    for intent in [
        "The export feature is done and tests are green. help me wrap up the branch",
        "tests pass now. should I merge locally or open a PR? walk me through it",
    ] {
        assert_eq!(planned_in(cat, intent), ["finishing-a-branch"], "{intent}");
    }
    assert!(planned_in(cat, "merge the PR once CI is green").is_empty());
}

#[test]
fn bloat_injection_and_copy_that_sells_said_in_everyday_words() {
    let cat = "fixtures/plan/described-work";
    for (intent, skill) in [
        (
            "this README got so wordy and full of padding, squeeze it down",
            "debloat",
        ),
        (
            "the text on our front page is limp and nobody hits the signup button, punch up the \
             words so it actually sells",
            "copywriting",
        ),
        (
            "look over db/queries.ts for anything exploitable like injection",
            "security-audit",
        ),
    ] {
        assert_eq!(planned_in(cat, intent), [skill], "{intent}");
    }
    // Other senses of the same words.
    assert!(planned_in(cat, "how do i tighten it on a single speed bike").is_empty());
    assert_eq!(
        planned_in(
            cat,
            "refactor the settings page to use dependency injection"
        ),
        ["settings-page"]
    );
}

#[test]
fn a_site_lost_from_search_and_a_page_like_a_template_find_their_skills() {
    let cat = "fixtures/plan/described-work";
    assert_eq!(
        planned_in(
            cat,
            "we moved the blog to astro in october and visits from google have fallen off a \
             cliff since. what did we break?"
        ),
        ["seo-audit"]
    );
    assert_eq!(
        planned_in(
            cat,
            "our signup page looks like every other starter template. rework it"
        ),
        ["frontend-design"]
    );
    assert_eq!(
        planned_in(
            cat,
            "use the invoice template from the wiki for the settings page"
        ),
        ["settings-page"]
    );
}

#[test]
fn doubted_feedback_staff_notes_and_tool_neutral_docs_find_their_skills() {
    let cat = "fixtures/plan/described-work";
    assert_eq!(
        planned_in(
            cat,
            "a reviewer wants me to swap my loops for recursion and i'm not convinced they're \
             right. help me weigh it before i change anything"
        ),
        ["receiving-review"]
    );
    assert_eq!(
        planned_in(
            cat,
            "launch day: a pitch for journalists, and a short company-wide announcement for the team"
        ),
        ["press-release", "internal-comms"]
    );
    assert_eq!(
        planned_in(
            cat,
            "CONTRIBUTING.md is full of '~/.cursor' paths and 'open the Cursor sidebar' steps. \
             make it editor-neutral"
        ),
        ["detool"]
    );
    assert!(planned_in(cat, "the reviewer says LGTM, ship it").is_empty());
}

#[test]
fn leaving_a_thing_as_it_is_or_stepping_away_plans_nothing() {
    for intent in [
        "Leave the slide deck as it is for now. I'll present it myself tomorrow.",
        "just leave the slides alone, I'll fix the fonts myself",
        "don't touch the deck, I'll build the slides myself. just leave the file staged.",
        "The deck came back from legal marked up in red. Anyway, coffee time, back in 20.",
    ] {
        assert!(targets(&plan(intent, &[])).is_empty(), "{intent}");
    }
    // Leaving one thing alone beside an ask still asks.
    assert_eq!(
        targets(&plan("leave the changelog alone and push it live", &[])),
        ["ship-it"]
    );
}

#[test]
fn building_a_page_is_frontend_work_and_its_copy_is_not() {
    let cat = "fixtures/plan/described-work";
    assert_eq!(
        planned_in(
            cat,
            "redesign the settings screen, it looks so generic right now"
        ),
        ["frontend-design"]
    );
    assert_eq!(
        planned_in(cat, "build the pricing page, then push it live"),
        ["frontend-design"]
    );
    assert_eq!(
        planned_in(cat, "write copy for the pricing page"),
        ["copywriting"]
    );
}

#[test]
fn a_choice_told_then_pressed_plans_the_pressing_only() {
    let cat = "fixtures/plan/described-work";
    // "make me defend it": the skill that presses a decision.
    assert_eq!(
        planned_in(cat, "I picked postgres over mongo, make me defend it"),
        ["feynman"]
    );
    // The choice told first is what the ask is about, not a task: the
    // settings page is not to be built.
    assert_eq!(
        planned_in(
            cat,
            "I picked the account settings page layout over the old one, make me defend it"
        ),
        ["feynman"]
    );
}

#[test]
fn a_thin_ask_and_a_separate_checkout_find_their_skills() {
    let cat = "fixtures/plan/described-work";
    assert_eq!(
        planned_in(
            cat,
            "dropped last quarter's exports into ./data. havent really decided what i want out \
             of them yet, have a look?"
        ),
        ["aim"]
    );
    assert_eq!(
        planned_in(
            cat,
            "I want to start the payments refactor in a separate checkout so my half-done stuff \
             here stays untouched"
        ),
        ["using-git-worktrees"]
    );
    assert!(planned_in(cat, "I'm not sure what I want for dinner").is_empty());
}

#[test]
fn writing_a_document_together_finds_the_coauthoring_skill() {
    let cat = "fixtures/plan/described-work";
    assert_eq!(
        planned_in(
            cat,
            "i want to go back and forth with you on the billing proposal until it holds up"
        ),
        ["doc-coauthoring"]
    );
    assert!(planned_in(cat, "review it section by section").is_empty());
    assert!(planned_in(
        cat,
        "we went back and forth with you on this yesterday, thanks"
    )
    .is_empty());
}

#[test]
fn naming_the_real_copy_asks_to_consolidate() {
    // "pick the canonical one, and point the rest to it": one source of
    // truth asked for, which the skill calls consolidating.
    assert_eq!(
        planned_in(
            "fixtures/plan/described-work",
            "the port is written in four docs and they disagree. pick the canonical one, and \
             point the rest to it"
        ),
        ["one-source"]
    );
}

#[test]
fn texting_shorthand_for_through_is_through() {
    assert_eq!(
        targets(&plan(
            "wanna add dark mode to the app. before anything lets talk thru what it should \
             actually do",
            &[]
        )),
        ["brainstorm-ideas"]
    );
}

#[test]
fn letters_spelled_by_voice_are_read_as_typed() {
    // Dictated words that name the file are read as typed, so the file's
    // skill is planned.
    assert_eq!(
        targets(&plan("fix the totals in budget dot x l s x", &[])),
        ["sheets"]
    );
    assert!(targets(&plan("fix the totals in the budget file", &[])).is_empty());
}

#[test]
fn a_light_verb_before_the_noun_of_the_work_asks_for_it() {
    // "do a standup", "make the brainstorm": the work is the noun after
    // the light verb, and here it is the skill's whole name.
    let c = "fixtures/plan/described-work";
    assert_eq!(planned_in(c, "please do a standup with me"), ["standup"]);
    assert_eq!(planned_in(c, "can you run the standup for us"), ["standup"]);
}

#[test]
fn what_a_text_says_is_no_word_of_a_skill() {
    // "Use when the user says…" is how a description introduces its
    // triggers: "says" in an intent ("the ticket says…") is no evidence
    // for it. e2ccfd3 took the flasher on "board" and "says".
    let says = "fixtures/plan/says";
    assert!(planned_in(says, "the ticket says the board is broken").is_empty());
    let p = plan_in(says, "the ticket says the board is broken", &["--explain"]);
    assert!(
        !p["explain"].to_string().contains("says ("),
        "{}",
        p["explain"]
    );
    // The skill whose work the rest of the sentence names is still found.
    assert_eq!(
        planned_in(says, "the CLAUDE.md still says we use jest, fix that"),
        ["memory-file-audit"]
    );
}

#[test]
fn a_source_files_extension_names_its_language() {
    // `.rs` is Rust as `.py` is Python: the file says which family's
    // test skill the work is for.
    let at = "fixtures/plan/languages";
    assert_eq!(
        planned_in(
            at,
            "write tests for the tokenizer in src/lexer.rs, it drops the last token"
        ),
        ["rust-tests"]
    );
    assert_eq!(
        planned_in(
            at,
            "write tests for the tokenizer in app/lexer.py, it drops the last token"
        ),
        ["python-tests"]
    );
}

#[test]
fn a_noun_in_age_meets_its_verb() {
    // The auditor says "leakage"; the person asks whether it "leaks".
    assert_eq!(
        planned_in(
            "fixtures/plan/described-work",
            "check whether the benchmark leaks test answers into the prompts"
        ),
        ["eval-leakage"]
    );
}

#[test]
fn finding_the_cause_of_a_failure_is_debugging() {
    let at = "fixtures/plan/real-shaped";
    assert_eq!(
        planned_in(
            at,
            "my local app throws an exception on startup, find the cause"
        ),
        ["methodical-debugging"]
    );
}

#[test]
fn getting_the_site_online_is_a_deploy() {
    assert_eq!(
        planned_in(
            "fixtures/plan/rules",
            "get our site online, the build is green"
        ),
        ["deploy-site"]
    );
}
