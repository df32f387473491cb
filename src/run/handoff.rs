//! Handoffs (DESIGN §5.2): reading what a gate returns and deciding whether
//! re0 accepts it.
//!
//! A handoff is accepted only when it parses, names this run's step and
//! attempt, every artifact the step must produce is listed and exists inside
//! the workspace, and re0 has hashed each one; a handoff that fails one of
//! these is a failed attempt. Nothing else refuses one: unknown fields,
//! evidence against no artifact of the run and harmless variations are
//! recorded with a warning (see [`super::lenient`]). `suggested_route` is
//! recorded and never routes.

use super::hash::{artifact_sha256, Bounds};
use super::lenient;
use crate::fsio::{self, Follow};
use crate::state::store::is_contained;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

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
    /// What re0 read leniently or ignored while parsing (never written).
    #[serde(skip)]
    pub warnings: Vec<String>,
}

/// A handoff re0 accepted, with the hash of each artifact.
#[derive(Debug, Clone)]
pub struct Accepted {
    pub handoff: Handoff,
    /// name -> (path relative to the workspace, sha256)
    pub artifacts: BTreeMap<String, (String, String)>,
    /// The evidence that counts: against an artifact of the run.
    pub evidence: Vec<EvidenceRef>,
    /// What was ignored or read leniently, for the record and the person.
    pub warnings: Vec<String>,
}

/// Reads a handoff file: a regular file (never blocking on a FIFO),
/// bounded, UTF-8, JSON of the right shape. `follow`: whether a symlink at
/// `path` is followed (a person's `--file`) or refused (the run's inbox).
/// Harmless variations are read leniently, each noted in
/// [`Handoff::warnings`].
pub fn read(path: &Path, follow: Follow) -> Result<Handoff, String> {
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

pub fn parse(text: &str) -> Result<Handoff, String> {
    let mut warnings = Vec::new();
    let text = text.trim_start_matches('\u{feff}');
    let text = match lenient::strip_fence(text) {
        Some(inner) => {
            warnings.push("the handoff was inside a Markdown code fence".to_string());
            inner
        }
        None => text,
    };
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| short_error(&format!("the handoff is not valid JSON: {e}")))?;
    let value = lenient::normalize(value, &mut warnings)?;
    let mut h: Handoff = serde_json::from_value(value)
        .map_err(|e| short_error(&format!("the handoff is not valid: {e}")))?;
    h.warnings = warnings;
    Ok(h)
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

/// Checks a complete handoff and hashes its artifacts. It is refused only
/// for the reasons DESIGN §5.2 names: another step or attempt, a gate that
/// reported itself blocked or failed, or an artifact the step must produce
/// that is not listed, not in the workspace, or cannot be hashed. Anything
/// else (evidence or blockers against no artifact of the run, an extra
/// artifact that does not hold) is recorded with a warning.
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
    let mut warnings = h.warnings.clone();
    let bounds = Bounds {
        workspace: e.workspace,
        state_base: e.state_base,
        run_dir: e.run_dir,
    };
    let mut artifacts = BTreeMap::new();
    for a in &h.artifacts {
        let required = e.outputs.contains(&a.name);
        match hash_artifact(a, &bounds, &root, &mut warnings) {
            Ok((path, sha)) => {
                if artifacts.insert(a.name.clone(), (path, sha)).is_some() {
                    warnings.push(format!(
                        "artifact '{}' is listed twice; the last one counts",
                        short(&a.name)
                    ));
                }
            }
            Err(why) if required => return Err(why),
            Err(why) => warnings.push(format!("{why}; this extra artifact is ignored")),
        }
    }
    for want in e.outputs {
        if !artifacts.contains_key(want) {
            return Err(format!(
                "the step must produce '{want}', but the handoff does not list it"
            ));
        }
    }
    let knows = |name: &str| artifacts.contains_key(name) || e.known.contains_key(name);
    let mut evidence = Vec::new();
    for ev in &h.evidence {
        if knows(&ev.against) {
            evidence.push(ev.clone());
        } else {
            warnings.push(format!(
                "evidence '{}' is against '{}', which is not an artifact of this run: recorded, it counts for nothing",
                short(&ev.kind),
                short(&ev.against)
            ));
        }
    }
    for b in &h.blockers {
        if !knows(&b.against) {
            warnings.push(format!(
                "blocker {} is against '{}', which is not an artifact of this run: it stays open, and re0 cannot reopen a step for it",
                short(&b.id),
                short(&b.against)
            ));
        }
    }
    Ok(Accepted {
        handoff: h,
        artifacts,
        evidence,
        warnings,
    })
}

/// The path an agent gave, as re0 records it: relative to the workspace,
/// without `./` parts. An absolute path inside the workspace is made
/// relative.
fn normal_path(given: &str, workspace: &Path, root: &Path) -> Option<String> {
    let p = Path::new(given);
    let rel: PathBuf = if p.is_absolute() {
        let stripped = p
            .strip_prefix(workspace)
            .or_else(|_| p.strip_prefix(root))
            .ok()?;
        stripped.to_path_buf()
    } else {
        p.to_path_buf()
    };
    let clean: PathBuf = rel
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect();
    let text = clean.to_string_lossy().into_owned();
    is_contained(&text).then_some(text)
}

/// Checks one listed artifact and hashes it: (recorded path, sha256).
fn hash_artifact(
    a: &ArtifactRef,
    bounds: &Bounds<'_>,
    root: &Path,
    warnings: &mut Vec<String>,
) -> Result<(String, String), String> {
    let workspace = bounds.workspace;
    if !crate::contract::is_artifact_name(&a.name) {
        return Err(format!("artifact name '{}' is not valid", short(&a.name)));
    }
    let path = normal_path(&a.path, workspace, root).ok_or_else(|| {
        format!(
            "artifact '{}' has path '{}', which leaves the workspace (use a path relative to it)",
            a.name,
            short(&a.path)
        )
    })?;
    if path != a.path {
        warnings.push(format!(
            "artifact '{}' path '{}' read as '{path}'",
            a.name,
            short(&a.path)
        ));
    }
    // Containment, regular file, size, and never re0's own run files.
    let (_, sha) =
        artifact_sha256(bounds, &path).map_err(|why| format!("artifact '{}': {why}", a.name))?;
    Ok((path, sha))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn accept_in(dir: &Path, text: &str) -> Result<Accepted, String> {
        let known = BTreeMap::from([("diff".to_string(), "abc".to_string())]);
        let outputs = vec!["plan".to_string()];
        let state_base = dir.join(".agent-state/re0");
        let run_dir = state_base.join("run-1");
        accept(
            parse(text)?,
            &Expect {
                step: "s1",
                attempt: 1,
                outputs: &outputs,
                workspace: dir,
                state_base: &state_base,
                run_dir: &run_dir,
                known: &known,
            },
        )
    }

    #[test]
    fn variations_are_accepted_and_noted() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("plan.md"), "plan").unwrap();
        let abs = dir.path().join("plan.md");
        let text = format!(
            "```json\n{{\"step\": \"s1\", \"attempt\": 1, \"status\": \"complete\",\n \"artifacts\": [{{\"name\": \"plan\", \"path\": \"{}\"}}, {{\"name\": \"notes\", \"path\": \"nowhere.md\"}}],\n \"evidence\": [{{\"kind\": \"review\", \"against\": \"diff\"}}, {{\"kind\": \"self-check\", \"against\": \"plan-change\"}}],\n \"blockers\": [{{\"id\": \"B\", \"against\": \"tests\", \"summary\": \"flaky\"}}]}}\n```",
            abs.display()
        );
        let acc = accept_in(dir.path(), &text).unwrap();
        assert_eq!(acc.artifacts["plan"].0, "plan.md");
        assert!(!acc.artifacts.contains_key("notes"));
        assert_eq!(acc.evidence.len(), 1);
        assert_eq!(acc.evidence[0].against, "diff");
        let w = acc.warnings.join("\n");
        for want in [
            "inside a Markdown code fence",
            "read as 'plan.md'",
            "this extra artifact is ignored",
            "against 'plan-change', which is not an artifact of this run",
            "blocker B is against 'tests'",
        ] {
            assert!(w.contains(want), "{want}: {w}");
        }
    }

    #[test]
    fn only_the_designed_reasons_refuse() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("plan.md"), "plan").unwrap();
        let h = |step: &str, attempt: u32, status: &str, path: &str| {
            format!("{{\"step\": \"{step}\", \"attempt\": {attempt}, \"status\": \"{status}\", \"artifacts\": [{{\"name\": \"plan\", \"path\": \"{path}\"}}]}}")
        };
        assert!(accept_in(dir.path(), &h("s1", 1, "complete", "plan.md")).is_ok());
        let refused = [
            (h("s2", 1, "complete", "plan.md"), "names step 's2'"),
            (h("s1", 2, "complete", "plan.md"), "names attempt 2"),
            (h("s1", 1, "failed", "plan.md"), "reported failure"),
            (h("s1", 1, "complete", "gone.md"), "does not exist"),
            (h("s1", 1, "complete", "../plan.md"), "leaves the workspace"),
            (
                "{\"step\": \"s1\", \"attempt\": 1, \"status\": \"complete\"}".into(),
                "must produce 'plan'",
            ),
            ("not json".into(), "not valid JSON"),
        ];
        for (text, why) in refused {
            let err = accept_in(dir.path(), &text).unwrap_err();
            assert!(err.contains(why), "{why}: {err}");
        }
    }
}
