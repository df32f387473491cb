//! How a message opens: with laughter, thanks, praise or a sigh ("lol that
//! gif got 40 reactions", "perfect, that plot is exactly what i
//! needed"), or by saying it only informs ("fyi", "heads up",
//! "status update"), read after a salutation ("Hi all,").

use super::opens_with;
use crate::plan::clauses::words_of;

/// Words that open a message of laughter, thanks or a sigh: "lol that
/// gif got 40 reactions", "thanks!! the PDF came out perfect".
const INTERJECTIONS: &[&str] = &[
    "arigato", "cheers", "danke", "gracias", "grazie", "haha", "hahaha", "lmao", "lol", "merci",
    "obrigada", "obrigado", "omg", "thank", "thanks", "thx", "ty", "ugh", "wow",
];

/// The first 32 bytes of `intent` after its salutation (to a character's
/// edge): an intent may be 100 KB long, and no interjection or lead that
/// informs is longer.
fn opening(intent: &str) -> &str {
    prefix(after_greeting(intent.trim_start()).trim_start(), 32)
}

/// The first `n` bytes of `t`, to a character's edge.
fn prefix(t: &str, n: usize) -> &str {
    let mut end = t.len().min(n);
    while !t.is_char_boundary(end) {
        end -= 1;
    }
    &t[..end]
}

/// Words that open a salutation: "Hi team,", "Dear all,", "Good
/// afternoon,".
const GREETINGS: &[&str] = &["dear", "good", "greetings", "hello", "hey", "hi", "hiya"];

/// The longest salutation skipped before a message's opening ("Hello
/// everyone at the Leeds office,").
const GREETING_AT_MOST: usize = 40;

/// `text` after a salutation that ends at a comma, "!" or line break
/// ("Hi team, just a heads-up…"), or `text` itself.
fn after_greeting(text: &str) -> &str {
    let first = words_of(prefix(text, 24));
    let greets = first.first().is_some_and(|(w, _, _)| {
        GREETINGS.contains(&w.as_str())
            && (w != "good" || matches!(first.get(1), Some((n, _, _)) if matches!(n.as_str(), "morning" | "afternoon" | "evening")))
    });
    if !greets {
        return text;
    }
    match prefix(text, GREETING_AT_MOST).find([',', '!', '\n']) {
        Some(end) => &text[end + 1..],
        None => text,
    }
}

/// True when `intent` opens with a word of `INTERJECTIONS`, or of
/// `PRAISE` before a mark: it laughs, thanks, praises or sighs ("lol
/// that gif you made got 40 reactions", "thanks!! the PDF came out
/// perfect", "perfect, exactly what i needed"). Asking nothing else, it
/// plans nothing.
pub fn opens_with_interjection(intent: &str) -> bool {
    let opening = opening(intent);
    words_of(opening).first().is_some_and(|(f, _, end)| {
        INTERJECTIONS.contains(&f.as_str())
            || PRAISE.contains(&f.as_str()) && opening[*end..].starts_with([',', '!', '.'])
    })
}

/// Words of thanks, one word each, in English and as people write it in
/// the other languages they mix in ("merci beaucoup, the deck was great").
const THANKS: &[&str] = &[
    "arigato", "danke", "gracias", "grazie", "merci", "obrigada", "obrigado", "thank", "thanks",
    "thx", "ty", "tysm",
];

/// Words of laughter.
const LAUGHS: &[&str] = &["haha", "hahaha", "lmao", "lol", "rofl"];

/// True when a sentence of `intent` after its first opens with thanks:
/// "that fixed it, the build is down to 80mb now. ty", "ok ruff is green
/// on main. thanks for sticking with me". The caller reads it only where
/// nothing is asked and nothing fails, as it reads an interjection.
pub fn thanks_later(intent: &str) -> bool {
    crate::plan::sentences::sentences(intent)
        .iter()
        .skip(1)
        .any(|(s, _)| {
            words_of(s)
                .first()
                .is_some_and(|(w, _, _)| THANKS.contains(&w.as_str()))
        })
}

/// Words a sign-off may hold beside its thanks: "thanks a lot", "thank
/// you so much", "thanks in advance", "many thanks", "thanks again,
/// team".
const SIGN_OFF: &[&str] = &[
    "a", "advance", "again", "all", "cheers", "everyone", "folks", "guys", "heaps", "in", "lot",
    "loads", "many", "much", "so", "team", "thank", "thanks", "thx", "tons", "ty", "tysm", "you",
];

/// The most words of the name that may close a sign-off ("Thanks,
/// Jorge", "Thank you, Dr. Amara Okafor, Security Architecture").
const SIGNED_AT_MOST: usize = 6;

/// `intent` without the thanks that signs it off ("…, then push it live.
/// Thanks!", "…? Thanks, Jorge"): thanks for what is asked, said before
/// it is done, tells nothing of whether work is wanted. A sign-off opens
/// a sentence after the first with thanks, holds only words of thanks
/// (`SIGN_OFF`), and then at most a signed name of `SIGNED_AT_MOST`
/// capitalised words, no laughter among them. There is no "for" in it:
/// "thanks for sticking with me" thanks for work done. A name written
/// lower-case ("thanks, jorge") is not read as one.
pub fn without_sign_off(intent: &str) -> &str {
    let sentences = crate::plan::sentences::sentences(intent);
    // The words of each sentence, read once; a sign-off is at the end, so
    // only the sentences whose words after them fit a name are read.
    let words: Vec<_> = sentences.iter().map(|(s, _)| words_of(s)).collect();
    let mut after = 0usize;
    let mut start = None;
    for k in (1..sentences.len()).rev() {
        let (s, w) = (sentences[k].0, &words[k]);
        let opens = w.first().is_some_and(|(x, _, _)| {
            THANKS.contains(&x.as_str()) || matches!(x.as_str(), "cheers" | "many")
        });
        let thanks = w
            .iter()
            .take_while(|(x, _, _)| SIGN_OFF.contains(&x.as_str()))
            .count();
        let named = |(x, b, _): &(String, usize, usize)| {
            (s[*b..].starts_with(char::is_uppercase) || x == "dr") && !LAUGHS.contains(&x.as_str())
        };
        if opens && after + w.len() - thanks <= SIGNED_AT_MOST && w[thanks..].iter().all(named) {
            start = Some(s);
            break;
        }
        // A sentence after the thanks is part of the name, or there is no
        // sign-off.
        if !w.iter().all(named) {
            break;
        }
        after += w.len();
        if after > SIGNED_AT_MOST {
            break;
        }
    }
    match start {
        // Slices of one intent: the sign-off starts where its sentence does.
        Some(s) => &intent[..crate::plan::sentences::offset_in(intent, s).unwrap_or(intent.len())],
        None => intent,
    }
}

/// True when a piece of `intent` (cut at marks) ends with thanks ("great
/// retro yesterday thx, team loved the format"), or it laughs anywhere
/// ("…she even added a moat for security 😂", "… lol"). The caller reads
/// it only where nothing is asked and nothing fails, as it reads an
/// interjection.
pub fn reacts_anywhere(intent: &str) -> bool {
    // Said at a piece's end: "thank you" whole, as "cheers" is.
    const ENDS: &[&str] = &["thank you", "thanks", "thx", "ty", "tysm", "cheers"];
    if intent.contains(['😂', '🤣', '😆', '😅']) {
        return true;
    }
    let lower = intent.to_lowercase();
    let words = words_of(&lower);
    if words.iter().any(|(w, _, _)| LAUGHS.contains(&w.as_str())) {
        return true;
    }
    // A piece that is thanks, or ends with it: "…, thx", "great retro
    // yesterday thx".
    lower.split([',', '.', '!', '?', ';', '\n']).any(|piece| {
        let piece = piece.trim();
        ENDS.iter().any(|t| {
            piece
                .strip_suffix(t)
                .is_some_and(|rest| rest.is_empty() || rest.ends_with(' '))
        })
    })
}

/// Words of praise that open a message as an interjection when a mark
/// follows them: "perfect, that volcano plot is exactly what i needed",
/// "awesome! the deploy went through". Not "perfect the pitch", a verb.
const PRAISE: &[&str] = &[
    "amazing",
    "awesome",
    "beautiful",
    "brilliant",
    "excellent",
    "fantastic",
    "great",
    "lovely",
    "nice",
    "perfect",
    "sweet",
    "wonderful",
];

/// Leads that say a message only informs: "fyi", "heads up", "for the
/// record", "just so you know".
const INFORMS: &[&str] = &[
    "fyi",
    "for the record",
    "a heads up",
    "a heads-up",
    "heads up",
    "heads-up",
    "just a heads up",
    "just a heads-up",
    "quick heads up",
    "quick heads-up",
    "status update",
    "just logging",
    "just noting",
    "just so you know",
    "just letting you know",
    "letting you know",
    "psa",
];

/// True when `lead` is a lead of [`INFORMS`] alone ("just a heads-up",
/// "fyi"), as `shapes` reads "…that I did it myself".
pub(super) fn informs(lead: &str) -> bool {
    let lead = lead.trim_end_matches(':');
    INFORMS.contains(&lead) || INFORMS.iter().any(|p| lead == format!("just {p}"))
}

/// Words of a heading that opens news: "update:", "standup update:",
/// "status:", "sprint recap:".
const HEADINGS: &[&str] = &["news", "recap", "standup", "status", "update", "updates"];

/// True when `found` (the opening's words) open with a heading of a few
/// words that ends in a colon and holds a word of [`HEADINGS`], or is an
/// opinion's ("hot take:", "my take:"). Not "update the deps", a command,
/// which has no colon, nor "take notes: …".
fn opens_with_heading(found: &[String]) -> bool {
    let Some(end) = found.iter().take(4).position(|w| w.ends_with(':')) else {
        return false;
    };
    let heading: Vec<&str> = found[..=end]
        .iter()
        .map(|w| w.trim_end_matches(':'))
        .collect();
    heading.iter().any(|w| HEADINGS.contains(w))
        || heading
            .windows(2)
            .any(|p| matches!(p[0], "hot" | "my") && p[1] == "take")
}

/// True when `intent` opens by saying it only informs ("fyi: the vercel
/// deploy went out, all green", "heads up, the migration finished"). With
/// nothing failing and nothing asked, it plans nothing, as an aside does.
pub fn opens_informing(intent: &str) -> bool {
    // "fyi:" is read as one word with its colon.
    let found: Vec<String> = words_of(opening(intent))
        .into_iter()
        .map(|(w, _, _)| w)
        .collect();
    if opens_with_heading(&found) {
        return true;
    }
    let opening: Vec<String> = found
        .iter()
        .map(|w| w.trim_end_matches(':').to_string())
        .collect();
    INFORMS.iter().any(|p| opens_with(&opening, p).is_some())
}
