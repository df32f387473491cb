//! A run folder is re0's own: a symlink planted in it (or in place of it)
//! never makes re0 read, truncate or append to a file outside, and ids read
//! from disk are validated before they become paths.

mod common;

use common::{in_repo, symlink, Sandbox};
use serde_json::Value;
use std::path::{Path, PathBuf};

const SHIP: &str = "review and ship my change";

fn dev(sb: &Sandbox) -> assert_cmd::Command {
    let mut c = sb.re0();
    c.arg("--catalog").arg(in_repo("catalogs/dev-workflow"));
    c
}

fn agent() -> String {
    format!("sh {}", in_repo("fixtures/run/agent.sh").display())
}

fn run_dir(sb: &Sandbox) -> PathBuf {
    let base = sb.work().join(".agent-state/re0");
    std::fs::read_dir(&base)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
}

/// Everything below `p`, with contents, to compare before and after.
fn snapshot(p: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    if p.is_file() {
        out.push((p.to_path_buf(), std::fs::read(p).unwrap()));
    } else if let Ok(d) = std::fs::read_dir(p) {
        for e in d {
            out.extend(snapshot(&e.unwrap().path()));
        }
    }
    out.sort();
    out
}

/// Every writing command, against a run whose `name` leads outside.
fn commands(sb: &Sandbox, id: &str) -> Vec<(Vec<String>, Option<i32>)> {
    let runner = agent();
    let cmds: Vec<Vec<&str>> = vec![
        vec!["next"],
        vec!["handoff", id, "s1", "--status", "failed"],
        vec!["run", "--resume", id, "--runner", &runner],
        vec!["cancel", id],
    ];
    cmds.into_iter()
        .map(|args| {
            let out = dev(sb).args(&args).output().unwrap();
            (
                args.into_iter().map(String::from).collect(),
                out.status.code(),
            )
        })
        .collect()
}

#[test]
fn a_symlink_in_the_run_folder_is_never_written_through() {
    for name in [
        "lock",
        "events.ndjson",
        "CONTEXT.md",
        "state.json",
        "handoffs",
        "logs",
        "inbox",
        "ges",
    ] {
        let sb = Sandbox::repository();
        dev(&sb).args(["run", SHIP]).assert().code(4);
        let dir = run_dir(&sb);
        let id = dir.file_name().unwrap().to_string_lossy().into_owned();
        let outside = sb.path().join("outside");
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("victim"), "keep me\n").unwrap();
        let target = if dir.join(name).is_dir() {
            outside.clone()
        } else {
            outside.join("victim")
        };
        let p = dir.join(name);
        if p.is_dir() {
            std::fs::remove_dir_all(&p).unwrap();
        } else {
            let _ = std::fs::remove_file(&p);
        }
        symlink(&target, &p);
        let before = snapshot(&outside);
        for (args, code) in commands(&sb, &id) {
            assert_eq!(code, Some(2), "{name}: {args:?} should refuse");
        }
        assert_eq!(
            snapshot(&outside),
            before,
            "{name}: nothing outside changed"
        );
    }
}

#[test]
fn a_symlink_inside_handoffs_or_logs_is_never_followed() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", SHIP]).assert().code(4);
    let dir = run_dir(&sb);
    let victim = sb.path().join("victim");
    std::fs::write(&victim, "keep me\n").unwrap();
    // Where the next handoff and the next log would go.
    symlink(&victim, &dir.join("handoffs/001-s1-a1.json"));
    symlink(&victim, &dir.join("logs/s1-a1.log"));
    symlink(&victim, &dir.join("inbox/s1-a1.json"));
    let out = dev(&sb)
        .args(["run", "--resume", "--runner", &agent()])
        .output()
        .unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me\n");
    // The log could not be opened: the runner did not start, the run waits
    // in retryable_error (no attempt used), and says why.
    assert_eq!(out.status.code(), Some(4));
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("cannot start the runner"), "{said}");
}

#[test]
fn a_planted_agent_state_symlink_is_refused() {
    let sb = Sandbox::repository();
    let elsewhere = sb.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    symlink(&elsewhere, &sb.work().join(".agent-state"));
    let out = dev(&sb).args(["run", SHIP]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a folder of re0's"));
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
}

#[test]
fn step_ids_read_from_disk_cannot_walk_out_of_the_run() {
    for bad in ["../../../../escape", "s1/../../x", "S1", "s01", ""] {
        let sb = Sandbox::repository();
        dev(&sb).args(["run", SHIP]).assert().code(4);
        let dir = run_dir(&sb);
        for file in ["plan.json", "state.json"] {
            let path = dir.join(file);
            let mut v: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            v["steps"][0]["id"] = bad.into();
            std::fs::write(&path, serde_json::to_vec(&v).unwrap()).unwrap();
        }
        let out = dev(&sb)
            .args(["run", "--resume", "--runner", &agent()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is not s1, s2"), "{bad}: {err}");
        assert!(!sb.path().join("escape").exists());
    }
}

#[test]
fn run_ids_and_handoff_names_from_disk_are_validated() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", SHIP]).assert().code(4);
    let path = run_dir(&sb).join("state.json");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    v["run_id"] = "../../elsewhere".into();
    std::fs::write(&path, serde_json::to_vec(&v).unwrap()).unwrap();
    let out = dev(&sb).args(["status"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("names run '../../elsewhere'"));
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    v["run_id"] = run_dir(&sb).file_name().unwrap().to_string_lossy().into();
    v["steps"][0]["handoff"] =
        serde_json::json!({"file": "../../../etc/passwd", "sha256": "0".repeat(64)});
    std::fs::write(&path, serde_json::to_vec(&v).unwrap()).unwrap();
    let out = dev(&sb).args(["status"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("which re0 did not write"));
}
