//! What serves a request when its clauses, read one by one, do not say
//! it alone: one request said over several sentences ([`one_request`]),
//! the request read whole, and material handed over beside an ask that
//! names no work ([`read_whole`]). See rules 3 and 4 in [`super`].

use super::{
    pick, take_relevant, Chosen, Selection, SECOND_AT, SENTENCE_SHARE, WHOLE_AT, WHOLE_SHARE,
};
use crate::catalog::Catalog;
use crate::plan::fit::{fit, Fit};
use crate::plan::relevance::{Query, QueryClause, Relevance};

/// A request none of whose clauses a skill serves may still be one
/// skill's work when its clauses are read together: the scene and the
/// ask ("Our community feels dead. … How do I tell if it's salvageable?").
/// A bar higher than a clause's, since the scene's words were not asked
/// for as the work.
pub(super) fn read_whole(
    query: &Query,
    ranked: &[Relevance],
    sel: &mut Selection,
    why: &mut [Option<String>],
) {
    yield_to_whole(query, ranked, sel, why);
    if sel.chosen.is_empty() {
        if let Some(k) = query.whole() {
            let fits: Vec<Fit> = ranked.iter().map(|r| fit(r, query, k, &[])).collect();
            if let Some(i) = pick(&fits, |i| fits[i].own >= WHOLE_AT) {
                take_relevant(sel, &ranked[i], query, k, fits[i].own);
                why[i] = Some(format!(
                    "serves the request read whole (evidence {:.2} >= {WHOLE_AT})",
                    fits[i].own
                ));
            }
        }
    }
    if sel.chosen.is_empty() {
        read_material(query, ranked, sel, why);
    }
}

/// A lone skill chosen on thin evidence (under [`SECOND_AT`]) yields to
/// one the request read whole fits with [`WHOLE_AT`] evidence and
/// [`WHOLE_SHARE`] times the chosen one's: the scene named the work and
/// the ask only pointed at it ("Our tiny team keeps its to-do cards in
/// the Linear app. Can you add a new one…?"; "The setup wizard … waits
/// for keyboard input, and every time you run it your command just
/// hangs. Can you…").
fn yield_to_whole(
    query: &Query,
    ranked: &[Relevance],
    sel: &mut Selection,
    why: &mut [Option<String>],
) {
    let [(chosen, Chosen::Relevant { evidence, .. })] = sel.chosen.as_slice() else {
        return;
    };
    let (Some(k), Some(cur)) = (
        query.whole().filter(|_| *evidence < SECOND_AT),
        ranked.iter().position(|r| r.skill == *chosen),
    ) else {
        return;
    };
    let fits: Vec<Fit> = ranked.iter().map(|r| fit(r, query, k, &[])).collect();
    let better = |i: usize| {
        i != cur && fits[i].own >= WHOLE_AT && fits[i].own >= WHOLE_SHARE * fits[cur].own
    };
    let Some(i) = pick(&fits, better) else {
        return;
    };
    why[cur] = Some(format!(
        "its clause's evidence {evidence:.2} < {SECOND_AT}, and the request read whole \
         fits another skill better ({:.2} >= {WHOLE_SHARE} x {:.2})",
        fits[i].own, fits[cur].own
    ));
    sel.chosen.clear();
    sel.clause_of.clear();
    take_relevant(sel, &ranked[i], query, k, fits[i].own);
    why[i] = Some(format!(
        "serves the request read whole (evidence {:.2} >= {WHOLE_AT}), over a \
         clause's thin choice",
        fits[i].own
    ));
}

/// A request that chose no skill, beside a scene that hands material over
/// ("…, transcript pasted below. Can you pull out what she's really
/// trying to get done?"; "Schema for our orders tables is attached. I
/// need something I can paste into Metabase…"), asks for the work that
/// material is for: the skill the scene fits with [`SECOND_AT`] evidence.
fn read_material(
    query: &Query,
    ranked: &[Relevance],
    sel: &mut Selection,
    why: &mut [Option<String>],
) {
    let asks = query
        .clauses
        .iter()
        .any(|c| !c.context && !c.question && !c.declined);
    let handed = |c: &QueryClause| {
        let t = c.text.to_lowercase();
        [
            "attached", "pasted", "below", "here's", "here is", "enclosed",
        ]
        .iter()
        .any(|m| crate::plan::declines::has_words(&t, m))
    };
    let Some(k) = (0..query.clauses.len())
        .find(|&k| asks && query.clauses[k].context && handed(&query.clauses[k]))
    else {
        return;
    };
    let fits: Vec<Fit> = ranked.iter().map(|r| fit(r, query, k, &[])).collect();
    if let Some(i) = pick(&fits, |i| fits[i].own >= SECOND_AT) {
        take_relevant(sel, &ranked[i], query, k, fits[i].own);
        why[i] = Some(format!(
            "serves the material '{}' handed over for the request (evidence {:.2} >= {SECOND_AT})",
            query.clauses[k].text, fits[i].own
        ));
    }
}

/// Sentences written one after another elaborate one request ("We ran an
/// A/B test on the pricing page. Is the lift significant?"), which the
/// first sentence that chose a skill states (the most evidenced skill of
/// that sentence): a skill chosen for a later sentence is kept only with
/// [`SENTENCE_SHARE`] of that skill's evidence. Tasks listed in one
/// sentence, a sentence that opens with a connective of order ("Then
/// write the plan.") or sets its task apart ("Separately, audit the
/// handler."), and named skills, are not touched.
pub(super) fn one_request(
    sel: &mut Selection,
    q: &Query,
    ranked: &[Relevance],
    why: &mut [Option<String>],
    catalog: &Catalog,
) {
    let took: Vec<(usize, f64, usize, bool)> = sel
        .chosen
        .iter()
        .filter_map(|(s, c)| match c {
            Chosen::Relevant {
                evidence, clause, ..
            } => q
                .clauses
                .iter()
                .find(|k| !k.whole && &k.text == clause)
                .map(|k| (*s, *evidence, k.sentence, k.step)),
            _ => None,
        })
        .collect();
    let Some(&(top, best, sentence, _)) = took
        .iter()
        .min_by(|a, b| a.2.cmp(&b.2).then(b.1.total_cmp(&a.1)))
    else {
        return;
    };
    for &(s, e, at, step) in &took {
        // "Then write the plan.": a sentence that says it is the next step.
        if at == sentence || step || e >= SENTENCE_SHARE * best {
            continue;
        }
        sel.chosen.retain(|(x, _)| *x != s);
        sel.clause_of.retain(|(x, _, _)| *x != s);
        if let Some(i) = ranked.iter().position(|r| r.skill == s) {
            why[i] = Some(format!(
                "its sentence elaborates the request {} serves: evidence {e:.2} < \
                 {SENTENCE_SHARE} x {best:.2}",
                catalog.skills[top].key()
            ));
        }
    }
}
