//! Two words of an intent that a skill's name writes as one.
//!
//! Skill authors often squash a pair of words into one word of a name:
//! `webapp-testing` ("web app"), `doc-coauthoring` ("co-author"),
//! `frontend-design` ("front end"), or shorten the second word, as in
//! `factchk` ("fact-check") and `readchk` ("read check"). People write the
//! two words. Each pair of adjacent words of a clause, neither a stop word,
//! is therefore also one term of the query, the *compound*, joined and
//! analysed as one word ("web app" gives `webapp`), and so is a verb with
//! its particle across a pronoun ("catch me up" gives `catchup`). It is found wherever a
//! skill's text has it, like any term, and it also matches a word of a
//! skill's name that abbreviates it ([`abbreviates`]).
//!
//! A compound is a word of the clause's own: it counts as the clause's
//! words do, and a skill matched on it and on one of its two words has
//! matched two words. A query has at most 64 compounds, and none of the
//! words of a topic ("about …"), which are not the clause's own.

use super::text::{is_stop_word, Analyzer};

/// One compound of a query: its term (an index into the query's terms) and
/// the two words it joins, as written.
#[derive(Debug, Clone)]
pub struct Compound {
    pub term: usize,
    pub first: String,
    pub second: String,
}

/// The compounds of a clause's words, in order: (the term, the two
/// words). Only pairs of letters-only words of two or more letters.
pub fn of_words(words: &[String], a: &Analyzer) -> Vec<(String, String, String)> {
    let plain = |w: &str| w.len() >= 2 && w.bytes().all(|b| b.is_ascii_lowercase());
    let mut out = Vec::new();
    for (i, x) in words.iter().enumerate() {
        if !plain(x) || is_stop_word(x) {
            continue;
        }
        let Some(y) = second_of(&words[i + 1..]) else {
            continue;
        };
        if !plain(y) {
            continue;
        }
        if let Some(term) = a.terms(&format!("{x}{y}")).into_iter().next() {
            out.push((term, x.clone(), y.clone()));
        }
    }
    out
}

/// Particles that make a verb of two words ("catch … up", "sum … up").
pub(super) const PARTICLES: &[&str] = &["back", "down", "off", "out", "over", "up"];

/// Pronouns that stand between a verb and its particle ("catch me up").
const SPLITTING: &[&str] = &["it", "me", "them", "this", "us"];

/// The word that joins the word before `rest` into a compound: the next
/// word when it is not a stop word, or a particle after one pronoun
/// ("catch me up" is `catchup`). A particle right after its verb is not
/// joined: "sign up" and "catch up over coffee" are the verb, not the
/// signup flow or the catch-up briefing; with a pronoun between, the words
/// are a request made of someone ("catch me up", "sum it up").
fn second_of(rest: &[String]) -> Option<&String> {
    let next = rest.first()?;
    if !is_stop_word(next) {
        return Some(next);
    }
    let after = rest.get(1)?;
    (SPLITTING.contains(&next.as_str()) && PARTICLES.contains(&after.as_str())).then_some(after)
}

/// True when `word`, a word of a skill's name, shortens the compound of
/// `first` and `second`: it is `first` followed by two or more letters of
/// `second`, in order, starting with its first ("factchk" for "fact" and
/// "check"). The compound as a whole is matched as a term, not here.
pub fn abbreviates(word: &str, first: &str, second: &str) -> bool {
    // "ci things" is not "citi" (a stemmed "city"): a first word of two
    // letters starts too many words of names by chance.
    if first.len() < 3 {
        return false;
    }
    let Some(rest) = word.strip_prefix(first) else {
        return false;
    };
    if rest.len() < 2 || rest.len() >= second.len() || rest.as_bytes()[0] != second.as_bytes()[0] {
        return false;
    }
    let mut letters = second.bytes();
    rest.bytes().all(|b| letters.any(|c| c == b))
}

/// Counts, in `tf[term][0]` (the name field), each word of a skill's
/// `name` that shortens one of the `compounds` (see [`abbreviates`]).
pub fn count_in_name<'a>(
    name: impl Iterator<Item = &'a str>,
    compounds: &[Compound],
    tf: &mut [[u32; 8]],
) {
    for word in name {
        for c in compounds {
            if abbreviates(word, &c.first, &c.second) {
                tf[c.term][0] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::text::words;

    #[test]
    fn a_pair_of_words_is_one_term() {
        let a = Analyzer::default();
        let c = of_words(&words("test my web app, co-author the fact-check"), &a);
        let terms: Vec<&str> = c.iter().map(|(t, _, _)| t.as_str()).collect();
        assert!(terms.contains(&"webapp"), "{terms:?}");
        assert!(
            terms.contains(&a.terms("coauthor")[0].as_str()),
            "{terms:?}"
        );
        assert!(terms.contains(&"factcheck"), "{terms:?}");
        // Stop words make no compound: "my web" and "the fact" are not.
        assert!(!c.iter().any(|(_, x, _)| x == "my" || x == "the"));
    }

    #[test]
    fn a_verb_and_its_particle_join_across_a_pronoun_only() {
        let a = Analyzer::default();
        let terms = |s: &str| -> Vec<String> {
            of_words(&words(s), &a)
                .into_iter()
                .map(|(t, _, _)| t)
                .collect()
        };
        assert!(terms("catch me up on the project").contains(&"catchup".to_string()));
        assert!(terms("sum it up").contains(&a.terms("sumup")[0]));
        // Right after the verb, the particle is the verb's own.
        assert!(!terms("users sign up and leave").contains(&"signup".to_string()));
        assert!(!terms("catch up over coffee").contains(&"catchup".to_string()));
        // A pronoun before any other word joins nothing.
        assert!(terms("catch me later").is_empty());
    }

    #[test]
    fn a_name_word_may_shorten_the_second_word() {
        assert!(abbreviates("factchk", "fact", "check"));
        assert!(abbreviates("readchk", "read", "check"));
        assert!(
            !abbreviates("factcheck", "fact", "check"),
            "the whole is a term"
        );
        assert!(
            !abbreviates("facts", "fact", "check"),
            "one letter is not enough"
        );
        assert!(
            !abbreviates("factkc", "fact", "check"),
            "letters out of order"
        );
        assert!(!abbreviates("webhook", "web", "hosting"));
        assert!(!abbreviates("chk", "fact", "check"));
        // A two-letter first word starts names by chance: "ci things" is
        // not the stemmed "city" of a name.
        assert!(!abbreviates("citi", "ci", "things"));
    }
}
