//! Serving the clauses their picks (DESIGN §4.1, rule 2): each clause's
//! best skill unless one chosen beside it serves it already, a second
//! skill for what the first leaves unexplained, and every product the
//! clause names as the place of its work (see [`super::products`]).

use super::{
    name_commands, pick, products, take_relevant, Selection, EXPLAINED, SECOND_AT, SECOND_SHARE,
    SELECT_AT, SERVED_SHARE,
};
use crate::catalog::Catalog;
use crate::plan::fit::{fit, Fit};
use crate::plan::relevance::{Query, QueryClause, Relevance};
use crate::plan::text::Analyzer;

/// True when `text` opens with a verb of a task ("commit it…").
fn opens_with_task_verb(text: &str) -> bool {
    crate::plan::words::words(text)
        .first()
        .is_some_and(|w| crate::plan::task_words::starts_task(w))
}

/// True when `chosen` holds, above its body, every word of the clause
/// that `best` matched: "…docx and remove the comments" asks the docx
/// skill (whose description lists comments) for more of its work, not for
/// the PR-comment skill whose name says "comments".
fn covers(chosen: &Relevance, best: &Relevance, clause: &QueryClause) -> bool {
    // A clause that opens with a word of the best skill's name asks for it
    // as a command ("plan, implement and review…"): it is not served.
    if name_commands(best, clause) {
        return false;
    }
    let mut own = best.held_in(clause).peekable();
    own.peek().is_some()
        && own.all(|b| {
            chosen
                .held_in(clause)
                .any(|c| c.term == b.term && c.fields.in_headline())
        })
}

/// Takes the best skill of each clause, unless a skill chosen for a clause
/// beside it serves it already, and a second skill for what the first
/// leaves unexplained.
pub(super) fn serve(
    catalog: &Catalog,
    (query, analyzer): (&Query, &Analyzer),
    ranked: &[Relevance],
    picks: Vec<(usize, usize, Vec<Fit>)>,
    sel: &mut Selection,
    why: &mut [Option<String>],
) {
    for (k, first, fits) in picks {
        let clause = &query.clauses[k];
        // "3. commit it": an item of a list is asked for by its mark; a
        // skill chosen beside it serves it only when it holds all its
        // words ("2. remove the comments" after a .docx item).
        // Nor a clause that opens with an uncommon verb of the best
        // skill's name: "…, then commit it" asks for the commit skill by
        // its command, whatever else says "before committing".
        let commanded = opens_with_task_verb(&clause.text)
            && name_commands(&ranked[first], clause)
            && clause.sequence.first().is_some_and(|&t| !query.weak[t]);
        let near = |i: usize| {
            !clause.marked && !commanded && fits[i].own >= SERVED_SHARE * fits[first].own
        };
        let served_by = sel
            .chosen
            .iter()
            .filter_map(|(s, _)| ranked.iter().position(|r| r.skill == *s))
            .find(|&i| {
                i != first
                    && (!fits[i].only_borrowed || !fits[first].own_specific)
                    && fits[first].own < SECOND_AT
                    && (near(i) || covers(&ranked[i], &ranked[first], clause))
            });
        if let Some(i) = served_by {
            why[first].get_or_insert_with(|| {
                format!(
                    "'{}' is served by {}, chosen for a clause beside it",
                    clause.text,
                    catalog.skills[ranked[i].skill].key()
                )
            });
            continue;
        }
        take_relevant(sel, &ranked[first], query, k, fits[first].own);
        why[first] = Some(format!(
            "serves '{}' (evidence {:.2} >= {SELECT_AT}){}",
            clause.text,
            fits[first].own,
            if fits[first].product {
                ", naming the product it wraps"
            } else {
                ""
            }
        ));
        // A second skill, for what the first leaves unexplained.
        let explained: Vec<usize> = ranked[first]
            .matches
            .iter()
            .filter(|m| m.strength >= EXPLAINED)
            .map(|m| m.term)
            .collect();
        let mut rest: Vec<Fit> = ranked
            .iter()
            .map(|r| fit(r, query, k, &explained))
            .collect();
        products::lift(catalog, (query, analyzer), ranked, &mut rest, k);
        let bar = SECOND_AT.max(SECOND_SHARE * fits[first].own);
        let second = |i: usize| {
            let bar = if (rest[i].names_format && !fits[first].names_format)
                || (rest[i].holds_head && !fits[first].holds_head)
            {
                SECOND_AT
            } else {
                bar
            };
            i != first && rest[i].own >= bar
        };
        let second = pick(&rest, second);
        if let Some(j) = second {
            take_relevant(sel, &ranked[j], query, k, rest[j].own);
            why[j] = Some(format!(
                "also serves '{}': evidence {:.2} from words {} leaves unexplained",
                clause.text,
                rest[j].own,
                catalog.skills[ranked[first].skill].key()
            ));
        }
        // "crosspost it to X, Threads and Bluesky": each product the
        // clause lists as a place of its work is asked for.
        // Its name is what the clause names, whatever the first skill's
        // text says of it ("…to threads and bluesky": a skill for Threads
        // may mention Bluesky).
        let named = |j: usize| fits[j].product || rest[j].product;
        for j in (0..fits.len()).filter(|&j| named(j) && j != first && Some(j) != second) {
            if sel.chosen.iter().any(|(s, _)| *s == ranked[j].skill) {
                continue;
            }
            take_relevant(sel, &ranked[j], query, k, fits[j].own);
            why[j] = Some(format!(
                "also serves '{}': it names the product {} wraps",
                clause.text,
                catalog.skills[ranked[j].skill].key()
            ));
        }
    }
}
