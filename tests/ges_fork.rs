//! GES 1.1 fork/join and a GES 2.0 (`.ges.md`) graph, end to end: each
//! branch runs as its own attempt, joins wait for every branch, a nested
//! graph keeps its own state, a handoff is recorded and not followed, and a
//! run killed (like `kill -9`) in the middle of a fork resumes without
//! redoing finished work.

mod common;

use common::{in_repo, Sandbox};
use serde_json::Value;
use std::path::PathBuf;

struct Ws {
    sb: Sandbox,
    catalog: PathBuf,
}

impl Ws {
    fn new(catalog: &str) -> Ws {
        Ws {
            sb: Sandbox::repository(),
            catalog: in_repo(catalog),
        }
    }
    fn re0(&self) -> assert_cmd::Command {
        let mut c = self.sb.re0();
        c.arg("--catalog").arg(&self.catalog);
        c
    }
    fn run_dir(&self) -> PathBuf {
        let base = self.sb.work().join(".agent-state/re0");
        let mut ids: Vec<_> = std::fs::read_dir(&base)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        ids.sort();
        ids.pop().unwrap()
    }
    fn json(&self, rel: &str) -> Value {
        let p = self.run_dir().join(rel);
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap()
    }
    fn trace(&self) -> Vec<String> {
        std::fs::read_to_string(self.sb.work().join("trace"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }
    fn events(&self, prefix: &str) -> Vec<(String, Value)> {
        std::fs::read_to_string(self.run_dir().join("events.ndjson"))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|e| e["event"].as_str().unwrap().starts_with(prefix))
            .map(|e| {
                (
                    e["event"].as_str().unwrap().to_string(),
                    e["detail"].clone(),
                )
            })
            .collect()
    }
}

const FORK_TRACE: &[&str] = &[
    "intake", "lint-1", "lint-2", "tests-1", "tests-2", "docs-1", "docs-2", "decide",
];

fn fork_run(ws: &Ws) -> assert_cmd::Command {
    let mut c = ws.re0();
    c.args(["run", "/parallel-checks", "--grant", "exec"]);
    c
}

#[test]
fn a_fork_runs_every_branch_and_the_join_waits_for_all() {
    let ws = Ws::new("fixtures/ges/fork");
    fork_run(&ws).assert().code(0);
    assert_eq!(ws.trace(), FORK_TRACE);
    assert_eq!(
        std::fs::read_to_string(ws.sb.work().join("summary.txt")).unwrap(),
        "files=3 lint=true tests=true docs=true\n"
    );
    let g = ws.json("ges/s1-a1.json");
    assert_eq!(g["status"], "done");
    // The active map ends with the terminal alone.
    assert_eq!(g["active"].as_object().unwrap().len(), 1);
    assert_eq!(g["active"]["end"]["at"], "__done__");
    assert_eq!(g["vars"]["goal"], true);
    for b in ["lint", "tests", "docs"] {
        assert_eq!(g["branches"][b]["status"], "done", "{b}");
        assert_eq!(g["branches"][b]["attempt"], 1, "{b}");
        // Each branch logs on its own.
        assert!(ws.run_dir().join(format!("logs/s1-a1-{b}-b1.log")).exists());
    }
    let kinds: Vec<String> = ws.events("ges-").into_iter().map(|(k, _)| k).collect();
    assert_eq!(kinds.first().map(String::as_str), Some("ges-fork"));
    assert!(kinds.contains(&"ges-join".to_string()), "{kinds:?}");
    assert_eq!(
        kinds.iter().filter(|k| *k == "ges-branch-started").count(),
        3
    );
}

#[test]
fn a_failed_branch_is_retried_alone() {
    let ws = Ws::new("fixtures/ges/fork");
    fork_run(&ws).env("FLAKY", "1").assert().code(0);
    // tests failed once and ran again from its first node; lint and docs
    // ran once.
    assert_eq!(
        ws.trace(),
        [
            "intake", "lint-1", "lint-2", "tests-1", "tests-1", "tests-2", "docs-1", "docs-2",
            "decide"
        ]
    );
    let g = ws.json("ges/s1-a1.json");
    assert_eq!(g["branches"]["tests"]["attempt"], 2);
    assert_eq!(
        std::fs::read_to_string(ws.sb.work().join("branch-env")).unwrap(),
        "tests 1\ntests 2\n",
        "a branch's commands know which attempt they are"
    );
    assert_eq!(g["branches"]["lint"]["attempt"], 1);
    let failed: Vec<Value> = ws
        .events("ges-branch-failed")
        .into_iter()
        .map(|(_, d)| d)
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0]["branch"], "tests");
    // The step itself used one attempt.
    assert_eq!(ws.json("state.json")["steps"][0]["attempts"], 1);
}

#[test]
fn killed_anywhere_in_the_fork_it_resumes_without_redoing_work() {
    let mut inside_fork = 0;
    for n in 1..40 {
        let ws = Ws::new("fixtures/ges/fork");
        let out = fork_run(&ws)
            .env("RE0_FAULT", format!("ges-action-done:{n}"))
            .output()
            .unwrap();
        if out.status.code().is_some() {
            assert!(n > 8, "the run ended before the fault point {n}");
            break;
        }
        let before = ws.trace();
        let g = ws.json("ges/s1-a1.json");
        assert_eq!(g["status"], "running", "a whole state was left at {n}");
        if g["active"].as_object().unwrap().len() >= 2 {
            inside_fork += 1;
            assert!(!before.contains(&"decide".to_string()), "{before:?}");
        }
        // Authority is never read back from disk: the resume grants exec again.
        ws.re0()
            .args(["run", "--resume", "--grant", "exec"])
            .assert()
            .code(0);
        assert_eq!(ws.trace(), FORK_TRACE, "killed at action point {n}");
        let s = ws.json("state.json");
        assert_eq!(s["state"], "completed");
        assert_eq!(s["steps"][0]["attempts"], 1, "the same attempt went on");
    }
    assert!(
        inside_fork >= 5,
        "only {inside_fork} kills landed inside the fork"
    );
}

fn notes_run(ws: &Ws, log: &std::path::Path) -> assert_cmd::Command {
    let model = format!("sh {}", in_repo("fixtures/ges/notes-model.sh").display());
    let mut c = ws.re0();
    c.env("MODEL_LOG", log).args([
        "run",
        "/release-notes",
        "--grant",
        "exec",
        "--runner",
        &model,
    ]);
    c
}

#[test]
fn a_markdown_graph_runs_prompts_a_fork_a_loop_a_nested_graph_and_records_its_handoff() {
    let ws = Ws::new("fixtures/ges/md");
    let log = ws.sb.path().join("model.log");
    let out = notes_run(&ws, &log).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("handed off to ./publish.ges.md: recorded, not followed"),
        "{text}"
    );
    // The handoff was not followed: publishing never ran.
    assert_eq!(ws.trace(), ["gather", "spell", "links", "child"]);
    assert_eq!(
        std::fs::read_to_string(ws.sb.work().join("notes.md")).unwrap(),
        "Version 2: [\"Fixed the parser.\",\"Added a flag.\"]"
    );
    let g = ws.json("ges/s1-a1.json");
    assert_eq!(g["handoff"]["target"], "./publish.ges.md");
    assert_eq!(g["handoff"]["skill"], "publish-notes");
    assert_eq!(g["handoff"]["payload"]["notes"]["ok"], true);
    // The nested graph kept its own state; only its exports came back.
    let child = ws.json("ges/s1-a1.polish-v1.check.json");
    assert_eq!(child["graph"], "notes-check");
    assert!(child["vars"]["_input"]
        .as_str()
        .unwrap()
        .starts_with("Version 2: "));
    assert!(g["vars"].get("_input").is_none(), "{}", g["vars"]);
    assert_eq!(g["vars"]["notes"]["path"], "notes.md");
    // The gate's handoff names the handoff as a suggestion, never a route.
    let handoffs = std::fs::read_dir(ws.run_dir().join("handoffs")).unwrap();
    let h: Value = serde_json::from_str(
        &std::fs::read_to_string(handoffs.map(|e| e.unwrap().path()).next().unwrap()).unwrap(),
    )
    .unwrap();
    assert_eq!(
        h["submitted"]["suggested_route"]["handoff"],
        "./publish.ges.md"
    );
    // The loop item and the context reached the model.
    let prompts = std::fs::read_to_string(&log).unwrap();
    assert!(prompts.contains("\"index\": 1"), "{prompts}");
    assert!(prompts.contains("\"node\": \"polish\""));
    assert!(ws.run_dir().join("logs/s1-a1-spell-b1.log").exists());
}

#[test]
fn a_markdown_graph_killed_inside_its_fork_resumes_there() {
    // Kill at each unit of progress until one lands with the spell branch
    // finished and the links branch not yet run.
    let (ws, log) = (1..30)
        .find_map(|n| {
            let ws = Ws::new("fixtures/ges/md");
            let log = ws.sb.path().join("model.log");
            let out = notes_run(&ws, &log)
                .env("RE0_FAULT", format!("ges-action-done:{n}"))
                .output()
                .unwrap();
            assert_eq!(out.status.code(), None, "killed at {n}");
            let g = ws.json("ges/s1-a1.json");
            let mid = g["active"]["spell"]["done"] == true && g["active"]["links"]["done"] == false;
            mid.then_some((ws, log))
        })
        .expect("a kill inside the fork");
    assert_eq!(ws.trace(), ["gather", "spell"]);
    let model = format!("sh {}", in_repo("fixtures/ges/notes-model.sh").display());
    ws.re0()
        .env("MODEL_LOG", &log)
        .args(["run", "--resume", "--grant", "exec", "--runner", &model])
        .assert()
        .code(0);
    assert_eq!(ws.trace(), ["gather", "spell", "links", "child"]);
    assert_eq!(ws.json("state.json")["state"], "completed");
    let prompts = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        prompts.matches("Draft a title").count(),
        1,
        "the draft was not asked again"
    );
}
