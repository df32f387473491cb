//! A fast path for the frontmatter most skills have: a block mapping of
//! `key: scalar` lines, with at most one nested level (`metadata:`) and
//! folded or literal descriptions. It builds the same [`Mapping`] that
//! serde_yaml builds, or says it cannot decide (`None`), and then the full
//! parser reads the text: the fast path never reports an error itself.
//!
//! It decides only what it reads exactly as YAML 1.2 (as serde_yaml 0.9
//! resolves it) does:
//! - keys: `[A-Za-z_][A-Za-z0-9_.-]*`, not `true`/`null`…, each once;
//! - plain scalars not starting with an indicator, a sign, `.` or `~`,
//!   without `: `, ` #` or a final `:`; `true`/`false`/`null` and their
//!   capitalised spellings are booleans and null, as in serde_yaml; of
//!   those starting with a digit only plain integers, `1.5`, versions and
//!   dates;
//! - single-line quoted scalars (`"…"` without escapes, `'…'`);
//! - block scalars `|`, `|-`, `>`, `>-` whose lines all share one
//!   indentation, with no trailing spaces and only empty blank lines;
//! - full-line comments and blank lines between entries.
//!
//! Anything else (tabs, sequences, flow collections, anchors, aliases, tags,
//! multi-line plain or quoted scalars, escapes, deeper nesting, characters
//! YAML does not allow unescaped) returns `None`.

use serde_yaml::mapping::Entry;
use serde_yaml::{Mapping, Value};

/// Longest key read here (libyaml's simple-key limit is 1024).
const MAX_KEY: usize = 128;

/// The mapping `yaml` denotes, or `None` when only the full parser can say.
pub fn parse(yaml: &str) -> Option<Mapping> {
    if !yaml.ends_with('\n') || !all_allowed(yaml) {
        return None;
    }
    // A `\r` anywhere but right before a line break is for the full parser.
    let bytes = yaml.as_bytes();
    if !memchr::memchr_iter(b'\r', bytes).all(|i| bytes.get(i + 1) == Some(&b'\n')) {
        return None;
    }
    let lines: Vec<&str> = crate::lines::terminated(yaml)
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut p = Reader { lines, at: 0 };
    let map = p.mapping(0)?;
    (!map.is_empty() && p.at == p.lines.len()).then_some(map)
}

/// [`allowed`] for every character, a byte at a time where it is ASCII.
fn all_allowed(yaml: &str) -> bool {
    let ascii_ok = |b: u8| matches!(b, b'\n' | b'\r' | b' '..=b'~');
    // Checked a block at a time without stopping early, which the compiler
    // turns into vector code; one bad byte is rare.
    let fine = yaml.as_bytes().chunks(64).all(|c| {
        c.iter()
            .fold(true, |ok, &b| ok & (b >= 0x80 || ascii_ok(b)))
    });
    if fine {
        yaml.is_ascii() || yaml.chars().all(allowed)
    } else {
        false
    }
}

/// Characters YAML accepts unescaped (libyaml's printable set), without
/// tabs, BOMs and the Unicode line separators.
fn allowed(c: char) -> bool {
    matches!(c, '\n' | '\r' | ' '..='~' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        && !matches!(c, '\u{feff}' | '\u{2028}' | '\u{2029}')
}

struct Reader<'a> {
    lines: Vec<&'a str>,
    at: usize,
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// Blank, or a comment line: no content.
fn is_skippable(line: &str) -> bool {
    let t = line.trim_start_matches(' ');
    t.is_empty() || t.starts_with('#')
}

impl<'a> Reader<'a> {
    /// Skips blank and comment lines; the next content line's indentation.
    fn next_indent(&mut self) -> Option<usize> {
        while self.at < self.lines.len() && is_skippable(self.lines[self.at]) {
            self.at += 1;
        }
        self.lines.get(self.at).map(|l| indent_of(l))
    }

    /// The block mapping whose keys are at `indent` (0: top level; more:
    /// the one nested level).
    fn mapping(&mut self, indent: usize) -> Option<Mapping> {
        let mut map = Mapping::new();
        while let Some(n) = self.next_indent() {
            if n < indent {
                break;
            }
            if n > indent {
                return None;
            }
            let line = &self.lines[self.at][indent..];
            self.at += 1;
            let (key, rest) = split_key(line)?;
            let value = if rest.is_empty() {
                self.empty_value(indent)?
            } else if let Some(header) = block_header(rest) {
                self.block_scalar(indent, header)?
            } else {
                scalar(rest)?
            };
            match map.entry(Value::String(key.to_string())) {
                Entry::Occupied(_) => return None,
                Entry::Vacant(slot) => {
                    slot.insert(value);
                }
            }
        }
        Some(map)
    }

    /// A key with nothing after it: null, or (at top level) a nested mapping.
    fn empty_value(&mut self, indent: usize) -> Option<Value> {
        let save = self.at;
        match self.next_indent() {
            Some(n) if n > indent => {
                if indent > 0 {
                    return None;
                }
                let nested = self.mapping(n)?;
                // The nested block ends at a line back at this level.
                match self.next_indent() {
                    Some(m) if m != indent => None,
                    _ => Some(Value::Mapping(nested)),
                }
            }
            _ => {
                self.at = save;
                Some(Value::Null)
            }
        }
    }

    /// The body of a block scalar whose key is at `indent`.
    fn block_scalar(&mut self, indent: usize, h: Header) -> Option<Value> {
        let first = *self.lines.get(self.at)?;
        let n = indent_of(first);
        if n <= indent || first.len() == n {
            return None;
        }
        let mut parts: Vec<&str> = Vec::new();
        while let Some(&line) = self.lines.get(self.at) {
            if line.is_empty() {
                parts.push("");
            } else if indent_of(line) == n {
                if line.ends_with(' ') {
                    return None;
                }
                parts.push(&line[n..]);
            } else if line.trim_start_matches(' ').is_empty() || indent_of(line) > n {
                return None;
            } else {
                break;
            }
            self.at += 1;
        }
        while parts.last() == Some(&"") {
            parts.pop();
        }
        let mut out = String::new();
        let mut blanks = 0;
        for (i, part) in parts.iter().enumerate() {
            if part.is_empty() {
                blanks += 1;
                continue;
            }
            if i > 0 {
                if h.folded && blanks == 0 {
                    out.push(' ');
                } else {
                    let breaks = if h.folded { blanks } else { blanks + 1 };
                    out.extend(std::iter::repeat_n('\n', breaks));
                }
            }
            blanks = 0;
            out.push_str(part);
        }
        if !h.strip {
            out.push('\n');
        }
        Some(Value::String(out))
    }
}

/// `key: rest` or `key:` at the start of a line (indentation removed).
fn split_key(line: &str) -> Option<(&str, &str)> {
    let colon = line.find(':')?;
    let (key, after) = (&line[..colon], &line[colon + 1..]);
    let rest = match after.strip_prefix(' ') {
        Some(r) => r.trim_matches(' '),
        None if after.is_empty() => "",
        None => return None,
    };
    let mut chars = key.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    let ok = first_ok
        && key.len() <= MAX_KEY
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        && keyword(key).is_none();
    ok.then_some((key, rest))
}

/// serde_yaml's reading of the null and boolean spellings (YAML 1.2 core).
fn keyword(s: &str) -> Option<Value> {
    match s {
        "null" | "Null" | "NULL" => Some(Value::Null),
        "true" | "True" | "TRUE" => Some(Value::Bool(true)),
        "false" | "False" | "FALSE" => Some(Value::Bool(false)),
        _ => None,
    }
}

#[derive(Clone, Copy)]
struct Header {
    folded: bool,
    strip: bool,
}

fn block_header(rest: &str) -> Option<Header> {
    let (folded, strip) = match rest {
        "|" => (false, false),
        "|-" => (false, true),
        ">" => (true, false),
        ">-" => (true, true),
        _ => return None,
    };
    Some(Header { folded, strip })
}

/// A one-line scalar value (already trimmed, not empty).
fn scalar(v: &str) -> Option<Value> {
    if let Some(inner) = v.strip_prefix('"') {
        let inner = inner.strip_suffix('"')?;
        return (!inner.contains(['"', '\\'])).then(|| Value::String(inner.to_string()));
    }
    if let Some(inner) = v.strip_prefix('\'') {
        let inner = inner.strip_suffix('\'')?;
        if inner.replace("''", "").contains('\'') {
            return None;
        }
        return Some(Value::String(inner.replace("''", "'")));
    }
    let first = v.chars().next()?;
    let indicator = "-?:,[]{}#&*!|>'\"%@`";
    if indicator.contains(first) || matches!(first, '+' | '.' | '~') {
        return None;
    }
    if first.is_ascii_digit() {
        return numeric(v);
    }
    if v.contains(": ") || v.contains(" #") || v.ends_with(':') {
        return None;
    }
    Some(keyword(v).unwrap_or_else(|| Value::String(v.to_string())))
}

/// A plain scalar starting with a digit, for the few shapes whose reading
/// by serde_yaml is plain: an integer without leading zeros that fits
/// u64, `digits.digits` (a float), digits with a leading zero, a version
/// (`1.2.3`, two dots or more) or a date (`2025-01-31`), the last three
/// text. Anything else (hex, exponents, signs, huge numbers) is `None`.
fn numeric(v: &str) -> Option<Value> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let parts: Vec<&str> = v.split('.').collect();
    if !parts.iter().all(|p| digits(p)) {
        let d: Vec<&str> = v.split('-').collect();
        let date = d.len() == 3
            && d.iter()
                .zip([4, 2, 2])
                .all(|(p, n)| p.len() == n && digits(p));
        return date.then(|| Value::String(v.to_string()));
    }
    match parts.len() {
        1 if v.len() > 1 && v.starts_with('0') => Some(Value::String(v.to_string())),
        1 => v.parse::<u64>().ok().map(Value::from),
        2 => v
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(Value::from),
        n if n >= 3 => Some(Value::String(v.to_string())),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
