//! `re0 plan` plans nothing for intents that ask for no skill's work,
//! on a catalog shaped like the real ones: questions and near misses,
//! venting and thanks, work the person does themselves or forbids, a
//! folder named only as where a file lives. Moved from `plan_real.rs`.

mod common;

use common::plan::*;

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
        assert_plans_nothing(intent);
    }
}

#[test]
fn an_intent_that_wants_no_work_done_plans_zero_steps() {
    // The statement alone is read as a problem to work on ...
    let statement = "the CI checks on my pull request failed again overnight";
    assert_eq!(targets(&plan(statement, &[])), ["fix-ci"]);
    assert_eq!(
        targets(&plan(
            "the slides for the all-hands need a closing slide",
            &[]
        )),
        ["slides"]
    );
    // ... and not when the person says they want nothing done.
    for intent in [
        "the CI checks on my pull request failed again overnight, just venting",
        "the slides for the all-hands look great. that's all for today, thanks",
        "CI checks on the pull request keep failing. not asking for anything, just venting",
        "lol the slides at the all-hands were bullet points only. I just needed to vent",
        "what's the difference between a deck and slides? not doing anything, just want to understand it",
        "the slides for the all-hands went over well, nice work everyone",
        "the slides for the all-hands look great. just sharing",
    ] {
        assert_plans_nothing(intent);
    }
    // --explain says why the skill that fits is not taken.
    let p = plan(&format!("{statement}, just venting"), &["--explain"]);
    let row = p["explain"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["skill"] == "fix-ci"))
        .expect("fix-ci is explained");
    assert!(
        row["why"].as_str().unwrap().contains("wants no work done"),
        "{row}"
    );
    // A request beside those words still asks.
    for intent in [
        "just curious, the CI checks on my pull request failed again, fix them",
        "just venting. Anyway, can you fix the CI checks on my pull request?",
        "fix the failing CI checks on my pull request, that's all for today",
        "just curious whether you could fix the CI checks on my pull request",
        // Signing off is no decline: the work may go on meanwhile.
        "the CI checks on my pull request failed again overnight. brb",
        "the CI checks on my pull request failed again overnight. just sharing",
        // Only part of the work is declined.
        "not asking for anything fancy, the CI checks on my pull request failed again",
        // A task cut from the sentence, or a question that names work.
        "just curious, the CI checks on my pull request failed and fix them",
        "need to vent: the CI checks on my pull request failed again. any way to fix that?",
    ] {
        assert_eq!(targets(&plan(intent, &[])), ["fix-ci"], "{intent}");
    }
}

#[test]
fn doing_the_work_oneself_or_taking_it_back_plans_zero_steps() {
    // Each of these names the work a skill does, and says it is not wanted
    // of the agent: the person does it, did it, or takes the ask back.
    for intent in [
        "I'll fix the CI checks on my pull request myself later, no need for you to touch it",
        "fyi I went ahead and fixed the CI checks on my pull request myself, so nothing for you to do there",
        "the slides for the all-hands still need work. I'm doing them myself tomorrow, just needed to vent for a sec",
        "Never mind the slides for the all-hands from earlier. I finished them, so ignore that request.",
        "the slides went down great at the all-hands. no changes needed, just wanted to say thanks",
        "I'm fixing the CI checks on my pull request by hand, so please don't touch anything.",
        "I am fixing the CI checks on my pull request manually tonight.",
        "how are slides different from a deck? not asking you to do anything in the repo, I just want to understand it before my talk tomorrow",
        // 63e4dfd planned these: sparing the agent a task ("no need to …")
        // beside declining the rest, and "don't run anything".
        "no need to touch the budget spreadsheet, I already fixed the formulas by hand. just so you know",
        "fyi I'll write the slides myself this weekend, no need to draft anything. just letting you know the talk moved",
        "what's the difference between a merge and a rebase when they stop on conflicts? just curious, don't run anything",
        // 0a4b781 planned these: the sentence beside a question of
        // knowledge is its scene, and "not fixing anything" declines.
        "what does CI even stand for? my manager keeps saying the CI checks on our pull request failed",
        "What's the difference between a merge and a rebase? My team keeps stopping on conflicts.",
        "is the free tier of GitHub Actions ok for pull request checks? not fixing anything, just wondering",
    ] {
        assert_plans_nothing(intent);
    }
    // Work the person did is a scene, and a request beside it still asks.
    for (intent, skill) in [
        // 63e4dfd also planned the spreadsheet skill.
        (
            "no need to touch the spreadsheet, just fix the failing CI on my PR",
            "fix-ci",
        ),
        (
            "I'll do the slides myself. Now fix the CI checks on my pull request.",
            "fix-ci",
        ),
        (
            "I'm doing the slides myself; you fix the CI checks on my pull request.",
            "fix-ci",
        ),
        (
            "I fixed the CI checks on my pull request myself and they failed again",
            "fix-ci",
        ),
        (
            "I am rerunning the CI checks on my pull request manually and they fail",
            "fix-ci",
        ),
        (
            "I'm updating the slides for the all-hands by hand; you fix the CI checks on my pull request",
            "fix-ci",
        ),
        (
            "I'll do the slides myself, but fix the CI checks on my pull request",
            "fix-ci",
        ),
        (
            "never mind the slides, fix the CI checks on my pull request instead",
            "fix-ci",
        ),
        (
            "no need for you to touch the slides. fix the CI checks on my pull request",
            "fix-ci",
        ),
    ] {
        assert_eq!(targets(&plan(intent, &[])), [skill], "{intent}");
    }
}

#[test]
fn the_folder_a_file_lives_in_asks_for_nothing() {
    // "docs" is only where the file lives: no design document is asked for.
    let p = plan("tighten the wording in docs/onboarding.md", &[]);
    assert!(!targets(&p).contains(&"design-doc".to_string()), "{p}");
    // Named as the work, the same word still asks.
    let p = plan("write the design docs for the onboarding flow", &[]);
    assert_eq!(targets(&p), ["design-doc"]);
}

#[test]
fn a_clause_that_only_forbids_asks_for_nothing() {
    for (intent, want) in [
        (
            "Don't touch the slides for the all-hands, fix the CI checks on my pull request",
            vec!["fix-ci"],
        ),
        ("Don't touch the slides for the all-hands.", vec![]),
        (
            "the deck renders blank since the update. Don't start patching things, find the actual cause first.",
            vec!["methodical-debugging"],
        ),
        // A refusal ends at a mark: what follows it is asked.
        (
            "Don't touch the slides for the all-hands — fix the CI checks on my pull request",
            vec!["fix-ci"],
        ),
        (
            "don't merge yet, please fix the CI checks on my pull request first",
            vec!["fix-ci"],
        ),
        (
            "skip the slides for the all-hands, focus on the CI checks on my pull request",
            vec!["fix-ci"],
        ),
        // Not what someone else never did.
        (
            "have someone who's never seen the slides for the all-hands review them cold",
            vec!["slides"],
        ),
    ] {
        assert_eq!(targets(&plan(intent, &[])), want, "{intent}");
    }
}

#[test]
fn work_the_person_forbids_selects_nothing() {
    // "don't …" names work the person does not want: its words are context.
    for intent in [
        "compare the options for the message queue, but don't take meeting notes on it",
        "compare the options for the message queue and dont send the meeting notes to anyone",
        "hold off on the meeting notes, compare the options for the message queue",
        "compare the options for the message queue; skip the meeting notes",
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
fn a_ticket_or_a_dictated_note_with_nothing_to_do_plans_nothing() {
    for intent in [
        // Pasted from a tracker: a title, then what was resolved.
        "SLIDES-12: All-hands slides (won't do)\nResolution: Won't fix. Closing, nothing to draft.",
        "CI-7: checks on the pull request failed overnight\nAlready rerun and green. Nothing for anyone to do in this ticket.",
        // Typed by voice: two declines and no mark between them.
        "so yeah the slides for the all-hands went fine, just thinking out loud don't make anything yet",
        "okay so the CI checks on my pull request are green again, just letting you know",
    ] {
        assert_plans_nothing(intent);
    }
    // A ticket with something left to do still asks for it.
    assert_eq!(
        targets(&plan(
            "CI-8: checks on the pull request failed overnight\nNothing to do on the docs. Fix the failing CI checks.",
            &[]
        )),
        ["fix-ci"]
    );
}

#[test]
fn what_the_agent_is_spared_in_a_request_is_no_evidence() {
    // The spreadsheet is named only to be left alone.
    for intent in [
        "Make the slides for the all-hands, no need to touch the spreadsheet.",
        "Make the slides for the all-hands, but leave the spreadsheet from finance alone.",
    ] {
        assert_eq!(targets(&plan(intent, &[])), ["slides"], "{intent}");
    }
}

#[test]
fn a_note_that_only_informs_or_weighs_a_choice_plans_nothing() {
    for intent in [
        "fyi: the CI checks on my pull request went green overnight",
        "no action, just logging that the CI checks on my pull request passed",
        "q: slides vs a spreadsheet for the all-hands numbers?",
    ] {
        assert_plans_nothing(intent);
    }
    // Informing of something failing still asks for it to be worked on.
    assert_eq!(
        targets(&plan(
            "fyi the CI checks on my pull request are red again",
            &[]
        )),
        ["fix-ci"]
    );
}

#[test]
fn a_report_of_finished_work_plans_zero_steps() {
    // Work already done, told and nothing asked: a finished state, a
    // perfect passive, ticked boxes, a decline in full forms.
    for intent in [
        "the slides for the all-hands are done",
        "the CI checks on my pull request went green overnight and the branch has since been merged",
        "- [x] slides shared in #leadership\n- [x] sheet updated\nAll done on my side, closing this out.",
        "Thank you ever so much for the slides yesterday; the report has now been submitted.",
        "I have decided against producing slides for the all-hands after all.",
        "I think I shall fix the CI myself tonight. No action is required on your part.",
        // "is" said short. 06ded2f planned the CI fixer.
        "CI's green on the pull request now, merged it. thx!",
    ] {
        assert_plans_nothing(intent);
    }
    // Trouble told beside it, or a request, is still work.
    assert_eq!(
        targets(&plan(
            "the CI checks went green on main but failed again on my pull request",
            &[]
        )),
        ["fix-ci"]
    );
    assert_eq!(
        targets(&plan("the sheet is done, now turn it into slides", &[])),
        ["slides"]
    );
}

#[test]
fn work_not_being_done_or_not_needed_plans_zero_steps() {
    for intent in [
        "Decision from planning: we're **not** doing the CI fix this sprint. Leaving this here for the record.",
        "No thanks, we don't need slides right now.",
        "The spreadsheet and the slides are final. Neither needs changes, just don't mix them up.",
        // An aside, and a question whose "these days" names no thing of
        // the person's.
        "Random question: is a 40-tab spreadsheet considered big these days?",
        "Would you say, in your considered opinion, that slides are a defensible way to teach?",
        // An opinion told, and asked to be weighed.
        "Honestly I think slides are overrated for a team of five. Am I wrong?",
    ] {
        assert_plans_nothing(intent);
    }
    assert_eq!(
        targets(&plan(
            "Honestly I think slides are overrated for a team of five. Am I wrong? Make the deck anyway.",
            &[]
        )),
        ["slides"]
    );
    // An outcome that is missing is a problem to work on.
    assert_eq!(
        targets(&plan(
            "we're not getting the CI checks on my pull request to pass",
            &[]
        )),
        ["fix-ci"]
    );
}

#[test]
fn an_email_reporting_work_the_person_did_plans_zero_steps() {
    // A greeting and a sign-off around a heads-up of work done by hand.
    assert_plans_nothing(
        "Hi team, Just a heads-up that I ran the release checklist and published it myself this morning, so there's no need to do it. Best, Irene",
    );
    assert_plans_nothing(
        "Hi all, Status update: CI on the release branch is green again after the flaky test fix, and the PR has two approvals. Nothing needed from you. Thanks, Omar",
    );
    // The same frame around a request still asks.
    assert_eq!(
        targets(&plan(
            "Hi team, could you fix the failing CI checks this morning? Best, Irene",
            &[]
        )),
        ["fix-ci"]
    );
}

#[test]
fn a_skill_named_only_to_decline_it_is_not_taken() {
    assert_plans_nothing("no need to run /ship-it, I published it myself");
    assert_plans_nothing("fyi /ship-it already went out, nothing needed from you");
    assert_eq!(
        targets(&plan("run /ship-it, then nothing else", &[])),
        ["ship-it"]
    );
}

#[test]
fn a_lead_that_informs_or_a_task_not_to_bother_with_plans_zero_steps() {
    // "fyi" is no verb before its object.
    assert_plans_nothing("fyi the merge conflicts on the release branch are settled.");
    assert_plans_nothing("Don't bother with the slides, the talk got cancelled this morning.");
    assert_eq!(
        targets(&plan(
            "Don't bother with the slides, make the spreadsheet instead.",
            &[]
        )),
        ["sheets"]
    );
}

#[test]
fn a_want_denied_or_nothing_needed_beside_a_question_plans_zero_steps() {
    assert_plans_nothing(
        "Are slides still worth the effort for a team of five? Purely curious, no need to make anything.",
    );
    // "I didn't want to ask" wants nothing: the question asks to know.
    assert_plans_nothing(
        "What does CI stand for? My lead kept saying the CI checks fail and I didn't want to ask.",
    );
    // Work spared is no part of the ask.
    assert_eq!(
        targets(&plan(
            "we don't need to touch the slides today, just settle the merge conflicts",
            &[]
        )),
        ["settling-merge-conflicts"]
    );
}

#[test]
fn informing_forbidding_and_answers_asked_briefly_plan_zero_steps() {
    for intent in [
        // "Update:" labels news; it is no command to update anything.
        "Update: the all-hands slides went over great, 40 people joined. Nothing needed, just sharing.",
        // A decline said of one thing, after a preposition.
        "No changes needed for the slides there, resolving the thread.",
        "the slides for the all-hands went fine, not doing anything more with them today",
        "I rebuilt the deck by hand last night, just FYI for the ticket.",
        // Work named and put off.
        "ill need a powerpoint deck for the all-hands next week but hold off for now, ill send the numbers later",
        // A reminder of the person's own work later.
        "remind me to print the powerpoint deck before i leave tonight",
        // A question about the world, and why it is asked.
        "In two sentences, what's a slide master in PowerPoint? I'm just trying to follow a talk I'm watching.",
        // Only what happened, in the past, nothing asked.
        "the powerpoint at yesterday's all-hands was so boring i almost fell asleep",
        "the slides you made last week went down great with the board haha",
        // News passed on, and an answer asked for directly.
        "The all-hands slides went out on Monday and people liked them; Sara said they were the clearest yet. Just passing that on.",
        "Quick one, just answer directly: in PowerPoint, will a slide master apply to slides already made? Yes/no and why.",
        // A report, and a sentence that says all is well now.
        "the powerpoint deck is already exported and all the slides are reviewed. we're good, just wanted to say it works great",
        // How it was fixed, then that it works now.
        "my slide deck export stopped cropping the charts after i updated the theme. works great now",
        // One piece of work forbidden, nothing asked instead.
        "the slides for the all-hands are final, don't edit them. I'll present them tomorrow.",
        "the slides for the all-hands are final, please don't edit them.",
        "we are NOT doing the node 20 migration this sprint, ignore the deprecation warnings.",
        // A question asked after a dash, an answer asked in a few lines,
        // and the person double-checking what they were told.
        "quick one - is a pptx file just a zip archive?",
        "what does a merge conflict marker mean? heard it looks scary, explain in a couple lines",
        "we already have the deck done, I just want to double-check when the all-hands starts",
        // The answer to the question asked beside it, briefly.
        "whats the actual difference between slides and a design doc these days? just answer, dont need a whole course on it",
        "is a pptx deck better than a pdf for the all-hands? short answer please",
        "is a pptx deck billed per seat or per file? finance is asking, just need a straight answer not a deck change",
        "does the pptx skill read fonts from the template too? not asking u to change the deck, just wanna know",
        // Why the person asks, then the question after a colon.
        "Just so I can put it in the all-hands deck: when does daylight saving time end in Europe?",
    ] {
        assert_plans_nothing(intent);
    }
}

#[test]
fn a_forbidding_leaves_the_work_asked_or_failing_beside_it() {
    // Something failing is the work, whatever else is forbidden.
    assert_eq!(
        targets(&plan(
            "the CI checks on my pull request keep failing. don't merge the branch.",
            &[]
        )),
        ["fix-ci"]
    );
    // Two verbs forbidden and asked: the second is work.
    assert_eq!(
        targets(&plan(
            "the slides for the all-hands are final, don't touch them or fix the typos.",
            &[]
        )),
        ["slides"]
    );
    // "Use <skill> to …" asks, and a forbidding beside it takes nothing away.
    assert_eq!(
        targets(&plan(
            "Use sheets to build the budget table. Do not send it to finance.",
            &[]
        )),
        ["sheets"]
    );
}

#[test]
fn work_named_and_said_done_is_a_report() {
    // "fix merged", "review done": the verb of a task names the work, and
    // the word after it says it is done. 8622860 read them as commands.
    for intent in ["fix merged, ci green. thx", "FYI: review done, it's merged"] {
        assert!(targets(&plan(intent, &[])).is_empty(), "{intent}");
    }
    // A command after the report is still asked.
    assert_eq!(
        targets(&plan(
            "fix merged, now update the slides for the all-hands",
            &[]
        )),
        ["slides"]
    );
}

#[test]
fn work_put_off_for_later_is_declined() {
    // "Leave X for next week": the work put off. 95591e5 planned the deck.
    assert_plans_nothing("Leave the slide deck for next week, seriously, don't start it.");
    // Work asked beside what is put off is still asked.
    assert_eq!(
        targets(&plan(
            "leave the logo for now, update the slides for the all-hands",
            &[]
        )),
        ["slides"]
    );
    // Put off by a command of its own: "park it", "hold off on that".
    // 4d5f88c planned the deck.
    assert_plans_nothing("we'll do the slide deck next sprint, park it for now");
    assert_plans_nothing("the slides can wait. hold off on that until after launch");
    // A question beside the work put off asks nothing of it: the request
    // read whole leaves the put-off sentence out. 836cfa0 planned the deck.
    assert_plans_nothing(
        "Leave the slide deck for next week, seriously, don't start it. \
         Quick unrelated question: how do I exit vim?",
    );
    // A sentence that declines serves no skill, whatever the sentence
    // beside it says of other work. c61c312 planned the deck.
    assert_plans_nothing(
        "To be clear on scope for this sprint: we are NOT doing the slide deck, \
         ignore the old template. Only change needed is a typo in the readme, \
         I'll do it myself.",
    );
}

#[test]
fn work_named_and_put_off_till_later_is_declined() {
    // The work named, and what it waits for. 0630964 planned the research
    // skill, the deck and the deck again.
    assert_plans_nothing(
        "park the options research until the board signs off, we come back to it later",
    );
    assert_plans_nothing("lets not do the slides yet, wait til the launch date is fixed");
    // Thanks for work done, a mark after it. 0630964 planned the deck.
    assert_plans_nothing("the slides you made yesterday were super helpful, thank you!!");
    // More work asked beside a wait is still asked.
    assert_eq!(
        targets(&plan("wait until CI passes and ship it", &[])),
        ["fix-ci", "ship-it"]
    );
    // A sentence that puts its work off leaves the next one's work asked.
    assert_eq!(
        targets(&plan(
            "park the options research until the board signs off. make the slides for the all-hands",
            &[]
        )),
        ["slides"]
    );
    assert_eq!(
        targets(&plan("lets not do the slides yet. ship it", &[])),
        ["ship-it"]
    );
}

#[test]
fn praise_that_opens_a_message_asks_nothing() {
    // "perfect," is an interjection before a mark, as "thanks!!" is. The
    // sentence read as a command on "perfect" and planned the slides.
    let intent = "perfect, that slide deck is exactly what i needed. thanks a ton!!";
    assert!(targets(&plan(intent, &[])).is_empty(), "{intent}");
    // Praise, then work asked, still asks; "perfect" without a mark is a verb.
    assert_eq!(
        targets(&plan("great! now turn the numbers into a slide deck", &[])),
        ["slides"]
    );
    assert_eq!(
        targets(&plan("perfect the slide deck for monday", &[])),
        ["slides"]
    );
}

#[test]
fn thanks_in_another_language_asks_nothing() {
    // "merci" opened a message of thanks as "thanks" does, but was read as
    // no word of thanks: the praise for the deck planned the slides.
    let intent =
        "merci beaucoup, c'était parfait! the slide deck looked great in the meeting. à demain";
    assert!(targets(&plan(intent, &[])).is_empty(), "{intent}");
    assert!(targets(&plan("gracias!! the slide deck came out perfect", &[])).is_empty());
    // Thanks that signs off a request still leaves the request.
    assert_eq!(
        targets(&plan("turn the numbers into a slide deck. danke!", &[])),
        ["slides"]
    );
}

#[test]
fn a_plain_explanation_in_a_paragraph_asks_to_know() {
    for intent in [
        "can you explain in one short paragraph what a slide deck master is?",
        "explain in plain language how meeting notes get sent to attendees",
    ] {
        assert!(targets(&plan(intent, &[])).is_empty(), "{intent}");
    }
}
