//! Cutting text into lines, as `str`'s own iterators do, with one
//! vectorised search for line breaks across the text.
//!
//! `str::lines` and `split_inclusive('\n')` start a new search at every
//! line; on frontmatter, whose lines are short, starting it costs more
//! than the search. Reading a catalog cuts every skill file into lines
//! four times (the fences, the YAML, the key lines, the body summary), so
//! these iterators give the same lines from one `memchr` iterator.

/// The lines of `text` with their `\n` (the last may have none): what
/// `text.split_inclusive('\n')` gives.
pub fn inclusive(text: &str) -> Inclusive<'_> {
    Inclusive {
        text,
        at: 0,
        breaks: memchr::memchr_iter(b'\n', text.as_bytes()),
    }
}

/// The lines of `text` without their `\n`, and no empty line after a last
/// `\n`: what `text.split_terminator('\n')` gives.
pub fn terminated(text: &str) -> impl Iterator<Item = &str> {
    inclusive(text).map(|l| l.strip_suffix('\n').unwrap_or(l))
}

/// The lines of `text` without `\n` or `\r\n`: what `text.lines()` gives.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    inclusive(text).map(|l| match l.strip_suffix('\n') {
        Some(l) => l.strip_suffix('\r').unwrap_or(l),
        None => l,
    })
}

/// See [`inclusive`].
pub struct Inclusive<'a> {
    text: &'a str,
    at: usize,
    breaks: memchr::Memchr<'a>,
}

impl<'a> Iterator for Inclusive<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.at >= self.text.len() {
            return None;
        }
        let end = self.breaks.next().map_or(self.text.len(), |i| i + 1);
        // `\n` is one byte and never inside a character: `end` is a
        // character boundary.
        let line = self.text.get(self.at..end)?;
        self.at = end;
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges() {
        for text in [
            "",
            "\n",
            "a",
            "a\n",
            "a\r\n",
            "a\r",
            "\n\nb",
            "a\r\nb\r\n\r\n",
            "é\n—\r\n",
        ] {
            assert_eq!(
                inclusive(text).collect::<Vec<_>>(),
                text.split_inclusive('\n').collect::<Vec<_>>(),
                "{text:?}"
            );
            assert_eq!(
                terminated(text).collect::<Vec<_>>(),
                text.split_terminator('\n').collect::<Vec<_>>(),
                "{text:?}"
            );
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                text.lines().collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn lines_are_those_of_str(text in "([a-z \\r\\n]|\\PC){0,60}") {
            proptest::prop_assert_eq!(inclusive(&text).collect::<Vec<_>>(), text.split_inclusive('\n').collect::<Vec<_>>());
            proptest::prop_assert_eq!(terminated(&text).collect::<Vec<_>>(), text.split_terminator('\n').collect::<Vec<_>>());
            proptest::prop_assert_eq!(lines(&text).collect::<Vec<_>>(), text.lines().collect::<Vec<_>>());
        }
    }
}
