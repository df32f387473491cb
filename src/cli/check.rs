//! `re0 check [DIR…]`: findings for catalog maintainers and CI.

use super::context::Context;
use super::output;
use crate::check::{self, report};
use crate::error::Result;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each finding has a stable code, a severity and file:line. Codes:
  re0 check --list-codes

Exit status: 0 clean, 1 errors (or warnings with --strict), 2 usage error.")]
pub struct Args {
    /// What to check: catalog folders, one skill folder, or a SKILL.md
    /// (default: the same roots as every command). Only these are read.
    dirs: Vec<PathBuf>,
    /// Which spec rules apply: `strict` also reports every top-level key the
    /// Agent Skills spec does not allow, as its reference validator does.
    #[arg(long, value_enum, default_value_t = Spec::Standard)]
    spec: Spec,
    /// Output format; sarif is SARIF 2.1.0 for code-scanning upload.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Exit 1 on warnings too.
    #[arg(long)]
    strict: bool,
    /// Print every finding code with its severity and meaning, then exit.
    #[arg(long)]
    list_codes: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Spec {
    Standard,
    Strict,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
    Sarif,
}

pub fn run(catalog: &[PathBuf], args: Args) -> Result<i32> {
    if args.list_codes {
        let mut s = String::new();
        for r in crate::diag::rules::ALL {
            s.push_str(&format!("{:<26} {:<8} {}\n", r.code, r.severity, r.summary));
        }
        output::print(&s);
        return Ok(0);
    }
    let mut roots = catalog.to_vec();
    roots.extend(args.dirs.iter().cloned());
    crate::catalog::not_for_planning();
    let ctx = Context::load(&roots)?;
    let findings = check::check_spec(&ctx.catalog, args.spec == Spec::Strict);
    let base = &ctx.workspace.cwd;
    let empty = ctx.catalog.skills.is_empty();
    if empty && !matches!(args.format, Format::Text) {
        eprint!("re0: {}", super::list::no_skills(&ctx.catalog));
    }
    match args.format {
        Format::Text => output::stream(|w| {
            if empty {
                w.write_all(super::list::no_skills(&ctx.catalog).as_bytes())?;
            }
            let checked = (!empty).then_some(ctx.catalog.skills.len());
            report::text(w, &findings, base, checked)
        }),
        Format::Json => {
            output::print_serialize(&report::json(&findings, base, ctx.catalog.skills.len()))
        }
        Format::Sarif => output::print_serialize(&report::sarif(&findings, &ctx.workspace.root)),
    }
    let code = findings.exit_code(args.strict);
    Ok(if empty && args.strict {
        code.max(1)
    } else {
        code
    })
}
