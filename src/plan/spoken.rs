//! Words as speech typed by voice writes them: letters spelled one at a
//! time ("an m c p server", "x l s x") and a file's extension said as a
//! word ("essay dot m d"). They are read as typed ("an mcp server",
//! "essay.md"), in place: the text keeps its length, so every position
//! in it still points where it did.

use std::borrow::Cow;

/// Extensions a spoken "dot" joins to the word before it.
const EXTENSIONS: &[&str] = &[
    "csv", "doc", "docx", "go", "html", "js", "json", "md", "pdf", "png", "ppt", "pptx", "py",
    "rs", "sh", "sql", "toml", "ts", "txt", "xls", "xlsx", "yaml", "yml",
];

/// `intent` with spelled letters joined and spoken extensions written.
pub fn as_typed(intent: &str) -> Cow<'_, str> {
    // Most intents spell nothing: two one-letter words in a row or a
    // "dot" between words say where to look.
    let b = intent.as_bytes();
    let spelled = b.windows(4).any(|w| {
        w[0] == b' ' && w[1].is_ascii_alphabetic() && w[2] == b' ' && w[3].is_ascii_alphabetic()
    });
    if !spelled && !intent.contains(" dot ") {
        return Cow::Borrowed(intent);
    }
    let mut out = b.to_vec();
    join_letters(&mut out);
    join_extensions(&mut out);
    match String::from_utf8(out) {
        Ok(s) if s != intent => Cow::Owned(s),
        _ => Cow::Borrowed(intent),
    }
}

/// The words of `b` split at spaces, as byte ranges.
fn words(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &c) in b.iter().enumerate() {
        match (c == b' ', start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, b.len()));
    }
    out
}

/// Writes `text` over `b[from..to]`, padded with spaces.
fn write_over(b: &mut [u8], from: usize, to: usize, text: &[u8]) {
    b[from..from + text.len()].copy_from_slice(text);
    b[from + text.len()..to].fill(b' ');
}

/// Joins runs of one-letter words, one space apart: three or more
/// ("x l s x"), or two that are not "a" or "i" ("m d", not "a b").
fn join_letters(b: &mut [u8]) {
    let ws = words(b);
    let letters: Vec<bool> = ws
        .iter()
        .map(|&(s, e)| e == s + 1 && b[s].is_ascii_alphabetic())
        .collect();
    let mut k = 0;
    while k < ws.len() {
        let mut n = k;
        while n < ws.len() && letters[n] && (n == k || ws[n].0 == ws[n - 1].1 + 1) {
            n += 1;
        }
        let run = &ws[k..n];
        let pronoun = run
            .iter()
            .any(|&(s, _)| matches!(b[s].to_ascii_lowercase(), b'a' | b'i'));
        if run.len() >= 3 || run.len() == 2 && !pronoun {
            let joined: Vec<u8> = run
                .iter()
                .map(|&(s, _)| b[s].to_ascii_lowercase())
                .collect();
            let (from, to) = (run[0].0, run[run.len() - 1].1);
            write_over(b, from, to, &joined);
        }
        k = n.max(k + 1);
    }
}

/// Writes "name dot ext" as "name.ext" for a known extension.
fn join_extensions(b: &mut [u8]) {
    let ws = words(b);
    for t in ws.windows(3) {
        let [(s0, e0), (s1, e1), (s2, e2)] = [t[0], t[1], t[2]];
        let ext = std::str::from_utf8(&b[s2..e2])
            .unwrap_or("")
            .to_ascii_lowercase();
        let ext = ext.trim_end_matches(['.', ',', '?', '!']);
        if &b[s1..e1] != b"dot" || !EXTENSIONS.contains(&ext) || e0 == s0 {
            continue;
        }
        let mut typed = b[s0..e0].to_vec();
        typed.push(b'.');
        typed.extend_from_slice(&b[s2..e2]);
        write_over(b, s0, e2, &typed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelled_letters_and_spoken_extensions_are_read_as_typed() {
        let cases = [
            (
                "an m c p server in typescript",
                "an mcp server in typescript",
            ),
            ("budget dot x l s x", "budget.xlsx"),
            ("leave my essay dot m d alone", "leave my essay.md alone"),
            ("make a b testing plan", "make a b testing plan"),
            ("so i want a deck", "so i want a deck"),
        ];
        for (said, typed) in cases {
            let got = as_typed(said);
            let words: Vec<&str> = got.split_whitespace().collect();
            assert_eq!(words.join(" "), typed, "{said}");
            assert_eq!(got.len(), said.len(), "{said}");
        }
        // A dot that is no extension stays a word.
        assert_eq!(
            as_typed("connect the dot dot dot"),
            "connect the dot dot dot"
        );
    }

    proptest::proptest! {
        #[test]
        fn the_text_keeps_its_length(s in "[a-z .]{0,60}") {
            proptest::prop_assert_eq!(as_typed(&s).len(), s.len());
        }
    }
}
