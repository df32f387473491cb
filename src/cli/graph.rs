//! `re0 graph`: the catalog's prerequisite graph.

use super::context::Context;
use super::output;
use crate::error::{Error, Result};
use crate::graph::{render, PrereqGraph};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Without SKILL: the catalog's prerequisite graph (a -> b when b requires what
a produces, or a calls b). With SKILL: that skill's GES graph (.ges.yaml).")]
pub struct Args {
    /// Draw this skill's GES graph instead of the catalog's.
    skill: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Mermaid)]
    format: Format,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Format {
    Mermaid,
    Dot,
    Json,
}

pub fn run(catalog: &[PathBuf], args: Args) -> Result<i32> {
    let ctx = Context::load(catalog)?;
    if let Some(name) = &args.skill {
        let skill = ctx.catalog.get(name).ok_or_else(|| Error::UnknownSkill {
            name: name.clone(),
            hint: "; `re0 list` shows them all".into(),
        })?;
        let path = skill.ges.as_ref().ok_or_else(|| {
            Error::Usage(format!(
                "{} has no GES graph (<name>.ges.yaml in its folder)",
                skill.key()
            ))
        })?;
        let g = crate::ges::model::load(path)
            .map_err(|e| Error::Usage(format!("{}: {e}", path.display())))?;
        match args.format {
            Format::Mermaid => output::print(&crate::ges::render::mermaid(&g)),
            Format::Dot => output::print(&crate::ges::render::dot(&g)),
            Format::Json => output::print_json(&serde_json::json!({
                "schema": "re0/ges-graph@1",
                "name": g.meta.name,
                "entry": g.meta.entry,
                "terminal": g.terminals(),
                "nodes": g.nodes.iter().map(|(id, n)| serde_json::json!({
                    "id": id,
                    "actions": n.as_ref().map(|n| n.actions.iter().map(|a| a.id.clone()).collect::<Vec<_>>()).unwrap_or_default(),
                })).collect::<Vec<_>>(),
                "edges": g.edges.iter().map(|e| serde_json::json!({"from": e.from, "to": e.to, "when": e.when, "label": e.label})).collect::<Vec<_>>(),
            })),
        }
        return Ok(0);
    }
    let nodes: Vec<usize> = ctx.catalog.active().map(|(i, _)| i).collect();
    let g = PrereqGraph::build(&ctx.catalog, &nodes);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, output::Out);
    let written = match args.format {
        Format::Mermaid => render::mermaid(&g, &ctx.catalog, &mut out),
        Format::Dot => render::dot(&g, &ctx.catalog, &mut out),
        Format::Json => render::json(&g, &ctx.catalog, &mut out),
    };
    written
        .and_then(|()| std::io::Write::flush(&mut out))
        .map_err(|e| Error::Io {
            path: PathBuf::from("stdout"),
            source: e,
        })?;
    Ok(0)
}
