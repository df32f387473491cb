//! Line numbers of the parts of a `.ges.yaml`, found by scanning its lines
//! (the YAML parser keeps no positions for values it has read).

use super::model::Lines;

fn indent(l: &str) -> usize {
    l.len() - l.trim_start().len()
}

fn is_blank(l: &str) -> bool {
    let t = l.trim();
    t.is_empty() || t.starts_with('#')
}

/// The key a line starts with (`key:`, `- key:`, `"key":`, `{key:`).
fn key_of(l: &str) -> Option<&str> {
    let t = l
        .trim_start()
        .trim_start_matches("- ")
        .trim_start_matches('{')
        .trim_start();
    let end = t.find(':')?;
    let k = t[..end].trim().trim_matches(|c| c == '"' || c == '\'');
    (!k.is_empty() && !k.contains(char::is_whitespace)).then_some(k)
}

/// The 1-based line of the first line whose key is `key` at any indent.
pub fn line_of(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|l| !is_blank(l) && key_of(l) == Some(key))
        .map(|i| i + 1)
}

/// The 1-based line, at or after `from`, where key `key` is written (as a
/// block key or inside a `{…}` flow mapping); else `from`.
pub fn key_after(text: &str, from: usize, key: &str) -> usize {
    let inline = [
        format!("{{{key}:"),
        format!("{{ {key}:"),
        format!(", {key}:"),
    ];
    text.lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .take(200)
        .find(|(_, l)| {
            !is_blank(l)
                && (key_of(l) == Some(key) || inline.iter().any(|p| l.contains(p.as_str())))
        })
        .map_or(from, |(i, _)| i + 1)
}

/// The value of `id:` on a line (`- id: x`, `- {id: x, ...}`).
fn id_on(l: &str) -> Option<String> {
    let i = l.find("id:")?;
    let before = l[..i].chars().last();
    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let v = l[i + 3..].trim_start();
    let v: String = v
        .chars()
        .take_while(|c| !matches!(c, ',' | '}' | '#'))
        .collect();
    Some(v.trim().trim_matches(|c| c == '"' || c == '\'').to_string())
}

/// Scans `text` for the lines of top-level keys, nodes, actions and edges.
pub fn scan(text: &str) -> Lines {
    let all: Vec<&str> = text.lines().collect();
    let mut lines = Lines::default();
    for k in [
        "schema", "entry", "terminal", "goal", "input", "output", "name", "bindings",
    ] {
        if let Some(l) = line_of(text, k) {
            lines.keys.insert(k.to_string(), l);
        }
    }
    let section = |key: &str| {
        all.iter()
            .position(|l| indent(l) == 0 && key_of(l) == Some(key))
    };
    if let Some(start) = section("nodes") {
        let mut child_indent = None;
        let mut node: Option<String> = None;
        for (i, l) in all.iter().enumerate().skip(start + 1) {
            if is_blank(l) {
                continue;
            }
            let ind = indent(l);
            if ind == 0 {
                break;
            }
            let ci = *child_indent.get_or_insert(ind);
            if ind == ci {
                if let Some(k) = key_of(l) {
                    lines.nodes.insert(k.to_string(), i + 1);
                    node = Some(k.to_string());
                }
            } else if let (Some(n), Some(id)) = (&node, id_on(l)) {
                let t = l.trim_start();
                if t.starts_with("- ") || t.starts_with("id:") || t.starts_with("{") {
                    lines.actions.entry((n.clone(), id)).or_insert(i + 1);
                }
            }
        }
    }
    if let Some(start) = section("edges") {
        for (i, l) in all.iter().enumerate().skip(start + 1) {
            if is_blank(l) {
                continue;
            }
            if indent(l) == 0 && !l.starts_with('-') {
                break;
            }
            if l.trim_start().starts_with("- ") || l.trim_start() == "-" {
                lines.edges.push(Some(i + 1));
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nodes_actions_and_edges() {
        let text = "schema: ges/1.0\nmeta: {name: t, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions:\n      - id: one\n        run: x\n      - {id: two, prompt: y}\n  b:\n    actions: [{id: three, prompt: z}]\nedges:\n  - {from: a, to: b}\n  - from: b\n    to: end\n";
        let l = scan(text);
        assert_eq!(l.node("a"), Some(4));
        assert_eq!(l.node("b"), Some(9));
        assert_eq!(l.action("a", "one"), Some(6));
        assert_eq!(l.action("a", "two"), Some(8));
        assert_eq!(l.edge(0), Some(12));
        assert_eq!(l.edge(1), Some(13));
        assert_eq!(l.key("schema"), Some(1));
    }
}
