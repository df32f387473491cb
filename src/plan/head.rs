//! The head of what a clause's command acts on: "make a matching
//! **poster**", "tighten the changelog **prose** too", "a printable
//! **poster** for the launch party". The last word of the noun phrase
//! after the verb (or after a want: "I need a printable **poster**"),
//! before the first preposition. A skill whose headline names that thing
//! with enough evidence serves the clause on that one word (see
//! [`super::fit`]).

use super::text::is_stop_word;

/// Words that end the noun phrase a command acts on: prepositions and
/// the words that open a clause of their own.
const ENDS: &[&str] = &[
    "about", "across", "against", "as", "at", "because", "before", "but", "by", "for", "from",
    "if", "in", "into", "like", "of", "on", "onto", "since", "so", "than", "that", "till", "to",
    "under", "until", "using", "via", "when", "where", "which", "while", "who", "with", "without",
];

/// The index in `ws` of the head of the clause's object, when the clause
/// opens with a command ("make a matching poster", "make me a poster"), a
/// want ("I need a printable poster") or with the object
/// itself, its verb shared with the task before it ("…and a printable
/// poster"), which only a clause `listed` with another may do: alone,
/// "the shower in my apartment" is a subject. None when the phrase holds
/// no word that means anything.
pub fn object_head(ws: &[String], listed: bool) -> Option<usize> {
    let first = ws.first()?;
    let verb = super::task_words::starts_joined_task(first);
    if verb && CLAUSE_VERBS.contains(&first.as_str()) {
        return None;
    }
    // "I need a printable poster": a want names the thing as a command does.
    let wanted = wanted_from(ws);
    // The object opens with an article or a possessive: "make slugify
    // pass" and "automate logging into…" name no thing.
    if !verb && !listed && wanted.is_none() {
        return None;
    }
    // "make me a poster": the person it is for is not the thing.
    let start = match wanted {
        Some(at) => at,
        None if verb && ws.get(1).is_some_and(|w| w == "me" || w == "us") => 2,
        None => usize::from(verb),
    };
    if !ws.get(start).is_some_and(|w| opens_object(w)) {
        return None;
    }
    let end = (start..ws.len())
        .find(|&i| ENDS.contains(&ws[i].as_str()))
        .unwrap_or(ws.len());
    // "the tests are failing": a subject and its verb, not an object.
    if ws[start..end].iter().any(|w| LINKING.contains(&w.as_str())) {
        return None;
    }
    (start..end).rev().find(|&i| !is_stop_word(&ws[i]))
}

/// The openings that say what the person wants, the thing after them:
/// "i need", "we'd like".
const WANTS: &[&[&str]] = &[
    &["i", "need"],
    &["we", "need"],
    &["i", "want"],
    &["we", "want"],
    &["i'd", "like"],
    &["we'd", "like"],
    &["i", "would", "like"],
    &["we", "would", "like"],
];

/// Where the thing a want names begins: past "i need" and any "also" or
/// "just" ("we also need a poster"), at the clause's start or after an
/// "and" that follows the scene ("the hackathon is in october and we need
/// a poster for it"). None when the clause states no want.
fn wanted_from(ws: &[String]) -> Option<usize> {
    want_opens(ws).or_else(|| {
        let k = ws.iter().position(|w| w == "and")?;
        want_opens(&ws[k + 1..]).map(|at| k + 1 + at)
    })
}

/// Where the thing a want that opens `ws` names begins.
fn want_opens(ws: &[String]) -> Option<usize> {
    let filler = |w: &str| matches!(w, "also" | "just" | "really" | "still");
    WANTS.iter().find_map(|want| {
        let mut i = 0;
        for part in *want {
            while ws.get(i).is_some_and(|w| filler(w)) {
                i += 1;
            }
            if ws.get(i)? != part {
                return None;
            }
            i += 1;
        }
        Some(i)
    })
}

/// Verbs that follow a subject: a phrase holding one is a sentence.
pub(super) const LINKING: &[&str] = &[
    "am", "are", "been", "being", "does", "doesn't", "has", "hasn't", "have", "is", "isn't",
    "keeps", "looks", "seems", "was", "wasn't", "were", "won't",
];

/// Verbs whose object is often a clause of its own: "check the dashboard
/// loads" checks that it does.
const CLAUSE_VERBS: &[&str] = &["check", "confirm", "ensure", "see", "test", "verify"];

/// True when `w` opens a noun phrase: an article, a possessive or a
/// quantifier. Not "this": "review this testimonial section" points at
/// what the person has, and its head is often the generic part of it
/// (measured: one case lost, none gained).
fn opens_object(w: &str) -> bool {
    super::task_words::OBJECT_OPENERS.contains(&w)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(s: &str) -> Option<String> {
        let ws = super::super::text::words(s);
        object_head(&ws, true).map(|i| ws[i].clone())
    }

    #[test]
    fn the_head_is_the_last_word_before_a_preposition() {
        assert_eq!(head("make a matching poster").as_deref(), Some("poster"));
        assert_eq!(
            head("a printable poster for the launch party").as_deref(),
            Some("poster")
        );
        assert_eq!(
            head("tighten the changelog prose too").as_deref(),
            Some("prose")
        );
        assert_eq!(
            head("trim the padding out of it").as_deref(),
            Some("padding")
        );
    }

    #[test]
    fn a_want_names_its_thing_as_a_command_does() {
        let alone = |s: &str| {
            let ws = super::super::text::words(s);
            object_head(&ws, false).map(|i| ws[i].clone())
        };
        assert_eq!(
            alone("I need a big printable poster for the booth").as_deref(),
            Some("poster")
        );
        assert_eq!(
            alone("we also need a short changelog").as_deref(),
            Some("changelog")
        );
        assert_eq!(
            alone("make me a matching poster").as_deref(),
            Some("poster")
        );
        // After the scene, an "and" opens the want.
        assert_eq!(
            alone("the hackathon is in october and we need a poster for it").as_deref(),
            Some("poster")
        );
        assert_eq!(alone("I need to fix the tests"), None);
        assert_eq!(alone("we need this done"), None);
    }

    #[test]
    fn no_head_without_a_command_or_an_object() {
        assert_eq!(head("the tests are failing on ci"), None);
        assert_eq!(head("make it"), None);
        assert_eq!(head(""), None);
    }
}
