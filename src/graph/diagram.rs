//! Names made safe for diagram languages: Mermaid ids and labels, DOT
//! strings. Shared by the catalog graph, plans and GES graphs.
//!
//! Invariants: [`mermaid_id`] is injective (two different names never share
//! an id, `a-b` and `a_b` included) and never a Mermaid keyword (`end`,
//! `graph`, `style`, `class`, `subgraph`, `click`, …); [`mermaid_label`]
//! and [`dot_string`] cannot end their quoted string or start a new line.

/// A Mermaid node id for `name`: `n_` then letters and digits kept, every
/// other character written as `_<hex>_`.
pub fn mermaid_id(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    out.push_str("n_");
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else {
            out.push_str(&format!("_{:x}_", c as u32));
        }
    }
    out
}

/// Text for inside a Mermaid `"…"` label: quotes, angle brackets, `#` and
/// line breaks written as entities or spaces.
pub fn mermaid_label(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("#quot;"),
            '#' => out.push_str("#35;"),
            '<' => out.push_str("#lt;"),
            '>' => out.push_str("#gt;"),
            '|' => out.push_str("#124;"),
            '`' => out.push_str("#96;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A DOT double-quoted string for `text`.
pub fn dot_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_injective_and_never_keywords() {
        assert_ne!(mermaid_id("a-b"), mermaid_id("a_b"));
        assert_ne!(mermaid_id("a:b"), mermaid_id("a_3a_b"));
        for kw in [
            "end", "start", "graph", "style", "class", "subgraph", "click",
        ] {
            assert!(mermaid_id(kw).starts_with("n_"));
        }
        assert_eq!(mermaid_id("plan-change"), "n_plan_2d_change");
    }

    #[test]
    fn labels_cannot_break_out() {
        let l = mermaid_label("x\"]\nclick n_a call evil()");
        assert!(!l.contains('"') && !l.contains('\n'), "{l}");
        let d = dot_string("a\"b\\\nc");
        assert_eq!(d, "\"a\\\"b\\\\\\nc\"");
    }
}
