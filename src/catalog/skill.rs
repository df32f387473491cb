//! One skill: reading a `SKILL.md` (or a legacy command file) into a [`Skill`].
//!
//! Invariant: [`load`] never fails and never panics. Whatever the bytes, the
//! skill enters the catalog; a file that cannot be read as frontmatter has an
//! unreadable lane, which counts as user-only (DESIGN §2, §4.4), and carries a
//! diagnostic saying why.

use super::frontmatter::{self, FenceError, KeyLines};
use super::spec;
use crate::contract::{read_contract, Contract};
use crate::diag::{rules, Diagnostic, Severity};
use serde::Serialize;
use serde_yaml::{Mapping, Value};
use std::path::{Path, PathBuf};

/// Files larger than this are not parsed.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;
/// Largest `agents/openai.yaml` read.
const SIDECAR_BYTES: u64 = 256 * 1024;

/// Who may invoke a skill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lane {
    ModelInvoked,
    UserOnly,
}

impl Lane {
    pub fn as_str(self) -> &'static str {
        match self {
            Lane::ModelInvoked => "model-invoked",
            Lane::UserOnly => "user-only",
        }
    }
}

/// Why a skill has the lane it has.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LaneSource {
    /// Nothing restricts it: model-invoked.
    Default,
    /// `disable-model-invocation: true` in the frontmatter.
    Frontmatter,
    /// `policy.allow_implicit_invocation: false` in `agents/openai.yaml`.
    CodexSidecar,
    /// The frontmatter could not be read: counted as user-only.
    Unreadable,
}

impl LaneSource {
    pub fn describe(&self) -> &'static str {
        match self {
            LaneSource::Default => "no field restricts it",
            LaneSource::Frontmatter => "disable-model-invocation: true",
            LaneSource::CodexSidecar => "agents/openai.yaml: allow_implicit_invocation: false",
            LaneSource::Unreadable => "frontmatter unreadable, counted as user-only",
        }
    }
}

/// How the skill is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkillKind {
    /// A folder with `SKILL.md`.
    Folder,
    /// A legacy `.claude/commands/<name>.md` file.
    Command,
}

/// How a person invokes a skill in the client that reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum InvokeStyle {
    /// `/name`, `/plugin:name` (Claude Code, Cursor, Copilot CLI).
    Slash,
    /// `$name` (Codex).
    Dollar,
    /// Asked for by name (Gemini CLI, OpenCode: the model activates skills).
    ByName,
}

/// A skill file found while walking a root, before it is read.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub file: PathBuf,
    pub dir: PathBuf,
    pub root: usize,
    pub plugin: Option<String>,
    pub kind: SkillKind,
    /// The folder has an `agents/` folder (a Codex sidecar may be there).
    pub has_agents: bool,
    /// GES graph files (`*.ges.yaml`, `*.ges.md`) in the folder (names).
    pub ges_files: Vec<String>,
}

/// A skill as read from disk.
#[derive(Debug, Clone)]
pub struct Skill {
    pub name: String,
    pub plugin: Option<String>,
    pub kind: SkillKind,
    /// The `SKILL.md` or command file.
    pub file: PathBuf,
    /// Index of the root it was found in.
    pub root: usize,
    pub description: Option<crate::shared_text::Text>,
    pub lane: Lane,
    pub lane_source: LaneSource,
    /// False when the frontmatter could not be read.
    pub readable: bool,
    /// Shared with every other skill that declares nothing (most do).
    pub contract: std::sync::Arc<Contract>,
    pub diagnostics: Vec<Diagnostic>,
    /// Index (in the catalog) of the skill that hides this one.
    pub shadowed_by: Option<usize>,
    /// Line of the `name` key.
    pub name_line: Option<usize>,
    /// Its GES graph file, if it has one.
    pub ges: Option<PathBuf>,
    /// The opening prose of the body (up to [`SUMMARY_BYTES`]), which
    /// selection reads as a weak field: terse descriptions often leave the
    /// words people use to the body's first lines; and `when_to_use`.
    /// Only its profile reads them, so once the profile is made for the
    /// catalog index (or read from it) the summary is dropped.
    pub summary: Option<Box<ProfileText>>,
    /// Relations its body states to other skills (for ordering plans).
    pub body_links: Vec<crate::plan::infer::BodyLink>,
    /// How it is invoked, from its root.
    pub invoke: InvokeStyle,
    /// Why its graph could not be chosen (several candidates).
    pub ges_problem: Option<String>,
    /// Its text analysed for relevance scoring: made the first time it is
    /// asked for (by `plan`, or to be kept in the index), once.
    /// Boxed: a command that scores nothing never makes one, and a skill
    /// is held by the 100,000.
    pub profile: std::sync::OnceLock<Box<crate::plan::profile::Profile>>,
}

/// What only a skill's profile reads, dropped once the profile is made:
/// held in one box, since most skills are kept long after.
#[derive(Debug, Clone, Default)]
pub struct ProfileText {
    /// The opening prose of the body (up to [`SUMMARY_BYTES`]).
    pub body: Option<String>,
    /// Claude Code's `when_to_use`: when to invoke the skill, which the
    /// client reads beside the description to choose it.
    pub when_to_use: Option<String>,
}

/// How much of the body's opening prose a skill keeps.
pub const SUMMARY_BYTES: usize = 400;

static KEEP_SUMMARIES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Stops [`load`] keeping each body's summary, for a command that never
/// scores relevance and keeps no index: the summary only feeds a skill's
/// profile, and 100,000 of them are 80 MB.
pub fn without_summaries() {
    KEEP_SUMMARIES.store(false, std::sync::atomic::Ordering::Relaxed);
}

/// False after [`without_summaries`].
pub fn keeps_summaries() -> bool {
    KEEP_SUMMARIES.load(std::sync::atomic::Ordering::Relaxed)
}

/// The first prose of a Markdown body: headings, code, tables, quotes and
/// list markers skipped, cut at a character boundary.
pub fn summary_of(body: &str) -> Option<String> {
    // Room for the summary and the line that takes it past its size.
    let mut out = String::with_capacity(2 * SUMMARY_BYTES);
    let mut fence = false;
    for line in crate::lines::lines(body) {
        let t = line.trim();
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = !fence;
            continue;
        }
        if fence || t.is_empty() || t.starts_with(['#', '|', '<', '>', '!', '[']) || t == "---" {
            continue;
        }
        let t = t.trim_start_matches(['-', '*', '+', ' ']);
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(t);
        if out.len() >= SUMMARY_BYTES {
            break;
        }
    }
    if out.is_empty() {
        return None;
    }
    if let std::borrow::Cow::Owned(cut) = crate::display::clip(&out, SUMMARY_BYTES) {
        return Some(cut);
    }
    Some(out)
}

/// The folder holding a skill's file.
fn folder_of(file: &Path) -> &Path {
    file.parent().unwrap_or(Path::new(""))
}

impl Skill {
    /// The skill folder (for a command file: the folder holding it): the
    /// folder of its file, so the path is kept once.
    pub fn dir(&self) -> &Path {
        folder_of(&self.file)
    }

    /// The qualified name `plugin:name` for plugin skills.
    pub fn qualified_name(&self) -> Option<String> {
        self.plugin.as_ref().map(|p| format!("{p}:{}", self.name))
    }

    /// What a person types to invoke the skill: `/name`, `/plugin:name`,
    /// `$name` for Codex, or the name itself where the model activates it.
    pub fn invocation(&self) -> String {
        let key = self.qualified_name().unwrap_or_else(|| self.name.clone());
        match self.invoke {
            InvokeStyle::Slash => format!("/{key}"),
            InvokeStyle::Dollar => format!("${key}"),
            InvokeStyle::ByName => key,
        }
    }

    pub fn is_user_only(&self) -> bool {
        self.lane == Lane::UserOnly
    }

    /// Its text analysed for relevance scoring ([`crate::plan::profile`]).
    pub fn profile(&self) -> &crate::plan::profile::Profile {
        self.profile
            .get_or_init(|| Box::new(crate::plan::profile::of(self)))
    }
}

/// A skill named `name` with nothing read (for tests).
#[cfg(test)]
pub fn blank(name: &str) -> Skill {
    let mut s = load(Candidate {
        file: PathBuf::from("/nonexistent/SKILL.md"),
        dir: PathBuf::from("/nonexistent"),
        root: 0,
        plugin: None,
        kind: SkillKind::Folder,
        has_agents: false,
        ges_files: Vec::new(),
    });
    s.name = name.to_string();
    s.diagnostics.clear();
    s
}

/// Reads a candidate into a skill. Never fails.
pub fn load(mut c: Candidate) -> Skill {
    let has_agents = c.has_agents;
    let ges_files = std::mem::take(&mut c.ges_files);
    let mut skill = unread(c);
    let Some(text) = read_text(&skill.file, &mut skill.diagnostics) else {
        return skill;
    };
    let split = match frontmatter::split(&text) {
        Ok(s) => s,
        Err(e) => {
            let d = fence_problem(e, &skill);
            skill.diagnostics.push(d);
            if e == FenceError::Missing {
                read_headless(&mut skill, &text);
            }
            return skill;
        }
    };
    let map = match parse_yaml(split.yaml, split.yaml_line, &skill.file) {
        Ok(m) => m,
        Err(d) => {
            // The lane stays unreadable; `plan` may still offer the skill
            // by the name and description the text spells out.
            read_leniently(&mut skill, split.yaml);
            skill.diagnostics.push(*d);
            return skill;
        }
    };
    if keeps_summaries() {
        skill.summary = summary_of(split.body).map(|s| {
            Box::new(ProfileText {
                body: Some(s),
                when_to_use: None,
            })
        });
    }
    skill.body_links = crate::plan::infer::body_links(split.body);
    let keys = KeyLines::index(split.yaml, split.yaml_line);
    read_frontmatter(&mut skill, &map, &keys);
    pick_ges(&mut skill, &ges_files);
    if skill.contract.user_only_declared() {
        skill.lane = Lane::UserOnly;
        skill.lane_source = LaneSource::Frontmatter;
    } else if has_agents && codex_forbids_implicit(folder_of(&skill.file), &mut skill.diagnostics) {
        skill.lane = Lane::UserOnly;
        skill.lane_source = LaneSource::CodexSidecar;
    }
    skill
}

/// The skill of candidate `c` before its file is read: named for its
/// folder (or a command's file), unreadable, user-only.
fn unread(c: Candidate) -> Skill {
    let name = match c.kind {
        SkillKind::Folder => file_name(&c.dir),
        SkillKind::Command => c
            .file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    Skill {
        name,
        plugin: c.plugin,
        kind: c.kind,
        file: c.file,
        root: c.root,
        description: None,
        lane: Lane::UserOnly,
        lane_source: LaneSource::Unreadable,
        readable: false,
        contract: Contract::none(),
        diagnostics: Vec::new(),
        shadowed_by: None,
        name_line: None,
        ges: None,
        summary: None,
        body_links: Vec::new(),
        invoke: InvokeStyle::Slash,
        ges_problem: None,
        profile: Default::default(),
    }
}

/// The finding for a file whose frontmatter fence is missing or unclosed
/// (a warning for a command file, which may have none).
fn fence_problem(e: FenceError, skill: &Skill) -> Diagnostic {
    let (rule, msg) = match e {
        FenceError::Missing => (
            rules::FRONTMATTER_MISSING,
            "no frontmatter: the file must start with a '---' line; counted as user-only",
        ),
        FenceError::Unclosed => (
            rules::FRONTMATTER_UNCLOSED,
            "the frontmatter opened on line 1 is never closed by a '---' or '...' line; counted as user-only",
        ),
    };
    let mut d = Diagnostic::new(rule, &skill.file, msg).at(1, Some(1));
    if skill.kind == SkillKind::Command {
        d.severity = Severity::Warning;
    }
    d
}

/// What a file without frontmatter says of itself, read as Claude Code
/// reads it (see [`super::headless`]): its name stays its folder's, and its
/// lane stays unreadable.
fn read_headless(skill: &mut Skill, text: &str) {
    // The description is the body's opening: a summary of it too would
    // count the same words twice.
    skill.description = super::headless::description(text).map(Into::into);
    skill.body_links = crate::plan::infer::body_links(text);
}

/// The name and description of frontmatter that is not valid YAML, read
/// as the text spells them out.
fn read_leniently(skill: &mut Skill, yaml: &str) {
    let fields = super::lenient::read(yaml);
    if let Some(n) = fields
        .name
        .filter(|n| !n.is_empty() && spec::name_problem(n).is_none())
    {
        skill.name = n;
    }
    skill.description = fields.description.map(Into::into);
}

/// What readable frontmatter gives: the skill is model-invoked unless its
/// contract says otherwise; its name, description, findings and contract.
fn read_frontmatter(skill: &mut Skill, map: &Mapping, keys: &KeyLines) {
    skill.readable = true;
    skill.lane = Lane::ModelInvoked;
    skill.lane_source = LaneSource::Default;
    skill.name_line = keys.top("name");
    if let Some(Value::String(n)) = crate::yaml::get(map, "name") {
        if !n.trim().is_empty() {
            skill.name = n.trim().to_string();
        }
    }
    if let Some(Value::String(d)) = crate::yaml::get(map, "description") {
        let d = d.trim();
        if !d.is_empty() {
            skill.description = Some(d.into());
        }
    }
    if let Some(Value::String(w)) = crate::yaml::get(map, "when_to_use") {
        let w = w.trim();
        if !w.is_empty() && keeps_summaries() {
            skill.summary.get_or_insert_default().when_to_use = Some(w.to_string());
        }
    }
    let found = spec::check(skill, map, keys);
    skill.diagnostics.extend(found);
    skill.contract = Contract::shared(read_contract(
        map,
        keys,
        &skill.file,
        &mut skill.diagnostics,
    ));
}

/// The skill's graph (see `ges::find`); an ambiguous choice is recorded
/// so the skill is never run as a plain step.
fn pick_ges(skill: &mut Skill, files: &[String]) {
    let files: Vec<String> = match skill.kind {
        SkillKind::Command => crate::ges::find::own_names(&skill.name)
            .into_iter()
            .filter(|f| skill.dir().join(f).is_file())
            .collect(),
        SkillKind::Folder => files.to_vec(),
    };
    if files.is_empty() {
        return;
    }
    let pick = crate::ges::find::pick(skill.dir(), &skill.name, &files);
    skill.ges = pick.chosen;
    skill.ges_problem = pick.problem;
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Reads the file as UTF-8 text within the size limit: only a regular file
/// (a FIFO or device where a skill file should be is refused without
/// blocking).
fn read_text(file: &Path, diags: &mut Vec<Diagnostic>) -> Option<String> {
    use crate::fsio::{read_limited, Follow, ReadError};
    let bytes = match read_limited(file, MAX_FILE_BYTES, Follow::Yes) {
        Ok(b) => b,
        Err(ReadError::TooLarge { .. }) => {
            diags.push(Diagnostic::new(
                rules::FILE_TOO_LARGE,
                file,
                "the file is larger than 1 MiB and is not parsed; counted as user-only",
            ));
            return None;
        }
        Err(e) => {
            diags.push(Diagnostic::new(
                rules::UNREADABLE_FILE,
                file,
                format!("cannot read the file: {e}; counted as user-only"),
            ));
            return None;
        }
    };
    match String::from_utf8(bytes) {
        Ok(s) => Some(s),
        Err(e) => {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|b| **b == b'\n').count() + 1;
            let col =
                valid.len() - valid.iter().rposition(|b| *b == b'\n').map_or(0, |p| p + 1) + 1;
            diags.push(
                Diagnostic::new(
                    rules::NOT_UTF8,
                    file,
                    "the file is not valid UTF-8; counted as user-only",
                )
                .at(line, Some(col)),
            );
            None
        }
    }
}

/// Parses the frontmatter YAML once, mapping error positions to the file.
/// The common flat shape is read by the fast path (`yaml::fast`, the same
/// mapping serde_yaml builds, in a third of its time); serde_yaml reads
/// the rest and reports every error.
pub fn parse_yaml(yaml: &str, first_line: usize, file: &Path) -> Result<Mapping, Box<Diagnostic>> {
    if let Some(map) = crate::yaml::fast::parse(yaml) {
        return Ok(map);
    }
    if let Err(deep) = crate::yaml::check_depth(yaml) {
        return Err(Box::new(
            Diagnostic::new(
                rules::YAML_SYNTAX,
                file,
                format!("invalid YAML: {deep}; counted as user-only"),
            )
            .at(first_line + deep.line - 1, None),
        ));
    }
    match serde_yaml::from_str::<Value>(yaml) {
        Ok(Value::Mapping(m)) => Ok(m),
        Ok(Value::Null) => Ok(Mapping::new()),
        Ok(other) => Err(Box::new(
            Diagnostic::new(
                rules::FRONTMATTER_NOT_MAPPING,
                file,
                format!(
                "the frontmatter is a {} where a mapping of keys is expected; counted as user-only",
                kind_of(&other)
            ),
            )
            .at(first_line, Some(1)),
        )),
        Err(e) => Err(Box::new(yaml_error(&e, first_line, file))),
    }
}

/// Turns a serde_yaml error into a diagnostic at the file's line and column.
pub fn yaml_error(e: &serde_yaml::Error, first_line: usize, file: &Path) -> Diagnostic {
    let text = e.to_string();
    let msg = match text.find(" at line ") {
        Some(i) => &text[..i],
        None => text.as_str(),
    };
    let d = Diagnostic::new(
        rules::YAML_SYNTAX,
        file,
        format!("invalid YAML: {msg}; counted as user-only"),
    );
    match e.location() {
        Some(loc) => d.at(first_line + loc.line() - 1, Some(loc.column())),
        None => d.at(first_line, None),
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Sequence(_) => "list",
        Value::String(_) => "text",
        Value::Number(_) => "number",
        Value::Bool(_) => "boolean",
        _ => "value",
    }
}

/// True when `agents/openai.yaml` sets `policy.allow_implicit_invocation: false`.
fn codex_forbids_implicit(dir: &Path, diags: &mut Vec<Diagnostic>) -> bool {
    let path = dir.join("agents").join("openai.yaml");
    let text = match crate::fsio::read_text_limited(&path, SIDECAR_BYTES, crate::fsio::Follow::Yes)
    {
        Ok(t) => t,
        Err(crate::fsio::ReadError::NotFound) => return false,
        Err(e) => {
            diags.push(Diagnostic::new(
                rules::CODEX_SIDECAR,
                &path,
                format!("cannot read it: {e}; the sidecar is ignored"),
            ));
            return false;
        }
    };
    if let Err(deep) = crate::yaml::check_depth(&text) {
        diags.push(
            Diagnostic::new(
                rules::CODEX_SIDECAR,
                &path,
                format!("{deep}; the sidecar is ignored"),
            )
            .at(deep.line, None),
        );
        return false;
    }
    match serde_yaml::from_str::<Value>(&text) {
        Ok(v) => matches!(
            v.get("policy")
                .and_then(|p| p.get("allow_implicit_invocation")),
            Some(Value::Bool(false))
        ),
        Err(e) => {
            let mut d = yaml_error(&e, 1, &path);
            d.code = rules::CODEX_SIDECAR.code;
            d.severity = rules::CODEX_SIDECAR.severity;
            d.message = format!(
                "{}; the sidecar is ignored",
                d.message.trim_end_matches("; counted as user-only")
            );
            diags.push(d);
            false
        }
    }
}
