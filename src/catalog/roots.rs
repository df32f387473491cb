//! Which folders are skill roots, in precedence order (DESIGN §2).
//!
//! 1. `--catalog DIR` (repeatable): when given, only these.
//! 2. `RE0_CATALOG` (`:`-separated): likewise exclusive.
//! 3. Project roots: `roots:` from the workspace `re0.yaml`, then, for each
//!    folder from the current one up to the repository root, the agents'
//!    skill folders and the legacy `.claude/commands`.
//! 4. User roots under the home folder.

use crate::error::{Error, Result};
use crate::paths;
use crate::workspace::Workspace;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Skill folders inside a project folder, in precedence order.
pub const PROJECT_SKILL_DIRS: &[&str] = &[
    ".agents/skills",
    ".claude/skills",
    ".codex/skills",
    ".cursor/skills",
    ".gemini/skills",
    ".opencode/skills",
    ".github/skills",
];

/// The legacy command folder inside a project folder.
pub const PROJECT_COMMAND_DIR: &str = ".claude/commands";

/// Skill folders inside the home folder, in precedence order.
pub const USER_SKILL_DIRS: &[&str] = &[
    ".agents/skills",
    ".claude/skills",
    ".codex/skills",
    ".cursor/skills",
    ".gemini/skills",
    ".config/opencode/skills",
    ".copilot/skills",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RootKind {
    /// Named on the command line (`--catalog`, or `re0 check DIR`).
    Flag,
    /// From `RE0_CATALOG`.
    Env,
    /// From `roots:` in the workspace `re0.yaml`.
    Config,
    /// A project folder's skill folder.
    Project,
    /// A skill folder in the home folder.
    User,
}

/// One place skills are read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root {
    pub path: PathBuf,
    pub kind: RootKind,
    /// A legacy command folder: its `*.md` files are skills.
    pub commands: bool,
}

impl Root {
    /// True for roots a person named, whose `re0.yaml` belongs to the catalog.
    pub fn is_named(&self) -> bool {
        matches!(self.kind, RootKind::Flag | RootKind::Env | RootKind::Config)
    }
}

/// What decides the roots.
#[derive(Debug, Clone, Default)]
pub struct RootRequest {
    /// `--catalog` folders (or `re0 check` arguments).
    pub flags: Vec<PathBuf>,
    /// The value of `RE0_CATALOG`.
    pub env: Option<String>,
    /// `roots:` from the workspace `re0.yaml`.
    pub config: Vec<PathBuf>,
}

/// Lists the roots in precedence order. Named roots must exist; project and
/// user roots that do not exist are left out.
pub fn resolve(req: &RootRequest, ws: &Workspace) -> Result<Vec<Root>> {
    if !req.flags.is_empty() {
        return named(&req.flags, RootKind::Flag, &ws.cwd, "");
    }
    if let Some(env) = req.env.as_deref().filter(|e| !e.trim().is_empty()) {
        let dirs: Vec<PathBuf> = env
            .split(':')
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
            .collect();
        return named(&dirs, RootKind::Env, &ws.cwd, " (from RE0_CATALOG)");
    }
    let mut out = named(
        &req.config,
        RootKind::Config,
        &ws.root,
        " (from re0.yaml roots)",
    )?;
    for dir in ws.project_dirs() {
        for sub in PROJECT_SKILL_DIRS {
            push_existing(&mut out, dir.join(sub), RootKind::Project, false);
        }
        push_existing(
            &mut out,
            dir.join(PROJECT_COMMAND_DIR),
            RootKind::Project,
            true,
        );
    }
    if let Some(home) = &ws.home {
        for sub in USER_SKILL_DIRS {
            push_existing(&mut out, home.join(sub), RootKind::User, false);
        }
    }
    Ok(out)
}

fn named(dirs: &[PathBuf], kind: RootKind, base: &Path, origin: &str) -> Result<Vec<Root>> {
    let mut out: Vec<Root> = Vec::new();
    for d in dirs {
        let path = paths::absolute(d, base);
        if !path.is_dir() {
            return Err(Error::MissingRoot {
                path: d.clone(),
                origin: origin.to_string(),
            });
        }
        if !out.iter().any(|r| r.path == path) {
            out.push(Root {
                path,
                kind,
                commands: false,
            });
        }
    }
    Ok(out)
}

fn push_existing(out: &mut Vec<Root>, path: PathBuf, kind: RootKind, commands: bool) {
    if path.is_dir() && !out.iter().any(|r| r.path == path) {
        out.push(Root {
            path,
            kind,
            commands,
        });
    }
}
