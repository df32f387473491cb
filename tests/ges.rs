//! Running GES graphs as step gates, with real commands.

mod common;

use common::{in_repo, Sandbox};
use serde_json::Value;
use std::path::PathBuf;

struct Ws(Sandbox);

impl Ws {
    fn new() -> Ws {
        Ws(Sandbox::repository())
    }
    fn re0(&self) -> assert_cmd::Command {
        let mut c = self.0.re0();
        c.arg("--catalog").arg(in_repo("fixtures/ges/run"));
        c
    }
    fn run_dir(&self) -> PathBuf {
        let base = self.0.work().join(".agent-state/re0");
        let mut ids: Vec<_> = std::fs::read_dir(&base)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        ids.sort();
        ids.pop().unwrap()
    }
    fn state(&self) -> Value {
        serde_json::from_str(&std::fs::read_to_string(self.run_dir().join("state.json")).unwrap())
            .unwrap()
    }
    fn graph_state(&self, step: &str, attempt: u32) -> Value {
        let p = self
            .run_dir()
            .join("ges")
            .join(format!("{step}-a{attempt}.json"));
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    }
    fn file(&self, rel: &str) -> String {
        std::fs::read_to_string(self.0.work().join(rel)).unwrap_or_default()
    }
}

#[test]
fn review_loop_bounded_by_retries_runs_to_its_terminal() {
    let ws = Ws::new();
    let out = ws
        .re0()
        .args(["run", "/review-loop", "--grant", "exec"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let g = ws.graph_state("s1", 1);
    assert_eq!(g["status"], "done");
    assert_eq!(g["active"]["done"]["at"], "__done__", "{g}");
    assert_eq!(g["visits"]["draft"], 2);
    assert_eq!(g["vars"]["verdict"]["approved"], true);
    assert_eq!(g["vars"]["revision"], 2);
    assert_eq!(ws.file("review.md"), "approved at revision 2\n");
    let s = ws.state();
    assert_eq!(s["state"], "completed");
    assert_eq!(s["artifacts"]["review"]["path"], "review.md");
}

#[test]
fn without_exec_the_step_is_a_user_handoff_saying_so() {
    let ws = Ws::new();
    let plan: Value = serde_json::from_slice(
        &ws.re0()
            .args(["plan", "/review-loop", "--format", "json"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert_eq!(plan["steps"][0]["type"], "user-handoff");
    assert!(plan["steps"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("needs exec"));
    // Granting exec for this one skill is enough.
    let plan: Value = serde_json::from_slice(
        &ws.re0()
            .args([
                "plan",
                "/review-loop",
                "--format",
                "json",
                "--grant",
                "exec:review-loop",
            ])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert_eq!(plan["steps"][0]["type"], "invoke-model-skill");
    ws.re0().args(["run", "/review-loop"]).assert().code(4);
    assert!(
        !ws.0.work().join("draft.txt").exists(),
        "no command ran without exec"
    );
}

#[test]
fn stuck_is_reported_with_node_and_values() {
    let ws = Ws::new();
    ws.re0()
        .args(["run", "/stuck-graph", "--grant", "exec"])
        .assert()
        .code(4);
    let s = ws.state();
    let note = s["steps"][0]["note"].as_str().unwrap();
    assert!(note.contains("STUCK at node 'start'"), "{note}");
    assert!(note.contains("\"x\":1"), "{note}");
    assert_eq!(s["waiting"]["kind"], "steering");
    assert_eq!(ws.graph_state("s1", 1)["status"], "stuck");
}

#[test]
fn failing_verify_fails_the_action_after_its_retries() {
    let ws = Ws::new();
    ws.re0()
        .args([
            "run",
            "/verify-fail",
            "--grant",
            "exec",
            "--max-attempts",
            "1",
        ])
        .assert()
        .code(4);
    let s = ws.state();
    let note = s["steps"][0]["note"].as_str().unwrap();
    assert!(
        note.contains("verify `test -f no-such-file-here` failed"),
        "{note}"
    );
    // retry: 1 ran the action twice in the one attempt.
    assert_eq!(ws.file(".verify-attempts"), "built\nbuilt\n");
}

#[test]
fn optional_failure_does_not_stop_the_graph() {
    let ws = Ws::new();
    ws.re0()
        .args(["run", "/optional-fail", "--grant", "exec"])
        .assert()
        .code(0);
    let g = ws.graph_state("s1", 1);
    assert!(g["history"][0]
        .as_str()
        .unwrap()
        .contains("failed, optional"));
    assert_eq!(g["vars"]["result"]["ok"], true);
}

#[test]
fn loop_runs_an_action_per_item() {
    let ws = Ws::new();
    ws.re0()
        .args(["run", "/loop-list", "--grant", "exec"])
        .assert()
        .code(0);
    let g = ws.graph_state("s1", 1);
    assert_eq!(
        g["vars"]["results"],
        serde_json::json!(["a-done", "b-done", "c-done"])
    );
    // The list became an artifact file inside the run folder.
    let s = ws.state();
    let path = s["artifacts"]["results"]["path"].as_str().unwrap();
    assert!(path.starts_with(".agent-state/re0/"), "{path}");
}

#[test]
fn a_killed_graph_resumes_at_the_next_action() {
    let ws = Ws::new();
    let out = ws
        .re0()
        .env("RE0_FAULT", "ges-action-done:2")
        .args(["run", "/three-steps", "--grant", "exec"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), None, "killed");
    assert_eq!(ws.file(".ges-trace"), "1\n2\n");
    assert_eq!(ws.graph_state("s1", 1)["active"]["work"]["action"], 2);
    // Authority is never read back from disk: the resume grants exec again.
    ws.re0()
        .args(["run", "--resume", "--grant", "exec"])
        .assert()
        .code(0);
    assert_eq!(
        ws.file(".ges-trace"),
        "1\n2\n3\n",
        "actions 1 and 2 ran once"
    );
    let s = ws.state();
    assert_eq!(s["steps"][0]["attempts"], 1, "the same attempt went on");
    assert_eq!(s["state"], "completed");
}

#[test]
fn graph_and_show_draw_the_graph() {
    let ws = Ws::new();
    let out = ws
        .re0()
        .args(["graph", "review-loop", "--format", "dot"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("\"review\" -> \"draft\" [label=\"changes requested\"];"),
        "{text}"
    );
    let out = ws.re0().args(["show", "review-loop"]).output().unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("n_review -->|\"verdict.approved\"| n_record"));
    ws.re0()
        .args(["graph", "stuck-graph", "--format", "json"])
        .assert()
        .code(0);
}

#[test]
fn prompts_go_through_the_runner_and_text_guards_are_judged() {
    let ws = Ws::new();
    let log = ws.0.path().join("model.log");
    let runner = format!("sh {}", in_repo("fixtures/ges/model.sh").display());
    let mut cmd = ws.0.re0();
    cmd.arg("--catalog")
        .arg(in_repo("fixtures/ges/ask"))
        .env("MODEL_LOG", &log)
        .args(["run", "/ask-model", "--runner", &runner]);
    cmd.assert().code(0);
    let g = ws.graph_state("s1", 1);
    assert_eq!(g["vars"]["answer"]["text"], "Paris, certainly");
    assert_eq!(g["vars"]["summary"]["short"], "Paris");
    assert_eq!(g["judgements"][0]["guard"], "the answer sounds confident");
    assert_eq!(g["judgements"][0]["verdict"], true);
    let prompts = std::fs::read_to_string(&log).unwrap();
    assert!(
        prompts.contains("What is the capital of /ask-model?"),
        "the prompt file was read and filled in: {prompts}"
    );
    assert!(prompts.contains("Summarize: Paris, certainly"));
    // Without a runner the run waits for one before the graph starts.
    let ws = Ws::new();
    let mut cmd = ws.0.re0();
    cmd.arg("--catalog")
        .arg(in_repo("fixtures/ges/ask"))
        .args(["run", "/ask-model"]);
    cmd.assert().code(4);
    assert_eq!(ws.state()["waiting"]["kind"], "runner");
}
