//! Between a [`Skill`] and its index [`Record`].
//!
//! Both directions destructure every field without `..`, so a field added
//! to `Skill`, `Contract` or `Diagnostic` fails to compile here until the
//! index stores it: the index can never silently drop what a scan produced.

use super::format::{RContract, RDiag, RField, RProfile, Record};
use crate::catalog::skill::{Candidate, Lane, LaneSource, Skill, SkillKind};
use crate::contract::{Contract, Field, Origin};
use crate::diag::{rules, Diagnostic, Severity};
use crate::plan::profile::Profile;
use crate::shared_text::Text;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The record of a freshly read skill; `None` when a path in it is not
/// UTF-8 (such a skill is simply read every time).
pub fn record(skill: &Skill) -> Option<Record<'_>> {
    let Skill {
        name,
        plugin: _,
        kind: _,
        file: _,
        root: _,
        description,
        lane,
        lane_source,
        readable,
        contract,
        diagnostics,
        shadowed_by: _,
        name_line,
        ges,
        // Read only to make the profile, which is kept instead.
        summary: _,
        body_links,
        // Set from the root after loading, index or not.
        invoke: _,
        ges_problem,
        // Kept in section B: see [`r_profile`].
        profile: _,
    } = skill;
    let ges = match ges {
        Some(p) => Some(p.to_str()?),
        None => None,
    };
    Some(Record {
        name,
        description: description.as_deref(),
        lane: lane_code(*lane),
        lane_source: source_code(lane_source),
        readable: *readable,
        name_line: *name_line,
        ges,
        contract: r_contract(contract),
        diagnostics: diagnostics.iter().map(r_diag).collect::<Option<_>>()?,
        body_links: body_links
            .iter()
            .map(|l| (l.skill.as_str(), l.first, l.quote.as_str()))
            .collect(),
        ges_problem: ges_problem.as_deref(),
    })
}

/// The index form of a profile.
pub fn r_profile(profile: &Profile) -> RProfile<'_> {
    RProfile {
        terms: &profile.terms,
        ends: profile.ends,
        lens: profile.lens,
        phrases: profile
            .phrases
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect(),
    }
}

/// The profile an index form stands for, its terms left in `buf`; `None`
/// when it is not sound.
pub fn profile_of(r: RProfile<'_>, buf: &Arc<crate::shared_text::Buffer>) -> Option<Profile> {
    let profile = Profile {
        terms: Text::within(buf, r.terms),
        ends: r.ends,
        lens: r.lens,
        phrases: r
            .phrases
            .into_iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect(),
    };
    profile.is_sound().then_some(profile)
}

/// The skill a record stands for, at the candidate's place, with its
/// profile when one was read; the candidate back when the record does not
/// decode into this build's types.
pub fn skill(
    r: Record<'_>,
    c: Candidate,
    buf: &Arc<crate::shared_text::Buffer>,
    profile: Option<Profile>,
) -> Result<Skill, Candidate> {
    let Record {
        name,
        description,
        lane,
        lane_source,
        readable,
        name_line,
        ges,
        contract,
        diagnostics,
        body_links,
        ges_problem,
    } = r;
    let decoded = (|| {
        let diagnostics: Vec<Diagnostic> = diagnostics
            .into_iter()
            .map(diag_of)
            .collect::<Option<_>>()?;
        Some((
            lane_of(lane)?,
            source_of(lane_source)?,
            contract_of(contract)?,
            diagnostics,
        ))
    })();
    let Some((lane, lane_source, contract, diagnostics)) = decoded else {
        return Err(c);
    };
    let Candidate {
        file,
        dir: _,
        root,
        plugin,
        kind,
        has_agents: _,
        ges_files: _,
    } = c;
    Ok(Skill {
        name: name.to_string(),
        plugin,
        kind,
        file,
        root,
        description: description.map(|d| Text::within(buf, d)),
        lane,
        lane_source,
        readable,
        contract: Contract::shared(contract),
        diagnostics,
        shadowed_by: None,
        name_line,
        ges: ges.map(PathBuf::from),
        summary: None,
        body_links: body_links
            .into_iter()
            .map(|(skill, first, quote)| crate::plan::infer::BodyLink {
                skill: skill.to_string(),
                first,
                quote: quote.to_string(),
            })
            .collect(),
        invoke: crate::catalog::skill::InvokeStyle::Slash,
        ges_problem: ges_problem.map(str::to_string),
        profile: profile.map(|p| Box::new(p).into()).unwrap_or_default(),
    })
}

fn lane_code(l: Lane) -> u8 {
    match l {
        Lane::ModelInvoked => 0,
        Lane::UserOnly => 1,
    }
}

fn lane_of(c: u8) -> Option<Lane> {
    Some(match c {
        0 => Lane::ModelInvoked,
        1 => Lane::UserOnly,
        _ => return None,
    })
}

fn source_code(s: &LaneSource) -> u8 {
    match s {
        LaneSource::Default => 0,
        LaneSource::Frontmatter => 1,
        LaneSource::CodexSidecar => 2,
        LaneSource::Unreadable => 3,
    }
}

fn source_of(c: u8) -> Option<LaneSource> {
    Some(match c {
        0 => LaneSource::Default,
        1 => LaneSource::Frontmatter,
        2 => LaneSource::CodexSidecar,
        3 => LaneSource::Unreadable,
        _ => return None,
    })
}

fn origin_code(o: Origin) -> u8 {
    match o {
        Origin::TopLevel => 0,
        Origin::Metadata => 1,
        Origin::CodexSidecar => 2,
    }
}

fn origin_of(c: u8) -> Option<Origin> {
    Some(match c {
        0 => Origin::TopLevel,
        1 => Origin::Metadata,
        2 => Origin::CodexSidecar,
        _ => return None,
    })
}

fn severity_code(s: Severity) -> u8 {
    match s {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Note => 2,
    }
}

fn severity_of(c: u8) -> Option<Severity> {
    Some(match c {
        0 => Severity::Error,
        1 => Severity::Warning,
        2 => Severity::Note,
        _ => return None,
    })
}

fn r_field<'a, T, U>(f: &'a Option<Field<T>>, map: impl Fn(&'a T) -> U) -> Option<RField<U>> {
    f.as_ref().map(|f| RField {
        value: map(&f.value),
        origin: origin_code(f.origin),
        line: f.line_number(),
    })
}

fn field_of<T, U>(f: Option<RField<T>>, map: impl Fn(T) -> U) -> Option<Option<Field<U>>> {
    match f {
        None => Some(None),
        Some(f) => Some(Some(Field {
            value: map(f.value),
            origin: origin_of(f.origin)?,
            line: f.line.and_then(crate::contract::line_of),
        })),
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn strings(v: Vec<&str>) -> Vec<String> {
    v.into_iter().map(str::to_string).collect()
}

fn r_contract(c: &Contract) -> RContract<'_> {
    let Contract {
        disable_model_invocation,
        triggers,
        requires,
        produces,
        writes,
        destructive,
        needs,
        pipeline,
        calls,
        skip_when,
        decision,
        done_when,
    } = c;
    RContract {
        disable_model_invocation: r_field(disable_model_invocation, |b| *b),
        triggers: r_field(triggers, |v| strs(v)),
        requires: r_field(requires, |v| strs(v)),
        produces: r_field(produces, |v| strs(v)),
        writes: r_field(writes, |b| *b),
        destructive: r_field(destructive, |b| *b),
        needs: r_field(needs, |v| strs(v)),
        pipeline: r_field(pipeline, |v| strs(v)),
        calls: r_field(calls, |v| strs(v)),
        skip_when: r_field(skip_when, String::as_str),
        decision: r_field(decision, String::as_str),
        done_when: r_field(done_when, String::as_str),
    }
}

fn contract_of(c: RContract<'_>) -> Option<Contract> {
    let RContract {
        disable_model_invocation,
        triggers,
        requires,
        produces,
        writes,
        destructive,
        needs,
        pipeline,
        calls,
        skip_when,
        decision,
        done_when,
    } = c;
    Some(Contract {
        disable_model_invocation: field_of(disable_model_invocation, |b| b)?,
        triggers: field_of(triggers, strings)?,
        requires: field_of(requires, strings)?,
        produces: field_of(produces, strings)?,
        writes: field_of(writes, |b| b)?,
        destructive: field_of(destructive, |b| b)?,
        needs: field_of(needs, strings)?,
        pipeline: field_of(pipeline, strings)?,
        calls: field_of(calls, strings)?,
        skip_when: field_of(skip_when, str::to_string)?,
        decision: field_of(decision, str::to_string)?,
        done_when: field_of(done_when, str::to_string)?,
    })
}

fn r_diag(d: &Diagnostic) -> Option<RDiag<'_>> {
    let Diagnostic {
        code,
        severity,
        file,
        line,
        column,
        message,
        help,
    } = d;
    Some(RDiag {
        code,
        severity: severity_code(*severity),
        file: file.to_str()?,
        line: *line,
        column: *column,
        message,
        help: help.as_deref(),
    })
}

fn diag_of(d: RDiag<'_>) -> Option<Diagnostic> {
    let RDiag {
        code,
        severity,
        file,
        line,
        column,
        message,
        help,
    } = d;
    // Codes are `&'static str`: take this build's own, so an index written
    // by a build with other codes never yields one.
    let rule = rules::ALL.iter().find(|r| r.code == code)?;
    Some(Diagnostic {
        code: rule.code,
        severity: severity_of(severity)?,
        file: Path::new(file).to_path_buf(),
        line,
        column,
        message: message.to_string(),
        help: help.map(str::to_string),
    })
}

/// Only folder skills are indexed: a command file's graph is found by
/// probing the file system, which the index does not record.
pub fn indexable(c: &Candidate) -> bool {
    c.kind == SkillKind::Folder
}
