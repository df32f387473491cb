//! Which folders are skill roots, in precedence order (DESIGN §2).
//!
//! 1. `--catalog DIR` (repeatable): when given, only these.
//! 2. `RE0_CATALOG` (`:`-separated): likewise exclusive.
//! 3. Project roots: `roots:` from the workspace `re0.yaml`, then, for each
//!    folder from the current one up to the repository root, the agents'
//!    skill folders and the legacy `.claude/commands`.
//! 4. User roots under the home folder, then installed plugins and the
//!    system-wide roots, as [`super::clients::views`] lists them.
//!
//! `--client NAME` replaces 3 and 4 by the roots that client reads, in the
//! order it reads them.

use super::clients::{views, Client, Homes};
use super::skill::InvokeStyle;
use crate::diag::Diagnostic;
use crate::error::{Error, Result};
use crate::paths;
use crate::workspace::Workspace;
use serde::Serialize;
use std::path::{Path, PathBuf};

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
    /// An installed plugin or extension of a client.
    Plugin,
    /// A system-wide folder (`/etc/codex/skills`).
    Admin,
}

/// How a root holds its skills.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// Folders holding `SKILL.md`, walked.
    Skills,
    /// Legacy command files: each `*.md` is a skill, `dir/x.md` is `dir:x`.
    Commands,
    /// Skill folders, plus `*.md` files at the top as single-file skills (OpenCode).
    SkillsAndFiles,
    /// One command file (a plugin manifest may name a file).
    CommandFile,
}

/// One place skills are read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root {
    pub path: PathBuf,
    pub kind: RootKind,
    pub layout: Layout,
    /// The namespace of its skills (`plugin` in `plugin:skill`), for
    /// installed plugins that namespace their skills.
    pub namespace: Option<String>,
    /// How deep below the root skill folders are looked for (`None`: the
    /// walker's own limit). Gemini CLI looks one level down only.
    pub depth: Option<usize>,
    /// Where the root comes from when it is not a plain folder, e.g.
    /// `claude plugin superpowers@superpowers-dev 6.2.0`.
    pub origin: Option<String>,
    /// How a person invokes the skills found here.
    pub invoke: InvokeStyle,
}

impl Root {
    /// A plain skill root.
    pub fn new(path: PathBuf, kind: RootKind, layout: Layout) -> Root {
        Root {
            path,
            kind,
            layout,
            namespace: None,
            depth: None,
            origin: None,
            invoke: InvokeStyle::Slash,
        }
    }

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
    /// `--client NAME`: that client's roots instead of the union.
    pub client: Option<Client>,
    /// Where the clients' homes are; `None` reads the environment.
    pub homes: Option<Homes>,
}

impl RootRequest {
    /// True when only named roots are read (`--catalog`, `RE0_CATALOG`).
    pub fn is_exclusive(&self) -> bool {
        !self.flags.is_empty() || self.env.as_deref().is_some_and(|e| !e.trim().is_empty())
    }

    /// The homes to read, from the request or the environment.
    pub fn homes(&self, ws: &Workspace) -> Option<Homes> {
        self.homes
            .clone()
            .or_else(|| ws.home.as_deref().map(|h| Homes::from_env(h, &ws.cwd)))
    }
}

/// Lists the roots in precedence order. Named roots must exist; project and
/// user roots that do not exist are left out.
pub fn resolve(req: &RootRequest, ws: &Workspace) -> Result<Vec<Root>> {
    resolve_all(req, ws).map(|(roots, _)| roots)
}

/// [`resolve`], with the findings made while reading the clients' plugin
/// records and settings.
pub fn resolve_all(req: &RootRequest, ws: &Workspace) -> Result<(Vec<Root>, Vec<Diagnostic>)> {
    let style = req.client.map(Client::invoke_style);
    let restyle = |mut roots: Vec<Root>| {
        if let Some(style) = style {
            for r in &mut roots {
                r.invoke = style;
            }
        }
        roots
    };
    if !req.flags.is_empty() {
        let roots = named(&req.flags, RootKind::Flag, &ws.cwd, "")?;
        return Ok((restyle(roots), Vec::new()));
    }
    if let Some(env) = req.env.as_deref().filter(|e| !e.trim().is_empty()) {
        let dirs: Vec<PathBuf> = env
            .split(':')
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
            .collect();
        let roots = named(&dirs, RootKind::Env, &ws.cwd, " (from RE0_CATALOG)")?;
        return Ok((restyle(roots), Vec::new()));
    }
    let mut out = restyle(named(
        &req.config,
        RootKind::Config,
        &ws.root,
        " (from re0.yaml roots)",
    )?);
    let found = views::Discovery::new(ws, req.homes(ws));
    for root in found.view(req.client) {
        push_unique(&mut out, root);
    }
    Ok((out, found.diagnostics))
}

/// Adds `root` unless a root with the same folder, layout and namespace is
/// already listed (the earlier one keeps its place).
pub fn push_unique(out: &mut Vec<Root>, root: Root) {
    if !out
        .iter()
        .any(|r| r.path == root.path && r.layout == root.layout && r.namespace == root.namespace)
    {
        out.push(root);
    }
}

fn named(paths: &[PathBuf], kind: RootKind, base: &Path, origin: &str) -> Result<Vec<Root>> {
    let mut out: Vec<Root> = Vec::new();
    for d in paths {
        let path = paths::absolute(d, base);
        let root = if path.is_dir() {
            Root::new(path, kind, Layout::Skills)
        } else if path.is_file() && is_skill_file(&path) {
            // `re0 check path/to/SKILL.md`: the skill folder holding it.
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            Root::new(dir, kind, Layout::Skills)
        } else if path.is_file() && path.extension().is_some_and(|x| x == "md") {
            Root::new(path, kind, Layout::CommandFile)
        } else {
            return Err(Error::MissingRoot {
                path: d.clone(),
                origin: origin.to_string(),
            });
        };
        push_unique(&mut out, root);
    }
    Ok(out)
}

fn is_skill_file(p: &Path) -> bool {
    p.file_name()
        .is_some_and(|n| n == "SKILL.md" || n == "skill.md")
}
