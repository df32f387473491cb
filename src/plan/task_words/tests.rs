#[test]
fn a_requirement_on_the_work_is_read() {
    let req = |s: &str| states_requirement(&s.split(' ').collect::<Vec<_>>());
    assert_eq!(req("it has to use the official colors"), Some(4));
    assert_eq!(req("it should follow our style guide"), Some(3));
    assert_eq!(req("they need to meet the AVM rules"), Some(4));
    assert_eq!(
        req("the generated hcl needs to match our style conventions"),
        Some(6)
    );
    assert_eq!(req("every page must follow the guide"), Some(4));
    assert_eq!(req("it should be loading v4"), None);
    assert_eq!(req("the tests should use fixtures"), Some(4));
    assert_eq!(req("the fix should be small"), None);
    assert_eq!(req("we should use postgres"), None);
}

use super::*;

#[test]
fn a_preposition_may_stand_between_a_verb_and_its_object() {
    let ws = |s: &'static str| s.split(' ').collect::<Vec<_>>();
    assert!(phrasal_command(&ws("look up on the web")));
    assert!(phrasal_command(&ws("catch up on whether")));
    assert!(!phrasal_command(&ws("signed up on the site")));
    assert!(opens_on_pronoun(&ws("look at those next")));
    assert!(opens_on_pronoun(&ws("dig into it")));
    assert!(!opens_on_pronoun(&ws("heard about it")));
    assert!(!opens_on_pronoun(&ws("love it so")));
    assert_eq!(
        command_after_for_each(&ws("for every high severity finding create a ticket")),
        Some(5)
    );
    assert_eq!(
        command_after_for_each(&ws("for every user we store a row")),
        None
    );
    assert_eq!(command_after_for_each(&ws("for the record fix it")), None);
}

#[test]
fn a_verb_whose_plain_form_ends_like_another_form_reads_as_one() {
    // "bring" ends in -ing, "apply" in -ly: still a command's verb.
    assert!(reads_as_command(&["bring", "my", "skills", "up"]));
    assert!(reads_as_command(&["apply", "the", "dark", "theme"]));
    assert!(reads_as_command(&["embed", "the", "video"]));
    // Thanks and praise are no verb: "thx the notes were perfect".
    assert!(!reads_as_command(&["thx", "the", "notes", "were"]));
    assert!(!reads_as_command(&["nice", "the", "tests", "pass"]));
    // Other -ing and -ly words are no verb of a command.
    assert!(!reads_as_command(&["adding", "the", "theme"]));
    assert!(!reads_as_command(&["quickly", "the", "theme"]));
    let mut v = ENDS_SO.to_vec();
    v.sort();
    assert_eq!(v, ENDS_SO);
}

#[test]
fn task_verbs_are_sorted() {
    let mut v = CLAUSE_OPENERS.to_vec();
    v.sort();
    assert_eq!(v, CLAUSE_OPENERS);
    for list in [TASK_VERBS, JOINED_TASK_VERBS] {
        let mut v = list.to_vec();
        v.sort();
        v.dedup();
        assert_eq!(v, list);
    }
    assert!(JOINED_TASK_VERBS.iter().all(|w| !TASK_VERBS.contains(w)));
    for list in [OBJECT_WORDS, NOT_VERBS] {
        let mut v = list.to_vec();
        v.sort();
        v.dedup();
        assert_eq!(v, list);
    }
}

#[test]
fn a_command_is_read_by_its_shape() {
    let reads = |s: &str| reads_as_command(&s.split(' ').collect::<Vec<_>>());
    for s in [
        "give me a snippet",
        "swap each one",
        "grab the page",
        "fix it",
    ] {
        assert!(reads(s), "{s}");
    }
    // A pronoun goes on with the task before; a function word, a past
    // or -ing form or a third-person verb opens no command.
    for s in [
        "sort it out",
        "lol my cat",
        "checked the bill",
        "says the license",
        "nothing to do",
        "whatever punctuation fits",
        "don't edit any files",
    ] {
        assert!(!reads(s), "{s}");
    }
}

#[test]
fn a_verb_and_its_particle_before_an_object_is_a_command() {
    let phrasal = |s: &str| phrasal_command(&s.split(' ').collect::<Vec<_>>());
    assert!(phrasal("carry out the plan"));
    assert!(phrasal("spin up a worktree"));
    // Or before the clause it acts on.
    assert!(phrasal("figure out which place should own it"));
    assert!(phrasal("find out what's causing it"));
    assert!(phrasal("look into why the build is slow"));
    // A particle with no new object after it, or a form no command takes.
    assert!(!phrasal("carry out"));
    assert!(!phrasal("sort it out"));
    assert!(!phrasal("checked out the branch"));
    assert!(!phrasal("the tables out of it"));
    assert!(!phrasal("turns out which one"));
}

#[test]
fn a_verb_on_it_with_more_after_is_a_command() {
    let on_it = |s: &str| commands_pronoun(&s.split(' ').collect::<Vec<_>>());
    assert!(on_it("give it one of your themes"));
    assert!(on_it("turn them into a memo"));
    assert!(!on_it("sort it out"));
    assert!(!on_it("give it"));
    assert!(!on_it("fixed it last week"));
    assert!(!on_it("the it crowd"));
}
