//! Where a sentence says it goes in the order of work: after a
//! connective ("Then …", "Once that's done, …"), before the sentence
//! before it ("Before that, …", "But first, …"), or first ("First …",
//! "… first").

use super::{commas_after, opens_request, plain, plain_all, words_of};
use crate::plan::order_words;
use crate::plan::task_words::{starts_joined_task, OBJECT_OPENERS};

/// The words of a sentence read for its opening connective: a colon ends
/// one as a comma does ("Before that: brainstorm it", "First: commit").
fn opening(sentence: &str) -> Vec<(String, usize, usize)> {
    let mut found = words_of(sentence);
    for (w, _, _) in &mut found {
        if w.len() > 1 && w.ends_with(':') {
            w.pop();
        }
    }
    found
}

/// For each word of [`opening`], whether a comma or a colon follows it.
fn pauses_after(sentence: &str, found: &[(String, usize, usize)]) -> Vec<bool> {
    let commas = commas_after(sentence, found);
    found
        .iter()
        .zip(commas)
        .map(|((_, _, end), comma)| comma || sentence[..*end].ends_with(':'))
        .collect()
}

/// True when the sentence opens by putting itself before the sentence
/// before it: "Before that, …", "But first, …", "Before you do, …", "But
/// before you start, …". Not
/// "Before I merge, run the tests": that is before the merge, which the
/// sentence before did not ask for.
pub(super) fn opens_reversed(sentence: &str) -> bool {
    let found = opening(sentence);
    let words = plain(&found);
    // "But before you start, …": the conjunction adds nothing to the order.
    let joined = usize::from(matches!(words.first(), Some(&("but" | "and" | "so"))));
    order_words::reversing(&words).is_some()
        || order_words::before_doing_it(&plain(&found[joined.min(found.len())..]))
}

/// Words of speech a sentence may open with before its connective of
/// order: "Actually, before you touch the tracker, …", "Oh wait, before
/// any of that — …", "ok so first, …".
const SPEECH: &[&str] = &[
    "actually", "ah", "alright", "btw", "oh", "ok", "okay", "oops", "ps", "right", "so", "sorry",
    "wait", "well",
];

/// The sentence from its connective of order, when words of speech open it
/// and the connective follows them; the sentence as it is otherwise.
pub(super) fn past_aside(sentence: &str) -> &str {
    let found = words_of(sentence);
    let mut lead = 0;
    while lead < found.len() {
        let w = found[lead].0.as_str();
        if SPEECH.contains(&w) {
            lead += 1;
        } else if w == "p" && found.get(lead + 1).is_some_and(|n| n.0 == "s") {
            // "P.S. before deploying, …": a postscript's mark.
            lead += 2;
        } else {
            break;
        }
    }
    if lead == 0 || lead == found.len() {
        return sentence;
    }
    let rest = &sentence[found[lead].1..];
    if opens_reversed(rest) || opens_step(rest) || opens_first_step(rest) {
        rest
    } else {
        sentence
    }
}

/// True when `sentence` opens with "before" and the verb of the task
/// `earlier`, the request just before it, asks for, said again: "before deploying, create a branch"
/// after "Deploy the app". Its stem, as "-ing" leaves it ("committing":
/// "commit", "writing": "write").
pub(super) fn repeats_before(sentence: &str, earlier: &str) -> bool {
    let found = opening(sentence);
    let pauses = pauses_after(sentence, &found);
    let words = plain(&found);
    let joined = usize::from(matches!(words.first(), Some(&("but" | "and" | "so"))));
    let (Some(&"before"), Some(verb)) = (words.get(joined), words.get(joined + 1)) else {
        return false;
    };
    // "before deploying, …": the verb alone. With an object of its own it
    // may name new work ("before making a budget, …").
    let end = found[joined + 1].2;
    if !(pauses[joined + 1] || sentence[end..].trim_start().starts_with('\u{2014}')) {
        return false;
    }
    let Some(stem) = verb.strip_suffix("ing").filter(|s| s.len() >= 3) else {
        return false;
    };
    // "committing": a doubled last letter is written once in the stem.
    let undoubled = crate::plan::words::undoubled(stem);
    let stems: Vec<String> = [
        Some(stem.to_string()),
        undoubled.map(str::to_string),
        Some(format!("{stem}e")),
    ]
    .into_iter()
    .flatten()
    .collect();
    // The command of the request before, among its first words ("please
    // deploy…", "would you kindly commit…"), as the imperative writes it.
    words_of(earlier)
        .iter()
        .take(5)
        .any(|(w, _, _)| stems.iter().any(|s| w == s))
}

/// True when the sentence opens with a connective of order ("then",
/// "after that", "once that's done") and asks for work after it.
pub(super) fn opens_step(sentence: &str) -> bool {
    let found = opening(sentence);
    let commas = pauses_after(sentence, &found);
    let words: Vec<String> = found.into_iter().map(|(w, _, _)| w).collect();
    let main = |rest: &[String]| opens_request(&rest.join(" "));
    let Some(i) = order_words::opener_end(&words, &commas, main) else {
        return false;
    };
    // "Then, once I'm oriented, tell me …": a clause of time after the
    // connective; "then, drawing on that brief, prepare an agenda": what
    // the work goes on.
    main(&words[i..])
        || order_words::opener_end(&words[i..], &commas[i..], main)
            .is_some_and(|j| j > 0 && main(&words[i + j..]))
        || order_words::grounds(&words[i..]).is_some_and(|_| {
            (i..words.len().min(i + 9)).any(|j| commas[j] && main(&words[j + 1..]))
        })
}

/// True when the sentence opens with a connective of order ("after that,
/// …", "then …").
pub(super) fn opens_with_order(sentence: &str) -> bool {
    let words = plain_all(sentence);
    order_words::forward(&words).is_some_and(|n| n < words.len())
}

/// Adverbs that may stand between "first" and its verb.
const MANNER: &[&str] = &[
    "actually",
    "carefully",
    "just",
    "please",
    "pls",
    "properly",
    "quickly",
    "really",
];

/// True when the sentence opens with "first" and asks for work after it:
/// "First reshape it visually", "first of all, write the plan", "First,
/// commit my changes". Without a comma after it, "first" may describe
/// the noun after it ("First draft to me by Friday"): the verb must then
/// be followed by what it acts on.
pub(super) fn opens_first_step(sentence: &str) -> bool {
    let found = opening(sentence);
    let lead = match plain(&found).as_slice() {
        ["first" | "firstly", "of", "all", _, ..] => 3,
        ["first", "off", _, ..] => 2,
        ["first" | "firstly", _, ..] => 1,
        _ => return false,
    };
    let comma = sentence[found[lead - 1].2..].trim_start().starts_with(',')
        || sentence[..found[lead - 1].2].ends_with(':');
    // "first actually figure out why", "first just check the logs": an
    // adverb between the mark and the verb.
    let skip = lead
        + found[lead..found.len() - 1]
            .iter()
            .take_while(|(w, _, _)| MANNER.contains(&w.as_str()))
            .count();
    let acts_on = |w: Option<&(String, usize, usize)>| {
        w.is_some_and(|(w, _, _)| {
            OBJECT_OPENERS.contains(&w.as_str()) || OBJECTS_AFTER_FIRST.contains(&w.as_str())
        })
    };
    let verb_end = found[skip].2;
    let bare_next = !sentence[verb_end..]
        .trim_start()
        .starts_with([',', ';', '.']);
    // "First fix CI on the PR": a verb of work before a word that can be
    // its object (not "First draft to me by Friday").
    let known_verb = starts_joined_task(&found[skip].0)
        && found
            .get(skip + 1)
            .is_some_and(|(w, _, _)| !NO_OBJECT.contains(&w.as_str()));
    (comma
        || lead > 1
        || (bare_next && (acts_on(found.get(skip + 1)) || known_verb || phrasal(&found[skip..]))))
        && opens_request(sentence[found[skip].1..].trim_start_matches([',', ' ']))
}

/// True when `w` opens with a verb and its particle: "first dig into the
/// logs", "first dig in with logs insights", "first sort out the repo". A
/// noun after "first" is seldom followed so ("first week in review").
fn phrasal(w: &[(String, usize, usize)]) -> bool {
    let word = |i: usize| w.get(i).map_or("", |(x, _, _)| x.as_str());
    let particle = crate::plan::compounds::PARTICLES.contains(&word(1))
        || matches!(word(1), "into" | "through" | "thru")
        || word(1) == "in" && matches!(word(2), "with" | "on" | "to");
    particle && w.len() > 2
}

/// True when the sentence asks for work and ends by saying it comes first:
/// "Do a round of research on the options first." Not a way of working
/// ("write it test first").
pub(super) fn ends_first_step(sentence: &str) -> bool {
    // "…first, so the new wording fixes whatever that turns up": the
    // reason after it is not the task.
    let lower = sentence.to_lowercase().replace('\u{2019}', "'");
    let reason = [", so ", ", because ", ", since ", " because ", " since "]
        .iter()
        .filter_map(|r| lower.find(r))
        .min()
        .unwrap_or(lower.len());
    // "Diagnose what's wrong first (meta tags, …) and let that steer the
    // copy": the task ends at "first"; what follows explains or adds.
    // "…out of the PDF first, that's where everything is": an aside on
    // what the work is on, not a task ("…first, then the code" goes on).
    let aside = |rest: &str| {
        ASIDES
            .iter()
            .any(|a| rest.starts_with(a) && rest[a.len()..].starts_with(' '))
    };
    let comment = lower
        .find(" first, ")
        .filter(|&at| aside(&lower[at + " first, ".len()..]))
        .map(|at| at + " first".len());
    let reason = [" first (", " first and ", " first, and "]
        .iter()
        .filter_map(|m| lower.find(m).map(|at| at + " first".len()))
        .chain(comment)
        .filter(|&at| at < reason)
        .min()
        .unwrap_or(reason);
    let words = plain_all(&lower[..reason]);
    let way = words.len() >= 2 && matches!(words[words.len() - 2].as_str(), "test" | "tests");
    // "…what to fix first": which comes first is what is asked.
    let asks_which = words.iter().any(|w| matches!(w.as_str(), "what" | "which"));
    !way && !asks_which && order_words::ends_first(&words, true) && opens_request(sentence)
}

/// How an aside after "first," opens: a pointer and a verb of being.
const ASIDES: &[&str] = &[
    "that's",
    "that is",
    "it's",
    "it is",
    "this is",
    "they're",
    "they are",
    "those are",
    "there's",
];

/// Words after a verb that say it has no object: "First draft to me by
/// Friday" names a draft.
const NO_OBJECT: &[&str] = &[
    "to", "by", "of", "for", "is", "was", "will", "and", "or", "in", "on", "at",
];

/// Words after a verb that say it acts on something ("First commit *my*
/// changes", "first brainstorm *it* with me"), beside the object openers.
const OBJECTS_AFTER_FIRST: &[&str] = &[
    "it", "them", "this", "that", "these", "those", "me", "us", "your", "their", "up", "out",
    "down", "through", "every", "all", "each",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_speech_before_a_connective_are_passed() {
        let s = "Actually, before you touch the tracker, fetch my review requests.";
        assert_eq!(
            past_aside(s),
            "before you touch the tracker, fetch my review requests."
        );
        let s = "Oh wait, before any of that \u{2014} can you prototype it?";
        assert!(past_aside(s).starts_with("before any of that"));
        assert_eq!(
            past_aside("P.S. before that, commit it."),
            "before that, commit it."
        );
        assert_eq!(
            past_aside("ok so first, write the plan"),
            "first, write the plan"
        );
        // Without a connective after them they stay: "Actually, make it a
        // docx" is a correction, not an order.
        let s = "Actually, make it a docx instead.";
        assert_eq!(past_aside(s), s);
        assert_eq!(past_aside("ok"), "ok");
    }

    #[test]
    fn a_colon_ends_the_connective_as_a_comma_does() {
        assert!(opens_reversed("Before that: brainstorm the feature."));
        assert!(opens_first_step("First: commit my changes."));
        assert!(opens_step("Then: open the PR."));
        // The word before a colon is still no connective of its own.
        assert!(!opens_reversed("Context: the build is red."));
    }

    #[test]
    fn a_verb_of_the_work_before_said_again_points_back_at_it() {
        let earlier = "Deploy the app to Vercel.";
        assert!(repeats_before("before deploying, create a branch", earlier));
        assert!(repeats_before(
            "But before committing: drop the dashes",
            "Commit the docs."
        ));
        assert!(repeats_before(
            "before writing, research it",
            "Write the plan."
        ));
        // A verb with its own object may be new work; a verb the work
        // before never used is new work.
        assert!(!repeats_before("before deploying the docs, lint", earlier));
        assert!(!repeats_before(
            "before testing, research it",
            "Write the plan."
        ));
        assert!(!repeats_before("after deploying, tell me", earlier));
        // A doubled letter of more than one byte is cut at its boundary.
        assert!(!repeats_before("before x\u{2082}\u{2082}ing, go", earlier));
    }
}
