//! The roots each client reads, in the order it reads them, and re0's own
//! union of them (DESIGN §2). The order is the precedence: an earlier root
//! wins a name clash.
//!
//! Sources (looked up in each client's documentation or source):
//! - Claude Code: personal `~/.claude/skills` beats project `.claude/skills`;
//!   a skill beats a command of the same name; plugin skills are namespaced.
//! - Codex: `.agents/skills` (and legacy `.codex/skills`) from the current
//!   folder up to the repository root, then `~/.agents/skills`,
//!   `$CODEX_HOME/skills`, plugins, `/etc/codex/skills`; invoked as `$name`.
//! - Cursor: `.agents/skills`, `.cursor/skills`, and the Claude and Codex
//!   folders for compatibility, project before user.
//! - Gemini CLI: workspace beats user beats extensions; `.agents/skills`
//!   beats `.gemini/skills` within a tier; only `SKILL.md` and `*/SKILL.md`.
//! - OpenCode: `.opencode/skills`, `.claude/skills`, `.agents/skills` from
//!   the current folder up, then the same under the home (config) folder; a
//!   `*.md` file at the top of a source is a skill too.
//! - Copilot CLI: first found wins — project `.github/skills`,
//!   `.agents/skills`, `.claude/skills`, then `~/.copilot/skills`,
//!   `~/.agents/skills`, plugins, `COPILOT_SKILLS_DIRS`, then commands.

use super::{claude, codex, copilot, gemini, Client, Homes};
use crate::catalog::roots::{Layout, Root, RootKind};
use crate::catalog::skill::InvokeStyle;
use crate::diag::Diagnostic;
use crate::workspace::Workspace;
use std::path::PathBuf;

/// Everything found on this machine, once: the folders and every client's
/// installed plugins. Views are assembled from it without reading again.
pub struct Discovery {
    /// Project folders from the current one up to the repository root.
    project: Vec<PathBuf>,
    cwd: PathBuf,
    homes: Option<Homes>,
    claude: Vec<Root>,
    codex: Vec<Root>,
    gemini: Vec<Root>,
    copilot: Vec<Root>,
    /// Findings from reading the clients' records and settings.
    pub diagnostics: Vec<Diagnostic>,
}

impl Discovery {
    pub fn new(ws: &Workspace, homes: Option<Homes>) -> Discovery {
        let mut diagnostics = Vec::new();
        let (claude, codex, gemini, copilot) = match &homes {
            Some(h) => (
                claude::plugins(h, ws, &mut diagnostics),
                codex::plugins(h, &mut diagnostics),
                gemini::extensions(h, &ws.cwd, &mut diagnostics),
                copilot::plugins(h, &mut diagnostics),
            ),
            None => Default::default(),
        };
        Discovery {
            project: ws.project_dirs(),
            cwd: ws.cwd.clone(),
            homes,
            claude,
            codex,
            gemini,
            copilot,
            diagnostics,
        }
    }

    /// The roots of `client`, or of re0's union when `None`.
    pub fn view(&self, client: Option<Client>) -> Vec<Root> {
        match client {
            None => self.union(),
            Some(c) => {
                let mut v = self.client(c);
                for r in &mut v {
                    r.invoke = c.invoke_style();
                }
                v
            }
        }
    }

    fn client(&self, c: Client) -> Vec<Root> {
        let mut v = Roots::default();
        let skills = Layout::Skills;
        match c {
            Client::Claude => {
                if let Some(h) = &self.homes {
                    v.user(h.claude.join("skills"), skills);
                }
                v.project(&self.project, &[".claude/skills"], skills);
                if let Some(h) = &self.homes {
                    v.user(h.claude.join("commands"), Layout::Commands);
                }
                v.project(&self.project, &[".claude/commands"], Layout::Commands);
                v.plugins(&self.claude);
            }
            Client::Codex => {
                v.project(&self.project, &[".agents/skills", ".codex/skills"], skills);
                if let Some(h) = &self.homes {
                    v.user(h.home.join(".agents/skills"), skills);
                    v.user(h.codex.join("skills"), skills);
                    v.plugins(&self.codex);
                    v.push(h.etc.join("codex/skills"), RootKind::Admin, skills);
                }
            }
            Client::Cursor => {
                let dirs = [
                    ".agents/skills",
                    ".cursor/skills",
                    ".claude/skills",
                    ".codex/skills",
                ];
                v.project(&self.project, &dirs, skills);
                if let Some(h) = &self.homes {
                    for d in [
                        ".cursor/skills",
                        ".agents/skills",
                        ".claude/skills",
                        ".codex/skills",
                    ] {
                        v.user(h.home.join(d), skills);
                    }
                }
            }
            Client::Gemini => {
                let here = std::slice::from_ref(&self.cwd);
                v.project(here, &[".agents/skills", ".gemini/skills"], skills);
                if let Some(h) = &self.homes {
                    v.user(h.home.join(".agents/skills"), skills);
                    v.user(h.gemini.join("skills"), skills);
                }
                v.plugins(&self.gemini);
                for r in &mut v.0 {
                    r.depth = Some(1);
                }
            }
            Client::Opencode => {
                let files = Layout::SkillsAndFiles;
                let dirs = [".opencode/skills", ".claude/skills", ".agents/skills"];
                v.project(&self.project, &dirs, files);
                if let Some(h) = &self.homes {
                    v.user(h.config.join("opencode/skills"), files);
                    v.user(h.home.join(".claude/skills"), files);
                    v.user(h.home.join(".agents/skills"), files);
                }
            }
            Client::Copilot => {
                let dirs = [".github/skills", ".agents/skills", ".claude/skills"];
                v.project(&self.project, &dirs, skills);
                if let Some(h) = &self.homes {
                    v.user(h.copilot.join("skills"), skills);
                    v.user(h.home.join(".agents/skills"), skills);
                    v.plugins(&self.copilot);
                    for d in &h.copilot_skill_dirs {
                        v.user(d.clone(), skills);
                    }
                }
                v.project(&self.project, &[".claude/commands"], Layout::Commands);
            }
        }
        v.0
    }

    /// re0's union: the documented order, then whatever a client reads
    /// that the documented order does not name.
    fn union(&self) -> Vec<Root> {
        let mut v = Roots::default();
        let skills = Layout::Skills;
        for dir in &self.project {
            let one = std::slice::from_ref(dir);
            let [a, b, c, d, e, f, o, g] = PROJECT_SKILL_DIRS;
            v.project(one, &[a, b, c], skills);
            v.project(one, &[d, e, f], skills);
            v.project(one, &[o], Layout::SkillsAndFiles);
            v.project(one, &[g], skills);
            v.project(one, &[".claude/commands"], Layout::Commands);
        }
        if let Some(h) = &self.homes {
            v.user(h.home.join(".agents/skills"), skills);
            v.user(h.home.join(".agent/skills"), skills);
            v.user(h.claude.join("skills"), skills);
            v.user(h.codex.join("skills"), skills);
            v.user(h.home.join(".cursor/skills"), skills);
            v.user(h.gemini.join("skills"), skills);
            v.user(h.config.join("opencode/skills"), Layout::SkillsAndFiles);
            v.user(h.copilot.join("skills"), skills);
            v.user(h.claude.join("commands"), Layout::Commands);
        }
        for plugins in [&self.claude, &self.codex, &self.gemini, &self.copilot] {
            v.plugins(plugins);
        }
        if let Some(h) = &self.homes {
            v.push(h.etc.join("codex/skills"), RootKind::Admin, skills);
        }
        let views: Vec<(Client, Vec<Root>)> =
            Client::ALL.iter().map(|&c| (c, self.client(c))).collect();
        for (_, roots) in &views {
            for r in roots {
                if !v
                    .0
                    .iter()
                    .any(|u| u.path == r.path && u.namespace == r.namespace)
                {
                    let mut r = r.clone();
                    r.depth = None;
                    v.0.push(r);
                }
            }
        }
        for r in &mut v.0 {
            let readers: Vec<Client> = views
                .iter()
                .filter(|(_, roots)| roots.iter().any(|x| x.path == r.path))
                .map(|(c, _)| *c)
                .collect();
            r.invoke = union_style(&readers);
        }
        v.0
    }
}

/// How a skill is invoked in the union: `$name` when only Codex reads its
/// root, by name when only Gemini CLI or OpenCode do, else `/name`.
fn union_style(readers: &[Client]) -> InvokeStyle {
    let styles: Vec<InvokeStyle> = readers.iter().map(|c| c.invoke_style()).collect();
    match styles.first() {
        Some(&first) if styles.iter().all(|s| *s == first) => first,
        Some(_) if !styles.contains(&InvokeStyle::Slash) => InvokeStyle::ByName,
        _ => InvokeStyle::Slash,
    }
}

/// An ordered root list that keeps only existing folders, each once.
#[derive(Default)]
struct Roots(Vec<Root>);

impl Roots {
    fn push(&mut self, path: PathBuf, kind: RootKind, layout: Layout) {
        if path.is_dir() {
            crate::catalog::roots::push_unique(&mut self.0, Root::new(path, kind, layout));
        }
    }

    fn user(&mut self, path: PathBuf, layout: Layout) {
        self.push(path, RootKind::User, layout);
    }

    fn project(&mut self, dirs: &[PathBuf], subs: &[&str], layout: Layout) {
        for d in dirs {
            for sub in subs {
                self.push(d.join(sub), RootKind::Project, layout);
            }
        }
    }

    fn plugins(&mut self, roots: &[Root]) {
        for r in roots {
            crate::catalog::roots::push_unique(&mut self.0, r.clone());
        }
    }
}

/// The folders the union and the client views read, for `--help` texts.
pub fn describe() -> &'static str {
    "project (from here up to the repository root): .agents/skills, .agent/skills, \
.claude/skills, .codex/skills, .cursor/skills, .gemini/skills, .opencode/skills, \
.github/skills, .claude/commands; user: ~/.agents/skills, ~/.agent/skills, \
~/.claude/skills, ~/.codex/skills, ~/.cursor/skills, ~/.gemini/skills, \
~/.config/opencode/skills, ~/.copilot/skills, ~/.claude/commands; installed \
Claude Code, Codex, Copilot CLI plugins and Gemini CLI extensions; /etc/codex/skills"
}

/// The hidden folders of a project that hold skills, in the union's order
/// (DESIGN §2): read from the current folder up, and named when a root
/// given by hand holds one but no skill of its own.
pub const PROJECT_SKILL_DIRS: [&str; 8] = [
    ".agents/skills",
    ".agent/skills",
    ".claude/skills",
    ".codex/skills",
    ".cursor/skills",
    ".gemini/skills",
    ".opencode/skills",
    ".github/skills",
];
