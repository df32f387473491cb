//! Unit tests of cutting an intent into sentences.
use super::*;

fn texts(intent: &str) -> Vec<(String, bool)> {
    sentences(intent)
        .into_iter()
        .filter(|(s, _)| !s.trim().is_empty())
        .map(|(s, m)| (s.trim().to_string(), m))
        .collect()
}

/// Sentences, each opened by a mark but the first when `first` is false.
fn steps(list: &[&str], first: bool) -> Vec<(String, bool)> {
    list.iter()
        .enumerate()
        .map(|(i, s)| (s.to_string(), first || i > 0))
        .collect()
}

#[test]
fn numbered_steps_are_sentences_of_their_own() {
    let want = steps(
        &["pull the page", "check the numbers", "rewrite the copy"],
        true,
    );
    assert_eq!(
        texts("1. pull the page 2. check the numbers 3. rewrite the copy"),
        want
    );
    assert_eq!(
        texts("1) pull the page 2) check the numbers 3) rewrite the copy"),
        want
    );
    assert_eq!(
        texts("two things: (1) pull the page (2) check the numbers"),
        [
            ("two things:".to_string(), false),
            ("pull the page".to_string(), true),
            ("check the numbers".to_string(), true)
        ]
    );
    assert_eq!(
        texts("step one, pull the page. step two, check the numbers"),
        [
            ("pull the page".to_string(), true),
            ("check the numbers".to_string(), true)
        ]
    );
}

#[test]
fn lettered_items_mark_steps() {
    assert_eq!(
        texts("Please (a) go through the hot path for smells, and (b) set up a benchmark project"),
        [
            ("Please".to_string(), false),
            ("go through the hot path for smells, and".to_string(), true),
            ("set up a benchmark project".to_string(), true),
        ]
    );
    // One letter alone, or letters out of order, make no list.
    assert_eq!(texts("plan a) in the doc").len(), 1);
    assert_eq!(texts("see (b) and then (a) again").len(), 1);
}

#[test]
fn ordinals_that_open_sentences_mark_steps() {
    assert_eq!(
        texts("First: pull the page. Second: check the numbers. Third: rewrite it"),
        steps(&["pull the page", "check the numbers", "rewrite it"], true)
    );
    assert_eq!(
        texts("Firstly, pull the page. Secondly, check the numbers"),
        steps(&["pull the page", "check the numbers"], true)
    );
    // Unpunctuated, right before a verb of work.
    assert_eq!(
        texts("First pull the page. Second, check the numbers"),
        steps(&["pull the page", "check the numbers"], true)
    );
    // Not before a noun: "First pass looks fine" keeps its word.
    assert_eq!(
        texts("First pass looks fine. Second, check the numbers")[0].0,
        "First pass looks fine"
    );
    // Inside a sentence, or alone, an ordinal says more than a step.
    assert_eq!(texts("do a first pass, then a second, pass").len(), 1);
    assert_eq!(
        texts("First, pull the page. Then check the numbers"),
        [
            ("First, pull the page".to_string(), false),
            ("Then check the numbers".to_string(), false)
        ]
    );
}

#[test]
fn bullets_of_a_list_mark_steps() {
    assert_eq!(
        texts("- turn my notes into a note\n- after that, make a PDF of it"),
        steps(
            &["turn my notes into a note", "after that, make a PDF of it"],
            true
        )
    );
    // One dash is no list.
    assert_eq!(texts("- make a PDF").len(), 1);
}

#[test]
fn a_question_mark_in_parentheses_ends_no_sentence() {
    assert_eq!(
        texts("the port (8080? 8081?) is stated twice; fix it"),
        [
            ("the port (8080? 8081?) is stated twice".to_string(), false),
            ("fix it".to_string(), false)
        ]
    );
    // An unclosed parenthesis holds only to the end of its line.
    assert_eq!(texts("see (this? no\nfix it").len(), 2);
}

#[test]
fn a_mark_inside_a_token_ends_no_sentence() {
    for s in [
        "open https://example.com/watch?v=abc and summarize it",
        "drop the !important rules and tidy the css",
        "open /pulls?q=is%3Aopen and review each one",
    ] {
        assert_eq!(texts(s).len(), 1, "{s}");
    }
    // A mark typed with no space after it still ends its sentence.
    for s in [
        "why is CI red?fix it please",
        "ok;ship it",
        "No!Don't push it live",
    ] {
        assert_eq!(texts(s).len(), 2, "{s}");
    }
    // The mark before a space or the end still ends the sentence.
    assert_eq!(texts("is it done? ship it!").len(), 2);
    assert_eq!(texts("really?! ok, ship it").len(), 2);
}

#[test]
fn a_period_after_an_abbreviation_ends_no_sentence() {
    let one = |s: &str| assert_eq!(texts(s).len(), 1, "{s}");
    one("grab the rate from the St. Louis Fed API and forecast it");
    one("find the mail from Dr. Okafor's office and add it to my calendar");
    one("some points look wrong, e.g. the regex one");
    one("squash-merge vs. merge commits, which should we use");
    // A title before no name, and "etc.", may end a sentence.
    assert_eq!(texts("ask the dr. then book it").len(), 2);
    assert_eq!(texts("tests, docs etc. Then deploy").len(), 2);
    assert_eq!(texts("i log off in 10 min. write it up").len(), 2);
}

#[test]
fn arrows_mark_steps() {
    // The words before the first arrow are the chain's first step.
    assert_eq!(
        texts("find the cause -> write a failing test \u{2192} fix it"),
        steps(&["find the cause", "write a failing test", "fix it"], true)
    );
    assert_eq!(
        texts("The app is slow. press release for the launch -> strip the AI phrasing"),
        [
            ("The app is slow".to_string(), false),
            ("press release for the launch".to_string(), true),
            ("strip the AI phrasing".to_string(), true)
        ]
    );
    // Code before a lambda's arrow is no step.
    assert!(!texts("return items.First(p => p.Id == id)")[0].1);
}

#[test]
fn an_arrow_to_what_a_command_printed_is_no_step() {
    let t = texts("EXPLAIN ANALYZE -> Seq Scan on orders (rows=3.1M), Sort Method: top-N");
    assert_eq!(t.len(), 1);
    assert_eq!(texts("line 4 -> `TypeError: x is undefined`").len(), 1);
    // A step named in a few plain words, or after "then", still is.
    assert_eq!(texts("brainstorm -> spec -> implementation").len(), 3);
    assert!(texts("draft it -> then review it")[1].1);
    // A count, an article and a parenthesis are plain words of a step.
    assert_eq!(
        texts("invoices.pdf -> xlsx (one row per line item) -> 5 slide deck").len(),
        3
    );
    assert_eq!(texts("notes -> a memo -> a 5 slide deck").len(), 3);
    // A word of letters and digits is not: "h2 -> h4 jumps" is a heading
    // level, and "line 4 -> 5 rows (dropped)" what a command printed.
    assert_eq!(texts("axe flags h2 -> h4 jumps").len(), 1);
}

#[test]
fn a_step_after_an_arrow_is_read_near_it() {
    // Each arrow reads only the words near it: a long chain is read
    // once (bench/hostile.sh intent times 12,000 arrows).
    let chain = "fix it -> ".repeat(500);
    assert_eq!(texts(&chain).iter().filter(|t| t.1).count(), 500);
}

#[test]
fn a_mark_inside_inline_code_ends_no_sentence() {
    assert_eq!(
        texts("`SELECT * FROM orders LIMIT 20;` is slow on prod. why?"),
        [
            (
                "`SELECT * FROM orders LIMIT 20;` is slow on prod".to_string(),
                false
            ),
            ("why".to_string(), false)
        ]
    );
    // A lone mark opens no code: the sentence still ends.
    assert_eq!(texts("it's the ` key; fix it").len(), 2);
}

#[test]
fn an_arrow_inside_code_is_no_step() {
    assert_eq!(texts("fix the crash in node->next handling").len(), 1);
}

#[test]
fn numbers_that_do_not_count_are_no_list() {
    assert_eq!(
        texts("upgrade to node 20. 3 files need it"),
        [
            ("upgrade to node 20".to_string(), false),
            ("3 files need it".to_string(), false)
        ]
    );
    assert_eq!(texts("fix step 3 of the wizard").len(), 1);
    assert_eq!(texts("open report v1.2.pdf").len(), 1);
}

#[test]
fn a_semicolon_in_prose_is_read_apart_from_one_in_a_code_fence() {
    let intent = "lint it; fix ```a(); b();``` then; ship it";
    let semis = Semicolons::new(intent);
    let read: Vec<(&str, bool)> = sentences(intent)
        .into_iter()
        .map(|(s, _)| (s.trim(), semis.before(s)))
        .collect();
    assert_eq!(
        read,
        [
            ("lint it", false),
            ("fix ```a()", true),
            ("b()", false),
            ("``` then", false),
            ("ship it", true),
        ]
    );
}
