//! What a killed re0 leaves behind is cleaned up or taken for what it is:
//! a kill is not a failed attempt, half-made run folders and temporary
//! files do not pile up, asking `next` again writes nothing, and limits are
//! reported as limits.

mod common;

use common::{in_repo, Sandbox};
use serde_json::Value;
use std::path::PathBuf;

fn dev(sb: &Sandbox) -> assert_cmd::Command {
    let mut c = sb.re0();
    c.arg("--catalog").arg(in_repo("catalogs/dev-workflow"));
    c
}

fn agent() -> String {
    format!("sh {}", in_repo("fixtures/run/agent.sh").display())
}

fn base(sb: &Sandbox) -> PathBuf {
    sb.work().join(".agent-state/re0")
}

fn run_dirs(sb: &Sandbox) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(base(sb))
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

fn state(dir: &std::path::Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("state.json")).unwrap()).unwrap()
}

#[test]
fn a_kill_of_re0_while_its_agent_works_is_not_a_failed_attempt() {
    let sb = Sandbox::repository();
    // re0 dies as soon as the agent starts; the agent writes no handoff.
    let out = dev(&sb)
        .env("RE0_FAULT", "runner-started")
        .env("AGENT_MODE", "no-handoff")
        .args(["run", "plan the change", "--runner", &agent()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), None, "aborted");
    dev(&sb)
        .args(["run", "--resume", "--runner", &agent()])
        .assert()
        .code(0);
    let s = state(&run_dirs(&sb)[0]);
    let s1 = &s["steps"][0];
    assert_eq!(s1["status"], "accepted");
    assert_eq!(s1["accepted_attempt"], 2);
    assert_eq!(s1["attempt_limit"], 4, "the killed attempt did not count");
    let h: Value = serde_json::from_str(
        &std::fs::read_to_string(run_dirs(&sb)[0].join("handoffs/001-s1-a1.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(h["re0"]["interrupted"], true, "{h}");
}

#[test]
fn a_handoff_the_agent_wrote_after_re0_died_is_accepted() {
    let sb = Sandbox::repository();
    let out = dev(&sb)
        .env("RE0_FAULT", "runner-exited")
        .args(["run", "plan the change", "--runner", &agent()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), None);
    let out = dev(&sb)
        .args(["run", "--resume", "--runner", "false"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("its agent finished after re0 stopped"));
    assert_eq!(state(&run_dirs(&sb)[0])["steps"][0]["accepted_attempt"], 1);
}

#[test]
fn run_folders_left_without_state_json_are_removed() {
    let sb = Sandbox::repository();
    // The first write of a new run is its plan.json: die there.
    let out = dev(&sb)
        .env("RE0_FAULT", "state-temp-written")
        .args(["run", "plan the change"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), None);
    let left = run_dirs(&sb);
    assert_eq!(left.len(), 1);
    assert!(!left[0].join("state.json").exists());
    dev(&sb).args(["run", "plan the change"]).assert().code(4);
    let now = run_dirs(&sb);
    assert_eq!(now.len(), 1, "{now:?}");
    assert!(now[0].join("state.json").exists());
    assert_ne!(now[0], left[0]);
}

#[test]
fn temporary_files_from_a_crash_do_not_pile_up() {
    let sb = Sandbox::repository();
    let out = dev(&sb)
        .env("RE0_FAULT", "state-temp-written:4")
        .args(["run", "plan the change", "--runner", &agent()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), None);
    let dir = run_dirs(&sb)[0].clone();
    let temps = |d: &std::path::Path| {
        std::fs::read_dir(d)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .starts_with(".tmp-")
            })
            .count()
    };
    assert_eq!(temps(&dir), 1, "the crash left its temporary file");
    dev(&sb)
        .args(["run", "--resume", "--runner", &agent()])
        .assert()
        .code(0);
    assert_eq!(temps(&dir), 0);
}

#[test]
fn asking_next_again_writes_no_new_revision() {
    let sb = Sandbox::repository();
    dev(&sb)
        .args(["run", "review and ship my change", "--runner", &agent()])
        .assert()
        .code(4);
    let dir = run_dirs(&sb)[0].clone();
    let first = common::json(dev(&sb).args(["next"]));
    assert_eq!(first["action"], "user-handoff");
    let rev = state(&dir)["revision"].clone();
    for _ in 0..3 {
        let again = common::json(dev(&sb).args(["next"]));
        assert_eq!(again["step"]["id"], first["step"]["id"]);
    }
    assert_eq!(state(&dir)["revision"], rev);
}

#[test]
fn the_output_cap_is_reported_as_a_cap_not_a_kill() {
    let sb = Sandbox::repository();
    let out = dev(&sb)
        .args([
            "run",
            "plan the change",
            "--runner",
            "head -c 70000000 /dev/zero",
            "--max-attempts",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let s = state(&run_dirs(&sb)[0]);
    let note = s["steps"][0]["note"].as_str().unwrap();
    assert!(
        note.contains("its output passed the 64 MiB log cap and was cut there"),
        "{note}"
    );
    assert!(!note.contains("killed"), "{note}");
    let log = run_dirs(&sb)[0].join("logs/s1-a1.log");
    let len = std::fs::metadata(&log).unwrap().len();
    assert!(len < 64 * 1024 * 1024 + 4096, "{len}");
}
