//! Writing check findings as text, JSON or SARIF 2.1.0.

use super::Findings;
use crate::diag::{rules::ALL, Severity};
use std::path::Path;

/// `file:line:col: severity[code]: message`, one per finding, then a summary.
pub fn text(f: &Findings, base: &Path) -> String {
    let mut s = String::new();
    for d in &f.diagnostics {
        s.push_str(&format!(
            "{}: {}[{}]: {}\n",
            d.location(base),
            d.severity,
            d.code,
            d.message
        ));
        if let Some(help) = &d.help {
            for (i, line) in help.lines().enumerate() {
                let lead = if i == 0 { "  help: " } else { "        " };
                s.push_str(&format!("{lead}{line}\n"));
            }
        }
    }
    s.push_str(&summary(f));
    s.push('\n');
    s
}

pub fn summary(f: &Findings) -> String {
    let e = f.count(Severity::Error);
    let w = f.count(Severity::Warning);
    let n = f.count(Severity::Note);
    format!(
        "{e} error{}, {w} warning{}, {n} note{}",
        plural(e),
        plural(w),
        plural(n)
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

pub fn json(f: &Findings, base: &Path, skills: usize) -> serde_json::Value {
    let findings: Vec<_> = f
        .diagnostics
        .iter()
        .map(|d| {
            serde_json::json!({
                "code": d.code,
                "severity": d.severity,
                "file": crate::paths::display(&d.file, base),
                "line": d.line,
                "column": d.column,
                "message": d.message,
                "help": d.help,
            })
        })
        .collect();
    serde_json::json!({
        "schema": "re0/check@1",
        "skills": skills,
        "errors": f.count(Severity::Error),
        "warnings": f.count(Severity::Warning),
        "notes": f.count(Severity::Note),
        "findings": findings,
    })
}

/// SARIF 2.1.0, as GitHub code scanning accepts it: one run, every rule in
/// the driver, results with a relative `artifactLocation.uri` and a region.
pub fn sarif(f: &Findings, base: &Path) -> serde_json::Value {
    let rules: Vec<_> = ALL
        .iter()
        .map(|r| {
            serde_json::json!({
                "id": r.code,
                "name": r.code,
                "shortDescription": { "text": r.summary },
                "defaultConfiguration": { "level": level(r.severity) },
            })
        })
        .collect();
    let results: Vec<_> = f
        .diagnostics
        .iter()
        .map(|d| {
            let mut region = serde_json::json!({ "startLine": d.line.unwrap_or(1) });
            if let Some(c) = d.column {
                region["startColumn"] = c.into();
            }
            let mut text = d.message.clone();
            if let Some(h) = &d.help {
                text.push_str(&format!(" ({})", h.replace('\n', " ")));
            }
            serde_json::json!({
                "ruleId": d.code,
                "ruleIndex": ALL.iter().position(|r| r.code == d.code).unwrap_or(0),
                "level": level(d.severity),
                "message": { "text": text },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": crate::paths::display(&d.file, base) },
                        "region": region,
                    }
                }],
            })
        })
        .collect();
    serde_json::json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "re0",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://crates.io/crates/re0",
                "rules": rules,
            }},
            "results": results,
        }],
    })
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}
