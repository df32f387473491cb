//! Snapshots of what people read: the roster, one skill, check findings and
//! the catalog graph, over the shipped catalogs.

mod common;

use common::re0_repo;

fn stdout(args: &[&str]) -> String {
    let (mut cmd, _h) = re0_repo();
    let out = cmd.args(args).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn list_table() {
    insta::assert_snapshot!(stdout(&["--catalog", "catalogs/dev-workflow", "list"]));
}

#[test]
fn list_json() {
    insta::assert_snapshot!(stdout(&[
        "--catalog",
        "catalogs/dev-workflow",
        "list",
        "--format",
        "json"
    ]));
}

#[test]
fn show_text() {
    insta::assert_snapshot!(stdout(&[
        "--catalog",
        "catalogs/dev-workflow",
        "show",
        "release"
    ]));
}

#[test]
fn check_text_on_needs_work() {
    insta::assert_snapshot!(stdout(&["check", "catalogs/needs-work"]));
}

#[test]
fn graph_mermaid() {
    insta::assert_snapshot!(stdout(&["--catalog", "catalogs/dev-workflow", "graph"]));
}

#[test]
fn graph_dot() {
    insta::assert_snapshot!(stdout(&[
        "--catalog",
        "catalogs/dev-workflow",
        "graph",
        "--format",
        "dot"
    ]));
}

#[test]
fn graph_json_names_cycles() {
    insta::assert_snapshot!(stdout(&[
        "--catalog",
        "catalogs/needs-work",
        "graph",
        "--format",
        "json"
    ]));
}

/// `re0 check` output over the per-code fixtures (every finding code, with
/// columns and multi-line help), with the repository's own path and re0's
/// version (both in SARIF) replaced so the snapshot holds anywhere.
fn check_output(args: &[&str]) -> String {
    let repo = env!("CARGO_MANIFEST_DIR");
    stdout(args)
        .replace(repo, "@REPO@")
        .replace(env!("CARGO_PKG_VERSION"), "@VERSION@")
}

#[test]
fn check_json_on_every_code() {
    let out = check_output(&["check", "fixtures/check", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("check --format json is JSON");
    assert!(v["findings"].as_array().unwrap().len() > 40, "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn check_json_strict_spec() {
    let out = check_output(&[
        "check",
        "fixtures/check",
        "catalogs/needs-work",
        "--spec",
        "strict",
        "--format",
        "json",
    ]);
    serde_json::from_str::<serde_json::Value>(&out).expect("check --format json is JSON");
    insta::assert_snapshot!(out);
}

#[test]
fn check_sarif_on_every_code() {
    let out = check_output(&["check", "fixtures/check", "--format", "sarif"]);
    serde_json::from_str::<serde_json::Value>(&out).expect("SARIF is JSON");
    insta::assert_snapshot!(out);
}

#[test]
fn check_text_on_every_code() {
    insta::assert_snapshot!(check_output(&["check", "fixtures/check"]));
}
