//! `re0 list`: the roster, with where each skill comes from and which
//! clients see it.

use super::context::Context;
use super::output;
use crate::catalog::clients::views::PROJECT_SKILL_DIRS;
use crate::catalog::{Catalog, Client, Skill};
use crate::contract::Effective;
use crate::diag::Severity;
use crate::error::Result;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Columns: the skill's name (plugin:skill for namespaced plugin skills), its lane,
the clients that load it on this machine (a client that loads another skill of
the same name first does not count), and the root it was read from.

With --client NAME the roster is that client's own: its roots, its precedence
and its invocation syntax (/name, /plugin:name, $name for Codex).")]
pub struct Args {
    /// Include skills hidden by a same-named skill in an earlier root.
    #[arg(long)]
    all: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Format {
    Table,
    Json,
}

/// One skill of `re0/roster@1`, whose document is
/// `{"schema": "re0/roster@1", "skills": [Entry]}` (see [`super::pretty`]).
#[derive(Serialize)]
struct Entry<'a> {
    name: String,
    lane: &'static str,
    description: Option<&'a str>,
    path: String,
    root: String,
    shadowed: bool,
    diagnostics: Vec<EntryDiagnostic<'a>>,
    contract: Effective<'a>,
    // Additive fields (re0/roster@1 stays compatible).
    invocation: String,
    clients: Vec<Client>,
    origin: Option<&'a str>,
    root_kind: crate::catalog::RootKind,
}

#[derive(Serialize)]
struct EntryDiagnostic<'a> {
    code: &'static str,
    severity: Severity,
    line: Option<usize>,
    message: &'a str,
}

pub fn run(catalog: &[PathBuf], args: Args) -> Result<i32> {
    // The process ends with this command: the catalog is left for the exit
    // to reclaim, not freed skill by skill (a tenth of a warm run at 10,000).
    crate::catalog::not_for_planning();
    let ctx: &Context = Box::leak(Box::new(Context::load(catalog)?));
    let seen_by = clients_by_file(ctx)?;
    let skills: Vec<&Skill> = ctx
        .catalog
        .skills
        .iter()
        .filter(|s| args.all || s.shadowed_by.is_none())
        .map(|s| &**s)
        .collect();
    let clients_of = |s: &Skill| -> Vec<Client> {
        if seen_by.is_empty() {
            return Vec::new();
        }
        seen_by
            .get(&canonical(&s.file))
            .map(|c| c.iter().copied().collect())
            .unwrap_or_default()
    };
    match args.format {
        Format::Json => {
            // Each skill's entry is made and serialised on any core.
            output::stream(|out| {
                super::pretty::write_listing(out, "re0/roster@1", "skills", skills.len(), |i| {
                    entry(ctx, skills[i], clients_of(skills[i]))
                })?;
                out.write_all(b"\n")
            });
        }
        Format::Table => {
            if skills.is_empty() {
                output::print(&no_skills(&ctx.catalog));
                return Ok(0);
            }
            // Named roots (--catalog) are nobody's own: no clients column.
            let show_clients = !ctx.request.is_exclusive();
            let mut header = vec!["name (root)", "lane"];
            if show_clients {
                header.push("clients");
            }
            header.push("description");
            if args.all {
                header.push("shadowed");
            }
            // Each row is made on any core, then laid out and written as
            // comfy-table would draw it (see super::grid).
            let rows: Vec<Vec<String>> = skills
                .par_iter()
                .map(|s| table_row(ctx, s, show_clients.then(|| clients_of(s)), args.all))
                .collect();
            let grid = super::grid::Grid {
                header: &header,
                whole: &[0, 1],
                width: usize::from(output::table_width()),
            };
            let footer = format!(
                "\n{} skill(s) from {} root(s)\n",
                skills.len(),
                ctx.catalog.roots.len()
            );
            output::stream(|out| {
                grid.write(&rows, out)?;
                out.write_all(footer.as_bytes())
            });
        }
    }
    Ok(0)
}

/// The cells of one skill's row of the table.
fn table_row(ctx: &Context, s: &Skill, clients: Option<Vec<Client>>, all: bool) -> Vec<String> {
    let mut lane = s.lane.as_str().to_string();
    if !s.readable {
        lane.push_str("\n(unreadable)");
    }
    let name = format!(
        "{}\n  {}",
        crate::display::clean(&s.key()),
        root_label(ctx, s)
    );
    let mut row = vec![name, lane];
    if let Some(clients) = clients {
        let names: Vec<&str> = clients.iter().map(|c| c.as_str()).collect();
        row.push(names.join(" "));
    }
    row.push(output::first_sentence(
        &crate::display::clean(s.description.as_deref().unwrap_or("-")),
        90,
    ));
    if all {
        row.push(if s.shadowed_by.is_some() { "yes" } else { "" }.to_string());
    }
    output::row(row)
}

fn entry<'a>(ctx: &'a Context, s: &'a Skill, clients: Vec<Client>) -> Entry<'a> {
    let root = &ctx.catalog.roots[s.root];
    Entry {
        name: s.key(),
        lane: s.lane.as_str(),
        description: s.description.as_deref(),
        path: ctx.show_path(&s.file),
        root: ctx.show_path(&root.path),
        shadowed: s.shadowed_by.is_some(),
        diagnostics: s
            .diagnostics
            .iter()
            .map(|d| EntryDiagnostic {
                code: d.code,
                severity: d.severity,
                line: d.line,
                message: &d.message,
            })
            .collect(),
        contract: s.contract.effective(),
        invocation: s.invocation(),
        clients,
        origin: root.origin.as_deref(),
        root_kind: root.kind,
    }
}

/// "No skills found in N roots", naming them, and how to add some.
pub fn no_skills(catalog: &Catalog) -> String {
    format!(
        "No skills found in {}.\nPass {}.\n",
        roots_named(catalog),
        how_to_add(catalog)
    )
}

/// [`no_skills`] as one line, for an error.
pub fn no_skills_line(catalog: &Catalog) -> String {
    format!(
        "no skills found in {}: pass {}",
        roots_named(catalog),
        how_to_add(catalog)
    )
}

/// How to add skills, after "pass": the hidden skill folders inside a
/// root, when a root holds some (a cloned repository keeps its skills in
/// `.claude/skills`, which a root's walk skips, DESIGN §2), else
/// [`HOW_TO_ADD`].
fn how_to_add(catalog: &Catalog) -> String {
    let inside: Vec<String> = catalog
        .roots
        .iter()
        .flat_map(|r| PROJECT_SKILL_DIRS.iter().map(move |d| r.path.join(d)))
        .filter(|p| p.is_dir())
        .map(|p| format!("--catalog {}", p.display()))
        .collect();
    if inside.is_empty() {
        return HOW_TO_ADD.to_string();
    }
    format!(
        "{} (a root's hidden folders are not walked)",
        inside.join(" ")
    )
}

/// How to add skills, after "pass".
const HOW_TO_ADD: &str =
    "--catalog DIR, or install skills (for example under .claude/skills or ~/.agents/skills)";

/// `3 roots (a, b, c)`.
fn roots_named(catalog: &Catalog) -> String {
    let n = catalog.roots.len();
    let mut s = format!("{n} root{}", if n == 1 { "" } else { "s" });
    if n > 0 {
        let shown: Vec<String> = catalog
            .roots
            .iter()
            .take(5)
            .map(|r| r.path.display().to_string())
            .collect();
        s.push_str(&format!(
            " ({}{})",
            shown.join(", "),
            if n > 5 { ", …" } else { "" }
        ));
    }
    s
}

/// For each skill file active in some client's view, the clients that load it.
fn clients_by_file(ctx: &Context) -> Result<BTreeMap<PathBuf, BTreeSet<Client>>> {
    let mut out: BTreeMap<PathBuf, BTreeSet<Client>> = BTreeMap::new();
    for c in Client::ALL {
        let view = ctx.client_view(c)?;
        for (_, s) in view.active() {
            out.entry(canonical(&s.file)).or_default().insert(c);
        }
    }
    Ok(out)
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The root as a person reads it: `claude plugin superpowers` for a plugin
/// (the JSON has the full origin), else its folder with the home as `~`.
fn root_label(ctx: &Context, s: &Skill) -> String {
    let root = &ctx.catalog.roots[s.root];
    if let Some(o) = &root.origin {
        let short: Vec<&str> = o.split_whitespace().take(3).collect();
        let short = short.join(" ");
        let short = short.split('@').next().unwrap_or(&short);
        return crate::display::clean(short).into_owned();
    }
    if let Some(home) = &ctx.workspace.home {
        if let Ok(rest) = root.path.strip_prefix(home) {
            return format!("~/{}", rest.display());
        }
    }
    ctx.show_path(&root.path)
}
