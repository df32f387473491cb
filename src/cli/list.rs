//! `re0 list`: the roster.

use super::context::Context;
use super::output;
use crate::error::Result;
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
            let rows: Vec<_> = skills
                .iter()
                .map(|s| {
                    serde_json::json!({
                        "name": s.key(),
                        "lane": s.lane.as_str(),
                        "description": s.description,
                        "path": ctx.show_path(&s.file),
                        "root": ctx.show_path(&ctx.catalog.roots[s.root].path),
                        "shadowed": s.shadowed_by.is_some(),
                        "diagnostics": s.diagnostics.iter().map(|d| serde_json::json!({
                            "code": d.code,
                            "severity": d.severity,
                            "line": d.line,
                            "message": d.message,
                        })).collect::<Vec<_>>(),
                        "contract": s.contract.effective_json(),
                    })
                })
                .collect();
            output::print_json(&serde_json::json!({
                "schema": "re0/roster@1",
                "skills": rows,
            }));
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
                t.add_row(row);
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
