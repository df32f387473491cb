//! `{{path}}` placeholders: finding them, looking their values up, and
//! filling them into text (prompts, guards judged by the runner).
//!
//! A placeholder is `{{` text without `}` `}}`, as the GES project's
//! `expandTemplate` reads it; its path is dotted (`plan.tasks`, `list.0`).
//! A placeholder with no value (or a null one) stays as written, and the
//! caller hears about it. Commands never go through [`fill`]: see
//! [`super::shell`].

use serde_json::Value as Json;
use std::collections::BTreeMap;

/// One `{{…}}` in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placeholder {
    /// Byte range of the whole `{{…}}`.
    pub start: usize,
    pub end: usize,
    /// The trimmed inside.
    pub path: String,
}

impl Placeholder {
    /// The first segment of the path, when it is a name.
    pub fn root(&self) -> Option<&str> {
        let root = self.path.split('.').next().unwrap_or_default().trim();
        let ok = !root.is_empty()
            && root
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '$');
        ok.then_some(root)
    }
}

/// Every placeholder in `text`, in order.
pub fn placeholders(text: &str) -> Vec<Placeholder> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("{{") {
        let start = from + i;
        let inner = &text[start + 2..];
        let len = inner.find('}').unwrap_or(inner.len());
        if len > 0 && inner[len..].starts_with("}}") {
            out.push(Placeholder {
                start,
                end: start + 2 + len + 2,
                path: inner[..len].trim().to_string(),
            });
            from = start + 2 + len + 2;
        } else {
            from = start + 1;
        }
    }
    out
}

/// The root names `text` refers to.
pub fn roots(text: &str) -> Vec<String> {
    placeholders(text)
        .iter()
        .filter_map(|p| p.root().map(str::to_string))
        .collect()
}

/// The value at a dotted `path`; array items by index.
pub fn lookup<'a>(vars: &'a BTreeMap<String, Json>, path: &str) -> Option<&'a Json> {
    let mut parts = path.split('.').map(str::trim);
    let mut v = vars.get(parts.next()?)?;
    for p in parts {
        v = match v {
            Json::Object(m) => m.get(p)?,
            Json::Array(a) => a.get(p.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    (!v.is_null()).then_some(v)
}

/// A value as text: strings as they are, everything else as JSON.
pub fn text_of(v: &Json) -> String {
    match v {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Fills every placeholder that has a value; the others stay as written
/// and their paths are pushed to `unresolved`.
pub fn fill(text: &str, vars: &BTreeMap<String, Json>, unresolved: &mut Vec<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for p in placeholders(text) {
        out.push_str(&text[last..p.start]);
        match lookup(vars, &p.path) {
            Some(v) => out.push_str(&text_of(v)),
            None => {
                out.push_str(&text[p.start..p.end]);
                unresolved.push(p.path.clone());
            }
        }
        last = p.end;
    }
    out.push_str(&text[last..]);
    out
}

/// The path a `loop.over` names: `{{x}}`, `{{ plan.tasks }}` or `plan.tasks`.
pub fn loop_path(over: &str) -> String {
    let t = over.trim();
    match placeholders(t).as_slice() {
        [p] if p.start == 0 && p.end == t.len() => p.path.clone(),
        _ => t.to_string(),
    }
}

/// Fills placeholders into a CEL guard: as a literal of the value outside
/// a string, as escaped text inside one. One without a value stays as
/// written (so the guard is not CEL and goes to the runner).
pub fn fill_cel(text: &str, vars: &BTreeMap<String, Json>, unresolved: &mut Vec<String>) -> String {
    let mut out = String::new();
    let mut last = 0;
    for p in placeholders(text) {
        out.push_str(&text[last..p.start]);
        let quote = open_quote(&text[..p.start]);
        match lookup(vars, &p.path) {
            Some(v) => match quote {
                Some(q) => out.push_str(&escape_cel(&text_of(v), q)),
                None => out.push_str(&cel_literal(v)),
            },
            None => {
                out.push_str(&text[p.start..p.end]);
                unresolved.push(p.path.clone());
            }
        }
        last = p.end;
    }
    out.push_str(&text[last..]);
    out
}

/// The quote character of the CEL string `prefix` ends inside, if any.
fn open_quote(prefix: &str) -> Option<char> {
    let mut open: Option<char> = None;
    let mut chars = prefix.chars();
    while let Some(c) = chars.next() {
        match open {
            Some(_) if c == '\\' => {
                chars.next();
            }
            Some(q) if c == q => open = None,
            None if c == '"' || c == '\'' => open = Some(c),
            _ => {}
        }
    }
    open
}

fn escape_cel(s: &str, quote: char) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// A CEL literal for a JSON value (JSON's syntax is CEL's for these).
fn cel_literal(v: &Json) -> String {
    match v {
        Json::Null => "null".into(),
        Json::Bool(b) => b.to_string(),
        Json::Number(n) => n.to_string(),
        Json::String(s) => format!("\"{}\"", escape_cel(s, '"')),
        Json::Array(a) => format!(
            "[{}]",
            a.iter().map(cel_literal).collect::<Vec<_>>().join(", ")
        ),
        Json::Object(m) => format!(
            "{{{}}}",
            m.iter()
                .map(|(k, v)| format!("\"{}\": {}", escape_cel(k, '"'), cel_literal(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vars() -> BTreeMap<String, Json> {
        BTreeMap::from([
            ("name".to_string(), json!("world")),
            ("count".to_string(), json!(42)),
            (
                "user".to_string(),
                json!({"name": "Alice", "tags": ["a", "b"]}),
            ),
            ("q".to_string(), json!("it's \"x\"")),
        ])
    }

    #[test]
    fn fills_values_and_keeps_unknown_ones_literal() {
        let mut missing = Vec::new();
        let t = fill(
            "hello {{name}}, count={{ count }}, {{user.name}} {{user.tags.1}} {{nope}} {{user}}",
            &vars(),
            &mut missing,
        );
        assert_eq!(
            t,
            "hello world, count=42, Alice b {{nope}} {\"name\":\"Alice\",\"tags\":[\"a\",\"b\"]}"
        );
        assert_eq!(missing, ["nope"]);
    }

    #[test]
    fn placeholders_match_the_ges_pattern() {
        let p = placeholders("a {{x}} {{}} {{ y.z }} {{ open");
        assert_eq!(
            p.iter().map(|p| p.path.as_str()).collect::<Vec<_>>(),
            ["x", "y.z"]
        );
        assert_eq!(loop_path("{{ plan.tasks }}"), "plan.tasks");
        assert_eq!(loop_path("items"), "items");
    }

    #[test]
    fn guards_get_literals_or_escaped_text() {
        let mut m = Vec::new();
        assert_eq!(
            fill_cel("{{count}} > 3 && {{user}}.name == 'Alice'", &vars(), &mut m),
            "42 > 3 && {\"name\": \"Alice\", \"tags\": [\"a\", \"b\"]}.name == 'Alice'"
        );
        assert_eq!(
            fill_cel("n == '{{q}}'", &vars(), &mut m),
            "n == 'it\\'s \"x\"'"
        );
        let g = crate::guard::Guard::parse(&fill_cel("'{{q}}' == q", &vars(), &mut m));
        assert_eq!(g.eval(&vars()), Ok(true));
    }
}
