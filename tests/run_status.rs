//! `re0 status` tells the truth: artifacts changed since they were
//! accepted, for terminal runs too; several unfinished runs are listed;
//! a terminal run whose evidence went stale is reopened only by name.

mod common;

use common::json;
use common::run_ws::{step_of, RunWs};

const DEV: &str = "catalogs/dev-workflow";
const TWO_STEPS: &str = "plan and implement the change";

fn agent() -> String {
    RunWs::runner("agent.sh")
}

/// A completed two-step run: s1 plan-change (plan.md), s2 implement-change.
fn completed(ws: &RunWs) -> String {
    ws.cmd(DEV)
        .args(["run", TWO_STEPS, "--runner", &agent()])
        .assert()
        .code(0);
    assert_eq!(ws.state()["state"], "completed");
    ws.run_ids()[0].clone()
}

#[test]
fn status_marks_an_artifact_changed_after_a_run_completed() {
    let ws = RunWs::new();
    let id = completed(&ws);
    // Nothing changed: nothing marked.
    let v = json(ws.cmd(DEV).args(["status", "--format", "json"]));
    assert_eq!(v["changed"], serde_json::json!([]));
    std::fs::write(ws.sb.work().join("plan.md"), "a different plan\n").unwrap();
    let v = json(ws.cmd(DEV).args(["status", "--format", "json"]));
    let c = &v["changed"][0];
    assert_eq!(c["artifact"], "plan");
    assert_eq!(c["step"], "s1");
    assert_eq!(c["stale"], serde_json::json!(["s2"]));
    assert!(c["now"].is_string());
    assert_ne!(c["now"], c["recorded"]);
    let out = ws.cmd(DEV).args(["status"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("CHANGED since accepted"), "{text}");
    assert!(
        text.contains("plan (plan.md, from s1) changed since it was accepted; stale: s2"),
        "{text}"
    );
    assert!(text.contains(&format!("re0 run --reopen {id}")), "{text}");
    // status wrote nothing.
    assert_eq!(ws.state()["state"], "completed");
}

#[test]
fn status_with_several_unfinished_runs_lists_them_and_asks_for_one() {
    let ws = RunWs::new();
    ws.cmd(DEV).args(["run", TWO_STEPS]).assert().code(4);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    ws.cmd(DEV)
        .args(["run", "update the lockfile"])
        .assert()
        .code(4);
    let ids = ws.run_ids();
    let out = ws.cmd(DEV).args(["status"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("2 unfinished runs; name the one to show"),
        "{text}"
    );
    assert!(text.contains(&ids[0]) && text.contains(&ids[1]), "{text}");
    let out = ws
        .cmd(DEV)
        .args(["status", "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["choose"].as_array().unwrap().len(), 2);
    // Naming one shows it.
    ws.cmd(DEV).args(["status", &ids[1]]).assert().code(0);
}

#[test]
fn a_completed_run_with_stale_evidence_is_reopened_by_name_only() {
    let ws = RunWs::new();
    let id = completed(&ws);
    std::fs::remove_file(ws.sb.work().join("plan.md")).unwrap();
    // Without a name, resume finds nothing unfinished and points at it.
    let out = ws.cmd(DEV).args(["run", "--resume"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("reopen it with `re0 run --reopen {id}`")),
        "{err}"
    );
    let out = ws
        .cmd(DEV)
        .args(["run", "--resume", &id, "--runner", &agent()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("is completed, but its evidence went stale"),
        "{err}"
    );
    assert!(
        err.contains("plan (plan.md, from s1) is gone; stale: s1, s2"),
        "{err}"
    );
    assert!(err.contains(&format!("re0 run --reopen {id}")), "{err}");
    // Reopening re-runs what went stale and records who reopened it.
    let out = ws
        .cmd(DEV)
        .args(["run", "--reopen", &id, "--runner", &agent()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains(&format!("run {id} reopened by ")), "{text}");
    let state = ws.state();
    assert_eq!(state["state"], "completed");
    assert_eq!(step_of(&state, "s1")["accepted_attempt"], 2);
    assert!(ws.sb.work().join("plan.md").is_file());
    let events = std::fs::read_to_string(ws.run_dir().join("events.ndjson")).unwrap();
    let reopened: serde_json::Value = events
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|e| e["event"] == "reopened")
        .unwrap();
    assert!(reopened["who"].as_str().unwrap().contains(" pid "));
    assert_eq!(reopened["detail"]["was"], "completed");
    // A completed run with nothing stale is not reopened.
    ws.cmd(DEV)
        .args(["run", "--reopen", &id])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("nothing to reopen"));
}
