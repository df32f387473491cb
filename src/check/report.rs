//! Writing check findings as text, JSON or SARIF 2.1.0.

use super::Findings;
use crate::diag::{rules::ALL, Diagnostic, Severity};
use serde::Serialize;
use std::io::{self, Write};
use std::path::Path;

/// `file:line:col: severity[code]: message`, one per finding, then the
/// summary line, which `checked` (the number of skills) prefixes with
/// `N skill(s) checked: `. Written as it goes, never held whole.
pub fn text(
    w: &mut dyn Write,
    f: &Findings,
    base: &Path,
    checked: Option<usize>,
) -> io::Result<()> {
    for d in &f.diagnostics {
        writeln!(
            w,
            "{}: {}[{}]: {}",
            d.location(base),
            d.severity,
            d.code,
            d.message
        )?;
        if let Some(help) = &d.help {
            for (i, line) in help.lines().enumerate() {
                let lead = if i == 0 { "  help: " } else { "        " };
                writeln!(w, "{lead}{line}")?;
            }
        }
    }
    if let Some(n) = checked {
        write!(w, "{n} skill(s) checked: ")?;
    }
    writeln!(w, "{}", summary(f))
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

/// The JSON report (`re0/check@1`), serialized straight from the findings:
/// no JSON tree and no copy of them is built first.
pub fn json<'a>(f: &'a Findings<'a>, base: &'a Path, skills: usize) -> impl Serialize + 'a {
    JsonReport {
        schema: "re0/check@1",
        skills,
        errors: f.count(Severity::Error),
        warnings: f.count(Severity::Warning),
        notes: f.count(Severity::Note),
        findings: Each(f, move |d: &'a Diagnostic| JsonFinding {
            code: d.code,
            severity: d.severity,
            file: crate::paths::display(&d.file, base),
            line: d.line,
            column: d.column,
            message: &d.message,
            help: d.help.as_deref(),
        }),
    }
}

#[derive(Serialize)]
struct JsonReport<S: Serialize> {
    schema: &'static str,
    skills: usize,
    errors: usize,
    warnings: usize,
    notes: usize,
    findings: S,
}

/// One finding in the JSON report (`help` is `null` when there is none).
#[derive(Serialize)]
struct JsonFinding<'a> {
    code: &'static str,
    severity: Severity,
    file: String,
    line: Option<usize>,
    column: Option<usize>,
    message: &'a str,
    help: Option<&'a str>,
}

/// The findings as a JSON array, each made by the function as it is
/// written.
struct Each<'a, F>(&'a Findings<'a>, F);

impl<'a, F, T> Serialize for Each<'a, F>
where
    F: Fn(&'a Diagnostic) -> T,
    T: Serialize,
{
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.diagnostics.iter().map(|d| (self.1)(d.as_ref())))
    }
}

/// Where each rule is documented: the rule's constant in re0's API docs.
const HELP_BASE: &str = "https://docs.rs/re0/latest/re0/diag/rules/";

/// SARIF 2.1.0, as GitHub code scanning accepts it: one run, every rule in
/// the driver with its descriptions, help and help URI, and results located
/// relative to the repository root `repo` (`%SRCROOT%`); a file outside it
/// is an absolute `file://` URI.
pub fn sarif<'a>(f: &'a Findings<'a>, repo: &'a Path) -> impl Serialize + 'a {
    let rules: Vec<_> = ALL.iter().map(sarif_rule).collect();
    Sarif {
        schema: "https://json.schemastore.org/sarif-2.1.0.json",
        version: "2.1.0",
        runs: [SarifRun {
            tool: serde_json::json!({ "driver": {
                "name": "re0",
                "version": env!("CARGO_PKG_VERSION"),
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://crates.io/crates/re0",
                "rules": rules,
            }}),
            original_uri_base_ids: serde_json::json!({
                "%SRCROOT%": { "uri": dir_uri(repo) },
            }),
            results: Each(f, move |d: &'a Diagnostic| sarif_result(d, repo)),
        }],
    }
}

#[derive(Serialize)]
struct Sarif<R: Serialize> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [SarifRun<R>; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifRun<R: Serialize> {
    tool: serde_json::Value,
    original_uri_base_ids: serde_json::Value,
    results: R,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: SarifText,
    locations: [SarifLocation; 1],
}

#[derive(Serialize)]
struct SarifText {
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifLocation {
    physical_location: SarifPhysical,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifPhysical {
    artifact_location: ArtifactLocation,
    region: SarifRegion,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifRegion {
    start_line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    start_column: Option<usize>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

fn sarif_result(d: &Diagnostic, repo: &Path) -> SarifResult {
    let mut text = d.message.clone();
    if let Some(h) = &d.help {
        text.push_str(&format!(" (fix: {})", h.replace('\n', " ")));
    }
    SarifResult {
        rule_id: d.code,
        rule_index: ALL.iter().position(|r| r.code == d.code).unwrap_or(0),
        level: level(d.severity),
        message: SarifText { text },
        locations: [SarifLocation {
            physical_location: SarifPhysical {
                artifact_location: artifact_location(&d.file, repo),
                region: SarifRegion {
                    start_line: d.line.unwrap_or(1),
                    start_column: d.column,
                },
            },
        }],
    }
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
fn artifact_location(file: &Path, repo: &Path) -> ArtifactLocation {
    match file.strip_prefix(repo) {
        Ok(rel) if !rel.as_os_str().is_empty() => ArtifactLocation {
            uri: encode_path(&rel.to_string_lossy()),
            uri_base_id: Some("%SRCROOT%"),
        },
        _ => ArtifactLocation {
            uri: file_uri(file),
            uri_base_id: None,
        },
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
