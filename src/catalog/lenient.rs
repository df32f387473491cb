//! Reading `name` and `description` from frontmatter whose YAML does not
//! parse, for planning only (DESIGN §2).
//!
//! The commonest slip in real catalogs is an unquoted `: ` inside a
//! description (`description: Fixes X: use when…`), which is invalid YAML.
//! `re0 check` still reports the error and the lane stays unreadable
//! (user-only); this reader only lets `plan` offer the skill. It reads a
//! top-level `key: value` line literally (everything after the first `: `),
//! with its indented continuation lines, a block scalar (`|`, `>`), or a
//! quoted value, and nothing else.

/// The `name` and `description` a failed frontmatter still spells out.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Fields {
    pub name: Option<String>,
    pub description: Option<String>,
}

/// Reads `name` and `description` leniently from frontmatter text.
pub fn read(yaml: &str) -> Fields {
    let lines: Vec<&str> = crate::lines::lines(yaml).collect();
    let mut out = Fields::default();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let key = ["name", "description"]
            .into_iter()
            .find(|k| line.strip_prefix(k).is_some_and(|r| r.starts_with(':')));
        let Some(key) = key else {
            i += 1;
            continue;
        };
        let first = line[key.len() + 1..].trim();
        let rest = continuation(&lines[i + 1..]);
        i += 1 + rest.len();
        let value = value_of(first, &rest);
        let slot = if key == "name" {
            &mut out.name
        } else {
            &mut out.description
        };
        if slot.is_none() && !value.is_empty() {
            *slot = Some(value);
        }
    }
    out
}

/// The lines after a key that belong to its value: indented or blank.
fn continuation<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let mut out: Vec<&str> = lines
        .iter()
        .take_while(|l| l.trim().is_empty() || l.starts_with([' ', '\t']))
        .copied()
        .collect();
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    out
}

fn value_of(first: &str, rest: &[&str]) -> String {
    let block = first.starts_with(['|', '>'])
        && first[1..]
            .trim()
            .trim_start_matches(['-', '+'])
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start_matches(['-', '+'])
            .is_empty();
    if block {
        let sep = if first.starts_with('|') { "\n" } else { " " };
        let body: Vec<&str> = rest.iter().map(|l| l.trim()).collect();
        return body.join(sep).trim().to_string();
    }
    let mut text = first.to_string();
    for l in rest {
        let l = l.trim();
        if !l.is_empty() {
            text.push(' ');
            text.push_str(l);
        }
    }
    unquote(text.trim()).to_string()
}

/// Strips one pair of matching outer quotes.
fn unquote(s: &str) -> &str {
    for q in ['"', '\''] {
        if s.len() >= 2 && s.starts_with(q) && s.ends_with(q) {
            return &s[1..s.len() - 1];
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unquoted_colon_is_read_as_written() {
        let f = read("name: fix-ci\ndescription: Fixes CI: use when checks fail\nlicense: MIT\n");
        assert_eq!(f.name.as_deref(), Some("fix-ci"));
        assert_eq!(
            f.description.as_deref(),
            Some("Fixes CI: use when checks fail")
        );
    }

    #[test]
    fn continuations_block_scalars_and_quotes() {
        let f = read("description: Builds decks: slides,\n  charts and notes\nname: 'deck'\n");
        assert_eq!(
            f.description.as_deref(),
            Some("Builds decks: slides, charts and notes")
        );
        assert_eq!(f.name.as_deref(), Some("deck"));
        let f = read("name: x\ndescription: >-\n  Line one: a\n  line two\nmetadata:\n  a: b: c\n");
        assert_eq!(f.description.as_deref(), Some("Line one: a line two"));
        let f = read("nameless: 1\n  description: nested\n");
        assert_eq!(f, Fields::default());
    }
}
