//! Run folders on disk: `<workspace>/.agent-state/re0/<run-id>/`.
//!
//! Invariants:
//! - `state.json` is only ever replaced whole: written to a temporary file
//!   in the same folder, flushed, renamed over the old one, and the folder
//!   flushed. A crash leaves the old or the new state, never a torn one.
//! - One writer: a [`Run`] holds an exclusive lock on the run's `lock` file
//!   for its whole life; a second process fails at once, naming the holder.
//! - Before each write the revision on disk must still be the one read.
//! - `handoffs/` is append-only: a file is created once and never rewritten.
//! - Everything read back is validated: state files are untrusted input.

use super::fault;
use super::model::{RunState, RunStatus, SCHEMA};
use crate::error::{Error, Result};
use crate::plan::Plan;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

/// Largest state or plan file re0 will read.
pub const MAX_STATE_BYTES: u64 = 8 * 1024 * 1024;

/// The run folders of one workspace.
#[derive(Debug, Clone)]
pub struct Store {
    pub base: PathBuf,
    pub workspace: PathBuf,
}

fn refuse(path: &Path, message: impl Into<String>) -> Error {
    Error::State {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |e| Error::Io {
        path: path.to_path_buf(),
        source: e,
    }
}

/// True for ids re0 makes: letters, digits and `-`, at most 64.
pub fn valid_run_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        && !id.starts_with('-')
}

/// Reads at most [`MAX_STATE_BYTES`] of `path` as text.
fn read_bounded(path: &Path) -> Result<String> {
    let f = File::open(path).map_err(io(path))?;
    let len = f.metadata().map_err(io(path))?.len();
    if len > MAX_STATE_BYTES {
        return Err(refuse(
            path,
            format!("{len} bytes is larger than the {MAX_STATE_BYTES}-byte limit for state files"),
        ));
    }
    let mut s = String::new();
    f.take(MAX_STATE_BYTES + 1)
        .read_to_string(&mut s)
        .map_err(|e| refuse(path, format!("not UTF-8 text: {e}")))?;
    Ok(s)
}

/// Parses a state or plan file, refusing what this re0 does not understand.
fn parse<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T> {
    serde_json::from_str(text)
        .map_err(|e| refuse(path, format!("{e}; the file is refused, not reinterpreted")))
}

/// A relative path that stays inside its base: no root, no `..`.
pub fn is_contained(rel: &str) -> bool {
    let p = Path::new(rel);
    !rel.is_empty()
        && p.components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

/// Writes `bytes` to `path` atomically: temp file in the same folder,
/// flush, rename, flush the folder.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .prefix(".tmp-")
        .tempfile_in(dir)
        .map_err(io(dir))?;
    tmp.write_all(bytes).map_err(io(path))?;
    tmp.as_file().sync_all().map_err(io(path))?;
    fault::point("state-temp-written");
    tmp.persist(path).map_err(|e| Error::Io {
        path: path.to_path_buf(),
        source: e.error,
    })?;
    fault::point("state-renamed");
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(io(dir))?;
    Ok(())
}

/// Who is acting: user, host and process, for events and the lock.
pub fn who() -> String {
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("LOGNAME"))
        .unwrap_or_else(|_| "unknown".into());
    let host = std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".into());
    format!("{user}@{host} pid {}", std::process::id())
}

impl Store {
    pub fn new(workspace: &Path, state_dir: Option<&Path>) -> Store {
        let base = match state_dir {
            Some(d) => crate::paths::absolute(d, workspace),
            None => workspace.join(".agent-state").join("re0"),
        };
        Store {
            base,
            workspace: workspace.to_path_buf(),
        }
    }

    pub fn run_dir(&self, id: &str) -> Result<PathBuf> {
        if !valid_run_id(id) {
            return Err(Error::Usage(format!(
                "'{}' is not a run id (letters, digits and '-')",
                id.chars().take(80).collect::<String>()
            )));
        }
        Ok(self.base.join(id))
    }

    /// The ids of every run folder, oldest first (ids sort by time).
    pub fn ids(&self) -> Result<Vec<String>> {
        let entries = match std::fs::read_dir(&self.base) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io(&self.base)(e)),
        };
        let mut ids: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter(|e| e.path().join("state.json").is_file())
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| valid_run_id(n))
            .collect();
        ids.sort();
        Ok(ids)
    }

    /// Reads and validates a run without taking its lock.
    pub fn read(&self, id: &str) -> Result<(RunState, Plan)> {
        let dir = self.run_dir(id)?;
        if !dir.join("state.json").is_file() {
            return Err(Error::Usage(format!(
                "no run '{id}' in {}",
                self.base.display()
            )));
        }
        let plan_path = dir.join("plan.json");
        let plan: Plan = parse(&plan_path, &read_bounded(&plan_path)?)?;
        let state_path = dir.join("state.json");
        let state: RunState = parse(&state_path, &read_bounded(&state_path)?)?;
        validate(&state, &plan, id, &state_path, &plan_path)?;
        Ok((state, plan))
    }

    /// Creates a new run for `plan` and returns it locked.
    pub fn create(&self, plan: &Plan, grants: Vec<String>, attempt_limit: u32) -> Result<Run> {
        std::fs::create_dir_all(&self.base).map_err(io(&self.base))?;
        let (id, dir) = loop {
            let id = new_run_id();
            let dir = self.base.join(&id);
            match std::fs::create_dir(&dir) {
                Ok(()) => break (id, dir),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(io(&dir)(e)),
            }
        };
        for sub in ["handoffs", "logs", "inbox"] {
            std::fs::create_dir_all(dir.join(sub)).map_err(io(&dir))?;
        }
        let lock = lock(&dir, &id)?;
        let plan_bytes = serde_json::to_vec_pretty(plan).unwrap_or_default();
        write_atomic(&dir.join("plan.json"), &plan_bytes)?;
        let now = super::model::now();
        let state = RunState {
            schema: SCHEMA.to_string(),
            run_id: id.clone(),
            revision: 0,
            state: RunStatus::Planned,
            waiting: None,
            intent: plan.intent.clone(),
            grants,
            steps: plan
                .steps
                .iter()
                .map(|s| super::model::StepRecord {
                    id: s.id.clone(),
                    status: super::model::StepStatus::Pending,
                    attempts: 0,
                    attempt_limit,
                    accepted_attempt: None,
                    outcome: None,
                    evidence: Vec::new(),
                    note: None,
                })
                .collect(),
            artifacts: Default::default(),
            blockers: Vec::new(),
            handoffs: 0,
            created_at: now.clone(),
            updated_at: now,
        };
        let mut run = Run {
            dir,
            state,
            plan: plan.clone(),
            on_disk: None,
            _lock: lock,
            workspace: self.workspace.clone(),
        };
        run.save()?;
        run.event(
            "created",
            None,
            serde_json::json!({ "intent": plan.intent }),
        )?;
        Ok(run)
    }

    /// Opens an existing run for writing: takes its lock, then reads it.
    pub fn open(&self, id: &str) -> Result<Run> {
        let dir = self.run_dir(id)?;
        if !dir.join("state.json").is_file() {
            return Err(Error::Usage(format!(
                "no run '{id}' in {}",
                self.base.display()
            )));
        }
        let lock = lock(&dir, id)?;
        let (state, plan) = self.read(id)?;
        Ok(Run {
            dir,
            on_disk: Some(state.revision),
            state,
            plan,
            _lock: lock,
            workspace: self.workspace.clone(),
        })
    }
}

/// `YYYYMMDD-HHMMSS-xxxx`: sortable by time, unique by a random suffix.
fn new_run_id() -> String {
    let now = std::time::SystemTime::now();
    let stamp = humantime::format_rfc3339_seconds(now).to_string();
    let digits: String = stamp.chars().filter(|c| c.is_ascii_digit()).collect();
    let nanos = now
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let mut x = (nanos as u64) ^ ((std::process::id() as u64) << 32) ^ 0x9e37_79b9_7f4a_7c15;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    format!("{}-{}-{:04x}", &digits[..8], &digits[8..14], x & 0xffff)
}

/// Takes the run's exclusive lock, or fails at once naming the holder.
fn lock(dir: &Path, id: &str) -> Result<File> {
    let path = dir.join("lock");
    let mut f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(io(&path))?;
    match f.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = f.read_to_string(&mut holder);
            let holder: String = holder.trim().chars().take(200).collect();
            return Err(Error::Locked {
                run: id.to_string(),
                holder: if holder.is_empty() {
                    "another re0 process".into()
                } else {
                    holder
                },
            });
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(io(&path)(e)),
    }
    let _ = f.set_len(0);
    let _ = f.write_all(format!("{} since {}\n", who(), super::model::now()).as_bytes());
    let _ = f.flush();
    Ok(f)
}

/// Checks a state file against its plan and the rules of DESIGN §5.4.
fn validate(
    s: &RunState,
    plan: &Plan,
    id: &str,
    state_path: &Path,
    plan_path: &Path,
) -> Result<()> {
    if plan.schema != crate::plan::model::SCHEMA {
        return Err(refuse(
            plan_path,
            format!(
                "plan schema '{}' was made by an incompatible re0 (this one reads {})",
                plan.schema,
                crate::plan::model::SCHEMA
            ),
        ));
    }
    if s.schema != SCHEMA {
        return Err(refuse(
            state_path,
            format!("unknown schema '{}' (this re0 reads {SCHEMA})", s.schema),
        ));
    }
    if s.run_id != id {
        return Err(refuse(
            state_path,
            format!("names run '{}', but lives in folder '{id}'", s.run_id),
        ));
    }
    let plan_ids: Vec<&str> = plan.steps.iter().map(|s| s.id.as_str()).collect();
    let state_ids: Vec<&str> = s.steps.iter().map(|s| s.id.as_str()).collect();
    if plan_ids != state_ids {
        return Err(refuse(
            state_path,
            "its steps do not match the run's plan.json",
        ));
    }
    for (name, a) in &s.artifacts {
        if !crate::contract::is_artifact_name(name) {
            return Err(refuse(
                state_path,
                format!("artifact name '{name}' is not valid"),
            ));
        }
        if !is_contained(&a.path) {
            return Err(refuse(
                state_path,
                format!(
                    "artifact '{name}' has path '{}', which leaves the workspace",
                    a.path
                ),
            ));
        }
        if !plan_ids.contains(&a.step.as_str()) {
            return Err(refuse(
                state_path,
                format!("artifact '{name}' names unknown step '{}'", a.step),
            ));
        }
    }
    if let Some(w) = &s.waiting {
        if !plan_ids.contains(&w.step.as_str()) {
            return Err(refuse(
                state_path,
                format!("waits on unknown step '{}'", w.step),
            ));
        }
    }
    for b in &s.blockers {
        if !plan_ids.contains(&b.raised_by.as_str()) {
            return Err(refuse(
                state_path,
                format!("blocker '{}' names unknown step '{}'", b.id, b.raised_by),
            ));
        }
    }
    Ok(())
}

/// An open, locked run.
pub struct Run {
    pub dir: PathBuf,
    pub state: RunState,
    pub plan: Plan,
    /// The revision read from disk (`None` before the first write).
    on_disk: Option<u64>,
    _lock: File,
    pub workspace: PathBuf,
}

impl Run {
    pub fn id(&self) -> &str {
        &self.state.run_id
    }

    /// Writes the next revision of `state.json`, then refreshes CONTEXT.md.
    pub fn save(&mut self) -> Result<()> {
        let path = self.dir.join("state.json");
        if let Some(expected) = self.on_disk {
            let text = read_bounded(&path)?;
            let disk: serde_json::Value = serde_json::from_str(&text)
                .map_err(|e| refuse(&path, format!("cannot re-read before writing: {e}")))?;
            let rev = disk.get("revision").and_then(|r| r.as_u64());
            if rev != Some(expected) {
                return Err(refuse(
                    &path,
                    format!(
                        "revision on disk is {} but this process read {expected}: someone else wrote it; not overwriting",
                        rev.map_or("unreadable".to_string(), |r| r.to_string())
                    ),
                ));
            }
        }
        let mut next = self.state.clone();
        next.revision = self.on_disk.map_or(1, |r| r + 1);
        next.updated_at = super::model::now();
        let bytes = serde_json::to_vec_pretty(&next).unwrap_or_default();
        write_atomic(&path, &bytes)?;
        self.state = next;
        self.on_disk = Some(self.state.revision);
        super::context_md::write(self)?;
        Ok(())
    }

    /// Appends one line to `events.ndjson`.
    pub fn event(&self, event: &str, step: Option<&str>, detail: serde_json::Value) -> Result<()> {
        let path = self.dir.join("events.ndjson");
        let line = serde_json::json!({
            "at": super::model::now(),
            "who": who(),
            "event": event,
            "step": step,
            "revision": self.state.revision,
            "detail": detail,
        });
        let mut f = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io(&path))?;
        let mut text = line.to_string();
        text.push('\n');
        f.write_all(text.as_bytes()).map_err(io(&path))?;
        f.sync_data().map_err(io(&path))?;
        Ok(())
    }

    /// Records a handoff file: `handoffs/NNN-<step>-a<attempt>.json`, created
    /// once (append-only). Call [`Run::save`] after to persist the count.
    pub fn record_handoff(
        &mut self,
        step: &str,
        attempt: u32,
        body: &serde_json::Value,
    ) -> Result<PathBuf> {
        // A crash between writing a handoff and saving the state leaves a
        // file the state does not count: never overwrite it, take the next.
        let mut n = self.state.handoffs + 1;
        let (path, mut f) = loop {
            let path = self
                .dir
                .join("handoffs")
                .join(format!("{n:03}-{step}-a{attempt}.json"));
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(f) => break (path, f),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => n += 1,
                Err(e) => return Err(io(&path)(e)),
            }
        };
        let bytes = serde_json::to_vec_pretty(body).unwrap_or_default();
        f.write_all(&bytes).map_err(io(&path))?;
        f.sync_all().map_err(io(&path))?;
        File::open(path.parent().unwrap_or(Path::new(".")))
            .and_then(|d| d.sync_all())
            .map_err(io(&path))?;
        fault::point("handoff-written");
        self.state.handoffs = n;
        Ok(path)
    }

    /// Where the gate for `step`, attempt `attempt`, writes its handoff.
    pub fn inbox(&self, step: &str, attempt: u32) -> PathBuf {
        self.dir
            .join("inbox")
            .join(format!("{step}-a{attempt}.json"))
    }

    pub fn log_path(&self, step: &str, attempt: u32) -> PathBuf {
        self.dir.join("logs").join(format!("{step}-a{attempt}.log"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contained_paths() {
        assert!(is_contained("review.md"));
        assert!(is_contained("./out/review.md"));
        assert!(!is_contained("../secret"));
        assert!(!is_contained("/etc/passwd"));
        assert!(!is_contained("a/../../b"));
        assert!(!is_contained(""));
    }

    #[test]
    fn run_ids() {
        let id = new_run_id();
        assert!(valid_run_id(&id), "{id}");
        assert_eq!(id.len(), 8 + 1 + 6 + 1 + 4);
        assert!(!valid_run_id("../x"));
        assert!(!valid_run_id(""));
    }
}
