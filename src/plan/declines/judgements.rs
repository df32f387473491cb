//! Sentences that only judge something well: "the arch wiki is seriously
//! the best documentation ever written", "excel pivot tables are
//! underrated tbh", "i love how fast the docx export is". An opinion of
//! praise asks for no work. A judgement that finds fault ("the hero is
//! weak") may want the fault fixed, so only praise is read here, and a
//! sentence that turns ("…, but", "too", "not") is no judgement.

use crate::plan::clauses::words_of;

/// Words that praise when a linking verb comes before them: "is the best",
/// "looks amazing", "feels so smooth". "overrated" and "underrated" judge
/// a thing in general, not the person's own work.
const PRAISE: &[&str] = &[
    "amazing",
    "awesome",
    "beautiful",
    "best",
    "brilliant",
    "cool",
    "excellent",
    "fantastic",
    "gorgeous",
    "great",
    "greatest",
    "impressive",
    "incredible",
    "lovely",
    "neat",
    "overrated",
    "slick",
    "underrated",
    "wonderful",
];

/// Verbs that link a thing to what is said of it.
const LINKING: &[&str] = &[
    "are", "feel", "feels", "is", "look", "looks", "seem", "seems", "sound", "sounds", "was",
    "were",
];

/// Words that turn a judgement into a complaint or a want: "great but
/// slow", "not great", "too fancy", "could be better".
const TURNS: &[&str] = &[
    "but", "could", "except", "isn't", "needs", "not", "should", "though", "too", "wish",
];

/// True when `sentence` praises something and does nothing else: a linking
/// verb with a word of [`PRAISE`] at most three words after it ("is
/// seriously the best…"), or "I love" / "we love". The caller reads only
/// sentences that ask for nothing, and weighs news of trouble against it.
pub fn praises(sentence: &str) -> bool {
    let w: Vec<String> = words_of(sentence).into_iter().map(|(w, _, _)| w).collect();
    if w.iter()
        .any(|x| TURNS.contains(&x.as_str()) || x.ends_with("n't"))
    {
        return false;
    }
    let linked = w.iter().enumerate().any(|(i, x)| {
        LINKING.contains(&x.as_str())
            && w[i + 1..]
                .iter()
                .take(4)
                .any(|y| PRAISE.contains(&y.as_str()))
    });
    let loves = w
        .windows(2)
        .any(|p| matches!(p[0].as_str(), "i" | "we") && matches!(p[1].as_str(), "love" | "loved"));
    linked || loves
}

/// True when every sentence of `intent` praises (see `praises`) and none
/// asks, questions or opens as a command: "the arch wiki is seriously the
/// best documentation ever written" plans nothing.
pub fn only_praises(intent: &str) -> bool {
    if intent.contains('?') {
        return false;
    }
    let sentences = crate::plan::sentences::sentences(intent);
    !sentences.is_empty()
        && sentences.iter().all(|(s, _)| {
            praises(s)
                && !crate::plan::asks::is_request(s)
                && !opens_with_task(s)
                && !super::a_piece_asks(s)
        })
}

/// True when `sentence` opens with a verb of a task ("make the deck look
/// amazing"). A sentence that praises opens with its subject, so a first
/// word of no task ("notion is so overrated") is read as one, where a
/// command by its shape alone would be.
fn opens_with_task(sentence: &str) -> bool {
    words_of(sentence)
        .first()
        .is_some_and(|(w, _, _)| crate::plan::task_words::starts_joined_task(w))
}

#[cfg(test)]
mod tests {
    use super::praises;

    #[test]
    fn praise_after_a_linking_verb_or_a_love_judges() {
        assert!(praises(
            "the arch wiki is seriously the best documentation ever written"
        ));
        assert!(praises("honestly the new templates look amazing"));
        assert!(praises("excel pivot tables are underrated tbh"));
        assert!(praises("i love how fast the docx export is"));
    }

    #[test]
    fn a_turn_or_no_praise_is_no_judgement() {
        assert!(!praises("the deck is great but the charts are too small"));
        assert!(!praises("the landing page is not great"));
        assert!(!praises("the hero headline is weak"));
        assert!(!praises("make the best deck you can"));
        assert!(!praises("the charts look great, could be bigger"));
    }
}
