//! Sentences that only report work already done: "the report has now been
//! submitted", "CI went green overnight and the branch has since been
//! merged", "- [x] Linear ticket filed". A message made of nothing else
//! (with declines, thanks or asides beside them) asks for no work. So
//! do sentences that say all is well now ("we're good", "it works great").

use super::{a_piece_asks, has_words};
use crate::plan::clauses::words_of;
use crate::plan::task_words::{starts_joined_task, starts_task};

/// Phrases that say a piece of work is finished. Read as whole words in
/// the lowercased sentence.
const DONE: &[&str] = &[
    "all done",
    "all good",
    "all green",
    "already",
    "are done",
    "are green",
    "arrived",
    "came back",
    "came in",
    "closing this out",
    "completed",
    "finished",
    "for the record",
    "got merged",
    "is done",
    "is green",
    "is live",
    "is merged",
    "landed",
    "shipped",
    "turned green",
    "was merged",
    "went green",
    "went in",
    "went live",
    "went out",
    "were merged",
    "we're good",
    "works fine",
    "works great",
    "works now",
    "works perfectly",
    "wrapped",
];

/// Auxiliaries of the perfect, and what may stand between one and "been":
/// "has been", "has now been", "have since been".
const HAVE: &[&str] = &["has", "have", "had"];
const BETWEEN: &[&str] = &["now", "since", "just", "already", "finally", "all"];

/// Words that turn a report into news of trouble or of work still to do:
/// a contrast ("…, but the deploy is slow"), a negation ("not merged
/// yet"), what remains ("still", "yet"), a fall ("since the redesign
/// shipped, signups are down") or a failure ("the results came back
/// red").
const UNFINISHED: &[&str] = &[
    "but", "however", "though", "although", "except", "still", "yet", "not", "no", "never",
    "nobody", "until", "unless", "if", "down", "fewer", "lower", "worse", "less", "halved", "only",
    "red", "broken", "failed", "failing",
];

/// True when `sentence` reports finished work and nothing else: it holds a
/// phrase of `DONE`, a perfect passive ("has now been submitted"), or is
/// a ticked checkbox ("- \[x\] discussed"), tells of no trouble nor of work
/// left (`UNFINISHED`), and no piece of it asks ("finished the refactor,
/// get it looked over"; "Get the rebase finished first"). The caller reads
/// it only in a sentence that is no request.
pub fn reports_done(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    let found: Vec<String> = words_of(sentence).into_iter().map(|(w, _, _)| w).collect();
    let words: Vec<&str> = found.iter().map(String::as_str).collect();
    if words
        .iter()
        .any(|w| UNFINISHED.contains(w) || w.ends_with("n't"))
        || crate::plan::idioms::tells_of_trouble(sentence)
    {
        return false;
    }
    let ticked = lower.trim_start_matches(['-', '*', ' ']).starts_with("[x]");
    // "fix merged, ci green": a piece of work named, and said done.
    let pieces: Vec<(&str, bool)> = sentence
        .split(',')
        .map(|p| (p, reports_work_done(&words_of(p))))
        .collect();
    // "ci's green", "the deploy's done": "is" said short. Not "what's
    // done, what's next": a heading of what to write.
    let spoken = says_is(&lower);
    (ticked
        || DONE.iter().any(|d| has_words(&spoken, d))
        || perfect_passive(&words)
        || pieces.iter().any(|(_, done)| *done))
        && !a_piece_asks(sentence)
        && !pieces.iter().any(|(p, done)| commands(p) && !done)
}

/// Words that open a question: "what's done" asks, "what went well…"
/// asks with its mark left off.
const WH: &[&str] = &["how", "what", "when", "where", "which", "who", "why"];

/// `lower` with each "'s" after a noun written "is": "ci's green" reads
/// "ci is green". After "what", "who" or "where" it stays.
fn says_is(lower: &str) -> String {
    let mut out = String::with_capacity(lower.len());
    for (i, word) in lower.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let short = word
            .strip_suffix("'s")
            .or_else(|| word.strip_suffix("\u{2019}s"))
            .filter(|w| !w.is_empty() && !WH.contains(w));
        match short {
            Some(w) => {
                out.push_str(w);
                out.push_str(" is");
            }
            None => out.push_str(word),
        }
    }
    out
}

/// True when `w` opens with the name of a piece of work and says it is
/// done: "fix merged", "review done", "the deploy's finished", "build is
/// green". The verb of a task there is a noun, and nothing is asked.
pub fn reports_work_done(w: &[(String, usize, usize)]) -> bool {
    const DONE: &[&str] = &[
        "approved",
        "complete",
        "completed",
        "deployed",
        "done",
        "finished",
        "green",
        "landed",
        "merged",
        "passed",
        "ready",
        "shipped",
    ];
    const BE: &[&str] = &["is", "was", "has", "been", "are", "were"];
    let word = |i: usize| w.get(i).map_or("", |(x, _, _)| x.as_str());
    let noun = if word(0) == "the" { 1 } else { 0 };
    let (name, next) = (word(noun), word(noun + 1));
    let name = name.strip_suffix("'s").unwrap_or(name);
    // "fix merged", "the deploy's finished", "review is done".
    let said_done = DONE.contains(&next) || BE.contains(&next) && DONE.contains(&word(noun + 2));
    starts_task(name) && said_done
}

/// True when every sentence of `intent` tells of what happened, in the
/// past, and none asks, questions or opens as a command: "the powerpoint
/// at yesterday's all-hands was so boring i almost fell asleep", "my
/// handoff went fine today, long day though". Its verb is a past form of
/// "be", "go", "get" and the like, or a regular past after its subject
/// ("you generated").
/// The caller weighs it against news of trouble. Not "the updated
/// onboarding deck for tomorrow": a past form as an adjective, no verb.
pub fn tells_the_past(intent: &str) -> bool {
    // Not "had" or "did": "i had a chatbot draft my bio" has work done.
    const PAST: &[&str] = &[
        "came", "felt", "got", "looked", "seemed", "turned", "was", "went", "were",
    ];
    const SUBJECTS: &[&str] = &["he", "i", "it", "she", "they", "we", "you"];
    if intent.contains('?') {
        return false;
    }
    // "…was super helpful!": the mark ends a sentence and opens none.
    let sentences: Vec<(&str, Vec<String>)> = crate::plan::sentences::sentences(intent)
        .into_iter()
        .map(|(s, _)| {
            (
                s,
                words_of(s)
                    .into_iter()
                    .map(|(w, _, _)| w)
                    .collect::<Vec<_>>(),
            )
        })
        .filter(|(_, w)| !w.is_empty())
        .collect();
    !sentences.is_empty()
        && sentences.iter().all(|(s, w)| {
            // "what went well this sprint…": a question, its mark left off.
            let wh = w.first().is_some_and(|x| WH.contains(&x.as_str()));
            let told = !wh
                && w.iter().enumerate().any(|(i, x)| {
                    PAST.contains(&x.as_str())
                        || i > 0
                            && SUBJECTS.contains(&w[i - 1].as_str())
                            && x.len() > 4
                            && x.ends_with("ed")
                });
            told && !crate::plan::asks::is_request(s)
                && !crate::plan::asks::is_question(s)
                && !crate::plan::clauses::opens_request(s)
                && !a_piece_asks(s)
        })
}

/// True when `piece` opens with a verb of work or of having work done:
/// "get it looked over", "review it"; not "capacity came out at 42".
fn commands(piece: &str) -> bool {
    let words: Vec<String> = words_of(piece).into_iter().map(|(w, _, _)| w).collect();
    let lead = words
        .iter()
        .take_while(|w| matches!(w.as_str(), "so" | "and" | "then" | "now" | "please" | "pls"))
        .count();
    words.get(lead).is_some_and(|w| {
        starts_joined_task(w) || matches!(w.as_str(), "get" | "have" | "let" | "make")
    })
}

/// True when `words` hold "has/have/had been" with at most one of
/// [`BETWEEN`] between them, and a word after "been": "has since been
/// merged". Not "I have been trying to…": the word after is no past
/// participle by its ending ("-ing").
fn perfect_passive(words: &[&str]) -> bool {
    words.windows(2).enumerate().any(|(i, w)| {
        let been_at = if w[1] == "been" {
            Some(i + 1)
        } else if BETWEEN.contains(&w[1]) && words.get(i + 2) == Some(&"been") {
            Some(i + 2)
        } else {
            None
        };
        HAVE.contains(&w[0])
            && been_at
                .and_then(|b| words.get(b + 1))
                .is_some_and(|p| p.ends_with("ed") || p.ends_with("en") || p.ends_with('t'))
    })
}

#[cfg(test)]
mod tests {
    use super::reports_done;

    #[test]
    fn finished_work_is_a_report() {
        for s in [
            "the report has now been submitted",
            "Just to note that the checks went green overnight and the branch has since been merged.",
            "Her audit arrived this morning.",
            "ci's green, merged it",
            "the deploy’s done",
            "- [x] Linear ticket filed (PLAT-2291)",
            "Our A/B test on the pricing page wrapped last week.",
            "Just finished sprint planning for sprint 23, capacity came out at 42 points.",
            "Our SEO agency's audit came in last week and it was better than I expected.",
            "the new deck came back from design yesterday",
            // A state that is well now: nothing left to do.
            "we're good, just wanted to say it works great",
            "all good now, the bot works perfectly",
        ] {
            assert!(reports_done(s), "{s}");
        }
        // Headings of what to write, not work said done.
        assert!(!reports_done("what's done, what's next, what's blocked"));
    }

    #[test]
    fn a_message_that_only_tells_the_past_asks_nothing() {
        use super::tells_the_past;
        for s in [
            "the powerpoint at yesterday's all-hands was so boring i almost fell asleep",
            "my handoff to the night shift nurse went fine today, long day though",
            "the flow field thing you generated last week is my desktop wallpaper now haha",
            // Its marks end sentences and open none.
            "the analysis you did yesterday was super helpful, thank you!!",
            "the deck went down really well today.",
        ] {
            assert!(tells_the_past(s), "{s}");
        }
        for s in [
            // A question with its mark left off, a command, work had done,
            // a past form as an adjective, and an ask beside the story.
            "what went well this sprint and what should we change",
            "stage and commit what I changed in the parser",
            "so i had a chatbot draft my bio and it reads so robotic",
            "the updated onboarding deck for tomorrow",
            "the demo went badly. write down what we learned",
            "our signups were flat last month. what should we try?",
            // A thing wanted done, in formal English.
            "I should like my notes on Bourdieu turned into a proper note.",
        ] {
            assert!(!tells_the_past(s), "{s}");
        }
    }

    #[test]
    fn trouble_or_work_left_is_no_report() {
        for s in [
            "The migration finished but the dashboard is slow now.",
            "We shipped v2 and signups dropped by half.",
            "Since the redesign shipped, conversions have halved.",
            "The branch has not been merged yet.",
            "I have been trying to deploy it all day.",
            "The PR still isn't green.",
            "the test results came back red",
            "- [ ] write the changelog",
            "Make the deck for Friday.",
            "finished the payments refactor, get it looked over before I merge",
            "Get the rebase finished first.",
            "have the migration completed by Friday",
            "the bot works great on desktop but not on phones",
            "all good except the deploy step",
        ] {
            assert!(!reports_done(s), "{s}");
        }
    }
}
