//! The parts real skill descriptions have, told apart for selection.
//!
//! Authors write descriptions in a few recurring shapes: what the skill
//! does ("Create beautiful visual art in .png and .pdf documents"), when to
//! use it ("Use when users request creating art using code…", "Trigger
//! whenever the user mentions…"), trigger phrases in quotes ("Word doc",
//! 'make me a GIF'), and exclusions ("Do NOT use for PDFs, spreadsheets…",
//! "not for simple single-file artifacts", "it does not act"). Selection
//! weighs each part differently and counts exclusions *against* a skill,
//! so a description's "not for spreadsheets" never makes it the spreadsheet
//! skill.
//!
//! Sentences are split at `.`, `;`, `!`, `?` and line breaks. Inside a
//! sentence a marker switches the part: a *use* marker (`use when`, `use
//! this skill whenever`, `trigger when`, `triggers include`, `invoke
//! when`, `use for`, …, or a sentence opening with `when`, `whenever` or
//! `if the user`) starts the when-part; a *not* marker (`do not use`,
//! `don't trigger`, `not for`, `never use`, `skip when`, `does not`,
//! `instead of`, `rather than`, `except`, `unless`) starts the
//! exclusion, which runs to the end of the sentence or to the next use
//! marker. Everything else is what the skill does.

mod ascii;
pub use ascii::{cut, Cut, Word};

/// Which part of a description a span belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// What the skill does.
    Does,
    /// When to use it.
    When,
    /// What it is not for: counts against the skill.
    Not,
}

/// A description cut into parts, as byte ranges of the text, in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parts {
    pub spans: Vec<(Part, std::ops::Range<usize>)>,
    /// Quoted phrases (trigger phrases), as byte ranges inside the quotes.
    pub phrases: Vec<std::ops::Range<usize>>,
}

/// Markers that start the when-part, matched on lowercase words.
const USE_MARKERS: &[&[&str]] = &[
    &["use", "when"],
    &["use", "whenever"],
    &["use", "it", "when"],
    &["use", "this", "when"],
    &["use", "this", "whenever"],
    &["use", "this", "skill", "when"],
    &["use", "this", "skill", "whenever"],
    &["use", "this", "skill", "for"],
    &["use", "this", "skill", "if"],
    &["use", "it", "for"],
    &["use", "for"],
    &["use", "after"],
    &["use", "before"],
    &["use", "right", "after"],
    &["use", "the", "moment"],
    &["use", "to"],
    &["also", "use", "when"],
    &["should", "be", "used", "when"],
    &["should", "use", "this", "skill"],
    &["trigger", "when"],
    &["trigger", "whenever"],
    &["trigger", "on"],
    &["trigger", "for"],
    &["trigger", "especially"],
    &["triggers", "when"],
    &["triggers", "on"],
    &["triggers", "include"],
    &["also", "trigger"],
    &["invoke", "when"],
    &["activate", "when"],
    &["run", "when"],
    &["run", "it", "when"],
    &["when", "the", "user"],
    &["when", "users"],
    &["when", "a", "user"],
    &["whenever", "the", "user"],
    &["if", "the", "user"],
];

/// Markers that start an exclusion.
const NOT_MARKERS: &[&[&str]] = &[
    &["do", "not", "use"],
    &["don't", "use"],
    &["do", "not", "trigger"],
    &["don't", "trigger"],
    &["do", "not", "invoke"],
    &["never", "use"],
    &["not", "for"],
    &["not", "when"],
    &["not", "intended", "for"],
    &["not", "meant", "for"],
    &["skip", "when"],
    &["skip", "only", "when"],
    &["skip", "if"],
    &["does", "not"],
    &["doesn't"],
    &["instead", "of"],
    &["rather", "than"],
    &["except"],
    &["unless"],
    &["avoid", "when"],
    &["avoid", "for"],
];

/// The byte ranges of the words of `s` (letters, digits, `'`) into `out`
/// (cleared first). ASCII text, as most descriptions are, is walked as its
/// bytes, without decoding characters.
fn word_spans_into(s: &str, out: &mut Vec<std::ops::Range<usize>>) {
    out.clear();
    if s.is_ascii() {
        ascii_spans(s.as_bytes(), out);
    } else {
        spans_of(s.char_indices(), s.len(), out);
    }
}

/// Word spans of ASCII text, as [`spans_of`] finds them, a word at a time:
/// letters and digits, with `'` inside a word.
fn ascii_spans(b: &[u8], out: &mut Vec<std::ops::Range<usize>>) {
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && !b[i].is_ascii_alphanumeric() {
            i += 1;
        }
        if i == b.len() {
            break;
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'\'') {
            i += 1;
        }
        out.push(start..i);
    }
}

/// Word spans from a text's characters and their byte offsets: letters and
/// digits, with `'` and `’` inside a word.
fn spans_of(
    chars: impl Iterator<Item = (usize, char)>,
    len: usize,
    out: &mut Vec<std::ops::Range<usize>>,
) {
    let mut start: Option<usize> = None;
    for (i, c) in chars {
        let inside = c.is_alphanumeric() || (matches!(c, '\'' | '’') && start.is_some());
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(b)) => {
                out.push(b..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(b) = start {
        out.push(b..len);
    }
}

/// True when `word` is `m` (lowercase ASCII, `'` for either apostrophe),
/// ignoring case, without allocating.
fn word_is(word: &str, m: &str) -> bool {
    let mut a = word.chars().map(|c| {
        if c == '’' {
            '\''
        } else {
            c.to_ascii_lowercase()
        }
    });
    let mut b = m.chars();
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if x == y => {}
            _ => return false,
        }
    }
}

/// The words of one sentence, as the marker scan reads them.
trait SentenceWords {
    /// How many words the sentence has.
    fn count(&self) -> usize;
    /// Where word `i` starts in the whole text.
    fn start(&self, i: usize) -> usize;
    /// True when word `i` is the marker word `m` (lowercase), ignoring case.
    fn is(&self, i: usize, m: &str) -> bool;
    /// The first byte of word `i`, lowercase.
    fn first(&self, i: usize) -> u8;
    /// True when word `i` may open a marker ([`may_open_marker`]).
    fn may_open(&self, i: usize) -> bool;
}

/// The words of a sentence `s` starting at byte `base` of the text, as
/// ranges of `s`, in any case.
struct Written<'a> {
    s: &'a str,
    base: usize,
    words: &'a [std::ops::Range<usize>],
}

impl SentenceWords for Written<'_> {
    fn count(&self) -> usize {
        self.words.len()
    }
    fn start(&self, i: usize) -> usize {
        self.base + self.words[i].start
    }
    fn is(&self, i: usize, m: &str) -> bool {
        word_is(&self.s[self.words[i].clone()], m)
    }
    fn first(&self, i: usize) -> u8 {
        self.s.as_bytes()[self.words[i].start].to_ascii_lowercase()
    }
    fn may_open(&self, i: usize) -> bool {
        may_open_marker(&self.s[self.words[i].clone()])
    }
}

/// The length of the longest marker of `set` at word `i`.
fn marker_at(w: &impl SentenceWords, i: usize, set: &[&[&str]]) -> Option<usize> {
    // Most words start no marker: compare first letters before words.
    let first = w.first(i);
    set.iter()
        .filter(|m| {
            m.first().and_then(|x| x.as_bytes().first()) == Some(&first)
                && m.len() <= w.count() - i
                && m.iter().enumerate().all(|(k, x)| w.is(i + k, x))
        })
        .map(|m| m.len())
        .max()
}

/// Adds the parts of one sentence (bytes `sentence` of `text`, its words
/// `w`) to `out`.
fn cut_sentence(
    out: &mut Parts,
    text: &str,
    sentence: std::ops::Range<usize>,
    w: &impl SentenceWords,
) {
    let mut part = Part::Does;
    let mut from = sentence.start;
    let mut i = 0;
    while i < w.count() {
        if !w.may_open(i) {
            i += 1;
            continue;
        }
        let (next, len) = if let Some(len) = marker_at(w, i, NOT_MARKERS) {
            (Part::Not, len)
        } else if let Some(len) = marker_at(w, i, USE_MARKERS) {
            (Part::When, len)
        } else if i == 0 && (w.is(0, "when") || w.is(0, "whenever")) {
            (Part::When, 1)
        } else {
            i += 1;
            continue;
        };
        if next != part {
            let at = w.start(i);
            push_span(out, part, text, from..at);
            part = next;
            from = at;
        }
        i += len;
    }
    push_span(out, part, text, from..sentence.end);
}

/// True when `word` may open a marker: it is the first word of one (or not
/// plain ASCII, which the full comparison handles). Most words open none,
/// and this spares comparing them with every marker.
fn may_open_marker(word: &str) -> bool {
    let mut buf = [0u8; MAX_FIRST_LEN];
    if !word.is_ascii() {
        return true;
    }
    if word.len() > buf.len() {
        return false;
    }
    for (b, w) in buf.iter_mut().zip(word.bytes()) {
        *b = w.to_ascii_lowercase();
    }
    opens_lowercase(&buf[..word.len()])
}

/// [`may_open_marker`] for a lowercase ASCII word.
fn opens_lowercase(word: &[u8]) -> bool {
    // A `match` on byte strings is a length switch and a few compares.
    // `first_words_are_those_of_the_markers` keeps it equal to the tables.
    matches!(
        word,
        b"activate"
            | b"also"
            | b"avoid"
            | b"do"
            | b"does"
            | b"doesn't"
            | b"don't"
            | b"except"
            | b"if"
            | b"instead"
            | b"invoke"
            | b"never"
            | b"not"
            | b"rather"
            | b"run"
            | b"should"
            | b"skip"
            | b"trigger"
            | b"triggers"
            | b"unless"
            | b"use"
            | b"when"
            | b"whenever"
    )
}

/// The longest first word of a marker.
const MAX_FIRST_LEN: usize = 8;

/// True when byte `b`, followed by `next`, ends a sentence. A period ends
/// one only before a space or the end (not in ".pdf", "e.g." or "v1.2").
fn ends_sentence(b: u8, next: Option<&u8>) -> bool {
    match b {
        b'\n' | b';' | b'!' | b'?' => true,
        b'.' => next.is_none_or(|n| n.is_ascii_whitespace()),
        _ => false,
    }
}

/// Byte ranges of the sentences of `text`.
fn sentences(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if ends_sentence(b, bytes.get(i + 1)) {
            if i > start {
                out.push(start..i);
            }
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push(start..text.len());
    }
    out
}

/// Cuts `text` into its parts.
pub fn parts(text: &str) -> Parts {
    let mut out = Parts {
        spans: Vec::new(),
        phrases: quoted(text),
    };
    let mut words = Vec::new();
    for sentence in sentences(text) {
        let s = &text[sentence.clone()];
        word_spans_into(s, &mut words);
        let w = Written {
            s,
            base: sentence.start,
            words: &words,
        };
        cut_sentence(&mut out, text, sentence, &w);
    }
    out.drop_excluded_phrases();
    out
}

impl Parts {
    /// Quoted phrases inside an exclusion ("Do NOT use for 'pitch
    /// decks'") are what the skill is not for, not its trigger phrases.
    fn drop_excluded_phrases(&mut self) {
        let spans = &self.spans;
        self.phrases.retain(|p| {
            !spans
                .iter()
                .any(|(part, r)| *part == Part::Not && r.start <= p.start && p.end <= r.end)
        });
    }
}

/// Adds a span unless it holds only spaces and punctuation.
fn push_span(out: &mut Parts, part: Part, text: &str, range: std::ops::Range<usize>) {
    let span = &text[range.clone()];
    let has_word = if span.is_ascii() {
        span.bytes().any(|b| b.is_ascii_alphanumeric())
    } else {
        span.chars().any(char::is_alphanumeric)
    };
    if has_word {
        out.spans.push((part, range));
    }
}

/// Quoted phrases: `"…"`, `“…”`, `` `…` `` and `'…'` where the single
/// quotes stand at word edges (so "don't" and "users'" are not quotes).
/// At most 60 bytes inside.
fn quoted(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let ascii = text.is_ascii();
    let any_quote = if ascii {
        memchr::memchr3(b'"', b'`', b'\'', text.as_bytes()).is_some()
    } else {
        text.contains(['"', '“', '`', '\'', '‘'])
    };
    if !any_quote {
        return out;
    }
    if ascii {
        quoted_ascii(text.as_bytes(), &mut out);
        return out;
    }
    quoted_chars(text, &mut out);
    out
}

/// [`quoted`] on ASCII text, read as its bytes.
fn quoted_ascii(b: &[u8], out: &mut Vec<std::ops::Range<usize>>) {
    let mut k = 0;
    while k < b.len() {
        let c = b[k];
        if !matches!(c, b'"' | b'`' | b'\'') {
            k += 1;
            continue;
        }
        let single = c == b'\'';
        if single && k > 0 && b[k - 1].is_ascii_alphanumeric() {
            k += 1;
            continue;
        }
        let start = k + 1;
        let end = (start..b.len()).take_while(|j| j - start <= 60).find(|&j| {
            b[j] == c && (!single || b.get(j + 1).is_none_or(|n| !n.is_ascii_alphanumeric()))
        });
        match end {
            Some(e) if e > start => {
                out.push(start..e);
                k = e + 1;
            }
            _ => k += 1,
        }
    }
}

/// [`quoted`] on any text, by its characters.
fn quoted_chars(text: &str, out: &mut Vec<std::ops::Range<usize>>) {
    let pairs = [('"', '"'), ('“', '”'), ('`', '`'), ('\'', '\''), ('‘', '’')];
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut k = 0;
    while k < chars.len() {
        let (i, c) = chars[k];
        let Some(&(_, close)) = pairs.iter().find(|(o, _)| *o == c) else {
            k += 1;
            continue;
        };
        let single = c == '\'' || c == '‘';
        if single && k > 0 && chars[k - 1].1.is_alphanumeric() {
            k += 1;
            continue;
        }
        let start = i + c.len_utf8();
        let end = chars[k + 1..]
            .iter()
            .take_while(|(j, _)| *j - start <= 60)
            .find(|(j, ch)| {
                *ch == close
                    && (!single
                        || text[j + ch.len_utf8()..]
                            .chars()
                            .next()
                            .is_none_or(|n| !n.is_alphanumeric()))
            })
            .map(|(j, _)| *j);
        match end {
            Some(e) if e > start => {
                out.push(start..e);
                k = chars.partition_point(|(j, _)| *j <= e);
            }
            _ => k += 1,
        }
    }
}

#[cfg(test)]
mod tests;
