//! The tags of a `<graph>` block: `<node>` (with its `<action>`s),
//! `<edge>` and `<join>`, each read with the line it is on; a tag none of
//! them matched is reported, where the GES loader drops it silently.

use super::{invalid, line_at, patterns};
use crate::ges::model::{Action, Edge, Lines, LoopSpec, Node, Remark, Verify};
use crate::ges::LoadError;
use indexmap::IndexMap;

const NODE_ATTRS: &[&str] = &[
    "id", "entry", "terminal", "run", "output", "verify", "loop", "optional", "retry", "timeout",
];
const ACTION_ATTRS: &[&str] = &[
    "id", "run", "output", "verify", "loop", "optional", "retry", "timeout",
];
const EDGE_ATTRS: &[&str] = &["from", "to", "when", "handoff", "label"];
const JOIN_ATTRS: &[&str] = &["from", "to"];

/// The nodes of a graph, its entry and its terminals, in file order.
pub struct Nodes {
    pub nodes: IndexMap<String, Node>,
    pub entry: String,
    pub terminals: Vec<String>,
}

/// Reads the tags of one `<graph>` block of `text`.
pub struct Reader<'t> {
    /// The whole file, for line numbers.
    pub text: &'t str,
    /// The block's inside, and where it starts in `text`.
    pub block: &'t str,
    pub block_at: usize,
    pub lines: Lines,
    pub remarks: Vec<Remark>,
    /// The byte ranges of the block that a tag was read from.
    matched: Vec<(usize, usize)>,
}

impl<'t> Reader<'t> {
    pub fn new(text: &'t str, block: &'t str, block_at: usize, remarks: Vec<Remark>) -> Self {
        Reader {
            text,
            block,
            block_at,
            lines: Lines::default(),
            remarks,
            matched: Vec::new(),
        }
    }

    /// The 1-based line of byte `off` of the block.
    pub fn line(&self, off: usize) -> usize {
        line_at(self.text, self.block_at + off)
    }

    /// Every `<node>`: one entry, at least one terminal, no id twice.
    pub fn nodes(&mut self) -> Result<Nodes, LoadError> {
        let mut nodes: IndexMap<String, Node> = IndexMap::new();
        let mut entry: Option<String> = None;
        let mut terminals = Vec::new();
        for c in patterns().node.captures_iter(self.block) {
            let whole = c.get(0).expect("match");
            self.matched.push((whole.start(), whole.end()));
            let at = self.line(whole.start());
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
                &mut self.remarks,
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
            let actions = self.actions_of(&id, &a, c.get(3), terminal, at)?;
            self.lines.nodes.insert(id.clone(), at);
            let node = Node {
                actions,
                description: None,
            };
            if nodes.insert(id.clone(), node).is_some() {
                return Err(invalid(format!("node '{id}' is declared twice"), Some(at)));
            }
        }
        let entry = entry.ok_or_else(|| {
            invalid(
                "no entry node: mark one `<node id=\"…\" entry />`".into(),
                Some(self.line(0)),
            )
        })?;
        if terminals.is_empty() {
            return Err(invalid(
                "no terminal node: mark one `<node id=\"…\" terminal />`".into(),
                Some(self.line(0)),
            ));
        }
        Ok(Nodes {
            nodes,
            entry,
            terminals,
        })
    }

    /// The actions of node `id`: its `<action>` tags, or the node itself
    /// as its one action (the 1:1 shorthand); none for a terminal, whose
    /// work never runs.
    fn actions_of(
        &mut self,
        id: &str,
        a: &IndexMap<String, String>,
        inner: Option<regex::Match<'t>>,
        terminal: bool,
        at: usize,
    ) -> Result<Vec<Action>, LoadError> {
        let mut actions = Vec::new();
        if let Some(inner) = inner {
            for ac in patterns().action.captures_iter(inner.as_str()) {
                let aat = self.line(inner.start() + ac.get(0).expect("match").start());
                let aa = attrs(&ac[1]);
                let aid = aa
                    .get("id")
                    .filter(|v| !v.is_empty())
                    .cloned()
                    .ok_or_else(|| {
                        invalid(format!("<action> in node '{id}' has no id"), Some(aat))
                    })?;
                let tag = format!("<action id=\"{aid}\">");
                unknown_attrs(&aa, ACTION_ATTRS, &tag, aat, &mut self.remarks);
                self.lines
                    .actions
                    .insert((id.to_string(), aid.clone()), aat);
                actions.push(action(aid, &aa, aat, &mut self.remarks));
            }
        }
        if terminal {
            if !actions.is_empty() || a.contains_key("run") {
                self.remarks.push(Remark {
                    line: Some(at),
                    message: format!(
                        "terminal node '{id}' declares work; a terminal's actions never run"
                    ),
                });
            }
            actions.clear();
        } else if actions.is_empty() {
            let mut own = a.clone();
            own.shift_remove("entry");
            self.lines
                .actions
                .insert((id.to_string(), id.to_string()), at);
            actions.push(action(id.to_string(), &own, at, &mut self.remarks));
        }
        Ok(actions)
    }

    /// Every `<edge>` and `<join>`, in the order they are in the file
    /// (first match wins among edges).
    pub fn edges(&mut self) -> Result<Vec<Edge>, LoadError> {
        let mut edges: Vec<(usize, Edge)> = Vec::new();
        for c in patterns().edge.captures_iter(self.block) {
            let m = c.get(0).expect("match");
            let a = self.tag_attrs(m, &c[1], EDGE_ATTRS, "<edge>");
            let (from, to) = ends(&a, "<edge>", self.line(m.start()))?;
            let to = split_comma(to);
            if to.is_empty() {
                let why = format!("<edge> to=\"{}\" names no node", a["to"]);
                return Err(invalid(why, Some(self.line(m.start()))));
            }
            let edge = Edge {
                from: vec![from.clone()],
                to,
                when: a.get("when").filter(|w| !w.is_empty()).cloned(),
                label: a.get("label").cloned(),
                handoff: a.get("handoff").filter(|h| !h.is_empty()).cloned(),
            };
            edges.push((m.start(), edge));
        }
        for c in patterns().join.captures_iter(self.block) {
            let m = c.get(0).expect("match");
            let a = self.tag_attrs(m, &c[1], JOIN_ATTRS, "<join>");
            let (from, to) = ends(&a, "<join>", self.line(m.start()))?;
            let from = split_comma(from);
            if from.is_empty() {
                let why = format!("<join> from=\"{}\" names no node", a["from"]);
                return Err(invalid(why, Some(self.line(m.start()))));
            }
            let edge = Edge {
                from,
                to: vec![to.clone()],
                ..Edge::default()
            };
            edges.push((m.start(), edge));
        }
        edges.sort_by_key(|(off, _)| *off);
        for (off, _) in &edges {
            let at = self.line(*off);
            self.lines.edges.push(Some(at));
        }
        Ok(edges.into_iter().map(|(_, e)| e).collect())
    }

    /// The attributes of the tag matched at `m`, marked as read, with a
    /// remark for each one `allowed` does not name.
    fn tag_attrs(
        &mut self,
        m: regex::Match<'_>,
        text: &str,
        allowed: &[&str],
        tag: &str,
    ) -> IndexMap<String, String> {
        self.matched.push((m.start(), m.end()));
        let at = self.line(m.start());
        let a = attrs(text);
        unknown_attrs(&a, allowed, tag, at, &mut self.remarks);
        a
    }

    /// A remark for each tag of the block that no pattern read.
    pub fn stray_tags(&mut self) {
        for t in patterns().any_tag.find_iter(self.block) {
            let read = self
                .matched
                .iter()
                .any(|(s, e)| t.start() >= *s && t.start() < *e);
            if !read {
                self.remarks.push(Remark {
                    line: Some(self.line(t.start())),
                    message: format!(
                        "a `{}` tag re0 could not read (attribute values go in double quotes; a tag without a body ends with `/>`); it is ignored, as the GES loader ignores it",
                        t.as_str()
                    ),
                });
            }
        }
    }
}

/// The `from` and `to` of an edge or join, both required.
fn ends<'a>(
    a: &'a IndexMap<String, String>,
    tag: &str,
    at: usize,
) -> Result<(&'a String, &'a String), LoadError> {
    match (
        a.get("from").filter(|v| !v.is_empty()),
        a.get("to").filter(|v| !v.is_empty()),
    ) {
        (Some(from), Some(to)) => Ok((from, to)),
        _ => Err(invalid(format!("{tag} needs `from` and `to`"), Some(at))),
    }
}

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
