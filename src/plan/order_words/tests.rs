use super::*;

#[test]
fn before_a_date_is_no_clause_of_work() {
    let opens = |s: &str| opens_with_before(&s.split(' ').collect::<Vec<_>>());
    assert!(opens("before you write the plan, brainstorm it"));
    assert!(opens("before writing anything, read the notes"));
    assert!(!opens("before friday i need the rec done"));
    assert!(!opens("before monday's standup, summarize the call"));
    assert!(!opens("before 5pm send the draft"));
    assert!(!opens("before"));
}

#[test]
fn a_sentence_that_opens_a_step() {
    let main = |w: &[&str]| w.first() == Some(&"write");
    let at = |s: &str| {
        let words: Vec<&str> = s.split(' ').map(|w| w.trim_end_matches(',')).collect();
        let commas: Vec<bool> = s.split(' ').map(|w| w.ends_with(',')).collect();
        opener_end(&words, &commas, main)
    };
    assert_eq!(at("then write the plan"), Some(1));
    assert_eq!(at("after that write the plan"), Some(2));
    assert_eq!(at("only after that, write the plan"), Some(3));
    assert_eq!(at("only then write the plan"), Some(2));
    assert_eq!(at("once that's done write the plan"), Some(3));
    assert_eq!(at("then, having done so, write the plan"), Some(4));
    assert_eq!(at("after, write the plan"), Some(1));
    assert_eq!(at("after the launch write the plan"), None);
    assert_eq!(at("having done that, write the plan"), Some(3));
    assert_eq!(at("once we agree on it, write the plan"), Some(5));
    assert_eq!(at("before that write the plan"), Some(2));
    assert_eq!(at("write the plan"), None);
    assert_eq!(at("once upon a time"), None);
    assert_eq!(at("when I write the plan"), None);
    assert_eq!(at("when I write the plan, it breaks"), None);
}

#[test]
fn work_asked_of_the_agent_as_a_clause_of_time() {
    assert_eq!(
        agent_time(&["before", "you", "redo", "it"]),
        Some((2, true))
    );
    assert_eq!(agent_time(&["once", "you've", "cleared"]), Some((2, false)));
    assert_eq!(
        agent_time(&["after", "you", "have", "fixed"]),
        Some((3, false))
    );
    assert_eq!(points_back(&["that", "write"]), Some(1));
    assert_eq!(points_back(&["with", "that"]), Some(2));
    assert_eq!(points_back(&["it"]), Some(1));
    // Work of its own: "…once you've cleared up the conflicts".
    assert_eq!(points_back(&["up", "the", "conflicts"]), None);
    assert_eq!(points_back(&["that", "of", "the", "tests"]), None);
    assert_eq!(
        work_pointing_back(&["done", "that", "write"], false),
        Some(2)
    );
    assert_eq!(work_pointing_back(&["them", "write"], false), Some(1));
    assert_eq!(work_pointing_back(&["do", "research"], true), Some(1));
    assert_eq!(work_pointing_back(&["cleared", "up", "the"], false), None);
    assert_eq!(work_pointing_back(&["know", "it"], false), None);
    // Work of its own on the thing before: merging is a task.
    assert_eq!(work_pointing_back(&["merge", "it"], false), None);
    assert_eq!(agent_time(&["before", "we", "commit"]), None);
    assert_eq!(agent_time(&["before", "i", "merge"]), None);
    assert_eq!(agent_wait(&["until", "you've", "run"]), Some(2));
    assert_eq!(agent_wait(&["unless", "you", "have", "read"]), Some(3));
    assert_eq!(agent_wait(&["until", "the", "checks"]), None);
}

#[test]
fn connectives_that_put_what_follows_first() {
    assert_eq!(reversing(&["before", "that", "check", "it"]), Some(2));
    assert_eq!(reversing(&["and", "before", "that", "check"]), Some(3));
    assert_eq!(reversing(&["before", "you", "merge"]), None);
    assert_eq!(
        reversing(&["but", "before", "you", "start", "create"]),
        Some(4)
    );
    assert_eq!(reversing(&["then", "check"]), None);
}

#[test]
fn a_task_that_says_it_comes_first() {
    assert!(ends_first(&["brainstorm", "the", "design", "first"], true));
    assert!(!ends_first(
        &["make", "the", "change", "test", "first"],
        false
    ));
    assert!(ends_first(&["fact-check", "it", "before", "that"], false));
    assert!(ends_first(&["fact-check", "it", "beforehand"], false));
    assert!(!ends_first(&["first"], true));
    assert!(!ends_first(&["write", "the", "first", "draft"], true));
    assert!(!ends_first(&["review", "it", "before", "I", "merge"], true));
}

#[test]
fn a_task_that_says_it_waits() {
    let defers = |s: &str| defers(&s.split(' ').collect::<Vec<_>>());
    for s in [
        "review the page but not yet",
        "sort the table but that should come after the other job",
        "update the docs but do that last",
        "tag it but leave it for the end",
        "publish it but this can wait",
    ] {
        assert!(defers(s), "{s}");
    }
    for s in [
        "not yet",
        "the page is not ready but it looks good",
        "fix it but do it properly",
        "review it but that is all",
    ] {
        assert!(!defers(s), "{s}");
    }
}

#[test]
fn a_sentence_opening_with_before() {
    assert!(opens_with_before(&[
        "before", "you", "write", "the", "plan"
    ]));
    assert!(!opens_with_before(&["write", "it", "before", "lunch"]));
    assert!(!opens_with_before(&["before"]));
    assert!(before_doing_it(&["before", "you", "do", "research"]));
    assert!(before_doing_it(&["before", "doing", "that", "research"]));
    assert!(before_doing_it(&["before", "you", "start", "set"]));
    assert!(!before_doing_it(&["before", "i", "merge", "run"]));
    assert!(persons_time(&["before", "i", "ship", "it"]));
    assert!(persons_time(&["once", "we've", "launched"]));
    assert!(!persons_time(&["before", "you", "ship", "it"]));
    // The work's own state: "once it runs", "when that's merged".
    assert!(works_time(&["once", "it", "runs"]));
    assert!(works_time(&["when", "that's", "merged"]));
    assert!(works_time(&["when", "finished"]));
    assert!(works_time(&["once", "complete"]));
    assert!(!works_time(&["when", "finished", "the", "branch"]));
    assert!(!works_time(&["once", "you", "run", "it"]));
    assert!(!works_time(&["it", "runs", "once"]));
}

#[test]
fn a_thing_that_stands_done_ends_a_clause_of_time() {
    assert!(completes(&["once", "that's", "in"]));
    assert!(completes(&["when", "it's", "live"]));
    assert!(completes(&["when", "the", "pr", "is", "reviewed"]));
    assert!(completes(&["once", "it's", "done"]));
    // "in" or a participle without "be" before it ends nothing.
    assert!(!completes(&["when", "i", "log", "in"]));
    assert!(!completes(&["after", "we", "talked"]));
    assert!(!completes::<&str>(&[]));
}

#[test]
fn people_settling_the_work_or_it_running_ends_a_clause_of_time() {
    assert!(completes(&["once", "we", "agree", "on", "them"]));
    assert!(completes(&["after", "i", "approve", "it"]));
    assert!(completes(&["when", "that's", "running"]));
    // Settling something else, or running as work, ends nothing.
    assert!(!completes(&["once", "we", "agree", "on", "pricing"]));
    assert!(!completes(&["when", "running"]));
}

#[test]
fn only_before_a_clause_of_time_is_read_past() {
    let words: Vec<&str> = "only after that's green convert the components"
        .split(' ')
        .collect();
    let commas = vec![false; words.len()];
    let main = |r: &[&str]| r.first() == Some(&"convert");
    assert_eq!(opener_end(&words, &commas, main), Some(4));
    // "only" before anything else opens no clause of time.
    let words: Vec<&str> = "only convert the components".split(' ').collect();
    assert_eq!(opener_end(&words, &commas[..4], main), None);
}

#[test]
fn before_doing_anything_reverses_inside_a_sentence() {
    fn ws(s: &str) -> Vec<&str> {
        s.split(' ').collect()
    }
    assert_eq!(
        before_doing_anything(&ws("before drawing anything design it")),
        Some(3)
    );
    assert_eq!(
        before_doing_anything(&ws("before touching anything else fix it")),
        Some(4)
    );
    assert_eq!(before_doing_anything(&ws("before anything")), None);
    assert_eq!(reversing(&ws("before anything else distill it")), Some(3));
}

#[test]
fn u_is_the_agent_as_you_is() {
    assert!(agent_time(&["after", "u", "run", "the", "verifier"]).is_some());
    assert!(agent_time(&["once", "u", "have", "fixed", "it"]).is_some());
}
