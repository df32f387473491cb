//! What the person watching sees while a gate works.
//!
//! On a terminal, one live line per gate, redrawn in place: the step, the
//! attempt, the time it has taken and the last line of the runner's output
//! (a JSON event from a preset is shown as the text or tool it carries).
//! The line is cleared when the gate ends. Not on a terminal, plain lines
//! only, never an escape code: one line a minute says the gate is still
//! running. `--quiet` turns both off.
//!
//! The runner's output is read back from its log, cleaned of control
//! characters and clipped to the terminal's width.

use super::feedback::raw_tail;
use crate::display;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How progress is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A live line redrawn in place (stdout is a terminal).
    Live,
    /// A plain line now and then (stdout is a file or a pipe).
    Plain,
    /// Nothing (`--quiet`).
    Off,
}

static MODE: AtomicU8 = AtomicU8::new(2);

/// Chooses the mode for this process: off when `quiet`, else live on a
/// terminal and plain otherwise.
pub fn configure(quiet: bool) {
    let mode = if quiet {
        Mode::Off
    } else if std::io::stdout().is_terminal() {
        Mode::Live
    } else {
        Mode::Plain
    };
    MODE.store(mode as u8, Ordering::SeqCst);
}

fn mode() -> Mode {
    match MODE.load(Ordering::SeqCst) {
        0 => Mode::Live,
        1 => Mode::Plain,
        _ => Mode::Off,
    }
}

/// Bytes of the log read for its last line (a JSON event can be long).
const TAIL_BYTES: u64 = 256 * 1024;
/// How often the live line is redrawn.
const TICK: Duration = Duration::from_millis(200);
/// How often a plain line says the gate is still running.
const HEARTBEAT: Duration = Duration::from_secs(60);

/// `1m 05s`, `12s`, `2h 03m`.
pub fn elapsed(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, (s % 3600) / 60),
    }
}

/// A line of runner output as a person reads it: a JSON event of Claude's
/// stream-json or Codex's `--json` is shown as what it carries.
pub fn readable(line: &str) -> String {
    let Ok(serde_json::Value::Object(v)) = serde_json::from_str::<serde_json::Value>(line) else {
        return line.to_string();
    };
    let ty = v.get("type").and_then(|t| t.as_str()).unwrap_or("");
    // Claude: {"type":"assistant","message":{"content":[{"type":"text","text":…}|{"type":"tool_use","name":…}]}}
    if let Some(content) = v
        .get("message")
        .and_then(|m| m.get("content"))
        .and_then(|c| c.as_array())
    {
        for c in content.iter().rev() {
            if let Some(t) = c.get("text").and_then(|t| t.as_str()) {
                return t.lines().last().unwrap_or("").to_string();
            }
            if let Some(n) = c.get("name").and_then(|n| n.as_str()) {
                return format!("using {n}");
            }
        }
    }
    // Codex: {"type":"item.completed","item":{"type":"agent_message","text":…}|{"command":…}}
    if let Some(item) = v.get("item") {
        if let Some(t) = item.get("text").and_then(|t| t.as_str()) {
            return t.lines().last().unwrap_or("").to_string();
        }
        if let Some(c) = item.get("command").and_then(|c| c.as_str()) {
            return format!("running {c}");
        }
    }
    // Claude's final event carries its answer; errors carry a message.
    if let Some(r) = v.get("result").and_then(|r| r.as_str()) {
        return r.lines().last().unwrap_or("").to_string();
    }
    let message = v
        .get("message")
        .or_else(|| v.get("error").and_then(|e| e.get("message")))
        .and_then(|m| m.as_str());
    if let Some(m) = message {
        return format!("{ty}: {m}");
    }
    match ty {
        "" => line.to_string(),
        t => t.to_string(),
    }
}

/// The terminal's width in columns (80 when unknown).
fn width() -> usize {
    // SAFETY: TIOCGWINSZ fills a winsize struct for the terminal on fd 1.
    let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
    let ok = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut ws) } == 0;
    if ok && ws.ws_col > 0 {
        return ws.ws_col as usize;
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(80)
}

/// The progress line of a gate: `label · elapsed · last output`.
pub fn line(label: &str, took: Duration, log: &Path) -> String {
    let last = raw_tail(log, 1, TAIL_BYTES)
        .pop()
        .map(|l| readable(&l))
        .unwrap_or_default();
    let last = display::clip(&display::clean(last.trim()), 200).into_owned();
    if last.is_empty() {
        format!("  {label} · {}", elapsed(took))
    } else {
        format!("  {label} · {} · {last}", elapsed(took))
    }
}

fn draw(text: &str) {
    let mut out = std::io::stdout().lock();
    let clipped = display::clip(text, width().saturating_sub(1));
    let _ = write!(out, "\r\x1b[2K{clipped}");
    let _ = out.flush();
}

fn clear() {
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "\r\x1b[2K");
    let _ = out.flush();
}

fn show(label: String, log: PathBuf, stop: mpsc::Receiver<()>, mode: Mode) {
    let start = Instant::now();
    let mut next_beat = HEARTBEAT;
    loop {
        // Wakes at once when the gate ends (the sender is dropped).
        let done = !matches!(
            stop.recv_timeout(TICK),
            Err(mpsc::RecvTimeoutError::Timeout)
        );
        match mode {
            Mode::Live => draw(&line(&label, start.elapsed(), &log)),
            Mode::Plain if start.elapsed() >= next_beat && !done => {
                println!("{}: still running", line(&label, start.elapsed(), &log));
                next_beat += HEARTBEAT;
            }
            _ => {}
        }
        if done {
            if mode == Mode::Live {
                clear();
            }
            return;
        }
    }
}

/// Runs `work` (a gate) while its progress is shown from its log.
pub fn watch<T>(label: &str, log: &Path, work: impl FnOnce() -> T) -> T {
    let mode = mode();
    if mode == Mode::Off {
        return work();
    }
    if mode == Mode::Live {
        draw(&line(label, Duration::ZERO, log));
    }
    let (tx, rx) = mpsc::channel::<()>();
    let shown = {
        let (label, log) = (label.to_string(), log.to_path_buf());
        std::thread::spawn(move || show(label, log, rx, mode))
    };
    let out = work();
    drop(tx);
    let _ = shown.join();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elapsed_reads_well() {
        assert_eq!(elapsed(Duration::from_secs(7)), "7s");
        assert_eq!(elapsed(Duration::from_secs(65)), "1m 05s");
        assert_eq!(elapsed(Duration::from_secs(7380)), "2h 03m");
    }

    #[test]
    fn json_events_show_what_they_carry() {
        let claude = r#"{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Edit","input":{}}]}}"#;
        assert_eq!(readable(claude), "using Edit");
        let text = r#"{"type":"assistant","message":{"content":[{"type":"text","text":"Reading the plan\nWriting it"}]}}"#;
        assert_eq!(readable(text), "Writing it");
        let codex = r#"{"type":"item.completed","item":{"type":"command_execution","command":"cargo test"}}"#;
        assert_eq!(readable(codex), "running cargo test");
        assert_eq!(readable(r#"{"type":"turn.started"}"#), "turn.started");
        assert_eq!(
            readable(r#"{"type":"result","result":"Done.\nWrote plan.md"}"#),
            "Wrote plan.md"
        );
        assert_eq!(
            readable(r#"{"type":"turn.failed","error":{"message":"quota exceeded"}}"#),
            "turn.failed: quota exceeded"
        );
        assert_eq!(readable("plain text"), "plain text");
    }

    #[test]
    fn the_line_carries_the_last_output_cleaned() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("s1-a1.log");
        std::fs::write(&log, "one\ntwo \x1b[31mred\n").unwrap();
        let l = line("s1 plan attempt 1", Duration::from_secs(3), &log);
        assert_eq!(l, "  s1 plan attempt 1 · 3s · two \\u{1b}[31mred");
    }
}
