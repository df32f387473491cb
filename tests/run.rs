//! End-to-end tests for `re0 run` and friends with a stand-in agent
//! (`fixtures/run/agent.sh`) as the runner.

mod common;

use common::{in_repo, Sandbox};
use serde_json::Value;
use std::path::PathBuf;

/// A workspace (a repository) for runs.
struct Ws {
    sb: Sandbox,
}

impl Ws {
    fn new() -> Ws {
        Ws {
            sb: Sandbox::repository(),
        }
    }

    fn log(&self) -> PathBuf {
        self.sb.path().join("agent.log")
    }

    fn cmd(&self, catalog: &str) -> assert_cmd::Command {
        let mut c = self.sb.re0();
        c.env("AGENT_LOG", self.log())
            .arg("--catalog")
            .arg(in_repo(catalog));
        c
    }

    fn runner() -> String {
        format!("sh {}", in_repo("fixtures/run/agent.sh").display())
    }

    fn run_ids(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(self.sb.work().join(".agent-state/re0"))
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .map(|e| e.file_name().into_string().unwrap())
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    }

    fn run_dir(&self) -> PathBuf {
        let ids = self.run_ids();
        assert_eq!(ids.len(), 1, "{ids:?}");
        self.sb.work().join(".agent-state/re0").join(&ids[0])
    }

    fn state(&self) -> Value {
        serde_json::from_str(&std::fs::read_to_string(self.run_dir().join("state.json")).unwrap())
            .unwrap()
    }

    fn agent_calls(&self) -> Vec<String> {
        std::fs::read_to_string(self.log())
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// `re0 next --format json`.
    fn next(&self, catalog: &str) -> Value {
        let out = self
            .cmd(catalog)
            .args(["next", "--format", "json"])
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    }

    fn events(&self) -> Vec<Value> {
        std::fs::read_to_string(self.run_dir().join("events.ndjson"))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
}

const DEV: &str = "catalogs/dev-workflow";
const SHIP: &str = "review and ship my change";

fn step_status(state: &Value, id: &str) -> String {
    state["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .unwrap()["status"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn seed_story_blocker_rework_human_release_resume_completes() {
    let ws = Ws::new();
    let out = ws
        .cmd(DEV)
        .args(["run", SHIP, "--runner", &Ws::runner()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(4),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("s6 (release) is yours"), "{text}");
    assert!(text.contains("re0 handoff"), "{text}");
    assert_eq!(
        ws.agent_calls(),
        [
            "plan-change s1 a1",
            "implement-change s2 a1",
            "review-change s3 a1",
            "implement-change s2 a2",
            "review-change s3 a2",
            "write-release-notes s4 a1",
            "run-tests s5 a1",
        ]
    );
    let state = ws.state();
    assert_eq!(state["schema"], "re0/run-state@1");
    assert_eq!(state["state"], "waiting");
    assert_eq!(state["waiting"]["kind"], "human");
    assert_eq!(state["waiting"]["step"], "s6");
    // Revision 2 of the diff is the accepted one; the blocker is closed.
    assert_eq!(state["artifacts"]["diff"]["attempt"], 2);
    let blocker = &state["blockers"][0];
    assert_eq!(blocker["id"], "R-17");
    assert_eq!(blocker["open"], false);
    // suggested_route was recorded, never followed.
    let handoffs: Vec<String> = std::fs::read_dir(ws.run_dir().join("handoffs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(
        handoffs,
        [
            "001-s1-a1.json",
            "002-s2-a1.json",
            "003-s3-a1.json",
            "004-s2-a2.json",
            "005-s3-a2.json",
            "006-s4-a1.json",
            "007-s5-a1.json"
        ]
    );
    let h3: Value = serde_json::from_str(
        &std::fs::read_to_string(ws.run_dir().join("handoffs/003-s3-a1.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        h3["submitted"]["suggested_route"],
        "skip straight to release"
    );
    assert_eq!(h3["re0"]["accepted"], true);
    // The person does the release and records it.
    std::fs::write(ws.sb.work().join("release.txt"), "v1.0 published\n").unwrap();
    let id = ws.run_ids()[0].clone();
    ws.cmd(DEV)
        .args([
            "handoff",
            &id,
            "s6",
            "--status",
            "complete",
            "--artifact",
            "published-release=release.txt",
        ])
        .assert()
        .code(0);
    let out = ws.cmd(DEV).args(["run", "--resume"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("completed"), "{text}");
    assert_eq!(ws.state()["state"], "completed");
    // Resume ran nothing again.
    assert_eq!(ws.agent_calls().len(), 7);
    let events: Vec<String> = ws
        .events()
        .iter()
        .map(|e| e["event"].as_str().unwrap().to_string())
        .collect();
    assert!(events.contains(&"resumed".to_string()));
    assert_eq!(events.last().unwrap(), "completed");
    assert!(ws
        .events()
        .iter()
        .all(|e| e["who"].as_str().unwrap().contains(" pid ")));
    let context = std::fs::read_to_string(ws.run_dir().join("CONTEXT.md")).unwrap();
    assert!(context.contains(&format!("run_id: {id}")));
    assert!(context.contains(&format!("state_revision: {}", ws.state()["revision"])));
    // A completed run is never resumed.
    ws.cmd(DEV).args(["run", "--resume", &id]).assert().code(2);
}

#[test]
fn no_runner_stops_before_the_first_model_step() {
    let ws = Ws::new();
    let out = ws
        .cmd(DEV)
        .args(["run", SHIP])
        .env_remove("RE0_RUNNER")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("no runner is configured: pass --runner claude"),
        "{text}"
    );
    let state = ws.state();
    assert_eq!(state["waiting"]["kind"], "runner");
    assert_eq!(state["waiting"]["step"], "s1");
    assert_eq!(step_status(&state, "s1"), "pending");
    assert!(ws.agent_calls().is_empty());
    // Resuming with a runner goes on from there.
    ws.cmd(DEV)
        .args(["run", "--resume", "--runner", &Ws::runner()])
        .assert()
        .code(4);
    assert_eq!(ws.agent_calls()[0], "plan-change s1 a1");
}

#[test]
fn invalid_or_missing_handoffs_are_failed_attempts_then_steering() {
    for mode in ["invalid", "no-handoff", "wrong-step", "missing", "escape"] {
        let ws = Ws::new();
        let out = ws
            .cmd(DEV)
            .env("AGENT_MODE", mode)
            .args([
                "run",
                SHIP,
                "--runner",
                &Ws::runner(),
                "--max-attempts",
                "2",
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(4), "{mode}");
        let state = ws.state();
        assert_eq!(state["waiting"]["kind"], "steering", "{mode}");
        let s1 = &state["steps"][0];
        assert_eq!(s1["status"], "pending", "{mode}");
        assert_eq!(s1["attempts"], 2, "{mode}");
        assert!(
            state["artifacts"].as_object().unwrap().is_empty(),
            "{mode}: nothing accepted"
        );
        let note = s1["note"].as_str().unwrap();
        let want = match mode {
            "invalid" => "not valid",
            "no-handoff" => "no handoff was written",
            "wrong-step" => "names step 's99'",
            "missing" => "does not exist",
            _ => "leaves the workspace",
        };
        assert!(note.contains(want), "{mode}: {note}");
        let h: Value = serde_json::from_str(
            &std::fs::read_to_string(ws.run_dir().join("handoffs/001-s1-a1.json")).unwrap(),
        )
        .unwrap();
        assert_eq!(h["re0"]["accepted"], false);
        // --retry gives the step more attempts.
        let id = ws.run_ids()[0].clone();
        ws.cmd(DEV)
            .env("AGENT_MODE", "normal")
            .args([
                "run",
                "--resume",
                &id,
                "--retry",
                "s1",
                "--runner",
                &Ws::runner(),
            ])
            .assert()
            .code(4);
        assert_eq!(step_status(&ws.state(), "s1"), "accepted", "{mode}");
    }
}

#[test]
fn blocked_gate_waits_for_steering_at_once() {
    let ws = Ws::new();
    ws.cmd(DEV)
        .env("AGENT_MODE", "blocked")
        .args(["run", SHIP, "--runner", &Ws::runner()])
        .assert()
        .code(4);
    let state = ws.state();
    assert_eq!(state["waiting"]["kind"], "steering");
    assert_eq!(state["steps"][0]["attempts"], 1);
    assert!(state["steps"][0]["note"]
        .as_str()
        .unwrap()
        .contains("cannot reach the repository"));
}

#[test]
fn runner_timeout_is_a_failed_attempt_and_kills_the_runner() {
    let ws = Ws::new();
    let start = std::time::Instant::now();
    ws.cmd(DEV)
        .env("AGENT_MODE", "sleep")
        .args([
            "run",
            SHIP,
            "--runner",
            &Ws::runner(),
            "--runner-timeout",
            "1",
            "--max-attempts",
            "1",
        ])
        .assert()
        .code(4);
    assert!(start.elapsed().as_secs() < 25, "the runner was not killed");
    let state = ws.state();
    assert!(state["steps"][0]["note"]
        .as_str()
        .unwrap()
        .contains("timed out after 1s"));
    assert_eq!(state["waiting"]["kind"], "steering");
    assert!(ws.run_dir().join("logs/s1-a1.log").is_file());
}

#[test]
fn changed_artifact_after_acceptance_makes_downstream_stale() {
    let ws = Ws::new();
    ws.cmd(DEV)
        .args(["run", SHIP, "--runner", &Ws::runner()])
        .assert()
        .code(4);
    let calls = ws.agent_calls().len();
    std::fs::write(ws.sb.work().join("diff.patch"), "diff edited by a person\n").unwrap();
    ws.cmd(DEV)
        .args(["run", "--resume", "--runner", &Ws::runner()])
        .assert()
        .code(4);
    let again: Vec<String> = ws.agent_calls()[calls..].to_vec();
    assert_eq!(
        again,
        [
            "review-change s3 a3",
            "write-release-notes s4 a2",
            "run-tests s5 a2"
        ]
    );
    let changed = ws
        .events()
        .into_iter()
        .find(|e| e["event"] == "artifact-changed")
        .unwrap();
    assert_eq!(changed["detail"]["artifact"], "diff");
    assert_eq!(
        changed["detail"]["reopened"],
        serde_json::json!(["s3", "s4", "s5"])
    );
    // The person's edit is kept, not overwritten by re-running implement.
    assert_eq!(
        std::fs::read_to_string(ws.sb.work().join("diff.patch")).unwrap(),
        "diff edited by a person\n"
    );
}

#[test]
fn skipped_prerequisite_ends_incomplete_never_completed() {
    let ws = Ws::new();
    let out = ws
        .cmd("fixtures/plan/rules")
        .args([
            "run",
            "deploy the site and announce the launch",
            "--runner",
            &Ws::runner(),
            "--grant",
            "deploy",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("ended incomplete"), "{text}");
    assert_eq!(ws.state()["state"], "incomplete");
    assert!(ws.agent_calls().is_empty());
}

#[test]
fn conditional_step_resolves_at_run_time() {
    let ws = Ws::new();
    // lint-docs skips unless a docs-diff artifact exists: none does.
    let out = ws
        .cmd("fixtures/plan/rules")
        .args(["run", "lint the docs", "--runner", &Ws::runner()])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let state = ws.state();
    assert_eq!(state["state"], "completed");
    assert_eq!(step_status(&state, "s1"), "skipped");
    assert!(state["steps"][0]["note"]
        .as_str()
        .unwrap()
        .starts_with("skip-when holds"));
}

#[test]
fn cancel_is_terminal() {
    let ws = Ws::new();
    ws.cmd(DEV).args(["run", SHIP]).assert().code(4);
    let id = ws.run_ids()[0].clone();
    ws.cmd(DEV).args(["cancel", &id]).assert().code(0);
    assert_eq!(ws.state()["state"], "cancelled");
    ws.cmd(DEV).args(["cancel", &id]).assert().code(2);
    let out = ws.cmd(DEV).args(["run", "--resume", &id]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("never resumed"));
    // With no unfinished run, a bare --resume says so.
    let out = ws.cmd(DEV).args(["run", "--resume"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no unfinished run"));
}

#[test]
fn several_unfinished_runs_are_listed_not_guessed() {
    let ws = Ws::new();
    ws.cmd(DEV).args(["run", SHIP]).assert().code(4);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    ws.cmd(DEV)
        .args(["run", "update the lockfile"])
        .assert()
        .code(4);
    let out = ws.cmd(DEV).args(["run", "--resume"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("several unfinished runs"), "{err}");
    let ids = ws.run_ids();
    assert!(err.contains(&ids[0]) && err.contains(&ids[1]), "{err}");
    let runs: Value = serde_json::from_slice(
        &ws.cmd(DEV)
            .args(["runs", "--format", "json"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert_eq!(runs["runs"].as_array().unwrap().len(), 2);
}

#[test]
fn agent_drives_with_next_and_handoff() {
    let ws = Ws::new();
    ws.cmd(DEV)
        .args(["run", "plan the change"])
        .assert()
        .code(4);
    let id = ws.run_ids()[0].clone();
    let next = ws.next(DEV);
    assert_eq!(next["schema"], "re0/next@1");
    assert_eq!(next["action"], "invoke-model-skill");
    assert_eq!(next["step"]["id"], "s1");
    assert_eq!(next["step"]["attempt"], 1);
    assert!(next["step"]["prompt"]
        .as_str()
        .unwrap()
        .contains("Expected output: plan"));
    let handoff_path = next["step"]["handoff_path"].as_str().unwrap().to_string();
    // The agent does the step and writes its handoff.
    std::fs::write(ws.sb.work().join("plan.md"), "the plan\n").unwrap();
    std::fs::write(
        &handoff_path,
        r#"{"step": "s1", "attempt": 1, "status": "complete", "artifacts": [{"name": "plan", "path": "plan.md"}]}"#,
    )
    .unwrap();
    ws.cmd(DEV)
        .args(["handoff", &id, "s1", "--file", &handoff_path])
        .assert()
        .code(0);
    let next = ws.next(DEV);
    assert_eq!(next["done"], true);
    assert_eq!(next["state"], "completed");
}

#[test]
fn decision_is_answered_with_outcome_and_reaches_the_next_prompt() {
    let ws = Ws::new();
    let runner = Ws::runner();
    let args = [
        "run",
        "apply the database migration",
        "--runner",
        &runner,
        "--grant",
        "deploy",
    ];
    ws.cmd(DEV).args(args).assert().code(4);
    let state = ws.state();
    assert_eq!(state["waiting"]["kind"], "decision");
    let step = state["waiting"]["step"].as_str().unwrap().to_string();
    let id = ws.run_ids()[0].clone();
    ws.cmd(DEV)
        .args(["handoff", &id, &step, "--status", "complete"])
        .assert()
        .code(2);
    ws.cmd(DEV)
        .args([
            "handoff",
            &id,
            &step,
            "--status",
            "complete",
            "--outcome",
            "Saturday 02:00 UTC",
        ])
        .assert()
        .code(0);
    ws.cmd(DEV)
        .args(["run", "--resume", "--runner", &runner])
        .assert()
        .code(4);
    let state = ws.state();
    assert_eq!(state["waiting"]["kind"], "human");
    let next = ws.next(DEV);
    assert_eq!(next["step"]["target"], "migrate-database");
}

#[test]
fn handoff_for_a_step_that_is_not_ready_is_refused() {
    let ws = Ws::new();
    ws.cmd(DEV).args(["run", SHIP]).assert().code(4);
    let id = ws.run_ids()[0].clone();
    let out = ws
        .cmd(DEV)
        .args(["handoff", &id, "s3", "--status", "complete"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not ready: it waits for s2"));
    ws.cmd(DEV).args(["handoff", &id, "s42"]).assert().code(2);
}

#[test]
fn a_text_guard_is_judged_by_a_recorded_runner() {
    // The runner asked whether "the copy was already approved by legal"
    // holds is on record in runner.json while it answers, as a step's
    // runner is: a resume after a kill would find it.
    let ws = Ws::new();
    let script = ws.sb.path().join("judge.sh");
    std::fs::write(
        &script,
        "input=$(cat)\n\
         if [ -f \".agent-state/re0/$RE0_RUN_ID/runner.json\" ]; then echo recorded >> \"$AGENT_LOG\"; fi\n\
         case \"$input\" in *\"Answer with one word\"*) echo yes ;; esac\n",
    )
    .unwrap();
    let out = ws
        .cmd("fixtures/plan/rules")
        .args(["run", "polish the copy", "--runner"])
        .arg(format!("sh {}", script.display()))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let state = ws.state();
    assert_eq!(step_status(&state, "s1"), "skipped");
    assert_eq!(ws.agent_calls(), ["recorded"]);
    let run = ws.sb.work().join(".agent-state/re0").join(&ws.run_ids()[0]);
    assert!(
        !run.join("runner.json").exists(),
        "the record outlived the runner"
    );
}
