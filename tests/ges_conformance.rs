//! GES conformance: one test per rule of the GES specification v1.0 (at
//! the GES project's commit e65c576) where re0 once differed. The security
//! rules and versions 1.1 and 2.0 are in `ges_conformance_versions.rs`,
//! the project's own loader and executor tests in `ges_project_tests.rs`.
//!
//! Every graph here is written for these tests; the shapes of the
//! project's examples live in `fixtures/ges/shapes`.

mod common;
mod ges_support;

use ges_support::{codes, logging_model, one, prompts, Ges};
use serde_json::Value;

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
