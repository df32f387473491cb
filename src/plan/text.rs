//! Turning text into index terms: lowercase words, stop words dropped,
//! English Snowball stems. Hyphenated names split into their words, so
//! `review-change` matches "review my change".

use rust_stemmers::{Algorithm, Stemmer};

/// Words that carry no meaning for choosing a skill. Sorted for binary search.
#[rustfmt::skip]
#[cfg_attr(not(test), allow(dead_code))]
const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at",
    "be", "been", "before", "being", "both", "but", "by", "can", "could", "did", "do", "does",
    "doing", "done", "each", "either", "etc", "for", "from", "get", "go", "going", "got", "had",
    "has", "have", "having", "he", "her", "here", "him", "his", "how", "i", "i'd", "i'm", "if",
    "in", "into", "is", "it", "it's", "its", "just", "let", "let's", "lets", "like", "me", "might",
    "more", "most", "must", "my", "myself", "need", "needs", "now", "of", "off", "on", "once",
    "one", "only", "or", "other", "our", "ours", "out", "over", "please", "pls", "quick",
    "quickly", "really", "shall", "she", "should", "so", "some", "something", "such", "than",
    "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "through",
    "to", "too", "up", "us", "use", "using", "very", "via", "wanna", "want", "was", "way", "we",
    "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with",
    "would", "you", "your", "yours",
];

/// The longest stop word, in bytes.
const MAX_STOP_LEN: usize = 9;

pub fn is_stop_word(w: &str) -> bool {
    // A `match` on string literals compiles to a length switch and a few
    // compares: cheaper than a binary search on the hot scoring path.
    // `stop_words_match_the_list` keeps it equal to STOP_WORDS.
    w.len() <= MAX_STOP_LEN
        && matches!(
            w,
            "a" | "about"
                | "after"
                | "again"
                | "all"
                | "also"
                | "am"
                | "an"
                | "and"
                | "any"
                | "are"
                | "as"
                | "at"
                | "be"
                | "been"
                | "before"
                | "being"
                | "both"
                | "but"
                | "by"
                | "can"
                | "could"
                | "did"
                | "do"
                | "does"
                | "doing"
                | "done"
                | "each"
                | "either"
                | "etc"
                | "for"
                | "from"
                | "get"
                | "go"
                | "going"
                | "got"
                | "had"
                | "has"
                | "have"
                | "having"
                | "he"
                | "her"
                | "here"
                | "him"
                | "his"
                | "how"
                | "i"
                | "i'd"
                | "i'm"
                | "if"
                | "in"
                | "into"
                | "is"
                | "it"
                | "it's"
                | "its"
                | "just"
                | "let"
                | "let's"
                | "lets"
                | "like"
                | "me"
                | "might"
                | "more"
                | "most"
                | "must"
                | "my"
                | "myself"
                | "need"
                | "needs"
                | "now"
                | "of"
                | "off"
                | "on"
                | "once"
                | "one"
                | "only"
                | "or"
                | "other"
                | "our"
                | "ours"
                | "out"
                | "over"
                | "please"
                | "pls"
                | "quick"
                | "quickly"
                | "really"
                | "shall"
                | "she"
                | "should"
                | "so"
                | "some"
                | "something"
                | "such"
                | "than"
                | "that"
                | "the"
                | "their"
                | "them"
                | "then"
                | "there"
                | "these"
                | "they"
                | "this"
                | "those"
                | "through"
                | "to"
                | "too"
                | "up"
                | "us"
                | "use"
                | "using"
                | "very"
                | "via"
                | "wanna"
                | "want"
                | "was"
                | "way"
                | "we"
                | "were"
                | "what"
                | "when"
                | "where"
                | "which"
                | "while"
                | "who"
                | "whom"
                | "why"
                | "will"
                | "with"
                | "would"
                | "you"
                | "your"
                | "yours"
        )
}

/// Calls `f` with each lowercase word of `text`, reusing one buffer: the
/// allocation-free form of [`words`] for scoring large catalogs.
pub fn for_each_word(text: &str, buf: &mut String, mut f: impl FnMut(&str)) {
    buf.clear();
    if text.is_ascii() {
        // Fast path: words are byte ranges of the text, passed as they are
        // unless they hold an upper-case letter (then lowered into `buf`).
        let bytes = text.as_bytes();
        let mut start: Option<usize> = None;
        let mut emit = |from: usize, to: usize, buf: &mut String| {
            let word = text[from..to].trim_end_matches('\'');
            if word.is_empty() {
                return;
            }
            if word.bytes().any(|b| b.is_ascii_uppercase()) {
                buf.clear();
                buf.push_str(word);
                buf.make_ascii_lowercase();
                f(buf);
            } else {
                f(word);
            }
        };
        for (i, &b) in bytes.iter().enumerate() {
            let inside = b.is_ascii_alphanumeric() || (b == b'\'' && start.is_some());
            match (inside, start) {
                (true, None) => start = Some(i),
                (false, Some(from)) => {
                    emit(from, i, buf);
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(from) = start {
            emit(from, bytes.len(), buf);
        }
        buf.clear();
    } else {
        for c in text.chars() {
            if c.is_alphanumeric() || (c == '\'' && !buf.is_empty()) {
                buf.extend(c.to_lowercase());
            } else if !buf.is_empty() {
                f(buf.trim_end_matches('\''));
                buf.clear();
            }
        }
        if !buf.is_empty() {
            f(buf.trim_end_matches('\''));
            buf.clear();
        }
    }
}

/// Lowercase words of letters and digits (an apostrophe stays inside a word).
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() || (c == '\'' && !cur.is_empty()) {
            cur.extend(c.to_lowercase());
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur).trim_end_matches('\'').to_string());
        }
    }
    if !cur.is_empty() {
        out.push(cur.trim_end_matches('\'').to_string());
    }
    out
}

/// Stems words for matching.
pub struct Analyzer {
    stemmer: Stemmer,
}

impl Default for Analyzer {
    fn default() -> Self {
        Analyzer {
            stemmer: Stemmer::create(Algorithm::English),
        }
    }
}

impl Analyzer {
    pub fn stem(&self, word: &str) -> String {
        self.stemmer.stem(word).into_owned()
    }

    /// The index terms of `text`: words without stop words, stemmed.
    pub fn terms(&self, text: &str) -> Vec<String> {
        words(text)
            .iter()
            .filter(|w| !is_stop_word(w))
            .map(|w| self.stem(w))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_words_match_the_list() {
        for w in STOP_WORDS {
            assert!(is_stop_word(w), "{w}");
        }
        for w in ["review", "plan", "deploy", "change", "somethings", ""] {
            assert!(!is_stop_word(w), "{w}");
        }
    }

    #[test]
    fn stop_words_are_sorted_and_short() {
        let mut s = STOP_WORDS.to_vec();
        s.sort();
        assert_eq!(s, STOP_WORDS);
        assert_eq!(STOP_WORDS.iter().map(|w| w.len()).max(), Some(MAX_STOP_LEN));
    }

    #[test]
    fn for_each_word_matches_words() {
        for text in [
            "Review-change, then /ship it!",
            "Café déjà-vu don't",
            "",
            "a'",
        ] {
            let mut got = Vec::new();
            for_each_word(text, &mut String::new(), |w| got.push(w.to_string()));
            assert_eq!(got, words(text), "{text}");
        }
    }

    #[test]
    fn words_split_hyphens_and_punctuation() {
        assert_eq!(
            words("Review-change, then /ship it!"),
            ["review", "change", "then", "ship", "it"]
        );
        assert_eq!(words("don't"), ["don't"]);
    }

    #[test]
    fn terms_stem_and_drop_stop_words() {
        let a = Analyzer::default();
        assert_eq!(a.terms("Please review my changes"), ["review", "chang"]);
        assert_eq!(a.terms("planned planning plans"), ["plan", "plan", "plan"]);
    }
}
