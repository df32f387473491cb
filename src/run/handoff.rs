//! Handoffs (DESIGN §5.2): reading what a gate returns and deciding whether
//! re0 accepts it.
//!
//! A handoff is accepted only when it parses, names this run's step and
//! attempt, every artifact the step must produce is listed and exists inside
//! the workspace, and re0 has hashed each one. Anything else is a failed
//! attempt. `suggested_route` is recorded and never routes.

use super::hash::file_sha256;
use crate::state::store::is_contained;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

/// Largest handoff file re0 reads.
pub const MAX_HANDOFF_BYTES: u64 = 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandoffStatus {
    Complete,
    Blocked,
    Failed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArtifactRef {
    pub name: String,
    pub path: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvidenceRef {
    pub kind: String,
    pub against: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockerRef {
    pub id: String,
    pub against: String,
    pub summary: String,
}

/// A handoff as a gate writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Handoff {
    pub step: String,
    pub attempt: u32,
    pub status: HandoffStatus,
    #[serde(default)]
    pub outcome: Option<String>,
    #[serde(default)]
    pub artifacts: Vec<ArtifactRef>,
    #[serde(default)]
    pub evidence: Vec<EvidenceRef>,
    #[serde(default)]
    pub blockers: Vec<BlockerRef>,
    #[serde(default)]
    pub suggested_route: Option<serde_json::Value>,
}

/// A handoff re0 accepted, with the hash of each artifact.
#[derive(Debug, Clone)]
pub struct Accepted {
    pub handoff: Handoff,
    /// name -> (path relative to the workspace, sha256)
    pub artifacts: BTreeMap<String, (String, String)>,
}

/// Reads a handoff file: bounded, UTF-8, JSON of the right shape.
pub fn read(path: &Path) -> Result<Handoff, String> {
    let f = std::fs::File::open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "no handoff was written".to_string(),
        _ => format!("cannot read the handoff: {e}"),
    })?;
    let mut text = String::new();
    f.take(MAX_HANDOFF_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("the handoff is not UTF-8 text: {e}"))?;
    if text.len() as u64 > MAX_HANDOFF_BYTES {
        return Err(format!(
            "the handoff is larger than {MAX_HANDOFF_BYTES} bytes"
        ));
    }
    parse(&text)
}

pub fn parse(text: &str) -> Result<Handoff, String> {
    serde_json::from_str(text).map_err(|e| format!("the handoff is not valid: {e}"))
}

/// What acceptance checks against.
pub struct Expect<'a> {
    pub step: &'a str,
    pub attempt: u32,
    pub outputs: &'a [String],
    pub workspace: &'a Path,
    /// Artifacts already accepted in the run (name -> sha256), which
    /// evidence and blockers may point at.
    pub known: &'a BTreeMap<String, String>,
}

/// Checks a complete handoff and hashes its artifacts.
pub fn accept(h: Handoff, e: &Expect<'_>) -> Result<Accepted, String> {
    if h.step != e.step {
        return Err(format!(
            "the handoff names step '{}', not {}",
            short(&h.step),
            e.step
        ));
    }
    if h.attempt != e.attempt {
        return Err(format!(
            "the handoff names attempt {}, not {}",
            h.attempt, e.attempt
        ));
    }
    match h.status {
        HandoffStatus::Complete => {}
        HandoffStatus::Blocked => {
            return Err(format!("the gate reported itself blocked{}", outcome(&h)))
        }
        HandoffStatus::Failed => return Err(format!("the gate reported failure{}", outcome(&h))),
    }
    let root = std::fs::canonicalize(e.workspace).map_err(|err| format!("workspace: {err}"))?;
    let mut artifacts = BTreeMap::new();
    for a in &h.artifacts {
        if !crate::contract::is_artifact_name(&a.name) {
            return Err(format!("artifact name '{}' is not valid", short(&a.name)));
        }
        if !is_contained(&a.path) {
            return Err(format!(
                "artifact '{}' has path '{}', which leaves the workspace (use a path relative to it)",
                a.name,
                short(&a.path)
            ));
        }
        let full = e.workspace.join(&a.path);
        let real = std::fs::canonicalize(&full)
            .map_err(|_| format!("artifact '{}' at {} does not exist", a.name, short(&a.path)))?;
        if !real.starts_with(&root) {
            return Err(format!(
                "artifact '{}' at {} resolves outside the workspace",
                a.name,
                short(&a.path)
            ));
        }
        if !real.is_file() {
            return Err(format!(
                "artifact '{}' at {} is not a file",
                a.name,
                short(&a.path)
            ));
        }
        let sha = file_sha256(&real).map_err(|err| format!("cannot hash {}: {err}", a.path))?;
        artifacts.insert(a.name.clone(), (a.path.clone(), sha));
    }
    for want in e.outputs {
        if !artifacts.contains_key(want) {
            return Err(format!(
                "the step must produce '{want}', but the handoff does not list it"
            ));
        }
    }
    let knows = |name: &str| artifacts.contains_key(name) || e.known.contains_key(name);
    for ev in &h.evidence {
        if !knows(&ev.against) {
            return Err(format!(
                "evidence is against '{}', which is not an artifact of this run",
                short(&ev.against)
            ));
        }
    }
    for b in &h.blockers {
        if b.id.trim().is_empty() {
            return Err("a blocker has no id".to_string());
        }
        if !knows(&b.against) {
            return Err(format!(
                "blocker {} is against '{}', which is not an artifact of this run",
                short(&b.id),
                short(&b.against)
            ));
        }
    }
    Ok(Accepted {
        handoff: h,
        artifacts,
    })
}

fn outcome(h: &Handoff) -> String {
    h.outcome
        .as_deref()
        .map(|o| format!(": {}", short(o)))
        .unwrap_or_default()
}

/// Text from a handoff, cut short for messages.
pub fn short(s: &str) -> String {
    let s: String = s.chars().filter(|c| !c.is_control()).take(120).collect();
    s
}
