//! `--selector CMD`: selection by an outside program (DESIGN §4.1 rule 7).
//!
//! re0 starts `sh -c CMD` (or a preset: `claude`, `codex`, `gemini`, see
//! [`crate::agents`]) and writes one JSON request on its stdin:
//! `{"schema", "instructions", "intent", "skills": [...]}`. The
//! instructions come first and are plain text, so a headless agent reading
//! its prompt from stdin can answer as it is. The answer is read from its
//! stdout: a JSON list of names, `{"skills": [...]}`, either of them inside
//! a code fence or a sentence, or around one a Claude `--output-format
//! json` or Gemini `--output-format json` envelope, or a Codex `exec
//! --json` event stream. Names may be written `/name`, `$name` or `plugin:name`, in
//! any case. An answer with no JSON list is read as prose: names in
//! backticks or opening the items of a list (`- pdf`, `2. xlsx`), or an
//! answer that is only names ("pdf, xlsx"); "none of these apply" is no
//! skill. Names not in the catalog are dropped with a warning; the
//! program's text is never acted on beyond that list.

use crate::agents::{self, Purpose};
use crate::catalog::Catalog;
use crate::error::{Error, Result};
use crate::process;
use serde_json::Value;
use std::process::Stdio;
use std::time::Duration;

/// How long the selector may take.
pub const TIMEOUT: Duration = Duration::from_secs(300);
/// The most of its answer re0 reads.
const MAX_ANSWER: u64 = 16 << 20;

const INSTRUCTIONS: &str = "You choose which installed agent skills serve a \
person's request. Read `intent` (what the person typed) and `skills` (every \
installed skill: name, description, lane). Choose the skills whose work the \
request asks for: one per distinct task in it, none for a task no skill \
does, none for a question or chit-chat that asks for no skill's work. Do not \
add skills that are merely related. Answer with only a JSON list of the \
chosen names, exactly as written in `skills`, for example [\"pdf\"] or [] \
when none fits. Do not run tools, read files or change anything.";

/// Runs the selector; returns chosen catalog indices and warnings.
pub fn run(cmd: &str, catalog: &Catalog, intent: &str) -> Result<(Vec<usize>, Vec<String>)> {
    let command = agents::expand(cmd, Purpose::Select);
    let fail = |m: String| Error::Usage(format!("--selector '{cmd}': {m}"));
    let out = ask(&command, &request(catalog, intent)).map_err(fail)?;
    match parse_answer(&out) {
        Ok(names) => Ok(resolve(catalog, names)),
        Err(AnswerError::NoList) => prose::names(catalog, &out)
            .map(|chosen| (chosen, Vec::new()))
            .ok_or_else(|| fail(AnswerError::NoList.to_string())),
        Err(e) => Err(fail(e.to_string())),
    }
}

/// The request written on the selector's stdin.
pub fn request(catalog: &Catalog, intent: &str) -> String {
    let roster: Vec<Value> = catalog
        .active()
        .map(|(_, s)| {
            serde_json::json!({
                "name": s.key(),
                "description": s.description,
                "lane": s.lane.as_str(),
                "triggers": s.contract.triggers(),
                "requires": s.contract.requires(),
                "produces": s.contract.produces(),
            })
        })
        .collect();
    serde_json::json!({
        "schema": "re0/selector-request@1",
        "instructions": INSTRUCTIONS,
        "intent": intent,
        "skills": roster,
    })
    .to_string()
}

/// Runs `command` with `input` on stdin; returns its stdout, or why not.
fn ask(command: &str, input: &str) -> std::result::Result<String, String> {
    let mut cmd = process::shell(command);
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut child = process::spawn(&mut cmd).map_err(|e| format!("cannot start it: {e}"))?;
    process::feed_stdin(&mut child, input.to_string());
    let reader = process::capture_stdout(&mut child, MAX_ANSWER);
    let exit = process::wait(&mut child, TIMEOUT).map_err(|e| e.to_string())?;
    let out = reader.and_then(|r| r.join().ok()).unwrap_or_default();
    match exit {
        process::Exit::Code(0) => Ok(String::from_utf8_lossy(&out).into_owned()),
        process::Exit::Code(127) => {
            Err("its program was not found (exit status 127); is it installed and on PATH?".into())
        }
        other => Err(format!("it {other} without an answer")),
    }
}

/// Why an answer could not be read.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    #[error("it printed nothing")]
    Empty,
    #[error("its answer holds no JSON list of skill names")]
    NoList,
}

/// The names in an answer, however it is wrapped.
pub fn parse_answer(out: &str) -> std::result::Result<Vec<Value>, AnswerError> {
    let text = out.trim();
    if text.is_empty() {
        return Err(AnswerError::Empty);
    }
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        if let Some(list) = list_in(&v) {
            return Ok(list);
        }
    }
    // Prose or a code fence around the JSON: try each place a list or an
    // object starts, fenced blocks first, and take the last that parses as
    // an answer (agents tend to end with their final answer).
    // A list inside an answer already read is part of it, not a later
    // answer: `{"skills": ["pdf"], "rejected": ["xlsx"]}` chose `pdf`.
    let mut found = None;
    let mut read_to = 0;
    for start in json_starts(text) {
        if start < read_to {
            continue;
        }
        let mut de = serde_json::Deserializer::from_str(&text[start..]).into_iter::<Value>();
        if let Some(Ok(v)) = de.next() {
            if let Some(list) = list_in(&v) {
                found = Some(list);
                read_to = start + de.byte_offset();
            }
        }
    }
    found.ok_or(AnswerError::NoList)
}

/// Byte offsets where a JSON list or object may start.
fn json_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.char_indices()
        .filter(|(_, c)| *c == '[' || *c == '{')
        .map(|(i, _)| i)
}

/// The list of names a JSON value carries: a list of strings, an object
/// with `skills` (or `selected`, `names`), or a string holding one of those:
/// Claude's `{"result": "…"}` envelope, Gemini's `{"response": "…"}`, or
/// the message item of a Codex `exec --json` event stream.
fn list_in(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::Array(a) if a.iter().all(|x| x.is_string() || x.is_object()) => Some(
            a.iter()
                .filter_map(|x| match x {
                    Value::Object(o) => o.get("name").cloned(),
                    other => Some(other.clone()),
                })
                .collect(),
        ),
        Value::Object(o) => {
            for key in ["skills", "selected", "names"] {
                if let Some(list) = o.get(key).and_then(list_in) {
                    return Some(list);
                }
            }
            // Claude's `result`, Gemini's `response`, and the `text` of a
            // Codex `--json` message item (not of its reasoning).
            let said = |k: &str| o.get(k).and_then(Value::as_str);
            let message = ["type", "item_type"]
                .iter()
                .any(|k| said(k).is_some_and(|t| t.ends_with("message")));
            said("result")
                .or_else(|| said("response"))
                .or_else(|| said("text").filter(|_| message))
                .and_then(|s| parse_answer(s).ok())
        }
        _ => None,
    }
}

/// Catalog indices for the answer's names, with a warning per dropped one.
pub fn resolve(catalog: &Catalog, names: Vec<Value>) -> (Vec<usize>, Vec<String>) {
    let mut chosen = Vec::new();
    let mut warnings = Vec::new();
    for item in names {
        let Some(raw) = item.as_str() else {
            warnings.push(format!(
                "selector returned {}, which is not a skill name; dropped",
                crate::display::clip(&item.to_string(), 80)
            ));
            continue;
        };
        match find(catalog, raw) {
            Some(i) if !chosen.contains(&i) => chosen.push(i),
            Some(_) => {}
            None => warnings.push(format!(
                "selector returned '{}', which is not in the catalog; dropped",
                crate::display::clean(&crate::display::clip(raw, 80))
            )),
        }
    }
    (chosen, warnings)
}

/// The catalog index of a name as a selector wrote it: `/name`, `$name`,
/// `plugin:name` (also for a skill installed without its plugin), in any
/// case when only one skill answers to it.
pub(super) fn find(catalog: &Catalog, raw: &str) -> Option<usize> {
    let name = raw.trim().trim_start_matches(['/', '$']);
    if name.is_empty() {
        return None;
    }
    let bare = name.rsplit_once(':').map(|(_, b)| b);
    let exact = || {
        catalog
            .index_of(name)
            .or_else(|| bare.and_then(|b| catalog.index_of(b)))
    };
    exact().or_else(|| {
        let lower = name.to_lowercase();
        let bare = bare.map(str::to_lowercase);
        let mut found = catalog.active().filter(|(_, s)| {
            let key = s.key().to_lowercase();
            key == lower || bare.as_deref() == Some(&s.name.to_lowercase())
        });
        let (first, _) = found.next()?;
        found.next().is_none().then_some(first)
    })
}

mod prose;

#[cfg(test)]
mod tests {
    use super::*;

    fn names(out: &str) -> Vec<String> {
        parse_answer(out)
            .unwrap()
            .into_iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn answers_are_read_however_they_are_wrapped() {
        assert_eq!(names(r#"["pdf", "xlsx"]"#), ["pdf", "xlsx"]);
        assert_eq!(names(r#"{"skills": ["pdf"]}"#), ["pdf"]);
        assert_eq!(
            names("Sure! The skills are:\n```json\n[\"pdf\"]\n```\nHope that helps."),
            ["pdf"]
        );
        assert_eq!(
            names("I considered [maybe] a few. Final answer: [\"docx\", \"pptx\"]"),
            ["docx", "pptx"]
        );
        assert_eq!(
            names(r#"{"type":"result","result":"```json\n[\"pdf\"]\n```"}"#),
            ["pdf"]
        );
        assert_eq!(names(r#"[{"name": "pdf", "why": "PDF work"}]"#), ["pdf"]);
        // Gemini's `--output-format json` envelope.
        assert_eq!(
            names(r#"{"response": "I'd use:\n```json\n[\"xlsx\"]\n```", "stats": {"models": {}}}"#),
            ["xlsx"]
        );
        // A Codex `exec --json` stream: the last message item answers; a
        // list in its reasoning does not.
        let codex = [
            r#"{"type":"thread.started","thread_id":"t1"}"#,
            r#"{"type":"item.completed","item":{"id":"item_0","type":"reasoning","text":"maybe [\"docx\"]?"}}"#,
            r#"{"type":"item.completed","item":{"id":"item_1","type":"agent_message","text":"[\"pdf\"]"}}"#,
            r#"{"type":"turn.completed","usage":{"input_tokens":10,"output_tokens":2}}"#,
        ]
        .join("\n");
        assert_eq!(names(&codex), ["pdf"]);
        let reasoning_only = [
            r#"{"type":"item.completed","item":{"type":"reasoning","text":"[\"docx\"]"}}"#,
            r#"{"type":"turn.completed"}"#,
        ]
        .join("\n");
        assert_eq!(parse_answer(&reasoning_only), Err(AnswerError::NoList));
        // A list inside the answer's object is part of that answer.
        assert_eq!(
            names(r#"Chosen: {"skills": ["pdf"], "rejected": ["xlsx"]} as asked."#),
            ["pdf"]
        );
        assert_eq!(
            names(
                r#"```json
[{"name": "pdf", "instead_of": ["docx"]}]
```"#
            ),
            ["pdf"]
        );
        assert_eq!(names("[]"), Vec::<String>::new());
        assert_eq!(parse_answer("  "), Err(AnswerError::Empty));
        assert_eq!(parse_answer("no idea"), Err(AnswerError::NoList));
    }
}
