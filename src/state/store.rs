//! Run folders on disk: `<workspace>/.agent-state/re0/<run-id>/`.
//!
//! Invariants:
//! - `state.json` is only ever replaced whole: written to a temporary file
//!   in the same folder, flushed, renamed over the old one, and the folder
//!   flushed. A crash leaves the old or the new state, never a torn one.
//! - One writer: a [`Run`] holds an exclusive lock on the run's `lock` file
//!   for its whole life; a second process fails at once, naming the holder.
//! - Before each write the revision on disk must still be the one read.
//! - Every revision carries a MAC under the user's key (`state::mac`) over
//!   the state, the hash of `plan.json` and the workspace; a run that does
//!   not verify is refused until `re0 adopt` takes it over.
//! - `handoffs/` is append-only: a file is created once and never rewritten.
//! - The run folder and its subfolders are real folders of this user, and
//!   every run file is opened without following symlinks.
//! - Everything read back is validated: state files are untrusted input.

use super::fault;
use super::folder::{check_run_dir, remove_leftover_temps, SUBFOLDERS};
use super::lock::{self, Lock};
use super::model::{HandoffRef, RunState, RunStatus, MAX_REVISION, SCHEMA};
use super::validate::{parse, parse_plan, refuse, validate};
use crate::error::{Error, Result};
use crate::fsio::{self, Follow};
use crate::plan::Plan;
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};

/// Largest state or plan file re0 will read.
pub const MAX_STATE_BYTES: u64 = 8 * 1024 * 1024;

/// The run folders of one workspace.
#[derive(Debug, Clone)]
pub struct Store {
    pub base: PathBuf,
    pub workspace: PathBuf,
    /// `--state-dir` chose the base; otherwise it is inside the workspace
    /// and must not be a symlink planted there.
    explicit: bool,
}

/// Whether a run was written by re0 on this account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Authenticity {
    Verified,
    /// It carries no MAC at all.
    Unsigned,
    /// Its MAC does not match.
    Mismatch,
}

impl Authenticity {
    /// Why a run that does not verify is not trusted.
    pub fn why(self) -> &'static str {
        match self {
            Authenticity::Verified => "it was written by re0 on this account",
            Authenticity::Unsigned => "it carries no re0 signature (it was made by hand or by another tool)",
            Authenticity::Mismatch => "its signature does not match (it was edited after re0 wrote it, written by another account or machine, or copied from another workspace)",
        }
    }
}

/// A run read without its lock, verified or not.
pub struct Inspected {
    pub state: RunState,
    pub plan: Plan,
    pub auth: Authenticity,
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

/// Reads at most [`MAX_STATE_BYTES`] of a run file as text, without
/// following a symlink, only if it is a regular file.
fn read_bounded(path: &Path) -> Result<String> {
    fsio::read_text_limited(path, MAX_STATE_BYTES, Follow::No).map_err(|e| match e {
        fsio::ReadError::TooLarge { limit } => refuse(
            path,
            format!("it is larger than the {limit}-byte limit for state files"),
        ),
        other => refuse(path, other.to_string()),
    })
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
    let host = fsio::read_text_limited(Path::new("/etc/hostname"), 256, Follow::Yes)
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".into());
    crate::display::clean(&format!("{user}@{host} pid {}", std::process::id())).into_owned()
}

pub fn sha_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What the MAC of a revision covers.
fn signed(workspace: &Path, plan_sha: &str, state: &RunState) -> Vec<u8> {
    let mut bare = state.clone();
    bare.mac = None;
    let mut out = b"re0/run-state-mac@1\n".to_vec();
    out.extend_from_slice(workspace.as_os_str().as_bytes());
    out.push(b'\n');
    out.extend_from_slice(plan_sha.as_bytes());
    out.push(b'\n');
    out.extend_from_slice(&serde_json::to_vec(&bare).unwrap_or_default());
    out
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
            explicit: state_dir.is_some(),
        }
    }

    pub fn run_dir(&self, id: &str) -> Result<PathBuf> {
        if !valid_run_id(id) {
            return Err(Error::Usage(format!(
                "'{}' is not a run id (letters, digits and '-')",
                crate::display::clean(&crate::display::clip(id, 80))
            )));
        }
        Ok(self.base.join(id))
    }

    /// The folders inside the workspace that lead to the base: each must be
    /// a real folder of this user, never a symlink a repository planted.
    fn planted_parts(&self) -> Vec<PathBuf> {
        if self.explicit {
            return Vec::new();
        }
        let top = self.workspace.join(".agent-state");
        vec![top.clone(), top.join("re0")]
    }

    /// Checks the base (when it exists); `create` also makes it.
    fn check_base(&self, create: bool) -> Result<bool> {
        for p in self.planted_parts() {
            match std::fs::symlink_metadata(&p) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    if !create {
                        return Ok(false);
                    }
                    std::fs::create_dir(&p).map_err(io(&p))?;
                }
                Err(e) => return Err(io(&p)(e)),
                Ok(_) => {}
            }
            fsio::real_dir(&p).map_err(|e| refuse(&p, e.to_string()))?;
        }
        if create {
            std::fs::create_dir_all(&self.base).map_err(io(&self.base))?;
        }
        Ok(self.base.is_dir())
    }

    /// The ids of every run folder, oldest first (ids sort by time).
    pub fn ids(&self) -> Result<Vec<String>> {
        if !self.check_base(false)? {
            return Ok(Vec::new());
        }
        let entries = std::fs::read_dir(&self.base).map_err(io(&self.base))?;
        let mut ids: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
            .filter(|e| {
                std::fs::symlink_metadata(e.path().join("state.json")).is_ok_and(|m| m.is_file())
            })
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| valid_run_id(n))
            .collect();
        ids.sort();
        Ok(ids)
    }

    fn existing(&self, id: &str) -> Result<PathBuf> {
        let dir = self.run_dir(id)?;
        self.check_base(false)?;
        if std::fs::symlink_metadata(dir.join("state.json")).is_err() {
            return Err(Error::Usage(format!(
                "no run '{id}' in {}",
                self.base.display()
            )));
        }
        check_run_dir(&dir)?;
        Ok(dir)
    }

    /// Reads and validates a run without taking its lock, and says whether
    /// this account wrote it.
    pub fn inspect(&self, id: &str) -> Result<Inspected> {
        let dir = self.existing(id)?;
        let plan_path = dir.join("plan.json");
        let plan_text = read_bounded(&plan_path)?;
        let plan = parse_plan(&plan_path, &plan_text)?;
        let state_path = dir.join("state.json");
        let state: RunState = parse(&state_path, &read_bounded(&state_path)?)?;
        validate(&state, &plan, id, &state_path, &plan_path)?;
        let key = super::mac::key()?;
        let plan_sha = sha_hex(plan_text.as_bytes());
        let auth = match &state.mac {
            None => Authenticity::Unsigned,
            Some(tag) if key.verify(&[&signed(&self.workspace, &plan_sha, &state)], tag) => {
                Authenticity::Verified
            }
            Some(_) => Authenticity::Mismatch,
        };
        Ok(Inspected { state, plan, auth })
    }

    /// Reads a run this account wrote; any other is refused.
    pub fn read(&self, id: &str) -> Result<(RunState, Plan)> {
        let got = self.inspect(id)?;
        if got.auth != Authenticity::Verified {
            return Err(unverified(&self.base.join(id), id, got.auth));
        }
        Ok((got.state, got.plan))
    }

    /// Removes run folders a crash left before their first `state.json`
    /// (nobody holds their lock), so they do not pile up.
    fn remove_unfinished_runs(&self) {
        let Ok(entries) = std::fs::read_dir(&self.base) else {
            return;
        };
        for e in entries.flatten() {
            let dir = e.path();
            let name = e.file_name();
            let is_run =
                e.file_type().is_ok_and(|t| t.is_dir()) && name.to_str().is_some_and(valid_run_id);
            if is_run
                && std::fs::symlink_metadata(dir.join("state.json")).is_err()
                && fsio::real_dir(&dir).is_ok()
                && lock::is_free(&dir)
            {
                let _ = std::fs::remove_dir_all(&dir);
            }
        }
    }

    /// Creates a new run for `plan` and returns it locked.
    pub fn create(&self, plan: &Plan, grants: Vec<String>, attempt_limit: u32) -> Result<Run> {
        self.check_base(true)?;
        self.remove_unfinished_runs();
        let (id, dir) = loop {
            let id = new_run_id();
            let dir = self.base.join(&id);
            match std::fs::create_dir(&dir) {
                Ok(()) => break (id, dir),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(io(&dir)(e)),
            }
        };
        let lock = lock::take(&dir, &id)?;
        for sub in SUBFOLDERS {
            std::fs::create_dir(dir.join(sub)).map_err(io(&dir))?;
        }
        check_run_dir(&dir)?;
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
                    handoff: None,
                })
                .collect(),
            artifacts: Default::default(),
            blockers: Vec::new(),
            handoffs: 0,
            created_at: now.clone(),
            updated_at: now,
            mac: None,
        };
        let mut run = Run {
            dir,
            state,
            plan: plan.clone(),
            on_disk: None,
            _lock: lock,
            workspace: self.workspace.clone(),
            plan_sha: sha_hex(&plan_bytes),
            key: super::mac::key()?,
        };
        run.save()?;
        run.event(
            "created",
            None,
            serde_json::json!({ "intent": plan.intent }),
        )?;
        Ok(run)
    }

    fn locked(&self, id: &str, adopting: bool) -> Result<(Run, Authenticity)> {
        let dir = self.existing(id)?;
        let lock = lock::take(&dir, id)?;
        remove_leftover_temps(&dir);
        let got = self.inspect(id)?;
        if !adopting && got.auth != Authenticity::Verified {
            return Err(unverified(&dir, id, got.auth));
        }
        let plan_text = read_bounded(&dir.join("plan.json"))?;
        let run = Run {
            dir,
            on_disk: Some(got.state.revision),
            state: got.state,
            plan: got.plan,
            _lock: lock,
            workspace: self.workspace.clone(),
            plan_sha: sha_hex(plan_text.as_bytes()),
            key: super::mac::key()?,
        };
        Ok((run, got.auth))
    }

    /// Opens an existing run for writing: takes its lock, then reads it.
    /// A run this account did not write is refused.
    pub fn open(&self, id: &str) -> Result<Run> {
        self.locked(id, false).map(|(run, _)| run)
    }

    /// Opens a run for `re0 adopt`: locked, validated, but not necessarily
    /// written by this account. Its next save signs it.
    pub fn open_to_adopt(&self, id: &str) -> Result<(Run, Authenticity)> {
        self.locked(id, true)
    }
}

fn unverified(dir: &Path, id: &str, auth: Authenticity) -> Error {
    refuse(
        &dir.join("state.json"),
        format!(
            "run {id} was not written by re0 on this account: {}. re0 does not resume it; see what it holds with `re0 status {id}`, and take it over with `re0 adopt {id}` if you trust it",
            auth.why()
        ),
    )
}

/// `YYYYMMDD-HHMMSS-xxxx`: sortable by time, unique by a random suffix.
fn new_run_id() -> String {
    let now = std::time::SystemTime::now();
    let stamp = humantime::format_rfc3339_seconds(now).to_string();
    let digits: String = stamp.chars().filter(|c| c.is_ascii_digit()).collect();
    let mut suffix = [0u8; 2];
    if getrandom::fill(&mut suffix).is_err() {
        let nanos = now
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        suffix = ((nanos ^ std::process::id()) as u16).to_be_bytes();
    }
    format!(
        "{}-{}-{:04x}",
        &digits[..8],
        &digits[8..14],
        u16::from_be_bytes(suffix)
    )
}

/// An open, locked run.
pub struct Run {
    pub dir: PathBuf,
    pub state: RunState,
    pub plan: Plan,
    /// The revision read from disk (`None` before the first write).
    on_disk: Option<u64>,
    _lock: Lock,
    pub workspace: PathBuf,
    /// SHA-256 of `plan.json` as on disk, covered by every MAC.
    plan_sha: String,
    key: &'static super::mac::Key,
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
        let revision = match self.on_disk {
            None => 1,
            Some(r) if r < MAX_REVISION => r + 1,
            Some(r) => {
                return Err(refuse(
                    &path,
                    format!("revision {r} is the last one re0 writes; start a new run"),
                ))
            }
        };
        let mut next = self.state.clone();
        next.revision = revision;
        next.updated_at = super::model::now();
        next.mac = None;
        next.mac = Some(
            self.key
                .sign(&[&signed(&self.workspace, &self.plan_sha, &next)]),
        );
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
        let mut f = fsio::open_append(&path).map_err(io(&path))?;
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
    ) -> Result<HandoffRef> {
        // A crash between writing a handoff and saving the state leaves a
        // file the state does not count: never overwrite it, take the next.
        let mut n = self.state.handoffs + 1;
        let (path, name, mut f) = loop {
            if n > super::model::MAX_HANDOFFS {
                return Err(refuse(
                    &self.dir,
                    "the run has recorded as many handoffs as re0 allows",
                ));
            }
            let name = format!("{n:03}-{step}-a{attempt}.json");
            let path = self.dir.join("handoffs").join(&name);
            match fsio::create_new(&path) {
                Ok(f) => break (path, name, f),
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
        Ok(HandoffRef {
            file: name,
            sha256: sha_hex(&bytes),
        })
    }

    /// The recorded handoff `r` names, if it is there unchanged.
    pub fn recorded_handoff(&self, r: &HandoffRef) -> Option<serde_json::Value> {
        let path = self.dir.join("handoffs").join(&r.file);
        let text = fsio::read_text_limited(&path, MAX_STATE_BYTES, Follow::No).ok()?;
        (sha_hex(text.as_bytes()) == r.sha256)
            .then(|| serde_json::from_str(&text).ok())
            .flatten()
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
