//! A list of things asked for: "I need the one-page canvas, an estimate of
//! how big the market is, and a name for it". Each item opens with an
//! article or a possessive and says a thing of its own, so each is a task
//! of its own, also when the list ends in a task of its own ("…, and
//! proofread the email"). Left whole: a short list ("the preview, the
//! frames, and the headlines"), one in parentheses, one after a colon
//! that describes one thing ("a proper note: links to my notes, a box,
//! and a block"), the topics of one thing ("a summary of the outage, the
//! impact, and the fixes") and material someone made ("the config we
//! deployed yesterday").

use crate::plan::task_words::OBJECT_OPENERS;

/// Fewest items in a list of things asked for: two are read by the ", and
/// a …" rule of `cut`.
const MIN_ITEMS: usize = 3;
/// Fewest words in each item: shorter items name parts of one thing.
const MIN_WORDS: usize = 3;
/// How far into the first item its article may stand, past the verb or
/// want that opens the sentence ("I need the …", "give me a …").
const FIRST_OPENER_WITHIN: usize = 5;

/// The words of `words` at which an item of a list of things asked for
/// opens (its "and", or its article), after the first item. `inside` marks
/// the words in parentheses.
pub(super) fn item_starts(
    s: &str,
    words: &[(String, usize, usize)],
    inside: &[bool],
) -> Vec<usize> {
    let mut out = Vec::new();
    let mut run: Vec<usize> = Vec::new();
    for item in items(s, words, inside) {
        if qualifies(s, words, &item, run.is_empty()) {
            run.push(item.start);
            continue;
        }
        // "draft the policy, an NDA for the pilot, and proofread the
        // email": a list that ends in a task of its own (cut by `cut`)
        // lists things asked for before it.
        let last_task = !run.is_empty() && ends_in_task(words, &item);
        flush(&mut run, &mut out, usize::from(last_task));
        if qualifies(s, words, &item, true) {
            run.push(item.start);
        }
    }
    flush(&mut run, &mut out, 0);
    out
}

/// Keeps a run long enough to be a list (`more` items after it count);
/// its first item is no cut.
fn flush(run: &mut Vec<usize>, out: &mut Vec<usize>, more: usize) {
    if run.len() + more >= MIN_ITEMS {
        out.extend(run.iter().skip(1));
    }
    run.clear();
}

/// True when `item` opens with "and" and a verb of work: a task of its
/// own that ends a list.
fn ends_in_task(words: &[(String, usize, usize)], item: &std::ops::Range<usize>) -> bool {
    words[item.start].0 == "and"
        && item.len() >= 2
        && crate::plan::task_words::starts_joined_task(&words[item.start + 1].0)
}

/// The comma-separated pieces of the sentence outside parentheses, as word
/// ranges.
fn items(
    s: &str,
    words: &[(String, usize, usize)],
    inside: &[bool],
) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut from = 0;
    for i in 1..words.len() {
        if !inside[i] && s[words[i - 1].2..words[i].1].contains(',') {
            out.push(from..i);
            from = i;
        }
    }
    out.push(from..words.len());
    out
}

/// An item of a list of things asked for: long enough, and opening with
/// an article or possessive (after "and"); the first item may have its
/// article a few words in.
fn qualifies(
    s: &str,
    words: &[(String, usize, usize)],
    item: &std::ops::Range<usize>,
    first: bool,
) -> bool {
    if item.len() < MIN_WORDS {
        return false;
    }
    let opener = |k: usize| OBJECT_OPENERS.contains(&words[k].0.as_str());
    if first && after_topic_word(words, item) {
        return false;
    }
    if first {
        // After a colon the list itself opens, with its article ("three
        // files: the revenue model…"); "a background: thousands of dots…"
        // and "a proper note: double-bracketed links to my notes…"
        // describe one thing.
        return match (item.start + 1..item.end)
            .rev()
            .find(|&k| colon_before(s, words, k))
        {
            Some(k) => opener(k),
            None => (item.start..item.end.min(item.start + FIRST_OPENER_WITHIN)).any(opener),
        };
    }
    let at = item.start + usize::from(words[item.start].0 == "and");
    at < item.end
        && (opener(at) || counts(&words[at].0))
        && item.end - at >= MIN_WORDS
        && !told_of(words, item)
}

/// True when `w` counts the things an item asks for: "…, and three slides
/// summarising the numbers" is an item as "…, and a slide…" is.
pub(super) fn counts(w: &str) -> bool {
    const NUMBERS: &[&str] = &[
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    NUMBERS.contains(&w) || (w.len() <= 3 && w.bytes().all(|b| b.is_ascii_digit()))
}

/// True when `item` says who made or did the thing it names, in the past:
/// "the config we deployed yesterday" is material there is, not a thing
/// asked for ("a pitch email I can send" is one).
fn told_of(words: &[(String, usize, usize)], item: &std::ops::Range<usize>) -> bool {
    const PAST: &[&str] = &[
        "built", "did", "got", "had", "made", "ran", "sent", "took", "wrote",
    ];
    words[item.start + 1..item.end].windows(2).any(|p| {
        matches!(p[0].0.as_str(), "i" | "we" | "you" | "they" | "he" | "she")
            && (p[1].0.ends_with("ed") || PAST.contains(&p[1].0.as_str()))
    })
}

/// True when the last noun phrase of `item` is what something is about:
/// "a blog post about the launch, the pricing, and the team", "a summary
/// of the outage, the impact, and the fixes" list the topics of one thing.
fn after_topic_word(words: &[(String, usize, usize)], item: &std::ops::Range<usize>) -> bool {
    const TOPIC: &[&str] = &[
        "about",
        "covering",
        "including",
        "like",
        "of",
        "on",
        "regarding",
    ];
    let opener = |k: usize| OBJECT_OPENERS.contains(&words[k].0.as_str());
    (item.start + 1..item.end)
        .rev()
        .find(|&k| opener(k))
        .is_some_and(|k| TOPIC.contains(&words[k - 1].0.as_str()))
}

/// True when a colon stands between word `k` and the one before it.
fn colon_before(s: &str, words: &[(String, usize, usize)], k: usize) -> bool {
    words[k - 1].0.ends_with(':') || s[words[k - 1].2..words[k].1].contains(':')
}

#[cfg(test)]
mod tests {
    use super::super::split;

    fn texts(intent: &str) -> Vec<String> {
        split(intent).into_iter().map(|c| c.text).collect()
    }

    #[test]
    fn each_item_of_a_list_of_things_asked_for_is_a_task() {
        assert_eq!(
            texts(
                "Before Friday I need the intercompany rec done, the October income \
                 statement with prior year columns, and a clickable dashboard with KPI tiles"
            ),
            [
                "Before Friday I need the intercompany rec done",
                "the October income statement with prior year columns",
                "a clickable dashboard with KPI tiles"
            ]
        );
        // After a colon the list opens with its article.
        assert_eq!(
            texts(
                "I need three files: the revenue model as a workbook, a short deck \
                 for the board, and a memo on the hiring plan"
            )
            .len(),
            3
        );
    }

    #[test]
    fn an_item_may_count_what_it_asks_for() {
        assert_eq!(
            texts(
                "I need three things: the budget in an Excel workbook, a cover letter \
                 as a Word document, and three slides summarising the numbers"
            )
            .last()
            .map(String::as_str),
            Some("three slides summarising the numbers")
        );
        // Short counted items still name parts of one thing.
        assert_eq!(
            texts("I need the preview, the frames, and two headlines").len(),
            1
        );
    }

    #[test]
    fn a_list_that_ends_in_a_task_lists_things_asked_for() {
        assert_eq!(
            texts(
                "Can you draft the privacy policy for the new app, an NDA for the \
                 pilot with Northwind, and proofread the onboarding email"
            ),
            [
                "Can you draft the privacy policy for the new app",
                "an NDA for the pilot with Northwind",
                "proofread the onboarding email"
            ]
        );
    }

    #[test]
    fn a_list_of_what_one_thing_is_about_stays_one_task() {
        assert_eq!(
            texts("I need a summary of the outage, the customer impact so far, and the fixes we shipped")
                .len(),
            1
        );
        // (The last item is cut by the rule for ", and a …" after a task's
        // verb, not as a list.)
        assert_eq!(
            texts("Write a post about the launch, the new pricing tiers, and the team behind it")
                [0],
            "Write a post about the launch, the new pricing tiers"
        );
    }

    #[test]
    fn a_list_of_what_there_is_stays_one_task() {
        // An item that says who made it is material there is.
        assert_eq!(
            texts(
                "I need the logs from prod, the config we deployed yesterday, and the exact error"
            )
            .len(),
            1
        );
    }

    #[test]
    fn a_list_that_describes_one_thing_stays_whole() {
        // Short items name parts of one task.
        assert_eq!(
            texts("I need the preview, the frames, and the headlines").len(),
            1
        );
        // After a colon, items without their article describe the thing.
        assert_eq!(
            texts(
                "I'd like it as a proper note: links to my notes on habitus, a box for \
                 the key quote, and a block of metadata at the head"
            )
            .len(),
            1
        );
        // Two items are read by the ", and a …" rule, not as a list.
        assert_eq!(
            texts("I want a generative background with many dots, and a few sliders").len(),
            2
        );
        // In parentheses, a list explains the task.
        assert_eq!(
            texts("write the launch plan (the channels we use, the messaging we pick, the metrics we watch)")
                .len(),
            1
        );
    }

    #[test]
    fn plus_after_a_want_adds_a_thing_asked_for() {
        assert_eq!(
            texts("I need the full launch plan plus a sales battlecard against Notion"),
            [
                "I need the full launch plan",
                "a sales battlecard against Notion"
            ]
        );
        // "run the suite plus the e2e spec" runs both in one task.
        assert_eq!(
            texts("When it's fixed, run the full suite plus the e2e checkout spec").last(),
            Some(&"run the full suite plus the e2e checkout spec".to_string())
        );
    }
}
