//! Showing a plan: table (for people), Markdown, Mermaid and DOT. JSON is
//! the serde form of [`Plan`] itself.

use super::model::{Plan, PlanResult, StepKind, StepType};
use super::select::Candidate;

fn target_label(s: &super::Step) -> String {
    match s.kind {
        StepKind::Skill => s.target.clone(),
        StepKind::Pipeline => format!("{} (pipeline)", s.target),
        StepKind::Decision => format!("decide: {}", s.target),
    }
}

fn type_label(s: &super::Step) -> String {
    if s.step_type == StepType::Conditional {
        let may: Vec<&str> = s.may_become.iter().map(|t| t.as_str()).collect();
        format!("conditional\n({})", may.join(" | "))
    } else {
        s.step_type.as_str().to_string()
    }
}

/// The table people read; fits an 80-column terminal.
pub fn table(plan: &Plan, width: Option<u16>) -> String {
    let mut out = format!("plan for: {}\n", cell(&plan.intent));
    if let Some(ex) = &plan.explain {
        out.push_str(&explain_table(ex, width));
    }
    match plan.result {
        PlanResult::Reject => {
            let r = plan.reject.as_ref().expect("a reject carries its reason");
            out.push_str(&format!("\nrejected: prerequisite cycle {}\n", r.text));
            out.push_str("edges that close it:\n");
            for e in &r.edges {
                out.push_str(&format!(
                    "  {} -> {}  ({})\n",
                    e.from,
                    e.to,
                    e.via.join(", ")
                ));
            }
            out.push_str("no steps are planned: cut one of these edges and plan again\n");
        }
        PlanResult::ZeroSteps => out.push_str("\nzero steps\n"),
        PlanResult::Plan => {
            let mut t = comfy_table::Table::new();
            t.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED)
                .set_content_arrangement(comfy_table::ContentArrangement::Dynamic)
                .set_header(vec!["id", "step", "type", "after", "why"]);
            t.set_width(width.unwrap_or(80));
            // Ids, step names, types and predecessors are never broken.
            for i in [0, 1, 2, 3] {
                if let Some(col) = t.column_mut(i) {
                    col.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
                }
            }
            for s in &plan.steps {
                let mut why = s.reason.clone();
                if let Some(inv) = &s.invocation {
                    if !why.contains(inv.as_str()) {
                        why.push_str(&format!("; run {inv}"));
                    }
                }
                t.add_row(vec![
                    s.id.clone(),
                    cell(&target_label(s)),
                    type_label(s),
                    if s.predecessors.is_empty() {
                        "-".to_string()
                    } else {
                        s.predecessors.join(",")
                    },
                    cell(&why),
                ]);
            }
            out.push_str(&format!("{t}\n"));
            if let Some(stop) = &plan.stop_condition {
                out.push_str(&format!("stop when: {stop}\n"));
            }
        }
    }
    if !plan.notes.is_empty() {
        out.push_str("notes:\n");
        for n in &plan.notes {
            out.push_str(&format!("  - {n}\n"));
        }
    }
    out
}

/// Text from the catalog or the intent, fit for a table cell: clipped (a
/// 100 KB cell makes laying out the table slow) and without control
/// characters.
fn cell(s: &str) -> String {
    crate::display::clean(&crate::display::clip(s, 400)).into_owned()
}

fn explain_table(ex: &[Candidate], width: Option<u16>) -> String {
    if ex.is_empty() {
        return "\nno skill matched any word of the intent\n".to_string();
    }
    let mut t = comfy_table::Table::new();
    t.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(comfy_table::ContentArrangement::Dynamic)
        .set_header(vec!["candidate", "score", "matched", "taken", "why"]);
    t.set_width(width.unwrap_or(80));
    for c in ex {
        t.add_row(vec![
            c.skill.clone(),
            format!("{:.2}", c.score),
            c.matched.join("\n"),
            if c.selected { "yes" } else { "no" }.to_string(),
            c.why.clone(),
        ]);
    }
    format!("\nselection:\n{t}\n")
}

fn md_cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

pub fn markdown(plan: &Plan) -> String {
    let mut out = format!("# Plan: {}\n\n", md_cell(&plan.intent));
    match plan.result {
        PlanResult::Reject => {
            let r = plan.reject.as_ref().expect("a reject carries its reason");
            out.push_str(&format!(
                "**Rejected**: prerequisite cycle `{}`.\n\n",
                r.text
            ));
            for e in &r.edges {
                out.push_str(&format!(
                    "- `{} -> {}` ({})\n",
                    e.from,
                    e.to,
                    e.via.join(", ")
                ));
            }
        }
        PlanResult::ZeroSteps => out.push_str("Zero steps.\n"),
        PlanResult::Plan => {
            out.push_str("| id | step | type | after | why |\n|---|---|---|---|---|\n");
            for s in &plan.steps {
                out.push_str(&format!(
                    "| {} | {} | {} | {} | {} |\n",
                    s.id,
                    md_cell(&target_label(s)),
                    md_cell(&type_label(s)),
                    if s.predecessors.is_empty() {
                        "-".into()
                    } else {
                        s.predecessors.join(", ")
                    },
                    md_cell(&s.reason)
                ));
            }
            if let Some(stop) = &plan.stop_condition {
                out.push_str(&format!("\n**Stop when**: {}\n", md_cell(stop)));
            }
        }
    }
    if !plan.notes.is_empty() {
        out.push_str("\n**Notes**\n\n");
        for n in &plan.notes {
            out.push_str(&format!("- {}\n", md_cell(n)));
        }
    }
    out
}

pub fn mermaid(plan: &Plan) -> String {
    let mut out = String::from("flowchart TD\n");
    if let Some(r) = &plan.reject {
        for e in &r.edges {
            out.push_str(&format!(
                "  {}[\"{}\"] -->|\"{}\"| {}[\"{}\"]\n",
                mermaid_id(&e.from),
                mermaid_label(&e.from),
                mermaid_label(&e.via.join(", ")),
                mermaid_id(&e.to),
                mermaid_label(&e.to)
            ));
        }
        return out;
    }
    for s in &plan.steps {
        out.push_str(&format!(
            "  {}[\"{}: {}<br/>{}\"]:::{}\n",
            mermaid_id(&s.id),
            s.id,
            mermaid_label(&target_label(s)),
            s.step_type.as_str(),
            s.step_type.as_str().replace('-', "_")
        ));
    }
    for s in &plan.steps {
        for p in &s.predecessors {
            out.push_str(&format!("  {} --> {}\n", mermaid_id(p), mermaid_id(&s.id)));
        }
    }
    out.push_str("  classDef invoke_model_skill fill:#e6f4ea,stroke:#2e7d32\n");
    out.push_str("  classDef user_handoff fill:#fff4e5,stroke:#ef6c00\n");
    out.push_str("  classDef skip fill:#eeeeee,stroke:#9e9e9e,stroke-dasharray: 4 2\n");
    out.push_str("  classDef conditional fill:#e8eaf6,stroke:#3949ab\n");
    out
}

use crate::graph::diagram::{dot_string as dot_quote, mermaid_id, mermaid_label};

pub fn dot(plan: &Plan) -> String {
    let mut out = String::from("digraph plan {\n  rankdir=TB;\n  node [shape=box];\n");
    if let Some(r) = &plan.reject {
        for e in &r.edges {
            out.push_str(&format!(
                "  {} -> {} [label={}, color=red];\n",
                dot_quote(&e.from),
                dot_quote(&e.to),
                dot_quote(&e.via.join(", "))
            ));
        }
        out.push_str("}\n");
        return out;
    }
    for s in &plan.steps {
        let style = match s.step_type {
            StepType::Skip => ", style=dashed",
            StepType::UserHandoff => ", style=bold",
            _ => "",
        };
        out.push_str(&format!(
            "  {} [label={}{style}];\n",
            s.id,
            dot_quote(&format!(
                "{}: {}\n{}",
                s.id,
                target_label(s),
                s.step_type.as_str()
            ))
        ));
    }
    for s in &plan.steps {
        for p in &s.predecessors {
            out.push_str(&format!("  {p} -> {};\n", s.id));
        }
    }
    out.push_str("}\n");
    out
}
