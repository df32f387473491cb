use super::*;

fn terms(text: &str) -> Vec<&'static str> {
    let ws: Vec<String> = text.split(' ').map(str::to_string).collect();
    found(&ws, tells_of_failure(text))
        .into_iter()
        .map(|(t, _)| t)
        .collect()
}

#[test]
fn an_attack_described_asks_for_security_work() {
    assert_eq!(
        terms("could bad actors break into customer accounts"),
        ["secur", "secur"]
    );
    assert_eq!(
        terms("any way an attacker could take over someone's account"),
        ["secur", "secur"]
    );
    assert_eq!(terms("could someone read another user's files"), ["secur"]);
    assert_eq!(terms("or steal their session tokens"), ["secur"]);
    // Taking over work, breaking into a field: no attack.
    assert!(terms("take over the account settings page refactor").is_empty());
    assert!(terms("help me break into product management").is_empty());
}

#[test]
fn questions_fired_one_after_another_ask_for_an_interview() {
    assert_eq!(terms("interrogate me about my plan"), ["interview"]);
    assert_eq!(terms("keep firing pointed questions at me"), ["interview"]);
    // Brainstorming asks questions one at a time too: not an interview.
    assert!(terms("ask me one question at a time").is_empty());
}

#[test]
fn a_return_a_result_too_good_and_a_waiting_prompt_name_their_work() {
    assert_eq!(terms("what happened while i was out"), ["catchup"]);
    assert_eq!(terms("ok what did i miss"), ["catchup"]);
    assert_eq!(
        terms("that smells way too good to be true"),
        ["leak", "leak"]
    );
    assert_eq!(terms("the wizard waits for keyboard input"), ["interact"]);
    assert_eq!(terms("open a python shell and keep it alive"), ["interact"]);
    assert!(terms("the weather was too good to stay in").is_empty());
    assert!(terms("while i was writing the tests").is_empty());
}

#[test]
fn doubting_the_facts_of_a_text_asks_for_a_fact_check() {
    assert_eq!(terms("check those claims"), ["factual"]);
    assert_eq!(terms("verify the stats in the post"), ["factual"]);
    assert_eq!(
        terms("check the stats are real first"),
        ["factual", "factual"]
    );
    assert_eq!(terms("make sure those are actually true"), ["factual"]);
    assert!(terms("check the tests are green").is_empty());
    assert!(terms("is it really that slow").is_empty());
}

#[test]
fn the_one_next_thing_and_wrapping_up_a_branch_name_their_work() {
    assert_eq!(terms("tell me the one thing i should do next"), ["nba"]);
    assert_eq!(terms("then the single next move"), ["nba"]);
    assert_eq!(terms("the one move i should make next"), ["nba"]);
    assert_eq!(terms("help me wrap up the branch"), ["finish"]);
    assert_eq!(terms("merge locally or open a pr"), ["finish"]);
    assert!(terms("one step at a time, next week").is_empty());
    assert!(terms("merge the pr or close it").is_empty());
}

#[test]
fn injection_bloat_and_copy_that_sells_name_their_work() {
    assert_eq!(terms("check the handlers for sql injection"), ["secur"]);
    assert_eq!(
        terms("look over it for injection and authz holes"),
        ["secur", "secur"]
    );
    assert_eq!(terms("which feels injectable"), ["secur"]);
    assert!(terms("refactor it to use dependency injection").is_empty());
    assert_eq!(terms("the readme got so wordy"), ["bloat"]);
    assert_eq!(terms("it's twice as long as it needs to be"), ["bloat"]);
    assert_eq!(terms("squeeze it down"), ["bloat"]);
    assert_eq!(
        terms("tighten it up without changing what it says"),
        ["bloat"]
    );
    assert!(terms("how do i tighten it on a single speed").is_empty());
    assert_eq!(terms("punch up the homepage text"), ["persuad"]);
    assert_eq!(terms("rewrite it so it actually sells"), ["persuad"]);
    assert!(terms("we sell sneakers").is_empty());
}

#[test]
fn a_site_lost_from_search_and_a_page_like_a_template_name_their_work() {
    assert_eq!(terms("our pricing page doesnt show up in google"), ["seo"]);
    assert_eq!(terms("visits from google fell off a cliff"), ["seo"]);
    assert_eq!(terms("we fell off google's first page"), ["seo"]);
    assert_eq!(terms("our site is basically invisible on google"), ["seo"]);
    assert!(terms("search the logs for the google api key").is_empty());
    assert_eq!(terms("it looks like every other tailwind template"), ["ui"]);
    assert_eq!(terms("build the pricing page then test it"), ["ui"]);
    assert_eq!(terms("redesign the settings screen"), ["ui"]);
    assert!(terms("write copy for the pricing page").is_empty());
    assert!(terms("build the report on page 3").is_empty());
    assert!(terms("use the invoice template from the wiki").is_empty());
}

#[test]
fn doubted_feedback_staff_notes_and_tool_neutral_docs_name_their_work() {
    assert_eq!(terms("but i'm not convinced they're right"), ["receiv"]);
    assert_eq!(terms("weigh that feedback properly"), ["receiv"]);
    assert!(terms("the reviewer says lgtm, merge it").is_empty());
    assert_eq!(terms("a short company wide announcement"), ["intern"]);
    assert_eq!(terms("and a note to all 40 employees"), ["intern"]);
    assert!(terms("make a deck for all the staff").is_empty());
    assert_eq!(terms("make it editor neutral"), ["detool"]);
    assert_eq!(terms("whatever agent or editor someone uses"), ["detool"]);
    assert!(terms("an mcp server that works with any agent").is_empty());
}

#[test]
fn being_made_to_defend_a_choice_asks_for_the_feynman_test() {
    assert_eq!(terms("make me defend it"), ["feynman"]);
    assert_eq!(terms("quiz me until i could defend it"), ["feynman"]);
    assert!(terms("help me justify the budget").is_empty());
}

#[test]
fn a_thin_ask_one_home_art_in_code_and_a_second_checkout_name_their_work() {
    assert_eq!(terms("not sure what i want out of it yet"), ["aim"]);
    assert_eq!(terms("tell me what it looks like i'm after"), ["aim"]);
    assert!(terms("i'm not sure what i want for dinner").is_empty());
    assert_eq!(terms("make everything else point at it"), ["consolid"]);
    assert_eq!(terms("defined in exactly one spot"), ["consolid"]);
    assert_eq!(terms("point the others at it"), ["consolid"]);
    assert_eq!(terms("how the others should point to it"), ["consolid"]);
    assert_eq!(
        terms("recommend which one should be the authoritative version"),
        ["consolid"]
    );
    assert_eq!(terms("write a failing regression test"), ["tdd"]);
    assert_eq!(terms("get rid of the dashes"), ["remov"]);
    assert_eq!(terms("show me it's actually green"), ["verif"]);
    assert_eq!(terms("prove to me everything is passing"), ["verif"]);
    assert!(terms("show me the green button").is_empty());
    assert_eq!(terms("cut a new feature branch"), ["creat"]);
    assert!(terms("cut the intro in half").is_empty());
    assert_eq!(terms("lets talk thru what it should do"), ["brainstorm"]);
    assert_eq!(terms("make one of them the real one"), ["consolid"]);
    assert!(terms("point at the others").is_empty());
    assert_eq!(terms("make me something pretty with code"), ["algorithm"]);
    assert_eq!(terms("set me up a separate checkout"), ["worktre"]);
}

#[test]
fn writing_together_asks_for_coauthoring() {
    assert_eq!(terms("help me draft it section by section"), ["coauthor"]);
    assert_eq!(
        terms("work through it with you section by section"),
        ["coauthor"]
    );
    assert_eq!(terms("write an rfc with me"), ["coauthor"]);
    assert_eq!(terms("go back and forth with you on it"), ["coauthor"]);
    assert!(terms("review it section by section").is_empty());
    assert!(terms("we went back and forth with you").is_empty());
    assert_eq!(terms("verify the numbers in the draft"), ["factual"]);
    assert_eq!(terms("not confident about a couple of facts"), ["factual"]);
}

#[test]
fn designing_together_and_a_grader_agreeing_with_itself_name_their_work() {
    assert_eq!(
        terms("let's work out the design together first"),
        ["brainstorm", "brainstorm"]
    );
    assert_eq!(terms("talk the design through with me"), ["brainstorm"]);
    assert!(terms("review the design doc").is_empty());
    assert_eq!(terms("or are we just agreeing with ourselves"), ["leak"]);
    assert_eq!(terms("the same gpt 4 grades the answers"), ["leak"]);
    assert!(terms("the same person wrote the docs").is_empty());
}

#[test]
fn a_session_that_picks_up_after_this_one_asks_for_a_handoff() {
    assert_eq!(
        terms("so a fresh agent can pick it up tomorrow"),
        ["handoff"]
    );
    assert_eq!(terms("so the next agent session can continue"), ["handoff"]);
    assert!(terms("start a new chat and continue the cleanup there").is_empty());
}

#[test]
fn an_error_as_a_program_prints_it_tells_of_failure() {
    assert!(names_an_error(
        "TypeError: Cannot read properties of undefined"
    ));
    assert!(names_an_error("java.lang.NullPointerException at Foo.bar"));
    assert!(names_an_error("Traceback (most recent call last):"));
    assert!(names_an_error("thread 'main' panicked at src/main.rs:3:5"));
    // A word that only contains one, or the word alone in prose.
    assert!(!names_an_error("the ErrorBoundary component"));
    assert!(names_an_error("invoice totals come out NaN sometimes"));
    assert!(!names_an_error("my nan's recipe for soup"));
    assert!(!names_an_error("an Error"));
}

#[test]
fn an_idiom_names_its_work() {
    assert_eq!(terms("cart total is off, track down why"), ["debug"]);
    assert_eq!(terms("find the root cause of the crash"), ["debug"]);
    assert_eq!(
        terms("when i search for my shop on google it doesn't come up at all"),
        ["seo"]
    );
    assert_eq!(
        terms("I want it on the internet so mom can see"),
        ["deploy"]
    );
    assert_eq!(terms("the little checks next to it turn red"), ["ci"]);
    assert_eq!(terms("save that change in git with a note"), ["commit"]);
    assert_eq!(terms("draft a short note to the whole company"), ["intern"]);
    assert_eq!(
        terms("first make the root cause analysis of the failing test"),
        ["debug"]
    );
    assert_eq!(terms("the export fails, find out why"), ["debug"]);
    assert_eq!(
        terms("it throws on 5% of requests, i need to know why its null"),
        ["debug"]
    );
    // Not without something failing.
    assert!(terms("i want to understand why people like it").is_empty());
    assert_eq!(terms("split em across agents"), ["parallel"]);
    assert_eq!(terms("brief me on what happened"), ["catchup"]);
    assert_eq!(terms("tell me what changed since the offsite"), ["catchup"]);
    assert!(terms("brief me on the design").is_empty());
    assert_eq!(terms("farm the chores out to subagents"), ["parallel"]);
    assert_eq!(terms("let's think it through first"), ["brainstorm"]);
    assert_eq!(terms("then prove it works"), ["verif"]);
    assert_eq!(terms("then rip it apart"), ["attack"]);
    assert_eq!(terms("then write a failing test for it"), ["tdd"]);
    assert!(terms("fix the failing test").is_empty());
    assert_eq!(terms("write a test that fails because of it"), ["tdd"]);
    assert!(terms("fix the test that fails on CI").is_empty());
    assert_eq!(terms("it sounds like a robot wrote it"), ["human"]);
    assert_eq!(
        terms("make it read like an actual student wrote it"),
        ["human"]
    );
    assert_eq!(terms("tear apart my migration plan"), ["attack"]);
    assert_eq!(terms("rip the idea apart first"), ["attack"]);
    assert_eq!(terms("tear my whole migration plan apart"), ["attack"]);
    assert_eq!(terms("the one thing most likely to sink it"), ["attack"]);
    assert_eq!(terms("be the person who wants it to fail"), ["attack"]);
    assert_eq!(terms("play devil's advocate on the proposal"), ["attack"]);
    assert!(terms("the bug most likely to break prod").is_empty());
    assert_eq!(
        terms("get a reviewer subagent to go over the diff"),
        ["request"]
    );
    assert_eq!(terms("get a fresh reviewer on it"), ["request"]);
    assert_eq!(terms("push it live on friday"), ["deploy"]);
    assert_eq!(terms("get the site online before friday"), ["deploy"]);
    assert!(terms("get the printer online").is_empty());
    assert_eq!(terms("then show me the passing output"), ["verif"]);
    assert_eq!(
        terms("after you've run it and shown me the output"),
        ["verif"]
    );
    assert_eq!(terms("it crashes and i have no clue why"), ["debug"]);
    assert_eq!(
        terms("it fails, figure out what's actually going on"),
        ["debug"]
    );
    assert_eq!(
        terms("make it read like a normal person wrote it"),
        ["human"]
    );
    assert_eq!(terms("get the diff reviewed against the spec"), ["request"]);
    assert_eq!(terms("then get a code review on the fix"), ["request"]);
    assert_eq!(terms("first get me up to speed on it"), ["catchup"]);
    assert_eq!(terms("bring me back up to speed"), ["catchup"]);
    assert_eq!(terms("then poke holes in it"), ["attack"]);
    assert_eq!(terms("get a second careful review"), ["request"]);
    assert_eq!(terms("stitch them into a single file"), ["combin"]);
    assert_eq!(
        terms("three tests fail fix them at the same time"),
        ["parallel"]
    );
    let ws = |t: &'static str| t.split(' ').collect::<Vec<_>>();
    assert!(commands(&ws("talk it through with me")));
    assert!(!commands(&ws("talk it through with the team")));
    assert!(commands(&ws("double check the totals")));
    assert!(!commands(&ws("no idea why it fails")));
    assert!(!commands(&ws("root cause analysis is hard")));
    assert!(!commands(&ws("we should talk it through")));
    // An idiom that tells of a problem is no command, whatever it opens.
    assert!(!commands(&ws("bad actors could break into accounts")));
    assert!(!commands(&ws("same gpt 4 grades the answers")));
    assert!(!commands(&ws("way too good to be true")));
    assert!(commands(&ws("tighten it up without changing a word")));
    assert_eq!(terms("the job fails, find the real cause"), ["debug"]);
    // "find the cause" asks for debugging only when something fails.
    assert_eq!(
        terms("the app throws an exception, find the cause"),
        ["debug"]
    );
    assert!(terms("find the cause we should donate to").is_empty());
    assert_eq!(terms("it throws, what is actually causing it"), ["debug"]);
    assert_eq!(terms("and pasted me the actual output"), ["verif"]);
    assert_eq!(terms("talk it through with me first"), ["brainstorm"]);
    assert_eq!(
        terms("i want to talk through how it should work"),
        ["brainstorm"]
    );
    assert_eq!(
        terms("let's talk through what this csv export feature should do"),
        ["brainstorm"]
    );
    let ws = ["paste", "me", "the", "output", "now"];
    assert_eq!(
        found(&ws, false),
        [("verif", "paste me the output".to_string())]
    );
    assert_eq!(
        terms("it crashed, dig for the actual root cause"),
        ["debug"]
    );
    assert_eq!(
        terms("four suites broke and i want the actual root cause of each"),
        ["debug"]
    );
    // Opening its clause, or before "as", "at the same time" is when,
    // not how, even where something fails.
    let ws = ["at", "the", "same", "time", "keep", "it", "simple"];
    assert!(found(&ws, true).is_empty());
    let ws = [
        "fix", "it", "at", "the", "same", "time", "as", "the", "release",
    ];
    assert!(found(&ws, true).is_empty());
    let ws = ["it", "fails", "at", "the", "same", "time", "every", "night"];
    assert!(found(&ws, true).is_empty());
    let ws = ["fix", "them", "at", "the", "same", "time", "pls"];
    assert_eq!(found(&ws, true).len(), 1);
    assert!(!commands(&["into", "one", "file", "please"]));
    let ws = ["find", "out", "why"];
    assert_eq!(found(&ws, true), [("debug", "find out why".to_string())]);
    assert!(found(&ws, false).is_empty());
}

#[test]
fn its_words_apart_or_in_another_sense_are_no_idiom() {
    for text in [
        "track down the invoice in my downloads",
        "the root of the repo",
        "go through the live logs",
        "a go live checklist as a spreadsheet",
        "a 5-slide deck explaining the root cause of churn",
        "a deck on root cause analysis for the team offsite",
        "the issue came up on the search team's call",
        "a deck on how the internet works",
        "save the file as a pdf",
        "we already found the root cause, now write the test",
        "I didn't think it through, rewrite the message",
        "no idea why I agreed to this talk",
        "i have zero idea why people like it",
        "the real cause of churn is pricing",
        "what is causing churn",
        "what's going on this weekend",
        "we have reviewed the plan",
        "don't get it reviewed yet",
        "find out why customers churn and write a report",
        "identify root causes of churn from these interviews",
        "scroll to get to the bottom of the page",
        "check it twice",
        "why did the cause fail",
        "show me how to format output in python",
        "the output shows nothing",
        "don't show me the output",
        "the dashboard should show the daily output",
        "show the output in a table",
        "i'll talk it through with my team",
        "no need to talk this through with me",
        "talk through what this function does",
        "i have the reviewed changes",
        "have the changes been reviewed",
        "i got a review from sam yesterday",
        "the build got up to speed",
        "don't bring me up to speed",
        "the app gets a bad review every week",
        "don't get a review yet",
        "someone to review the release notes",
        "get a security review on the handler",
        "i'll get a review later",
        "paste the output into the doc",
        "talk through how the test should have caught it",
        "at the same time keep it simple",
        "put it into a file",
        "run the linter and the tests at the same time",
        "ship the docs at the same time as the release",
    ] {
        assert!(terms(text).is_empty(), "{text}");
    }
}

#[test]
fn a_conflict_marker_names_a_merge_conflict() {
    assert_eq!(
        marked("now it has <<<<<<< HEAD blocks").0,
        ["merg", "conflict"]
    );
    assert_eq!(marked("<<<<<<< ours").0, ["merg", "conflict"]);
    for text in ["a >>>>>>> arrow", "<<<<<<<< eight", "x << y", "<<<"] {
        assert!(marked(text).0.is_empty(), "{text}");
    }
    // The terms are those of "merge conflict".
    let a = crate::plan::text::Analyzer::default();
    assert_eq!(a.terms("merge conflict"), marked("<<<<<<<").0);
}

#[test]
fn a_pasted_wikilink_names_one() {
    let a = crate::plan::text::Analyzer::default();
    assert_eq!(
        marked("link it to [[Project Atlas]]").0,
        a.terms("wikilinks")
    );
    assert!(marked("a [[ b").0.is_empty());
}

#[test]
fn a_pasted_sql_statement_names_a_query() {
    let a = crate::plan::text::Analyzer::default();
    for text in [
        "this takes 9s: SELECT * FROM orders WHERE status = 'open'",
        "UPDATE users SET plan = 'pro' is slow",
        "CREATE INDEX orders_email ON orders (email)",
    ] {
        assert_eq!(marked(text).0, a.terms("sql query"), "{text}");
    }
    // Keywords in prose, lowercase, are words.
    for text in [
        "select the rows from the sheet",
        "Update the FAQ, set a date",
    ] {
        assert!(marked(text).0.is_empty(), "{text}");
    }
}

#[test]
fn every_term_is_a_stem_and_every_idiom_lowercase() {
    let a = crate::plan::text::Analyzer::default();
    for (idiom, term, _) in IDIOMS {
        assert!(idiom.iter().all(|w| *w == w.to_lowercase()), "{idiom:?}");
        // The term is what the analyser makes of the work's word.
        let word = match *term {
            "verif" => "verification",
            "worktre" => "worktrees",
            "consolid" => "consolidate",
            t => t,
        };
        assert_eq!(a.terms(word), [*term], "{idiom:?}");
    }
}

#[test]
fn every_idiom_opens_with_a_word_it_is_looked_up_by() {
    // `found` finds an idiom by the forms of its first word: a first word
    // that is a gap or a negation would never be looked up.
    for (idiom, _, _) in IDIOMS {
        assert!(idiom[0] != GAP && !idiom[0].starts_with('!'), "{idiom:?}");
        // An intent's words are cut at hyphens ("company-wide" is two).
        assert!(idiom.iter().all(|w| !w.contains('-')), "{idiom:?}");
        for form in idiom[0].split('|') {
            assert!(openers()[form].iter().any(|&i| IDIOMS[i].0 == *idiom));
        }
    }
}

#[test]
fn checks_gone_red_tell_of_trouble() {
    assert!(tells_of_trouble("fyi CI is red on main again"));
    assert!(tells_of_trouble("the checks turned red"));
    assert!(!tells_of_failure("the checks turned red"));
    assert!(!tells_of_trouble("make the button red"));
    assert!(!tells_of_trouble("reduce the bundle size"));
}

#[test]
fn what_a_cycle_taught_asks_for_its_lessons() {
    assert_eq!(
        terms("first write down what we learned from it"),
        ["lesson"]
    );
    assert_eq!(terms("pull out what we actually learned"), ["lesson"]);
    assert_eq!(terms("write down what the attempt taught us"), ["lesson"]);
    assert!(terms("what we learn in school").is_empty());
}

#[test]
fn a_tool_behind_its_latest_version_asks_for_an_upgrade() {
    for s in [
        "bump remotion to the latest version",
        "our remotion stuff is like 20 versions behind",
        "bring all of it up to the newest release",
        "update the sdk to latest",
        "bring the deps up to date",
    ] {
        assert_eq!(terms(s), ["upgrad"], "{s}");
    }
    // A release bumped, or the latest of something else, is no upgrade.
    for s in [
        "bump the version and tag it",
        "read the latest release notes",
    ] {
        assert!(terms(s).is_empty(), "{s}");
    }
}
