//! Helpers of the `re0 check` finding tests (tests/check_codes*.rs).

use super::{json, re0_repo};
use serde_json::Value;

/// Runs `re0 check --format json` over `dirs` and returns the findings.
pub fn findings(dirs: &[&str]) -> (Value, i32) {
    let (mut cmd, _home) = re0_repo();
    cmd.arg("check").args(dirs).args(["--format", "json"]);
    let status = cmd.output().unwrap().status.code().unwrap();
    (json(&mut cmd), status)
}

/// Asserts that `code` is reported in `file` (a suffix) at `line`.
pub fn assert_finding(dirs: &[&str], code: &str, file: &str, line: Option<u64>) {
    let (v, status) = findings(dirs);
    let all = v["findings"].as_array().unwrap();
    let hit = all.iter().find(|f| f["code"] == code).unwrap_or_else(|| {
        panic!(
            "no {code} in {dirs:?}: {}",
            serde_json::to_string_pretty(&v).unwrap()
        )
    });
    assert!(
        hit["file"].as_str().unwrap().ends_with(file),
        "{code}: file {} does not end with {file}",
        hit["file"]
    );
    assert_eq!(hit["line"].as_u64(), line, "{code}: line");
    let severity = hit["severity"].as_str().unwrap();
    let want = if severity == "error" { 1 } else { 0 };
    assert_eq!(status, want, "{code}: exit status with severity {severity}");
}

/// The codes of a `re0 check --format json` report's findings, in order.
pub fn codes(v: &Value) -> Vec<&str> {
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect()
}

pub fn case(name: &str) -> String {
    format!("fixtures/check/{name}")
}
