//! The order relevances are ranked in: score first, then the catalog key
//! (plugin, then name), then the order they were scored in.
//!
//! The keys are sorted, then the relevances put in their order: moving each
//! relevance (over 100 bytes) through a sort of 100,000 skills that all
//! match took 75 ms. Each key holds the first bytes of its skill's plugin
//! and name inline: a sort that read both strings through the catalog for
//! every tie took 50 ms at 100,000 skills, most of it waiting on memory.

use super::relevance::Relevance;
use crate::catalog::Catalog;
use std::cmp::Ordering;

/// `out` by score (highest first), ties by plugin, then name, then their
/// place in `out`, as a stable sort on the catalog key would leave them.
pub fn in_order(catalog: &Catalog, out: Vec<Relevance>) -> Vec<Relevance> {
    let key = |r: &Relevance| {
        let s = &catalog.skills[r.skill];
        (s.plugin.as_deref().unwrap_or(""), s.name.as_str())
    };
    let mut keys: Vec<TieKey> = out
        .iter()
        .enumerate()
        .map(|(k, r)| TieKey::new(r.score, key(r), k))
        .collect();
    keys.sort_unstable_by(|x, y| {
        y.score.total_cmp(&x.score).then_with(|| {
            let whole = |t: &TieKey| key(&out[t.at()]);
            x.plugin
                .order(&y.plugin)
                .unwrap_or_else(|| whole(x).0.cmp(whole(y).0))
                .then_with(|| {
                    x.name
                        .order(&y.name)
                        .unwrap_or_else(|| whole(x).1.cmp(whole(y).1))
                })
                .then(x.k.cmp(&y.k))
        })
    });
    let mut slots: Vec<Option<Relevance>> = out.into_iter().map(Some).collect();
    keys.iter().filter_map(|t| slots[t.at()].take()).collect()
}

/// A relevance's place in the ranking.
struct TieKey {
    score: f64,
    plugin: Head,
    name: Head,
    k: u32,
}

impl TieKey {
    fn new(score: f64, (plugin, name): (&str, &str), k: usize) -> TieKey {
        TieKey {
            score,
            plugin: Head::of(plugin),
            name: Head::of(name),
            k: k as u32,
        }
    }

    fn at(&self) -> usize {
        self.k as usize
    }
}

/// A string's first 16 bytes, zero-padded into a number that orders as the
/// bytes do, and its length.
struct Head {
    bytes: u128,
    len: usize,
}

const HEAD: usize = 16;

impl Head {
    fn of(s: &str) -> Head {
        let mut b = [0u8; HEAD];
        let n = s.len().min(HEAD);
        b[..n].copy_from_slice(&s.as_bytes()[..n]);
        Head {
            bytes: u128::from_be_bytes(b),
            len: s.len(),
        }
    }

    /// The strings' order when the heads decide it: heads that differ
    /// order as the strings do; equal heads of strings no longer than a
    /// head differ only in padding, so the shorter string is first. `None`
    /// when the rest of a longer string must decide.
    fn order(&self, other: &Head) -> Option<Ordering> {
        match self.bytes.cmp(&other.bytes) {
            Ordering::Equal if self.len > HEAD || other.len > HEAD => None,
            Ordering::Equal => Some(self.len.cmp(&other.len)),
            o => Some(o),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Head;
    use proptest::prelude::*;

    fn order(a: &str, b: &str) -> std::cmp::Ordering {
        Head::of(a).order(&Head::of(b)).unwrap_or_else(|| a.cmp(b))
    }

    #[test]
    fn heads_order_as_the_strings_do_at_the_edges() {
        let cases = [
            ("", ""),
            ("", "a"),
            ("abc", "abc\0"),
            ("abcdefghijklmnop", "abcdefghijklmnopq"),
            ("abcdefghijklmnopz", "abcdefghijklmnopq"),
            ("abcdefghijklmnop", "abcdefghijklmnoq"),
            ("é", "e"),
        ];
        for (a, b) in cases {
            assert_eq!(order(a, b), a.cmp(b), "{a:?} {b:?}");
            assert_eq!(order(b, a), b.cmp(a), "{b:?} {a:?}");
        }
    }

    proptest! {
        #[test]
        fn heads_order_as_the_strings_do(a in "[a-c\\x00-]{0,20}", b in "[a-c\\x00-]{0,20}") {
            prop_assert_eq!(order(&a, &b), a.cmp(&b));
        }
    }
}
