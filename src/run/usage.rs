//! How long each attempt took and what it used, where the runner says so.
//!
//! After every gate attempt re0 appends an `attempt-ended` event to
//! `events.ndjson` with its duration and, when the runner's log holds
//! them, its token and cost figures:
//! - Claude Code (`--output-format json` or `stream-json`): the `result`
//!   event's `usage` (`input_tokens`, `cache_creation_input_tokens`,
//!   `cache_read_input_tokens`, `output_tokens`) and `total_cost_usd`;
//! - Codex (`exec --json`): the `usage` of each `turn.completed` event
//!   (`input_tokens`, `cached_input_tokens`, `output_tokens`), summed.
//!
//! `re0 status` sums the events. The log and the event file are read
//! through size limits; a line that is not such an event is skipped.

use crate::fsio::{self, Follow};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::time::Duration;

/// Most bytes of a log scanned for usage figures.
const LOG_SCAN: u64 = 64 * 1024 * 1024;
/// Longest log line parsed as an event.
const LINE_MAX: usize = 1024 * 1024;
/// Largest `events.ndjson` read for the sums.
const EVENTS_MAX: u64 = 64 * 1024 * 1024;

/// Token and cost figures a runner reported.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Usage {
    pub input_tokens: u64,
    pub cached_input_tokens: u64,
    pub output_tokens: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_usd: Option<f64>,
}

impl Usage {
    fn add(&mut self, o: &Usage) {
        self.input_tokens += o.input_tokens;
        self.cached_input_tokens += o.cached_input_tokens;
        self.output_tokens += o.output_tokens;
        if let Some(c) = o.cost_usd {
            self.cost_usd = Some(self.cost_usd.unwrap_or(0.0) + c);
        }
    }
}

fn n(v: &Value, k: &str) -> u64 {
    v.get(k).and_then(Value::as_u64).unwrap_or(0)
}

/// The figures one JSON line carries, if it is a usage event.
pub fn from_event(v: &Value) -> Option<Usage> {
    match v.get("type").and_then(Value::as_str)? {
        "result" => {
            let u = v.get("usage");
            Some(Usage {
                input_tokens: u.map_or(0, |u| {
                    n(u, "input_tokens") + n(u, "cache_creation_input_tokens")
                }),
                cached_input_tokens: u.map_or(0, |u| n(u, "cache_read_input_tokens")),
                output_tokens: u.map_or(0, |u| n(u, "output_tokens")),
                cost_usd: v.get("total_cost_usd").and_then(Value::as_f64),
            })
        }
        "turn.completed" => {
            let u = v.get("usage")?;
            Some(Usage {
                input_tokens: n(u, "input_tokens"),
                cached_input_tokens: n(u, "cached_input_tokens"),
                output_tokens: n(u, "output_tokens"),
                cost_usd: None,
            })
        }
        _ => None,
    }
}

/// The usage a runner's log reports, `None` when it reports none.
pub fn from_log(log: &Path) -> Option<Usage> {
    let f = fsio::open_regular(log, Follow::No).ok()?;
    let reader = BufReader::new(f.take(LOG_SCAN));
    let mut total: Option<Usage> = None;
    for line in reader.split(b'\n').map_while(|l| l.ok()) {
        if line.len() > LINE_MAX || line.first() != Some(&b'{') {
            continue;
        }
        let Ok(v) = serde_json::from_slice::<Value>(&line) else {
            continue;
        };
        if let Some(u) = from_event(&v) {
            total.get_or_insert_with(Usage::default).add(&u);
        }
    }
    total
}

/// The detail of an `attempt-ended` event.
pub fn event_detail(attempt: u32, took: Duration, log: &Path) -> Value {
    serde_json::json!({
        "attempt": attempt,
        "duration_ms": u64::try_from(took.as_millis()).unwrap_or(u64::MAX),
        "usage": from_log(log),
    })
}

/// What a run's attempts took in all, from its `events.ndjson`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Totals {
    pub attempts: u32,
    pub duration_ms: u64,
    /// Attempts whose runner reported figures.
    pub reported: u32,
    pub usage: Usage,
    /// The same sums per step.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub steps: std::collections::BTreeMap<String, StepTotals>,
}

/// What one step's attempts took.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct StepTotals {
    pub attempts: u32,
    pub duration_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
}

/// Sums the `attempt-ended` events of the run folder `dir`.
pub fn totals(dir: &Path) -> Totals {
    let mut t = Totals::default();
    let Ok(text) = fsio::read_text_limited(&dir.join("events.ndjson"), EVENTS_MAX, Follow::No)
    else {
        return t;
    };
    for line in text.lines() {
        let Ok(v) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if v.get("event").and_then(Value::as_str) != Some("attempt-ended") {
            continue;
        }
        let d = &v["detail"];
        let ms = n(d, "duration_ms");
        t.attempts += 1;
        t.duration_ms = t.duration_ms.saturating_add(ms);
        let step = v["step"].as_str().unwrap_or("").to_string();
        let st = t.steps.entry(step).or_default();
        st.attempts += 1;
        st.duration_ms = st.duration_ms.saturating_add(ms);
        if let Ok(u) = serde_json::from_value::<Usage>(d["usage"].clone()) {
            t.reported += 1;
            t.usage.add(&u);
            st.usage.get_or_insert_with(Usage::default).add(&u);
        }
    }
    t
}

/// One line for people: `4 attempt(s), 3m 12s; 12000 tokens in (4000 cached), 900 out; $0.4200`.
pub fn describe(t: &Totals) -> Option<String> {
    if t.attempts == 0 {
        return None;
    }
    let mut s = format!(
        "{} attempt(s), {} of runner time",
        t.attempts,
        super::progress::elapsed(Duration::from_millis(t.duration_ms))
    );
    if t.reported > 0 {
        let u = &t.usage;
        s.push_str(&format!(
            "; {} tokens in ({} cached), {} out",
            u.input_tokens, u.cached_input_tokens, u.output_tokens
        ));
        if let Some(c) = u.cost_usd {
            s.push_str(&format!("; ${c:.4}"));
        }
        if t.reported < t.attempts {
            s.push_str(&format!(
                " (reported by {} of {} attempts)",
                t.reported, t.attempts
            ));
        }
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claude_and_codex_figures_are_read_from_their_logs() {
        let dir = tempfile::tempdir().unwrap();
        let claude = dir.path().join("claude.log");
        std::fs::write(
            &claude,
            "{\"type\":\"system\",\"subtype\":\"init\"}\nplain text\n{\"type\":\"result\",\"total_cost_usd\":0.25,\"usage\":{\"input_tokens\":10,\"cache_creation_input_tokens\":5,\"cache_read_input_tokens\":100,\"output_tokens\":7}}\n",
        )
        .unwrap();
        assert_eq!(
            from_log(&claude),
            Some(Usage {
                input_tokens: 15,
                cached_input_tokens: 100,
                output_tokens: 7,
                cost_usd: Some(0.25)
            })
        );
        let codex = dir.path().join("codex.log");
        let turn = "{\"type\":\"turn.completed\",\"usage\":{\"input_tokens\":100,\"cached_input_tokens\":40,\"output_tokens\":9}}\n";
        std::fs::write(
            &codex,
            format!("{turn}{{\"type\":\"item.completed\"}}\n{turn}"),
        )
        .unwrap();
        assert_eq!(
            from_log(&codex),
            Some(Usage {
                input_tokens: 200,
                cached_input_tokens: 80,
                output_tokens: 18,
                cost_usd: None
            })
        );
        let none = dir.path().join("none.log");
        std::fs::write(&none, "just text\n{\"type\":\"other\"}\n").unwrap();
        assert_eq!(from_log(&none), None);
    }
}
