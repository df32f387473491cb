//! GES conformance: one test per rule of the GES specification (v1.0 at
//! the GES project's commit e65c576, v1.1 at 79abad7, v2.0 at its head)
//! where re0 once differed, plus the twelve scenarios of the project's own
//! v1.0 loader and executor tests re-expressed as re0 runs.
//!
//! Every graph here is written for these tests; the shapes of the
//! project's examples live in `fixtures/ges/shapes`.

mod common;
mod ges_support;

use common::in_repo;
use ges_support::Ges;
use serde_json::Value;

fn one(ws: &Ges, name: &str, graph: &str) {
    ws.skill(name, "", &[(&format!("{name}.ges.yaml"), graph)]);
}

fn codes(found: &[(String, Option<u64>, String)]) -> Vec<&str> {
    found.iter().map(|(c, _, _)| c.as_str()).collect()
}

/// A stand-in model that logs every prompt and answers yes to judgements
/// and `reply` otherwise.
fn logging_model(ws: &Ges, reply: &str) -> (String, std::path::PathBuf) {
    let log = ws.sb.path().join("prompts.log");
    let model = ws.model(&format!(
        "input=$(cat)\nprintf '%s\\n---\\n' \"$input\" >> {}\ncase \"$input\" in\n  *\"Answer with one word, yes or no\"*) echo yes ;;\n  *) echo '{reply}' ;;\nesac",
        log.display()
    ));
    (model, log)
}

fn prompts(log: &std::path::Path) -> String {
    std::fs::read_to_string(log).unwrap_or_default()
}

// ---------------------------------------------------------------- v1.0 --

/// Rule 1 (the injection tests cover every context): a value inside the
/// author's own quotes is data.
#[test]
fn r01_a_quoted_placeholder_never_runs_its_value() {
    let ws = Ges::new();
    one(
        &ws,
        "quoted",
        r#"schema: ges/1.0
meta: {name: quoted, entry: a, terminal: [end]}
nodes:
  a:
    actions:
      - {id: load, run: "cat v.json", output: [v]}
      - {id: use, run: "searcher() { printf '%s' \"$1\" > got.txt; }; searcher '{{v.k}}'"}
edges:
  - {from: a, to: end}
"#,
    );
    std::fs::write(ws.work().join("v.json"), r#"{"k": "x'; touch X; '"}"#).unwrap();
    let (code, out) = ws.go("quoted", &[]);
    assert_eq!(code, Some(0), "{out}");
    assert!(!ws.exists("X"));
    assert_eq!(ws.file("got.txt"), "x'; touch X; '");
}

#[test]
fn r02_output_is_a_list_of_names() {
    let ws = Ges::new();
    one(
        &ws,
        "outputs",
        r#"schema: ges/1.0
meta: {name: outputs, entry: a, terminal: [end]}
nodes:
  a:
    actions:
      - {id: two, run: "echo '{\"a\": 1, \"b\": {\"c\": 2}}'", output: [a, b]}
      - {id: one, run: "echo 7", output: [n]}
      - {id: whole, run: "echo '{\"x\": 1}'", output: [obj]}
edges:
  - {from: a, to: end, when: "a == 1 && b.c == 2 && n == 7 && obj.x == 1"}
"#,
    );
    let (found, status) = ws.check();
    assert_eq!((found.len(), status), (0, 0), "{found:?}");
    let (code, out) = ws.go("outputs", &[]);
    assert_eq!(code, Some(0), "{out}");
    let g = ws.graph("s1", 1);
    assert_eq!(g["vars"]["a"], 1);
    assert_eq!(g["vars"]["b"]["c"], 2);
    assert_eq!(g["vars"]["obj"]["x"], 1);
}

#[test]
fn r03_terminals_are_implicit_and_a_declared_one_runs_nothing() {
    let ws = Ges::new();
    one(
        &ws,
        "implicit",
        "schema: ges/1.0\nmeta: {name: implicit, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions: [{id: go, run: \"true\"}]\nedges:\n  - {from: a, to: end}\n",
    );
    one(
        &ws,
        "declared",
        "schema: ges/1.0\nmeta: {name: declared, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions: [{id: go, run: \"true\"}]\n  end:\n    actions: [{id: never, run: \"touch ran-at-terminal\"}]\nedges:\n  - {from: a, to: end}\n",
    );
    let (found, _) = ws.check();
    assert_eq!(codes(&found), ["ges-terminal-actions"], "{found:?}");
    assert_eq!(ws.go("implicit", &[]).0, Some(0));
    assert_eq!(ws.go("declared", &[]).0, Some(0));
    assert!(!ws.exists("ran-at-terminal"));
}

#[test]
fn r04_an_unreadable_graph_is_never_a_plain_step() {
    let ws = Ges::new();
    ws.skill(
        "broken",
        "",
        &[(
            "broken.ges.yaml",
            "schema: ges/1.0\nmeta: {name: broken, entry: a\n",
        )],
    );
    ws.skill(
        "twice",
        "",
        &[
            ("one.ges.yaml", "schema: ges/1.0\nmeta: {name: one, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions: [{id: go, prompt: hi}]\nedges:\n  - {from: a, to: end}\n"),
            ("two.ges.md", "---\nschema: ges/2.0\nname: two\n---\n<graph>\n<node id=\"a\" entry />\n<node id=\"end\" terminal />\n<edge from=\"a\" to=\"end\" />\n</graph>\n## [a]\n\nhi\n"),
        ],
    );
    for (name, why) in [
        ("broken", "cannot be read"),
        ("twice", "cannot tell which one"),
    ] {
        let plan = ws.json(&["plan", &format!("/{name}"), "--format", "json"]);
        let step = &plan["steps"][0];
        assert_eq!(step["type"], "user-handoff", "{name}: {plan}");
        let reason = step["reason"].as_str().unwrap();
        assert!(
            reason.contains(why) && reason.contains("not run it as a plain step"),
            "{reason}"
        );
        let marker = ws.sb.path().join(format!("runner-ran-{name}"));
        let model = ws.model(&format!("touch {}", marker.display()));
        let (code, out) = ws.go(name, &["--runner", &model]);
        assert_eq!(code, Some(4), "{out}");
        assert!(out.contains(why), "run says why: {out}");
        assert!(
            !marker.exists(),
            "{name} went to the runner as a plain step"
        );
    }
    let (found, status) = ws.check();
    assert_eq!(status, 1);
    assert!(codes(&found).contains(&"ges-invalid"), "{found:?}");
    assert!(codes(&found).contains(&"ges-ambiguous-graph"), "{found:?}");
}

#[test]
fn r05_run_with_prompt_pipes_the_prompt_to_the_command() {
    let ws = Ges::new();
    one(
        &ws,
        "piped",
        r#"schema: ges/1.0
meta: {name: piped, entry: a, terminal: [end]}
nodes:
  a:
    actions:
      - {id: count, run: "echo 5", output: [x]}
      - {id: tool, run: "cat > got.txt; echo done", prompt: "Hello {{x}}", output: [said]}
edges:
  - {from: a, to: end}
"#,
    );
    let (found, _) = ws.check();
    assert!(found.is_empty(), "{found:?}");
    // No runner: a command with a prompt is not a model step.
    let (code, out) = ws.go("piped", &[]);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(ws.file("got.txt"), "Hello 5");
    assert_eq!(ws.graph("s1", 1)["vars"]["said"], "done");
}

#[test]
fn r06_a_verify_string_is_judged_and_verify_run_is_a_command() {
    let graph = r#"schema: ges/1.0
meta: {name: judged, entry: a, terminal: [end]}
nodes:
  a:
    actions:
      - {id: make, run: "echo 41", output: [n], verify: "the number {{n}} looks like an answer"}
      - {id: file, run: "touch made.txt", verify: {run: "test -f made.txt"}}
edges:
  - {from: a, to: end}
"#;
    for (answer, code) in [("yes", 0), ("no", 4)] {
        let ws = Ges::new();
        one(&ws, "judged", graph);
        let log = ws.sb.path().join("p.log");
        let model = ws.model(&format!("cat >> {}; echo {answer}", log.display()));
        let (got, out) = ws.go("judged", &["--runner", &model, "--max-attempts", "1"]);
        assert_eq!(got, Some(code), "{answer}: {out}");
        assert!(prompts(&log).contains("Does this hold? the number 41 looks like an answer"));
        let g = ws.graph("s1", 1);
        assert_eq!(g["judgements"][0]["kind"], "verify make");
        assert_eq!(ws.exists("made.txt"), answer == "yes");
    }
}

#[test]
fn r07a_an_empty_when_is_unconditional() {
    let ws = Ges::new();
    one(
        &ws,
        "empty-when",
        "schema: ges/1.0\nmeta: {name: empty-when, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions: [{id: go, run: \"true\"}]\nedges:\n  - {from: a, to: end, when: \"\"}\n",
    );
    assert_eq!(ws.check().0.len(), 0);
    assert_eq!(ws.go("empty-when", &[]).0, Some(0));
}

#[test]
fn r07b_a_guard_naming_values_nothing_outputs_is_judged_by_the_runner() {
    let ws = Ges::new();
    one(
        &ws,
        "judged-guard",
        "schema: ges/1.0\nmeta: {name: judged-guard, entry: a, terminal: [end, other]}\nnodes:\n  a:\n    actions: [{id: go, run: \"true\"}]\nedges:\n  - {from: a, to: end, when: \"criteria_defined && iteration < 3\"}\n  - {from: a, to: other}\n",
    );
    let (found, status) = ws.check();
    assert_eq!((codes(&found), status), (vec!["ges-guard-judged"], 0));
    // Without a runner the run waits for one instead of taking it as false.
    let (code, _) = ws.go("judged-guard", &[]);
    assert_eq!(code, Some(4));
    assert_eq!(ws.state()["waiting"]["kind"], "runner");
    let (model, log) = logging_model(&ws, "x");
    let out = ws.run(&["run", "--resume", "--runner", &model, "--grant", "exec"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let g = ws.graph("s1", 1);
    assert_eq!(g["active"]["end"]["done"], true, "{g}");
    assert_eq!(g["judgements"][0]["verdict"], true);
    assert!(prompts(&log).contains("criteria_defined && iteration < 3"));
}

#[test]
fn r07c_a_cel_runtime_error_is_reported_not_taken_as_false() {
    let ws = Ges::new();
    one(
        &ws,
        "bad-guard",
        "schema: ges/1.0\nmeta: {name: bad-guard, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions: [{id: go, run: \"echo 3\", output: [n]}]\n  fallback:\n    actions: [{id: mark, run: \"touch fell-through\"}]\nedges:\n  - {from: a, to: end, when: \"n.size > 1\"}\n  - {from: a, to: fallback}\n  - {from: fallback, to: end}\n",
    );
    let (code, _) = ws.go("bad-guard", &["--max-attempts", "1"]);
    assert_eq!(code, Some(4));
    let note = ws.state()["steps"][0]["note"].as_str().unwrap().to_string();
    assert!(
        note.contains("`n.size > 1`") && note.contains("could not be evaluated"),
        "{note}"
    );
    assert!(!ws.exists("fell-through"), "the error was taken as false");
}

#[test]
fn r07d_placeholders_in_a_guard_are_filled_before_judging() {
    let ws = Ges::new();
    one(
        &ws,
        "filled-guard",
        r#"schema: ges/1.0
meta: {name: filled-guard, entry: a, terminal: [end, never]}
nodes:
  a:
    actions:
      - {id: limit, run: "echo 2", output: [limit]}
      - {id: count, run: "echo 3", output: [count]}
      - {id: word, run: "echo please", output: [word]}
  b:
    actions: [{id: go, run: "true"}]
edges:
  - {from: a, to: b, when: "{{count}} > {{limit}} && '{{word}}' == 'please'"}
  - {from: a, to: never}
  - {from: b, to: end, when: "the word {{word}} is polite"}
"#,
    );
    let (model, log) = logging_model(&ws, "x");
    let (code, out) = ws.go("filled-guard", &["--runner", &model]);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(ws.graph("s1", 1)["active"]["end"]["done"], true);
    assert!(prompts(&log).contains("Does this hold? the word please is polite"));
}

#[test]
fn r08_an_alias_followed_by_arguments_keeps_them() {
    let ws = Ges::new();
    one(
        &ws,
        "alias-args",
        "schema: ges/1.0\nmeta: {name: alias-args, entry: a, terminal: [end]}\nbindings:\n  emit: \"printf '%s|'\"\nnodes:\n  a:\n    actions: [{id: go, run: \"emit --verbose -x > out.txt\"}]\nedges:\n  - {from: a, to: end}\n",
    );
    assert_eq!(ws.go("alias-args", &[]).0, Some(0));
    assert_eq!(ws.file("out.txt"), "--verbose|-x|");
}

#[test]
fn r09_loop_over_takes_placeholders_and_dotted_paths() {
    let ws = Ges::new();
    one(
        &ws,
        "loops",
        r#"schema: ges/1.0
meta: {name: loops, entry: a, terminal: [end]}
nodes:
  a:
    actions:
      - {id: plan, run: "echo '{\"tasks\": [\"x\", \"y\"]}'", output: [plan]}
      - {id: each, run: "printf '%s!' {{task}}", loop: {over: "{{plan.tasks}}", as: task}, output: [done]}
      - {id: list, run: "echo '[1, 2, 3]'", output: [items]}
      - {id: plain, run: "echo {{i}}", loop: {over: "{{items}}", as: i}, output: [ones]}
      - {id: bare, run: "echo {{i}}", loop: {over: items, as: i}, output: [twos]}
edges:
  - {from: a, to: end}
"#,
    );
    assert_eq!(ws.check().0.len(), 0);
    assert_eq!(ws.go("loops", &[]).0, Some(0));
    let g = ws.graph("s1", 1);
    assert_eq!(g["vars"]["done"], serde_json::json!(["x!", "y!"]));
    assert_eq!(g["vars"]["ones"], serde_json::json!([1, 2, 3]));
    assert_eq!(g["vars"]["twos"], serde_json::json!([1, 2, 3]));
}

#[test]
fn r10_timeout_is_milliseconds() {
    let ws = Ges::new();
    one(
        &ws,
        "slow",
        "schema: ges/1.0\nmeta: {name: slow, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions: [{id: wait, run: \"sleep 30\", timeout: 300}]\nedges:\n  - {from: a, to: end}\n",
    );
    let (code, _) = ws.go("slow", &["--max-attempts", "1"]);
    assert_eq!(code, Some(4));
    let note = ws.state()["steps"][0]["note"].as_str().unwrap().to_string();
    assert!(note.contains("300 ms time limit"), "{note}");
}

#[test]
fn r11_tools_are_offered_and_persist_and_extension_keys_are_warnings() {
    let ws = Ges::new();
    one(
        &ws,
        "tooled",
        r#"schema: ges/1.0
x-owner: platform
meta: {name: tooled, entry: a, terminal: [end]}
nodes:
  a:
    persist: [verdict]
    actions:
      - id: ask
        prompt: "Judge the change."
        tools:
          - name: verdict
            description: the gate's answer
            schema: {type: object, required: [pass], properties: {pass: {type: boolean}}}
        output: [verdict]
      - id: agent
        run: "printf '%s' \"$RE0_GES_TOOLS\" > tools.json; cat > stdin.txt; echo '{\"pass\": true}'"
        prompt: "Check it."
        tools:
          - {name: gate, schema: {type: object}}
        output: [gate]
edges:
  - {from: a, to: end, when: "verdict.pass && gate.pass"}
"#,
    );
    let (found, status) = ws.check();
    assert_eq!(status, 0, "{found:?}");
    assert_eq!(
        codes(&found),
        ["ges-extension-key", "ges-extension-key"],
        "{found:?}"
    );
    let (model, log) = logging_model(&ws, r#"{"pass": true}"#);
    let (code, out) = ws.go("tooled", &["--runner", &model]);
    assert_eq!(code, Some(0), "{out}");
    let p = prompts(&log);
    assert!(
        p.contains("<tools>") && p.contains("\"verdict\"") && p.contains("the gate's answer"),
        "{p}"
    );
    let tools: Value = serde_json::from_str(&ws.file("tools.json")).unwrap();
    assert_eq!(tools[0]["name"], "gate");
    assert!(ws.file("stdin.txt").starts_with("Check it."));
    assert!(ws.file("stdin.txt").contains("<tools>"));
}

#[test]
fn r12_a_prompt_action_gets_its_context() {
    let ws = Ges::new();
    one(
        &ws,
        "contextual",
        r#"schema: ges/1.0
meta: {name: contextual, entry: a, terminal: [end]}
nodes:
  a:
    actions:
      - {id: list, run: "echo '[\"p\", \"q\"]'", output: [items]}
      - {id: ask, prompt: "Handle {{it}}.", loop: {over: "{{items}}", as: it}, output: [answers]}
edges:
  - {from: a, to: end}
"#,
    );
    let dir = ws.sb.path();
    let model = ws.model(&format!(
        "env | grep '^RE0_' | sort >> {d}/env.txt\ncat \"$RE0_GES_CONTEXT\" >> {d}/ctx.json\necho , >> {d}/ctx.json\ncat >> {d}/prompt.txt\necho ok",
        d = dir.display()
    ));
    let (code, out) = ws.go("contextual", &["--runner", &model]);
    assert_eq!(code, Some(0), "{out}");
    let env = std::fs::read_to_string(dir.join("env.txt")).unwrap();
    for want in [
        "RE0_GES_NODE=a",
        "RE0_GES_ACTION=ask",
        "RE0_GES_ITERATION=1",
        "RE0_SKILL=contextual",
        "RE0_GES_GRAPH=contextual",
        "RE0_STEP=s1",
        "RE0_ATTEMPT=1",
    ] {
        assert!(env.contains(want), "{want} in {env}");
    }
    let ctx_text = std::fs::read_to_string(dir.join("ctx.json")).unwrap();
    let ctx: Value =
        serde_json::from_str(&format!("[{}]", ctx_text.trim_end().trim_end_matches(','))).unwrap();
    assert_eq!(ctx[1]["node"], "a");
    assert_eq!(ctx[1]["action"], "ask");
    assert_eq!(ctx[1]["skill"], "contextual");
    assert_eq!(ctx[1]["iteration"], 1);
    assert_eq!(ctx[1]["item"]["index"], 1);
    assert_eq!(ctx[1]["variables"]["it"], "q");
    let prompt = std::fs::read_to_string(dir.join("prompt.txt")).unwrap();
    assert!(
        prompt.contains("<context>") && prompt.contains("Handle q."),
        "{prompt}"
    );
    assert_eq!(
        ws.graph("s1", 1)["vars"]["answers"],
        serde_json::json!(["ok", "ok"])
    );
}

#[test]
fn r13_re0_next_hands_out_graph_steps() {
    let ws = Ges::new();
    one(
        &ws,
        "driven",
        r#"schema: ges/1.0
meta: {name: driven, entry: a, terminal: [end]}
nodes:
  a:
    actions:
      - {id: ask, prompt: "Name a colour.", output: [colour]}
      - {id: write, run: "printf '%s' {{colour}} > colour.txt"}
  b:
    actions: [{id: again, prompt: "Why {{colour}}?"}]
edges:
  - {from: a, to: b, when: "the colour is a real one"}
  - {from: b, to: end}
"#,
    );
    assert_eq!(ws.run(&["plan", "/driven"]).status.code(), Some(0));
    // Start the run without a runner; it waits for one.
    let (code, _) = ws.go("driven", &[]);
    assert_eq!(code, Some(4));
    let mut seen = Vec::new();
    for answer in ["teal", "yes", "because"] {
        // Authority is never read back from disk: each call grants exec again.
        let v = ws.json(&["next", "--grant", "exec"]);
        seen.push(v["action"].as_str().unwrap().to_string());
        let path = v["graph"]["answer_path"].as_str().unwrap().to_string();
        std::fs::write(path, answer).unwrap();
    }
    let done = ws.json(&["next", "--grant", "exec"]);
    assert_eq!(done["done"], true, "{done}");
    assert_eq!(seen, ["ges-prompt", "ges-judge", "ges-prompt"]);
    // re0 ran the command between the agent's answers.
    assert_eq!(ws.file("colour.txt"), "teal");
    assert_eq!(ws.state()["state"], "completed");
}

#[test]
fn r14a_an_unresolved_placeholder_stays_as_written_with_a_warning() {
    let ws = Ges::new();
    one(
        &ws,
        "literal",
        "schema: ges/1.0\nmeta: {name: literal, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions: [{id: go, run: \"printf '%s' '{{nope}}' > out.txt\"}]\nedges:\n  - {from: a, to: end}\n",
    );
    let (code, out) = ws.go("literal", &[]);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(ws.file("out.txt"), "{{nope}}");
    assert!(
        out.contains("warning: a.go: {{nope}} has no value; left as written"),
        "{out}"
    );
    assert_eq!(
        ws.graph("s1", 1)["warnings"][0],
        "a.go: {{nope}} has no value; left as written"
    );
}

#[test]
fn r14b_defined_before_use_is_checked_along_paths() {
    let ws = Ges::new();
    let graph = |name: &str, back: &str| {
        format!("schema: ges/1.0\nmeta: {{name: {name}, entry: a, terminal: [end]}}\nnodes:\n  a:\n    actions:\n      - {{id: use, prompt: \"Use {{{{later}}}}.\"}}\n      - {{id: define, run: \"echo 1\", output: [later]}}\nedges:\n  {back}- {{from: a, to: end}}\n")
    };
    one(&ws, "straight", &graph("straight", ""));
    one(
        &ws,
        "looped",
        &graph("looped", "- {from: a, to: a, when: \"retries < 2\"}\n  "),
    );
    let (found, _) = ws.check();
    let undefined: Vec<&String> = found
        .iter()
        .filter(|(c, _, _)| c == "ges-undefined-var")
        .map(|(_, _, m)| m)
        .collect();
    assert_eq!(undefined.len(), 1, "{found:?}");
    assert!(undefined[0].contains("before any path from the entry defines it"));
    assert!(found.iter().all(|(_, _, m)| !m.contains("looped")));
}

#[test]
fn r14c_schema_is_read_from_the_top_level_only() {
    let ws = Ges::new();
    one(
        &ws,
        "late-schema",
        "meta: {name: late-schema, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions:\n      - id: go\n        prompt: hi\n        tools:\n          - name: t\n            schema: {type: object}\nedges:\n  - {from: a, to: end}\nschema: ges/1.1\n",
    );
    one(
        &ws,
        "nested-schema",
        "meta:\n  name: nested-schema\n  schema: ges/1.0\n  entry: a\n  terminal: [end]\nnodes:\n  a:\n    actions: [{id: go, prompt: hi}]\n",
    );
    let (found, _) = ws.check();
    // The late top-level `schema:` is read; the nested one is not.
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found
            .iter()
            .any(|(c, _, m)| c == "ges-invalid" && m.contains("top-level `schema:`")),
        "{found:?}"
    );
}

#[test]
fn r14d_two_graphs_in_one_folder_are_a_finding() {
    let ws = Ges::new();
    let g = |n: &str| {
        format!("schema: ges/1.1\nmeta: {{name: {n}, entry: a, terminal: [end]}}\nnodes:\n  a:\n    actions: [{{id: go, prompt: hi}}]\nedges:\n  - {{from: a, to: end}}\n")
    };
    ws.skill(
        "pair",
        "",
        &[("x.ges.yaml", &g("x")), ("y.ges.yaml", &g("y"))],
    );
    ws.skill(
        "extra",
        "",
        &[
            ("extra.ges.yaml", &g("extra")),
            ("spare.ges.yaml", &g("spare")),
        ],
    );
    let (found, _) = ws.check();
    let mut got = codes(&found);
    got.sort();
    assert_eq!(
        got,
        ["ges-ambiguous-graph", "ges-unused-graph"],
        "{found:?}"
    );
}

#[test]
fn r14e_diagram_ids_are_safe_for_start_and_end() {
    let ws = Ges::new();
    one(
        &ws,
        "keywords",
        "schema: ges/1.0\nmeta: {name: keywords, entry: start, terminal: [end]}\nnodes:\n  start:\n    actions: [{id: go, prompt: hi}]\n  graph:\n    actions: [{id: go, prompt: hi}]\nedges:\n  - {from: start, to: graph}\n  - {from: graph, to: end}\n",
    );
    let out = ws.run(&["graph", "keywords", "--format", "mermaid"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("n_start --> n_graph") && text.contains("n_graph --> n_end"),
        "{text}"
    );
    for l in text.lines().skip(1) {
        let first = l.split_whitespace().next().unwrap_or_default();
        assert!(first.starts_with("n_") || first.starts_with("ges_"), "{l}");
    }
}

#[test]
fn r14f_the_graph_name_follows_the_pattern_and_the_skill() {
    let ws = Ges::new();
    one(
        &ws,
        "named",
        "schema: ges/1.0\nmeta: {name: Not_A_Name, entry: a, terminal: [end]}\nnodes:\n  a:\n    actions: [{id: go, prompt: hi}]\nedges:\n  - {from: a, to: end}\n",
    );
    let (found, status) = ws.check();
    assert_eq!(
        (codes(&found), status),
        (vec!["ges-name", "ges-name"], 0),
        "{found:?}"
    );
}

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
