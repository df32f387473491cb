//! A clause that names the product a skill wraps (see
//! [`crate::plan::brands::wrapped`]): "export paid members from our ghost
//! site" is `ghost-api-safe-cli`'s work on the one word "ghost", because
//! that word is the product its name is made of, and no other skill's name
//! holds it.

use crate::catalog::Catalog;
use crate::plan::fit::Fit;
use crate::plan::relevance::{FieldKind, Query, QueryClause, Relevance};
use crate::plan::select::SELECT_AT;
use crate::plan::text::Analyzer;

/// Marks as strong, and as naming its product ([`Fit::product`]), the fit
/// of each skill that wraps one product, for clause `k`, when the
/// clause's own words its name holds are all words of that product (at
/// least one of them not a common word), it has [`SELECT_AT`] evidence,
/// the clause names the product as a place of its work (see `Read::is_place`),
/// and no other candidate's name holds all of them: "google ads" names
/// `google-ads-api-safe-cli`; "google" alone names none of a catalog's six
/// Google skills.
pub(super) fn lift(
    catalog: &Catalog,
    (query, analyzer): (&Query, &Analyzer),
    ranked: &[Relevance],
    fits: &mut [Fit],
    k: usize,
) {
    let clause = &query.clauses[k];
    if !clause.asks {
        return;
    }
    // Read once, when a candidate first needs it: most clauses name no
    // product.
    let mut read: Option<Read> = None;
    for i in 0..fits.len() {
        let f = &fits[i];
        if f.only_borrowed || f.own < SELECT_AT {
            continue;
        }
        let named: Vec<usize> = ranked[i]
            .held_in(clause)
            .filter(|m| m.fields.contains(&FieldKind::Name))
            .map(|m| m.term)
            .collect();
        if named.is_empty() || named.iter().all(|&t| query.weak[t]) {
            continue;
        }
        let read = read.get_or_insert_with(|| Read::of(&clause.text, analyzer));
        if !read.asks {
            return;
        }
        let product = wraps(catalog, &ranked[i], analyzer);
        // Every word of the product is named ("dropbox sign", not "signed
        // off"), and nothing else of the name.
        let whole = product
            .iter()
            .all(|p| named.iter().any(|&t| query.terms[t] == *p));
        if !whole || !named.iter().all(|&t| product.contains(&query.terms[t])) {
            continue;
        }
        if !read.is_place(clause, &named, &product) {
            continue;
        }
        let shared = ranked.iter().enumerate().any(|(j, r)| {
            j != i
                && named.iter().all(|&t| {
                    r.matches
                        .iter()
                        .any(|m| m.term == t && m.fields.contains(&FieldKind::Name))
                })
        });
        if !shared {
            fits[i].strong = true;
            fits[i].product = true;
        }
    }
}

/// Prepositions before the place the work is done in: "…from our ghost
/// site", "post it to X, Threads and Bluesky", "as publisher on awin".
const PLACES: &[&str] = &[
    "in", "on", "from", "to", "into", "onto", "at", "via", "through", "across", "inside", "within",
    "between",
];

/// The words of a clause, as written and as stems, and whether it asks
/// for work in words or opens with a verb of work: not a question about
/// the person's own things ("strava says i ran 10k, is that decent?").
struct Read {
    words: Vec<String>,
    stems: Vec<String>,
    asks: bool,
}

impl Read {
    fn of(text: &str, analyzer: &Analyzer) -> Read {
        let words = crate::plan::words::words(text);
        let stems = words.iter().map(|w| analyzer.stem(w)).collect();
        let opens_with_verb = words
            .first()
            .is_some_and(|w| crate::plan::task_words::starts_joined_task(w));
        let asks = opens_with_verb || crate::plan::asks::is_request(text);
        Read { words, stems, asks }
    }

    /// True when the clause names the product (its stems, the clause's terms
    /// `named`) as one run of words, as the place its work is done in or as
    /// what it acts on: after one of [`PLACES`] (within four words: "…to X,
    /// Threads and Bluesky"), as the head of its command's object ("check
    /// mercury first"), or opening the clause ("paypal disputes and stripe
    /// disputes"). Not a product that only qualifies the thing worked on
    /// ("translate this zendesk macro to german", "fix this css: the embedded
    /// hubspot form overflows"), nor words of it apart ("google merchant
    /// center … shopping ads" is not Google Ads).
    fn is_place(&self, clause: &QueryClause, named: &[usize], product: &[String]) -> bool {
        let n = product.len();
        if n == 0 || self.stems.len() < n {
            return false;
        }
        (0..=self.stems.len() - n).any(|i| {
            let run = &self.stems[i..i + n];
            product.iter().all(|p| run.contains(p))
                && (i == 0
                    || clause.head.is_some_and(|h| named.contains(&h))
                    || self.words[i.saturating_sub(4)..i]
                        .iter()
                        .any(|p| PLACES.contains(&p.as_str())))
        })
    }
}

/// The stems of the product skill `r` wraps, read from its description and
/// the opening of its body.
fn wraps(catalog: &Catalog, r: &Relevance, analyzer: &Analyzer) -> Vec<String> {
    let s = &catalog.skills[r.skill];
    let mut text = s.description.as_deref().unwrap_or("").to_string();
    if let Some(body) = s.summary.as_ref().and_then(|p| p.body.as_deref()) {
        text.push_str(". ");
        text.push_str(body);
    }
    crate::plan::brands::wrapped(&s.name, &text, analyzer)
}
