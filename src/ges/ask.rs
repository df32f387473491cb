//! Reaching a model: the runner (`re0 run`), the agent itself (`re0 next`),
//! or nobody. And starting processes for a graph, always through
//! [`crate::process`].
//!
//! Protocol for a prompt action (documented in the README): the runner gets
//! the question's text on stdin — the instruction, a `<context>` block of
//! JSON (skill, graph, node, action, iteration, branch, loop item,
//! variables) and how to reply — and the same context as a file named by
//! `RE0_GES_CONTEXT`, with `RE0_GES_NODE`, `RE0_GES_ACTION`,
//! `RE0_GES_ITERATION`, `RE0_GES_BRANCH` and `RE0_GES_BRANCH_ATTEMPT` beside the usual `RE0_RUN_ID`,
//! `RE0_STEP`, `RE0_SKILL`, `RE0_SKILL_DIR` and `RE0_ATTEMPT`. Its stdout
//! is the answer.

use super::state::Question;
use crate::process::{self, Exit};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

/// Largest output captured from one process or answer.
pub const MAX_OUTPUT: u64 = 1024 * 1024;

/// What a process needs besides its command: where it runs and what it sees.
#[derive(Debug, Clone)]
pub struct Spawn<'a> {
    pub workspace: &'a Path,
    pub env: Vec<(String, String)>,
    pub log: PathBuf,
    pub timeout: Duration,
}

/// Runs `sh -c script` with `input` on stdin; stdout captured (to
/// [`MAX_OUTPUT`]), stderr appended to the log.
pub fn capture(script: &str, input: &str, sp: &Spawn<'_>) -> std::io::Result<(Exit, String)> {
    if let Some(dir) = sp.log.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let log = crate::fsio::open_append(&sp.log)?;
    let mut cmd = process::shell(script);
    cmd.current_dir(sp.workspace)
        .envs(sp.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(log);
    let mut child = process::spawn(&mut cmd)?;
    process::feed_stdin(&mut child, input.to_string());
    let reader = process::capture_stdout(&mut child, MAX_OUTPUT);
    let exit = process::wait(&mut child, sp.timeout)?;
    let out = reader.and_then(|r| r.join().ok()).unwrap_or_default();
    Ok((exit, String::from_utf8_lossy(&out).into_owned()))
}

/// An answer, or none yet.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Text(String),
    /// The agent has not answered yet (`re0 next` hands the question out).
    Pending,
}

/// Something that answers questions.
pub trait Ask {
    fn ask(&mut self, q: &Question, sp: &Spawn<'_>) -> Result<Reply, String>;
}

/// The runner command: one process per question.
pub struct RunnerAsk<'a> {
    pub runner: &'a crate::run::runner::Runner,
}

impl Ask for RunnerAsk<'_> {
    fn ask(&mut self, q: &Question, sp: &Spawn<'_>) -> Result<Reply, String> {
        let mut sp = sp.clone();
        sp.timeout = sp.timeout.min(self.runner.timeout);
        let (exit, out) = capture(&self.runner.command, &q.text, &sp)
            .map_err(|e| format!("cannot start the runner '{}': {e}", self.runner.command))?;
        match exit {
            Exit::Code(0) => Ok(Reply::Text(out)),
            other => Err(format!("the runner {other}")),
        }
    }
}

/// The agent driving the run with `re0 next`: it writes each answer to
/// `<inbox>/<question id>.answer`.
pub struct InboxAsk {
    pub dir: PathBuf,
}

impl InboxAsk {
    pub fn answer_path(dir: &Path, q: &Question) -> PathBuf {
        dir.join(format!("{}.answer", q.id))
    }
}

impl Ask for InboxAsk {
    fn ask(&mut self, q: &Question, _sp: &Spawn<'_>) -> Result<Reply, String> {
        let path = Self::answer_path(&self.dir, q);
        match crate::fsio::read_text_limited(&path, MAX_OUTPUT, crate::fsio::Follow::No) {
            Ok(t) => Ok(Reply::Text(t)),
            Err(crate::fsio::ReadError::NotFound) => Ok(Reply::Pending),
            Err(e) => Err(format!("the answer {}: {e}", path.display())),
        }
    }
}

/// No runner: a question is an error that says how to get one.
pub struct NoAsk;

impl Ask for NoAsk {
    fn ask(&mut self, q: &Question, _sp: &Spawn<'_>) -> Result<Reply, String> {
        Err(format!(
            "{} at node '{}' needs a model to answer, and no runner is set (--runner, RE0_RUNNER or re0.yaml runner:)",
            match q.kind {
                super::state::QuestionKind::Prompt => "a prompt action",
                super::state::QuestionKind::Judge => "a judgement",
            },
            q.node
        ))
    }
}

/// A yes/no answer: its first word.
pub fn verdict(answer: &str) -> Option<bool> {
    let first = answer.split_whitespace().next()?;
    match first
        .trim_matches(|c: char| !c.is_alphabetic())
        .to_ascii_lowercase()
        .as_str()
    {
        "yes" | "true" => Some(true),
        "no" | "false" => Some(false),
        _ => None,
    }
}

/// A reply as a value: JSON when it parses (or a fenced ```json block
/// does), else the text without trailing newlines.
pub fn parse_reply(out: &str) -> serde_json::Value {
    let t = out.trim();
    if let Ok(v) = serde_json::from_str(t) {
        return v;
    }
    if let Some(start) = t.find("```") {
        let body = &t[start + 3..];
        let body = body.split_once('\n').map(|(_, b)| b).unwrap_or(body);
        if let Some(end) = body.find("```") {
            if let Ok(v) = serde_json::from_str(body[..end].trim()) {
                return v;
            }
        }
    }
    serde_json::Value::String(out.trim_end_matches(['\n', '\r']).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_and_verdicts() {
        assert_eq!(parse_reply("{\"a\": 1}\n"), serde_json::json!({"a": 1}));
        assert_eq!(
            parse_reply("Sure:\n```json\n[1, 2]\n```\n"),
            serde_json::json!([1, 2])
        );
        assert_eq!(
            parse_reply("  two words\n\n"),
            serde_json::json!("  two words")
        );
        assert_eq!(verdict("Yes."), Some(true));
        assert_eq!(verdict("**no**, because"), Some(false));
        assert_eq!(verdict("maybe"), None);
    }
}
