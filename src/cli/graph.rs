//! `re0 graph`: the catalog's prerequisite graph.

use super::context::Context;
use super::output;
use crate::error::Result;
use crate::graph::{render, PrereqGraph};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
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
    let nodes: Vec<usize> = ctx.catalog.active().map(|(i, _)| i).collect();
    let g = PrereqGraph::build(&ctx.catalog, &nodes);
    match args.format {
        Format::Mermaid => output::print(&render::mermaid(&g, &ctx.catalog)),
        Format::Dot => output::print(&render::dot(&g, &ctx.catalog)),
        Format::Json => output::print_json(&render::json(&g, &ctx.catalog)),
    }
    Ok(0)
}
