//! Reading `*.ges.md` (GES v2.0, Markdown-native) into a [`Graph`].
//!
//! The file is YAML frontmatter (`schema`, `name`, `goal`, `bindings`,
//! `input`, `output`, `description`), a `<graph>` block of `<node>`,
//! `<action>`, `<edge>` and `<join>` tags, and prompts in `## [id]` sections.
//! The tags are not XML: they are matched the way the GES project's own
//! loader (`md-loader.ts`) matches them — attribute values only in double
//! quotes, no entity decoding, a bare attribute (`entry`) is an empty value,
//! the first `<graph>…</graph>` wins, a `## [id]` inside a code fence is
//! text. Where that loader silently drops a tag it cannot match, re0 reports
//! it.

use super::model::{Action, Edge, Graph, Lines, LoopSpec, Meta, Node, Remark, Verify, Version};
use super::LoadError;
use indexmap::IndexMap;
use regex::Regex;
use serde_yaml::Value as Yaml;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

/// Attribute text: runs without `>`, `"` or `/`, or a quoted value (so a
/// `>` inside quotes does not end the tag).
const ATTRS: &str = r#"(?:[^>"/]+|"[^"]*")*"#;

struct Patterns {
    graph: Regex,
    node: Regex,
    action: Regex,
    edge: Regex,
    join: Regex,
    attr: Regex,
    heading: Regex,
    fence: Regex,
    any_tag: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let re = |s: &str| Regex::new(s).expect("a valid pattern");
        Patterns {
            graph: re(r"(?i)<graph>([\s\S]*?)</graph>"),
            node: re(&format!(r"(?i)<node\s+({ATTRS})(/\s*>|>([\s\S]*?)</node>)")),
            action: re(&format!(r"(?i)<action\s+({ATTRS})/\s*>")),
            edge: re(&format!(r"(?i)<edge\s+({ATTRS})/\s*>")),
            join: re(&format!(r"(?i)<join\s+({ATTRS})/\s*>")),
            attr: re(r#"([A-Za-z0-9_][A-Za-z0-9_-]*)(?:\s*=\s*"([^"]*)")?"#),
            heading: re(r"(?m)^## \[([^\]]+)\][ \t]*\r?$"),
            fence: re(r"(?m)^(?:```|~~~)"),
            any_tag: re(r"(?i)<(node|action|edge|join)\b"),
        }
    })
}

const NODE_ATTRS: &[&str] = &[
    "id", "entry", "terminal", "run", "output", "verify", "loop", "optional", "retry", "timeout",
];
const ACTION_ATTRS: &[&str] = &[
    "id", "run", "output", "verify", "loop", "optional", "retry", "timeout",
];
const EDGE_ATTRS: &[&str] = &["from", "to", "when", "handoff", "label"];
const JOIN_ATTRS: &[&str] = &["from", "to"];
const FRONTMATTER: &[&str] = &[
    "schema",
    "name",
    "goal",
    "bindings",
    "input",
    "output",
    "description",
    "version",
];

fn attrs(text: &str) -> IndexMap<String, String> {
    patterns()
        .attr
        .captures_iter(text)
        .map(|c| {
            (
                c[1].to_string(),
                c.get(2).map(|m| m.as_str().to_string()).unwrap_or_default(),
            )
        })
        .collect()
}

fn split_comma(s: &str) -> Vec<String> {
    s.split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(str::to_string)
        .collect()
}

/// 1-based line of byte `offset` in `text`.
fn line_at(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn invalid(message: String, line: Option<usize>) -> LoadError {
    LoadError::Invalid {
        message,
        line,
        column: None,
    }
}

/// Splits off the frontmatter: `(yaml, body, body's byte offset)`.
fn frontmatter(text: &str) -> (Option<&str>, &str, usize) {
    let t = text.strip_prefix('\u{feff}').unwrap_or(text);
    let skip = text.len() - t.len();
    let Some(rest) = t
        .strip_prefix("---\n")
        .or_else(|| t.strip_prefix("---\r\n"))
    else {
        return (None, text, 0);
    };
    let start = t.len() - rest.len();
    let mut pos = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end_matches(['\r', '\n']) == "---" {
            let body = start + pos + line.len();
            return (Some(&rest[..pos]), &t[body..], skip + body);
        }
        pos += line.len();
    }
    (None, text, 0)
}

/// Reads a `.ges.md` document.
pub fn parse(text: &str, file: &Path) -> Result<Graph, LoadError> {
    let p = patterns();
    let (yaml, body, body_at) = frontmatter(text);
    let mut remarks = Vec::new();
    let fm: serde_yaml::Mapping = match yaml {
        None => serde_yaml::Mapping::new(),
        Some(y) => match serde_yaml::from_str::<Yaml>(y) {
            Ok(Yaml::Mapping(m)) => m,
            Ok(Yaml::Null) => serde_yaml::Mapping::new(),
            Ok(_) => return Err(invalid("the frontmatter is not a mapping".into(), Some(2))),
            Err(e) => {
                return Err(invalid(
                    format!("frontmatter: {e}"),
                    e.location().map(|l| l.line() + 1),
                ))
            }
        },
    };
    let fm_line = |k: &str| super::lines::line_of(yaml.unwrap_or(""), k).map(|l| l + 1);
    let text_of = |k: &str| -> Option<String> {
        match fm.get(k)? {
            Yaml::String(s) => Some(s.clone()),
            Yaml::Bool(b) => Some(b.to_string()),
            Yaml::Number(n) => Some(n.to_string()),
            _ => None,
        }
    };
    for k in fm.keys().filter_map(|k| k.as_str()) {
        if !FRONTMATTER.contains(&k) {
            remarks.push(Remark {
                line: fm_line(k),
                message: format!(
                    "frontmatter: `{k}` is not a GES key; it is kept as an extension and ignored"
                ),
            });
        }
    }
    let name = text_of("name")
        .filter(|n| !n.is_empty())
        .ok_or_else(|| invalid("the frontmatter has no `name`".into(), Some(1)))?;

    let graph = p
        .graph
        .captures(body)
        .ok_or_else(|| invalid("no <graph> … </graph> block".into(), None))?;
    let g_text = graph.get(1).map(|m| m.as_str()).unwrap_or_default();
    let g_at = body_at + graph.get(1).map(|m| m.start()).unwrap_or(0);
    let line = |off: usize| line_at(text, g_at + off);

    let mut lines = Lines::default();
    let mut nodes: IndexMap<String, Node> = IndexMap::new();
    let mut entry: Option<String> = None;
    let mut terminals = Vec::new();
    let mut matched: Vec<(usize, usize)> = Vec::new();
    for c in p.node.captures_iter(g_text) {
        let whole = c.get(0).expect("match");
        matched.push((whole.start(), whole.end()));
        let at = line(whole.start());
        let a = attrs(&c[1]);
        let id = a
            .get("id")
            .filter(|v| !v.is_empty())
            .cloned()
            .ok_or_else(|| invalid("<node> has no id".into(), Some(at)))?;
        unknown_attrs(
            &a,
            NODE_ATTRS,
            &format!("<node id=\"{id}\">"),
            at,
            &mut remarks,
        );
        if a.contains_key("entry") {
            if let Some(first) = &entry {
                return Err(invalid(
                    format!("two entry nodes: '{first}' and '{id}'"),
                    Some(at),
                ));
            }
            entry = Some(id.clone());
        }
        let terminal = a.contains_key("terminal");
        if terminal {
            terminals.push(id.clone());
        }
        let inner = c.get(3);
        let mut actions = Vec::new();
        if let Some(inner) = inner {
            for ac in p.action.captures_iter(inner.as_str()) {
                let aat = line(inner.start() + ac.get(0).expect("match").start());
                let aa = attrs(&ac[1]);
                let aid = aa
                    .get("id")
                    .filter(|v| !v.is_empty())
                    .cloned()
                    .ok_or_else(|| {
                        invalid(format!("<action> in node '{id}' has no id"), Some(aat))
                    })?;
                unknown_attrs(
                    &aa,
                    ACTION_ATTRS,
                    &format!("<action id=\"{aid}\">"),
                    aat,
                    &mut remarks,
                );
                lines.actions.insert((id.clone(), aid.clone()), aat);
                actions.push(action(aid, &aa, aat, &mut remarks));
            }
        }
        if terminal {
            if !actions.is_empty() || a.contains_key("run") {
                remarks.push(Remark {
                    line: Some(at),
                    message: format!(
                        "terminal node '{id}' declares work; a terminal's actions never run"
                    ),
                });
            }
            actions.clear();
        } else if actions.is_empty() {
            // 1:1 shorthand: the node is its own single action.
            let mut own = a.clone();
            own.shift_remove("entry");
            lines.actions.insert((id.clone(), id.clone()), at);
            actions.push(action(id.clone(), &own, at, &mut remarks));
        }
        lines.nodes.insert(id.clone(), at);
        if nodes
            .insert(
                id.clone(),
                Node {
                    actions,
                    description: None,
                },
            )
            .is_some()
        {
            return Err(invalid(format!("node '{id}' is declared twice"), Some(at)));
        }
    }
    let entry = entry.ok_or_else(|| {
        invalid(
            "no entry node: mark one `<node id=\"…\" entry />`".into(),
            Some(line(0)),
        )
    })?;
    if terminals.is_empty() {
        return Err(invalid(
            "no terminal node: mark one `<node id=\"…\" terminal />`".into(),
            Some(line(0)),
        ));
    }

    let mut edges: Vec<(usize, Edge)> = Vec::new();
    for c in p.edge.captures_iter(g_text) {
        let m = c.get(0).expect("match");
        matched.push((m.start(), m.end()));
        let at = line(m.start());
        let a = attrs(&c[1]);
        unknown_attrs(&a, EDGE_ATTRS, "<edge>", at, &mut remarks);
        let (Some(from), Some(to)) = (
            a.get("from").filter(|v| !v.is_empty()),
            a.get("to").filter(|v| !v.is_empty()),
        ) else {
            return Err(invalid("<edge> needs `from` and `to`".into(), Some(at)));
        };
        let to = split_comma(to);
        if to.is_empty() {
            return Err(invalid(
                format!("<edge> to=\"{}\" names no node", a["to"]),
                Some(at),
            ));
        }
        edges.push((
            m.start(),
            Edge {
                from: vec![from.clone()],
                to,
                when: a.get("when").filter(|w| !w.is_empty()).cloned(),
                label: a.get("label").cloned(),
                handoff: a.get("handoff").filter(|h| !h.is_empty()).cloned(),
            },
        ));
    }
    for c in p.join.captures_iter(g_text) {
        let m = c.get(0).expect("match");
        matched.push((m.start(), m.end()));
        let at = line(m.start());
        let a = attrs(&c[1]);
        unknown_attrs(&a, JOIN_ATTRS, "<join>", at, &mut remarks);
        let (Some(from), Some(to)) = (
            a.get("from").filter(|v| !v.is_empty()),
            a.get("to").filter(|v| !v.is_empty()),
        ) else {
            return Err(invalid("<join> needs `from` and `to`".into(), Some(at)));
        };
        let from = split_comma(from);
        if from.is_empty() {
            return Err(invalid(
                format!("<join> from=\"{}\" names no node", a["from"]),
                Some(at),
            ));
        }
        edges.push((
            m.start(),
            Edge {
                from,
                to: vec![to.clone()],
                ..Edge::default()
            },
        ));
    }
    // Edges keep their order in the file: first match wins among them.
    edges.sort_by_key(|(off, _)| *off);
    for (off, _) in &edges {
        lines.edges.push(Some(line(*off)));
    }
    let edges: Vec<Edge> = edges.into_iter().map(|(_, e)| e).collect();
    for t in p.any_tag.find_iter(g_text) {
        if !matched
            .iter()
            .any(|(s, e)| t.start() >= *s && t.start() < *e)
        {
            remarks.push(Remark {
                line: Some(line(t.start())),
                message: format!(
                    "a `{}` tag re0 could not read (attribute values go in double quotes; a tag without a body ends with `/>`); it is ignored, as the GES loader ignores it",
                    t.as_str()
                ),
            });
        }
    }

    inject_prompts(body, body_at, text, &mut nodes, &mut lines)?;

    let mut meta_remarks = Vec::new();
    let input = fm
        .get("input")
        .map(|v| super::yaml::input_schema(v, fm_line("input"), &mut meta_remarks))
        .transpose()?;
    remarks.extend(meta_remarks);
    let output = match fm.get("output") {
        None => None,
        Some(Yaml::Sequence(s)) => Some(
            s.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect(),
        ),
        Some(_) => text_of("output").map(|o| vec![o]),
    };
    let mut bindings = BTreeMap::new();
    if let Some(Yaml::Mapping(b)) = fm.get("bindings") {
        for (k, v) in b {
            if let (Some(k), Some(v)) = (k.as_str(), v.as_str()) {
                bindings.insert(k.to_string(), v.to_string());
            }
        }
    }
    for k in ["schema", "name", "goal", "output", "input", "bindings"] {
        if let Some(l) = fm_line(k) {
            lines.keys.insert(k.to_string(), l);
        }
    }
    lines
        .keys
        .insert("entry".into(), lines.node(&entry).unwrap_or(1));
    if let Some(t) = terminals.first().and_then(|t| lines.node(t)) {
        lines.keys.insert("terminal".into(), t);
    }
    Ok(Graph {
        version: Version::V2_0,
        file: file.to_path_buf(),
        meta: Meta {
            name,
            entry,
            terminal: terminals,
            description: text_of("description"),
            goal: text_of("goal"),
            input,
            output,
        },
        bindings,
        nodes,
        edges,
        lines,
        remarks,
    })
}

fn unknown_attrs(
    a: &IndexMap<String, String>,
    allowed: &[&str],
    tag: &str,
    line: usize,
    out: &mut Vec<Remark>,
) {
    for k in a.keys().filter(|k| !allowed.contains(&k.as_str())) {
        let why = if k == "prompt" {
            "prompts go in a `## [node.action]` section"
        } else {
            "it is ignored"
        };
        out.push(Remark {
            line: Some(line),
            message: format!("{tag}: `{k}` is not a GES 2.0 attribute; {why}"),
        });
    }
}

fn action(
    id: String,
    a: &IndexMap<String, String>,
    line: usize,
    remarks: &mut Vec<Remark>,
) -> Action {
    let loop_ = a.get("loop").and_then(|l| {
        let parsed = parse_loop(l);
        if parsed.is_none() {
            remarks.push(Remark {
                line: Some(line),
                message: format!(
                    "action '{id}': loop=\"{l}\" is not `over:EXPR,as:VAR`; it is ignored"
                ),
            });
        }
        parsed
    });
    let number = |k: &str| a.get(k).and_then(|v| v.trim().parse::<u64>().ok());
    Action {
        run: a.get("run").filter(|r| !r.is_empty()).cloned(),
        output: a.get("output").map(|o| split_comma(o)).unwrap_or_default(),
        verify: a
            .get("verify")
            .filter(|v| !v.is_empty())
            .map(|v| Verify::Judge(v.clone())),
        loop_,
        optional: a
            .get("optional")
            .is_some_and(|o| o == "true" || o.is_empty()),
        retry: number("retry").unwrap_or(0) as u32,
        timeout_ms: number("timeout"),
        id,
        ..Action::default()
    }
}

/// `over:EXPR,as:VAR`, split at the last `,as:` (an expression may hold
/// commas).
fn parse_loop(l: &str) -> Option<LoopSpec> {
    let rest = l.trim().strip_prefix("over:")?;
    let i = rest.rfind(",")?;
    let (over, tail) = (&rest[..i], &rest[i + 1..]);
    let var = tail.trim().strip_prefix("as:")?.trim();
    let over = over.trim();
    (!over.is_empty() && !var.is_empty()).then(|| LoopSpec {
        over: over.to_string(),
        var: var.to_string(),
    })
}

/// Pass 2: each `## [ref]` section (outside code fences) becomes the prompt
/// of action `ref` (`node` for a 1:1 node, `node.action` otherwise).
fn inject_prompts(
    body: &str,
    body_at: usize,
    text: &str,
    nodes: &mut IndexMap<String, Node>,
    lines: &mut Lines,
) -> Result<(), LoadError> {
    let p = patterns();
    let heads: Vec<(usize, usize, String)> = p
        .heading
        .captures_iter(body)
        .filter_map(|c| {
            let m = c.get(0)?;
            let fences = p.fence.find_iter(&body[..m.start()]).count();
            fences
                .is_multiple_of(2)
                .then(|| (m.start(), m.end(), c[1].to_string()))
        })
        .collect();
    for (k, (start, end, r)) in heads.iter().enumerate() {
        let stop = heads.get(k + 1).map(|h| h.0).unwrap_or(body.len());
        let content = body[*end..stop].trim();
        let at = line_at(text, body_at + start);
        let (node, action) = match r.split_once('.') {
            Some((n, a)) => (n.to_string(), a.to_string()),
            None => (r.clone(), r.clone()),
        };
        let Some(n) = nodes.get_mut(&node) else {
            return Err(invalid(
                format!("prompt ## [{r}] names unknown node '{node}'"),
                Some(at),
            ));
        };
        let Some(a) = n.actions.iter_mut().find(|a| a.id == action) else {
            return Err(invalid(
                format!("prompt ## [{r}] names unknown action '{action}' of node '{node}'"),
                Some(at),
            ));
        };
        if !content.is_empty() {
            a.prompt = Some(content.to_string());
            lines.keys.insert(format!("prompt:{node}.{action}"), at);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Graph, LoadError> {
        parse(text, Path::new("t.ges.md"))
    }

    const FORK: &str = "---\nschema: ges/2.0\nname: t\ngoal: \"a.ok && b.ok\"\n---\n\n# T\n\n<graph>\n<node id=\"s\" entry />\n<node id=\"a\" run=\"echo 'x' > /dev/null\" output=\"a\" />\n<node id=\"b\">\n  <action id=\"one\" output=\"b, c\" loop=\"over:{{items}},as:item\" optional=\"true\" timeout=\"250\" />\n</node>\n<node id=\"end\" terminal />\n<edge from=\"s\" to=\"a, b\" />\n<join from=\"a, b\" to=\"end\" />\n</graph>\n\n## [s]\n\nStart here.\n\n```\n## [fake]\n```\nstill s\n\n## [b.one]\n\nDo {{item}}.\n";

    #[test]
    fn reads_nodes_shorthand_fork_join_and_prompts() {
        let g = read(FORK).unwrap();
        assert_eq!(g.meta.entry, "s");
        assert_eq!(g.meta.terminal, ["end"]);
        assert_eq!(g.meta.goal.as_deref(), Some("a.ok && b.ok"));
        assert_eq!(
            g.nodes["a"].actions[0].run.as_deref(),
            Some("echo 'x' > /dev/null")
        );
        let one = &g.nodes["b"].actions[0];
        assert_eq!(one.output, ["b", "c"]);
        assert_eq!(one.loop_.as_ref().unwrap().over, "{{items}}");
        assert!(one.optional);
        assert_eq!(one.timeout_ms, Some(250));
        assert_eq!(one.prompt.as_deref(), Some("Do {{item}}."));
        let s = g.nodes["s"].actions[0].prompt.as_deref().unwrap();
        assert!(s.contains("## [fake]") && s.ends_with("still s"), "{s}");
        assert_eq!(g.edges[0].to, ["a", "b"]);
        assert_eq!(g.edges[1].from, ["a", "b"]);
        assert!(g.nodes["end"].actions.is_empty());
        assert_eq!(g.lines.node("a"), Some(11));
    }

    #[test]
    fn errors_name_their_line() {
        let e = read("---\nschema: ges/2.0\nname: t\n---\n<graph>\n<node id=\"s\" entry />\n<node id=\"e\" terminal />\n<edge from=\"s\" to=\",\" />\n</graph>\n").unwrap_err();
        assert!(
            matches!(e, LoadError::Invalid { line: Some(8), .. }),
            "{e:?}"
        );
        let e = read("---\nschema: ges/2.0\nname: t\n---\nno graph").unwrap_err();
        assert!(e.to_string().contains("<graph>"));
        let e = read("---\nschema: ges/2.0\nname: t\n---\n<graph>\n<node id=\"s\" entry />\n<node id=\"e\" terminal />\n</graph>\n## [nope]\n\nx\n").unwrap_err();
        assert!(e.to_string().contains("unknown node 'nope'"), "{e}");
    }

    #[test]
    fn an_unreadable_tag_is_a_remark_not_silence() {
        let g = read("---\nschema: ges/2.0\nname: t\n---\n<graph>\n<node id=\"s\" entry />\n<node id=c run=./child.ges.md />\n<node id=\"e\" terminal />\n</graph>\n").unwrap();
        assert!(
            g.remarks
                .iter()
                .any(|r| r.message.contains("could not read") && r.line == Some(7)),
            "{:?}",
            g.remarks
        );
    }
}
