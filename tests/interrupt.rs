//! Ctrl-C with a live runner: SIGINT/SIGTERM to re0 stop the runner's whole
//! process group and record the attempt as interrupted (not failed); after
//! a kill re0 could not handle, a resume never starts a second agent while
//! the first is alive, and the killed attempt does not count.

mod common;

use common::{in_repo, Sandbox};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn re0(sb: &Sandbox, args: &[&str]) -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin("re0"));
    common::isolate(&mut c, &sb.home());
    c.current_dir(sb.work())
        .env("AGENT_LOG", sb.path().join("agent.log"))
        .arg("--catalog")
        .arg(in_repo("catalogs/dev-workflow"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    c
}

/// A runner that records its pid and its child's, then waits for ever.
fn hanging_runner(sb: &Sandbox) -> String {
    let dir = sb.path().display().to_string();
    format!("echo $$ > {dir}/runner.pid; sleep 300 & echo $! > {dir}/child.pid; wait")
}

fn wait_for(path: &Path) -> i32 {
    let start = Instant::now();
    loop {
        if let Some(pid) = std::fs::read_to_string(path)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            return pid;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{} never appeared",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(pid: i32, sig: &str) {
    Command::new("kill")
        .args([sig, "--", &pid.to_string()])
        .status()
        .unwrap();
}

fn alive(pid: i32) -> bool {
    Command::new("kill")
        .args(["-0", &pid.to_string()])
        .stderr(Stdio::null())
        .status()
        .unwrap()
        .success()
}

/// True once `pid` is gone, within a generous bound (a guard, not a
/// measurement).
fn ends(pid: i32) -> bool {
    let start = Instant::now();
    while alive(pid) {
        if start.elapsed() > Duration::from_secs(30) {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

fn state(sb: &Sandbox) -> Value {
    let base = sb.work().join(".agent-state/re0");
    let dir: PathBuf = std::fs::read_dir(base)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    serde_json::from_str(&std::fs::read_to_string(dir.join("state.json")).unwrap()).unwrap()
}

fn wait_child(child: Child) -> (Option<i32>, String) {
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Resumes the run with the stand-in agent; its exit status and stderr.
fn resume_with_agent(sb: &Sandbox) -> (Option<i32>, String) {
    let agent = format!("sh {}", in_repo("fixtures/run/agent.sh").display());
    wait_child(
        re0(sb, &["run", "--resume", "--runner", &agent])
            .spawn()
            .unwrap(),
    )
}

#[test]
fn ctrl_c_stops_the_runner_group_and_records_an_interrupted_attempt() {
    for (sig, code) in [("-INT", 130), ("-TERM", 143)] {
        let sb = Sandbox::repository();
        let runner = hanging_runner(&sb);
        let child = re0(&sb, &["run", "plan the change", "--runner", &runner])
            .spawn()
            .unwrap();
        let leader = wait_for(&sb.path().join("runner.pid"));
        let sleeper = wait_for(&sb.path().join("child.pid"));
        signal(child.id() as i32, sig);
        let (status, err) = wait_child(child);
        assert_eq!(status, Some(code), "{sig}: {err}");
        assert!(err.contains("recorded as interrupted"), "{err}");
        assert!(ends(leader), "{sig}: the runner outlived re0");
        assert!(ends(sleeper), "{sig}: the runner's child outlived re0");
        let s = state(&sb);
        let s1 = &s["steps"][0];
        assert_eq!(s["waiting"]["kind"], "interrupted", "{s}");
        assert_eq!(s1["status"], "pending");
        assert_eq!(s1["attempts"], 1);
        assert_eq!(
            s1["attempt_limit"], 4,
            "the interrupted attempt is not counted"
        );
        assert!(s1["note"].as_str().unwrap().contains("interrupted"));
        // Resuming goes on with a new attempt.
        let (status, err) = resume_with_agent(&sb);
        assert_eq!(status, Some(0), "{err}");
        assert_eq!(state(&sb)["steps"][0]["accepted_attempt"], 2);
    }
}

#[test]
fn after_a_kill_no_second_agent_starts_while_the_first_lives() {
    let sb = Sandbox::repository();
    let runner = hanging_runner(&sb);
    let mut child = re0(&sb, &["run", "plan the change", "--runner", &runner])
        .spawn()
        .unwrap();
    let leader = wait_for(&sb.path().join("runner.pid"));
    let sleeper = wait_for(&sb.path().join("child.pid"));
    // A kill re0 cannot handle: its runner lives on in its own group.
    child.kill().unwrap();
    let _ = child.wait();
    assert!(alive(leader));
    let (status, err) = resume_with_agent(&sb);
    assert_eq!(status, Some(2), "{err}");
    assert!(err.contains("is still running"), "{err}");
    assert!(err.contains(&format!("kill -TERM -- -{leader}")), "{err}");
    assert!(!sb.path().join("agent.log").exists(), "no second agent");
    // Once it is gone, the run goes on; the killed attempt did not count.
    signal(-leader, "-KILL");
    assert!(ends(leader) && ends(sleeper));
    let (status, err) = resume_with_agent(&sb);
    assert_eq!(status, Some(0), "{err}");
    let s = state(&sb);
    assert_eq!(s["steps"][0]["status"], "accepted");
    assert_eq!(s["steps"][0]["attempts"], 2);
    assert_eq!(s["steps"][0]["attempt_limit"], 4);
}

#[test]
fn a_kill_before_the_runner_is_on_record_leaves_no_agent_running() {
    let sb = Sandbox::repository();
    let runner = hanging_runner(&sb);
    // re0 dies after starting the runner, before `runner.json` names it.
    let out = re0(&sb, &["run", "plan the change", "--runner", &runner])
        .env("RE0_FAULT", "runner-spawned")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), None, "aborted");
    let (status, err) = resume_with_agent(&sb);
    assert_eq!(status, Some(0), "{err}");
    // The held runner saw re0's end of its stdin close and never began;
    // the agent the resume started is the only one that ran.
    assert!(
        !sb.path().join("runner.pid").exists(),
        "the first runner ran with no record of it"
    );
    let s = state(&sb);
    assert_eq!(s["steps"][0]["status"], "accepted");
    assert_eq!(
        s["steps"][0]["attempt_limit"], 4,
        "the killed attempt did not count"
    );
}
