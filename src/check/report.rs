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

/// Where each rule is documented: the rule's constant in re0's API docs.
const HELP_BASE: &str = "https://docs.rs/re0/latest/re0/diag/rules/";

/// SARIF 2.1.0, as GitHub code scanning accepts it: one run, every rule in
/// the driver with its descriptions, help and help URI, and results located
/// relative to the repository root `repo` (`%SRCROOT%`); a file outside it
/// is an absolute `file://` URI.
pub fn sarif(f: &Findings, repo: &Path) -> serde_json::Value {
    let rules: Vec<_> = ALL.iter().map(sarif_rule).collect();
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
                text.push_str(&format!(" (fix: {})", h.replace('\n', " ")));
            }
            serde_json::json!({
                "ruleId": d.code,
                "ruleIndex": ALL.iter().position(|r| r.code == d.code).unwrap_or(0),
                "level": level(d.severity),
                "message": { "text": text },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": artifact_location(&d.file, repo),
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
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://crates.io/crates/re0",
                "rules": rules,
            }},
            "originalUriBaseIds": {
                "%SRCROOT%": { "uri": dir_uri(repo) },
            },
            "results": results,
        }],
    })
}

fn sarif_rule(r: &crate::diag::Rule) -> serde_json::Value {
    let (full, fix) =
        super::rule_help::help(r.code).unwrap_or((r.summary, "See the rule's documentation."));
    let name = super::rule_help::pascal_name(r.code);
    let ident = r.code.replace('-', "_").to_uppercase();
    serde_json::json!({
        "id": r.code,
        "name": name,
        "shortDescription": { "text": r.summary },
        "fullDescription": { "text": full },
        "help": {
            "text": format!("{full}\n\nHow to fix: {fix}"),
            "markdown": format!("{full}\n\n**How to fix:** {fix}\n\nRun `re0 check --list-codes` for every code."),
        },
        "helpUri": format!("{HELP_BASE}constant.{ident}.html"),
        "defaultConfiguration": { "level": level(r.severity) },
        "properties": { "tags": ["agent-skills"] },
    })
}

/// A result's file: relative to the repository root, else a `file://` URI.
fn artifact_location(file: &Path, repo: &Path) -> serde_json::Value {
    match file.strip_prefix(repo) {
        Ok(rel) if !rel.as_os_str().is_empty() => serde_json::json!({
            "uri": encode_path(&rel.to_string_lossy()),
            "uriBaseId": "%SRCROOT%",
        }),
        _ => serde_json::json!({ "uri": file_uri(file) }),
    }
}

/// RFC 3986 path characters are kept, `/` separates segments, every other
/// byte is percent-encoded.
fn encode_path(p: &str) -> String {
    use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
    const KEEP: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'/')
        .remove(b'-')
        .remove(b'.')
        .remove(b'_')
        .remove(b'~');
    utf8_percent_encode(p, KEEP).to_string()
}

/// `file:///abs/path` for an absolute path.
pub fn file_uri(p: &Path) -> String {
    format!("file://{}", encode_path(&p.to_string_lossy()))
}

/// A folder's `file://` URI, ending with `/` as SARIF base URIs must.
fn dir_uri(p: &Path) -> String {
    let mut u = file_uri(p);
    if !u.ends_with('/') {
        u.push('/');
    }
    u
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}
