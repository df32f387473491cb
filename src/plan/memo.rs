//! What term analysis has learned of each word, found with one lookup.
//!
//! Every word of every skill text is analysed on a cold load: is it a
//! number, a stop word, a synonym of the table, the first word of a
//! synonym phrase, and otherwise what is its stem. The words of a catalog
//! repeat, so a thread that reads skills remembers each word's answer
//! ([`Memo`]); an intent's few words are answered afresh ([`Fresh`]). Both
//! give the same answers: `memo_answers_as_fresh_does` holds them equal.

use super::text::{is_number, Analyzer};
use std::borrow::Cow;

/// What a word is, for term analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seen<'m> {
    /// Digits only: a count, or a version after a name.
    Number,
    /// A stop word: no term.
    Stop,
    /// A word of the synonym table: its canonical term.
    Synonym(&'static str),
    /// Any other word: its stem.
    Stem(Cow<'m, str>),
}

/// A word's answer, and whether it may open a phrase of the synonym table
/// (looked for before the word's own answer applies).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word<'m> {
    pub opens_phrase: bool,
    pub seen: Seen<'m>,
}

/// Answers what a word is.
pub trait Resolve {
    fn resolve(&mut self, a: &Analyzer, w: &str) -> Word<'_>;
}

/// Answers each word afresh.
pub struct Fresh;

impl Resolve for Fresh {
    fn resolve(&mut self, a: &Analyzer, w: &str) -> Word<'_> {
        fresh(a, w)
    }
}

fn fresh(a: &Analyzer, w: &str) -> Word<'static> {
    let (opens_phrase, seen) = answer(a, w);
    Word {
        opens_phrase,
        seen: match seen {
            Kept::Stop => Seen::Stop,
            Kept::Number => Seen::Number,
            Kept::Synonym(c) => Seen::Synonym(c),
            Kept::Stem(s) => Seen::Stem(Cow::Owned(s.into())),
        },
    }
}

/// A word's answer as kept.
enum Kept {
    Number,
    Stop,
    Synonym(&'static str),
    Stem(Box<str>),
}

fn answer(a: &Analyzer, w: &str) -> (bool, Kept) {
    if is_number(w) {
        return (false, Kept::Number);
    }
    let known = super::lexicon::of(w).unwrap_or_default();
    let kept = if let Some(c) = known.synonym {
        Kept::Synonym(c)
    } else if known.stop {
        Kept::Stop
    } else {
        Kept::Stem(a.stem(w).into())
    };
    (known.opens_phrase, kept)
}

struct Entry {
    word: Box<str>,
    opens_phrase: bool,
    kept: Kept,
}

/// Answers remembered: one hash lookup per word once a word is known.
#[derive(Default)]
pub struct Memo {
    table: hashbrown::HashTable<Entry>,
    hasher: foldhash::fast::FixedState,
}

/// Words remembered at most (a bound on a hostile catalog's memory).
const MAX_WORDS: usize = 200_000;

impl Resolve for Memo {
    fn resolve(&mut self, a: &Analyzer, w: &str) -> Word<'_> {
        use std::hash::BuildHasher;
        // Numbers are told at a glance, and a catalog's numbers seldom
        // repeat: they are not remembered.
        if is_number(w) {
            return fresh(a, w);
        }
        let hasher = self.hasher.clone();
        let hash = hasher.hash_one(w);
        let full = self.table.len() >= MAX_WORDS;
        let e = match self
            .table
            .entry(hash, |e| &*e.word == w, |e| hasher.hash_one(&*e.word))
        {
            hashbrown::hash_table::Entry::Occupied(o) => o.into_mut(),
            hashbrown::hash_table::Entry::Vacant(_) if full => return fresh(a, w),
            hashbrown::hash_table::Entry::Vacant(v) => {
                let (opens_phrase, kept) = answer(a, w);
                v.insert(Entry {
                    word: w.into(),
                    opens_phrase,
                    kept,
                })
                .into_mut()
            }
        };
        Word {
            opens_phrase: e.opens_phrase,
            seen: match &e.kept {
                Kept::Number => Seen::Number,
                Kept::Stop => Seen::Stop,
                Kept::Synonym(c) => Seen::Synonym(c),
                Kept::Stem(s) => Seen::Stem(Cow::Borrowed(s)),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memo_answers_as_fresh_does() {
        let a = Analyzer::default();
        let mut m = Memo::default();
        let words = [
            "review", "reviews", "the", "excel", "google", "github", "10", "pull", "café", "x",
            "review", "the", "10",
        ];
        for w in words {
            let fresh = super::fresh(&a, w);
            let remembered = m.resolve(&a, w);
            assert_eq!(remembered, fresh, "{w}");
        }
        assert_eq!(m.table.len(), 9);
        assert_eq!(super::fresh(&a, "10").seen, Seen::Number);
        assert_eq!(super::fresh(&a, "the").seen, Seen::Stop);
        assert_eq!(super::fresh(&a, "excel").seen, Seen::Synonym("xlsx"));
        assert!(super::fresh(&a, "google").opens_phrase);
    }
}
