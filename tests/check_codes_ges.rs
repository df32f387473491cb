//! One broken GES graph per `re0 check` finding of the `ges-*` family,
//! asserting its code and line.

mod common;

use common::check::{assert_finding, case, findings};

#[test]
fn ges_invalid_names_the_line_of_the_bad_field() {
    assert_finding(
        &[&case("ges-invalid")],
        "ges-invalid",
        "bad-shape.ges.yaml",
        Some(11),
    );
}

#[test]
fn ges_later_schema_is_unsupported_not_misread() {
    assert_finding(
        &[&case("ges-unsupported")],
        "ges-unsupported",
        "later-schema.ges.yaml",
        Some(1),
    );
    let (v, _) = findings(&[&case("ges-unsupported")]);
    assert_eq!(
        v["findings"].as_array().unwrap().len(),
        1,
        "nothing else is read from it: {v}"
    );
}

#[test]
fn ges_unknown_node() {
    assert_finding(
        &[&case("ges-unknown-node")],
        "ges-unknown-node",
        "bad-edge.ges.yaml",
        Some(8),
    );
}

#[test]
fn ges_unreachable() {
    assert_finding(
        &[&case("ges-unreachable")],
        "ges-unreachable",
        "orphan-node.ges.yaml",
        Some(6),
    );
}

#[test]
fn ges_no_terminal_path() {
    assert_finding(
        &[&case("ges-no-terminal-path")],
        "ges-no-terminal-path",
        "dead-end.ges.yaml",
        Some(7),
    );
}

#[test]
fn ges_shadowed_edge() {
    assert_finding(
        &[&case("ges-shadowed-edge")],
        "ges-shadowed-edge",
        "shadowed.ges.yaml",
        Some(10),
    );
}

#[test]
fn ges_self_loop_without_counter_is_a_warning() {
    assert_finding(
        &[&case("ges-unbounded-loop")],
        "ges-unbounded-loop",
        "self-loop.ges.yaml",
        Some(9),
    );
    // The review loop bounded by `retries` is not reported.
    let (v, _) = findings(&["fixtures/ges/run"]);
    assert_eq!(v["findings"], serde_json::json!([]), "{v}");
}

#[test]
fn ges_undefined_var() {
    assert_finding(
        &[&case("ges-undefined-var")],
        "ges-undefined-var",
        "undefined.ges.yaml",
        Some(6),
    );
}

#[test]
fn ges_guard_not_cel() {
    assert_finding(
        &[&case("ges-guard-not-cel")],
        "ges-guard-not-cel",
        "prose-guard.ges.yaml",
        Some(8),
    );
}

#[test]
fn ges_unknown_binding() {
    assert_finding(
        &[&case("ges-unknown-binding")],
        "ges-unknown-binding",
        "alias.ges.yaml",
        Some(8),
    );
}

#[test]
fn ges_action() {
    assert_finding(
        &[&case("ges-action")],
        "ges-action",
        "no-kind.ges.yaml",
        Some(6),
    );
    // The missing prompt file is the second finding; `run` + `prompt`
    // together (the spec's mode 3) is none.
    let (v, _) = findings(&[&case("ges-action")]);
    let lines: Vec<u64> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [6, 7], "{v}");
}

#[test]
fn ges_ambiguous_graph() {
    assert_finding(
        &[&case("ges-ambiguous-graph")],
        "ges-ambiguous-graph",
        "two-graphs/SKILL.md",
        None,
    );
}

#[test]
fn ges_unused_graph() {
    assert_finding(
        &[&case("ges-unused-graph")],
        "ges-unused-graph",
        "leftover.ges.yaml",
        Some(1),
    );
}

#[test]
fn ges_extension_key_and_persist_are_warnings() {
    assert_finding(
        &[&case("ges-extension-key")],
        "ges-extension-key",
        "extended.ges.yaml",
        Some(3),
    );
    let (v, _) = findings(&[&case("ges-extension-key")]);
    assert_eq!(v["findings"][1]["line"], 6, "persist: {v}");
}

#[test]
fn ges_name() {
    assert_finding(
        &[&case("ges-name")],
        "ges-name",
        "named-skill.ges.yaml",
        Some(3),
    );
}

#[test]
fn ges_version() {
    assert_finding(
        &[&case("ges-version")],
        "ges-version",
        "old-fork.ges.yaml",
        Some(11),
    );
}

#[test]
fn ges_terminal_actions() {
    assert_finding(
        &[&case("ges-terminal-actions")],
        "ges-terminal-actions",
        "busy-end.ges.yaml",
        Some(6),
    );
}

#[test]
fn ges_guard_judged() {
    assert_finding(
        &[&case("ges-guard-judged")],
        "ges-guard-judged",
        "judged-guard.ges.yaml",
        Some(7),
    );
}

#[test]
fn ges_handoff() {
    assert_finding(
        &[&case("ges-handoff")],
        "ges-handoff",
        "hands-off.ges.md",
        Some(12),
    );
}
