//! Cutting text into lowercase words: letters and digits, with an
//! apostrophe inside a word ("don't"), every other character a separator,
//! so `review-change` is "review" and "change".
//!
//! [`words`] is the plain form. Reading every skill text of a large
//! catalog, [`with_words`] gives the same words without an allocation per
//! word: the words are slices of the text itself, or of one lowered copy
//! of it ([`lower_plain`]); only text with letters beyond ASCII has its
//! words copied one by one.

use std::cell::RefCell;

/// Calls `f` with each lowercase word of `text`, reusing one buffer: the
/// allocation-free form of [`words`] for scoring large catalogs.
///
/// ASCII words are byte ranges of the text, passed as they are unless they
/// hold an upper-case letter (then lowered into `buf`). A stretch holding a
/// character beyond ASCII, up to the next ASCII separator, is read by
/// characters: one "…" or "—" no longer sends a whole description down the
/// slow path.
pub fn for_each_word(text: &str, buf: &mut String, mut f: impl FnMut(&str)) {
    each_word(text, buf, |piece| match piece {
        Piece::At(from, to) => f(&text[from..to]),
        Piece::Lowered(w) => f(w),
    })
}

/// A word as [`each_word`] finds it.
enum Piece<'b> {
    /// Bytes `from..to` of the text, already lowercase.
    At(usize, usize),
    /// Lowered into the buffer.
    Lowered(&'b str),
}

/// [`for_each_word`], telling a word that is a slice of the text from one
/// lowered into `buf`.
fn each_word(text: &str, buf: &mut String, mut f: impl FnMut(Piece<'_>)) {
    buf.clear();
    let bytes = text.as_bytes();
    let mut start: Option<usize> = None;
    let emit = |from: usize, to: usize, buf: &mut String, f: &mut dyn FnMut(Piece<'_>)| {
        let word = text[from..to].trim_end_matches('\'');
        if word.is_empty() {
            return;
        }
        if word.bytes().any(|b| b.is_ascii_uppercase()) {
            buf.clear();
            buf.push_str(word);
            buf.make_ascii_lowercase();
            f(Piece::Lowered(buf));
        } else {
            f(Piece::At(from, from + word.len()));
        }
    };
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !b.is_ascii() {
            // `i` follows an ASCII byte (or is 0): a character boundary, as
            // is the ASCII separator that ends the stretch.
            let from = start.take().unwrap_or(i);
            let end = bytes[i..]
                .iter()
                .position(|&c| c.is_ascii() && !(c.is_ascii_alphanumeric() || c == b'\''))
                .map_or(bytes.len(), |p| i + p);
            words_by_char(&text[from..end], buf, &mut |w| f(Piece::Lowered(w)));
            i = end;
            continue;
        }
        let inside = b.is_ascii_alphanumeric() || (b == b'\'' && start.is_some());
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(from)) => {
                emit(from, i, buf, &mut f);
                start = None;
            }
            _ => {}
        }
        i += 1;
    }
    if let Some(from) = start {
        emit(from, bytes.len(), buf, &mut f);
    }
    buf.clear();
}

/// [`for_each_word`] by characters, for text beyond ASCII.
fn words_by_char(text: &str, buf: &mut String, f: &mut dyn FnMut(&str)) {
    buf.clear();
    for c in text.chars() {
        if c.is_alphanumeric() {
            buf.extend(c.to_lowercase());
        } else if is_apostrophe(c) && !buf.is_empty() {
            buf.push('\'');
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

/// A typed or a typographic apostrophe: "what's" and "what’s" are one
/// word, written with the typed one.
fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '\u{2019}'
}

/// Lowercase words of letters and digits (an apostrophe stays inside a word).
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            cur.extend(c.to_lowercase());
        } else if is_apostrophe(c) && !cur.is_empty() {
            cur.push('\'');
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur).trim_end_matches('\'').to_string());
        }
    }
    if !cur.is_empty() {
        out.push(cur.trim_end_matches('\'').to_string());
    }
    out
}

thread_local! {
    /// Lowered text and a word buffer for [`with_words`].
    static BUFFERS: RefCell<(String, String)> = const { RefCell::new((String::new(), String::new())) };
}

/// Calls `f` with the words of `text`, as [`words`] gives them, without an
/// allocation per word. A call from inside `f` gets fresh buffers.
pub fn with_words<R>(text: &str, f: impl FnOnce(&[&str]) -> R) -> R {
    BUFFERS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut guard) => {
            let (lower, buf) = &mut *guard;
            words_in(text, lower, buf, f)
        }
        Err(_) => words_in(text, &mut String::new(), &mut String::new(), f),
    })
}

/// [`with_words`] with its buffers: `lower` holds the text's words (the
/// text lowered as a whole, or word by word when it has letters beyond
/// ASCII), `buf` one word.
fn words_in<R>(
    text: &str,
    lower: &mut String,
    buf: &mut String,
    f: impl FnOnce(&[&str]) -> R,
) -> R {
    if text.is_ascii() && !text.bytes().any(|b| b.is_ascii_uppercase()) {
        return f(&slices(text));
    }
    if lower_plain(text, lower) {
        return f(&slices(lower));
    }
    lower.clear();
    // Words that are slices of the text stay there; only those lowered or
    // read by characters are copied, into `lower`.
    let mut pieces: Vec<(bool, u32, u32)> = Vec::with_capacity(text.len() / 5 + 1);
    each_word(text, buf, |piece| match piece {
        Piece::At(from, to) => pieces.push((false, from as u32, to as u32)),
        Piece::Lowered(w) => {
            let from = lower.len() as u32;
            lower.push_str(w);
            pieces.push((true, from, lower.len() as u32));
        }
    });
    let ws: Vec<&str> = pieces
        .iter()
        .map(|&(lowered, a, b)| at(if lowered { lower } else { text }, (a, b)))
        .collect();
    f(&ws)
}

/// The words of `s`, ASCII and lowercase, as slices of it.
fn slices(s: &str) -> Vec<&str> {
    let mut out = Vec::with_capacity(s.len() / 5 + 1);
    ascii_words(s.as_bytes(), |from, to| out.push(at(s, (from, to))));
    out
}

/// Writes `text` into `out` lowered and in ASCII, each character beyond
/// ASCII that is neither a letter nor a digit (a dash, an ellipsis, an
/// arrow) as `#` bytes, so every byte offset is the text's. Words and
/// sentences are then where they are in `text`: such a character parts
/// words as `#` does, and ends no sentence. False when `text` holds a
/// letter or digit beyond ASCII, or `’` (an apostrophe inside a word to
/// [`super::description`]): `out` is then not that text.
pub fn lower_plain(text: &str, out: &mut String) -> bool {
    out.clear();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // A run of ASCII is copied whole; the copy is lowered at the end.
        let run = bytes[i..]
            .iter()
            .position(|b| !b.is_ascii())
            .unwrap_or(bytes.len() - i);
        out.push_str(&text[i..i + run]);
        i += run;
        let Some(c) = text[i..].chars().next() else {
            break;
        };
        if c.is_alphanumeric() || c == '’' {
            return false;
        }
        out.extend(std::iter::repeat_n('#', c.len_utf8()));
        i += c.len_utf8();
    }
    out.make_ascii_lowercase();
    true
}

/// The text of byte range `r` of `s`.
fn at(s: &str, r: (u32, u32)) -> &str {
    s.get(r.0 as usize..r.1 as usize).unwrap_or("")
}

/// Calls `word` with the byte range of each word of lowercase-or-not
/// ASCII text: a letter or digit starts a word, which runs on over
/// letters, digits and `'`, and ends without its trailing `'`s.
fn ascii_words(b: &[u8], mut word: impl FnMut(u32, u32)) {
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let (end, raw_end) = ascii_word_at(b, i);
        word(i as u32, end as u32);
        i = raw_end;
    }
}

/// The ASCII word starting at `b[start]` (a letter or digit): where it ends
/// without its trailing `'`s, and where it ends with them. A word runs on
/// over letters, digits and `'`.
pub fn ascii_word_at(b: &[u8], start: usize) -> (usize, usize) {
    let mut i = start;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'\'') {
        i += 1;
    }
    let mut end = i;
    while b[end - 1] == b'\'' {
        end -= 1;
    }
    (end, i)
}

/// Where the first of `marks` that ends a clause is in `s`: not one
/// between two digits, which writes a number ("$3,400", "10:30").
pub fn clause_mark(s: &str, marks: &[char]) -> Option<usize> {
    s.match_indices(marks)
        .map(|(i, _)| i)
        .find(|&i| !between_digits(s, i))
}

/// True when the byte at `s[i]` stands between two ASCII digits, as the
/// comma of "3,400" does.
pub fn between_digits(s: &str, i: usize) -> bool {
    let b = s.as_bytes();
    let digit = |j: Option<&u8>| j.is_some_and(u8::is_ascii_digit);
    i > 0 && digit(b.get(i - 1)) && digit(b.get(i + 1))
}

/// The stem of an "-ing" form with its doubled last letter written once
/// ("committ" of "committing": "commit"), compared as characters, so a
/// letter of several bytes ("₂₂") is never cut in two. `None` when the
/// last two letters differ.
pub fn undoubled(stem: &str) -> Option<&str> {
    let mut last = stem.char_indices().rev();
    match (last.next(), last.next()) {
        (Some((at, a)), Some((_, b))) if a == b => Some(&stem[..at]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_mark_passes_numbers_by() {
        let m = [',', ':'];
        assert_eq!(clause_mark("once it shows $3,400, mark it", &m), Some(20));
        assert_eq!(clause_mark("at 10:30 run it", &m), None);
        assert_eq!(clause_mark("v2, then v3", &m), Some(2));
        assert_eq!(clause_mark("1,2", &[',']), None);
        assert_eq!(clause_mark(",2", &[',']), Some(0));
        assert_eq!(clause_mark("no mark", &m), None);
    }

    #[test]
    fn for_each_word_matches_words() {
        // ASCII, beyond it, and the two mixed inside one word.
        for text in [
            "Review-change, then /ship it!",
            "Café déjà-vu don't",
            "",
            "a'",
            "Fills forms… then ships—fast",
            "naïve 'café' don't… x'",
            "Straße İstanbul ÉCOLE",
            "…'a",
        ] {
            let mut got = Vec::new();
            for_each_word(text, &mut String::new(), |w| got.push(w.to_string()));
            assert_eq!(got, words(text), "{text}");
        }
    }

    proptest::proptest! {
        /// The byte path agrees with reading by characters on any text:
        /// ASCII, beyond it, and the two mixed inside one word.
        #[test]
        fn for_each_word_is_words(text in "([a-zA-Z0-9 '.,—…éÉßİ\\-]|\\PC){0,40}") {
            let mut got = Vec::new();
            for_each_word(&text, &mut String::new(), |w| got.push(w.to_string()));
            proptest::prop_assert_eq!(got, words(&text));
        }
    }

    #[test]
    fn words_split_hyphens_and_punctuation() {
        assert_eq!(
            words("Review-change, then /ship it!"),
            ["review", "change", "then", "ship", "it"]
        );
        assert_eq!(words("don't"), ["don't"]);
        assert_eq!(words("what’s up"), ["what's", "up"]);
        assert_eq!(
            with_words("Don’t ‘quote’", |ws| ws.join("|")),
            "don't|quote"
        );
    }

    proptest::proptest! {
        /// `with_words` gives the words `words` gives, ASCII or not, upper
        /// case or not.
        #[test]
        fn with_words_is_words(text in "([a-zA-Z0-9 '.,\\-]|[—…→’éÉßİ]|\\PC){0,60}") {
            let got = with_words(&text, |ws| ws.iter().map(|w| w.to_string()).collect::<Vec<_>>());
            proptest::prop_assert_eq!(got, words(&text));
        }
    }

    #[test]
    fn plain_text_is_lowered_in_place() {
        let mut out = String::new();
        assert!(lower_plain("Deck—Now… OK", &mut out));
        assert_eq!(out, "deck###now### ok");
        assert_eq!(out.len(), "Deck—Now… OK".len());
        assert!(lower_plain("", &mut out) && out.is_empty());
        for other in ["Café", "don’t", "x → Ω"] {
            assert!(!lower_plain(other, &mut out), "{other}");
        }
    }

    #[test]
    fn with_words_inside_with_words() {
        let got = with_words("Review THE change", |outer| {
            let inner = with_words("don't Ship'", |ws| ws.join("|"));
            format!("{}/{inner}", outer.join("|"))
        });
        assert_eq!(got, "review|the|change/don't|ship");
    }
}
