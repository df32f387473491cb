//! What sets the scene for a command in the same sentence: a scene before
//! the comma ("the hero headline is weak, punch it up"), a choice the
//! person tells ("I picked postgres over mongo, …"), or what is left of
//! the work before ("whatever survives, dock it …").

use super::bare::{is_bare, POINTS_BACK};
use super::{is_request, plain_all, Link};

/// Reads a sentence that opens with its scene and ends in a command: "the
/// hero headline is weak, punch it up". Returns whether the scene before the comma was
/// cut from the command as its scene (`cut` is changed to say so), and
/// whether the sentence asks through that command. When the command
/// refers back to the scene ("…, punch it up", a bare "figure out why"),
/// the scene is what it acts on: the sentence is one request. Otherwise
/// the piece before the comma is its scene ("Don't touch the deck, just
/// fill in the numbers in the sheet").
pub(super) fn command_after_scene(
    trimmed: &str,
    cut: &mut Vec<(String, Option<Link>)>,
) -> (bool, bool) {
    // A sentence already cut has its pieces read as they are: making it a
    // request through its last piece took skills for the scenes of
    // declines ("don't commit anything, I'll … commit it myself").
    if cut.len() > 1 {
        return (false, false);
    }
    // The cheap tests first: most sentences end in no command.
    let Some((scene, command)) = trimmed.rsplit_once(',').filter(|(_, c)| commands(c)) else {
        return (false, false);
    };
    if is_request(trimmed) {
        return (false, false);
    }
    // Not a comma of a list in parentheses: "(list items, release stock)".
    if command.contains(')') && !command.contains('(') {
        return (false, false);
    }
    let refers = is_bare(command)
        || plain_all(command)
            .iter()
            .any(|w| POINTS_BACK.contains(&w.as_str()));
    if !refers {
        let link = cut[0].1;
        *cut = vec![
            (scene.to_string(), link),
            (command.trim().to_string(), None),
        ];
    }
    (!refers, true)
}

/// True when `piece` is a command that opens with a task's verb or an
/// idiom of work, after "so", "and", "just" or "please". Not "just explain
/// it": explaining asks to know.
fn commands(piece: &str) -> bool {
    let w = plain_all(piece);
    let lead = w
        .iter()
        .take_while(|x| {
            matches!(
                x.as_str(),
                "so" | "and" | "just" | "pls" | "please" | "then"
            )
        })
        .count();
    let rest = &w[lead..];
    let verb = |v: &String| crate::plan::task_words::starts_task(v) && v != "explain";
    rest.len() >= 2 && (rest.first().is_some_and(verb) || crate::plan::idioms::commands(rest))
}

/// True when `words` tell a choice the person made: "I picked postgres
/// over mongo", "we went with redis".
pub(super) fn told_choice(words: &[&str]) -> bool {
    matches!(words, ["i" | "we", "just", v, ..] | ["i" | "we", v, ..]
        if matches!(*v, "picked" | "chose" | "went" | "decided" | "settled" | "opted"))
}

/// True when `words` open with what is left of the work before, as a
/// free relative: "whatever survives, dock it into the pocket", "whichever
/// pass, merge them". It names the thing the command acts on; it is no
/// task of its own. Only a short piece: a longer one says more.
pub(super) fn what_is_left(words: &[&str], len: usize) -> bool {
    len <= 5 && matches!(words.first(), Some(&("whatever" | "whichever" | "whoever")))
}
