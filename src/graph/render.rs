//! Drawing the catalog's prerequisite graph as Mermaid, DOT or JSON, with
//! what `re0 check` finds wrong drawn in: members that are not installed,
//! requirements nobody produces, cycles highlighted, and a legend.
//!
//! Every name goes through [`super::diagram`], so any skill name renders:
//! Mermaid ids are injective and never keywords (`end`, `graph`, …); DOT
//! nodes are numbered and carry their name as a label.

use super::diagram::{dot_string, mermaid_id, mermaid_label};
use super::problems::Annotated;
use super::PrereqGraph;
use crate::catalog::Catalog;
use std::collections::BTreeMap;

const RED: &str = "#d00000";

/// Every edge with its reasons, sorted by the names at its ends.
fn sorted_edges(g: &PrereqGraph) -> Vec<super::Edge<'_>> {
    let mut e: Vec<super::Edge<'_>> = g.edges().collect();
    e.sort_by(|a, b| {
        (&g.names[&a.from], &g.names[&a.to]).cmp(&(&g.names[&b.from], &g.names[&b.to]))
    });
    e
}

fn sorted_nodes(g: &PrereqGraph) -> Vec<usize> {
    let mut n: Vec<usize> = g.names.keys().copied().collect();
    n.sort_by(|a, b| g.names[a].cmp(&g.names[b]));
    n
}

/// A Mermaid id outside the skills' `n_…` space, for problem nodes.
fn other_id(prefix: char, name: &str) -> String {
    let id = mermaid_id(name);
    format!("{prefix}{}", &id[1..])
}

pub fn mermaid(a: &Annotated, catalog: &Catalog) -> String {
    let g = &a.graph;
    let mut s = String::from("flowchart LR\n");
    let mut class: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for n in sorted_nodes(g) {
        let (id, label) = (mermaid_id(&g.names[&n]), mermaid_label(&g.names[&n]));
        if catalog.skills[n].is_user_only() {
            s.push_str(&format!("  {id}[/\"{label}\"/]\n"));
            class.entry("userOnly").or_default().push(id.clone());
        } else {
            s.push_str(&format!("  {id}[\"{label}\"]\n"));
        }
        if a.cycle_nodes.contains(&n) {
            class.entry("cycle").or_default().push(id);
        }
    }
    for m in a.missing_names() {
        let id = other_id('m', m);
        s.push_str(&format!(
            "  {id}[\"{} (not installed)\"]\n",
            mermaid_label(m)
        ));
        class.entry("missing").or_default().push(id);
    }
    for art in a.unresolved_names() {
        let id = other_id('a', art);
        s.push_str(&format!(
            "  {id}([\"{} (no producer)\"])\n",
            mermaid_label(art)
        ));
        class.entry("unresolved").or_default().push(id);
    }
    let mut index = 0usize;
    let mut red = Vec::new();
    let mut edge = |s: &mut String, line: String, is_red: bool| {
        s.push_str(&line);
        if is_red {
            red.push(index.to_string());
        }
        index += 1;
    };
    let id = |i: usize| mermaid_id(&g.names[&i]);
    for e in sorted_edges(g) {
        let (x, y) = (e.from, e.to);
        let line = format!(
            "  {} -->|\"{}\"| {}\n",
            id(x),
            mermaid_label(&e.label()),
            id(y)
        );
        edge(&mut s, line, a.cycle_edges.contains(&(x, y)));
    }
    for &(p, m) in &a.members {
        edge(
            &mut s,
            format!("  {} -.->|\"member\"| {}\n", id(p), id(m)),
            false,
        );
    }
    for (i, field, m) in &a.missing {
        edge(
            &mut s,
            format!("  {} -.->|\"{field}\"| {}\n", id(*i), other_id('m', m)),
            false,
        );
    }
    for (i, art) in &a.unresolved {
        edge(
            &mut s,
            format!("  {} -.->|\"requires\"| {}\n", other_id('a', art), id(*i)),
            false,
        );
    }
    s.push_str(MERMAID_LEGEND);
    s.push_str("  classDef userOnly fill:#eef2ff,stroke:#4455aa\n");
    s.push_str("  classDef missing fill:#fff4e5,stroke:#cc6600,stroke-dasharray:5 5\n");
    s.push_str("  classDef unresolved fill:#fdecea,stroke:#bb0000,stroke-dasharray:5 5\n");
    s.push_str(&format!("  classDef cycle stroke:{RED},stroke-width:3px\n"));
    for (name, ids) in &class {
        s.push_str(&format!("  class {} {name}\n", ids.join(",")));
    }
    if !red.is_empty() {
        s.push_str(&format!(
            "  linkStyle {} stroke:{RED},stroke-width:3px\n",
            red.join(",")
        ));
    }
    s
}

const MERMAID_LEGEND: &str = "  subgraph legend [\"Legend\"]
    direction LR
    legend_model[\"model-invoked skill\"]
    legend_user[/\"user-only skill\"/]:::userOnly
    legend_missing[\"not installed (pipeline or calls member)\"]:::missing
    legend_unresolved([\"required, but no skill produces it\"]):::unresolved
    legend_cycle[\"on a prerequisite cycle\"]:::cycle
    legend_model -->|\"artifact: the right one needs what the left one produces; calls: the left one calls it\"| legend_user
    legend_pipeline[\"frozen pipeline\"] -.->|\"member\"| legend_member[\"its member\"]
  end
";

pub fn dot(a: &Annotated, catalog: &Catalog) -> String {
    let g = &a.graph;
    let mut s = String::from("digraph re0 {\n  rankdir=LR;\n  node [shape=box];\n");
    let order = sorted_nodes(g);
    let sid: BTreeMap<usize, String> = order
        .iter()
        .enumerate()
        .map(|(k, n)| (*n, format!("s{k}")))
        .collect();
    for n in &order {
        let mut attrs = vec![format!("label={}", dot_string(&g.names[n]))];
        if catalog.skills[*n].is_user_only() {
            attrs.push("shape=parallelogram".into());
            attrs.push("style=dashed".into());
        }
        if a.cycle_nodes.contains(n) {
            attrs.push(format!("color=\"{RED}\", penwidth=2"));
        }
        s.push_str(&format!("  {} [{}];\n", sid[n], attrs.join(", ")));
    }
    let mid: BTreeMap<&str, String> = a
        .missing_names()
        .into_iter()
        .enumerate()
        .map(|(k, m)| (m, format!("m{k}")))
        .collect();
    for (m, id) in &mid {
        s.push_str(&format!(
            "  {id} [label={}, style=\"dashed,filled\", fillcolor=\"#fff4e5\", color=\"#cc6600\"];\n",
            dot_string(&format!("{m} (not installed)"))
        ));
    }
    let aid: BTreeMap<&str, String> = a
        .unresolved_names()
        .into_iter()
        .enumerate()
        .map(|(k, x)| (x, format!("a{k}")))
        .collect();
    for (x, id) in &aid {
        s.push_str(&format!(
            "  {id} [label={}, style=\"rounded,dashed,filled\", fillcolor=\"#fdecea\", color=\"#bb0000\"];\n",
            dot_string(&format!("{x} (no producer)"))
        ));
    }
    for e in sorted_edges(g) {
        let (x, y) = (e.from, e.to);
        let red = if a.cycle_edges.contains(&(x, y)) {
            format!(", color=\"{RED}\", penwidth=2")
        } else {
            String::new()
        };
        s.push_str(&format!(
            "  {} -> {} [label={}{red}];\n",
            sid[&x],
            sid[&y],
            dot_string(&e.label())
        ));
    }
    for (p, m) in &a.members {
        s.push_str(&format!(
            "  {} -> {} [label=\"member\", style=dotted];\n",
            sid[p], sid[m]
        ));
    }
    for (i, field, m) in &a.missing {
        s.push_str(&format!(
            "  {} -> {} [label={}, style=dashed];\n",
            sid[i],
            mid[m.as_str()],
            dot_string(field)
        ));
    }
    for (i, x) in &a.unresolved {
        s.push_str(&format!(
            "  {} -> {} [label=\"requires\", style=dashed];\n",
            aid[x.as_str()],
            sid[i]
        ));
    }
    s.push_str(DOT_LEGEND);
    s.push_str("}\n");
    s
}

const DOT_LEGEND: &str = "  subgraph cluster_legend {
    label=\"Legend\";
    l0 [label=\"model-invoked skill\"];
    l1 [label=\"user-only skill\", shape=parallelogram, style=dashed];
    l2 [label=\"not installed (pipeline or calls member)\", style=\"dashed,filled\", fillcolor=\"#fff4e5\", color=\"#cc6600\"];
    l3 [label=\"required, but no skill produces it\", style=\"rounded,dashed,filled\", fillcolor=\"#fdecea\", color=\"#bb0000\"];
    l4 [label=\"on a prerequisite cycle\", color=\"#d00000\", penwidth=2];
    l0 -> l1 [label=\"artifact or calls\"];
    l5 [label=\"frozen pipeline\"];
    l6 [label=\"its member\"];
    l5 -> l6 [label=\"member\", style=dotted];
  }
";

pub fn json(a: &Annotated, catalog: &Catalog) -> serde_json::Value {
    let g = &a.graph;
    let nodes: Vec<_> = sorted_nodes(g)
        .into_iter()
        .map(|n| {
            let s = &catalog.skills[n];
            serde_json::json!({
                "name": g.names[&n],
                "lane": s.lane.as_str(),
                "requires": s.contract.requires(),
                "produces": s.contract.produces(),
                "in_cycle": a.cycle_nodes.contains(&n),
            })
        })
        .collect();
    let edges: Vec<_> = sorted_edges(g)
        .into_iter()
        .flat_map(|e| {
            let (x, y) = (e.from, e.to);
            e.links.into_iter().map(move |l| {
                let (kind, artifact) = match l {
                    super::Link::Artifact(art) => ("artifact", Some(art.clone())),
                    other => (other.label(), None),
                };
                serde_json::json!({
                    "from": g.names[&x],
                    "to": g.names[&y],
                    "kind": kind,
                    "artifact": artifact,
                })
            })
        })
        .collect();
    let cycles: Vec<_> = g.cycles().iter().map(|c| c.text()).collect();
    let missing: Vec<_> = a
        .missing
        .iter()
        .map(|(i, field, m)| serde_json::json!({"skill": g.names[i], "field": field, "member": m}))
        .collect();
    let unresolved: Vec<_> = a
        .unresolved
        .iter()
        .map(|(i, x)| serde_json::json!({"skill": g.names[i], "artifact": x}))
        .collect();
    let members: Vec<_> = a
        .members
        .iter()
        .map(|(p, m)| serde_json::json!({"pipeline": g.names[p], "member": g.names[m]}))
        .collect();
    serde_json::json!({
        "schema": "re0/graph@1",
        "nodes": nodes,
        "edges": edges,
        "cycles": cycles,
        "members": members,
        "missing_members": missing,
        "unresolved_requires": unresolved,
    })
}
