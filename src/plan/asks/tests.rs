use super::*;
use crate::plan::clauses::split;

#[test]
fn a_command_after_a_clause_of_when_or_whether_is_a_request() {
    for s in [
        "while you're in there, also go through the components in src/ui",
        "when you get a chance, review the PR",
        "if it's really green, wrap this up into a doc",
        "You have been asked to benchmark the parser",
        "look into the logs",
        "Now review the PR for security issues.",
        "You deploy the preview to Vercel.",
        "you handle the Postgres query tuning",
        "Just help with the pricing tiers.",
        "Don't start patching things, find the actual cause first.",
        "But before you start, set up a separate worktree.",
        // A step put off until the agent has done work asks for the work.
        "Don't say it's done until you've actually run the full test suite",
        "dont tell me its fixed until you've run the repro",
        "do not merge before you have read the diff",
        // "if …, then …": the command after "then".
        "If it comes out as a P1, then write up the escalation to engineering",
        // The person's own work to come, named at length or ended by a colon.
        "Before I send this design doc to the contractor next week, have someone read it cold",
        "before I sign off: have someone read the design doc cold",
        // The request before a colon, what it is about after.
        "Before anyone writes code I want to think it through with you: who it's for, what's out of scope",
        // A number's comma or a time's colon does not end the opening.
        "once the bank shows the $3,400 payment, mark their invoice as paid",
        "after the 10:30 standup, write up the notes",
        // The command after the comma may open with a clause of its own.
        "before anything else happens, and after we agree, write out the plan",
        "before you start on it, and once we agree write out the plan",
        // What the work is for, ended by a comma.
        "for the monthly report, write me a bigquery query",
    ] {
        assert!(is_request(s), "{s}");
    }
    for s in [
        "When I run the build from my script, it works fine",
        "if you ask me, the design is fine",
        "while the tests ran, the build broke",
        "you said the migration is done",
        "now the build fails",
        "don't worry, the tests pass",
        "don't merge until the checks pass",
        "never say never until you have to",
        "if it comes out as a P1, then it goes to the on-call queue",
        "Before we moved the queue to the platform team last spring, the build was fast",
        "For what it's worth, the build was fast",
    ] {
        assert!(!is_request(s), "{s}");
    }
}

#[test]
fn a_verb_of_work_and_its_object_is_a_command() {
    for s in [
        "wrap the branch up",
        "redesign the settings screen",
        "trim it",
    ] {
        assert!(is_request(s), "{s}");
    }
    // Not a bare word that is also a noun, nor "get" before what came
    // earlier or a thing to obtain ("get that done", "get a few fresh
    // takes"); but "get the tests green" acts on what it names.
    for s in [
        "record sales rose in May",
        "get that done",
        "get a few fresh takes",
        "he wants to know if it works",
        "post mortem notes",
    ] {
        assert!(!is_request(s), "{s}");
    }
    for s in [
        "Diagnose what's wrong SEO-wise first",
        "Pull together an agenda and a pre-read",
        "clip https://example.com/a.html into my vault",
        "clip webpage into my vault",
        "Also fix the failing CI.",
        "and get a code review",
        "get the API tests green against staging",
        "get our docs updated for v2",
        // Someone's want of a thing, relayed.
        "and CS also wants the screenshot walkthrough added to the user guide",
        "my manager wants a deck on the Q3 numbers by friday",
        // The scene, then a command on "that one".
        "refund endpoint gives 500 when the amount has cents, fix that one",
    ] {
        assert!(is_request(s), "{s}");
    }
    // By its shape: a verb on no list before a new object.
    for s in [
        "pick a direction for type and rework the page",
        "shuffle the rows into a sensible order",
        "Help us figure out what to fix first.",
        // A want denied beside one that asks.
        "I don't want to break anything, please review it.",
        "we didn't want to wait, so we need to ship the fix today",
    ] {
        assert!(is_request(s), "{s}");
    }
    for s in [
        "nice, the tests pass now",
        "today the build broke",
        "our signup page looks like every other template",
        "Note the PR is already open.",
        "Overall the design looks good.",
        "fyi the slither scan on the vault is done",
        "He kept using it and I didn't want to ask.",
        "I didn't want to ask, the want tower was busy",
        "we never wanted to migrate",
        "hi team the deploy went out",
        "Dear all, the data team reports the new model won",
        "Morning all, the deploy went out",
    ] {
        assert!(!is_request(s), "{s}");
    }
    let c = split("feature's done, should I merge? wrap the branch up");
    assert!(c[0].context && !c.last().unwrap().context, "{c:?}");
    assert!(c.last().unwrap().text.starts_with("wrap"), "{c:?}");
}

#[test]
fn getting_rid_of_a_thing_is_a_request() {
    assert!(is_request("Get rid of them, picking a comma or a colon"));
    assert!(!is_request("we got rid of the old parser last year"));
}

#[test]
fn a_command_on_the_person_or_a_thing_is_a_request() {
    for s in [
        "Cut the next release.",
        "Clip the article into my vault.",
        "Interview me hard about the architecture.",
        "quiz us on the new API",
    ] {
        assert!(is_request(s), "{s}");
    }
    for s in [
        "get a few fresh takes",
        "get that done",
        "cut from the same cloth",
        "Get me unstuck",
        "put me out of my misery",
    ] {
        assert!(!is_request(s), "{s}");
    }
}

#[test]
fn having_someone_do_work_is_a_request_not_a_question() {
    assert!(is_request("have someone with zero background read it cold"));
    assert!(is_request("have a subagent review the diff"));
    assert!(!is_question(
        "have someone with zero background read it cold"
    ));
    assert!(is_question("have you tried turning it off"));
    assert!(is_question("has anyone benchmarked the parser"));
}

#[test]
fn asking_if_the_work_is_possible_is_no_question() {
    for s in [
        "is it possible to merge these PDFs into one",
        "is it possible for you to make slides from the report",
        "would it be possible to rotate the scanned pages",
    ] {
        assert!(!is_question(s), "{s}");
    }
    // Whether something is so is a question of fact.
    assert!(is_question("is it possible that the cache is stale"));
    assert!(is_question("is it true that squash merges lose history"));
}

#[test]
fn telling_joined_to_a_request_reports_it() {
    assert!(!is_knowledge_request(
        "could you go over my signup form and tell me what breaks accessibility"
    ));
    assert!(!is_knowledge_request(
        "review this email and tell me what's wrong"
    ));
    assert!(!is_knowledge_request(
        "when it's done have a reader cold-read it and tell me what doesnt land"
    ));
    assert!(is_knowledge_request(
        "can you tell me a fun fact about pdfs"
    ));
    assert!(is_knowledge_request("tell me what a pdf is"));
    assert!(is_knowledge_request(
        "i was curious and tell me about decks"
    ));
}

#[test]
fn telling_about_the_persons_own_situation_asks_for_work() {
    for t in [
        "tell me what changed since friday and what the next move should be",
        "tell me what's failing and how you'd fix it",
        "tell me why that page never shows up in google",
        "tell me what u dropped and why",
        "you tell me what it looks like i'm after",
    ] {
        assert!(!is_knowledge_request(t), "{t}");
    }
    for t in [
        "tell me what a merge conflict is",
        "tell me why the sky is blue",
        "tell me what you think of tabs",
        "tell me who invented the spreadsheet",
        // What a word means or why a thing is called so asks to know.
        "my manager keeps saying SEO, tell me what it means",
        "tell me why this is called a merge conflict",
    ] {
        assert!(is_knowledge_request(t), "{t}");
    }
}

#[test]
fn a_plain_explanation_asked_of_the_agent_asks_to_know() {
    for t in [
        "can you explain an eigenvector in plain words",
        "explain git fetch vs git pull like im 5",
        "just explain in plain english what this regex matches",
        "can you explain in one plain paragraph what a monad is",
        "explain in plain language how meeting notes get sent",
    ] {
        assert!(is_knowledge_request(t), "{t}");
    }
    for t in [
        // Another verb's work, done plainly.
        "rewrite the error messages in plain english",
        "bring me up to speed in plain english",
        // The person explains.
        "press me until i can explain it in plain words",
        "help us explain the outage to the board in simple terms",
    ] {
        assert!(!is_knowledge_request(t), "{t}");
    }
}

#[test]
fn a_question_after_a_lead_in_word_is_a_question() {
    assert!(is_question(
        "roughly how do search engines decide how to rank pages"
    ));
    assert!(is_question("so what is a slide master"));
    assert!(is_question("ok so which format keeps the fonts"));
    assert!(!is_question("just fix the build"));
    assert!(!is_question("so"));
    assert!(is_question("algebra homework: what's an eigenvector"));
    assert!(is_question("anyone know where that gif came from"));
    assert!(!is_question("anyone can merge these"));
    // What a command asks about after its colon is no question.
    assert!(!is_question(
        "before any code, talk it through with me: who it's for"
    ));
    assert!(is_question("homework: what's an eigenvector"));
}

#[test]
fn a_measure_asked_after_is_a_question() {
    assert!(is_question("how far apart should the joists be"));
    assert!(is_question("how big is a page"));
    assert!(is_question(
        "building a deck, how far apart should the joists be"
    ));
    assert!(!is_question("how to merge these"));
    assert!(!is_question("how do you merge these"));
    assert!(!is_question("how can I merge these"));
    assert!(!is_question("how else can you write a design doc"));
    assert!(!is_question("how you should write a design doc"));
}

#[test]
fn saying_what_one_would_love_is_a_request() {
    assert!(is_request("I'd love a short deck from it"));
    assert!(is_request("we would like a summary"));
    assert!(!is_request("I love this deck"));
}

#[test]
fn asking_what_the_agent_would_do_is_about_our_own_things() {
    assert!(!is_question(
        "What would you change, indexes or schema-wise"
    ));
    assert!(!is_question("which fix would you suggest"));
    assert!(!is_question("what do you recommend for the lint step"));
    assert!(is_question("what is an index"));
    assert!(is_question("which format keeps the fonts"));
    assert!(is_question("when should you use a monorepo"));
}

#[test]
fn the_verb_of_an_asking_frame_is_no_word_of_the_work() {
    let ws = |t: &str| t.split(' ').map(str::to_string).collect::<Vec<_>>();
    assert_eq!(
        without_frame(&ws("then tell me the single next move")),
        ws("then me me the single next move")
    );
    assert_eq!(without_frame(&ws("give us a plan")), ws("me us a plan"));
    // Seeing the output is work; a story told to others is the work.
    assert_eq!(
        without_frame(&ws("show me the output")),
        ws("show me the output")
    );
    assert_eq!(
        without_frame(&ws("tell the story of the release")),
        ws("tell the story of the release")
    );
}

#[test]
fn a_word_of_wanting_is_read_whole() {
    assert!(!is_request(
        "that merged PDF came out perfect, exactly what I needed"
    ));
    assert!(is_request("i need the totals in a sheet"));
    assert!(is_request("we need to ship the deck"));
}

#[test]
fn something_that_needs_work_done_asks_for_it() {
    assert!(is_request(
        "also the numbers need checking against real sources"
    ));
    assert!(is_request("the intro needs to be cut"));
    assert!(is_request("the write-up needs trimming"));
    assert!(!is_request("the deck needs nothing else"));
    assert!(!is_request("the build needs ten minutes"));
}

#[test]
fn asking_in_texting_shorthand_is_a_request() {
    assert!(is_request("can u look at the logs from last night"));
    assert!(is_request("could u go over the draft"));
}

#[test]
fn a_command_after_but_or_so_is_a_request() {
    assert!(is_request("but brief me on what changed while I was out"));
    assert!(is_request("so check the logs first"));
    assert!(!is_request("but it fails on every run"));
}

#[test]
fn an_opinion_or_a_question_about_others_is_a_question() {
    assert!(is_question(
        "do you actually think em-dashes mark text as AI-written"
    ));
    assert!(is_question("do they still get read by anyone"));
    assert!(is_question("do most teams squash before merging"));
    // Asking whether the agent could do it asks for the work.
    assert!(!is_question("do you think you could squash these commits"));
    assert!(!is_question("do the migration tonight"));
}

#[test]
fn a_choice_between_two_things_asks_to_know() {
    assert!(asks_a_choice("obsidian or notion for personal notes"));
    assert!(asks_a_choice("git merge or rebase for a long-lived branch"));
    // Not about the person's own things, nor a request.
    assert!(!asks_a_choice("our repo: merge or rebase"));
    assert!(!asks_a_choice("can you merge or rebase it"));
    assert!(!asks_a_choice("rebase the branch onto main or merge it"));
    assert!(!asks_a_choice("tabs"));
    // A count is no choice: "…draft the first message plus two or three
    // nudges if they don't answer?"
    assert!(!asks_a_choice("two or three nudges if they don't answer"));
    assert!(!asks_a_choice("2 or 3 options for the logo"));
}

#[test]
fn explaining_as_to_a_child_asks_to_know() {
    assert!(is_knowledge_request("explain like shes 10"));
    assert!(is_knowledge_request(
        "explain how rebase works like I'm a 5-year-old"
    ));
    assert!(is_knowledge_request(
        "can you explain flow fields like a kid would get it"
    ));
    assert!(asks_plain_telling("explain like shes 10"));
    // Explaining is the person's, or the words say how a thing looks.
    assert!(!is_knowledge_request("help me explain it like she's 10"));
    assert!(!asks_plain_telling("it looks like a kid drew it"));
}

#[test]
fn the_people_of_a_person_are_not_their_things() {
    assert!(!names_own("my kid asked me how those art pics work"));
    assert!(!names_own("my manager keeps saying SEO"));
    assert!(names_own("my kid's school site is down"));
    assert!(names_own("review my deck"));
}

#[test]
fn an_adverb_apart_before_a_comma_leaves_the_command() {
    assert!(is_request(
        "Separately, do a real vulnerability pass on the handler"
    ));
    assert!(asks_apart("Also, write the announcement"));
    assert!(!asks_apart("Also, the deck is fine"));
    // Without the comma too, unless it refers back ("Also make it blue").
    assert!(asks_apart("Also write the announcement"));
    // A phrase that opens a step of a sequence, before its comma.
    for s in [
        "To start, research the options",
        "Last, review it cold",
        "To finish, ship it",
    ] {
        assert!(is_request(s), "{s}");
    }
    assert!(!is_request("To start, the build was slow"));
}

#[test]
fn a_difference_asked_after_is_a_question_whoever_owns_the_things() {
    assert!(is_question(
        "what's the difference between saving my project in git and sending it up to GitHub"
    ));
    assert!(is_question(
        "No need to change anything, but I'm wondering: what is the difference between my two configs"
    ));
    assert!(!is_question("fix the difference between my two configs"));
}

#[test]
fn a_choice_may_be_asked_with_vs() {
    assert!(asks_a_choice("q: merge vs rebase for long-lived branches?"));
    assert!(asks_a_choice("tabs versus spaces for yaml?"));
    assert!(!asks_a_choice("can you benchmark tabs vs spaces for me?"));
}
#[test]
fn a_time_is_not_the_persons_own_thing() {
    // "these days", "this morning": when, not whose.
    assert!(is_question("is a $4B TAM considered big these days?"));
    assert!(!names_own("the build broke this morning"));
    assert!(!is_question("is this TAM big enough for our pitch?"));
    assert!(names_own("these numbers look off"));
}

#[test]
fn formal_english_asks_for_work() {
    for t in [
        "Might I ask you first to create a fresh git branch",
        "May I ask you to create a branch",
        "I should like you to diagnose and fix those first",
        // A thing wanted done: its participle says what.
        "I should like my notes on Bourdieu turned into a proper note",
        "Before anything else, I should like the work reviewed",
        "I should be grateful if you would begin by reading the commentary",
        "Could I trouble you to sort the list",
        "only afterwards should you create Linear issues for each workstream",
        // Two verbs of work on one object.
        "Diagnose and fix those first.",
    ] {
        assert!(is_request(t), "{t}");
    }
    // A wish to know is no request.
    assert!(!is_request("I should like to know where it is duplicated"));
    assert!(!is_request(
        "Should you need more context, the logs are attached"
    ));
}

#[test]
fn asking_to_weigh_an_opinion_asks_to_know() {
    for t in [
        "Am I wrong?",
        "Is it just me, or is the deck too long?",
        "Would you agree?",
    ] {
        assert!(is_knowledge_request(t), "{t}");
    }
}

#[test]
fn a_task_set_apart_is_asked_apart() {
    use super::{asks_apart, opens_apart};
    assert!(asks_apart("also need a 5 slide deck for friday"));
    assert!(asks_apart(
        "And separately, do a vulnerability pass on the handler."
    ));
    assert!(asks_apart(
        "Separately, the deck still has Q2 numbers, update those"
    ));
    assert!(!asks_apart("Also make it blue."));
    assert!(!asks_apart("also, the deck is for the board"));
    assert!(opens_apart("And separately, the lease has pages sideways"));
    assert!(!opens_apart("Separate the pages"));
}

#[test]
fn a_clause_that_says_more_after_a_comma_is_no_question() {
    assert!(!is_question(
        "go over db/reports.py: half the queries are built from request params, which feels injectable"
    ));
    assert!(!is_question("the eval hits 96%, which is way too good"));
    assert!(!is_question(
        "poster for the hackathon, static png, should look on-brand"
    ));
    // A question after the comma still asks.
    assert!(is_question("two charting libs, which one is lighter?"));
    assert!(is_question(
        "the release is tagged, should the team announce it?"
    ));
}

#[test]
fn a_tool_named_for_the_work_after_to_is_a_request() {
    assert!(is_request(
        "Use pr-writer to draft only a PR title and body for the change"
    ));
    assert!(is_request("use the xlsx skill to build the budget"));
    assert!(!is_request("use of the API went up in May"));
}

#[test]
fn a_question_may_follow_a_dash_and_an_answer_be_asked_briefly() {
    assert!(is_question("quick one - is a pptx file just a zip archive"));
    assert!(is_knowledge_request("explain in a couple lines"));
    assert!(is_knowledge_request(
        "just answer, dont need a whole course on it"
    ));
    assert!(is_knowledge_request("short answer please"));
    assert!(is_knowledge_request(
        "finance is asking, just need a straight answer not a config change"
    ));
    assert!(is_knowledge_request("I only want a quick answer"));
    assert!(is_knowledge_request(
        "Quick one, just answer directly: in Postgres 16, will the index be used?"
    ));
    // Only to know, with nothing after: the question beside it is all.
    for s in [
        "not asking u to change the file, just wanna know",
        "i just want to know tho",
        "Just curious.",
        "only asking",
    ] {
        assert!(is_knowledge_request(s), "{s}");
    }
    assert!(!is_knowledge_request("just want to know the fix works"));
    assert!(!is_knowledge_request(
        "the merge conflicts in main keep failing the build, just curious"
    ));
    assert!(!is_knowledge_request(
        "we need a direct reply to the customer"
    ));
    assert!(!is_knowledge_request(
        "answer the reviewer's comments on the PR"
    ));
    assert!(!is_knowledge_request(
        "answer the reviewer's comments on the PR"
    ));
    assert!(!is_knowledge_request(
        "explain the failing test to me and fix it"
    ));
}

#[test]
fn a_command_may_follow_a_clause_of_time_with_no_comma() {
    for s in [
        "after we're aligned write the spec",
        "once it's merged deploy it to staging",
        "if the tests pass commit it",
        "after we're aligned write the spec, and after that break it into tickets",
    ] {
        assert!(is_request(s), "{s}");
    }
    for s in [
        "when we review the PR the bot crashes",
        "when I run the tests they fail randomly",
        "When I run the build from my script, it works fine.",
    ] {
        assert!(!is_request(s), "{s}");
    }
}

#[test]
fn a_verb_on_a_pronoun_opens_a_command() {
    for s in [
        "break it into tickets",
        "hunt it down and fix it with a regression test",
        "clean those up first",
    ] {
        assert!(is_request(s), "{s}");
    }
    for s in [
        "hope it helps",
        "love it so far",
        "heard it helps with repeat conflicts",
        "made it work in the end",
    ] {
        assert!(!is_request(s), "{s}");
    }
}

#[test]
fn a_verb_with_together_makes_something() {
    assert!(is_request(
        "hack together something throwaway in the terminal"
    ));
    assert!(is_request("throw together a quick mockup of the page"));
    assert!(!is_request("the pieces fit together something like this"));
}

#[test]
fn a_question_after_why_the_person_asks_is_a_question() {
    assert!(is_question(
        "Just so I can put it in the roadmap doc: when does .NET 8 support end"
    ));
    // About the person's own things, or what a command before is about.
    assert!(!is_question("I'm stuck: why does my build fail"));
    assert!(!is_question(
        "first pull out what we actually learned from this round: what worked, what misled us"
    ));
}

#[test]
fn work_named_and_said_done_is_no_command() {
    for s in [
        "fix merged",
        "review done",
        "the deploy's finished",
        "review is done",
    ] {
        assert!(!is_request(s), "{s}");
    }
    for s in [
        "fix the merged branch",
        "review the done items",
        "fix it, merged or not",
    ] {
        assert!(is_request(s), "{s}");
    }
}

#[test]
fn a_verb_of_work_that_opens_a_subject_is_no_command() {
    // The verb's word names a thing a verb of being then tells of.
    for s in [
        "Plan is approved: docs/plans/2026-12-01-offline-sync.md",
        "design for the caching layer is half in my head, half in cache.md",
        "code review at my job is basically my manager nitpicking every line",
        "test coverage keeps dropping",
    ] {
        assert!(!is_request(s), "{s}");
    }
    // A verb, then its object or a clause of its own.
    for s in [
        "review the PR that is open",
        "check the build is green",
        "fix whatever is failing",
        "find out who is on call and page them",
        "merge everything that is green",
        "deploy it, the fix is in",
    ] {
        assert!(is_request(s), "{s}");
    }
}

#[test]
fn help_thanked_for_is_no_help_asked() {
    assert!(!is_request(
        "Many thanks for your help with the Tailwind migration yesterday"
    ));
    assert!(!is_request("thanks for the help with the deck"));
    assert!(is_request("can you help with the Tailwind migration"));
    assert!(is_request("help me with the deck"));
    // Whole words: "the helper" thanks for nothing.
    assert!(is_request(
        "i'd appreciate it if u help me with the helper script"
    ));
}

#[test]
fn a_counted_task_named_as_what_is_to_be_done_asks() {
    for s in [
        "One is to model our fraud data in Neo4j",
        "the other is to fix the flaky checkout test",
        "The second one is to write the release notes",
    ] {
        assert!(is_request(s), "{s}");
    }
    for s in [
        "one is to blame for the outage",
        "the other is fine",
        "one of them is to be expected",
    ] {
        assert!(!is_request(s), "{s}");
    }
}

#[test]
fn an_obligation_put_on_the_agent_asks_for_the_work() {
    for s in [
        "You'll have to pull the tables out of the PDF first",
        "you must run the suite before you commit",
        "I must ask that you run the type checker",
    ] {
        assert!(is_request(s), "{s}");
    }
    for s in [
        "never say never until you have to",
        "You must be tired of my edits haha",
        "you must have misread the spreadsheet",
        "you have to admit the spreadsheet looks better now",
        "do you have to restart the server after editing the config",
        "the bayou must be drained if you must",
    ] {
        assert!(!is_request(s), "{s}");
    }
}
