//! `re0 list`: the roster.

use super::context::Context;
use super::output;
use crate::contract::Effective;
use crate::diag::Severity;
use crate::error::Result;
use serde::Serialize;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
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

/// `re0/roster@1`.
#[derive(Serialize)]
struct Roster<'a> {
    schema: &'static str,
    skills: Vec<Entry<'a>>,
}

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
}

#[derive(Serialize)]
struct EntryDiagnostic<'a> {
    code: &'static str,
    severity: Severity,
    line: Option<usize>,
    message: &'a str,
}

pub fn run(catalog: &[PathBuf], args: Args) -> Result<i32> {
    let ctx = Context::load(catalog)?;
    let skills: Vec<_> = ctx
        .catalog
        .skills
        .iter()
        .filter(|s| args.all || s.shadowed_by.is_none())
        .collect();
    match args.format {
        Format::Json => {
            let rows: Vec<Entry> = skills
                .iter()
                .map(|s| Entry {
                    name: s.key(),
                    lane: s.lane.as_str(),
                    description: s.description.as_deref(),
                    path: ctx.show_path(&s.file),
                    root: ctx.show_path(&ctx.catalog.roots[s.root].path),
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
                })
                .collect();
            output::print_serialize(&Roster {
                schema: "re0/roster@1",
                skills: rows,
            });
        }
        Format::Table => {
            if skills.is_empty() {
                output::print(&format!(
                    "no skills found in {} root(s); pass --catalog DIR or install skills under .claude/skills\n",
                    ctx.catalog.roots.len()
                ));
                return Ok(0);
            }
            let mut header = vec!["name", "lane", "description"];
            if args.all {
                header.push("shadowed");
            }
            let mut t = output::table(&header);
            for s in &skills {
                let mut lane = s.lane.as_str().to_string();
                if !s.readable {
                    lane.push_str(" (unreadable)");
                }
                let mut row = vec![
                    s.key(),
                    lane,
                    output::first_sentence(s.description.as_deref().unwrap_or("-"), 90),
                ];
                if args.all {
                    row.push(if s.shadowed_by.is_some() { "yes" } else { "" }.to_string());
                }
                t.add_row(output::row(row));
            }
            output::print(&format!(
                "{t}\n{} skill(s) from {} root(s)\n",
                skills.len(),
                ctx.catalog.roots.len()
            ));
        }
    }
    Ok(0)
}
