//! Text written by someone else, made safe to show: catalog descriptions,
//! intents, state notes, error messages that quote a file.
//!
//! Invariants: [`clean`] output holds no control characters (no escape
//! sequence can reach the terminal) and [`clip`] cuts on character
//! boundaries, never inside one.

use std::borrow::Cow;

fn is_control(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` on one line with every control character shown as an escape
/// (`\n`, `\t`, `\u{1b}`), so nothing in it acts on the terminal.
pub fn clean(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_control(c) => out.push_str(&c.escape_unicode().to_string()),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Like [`clean`], but keeps line breaks and tabs (for multi-line text such
/// as a description shown on its own).
pub fn clean_lines(text: &str) -> Cow<'_, str> {
    if !text
        .chars()
        .any(|c| is_control(c) && c != '\n' && c != '\t')
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            c if is_control(c) => out.push_str(&c.escape_unicode().to_string()),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// At most `max` characters of `text`, ending in `…` when cut.
pub fn clip(text: &str, max: usize) -> Cow<'_, str> {
    // No more bytes than `max` is no more characters; ASCII text has one
    // byte per character (a body summary is clipped for every skill).
    if text.len() <= max {
        return Cow::Borrowed(text);
    }
    if text.is_ascii() {
        return Cow::Owned(format!("{}…", &text[..max.saturating_sub(1)]));
    }
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some(_) => {
            let keep = max.saturating_sub(1);
            let end = text.char_indices().nth(keep).map_or(text.len(), |(i, _)| i);
            Cow::Owned(format!("{}…", &text[..end]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_never_reach_the_terminal() {
        assert_eq!(clean("plain"), "plain");
        assert_eq!(clean("a\u{1b}[31mred\nb"), "a\\u{1b}[31mred\\nb");
        assert_eq!(clean("\u{9b}x"), "\\u{9b}x");
        assert_eq!(clean_lines("a\nb\u{7}"), "a\nb\\u{7}");
        assert_eq!(clean("rtl\u{202e}txt"), "rtl\\u{202e}txt");
    }

    #[test]
    fn clip_cuts_on_character_boundaries() {
        assert_eq!(clip("short", 10), "short");
        assert_eq!(clip("ééééé", 3), "éé…");
        assert_eq!(clip("abcdef", 6), "abcdef");
        assert_eq!(clip("abcdefg", 6), "abcde…");
        assert_eq!(clip("abcdefg", 0), "…");
        assert_eq!(clip("éé", 0), "…");
        assert_eq!(clip("aéé", 2), "a…");
    }
}
