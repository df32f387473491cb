//! The material an intent carries, set apart from what it asks.
//!
//! People paste what they want worked on into the request: a headline in
//! quotes, an email to review, a code block, a link. Those words say what
//! the work is *on*, not which work it is ("Rewrite this headline:
//! 'An Innovative AI-Powered Platform for Streamlined Business
//! Operations'"), and a pasted sentence must not become a clause of its
//! own. Selection reads the intent with its material blanked out:
//!
//! - a link's scheme and host (`https://apps.example.com`); its path stays,
//!   since "…/blog/post-42" says what the page is. A link to a page (a path
//!   with no file extension, or `.html`) is read as the word "webpage":
//!   the work is on a web page, and a skill for "web pages" or "a URL to
//!   read" serves it. A link to a file (`…/README.md`) is only blanked;
//! - a quotation of [`MIN_QUOTED_WORDS`] words or more in `"…"`, `“…”` or
//!   `'…'`. Shorter quotes stay: they name things ("the 'So What' sweep",
//!   "says 'ship it'"), and a skill's quoted trigger phrase is matched
//!   against them.

use std::borrow::Cow;

/// What a link to a page is read as: the work is on a web page.
const PAGE: &str = " webpage ";

/// The fewest words a quotation has to be material rather than a name.
pub const MIN_QUOTED_WORDS: usize = 4;

/// `intent` with its material replaced by spaces, and a link to a page by
/// [`PAGE`] (byte offsets kept).
pub fn blanked(intent: &str) -> Cow<'_, str> {
    let spans = spans(intent);
    if spans.is_empty() {
        return Cow::Borrowed(intent);
    }
    let mut out = String::with_capacity(intent.len());
    let mut at = 0;
    for (from, to) in spans {
        out.push_str(&intent[at..from]);
        if to - from >= PAGE.len() && link_at(intent, from) == Some(to) && is_page(intent, to) {
            out.push_str(PAGE);
            out.extend(std::iter::repeat_n(' ', to - from - PAGE.len()));
        } else {
            out.extend(std::iter::repeat_n(' ', to - from));
        }
        at = to;
    }
    out.push_str(&intent[at..]);
    Cow::Owned(out)
}

/// Byte ranges of the material in `s`, in order, not overlapping.
fn spans(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut unclosed = Unclosed::default();
    let mut i = 0;
    while i < b.len() {
        if let Some(end) = link_at(s, i).or_else(|| quote_at(s, i, &mut unclosed)) {
            out.push((i, end));
            i = end;
            continue;
        }
        i += s[i..].chars().next().map_or(1, char::len_utf8);
    }
    out
}

/// A link starting at `i` (at a word start): where its host ends. The
/// path stays: "example.com/blog/post-42" is a blog post.
fn link_at(s: &str, i: usize) -> Option<usize> {
    let rest = &s[i..];
    let opens = ["http://", "https://", "www."].iter().any(|p| {
        rest.get(..p.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(p))
    });
    if !opens || !starts_word(s, i) {
        return None;
    }
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let host_at = rest.find("//").filter(|&k| k < end).map_or(0, |k| k + 2);
    let host_end = rest[host_at..end].find('/').map_or(end, |k| host_at + k);
    Some(i + host_end)
}

/// True when the link whose host ends at `host_end` is a page, not a
/// file: its path ends in no extension or a page's (`.html`, `.php`).
fn is_page(s: &str, host_end: usize) -> bool {
    let rest = &s[host_end..];
    let path = &rest[..rest.find(char::is_whitespace).unwrap_or(rest.len())];
    let path = path.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '/');
    let path = path.split(['?', '#']).next().unwrap_or("");
    let last = path.rsplit('/').next().unwrap_or("");
    match last.rsplit_once('.') {
        None => true,
        Some((_, ext)) => {
            matches!(
                ext.to_ascii_lowercase().as_str(),
                "html" | "htm" | "php" | "asp" | "aspx" | "shtml"
            ) || ext.chars().any(|c| !c.is_ascii_alphanumeric())
        }
    }
}

/// For each closing mark, the earliest place from which a search found no
/// closing one: a later opening of the same mark finds none either, so
/// text full of openings (`'a 'a 'a …`) is read once, not once per opening.
#[derive(Default)]
struct Unclosed([Option<usize>; 4]);

impl Unclosed {
    fn slot(close: char) -> usize {
        match close {
            '"' => 0,
            '\u{201d}' => 1,
            '\'' => 2,
            _ => 3,
        }
    }
}

/// A quotation of enough words opening at `i`: where it ends (after the
/// closing mark).
fn quote_at(s: &str, i: usize, unclosed: &mut Unclosed) -> Option<usize> {
    let open = s[i..].chars().next()?;
    let close = match open {
        '"' => '"',
        '\u{201c}' => '\u{201d}',
        '\'' | '\u{2018}' => {
            // An apostrophe inside a word ("it's") opens nothing.
            if !starts_word(s, i) {
                return None;
            }
            if open == '\'' {
                '\''
            } else {
                '\u{2019}'
            }
        }
        _ => return None,
    };
    let body_at = i + open.len_utf8();
    let slot = &mut unclosed.0[Unclosed::slot(close)];
    if slot.is_some_and(|from| from <= body_at) {
        return None;
    }
    let mut k = body_at;
    while let Some(off) = s[k..].find(close) {
        let at = k + off;
        let after = s[at + close.len_utf8()..].chars().next();
        // A closing single quote stands at a word's end: not "it's".
        let closes =
            close == '"' || close == '\u{201d}' || after.is_none_or(|c| !c.is_alphanumeric());
        if closes {
            let body = &s[body_at..at];
            let n = super::text::words(body).len();
            return (n >= MIN_QUOTED_WORDS).then_some(at + close.len_utf8());
        }
        k = at + close.len_utf8();
    }
    *slot = Some(body_at);
    None
}

/// True when byte `i` of `s` is not inside a word.
fn starts_word(s: &str, i: usize) -> bool {
    s[..i]
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        crate::plan::text::words(&blanked(s))
    }

    #[test]
    fn pasted_text_and_link_hosts_are_material() {
        assert_eq!(
            words("Rewrite this headline: 'An Innovative Platform for Business' for our tool"),
            ["rewrite", "this", "headline", "for", "our", "tool"]
        );
        assert_eq!(
            words("Review this email: \"Dear Sir, I hope this finds you well.\" Thanks"),
            ["review", "this", "email", "thanks"]
        );
        assert_eq!(
            words("audit https://apps.example.com/blog/id1 now"),
            ["audit", "webpage", "blog", "id1", "now"]
        );
        assert_eq!(words("see www.example.com"), ["see", "webpage"]);
        assert_eq!(
            words("read https://example.org/essays/great.html?x=1, then"),
            ["read", "webpage", "essays", "great", "html", "x", "1", "then"]
        );
        // A link to a file is not a page.
        assert_eq!(
            words("fetch https://raw.example.com/app/README.md"),
            ["fetch", "app", "readme", "md"]
        );
        assert_eq!(words("see http://a.io/x.png"), ["see", "x", "png"]);
    }

    #[test]
    fn names_and_apostrophes_stay() {
        for s in [
            "apply the 'So What' sweep",
            "it's the users' data, don't drop it",
            "when I say \"ship it\" ship it",
        ] {
            assert_eq!(blanked(s), s, "{s}");
        }
    }

    #[test]
    fn openings_without_a_close_are_read_once() {
        // Quadratic before: each opening searched to the end of the text.
        let s = "'a ".repeat(20_000);
        assert_eq!(blanked(&s), s);
        let s = format!("{} 'one two three four' x", "\u{201c}".repeat(20_000));
        assert_eq!(words(&s), ["x"]);
    }

    #[test]
    fn offsets_are_kept() {
        let s = "a 'one two three four' b";
        assert_eq!(blanked(s).len(), s.len());
    }

    proptest::proptest! {
        #[test]
        fn any_text_keeps_its_length_and_its_other_words(
            s in "([a-z]{1,5}|[ '\"./:]|https://|www\\.|é|\u{201c}|\u{2019}){0,40}"
        ) {
            let b = blanked(&s);
            proptest::prop_assert_eq!(b.len(), s.len());
            // Each character stays or becomes one space per byte, but for
            // a link to a page, which opens with the word for it.
            let mut pages = Vec::new();
            for (from, to) in spans(&s) {
                if b[from..to].starts_with(PAGE) {
                    proptest::prop_assert!(b[from + PAGE.len()..to].bytes().all(|x| x == b' '));
                    pages.push(from..to);
                }
            }
            for (i, c) in s.char_indices().filter(|(i, _)| !pages.iter().any(|p| p.contains(i))) {
                let r = i..i + c.len_utf8();
                let kept = b.get(r.clone()) == s.get(r.clone());
                proptest::prop_assert!(kept || b.as_bytes()[r].iter().all(|&x| x == b' '));
            }
        }
    }
}
