//! What term analysis must know of a word before stemming it, found with
//! one hash lookup: whether it is a stop word or a common word of requests
//! ([`super::text`]), the canonical term it stands for, and whether it may
//! open a phrase of the synonym table ([`super::synonyms`]).
//!
//! Every word of every skill text passes here on a cold load. Asked of
//! three `match`es in turn, the three questions cost more than stemming
//! the words that remain; most words are none of these, and one lookup in
//! a table of the few hundred that are answers all three.

use foldhash::{HashMap, HashMapExt};
use std::sync::OnceLock;

/// What is known of one word.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Known {
    /// A stop word (numbers are not listed: see [`super::text::is_stop_word`]).
    pub stop: bool,
    /// The canonical term of the synonym table it stands for.
    pub synonym: Option<&'static str>,
    /// It is the first word of a phrase of the synonym table.
    pub opens_phrase: bool,
    /// A common word of requests, as written ([`super::text::WEAK_WORDS`]).
    pub weak: bool,
}

/// What is known of `word` (lowercase), or `None` for most words.
pub fn of(word: &str) -> Option<Known> {
    table().get(word).copied()
}

fn table() -> &'static HashMap<&'static str, Known> {
    static TABLE: OnceLock<HashMap<&'static str, Known>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t: HashMap<&'static str, Known> = HashMap::new();
        for &w in super::text::STOP_WORDS {
            t.entry(w).or_default().stop = true;
        }
        for &w in super::text::CONTRACTIONS.iter().chain(super::text::CASUAL) {
            t.entry(w).or_default().stop = true;
        }
        for &w in super::text::WEAK_WORDS {
            t.entry(w).or_default().weak = true;
        }
        for &(words, canon) in super::synonyms::WORDS {
            for &w in words {
                t.entry(w).or_default().synonym = Some(canon);
            }
        }
        for &(words, _) in super::synonyms::PHRASES {
            t.entry(words[0]).or_default().opens_phrase = true;
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::text::is_stop_word;

    #[test]
    fn stop_words_are_those_of_the_match() {
        let text = super::super::text::STOP_WORDS.iter();
        let chat = super::super::text::CONTRACTIONS
            .iter()
            .chain(super::super::text::CASUAL);
        for &w in text.chain(chat) {
            assert!(of(w).is_some_and(|k| k.stop) && is_stop_word(w), "{w}");
        }
        for w in ["pdf", "deck", "review", "google", "x"] {
            assert_eq!(of(w).is_some_and(|k| k.stop), is_stop_word(w), "{w}");
        }
    }

    #[test]
    fn synonyms_and_phrase_openers_are_known() {
        assert_eq!(of("excel").and_then(|k| k.synonym), Some("xlsx"));
        assert_eq!(of("slides").and_then(|k| k.synonym), Some("pptx"));
        assert!(of("google").is_some_and(|k| k.opens_phrase));
        // "github" is a synonym and opens "github actions".
        let gh = of("github").unwrap();
        assert_eq!((gh.synonym, gh.opens_phrase), (Some("github"), true));
        assert_eq!(of("spreadsheetz"), None);
    }
}
