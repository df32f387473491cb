//! `re0 … | head`: when the reader of stdout goes away, every command ends
//! quietly with status 141 (as a process its reader left), never a panic.

mod common;

use common::{in_repo, Sandbox};
use std::process::{Command, Stdio};

/// Runs re0 with `args` in the sandbox with stdout's reader already gone.
fn with_closed_stdout(sb: &Sandbox, args: &[&str]) -> (Option<i32>, String) {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin("re0"));
    common::isolate(&mut c, &sb.home());
    c.current_dir(sb.work())
        .arg("--catalog")
        .arg(in_repo("catalogs/dev-workflow"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_command_ends_quietly_when_its_reader_goes_away() {
    let sb = Sandbox::repository();
    let runner = format!("sh {}", in_repo("fixtures/run/agent.sh").display());
    // A run to show, resume and record into (its first step still open).
    sb.re0()
        .arg("--catalog")
        .arg(in_repo("catalogs/dev-workflow"))
        .args(["run", "review and ship my change"])
        .assert()
        .code(4);
    let id = std::fs::read_dir(sb.work().join(".agent-state/re0"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .file_name()
        .into_string()
        .unwrap();
    std::fs::write(sb.work().join("plan.md"), "the plan\n").unwrap();
    let catalog = in_repo("catalogs/dev-workflow").display().to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec!["list"],
        vec!["list", "--format", "json"],
        vec!["show", "release"],
        vec!["plan", "review and ship my change", "--format", "table"],
        vec!["plan", "review and ship my change", "--format", "json"],
        vec!["graph"],
        vec!["graph", "--format", "json"],
        vec!["check", &catalog],
        vec!["check", &catalog, "--format", "json"],
        vec!["check", &catalog, "--format", "sarif"],
        vec!["status"],
        vec!["runs"],
        vec!["next"],
        vec!["handoff", &id, "s1", "--artifact", "plan=plan.md"],
        vec!["run", "--resume", &id, "--runner", &runner],
        vec!["run", "update the lockfile"],
    ];
    for args in cases {
        let (code, err) = with_closed_stdout(&sb, &args);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(code, Some(141), "{args:?}: {err}");
    }
}

#[test]
fn a_reader_leaving_mid_report_ends_check_quietly() {
    // Far more findings than a pipe holds, so re0 is still writing when
    // its reader goes.
    let sb = Sandbox::new();
    for i in 0..400 {
        sb.write(
            &format!("cat/s{i}/SKILL.md"),
            &format!("---\nname: Bad_{i}\ndescription: d\nrequires: [missing-{i}]\n---\n"),
        );
    }
    for format in ["text", "json", "sarif"] {
        let mut c = Command::new(assert_cmd::cargo::cargo_bin("re0"));
        common::isolate(&mut c, &sb.home());
        c.current_dir(sb.path())
            .args(["check", "cat", "--format", format])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = c.spawn().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 64];
        std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{format}: {err}");
        assert_eq!(out.status.code(), Some(141), "{format}: {err}");
    }
}
