//! Drawing a GES graph as Mermaid or DOT.

use super::model::Graph;

fn ident(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

fn edge_label(e: &super::model::Edge) -> Option<String> {
    e.label
        .clone()
        .or_else(|| e.when.clone())
        .map(|l| l.replace('"', "'").replace('|', "/"))
}

pub fn mermaid(g: &Graph) -> String {
    let mut s = String::from("flowchart TD\n");
    let terminals = g.terminals();
    for (id, n) in &g.nodes {
        let actions = n.as_ref().map(|n| n.actions.len()).unwrap_or(0);
        let label = format!(
            "{id} ({actions} action{})",
            if actions == 1 { "" } else { "s" }
        );
        if terminals.contains(id) {
            s.push_str(&format!("  {}([\"{label}\"])\n", ident(id)));
        } else {
            s.push_str(&format!("  {}[\"{label}\"]\n", ident(id)));
        }
    }
    s.push_str(&format!("  start((start)) --> {}\n", ident(&g.meta.entry)));
    for e in &g.edges {
        match edge_label(e) {
            Some(l) => s.push_str(&format!(
                "  {} -->|\"{l}\"| {}\n",
                ident(&e.from),
                ident(&e.to)
            )),
            None => s.push_str(&format!("  {} --> {}\n", ident(&e.from), ident(&e.to))),
        }
    }
    s
}

fn q(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

pub fn dot(g: &Graph) -> String {
    let mut s = format!("digraph {} {{\n  node [shape=box];\n", q(&g.meta.name));
    let terminals = g.terminals();
    for id in g.nodes.keys() {
        let shape = if terminals.contains(id) {
            " [shape=doublecircle]"
        } else {
            ""
        };
        s.push_str(&format!("  {}{shape};\n", q(id)));
    }
    for e in &g.edges {
        match edge_label(e) {
            Some(l) => s.push_str(&format!(
                "  {} -> {} [label={}];\n",
                q(&e.from),
                q(&e.to),
                q(&l)
            )),
            None => s.push_str(&format!("  {} -> {};\n", q(&e.from), q(&e.to))),
        }
    }
    s.push_str("}\n");
    s
}
