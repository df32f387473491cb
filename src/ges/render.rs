//! Drawing a GES graph as Mermaid, DOT or JSON. Ids and labels go through
//! [`crate::graph::diagram`], so nodes named `start`, `end` or anything
//! else render. Forks and joins draw one arrow per branch; a handoff is a
//! dashed arrow to the graph it names (recorded, never followed).

use super::model::{Edge, Graph};
use crate::graph::diagram::{dot_string, mermaid_id, mermaid_label};

fn edge_label(e: &Edge) -> Option<String> {
    let base = e.label.clone().or_else(|| e.guard().map(str::to_string));
    match (base, e.is_fork(), e.is_join()) {
        (Some(l), _, _) => Some(l),
        (None, true, _) => Some("fork".into()),
        (None, _, true) => Some("join".into()),
        (None, false, false) => None,
    }
}

/// Every node to draw: declared ones, then terminals that are not.
fn all_nodes(g: &Graph) -> Vec<String> {
    let mut v: Vec<String> = g.nodes.keys().cloned().collect();
    for t in g.terminals() {
        if !v.contains(t) {
            v.push(t.clone());
        }
    }
    v
}

fn actions_label(g: &Graph, id: &str) -> String {
    if g.is_terminal(id) {
        return format!("{id} (terminal)");
    }
    let n = g.actions(id).len();
    format!("{id} ({n} action{})", if n == 1 { "" } else { "s" })
}

pub fn mermaid(g: &Graph) -> String {
    let mut s = String::from("flowchart TD\n");
    for id in all_nodes(g) {
        let label = mermaid_label(&actions_label(g, &id));
        if g.is_terminal(&id) {
            s.push_str(&format!("  {}([\"{label}\"])\n", mermaid_id(&id)));
        } else {
            s.push_str(&format!("  {}[\"{label}\"]\n", mermaid_id(&id)));
        }
    }
    s.push_str(&format!(
        "  ges_entry((entry)) --> {}\n",
        mermaid_id(&g.meta.entry)
    ));
    for (k, e) in g.edges.iter().enumerate() {
        let arrow = match edge_label(e) {
            Some(l) => format!("-->|\"{}\"|", mermaid_label(&l)),
            None => "-->".into(),
        };
        for f in &e.from {
            for t in &e.to {
                s.push_str(&format!("  {} {arrow} {}\n", mermaid_id(f), mermaid_id(t)));
            }
        }
        if let Some(h) = &e.handoff {
            s.push_str(&format!(
                "  ges_handoff_{k}[[\"{}\"]]\n  {} -.->|\"handoff\"| ges_handoff_{k}\n",
                mermaid_label(h),
                mermaid_id(&e.to[0])
            ));
        }
    }
    s
}

pub fn dot(g: &Graph) -> String {
    let mut s = format!(
        "digraph {} {{\n  node [shape=box];\n",
        dot_string(&g.meta.name)
    );
    for id in all_nodes(g) {
        let shape = if g.is_terminal(&id) {
            " [shape=doublecircle]"
        } else {
            ""
        };
        s.push_str(&format!("  {}{shape};\n", dot_string(&id)));
    }
    for e in &g.edges {
        let attr = match edge_label(e) {
            Some(l) => format!(" [label={}]", dot_string(&l)),
            None => String::new(),
        };
        for f in &e.from {
            for t in &e.to {
                s.push_str(&format!(
                    "  {} -> {}{attr};\n",
                    dot_string(f),
                    dot_string(t)
                ));
            }
        }
        if let Some(h) = &e.handoff {
            s.push_str(&format!(
                "  {} [shape=note];\n  {} -> {} [style=dashed, label=\"handoff\"];\n",
                dot_string(h),
                dot_string(&e.to[0]),
                dot_string(h)
            ));
        }
    }
    s.push_str("}\n");
    s
}

/// `re0/ges-graph@1`: one node or a list on each side of an edge, as the
/// graph wrote it.
pub fn json(g: &Graph) -> serde_json::Value {
    let side = |v: &[String]| match v {
        [one] => serde_json::json!(one),
        many => serde_json::json!(many),
    };
    serde_json::json!({
        "schema": "re0/ges-graph@1",
        "ges": g.version.as_str(),
        "name": g.meta.name,
        "entry": g.meta.entry,
        "terminal": g.terminals(),
        "goal": g.meta.goal,
        "nodes": all_nodes(g).iter().map(|id| serde_json::json!({
            "id": id,
            "terminal": g.is_terminal(id),
            "actions": g.actions(id).iter().map(|a| a.id.clone()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "edges": g.edges.iter().map(|e| serde_json::json!({
            "from": side(&e.from),
            "to": side(&e.to),
            "when": e.when,
            "label": e.label,
            "handoff": e.handoff,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn nodes_named_like_keywords_render() {
        let g = super::super::parse(
            "schema: ges/1.0\nmeta: {name: t, entry: start, terminal: [end]}\nnodes:\n  start:\n    actions: [{id: a, prompt: hi}]\nedges:\n  - {from: start, to: end, when: \"x > \\\"1\\\"\"}\n",
            std::path::Path::new("t.ges.yaml"),
        )
        .unwrap();
        let m = super::mermaid(&g);
        assert!(
            m.contains("n_start -->|\"x #gt; #quot;1#quot;\"| n_end"),
            "{m}"
        );
        assert!(m.contains("n_end([\"end (terminal)\"])"), "{m}");
        assert!(!m.lines().any(|l| l.trim_start().starts_with("end")), "{m}");
    }
}
