//! One broken fixture per `re0 check` finding, asserting its code and line.
//! The findings of GES graphs are in `check_codes_ges.rs`.

mod common;

use common::check::{assert_finding, case, codes, findings};
use common::{json, re0_repo, Sandbox};

#[test]
fn frontmatter_missing() {
    assert_finding(
        &[&case("frontmatter-missing")],
        "frontmatter-missing",
        "no-fence/SKILL.md",
        Some(1),
    );
}

#[test]
fn frontmatter_unclosed() {
    assert_finding(
        &[&case("frontmatter-unclosed")],
        "frontmatter-unclosed",
        "open-fence/SKILL.md",
        Some(1),
    );
}

#[test]
fn yaml_syntax_points_at_the_file_line() {
    // The flow list opened on line 5 is cut by the closing fence: the error
    // is reported on a line of the file, not of the YAML snippet.
    let (v, _) = findings(&[&case("yaml-syntax")]);
    let f = &v["findings"][0];
    assert_eq!(f["code"], "yaml-syntax");
    let line = f["line"].as_u64().unwrap();
    assert!((5..=6).contains(&line), "line {line}");
    assert!(f["column"].as_u64().is_some());
}

#[test]
fn frontmatter_not_mapping() {
    assert_finding(
        &[&case("frontmatter-not-mapping")],
        "frontmatter-not-mapping",
        "a-list/SKILL.md",
        Some(2),
    );
}

#[test]
fn name_missing() {
    assert_finding(
        &[&case("name-missing")],
        "name-missing",
        "nameless/SKILL.md",
        Some(2),
    );
}

#[test]
fn name_invalid() {
    assert_finding(
        &[&case("name-invalid")],
        "name-invalid",
        "bad--name/SKILL.md",
        Some(3),
    );
}

#[test]
fn name_folder_mismatch() {
    assert_finding(
        &[&case("name-folder-mismatch")],
        "name-folder-mismatch",
        "folder-one/SKILL.md",
        Some(2),
    );
}

#[test]
fn description_missing() {
    assert_finding(
        &[&case("description-missing")],
        "description-missing",
        "no-description/SKILL.md",
        Some(2),
    );
}

#[test]
fn description_too_long() {
    assert_finding(
        &[&case("description-too-long")],
        "description-too-long",
        "long-description/SKILL.md",
        Some(3),
    );
}

#[test]
fn compatibility_too_long() {
    assert_finding(
        &[&case("compatibility-too-long")],
        "compatibility-too-long",
        "long-compat/SKILL.md",
        Some(4),
    );
}

#[test]
fn field_type() {
    assert_finding(
        &[&case("field-type")],
        "field-type",
        "bad-writes/SKILL.md",
        Some(6),
    );
}

#[test]
fn foreign_metadata_is_a_note_and_the_text_fields_still_count() {
    // OpenClaw nests `requires: {bins, env}` under `metadata`: a note, not a
    // field-type error, and the skill's text `produces` is still its contract.
    let (v, _) = findings(&[&case("foreign-metadata")]);
    let codes = codes(&v);
    assert_eq!(codes, ["foreign-metadata"], "{v}");
    assert_eq!(v["findings"][0]["severity"], "note");
    assert_eq!(v["findings"][0]["line"], 6);
    assert_eq!(v["errors"], 0);
}

#[test]
fn invalid_artifact_name() {
    assert_finding(
        &[&case("invalid-artifact-name")],
        "invalid-artifact-name",
        "bad-artifact/SKILL.md",
        Some(5),
    );
}

#[test]
fn contract_both_places() {
    assert_finding(
        &[&case("contract-both-places")],
        "contract-both-places",
        "both/SKILL.md",
        Some(4),
    );
}

#[test]
fn nonportable_key_says_how_to_write_it() {
    assert_finding(
        &[&case("nonportable-key")],
        "nonportable-key",
        "top-level/SKILL.md",
        Some(4),
    );
    let (v, _) = findings(&[&case("nonportable-key")]);
    let help = v["findings"][0]["help"].as_str().unwrap();
    assert!(
        help.contains("metadata:") && help.contains("writes: \"false\""),
        "{help}"
    );
}

#[test]
fn claude_extension_key_is_only_a_note() {
    assert_finding(
        &[&case("claude-extension-key")],
        "claude-extension-key",
        "ext/SKILL.md",
        Some(4),
    );
    let (v, status) = findings(&[&case("claude-extension-key")]);
    assert_eq!(v["errors"], 0);
    assert_eq!(v["warnings"], 0);
    assert_eq!(status, 0);
}

#[test]
fn duplicate_name_in_one_root() {
    assert_finding(
        &[&case("duplicate-name")],
        "duplicate-name",
        "two/same/SKILL.md",
        Some(2),
    );
}

#[test]
fn shadowed_name_across_roots() {
    let first = case("shadowed-name/first");
    let second = case("shadowed-name/second");
    assert_finding(
        &[&first, &second],
        "shadowed-name",
        "second/shared/SKILL.md",
        Some(2),
    );
}

#[test]
fn unresolved_requires() {
    assert_finding(
        &[&case("unresolved-requires")],
        "unresolved-requires",
        "consumer/SKILL.md",
        Some(5),
    );
}

#[test]
fn cycle_is_named_from_its_first_member() {
    assert_finding(&[&case("cycle")], "cycle", "alpha/SKILL.md", Some(5));
    let (v, _) = findings(&[&case("cycle")]);
    let f = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "cycle")
        .unwrap();
    assert_eq!(
        f["message"],
        "prerequisite cycle: alpha -> beta -> gamma -> alpha"
    );
    let help = f["help"].as_str().unwrap();
    assert!(help.contains("alpha -> beta (a-out)"), "{help}");
    assert!(help.contains("gamma -> alpha (c-out)"), "{help}");
}

#[test]
fn missing_member() {
    assert_finding(
        &[&case("missing-member")],
        "missing-member",
        "caller/SKILL.md",
        Some(5),
    );
}

#[test]
fn user_only_pipeline_member() {
    assert_finding(
        &[&case("user-only-pipeline-member")],
        "user-only-pipeline-member",
        "pipe/SKILL.md",
        Some(5),
    );
}

#[test]
fn plugin_manifest() {
    assert_finding(
        &[&case("plugin-manifest")],
        "plugin-manifest",
        ".claude-plugin/plugin.json",
        Some(2),
    );
}

#[test]
fn codex_sidecar() {
    let (v, _) = findings(&[&case("codex-sidecar")]);
    let f = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "codex-sidecar")
        .unwrap();
    assert!(f["file"].as_str().unwrap().ends_with("agents/openai.yaml"));
    assert!(f["line"].as_u64().is_some());
}

#[test]
fn root_config_key_cannot_grant_authority() {
    assert_finding(
        &[&case("root-config-key")],
        "root-config-key",
        "root-config-key/re0.yaml",
        Some(2),
    );
    // Its `inputs` still count: `issue` is not unresolved.
    let (v, _) = findings(&[&case("root-config-key")]);
    assert!(!v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["code"] == "unresolved-requires"));
}

#[test]
fn not_utf8_names_the_line() {
    let sb = Sandbox::new();
    let p = sb.path().join("cat/latin1/SKILL.md");
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, b"---\nname: latin1\ndescription: caf\xe9\n---\n").unwrap();
    let v = json(sb.re0().args(["check", "../cat", "--format", "json"]));
    let f = &v["findings"][0];
    assert_eq!(f["code"], "not-utf8");
    assert_eq!(f["line"], 3);
    assert_eq!(f["column"], 17);
}

#[test]
fn file_too_large() {
    let sb = Sandbox::new();
    let mut text = String::from("---\nname: big\ndescription: big\n---\n");
    text.push_str(&"x".repeat(1024 * 1024 + 10));
    sb.write("cat/big/SKILL.md", &text);
    let v = json(sb.re0().args(["check", "../cat", "--format", "json"]));
    assert_eq!(v["findings"][0]["code"], "file-too-large");
    // It still enters the catalog, as user-only.
    let r = json(
        sb.re0()
            .args(["--catalog", "../cat", "list", "--format", "json"]),
    );
    assert_eq!(r["skills"][0]["lane"], "user-only");
}

#[cfg(unix)]
#[test]
fn unreadable_file_from_a_dangling_link() {
    let sb = Sandbox::new();
    common::symlink(
        &sb.path().join("nowhere.md"),
        &sb.path().join("cat/dangling/SKILL.md"),
    );
    let v = json(sb.re0().args(["check", "../cat", "--format", "json"]));
    assert_eq!(v["findings"][0]["code"], "unreadable-file");
}

#[cfg(unix)]
#[test]
fn symlink_loop_and_walk_error() {
    let sb = Sandbox::new();
    sb.skill("cat", "real", "");
    common::symlink(&sb.path().join("cat"), &sb.path().join("cat/loop"));
    common::symlink(
        &sb.path().join("missing-dir"),
        &sb.path().join("cat/broken"),
    );
    let v = json(sb.re0().args(["check", "../cat", "--format", "json"]));
    let codes = codes(&v);
    assert!(codes.contains(&"symlink-loop"), "{codes:?}");
    assert!(codes.contains(&"walk-error"), "{codes:?}");
    assert_eq!(v["skills"], 1);
}

#[test]
fn strict_fails_on_warnings() {
    let (mut cmd, _h) = re0_repo();
    cmd.args(["check", "fixtures/check/nonportable-key"])
        .assert()
        .code(0);
    let (mut cmd, _h) = re0_repo();
    cmd.args(["check", "--strict", "fixtures/check/nonportable-key"])
        .assert()
        .code(1);
}

#[test]
fn every_code_is_listed_and_unique() {
    let (mut cmd, _h) = re0_repo();
    let out = cmd.args(["check", "--list-codes"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let codes: Vec<&str> = text
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let mut unique = codes.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(codes.len(), unique.len());
    for dir in std::fs::read_dir("fixtures/check").unwrap() {
        let name = dir.unwrap().file_name().into_string().unwrap();
        assert!(
            codes.contains(&name.as_str()),
            "fixture {name} is not a code"
        );
    }
}

#[test]
fn sarif_is_2_1_0_with_relative_uris() {
    let (mut cmd, _h) = re0_repo();
    let v = json(cmd.args(["check", "catalogs/needs-work", "--format", "sarif"]));
    assert_eq!(v["version"], "2.1.0");
    let run = &v["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "re0");
    let results = run["results"].as_array().unwrap();
    assert!(!results.is_empty());
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    for r in results {
        let uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap();
        assert!(uri.starts_with("catalogs/needs-work/"), "{uri}");
        assert!(
            r["locations"][0]["physicalLocation"]["region"]["startLine"]
                .as_u64()
                .unwrap()
                >= 1
        );
        let idx = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[idx]["id"], r["ruleId"]);
        assert!(["error", "warning", "note"].contains(&r["level"].as_str().unwrap()));
    }
}

#[test]
fn shipped_dev_workflow_is_clean() {
    let (mut cmd, _h) = re0_repo();
    let v = json(cmd.args([
        "check",
        "catalogs/dev-workflow",
        "--format",
        "json",
        "--strict",
    ]));
    assert_eq!(v["errors"], 0, "{v}");
    assert_eq!(v["warnings"], 0, "{v}");
}
