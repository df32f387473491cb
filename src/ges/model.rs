//! The GES v1.0 document (`<name>.ges.yaml`) and reading it.
//!
//! Later schemas (`ges/1.1` with fork/join/handoff, `ges/2.0` in Markdown)
//! are recognised by their `schema:` line and reported as unsupported; they
//! are never read as 1.0.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub const SCHEMA: &str = "ges/1.0";

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    pub fn list(&self) -> Vec<String> {
        match self {
            OneOrMany::One(s) => vec![s.clone()],
            OneOrMany::Many(v) => v.clone(),
        }
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    pub name: String,
    pub entry: String,
    pub terminal: OneOrMany,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub version: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Verify {
    Command(String),
    Run { run: String },
}

impl Verify {
    pub fn command(&self) -> &str {
        match self {
            Verify::Command(c) => c,
            Verify::Run { run } => run,
        }
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LoopSpec {
    pub over: String,
    #[serde(rename = "as")]
    pub var: String,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Timeout {
    Seconds(u64),
    Text(String),
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Action {
    pub id: String,
    #[serde(default)]
    pub prompt: Option<String>,
    #[serde(default)]
    pub run: Option<String>,
    #[serde(default)]
    pub output: Option<String>,
    #[serde(default)]
    pub verify: Option<Verify>,
    #[serde(default, rename = "loop")]
    pub loop_: Option<LoopSpec>,
    #[serde(default)]
    pub optional: bool,
    #[serde(default)]
    pub retry: u32,
    #[serde(default)]
    pub timeout: Option<Timeout>,
    #[serde(default)]
    pub tools: Vec<String>,
}

impl Action {
    /// Seconds this action may take.
    pub fn timeout_secs(&self) -> u64 {
        match &self.timeout {
            Some(Timeout::Seconds(s)) => *s,
            Some(Timeout::Text(t)) => crate::config::parse_duration(t).unwrap_or(600),
            None => 600,
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Node {
    #[serde(default)]
    pub actions: Vec<Action>,
    #[serde(default)]
    pub description: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Edge {
    pub from: String,
    pub to: String,
    #[serde(default)]
    pub when: Option<String>,
    #[serde(default)]
    pub label: Option<String>,
}

/// A GES v1.0 graph.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Graph {
    pub schema: String,
    pub meta: Meta,
    #[serde(default)]
    pub bindings: BTreeMap<String, String>,
    #[serde(default)]
    pub nodes: BTreeMap<String, Option<Node>>,
    #[serde(default)]
    pub edges: Vec<Edge>,
}

impl Graph {
    pub fn terminals(&self) -> Vec<String> {
        self.meta.terminal.list()
    }

    pub fn node(&self, id: &str) -> Option<&Node> {
        self.nodes.get(id).and_then(|n| n.as_ref())
    }

    pub fn actions(&self, id: &str) -> &[Action] {
        self.node(id).map(|n| n.actions.as_slice()).unwrap_or(&[])
    }

    /// True when any action runs a command (and so needs `exec`).
    pub fn runs_commands(&self) -> bool {
        self.nodes
            .values()
            .flatten()
            .flat_map(|n| &n.actions)
            .any(|a| a.run.is_some() || a.verify.is_some())
    }

    /// Variables actions define (`output`, loop variables).
    pub fn outputs(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for n in self.nodes.values().flatten() {
            for a in &n.actions {
                if let Some(o) = &a.output {
                    out.push(o.clone());
                }
                if let Some(l) = &a.loop_ {
                    out.push(l.var.clone());
                }
            }
        }
        out
    }
}

/// Why a graph file could not be used.
#[derive(Debug, Clone, PartialEq)]
pub enum LoadError {
    /// A later schema this re0 does not execute.
    Unsupported(String),
    /// Not a GES document: YAML or shape errors, with the file's line.
    Invalid {
        message: String,
        line: Option<usize>,
        column: Option<usize>,
    },
}

/// The value of the first `schema:` line, read without a YAML parse so
/// Markdown (ges/2.0) files are recognised too.
fn schema_line(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let v = l.trim_start().strip_prefix("schema:")?;
        Some(v.trim().trim_matches(|c| c == '"' || c == '\'').to_string())
    })
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unsupported(s) => {
                write!(f, "schema '{s}' is not supported (this re0 reads {SCHEMA})")
            }
            LoadError::Invalid {
                message,
                line: Some(l),
                ..
            } => write!(f, "line {l}: {message}"),
            LoadError::Invalid { message, .. } => f.write_str(message),
        }
    }
}

/// Reads a graph from text.
pub fn parse(text: &str) -> Result<Graph, LoadError> {
    let schema = schema_line(text);
    match schema.as_deref() {
        Some(SCHEMA) => {}
        Some(s) if s.starts_with("ges/") => return Err(LoadError::Unsupported(s.to_string())),
        Some(s) => {
            return Err(LoadError::Invalid {
                message: format!("schema '{s}' is not a GES schema"),
                line: line_of(text, "schema"),
                column: None,
            })
        }
        None => {
            return Err(LoadError::Invalid {
                message: format!("no `schema: {SCHEMA}` line"),
                line: Some(1),
                column: None,
            })
        }
    }
    serde_yaml::from_str(text).map_err(|e| {
        let msg = e.to_string();
        let msg = match msg.find(" at line ") {
            Some(i) => msg[..i].to_string(),
            None => msg,
        };
        LoadError::Invalid {
            message: msg,
            line: e.location().map(|l| l.line()),
            column: e.location().map(|l| l.column()),
        }
    })
}

/// Reads the graph file at `path` (at most 1 MiB).
pub fn load(path: &Path) -> Result<Graph, LoadError> {
    let text = std::fs::read(path).map_err(|e| LoadError::Invalid {
        message: format!("cannot read: {e}"),
        line: None,
        column: None,
    })?;
    if text.len() > 1024 * 1024 {
        return Err(LoadError::Invalid {
            message: "larger than 1 MiB".into(),
            line: None,
            column: None,
        });
    }
    let text = String::from_utf8(text).map_err(|_| LoadError::Invalid {
        message: "not UTF-8".into(),
        line: None,
        column: None,
    })?;
    parse(&text)
}

/// The graph file of a skill: `<name>.ges.yaml` in its folder (or beside a
/// command file), else any single `*.ges.yaml` there.
pub fn find(dir: &Path, name: &str) -> Option<PathBuf> {
    let named = dir.join(format!("{name}.ges.yaml"));
    if named.is_file() {
        return Some(named);
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".ges.yaml"))
        .collect();
    found.sort();
    (found.len() == 1).then(|| found.remove(0))
}

/// The 1-based line of the first line whose key is `key` at any indent.
pub fn line_of(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            let t = l.trim_start().trim_start_matches("- ");
            t.strip_prefix(key)
                .is_some_and(|r| r.trim_start().starts_with(':'))
        })
        .map(|i| i + 1)
}

/// Line numbers of the parts of a graph file, found by scanning lines.
pub struct Lines<'a> {
    text: &'a str,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Self {
        Lines { text }
    }

    fn section(&self, key: &str) -> Option<usize> {
        self.text
            .lines()
            .position(|l| l.starts_with(&format!("{key}:")))
    }

    pub fn key(&self, key: &str) -> Option<usize> {
        line_of(self.text, key)
    }

    /// The line where node `id` is declared under `nodes:`.
    pub fn node(&self, id: &str) -> Option<usize> {
        let start = self.section("nodes")?;
        self.text
            .lines()
            .enumerate()
            .skip(start + 1)
            .take_while(|(_, l)| l.is_empty() || l.starts_with(' ') || l.starts_with('#'))
            .find(|(_, l)| {
                let t = l.trim_start().trim_matches('"');
                t.strip_prefix(id)
                    .is_some_and(|r| r.trim_start_matches('"').trim_start().starts_with(':'))
            })
            .map(|(i, _)| i + 1)
    }

    /// The line of action `action` of node `node`.
    pub fn action(&self, node: &str, action: &str) -> Option<usize> {
        let from = self.node(node)?;
        self.text
            .lines()
            .enumerate()
            .skip(from)
            .find(|(_, l)| {
                let t = l
                    .trim_start()
                    .trim_start_matches("- ")
                    .trim_start_matches('{')
                    .trim_start();
                t.strip_prefix("id:").is_some_and(|r| {
                    r.trim()
                        .trim_matches(|c| c == '"' || c == '\'' || c == ',')
                        .starts_with(action)
                })
            })
            .map(|(i, _)| i + 1)
    }

    /// The line of the `k`-th (0-based) item under `edges:`.
    pub fn edge(&self, k: usize) -> Option<usize> {
        let start = self.section("edges")?;
        self.text
            .lines()
            .enumerate()
            .skip(start + 1)
            .take_while(|(_, l)| l.is_empty() || l.starts_with([' ', '-', '#']))
            .filter(|(_, l)| l.trim_start().starts_with("- "))
            .nth(k)
            .map(|(i, _)| i + 1)
    }
}
