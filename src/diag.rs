//! Diagnostics: one finding about one place in one file.
//!
//! Every finding re0 reports (while reading a catalog, checking it, or reading
//! its configuration) is a [`Diagnostic`] carrying a stable [`Rule`] code. The
//! codes are part of re0's interface: CI configurations and SARIF uploads
//! refer to them, so a code is never renamed or reused.

use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// How much a finding matters. `re0 check` exits 1 on any `Error`, and on
/// `Warning` with `--strict`; a `Note` never changes the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A stable finding code with its default severity and a one-line summary
/// (the summary becomes the SARIF rule description).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub code: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
}

macro_rules! rules {
    ($($ident:ident = $code:literal, $sev:ident, $summary:literal;)*) => {
        $(pub const $ident: Rule = Rule { code: $code, severity: Severity::$sev, summary: $summary };)*
        /// Every rule re0 can report, in a fixed order.
        pub const ALL: &[Rule] = &[$($ident),*];
    };
}

/// The rule codes. Names are kebab-case like clippy lints.
pub mod rules {
    use super::{Rule, Severity};
    rules! {
        NOT_UTF8 = "not-utf8", Error, "SKILL.md is not valid UTF-8";
        FILE_TOO_LARGE = "file-too-large", Error, "SKILL.md is larger than 1 MiB";
        UNREADABLE_FILE = "unreadable-file", Error, "SKILL.md could not be read";
        FRONTMATTER_MISSING = "frontmatter-missing", Error, "SKILL.md does not start with a '---' frontmatter fence";
        FRONTMATTER_UNCLOSED = "frontmatter-unclosed", Error, "the frontmatter is never closed by a '---' or '...' line";
        YAML_SYNTAX = "yaml-syntax", Error, "the frontmatter is not valid YAML";
        FRONTMATTER_NOT_MAPPING = "frontmatter-not-mapping", Error, "the frontmatter is not a YAML mapping of keys to values";
        NAME_MISSING = "name-missing", Error, "the frontmatter has no 'name'";
        NAME_INVALID = "name-invalid", Error, "'name' breaks the Agent Skills naming rules";
        NAME_FOLDER_MISMATCH = "name-folder-mismatch", Error, "'name' differs from the skill's folder name";
        DESCRIPTION_MISSING = "description-missing", Error, "the frontmatter has no non-empty 'description'";
        DESCRIPTION_TOO_LONG = "description-too-long", Error, "'description' is longer than 1024 characters";
        COMPATIBILITY_TOO_LONG = "compatibility-too-long", Error, "'compatibility' is longer than 500 characters";
        FIELD_TYPE = "field-type", Error, "a known field has a value of the wrong type";
        FOREIGN_METADATA = "foreign-metadata", Note, "a contract key under 'metadata' holds a mapping: another tool's field, left to it";
        INVALID_ARTIFACT_NAME = "invalid-artifact-name", Error, "an artifact or capability name is not lowercase words joined by '-'";
        CONTRACT_BOTH_PLACES = "contract-both-places", Warning, "a contract field is set both at the top level and under 'metadata'";
        NONPORTABLE_KEY = "nonportable-key", Warning, "a top-level contract key makes strict Agent Skills validators reject the skill";
        CLAUDE_EXTENSION_KEY = "claude-extension-key", Note, "a Claude Code extension key: recognised, but not part of the Agent Skills spec";
        DUPLICATE_NAME = "duplicate-name", Error, "two skills in one root share a name";
        SHADOWED_NAME = "shadowed-name", Warning, "a skill is hidden by a skill of the same name in an earlier root";
        UNRESOLVED_REQUIRES = "unresolved-requires", Error, "a required artifact has no producer and is not a declared input";
        CYCLE = "cycle", Error, "skills depend on each other in a cycle";
        INFERRED_LINK = "inferred-link", Note, "re0 orders two skills by what their text says (no contract declares it)";
        MISSING_MEMBER = "missing-member", Error, "a 'pipeline' or 'calls' member is not installed";
        USER_ONLY_PIPELINE_MEMBER = "user-only-pipeline-member", Error, "a model-invoked pipeline contains a user-only member";
        SYMLINK_LOOP = "symlink-loop", Warning, "a symbolic link points back into its own ancestry";
        WALK_ERROR = "walk-error", Warning, "a folder under a root could not be read";
        PLUGIN_MANIFEST = "plugin-manifest", Warning, "a plugin's .claude-plugin/plugin.json could not be read";
        CODEX_SIDECAR = "codex-sidecar", Warning, "a skill's agents/openai.yaml could not be read";
        ROOT_CONFIG_KEY = "root-config-key", Warning, "a catalog root's re0.yaml sets a key that only the workspace may set";
        GES_INVALID = "ges-invalid", Error, "a GES graph (.ges.yaml or .ges.md) cannot be read as GES";
        GES_UNSUPPORTED = "ges-unsupported", Warning, "a GES graph uses a schema this re0 does not read";
        GES_UNKNOWN_NODE = "ges-unknown-node", Error, "a GES entry or edge names a node that is neither declared nor a terminal";
        GES_UNREACHABLE = "ges-unreachable", Warning, "a GES node cannot be reached from the entry";
        GES_NO_TERMINAL_PATH = "ges-no-terminal-path", Error, "a GES node cannot reach any terminal node";
        GES_SHADOWED_EDGE = "ges-shadowed-edge", Warning, "a GES edge can never be taken: an earlier edge from its node has no guard";
        GES_UNBOUNDED_LOOP = "ges-unbounded-loop", Warning, "a GES cycle has no guard reading a counter (iteration, retries)";
        GES_UNDEFINED_VAR = "ges-undefined-var", Error, "a GES {{var}} or loop reads a variable no path from the entry defines first";
        GES_GUARD_NOT_CEL = "ges-guard-not-cel", Note, "a GES guard is plain words, not CEL: the runner judges it";
        GES_UNKNOWN_BINDING = "ges-unknown-binding", Warning, "a GES run action names a binding alias that is not defined";
        GES_ACTION = "ges-action", Error, "a GES node or action is malformed (nothing to do, duplicate id, missing prompt file or nested graph)";
        CLIENT_CONFIG = "client-config", Warning, "a client's plugin record, settings or manifest could not be read";
        SPEC_KEY = "spec-key", Error, "a top-level key the Agent Skills spec does not allow (reported with --spec strict)";
        GES_GUARD_JUDGED = "ges-guard-judged", Note, "a GES guard reads values no action outputs: the runner judges it";
        GES_EXTENSION_KEY = "ges-extension-key", Warning, "a GES graph has a key or attribute the spec does not define; it is ignored";
        GES_NAME = "ges-name", Warning, "a GES graph's name breaks the pattern or differs from its skill's name";
        GES_VERSION = "ges-version", Warning, "a GES graph uses a feature of a later GES than its schema says";
        GES_TERMINAL_ACTIONS = "ges-terminal-actions", Warning, "a GES terminal node has actions, which never run";
        GES_HANDOFF = "ges-handoff", Note, "a GES edge hands off to another graph: recorded and shown, never followed";
        GES_AMBIGUOUS_GRAPH = "ges-ambiguous-graph", Error, "a skill folder holds several GES graphs and re0 cannot tell which one the skill runs";
        GES_UNUSED_GRAPH = "ges-unused-graph", Warning, "a second GES graph in a skill folder that nothing calls or hands off to";
    }
}

/// One finding, located in a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub code: &'static str,
    pub severity: Severity,
    pub file: PathBuf,
    /// 1-based line in `file`, when the finding has one.
    pub line: Option<usize>,
    /// 1-based column in `file`, when known.
    pub column: Option<usize>,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn new(rule: Rule, file: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Diagnostic {
            code: rule.code,
            severity: rule.severity,
            file: file.into(),
            line: None,
            column: None,
            message: message.into(),
            help: None,
        }
    }

    pub fn at(mut self, line: usize, column: Option<usize>) -> Self {
        self.line = Some(line);
        self.column = column;
        self
    }

    pub fn at_line(self, line: Option<usize>) -> Self {
        match line {
            Some(l) => self.at(l, None),
            None => self,
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// `file:line:column` as a user reads it, with the file shown relative
    /// to `base` when it lies below it.
    pub fn location(&self, base: &Path) -> String {
        let mut s = crate::paths::display(&self.file, base);
        if let Some(line) = self.line {
            s.push_str(&format!(":{line}"));
            if let Some(col) = self.column {
                s.push_str(&format!(":{col}"));
            }
        }
        s
    }

    /// Sort key: file, then line, then code, so output is deterministic.
    pub fn sort_key(&self) -> (&Path, usize, usize, &'static str) {
        (
            &self.file,
            self.line.unwrap_or(0),
            self.column.unwrap_or(0),
            self.code,
        )
    }
}
