//! Reading `*.ges.yaml` (GES v1.0 and v1.1) into a [`Graph`].
//!
//! The document is read twice: once into typed structures, so a shape error
//! carries its line, and once as plain YAML to find keys the spec does not
//! define. Those are tolerated (an extension key, `persist`) and reported as
//! remarks, never errors. `output` and `terminal` take a list (the spec's
//! form) or a single name; edges take one node or a list on either side.

use super::model::{
    Action, Edge, Graph, InputSchema, LoopSpec, Meta, Node, Property, Remark, Version,
};
use super::LoadError;
use indexmap::IndexMap;
use serde::Deserialize;
use serde_json::Value as Json;
use serde_yaml::Value as Yaml;
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    fn list(self) -> Vec<String> {
        match self {
            OneOrMany::One(s) => vec![s],
            OneOrMany::Many(v) => v,
        }
    }
}

/// A scalar read as text (`when: true` is the text "true").
#[derive(Deserialize)]
#[serde(untagged)]
enum Scalar {
    Text(String),
    Bool(bool),
    Int(i64),
    Float(f64),
}

impl Scalar {
    fn text(self) -> String {
        match self {
            Scalar::Text(s) => s,
            Scalar::Bool(b) => b.to_string(),
            Scalar::Int(i) => i.to_string(),
            Scalar::Float(f) => f.to_string(),
        }
    }
}

#[derive(Deserialize)]
struct RawGraph {
    meta: RawMeta,
    #[serde(default)]
    bindings: BTreeMap<String, Scalar>,
    #[serde(default)]
    nodes: IndexMap<String, Option<RawNode>>,
    #[serde(default)]
    edges: Vec<RawEdge>,
}

#[derive(Deserialize)]
struct RawMeta {
    name: String,
    entry: String,
    terminal: OneOrMany,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    goal: Option<Scalar>,
    #[serde(default)]
    input: Option<Yaml>,
    #[serde(default)]
    output: Option<OneOrMany>,
}

#[derive(Deserialize)]
struct RawNode {
    #[serde(default)]
    actions: Vec<RawAction>,
    #[serde(default)]
    description: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawVerify {
    Text(String),
    Run { run: String },
}

#[derive(Deserialize)]
struct RawLoop {
    over: String,
    #[serde(rename = "as")]
    var: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawTimeout {
    Millis(u64),
    Text(String),
}

#[derive(Deserialize)]
struct RawAction {
    id: Scalar,
    #[serde(default)]
    prompt: Option<String>,
    #[serde(default)]
    run: Option<String>,
    #[serde(default)]
    output: Option<OneOrMany>,
    #[serde(default)]
    verify: Option<RawVerify>,
    #[serde(default, rename = "loop")]
    loop_: Option<RawLoop>,
    #[serde(default)]
    optional: bool,
    #[serde(default)]
    retry: u32,
    #[serde(default)]
    timeout: Option<RawTimeout>,
    #[serde(default)]
    tools: Vec<Yaml>,
}

#[derive(Deserialize)]
struct RawEdge {
    from: OneOrMany,
    to: OneOrMany,
    #[serde(default)]
    when: Option<Scalar>,
    #[serde(default)]
    label: Option<String>,
    #[serde(default)]
    handoff: Option<String>,
}

/// Keys the spec (v1.0 and v1.1) defines, per level.
const TOP: &[&str] = &["schema", "meta", "bindings", "nodes", "edges", "defaults"];
const META: &[&str] = &[
    "name",
    "entry",
    "terminal",
    "description",
    "version",
    "goal",
    "input",
    "output",
];
const NODE: &[&str] = &["actions", "description"];
const ACTION: &[&str] = &[
    "id", "prompt", "run", "output", "verify", "loop", "optional", "retry", "timeout", "tools",
];
const EDGE: &[&str] = &["from", "to", "when", "label", "handoff"];
const TOOL: &[&str] = &["name", "description", "schema"];

fn invalid(message: String, line: Option<usize>, column: Option<usize>) -> LoadError {
    LoadError::Invalid {
        message,
        line,
        column,
    }
}

/// Reads `text`, whose top-level `schema` is `version`, into a graph.
pub fn parse(text: &str, version: Version, file: &Path) -> Result<Graph, LoadError> {
    let raw: RawGraph = serde_yaml::from_str(text).map_err(|e| {
        let msg = e.to_string();
        let msg = match msg.find(" at line ") {
            Some(i) => msg[..i].to_string(),
            None => msg,
        };
        invalid(
            msg,
            e.location().map(|l| l.line()),
            e.location().map(|l| l.column()),
        )
    })?;
    let lines = super::lines::scan(text);
    let mut remarks = Vec::new();
    if let Ok(doc) = serde_yaml::from_str::<Yaml>(text) {
        unknown_keys(&doc, text, &lines, &mut remarks);
    }
    let mut nodes = IndexMap::new();
    for (id, n) in raw.nodes {
        let n = n.unwrap_or(RawNode {
            actions: Vec::new(),
            description: None,
        });
        let actions = n
            .actions
            .into_iter()
            .map(|a| action(a, &id, &lines, &mut remarks))
            .collect();
        nodes.insert(
            id,
            Node {
                actions,
                description: n.description,
            },
        );
    }
    let edges = raw
        .edges
        .into_iter()
        .map(|e| Edge {
            from: e.from.list(),
            to: e.to.list(),
            when: e.when.map(Scalar::text),
            label: e.label,
            handoff: e.handoff,
        })
        .collect();
    let meta = Meta {
        name: raw.meta.name,
        entry: raw.meta.entry,
        terminal: raw.meta.terminal.list(),
        description: raw.meta.description,
        goal: raw.meta.goal.map(Scalar::text),
        input: raw
            .meta
            .input
            .as_ref()
            .map(|v| input_schema(v, lines.key("input"), &mut remarks))
            .transpose()?,
        output: raw.meta.output.map(OneOrMany::list),
    };
    Ok(Graph {
        version,
        file: file.to_path_buf(),
        meta,
        bindings: raw
            .bindings
            .into_iter()
            .map(|(k, v)| (k, v.text()))
            .collect(),
        nodes,
        edges,
        lines,
        remarks,
    })
}

fn action(
    a: RawAction,
    node: &str,
    lines: &super::model::Lines,
    remarks: &mut Vec<Remark>,
) -> Action {
    let id = a.id.text();
    let timeout_ms = match a.timeout {
        Some(RawTimeout::Millis(ms)) => Some(ms),
        Some(RawTimeout::Text(t)) => match crate::config::parse_duration(&t) {
            Some(secs) => Some(secs.saturating_mul(1000)),
            None => {
                remarks.push(Remark {
                    line: lines.action(node, &id),
                    message: format!(
                        "action '{id}': timeout '{t}' is not milliseconds or a duration; ignored"
                    ),
                });
                None
            }
        },
        None => None,
    };
    Action {
        prompt: a.prompt,
        run: a.run,
        output: a.output.map(OneOrMany::list).unwrap_or_default(),
        verify: a.verify.map(|v| match v {
            RawVerify::Text(t) => super::model::Verify::Judge(t),
            RawVerify::Run { run } => super::model::Verify::Run(run),
        }),
        loop_: a.loop_.map(|l| LoopSpec {
            over: l.over,
            var: l.var,
        }),
        optional: a.optional,
        retry: a.retry,
        timeout_ms,
        tools: a.tools.iter().filter_map(to_json).collect(),
        id,
    }
}

/// YAML to JSON (keys as text); `None` for what JSON cannot hold.
pub fn to_json(v: &Yaml) -> Option<Json> {
    serde_json::to_value(v).ok().or_else(|| match v {
        Yaml::Mapping(m) => Some(Json::Object(
            m.iter()
                .filter_map(|(k, v)| {
                    let k = match k {
                        Yaml::String(s) => s.clone(),
                        other => serde_yaml::to_string(other).ok()?.trim().to_string(),
                    };
                    Some((k, to_json(v)?))
                })
                .collect(),
        )),
        Yaml::Sequence(s) => Some(Json::Array(s.iter().filter_map(to_json).collect())),
        Yaml::Tagged(t) => to_json(&t.value),
        _ => None,
    })
}

/// `meta.input`, read from YAML or JSON-shaped frontmatter.
pub fn input_schema(
    v: &Yaml,
    line: Option<usize>,
    remarks: &mut Vec<Remark>,
) -> Result<InputSchema, LoadError> {
    let Yaml::Mapping(m) = v else {
        return Err(invalid("meta.input must be a mapping".into(), line, None));
    };
    let required = match m.get("required") {
        None => Vec::new(),
        Some(Yaml::Sequence(s)) => s
            .iter()
            .map(|x| x.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| invalid("meta.input.required must list names".into(), line, None))?,
        Some(_) => {
            return Err(invalid(
                "meta.input.required must be a list".into(),
                line,
                None,
            ))
        }
    };
    let mut properties = BTreeMap::new();
    match m.get("properties") {
        None if !required.is_empty() => {
            return Err(invalid(
                "meta.input has `required` but no `properties`".into(),
                line,
                None,
            ))
        }
        None => {}
        Some(Yaml::Mapping(props)) => {
            for (k, p) in props {
                let Some(k) = k.as_str() else { continue };
                let text = |f: &str| p.get(f).and_then(|x| x.as_str()).map(str::to_string);
                properties.insert(
                    k.to_string(),
                    Property {
                        ty: text("type"),
                        description: text("description"),
                        default: p.get("default").and_then(to_json),
                    },
                );
            }
        }
        Some(_) => {
            return Err(invalid(
                "meta.input.properties must be a mapping".into(),
                line,
                None,
            ))
        }
    }
    if let Some(t) = m.get("type").and_then(|t| t.as_str()) {
        if t != "object" {
            remarks.push(Remark {
                line,
                message: format!("meta.input.type is '{t}'; GES inputs are an object"),
            });
        }
    }
    Ok(InputSchema {
        required,
        properties,
    })
}

/// Remarks for keys the spec does not define, at the line of the key.
fn unknown_keys(doc: &Yaml, text: &str, lines: &super::model::Lines, out: &mut Vec<Remark>) {
    let mut report = |map: &Yaml, allowed: &[&str], place: &str, from: Option<usize>| {
        let Some(m) = map.as_mapping() else { return };
        for k in m.keys() {
            let Some(k) = k.as_str() else { continue };
            if allowed.contains(&k) {
                continue;
            }
            let message = if k == "persist" {
                format!("{place}: `persist` is accepted; re0 persists every variable after every action anyway")
            } else {
                format!("{place}: `{k}` is not a GES key; it is kept as an extension and ignored")
            };
            out.push(Remark {
                line: Some(super::lines::key_after(text, from.unwrap_or(1), k)),
                message,
            });
        }
    };
    report(doc, TOP, "the graph", Some(1));
    if let Some(meta) = doc.get("meta") {
        report(meta, META, "meta", super::lines::line_of(text, "meta"));
    }
    if let Some(nodes) = doc.get("nodes").and_then(|n| n.as_mapping()) {
        for (id, node) in nodes {
            let id = id.as_str().unwrap_or_default();
            report(node, NODE, &format!("node '{id}'"), lines.node(id));
            let actions = node.get("actions").and_then(|a| a.as_sequence());
            for a in actions.into_iter().flatten() {
                let aid = a.get("id").and_then(|i| i.as_str()).unwrap_or_default();
                let at = lines.action(id, aid);
                report(a, ACTION, &format!("action '{id}.{aid}'"), at);
                let tools = a.get("tools").and_then(|t| t.as_sequence());
                for t in tools.into_iter().flatten() {
                    report(t, TOOL, &format!("a tool of action '{id}.{aid}'"), at);
                }
            }
        }
    }
    if let Some(edges) = doc.get("edges").and_then(|e| e.as_sequence()) {
        for (k, e) in edges.iter().enumerate() {
            report(e, EDGE, "an edge", lines.edge(k));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Graph {
        parse(text, Version::V1_1, Path::new("t.ges.yaml")).unwrap()
    }

    #[test]
    fn lists_and_single_names_are_both_read() {
        let g = read(
            "schema: ges/1.1\nmeta: {name: t, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions:\n      - {id: x, run: echo, output: [p, q], timeout: 1500}\nedges:\n  - {from: a, to: [b, c]}\n  - {from: [b, c], to: end, when: true}\n",
        );
        let a = &g.nodes["a"].actions[0];
        assert_eq!(a.output, ["p", "q"]);
        assert_eq!(a.timeout_ms, Some(1500));
        assert!(g.edges[0].is_fork());
        assert!(g.edges[1].is_join());
        assert_eq!(g.edges[1].when.as_deref(), Some("true"));
    }

    #[test]
    fn unknown_keys_and_persist_are_remarks() {
        let g = read("schema: ges/1.1\nx-team: core\nmeta: {name: t, entry: a, terminal: [end]}\nnodes:\n  a:\n    persist: [v]\n    actions:\n      - {id: x, prompt: hi, cost: 3}\n");
        let msgs: Vec<&str> = g.remarks.iter().map(|r| r.message.as_str()).collect();
        assert!(msgs.iter().any(|m| m.contains("`x-team`")), "{msgs:?}");
        assert!(msgs.iter().any(|m| m.contains("`persist`")), "{msgs:?}");
        assert!(msgs.iter().any(|m| m.contains("`cost`")), "{msgs:?}");
    }
}
