//! Graph-Enhanced Skills (DESIGN §6; the GES specification is the
//! authority on the format): a skill whose inner workflow is a graph of
//! nodes and guarded edges.
//!
//! Reading: [`yaml`] (v1.0, v1.1 `.ges.yaml`) and [`md`] (v2.0 `.ges.md`)
//! build one [`model::Graph`]; [`find`] picks a skill's graph; [`source`]
//! reads the files a graph names, never outside the skill folder.
//! Checking: [`check`] and [`flow`]. Running: [`exec`] drives a graph as a
//! step's gate with [`fork`] (fork/join) and [`call`] (nested graphs,
//! handoffs); [`shell`] keeps values out of command text; [`ask`] reaches
//! the runner or the agent. [`render`] draws it.

pub mod act;
pub mod ask;
pub mod call;
pub mod check;
pub mod exec;
pub mod find;
pub mod flow;
pub mod fork;
pub mod lines;
pub mod md;
pub mod model;
pub mod prompt;
pub mod render;
pub mod route;
pub mod shell;
pub mod source;
pub mod state;
pub mod template;
pub mod yaml;

pub use model::Graph;

use model::Version;
use std::path::Path;

/// The newest schema this re0 reads.
pub const NEWEST: Version = Version::V2_0;

/// Why a graph file could not be used.
#[derive(Debug, Clone, PartialEq)]
pub enum LoadError {
    /// A GES schema this re0 does not know (a later one).
    Unsupported(String),
    /// Not a usable GES document, with the file's line when known.
    Invalid {
        message: String,
        line: Option<usize>,
        column: Option<usize>,
    },
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unsupported(s) => write!(
                f,
                "schema '{s}' is not one this re0 reads (ges/1.0, ges/1.1, ges/2.0)"
            ),
            LoadError::Invalid {
                message,
                line: Some(l),
                ..
            } => write!(f, "line {l}: {message}"),
            LoadError::Invalid { message, .. } => f.write_str(message),
        }
    }
}

fn invalid(message: impl Into<String>, line: Option<usize>) -> LoadError {
    LoadError::Invalid {
        message: message.into(),
        line,
        column: None,
    }
}

/// The `schema` of a `.ges.yaml`: the top-level key only. A file whose YAML
/// does not parse falls back to a `schema:` line at column 0.
fn yaml_schema(text: &str) -> Option<String> {
    match serde_yaml::from_str::<serde_yaml::Value>(text) {
        Ok(doc) => doc.get("schema").map(|s| match s {
            serde_yaml::Value::String(s) => s.clone(),
            other => serde_yaml::to_string(other)
                .unwrap_or_default()
                .trim()
                .to_string(),
        }),
        Err(_) => text.lines().find_map(|l| {
            let v = l.strip_prefix("schema:")?;
            Some(v.trim().trim_matches(|c| c == '"' || c == '\'').to_string())
        }),
    }
}

/// The `schema` of a `.ges.md` (its frontmatter; absent means 2.0, as the
/// GES loader reads it).
fn md_schema(text: &str) -> String {
    let t = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some(rest) = t
        .strip_prefix("---\n")
        .or_else(|| t.strip_prefix("---\r\n"))
    else {
        return Version::V2_0.as_str().into();
    };
    rest.lines()
        .take_while(|l| l.trim_end() != "---")
        .find_map(|l| l.strip_prefix("schema:"))
        .map(|v| v.trim().trim_matches(|c| c == '"' || c == '\'').to_string())
        .unwrap_or_else(|| Version::V2_0.as_str().into())
}

/// Reads a graph from `text`; `file` decides the form (`.ges.md` or YAML).
pub fn parse(text: &str, file: &Path) -> Result<Graph, LoadError> {
    let markdown = file
        .to_string_lossy()
        .to_ascii_lowercase()
        .ends_with(".ges.md");
    if markdown {
        let schema = md_schema(text);
        return match Version::parse(&schema) {
            Some(Version::V2_0) => md::parse(text, file),
            Some(v) => Err(invalid(
                format!("a .ges.md graph is GES 2.0, but its schema is '{}'; write {} graphs as .ges.yaml", v.as_str(), v.as_str()),
                Some(2),
            )),
            None if schema.starts_with("ges/") => Err(LoadError::Unsupported(schema)),
            None => Err(invalid(format!("schema '{schema}' is not a GES schema"), Some(2))),
        };
    }
    let line = lines::line_of(text, "schema");
    match yaml_schema(text) {
        None => Err(invalid(
            "no top-level `schema:` (ges/1.0 or ges/1.1)",
            Some(1),
        )),
        Some(s) => match Version::parse(&s) {
            Some(Version::V2_0) => Err(invalid(
                "ges/2.0 is the Markdown form: write it as <name>.ges.md",
                line,
            )),
            Some(v) => yaml::parse(text, v, file),
            None if s.starts_with("ges/") => Err(LoadError::Unsupported(s)),
            None => Err(invalid(format!("schema '{s}' is not a GES schema"), line)),
        },
    }
}

/// Reads the graph file at `path` through the size limit.
pub fn load(path: &Path) -> Result<Graph, LoadError> {
    let text = crate::fsio::read_text_limited(path, source::MAX_FILE, crate::fsio::Follow::Yes)
        .map_err(|e| invalid(format!("cannot read it: {e}"), None))?;
    parse(&text, path)
}

/// The graph of `skill`: `Ok(None)` when it has none, an error (one line)
/// when it has one re0 cannot use. Such a skill is never run as a plain
/// step.
pub fn for_skill(skill: &crate::catalog::Skill) -> Result<Option<Graph>, String> {
    if let Some(problem) = &skill.ges_problem {
        return Err(problem.clone());
    }
    let Some(path) = &skill.ges else {
        return Ok(None);
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    source::resolve(&format!("./{name}"), path, skill.dir())
        .map_err(|e| format!("its graph {e}"))?;
    load(path)
        .map(Some)
        .map_err(|e| format!("its graph {name} cannot be read: {e}"))
}
