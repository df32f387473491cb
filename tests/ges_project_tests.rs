//! The twelve scenarios of the GES project's own v1.0 loader and executor
//! tests, re-expressed as re0 runs over `fixtures/ges/shapes` (shapes of
//! the project's examples, written for re0).

mod common;
mod ges_support;

use common::in_repo;
use ges_support::{logging_model, one, prompts, Ges};
use serde_json::Value;

// ------------------------------------------- the GES project's own tests --
// src/__tests__/loader.test.ts and executor.test.ts at e65c576.

fn shapes_v1() -> Ges {
    Ges::new()
}

fn graph_json(ws: &Ges, skill: &str) -> Value {
    let mut c = ws.sb.re0();
    let out = c
        .arg("--catalog")
        .arg(in_repo("fixtures/ges/shapes/v1"))
        .args(["graph", skill, "--format", "json"])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

fn run_v1(ws: &Ges, skill: &str, extra: &[&str]) -> std::process::Output {
    let mut c = ws.sb.re0();
    c.arg("--catalog")
        .arg(in_repo("fixtures/ges/shapes/v1"))
        .args(["run", &format!("/{skill}")])
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn upstream_loader_loads_simple_example() {
    let g = graph_json(&shapes_v1(), "greet");
    assert_eq!(g["name"], "greet");
    assert_eq!(g["entry"], "start");
    assert_eq!(g["terminal"], serde_json::json!(["end"]));
    assert!(g["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n["id"] == "start"));
    assert_eq!(g["edges"].as_array().unwrap().len(), 2);
}

#[test]
fn upstream_loader_loads_review_loop_example() {
    let g = graph_json(&shapes_v1(), "review-cycle");
    assert_eq!(g["name"], "review-cycle");
    let declared = g["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["terminal"] == false)
        .count();
    assert_eq!(declared, 3);
    assert!(g["edges"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["from"] == "fix" && e["to"] == "review"));
}

#[test]
fn upstream_loader_loads_planex_example() {
    let ws = shapes_v1();
    let g = graph_json(&ws, "iterate");
    assert_eq!(g["name"], "iterate");
    let declared = g["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["terminal"] == false)
        .count();
    assert_eq!(declared, 7);
    let text = std::fs::read_to_string(in_repo("fixtures/ges/shapes/v1/iterate/iterate.ges.yaml"))
        .unwrap();
    for b in ["planner:", "auditor:", "finder:"] {
        assert!(text.contains(b));
    }
}

#[test]
fn upstream_loader_rejects_a_missing_graph() {
    let ws = Ges::new();
    let dir = ws.skill("gone", "", &[]);
    std::os::unix::fs::symlink(dir.join("nowhere.ges.yaml"), dir.join("gone.ges.yaml")).unwrap();
    let (found, status) = ws.check();
    assert_eq!(status, 1);
    assert!(
        found
            .iter()
            .any(|(c, _, m)| c == "ges-invalid" && m.contains("no such file")),
        "{found:?}"
    );
}

#[test]
fn upstream_executor_runs_simple_graph_to_completion() {
    let ws = shapes_v1();
    let (model, _) = logging_model(&ws, "hi");
    let out = run_v1(&ws, "greet", &["--runner", &model]);
    assert_eq!(out.status.code(), Some(0));
    let g = ws.json_file("ges/s1-a1.json");
    assert_eq!(g["status"], "done");
    assert!(g["active"].get("end").is_some());
}

#[test]
fn upstream_executor_step_mode_advances_one_action_at_a_time() {
    let ws = shapes_v1();
    let mut c = ws.sb.re0();
    c.arg("--catalog").arg(in_repo("fixtures/ges/shapes/v1"));
    c.args(["plan", "/greet"]).assert().code(0);
    assert_eq!(run_v1(&ws, "greet", &[]).status.code(), Some(4));
    let next = || {
        let mut c = ws.sb.re0();
        c.arg("--catalog")
            .arg(in_repo("fixtures/ges/shapes/v1"))
            .args(["next", "--grant", "exec"]);
        serde_json::from_slice::<Value>(&c.output().unwrap().stdout).unwrap()
    };
    let first = next();
    assert_eq!(
        (first["done"].clone(), first["graph"]["action"].clone()),
        (Value::Bool(false), "hello".into())
    );
    std::fs::write(first["graph"]["answer_path"].as_str().unwrap(), "hi").unwrap();
    let second = next();
    assert_eq!(second["graph"]["node"], "respond");
    std::fs::write(second["graph"]["answer_path"].as_str().unwrap(), "sure").unwrap();
    assert_eq!(next()["done"], true);
    assert!(ws.json_file("ges/s1-a1.json")["active"]
        .get("end")
        .is_some());
}

#[test]
fn upstream_executor_captures_output_variables() {
    let ws = shapes_v1();
    assert_eq!(
        run_v1(&ws, "iterate", &["--grant", "exec"]).status.code(),
        Some(4)
    );
    let next = || {
        let mut c = ws.sb.re0();
        c.arg("--catalog")
            .arg(in_repo("fixtures/ges/shapes/v1"))
            .args(["next", "--grant", "exec"]);
        serde_json::from_slice::<Value>(&c.output().unwrap().stdout).unwrap()
    };
    for answer in ["read", "[\"AC1: tests pass\"]"] {
        let q = next();
        std::fs::write(q["graph"]["answer_path"].as_str().unwrap(), answer).unwrap();
    }
    // The second answer's `verify` string is the next question.
    let q = next();
    assert_eq!(q["action"], "ges-judge", "{q}");
    assert_eq!(q["graph"]["action"], "criteria");
    std::fs::write(q["graph"]["answer_path"].as_str().unwrap(), "yes").unwrap();
    let _ = next();
    let g = ws.json_file("ges/s1-a1.json");
    assert_eq!(
        g["vars"]["criteria"],
        serde_json::json!(["AC1: tests pass"])
    );
}

#[test]
fn upstream_executor_expands_bindings_in_run_commands() {
    let ws = shapes_v1();
    let (model, _) = logging_model(&ws, "done");
    let out = run_v1(
        &ws,
        "review-cycle",
        &["--runner", &model, "--grant", "exec"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(ws.file("calls.log"), "--role review --mode analysis\n");
    assert_eq!(
        ws.json_file("ges/s1-a1.json")["vars"]["review_result"]["pass"],
        true
    );
}

#[test]
fn upstream_executor_resumes_from_saved_state() {
    let ws = shapes_v1();
    let (model, log) = logging_model(&ws, "hi");
    let mut c = ws.sb.re0();
    let out = c
        .env("RE0_FAULT", "ges-action-done:1")
        .arg("--catalog")
        .arg(in_repo("fixtures/ges/shapes/v1"))
        .args(["run", "/greet", "--runner", &model])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), None, "killed after the first action");
    assert_eq!(ws.json_file("ges/s1-a1.json")["graph"], "greet");
    let mut c = ws.sb.re0();
    c.arg("--catalog")
        .arg(in_repo("fixtures/ges/shapes/v1"))
        .args(["run", "--resume", "--runner", &model])
        .assert()
        .code(0);
    let p = prompts(&log);
    assert_eq!(
        p.matches("Greet the user").count(),
        1,
        "the first action ran once"
    );
    assert_eq!(p.matches("Answer the user's request.").count(), 1);
}

#[test]
fn upstream_bindings_an_alias_resolves_with_its_arguments() {
    let ws = Ges::new();
    one(
        &ws,
        "expand",
        "schema: ges/1.0\nmeta: {name: expand, entry: a, terminal: [end]}\nbindings:\n  analyzer: \"printf '%s;' delegate --role analyze\"\nnodes:\n  a:\n    actions: [{id: go, run: \"analyzer --verbose > out.txt\"}]\nedges:\n  - {from: a, to: end}\n",
    );
    assert_eq!(ws.go("expand", &[]).0, Some(0));
    assert_eq!(ws.file("out.txt"), "delegate;--role;analyze;--verbose;");
}

#[test]
fn upstream_bindings_a_template_replaces_variables() {
    let ws = Ges::new();
    one(
        &ws,
        "template",
        "schema: ges/1.0\nmeta: {name: template, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions:\n      - {id: n, run: \"echo world\", output: [name]}\n      - {id: c, run: \"echo 42\", output: [count]}\n      - {id: say, prompt: \"hello {{name}}, count={{count}}\"}\nedges:\n  - {from: a, to: end}\n",
    );
    let (model, log) = logging_model(&ws, "ok");
    assert_eq!(ws.go("template", &["--runner", &model]).0, Some(0));
    assert!(prompts(&log).contains("hello world, count=42"));
}

#[test]
fn upstream_bindings_a_template_handles_nested_paths() {
    let ws = Ges::new();
    one(
        &ws,
        "nested-path",
        "schema: ges/1.0\nmeta: {name: nested-path, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions:\n      - {id: u, run: \"echo '{\\\"name\\\": \\\"Alice\\\"}'\", output: [user]}\n      - {id: say, prompt: \"{{user.name}}\"}\nedges:\n  - {from: a, to: end}\n",
    );
    let (model, log) = logging_model(&ws, "ok");
    assert_eq!(ws.go("nested-path", &["--runner", &model]).0, Some(0));
    assert!(prompts(&log).contains("<instruction>\nAlice\n</instruction>"));
}

// ------------------------------------- the shapes of the GES examples --

#[test]
fn the_shapes_of_the_ges_examples_check_with_only_their_real_gaps() {
    for v in ["v1", "v11", "v2"] {
        let (mut cmd, _home) = common::re0_repo();
        let out = cmd
            .args([
                "check",
                &format!("fixtures/ges/shapes/{v}"),
                "--format",
                "json",
            ])
            .output()
            .unwrap();
        let r: Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut errors: Vec<String> = Vec::new();
        let mut warnings: Vec<String> = Vec::new();
        for f in r["findings"].as_array().unwrap() {
            let m = format!(
                "{} {}",
                f["code"].as_str().unwrap(),
                f["message"].as_str().unwrap()
            );
            match f["severity"].as_str().unwrap() {
                "error" => errors.push(m),
                "warning" => warnings.push(m),
                _ => {}
            }
        }
        errors.sort();
        let names: Vec<&str> = errors
            .iter()
            .map(|e| {
                let s = e
                    .split_once(" uses {{")
                    .map(|(_, r)| r)
                    .or_else(|| e.split_once(" loops over '").map(|(_, r)| r))
                    .unwrap();
                s.split(['}', '\'', ' ']).next().unwrap()
            })
            .collect();
        let mut names = names;
        names.sort();
        assert_eq!(
            names,
            [
                "changed_files",
                "failures",
                "newly_fixed",
                "requirement",
                "still_passing",
                "topic",
                "work.tasks"
            ],
            "{v}: {errors:?}"
        );
        assert!(
            errors.iter().all(|e| e.starts_with("ges-undefined-var")),
            "{v}: {errors:?}"
        );
        assert_eq!(warnings.len(), 1, "{v}: {warnings:?}");
        assert!(warnings[0].starts_with("ges-unbounded-loop") && warnings[0].contains("intake"));
    }
}

#[test]
fn v20_a_graph_beside_a_command_file_is_its_graph_not_a_command() {
    let ws = Ges::new();
    let cmds = ws.work().join(".claude/commands");
    std::fs::create_dir_all(&cmds).unwrap();
    std::fs::write(
        cmds.join("tidy.md"),
        "---\ndescription: Tidy the workspace.\n---\nTidy up.\n",
    )
    .unwrap();
    std::fs::write(
        cmds.join("tidy.ges.md"),
        "---\nschema: ges/2.0\nname: tidy\n---\n<graph>\n<node id=\"sweep\" entry run=\"touch swept\" />\n<node id=\"end\" terminal />\n<edge from=\"sweep\" to=\"end\" />\n</graph>\n",
    )
    .unwrap();
    let list = ws
        .sb
        .re0()
        .args(["list", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&list.stdout).unwrap();
    let names = common::roster_names(&v);
    assert_eq!(names, ["tidy"], "{v}");
    ws.sb
        .re0()
        .args(["run", "/tidy", "--grant", "exec"])
        .assert()
        .code(0);
    assert!(ws.exists("swept"));
}
