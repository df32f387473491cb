//! Typing a step: the first row of DESIGN §4.4 that applies.
//!
//! | type                 | when |
//! |----------------------|------|
//! | `skip`               | not installed; depends on a skipped step; needs a capability nobody present can grant; `skip-when` holds |
//! | `user-handoff`       | user-only or unreadable lane; destructive; a decision; needs a capability the session does not hold |
//! | `invoke-model-skill` | none of the above |
//! | `conditional`        | `skip-when` cannot be judged yet: `may_become` is `skip` or the type above |

use super::closure::{members, Node, Target};
use super::model::StepType;
use crate::catalog::{Catalog, Skill};
use crate::guard::{Guard, GuardError};
use serde_json::Value as Json;
use std::collections::{BTreeMap, BTreeSet};

/// What typing needs to know about the session.
pub struct Session<'a> {
    pub catalog: &'a Catalog,
    /// Capabilities this session holds.
    pub grants: &'a BTreeSet<String>,
    /// Values a `skip-when` may read at plan time.
    pub known: BTreeMap<String, Json>,
}

/// A node's type, with the reason and how a person invokes it.
#[derive(Debug, Clone)]
pub struct Typed {
    pub ty: StepType,
    pub may_become: Vec<StepType>,
    pub reason: String,
    pub invocation: Option<String>,
}

impl Typed {
    fn skip(reason: String) -> Typed {
        Typed {
            ty: StepType::Skip,
            may_become: Vec::new(),
            reason,
            invocation: None,
        }
    }
}

/// Everything a skill step needs, with a pipeline's members folded in.
struct Effective<'a> {
    skill: &'a Skill,
    needs: BTreeSet<String>,
    user_only: Option<String>,
    destructive: bool,
    /// Why its GES graph cannot be run: never silently a plain step.
    graph_error: Option<String>,
}

fn effective<'a>(catalog: &'a Catalog, skill: &'a Skill) -> Effective<'a> {
    let mut needs: BTreeSet<String> = skill.contract.needs().into_iter().collect();
    let graph_error = match crate::ges::for_skill(skill) {
        Ok(Some(g)) if crate::ges::exec::runs_commands(&g, skill.dir()) => {
            needs.insert("exec".to_string());
            None
        }
        Ok(_) => None,
        Err(e) => Some(e),
    };
    let mut user_only = skill.is_user_only().then(|| lane_reason(skill));
    let mut destructive = skill.contract.destructive();
    for m in members(catalog, skill) {
        needs.extend(m.contract.needs());
        destructive |= m.contract.destructive();
        if user_only.is_none() && m.is_user_only() {
            user_only = Some(format!("pipeline member {} is user-only", m.key()));
        }
    }
    Effective {
        skill,
        needs,
        user_only,
        destructive,
        graph_error,
    }
}

/// Why a skill counts as user-only; for an unreadable lane, the error that
/// made it so, with its file and line.
fn lane_reason(skill: &Skill) -> String {
    use crate::catalog::LaneSource;
    let error = skill
        .diagnostics
        .iter()
        .find(|d| d.severity == crate::diag::Severity::Error);
    match (&skill.lane_source, error) {
        (LaneSource::Unreadable, Some(d)) => {
            let base = skill.dir().parent().unwrap_or(skill.dir());
            format!(
                "user-only: its lane is unreadable ({}: {})",
                d.location(base),
                crate::display::clip(&d.message, 160)
            )
        }
        (source, _) => format!("user-only ({})", source.describe()),
    }
}

/// The reason a skill skips on its own account (not for a predecessor).
pub fn own_skip(session: &Session<'_>, skill: &Skill) -> Option<String> {
    let e = effective(session.catalog, skill);
    let never: Vec<&String> = e
        .needs
        .iter()
        .filter(|c| session.catalog.never.contains(*c))
        .collect();
    if !never.is_empty() {
        return Some(format!(
            "needs {}, which nobody present can grant (re0.yaml never)",
            join(&never)
        ));
    }
    let guard = Guard::parse(skill.contract.skip_when()?);
    match guard.eval(&session.known) {
        Ok(true) => Some(format!("skip-when holds: {}", guard.source())),
        _ => None,
    }
}

/// Types node `node`. `skipped_pred` is the first skipped predecessor as
/// (id, target, the reason the skipping began with), which it inherits.
pub fn type_node(
    session: &Session<'_>,
    node: &Node,
    skipped_pred: Option<(&str, &str, &str)>,
) -> Typed {
    if let Target::Missing(name) = &node.target {
        return Typed::skip(format!("{name} is not installed; nothing is substituted"));
    }
    if let Some((id, target, root)) = skipped_pred {
        return Typed::skip(format!(
            "depends on {id} ({target}), which is skipped: {root}"
        ));
    }
    match &node.target {
        Target::Decision { skill, question } => {
            let skill = &session.catalog.skills[*skill];
            if let Some(why) = own_skip(session, skill) {
                return Typed::skip(format!("its step {} is skipped: {why}", skill.key()));
            }
            Typed {
                ty: StepType::UserHandoff,
                may_become: Vec::new(),
                reason: format!("a decision only a person can make: {question}"),
                invocation: None,
            }
        }
        Target::Skill(s) => type_skill(session, &session.catalog.skills[*s]),
        Target::Missing(_) => unreachable!("handled above"),
    }
}

fn type_skill(session: &Session<'_>, skill: &Skill) -> Typed {
    if let Some(why) = own_skip(session, skill) {
        return Typed::skip(why);
    }
    let e = effective(session.catalog, skill);
    let base = base_type(session, &e);
    let Some(text) = skill.contract.skip_when() else {
        return base;
    };
    let guard = Guard::parse(text);
    let waits = match guard.eval(&session.known) {
        Ok(_) => return base,
        Err(GuardError::Unknown(vars)) if guard.is_cel() => format!(
            "skip-when `{}` reads {}, known only once a predecessor's output exists",
            guard.source(),
            vars.join(", ")
        ),
        Err(GuardError::Unknown(_)) => format!(
            "skip-when \"{}\" is not CEL: judged when the step is reached",
            guard.source()
        ),
        Err(GuardError::Invalid(why)) => format!(
            "skip-when `{}` cannot be judged now ({why})",
            guard.source()
        ),
    };
    Typed {
        ty: StepType::Conditional,
        may_become: vec![StepType::Skip, base.ty],
        reason: format!("{waits}; otherwise {}: {}", base.ty.as_str(), base.reason),
        invocation: base.invocation,
    }
}

fn base_type(session: &Session<'_>, e: &Effective<'_>) -> Typed {
    let skill = e.skill;
    let lacking: Vec<&String> = e
        .needs
        .iter()
        .filter(|c| !holds(session.grants, c, skill))
        .collect();
    let bring = {
        let outs = super::closure::produces_of(session.catalog, skill);
        if outs.is_empty() {
            "record its handoff".to_string()
        } else {
            format!("bring back {}", outs.join(", "))
        }
    };
    let handoff = |why: String| Typed {
        ty: StepType::UserHandoff,
        may_become: Vec::new(),
        reason: format!(
            "{why}; a person runs {} and should {bring}",
            skill.invocation()
        ),
        invocation: Some(skill.invocation()),
    };
    if let Some(why) = &e.user_only {
        return handoff(why.clone());
    }
    if let Some(why) = &e.graph_error {
        return handoff(format!("{why}; re0 does not run it as a plain step"));
    }
    if e.destructive {
        return handoff("destructive: irreversible work is a person's call".to_string());
    }
    if !lacking.is_empty() {
        return handoff(format!(
            "needs {}, which this session does not hold (--grant {} grants it, --grant {}:{} for this skill only)",
            join(&lacking),
            lacking[0],
            lacking[0],
            skill.key()
        ));
    }
    let held = if e.needs.is_empty() {
        "needs no capability".to_string()
    } else {
        format!(
            "session holds {}",
            join(&e.needs.iter().collect::<Vec<_>>())
        )
    };
    Typed {
        ty: StepType::InvokeModelSkill,
        may_become: Vec::new(),
        reason: format!("model-invoked, installed, {held}"),
        invocation: None,
    }
}

/// True when the session holds `cap` for `skill`: granted outright, or
/// granted for that skill alone (`--grant exec:<skill>`).
pub fn holds(grants: &BTreeSet<String>, cap: &str, skill: &Skill) -> bool {
    grants.contains(cap) || grants.contains(&format!("{cap}:{}", skill.key()))
}

fn join(v: &[&String]) -> String {
    v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
}
