//! Sentences that only say in what order the intent's other tasks go.
//!
//! People often list their tasks and then say how to order them, naming
//! each task again by a word of it: "Do the tightening before the dash
//! pass", "The review comes after the redesign", "The explaining has to
//! happen up front", "The server obviously has to exist first". Such a
//! sentence asks for no work of its own. Each
//! side names the task whose words it shares (by stem: "tightening" is
//! "tighten the prose", "the dash pass" is "get rid of the em-dashes");
//! when both sides, or the one side of "… first" / "… last", name exactly
//! one other task, the tasks' places change to match and the sentence is
//! read as context. A sentence whose sides name no task is left as it was:
//! "do the migration before the release" is then a task like any other.

use super::clauses::{words_of, Clause};
use super::text::Analyzer;
use std::collections::BTreeSet;

/// Where a statement puts the task its subject names.
#[derive(Debug, Clone, PartialEq)]
enum Place {
    Before(Vec<String>),
    After(Vec<String>),
    First,
    Last,
}

/// Verbs that say a task takes place: "the review comes after …", "the
/// explaining has to happen up front", "tightening should be done first".
const HAPPENING: &[&str] = &[
    "come", "comes", "go", "goes", "happen", "happens", "run", "runs", "be", "is", "done", "gets",
    "get", "take", "takes", "place", "occur", "occurs", "exist", "exists", "built", "written",
    "made", "ready", "finished", "created", "green", "passing", "fixed", "merged", "approved",
    "reviewed", "tested", "deployed",
];

/// Words of manner and modality between a subject and its verb of
/// happening: "has to", "must", "should really".
const MODAL: &[&str] = &[
    "has",
    "have",
    "to",
    "must",
    "should",
    "needs",
    "need",
    "will",
    "can",
    "really",
    "always",
    "definitely",
    "probably",
    "only",
    "obviously",
    "clearly",
];

/// Verbs that open an imperative statement of order: "do the tightening
/// before the dash pass", "tackle the explaining first".
const DOING: &[&str] = &["do", "tackle"];

/// Words that open a noun phrase, dropped from a side.
const DETERMINERS: &[&str] = &[
    "a", "an", "the", "this", "that", "these", "those", "my", "our", "your", "its", "their", "all",
];

/// Words that end the other side of "before"/"after": a reason or a new
/// clause follows.
const SIDE_ENDS: &[&str] = &[
    "since",
    "because",
    "as",
    "so",
    "and",
    "but",
    "or",
    "otherwise",
    "if",
    "when",
    "then",
];

/// The longest side a statement names: a few words, not a clause.
const MAX_SIDE: usize = 5;

/// The most statements of order one intent is read for: a person states
/// the order of their tasks a few times, not hundreds (each statement
/// reads every task, so this bounds the cost of a very long intent).
const MAX_STATEMENTS: usize = 16;

/// Reorders `clauses` by the statements of order among them, and marks
/// each statement that named its tasks as context.
pub fn apply(clauses: &mut [Clause], a: &Analyzer) {
    let statements: Vec<(usize, Vec<String>, Place)> = clauses
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.question)
        .filter_map(|(s, c)| statement(&c.text).map(|(x, p)| (s, x, p)))
        .take(MAX_STATEMENTS)
        .collect();
    if statements.is_empty() {
        return;
    }
    let stems: Vec<BTreeSet<String>> = clauses
        .iter()
        .map(|c| a.terms(&c.text).into_iter().collect())
        .collect();
    for (s, subject, place) in statements {
        let Some(x) = named_task(&subject, s, clauses, &stems, a) else {
            continue;
        };
        let target = match &place {
            Place::Before(y) | Place::After(y) => match named_task(y, s, clauses, &stems, a) {
                Some(y) if y != x => Some(y),
                _ => continue,
            },
            Place::First | Place::Last => None,
        };
        move_task(clauses, x, &place, target);
        clauses[s].context = true;
        // The sentence says how these two go, whatever named them.
        clauses[x].named_apart = false;
        if let Some(y) = target {
            clauses[y].named_apart = false;
        }
    }
}

/// Reads the sentences of one intent for statements of order whose sides
/// each share a stem with the rest of the intent: a sentence that names no
/// other task is a task ("Do the research first."). The intent's terms are
/// counted once, and at most [`MAX_STATEMENTS`] sentences are read, so a
/// long intent costs no more than its length.
pub struct Statements<'i> {
    intent: &'i str,
    counts: Option<(Analyzer, std::collections::HashMap<String, usize>)>,
    read: usize,
}

impl<'i> Statements<'i> {
    pub fn new(intent: &'i str) -> Self {
        Statements {
            intent,
            counts: None,
            read: 0,
        }
    }

    /// True when the sentence `text` reads as a statement of order whose
    /// sides name words of the rest of the intent.
    pub fn is_statement(&mut self, text: &str) -> bool {
        let Some((subject, place)) = statement(text) else {
            return false;
        };
        if self.read >= MAX_STATEMENTS {
            return false;
        }
        self.read += 1;
        let intent = self.intent;
        let (a, counts) = self.counts.get_or_insert_with(|| {
            let a = Analyzer::default();
            let mut counts = std::collections::HashMap::new();
            for t in a.terms(intent) {
                *counts.entry(t).or_insert(0) += 1;
            }
            (a, counts)
        });
        let mut own = std::collections::HashMap::new();
        for t in a.terms(text) {
            *own.entry(t).or_insert(0usize) += 1;
        }
        let names = |side: &[String]| {
            a.terms(&side.join(" "))
                .iter()
                .any(|t| counts.get(t).copied().unwrap_or(0) > own.get(t).copied().unwrap_or(0))
        };
        names(&subject)
            && match &place {
                Place::Before(y) | Place::After(y) => names(y),
                Place::First | Place::Last => true,
            }
    }
}

/// Reads `text` as a statement of order: the words naming its subject
/// task and where that task goes.
fn statement(text: &str) -> Option<(Vec<String>, Place)> {
    let words: Vec<String> = words_of(text).into_iter().map(|(w, _, _)| w).collect();
    let (at, len, rel) = relation(&words)?;
    let before = &words[..at];
    let subject = match before.first().map(String::as_str) {
        // "do the tightening before …", "let's do the explaining first".
        Some(v) if DOING.contains(&v) => side(&before[1..]),
        Some("let's") if before.get(1).is_some_and(|v| DOING.contains(&v.as_str())) => {
            side(&before[2..])
        }
        // "the review comes after …": a subject, then a verb of happening.
        _ => {
            let mut end = before.len();
            while end > 0 && MODAL.contains(&before[end - 1].as_str()) {
                end -= 1;
            }
            let verb_at = (0..end)
                .rev()
                .take(3)
                .find(|&i| HAPPENING.contains(&before[i].as_str()))?;
            let tail_ok = before[verb_at..end]
                .iter()
                .all(|w| HAPPENING.contains(&w.as_str()) || MODAL.contains(&w.as_str()));
            let mut start = verb_at;
            while start > 0 && MODAL.contains(&before[start - 1].as_str()) {
                start -= 1;
            }
            if !tail_ok {
                return None;
            }
            side(&before[..start])
        }
    }?;
    let place = match rel {
        Rel::Before | Rel::After => {
            let rest = &words[at + len..];
            let end = rest
                .iter()
                .position(|w| SIDE_ENDS.contains(&w.as_str()))
                .unwrap_or(rest.len());
            let other = side(&rest[..end])?;
            match rel {
                Rel::Before => Place::Before(other),
                _ => Place::After(other),
            }
        }
        Rel::First => Place::First,
        Rel::Last => Place::Last,
    };
    Some((subject, place))
}

/// Which way a word of relation points, before its other side is read.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Rel {
    Before,
    After,
    First,
    Last,
}

/// The first word of relation in `words`: where it is, how many words it
/// takes, and which way it points.
fn relation(words: &[String]) -> Option<(usize, usize, Rel)> {
    const MARKERS: &[(&[&str], Rel)] = &[
        (&["before"], Rel::Before),
        (&["ahead", "of"], Rel::Before),
        (&["prior", "to"], Rel::Before),
        (&["after"], Rel::After),
        (&["up", "front"], Rel::First),
        (&["upfront"], Rel::First),
        // "formatting it into the .docx is the last step".
        (&["the", "first", "step"], Rel::First),
        (&["the", "last", "step"], Rel::Last),
        (&["the", "final", "step"], Rel::Last),
        (&["first"], Rel::First),
        (&["last"], Rel::Last),
        (&["at", "the", "end"], Rel::Last),
    ];
    (1..words.len()).find_map(|i| {
        MARKERS.iter().find_map(|&(m, rel)| {
            let fits = m.len() + i <= words.len() && m.iter().zip(&words[i..]).all(|(a, b)| a == b);
            // "first" and "last" end the statement: "the review goes last".
            let ends = matches!(rel, Rel::First | Rel::Last)
                && !words
                    .get(i + m.len())
                    .is_none_or(|w| SIDE_ENDS.contains(&w.as_str()));
            (fits && !ends).then_some((i, m.len(), rel))
        })
    })
}

/// A side of a statement: its words without determiners, if it is a short
/// noun phrase.
fn side(words: &[String]) -> Option<Vec<String>> {
    // "a security review of the auth code" is a new task, not one named
    // again.
    if words
        .first()
        .is_some_and(|w| matches!(w.as_str(), "a" | "an" | "another" | "some"))
    {
        return None;
    }
    // A clause, not a name for a task: "let's work out what the feature
    // should be first".
    const CLAUSE_WORDS: &[&str] = &[
        "what", "how", "why", "which", "who", "whether", "let's", "i", "we", "you", "they",
    ];
    if words.iter().any(|w| CLAUSE_WORDS.contains(&w.as_str())) {
        return None;
    }
    let kept: Vec<String> = words
        .iter()
        .filter(|w| !DETERMINERS.contains(&w.as_str()))
        .cloned()
        .collect();
    (!kept.is_empty() && kept.len() <= MAX_SIDE).then_some(kept)
}

/// The one task other than statement `s` that shares the most stems with
/// `side`, if exactly one shares the most.
fn named_task(
    side: &[String],
    s: usize,
    clauses: &[Clause],
    stems: &[BTreeSet<String>],
    a: &Analyzer,
) -> Option<usize> {
    let wanted: BTreeSet<String> = a.terms(&side.join(" ")).into_iter().collect();
    let shared: Vec<(usize, usize)> = stems
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != s && !clauses[k].context && !clauses[k].question)
        .map(|(k, st)| (k, wanted.intersection(st).count()))
        .filter(|&(_, n)| n > 0)
        .collect();
    let best = shared.iter().map(|&(_, n)| n).max()?;
    let mut top = shared.iter().filter(|&&(_, n)| n == best);
    let (k, _) = *top.next()?;
    top.next().is_none().then_some(k)
}

/// Moves task `x` to the place the statement says: just before or after
/// task `target`, or before or after every other task.
fn move_task(clauses: &mut [Clause], x: usize, place: &Place, target: Option<usize>) {
    let mut order: Vec<usize> = (0..clauses.len()).collect();
    order.sort_by_key(|&k| (clauses[k].rank, k));
    let already = |order: &[usize]| {
        let pos = |k: usize| order.iter().position(|&o| o == k);
        match (place, target) {
            (Place::Before(_), Some(t)) => pos(x) < pos(t),
            (Place::After(_), Some(t)) => pos(x) > pos(t),
            _ => false,
        }
    };
    if already(&order) {
        return;
    }
    order.retain(|&k| k != x);
    let at = match (place, target) {
        (Place::Before(_), Some(t)) => order.iter().position(|&o| o == t).unwrap_or(0),
        (Place::After(_), Some(t)) => order
            .iter()
            .position(|&o| o == t)
            .map_or(order.len(), |p| p + 1),
        (Place::Last, _) => order.len(),
        _ => 0,
    };
    order.insert(at, x);
    for (rank, &k) in order.iter().enumerate() {
        clauses[k].rank = rank;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::clauses::split;

    fn order(intent: &str) -> Vec<String> {
        let mut c = split(intent);
        apply(&mut c, &Analyzer::default());
        let mut tasks: Vec<&Clause> = c.iter().filter(|c| !c.context).collect();
        tasks.sort_by_key(|c| c.rank);
        tasks.iter().map(|c| c.text.clone()).collect()
    }

    #[test]
    fn a_statement_names_both_tasks_by_a_word() {
        assert_eq!(
            order("get rid of the em-dashes, and tighten the prose. Do the tightening before the dash pass, since trimming removes some."),
            ["tighten the prose", "get rid of the em-dashes"]
        );
        assert_eq!(
            order("review the page, and redesign it. The review comes after the redesign."),
            ["redesign it", "review the page"]
        );
    }

    #[test]
    fn a_statement_puts_one_task_first_or_last() {
        assert_eq!(
            order("attack the design, and make me explain the choice. The explaining has to happen up front."),
            ["make me explain the choice", "attack the design"]
        );
        assert_eq!(
            order("write the changelog, then run the tests. The changelog should go last."),
            ["run the tests", "write the changelog"]
        );
        // A thing that has to exist, or be built, first is the task that
        // makes it.
        assert_eq!(
            order("write a script that calls our tools, and an MCP server for our API. The server obviously has to exist first."),
            ["an MCP server for our API", "write a script that calls our tools"]
        );
        assert_eq!(
            order("check the copy, and draft the deck for the board. The deck has to be written first."),
            ["draft the deck for the board", "check the copy"]
        );
        // Or a state a task brings about.
        assert_eq!(
            order("deploy the app, and fix the CI. The CI has to be green first."),
            ["fix the CI", "deploy the app"]
        );
    }

    #[test]
    fn a_statement_that_names_no_task_is_a_task() {
        let c = split("run the tests. Do the migration before the release.");
        let mut d = c.clone();
        apply(&mut d, &Analyzer::default());
        assert_eq!(c, d);
        // A task that says when is not a statement about the others.
        let c = split("fix the login bug, then write the tests before the release");
        let mut d = c.clone();
        apply(&mut d, &Analyzer::default());
        assert_eq!(c, d);
    }
}
