//! Lexical relevance of each skill to an intent: BM25F over four fields.
//!
//! Each skill is a document with fields `name` (split at hyphens),
//! `triggers`, `produces` (artifact names split at hyphens) and
//! `description`, weighted 3, 3, 2 and 0.6 (prose mentions words in passing; one
//! description word alone never selects a skill). For a query term `t`:
//!
//! ```text
//! tf~(t, s)   = sum over fields f of  w_f * tf_f / (1 - b + b * len_f / avglen_f)
//! strength    = tf~ / (k1 + tf~)                      in [0, 1)
//! idf(t)      = ln(1 + (N - df + 0.5) / (df + 0.5))
//! score(s)    = sum over t of idf(t) * strength(t, s)
//! ```
//!
//! Only words that could match a query term are stemmed, so scoring a
//! 10,000-skill catalog costs little more than reading its descriptions.

use super::text::{for_each_word, is_stop_word, words, Analyzer};
use crate::catalog::Catalog;
use rayon::prelude::*;
use serde::Serialize;

const K1: f64 = 1.2;
const B: f64 = 0.75;

/// The fields of a skill that are searched, with their weights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FieldKind {
    Name,
    Triggers,
    Produces,
    Description,
}

const FIELDS: [(FieldKind, f64); 4] = [
    (FieldKind::Name, 3.0),
    (FieldKind::Triggers, 3.0),
    (FieldKind::Produces, 2.0),
    (FieldKind::Description, 0.6),
];

impl FieldKind {
    pub fn as_str(self) -> &'static str {
        match self {
            FieldKind::Name => "name",
            FieldKind::Triggers => "triggers",
            FieldKind::Produces => "produces",
            FieldKind::Description => "description",
        }
    }
}

/// An intent, analysed.
#[derive(Debug, Clone)]
pub struct Query {
    /// Distinct stemmed content terms, in the order they appear.
    pub terms: Vec<String>,
    /// For each term, the word of the intent it came from.
    pub words: Vec<String>,
    /// The stems of the intent's content words, in order (for phrases).
    pub sequence: Vec<String>,
    /// Stems that occur as the object of the sentence: within three words
    /// after a determiner or possessive ("the plan", "my diff", "this
    /// scanned receipt"). An artifact named there is something the person
    /// has, not something they ask to be made.
    pub objects: Vec<String>,
}

/// Words that open a noun phrase.
const DETERMINERS: &[&str] = &[
    "a", "an", "her", "his", "its", "my", "our", "that", "the", "their", "these", "this", "those",
    "your",
];

impl Query {
    pub fn new(intent: &str, a: &Analyzer) -> Query {
        let mut q = Query {
            terms: Vec::new(),
            words: Vec::new(),
            sequence: Vec::new(),
            objects: Vec::new(),
        };
        // Words left in the current noun phrase, after a determiner.
        let mut phrase_left: u8 = 0;
        for w in words(intent) {
            if DETERMINERS.contains(&w.as_str()) {
                phrase_left = 3;
                continue;
            }
            let in_object = phrase_left > 0;
            phrase_left = phrase_left.saturating_sub(1);
            if is_stop_word(&w) {
                phrase_left = 0;
                continue;
            }
            let s = a.stem(&w);
            if in_object && !q.objects.contains(&s) {
                q.objects.push(s.clone());
            }
            q.sequence.push(s.clone());
            if !q.terms.contains(&s) {
                q.terms.push(s);
                q.words.push(w);
            }
        }
        q
    }

    /// True when the intent names `artifact` as something the person has:
    /// every word of it stands in object position.
    pub fn supplies(&self, artifact: &str, a: &Analyzer) -> bool {
        let stems = a.terms(artifact);
        !stems.is_empty() && stems.iter().all(|s| self.objects.contains(s))
    }

    /// True when `stems` (two or more) occur in a row in the intent.
    pub fn has_phrase(&self, stems: &[String]) -> bool {
        stems.len() >= 2 && self.sequence.windows(stems.len()).any(|w| w == stems)
    }
}

/// How one query term matched one skill.
#[derive(Debug, Clone, Serialize)]
pub struct TermMatch {
    /// Index into [`Query::terms`].
    pub term: usize,
    /// `idf * strength`.
    pub contribution: f64,
    /// `strength` (saturated, weighted term frequency), in [0, 1).
    pub strength: f64,
    /// The fields it was found in.
    pub fields: Vec<FieldKind>,
}

/// A skill's relevance to the intent.
#[derive(Debug, Clone, Serialize)]
pub struct Relevance {
    pub skill: usize,
    pub score: f64,
    pub matches: Vec<TermMatch>,
    /// A trigger phrase of two or more words found in the intent.
    pub phrase: Option<String>,
}

/// Per-skill counts gathered in the first pass.
struct Counts {
    skill: usize,
    /// Content-word count of each field.
    len: [usize; 4],
    /// tf[term][field].
    tf: Vec<[u32; 4]>,
    phrase: Option<String>,
}

fn count(catalog: &Catalog, i: usize, q: &Query, a: &Analyzer) -> Counts {
    let skill = &catalog.skills[i];
    let mut c = Counts {
        skill: i,
        len: [0; 4],
        tf: vec![[0; 4]; q.terms.len()],
        phrase: None,
    };
    let mut buf = String::new();
    let mut visit = |fi: usize, text: &str, c: &mut Counts| {
        for_each_word(text, &mut buf, |w| {
            if is_stop_word(w) {
                return;
            }
            c.len[fi] += 1;
            // Stem only words that begin like a term: a stem keeps its
            // word's letters except at its end, so a word can only stem to
            // `t` if it starts with all of `t` but its last letter (and at
            // most three letters are compared).
            if !q.terms.iter().any(|t| {
                w.as_bytes().starts_with(
                    &t.as_bytes()[..(t.len().saturating_sub(1)).clamp(1, 3).min(t.len())],
                )
            }) {
                return;
            }
            let s = a.stem(w);
            if let Some(t) = q.terms.iter().position(|t| *t == s) {
                c.tf[t][fi] += 1;
            }
        });
    };
    visit(0, &skill.name, &mut c);
    for t in skill.contract.triggers() {
        visit(1, t, &mut c);
    }
    for p in skill.contract.produces() {
        visit(2, p, &mut c);
    }
    if let Some(d) = &skill.description {
        visit(3, d, &mut c);
    }
    // Trigger phrases matter only when one of their words matched.
    if c.tf.iter().any(|tf| tf[1] > 0) {
        for trigger in skill.contract.triggers() {
            let stems = a.terms(trigger);
            if q.has_phrase(&stems) {
                c.phrase = Some(trigger.clone());
                break;
            }
        }
    }
    c
}

/// Scores every active skill against `q`; returns those that match at all,
/// most relevant first (ties by catalog key).
pub fn score(catalog: &Catalog, q: &Query) -> Vec<Relevance> {
    let active: Vec<usize> = catalog.active().map(|(i, _)| i).collect();
    if q.terms.is_empty() || active.is_empty() {
        return Vec::new();
    }
    let counts: Vec<Counts> = active
        .par_iter()
        .map_init(Analyzer::default, |a, &i| count(catalog, i, q, a))
        .collect();
    let n = counts.len() as f64;
    let mut avg = [0f64; 4];
    for c in &counts {
        for (f, l) in c.len.iter().enumerate() {
            avg[f] += *l as f64;
        }
    }
    for v in &mut avg {
        *v = (*v / n).max(1.0);
    }
    let df: Vec<f64> = (0..q.terms.len())
        .map(|t| {
            counts
                .iter()
                .filter(|c| c.tf[t].iter().any(|x| *x > 0))
                .count() as f64
        })
        .collect();
    let mut out: Vec<Relevance> = counts
        .into_iter()
        .filter_map(|c| {
            let mut matches = Vec::new();
            let mut score = 0.0;
            for (t, tf) in c.tf.iter().enumerate() {
                let mut tilde = 0.0;
                let mut fields = Vec::new();
                for (fi, (f, w)) in FIELDS.iter().enumerate() {
                    if tf[fi] == 0 {
                        continue;
                    }
                    let norm = 1.0 - B + B * c.len[fi] as f64 / avg[fi];
                    tilde += w * tf[fi] as f64 / norm;
                    fields.push(*f);
                }
                if tilde == 0.0 {
                    continue;
                }
                let idf = (1.0 + (n - df[t] + 0.5) / (df[t] + 0.5)).ln();
                let strength = tilde / (K1 + tilde);
                score += idf * strength;
                matches.push(TermMatch {
                    term: t,
                    contribution: idf * strength,
                    strength,
                    fields,
                });
            }
            (score > 0.0).then_some(Relevance {
                skill: c.skill,
                score,
                matches,
                phrase: c.phrase,
            })
        })
        .collect();
    out.sort_by(|x, y| {
        y.score.total_cmp(&x.score).then_with(|| {
            catalog.skills[x.skill]
                .key()
                .cmp(&catalog.skills[y.skill].key())
        })
    });
    out
}

/// The highest idf any term can have in a catalog of `n` skills (a term
/// found in exactly one skill).
pub fn max_idf(n: usize) -> f64 {
    let n = n as f64;
    (1.0 + (n - 1.0 + 0.5) / 1.5).ln()
}
