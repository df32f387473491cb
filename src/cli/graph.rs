//! `re0 graph`: the catalog's prerequisite graph.

use super::context::Context;
use super::output;
use crate::error::{Error, Result};
use crate::graph::{problems::Annotated, render};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Without SKILL: the catalog's prerequisite graph (a -> b when b requires what
a produces, or a calls b), with what `re0 check` finds wrong drawn in:
pipeline and calls members that are not installed, requirements no skill
produces, and cycles in red; a legend explains the shapes. With SKILL: that
skill's GES graph (.ges.yaml, .ges.md).

Examples:
  re0 graph --format mermaid > skills.mmd
  re0 graph --format dot | dot -Tsvg > skills.svg")]
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
            Error::Usage(match &skill.ges_problem {
                Some(p) => format!("{}: {p}", skill.key()),
                None => format!(
                    "{} has no GES graph (<name>.ges.yaml or <name>.ges.md in its folder)",
                    skill.key()
                ),
            })
        })?;
        let g =
            crate::ges::load(path).map_err(|e| Error::Usage(format!("{}: {e}", path.display())))?;
        match args.format {
            Format::Mermaid => output::print(&crate::ges::render::mermaid(&g)),
            Format::Dot => output::print(&crate::ges::render::dot(&g)),
            Format::Json => output::print_json(&crate::ges::render::json(&g)),
        }
        return Ok(0);
    }
    let g = Annotated::build(&ctx.catalog);
    match args.format {
        Format::Mermaid => output::print(&render::mermaid(&g, &ctx.catalog)),
        Format::Dot => output::print(&render::dot(&g, &ctx.catalog)),
        Format::Json => output::print_json(&render::json(&g, &ctx.catalog)),
    }
    Ok(0)
}
