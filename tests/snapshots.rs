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
