//! GES conformance, continued: the security rules, then the rules of
//! GES v1.1 (the project's commit 79abad7) and v2.0 (its head) where re0
//! once differed. Every graph here is written for these tests.

mod common;
mod ges_support;

use common::in_repo;
use ges_support::{codes, logging_model, one, prompts, Ges};
use serde_json::Value;

// ------------------------------------------------------------ security --

#[test]
fn s1_a_prompt_file_never_leads_out_of_the_skill() {
    let ws = Ges::new();
    let secret = ws.sb.path().join("id_rsa");
    std::fs::write(&secret, "PRIVATE KEY MATERIAL").unwrap();
    let dir = ws.skill(
        "leaky",
        "",
        &[(
            "leaky.ges.yaml",
            "schema: ges/1.0\nmeta: {name: leaky, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions: [{id: ask, prompt: ./p.md}]\nedges:\n  - {from: a, to: end}\n",
        )],
    );
    std::os::unix::fs::symlink(&secret, dir.join("p.md")).unwrap();
    let (found, _) = ws.check();
    assert!(
        found
            .iter()
            .any(|(c, _, m)| c == "ges-action" && m.contains("outside the skill folder")),
        "{found:?}"
    );
    let (model, log) = logging_model(&ws, "ok");
    let (code, _) = ws.go("leaky", &["--runner", &model, "--max-attempts", "1"]);
    assert_eq!(code, Some(4));
    assert!(
        !prompts(&log).contains("PRIVATE KEY"),
        "the secret reached the model"
    );
    assert!(ws.state()["steps"][0]["note"]
        .as_str()
        .unwrap()
        .contains("outside the skill folder"));
}

#[test]
fn s2_fifos_and_devices_never_hang_a_read() {
    let ws = Ges::new();
    let dir = ws.skill(
        "special",
        "",
        &[(
            "special.ges.yaml",
            "schema: ges/1.0\nmeta: {name: special, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions:\n      - {id: one, prompt: ./fifo.md}\n      - {id: two, prompt: ./zero.md}\nedges:\n  - {from: a, to: end}\n",
        )],
    );
    let mkfifo = |p: &std::path::Path| {
        assert!(std::process::Command::new("mkfifo")
            .arg(p)
            .status()
            .unwrap()
            .success());
    };
    mkfifo(&dir.join("fifo.md"));
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.md")).unwrap();
    let fifo_graph = ws.skill("fifo-graph", "", &[]);
    mkfifo(&fifo_graph.join("fifo-graph.ges.yaml"));
    let out = ws
        .re0()
        .args(["check", "--format", "json"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let msgs: Vec<String> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| format!("{} {}", f["code"], f["message"]))
        .collect();
    assert!(
        msgs.iter()
            .any(|m| m.contains("fifo.md") && m.contains("FIFO")),
        "{msgs:?}"
    );
    assert!(
        msgs.iter()
            .any(|m| m.contains("zero.md") && m.contains("outside the skill folder")),
        "{msgs:?}"
    );
    assert!(
        msgs.iter()
            .any(|m| m.contains("ges-invalid") && m.contains("FIFO")),
        "{msgs:?}"
    );
}

// ----------------------------------------------------------------- 1.1 --

#[test]
fn v11_a_nested_graph_has_its_own_state_and_contracts() {
    let ws = Ges::new();
    ws.skill(
        "outer",
        "",
        &[
            (
                "outer.ges.yaml",
                "schema: ges/1.1\nmeta: {name: outer, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions:\n      - {id: secret, run: \"echo hidden\", output: [parent_only]}\n      - {id: call, run: ./inner.ges.yaml, prompt: \"data {{parent_only}}\", output: [result]}\nedges:\n  - {from: a, to: end}\n",
            ),
            (
                "inner.ges.yaml",
                "schema: ges/1.1\nmeta: {name: inner, entry: p, terminal: [done], output: [result]}\nnodes:\n  p:\n    actions:\n      - {id: see, run: \"printf '%s|%s' {{_input}} '{{parent_only}}' > inner-saw.txt\"}\n      - {id: work, run: \"echo 42\", output: [result]}\n      - {id: private, run: \"echo internal\", output: [scratch]}\nedges:\n  - {from: p, to: done}\n",
            ),
        ],
    );
    let (found, _) = ws.check();
    // The inner graph cannot see the parent's variable: check says so.
    assert!(
        found
            .iter()
            .any(|(c, _, m)| c == "ges-undefined-var" && m.contains("parent_only")),
        "{found:?}"
    );
    let (code, out) = ws.go("outer", &[]);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(ws.file("inner-saw.txt"), "data hidden|{{parent_only}}");
    let g = ws.graph("s1", 1);
    assert_eq!(g["vars"]["result"], 42);
    assert!(
        g["vars"].get("scratch").is_none(),
        "only meta.output comes back"
    );
    let child = ws.json_file("ges/s1-a1.a-v1.call.json");
    assert_eq!(child["vars"]["scratch"], "internal");
    assert_eq!(child["vars"]["_input"], "data hidden");
}

#[test]
fn v11_a_missing_required_input_stops_the_graph() {
    let ws = Ges::new();
    one(
        &ws,
        "needs-input",
        "schema: ges/1.1\nmeta:\n  name: needs-input\n  entry: a\n  terminal: [end]\n  input: {type: object, required: [ticket], properties: {ticket: {type: string}, mode: {type: string, default: fast}}}\nnodes:\n  a:\n    actions: [{id: go, run: \"printf '%s' {{mode}} > mode.txt\"}]\nedges:\n  - {from: a, to: end}\n",
    );
    let (code, _) = ws.go("needs-input", &["--max-attempts", "1"]);
    assert_eq!(code, Some(4));
    let note = ws.state()["steps"][0]["note"].as_str().unwrap().to_string();
    assert!(note.contains("needs input 'ticket'"), "{note}");
    assert!(!ws.exists("mode.txt"));
}

#[test]
fn v11_a_handoff_is_recorded_and_shown_never_followed() {
    let ws = Ges::new();
    let shapes = in_repo("fixtures/ges/shapes/v11/compile");
    let mut c = ws.sb.re0();
    let (model, log) = logging_model(&ws, "v9");
    let out = c
        .arg("--catalog")
        .arg(shapes.parent().unwrap())
        .args(["run", "/compile", "--runner", &model])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains(
            "handed off to ./ship.ges.yaml: recorded, not followed (only the plan routes a run)"
        ),
        "{text}"
    );
    let p = prompts(&log);
    assert!(p.contains("Build the project."));
    assert!(!p.contains("Ship version"), "the handoff was followed");
    let g = ws.json_file("ges/s1-a1.json");
    assert_eq!(g["handoff"]["skill"], "ship");
    let keys: Vec<&String> = g["handoff"]["payload"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(keys, ["bundle", "tested", "tag"], "in meta.output's order");
    let status = ws.run(&["status", "--format", "json"]);
    let s: Value = serde_json::from_slice(&status.stdout).unwrap();
    assert!(
        s["run"]["steps"][0]["outcome"]
            .as_str()
            .unwrap()
            .contains("handed off to ship"),
        "{s}"
    );
}

// ----------------------------------------------------------------- 2.0 --

#[test]
fn v20_tags_are_read_the_way_the_ges_loader_reads_them() {
    let ws = Ges::new();
    ws.skill(
        "tags",
        "",
        &[(
            "tags.ges.md",
            "---\nschema: ges/2.0\nname: tags\n---\n\n# Tags\n\n<graph>\n<node id=\"s\" entry run=\"echo '{}' > /dev/null; echo 1\" output=\"one\" />\n<node id=\"m\">\n  <action id=\"x\" run=\"echo 2\" output=\"two\" optional />\n</node>\n<node id=bad run=./nope />\n<node id=\"end\" terminal />\n<edge from=\"s\" to=\"m\" when=\"one > 0\" />\n<edge from=\"m\" to=\"end\" />\n</graph>\n\n```md\n## [not-a-prompt]\n```\n",
        )],
    );
    let (found, status) = ws.check();
    assert_eq!(status, 0, "{found:?}");
    assert_eq!(codes(&found), ["ges-extension-key"], "{found:?}");
    assert_eq!(found[0].1, Some(13));
    let (code, out) = ws.go("tags", &[]);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(ws.graph("s1", 1)["vars"]["two"], 2);
}

#[test]
fn v20_a_markdown_graph_beside_skill_md_is_found_checked_and_run() {
    let ws = Ges::new();
    let shapes = in_repo("fixtures/ges/shapes/v2");
    let (model, log) = logging_model(&ws, "hello there");
    let mut c = ws.sb.re0();
    let out = c
        .arg("--catalog")
        .arg(&shapes)
        .args(["run", "/greet", "--runner", &model])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let p = prompts(&log);
    assert!(
        p.contains("Greet the user and ask what they need.")
            && p.contains("Answer the user's request.")
    );
    let mut c = ws.sb.re0();
    let show = c
        .arg("--catalog")
        .arg(&shapes)
        .args(["show", "greet", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&show.stdout).unwrap();
    assert!(v["ges"].as_str().unwrap().ends_with("greet.ges.md"), "{v}");
}
