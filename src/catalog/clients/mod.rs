//! The coding agents ("clients") whose skills re0 reads, and where each of
//! them keeps its skills and installed plugins (DESIGN §2).
//!
//! [`Homes`] says where each client's home folder is on this machine
//! (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`, `XDG_CONFIG_HOME`, `COPILOT_HOME`
//! move them). One module per client reads the files that client writes
//! when it installs a plugin: [`claude`], [`codex`], [`gemini`], [`copilot`].
//! [`views`] puts the roots in the order each client loads them, and in the
//! order of re0's own union.
//!
//! Every client file is data someone else wrote: it is read through
//! [`crate::fsio`] with a size limit, a file that does not parse becomes a
//! warning, and a path inside it is followed only when it stays inside the
//! folder it belongs to.

pub mod claude;
pub mod codex;
pub mod copilot;
pub mod gemini;
pub mod views;

use crate::diag::{rules, Diagnostic};
use crate::fsio::{self, Follow, ReadError};
use serde::Serialize;
use std::path::{Component, Path, PathBuf};

/// Client files (settings, install records, manifests) larger than this are
/// not read.
pub const MAX_CLIENT_FILE: u64 = 4 * 1024 * 1024;

/// A coding agent whose view of the skills re0 can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Client {
    Claude,
    Codex,
    Cursor,
    Gemini,
    Opencode,
    Copilot,
}

impl Client {
    pub const ALL: [Client; 6] = [
        Client::Claude,
        Client::Codex,
        Client::Cursor,
        Client::Gemini,
        Client::Opencode,
        Client::Copilot,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Client::Claude => "claude",
            Client::Codex => "codex",
            Client::Cursor => "cursor",
            Client::Gemini => "gemini",
            Client::Opencode => "opencode",
            Client::Copilot => "copilot",
        }
    }

    /// How a person invokes a skill in this client.
    pub fn invoke_style(self) -> crate::catalog::skill::InvokeStyle {
        use crate::catalog::skill::InvokeStyle;
        match self {
            Client::Codex => InvokeStyle::Dollar,
            Client::Gemini | Client::Opencode => InvokeStyle::ByName,
            Client::Claude | Client::Cursor | Client::Copilot => InvokeStyle::Slash,
        }
    }
}

impl std::fmt::Display for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where each client keeps its files on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Homes {
    /// The user's home folder.
    pub home: PathBuf,
    /// Claude Code: `$CLAUDE_CONFIG_DIR`, else `~/.claude`.
    pub claude: PathBuf,
    /// Codex: `$CODEX_HOME`, else `~/.codex`.
    pub codex: PathBuf,
    /// `$XDG_CONFIG_HOME`, else `~/.config` (OpenCode lives in `opencode/`).
    pub config: PathBuf,
    /// Copilot CLI: `$COPILOT_HOME`, else `~/.copilot`.
    pub copilot: PathBuf,
    /// Gemini CLI: `~/.gemini`.
    pub gemini: PathBuf,
    /// System configuration: `/etc` (`RE0_SYSTEM_CONFIG_DIR` moves it, for tests).
    pub etc: PathBuf,
    /// Extra Copilot skill folders from `COPILOT_SKILLS_DIRS`.
    pub copilot_skill_dirs: Vec<PathBuf>,
}

impl Homes {
    /// The homes under `home`, moved by the environment variables the
    /// clients themselves honour. Relative values are read against `cwd`.
    pub fn from_env(home: &Path, cwd: &Path) -> Homes {
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(|v| crate::paths::absolute(Path::new(&v), cwd))
        };
        let copilot_skill_dirs = std::env::var("COPILOT_SKILLS_DIRS")
            .unwrap_or_default()
            .split([':', ','])
            .filter(|s| !s.trim().is_empty())
            .map(|s| crate::paths::absolute(Path::new(s.trim()), cwd))
            .collect();
        Homes {
            home: home.to_path_buf(),
            claude: var("CLAUDE_CONFIG_DIR").unwrap_or_else(|| home.join(".claude")),
            codex: var("CODEX_HOME").unwrap_or_else(|| home.join(".codex")),
            config: var("XDG_CONFIG_HOME").unwrap_or_else(|| home.join(".config")),
            copilot: var("COPILOT_HOME").unwrap_or_else(|| home.join(".copilot")),
            gemini: home.join(".gemini"),
            etc: var("RE0_SYSTEM_CONFIG_DIR").unwrap_or_else(|| PathBuf::from("/etc")),
            copilot_skill_dirs,
        }
    }

    /// Homes with no environment overrides (for tests).
    pub fn under(home: &Path) -> Homes {
        Homes {
            home: home.to_path_buf(),
            claude: home.join(".claude"),
            codex: home.join(".codex"),
            config: home.join(".config"),
            copilot: home.join(".copilot"),
            gemini: home.join(".gemini"),
            etc: PathBuf::from("/etc"),
            copilot_skill_dirs: Vec::new(),
        }
    }
}

/// Reads a client's JSON file. A missing file is `None` without a finding;
/// one that cannot be read or parsed is `None` with a warning.
pub fn read_json(path: &Path, diags: &mut Vec<Diagnostic>) -> Option<serde_json::Value> {
    let text = read_text(path, diags)?;
    match serde_json::from_str(&text) {
        Ok(v) => Some(v),
        Err(e) => {
            diags.push(
                Diagnostic::new(
                    rules::CLIENT_CONFIG,
                    path,
                    format!("invalid JSON: {e}; its plugins are not read"),
                )
                .at(e.line().max(1), Some(e.column().max(1))),
            );
            None
        }
    }
}

/// Reads a client's text file through the size limit; see [`read_json`].
pub fn read_text(path: &Path, diags: &mut Vec<Diagnostic>) -> Option<String> {
    match fsio::read_text_limited(path, MAX_CLIENT_FILE, Follow::Yes) {
        Ok(t) => Some(t),
        Err(ReadError::NotFound) => None,
        Err(e) => {
            diags.push(Diagnostic::new(
                rules::CLIENT_CONFIG,
                path,
                format!("cannot read: {e}; its plugins are not read"),
            ));
            None
        }
    }
}

/// `rel` (a manifest path such as `./skills/x`) under `base`, only when it
/// stays inside `base`: no absolute path, no `..`.
pub fn inside(base: &Path, rel: &str) -> Option<PathBuf> {
    let rel = rel.trim();
    if rel.is_empty() {
        return None;
    }
    let mut out = base.to_path_buf();
    for c in Path::new(rel).components() {
        match c {
            Component::CurDir => {}
            Component::Normal(part) => out.push(part),
            _ => return None,
        }
    }
    Some(out)
}

/// A manifest field that is a path or a list of paths (`"./skills/"` or
/// `["./a", "./b"]`). `None` when the field is absent.
pub fn path_list(v: Option<&serde_json::Value>) -> Option<Vec<String>> {
    match v? {
        serde_json::Value::String(s) => Some(vec![s.clone()]),
        serde_json::Value::Array(items) => Some(
            items
                .iter()
                .filter_map(|i| i.as_str().map(str::to_string))
                .collect(),
        ),
        _ => None,
    }
}

/// A plugin or marketplace name is one path segment of letters, digits,
/// `-`, `_` and `.` (not `.` or `..`): it may become part of a path.
pub fn is_segment(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// A warning about a plugin whose files are not where its record says.
pub fn missing_plugin(record: &Path, id: &str, path: &Path) -> Diagnostic {
    Diagnostic::new(
        rules::CLIENT_CONFIG,
        record,
        format!(
            "plugin '{id}' is recorded as installed at {}, which is not a folder; its skills are not read",
            path.display()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_paths_stay_inside() {
        let base = Path::new("/p");
        assert_eq!(
            inside(base, "./skills/x"),
            Some(PathBuf::from("/p/skills/x"))
        );
        assert_eq!(inside(base, "skills"), Some(PathBuf::from("/p/skills")));
        assert_eq!(inside(base, "../etc"), None);
        assert_eq!(inside(base, "/etc"), None);
        assert_eq!(inside(base, "a/../../b"), None);
        assert_eq!(inside(base, ""), None);
    }

    #[test]
    fn segments() {
        assert!(is_segment("superpowers-dev"));
        assert!(is_segment("6.2.0"));
        assert!(!is_segment(".."));
        assert!(!is_segment("a/b"));
        assert!(!is_segment(""));
    }
}
