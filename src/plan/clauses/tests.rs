//! Unit tests of cutting an intent into its tasks.
use super::*;

fn texts(intent: &str) -> Vec<(String, usize)> {
    split(intent)
        .into_iter()
        .map(|c| (c.text, c.rank))
        .collect()
}

#[test]
fn tasks_are_cut_at_connectives_in_order() {
    assert_eq!(
        texts("research the options, write a design doc, then review it"),
        [
            ("research the options".to_string(), 0),
            ("write a design doc".to_string(), 1),
            ("review it".to_string(), 2)
        ]
    );
    assert_eq!(
        texts("merge these PDFs and make a deck from them"),
        [
            ("merge these PDFs".to_string(), 0),
            ("make a deck from them".to_string(), 1)
        ]
    );
    assert_eq!(
        texts("add tables, charts and notes to the report"),
        [("add tables, charts and notes to the report".to_string(), 0)]
    );
    // A hyphenated verb is read by its last part.
    assert_eq!(
        texts("check the logs for errors and re-run the job"),
        [
            ("check the logs for errors".to_string(), 0),
            ("re-run the job".to_string(), 1)
        ]
    );
    assert_eq!(texts("we need tests and well-known fixtures").len(), 1);
    // "plus" adds a second thing asked for, article or not.
    assert_eq!(
        texts("press release plus homepage copy for the launch"),
        [
            ("press release".to_string(), 0),
            ("homepage copy for the launch".to_string(), 1)
        ]
    );
    // ", also" adds no task: "…, also see the notes in notion" points at
    // more context (an adversarial pass found three such cases).
    assert_eq!(texts("deploy it, also see the notes in notion").len(), 1);
    // "and I also want" says what else is wanted; without "also" it
    // often says the same task again.
    assert_eq!(
        texts("login fails randomly and I also want the auth code checked"),
        [
            ("login fails randomly".to_string(), 0),
            ("I also want the auth code checked".to_string(), 1)
        ]
    );
    assert_eq!(texts("churn is 7% and we need to bring it down").len(), 1);
    // "I'd also like", typed or with a typographic apostrophe.
    for want in [
        "I'd also like",
        "I\u{2019}d also like",
        "we'd also like",
        "plus we also need",
    ] {
        let intent = format!("tidy the release notes and {want} a changelog entry");
        let intent = intent.replace("and plus", "plus");
        assert_eq!(texts(&intent).len(), 2, "{intent}");
    }
    assert_eq!(
        texts("tidy the notes and I\u{2019}d like it short").len(),
        1
    );
}

#[test]
fn do_before_a_noun_phrase_after_a_comma_is_a_task() {
    assert_eq!(
        texts("Before you push the app live, do a proper security pass on the auth"),
        [
            ("Before you push the app live".to_string(), 1),
            ("do a proper security pass on the auth".to_string(), 0)
        ]
    );
    // "do" with no noun phrase after it goes on with the clause.
    assert_eq!(
        texts("fix the login, do whatever it takes"),
        [("fix the login, do whatever it takes".to_string(), 0)]
    );
}

#[test]
fn the_things_a_count_points_back_to_are_the_work() {
    let c = split("the skills table is in random order and the intro is padded. fix both");
    assert_eq!(c[0].object_of, Some(1), "{c:?}");
    assert!(!c[0].context, "{c:?}");
    // The count alone points back too. (Not after "finance wants a
    // sheet": a relayed want asks on its own.)
    for ask in ["both please", "all three, thanks", "both of them pls"] {
        let c = split(&format!(
            "finance has no sheet for it and the VP has no memo. {ask}"
        ));
        assert_eq!(c[0].object_of, Some(1), "{ask}: {c:?}");
    }
    let c = split("finance wants a sheet and the VP wants a memo. both please");
    assert!(!c[0].context, "{c:?}");
    let c = split("finance wants a sheet. both teams agree");
    assert_eq!(c[0].object_of, None, "{c:?}");
}

#[test]
fn but_only_after_puts_what_follows_first() {
    let t = texts("Commit the guide, but only after someone has read it cold");
    assert_eq!(t.len(), 2, "{t:?}");
    assert_eq!(t[0].1, 1, "{t:?}");
    assert_eq!(t[1], ("someone has read it cold".to_string(), 0));
}

#[test]
fn a_choice_told_before_an_ask_is_its_scene() {
    let c = split("I picked postgres over mongo, make me defend it, then record the decision");
    assert!(c[0].context && !c[1].context && !c[2].context, "{c:?}");
    // Alone, or not a choice, it stays as it was.
    let c = split("I fixed the parser, review it");
    assert!(!c[0].context, "{c:?}");
}

#[test]
fn and_separately_opens_a_task_of_its_own() {
    assert_eq!(
        texts("grill me on the design, and separately give me the single objection"),
        [
            ("grill me on the design".to_string(), 0),
            ("give me the single objection".to_string(), 1)
        ]
    );
}

#[test]
fn work_added_while_at_the_first_is_a_task() {
    // "ur" typed short, as people type it.
    assert_eq!(
        texts("build the support bot, and while ur at it tighten up its system prompt"),
        [
            ("build the support bot".to_string(), 0),
            ("tighten up its system prompt".to_string(), 1)
        ]
    );
    assert_eq!(
        texts("fix the login bug, and while you're in there update the changelog"),
        [
            ("fix the login bug".to_string(), 0),
            ("update the changelog".to_string(), 1)
        ]
    );
    assert_eq!(
        texts("fix the login bug, and while you are at it, update the changelog"),
        [
            ("fix the login bug".to_string(), 0),
            ("update the changelog".to_string(), 1)
        ]
    );
}

#[test]
fn a_second_object_is_a_task_but_a_pair_is_not() {
    assert_eq!(
        texts("make a slack gif and a printable poster for the party"),
        [
            ("make a slack gif".to_string(), 0),
            ("a printable poster for the party".to_string(), 1)
        ]
    );
    assert_eq!(texts("compare the old and the new schema").len(), 1);
    assert_eq!(texts("the old and the new schema").len(), 1);
    // After a comma, a second thing is a task even with no verb before
    // it; the last item of a list of three is not.
    assert_eq!(
        texts("a meeting note with callouts, and a ticket for the follow-up"),
        [
            ("a meeting note with callouts".to_string(), 0),
            ("a ticket for the follow-up".to_string(), 1)
        ]
    );
    assert_eq!(
        texts("we need the preview, the frames, and the headlines").len(),
        1
    );
    // "between X and Y", "both X and Y" pair two things, even when the
    // second is a verb of work.
    assert_eq!(
        texts("what's the difference between rebase and merge").len(),
        1
    );
    assert_eq!(texts("update both the docs and the tests").len(), 1);
    assert_eq!(texts("fix the flaky test and merge the branch").len(), 2);
}

#[test]
fn when_words_stay_and_first_reorders() {
    assert_eq!(
        texts("get a review before I merge"),
        [("get a review before I merge".to_string(), 0)]
    );
    assert_eq!(
        texts("ship it, but first update the changelog"),
        [
            ("ship it".to_string(), 1),
            ("update the changelog".to_string(), 0)
        ]
    );
    for reversed in [
        "ship it, but update the changelog first",
        "ship it, and before that update the changelog",
        "ship it. Before that, update the changelog.",
        "before you ship it, update the changelog",
    ] {
        let t = texts(reversed);
        let last = t.iter().find(|(x, _)| x.contains("changelog")).unwrap();
        assert_eq!(last.1, 0, "{reversed}: {t:?}");
        assert!(
            t.iter()
                .all(|(x, _)| !x.eq_ignore_ascii_case("before that")),
            "{t:?}"
        );
    }
    // "test first" is a way of working, not an order, without a "but".
    let t = texts("new branch, make the change test first, commit it");
    assert!(t.iter().enumerate().all(|(i, (_, r))| i == *r), "{t:?}");
}

#[test]
fn a_sentence_opening_with_then_is_a_step() {
    let c = split("Research the options. Then write a design doc.");
    assert!(!c[1].context && c[1].step, "{c:?}");
    let c = split("Research the options. Once that's done, write a design doc.");
    assert!(c[1].context && !c[2].context && c[2].step, "{c:?}");
    // Said when, asked for nothing.
    let c = split("Research the options. When I write a doc, the tables break.");
    assert!(c[1].context && !c[1].step, "{c:?}");
    // A verb on no list, by its place after "then".
    let c = split("Build the deck. Then give it a theme.");
    assert!(!c[1].context && c[1].step, "{c:?}");
    // Telling what happened, not asking.
    let c = split("I merged the branch. Then it crashed. Fix the crash.");
    assert!(c[1].context && !c[1].step, "{c:?}");
    // "Fix them." names nothing of its own: what happened is what it is
    // about (see `is_bare`), still no step.
    let c = split("I merged the branch. Then the tests failed. Fix them.");
    assert!(c[1].object_of == Some(2) && !c[1].step, "{c:?}");
    // A numbered step is asked for, whatever its verb.
    let c = split("plan's approved. 1) run the tasks 2) get the change reviewed");
    assert!(c[0].context && c[2].step && !c[2].context, "{c:?}");
    // So is a task that "then" cuts from the one before it.
    let c = split("The rebase stopped. Sort that out, then push and watch the checks.");
    assert!(!c[1].step && c[2].step, "{c:?}");
}

#[test]
fn questions_ask_for_no_work() {
    for q in [
        "What font size works best on slides?",
        "tell me a fun fact about PDFs",
        "is docx better than pdf",
        "how does git rebase work",
        "in plain words, what even is a merge conflict",
        "how do compilers pick which registers to use?",
        "when did git get worktrees?",
        "where is the changelog format written down?",
    ] {
        assert!(split(q).iter().all(|c| c.question), "{q}");
    }
    for r in [
        "how do I merge these PDFs",
        "can you make a deck",
        "fill in this form",
        "why is my build failing",
        "how do you merge two PDFs",
        "when it builds, deploy the preview",
    ] {
        assert!(split(r).iter().all(|c| !c.question), "{r}");
    }
}

#[test]
fn a_task_that_reports_back_is_a_request() {
    for r in [
        "Can you audit our listing and tell me what to fix?",
        "Review this cold email and tell me what's wrong",
    ] {
        assert!(split(r).iter().all(|c| !c.question), "{r}");
    }
    for q in [
        "can you tell me a fun fact about PDFs",
        "tell me what a merge conflict is",
    ] {
        assert!(split(q).iter().all(|c| c.question), "{q}");
    }
}

#[test]
fn sentences_that_set_the_scene_are_context() {
    let c = split("We sell sneakers online. Make me an ad for the spring drop.");
    assert!(c[0].context && !c[1].context);
    let c = split("tests fail on main. no idea why.");
    assert!(c.iter().all(|c| !c.context));
    // A request in shorthand, its subject left out, is a request.
    let c = split("We're a SaaS that just launched. Need OG images for every post.");
    assert!(c[0].context && !c[1].context, "{c:?}");
    let c = split("We run a bakery. Looking for a logo with a wheat motif.");
    assert!(c[0].context && !c[1].context, "{c:?}");
    assert!(!is_request("looking at the logs, the worker died at noon"));
}

#[test]
fn an_own_question_is_the_ask_where_no_sentence_asks_for_work() {
    let c = split("Should we advertise on TikTok? We sell accounting software.");
    assert!(
        !c[0].context && c[1].context && c[1].beside_question,
        "{c:?}"
    );
    // A sentence that asks for work outright keeps the question beside
    // it part of the request, as before.
    let c = split("Should we advertise on TikTok? Make me a plan.");
    assert!(c.iter().all(|c| !c.beside_question), "{c:?}");
    // A question about things in general is no ask.
    let c = split("What is a CTA? We sell accounting software.");
    assert!(c.iter().all(|c| !c.context), "{c:?}");
}

#[test]
fn a_joined_task_opens_with_any_common_verb() {
    assert_eq!(
        texts("strip vendor names out of the runbook and get rid of its em dashes"),
        [
            ("strip vendor names out of the runbook".to_string(), 0),
            ("get rid of its em dashes".to_string(), 1)
        ]
    );
    // Alone, a light verb aimed back is no request: the sentence before
    // it stays the request.
    let c = split("We owe the client a compliance check on the spec. Get that done.");
    assert!(c.iter().all(|c| !c.context), "{c:?}");
}

#[test]
fn material_handed_over_is_the_scene_of_what_follows() {
    // No sentence opens as a request, yet "here's my plan…" is what the
    // rest asks about, not an ask for a plan.
    let c = split("here's my plan for moving billing to polling. rip into it.");
    assert!(c[0].context && !c[1].context, "{c:?}");
    let c = split("Here is the draft. Attached is the spec. Be brutal.");
    assert!(c[0].context && c[1].context && !c[2].context, "{c:?}");
    // Beside a question only, it is read again when the question alone
    // chooses nothing ("Here's a conjecture. Is it true?").
    let c = split("Here's a conjecture from a math competition. Is it true?");
    assert!(c[0].context && c[0].beside_question, "{c:?}");
    // Alone, it is the whole intent.
    let c = split("here's my plan for moving billing to polling");
    assert!(!c[0].context, "{c:?}");
    // A sentence that hands material over and asks is the request.
    for intent in [
        "Here's what I need: a pitch deck for friday. Keep it short.",
        "Attached is the deck, please review it for typos. Thanks in advance.",
        "Here's a PDF of the contract, pull the tables into a spreadsheet. Due friday.",
        "Here are the meeting notes and turn them into a page. I'll check later.",
    ] {
        let c = split(intent);
        assert!(!c[0].context, "{intent}: {c:?}");
    }
}

#[test]
fn a_decline_gives_way_to_an_ask_anywhere() {
    for intent in [
        "Thanks, that's all for today! Oh wait, also commit the changes.",
        "Curious. Why are my playwright tests flaky?",
        "Not building anything, but is the security of this auth flow ok?",
        "The deck for the board is due at 9. I'm done for today.",
    ] {
        let c = split(intent);
        assert!(c.iter().all(|c| !c.declined), "{intent}: {c:?}");
    }
    let c = split("nice, the tests pass now. that's all for today, thanks");
    assert!(c.iter().all(|c| c.declined), "{c:?}");
}

#[test]
fn a_bare_ask_makes_the_scene_before_it_the_work() {
    for intent in [
        "Since the redesign our traffic from google fell off a cliff. figure out why.",
        "My website barely shows up in search. What's wrong?",
        "the export drops rows on big files. can you look into it?",
    ] {
        let c = split(intent);
        assert!(!c[0].context, "{intent}: {c:?}");
        assert_eq!(c[0].object_of, Some(1), "{intent}: {c:?}");
    }
    // Every sentence of the scene before it.
    let c = split("Our eval scores jumped overnight. That seems suspicious. Can you look into it?");
    assert!(!c[0].context && !c[1].context, "{c:?}");
    assert_eq!(
        (c[0].object_of, c[1].object_of),
        (Some(2), Some(2)),
        "{c:?}"
    );
    // A command on a word that points back names nothing of its own
    // either (f640609 left "the merge … conflicts" a scene).
    for intent in [
        "the merge from main is stuck with conflicts. Untangle those.",
        "the export drops rows on big files. Sort that out please.",
    ] {
        let c = split(intent);
        assert!(!c[0].context, "{intent}: {c:?}");
        assert_eq!(c[0].object_of, Some(1), "{intent}: {c:?}");
    }
    // A command whose verb is the work keeps the scene a scene: what it
    // is done to is no problem to look into.
    for intent in [
        "The landing page copy looks good now. Post it.",
        "The PR got two approvals. Merge it.",
    ] {
        let c = split(intent);
        assert!(c[0].context && c[0].object_of.is_none(), "{intent}: {c:?}");
    }
    // An ask with words of its own keeps the scene a scene.
    let c = split("the export drops rows on big files. figure out why the totals differ.");
    assert!(c[0].context && c[0].object_of.is_none(), "{c:?}");
}

#[test]
fn an_ask_made_while_at_it_makes_the_scene_before_it_work() {
    for intent in [
        "the CI checks on my PR are red. While you're in there, go through the slides.",
        "the CI checks on my PR are red. while ur at it, update the slides.",
    ] {
        let c = split(intent);
        assert!(!c[0].context && c[0].object_of.is_none(), "{intent}: {c:?}");
    }
    // "Also" and "too" add to a scene as often as to a task.
    for intent in [
        "the CI checks on my PR are red. Update the slides.",
        "We already did an SEO audit in March. Also draft the launch email.",
        "Our competitors all have comparison pages. We need one too.",
    ] {
        let c = split(intent);
        assert!(c[0].context, "{intent}: {c:?}");
    }
}

#[test]
fn a_step_may_open_with_a_clause_of_time_after_its_connective() {
    let c = split("Catch me up on the repo. Then, once I'm oriented, tell me the next step.");
    assert!(
        c.iter().any(|c| c.step && c.text.contains("tell me")),
        "{c:?}"
    );
    assert!(!c[1].context, "{c:?}");
}

#[test]
fn what_parentheses_hold_is_no_task() {
    let c = split("Diagnose the SEO problems (meta tags, crawl issues, whatever it is)");
    assert_eq!(c.len(), 1, "{c:?}");
    // After them, a task is still cut.
    let c = split("Write the doc (intro, scope) and review it");
    assert_eq!(c.len(), 2, "{c:?}");
    // A connective inside them still cuts (an adversarial pass found
    // these merged into one task).
    for intent in [
        "Turn the report into a PDF (and also make a Word version for editing)",
        "Draft the announcement (then turn it into a slack gif)",
    ] {
        assert_eq!(split(intent).len(), 2, "{intent}");
    }
}

#[test]
fn a_task_that_says_first_before_more_words_goes_first() {
    for intent in [
        "Rewrite the copy. Diagnose the SEO first (meta tags, crawl issues) and let that steer it.",
        "Rewrite the copy. Diagnose the SEO first and let that steer the copy.",
    ] {
        let c = split(intent);
        let first = c.iter().min_by_key(|c| c.rank).unwrap();
        assert!(first.text.starts_with("Diagnose"), "{intent}: {c:?}");
    }
    // "first" inside a task is still no order.
    let c = split("Rewrite the copy. Write the first draft and let me see it.");
    assert!(c[0].rank == 0 && c[0].text.starts_with("Rewrite"), "{c:?}");
}

#[test]
fn first_and_a_verb_of_work_opens_a_step() {
    let c = split("Update the ticket, but not yet. First fix CI on the PR.");
    assert!(c[1].step && c[1].rank == 0, "{c:?}");
    // A noun after "first" opens none.
    let c =
        split("Write a design doc for the cache. First draft to me by Friday, then to the team.");
    assert!(!c[1].step, "{c:?}");
    // An adverb between "first" and the verb.
    let c = split(
        "the total is off by a cent. first actually figure out why, no random patches. \
         then write the fix",
    );
    let why = c.iter().find(|x| x.text.contains("figure")).unwrap();
    assert!(why.step && !why.context, "{c:?}");
}

#[test]
fn beside_a_question_of_knowledge_the_rest_is_its_scene() {
    let c = split("what does SEO even stand for? my manager keeps saying it in meetings");
    assert!(c[0].question && c[1].context, "{c:?}");
    // An opinion on the person's own things asks about them.
    let c = split("What do you think of our pricing page? It converts at 2%.");
    assert!(!c[1].context, "{c:?}");
    // Beside a question about the person's own work it is still the work.
    let c = split("We launched on Product Hunt yesterday and got no upvotes. What went wrong?");
    assert!(!c[0].context || c[0].beside_question, "{c:?}");
}

#[test]
fn a_command_after_a_scene_in_one_sentence_asks() {
    // Referring back, the scene is what the command acts on: one request.
    let c = split("launching soon. the hero headline is weak, punch it up");
    assert_eq!(c.len(), 2, "{c:?}");
    assert!(c[0].context && !c[1].context, "{c:?}");
    // Not referring back, the scene before the comma sets the scene.
    let c = split("Don't touch the slide deck, just fill in the numbers in the sheet");
    assert_eq!(c.len(), 2, "{c:?}");
    assert!(c[0].context && !c[1].context, "{c:?}");
    // A comma inside parentheses lists; explaining asks to know.
    assert!(!split("It exposes the API (list items, release stock) as tools")[0].step);
    let c = split("Prepping for an interview. No file involved, just explain it.");
    assert!(c.iter().all(|k| !k.step), "{c:?}");
}

#[test]
fn separately_opens_a_step_of_its_own() {
    let c = split("Weigh that feedback properly. Separately, find vulnerabilities in the handler.");
    assert!(
        c.iter()
            .any(|k| k.step && k.text.contains("vulnerabilities")),
        "{c:?}"
    );
}

#[test]
fn an_identifier_is_one_word() {
    let w: Vec<String> = words_of("test_refund_is_idempotent fails")
        .into_iter()
        .map(|(w, _, _)| w)
        .collect();
    assert_eq!(w, ["test_refund_is_idempotent", "fails"]);
}

#[test]
fn if_on_the_work_before_opens_a_step() {
    let c = split("Try to kill the plan. If it survives, write me a short plan.");
    assert!(c[1].step, "{c:?}");
    for s in [
        "Fix the lint. If you have time, write the notes.",
        "Benchmark it. If the runtime is missing, install it.",
    ] {
        assert!(!split(s)[1].step, "{s}");
    }
}

#[test]
fn a_clause_of_time_without_a_comma_leaves_its_command() {
    assert_eq!(
        texts("dig into the logs, and then once it's fixed commit it"),
        [
            ("dig into the logs".to_string(), 0),
            ("commit it".to_string(), 1)
        ]
    );
    // Not a clause of time that ends in no command.
    assert_eq!(
        texts("when it's done the page reloads twice"),
        [("when it's done the page reloads twice".to_string(), 0)]
    );
}

#[test]
fn work_the_agent_is_spared_is_no_part_of_the_task() {
    assert_eq!(
        texts("make the slides for the all-hands, no need to touch the spreadsheet"),
        [("make the slides for the all-hands".to_string(), 0)]
    );
    assert_eq!(
        texts("tighten the intro, but leave the footer alone, and push it"),
        [
            ("tighten the intro".to_string(), 0),
            ("push it".to_string(), 1)
        ]
    );
}

#[test]
fn and_after_a_task_opens_the_next_task() {
    assert_eq!(
        texts("make the commit of the changes and after open the PR"),
        [
            ("make the commit of the changes".to_string(), 0),
            ("open the PR".to_string(), 1)
        ]
    );
    // Not "after" that opens a clause of time: the task is the command
    // after the clause.
    assert_eq!(
        texts("fix it and after the tests pass deploy"),
        [("fix it".to_string(), 0), ("deploy".to_string(), 1)]
    );
}

#[test]
fn a_task_named_apart_follows_in_no_asked_order() {
    let apart = |intent: &str| -> Vec<(String, bool)> {
        split(intent)
            .into_iter()
            .map(|c| (c.text, c.named_apart))
            .collect()
    };
    // Named one after the other, not asked in that order.
    let c = apart("fix the login bug and also write the release notes");
    assert_eq!(c.len(), 2, "{c:?}");
    assert!(!c[0].1 && c[1].1, "{c:?}");
    for intent in [
        "fix the login bug. Unrelated: write the release notes",
        "fix the login bug. Separately, write the release notes",
    ] {
        // The adverb may stand as a piece of its own before its task.
        let c = apart(intent);
        assert!(c.iter().skip(1).any(|x| x.1), "{intent}: {c:?}");
    }
    // Asked in order: by a connective, by the run of the sentence, or by
    // a word of order after "and", "also" or the adverb that sets it apart.
    for intent in [
        "fix the login bug, then write the release notes",
        "fix the login bug and write the release notes",
        "write the release notes, but first fix the login bug",
        "fix the login bug. And then write the release notes.",
        "fix the login bug. And finally write the release notes.",
        "fix the login bug. Also, after that, write the release notes.",
        "fix the login bug. Separately, once that is done, write the release notes.",
    ] {
        let c = apart(intent);
        assert!(c.iter().all(|x| !x.1), "{intent}: {c:?}");
    }
}

#[test]
fn a_command_by_its_shape_opens_with_a_verb_not_a_subject() {
    for s in [
        "take meeting notes for the call",
        "jot down the notes",
        "grab logs from prod. thanks",
        "reverse-engineer their ads",
    ] {
        assert!(super::shape::commands_by_shape(s), "{s}");
    }
    for s in [
        "rebase finished, the conflicts were only in the lock file",
        "Marco left 15 comments on my PR",
        "found why the parser crashes",
        "Leadership wants to quote the number",
        "`GET /exports/:id` returns 200",
        "Two review passes on the PR, either order is fine",
        "that fixed it",
        "Sara reviews PRs",
        "Jorge writes the changelog",
        "Lint hooks fail on CI",
    ] {
        assert!(!super::shape::commands_by_shape(s), "{s}");
    }
}

#[test]
fn what_is_left_before_a_command_sets_its_scene() {
    // The piece stays with its command: one task, not two.
    assert_eq!(
        texts("whatever survives, dock it into the pocket"),
        [("whatever survives, dock it into the pocket".to_string(), 0)]
    );
    assert!(super::scene::what_is_left(&["whichever", "pass"], 2));
    assert!(!super::scene::what_is_left(&["whatever", "you", "do"], 9));
    assert!(!super::scene::what_is_left(&["find", "whatever"], 2));
}

#[test]
fn connectives_of_completion_open_the_next_step() {
    for intent in [
        "brainstorm the feature. Upon completion, write the plan.",
        "brainstorm the feature, and subsequently write the plan",
        "brainstorm the feature. When finished, write the plan.",
    ] {
        // "When finished" is the scene of the step, and asks for nothing.
        let c: Vec<Clause> = split(intent).into_iter().filter(|c| !c.context).collect();
        let tasks: Vec<&str> = c.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            tasks,
            ["brainstorm the feature", "write the plan"],
            "{intent}"
        );
        // A step of its own, not more about the request before it.
        assert!(c[1].step || c[1].sentence == 0, "{intent}");
    }
}

#[test]
fn spoken_fillers_are_no_words() {
    let w: Vec<String> = words_of("but uh before you do that, um, rewrite it")
        .into_iter()
        .map(|(w, _, _)| w)
        .collect();
    assert_eq!(w, ["but", "before", "you", "do", "that", "rewrite", "it"]);
}
