//! End-to-end tests for `re0 plan`: every rule of DESIGN §4 on fixture
//! catalogs and the shipped ones.

mod common;

use common::plan::targets;
use common::{json, re0_repo};
use serde_json::Value;

fn plan(catalog: &str, intent: &str, extra: &[&str]) -> (Value, i32) {
    let (mut cmd, _h) = re0_repo();
    cmd.args(["--catalog", catalog, "plan", intent, "--format", "json"])
        .args(extra);
    let code = cmd.output().unwrap().status.code().unwrap();
    (json(&mut cmd), code)
}

/// The stdout of `re0 --catalog CATALOG plan INTENT --format FORMAT`.
fn plan_text(catalog: &str, intent: &str, format: &str) -> String {
    let (mut cmd, _h) = re0_repo();
    let out = cmd
        .args(["--catalog", catalog, "plan", intent, "--format", format])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

fn step<'a>(p: &'a Value, target: &str) -> &'a Value {
    common::item(p, "steps", "target", target)
}

const DEV: &str = "catalogs/dev-workflow";
const RULES: &str = "fixtures/plan/rules";

#[test]
fn seed_coding_graph_plan_implement_review_user_only_release() {
    let (p, code) = plan(DEV, "review and ship my change", &[]);
    assert_eq!(code, 0);
    assert_eq!(p["schema"], "re0/plan@1");
    assert_eq!(p["result"], "plan");
    assert_eq!(
        targets(&p),
        [
            "plan-change",
            "implement-change",
            "review-change",
            "write-release-notes",
            "run-tests",
            "release"
        ]
    );
    let ids: Vec<&str> = p["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["s1", "s2", "s3", "s4", "s5", "s6"]);
    assert_eq!(
        step(&p, "implement-change")["predecessors"],
        serde_json::json!(["s1"])
    );
    let release = step(&p, "release");
    assert_eq!(release["type"], "user-handoff");
    assert_eq!(release["cost_owner"], "human");
    assert_eq!(release["invocation"], "/release");
    assert_eq!(
        release["predecessors"],
        serde_json::json!(["s3", "s4", "s5"])
    );
    assert!(release["reason"]
        .as_str()
        .unwrap()
        .contains("bring back published-release"));
    let review = step(&p, "review-change");
    assert_eq!(review["type"], "invoke-model-skill");
    assert_eq!(review["cost_owner"], "run-budget");
    assert_eq!(review["fires_when"], "diff accepted from s2");
    assert!(review["selected_because"]
        .as_str()
        .unwrap()
        .contains("'review'"));
    assert!(step(&p, "plan-change")["selected_because"]
        .as_str()
        .unwrap()
        .contains("produces 'plan', which implement-change requires"));
    assert_eq!(
        p["stop_condition"],
        "the tagged release is published and its notes are live"
    );
    // Alternatives not chosen are named.
    let notes = p["notes"].to_string();
    assert!(notes.contains("also produced by triage-issue"), "{notes}");
    assert_eq!(p["catalog"]["skills"], 10);
    assert_eq!(p["catalog"]["roots"], serde_json::json!([DEV]));
}

#[test]
fn same_input_gives_byte_identical_output() {
    for fmt in ["json", "table", "md", "mermaid", "dot"] {
        let first = plan_text(DEV, "review and ship my change", fmt);
        assert!(!first.is_empty(), "{fmt}");
        assert_eq!(
            first,
            plan_text(DEV, "review and ship my change", fmt),
            "{fmt}"
        );
    }
}

#[test]
fn three_cycle_rejects_whole_plan_from_first_member() {
    let (p, code) = plan("fixtures/check/cycle", "gamma", &[]);
    assert_eq!(code, 3);
    assert_eq!(p["result"], "reject");
    assert_eq!(p["steps"], serde_json::json!([]));
    assert_eq!(p["reject"]["reason"], "cycle");
    assert_eq!(
        p["reject"]["cycle"],
        serde_json::json!(["alpha", "beta", "gamma", "alpha"])
    );
    assert_eq!(p["reject"]["text"], "alpha -> beta -> gamma -> alpha");
    assert_eq!(p["reject"]["edges"][0]["via"], serde_json::json!(["a-out"]));
    let (mut cmd, _h) = re0_repo();
    let out = cmd
        .args([
            "--catalog",
            "fixtures/check/cycle",
            "plan",
            "gamma",
            "--format",
            "table",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("rejected: prerequisite cycle alpha -> beta -> gamma -> alpha"),
        "{text}"
    );
    assert!(text.contains("gamma -> alpha  (c-out)"), "{text}");
}

#[test]
fn a_cycle_elsewhere_does_not_touch_this_plan() {
    let (p, code) = plan("catalogs/needs-work", "weekly report", &[]);
    assert_eq!(code, 0);
    assert_eq!(p["result"], "plan");
}

#[test]
fn zero_steps_said_plainly() {
    let (p, code) = plan(DEV, "bake a sourdough loaf", &[]);
    assert_eq!(code, 0);
    assert_eq!(p["result"], "zero-steps");
    assert_eq!(p["steps"], serde_json::json!([]));
    assert_eq!(p["stop_condition"], Value::Null);
    assert!(p["notes"][0]
        .as_str()
        .unwrap()
        .contains("no installed skill fits"));
}

#[test]
fn naming_a_skill_that_is_not_installed_is_said() {
    let (p, _) = plan(DEV, "/deploy-prod now", &[]);
    assert_eq!(p["result"], "zero-steps");
    assert!(
        p["notes"]
            .to_string()
            .contains("'/deploy-prod' names no installed skill"),
        "{}",
        p["notes"]
    );
}

#[test]
fn one_step_ordering_is_trivial() {
    let (p, _) = plan(DEV, "update the lockfile", &[]);
    assert_eq!(targets(&p), ["update-dependencies"]);
    assert!(p["notes"].to_string().contains("ordering is trivial"));
    // It needs network, which the default session lacks.
    assert_eq!(p["steps"][0]["type"], "user-handoff");
    let (p, _) = plan(DEV, "update the lockfile", &["--grant", "network"]);
    assert_eq!(p["steps"][0]["type"], "invoke-model-skill");
    assert_eq!(
        p["steps"][0]["reason"],
        "model-invoked, installed, session holds network, write"
    );
}

#[test]
fn named_skills_are_selected() {
    for intent in ["/release", "please run review-change now"] {
        let (p, _) = plan(DEV, intent, &[]);
        let first = p["steps"].as_array().unwrap().iter().find(|s| {
            s["selected_because"]
                .as_str()
                .unwrap()
                .starts_with("named in the intent")
        });
        assert!(first.is_some(), "{intent}: {p}");
    }
}

#[test]
fn a_skill_named_as_what_to_install_is_not_invoked() {
    // "install the fix-ci skill": the skill is the thing installed, and
    // the installer's work is asked. 5b769e8 planned fix-ci itself.
    let cat = "fixtures/plan/skill-management";
    let (p, _) = plan(cat, "install the fix-ci skill from the curated list", &[]);
    assert_eq!(targets(&p), ["installing-skills"]);
    // Named as what to use, it is still invoked.
    let (p, _) = plan(cat, "use the fix-ci skill on my PR", &[]);
    assert_eq!(targets(&p), ["fix-ci"]);
    assert!(p["steps"][0]["selected_because"]
        .as_str()
        .unwrap()
        .starts_with("named in the intent"));
}

#[test]
fn frozen_pipeline_is_one_node_typed_by_members() {
    let (p, _) = plan(
        "catalogs/needs-work",
        "ship it: build and publish the package",
        &[],
    );
    assert_eq!(targets(&p), ["ship-it"]);
    let s = &p["steps"][0];
    assert_eq!(s["kind"], "pipeline");
    assert_eq!(s["type"], "user-handoff");
    assert!(s["reason"]
        .as_str()
        .unwrap()
        .contains("pipeline member publish-package is user-only"));
    assert_eq!(
        s["expected_output"],
        serde_json::json!(["package", "published-package"])
    );
    assert!(p["notes"]
        .to_string()
        .contains("runs inside the frozen pipeline ship-it"));
}

#[test]
fn missing_called_skill_is_a_skip_step_not_a_substitute() {
    let (p, _) = plan("catalogs/needs-work", "weekly report", &[]);
    assert_eq!(targets(&p), ["weekly-report", "collect-metrics"]);
    let m = step(&p, "collect-metrics");
    assert_eq!(m["type"], "skip");
    assert_eq!(m["cost_owner"], "none");
    assert_eq!(m["predecessors"], serde_json::json!(["s1"]));
    assert!(m["reason"].as_str().unwrap().contains("not installed"));
    assert!(p["stop_condition"]
        .as_str()
        .unwrap()
        .contains("cannot be reached"));
    assert!(p["notes"].to_string().contains("ends incomplete"));
}

#[test]
fn unmet_precondition_says_stop_cannot_be_reached() {
    let (p, _) = plan(
        "catalogs/needs-work",
        "deploy a preview",
        &["--grant", "deploy"],
    );
    let s = step(&p, "deploy-preview");
    assert_eq!(s["type"], "invoke-model-skill");
    assert!(s["fires_when"]
        .as_str()
        .unwrap()
        .contains("build-output exists (no installed skill produces it: unmet)"));
    assert!(p["stop_condition"]
        .as_str()
        .unwrap()
        .contains("cannot be reached: nothing installed produces build-output"));
}

#[test]
fn decision_step_comes_before_its_skill() {
    let (p, _) = plan(DEV, "apply the database migration", &["--grant", "deploy"]);
    let d = p["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["kind"] == "decision")
        .unwrap();
    assert_eq!(
        d["target"],
        "Which maintenance window may the migration use?"
    );
    assert_eq!(d["type"], "user-handoff");
    assert_eq!(d["cost_owner"], "human");
    let m = step(&p, "migrate-database");
    assert!(m["predecessors"].as_array().unwrap().contains(&d["id"]));
    // Destructive: a person's call even with every grant.
    assert_eq!(m["type"], "user-handoff");
    assert!(m["reason"].as_str().unwrap().starts_with("destructive"));
}

#[test]
fn skip_when_that_holds_skips_and_dependents_inherit_the_reason() {
    let (p, _) = plan(RULES, "analyze the survey", &["--grant", "offline"]);
    assert_eq!(targets(&p), ["gather-data", "analyze-survey"]);
    let g = step(&p, "gather-data");
    assert_eq!(g["type"], "skip");
    assert_eq!(g["reason"], "skip-when holds: 'offline' in grants");
    assert_eq!(g["skippable_when"], "'offline' in grants");
    let a = step(&p, "analyze-survey");
    assert_eq!(a["type"], "skip");
    assert_eq!(
        a["reason"],
        "depends on s1 (gather-data), which is skipped: skip-when holds: 'offline' in grants"
    );
    // Without the grant the guard is false: both run.
    let (p, _) = plan(RULES, "analyze the survey", &[]);
    assert_eq!(step(&p, "gather-data")["type"], "invoke-model-skill");
}

#[test]
fn skip_when_reading_a_later_output_is_conditional() {
    let (p, _) = plan(RULES, "lint the docs", &[]);
    let s = step(&p, "lint-docs");
    assert_eq!(s["type"], "conditional");
    assert_eq!(
        s["may_become"],
        serde_json::json!(["skip", "invoke-model-skill"])
    );
    assert!(
        s["reason"].as_str().unwrap().contains("reads artifacts"),
        "{}",
        s["reason"]
    );
    let (p, _) = plan(RULES, "polish the copy", &[]);
    let s = step(&p, "polish-copy");
    assert_eq!(s["type"], "conditional");
    assert!(s["reason"].as_str().unwrap().contains("is not CEL"));
    assert_eq!(s["fires_when"], "brief brought by a person (input)");
}

#[test]
fn unknown_writes_in_a_session_without_write_is_a_handoff() {
    let (p, _) = plan(RULES, "keep scratch notes", &[]);
    assert_eq!(step(&p, "scratch-notes")["type"], "invoke-model-skill");
    let (p, _) = plan(RULES, "keep scratch notes", &["--read-only"]);
    let s = step(&p, "scratch-notes");
    assert_eq!(s["type"], "user-handoff");
    assert!(s["reason"]
        .as_str()
        .unwrap()
        .contains("needs write, which this session does not hold"));
}

#[test]
fn capability_nobody_can_grant_skips_even_with_the_grant() {
    let (p, _) = plan(
        RULES,
        "deploy the site and announce the launch",
        &["--grant", "deploy"],
    );
    let d = step(&p, "deploy-site");
    assert_eq!(d["type"], "skip");
    assert!(d["reason"]
        .as_str()
        .unwrap()
        .contains("nobody present can grant"));
    let a = step(&p, "announce-launch");
    assert_eq!(a["type"], "skip");
    assert!(a["reason"]
        .as_str()
        .unwrap()
        .contains("(deploy-site), which is skipped: needs deploy"));
}

#[test]
fn unreadable_lane_counts_as_user_only() {
    let (p, _) = plan(RULES, "/broken-lane", &[]);
    let s = step(&p, "broken-lane");
    assert_eq!(s["type"], "user-handoff");
    assert!(s["reason"]
        .as_str()
        .unwrap()
        .contains("its lane is unreadable (broken-lane/SKILL.md:"));
    assert_eq!(s["invocation"], "/broken-lane");
}

#[test]
fn explain_shows_scores_words_and_decisions() {
    let (p, _) = plan(DEV, "review and ship my change", &["--explain"]);
    let ex = p["explain"].as_array().unwrap();
    let review = ex.iter().find(|c| c["skill"] == "review-change").unwrap();
    assert_eq!(review["selected"], true);
    assert!(review["matched"].to_string().contains("review (name"));
    let not_taken = ex.iter().find(|c| c["selected"] == false).unwrap();
    assert!(!not_taken["why"].as_str().unwrap().is_empty());
    // Without --explain the field is absent.
    let (p, _) = plan(DEV, "review and ship my change", &[]);
    assert!(p.get("explain").is_none());
}

#[test]
fn selector_chooses_and_unknown_names_are_dropped_with_a_warning() {
    let (mut cmd, _h) = re0_repo();
    let out = cmd
        .args([
            "--catalog",
            DEV,
            "plan",
            "anything at all",
            "--format",
            "json",
            "--selector",
            "sh fixtures/plan/selector.sh",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let p: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(targets(&p).contains(&"review-change".to_string()));
    assert_eq!(
        step(&p, "review-change")["selected_because"],
        "chosen by the selector"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("'made-up-skill', which is not in the catalog; dropped"),
        "{stderr}"
    );
    assert!(p["notes"].to_string().contains("made-up-skill"));
}

#[test]
fn failing_selector_is_a_usage_error() {
    let (mut cmd, _h) = re0_repo();
    cmd.args(["--catalog", DEV, "plan", "x", "--selector", "exit 7"])
        .assert()
        .code(2);
}

#[test]
fn every_format_renders() {
    for (fmt, needle) in [
        ("md", "| s6 | release | user-handoff |"),
        ("mermaid", "n_s3 --> n_s6"),
        ("dot", "s5 -> s6;"),
    ] {
        let text = plan_text(DEV, "review and ship my change", fmt);
        assert!(text.contains(needle), "{fmt}: {text}");
    }
}

#[test]
fn table_fits_80_columns() {
    let text = plan_text(DEV, "review and ship my change", "table");
    assert!(text.contains('┌') && text.contains("release"), "{text}");
    for line in text.lines().filter(|l| l.starts_with(['│', '┌', '└', '╞'])) {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line}",
            line.chars().count()
        );
    }
}

#[test]
fn bad_grant_is_a_usage_error() {
    let (mut cmd, _h) = re0_repo();
    cmd.args(["--catalog", DEV, "plan", "x", "--grant", "Deploy Now"])
        .assert()
        .code(2);
}

#[test]
fn plan_snapshots() {
    insta::assert_snapshot!(
        "seed_table",
        plan_text(DEV, "review and ship my change", "table")
    );
    insta::assert_snapshot!(
        "seed_json",
        plan_text(DEV, "review and ship my change", "json")
    );
    insta::assert_snapshot!(
        "reject_json",
        plan_text("fixtures/check/cycle", "alpha", "json")
    );
}
