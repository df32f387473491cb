//! The GES graph in memory, the same for every version and form: v1.0 and
//! v1.1 `.ges.yaml` ([`super::yaml`]) and v2.0 `.ges.md` ([`super::md`]) all
//! read into a [`Graph`].
//!
//! Terminals are the names in `meta.terminal`; they need not be declared as
//! nodes (v1.x), and a declared terminal's actions never run. An edge has one
//! or more sources and targets: several targets is a fork (v1.1), several
//! sources a join.

use indexmap::IndexMap;
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A GES schema version re0 reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Version {
    V1_0,
    V1_1,
    V2_0,
}

impl Version {
    pub fn parse(s: &str) -> Option<Version> {
        match s {
            "ges/1.0" => Some(Version::V1_0),
            "ges/1.1" => Some(Version::V1_1),
            "ges/2.0" => Some(Version::V2_0),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Version::V1_0 => "ges/1.0",
            Version::V1_1 => "ges/1.1",
            Version::V2_0 => "ges/2.0",
        }
    }
}

/// `meta.input`: the JSON Schema subset a graph declares for its inputs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InputSchema {
    pub required: Vec<String>,
    pub properties: BTreeMap<String, Property>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Property {
    pub ty: Option<String>,
    pub description: Option<String>,
    pub default: Option<Json>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Meta {
    pub name: String,
    pub entry: String,
    pub terminal: Vec<String>,
    pub description: Option<String>,
    /// v1.1: an expression judged before each node's edges, seen as `goal`.
    pub goal: Option<String>,
    pub input: Option<InputSchema>,
    /// v1.1: the variables the graph exports (to a caller or a handoff).
    pub output: Option<Vec<String>>,
}

/// How an action's completion is checked.
#[derive(Debug, Clone, PartialEq)]
pub enum Verify {
    /// A string: judged by the runner (the LLM).
    Judge(String),
    /// `{run: cmd}`: the command's exit status.
    Run(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct LoopSpec {
    /// `"{{x}}"`, `"{{plan.tasks}}"` or a bare path.
    pub over: String,
    pub var: String,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Action {
    pub id: String,
    pub prompt: Option<String>,
    pub run: Option<String>,
    pub output: Vec<String>,
    pub verify: Option<Verify>,
    pub loop_: Option<LoopSpec>,
    pub optional: bool,
    pub retry: u32,
    /// Milliseconds.
    pub timeout_ms: Option<u64>,
    /// Decision tools `{name, description, schema}`, offered to the runner.
    pub tools: Vec<Json>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Node {
    pub actions: Vec<Action>,
    pub description: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Edge {
    pub from: Vec<String>,
    pub to: Vec<String>,
    pub when: Option<String>,
    pub label: Option<String>,
    /// v1.1: a transfer to another graph. Recorded and shown, never followed.
    pub handoff: Option<String>,
}

impl Edge {
    /// The guard, when there is one: an empty `when` is unconditional.
    pub fn guard(&self) -> Option<&str> {
        self.when
            .as_deref()
            .map(str::trim)
            .filter(|w| !w.is_empty())
    }

    pub fn is_fork(&self) -> bool {
        self.to.len() > 1
    }

    pub fn is_join(&self) -> bool {
        self.from.len() > 1
    }

    /// `a -> b`, `a -> [b, c]`, `[a, b] -> c`.
    pub fn describe(&self) -> String {
        let side = |v: &[String]| match v {
            [one] => one.clone(),
            many => format!("[{}]", many.join(", ")),
        };
        format!("{} -> {}", side(&self.from), side(&self.to))
    }
}

/// Where the parts of a graph are in its file (1-based lines).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Lines {
    pub keys: BTreeMap<String, usize>,
    pub nodes: BTreeMap<String, usize>,
    pub actions: BTreeMap<(String, String), usize>,
    pub edges: Vec<Option<usize>>,
}

impl Lines {
    pub fn key(&self, k: &str) -> Option<usize> {
        self.keys.get(k).copied()
    }
    pub fn node(&self, id: &str) -> Option<usize> {
        self.nodes.get(id).copied()
    }
    pub fn action(&self, node: &str, id: &str) -> Option<usize> {
        self.actions
            .get(&(node.to_string(), id.to_string()))
            .copied()
            .or_else(|| self.node(node))
    }
    pub fn edge(&self, k: usize) -> Option<usize> {
        self.edges.get(k).copied().flatten()
    }
}

/// Something the reader tolerated but the author should hear about.
#[derive(Debug, Clone, PartialEq)]
pub struct Remark {
    pub line: Option<usize>,
    pub message: String,
}

/// A GES graph, whatever file it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Graph {
    pub version: Version,
    pub file: PathBuf,
    pub meta: Meta,
    pub bindings: BTreeMap<String, String>,
    /// In file order.
    pub nodes: IndexMap<String, Node>,
    pub edges: Vec<Edge>,
    pub lines: Lines,
    /// Tolerated keys (`persist`, unknown extension keys, …).
    pub remarks: Vec<Remark>,
}

impl Graph {
    pub fn terminals(&self) -> &[String] {
        &self.meta.terminal
    }

    pub fn is_terminal(&self, id: &str) -> bool {
        self.meta.terminal.iter().any(|t| t == id)
    }

    /// A declared node or a terminal.
    pub fn knows(&self, id: &str) -> bool {
        self.nodes.contains_key(id) || self.is_terminal(id)
    }

    /// The actions that run at `id`: none at a terminal.
    pub fn actions(&self, id: &str) -> &[Action] {
        if self.is_terminal(id) {
            return &[];
        }
        self.nodes
            .get(id)
            .map(|n| n.actions.as_slice())
            .unwrap_or(&[])
    }

    /// Every action with its node, in file order.
    pub fn all_actions(&self) -> impl Iterator<Item = (&str, &Action)> {
        self.nodes
            .iter()
            .flat_map(|(id, n)| n.actions.iter().map(move |a| (id.as_str(), a)))
    }

    /// The edges leaving `id` alone (not joins), in order.
    pub fn edges_from<'a>(&'a self, id: &'a str) -> impl Iterator<Item = (usize, &'a Edge)> {
        self.edges
            .iter()
            .enumerate()
            .filter(move |(_, e)| !e.is_join() && e.from.first().is_some_and(|f| f == id))
    }

    /// True when `id` is a source of a join: in a fork it waits there.
    pub fn is_join_source(&self, id: &str) -> bool {
        self.edges
            .iter()
            .any(|e| e.is_join() && e.from.iter().any(|f| f == id))
    }

    /// Variables actions define (`output`, loop variables), with `goal`
    /// when the graph has one.
    pub fn outputs(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (_, a) in self.all_actions() {
            out.extend(a.output.iter().cloned());
            if let Some(l) = &a.loop_ {
                out.push(l.var.clone());
            }
        }
        if self.meta.goal.is_some() {
            out.push("goal".into());
        }
        out
    }

    /// The names `meta.input` declares.
    pub fn inputs(&self) -> Vec<String> {
        self.meta
            .input
            .as_ref()
            .map(|i| {
                let mut v: Vec<String> = i.properties.keys().cloned().collect();
                v.extend(i.required.iter().cloned());
                v
            })
            .unwrap_or_default()
    }
}
