//! Which graph file is a skill's: `<name>.ges.yaml` or `<name>.ges.md`
//! beside its `SKILL.md` (or command file); else the only graph there; else
//! the only one no other graph there calls (`run: ./child.ges.yaml`) or
//! hands off to. Anything else is ambiguous, and an ambiguous skill is
//! never run as a plain step.

use super::source::{is_file_ref, is_graph_file};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The outcome of choosing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pick {
    pub chosen: Option<PathBuf>,
    /// Why no graph could be chosen, in one line.
    pub problem: Option<String>,
}

/// The graph files (names) in folder `dir`.
pub fn graph_files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .filter(|e| e.file_type().is_ok_and(|t| !t.is_dir()))
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| is_graph_file(n))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The names of `name`'s own graph files.
pub fn own_names(name: &str) -> [String; 3] {
    [
        format!("{name}.ges.yaml"),
        format!("{name}.ges.yml"),
        format!("{name}.ges.md"),
    ]
}

/// Chooses among `files` (names in `dir`) for the skill `name`.
pub fn pick(dir: &Path, name: &str, files: &[String]) -> Pick {
    let own = own_names(name);
    let named: Vec<&String> = files.iter().filter(|f| own.contains(f)).collect();
    let chosen = |f: &str| Pick {
        chosen: Some(dir.join(f)),
        problem: None,
    };
    match named.as_slice() {
        [one] => return chosen(one),
        [] => {}
        many => {
            return Pick {
                chosen: None,
                problem: Some(format!(
                    "two graphs for one skill ({}): keep one",
                    join(many.iter().map(|s| s.as_str()))
                )),
            }
        }
    }
    match files {
        [] => return Pick::default(),
        [one] => return chosen(one),
        _ => {}
    }
    let called: BTreeSet<String> = files
        .iter()
        .flat_map(|f| references(&dir.join(f)))
        .collect();
    let roots: Vec<&String> = files.iter().filter(|f| !called.contains(*f)).collect();
    match roots.as_slice() {
        [one] => chosen(one),
        _ => Pick {
            chosen: None,
            problem: Some(format!(
                "{} graphs in one folder ({}) and none is named {name}.ges.yaml or {name}.ges.md: re0 cannot tell which one the skill runs",
                files.len(),
                join(files.iter().map(|s| s.as_str()))
            )),
        },
    }
}

fn join<'a>(v: impl Iterator<Item = &'a str>) -> String {
    v.collect::<Vec<_>>().join(", ")
}

/// The graph files in its own folder that the graph at `path` calls or
/// hands off to (names). Unreadable graphs call nothing.
pub fn references(path: &Path) -> Vec<String> {
    let Ok(g) = super::load(path) else {
        return Vec::new();
    };
    graph_refs(&g)
        .into_iter()
        .filter_map(|r| {
            let p = Path::new(&r);
            let same_dir = p
                .parent()
                .is_some_and(|d| d == Path::new(".") || d.as_os_str().is_empty());
            same_dir.then(|| p.file_name().map(|n| n.to_string_lossy().into_owned()))?
        })
        .collect()
}

/// Every `./x.ges.*` a graph names: nested calls and handoff targets.
pub fn graph_refs(g: &super::Graph) -> Vec<String> {
    let mut out = Vec::new();
    for (_, a) in g.all_actions() {
        if let Some(r) = a.run.as_deref() {
            let r = super::exec::expand_alias(r, &g.bindings, &Default::default());
            if let Some(first) = r.split_whitespace().next() {
                if is_file_ref(first) && is_graph_file(first) {
                    out.push(first.to_string());
                }
            }
        }
    }
    for e in &g.edges {
        if let Some(h) = e
            .handoff
            .as_deref()
            .filter(|h| is_file_ref(h) && is_graph_file(h))
        {
            out.push(h.to_string());
        }
    }
    out
}
