//! Lexical relevance of each skill to an intent: BM25F over the fields
//! real skills have.
//!
//! Each skill is a document with fields `name` (split at hyphens),
//! `triggers` (the contract's), `phrases` (quoted in the description),
//! `when` and `does` (the description's use-when part and the rest, see
//! [`super::description`]), `produces`, `body` (the body's opening prose,
//! weakest), and `not` (the description's exclusions). For a query term `t`:
//!
//! ```text
//! tf~(t, s)  = sum over positive fields f of  w_f * tf_f / (1 - b + b * len_f / avglen_f)
//! strength   = tf~ / (k1 + tf~)                     in [0, 1)
//! penalty    = the same over the `not` field alone   in [0, 1)
//! idf(t)     = ln(1 + (N - df + 0.5) / (df + 0.5)),  divided by the idf of a word only one skill has
//! ```
//!
//! Terms come from [`super::text::Analyzer::for_each_term`]: the synonym table applied,
//! stop words dropped, stemmed. A skill's fields are analysed once (its
//! [`super::profile::Profile`], kept in the catalog index), so a warm plan
//! only compares terms. Selection ([`super::select`]) turns these
//! into evidence per clause.

pub use super::fields::{FieldKind, Fields};
pub use super::query::{Query, QueryClause};
use super::ranking;
use crate::catalog::Catalog;
use memchr::memmem;
use rayon::prelude::*;
use serde::Serialize;

const K1: f64 = 1.2;
const B: f64 = 0.75;

/// Field weights; `Not` is the weight of the penalty.
const FIELDS: [(FieldKind, f64); 8] = [
    (FieldKind::Name, 2.5),
    (FieldKind::Triggers, 3.0),
    (FieldKind::Phrases, 2.0),
    (FieldKind::When, 1.2),
    (FieldKind::Does, 1.0),
    (FieldKind::Produces, 2.0),
    (FieldKind::Body, BODY_WEIGHT),
    (FieldKind::Not, 1.5),
];
const NOT: usize = 7;
/// The body's opening prose: the weakest field.
const BODY_WEIGHT: f64 = 0.4;

/// How one query term matched one skill.
#[derive(Debug, Clone, Serialize)]
pub struct TermMatch {
    /// Index into [`Query::terms`].
    pub term: usize,
    /// The term's idf over the catalog, divided by the highest idf a term
    /// can have (one skill alone has it): in (0, 1].
    pub idf: f64,
    /// Saturated, weighted term frequency over the positive fields, in [0, 1).
    pub strength: f64,
    /// The same over the description's exclusions, in [0, 1).
    pub penalty: f64,
    /// The fields it was found in.
    pub fields: Fields,
}

/// A skill's relevance to the intent.
#[derive(Debug, Clone, Serialize)]
pub struct Relevance {
    pub skill: usize,
    /// Sum over terms of `idf * (strength - penalty)`, weak terms weighed
    /// down: the order candidates are shown in.
    pub score: f64,
    pub matches: Vec<TermMatch>,
    /// Trigger or quoted phrases of two or more words found as written, by
    /// the clause they were found in.
    pub phrases: Vec<(usize, String)>,
    /// The clauses that spell every word of the skill's name.
    pub names_in: Vec<usize>,
    /// The name has two or more words.
    pub long_name: bool,
}

impl Relevance {
    /// The clause's own words this skill holds, more for it than against.
    pub fn held_in<'a>(&'a self, clause: &'a QueryClause) -> impl Iterator<Item = &'a TermMatch> {
        self.matches
            .iter()
            .filter(|m| clause.terms.contains(&m.term) && m.strength > m.penalty)
    }
}

thread_local! {
    /// Where [`count`] gathers a skill's counts before keeping them.
    static TF: std::cell::RefCell<Vec<[u32; 8]>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Per-skill counts gathered in the first pass.
struct Counts {
    skill: usize,
    /// Term count of each field.
    len: [usize; 8],
    /// tf[term][field]; empty when no term occurs (most skills of a large
    /// catalog), which then costs no allocation.
    tf: Vec<[u32; 8]>,
    phrases: Vec<(usize, String)>,
    names_in: Vec<usize>,
    long_name: bool,
}

/// A searcher for each of the query's terms, made once per query.
fn finders(q: &Query) -> Vec<memmem::Finder<'static>> {
    q.terms
        .iter()
        .map(|t| memmem::Finder::new(t.as_bytes()).into_owned())
        .collect()
}

/// Counts the query's terms in the skill's analysed fields (its
/// [`super::profile::Profile`], made once per skill).
///
/// The profile is one string of terms, each followed by one space, so a
/// field's length is its spaces, and a query term occurs wherever its
/// bytes stand between a space (or the start) and a space: each term is
/// searched for with SIMD rather than every word compared with every term.
fn count(catalog: &Catalog, i: usize, q: &Query, finders: &[memmem::Finder<'_>]) -> Counts {
    let p = catalog.skills[i].profile();
    let mut c = Counts {
        skill: i,
        len: [0; 8],
        tf: Vec::new(),
        phrases: Vec::new(),
        names_in: Vec::new(),
        long_name: false,
    };
    c.len = p.lens.map(|n| n as usize);
    c.tf = TF.with_borrow_mut(|tf| {
        tf.clear();
        tf.resize(q.terms.len(), [0; 8]);
        count_terms(p.terms.as_bytes(), &p.ends, finders, tf);
        super::compounds::count_in_name(p.field(0), &q.compounds, tf);
        match tf.iter().any(|t| t.iter().any(|&x| x > 0)) {
            true => tf.clone(),
            false => Vec::new(),
        }
    });
    if c.tf.iter().any(|tf| tf[0] > 0) {
        let name_terms: Vec<&str> = p.field(0).collect();
        c.long_name = name_terms.len() >= 2;
        c.names_in = clauses_spelling(&name_terms, q);
    }
    // Phrases matter only when one of their words matched.
    if c.tf.iter().any(|tf| tf[1] > 0 || tf[3] > 0 || tf[4] > 0) {
        for (phrase, stems) in &p.phrases {
            let stems: Vec<&str> = stems.split(' ').collect();
            for k in clauses_with_phrase(&stems, q) {
                if !c.phrases.iter().any(|(x, _)| *x == k) {
                    c.phrases.push((k, phrase.clone()));
                }
            }
        }
    }
    c
}

/// Fills `tf[term][field]` from a profile's `text` and field `ends`.
fn count_terms(text: &[u8], ends: &[u32; 8], finders: &[memmem::Finder<'_>], tf: &mut [[u32; 8]]) {
    for (t, finder) in finders.iter().enumerate() {
        let n = finder.needle().len();
        if n == 0 {
            continue;
        }
        for at in finder.find_iter(text) {
            let starts = at == 0 || text[at - 1] == b' ';
            if !starts || text.get(at + n) != Some(&b' ') {
                continue;
            }
            // The field whose range holds it (ends are in order).
            if let Some(f) = ends.iter().position(|&e| at < e as usize) {
                tf[t][f] += 1;
            }
        }
    }
}

/// The clauses that hold every term of `name_terms` (all of them query terms).
fn clauses_spelling(name_terms: &[&str], q: &Query) -> Vec<usize> {
    let Some(ids): Option<Vec<usize>> = name_terms
        .iter()
        .map(|t| q.terms.iter().position(|x| x == t))
        .collect()
    else {
        return Vec::new();
    };
    if ids.is_empty() {
        return Vec::new();
    }
    (0..q.clauses.len())
        .filter(|&k| ids.iter().all(|t| q.clauses[k].terms.contains(t)))
        .collect()
}

/// The clauses whose terms hold `stems` in a row.
fn clauses_with_phrase(stems: &[&str], q: &Query) -> Vec<usize> {
    let Some(ids): Option<Vec<usize>> = stems
        .iter()
        .map(|t| q.terms.iter().position(|x| x == t))
        .collect()
    else {
        return Vec::new();
    };
    (0..q.clauses.len())
        .filter(|&k| {
            q.clauses[k]
                .sequence
                .windows(ids.len())
                .any(|w| w == ids.as_slice())
        })
        .collect()
}

/// Scores every active skill against `q`; returns those that match at all,
/// most relevant first (ties by catalog key).
pub fn score(catalog: &Catalog, q: &Query) -> Vec<Relevance> {
    let active: Vec<usize> = catalog.active().map(|(i, _)| i).collect();
    if q.terms.is_empty() || active.is_empty() {
        return Vec::new();
    }
    let finders = finders(q);
    let counts: Vec<Counts> = active
        .par_iter()
        .map(|&i| count(catalog, i, q, &finders))
        .collect();
    let n = counts.len() as f64;
    let mut avg = [0f64; 8];
    for c in &counts {
        for (f, l) in c.len.iter().enumerate() {
            avg[f] += *l as f64;
        }
    }
    for v in &mut avg {
        *v = (*v / n).max(1.0);
    }
    let unit = max_idf(counts.len());
    let idf: Vec<f64> = (0..q.terms.len())
        .map(|t| {
            let df = counts
                .iter()
                .filter(|c| {
                    c.tf.get(t)
                        .is_some_and(|tf| tf[..NOT].iter().any(|x| *x > 0))
                })
                .count() as f64;
            (1.0 + (n - df + 0.5) / (df + 0.5)).ln() / unit
        })
        .collect();
    let out: Vec<Relevance> = counts
        .into_iter()
        .filter_map(|c| relevance_of(c, q, &idf, &avg))
        .collect();
    ranking::in_order(catalog, out)
}

fn relevance_of(c: Counts, q: &Query, idf: &[f64], avg: &[f64; 8]) -> Option<Relevance> {
    let found = c.tf.iter().filter(|tf| tf.iter().any(|&x| x > 0)).count();
    if found == 0 {
        return None;
    }
    let mut matches = Vec::with_capacity(found);
    let mut score = 0.0;
    for (t, tf) in c.tf.iter().enumerate() {
        let mut tilde = 0.0;
        let mut fields = Fields::default();
        for (fi, (f, w)) in FIELDS.iter().enumerate().take(NOT) {
            if tf[fi] == 0 {
                continue;
            }
            let norm = 1.0 - B + B * c.len[fi] as f64 / avg[fi];
            tilde += w * tf[fi] as f64 / norm;
            fields.insert(*f);
        }
        let not = if tf[NOT] == 0 {
            0.0
        } else {
            let norm = 1.0 - B + B * c.len[NOT] as f64 / avg[NOT];
            FIELDS[NOT].1 * tf[NOT] as f64 / norm
        };
        if tilde == 0.0 && not == 0.0 {
            continue;
        }
        if not > 0.0 {
            fields.insert(FieldKind::Not);
        }
        let strength = tilde / (K1 + tilde);
        let penalty = not / (K1 + not);
        let weight = if q.weak[t] {
            super::text::WEAK_WEIGHT
        } else {
            1.0
        };
        score += weight * idf[t] * (strength - penalty);
        matches.push(TermMatch {
            term: t,
            idf: idf[t],
            strength,
            penalty,
            fields,
        });
    }
    (!matches.is_empty()).then_some(Relevance {
        skill: c.skill,
        score,
        matches,
        phrases: c.phrases,
        names_in: c.names_in,
        long_name: c.long_name,
    })
}

/// The highest idf any term can have in a catalog of `n` skills (a term
/// found in exactly one skill).
pub fn max_idf(n: usize) -> f64 {
    let n = n as f64;
    (1.0 + (n - 1.0 + 0.5) / 1.5).ln().max(f64::MIN_POSITIVE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain count `count_terms` must equal: split every field into its
    /// words and compare each with each query term.
    fn by_words(fields: &[Vec<String>], terms: &[String]) -> ([usize; 8], Vec<[u32; 8]>) {
        let mut len = [0; 8];
        let mut tf = vec![[0; 8]; terms.len()];
        for (f, words) in fields.iter().enumerate() {
            len[f] = words.len();
            for w in words {
                if let Some(t) = terms.iter().position(|x| x == w) {
                    tf[t][f] += 1;
                }
            }
        }
        (len, tf)
    }

    proptest! {
        #[test]
        fn searching_the_text_counts_what_comparing_words_counts(
            fields in proptest::collection::vec(
                proptest::collection::vec("(a|ab|ba|b|plan|plans|xplan)", 0..6), 8),
            terms in proptest::collection::btree_set("(a|ab|b|plan|lan|s)", 0..5),
        ) {
            let terms: Vec<String> = terms.into_iter().collect();
            let mut text = String::new();
            let mut ends = [0u32; 8];
            for (f, words) in fields.iter().enumerate() {
                for w in words {
                    text.push_str(w);
                    text.push(' ');
                }
                ends[f] = text.len() as u32;
            }
            let finders: Vec<memmem::Finder<'static>> = terms
                .iter()
                .map(|t| memmem::Finder::new(t.as_bytes()).into_owned())
                .collect();
            let len = crate::plan::profile::lens(&text, &ends).map(|n| n as usize);
            let mut tf = vec![[0; 8]; terms.len()];
            count_terms(text.as_bytes(), &ends, &finders, &mut tf);
            prop_assert_eq!((len, tf), by_words(&fields, &terms));
        }
    }
}
