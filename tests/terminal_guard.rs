//! What counts as done: a run completes only on work re0 accepted and can
//! still prove, and a person's edit to an accepted artifact keeps the run
//! going instead of ending it.

mod common;

use common::{in_repo, symlink, Sandbox};
use serde_json::Value;
use std::path::PathBuf;

const SHIP: &str = "review and ship my change";

fn dev(sb: &Sandbox) -> assert_cmd::Command {
    let mut c = sb.re0();
    c.env("AGENT_LOG", sb.path().join("agent.log"))
        .arg("--catalog")
        .arg(in_repo("catalogs/dev-workflow"));
    c
}

fn agent() -> String {
    format!("sh {}", in_repo("fixtures/run/agent.sh").display())
}

fn run_dir(sb: &Sandbox) -> PathBuf {
    std::fs::read_dir(sb.work().join(".agent-state/re0"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
}

fn id(sb: &Sandbox) -> String {
    run_dir(sb)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

fn state(sb: &Sandbox) -> Value {
    serde_json::from_str(&std::fs::read_to_string(run_dir(sb).join("state.json")).unwrap()).unwrap()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The seed story up to the human release step, then the release done.
fn ready_to_finish(sb: &Sandbox) {
    dev(sb)
        .args(["run", SHIP, "--runner", &agent()])
        .assert()
        .code(4);
    std::fs::write(sb.work().join("release.txt"), "v1.2.3 published\n").unwrap();
}

fn record_release(sb: &Sandbox) -> std::process::Output {
    dev(sb)
        .args([
            "handoff",
            &id(sb),
            "s6",
            "--status",
            "complete",
            "--artifact",
            "published-release=release.txt",
        ])
        .output()
        .unwrap()
}

#[test]
fn a_step_forged_as_accepted_does_not_complete_the_run() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", "plan the change"]).assert().code(4);
    std::fs::write(sb.work().join("plan.md"), "forged\n").unwrap();
    let path = run_dir(&sb).join("state.json");
    let mut v = state(&sb);
    v["steps"][0]["status"] = "accepted".into();
    v["steps"][0]["attempts"] = 1.into();
    v["steps"][0]["accepted_attempt"] = 1.into();
    v["artifacts"] = serde_json::json!({"plan": {
        "path": "plan.md",
        "sha256": "81b3bd7c5bb6d40f8e13a38f4b3b12e1b69c1c8c3d5e1f1a6ab6e3a6e0a5a8b1",
        "step": "s1", "attempt": 1}});
    std::fs::write(&path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
    dev(&sb).args(["adopt", &id(&sb), "--yes"]).assert().code(0);
    let out = dev(&sb)
        .args(["run", "--resume", "--runner", "false"])
        .output()
        .unwrap();
    // The artifact's hash was made up: the producer is reopened on resume;
    // with a matching hash the forged step still has no handoff of re0's.
    let text = stdout(&out);
    assert_ne!(state(&sb)["state"], "completed", "{text}");
    let sha = sha256_hex(b"forged\n");
    let mut v = state(&sb);
    v["state"] = "waiting".into();
    v["steps"][0]["status"] = "accepted".into();
    v["steps"][0]["accepted_attempt"] = v["steps"][0]["attempts"].clone();
    v["artifacts"] =
        serde_json::json!({"plan": {"path": "plan.md", "sha256": sha, "step": "s1", "attempt": 1}});
    v["steps"][0]["evidence"] =
        serde_json::json!([{"kind": "produced", "against": "plan", "sha256": sha}]);
    std::fs::write(&path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
    dev(&sb).args(["adopt", &id(&sb), "--yes"]).assert().code(0);
    let out = dev(&sb)
        .args(["run", "--resume", "--runner", "false"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("s1 is marked accepted, but no accepted handoff of re0's records it"),
        "{}",
        stdout(&out)
    );
    assert_eq!(state(&sb)["state"], "incomplete");
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn editing_an_accepted_artifact_keeps_the_run_resumable_and_it_completes() {
    let sb = Sandbox::repository();
    ready_to_finish(&sb);
    // A person fixes the plan after it was accepted.
    std::fs::write(sb.work().join("plan.md"), "Plan, corrected by a person.\n").unwrap();
    assert_eq!(record_release(&sb).status.code(), Some(0));
    let out = dev(&sb)
        .args(["run", "--resume", "--runner", &agent()])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains("artifact 'plan' was edited outside the run"),
        "{text}"
    );
    // Everything after plan-change runs again on the new content.
    // The release, downstream of the plan, is a person's step again.
    let s = state(&sb);
    assert_eq!(s["state"], "waiting", "{s}");
    assert_eq!(s["waiting"]["step"], "s6", "{s}");
    assert_eq!(record_release(&sb).status.code(), Some(0));
    dev(&sb)
        .args(["run", "--resume", "--runner", &agent()])
        .assert()
        .code(0);
    let s = state(&sb);
    assert_eq!(s["state"], "completed", "{s}");
    assert_eq!(
        s["steps"][0]["status"], "accepted",
        "the producer keeps the person's edit"
    );
    assert_eq!(
        std::fs::read_to_string(sb.work().join("plan.md")).unwrap(),
        "Plan, corrected by a person.\n"
    );
    let calls = std::fs::read_to_string(sb.path().join("agent.log")).unwrap();
    assert_eq!(
        calls.matches("plan-change").count(),
        1,
        "not re-run: {calls}"
    );
}

#[test]
fn an_accepted_artifact_replaced_by_a_symlink_outside_reopens_its_producer() {
    let sb = Sandbox::repository();
    ready_to_finish(&sb);
    let outside = sb.path().join("secret.txt");
    std::fs::write(&outside, "not yours\n").unwrap();
    std::fs::remove_file(sb.work().join("plan.md")).unwrap();
    symlink(&outside, &sb.work().join("plan.md"));
    let out = dev(&sb)
        .args([
            "run",
            "--resume",
            "--runner",
            "false",
            "--max-attempts",
            "1",
        ])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains(
            "artifact 'plan' is no longer usable: plan.md resolves outside the workspace"
        ),
        "{text}"
    );
    let s = state(&sb);
    assert!(s["artifacts"].get("plan").is_none(), "{s}");
    assert_ne!(s["steps"][0]["status"], "accepted");
}

#[test]
fn the_runs_own_state_json_is_not_an_artifact() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", "plan the change"]).assert().code(4);
    let own = format!(".agent-state/re0/{}/state.json", id(&sb));
    let out = dev(&sb)
        .args([
            "handoff",
            &id(&sb),
            "s1",
            "--artifact",
            &format!("plan={own}"),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("is one of re0's own run files"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn unknown_handoff_fields_are_recorded_with_a_warning_and_never_acted_on() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", "plan the change"]).assert().code(4);
    std::fs::write(sb.work().join("plan.md"), "the plan\n").unwrap();
    std::fs::write(
        sb.work().join("h.json"),
        r#"{"step": "s1", "attempt": 1, "status": "complete",
            "artifacts": [{"name": "plan", "path": "plan.md"}],
            "next_command": "touch PWNED", "route": {"to": "release"}}"#,
    )
    .unwrap();
    let out = dev(&sb)
        .args(["handoff", &id(&sb), "s1", "--file", "h.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    for field in ["next_command", "route"] {
        assert!(
            err.contains(&format!(
                "unknown field '{field}' ignored; recorded and never acted on"
            )),
            "{err}"
        );
    }
    assert!(!sb.work().join("PWNED").exists());
    assert_eq!(state(&sb)["steps"][0]["status"], "accepted");
}
