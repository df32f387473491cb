use super::*;

#[test]
fn just_wondering_how_something_works_declines() {
    for s in [
        "is there a licensing catch? just trying to understand how their pricing works",
        "just wanted to know why the build is free",
    ] {
        assert!(declines_work(s, s.contains('?')), "{s}");
    }
    // Without "just", wanting to understand may ask for the research.
    assert!(!declines_work(
        "I want to understand why customers churn",
        false
    ));
}

#[test]
fn laughter_thanks_or_a_sigh_opens_a_message() {
    assert!(opens_with_interjection(
        "lol that gif you made got 40 reactions"
    ));
    assert!(opens_with_interjection("thanks!! the PDF came out perfect"));
    assert!(opens_with_interjection(
        "merci beaucoup, the deck was great"
    ));
    assert!(opens_with_interjection("Ugh, sat through a 70-slide deck"));
    assert!(!opens_with_interjection("so lol, the gif got 40 reactions"));
    assert!(!opens_with_interjection("thank-you notes for the speakers"));
}

#[test]
fn thanks_that_ends_a_piece_or_laughter_anywhere_reacts() {
    assert!(reacts_anywhere(
        "great retro yesterday thx, team loved the sailboat format"
    ));
    assert!(reacts_anywhere("the deck went over well. thank you"));
    assert!(reacts_anywhere("she even added a moat for security 😂"));
    assert!(reacts_anywhere("our monolith is a lego castle lol"));
    assert!(!reacts_anywhere("thank-you notes for the speakers"));
    assert!(!reacts_anywhere("a city map for the offsite"));
    assert!(!reacts_anywhere(
        "the lollipop chart for the quarterly deck"
    ));
}

#[test]
fn stepping_away_is_read_apart_from_declining() {
    assert!(says_aside("Anyway, coffee time, back in 20."));
    assert!(says_aside("the CI failed again overnight. brb"));
    // It does not decline a sentence by itself: the intent's failing
    // is weighed against it where the intent is read.
    assert!(!declines_work("the CI failed again overnight. brb", false));
    assert!(!says_aside(
        "we brainstormed over coffee, time to write the plan"
    ));
}

#[test]
fn saying_no_work_is_wanted_declines_it() {
    for s in [
        "our PR team is throwing a party, nothing to do with code, just venting",
        "nice, the tests pass now. that's all for today, thanks",
        "Random question. Not setting anything up, just curious what you'd say.",
        "not doing anything rn, just want to understand it",
        "checked the vercel bill this month, it's fine, nothing to do there",
        "TechCrunch picked up our launch story!! Nothing to do, I just had to tell someone.",
        "just leave the changes staged.",
        "Leave the config as it is for now.",
        "so leave the working tree as it is",
        "I just needed to vent to someone.",
        "Not asking you to do anything, just trying to understand it.",
        "I was going to ask for a review but it's approved, so never mind",
        // Put off: the work left for later.
        "leave it in the project for now though, don't delete or change it",
        "Leave the press release for next week.",
        "leave the migration for the time being",
        "we'll do the security audit next sprint, park it for now",
        "the seo audit can wait, hold off on that until after launch",
        "put a pin in it",
        "shelve it till next sprint",
        // The work named, and the time it waits for.
        "park the domain name brainstorming until the investors sign, we come back to it later",
        "shelve the pricing page rewrite till after the offsite",
        // Forbidden only for now.
        "dont deploy anything to vercel yet, we'll ship after the demo next week",
        "lets not do the Q3 forecast yet, wait til the Hooli deal closes",
        "let's not touch the changelog yet please",
        // Shared for awareness, with nothing asked of the reader.
        "For your awareness only: the offer letter template was updated",
        "No changes are required.",
        "sharing for context only, you dont need to do anything with this",
    ] {
        assert!(declines_work(s, s.ends_with('?')), "{s}");
    }
}

#[test]
fn a_wait_that_asks_more_still_asks() {
    for s in [
        "wait until CI passes and merge it",
        "don't merge yet, fix the failing tests first",
        "dont deploy yet but run the smoke tests",
        "pause the facebook campaign until monday",
        "postpone the standup till friday",
        "park the car until the rain stops and then call me",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
}

#[test]
fn a_piece_that_puts_the_work_off_declines_it_only_alone() {
    for s in [
        "park the car in the shade",
        "table the results by region",
        "park it for now and fix the header",
        "pause the video at the intro, then render it",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
}

#[test]
fn doing_it_oneself_or_taking_it_back_declines_it() {
    for s in [
        "I'll do the Vercel deploy myself from the dashboard later, no need for you to touch it.",
        "fyi I went ahead and pushed the fix myself from my laptop, so nothing for you to do there.",
        "I'm doing it myself tomorrow morning, just needed to vent for a sec",
        "we already shipped it ourselves",
        "Never mind the PDF form from earlier.",
        "I printed it and mailed it, so ignore that request.",
        "no changes needed, just wanted to say thanks",
        "I'm doing the Vercel deploy myself this time",
        "let me handle the deploy myself",
        "nvm, I figured it out",
        "Actually, forget the security review",
        "I am deploying to Vercel by hand",
        "I'm running the migration manually tonight",
        "I'm resolving the conflicts by hand in my editor so please don't touch anything.",
        "Not asking you to do anything in the repo, I just want to understand it before my interview tomorrow.",
        // Sparing the agent a task beside declining the rest.
        "no need to touch the budget sheet, I already fixed the formulas by hand",
        "fyi I'll write the press release myself, no need to draft anything",
        "nah ill write the press release myself tonight, dont bother drafting one",
        "No need to rewrite the intro.",
        "just curious, don't run anything",
        "do not edit anything yet",
        "not deploying anything, just wondering",
        "not running anything, just curious",
        "ok, that's it for now",
    ] {
        assert!(declines_work(s, s.ends_with('?')), "{s}");
    }
    for s in [
        // What happened to the person's own work is a scene.
        "I wrote the parser myself and it crashes on empty input",
        "I'll do the copy myself but help me with the layout",
        "I'd rather do it myself, can you show me how?",
        "I'm doing the frontend myself; you handle the query tuning.",
        "please don't touch anything, just tell me what's wrong with the CI",
        "I'm writing the slides by hand, but fix the CI",
        "I am testing it manually and it fails on login",
        "forget the security review, just merge it",
        // A take-back of one thing beside new work, or of a task.
        "never mind the tests and deploy it",
        // Only part of the work, or none, is declined.
        "no need for you to touch the schema, the API is what breaks",
        "no need to touch the schema, just fix the API",
        "don't run anything destructive, but clean up the branch",
        // Telling what went wrong.
        "The deploy failed, not seeing anything",
        "I want to understand it before you change the code, so explain the flow first",
        // Leaving one thing as it is beside work asked.
        "leave the rest as is, fix the header",
        "leave a comment on the PR",
        "leave the logo for now, fix the header",
        "leave a note for the next person who reads the config",
        "leave a comment for the author",
        "leave a review for the team",
        "keep the tests green for now while you refactor the parser",
        "keep the tests green while you refactor",
    ] {
        assert!(!declines_work(s, s.ends_with('?')), "{s}");
    }
}

#[test]
fn a_piece_that_asks_or_declines_only_part_is_no_decline() {
    for s in [
        // A piece asks for work.
        "fix the failing CI on my PR, that's all for today",
        "just curious, the checks failed again, fix them",
        "Just curious whether you could merge these three PDFs into one",
        "just wondering if you could turn my notes into a page",
        "I just want to understand why the build fails, can you look into the logs?",
        "I'm done for today, so write the handoff doc",
        "not asking you to rewrite it, just review the PR for security issues",
        "brb - fix the failing CI checks on my PR",
        // Only part of the work, or none, is declined.
        "Not asking for anything fancy",
        "nothing to do with the pptx, my Word doc loses its tracked changes",
        "no action needed on the docs, but the report needs a pivot table",
        "I'm not building anything new",
        "never mind the tests, just deploy it",
        "never mind, fix the failing CI instead",
        "not doing anything else today except deploying this app",
        // Signing off is no decline: the work may go on meanwhile.
        "The CI on my PR keeps failing on the lint step. Anyway, back in 20.",
        "the merge has conflicts in package.json. brb",
        "I'm done for today",
        "just curious, the CI is failing again",
        "Sharing this - the vercel deploy is failing with a 500 error",
        // A question about the person's own things asks.
        "Not building anything, but is the security of this auth flow ok?",
    ] {
        assert!(!declines_work(s, s.ends_with('?')), "{s}");
    }
}

#[test]
fn a_dot_or_colon_inside_a_word_does_not_cut_a_piece() {
    assert_eq!(
        pieces_of("leave vercel.json as it is: v1.2 ships. ok"),
        ["leave vercel.json as it is", "v1.2 ships", "ok"]
    );
    assert!(declines_work("Leave vercel.json as it is for now.", false));
    assert!(declines_work("just leave app.config.ts alone", false));
}

#[test]
fn saying_nothing_is_asked_declines() {
    for s in [
        "not asking you to edit anything",
        "just short explanation, i'm not asking about our site",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    // Asking for less, or for something else instead, still asks.
    assert!(!declines_work("not asking for a full audit", false));
    assert!(!declines_work(
        "not asking you to rewrite it, just fix the typos",
        false
    ));
}

#[test]
fn idle_curiosity_is_an_aside() {
    for s in [
        "obsidian or notion? quick opinion, not switching anything rn",
        "whats the diff between merge and rebase? just curious",
        "out of curiosity, how are flow fields drawn?",
        "not in the middle of anything, just wondering",
        // Sharing news or praise, alone in its piece.
        "seo dashboard looks fine this month, organic +4%. just sharing",
        "leadership loved the deck yesterday btw, nice work everyone",
    ] {
        assert!(says_aside(s), "{s}");
    }
    assert!(!says_aside("the slides look nice, work on the poster next"));
    assert!(!says_aside("I'm curious how you'd fix the login bug"));
    // The next step after a decline still asks.
    assert!(a_piece_asks(
        "just curious, don't run anything yet, but after that commit my changes"
    ));
}

#[test]
fn saying_there_is_nothing_to_do_declines() {
    for s in [
        "Closing, nothing to draft",
        "Nothing for anyone to do in this ticket",
        "no work to do here",
        "Resolution: Won't fix",
        "the deploy went through fine, nothing else for now",
        "don't touch the branch, just letting you know",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    // What is left to do is still asked for.
    for s in [
        "nothing to fix in the header, but rewrite the footer",
        "fix the typo, nothing else",
        "nothing to lose by trying, so deploy it",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
}

#[test]
fn two_declines_said_without_a_mark_between_them_decline() {
    assert!(declines_work(
        "just thinking out loud don't make anything yet",
        false
    ));
    // One decline and a request beside it, unmarked, is not two declines.
    assert!(!declines_work(
        "just thinking out loud make the deck anyway",
        false
    ));
}

#[test]
fn forbidding_work_to_anyone_or_listing_none_requested_declines() {
    for s in [
        "Nobody should edit or rebuild any deck from this ticket",
        "no one should start the upgrade from this ticket",
        "Don't start any review or scan of the code",
        "No deploys, config changes or reviews requested",
        "This is just the archive copy; no follow-up work here",
        "no further work needed",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    for s in [
        "no idea why it fails, help needed",
        "don't add any comments, just fix the loop",
        "nobody should have to read this deck twice, so tighten it",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
}

#[test]
fn a_decline_run_on_after_so_is_read_as_its_own_piece() {
    assert!(declines_work(
        "the vercel deploy went through fine so yeah thanks nothing else for now",
        false
    ));
    assert!(!declines_work(
        "the deploy went through fine so never mind the logs, fix the header",
        false
    ));
    assert!(a_piece_asks("make the title bold so it stands out"));
}

#[test]
fn deciding_against_the_work_or_asking_for_none_declines() {
    for s in [
        "Heads up: we decided NOT to put the website online after all, so please just leave it sitting on my laptop",
        "I sent it off already, so no edits please",
        "we chose not to publish the deck",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    for s in [
        "we decided not to use tailwind, so rewrite the styles in plain css",
        "no edits please, but check the numbers",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
}

#[test]
fn a_message_that_opens_by_informing_is_read_so() {
    assert!(opens_informing("fyi: vercel deploy went out, all green"));
    assert!(opens_informing("Heads up, the migration finished"));
    assert!(opens_informing("just so you know the talk moved"));
    assert!(!opens_informing("find out why the deploy failed, fyi"));
    assert!(declines_work(
        "no action, just logging that CI is green",
        false
    ));
}

#[test]
fn a_decline_spelled_out_in_full_forms_declines() {
    for s in [
        "I have decided against producing slides for the seminar after all",
        "I think I shall write the press release myself",
        "I have already resolved the merge conflicts myself and pushed the result",
        "so there is no need to trouble yourself with it",
        "I merely wished to let you know",
        "I do not want anything built",
        "so I thought you ought to be aware before anyone suggests another",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    // A hedge before a request still asks; so does a choice against one
    // way of working that names another.
    for s in [
        "I think you should write the press release",
        "we decided against rewriting it, so patch the parser instead",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
    assert!(opens_with_interjection(
        "Thank you ever so much for the Word document yesterday"
    ));
}

#[test]
fn work_not_being_done_or_not_needed_declines() {
    for s in [
        "Decision from planning: we're **not** doing the SEO audit this quarter",
        "No thanks, we don't need personas or segments right now",
        "we don't want any slides",
        "Anyway, no competitive analysis needed, heading into my 1:1",
        "Not asking anyone to change repo settings yet",
        "I do not need you to do anything with any file",
        "Please don't trigger any deploys from this thread.",
        "Neither needs changes, just don't mix them up.",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    for s in [
        // An outcome missing is a problem; less work is still work.
        "We're not getting enough signups",
        "we're not deploying it until the tests pass",
        "I don't need a long deck, just five slides",
        "no idea why it fails, help needed",
        "we don't have any tests for the parser",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
    assert!(says_aside("Random question: is a $4B TAM big?"));
}

#[test]
fn work_done_already_by_the_person_declines_it() {
    for s in [
        "Just a heads-up that I deployed the events site to Vercel myself this morning, so there's no need to do it.",
        "I fixed the header myself, so there's no need to do it",
        "we sent the invoices by hand, so there's no need to send them",
        "the ticket is already filed, nothing needed from you",
        "Nothing required on your end.",
        "Purely curious, no need to write anything.",
        "there's no need for you to change anything yet",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    for s in [
        // Not the person's doing, or not done: still a scene or an ask.
        "I deployed the site myself and now the homepage 404s",
        "we need the deploy done, nothing needed from legal",
        "Someone deployed it by hand, so there's no need to panic, but fix the build",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
}

#[test]
fn a_greeting_does_not_hide_how_a_message_opens() {
    assert!(opens_informing("Hi all, Status update: CI is green again"));
    assert!(opens_informing(
        "Good afternoon! Just a heads-up: the talk moved"
    ));
    assert!(opens_informing("Dear team,\nfyi the deploy went out"));
    assert!(!opens_informing("Hi, please fix the deploy, fyi"));
    assert!(!opens_informing("Goodness, the deploy failed, fyi"));
}

#[test]
fn a_decline_may_say_what_it_is_about() {
    for s in [
        "So no changes needed for the net8 port there, resolving the thread.",
        "just fyi, not doing anything more with it today",
        "Adding the index via a migration script, just FYI for the ticket.",
        "Just letting you know it's done, I'll ping you if things tank.",
        "we are NOT doing AOT on Acme.Messaging, ignore the IL warnings.",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    for s in [
        // What follows is more than a thing named: work is asked.
        "no action needed on the docs but fix the tests",
        "just letting you know it's done but the tests fail, fix them",
        "ignore the failing test and ship it",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
}

#[test]
fn forbidding_one_piece_of_work_asks_for_none() {
    for s in [
        "so please don't propose new tiers or price changes, that ship has sailed",
        "dont triage them, ill run them tomorrow",
        "don't merge the branch",
    ] {
        assert!(forbids_work(s), "{s}");
    }
    for s in [
        // A reminder, a shape of the work, a wait, or what to do instead.
        "don't forget to bump the version",
        "don't make the slides boring",
        "don't merge until CI passes",
        "don't touch the layout, just fix the numbers",
        "don't reword or drop anything, just move stuff around",
        "do not create or update a GitHub PR",
    ] {
        assert!(!forbids_work(s), "{s}");
    }
}

#[test]
fn what_is_not_needed_asks_nothing() {
    assert!(!a_piece_asks("just answer, dont need a whole course on it"));
    assert!(a_piece_asks("just answer, and fix the typo too"));
}

#[test]
fn work_put_off_is_not_asked_for_now() {
    for s in [
        "ill need a press release for the launch next week but hold off for now",
        "we'll want the changelog written but not yet thanks",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    for s in [
        // Said of a state, or with more after it.
        "the tests pass but not yet on windows",
        "write the changelog but hold off on the release notes",
        "fix the footer but not the header",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
}

#[test]
fn trying_to_follow_something_is_why_a_question_is_asked() {
    for s in [
        "I'm just trying to follow a talk I'm watching",
        "just trying to keep up with the thread",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    // Without "just", or with work asked beside it, it asks.
    for s in [
        "I'm trying to follow the setup guide and it fails at step 3",
        "just trying to follow the guide, can you fix the broken link in it",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
}

#[test]
fn how_it_was_fixed_beside_a_report_that_it_works_is_news() {
    use crate::plan::clauses::split;
    let c = split(
        "my deck export stopped cropping the charts after i updated the theme. works great now",
    );
    assert!(c.iter().all(|c| c.declined), "{c:?}");
    // The story, then an ask in the same sentence: not news alone.
    let c = split(
        "board's already set up and running fine. i changed 3 lines in snake.py, just sync that one file over usb, dont reflash it",
    );
    assert!(c.iter().all(|c| !c.declined), "{c:?}");
}

#[test]
fn a_thing_left_alone_then_a_run_on_telling_declines() {
    // Speech typed by voice: no mark between the decline and the telling.
    assert!(declines_work(
        "so um leave my essay alone i'm keeping every single one",
        false
    ));
    assert!(declines_work("leave the footer alone it's fine", false));
    // The run-on asks work: not a decline.
    assert!(!declines_work(
        "leave the footer alone i need the header fixed",
        false
    ));
    assert!(!declines_work(
        "leave the footer alone we'll fix the header",
        false
    ));
}

#[test]
fn work_not_needed_this_time_declines() {
    for s in [
        "no need for release notes this time",
        "no need for any slides",
        "the choice got reversed so there's nothing to document",
        "there is nothing to build",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    for s in [
        "no need for a long deck, just five slides",
        "no need for you to guess, check the logs",
        "there's nothing to do with the pptx, the bug is in the api",
    ] {
        assert!(!declines_work(s, false), "{s}");
    }
}

#[test]
fn asked_to_hold_or_not_to_worry_declines() {
    for s in [
        "no analysis yet pls",
        "don't worry about sprint planning tomorrow",
        "so not now",
    ] {
        assert!(declines_work(s, false), "{s}");
    }
    // Only how things stand.
    assert!(!declines_work("we have no SMS program yet", false));
}

#[test]
fn a_closing_thanks_is_a_sign_off() {
    for (s, body) in [
        (
            "take notes for the call. thanks!",
            "take notes for the call.",
        ),
        ("take notes. Thanks, Jorge", "take notes."),
        (
            "take notes.\n\nThank you,\nDr. Amara Okafor",
            "take notes.\n\n",
        ),
        ("take notes. many thanks in advance", "take notes."),
    ] {
        assert_eq!(without_sign_off(s), body, "{s}");
    }
    // Thanks for something, a first sentence, or more than a name after it.
    for s in [
        "ci is green. thanks for sticking with me",
        "thanks! the PDF came out perfect",
        "take notes. thanks, and send them to the whole team afterwards",
        // Laughter after the thanks is no name.
        "take notes. Thanks! Lol",
    ] {
        assert_eq!(without_sign_off(s), s, "{s}");
    }
}
