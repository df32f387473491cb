//! Skills shaped like the public ones: long folded descriptions, quoted
//! values holding `---`, block scalars with a `---` line, `metadata` maps,
//! plugins, CRLF and BOM files, symlinks and a symlink loop.

mod common;

use common::{json, re0_repo, Sandbox};

fn skill<'a>(v: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    common::item(v, "skills", "name", name)
}

#[test]
fn real_world_shapes_are_read_exactly() {
    let (mut cmd, _h) = re0_repo();
    let v = json(cmd.args([
        "--catalog",
        "fixtures/real-world",
        "list",
        "--format",
        "json",
    ]));
    assert_eq!(v["schema"], "re0/roster@1");

    let pdf = skill(&v, "pdf");
    let d = pdf["description"].as_str().unwrap();
    assert!(
        d.starts_with("Comprehensive PDF manipulation toolkit"),
        "{d}"
    );
    assert!(d.contains("analyze PDF documents at scale."), "{d}");
    assert_eq!(pdf["contract"]["produces"], serde_json::json!(["pdf"]));
    assert_eq!(pdf["diagnostics"], serde_json::json!([]));

    let docx = skill(&v, "docx");
    assert!(docx["description"]
        .as_str()
        .unwrap()
        .contains("--- tracked changes"));
    assert_eq!(
        docx["contract"]["triggers"],
        serde_json::json!(["word document", "docx", "tracked changes"])
    );

    let web = skill(&v, "webapp-testing");
    assert!(web["description"]
        .as_str()
        .unwrap()
        .contains("---\nThe line above"));
    assert_eq!(
        web["contract"]["needs"],
        serde_json::json!(["exec", "network"])
    );
    assert_eq!(web["contract"]["skip-when"], "!has_browser");

    assert_eq!(
        skill(&v, "crlf-skill")["contract"]["requires"],
        serde_json::json!(["pdf"])
    );
    assert_eq!(
        skill(&v, "bom-skill")["contract"]["requires"],
        serde_json::json!(["notes"])
    );

    let brand = skill(&v, "brand:brand-guidelines");
    assert_eq!(brand["lane"], "user-only");
    assert_eq!(
        skill(&v, "brand:theme-factory")["contract"]["calls"],
        serde_json::json!(["brand:brand-guidelines"])
    );

    for s in v["skills"].as_array().unwrap() {
        assert_eq!(s["shadowed"], false);
        assert!(s["path"]
            .as_str()
            .unwrap()
            .starts_with("fixtures/real-world/"));
        assert_eq!(s["root"], "fixtures/real-world");
    }
}

#[test]
fn real_world_catalog_checks_clean() {
    let (mut cmd, _h) = re0_repo();
    let v = json(cmd.args(["check", "fixtures/real-world", "--format", "json"]));
    assert_eq!(v["errors"], 0, "{v}");
    assert_eq!(v["warnings"], 0, "{v}");
    assert_eq!(v["skills"], 7);
}

#[test]
fn show_names_where_each_field_came_from() {
    let (mut cmd, _h) = re0_repo();
    let v = json(cmd.args([
        "--catalog",
        "fixtures/real-world",
        "show",
        "crlf-skill",
        "--format",
        "json",
    ]));
    assert_eq!(v["contract"]["produces"]["from"], "metadata");
    assert_eq!(v["contract"]["produces"]["line"], 5);
    assert_eq!(
        v["contract"]["writes"]["from"],
        "default: counts as writing"
    );
    assert_eq!(v["contract"]["writes"]["value"], true);
    assert_eq!(
        v["contract"]["needs"]["value"],
        serde_json::json!(["write"])
    );
}

#[cfg(unix)]
#[test]
fn symlinked_installs_and_loops_in_a_real_world_tree() {
    let sb = Sandbox::new();
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/real-world");
    // An installer's layout: skills live in a store and are linked in.
    common::symlink(&src.join("pdf"), &sb.work().join(".claude/skills/pdf"));
    common::symlink(&src.join("pdf"), &sb.work().join(".agents/skills/pdf"));
    common::symlink(
        &src.join("brand-toolkit"),
        &sb.work().join(".claude/skills/brand-toolkit"),
    );
    common::symlink(
        &sb.work().join(".claude"),
        &sb.work().join(".claude/skills/loop"),
    );
    let v = json(sb.re0().args(["list", "--format", "json"]));
    let names = common::roster_names(&v);
    assert_eq!(
        names,
        ["pdf", "brand:brand-guidelines", "brand:theme-factory"]
    );
    let c = json(sb.re0().args(["check", "--format", "json"]));
    let codes: Vec<&str> = c["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(
        !codes.contains(&"shadowed-name"),
        "one canonical folder is read once: {codes:?}"
    );
}
