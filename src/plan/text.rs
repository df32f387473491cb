//! Turning text into index terms: lowercase words ([`super::words`]), stop words dropped,
//! English Snowball stems. Hyphenated names split into their words, so
//! `review-change` matches "review my change".

use super::memo::{Resolve, Seen};
pub use super::words::{for_each_word, with_words, words};
use rust_stemmers::{Algorithm, Stemmer};

/// Words that carry no meaning for choosing a skill. Sorted for binary search.
#[rustfmt::skip]
pub const STOP_WORDS: &[&str] = &[
    "a", "about", "actually", "after", "again", "all", "also", "always", "am", "an", "and", "any",
    "anyone", "anything", "are", "around", "as", "at", "back", "be", "been", "before", "being",
    "both", "but", "by", "can", "could", "did", "do", "does", "doing", "done", "down", "each",
    "either", "else", "etc", "even", "ever", "every", "everyone", "everything", "few", "for",
    "from", "get", "go", "going", "got", "had", "has", "have", "having", "he", "her", "here",
    "here's", "him", "his", "how", "i", "i'd", "i'm", "if", "in", "into", "is", "it", "it's",
    "its", "just", "let", "let's", "lets", "like", "maybe", "me", "might", "more", "most", "much",
    "must", "my", "myself", "need", "needs", "never", "no", "nobody", "none", "not", "nothing",
    "now", "of", "off", "okay", "on", "once", "one", "only", "or", "other", "our", "ours", "out",
    "over", "per", "please", "pls", "quick", "quickly", "really", "right", "said", "saying",
    "says", "shall", "she", "should", "so", "some", "someone", "something", "sometimes", "still",
    "such", "sure", "than", "thank", "thanks", "that", "the", "their", "them", "then", "there",
    "these", "they", "this", "those", "through", "thru", "to", "too", "totally", "until", "up",
    "us", "use", "using", "very", "via", "wanna", "want", "was", "way", "we", "were", "what",
    "when", "where", "which", "while", "who", "whom", "why", "will", "with", "without", "would",
    "yet", "you", "your", "yours",
];

/// The longest stop word, in bytes.
const MAX_STOP_LEN: usize = 10;

/// True when `w` is a number: ASCII digits only.
pub fn is_number(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
}

pub fn is_stop_word(w: &str) -> bool {
    // Numbers ("10 slides", "v2") say how much, never which skill; one
    // right after a name is its version (`Analyzer::versioned`).
    if is_number(w) {
        return true;
    }
    // A `match` on string literals compiles to a length switch and a few
    // compares: cheaper than a binary search on the hot scoring path.
    // `stop_words_match_the_list` keeps it equal to STOP_WORDS.
    w.len() <= MAX_STOP_LEN
        && matches!(
            w,
            "a" | "about"
                | "actually"
                | "after"
                | "again"
                | "all"
                | "also"
                | "always"
                | "am"
                | "an"
                | "and"
                | "any"
                | "anyone"
                | "anything"
                | "are"
                | "around"
                | "as"
                | "at"
                | "back"
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
                | "down"
                | "each"
                | "either"
                | "else"
                | "etc"
                | "even"
                | "ever"
                | "every"
                | "everyone"
                | "everything"
                | "few"
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
                | "here's"
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
                | "maybe"
                | "me"
                | "might"
                | "more"
                | "most"
                | "much"
                | "must"
                | "my"
                | "myself"
                | "need"
                | "needs"
                | "never"
                | "no"
                | "nobody"
                | "none"
                | "not"
                | "nothing"
                | "now"
                | "of"
                | "off"
                | "okay"
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
                | "per"
                | "please"
                | "pls"
                | "quick"
                | "quickly"
                | "really"
                | "said"
                | "saying"
                | "says"
                | "right"
                | "shall"
                | "she"
                | "should"
                | "so"
                | "some"
                | "someone"
                | "something"
                | "sometimes"
                | "still"
                | "such"
                | "sure"
                | "than"
                | "thank"
                | "thanks"
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
                | "thru"
                | "to"
                | "too"
                | "totally"
                | "until"
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
                | "without"
                | "would"
                | "yet"
                | "you"
                | "your"
                | "yours"
        )
        || (w.contains('\'') && CONTRACTIONS.contains(&w))
        || (w.len() <= 5 && CASUAL.contains(&w))
}

/// Contractions of function words: "what's", "don't", "you've". Said in
/// every kind of request, they name no skill's work.
pub const CONTRACTIONS: &[&str] = &[
    "ain't",
    "aren't",
    "can't",
    "couldn't",
    "didn't",
    "doesn't",
    "don't",
    "hadn't",
    "hasn't",
    "haven't",
    "he's",
    "how's",
    "i'll",
    "i've",
    "isn't",
    "it'll",
    "mustn't",
    "needn't",
    "shan't",
    "she's",
    "shouldn't",
    "that'll",
    "that's",
    "there'll",
    "there's",
    "they'd",
    "they'll",
    "they're",
    "they've",
    "wasn't",
    "we'd",
    "we'll",
    "we're",
    "we've",
    "weren't",
    "what's",
    "when's",
    "where's",
    "who's",
    "won't",
    "wouldn't",
    "you'd",
    "you'll",
    "you're",
    "you've",
];

/// Function words written the way people type them in chat: "u", "dont",
/// "gonna". Not "wont" or "cant", which are words of their own.
pub const CASUAL: &[&str] = &[
    "btw", "didnt", "dont", "gonna", "gotta", "hey", "hi", "hello", "idk", "im", "isnt", "ive",
    "lol", "ok", "plz", "tbh", "thats", "u", "ur", "whats", "yeah", "youre",
];

/// Common words of task requests ("make", "new", "app", "review",
/// "update", "store", "set"…): a skill matched on them alone is padding, so
/// they carry [`WEAK_WEIGHT`] of a word's evidence. Sorted.
#[rustfmt::skip]
pub(super) const WEAK_WORDS: &[&str] = &[
    "add", "api", "app", "application", "apps", "basic", "best", "better", "build", "change",
    "changes", "check", "code", "content", "create", "data", "easy", "everything", "feature",
    "features", "file", "files", "find", "first", "fix", "format", "general", "good", "great",
    "handle", "help", "improve", "info", "information", "input", "issue", "issues", "item",
    "items", "last", "list", "look", "make", "manage", "new", "next", "nice", "open", "output",
    "page", "pages", "part", "problem", "process", "project", "put", "read", "result",
    "results", "review", "run", "service", "set", "setup", "show", "shown", "simple", "start", "step",
    "steps", "store", "stuff", "support", "system", "task", "tasks", "team", "test", "tests",
    "text", "thing", "things", "tool", "tools", "turn", "type", "update", "user", "users", "version",
    "work", "write",
];

/// The share of evidence a weak word carries.
pub const WEAK_WEIGHT: f64 = 0.35;

/// Stems words for matching.
pub struct Analyzer {
    stemmer: Stemmer,
    weak: std::collections::HashSet<String>,
}

impl Default for Analyzer {
    fn default() -> Self {
        let stemmer = Stemmer::create(Algorithm::English);
        let weak = WEAK_WORDS
            .iter()
            .map(|w| super::derive::family(&stemmer.stem(w)).to_string())
            .collect();
        Analyzer { stemmer, weak }
    }
}

impl Analyzer {
    /// The stem of `word`, with forms the stemmer leaves apart joined
    /// ([`super::derive`]).
    pub fn stem(&self, word: &str) -> String {
        // "optimise" is "optimize" (see [`super::spelling`]).
        let word = super::spelling::american(word);
        super::derive::family(&self.stemmer.stem(&word)).to_string()
    }

    /// True when `term` (a stem) is a common word of requests.
    pub fn is_weak(&self, term: &str) -> bool {
        self.weak.contains(term)
    }

    /// The index terms of `text`: words without stop words, with the
    /// synonym table applied (see [`super::synonyms`]), stemmed.
    pub fn terms(&self, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        self.for_each_term(&words(text), |t, _| out.push(t.to_string()));
        out
    }

    /// The name and the term of the version `number` gives the word before
    /// it (".NET 9" is `net9`, as `net9.0` is; "Node.js 20" is `node20`),
    /// or `None` when that is not a word of letters. A count after a stop
    /// word or a common verb ("make 10 slides", "give me 3 ideas") is not
    /// a version.
    fn version_before<'w, S: AsRef<str>>(
        before: &'w [S],
        number: &str,
    ) -> Option<(&'w str, String)> {
        let mut name = before.last()?.as_ref();
        // "Node.js 20", "Next.js 14": the version is the name's, not "js"'s.
        if name == "js" && before.len() >= 2 {
            name = before[before.len() - 2].as_ref();
        }
        Self::versioned(name, number).map(|v| (name, v))
    }

    /// [`Analyzer::version_before`] for one word before the number.
    fn versioned(word: &str, number: &str) -> Option<String> {
        if !is_number(number) {
            return None;
        }
        let is_name = !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase());
        // The word as written is looked up, not its stem: this runs for
        // every number of every skill text.
        let plain = || super::lexicon::of(word).is_none_or(|k| !k.stop && !k.weak);
        (is_name && plain()).then(|| format!("{word}{number}"))
    }

    /// Terms without synonyms: the plain analysis the evaluation's floor
    /// uses.
    pub fn plain_terms(&self, text: &str) -> Vec<String> {
        words(text)
            .iter()
            .filter(|w| !is_stop_word(w))
            .map(|w| self.stemmer.stem(w).into_owned())
            .collect()
    }

    /// Calls `f(term, surface)` for each term of `words` in order: a
    /// synonym phrase or word becomes its canonical term, stop words are
    /// dropped, other words are stemmed.
    pub fn for_each_term<S: AsRef<str>>(&self, words: &[S], f: impl FnMut(&str, Surface<'_>)) {
        self.for_each_term_with(words, &mut super::memo::Fresh, f);
    }

    /// [`Analyzer::for_each_term`] with each word's answer found by `r`,
    /// which may remember them (see `memo`).
    pub fn for_each_term_with<S: AsRef<str>>(
        &self,
        words: &[S],
        r: &mut impl Resolve,
        mut f: impl FnMut(&str, Surface<'_>),
    ) {
        let mut k = 0;
        while k < words.len() {
            let w = words[k].as_ref();
            let word = r.resolve(self, w);
            if word.opens_phrase {
                if let Some((canon, len)) = super::synonyms::phrase(&words[k..]) {
                    f(canon, Surface::Word(w));
                    k += len;
                    continue;
                }
            }
            k += 1;
            match word.seen {
                Seen::Synonym(canon) => f(canon, Surface::Word(w)),
                // ".NET 9", "Python 3", "iOS 17": the number says which one.
                Seen::Number => {
                    if let Some((name, v)) = Self::version_before(&words[..k - 1], w) {
                        f(&v, Surface::Version(name, w));
                    }
                }
                Seen::Stop => {}
                Seen::Stem(t) => f(&t, Surface::Word(w)),
            }
        }
    }
}

/// The words a term was read from: one word, or a name and its version
/// ("node 20"), put together only when shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface<'a> {
    Word(&'a str),
    Version(&'a str, &'a str),
}

impl std::fmt::Display for Surface<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Surface::Word(w) => f.write_str(w),
            Surface::Version(name, number) => write!(f, "{name} {number}"),
        }
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
        // Contractions of function words are stop words; a possessive and
        // words that only look like chat are not.
        for w in ["what's", "don't", "you've", "can't", "they're", "dont", "u"] {
            assert!(is_stop_word(w), "{w}");
        }
        for w in ["user's", "wont", "cant", "hint"] {
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
    fn weak_words_are_sorted_and_found_by_stem() {
        let mut v = WEAK_WORDS.to_vec();
        v.sort();
        assert_eq!(v, WEAK_WORDS);
        let a = Analyzer::default();
        assert!(a.is_weak(&a.stem("updating")) && a.is_weak(&a.stem("reviews")));
        // "turn it into a plan", "shown me the output".
        assert!(a.is_weak(&a.stem("turning")) && a.is_weak(&a.stem("shown")));
        assert!(!a.is_weak(&a.stem("spreadsheet")));
    }

    #[test]
    fn synonyms_meet_in_terms() {
        let a = Analyzer::default();
        assert_eq!(a.terms("an Excel workbook"), ["xlsx", "xlsx"]);
        assert_eq!(a.terms("open a pull request"), ["open", "pr"]);
        assert_eq!(
            a.plain_terms("open a pull request"),
            ["open", "pull", "request"]
        );
    }

    #[test]
    fn a_number_after_a_name_is_its_version() {
        let a = Analyzer::default();
        assert_eq!(a.terms("move to .NET 9"), ["move", "net", "net9"]);
        assert_eq!(a.terms("targets net9.0"), ["target", "net9"]);
        assert_eq!(a.terms("Python 3.12"), ["python", "python3"]);
        // A count, or a number after a stop word, is no version.
        assert_eq!(a.terms("make 10 slides"), ["make", "pptx"]);
        assert_eq!(a.terms("upgrade to 22"), ["upgrad"]);
        // A name ending in ".js" keeps its version.
        assert_eq!(a.terms("Node.js 20"), ["node", "javascript", "node20"]);
    }

    #[test]
    fn terms_stem_and_drop_stop_words() {
        let a = Analyzer::default();
        assert_eq!(a.terms("Please review my changes"), ["review", "chang"]);
        assert_eq!(a.terms("planned planning plans"), ["plan", "plan", "plan"]);
    }
}
