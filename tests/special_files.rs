//! FIFOs, devices and endless files where re0 expects a regular file: each
//! is refused without blocking and without reading past a size limit, and
//! never while re0 holds a run's lock in a way that can hang.
//!
//! Each command runs under a generous timeout so a regression fails the
//! test instead of hanging it; no test asserts how fast anything is.

mod common;

use common::{in_repo, symlink, Sandbox};
use std::path::Path;
use std::time::Duration;

const HANG_GUARD: Duration = Duration::from_secs(60);

fn mkfifo(p: &Path) {
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    let ok = std::process::Command::new("mkfifo")
        .arg(p)
        .status()
        .unwrap()
        .success();
    assert!(ok, "mkfifo {}", p.display());
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn dev(sb: &Sandbox) -> assert_cmd::Command {
    let mut c = sb.re0();
    c.timeout(HANG_GUARD)
        .arg("--catalog")
        .arg(in_repo("catalogs/dev-workflow"));
    c
}

fn run_id(sb: &Sandbox) -> String {
    std::fs::read_dir(sb.work().join(".agent-state/re0"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .file_name()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_fifo_as_skill_md_is_a_finding_not_a_hang() {
    let sb = Sandbox::new();
    mkfifo(&sb.path().join("skills/stuck/SKILL.md"));
    sb.skill("skills", "fine", "");
    let v = common::json(
        sb.re0()
            .timeout(HANG_GUARD)
            .arg("--catalog")
            .arg(sb.path().join("skills"))
            .args(["list", "--format", "json"]),
    );
    let names = common::roster_names(&v);
    assert_eq!(names, ["fine", "stuck"]);
    let stuck = &v["skills"][1];
    assert_eq!(stuck["lane"], "user-only");
    assert!(
        stuck["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("it is a FIFO"),
        "{stuck}"
    );
}

#[test]
fn dev_zero_as_codex_sidecar_is_not_read() {
    let sb = Sandbox::new();
    sb.skill("skills", "codex-skill", "");
    symlink(
        Path::new("/dev/zero"),
        &sb.path().join("skills/codex-skill/agents/openai.yaml"),
    );
    let v = common::json(
        sb.re0()
            .timeout(HANG_GUARD)
            .arg("--catalog")
            .arg(sb.path().join("skills"))
            .args(["list", "--format", "json"]),
    );
    let msg = v["skills"][0]["diagnostics"][0]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(msg.contains("it is a device"), "{msg}");
}

#[test]
fn a_special_re0_yaml_is_refused_without_reading_it() {
    for kind in ["fifo", "zero"] {
        let sb = Sandbox::repository();
        let cfg = sb.work().join("re0.yaml");
        if kind == "fifo" {
            mkfifo(&cfg);
        } else {
            symlink(Path::new("/dev/zero"), &cfg);
        }
        let out = dev(&sb).args(["list"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{kind}");
        assert!(
            stderr(&out).contains("re0.yaml: cannot read it: it is a"),
            "{kind}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn a_fifo_in_place_of_a_state_file_is_refused() {
    for file in ["plan.json", "state.json"] {
        let sb = Sandbox::repository();
        dev(&sb).args(["run", "plan the change"]).assert().code(4);
        let id = run_id(&sb);
        let p = sb.work().join(".agent-state/re0").join(&id).join(file);
        std::fs::remove_file(&p).unwrap();
        mkfifo(&p);
        for args in [
            vec!["status", id.as_str()],
            vec!["run", "--resume", id.as_str()],
        ] {
            let out = dev(&sb).args(&args).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{file} {args:?}");
            assert!(
                stderr(&out).contains("not a regular file"),
                "{file}: {}",
                stderr(&out)
            );
        }
    }
}

#[test]
fn a_fifo_artifact_or_handoff_file_is_refused_and_the_lock_stays_free() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", "plan the change"]).assert().code(4);
    let id = run_id(&sb);
    // A FIFO as the artifact.
    mkfifo(&sb.work().join("plan.md"));
    let out = dev(&sb)
        .args(["handoff", &id, "s1", "--artifact", "plan=plan.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("plan.md is a FIFO, not a file"),
        "{}",
        stderr(&out)
    );
    // A FIFO as --file: read before the lock is taken, refused at once.
    let fifo = sb.work().join("handoff.json");
    mkfifo(&fifo);
    let out = dev(&sb)
        .args(["handoff", &id, "s1", "--file", "handoff.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("it is a FIFO"), "{}", stderr(&out));
    // Nobody holds the run: another writer gets in.
    dev(&sb).args(["cancel", &id]).assert().code(0);
}

#[test]
fn a_fifo_at_re0_handoff_is_a_failed_attempt_not_a_hang() {
    let sb = Sandbox::repository();
    let out = dev(&sb)
        .args([
            "run",
            "plan the change",
            "--runner",
            "mkfifo \"$RE0_HANDOFF\"",
            "--max-attempts",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("cannot read the handoff: it is a FIFO"),
        "{text}"
    );
}

#[test]
fn an_artifact_leading_to_a_device_is_refused() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", "plan the change"]).assert().code(4);
    let id = run_id(&sb);
    symlink(Path::new("/dev/zero"), &sb.work().join("plan.md"));
    let out = dev(&sb)
        .args(["handoff", &id, "s1", "--artifact", "plan=plan.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("resolves outside the workspace"),
        "{}",
        stderr(&out)
    );
}
