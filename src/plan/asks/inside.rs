//! Work asked inside a sentence that opens as a scene: a command after a
//! comma ("the page looks like every template, give it a direction"),
//! and a thing said to need work ("the numbers need checking", "the
//! .drawio needs the gateway added").

use super::super::clauses::words_of;
use super::is_request_here;
use crate::plan::task_words::{opens_on_pronoun, starts_joined_task, starts_task, OBJECT_OPENERS};

/// True when a piece after a comma opens with a verb acting on what the
/// scene before it named, or on a new object: "settings page looks like
/// every admin template, give it more character", "the older files are
/// full of casts, replace those with shoehorn", "the page feels sluggish,
/// do the perf audit first", "…gives 500 on cents, fix that one".
///
/// Each piece is read up to the comma after it, so a sentence of many
/// commas is read once, not once per comma from there to its end.
pub(super) fn splices_command(sentence: &str) -> bool {
    // Not in a choice asked about: "do i merge locally, open a PR, or
    // what?". Read once for the sentence, not once per comma.
    let asks_which = sentence.split(' ').next().is_some_and(|a| {
        matches!(
            a.to_lowercase().as_str(),
            "do" | "does" | "did" | "should" | "shall" | "can" | "could" | "would" | "will"
        )
    });
    sentence.match_indices(", ").any(|(i, _)| {
        let rest = &sentence[i + 2..];
        let rest = rest.find(", ").map_or(rest, |end| &rest[..end]);
        let w = words_of(rest);
        // "…still describes the old setup, so refresh the whole thing";
        // not "…myself later, so leave the tree as it is", which keeps
        // work from being done.
        const HOLDS: &[&str] = &["hold", "keep", "leave", "let", "stop", "wait"];
        let holds = w
            .get(1)
            .is_some_and(|(v, _, _)| HOLDS.contains(&v.as_str()));
        if rest.starts_with("so ") && !holds && is_request_here(rest) {
            return true;
        }
        // "…, check that against real sources": "that" stands for the
        // claim as "those" would.
        let first: Vec<&str> = w
            .iter()
            .take(4)
            .map(|(x, _, _)| if x == "that" { "those" } else { x.as_str() })
            .collect();
        // "the checkout page feels sluggish, do the perf audit first":
        // a verb of work on a new object. Not "…, review went badly".
        let on_object = !asks_which
            && matches!(first.as_slice(), [v, o, ..]
            if (starts_task(v) || starts_joined_task(v) || *v == "do")
                && OBJECT_OPENERS.contains(o));
        // "…gives 500 when the amount has cents, fix that one": "that one"
        // stands for the thing told as "it" would.
        let on_that_one = matches!(first.as_slice(), [v, "those" | "this", "one", ..]
            if starts_joined_task(v));
        // "…every time qty changes, fix that": the piece is the verb and
        // what it stands for, nothing after.
        let on_that = matches!(first.as_slice(), [v, "those" | "this" | "it" | "them"]
            if starts_joined_task(v));
        // "…takes 9 min to build on CI, sort out the Dockerfile": an idiom
        // of work ("sort out", "clean up") on an object.
        let idiom = !asks_which
            && (crate::plan::idioms::commands(&first)
                || matches!(first.as_slice(), [v, "out" | "up", o, ..]
                    if (starts_joined_task(v) || matches!(*v, "sort" | "hook" | "wire"))
                        && OBJECT_OPENERS.contains(o)));
        // "…~40k runner minutes a month, find where we waste time": a
        // verb of work on what is to be found out.
        let on_question = !asks_which
            && matches!(first.as_slice(), [v, "where" | "why" | "whether" | "how" | "what" | "which", ..]
            if starts_task(v));
        opens_on_pronoun(&first) || on_object || on_that_one || on_that || idiom || on_question
    })
}

/// True when the sentence says something needs work done to it: "the
/// numbers need checking", "the intro needs to be cut", "it needs
/// tightening". Not "needs nothing", nor a need of the person's ("I need
/// to…", read as a want).
pub(super) fn says_it_needs_work(w: &[(String, usize, usize)]) -> bool {
    let word = |i: usize| w.get(i).map_or("", |(x, _, _)| x.as_str());
    // "needs the new NAT gateway added", "needs its PNG regenerated": a
    // thing, then what is to be done to it.
    let done_to = |i: usize| {
        matches!(
            word(i + 1),
            "the" | "a" | "an" | "its" | "their" | "some" | "more"
        ) && (i + 2..i + 6).any(|j| word(j).len() > 4 && word(j).ends_with("ed"))
    };
    (0..w.len()).any(|i| {
        let next = word(i + 1);
        matches!(word(i), "need" | "needs")
            && (next.len() > 5
                && next.ends_with("ing")
                && !matches!(next, "nothing" | "anything" | "something" | "everything")
                || next == "to" && word(i + 2) == "be"
                // "glossary.md needs two things".
                || matches!(next, "two" | "three" | "four" | "several") && word(i + 2) == "things"
                || word(i) == "needs" && done_to(i))
            // "it has to use the official colors", "that has to go in
            // first": what a thing must be or have.
            || word(i) == "has"
                && word(i + 1) == "to"
                && i > 0
                && !matches!(word(i - 1), "he" | "she" | "someone" | "nobody" | "everyone")
                // Not an order said as a state: "it has to be built
                // before that", "the poster has to exist first".
                && !matches!(word(i + 2), "be" | "exist" | "happen" | "wait" | "come")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needs(s: &str) -> bool {
        says_it_needs_work(&words_of(s))
    }

    #[test]
    fn a_verb_alone_on_that_an_idiom_of_work_or_a_question_to_find_out_is_spliced() {
        for s in [
            "cart store rerenders the whole header every time qty changes, fix that",
            "the api image is 2.1GB and takes 9 min to build, sort out the Dockerfile",
            "we burn 40k runner minutes a month, find where we waste time",
        ] {
            assert!(splices_command(s), "{s}");
        }
        for s in [
            // A state, not a command; a thing named after "out".
            "the build went fine, love that",
            "the release slipped a week, out of our hands",
            // Asked as a choice, not commanded.
            "should we rebuild the index, find where it drifts, or leave it",
        ] {
            assert!(!splices_command(s), "{s}");
        }
    }

    #[test]
    fn a_verb_on_what_the_scene_named_after_a_comma_is_a_command() {
        assert!(splices_command(
            "the settings page looks like every admin template, give it more character"
        ));
        assert!(splices_command(
            "the older files are full of casts, replace those with shoehorn"
        ));
        assert!(splices_command(
            "it claims SQLite can't take concurrent readers, check that against real sources"
        ));
        assert!(splices_command(
            "it still describes the old setup, so refresh the whole thing"
        ));
        // A state or a feeling after the comma commands nothing.
        assert!(!splices_command("the page loads, it works fine"));
        assert!(!splices_command(
            "the deploy failed, I think it was the cache"
        ));
        assert!(!splices_command(
            "explain analyze shows a seq scan, the query takes 9 seconds"
        ));
    }

    #[test]
    fn a_spliced_command_after_a_clause_of_when_is_asked() {
        // The clause of when or whether leaves the scene and its command.
        let s = "and while youre in the test folder, the older files are full of casts, replace those with shoehorn";
        assert!(super::super::is_request(s));
    }

    #[test]
    fn so_before_holding_back_commands_nothing() {
        assert!(!splices_command(
            "I'll push the commit myself later tonight, so leave the working tree as it is"
        ));
        assert!(!splices_command(
            "the fix is in review, so wait for the bot"
        ));
    }

    #[test]
    fn a_thing_said_to_need_work_asks_for_it() {
        assert!(needs("the numbers need checking"));
        assert!(needs("the intro needs to be cut"));
        assert!(needs(
            "infra/aws-vpc.drawio needs the new NAT gateway added in each AZ"
        ));
        assert!(needs("glossary.md needs two things"));
        assert!(needs("it has to use the official colors and fonts"));
        assert!(!needs("it needs nothing more"));
        assert!(!needs("he has to leave early"));
        // An order said as a state: "…has to be built before that".
        assert!(!needs(
            "obviously it has to be built before that can happen"
        ));
        assert!(!needs("the poster has to exist before that"));
    }
}
