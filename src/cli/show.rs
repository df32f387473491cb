//! `re0 show NAME`: one skill and where each contract field came from.

use super::context::Context;
use super::output;
use super::output::Format;
use crate::catalog::Skill;
use crate::contract::{Field, Origin};
use crate::display::clean;
use crate::error::{Error, Result};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The skill: its name, plugin:name or /name.
    name: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// One contract row: field, shown value, JSON value, and its source.
struct Row {
    field: &'static str,
    shown: String,
    value: serde_json::Value,
    from: String,
    line: Option<usize>,
}

fn source<T>(f: &Option<Field<T>>, default: &str) -> (String, Option<usize>) {
    match f {
        Some(f) => {
            let place = match f.origin {
                Origin::TopLevel => "top level",
                Origin::Metadata => "metadata",
                Origin::CodexSidecar => "agents/openai.yaml",
            };
            (place.to_string(), f.line_number())
        }
        None => (format!("default: {default}"), None),
    }
}

fn list_row(field: &'static str, f: &Option<Field<Vec<String>>>, default: &str) -> Row {
    let (from, line) = source(f, default);
    let v: Vec<String> = f.as_ref().map(|f| f.value.clone()).unwrap_or_default();
    Row {
        field,
        shown: if v.is_empty() {
            "-".into()
        } else {
            v.join(", ")
        },
        value: serde_json::json!(v),
        from,
        line,
    }
}

fn text_row(field: &'static str, f: &Option<Field<String>>, default: &str) -> Row {
    let (from, line) = source(f, default);
    let v = f.as_ref().map(|f| f.value.clone());
    Row {
        field,
        shown: v.clone().unwrap_or_else(|| "-".into()),
        value: serde_json::json!(v),
        from,
        line,
    }
}

fn bool_row(field: &'static str, f: &Option<Field<bool>>, effective: bool, default: &str) -> Row {
    let (from, line) = source(f, default);
    Row {
        field,
        shown: effective.to_string(),
        value: serde_json::json!(effective),
        from,
        line,
    }
}

fn rows(s: &Skill) -> Vec<Row> {
    let c = &s.contract;
    let needs = c.needs();
    let (needs_from, needs_line) = source(&c.needs, "write if writing");
    vec![
        bool_row(
            "disable-model-invocation",
            &c.disable_model_invocation,
            c.user_only_declared(),
            "model-invoked",
        ),
        list_row("triggers", &c.triggers, "description and name only"),
        list_row("requires", &c.requires, "fires at once"),
        list_row("produces", &c.produces, "none"),
        bool_row("writes", &c.writes, c.writes(), "counts as writing"),
        bool_row("destructive", &c.destructive, c.destructive(), "false"),
        Row {
            field: "needs",
            shown: if needs.is_empty() {
                "-".into()
            } else {
                needs.join(", ")
            },
            value: serde_json::json!(needs),
            from: needs_from,
            line: needs_line,
        },
        list_row("pipeline", &c.pipeline, "not a pipeline"),
        list_row("calls", &c.calls, "none"),
        text_row("skip-when", &c.skip_when, "never skipped"),
        text_row("decision", &c.decision, "none"),
        text_row("done-when", &c.done_when, "its produces accepted"),
    ]
}

pub fn run(catalog: &[PathBuf], args: Args) -> Result<i32> {
    let ctx = Context::load(catalog)?;
    let Some(skill) = ctx.catalog.get(&args.name) else {
        return Err(unknown(&ctx, args.name));
    };
    let rows = rows(skill);
    let inferred = inferred_links(&ctx, skill);
    match args.format {
        Format::Json => print_json(&ctx, skill, &rows, &inferred),
        Format::Text => output::print(&text(&ctx, skill, &rows, &inferred)),
    }
    Ok(0)
}

/// The error for a name no installed skill has, with the names close to it.
fn unknown(ctx: &Context, name: String) -> Error {
    let needle = name.trim_start_matches('/');
    let close: Vec<String> = ctx
        .catalog
        .active()
        .map(|(_, s)| s.key())
        .filter(|k| k.contains(needle) || needle.contains(k.as_str()))
        .take(5)
        .collect();
    let hint = if close.is_empty() {
        "; `re0 list` shows them all".to_string()
    } else {
        format!("; did you mean {}?", close.join(", "))
    };
    Error::UnknownSkill { name, hint }
}

/// The inferred links into or out of `skill`, with their provenance.
fn inferred_links(ctx: &Context, skill: &Skill) -> Vec<serde_json::Value> {
    let me = ctx.catalog.index_of(&skill.key());
    crate::plan::infer::catalog_links(&ctx.catalog)
        .into_iter()
        .filter(|l| Some(l.from) == me || Some(l.to) == me)
        .map(|l| {
            serde_json::json!({
                "from": ctx.catalog.skills[l.from].key(),
                "to": ctx.catalog.skills[l.to].key(),
                "source": l.source.as_str(),
                "detail": l.detail,
            })
        })
        .collect()
}

fn print_json(ctx: &Context, skill: &Skill, rows: &[Row], inferred: &[serde_json::Value]) {
    let contract: serde_json::Map<String, serde_json::Value> = rows
        .iter()
        .map(|r| {
            (
                r.field.to_string(),
                serde_json::json!({ "value": r.value, "from": r.from, "line": r.line }),
            )
        })
        .collect();
    output::print_json(&serde_json::json!({
        "schema": "re0/skill@1",
        "name": skill.key(),
        "lane": skill.lane.as_str(),
        "lane_source": skill.lane_source.describe(),
        "readable": skill.readable,
        "description": skill.description,
        "path": ctx.show_path(&skill.file),
        "root": ctx.show_path(&ctx.catalog.roots[skill.root].path),
        "origin": ctx.catalog.roots[skill.root].origin,
        "invocation": skill.invocation(),
        "ges": skill.ges.as_ref().map(|p| ctx.show_path(p)),
        "shadowed": skill.shadowed_by.is_some(),
        "contract": contract,
        "inferred_links": inferred,
        "diagnostics": skill.diagnostics,
    }));
}

/// The skill as a person reads it: its header lines, the contract table,
/// inferred order, its graph and its findings.
fn text(ctx: &Context, skill: &Skill, rows: &[Row], inferred: &[serde_json::Value]) -> String {
    let mut s = header(ctx, skill);
    let mut t = output::table(&["field", "value", "from"]);
    for r in rows {
        let from = match r.line {
            Some(l) => format!("{}, line {l}", r.from),
            None => r.from.clone(),
        };
        t.add_row(output::row(vec![
            r.field.to_string(),
            r.shown.clone(),
            from,
        ]));
    }
    s.push_str(&format!("{t}\n"));
    if !inferred.is_empty() {
        s.push_str("\ninferred order (no contract declares it):\n");
        for l in inferred {
            s.push_str(&format!(
                "  {} -> {} ({}): {}\n",
                l["from"].as_str().unwrap_or(""),
                l["to"].as_str().unwrap_or(""),
                l["source"].as_str().unwrap_or(""),
                crate::display::clean(l["detail"].as_str().unwrap_or(""))
            ));
        }
    }
    if let Some(path) = &skill.ges {
        s.push_str(&format!("\ngraph {}:\n", ctx.show_path(path)));
        match crate::ges::load(path) {
            Ok(g) => s.push_str(&crate::ges::render::mermaid(&g)),
            Err(e) => s.push_str(&format!("  not readable: {e} (re0 check says more)\n")),
        }
    }
    if !skill.diagnostics.is_empty() {
        s.push_str("\nfindings:\n");
        for d in &skill.diagnostics {
            s.push_str(&format!(
                "  {}: {}[{}]: {}\n",
                clean(&d.location(&ctx.workspace.cwd)),
                d.severity,
                d.code,
                clean(&d.message)
            ));
        }
    }
    s
}

/// The lines above the contract table: name, lane, invocation, file,
/// origin, shadowing and description.
fn header(ctx: &Context, skill: &Skill) -> String {
    let mut s = format!("{}\n", clean(&skill.key()));
    s.push_str(&format!(
        "  lane         {} ({})\n",
        skill.lane.as_str(),
        skill.lane_source.describe()
    ));
    s.push_str(&format!("  invocation   {}\n", clean(&skill.invocation())));
    s.push_str(&format!(
        "  file         {}\n",
        clean(&ctx.show_path(&skill.file))
    ));
    if let Some(origin) = &ctx.catalog.roots[skill.root].origin {
        s.push_str(&format!(
            "  from         {}\n",
            crate::display::clean(origin)
        ));
    }
    if let Some(w) = skill.shadowed_by {
        s.push_str(&format!(
            "  shadowed by  {}\n",
            clean(&ctx.show_path(&ctx.catalog.skills[w].file))
        ));
    }
    let desc = skill.description.as_deref().unwrap_or("-");
    s.push_str(&format!(
        "  description  {}\n\n",
        clean(&desc.split_whitespace().collect::<Vec<_>>().join(" "))
    ));
    s
}
