//! Choosing the skills that serve an intent (DESIGN §4.1, rules 1, 2, 7).
//!
//! 1. Named skills: `/name`, `$name`, `plugin:name`, a hyphenated name
//!    written as one word, or a one-word name standing alone. A one-word
//!    name inside a longer run of words that spells another skill's name or
//!    an artifact ("release notes") is not a mention. A named skill serves
//!    the clause it is named in.
//! 2. Relevant skills, one clause at a time ([`super::clauses`]): each
//!    clause takes the skill with the most evidence for it (of two within
//!    [`NAME_TIE`], the one whose name holds more of its words; never one
//!    with under [`OWN_SHARE`] of the best evidence from the clause's own
//!    words, which the other clauses' words then cannot lift), when that
//!    evidence reaches [`SELECT_AT`], and a second skill only when the
//!    first leaves a clause word unexplained that the second holds with
//!    evidence of its own ([`SECOND_AT`]). Nothing else is added. A clause
//!    that refers back ("…, then build the powerpoint using it") is not
//!    given to the skill the clause before it took when another skill fits
//!    its own words better: what "it" stands for is already served. A
//!    clause whose "them" stands for a scene that a skill fits with
//!    [`BORROWED_LEAD`] times the evidence of the best fit on the clause's
//!    own words goes to that skill ("…<<<<<<< markers in 4 files. help me
//!    sort them out"). A skill bound to a product the request never
//!    names, whose name holds the clause's words but not its command
//!    ("write the implementation plan from the spec",
//!    `notion-spec-to-implementation`), gives the clause to a general
//!    skill that holds every word it holds above its body, with
//!    [`BRAND_SHARE`] of its evidence (see `super::brands`).
//!
//! Evidence of a skill for a clause is, over the intent's terms it matches,
//! `weight * idf * (strength - penalty)` (see [`super::relevance`]): `idf`
//! is 1 for a word only this skill has; `strength` is how well its fields
//! hold the word; `penalty` how strongly its description excludes it ("Do
//! NOT use for spreadsheets"); `weight` is 1 for the clause's own words,
//! [`CONTEXT`] for the other clauses' words (which only break ties), and
//! [`super::text::WEAK_WEIGHT`] less for common words ("make", "new",
//! "review", "store"). A trigger or quoted phrase of two or more words found
//! as written adds [`PHRASE_BONUS`], as do two words of the clause that a
//! word of the skill's name writes as one ("fact-check", `factchk`; see
//! `super::compounds`); a clause spelling the skill's whole
//! name adds [`NAME_BONUS`]. A skill is never taken on weak words alone,
//! nor for a clause that only asks to know something or whose sentence
//! declines its work ("we are NOT doing AOT"). One word is enough
//! only where the person listed tasks in one sentence and the word is of
//! the skill's name ("review the PR and land it, then cut the release"),
//! or where it is the head of what the clause's command acts on and the
//! skill's headline names it ("…and make a matching poster").
//!
//! 3. Sentences written one after another elaborate one request, and the
//!    first sentence that chose a skill states it: a skill chosen for a
//!    later sentence needs [`SENTENCE_SHARE`] of that skill's evidence to
//!    stay.
//! 4. When no clause chose a skill, the request is read whole: every
//!    clause, the scene and the questions beside a request included, as
//!    one clause. A skill
//!    with [`WHOLE_AT`] evidence for it serves it ("Our community feels
//!    dead. Members stopped posting. Can you help us turn it around?").
//!    So does one with [`WHOLE_SHARE`] times the evidence there of a lone
//!    skill a clause chose on thin evidence (under [`SECOND_AT`]): the
//!    scene named the work, the ask only pointed at it ("Our team keeps
//!    its to-do cards in the Linear app. Can you add a new one…?").
//!    When that chooses nothing either, a scene that hands material over
//!    ("…transcript pasted below", "…schema is attached") names the work:
//!    the skill it fits with [`SECOND_AT`] evidence serves the request.
//! 5. Where no sentence asks for work outright, a question about the
//!    person's own work is the ask and the other sentences its scene
//!    ([`super::clauses::Clause::beside_question`]). When that reading
//!    chooses nothing, the scene's sentences are read as tasks of their own.
//! 6. A bare ask ("Figure out why.", "What's wrong?") is about the sentence
//!    before it, which is read as a task; it serves only when the bare ask
//!    chose no skill itself ([`super::clauses::Clause::object_of`]).
//! 7. A scene that names a document as a file ("the numbers are in
//!    q3.xlsx", "Legal wants it as a Word document") is served by that
//!    format's skill beside the request's own: the work reads or writes
//!    that file. A format named as a topic ("the share sheet crashes") or
//!    in the scene of a question alone is not.

use super::explain::{note_scene, note_thin, note_unasked};
use super::fit::{fit, Fit};
use super::named::clause_has;
pub use super::named::named;
use super::relevance::{self, FieldKind, Query, QueryClause, Relevance};
use super::text::Analyzer;
use crate::catalog::Catalog;
use serde::Serialize;

/// Evidence a skill needs from a clause's own words to serve it, in units
/// of one word only that skill has, held perfectly.
pub const SELECT_AT: f64 = 0.4;
/// Evidence a second skill needs from the clause words the first leaves
/// unexplained.
pub const SECOND_AT: f64 = 0.8;
/// Weight of another clause's words: context that breaks ties.
pub const CONTEXT: f64 = 0.25;
/// Weight of the previous clause's words in a clause that refers back to
/// them with a pronoun ("then review it").
pub const BORROWED: f64 = 0.5;
/// Bonus for a trigger or quoted phrase of two or more words found as written.
pub const PHRASE_BONUS: f64 = 0.5;
/// Two fits whose evidence is this close are told apart by their names
/// (see `pick`).
pub const NAME_TIE: f64 = 0.05;
/// Share of a clause's most evidence from its own words that a fit needs
/// to be chosen for it on the other clauses' words (see `pick`).
pub const OWN_SHARE: f64 = 0.7;
/// Bonus when the clause spells every word of the skill's name.
pub const NAME_BONUS: f64 = 0.3;
/// The least evidence a word found in a skill's declared `triggers` gives.
pub const TRIGGER_FLOOR: f64 = 0.45;
/// A second skill must also reach this share of the first one's evidence,
/// unless its name holds a document format the clause names (a deck, a
/// spreadsheet, a PDF) and the first one's does not: the format's skill
/// handles the file the work is done on ("put our brand colors on the
/// quarterly deck"); or unless it holds the head of what the clause's
/// command acts on and the first one does not: the thing asked for is its
/// work ("design a poster … using our brand colors").
pub const SECOND_SHARE: f64 = 0.7;
/// A clause is served by a skill already chosen for another clause when
/// that skill has this share of the clause's best evidence, and that best
/// evidence is under [`SECOND_AT`]: a fragment ("…and remove the
/// comments"), not a task with a skill of its own. A skill that matches
/// only what the clause's "it" stands for serves it only when the clause's
/// best fit matched none of the clause's own uncommon words ("…and fix
/// them", not "then execute it", where `executing-plans` matched
/// "execute"). It is served too, whatever the shares, when the chosen
/// skill holds above its body every word the best fit matched (see
/// `covers`).
pub const SERVED_SHARE: f64 = 0.6;
/// The share of the evidence of the skill the request's first sentence
/// chose that a skill chosen for a later sentence needs to be kept (see
/// `one_request`).
pub const SENTENCE_SHARE: f64 = 0.7;
/// A general skill takes a clause from one bound to a product the request
/// never names when it has this share of that skill's evidence (see
/// `unbound`).
pub const BRAND_SHARE: f64 = 0.8;
/// Evidence a skill needs from a request read whole, when no clause of it
/// alone chose a skill: three times [`SELECT_AT`], since the words of the
/// scene were not asked for as the work.
pub const WHOLE_AT: f64 = 1.2;
/// A lone skill chosen with under [`SECOND_AT`] evidence yields to one the
/// request read whole fits with [`WHOLE_AT`] evidence and this many times
/// the evidence the chosen one has there (rule 4).
pub const WHOLE_SHARE: f64 = 1.5;
/// How many times the evidence of the best fit on the clause's own words a
/// fit on only what its "them" stands for needs to be chosen first (see
/// `first_fit`).
pub const BORROWED_LEAD: f64 = 2.0;
/// A term the chosen skill holds at least this strongly is explained by it.
const EXPLAINED: f64 = 0.2;

/// Why a skill was chosen.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum Chosen {
    /// Named in the intent as written.
    Named { mention: String },
    /// Relevant enough to a clause.
    Relevant {
        score: f64,
        evidence: f64,
        words: Vec<String>,
        clause: String,
    },
    /// Returned by the outside selector.
    Selector,
}

impl Chosen {
    pub fn describe(&self) -> String {
        match self {
            Chosen::Named { mention } => format!("named in the intent ('{mention}')"),
            Chosen::Relevant {
                evidence, words, ..
            } => format!(
                "matched {} (evidence {evidence:.2})",
                words
                    .iter()
                    .map(|w| format!("'{w}'"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Chosen::Selector => "chosen by the selector".to_string(),
        }
    }
}

/// One candidate as `--explain` shows it.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Candidate {
    pub skill: String,
    pub score: f64,
    /// Its evidence for the clause it fits best, in units of one perfect
    /// unique match.
    pub evidence: f64,
    /// Matched intent words with the fields they were found in.
    pub matched: Vec<String>,
    pub selected: bool,
    pub why: String,
}

/// The outcome of selection.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Chosen skills (catalog indices), named first, then in clause order.
    pub chosen: Vec<(usize, Chosen)>,
    /// For each chosen skill, the clause it serves: (its place in the asked
    /// order, the clause text).
    pub clause_of: Vec<(usize, usize, String)>,
    /// Every scored candidate, for `--explain`.
    pub candidates: Vec<Candidate>,
    /// The relevance score of each scored skill (for ordering and producers).
    pub scores: Vec<(usize, f64)>,
    pub warnings: Vec<String>,
    /// For each place in the asked order, whether the intent asks for it
    /// after the place before, or only names it after, as a task apart
    /// ("…and also …", "Separately, …").
    pub ordered: Vec<bool>,
    /// Pairs (first, then) of chosen skills that one clause orders by a
    /// "before" or "after" opening the later one's words ("run /pr-writer
    /// after /commit").
    pub within: Vec<(usize, usize)>,
}

impl Selection {
    pub fn score_of(&self, skill: usize) -> f64 {
        self.scores
            .iter()
            .find(|(s, _)| *s == skill)
            .map(|(_, x)| *x)
            .unwrap_or(0.0)
    }

    /// The clause rank a chosen skill serves.
    pub fn rank_of(&self, skill: usize) -> Option<usize> {
        self.clause_of
            .iter()
            .find(|(s, _, _)| *s == skill)
            .map(|(_, r, _)| *r)
    }

    fn take(&mut self, skill: usize, why: Chosen, rank: usize, clause: &str) {
        if !self.chosen.iter().any(|(s, _)| *s == skill) {
            self.chosen.push((skill, why));
            self.clause_of.push((skill, rank, clause.to_string()));
        }
    }
}

/// How many candidates a selection describes when not asked to explain:
/// enough for a zero-step plan's "closest" note.
pub const BRIEF_CANDIDATES: usize = 3;

/// Selects skills for `intent`. `explain` describes every matched skill in
/// [`Selection::candidates`]; otherwise only the best [`BRIEF_CANDIDATES`].
pub fn select(catalog: &Catalog, intent: &str, explain: bool) -> Selection {
    let analyzer = Analyzer::default();
    let query = Query::new(intent, &analyzer);
    let sel = select_for(catalog, intent, &query, &analyzer, explain);
    if sel.chosen.is_empty() {
        if let Some(tasks) = query.scene_as_tasks() {
            return select_for(catalog, intent, &tasks, &analyzer, explain);
        }
    }
    sel
}

/// Selects skills for an analysed intent (`analyzer` read it).
fn select_for(
    catalog: &Catalog,
    intent: &str,
    query: &Query,
    analyzer: &Analyzer,
    explain: bool,
) -> Selection {
    let ranked = relevance::score(catalog, query);
    let mut sel = Selection {
        scores: ranked.iter().map(|r| (r.skill, r.score)).collect(),
        ordered: query.ordered.clone(),
        ..Selection::default()
    };
    let named = named(catalog, intent);
    let mut notes = Notes {
        why: vec![None; ranked.len()],
        best: vec![(0f64, None); ranked.len()],
        thin: vec![None; ranked.len()],
    };
    let picks = clause_picks(
        catalog, query, analyzer, &ranked, &named, &mut sel, &mut notes,
    );
    let Notes {
        mut why,
        best,
        thin,
    } = notes;
    serve(
        catalog,
        (query, analyzer),
        &ranked,
        picks,
        &mut sel,
        &mut why,
    );
    one_request(&mut sel, query, &ranked, &mut why, catalog);
    read_whole(query, &ranked, &mut sel, &mut why);
    for (w, t) in why.iter_mut().zip(thin) {
        if w.is_none() {
            *w = t;
        }
    }
    in_clause_order(&mut sel);
    sel.within = within::within_clauses(&sel);
    let shown = if explain {
        ranked.len()
    } else {
        ranked.len().min(BRIEF_CANDIDATES)
    };
    sel.candidates =
        super::explain::candidates(catalog, query, &ranked[..shown], &sel, &why, &best);
    sel
}

/// What selection says of each ranked skill for `--explain`, gathered
/// clause by clause.
struct Notes {
    /// Why it was taken or not.
    why: Vec<Option<String>>,
    /// Its most evidence for any one clause, and that clause.
    best: Vec<(f64, Option<usize>)>,
    /// Why a skill with evidence that rests on too little was not taken,
    /// said where nothing else explains it.
    thin: Vec<Option<String>>,
}

/// Each clause's candidates, strongest clause first, so a fragment
/// ("…and remove the comments") is served by the skill its stronger
/// neighbour chose when that skill explains it too: (clause, its best fit,
/// every fit). Named skills are taken here for the clause naming them.
fn clause_picks(
    catalog: &Catalog,
    query: &Query,
    analyzer: &Analyzer,
    ranked: &[Relevance],
    named: &[(usize, String)],
    sel: &mut Selection,
    notes: &mut Notes,
) -> Vec<(usize, usize, Vec<Fit>)> {
    let mut picks: Vec<(usize, usize, Vec<Fit>)> = Vec::new();
    for (k, clause) in query.clauses.iter().enumerate() {
        if clause.whole {
            continue;
        }
        // "fyi the linear ticket is already filed": a clause that asks for
        // no work takes no skill it names either.
        let mentions: Vec<&(usize, String)> = named
            .iter()
            .filter(|(_, m)| !clause.declined && clause_has(&clause.text, m))
            .collect();
        for (s, m) in &mentions {
            let chosen = Chosen::Named { mention: m.clone() };
            sel.take(*s, chosen, clause.rank, &clause.text);
        }
        if !mentions.is_empty() {
            continue;
        }
        let mut fits: Vec<Fit> = ranked.iter().map(|r| fit(r, query, k, &[])).collect();
        products::lift(catalog, (query, analyzer), ranked, &mut fits, k);
        for (i, f) in fits.iter().enumerate() {
            if f.own > notes.best[i].0 {
                notes.best[i] = (f.own, Some(k));
            }
        }
        if clause.declined || clause.question || clause.waived {
            note_unasked(&mut notes.why, &fits, clause);
            continue;
        }
        if clause.context {
            note_scene(&clause.text, &fits, &mut notes.thin);
            if let Some(file) = scene_file(clause, &fits) {
                picks.push((k, file, fits));
            }
            continue;
        }
        let mut first = first_fit(&fits);
        // "pick a theme for the deck, then build the powerpoint using it":
        // what "it" stands for is the clause before, served by its own
        // skill; a skill that fits this clause's own words better does the
        // new work.
        if let (Some(f), Some(&(pk, prev, _))) = (first, picks.last()) {
            if f == prev && pk + 1 == k && clause.refers_back {
                let own = fits[f].own_words();
                first = pick(&fits, |i| {
                    i != prev && !fits[i].only_borrowed && fits[i].own_words() > own
                })
                .or(first);
            }
        }
        let first = first.map(|f| {
            unbound(
                catalog,
                (query, analyzer),
                ranked,
                &fits,
                (k, f),
                &mut notes.why,
            )
        });
        note_thin(query, k, ranked, &fits, &mut notes.thin);
        if let Some(first) = first {
            picks.push((k, first, fits));
        }
    }
    // "…render blank. Figure out why.": the scene is the work only when the
    // bare ask chose no skill of its own (a debugging skill for "figure
    // out why").
    let asked: std::collections::HashSet<usize> = picks
        .iter()
        .map(|(k, _, _)| query.clauses[*k].sentence)
        .collect();
    picks.retain(|(k, _, _)| {
        query.clauses[*k]
            .object_of
            .is_none_or(|n| !asked.contains(&n))
    });
    picks.sort_by(|a, b| b.2[b.1].own.total_cmp(&a.2[a.1].own).then(a.0.cmp(&b.0)));
    picks
}

/// The best fit of a clause that asks for work. A skill that matches the
/// clause's own words comes before one that matches only what its "this"
/// stands for, unless that one has [`BORROWED_LEAD`] times its evidence:
/// "…<<<<<<< markers in 4 files. help me sort them out" is about the
/// files.
fn first_fit(fits: &[Fit]) -> Option<usize> {
    let mut first = pick(fits, |i| !fits[i].only_borrowed).or_else(|| pick(fits, |_| true));
    if let (Some(f), Some(b)) = (first, pick(fits, |i| fits[i].only_borrowed)) {
        if fits[b].total >= BORROWED_LEAD * fits[f].total {
            first = Some(b);
        }
    }
    first
}

/// The skill of a document that a scene names as a file ("the numbers are
/// in q3-results.xlsx", "Legal wants it as a Word document"): the file the
/// work asked for reads or writes, so that format's skill serves beside
/// the request's own. Not in the scene of a question alone ("my boarding
/// pass PDF won't print, how do I clear the jam?"), nor for a format named
/// as a topic ("the iOS share sheet crashes").
fn scene_file(clause: &QueryClause, fits: &[Fit]) -> Option<usize> {
    if clause.beside_question || !super::synonyms::names_document_file(&clause.text) {
        return None;
    }
    (0..fits.len())
        .filter(|&i| fits[i].names_format && fits[i].own >= SELECT_AT)
        .max_by(|&a, &b| fits[a].total.total_cmp(&fits[b].total).then(b.cmp(&a)))
}

/// True when the clause opens with a word of the skill's name, as a
/// command: "plan, implement and review…", "deploy the app".
fn name_commands(r: &Relevance, clause: &QueryClause) -> bool {
    clause.sequence.first().is_some_and(|t| {
        r.matches
            .iter()
            .any(|m| m.term == *t && m.fields.contains(&FieldKind::Name))
    })
}

/// Puts the chosen skills in clause order, named skills first.
fn in_clause_order(sel: &mut Selection) {
    let order: Vec<usize> = sel.chosen.iter().map(|(s, _)| *s).collect();
    let mut idx: Vec<usize> = (0..order.len()).collect();
    idx.sort_by_key(|&i| {
        let named = matches!(sel.chosen[i].1, Chosen::Named { .. });
        (!named, sel.clause_of[i].1, i)
    });
    sel.chosen = idx.iter().map(|&i| sel.chosen[i].clone()).collect();
    sel.clause_of = idx.iter().map(|&i| sel.clause_of[i].clone()).collect();
}

/// The index of the best fit that passes the gate and `extra`: the most
/// evidence in all, except that among the fits within [`NAME_TIE`] of the
/// most, the one whose name holds more of the clause's uncommon words wins
/// ("then execute it", the plan: `executing-plans` over a skill that
/// mentions executing a plan in its use-when). Ties go to more evidence,
/// then to the first. Measured against the best alone, so the choice does
/// not depend on the order the fits come in.
fn pick(fits: &[Fit], extra: impl Fn(usize) -> bool) -> Option<usize> {
    let gated: Vec<usize> = (0..fits.len())
        .filter(|&i| fits[i].strong && fits[i].own >= SELECT_AT && extra(i))
        .collect();
    // The other clauses' words only break ties: a fit with under
    // OWN_SHARE of the most evidence from the clause's own words does not
    // win on them ("step 1: UX spec from the PRD. step 2: chop that UX spec
    // into prompts": the prompts skill, strong on step 2, is no fit for
    // step 1).
    let most_own = gated.iter().map(|&i| fits[i].own).fold(f64::MIN, f64::max);
    let gated: Vec<usize> = gated
        .into_iter()
        .filter(|&i| fits[i].own >= OWN_SHARE * most_own)
        .collect();
    let most = gated
        .iter()
        .map(|&i| fits[i].total)
        .fold(f64::MIN, f64::max);
    gated
        .into_iter()
        .filter(|&i| most - fits[i].total < NAME_TIE)
        .min_by(|&a, &b| {
            let (x, y) = (&fits[a], &fits[b]);
            (y.in_name.cmp(&x.in_name))
                .then(y.total.total_cmp(&x.total))
                .then(a.cmp(&b))
        })
}

fn take_relevant(sel: &mut Selection, r: &Relevance, q: &Query, k: usize, evidence: f64) {
    let clause = &q.clauses[k];
    let words = r.held_in(clause).map(|m| q.words[m.term].clone()).collect();
    let chosen = Chosen::Relevant {
        score: r.score,
        evidence,
        words,
        clause: clause.text.clone(),
    };
    sel.take(r.skill, chosen, clause.rank, &clause.text);
}

mod bound;
mod products;
mod serve;
mod whole;
mod within;

use bound::unbound;
use serve::serve;
use whole::{one_request, read_whole};

#[cfg(test)]
mod tests;
