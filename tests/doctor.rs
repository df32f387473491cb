//! `re0 doctor`: each finding, its fix and the exit status.

mod common;

use common::json;
use common::run_ws::RunWs;
use serde_json::Value;

fn finding<'a>(v: &'a Value, check: &str) -> &'a Value {
    common::item(v, "findings", "check", check)
}

/// A workspace that is a real git repository.
fn git_ws() -> RunWs {
    let ws = RunWs::new();
    std::fs::remove_dir_all(ws.sb.work().join(".git")).unwrap();
    let ok = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(ws.sb.work())
        .status()
        .unwrap()
        .success();
    assert!(ok);
    ws
}

#[test]
fn a_ready_set_up_has_only_ok_findings() {
    let ws = git_ws();
    ws.sb.write("work/.gitignore", "target/\n.agent-state/\n");
    let v = json(ws.cmd("catalogs/dev-workflow").args([
        "doctor",
        "--runner",
        &RunWs::runner("agent.sh"),
        "--format",
        "json",
    ]));
    assert_eq!(v["schema"], "re0/doctor@1");
    assert_eq!(v["ready"], true, "{v}");
    for f in v["findings"].as_array().unwrap() {
        assert_eq!(f["level"], "ok", "{f}");
    }
    assert!(finding(&v, "catalog")["message"]
        .as_str()
        .unwrap()
        .contains("skill(s) in 1 root(s)"));
    ws.cmd("catalogs/dev-workflow")
        .args(["doctor", "--runner", &RunWs::runner("agent.sh")])
        .assert()
        .code(0)
        .stdout(predicates::str::contains("ready to run"));
}

#[test]
fn a_missing_runner_and_unignored_state_say_what_to_fix() {
    let ws = git_ws();
    let out = ws
        .cmd("catalogs/dev-workflow")
        .args([
            "doctor",
            "--runner",
            "re0-no-such-agent -p",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ready"], false);
    let runner = finding(&v, "runner");
    assert_eq!(runner["level"], "error");
    assert!(runner["message"]
        .as_str()
        .unwrap()
        .contains("`re0-no-such-agent`, which is not found"));
    assert!(runner["fix"]
        .as_str()
        .unwrap()
        .contains("install re0-no-such-agent"));
    let ignore = finding(&v, "git-ignore");
    assert_eq!(ignore["level"], "warn", "{ignore}");
    assert!(ignore["fix"].as_str().unwrap().contains(".agent-state/"));
    // A preset is checked as what it expands to.
    let out = ws
        .cmd("catalogs/dev-workflow")
        .env("PATH", "/usr/bin:/bin")
        .args(["doctor", "--runner", "codex"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("codex exec --json --sandbox workspace-write"),
        "{text}"
    );
}

#[test]
fn no_runner_is_a_warning_and_no_skills_an_error() {
    let ws = RunWs::new();
    let mut cmd = ws.sb.re0();
    cmd.args(["doctor", "--format", "json"]);
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(finding(&v, "runner")["level"], "warn");
    let catalog = finding(&v, "catalog");
    assert_eq!(catalog["level"], "error");
    assert!(catalog["message"]
        .as_str()
        .unwrap()
        .contains("no skills found"));
}

#[test]
fn a_state_folder_that_cannot_be_made_is_an_error() {
    let ws = RunWs::new();
    let blocker = ws.sb.write("work/not-a-folder", "x");
    let v = json(ws.cmd("catalogs/dev-workflow").args([
        "doctor",
        "--runner",
        &RunWs::runner("agent.sh"),
        "--state-dir",
        blocker.to_str().unwrap(),
        "--format",
        "json",
    ]));
    let state = finding(&v, "state");
    assert_eq!(state["level"], "error", "{state}");
    assert!(state["message"]
        .as_str()
        .unwrap()
        .contains("is not a folder"));
}

#[test]
fn a_preset_agent_with_the_state_outside_the_workspace_is_warned() {
    let ws = RunWs::new();
    let bin = ws.sb.write("bin/claude", "#!/bin/sh\n");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
    let outside = ws.sb.path().join("elsewhere");
    let v = json(
        ws.cmd("catalogs/dev-workflow")
            .env(
                "PATH",
                format!("{}:/usr/bin:/bin", bin.parent().unwrap().display()),
            )
            .args(["doctor", "--runner", "claude", "--format", "json"])
            .args(["--state-dir", outside.to_str().unwrap()]),
    );
    assert_eq!(finding(&v, "runner")["level"], "ok", "{v}");
    let h = finding(&v, "handoff");
    assert_eq!(h["level"], "warn");
    assert!(h["message"]
        .as_str()
        .unwrap()
        .contains("outside the workspace"));
    assert_eq!(v["ready"], true);
}
