//! A graph run's state on disk: `<run>/ges/<step>-a<attempt>.json`, written
//! atomically after every action (and every loop item), so a killed run
//! resumes at the next one.
//!
//! `active` maps each running node to its cursor, as the GES runtime state
//! does: one entry outside a fork, one per branch inside one. The file is
//! re0's own, but it is read back as untrusted input: through the size
//! limit, without following a symlink, and checked against the graph.

use super::model::Graph;
use crate::fsio::{self, Follow};
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::path::Path;

pub const STATE_SCHEMA: &str = "re0/ges-state@2";
const MAX_STATE: u64 = 16 * 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GraphStatus {
    Running,
    Done,
    Stuck,
    Failed,
}

/// Where one active node is.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cursor {
    /// The GES runtime's view: the next action's id, `__edges__` or `__done__`.
    pub at: String,
    /// The next action to run.
    pub action: usize,
    /// The next loop item of that action.
    pub item: usize,
    /// Outputs of the loop items done so far.
    pub partial: Vec<Json>,
    /// Failed tries of the current action (or item).
    pub tries: u32,
    /// The action's result, kept while its `verify` waits for an answer.
    pub staged: Option<Json>,
    /// Finished here: at a terminal, or waiting for a join.
    pub done: bool,
    /// The fork branch this node belongs to.
    pub branch: Option<String>,
}

/// A fork branch: run as a gate attempt of its own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Branch {
    /// The node the fork activated.
    pub start: String,
    /// Attempts of this branch so far, over every fork that started it.
    pub attempt: u32,
    /// Failed attempts in the current fork.
    pub failures: u32,
    /// `running`, `waiting` (at its join), `done` or `failed`.
    pub status: String,
}

/// A verdict the runner gave (a guard, a `verify` string, the goal).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    pub node: String,
    pub kind: String,
    pub guard: String,
    pub verdict: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionKind {
    /// A prompt action: the answer is its result.
    Prompt,
    /// A yes/no judgement.
    Judge,
}

/// Something only a model can answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Question {
    /// Stable across a resume: the same question gets the same id.
    pub id: String,
    pub kind: QuestionKind,
    pub node: String,
    pub action: Option<String>,
    pub branch: Option<String>,
    /// Everything the model needs: instruction, context and protocol.
    pub text: String,
    /// Variables the answer becomes.
    pub outputs: Vec<String>,
}

/// A nested graph being run (the runtime's `call_stack`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CallFrame {
    pub node: String,
    pub action: String,
    pub target: String,
    pub state_file: String,
}

/// An `edge.handoff`: recorded and shown, never followed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HandoffRecord {
    pub target: String,
    /// The target graph's `meta.name`, when it could be read.
    pub skill: Option<String>,
    pub payload: serde_json::Map<String, Json>,
    pub status: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphRun {
    pub schema: String,
    pub step: String,
    pub attempt: u32,
    pub graph: String,
    pub active: IndexMap<String, Cursor>,
    pub vars: BTreeMap<String, Json>,
    pub visits: BTreeMap<String, u32>,
    pub transitions: u32,
    pub status: GraphStatus,
    pub message: Option<String>,
    pub judgements: Vec<Judgement>,
    pub history: Vec<String>,
    pub warnings: Vec<String>,
    /// Questions answered so far (numbers the next one).
    pub asked: u32,
    pub pending: Option<Question>,
    pub calls: Vec<CallFrame>,
    pub handoff: Option<HandoffRecord>,
    pub branches: BTreeMap<String, Branch>,
}

impl GraphRun {
    pub fn new(step: &str, attempt: u32, g: &Graph) -> GraphRun {
        let mut active = IndexMap::new();
        active.insert(g.meta.entry.clone(), Cursor::default());
        GraphRun {
            schema: STATE_SCHEMA.into(),
            step: step.into(),
            attempt,
            graph: g.meta.name.clone(),
            active,
            vars: BTreeMap::new(),
            visits: BTreeMap::from([(g.meta.entry.clone(), 1)]),
            transitions: 0,
            status: GraphStatus::Running,
            message: None,
            judgements: Vec::new(),
            history: Vec::new(),
            warnings: Vec::new(),
            asked: 0,
            pending: None,
            calls: Vec::new(),
            handoff: None,
            branches: BTreeMap::new(),
        }
    }

    /// Records a warning once.
    pub fn warn(&mut self, w: String) {
        if !self.warnings.contains(&w) {
            self.warnings.push(w);
        }
    }

    /// Refreshes each cursor's `at` for readers of the file.
    pub fn label(&mut self, g: &Graph) {
        for (node, c) in self.active.iter_mut() {
            let actions = g.actions(node);
            c.at = if c.done {
                "__done__".into()
            } else if c.action < actions.len() {
                actions[c.action].id.clone()
            } else {
                "__edges__".into()
            };
        }
    }
}

/// Reads a state file: `None` when absent, unreadable, of another schema,
/// or naming nodes `g` does not have.
pub fn read(path: &Path, g: &Graph) -> Option<GraphRun> {
    let text = fsio::read_text_limited(path, MAX_STATE, Follow::No).ok()?;
    let s: GraphRun = serde_json::from_str(&text).ok()?;
    let known = s.active.keys().all(|n| g.knows(n));
    (s.schema == STATE_SCHEMA && s.graph == g.meta.name && known).then_some(s)
}

/// True when the state file at `path` is a graph run still going (the
/// engine resumes that attempt instead of starting another).
pub fn is_running(path: &Path) -> bool {
    fsio::read_text_limited(path, MAX_STATE, Follow::No)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .is_some_and(|v| v["schema"] == STATE_SCHEMA && v["status"] == "running")
}

/// Writes the state atomically.
pub fn save(path: &Path, st: &GraphRun) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    crate::state::store::write_atomic(path, &serde_json::to_vec_pretty(st).unwrap_or_default())
        .map_err(|e| std::io::Error::other(e.to_string()))
}
