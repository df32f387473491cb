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

use super::model::{Graph, Lines, Meta, Node, Remark, Version};
use super::LoadError;
use indexmap::IndexMap;
use regex::Regex;
use serde_yaml::Value as Yaml;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

mod tags;

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

/// The frontmatter, read as YAML, and its text (for line numbers).
struct Front<'t> {
    yaml: &'t str,
    map: serde_yaml::Mapping,
}

impl<'t> Front<'t> {
    fn read(yaml: Option<&'t str>) -> Result<Self, LoadError> {
        let map = match yaml {
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
        Ok(Front {
            yaml: yaml.unwrap_or(""),
            map,
        })
    }

    /// The file line of key `k`.
    fn line(&self, k: &str) -> Option<usize> {
        super::lines::line_of(self.yaml, k).map(|l| l + 1)
    }

    /// Key `k`'s value as text, when it is a scalar.
    fn text(&self, k: &str) -> Option<String> {
        match self.map.get(k)? {
            Yaml::String(s) => Some(s.clone()),
            Yaml::Bool(b) => Some(b.to_string()),
            Yaml::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }

    /// A remark for each key GES does not define.
    fn unknown_keys(&self) -> Vec<Remark> {
        self.map
            .keys()
            .filter_map(|k| k.as_str())
            .filter(|k| !FRONTMATTER.contains(k))
            .map(|k| Remark {
                line: self.line(k),
                message: format!(
                    "frontmatter: `{k}` is not a GES key; it is kept as an extension and ignored"
                ),
            })
            .collect()
    }

    /// `output`: a list, or one scalar.
    fn output(&self) -> Option<Vec<String>> {
        match self.map.get("output")? {
            Yaml::Sequence(s) => Some(
                s.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect(),
            ),
            _ => self.text("output").map(|o| vec![o]),
        }
    }

    /// `bindings`: its string keys with string values.
    fn bindings(&self) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        if let Some(Yaml::Mapping(b)) = self.map.get("bindings") {
            for (k, v) in b {
                if let (Some(k), Some(v)) = (k.as_str(), v.as_str()) {
                    out.insert(k.to_string(), v.to_string());
                }
            }
        }
        out
    }
}

/// Reads a `.ges.md` document.
pub fn parse(text: &str, file: &Path) -> Result<Graph, LoadError> {
    let (yaml, body, body_at) = frontmatter(text);
    let front = Front::read(yaml)?;
    let remarks = front.unknown_keys();
    let name = front
        .text("name")
        .filter(|n| !n.is_empty())
        .ok_or_else(|| invalid("the frontmatter has no `name`".into(), Some(1)))?;
    let graph = patterns()
        .graph
        .captures(body)
        .ok_or_else(|| invalid("no <graph> … </graph> block".into(), None))?;
    let block = graph.get(1).map(|m| m.as_str()).unwrap_or_default();
    let block_at = body_at + graph.get(1).map(|m| m.start()).unwrap_or(0);
    let mut tags = tags::Reader::new(text, block, block_at, remarks);
    let tags::Nodes {
        mut nodes,
        entry,
        terminals,
    } = tags.nodes()?;
    let edges = tags.edges()?;
    tags.stray_tags();
    let (mut lines, mut remarks) = (tags.lines, tags.remarks);
    inject_prompts(body, body_at, text, &mut nodes, &mut lines)?;
    let input = front
        .map
        .get("input")
        .map(|v| super::yaml::input_schema(v, front.line("input"), &mut remarks))
        .transpose()?;
    for k in ["schema", "name", "goal", "output", "input", "bindings"] {
        if let Some(l) = front.line(k) {
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
            description: front.text("description"),
            goal: front.text("goal"),
            input,
            output: front.output(),
        },
        bindings: front.bindings(),
        nodes,
        edges,
        lines,
        remarks,
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
