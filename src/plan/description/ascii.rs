//! [`super::parts`] read from a description's lowercase words, which a
//! skill's profile then takes its terms from: the description is cut into
//! words once, not once for its parts and again for each part's terms.
//! Nine real descriptions in ten are ASCII, and nearly all the others go
//! beyond it only in dashes and arrows, which [`lower_plain`] writes as
//! `#`: the text it writes is what is read here.
//!
//! [`lower_plain`]: crate::plan::words::lower_plain

use super::{cut_sentence, quoted, Parts, SentenceWords};

/// A word of the text: where it starts, where it ends without its
/// trailing apostrophes (the word [`crate::plan::words::words`] gives),
/// and where it ends with them (the word markers are matched on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    pub start: u32,
    pub end: u32,
    pub raw_end: u32,
}

/// An ASCII description cut: its parts and its words.
#[derive(Debug, Clone, PartialEq)]
pub struct Cut {
    pub parts: Parts,
    pub words: Vec<Word>,
}

/// Cuts `text`, of which `lower` is what [`lower_plain`] wrote, into its
/// parts (as [`super::parts`] does) and its words.
///
/// [`lower_plain`]: crate::plan::words::lower_plain
pub fn cut(text: &str, lower: &str) -> Cut {
    debug_assert!(lower.is_ascii() && lower.len() == text.len());
    let (words, sentences) = scan(lower.as_bytes());
    let mut parts = Parts {
        spans: Vec::new(),
        phrases: quoted(text),
    };
    for &(range, first, end) in &sentences {
        let w = Lower {
            lower,
            words: &words[first..end],
        };
        cut_sentence(&mut parts, text, range.0 as usize..range.1 as usize, &w);
    }
    parts.drop_excluded_phrases();
    Cut { parts, words }
}

/// A sentence: its byte range, and its first word and the word after its
/// last.
type Sentence = ((u32, u32), usize, usize);

/// The words and sentences of ASCII text in one pass. Sentences end at a
/// line break, `;`, `!`, `?`, or a `.` before a space or the end (as
/// [`super::sentences`] has them); a word is a letter or digit followed by
/// letters, digits and `'` (as [`super::word_spans_into`] has them), and
/// no word holds a sentence's end.
fn scan(b: &[u8]) -> (Vec<Word>, Vec<Sentence>) {
    let mut words = Vec::with_capacity(b.len() / 6 + 1);
    let mut sentences = Vec::new();
    let (mut start, mut first) = (0usize, 0usize);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() {
            let (end, raw_end) = crate::plan::words::ascii_word_at(b, i);
            words.push(Word {
                start: i as u32,
                end: end as u32,
                raw_end: raw_end as u32,
            });
            i = raw_end;
            continue;
        }
        if super::ends_sentence(c, b.get(i + 1)) {
            if i > start {
                sentences.push(((start as u32, i as u32), first, words.len()));
            }
            start = i + 1;
            first = words.len();
        }
        i += 1;
    }
    if start < b.len() {
        sentences.push(((start as u32, b.len() as u32), first, words.len()));
    }
    (words, sentences)
}

/// A sentence's words in the lowered text.
struct Lower<'a> {
    lower: &'a str,
    words: &'a [Word],
}

impl Lower<'_> {
    fn raw(&self, i: usize) -> &str {
        let w = self.words[i];
        &self.lower[w.start as usize..w.raw_end as usize]
    }
}

impl SentenceWords for Lower<'_> {
    fn count(&self) -> usize {
        self.words.len()
    }
    fn start(&self, i: usize) -> usize {
        self.words[i].start as usize
    }
    fn is(&self, i: usize, m: &str) -> bool {
        self.raw(i) == m
    }
    fn first(&self, i: usize) -> u8 {
        self.lower.as_bytes()[self.words[i].start as usize]
    }
    fn may_open(&self, i: usize) -> bool {
        super::opens_lowercase(self.raw(i).as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::words::words;

    fn lowered(text: &str) -> String {
        let mut lower = String::new();
        assert!(
            crate::plan::words::lower_plain(text, &mut lower),
            "{text:?}"
        );
        lower
    }

    fn check(text: &str) {
        let lower = lowered(text);
        let got = cut(text, &lower);
        assert_eq!(got.parts, super::super::parts(text), "{text:?}");
        let ws: Vec<&str> = got
            .words
            .iter()
            .map(|w| &lower[w.start as usize..w.end as usize])
            .collect();
        assert_eq!(ws, words(text), "{text:?}");
    }

    #[test]
    fn cuts_as_parts_does() {
        for text in [
            "Create slides. Use when the user wants a deck. Do NOT use for PDFs.",
            "Edit .docx files, e.g. reports. Use when asked",
            "Read-only, it briefs, it does not act",
            "When users' notes need it; don't trigger on 'x'. Whenever!",
            "",
            ".",
            "a'' b' 'c",
            "USE THIS SKILL WHEN\nasked?\n\nNot for: tests",
            "Builds decks — not for PDFs… Use when: x → y.— z",
        ] {
            check(text);
        }
    }

    proptest::proptest! {
        /// Any ASCII text, with markers, sentence ends and apostrophes
        /// likely: the parts are those of `parts`, the words those of
        /// `words`.
        #[test]
        fn cuts_as_parts_and_words_do(
            text in "((use|when|not|for|do|don't|skip|if|the|user|Use|NOT|When|x'|'y|[a-z]{1,6}|[0-9]{1,3})[ .,;:!?\n'\"`—…→-]{1,2}){0,30}"
        ) {
            let lower = lowered(&text);
            let got = cut(&text, &lower);
            proptest::prop_assert_eq!(&got.parts, &super::super::parts(&text));
            let ws: Vec<&str> = got.words.iter().map(|w| &lower[w.start as usize..w.end as usize]).collect();
            proptest::prop_assert_eq!(ws, words(&text));
        }

        #[test]
        fn cuts_any_plain_text_as_parts_does(text in "([ -~\n]|[—…→×“”‘]){0,80}") {
            let lower = lowered(&text);
            proptest::prop_assert_eq!(cut(&text, &lower).parts, super::super::parts(&text));
        }
    }
}
