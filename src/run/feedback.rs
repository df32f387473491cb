//! What a gate learns from the attempt before it, and what re0 keeps of
//! each attempt (DESIGN §5.1): the prompt of attempt n+1 says why attempt n
//! was refused or failed (read from re0's own handoff record of it), with
//! the last lines its runner printed when it left no handoff; the full
//! prompt of every attempt is kept in `logs/`.
//!
//! The log is the runner's own output, read back through a size limit and
//! cleaned of control characters before it reaches a prompt or a terminal.

use crate::display;
use crate::fsio::{self, Follow};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// Bytes read from the end of a log for its last lines.
const TAIL_BYTES: u64 = 16 * 1024;
/// Longest log line shown, in characters.
const LINE_MAX: usize = 200;

/// The last `n` non-empty lines of the log at `path` as a person reads
/// them (a JSON event shown as what it carries), cleaned and clipped.
/// Empty when there is no log.
pub fn log_tail(path: &Path, n: usize) -> Vec<String> {
    raw_tail(path, n, TAIL_BYTES)
        .iter()
        .map(|l| super::progress::readable(l))
        .map(|l| display::clip(&display::clean(&l), LINE_MAX).into_owned())
        .collect()
}

/// The last `n` non-empty lines within the last `bytes` of the log at
/// `path`, as written (not cleaned: for parsing only).
pub fn raw_tail(path: &Path, n: usize, bytes: u64) -> Vec<String> {
    let Ok(mut f) = fsio::open_regular(path, Follow::No) else {
        return Vec::new();
    };
    let len = f.metadata().map(|m| m.len()).unwrap_or(0);
    let from = len.saturating_sub(bytes);
    if f.seek(SeekFrom::Start(from)).is_err() {
        return Vec::new();
    }
    let mut buf = Vec::new();
    let _ = f.take(bytes).read_to_end(&mut buf);
    let text = String::from_utf8_lossy(&buf);
    let mut lines: Vec<&str> = text.lines().collect();
    if from > 0 && !lines.is_empty() {
        lines.remove(0); // it may start mid-line
    }
    let kept: Vec<String> = lines
        .iter()
        .map(|l| l.trim_end())
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    kept[kept.len().saturating_sub(n)..].to_vec()
}

/// Where the prompt of an attempt is kept, beside its log.
pub fn prompt_path(log: &Path) -> PathBuf {
    log.with_extension("prompt.md")
}

/// Keeps the full prompt of an attempt beside its log. Losing it loses
/// only a copy, so a failure to write it does not stop the run.
pub fn keep_prompt(log: &Path, prompt: &str) {
    if let Ok(mut f) = fsio::open_truncate(&prompt_path(log)) {
        let _ = std::io::Write::write_all(&mut f, prompt.as_bytes());
    }
}

/// Largest handoff record read back for its refusal reason.
const RECORD_MAX: u64 = 2 * 1024 * 1024;

/// Why re0 refused attempt `attempt` of `step`, from its own handoff record
/// (`handoffs/NNN-<step>-a<attempt>.json`, the latest when there are
/// several); `None` when that attempt was not refused.
pub fn refusal(run_dir: &Path, step: &str, attempt: u32) -> Option<String> {
    let suffix = format!("-{step}-a{attempt}.json");
    let dir = run_dir.join("handoffs");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(&suffix) && n.len() > suffix.len())
        .collect();
    names.sort();
    let text = fsio::read_text_limited(&dir.join(names.pop()?), RECORD_MAX, Follow::No).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    let re0 = v.get("re0")?;
    if re0.get("accepted").and_then(|a| a.as_bool()) != Some(false) {
        return None;
    }
    re0.get("reason")
        .and_then(|r| r.as_str())
        .map(|r| display::clean(r).into_owned())
}

/// Why the step runs again, for the prompt of `attempt`: why re0 refused
/// the attempt before it (with the last lines its runner printed when it
/// left no handoff), or else the note re0 left on the step (why an
/// accepted step was reopened or went stale).
pub fn previous(
    run_dir: &Path,
    step: &str,
    attempt: u32,
    note: Option<&str>,
    previous_log: Option<&Path>,
) -> Option<String> {
    let refused = attempt
        .checked_sub(1)
        .filter(|&a| a > 0)
        .and_then(|a| refusal(run_dir, step, a));
    let Some(reason) = refused else {
        let note = note.filter(|n| !n.trim().is_empty())?;
        return Some(format!("This step runs again: {}.\n", display::clean(note)));
    };
    let mut out = format!(
        "Attempt {} was not accepted: {reason}.\nFix exactly that in this attempt.\n",
        attempt - 1
    );
    if reason.contains("no handoff was written") {
        let tail = previous_log.map(|l| log_tail(l, 5)).unwrap_or_default();
        if !tail.is_empty() {
            out.push_str("The last lines the previous attempt printed:\n");
            for l in tail {
                out.push_str(&format!("  | {l}\n"));
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tail_keeps_the_last_lines_cleaned() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("s1-a1.log");
        std::fs::write(&log, "one\n\ntwo\x1b[31m\nthree\n\n").unwrap();
        assert_eq!(log_tail(&log, 2), vec!["two\\u{1b}[31m", "three"]);
        assert!(log_tail(&dir.path().join("none.log"), 2).is_empty());
    }

    #[test]
    fn previous_names_the_refusal_and_shows_the_log() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("handoffs")).unwrap();
        let record = |name: &str, body: &str| {
            std::fs::write(dir.path().join("handoffs").join(name), body).unwrap()
        };
        record(
            "001-s1-a1.json",
            r#"{"submitted": null, "re0": {"accepted": false, "reason": "no handoff was written (the runner exited with status 1)"}}"#,
        );
        record("002-s2-a1.json", r#"{"re0": {"accepted": true}}"#);
        let log = dir.path().join("s1-a1.log");
        std::fs::write(&log, "error: no API key\n").unwrap();
        let text = previous(dir.path(), "s1", 2, Some("ignored"), Some(&log)).unwrap();
        assert!(
            text.starts_with("Attempt 1 was not accepted: no handoff was written"),
            "{text}"
        );
        assert!(text.contains("  | error: no API key"), "{text}");
        // An accepted attempt that was later reopened is not a refusal.
        let again = previous(
            dir.path(),
            "s2",
            2,
            Some("stale: artifact 'plan' changed"),
            None,
        );
        assert_eq!(
            again.unwrap(),
            "This step runs again: stale: artifact 'plan' changed.\n"
        );
        assert!(previous(dir.path(), "s1", 1, None, None).is_none());
        assert!(previous(dir.path(), "s3", 2, None, None).is_none());
    }
}
