//! Helpers of the `re0 plan` tests on real-shaped fixture catalogs
//! (tests/plan_real.rs, tests/plan_reading.rs).

use super::{item, json, re0_repo};
use serde_json::Value;

pub const REAL: &str = "fixtures/plan/real-shaped";

pub fn plan(intent: &str, extra: &[&str]) -> Value {
    plan_in(REAL, intent, extra)
}

pub fn plan_in(catalog: &str, intent: &str, extra: &[&str]) -> Value {
    let (mut cmd, _h) = re0_repo();
    cmd.args(["--catalog", catalog, "plan", intent, "--format", "json"])
        .args(extra);
    json(&mut cmd)
}

/// The skills `intent` plans over the fixture catalog `catalog`.
pub fn planned_in(catalog: &str, intent: &str) -> Vec<String> {
    targets(&plan_in(catalog, intent, &[]))
}

/// Asserts that `intent` plans no step over the real-shaped fixtures.
pub fn assert_plans_nothing(intent: &str) {
    let p = plan(intent, &[]);
    assert_eq!(
        p["result"],
        "zero-steps",
        "{intent}: {}",
        targets(&p).join(",")
    );
}

pub fn targets(p: &Value) -> Vec<String> {
    p["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["target"].as_str().unwrap().to_string())
        .collect()
}

pub fn links(p: &Value, target: &str) -> Vec<(String, String)> {
    let step = p["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["target"] == target)
        .unwrap_or_else(|| panic!("no step {target}: {p}"));
    step["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["from"].as_str().unwrap().to_string(),
                l["source"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The `--explain` candidate for `skill`.
pub fn candidate<'a>(p: &'a Value, skill: &str) -> &'a Value {
    item(p, "explain", "skill", skill)
}

/// What `--explain` says of `skill` for `intent` on `catalog`.
pub fn why_of(catalog: &str, intent: &str, skill: &str) -> String {
    let p = plan_in(catalog, intent, &["--explain"]);
    candidate(&p, skill)["why"].to_string()
}

pub fn notes(p: &Value) -> String {
    p["notes"].to_string()
}
