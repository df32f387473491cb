//! A skill's evidence for one clause of an intent: the words it matches,
//! weighed (see [`super::select`] for the rules and the constants), and
//! whether that evidence goes beyond one common word.

use super::relevance::{FieldKind, Query, Relevance};
use super::select::{BORROWED, CONTEXT, NAME_BONUS, PHRASE_BONUS, SELECT_AT, TRIGGER_FLOOR};
use super::text::{words, WEAK_WEIGHT};

/// The evidence two words found only in a skill's body need to serve a
/// clause (see [`Fit::strong`]): half again the bar for one word.
pub const BODY_ONLY_AT: f64 = 1.5 * SELECT_AT;

/// A skill's evidence for one clause.
#[derive(Debug, Clone, Copy, Default)]
pub struct Fit {
    /// From the clause's own words (and its bonuses).
    pub own: f64,
    /// Own plus context.
    pub total: f64,
    /// Evidence beyond one common word: at least one word of the clause's
    /// own, a word that is not weak, and either two words (in a clause that
    /// says "it", the words it stands for count), a phrase found as
    /// written (two words the name writes as one among them, an idiom
    /// asking for the work a word of the name says, and an idiom whose
    /// work its description or "Use when" names with [`SELECT_AT`]
    /// evidence: "rip it apart" and "attack a plan"), a name of
    /// two or more words spelled out, a named file format or tool (in a
    /// clause that asks for work, or as what its command acts on: not "the
    /// spreadsheet from finance has twelve tabs"), or a
    /// word the author declared a trigger. In a clause that is
    /// one of a sentence's list of tasks, one uncommon word of the skill's
    /// name with [`SELECT_AT`] evidence is enough; so is, in any clause,
    /// the head of what its command acts on ("make a matching poster",
    /// see [`super::head`]) found above the body with that evidence. Two words found only in
    /// the body are its details, not its job ("reduce my docker image
    /// size" is not the GIF maker's work): they count only with a third
    /// word or [`BODY_ONLY_AT`] evidence. Under that evidence, one word
    /// above the body with others from the body is not enough either: it
    /// takes two words above the body, or an uncommon word of the name
    /// ("pick a name for the new service" is no work of a skill that
    /// "picks the next step" and has "name" in its body).
    pub strong: bool,
    /// The part of [`Fit::own`] from the words "it" stands for.
    pub borrowed: f64,
    /// None of the clause's own words matched: only what "this" stands for.
    pub only_borrowed: bool,
    /// One of the clause's own words it matched is not a common one (or
    /// is a declared trigger): "execute it", not "fix them".
    pub own_specific: bool,
    /// How many of the clause's uncommon words (and of the words its "it"
    /// stands for) the skill's name holds.
    pub in_name: usize,
    /// Its name holds a document format the clause names ("the quarterly
    /// deck" and `pptx`).
    pub names_format: bool,
    /// It holds above its body, with [`SELECT_AT`] evidence, the head of
    /// what the clause's command acts on ("design a poster…": poster).
    pub holds_head: bool,
    /// The clause names, as the place of its work, the product the skill
    /// wraps, which makes the fit strong (set by `select::products`, not
    /// by [`fit`]).
    pub product: bool,
}

impl Fit {
    /// Evidence from the clause's own words alone, without what "it"
    /// stands for.
    pub fn own_words(&self) -> f64 {
        self.own - self.borrowed
    }
}

pub fn fit(r: &Relevance, q: &Query, k: usize, skip: &[usize]) -> Fit {
    let clause = &q.clauses[k];
    let mut f = Fit::default();
    let (mut words, mut specific, mut format, mut in_name) = (0, false, false, 0);
    // Words of the clause itself: a skill matching only the words "it"
    // stands for is the previous clause's skill, not this one's.
    let mut own_words = 0;
    let mut named_word = 0f64;
    // Two words of the clause that the name writes as one ("spell-check",
    // `spellchk`): a phrase of the name found as written.
    let mut compound_name = false;
    let mut idiom_headline = false;
    // An own word found above the body (name, description, use-when):
    // two words found only in the body are the skill's details, not its job.
    let mut headline = false;
    let mut headline_words = 0usize;
    // The thing the clause's command acts on, named above the body.
    let mut head = false;
    let versioned = versioned_names(r, q);
    for m in &r.matches {
        if skip.contains(&m.term) {
            continue;
        }
        // ".NET 10" is one written word matched twice (`net`, `net10`):
        // its name adds evidence but is not a second word.
        let again = versioned.contains(&m.term);
        let own = clause.terms.contains(&m.term);
        let borrowed = !own && clause.refers_back && k > 0 && refers_to(q, k, m.term);
        // A word the author declared a trigger (or quoted) is never weak.
        let declared = m
            .fields
            .iter()
            .any(|f| matches!(f, FieldKind::Triggers | FieldKind::Phrases));
        let weak = if q.weak[m.term] && !declared {
            WEAK_WEIGHT
        } else {
            1.0
        };
        let mut e = weak * m.idf * (m.strength - m.penalty);
        // A declared trigger word is the author's own word for the skill:
        // common as it may be in this catalog, it counts at least this much.
        if m.fields.contains(&FieldKind::Triggers) {
            e = e.max(TRIGGER_FLOOR);
        }
        if own {
            f.own += e;
            if e > 0.0 && again {
                // Evidence only: the version term counts the word.
            } else if e > 0.0 {
                words += 1;
                own_words += 1;
                specific |= !q.weak[m.term] || declared;
                f.own_specific |= !q.weak[m.term] || declared;
                headline |= m.fields.in_headline();
                headline_words += usize::from(m.fields.in_headline());
                format |= declared;
                // A format or tool named in a clause that asks for nothing
                // ("the powerpoint at the all-hands was boring") is what
                // the person talks about, unless it is what a command acts on.
                format |= q.format[m.term] && (clause.asks || clause.head == Some(m.term));
                f.names_format |= super::synonyms::is_document(&q.terms[m.term])
                    && m.fields.contains(&FieldKind::Name);
                in_name += usize::from(m.fields.contains(&FieldKind::Name));
                if !q.weak[m.term] && m.fields.contains(&FieldKind::Name) {
                    named_word = named_word.max(e);
                    f.in_name += 1;
                }
                compound_name |= m.fields.contains(&FieldKind::Name) && q.is_compound(m.term);
                // An idiom that asks for the work the name says ("no clue
                // why", `…-debugging`) is a phrase of the name too.
                compound_name |= m.fields.contains(&FieldKind::Name) && q.idioms.contains(&m.term);
                // "then rip it apart" and a skill whose description says
                // "attack a plan": an idiom is a phrase of the work it
                // names, found above the body.
                idiom_headline |=
                    m.fields.in_headline() && q.idioms.contains(&m.term) && e >= SELECT_AT;
                head |= clause.head == Some(m.term)
                    && !q.weak[m.term]
                    && m.fields.in_headline()
                    && e >= SELECT_AT;
            }
        } else if borrowed {
            // "…write a design doc, then review it": "it" is the doc.
            f.own += BORROWED * e;
            f.borrowed += BORROWED * e;
            f.total += BORROWED * e;
            specific |= e > 0.0 && !q.weak[m.term];
            // The word "it" stands for counts as one of the clause's own
            // ("execute it", the plan: execute + plan).
            if e > 0.0 && !q.weak[m.term] {
                words += 1;
                headline |= m.fields.in_headline();
                in_name += usize::from(m.fields.contains(&FieldKind::Name));
                f.in_name += usize::from(m.fields.contains(&FieldKind::Name));
            }
        } else {
            f.total += CONTEXT * e;
        }
    }
    let phrase = r.phrases.iter().any(|(c, _)| *c == k) || compound_name;
    // A name counts when the clause spells it whole, or opens with a word
    // of it as a command: "commit this" (not "take a shower").
    let spelled = r.names_in.contains(&k);
    let name = spelled && (r.long_name || format || opens_with_name(clause, r, q));
    if phrase {
        f.own += PHRASE_BONUS;
    }
    if name {
        f.own += NAME_BONUS;
    }
    // One of several tasks cut from one sentence, naming the skill's
    // subject by a word of its name: "…and land it, then cut the release".
    f.holds_head = head;
    let listed_name = (clause.listed && named_word >= SELECT_AT) || head;
    f.strong = (phrase
        || name
        || listed_name
        || in_name >= 2
        || idiom_headline
        // A lone format word needs the headline too: "reduce my docker
        // image size" must not take a GIF skill whose body says "image".
        || (specific
            && (words >= 2 || format)
            && (headline || words >= 3 || f.own >= BODY_ONLY_AT)
            && (headline_words >= 2 || f.in_name >= 1 || format || f.own >= BODY_ONLY_AT)))
        && (own_words > 0 || after_scene(q, k));
    f.only_borrowed = own_words == 0;
    f.total += f.own;
    f
}

/// The terms of names whose version `r` matched too: `net` when `net10`
/// (".NET 10") matched.
fn versioned_names(r: &Relevance, q: &Query) -> Vec<usize> {
    r.matches
        .iter()
        .filter(|m| q.words[m.term].contains(' '))
        .filter_map(|m| {
            let name = q.terms[m.term].trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
            r.matches
                .iter()
                .find(|n| n.term != m.term && q.terms[n.term] == name)
                .map(|n| n.term)
        })
        .collect()
}

/// True when `term` is a word of what clause `k`'s "it" or "this" stands
/// for: the clause before it, or, after a scene, every sentence of that
/// scene ("Our CRM data is a mess. Duplicates everywhere. How do we clean
/// it up?": "it" is the CRM data).
fn refers_to(q: &Query, k: usize, term: usize) -> bool {
    let j = referent(q, k);
    if !after_scene(q, k) {
        return q.clauses[j].terms.contains(&term);
    }
    q.clauses[..=j]
        .iter()
        .rev()
        .take_while(|c| c.context)
        .any(|c| c.terms.contains(&term))
}

/// The clause clause `k`'s "it" or "those" stands for: the one before it,
/// past a verb of its sentence left without an object ("…are failing. I
/// want you to diagnose and fix those": both verbs act on the failing
/// checks).
fn referent(q: &Query, k: usize) -> usize {
    let mut j = k - 1;
    while j > 0 && q.clauses[j].sentence == q.clauses[k].sentence && q.clauses[j].dangling_verb {
        j -= 1;
    }
    j
}

/// True when clause `k` refers back to a sentence that only set the scene
/// ("…our churn is from failed payments. How do we fix this?"): what "this"
/// stands for is the whole request, so the words it borrows may carry it
/// alone. After a clause that asked for work of its own ("write a design
/// doc, then review it") they may not: that clause has its skill.
fn after_scene(q: &Query, k: usize) -> bool {
    k > 0 && q.clauses[k].refers_back && q.clauses[referent(q, k)].context
}

/// `words` past the way of asking that opens them: "can you commit
/// this", "could you please brainstorm it", "I need you to commit it",
/// "go ahead and commit".
fn past_asking(words: &[String]) -> &[String] {
    let w: Vec<&str> = words.iter().take(4).map(String::as_str).collect();
    let asked = match w.as_slice() {
        ["can" | "could" | "would" | "will", "you" | "u", ..] => 2,
        ["i" | "we", "need" | "want", "you", "to", ..]
        | ["i'd" | "we'd", "like", "you", "to", ..] => 4,
        ["go", "ahead", "and", ..] => 3,
        ["help", "me", ..] => 2,
        _ => 0,
    };
    let rest = &words[asked..];
    let soft = rest
        .iter()
        .take_while(|w| matches!(w.as_str(), "please" | "pls" | "just"))
        .count();
    &rest[soft..]
}

/// True when the clause opens with a word of the skill's name that is not
/// a common one, as a command: "commit this", "can you brainstorm the
/// feature"; not as a subject ("shower drain keeps clogging"), nor, after
/// a way of asking, in an idiom with "to" ("would you commit to a date?").
fn opens_with_name(clause: &super::relevance::QueryClause, r: &Relevance, q: &Query) -> bool {
    let Some(&first) = clause.sequence.first() else {
        return false;
    };
    // "just commit the code", "also brainstorm it": a word that only
    // softens or adds the command stands before it; so does the "to" of a
    // step said formally ("…, and only after that to commit the change").
    const FILLERS: &[&str] = &[
        "also", "and", "just", "now", "please", "pls", "plus", "so", "then", "to",
    ];
    let all = words(&clause.text);
    let lead = all
        .iter()
        .take_while(|w| FILLERS.contains(&w.as_str()))
        .count();
    let mut ws = past_asking(&all[lead..]);
    if ws.len() < all.len() - lead && ws.get(1).is_some_and(|w| w == "to") {
        return false;
    }
    let mut first = first;
    // "make the brainstorm with me", "do a review of the PR": a light verb
    // and its article before the noun that names the work.
    if let [verb, article, noun, ..] = ws {
        let light = matches!(
            verb.as_str(),
            "make" | "do" | "have" | "give" | "run" | "perform"
        );
        if light && matches!(article.as_str(), "a" | "an" | "the" | "one" | "some") {
            let Some(&t) = clause.sequence.iter().find(|&&t| q.words[t] == *noun) else {
                return false;
            };
            first = t;
            ws = &ws[2..];
        }
    }
    let first_word = ws.first().cloned().unwrap_or_default();
    // "shower drain keeps clogging": the name opens a subject, not a
    // command, when a verb of being or going on follows it.
    // Not "brainstorm what is missing", "commit what has changed": there
    // the verb is the clause's own.
    let clause_object = ws.get(1).is_some_and(|w| {
        matches!(
            w.as_str(),
            "what" | "which" | "who" | "how" | "why" | "where" | "when" | "that" | "it" | "this"
        )
    });
    let subject = !clause_object
        && ws
            .iter()
            .skip(1)
            .take(2)
            .any(|w| super::head::LINKING.contains(&w.as_str()));
    !subject
        && !q.weak[first]
        && q.words[first] == first_word
        && r.matches
            .iter()
            .any(|m| m.term == first && m.fields.contains(&FieldKind::Name))
}
