//! Drawing a prerequisite graph as Mermaid, DOT or JSON.

use super::PrereqGraph;
use crate::catalog::Catalog;

fn node_id(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

fn labels(g: &PrereqGraph, from: usize, to: usize) -> String {
    g.links[&(from, to)]
        .iter()
        .map(|l| l.label().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn sorted_edges(g: &PrereqGraph) -> Vec<(usize, usize)> {
    let mut e: Vec<(usize, usize)> = g.links.keys().copied().collect();
    e.sort_by(|a, b| (&g.names[&a.0], &g.names[&a.1]).cmp(&(&g.names[&b.0], &g.names[&b.1])));
    e
}

fn sorted_nodes(g: &PrereqGraph) -> Vec<usize> {
    let mut n: Vec<usize> = g.names.keys().copied().collect();
    n.sort_by(|a, b| g.names[a].cmp(&g.names[b]));
    n
}

pub fn mermaid(g: &PrereqGraph, catalog: &Catalog) -> String {
    let mut s = String::from("flowchart LR\n");
    for n in sorted_nodes(g) {
        let name = &g.names[&n];
        let skill = &catalog.skills[n];
        let shape = if skill.is_user_only() {
            format!("{}[/\"{}\"/]", node_id(name), name)
        } else {
            format!("{}[\"{}\"]", node_id(name), name)
        };
        s.push_str(&format!("  {shape}\n"));
    }
    for (a, b) in sorted_edges(g) {
        s.push_str(&format!(
            "  {} -->|{}| {}\n",
            node_id(&g.names[&a]),
            labels(g, a, b),
            node_id(&g.names[&b])
        ));
    }
    s
}

fn dot_quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

pub fn dot(g: &PrereqGraph, catalog: &Catalog) -> String {
    let mut s = String::from("digraph re0 {\n  rankdir=LR;\n  node [shape=box];\n");
    for n in sorted_nodes(g) {
        let style = if catalog.skills[n].is_user_only() {
            " [style=dashed]"
        } else {
            ""
        };
        s.push_str(&format!("  {}{style};\n", dot_quote(&g.names[&n])));
    }
    for (a, b) in sorted_edges(g) {
        s.push_str(&format!(
            "  {} -> {} [label={}];\n",
            dot_quote(&g.names[&a]),
            dot_quote(&g.names[&b]),
            dot_quote(&labels(g, a, b))
        ));
    }
    s.push_str("}\n");
    s
}

pub fn json(g: &PrereqGraph, catalog: &Catalog) -> serde_json::Value {
    let nodes: Vec<_> = sorted_nodes(g)
        .into_iter()
        .map(|n| {
            let s = &catalog.skills[n];
            serde_json::json!({
                "name": g.names[&n],
                "lane": s.lane.as_str(),
                "requires": s.contract.requires(),
                "produces": s.contract.produces(),
            })
        })
        .collect();
    let edges: Vec<_> = sorted_edges(g)
        .into_iter()
        .flat_map(|(a, b)| {
            g.links[&(a, b)].iter().map(move |l| {
                let (kind, artifact) = match l {
                    super::Link::Artifact(x) => ("artifact", Some(x.clone())),
                    other => (other.label(), None),
                };
                serde_json::json!({
                    "from": g.names[&a],
                    "to": g.names[&b],
                    "kind": kind,
                    "artifact": artifact,
                })
            })
        })
        .collect();
    let cycles: Vec<_> = g.cycles().iter().map(|c| c.text()).collect();
    serde_json::json!({
        "schema": "re0/graph@1",
        "nodes": nodes,
        "edges": edges,
        "cycles": cycles,
    })
}
