//! An intent, analysed for relevance scoring: its clauses as terms, the
//! words each term came from, which are common words or formats, the
//! objects of its sentences and the compounds of adjacent words.

use super::compounds::Compound;
use super::text::{is_stop_word, words, Analyzer};
use super::topic::{topic, Topic};

/// One clause of the intent, as terms.
#[derive(Debug, Clone)]
pub struct QueryClause {
    pub text: String,
    /// Distinct indices into [`Query::terms`], in order.
    pub terms: Vec<usize>,
    /// Every term of the clause in order (for phrases).
    pub sequence: Vec<usize>,
    /// Its place in the asked order.
    pub rank: usize,
    /// It only asks to know something.
    pub question: bool,
    /// It only sets the scene for another clause's request.
    pub context: bool,
    /// It is context only beside a question about the person's own work
    /// (see [`super::clauses::Clause::beside_question`]).
    pub beside_question: bool,
    /// It refers back with a pronoun ("review it", "execute them").
    pub refers_back: bool,
    /// It ends in a verb of a task, its object left to the clause after
    /// it ("I want you to diagnose", cut from "…diagnose and fix those"),
    /// and is no clause of time ("once we agree"), nor a noun phrase's
    /// last word ("write the implementation plan").
    pub dangling_verb: bool,
    /// It is the whole request: every clause together (see
    /// [`Query::whole`]).
    pub whole: bool,
    /// It is one of two or more tasks cut from one sentence.
    pub listed: bool,
    /// The sentence it was cut from.
    pub sentence: usize,
    /// Its sentence opens with a connective of order: a step of its own
    /// (see [`super::clauses::Clause::step`]).
    pub step: bool,
    /// Its sentence is a list item (see [`super::clauses::Clause::marked`]).
    pub marked: bool,
    /// The terms of what a piece is about, which are not its own words
    /// unless they also stand outside the topic (see `topic_of`).
    pub topic: Vec<usize>,
    /// The term of the head of what its command acts on ("make a matching
    /// poster"; see `super::head`).
    pub head: Option<usize>,
    /// It asks for work in words or as a command by its shape (see
    /// `super::clauses::opens_request`).
    pub asks: bool,
    /// The intent says it wants no work done (see
    /// [`super::clauses::Clause::declined`]).
    pub declined: bool,
    /// Its sentence says no work is wanted (see
    /// [`super::clauses::Clause::waived`]).
    pub waived: bool,
    /// The sentence of the bare ask it is the scene of (see
    /// [`super::clauses::Clause::object_of`]).
    pub object_of: Option<usize>,
}

/// An intent, analysed.
#[derive(Debug, Clone)]
pub struct Query {
    /// Distinct terms, in the order they appear.
    pub terms: Vec<String>,
    /// For each term, the word of the intent it came from.
    pub words: Vec<String>,
    /// For each term, whether it is a common word of requests.
    pub weak: Vec<bool>,
    /// For each term, whether it names a file format or tool (a canonical
    /// term of the synonym table).
    pub format: Vec<bool>,
    pub clauses: Vec<QueryClause>,
    /// Stems that occur as the object of the sentence: within three words
    /// after a determiner or possessive ("the plan", "my diff", "this
    /// scanned receipt"). An artifact named there is something the person
    /// has, not something they ask to be made.
    pub objects: Vec<String>,
    /// Pairs of adjacent words, each also a term (`super::compounds`).
    pub compounds: Vec<Compound>,
    /// Terms of the work an idiom of the intent asks for ([`super::idioms`]).
    pub idioms: Vec<usize>,
    /// For each place in the asked order, whether the intent asks for it
    /// after the place before (see `asked_order`).
    pub ordered: Vec<bool>,
}

/// For each place in the asked order, whether the intent asks for it
/// after the place before: false only where the clause there is named
/// apart (see [`super::clauses::Clause::named_apart`]) right after the
/// clause it was written after. A clause that words of order moved keeps
/// its asked place.
fn asked_order(split: &[super::clauses::Clause]) -> Vec<bool> {
    let mut at_rank = vec![usize::MAX; split.len()];
    for (k, c) in split.iter().enumerate() {
        if let Some(r) = at_rank.get_mut(c.rank) {
            *r = k;
        }
    }
    let mut ordered = vec![true; split.len()];
    for (k, c) in split.iter().enumerate() {
        let before = c.rank.checked_sub(1).and_then(|r| at_rank.get(r).copied());
        if c.named_apart && k > 0 && before == Some(k - 1) {
            ordered[c.rank] = false;
        }
    }
    ordered
}

/// The most compounds one query has (see [`super::compounds`]).
const MAX_COMPOUNDS: usize = 64;

/// The index of each term of a query being built, and the last clause
/// each was added to: lookups in constant time, so an intent of many
/// thousand words is read in linear time.
#[derive(Default)]
struct Ids {
    of: std::collections::HashMap<String, usize>,
    in_clause: Vec<usize>,
}

impl Ids {
    /// The index of term `t` in `q`, added with what `new` says of it
    /// (the word it came from, whether it is weak) when it is new.
    fn of(&mut self, q: &mut Query, t: &str, new: impl FnOnce() -> (String, bool)) -> usize {
        if let Some(&k) = self.of.get(t) {
            return k;
        }
        let (word, weak) = new();
        q.terms.push(t.to_string());
        q.words.push(word);
        q.weak.push(weak);
        q.format.push(super::synonyms::is_canonical(t));
        self.in_clause.push(usize::MAX);
        self.of.insert(t.to_string(), q.terms.len() - 1);
        q.terms.len() - 1
    }

    /// True the first time term `k` is seen in clause `no`.
    fn first_in(&mut self, k: usize, no: usize) -> bool {
        let first = !self.is_in(k, no);
        self.in_clause[k] = no;
        first
    }

    /// True when term `k` is one of clause `no`'s own.
    fn is_in(&self, k: usize, no: usize) -> bool {
        self.in_clause[k] == no
    }
}

/// Words that open a noun phrase.
pub(super) const DETERMINERS: &[&str] = &[
    "a", "an", "her", "his", "its", "my", "our", "that", "the", "their", "these", "this", "those",
    "your",
];

impl Query {
    pub fn new(intent: &str, a: &Analyzer) -> Query {
        // Pasted text, code and links are what the work is on, not what it
        // is (see [`super::material`]).
        let raw = intent;
        // "an m c p server", "essay dot m d": speech typed by voice.
        let typed = super::spoken::as_typed(intent);
        let intent = &*super::material::blanked(&typed);
        let mut q = Query {
            terms: Vec::new(),
            words: Vec::new(),
            weak: Vec::new(),
            format: Vec::new(),
            clauses: Vec::new(),
            objects: object_stems(intent, a),
            compounds: Vec::new(),
            idioms: Vec::new(),
            ordered: Vec::new(),
        };
        let mut split = super::clauses::split(intent);
        // Idioms that also have other senses ask for debugging only when
        // something is failing (see `idioms`).
        let failing = super::idioms::tells_of_failure(intent) || super::idioms::names_an_error(raw);
        super::stated_order::apply(&mut split, a);
        q.ordered = asked_order(&split);
        // "a poster for the hackathon, and it has to use our colors": what
        // the work must hold to is no second task of the list.
        let mut per_sentence = std::collections::HashMap::new();
        for c in &split {
            let ws = super::clauses::words_of(&c.text);
            let plain: Vec<&str> = ws.iter().map(|(w, _, _)| w.as_str()).collect();
            let task = super::task_words::states_requirement(&plain).is_none();
            *per_sentence.entry(c.sentence).or_insert(0usize) += usize::from(task);
        }
        let mut ids = Ids::default();
        for (clause_no, c) in split.iter().enumerate() {
            let listed = per_sentence[&c.sentence] >= 2;
            let ws = words(&c.text);
            let mut clause = QueryClause {
                text: c.text.clone(),
                terms: Vec::new(),
                sequence: Vec::new(),
                rank: c.rank,
                question: c.question,
                context: c.context,
                beside_question: c.beside_question,
                refers_back: refers_back(&ws),
                dangling_verb: dangling_verb(&ws),
                whole: false,
                listed,
                sentence: c.sentence,
                step: c.step,
                marked: c.marked,
                topic: Vec::new(),
                head: None,
                asks: super::clauses::opens_request(&c.text),
                declined: c.declined,
                waived: c.waived,
                object_of: c.object_of,
            };
            q.add_terms(&mut clause, &ws, a, &mut ids, (clause_no, failing));
            // A clause that only forbids stays, with no terms of its own:
            // what "it" in the clause after it stands for is its words.
            if !clause.terms.is_empty() || c.question || !clause.topic.is_empty() {
                q.clauses.push(clause);
            }
        }
        if let Some(w) = whole_of(&q.clauses) {
            q.clauses.push(w);
        }
        q
    }

    /// Adds the terms of `ws`, the words of `clause` (number `no`): its
    /// own, its topic's ([`super::topic`]), its idioms' (`failing`: the intent
    /// tells of something failing) and its compounds.
    fn add_terms(
        &mut self,
        clause: &mut QueryClause,
        ws: &[String],
        a: &Analyzer,
        ids: &mut Ids,
        (no, failing): (usize, bool),
    ) {
        let Topic {
            from,
            to,
            forbidden,
        } = topic(&clause.text, ws);
        let mut topic_terms = Vec::new();
        // "tell me the single next move": "tell" says how the answer
        // should come, not what the work is.
        let unframed = super::asks::without_frame(ws);
        let ws: &[String] = &unframed;
        let parts = [
            (&ws[..from], true),
            (&ws[from..to], false),
            (&ws[to..], true),
        ];
        for (part, own) in parts {
            a.for_each_term(part, |t, w| {
                let k = ids.of(self, t, || (w.to_string(), a.is_weak(t)));
                clause.sequence.push(k);
                match own {
                    true if ids.first_in(k, no) => clause.terms.push(k),
                    false => topic_terms.push(k),
                    _ => {}
                }
            });
        }
        // "track down why": the term of the work an idiom asks for, beside
        // its words (see [`super::idioms`]).
        for part in [&ws[..from], &ws[to..]] {
            for (term, idiom) in super::idioms::found(part, failing) {
                let k = ids.of(self, term, || (idiom, false));
                if !self.idioms.contains(&k) {
                    self.idioms.push(k);
                }
                if ids.first_in(k, no) {
                    clause.terms.push(k);
                }
            }
        }
        // A pasted "<<<<<<< HEAD" (a merge conflict), SQL statement or
        // [[wikilink]] (see `idioms::marked`).
        let (marked, surface) = super::idioms::marked(&clause.text);
        for &term in marked {
            let k = ids.of(self, term, || (surface.to_string(), false));
            // A mark is an idiom written in syntax: evidence of its own
            // where a skill's description names its work.
            if !self.idioms.contains(&k) {
                self.idioms.push(k);
            }
            if ids.first_in(k, no) {
                clause.terms.push(k);
            }
        }
        if let Some(h) =
            super::head::object_head(ws, clause.listed).filter(|&h| h < from || h >= to)
        {
            a.for_each_term(std::slice::from_ref(&ws[h]), |t, w| {
                let k = ids.of(self, t, || (w.to_string(), a.is_weak(t)));
                clause.head.get_or_insert(k);
            });
        }
        // Each topic term once, and none that is also the clause's own.
        let mut seen = std::collections::HashSet::new();
        topic_terms.retain(|&t| !ids.is_in(t, no) && seen.insert(t));
        // A clause that is all topic ("all about pricing") keeps it, but
        // not one that only forbids ("Don't touch the CSV writer"): it asks
        // for no work.
        if clause.terms.is_empty() && !forbidden {
            for &t in &topic_terms {
                ids.first_in(t, no);
            }
            clause.terms = topic_terms;
        } else {
            clause.topic = topic_terms;
        }
        // Not of the topic: "about excel sheets" is no more asked for
        // as one word than as two.
        for part in [&ws[..from], &ws[to..]] {
            self.add_compounds(clause, part, a, ids, no);
        }
    }

    /// True when term `t` is a compound of two of the intent's words.
    pub fn is_compound(&self, t: usize) -> bool {
        self.compounds.iter().any(|c| c.term == t)
    }

    /// Adds the compounds of `ws`, words of `clause`, to its terms, up to
    /// [`MAX_COMPOUNDS`] in the whole query (an intent of pasted prose
    /// would otherwise double its terms).
    fn add_compounds(
        &mut self,
        clause: &mut QueryClause,
        ws: &[String],
        a: &Analyzer,
        ids: &mut Ids,
        no: usize,
    ) {
        for (term, first, second) in super::compounds::of_words(ws, a) {
            if self.compounds.len() >= MAX_COMPOUNDS {
                return;
            }
            let k = ids.of(self, &term, || (format!("{first} {second}"), false));
            if ids.first_in(k, no) {
                clause.terms.push(k);
            }
            if !self.compounds.iter().any(|c| c.term == k) {
                self.compounds.push(Compound {
                    term: k,
                    first,
                    second,
                });
            }
        }
    }

    /// The same query with the scene beside a question read as tasks of
    /// their own, when it has such a scene (see
    /// [`super::clauses::Clause::beside_question`]).
    pub fn scene_as_tasks(&self) -> Option<Query> {
        if !self.clauses.iter().any(|c| c.beside_question) {
            return None;
        }
        let mut q = self.clone();
        q.clauses.retain(|c| !c.whole);
        for c in &mut q.clauses {
            if c.beside_question {
                c.context = false;
                c.beside_question = false;
            }
        }
        if let Some(w) = whole_of(&q.clauses) {
            q.clauses.push(w);
        }
        Some(q)
    }

    /// The clause that stands for the whole request, when there is one: it
    /// is the last clause, after the ones written.
    pub fn whole(&self) -> Option<usize> {
        self.clauses
            .last()
            .filter(|c| c.whole)
            .map(|_| self.clauses.len() - 1)
    }

    /// True when the intent names `artifact` as something the person has:
    /// every word of it stands in object position.
    pub fn supplies(&self, artifact: &str, a: &Analyzer) -> bool {
        let stems = a.terms(artifact);
        !stems.is_empty() && stems.iter().all(|s| self.objects.contains(s))
    }
}

/// Every clause joined into one, when there are two or more and one asks
/// for work without being a question: then the questions beside it, and
/// the sentences that set its scene, are part of that request.
fn whole_of(clauses: &[QueryClause]) -> Option<QueryClause> {
    let asks = clauses
        .iter()
        .any(|c| !c.question && !c.context && !c.declined);
    if !asks {
        return None;
    }
    // Beside a request, a question is part of it: "What are the best
    // subject lines for cold emails? I want to maximize open rates."
    // "Leave the press release for next week. How do I exit vim?": what
    // the person put off is no part of what they ask.
    let parts: Vec<&QueryClause> = clauses.iter().filter(|c| !c.waived).collect();
    if parts.len() < 2 {
        return None;
    }
    let mut w = QueryClause {
        text: parts
            .iter()
            .map(|c| c.text.as_str())
            .collect::<Vec<_>>()
            .join(" / "),
        terms: Vec::new(),
        sequence: Vec::new(),
        rank: parts.iter().map(|c| c.rank).min().unwrap_or(0),
        question: false,
        context: false,
        beside_question: false,
        refers_back: false,
        dangling_verb: false,
        whole: true,
        listed: false,
        sentence: usize::MAX,
        step: false,
        marked: false,
        topic: Vec::new(),
        head: None,
        asks: parts.iter().any(|c| c.asks),
        declined: false,
        waived: false,
        object_of: None,
    };
    for c in parts {
        w.sequence.extend(&c.sequence);
        for t in &c.terms {
            if !w.terms.contains(t) {
                w.terms.push(*t);
            }
        }
    }
    Some(w)
}

fn object_stems(intent: &str, a: &Analyzer) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut phrase_left: u8 = 0;
    let ws = words(intent);
    for w in &ws {
        if DETERMINERS.contains(&w.as_str()) {
            phrase_left = 3;
            continue;
        }
        let in_object = phrase_left > 0;
        phrase_left = phrase_left.saturating_sub(1);
        if is_stop_word(w) {
            phrase_left = 0;
            continue;
        }
        if in_object {
            a.for_each_term(std::slice::from_ref(w), |t, _| {
                if !out.iter().any(|o| o == t) {
                    out.push(t.to_string());
                }
            });
        }
    }
    out
}

/// True when a clause's words point back at what came before: "review
/// it", "execute them", or a clause that ends on "this" or "one" ("how do
/// we fix this?", "can you help us design one?").
/// See [`QueryClause::dangling_verb`].
fn dangling_verb(w: &[String]) -> bool {
    let when = w.first().is_some_and(|f| {
        matches!(
            f.as_str(),
            "once" | "when" | "after" | "before" | "if" | "until" | "as" | "while" | "since"
        )
    });
    // "write the implementation plan": after an article or a possessive
    // the last word is a thing, not a verb waiting for its object.
    let in_phrase = w
        .iter()
        .rev()
        .skip(1)
        .any(|x| DETERMINERS.contains(&x.as_str()));
    !when
        && !in_phrase
        && w.last()
            .is_some_and(|l| super::task_words::starts_joined_task(l))
}

fn refers_back(words: &[String]) -> bool {
    words
        .iter()
        .any(|w| matches!(w.as_str(), "it" | "them" | "that" | "those"))
        || words
            .last()
            .is_some_and(|w| matches!(w.as_str(), "this" | "these" | "one"))
}
