//! A guard in front of the YAML parser: text nested deeper than any real
//! frontmatter or configuration is refused before it is parsed, in one
//! pass over the text, so a small file nested 50,000 deep cannot make
//! parsing slow (serde_yaml would refuse it anyway, but only after the
//! parser has worked through every level).
//!
//! The count is conservative: every open flow bracket (`[`, `{`) outside
//! quotes and comments, every block indentation level, and every `- ` or
//! `? ` that starts a nested node on the same line counts one level.
//!
//! [`fast`] reads the common frontmatter shape without the full parser
//! (nesting at most two levels, so it needs no guard) and leaves the rest
//! to it.

pub mod fast;

/// The value of string key `key` in `map`. Frontmatter mappings hold a
/// handful of keys, and reading one by one costs less than hashing each
/// looked-up key as a YAML value (which `Mapping::get` does, with SipHash);
/// a large mapping is looked up by hash.
pub fn get<'m>(map: &'m serde_yaml::Mapping, key: &str) -> Option<&'m serde_yaml::Value> {
    if map.len() > 16 {
        return map.get(key);
    }
    // A plain string key, as `Mapping::get` matches it (not a tagged one).
    map.iter()
        .find(|(k, _)| matches!(k, serde_yaml::Value::String(s) if s == key))
        .map(|(_, v)| v)
}

/// Deepest nesting accepted. serde_yaml itself stops at 128.
pub const MAX_DEPTH: usize = 64;

/// Where text nests too deep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooDeep {
    /// 1-based line in the text.
    pub line: usize,
    pub depth: usize,
}

impl std::fmt::Display for TooDeep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the YAML nests more than {MAX_DEPTH} levels deep (line {}); it is not parsed",
            self.line
        )
    }
}

/// Leading `- ` / `? ` markers of a block line: each opens a level.
fn block_markers(line: &str) -> usize {
    let mut n = 0;
    let mut rest = line;
    while let Some(r) = rest
        .strip_prefix("- ")
        .or_else(|| rest.strip_prefix("? "))
        .or_else(|| rest.strip_prefix("-\t"))
    {
        n += 1;
        rest = r.trim_start_matches([' ', '\t']);
    }
    n
}

/// Checks that `text` nests at most [`MAX_DEPTH`] levels deep.
pub fn check_depth(text: &str) -> Result<(), TooDeep> {
    let mut indents: Vec<usize> = Vec::new();
    let mut flow = 0usize;
    let mut quote: Option<char> = None;
    // A block scalar (`|`, `>`) body is text, not structure.
    let mut scalar_at: Option<usize> = None;
    for (i, raw) in crate::lines::lines(text).enumerate() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let body = line.trim_start_matches([' ', '\t']);
        let indent = line.len() - body.len();
        if let Some(at) = scalar_at {
            if body.is_empty() || indent > at {
                continue;
            }
            scalar_at = None;
        }
        if body.is_empty() || (quote.is_none() && flow == 0 && body.starts_with('#')) {
            continue;
        }
        if quote.is_none() && flow == 0 {
            while indents.last().is_some_and(|&top| top >= indent) {
                indents.pop();
            }
            indents.push(indent);
        }
        let markers = block_markers(body);
        let mut depth = indents.len() + flow + markers;
        let mut prev = ' ';
        for c in body.chars() {
            match quote {
                Some('\'') if c == '\'' => quote = None,
                Some('"') if c == '"' && prev != '\\' => quote = None,
                Some(_) => {}
                None => match c {
                    '#' if prev == ' ' || prev == '\t' => break,
                    '\'' | '"' if matches!(prev, ' ' | '\t' | '[' | '{' | ',' | ':') => {
                        quote = Some(c)
                    }
                    '[' | '{' => {
                        flow += 1;
                        depth = depth.max(indents.len() + flow + markers);
                    }
                    ']' | '}' => flow = flow.saturating_sub(1),
                    _ => {}
                },
            }
            prev = c;
        }
        if depth > MAX_DEPTH {
            return Err(TooDeep { line: i + 1, depth });
        }
        let trimmed = body.trim_end();
        if quote.is_none()
            && flow == 0
            && (trimmed.ends_with('|')
                || trimmed.ends_with('>')
                || trimmed.ends_with("|-")
                || trimmed.ends_with(">-"))
        {
            scalar_at = Some(indent);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_yaml_passes() {
        let text = "name: a\ndescription: >\n  [[[[ not structure\nmetadata:\n  requires: [a, b]\n  x: \"[[[\"\n  y: '{{{'\nlist:\n  - - a\n    - b\n";
        assert_eq!(check_depth(text), Ok(()));
    }

    #[test]
    fn deep_flow_and_block_nesting_are_refused() {
        let flow = format!("a: {}{}\n", "[".repeat(50_000), "]".repeat(50_000));
        assert_eq!(check_depth(&flow).unwrap_err().line, 1);
        let dashes = format!("a:\n  {}x\n", "- ".repeat(100));
        assert_eq!(check_depth(&dashes).unwrap_err().line, 2);
        let mut block = String::new();
        for d in 0..100 {
            block.push_str(&format!("{}k{d}:\n", " ".repeat(d)));
        }
        assert!(check_depth(&block).is_err());
    }
}

#[cfg(test)]
mod get_tests {
    use serde_yaml::{Mapping, Value};

    proptest::proptest! {
        /// `get` finds what `Mapping::get` finds, in small and large maps,
        /// with tagged and non-string keys beside plain ones.
        #[test]
        fn get_is_mappings_get(keys in proptest::collection::vec("[a-c]{1,2}", 0..24), probe in "[a-c]{1,2}", tagged in proptest::bool::ANY) {
            let mut m = Mapping::new();
            for (i, k) in keys.iter().enumerate() {
                let key = if tagged && i % 3 == 0 {
                    Value::Tagged(Box::new(serde_yaml::value::TaggedValue {
                        tag: serde_yaml::value::Tag::new("t"),
                        value: Value::String(k.clone()),
                    }))
                } else if i % 5 == 4 {
                    Value::Number(i.into())
                } else {
                    Value::String(k.clone())
                };
                m.insert(key, Value::Number(i.into()));
            }
            proptest::prop_assert_eq!(super::get(&m, &probe), m.get(probe.as_str()));
        }
    }
}
