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
    /// The word's first [`PACKED`] bytes, zero-padded.
    packed: u128,
    /// The whole word, kept only when it is longer than [`PACKED`] bytes.
    long: Option<Box<str>>,
    len: usize,
    opens_phrase: bool,
    kept: Kept,
}

/// Bytes of a word held in one number: most words fit, and are then
/// hashed and compared as a number, not through a pointer to their text.
const PACKED: usize = 16;

/// The first [`PACKED`] bytes of `w`, zero-padded (no word holds a zero
/// byte, and the length is compared too).
///
/// Read as two overlapping loads rather than copied byte by byte: a copy
/// of a length known only at run time is a call to `memcpy`, once for
/// every word of every skill on a cold load.
fn packed(w: &str) -> u128 {
    let b = w.as_bytes();
    let n = b.len().min(PACKED);
    let le64 = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
    let le32 = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"));
    match n {
        // The last load ends at byte n; its bytes before 8 (or 4) are
        // those of the first load, shifted out.
        9..=16 => le64(0) as u128 | (((le64(n - 8) >> (8 * (16 - n))) as u128) << 64),
        8 => le64(0) as u128,
        5..=7 => (le32(0) as u64 | ((le32(n - 4) as u64 >> (8 * (8 - n))) << 32)) as u128,
        4 => le32(0) as u128,
        _ => b.iter().rev().fold(0u128, |v, &x| (v << 8) | x as u128),
    }
}

impl Entry {
    fn is(&self, w: &str, packed: u128) -> bool {
        self.packed == packed && self.len == w.len() && self.long.as_deref().is_none_or(|l| l == w)
    }
}

/// Answers remembered: one hash lookup per word once a word is known.
#[derive(Default)]
pub struct Memo {
    table: hashbrown::HashTable<Entry>,
    hasher: foldhash::fast::FixedState,
}

/// Words remembered at most (a bound on a hostile catalog's memory).
const MAX_WORDS: usize = 200_000;

impl Memo {
    /// A short word is hashed as its packed bytes and length; a long one
    /// as all its text, so long words that share a start do not collide.
    fn hash(&self, w: &str, packed: u128) -> u64 {
        use std::hash::BuildHasher;
        if w.len() <= PACKED {
            self.hasher.hash_one((packed, w.len()))
        } else {
            self.hasher.hash_one(w)
        }
    }
}

impl Resolve for Memo {
    fn resolve(&mut self, a: &Analyzer, w: &str) -> Word<'_> {
        // Numbers are told at a glance, and a catalog's numbers seldom
        // repeat: they are not remembered.
        if is_number(w) {
            return fresh(a, w);
        }
        let p = packed(w);
        let hash = self.hash(w, p);
        let full = self.table.len() >= MAX_WORDS;
        let hasher = self.hasher.clone();
        let rehash = |e: &Entry| {
            use std::hash::BuildHasher;
            match &e.long {
                None => hasher.hash_one((e.packed, e.len)),
                Some(l) => hasher.hash_one(&**l),
            }
        };
        let e = match self.table.entry(hash, |e| e.is(w, p), rehash) {
            hashbrown::hash_table::Entry::Occupied(o) => o.into_mut(),
            hashbrown::hash_table::Entry::Vacant(_) if full => return fresh(a, w),
            hashbrown::hash_table::Entry::Vacant(v) => {
                let (opens_phrase, kept) = answer(a, w);
                v.insert(Entry {
                    packed: p,
                    long: (w.len() > PACKED).then(|| w.into()),
                    len: w.len(),
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

    proptest::proptest! {
        /// The two loads give the zero-padded first bytes, for every length.
        #[test]
        fn packed_is_the_padded_first_bytes(w in "[a-z0-9']{0,24}") {
            let mut b = [0u8; PACKED];
            let n = w.len().min(PACKED);
            b[..n].copy_from_slice(&w.as_bytes()[..n]);
            proptest::prop_assert_eq!(packed(&w), u128::from_le_bytes(b));
        }
    }

    #[test]
    fn memo_answers_as_fresh_does() {
        let a = Analyzer::default();
        let mut m = Memo::default();
        let words = [
            "review",
            "reviews",
            "the",
            "excel",
            "google",
            "github",
            "10",
            "pull",
            "café",
            "x",
            "review",
            "the",
            "10",
            "internationalisation",
            "internationalisations",
            "internationalise",
            "internationalisation",
            "sixteen-bytes-ab",
            "sixteen-bytes-a",
            "sixteen-bytes-abc",
            "sixteen-bytes-abd",
        ];
        for w in words {
            let fresh = super::fresh(&a, w);
            let remembered = m.resolve(&a, w);
            assert_eq!(remembered, fresh, "{w}");
        }
        assert_eq!(m.table.len(), 16);
        assert_eq!(super::fresh(&a, "10").seen, Seen::Number);
        assert_eq!(super::fresh(&a, "the").seen, Seen::Stop);
        assert_eq!(super::fresh(&a, "excel").seen, Seen::Synonym("xlsx"));
        assert!(super::fresh(&a, "google").opens_phrase);
    }
}
