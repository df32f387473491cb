//! The selection evaluation set runs and re0 beats the floor on it.

mod common;

use common::{json, re0_repo};

#[test]
fn evaluation_set_is_large_and_re0_beats_plain_bm25() {
    let (mut cmd, _h) = re0_repo();
    let v = json(cmd.args(["eval", "eval/intents.yaml", "--format", "json"]));
    assert_eq!(v["schema"], "re0/eval@1");
    let intents = v["re0"]["intents"].as_u64().unwrap();
    assert!(intents >= 60, "{intents} intents");
    let f1 = v["re0"]["f1"].as_f64().unwrap();
    let floor = v["baseline"]["f1"].as_f64().unwrap();
    assert!(f1 > floor, "re0 F1 {f1} does not beat the floor {floor}");
    assert!(v["re0"]["exact"].as_f64().unwrap() > v["baseline"]["exact"].as_f64().unwrap());
    let outcomes = v["outcomes"].as_array().unwrap();
    assert_eq!(outcomes.len() as u64, intents);
    assert!(outcomes.iter().any(|o| o["kind"] == "negative"));
}

#[test]
fn an_expected_skill_missing_from_its_catalog_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.yaml");
    let catalog = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogs/dev-workflow");
    std::fs::write(
        &file,
        format!(
            "catalogs:\n  {}:\n    - {{intent: x, expect: [no-such-skill]}}\n",
            catalog.display()
        ),
    )
    .unwrap();
    let (mut cmd, _h) = re0_repo();
    cmd.arg("eval").arg(&file).assert().code(2);
}
