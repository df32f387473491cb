//! Inputs built to hurt: deep nesting, symlink DAGs, pseudo file systems,
//! huge cells, escape sequences, malformed hashes and counters at their
//! limits. Each is refused or bounded with a clear message; nothing panics,
//! hangs or prints a control character.
//!
//! Commands run under a generous timeout so that a regression fails instead
//! of hanging; speed itself is measured in bench/hostile.sh.

mod common;

use common::{in_repo, symlink, Sandbox};
use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;

const HANG_GUARD: Duration = Duration::from_secs(120);

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn at(sb: &Sandbox, catalog: &str) -> assert_cmd::Command {
    let mut c = sb.re0();
    c.timeout(HANG_GUARD)
        .arg("--catalog")
        .arg(sb.path().join(catalog));
    c
}

fn dev(sb: &Sandbox) -> assert_cmd::Command {
    let mut c = sb.re0();
    c.timeout(HANG_GUARD)
        .arg("--catalog")
        .arg(in_repo("catalogs/dev-workflow"));
    c
}

fn run_dir(sb: &Sandbox) -> PathBuf {
    std::fs::read_dir(sb.work().join(".agent-state/re0"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path()
}

/// Edits the state of the only run, then adopts it (the edit broke its MAC).
fn tamper(sb: &Sandbox, f: impl FnOnce(&mut Value)) {
    let path = run_dir(sb).join("state.json");
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    f(&mut v);
    std::fs::write(&path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
}

#[test]
fn yaml_nested_50000_deep_is_a_finding_not_a_parse() {
    let sb = Sandbox::repository();
    let deep = format!("{}{}", "[".repeat(50_000), "]".repeat(50_000));
    sb.write(
        "skills/deep/SKILL.md",
        &format!("---\nname: deep\ndescription: Nested.\nmetadata: {deep}\n---\n"),
    );
    let v = common::json(at(&sb, "skills").args(["list", "--format", "json"]));
    let msg = v["skills"][0]["diagnostics"][0]["message"]
        .as_str()
        .unwrap();
    assert!(
        msg.contains("nests more than 64 levels deep (line 3)"),
        "{msg}"
    );
    let out = at(&sb, "skills")
        .args(["check", &sb.path().join("skills").display().to_string()])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("SKILL.md:4"),
        "file line"
    );
    sb.write("work/re0.yaml", &format!("inputs: {deep}\n"));
    let out = at(&sb, "skills").args(["list"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("re0.yaml:1: the YAML nests more than 64 levels"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_symlink_dag_is_walked_once_per_folder() {
    // Two links at each of 30 levels to the next: 2^30 paths to one skill
    // (within the walk's depth bound of 32).
    let sb = Sandbox::new();
    let levels = 30;
    for i in 0..=levels {
        std::fs::create_dir_all(sb.path().join(format!("dag/l{i}"))).unwrap();
    }
    for i in 0..levels {
        for name in ["a", "b"] {
            symlink(
                &PathBuf::from(format!("../l{}", i + 1)),
                &sb.path().join(format!("dag/l{i}/{name}")),
            );
        }
    }
    sb.skill(&format!("dag/l{levels}"), "leaf", "");
    let v = common::json(at(&sb, "dag/l0").args(["list", "--format", "json"]));
    assert_eq!(common::roster_names(&v), ["leaf"]);
    // Found through the first link in name order, every time.
    assert!(v["skills"][0]["path"]
        .as_str()
        .unwrap()
        .contains("l0/a/a/a"));
}

#[test]
fn a_pseudo_file_system_is_refused_not_walked() {
    let sb = Sandbox::new();
    let out = sb
        .re0()
        .timeout(HANG_GUARD)
        .args(["check", "/proc"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("procfs is a pseudo file system"), "{text}");
    // A link into one from an ordinary catalog is not followed either.
    sb.skill("skills", "fine", "");
    symlink(&PathBuf::from("/proc"), &sb.path().join("skills/proc"));
    let v = common::json(at(&sb, "skills").args(["list", "--format", "json"]));
    assert_eq!(common::roster_names(&v), ["fine"]);
}

#[test]
fn a_100kb_cell_is_clipped_in_tables() {
    let sb = Sandbox::repository();
    let huge = "x".repeat(100 * 1024);
    sb.skill(
        "skills",
        "big",
        &format!("decision: {huge}\ndone-when: {huge}\n"),
    );
    for args in [
        vec!["show", "big"],
        vec!["plan", "/big", "--format", "table"],
    ] {
        let out = at(&sb, "skills").args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("x…"), "{args:?}: clipped");
        let widest = text
            .lines()
            .filter(|l| l.starts_with('│') || l.starts_with('┆'))
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        assert!(
            (1..1000).contains(&widest),
            "{args:?}: table rows of {widest} chars"
        );
    }
}

#[test]
fn a_500kb_note_in_state_is_clipped_in_status() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", "plan the change"]).assert().code(4);
    tamper(&sb, |v| {
        v["steps"][0]["note"] = "n".repeat(500 * 1024).into()
    });
    let id = run_dir(&sb)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    dev(&sb).args(["adopt", &id, "--yes"]).assert().code(0);
    let out = dev(&sb).args(["status"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("n…"), "{text}");
    assert!(text.len() < 20 * 1024, "{} bytes", text.len());
}

#[test]
fn escape_sequences_never_reach_the_terminal() {
    let sb = Sandbox::repository();
    let esc = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m";
    sb.write(
        "work/.claude/skills/shady/SKILL.md",
        &format!(
            "---\nname: shady\ndescription: \"Looks {} innocent.\"\nmetadata:\n  done-when: \"{}\"\n---\n",
            esc.escape_default(),
            esc.escape_default()
        ),
    );
    let intent = format!("/shady {esc}");
    let mut outputs = Vec::new();
    for args in [
        vec!["list"],
        vec!["show", "shady"],
        vec!["plan", &intent, "--format", "table"],
        vec!["run", &intent],
        vec!["status"],
        vec!["runs"],
    ] {
        let out = sb.re0().args(&args).output().unwrap();
        outputs.push((args.join(" "), out));
    }
    for (cmd, out) in outputs {
        for (name, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            let text = String::from_utf8_lossy(bytes);
            assert!(
                !text.contains('\u{1b}') && !text.contains('\u{7}') && !text.contains('\u{9b}'),
                "{cmd} {name}: {text:?}"
            );
        }
    }
}

#[test]
fn error_messages_echo_no_control_characters() {
    let sb = Sandbox::repository();
    for args in [
        vec!["show", "\u{1b}[31mred"],
        vec!["status", "\u{1b}[31m"],
        vec!["run", "--resume", "x\u{1b}y"],
    ] {
        let out = dev(&sb).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(!err.contains('\u{1b}'), "{args:?}: {err:?}");
        assert!(err.contains("\\u{1b}"), "{args:?}: shown escaped: {err}");
    }
}

#[test]
fn a_malformed_sha256_in_state_is_refused_not_a_panic() {
    for bad in ["ééééééééééééé", "00", &"G".repeat(64)] {
        let sb = Sandbox::repository();
        dev(&sb).args(["run", "plan the change"]).assert().code(4);
        tamper(&sb, |v| {
            v["artifacts"] = serde_json::json!({"plan": {"path": "plan.md", "sha256": bad, "step": "s1", "attempt": 1}});
        });
        let out = dev(&sb).args(["status"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = stderr(&out);
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.contains("which is not SHA-256"), "{err}");
    }
}

#[test]
fn counters_at_their_limits_are_refused_not_wrapped() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", "plan the change"]).assert().code(4);
    for (field, value, says) in [
        ("revision", u64::MAX, "out of range"),
        ("attempts", u64::from(u32::MAX), "at most 1000 are allowed"),
        (
            "attempt_limit",
            u64::from(u32::MAX),
            "at most 1000 are allowed",
        ),
    ] {
        let path = run_dir(&sb).join("state.json");
        let saved = std::fs::read(&path).unwrap();
        tamper(&sb, |v| {
            if field == "revision" {
                v["revision"] = value.into();
            } else {
                v["steps"][0][field] = value.into();
            }
        });
        let out = dev(&sb).args(["status"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{field}");
        assert!(stderr(&out).contains(says), "{field}: {}", stderr(&out));
        std::fs::write(&path, saved).unwrap();
    }
    for args in [
        vec!["run", "--resume", "--runner-timeout", "99999999999999h"],
        vec!["run", "--resume", "--runner-timeout", "0"],
        vec!["run", "--resume", "--max-attempts", "4294967295"],
        vec!["run", "--resume", "--max-attempts", "0"],
    ] {
        let out = dev(&sb).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn ten_thousand_requires_plan_and_check() {
    let sb = Sandbox::new();
    let mut text = String::from("---\nname: wide\ndescription: Needs a great deal.\nrequires:\n");
    for i in 0..10_000 {
        text.push_str(&format!("  - artifact-{i}\n"));
    }
    text.push_str("---\n");
    sb.write("skills/wide/SKILL.md", &text);
    for i in (0..10_000).step_by(1000) {
        sb.skill(
            "skills",
            &format!("maker-{i}"),
            &format!("produces: [artifact-{i}]\n"),
        );
    }
    let plan = common::json(at(&sb, "skills").args(["plan", "/wide", "--format", "json"]));
    assert_eq!(plan["steps"].as_array().unwrap().len(), 11);
    assert!(plan["stop_condition"]
        .as_str()
        .unwrap()
        .contains("cannot be reached"));
}
