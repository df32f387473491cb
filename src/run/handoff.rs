//! Handoffs (DESIGN §5.2): reading what a gate returns and deciding whether
//! re0 accepts it.
//!
//! A handoff is accepted only when it parses, names this run's step and
//! attempt, every artifact the step must produce is listed and exists inside
//! the workspace, and re0 has hashed each one. Anything else is a failed
//! attempt. `suggested_route` is recorded and never routes.

use super::hash::{artifact_sha256, Bounds};
use crate::fsio::{self, Follow};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
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

/// A handoff as read, with the fields re0 did not know (recorded with a
/// warning, never acted on).
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    pub handoff: Handoff,
    pub unknown: Vec<String>,
}

/// Reads a handoff file: a regular file (never blocking on a FIFO),
/// bounded, UTF-8, JSON of the right shape. `follow`: whether a symlink at
/// `path` is followed (a person's `--file`) or refused (the run's inbox).
pub fn read(path: &Path, follow: Follow) -> Result<Parsed, String> {
    let text = fsio::read_text_limited(path, MAX_HANDOFF_BYTES, follow).map_err(|e| match e {
        fsio::ReadError::NotFound => "no handoff was written".to_string(),
        fsio::ReadError::TooLarge { .. } => {
            format!("the handoff is larger than {MAX_HANDOFF_BYTES} bytes")
        }
        fsio::ReadError::NotUtf8 => "the handoff is not UTF-8 text".to_string(),
        other => format!("cannot read the handoff: {other}"),
    })?;
    parse(&text)
}

/// Parses handoff JSON; unknown fields are listed, not refused.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let mut unknown = Vec::new();
    let mut de = serde_json::Deserializer::from_str(text);
    let handoff: Handoff = serde_ignored::deserialize(&mut de, |p| {
        if unknown.len() < 20 {
            unknown.push(short(&p.to_string()));
        }
    })
    .and_then(|h| de.end().map(|()| h))
    .map_err(|e| short_error(&format!("the handoff is not valid: {e}")))?;
    Ok(Parsed { handoff, unknown })
}

fn short_error(s: &str) -> String {
    crate::display::clean(&crate::display::clip(s, 300)).into_owned()
}

/// What acceptance checks against.
pub struct Expect<'a> {
    pub step: &'a str,
    pub attempt: u32,
    pub outputs: &'a [String],
    pub workspace: &'a Path,
    /// re0's run folders and this run's, where no artifact may live.
    pub state_base: &'a Path,
    pub run_dir: &'a Path,
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
    let bounds = Bounds {
        workspace: e.workspace,
        state_base: e.state_base,
        run_dir: e.run_dir,
    };
    let mut artifacts = BTreeMap::new();
    for a in &h.artifacts {
        if !crate::contract::is_artifact_name(&a.name) {
            return Err(format!("artifact name '{}' is not valid", short(&a.name)));
        }
        let (_, sha) = artifact_sha256(&bounds, &a.path)
            .map_err(|why| format!("artifact '{}': {why}", a.name))?;
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

/// Text from a handoff, cut short for messages, without control
/// characters.
pub fn short(s: &str) -> String {
    crate::display::clean(&crate::display::clip(s, 120)).into_owned()
}
