//! Splitting a `SKILL.md` into its YAML frontmatter and Markdown body.
//!
//! The rules (DESIGN §2) are line-based: after an optional UTF-8 BOM the first
//! line must be exactly `---`; the frontmatter ends at the next line that is
//! exactly `---` or `...`. A `---` inside a YAML value (quoted, or indented in
//! a block scalar) is therefore never a fence. `\r\n` line ends are accepted.
//!
//! Invariant: [`Split::yaml_line`] is the 1-based line of the file on which the
//! YAML text starts, so a YAML error at line `n` of the snippet is at line
//! `yaml_line + n - 1` of the file.

/// The two halves of a skill file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split<'a> {
    /// The YAML text between the fences (without them).
    pub yaml: &'a str,
    /// 1-based file line of the first YAML line.
    pub yaml_line: usize,
    /// The Markdown after the closing fence.
    pub body: &'a str,
}

/// Why a file has no usable frontmatter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenceError {
    /// The first line is not `---`.
    Missing,
    /// The opening fence has no closing line.
    Unclosed,
}

const BOM: &str = "\u{feff}";

/// Removes a leading UTF-8 byte-order mark.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

fn is_fence(line: &str, closing: bool) -> bool {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let line = line.trim_end_matches([' ', '\t']);
    line == "---" || (closing && line == "...")
}

/// Splits `text` (already decoded, BOM allowed) at its frontmatter fences.
pub fn split(text: &str) -> Result<Split<'_>, FenceError> {
    let text = strip_bom(text);
    let (first, rest) = match text.find('\n') {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, ""),
    };
    if !is_fence(first, false) {
        return Err(FenceError::Missing);
    }
    let mut offset = 0;
    for line in crate::lines::inclusive(rest) {
        let content = line.strip_suffix('\n').unwrap_or(line);
        if is_fence(content, true) {
            return Ok(Split {
                yaml: &rest[..offset],
                yaml_line: 2,
                body: &rest[offset + line.len()..],
            });
        }
        offset += line.len();
    }
    Err(FenceError::Unclosed)
}

/// Line numbers (1-based, in the file) of the keys of a block-style mapping,
/// found by reading the YAML text line by line. This is not a second YAML
/// parse: it only lets findings point at the line where a key is written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyLines {
    top: Vec<(String, usize)>,
    metadata: Vec<(String, usize)>,
}

impl KeyLines {
    /// Indexes the top-level keys of `yaml` and the keys directly under a
    /// top-level `metadata:` block. `first_line` is the file line of the
    /// first YAML line.
    pub fn index(yaml: &str, first_line: usize) -> Self {
        let mut out = KeyLines::default();
        let mut in_metadata = false;
        let mut metadata_indent: Option<usize> = None;
        for (i, raw) in crate::lines::lines(yaml).enumerate() {
            let line_no = first_line + i;
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let indent = line.len() - trimmed.len();
            if indent == 0 {
                in_metadata = false;
                if let Some(key) = key_of(trimmed) {
                    in_metadata = key == "metadata";
                    metadata_indent = None;
                    out.top.push((key, line_no));
                }
            } else if in_metadata {
                let want = *metadata_indent.get_or_insert(indent);
                if indent == want {
                    if let Some(key) = key_of(trimmed) {
                        out.metadata.push((key, line_no));
                    }
                }
            }
        }
        out
    }

    /// The line of top-level `key`, if written in block style.
    pub fn top(&self, key: &str) -> Option<usize> {
        self.top.iter().find(|(k, _)| k == key).map(|(_, l)| *l)
    }

    /// The line of `metadata.key`, if written in block style.
    pub fn metadata(&self, key: &str) -> Option<usize> {
        self.metadata
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, l)| *l)
    }
}

/// The key of a `key: value` line, unquoted; `None` for list items and
/// lines without a mapping colon.
fn key_of(line: &str) -> Option<String> {
    if line.starts_with('-') || line.starts_with('[') || line.starts_with('{') {
        return None;
    }
    let (key, quoted) = if let Some(rest) = line.strip_prefix('"') {
        (rest.split('"').next()?, true)
    } else if let Some(rest) = line.strip_prefix('\'') {
        (rest.split('\'').next()?, true)
    } else {
        let colon = line
            .find(": ")
            .or_else(|| line.strip_suffix(':').map(|s| s.len()))?;
        (&line[..colon], false)
    };
    let key = if quoted { key } else { key.trim_end() };
    if key.is_empty() {
        None
    } else {
        Some(key.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_plain_frontmatter() {
        let s = split("---\nname: a\n---\nbody\n").unwrap();
        assert_eq!(s.yaml, "name: a\n");
        assert_eq!(s.yaml_line, 2);
        assert_eq!(s.body, "body\n");
    }

    #[test]
    fn accepts_bom_crlf_and_dots() {
        let s = split("\u{feff}---\r\nname: a\r\n...\r\nbody").unwrap();
        assert_eq!(s.yaml, "name: a\r\n");
        assert_eq!(s.body, "body");
    }

    #[test]
    fn dashes_inside_a_value_are_not_a_fence() {
        let text = "---\ndescription: \"a --- b\"\nx: |\n  ---\n  more\n---\n";
        let s = split(text).unwrap();
        assert!(s.yaml.contains("more"));
        assert_eq!(s.body, "");
    }

    #[test]
    fn missing_and_unclosed() {
        assert_eq!(split("# title\n"), Err(FenceError::Missing));
        assert_eq!(split(""), Err(FenceError::Missing));
        assert_eq!(split("---\nname: a\n"), Err(FenceError::Unclosed));
        assert_eq!(split("---"), Err(FenceError::Unclosed));
    }

    #[test]
    fn opening_dots_are_not_a_fence() {
        assert_eq!(split("...\nname: a\n---\n"), Err(FenceError::Missing));
    }

    #[test]
    fn key_lines_index_top_and_metadata() {
        let yaml = "name: a\n# c\ndescription: >\n  long\nmetadata:\n  requires: plan\n  nested:\n    deep: x\n  produces: diff\n\"quoted\": 1\n";
        let k = KeyLines::index(yaml, 2);
        assert_eq!(k.top("name"), Some(2));
        assert_eq!(k.top("description"), Some(4));
        assert_eq!(k.top("metadata"), Some(6));
        assert_eq!(k.metadata("requires"), Some(7));
        assert_eq!(k.metadata("deep"), None);
        assert_eq!(k.metadata("produces"), Some(10));
        assert_eq!(k.top("quoted"), Some(11));
    }
}
