//! Drawing a prerequisite graph as Mermaid, DOT or JSON.
//!
//! Each is written straight to `out`, one node and one edge at a time, so
//! drawing a catalog whose skills share artifacts by the thousand needs no
//! more memory than the catalog itself.

use super::PrereqGraph;
use crate::catalog::Catalog;
use serde::{Serialize, Serializer};
use std::io::{self, Write};

fn node_id(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

pub fn mermaid(g: &PrereqGraph, catalog: &Catalog, out: &mut dyn Write) -> io::Result<()> {
    out.write_all(b"flowchart LR\n")?;
    for n in g.nodes_by_name() {
        let name = &g.names[&n];
        let skill = &catalog.skills[n];
        let shape = if skill.is_user_only() {
            format!("{}[/\"{}\"/]", node_id(name), name)
        } else {
            format!("{}[\"{}\"]", node_id(name), name)
        };
        writeln!(out, "  {shape}")?;
    }
    for e in g.edges() {
        writeln!(
            out,
            "  {} -->|{}| {}",
            node_id(&g.names[&e.from]),
            e.label(),
            node_id(&g.names[&e.to])
        )?;
    }
    Ok(())
}

fn dot_quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

pub fn dot(g: &PrereqGraph, catalog: &Catalog, out: &mut dyn Write) -> io::Result<()> {
    out.write_all(b"digraph re0 {\n  rankdir=LR;\n  node [shape=box];\n")?;
    for n in g.nodes_by_name() {
        let style = if catalog.skills[n].is_user_only() {
            " [style=dashed]"
        } else {
            ""
        };
        writeln!(out, "  {}{style};", dot_quote(&g.names[&n]))?;
    }
    for e in g.edges() {
        writeln!(
            out,
            "  {} -> {} [label={}];",
            dot_quote(&g.names[&e.from]),
            dot_quote(&g.names[&e.to]),
            dot_quote(&e.label())
        )?;
    }
    out.write_all(b"}\n")
}

/// `re0/graph@1`, serialized as it is generated.
#[derive(Serialize)]
struct Doc<'a> {
    schema: &'static str,
    nodes: Nodes<'a>,
    edges: Edges<'a>,
    cycles: Vec<String>,
}

struct Nodes<'a>(&'a PrereqGraph, &'a Catalog);
struct Edges<'a>(&'a PrereqGraph);

impl Serialize for Nodes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Nodes(g, catalog) = *self;
        s.collect_seq(g.nodes_by_name().into_iter().map(|n| {
            let skill = &catalog.skills[n];
            serde_json::json!({
                "name": g.names[&n],
                "lane": skill.lane.as_str(),
                "requires": skill.contract.requires(),
                "produces": skill.contract.produces(),
            })
        }))
    }
}

/// One edge of `re0/graph@1`.
#[derive(Serialize)]
struct EdgeJson<'a> {
    from: &'a str,
    to: &'a str,
    kind: &'a str,
    artifact: Option<&'a str>,
}

impl Serialize for Edges<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let g = self.0;
        s.collect_seq(g.edges().flat_map(|e| {
            let (from, to) = (g.names[&e.from].as_str(), g.names[&e.to].as_str());
            e.links
                .into_iter()
                .map(move |l| {
                    let (kind, artifact) = match l {
                        super::Link::Artifact(x) => ("artifact", Some(x.as_str())),
                        other => (other.label(), None),
                    };
                    EdgeJson {
                        from,
                        to,
                        kind,
                        artifact,
                    }
                })
                .collect::<Vec<_>>()
        }))
    }
}

pub fn json(g: &PrereqGraph, catalog: &Catalog, out: &mut dyn Write) -> io::Result<()> {
    let doc = Doc {
        schema: "re0/graph@1",
        nodes: Nodes(g, catalog),
        edges: Edges(g),
        cycles: g.cycles().iter().map(|c| c.text()).collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &doc).map_err(io::Error::other)?;
    out.write_all(b"\n")
}
