//! Values never reach a shell through command text (GES `run` and
//! `verify.run`), whatever quotes the author put around a placeholder.
//!
//! Each hostile value is loaded as a variable and then used in a bare,
//! single-quoted, double-quoted and mixed placeholder, in `$(…)`,
//! backticks, a here-document, an alias with arguments and a `verify`
//! command. For every value: the file `X` a successful injection would
//! create never exists, and every command received the value byte for byte.

mod common;
mod ges_support;

use ges_support::Ges;

const HOSTILE: &[&str] = &[
    "'; touch X; '",
    "$(touch X)",
    "`touch X`",
    "\"; touch X; \"",
    "\\\"; touch X; #",
    "a\nb; touch X\n",
    "\n\ttouch X\n",
    "x\nEOF\ntouch X\ncat <<EOF",
    "\\",
    "\\\\'\\\"",
    "'\"$(touch X)\"'",
    "$HOME * ?",
    "-n",
    "${IFS}touch${IFS}X",
    ";touch X;",
    "|| touch X &&",
];

const GRAPH: &str = r#"schema: ges/1.1
meta: {name: inject, entry: load, terminal: [end]}
bindings:
  emit: "printf '%s'"
nodes:
  load:
    actions:
      - {id: read, run: "cat values.json", output: [h]}
  use:
    actions:
      - {id: bare, run: "printf '%s' {{h.v}} > out-bare.bin"}
      - {id: single, run: "printf '%s' '{{h.v}}' > out-single.bin"}
      - {id: double, run: "printf '%s' \"{{h.v}}\" > out-double.bin"}
      - {id: mixed, run: "printf '%s' \"T: '{{h.v}}' \"'and {{h.v}}'\" end\" > out-mixed.bin"}
      - {id: subshell, run: "printf '%s' \"$(printf '%s' '{{h.v}}')\" > out-subshell.bin"}
      - {id: backticks, run: "v=`printf '%s' {{h.v}}`; printf '%s' \"$v\" > out-backticks.bin"}
      - {id: alias, run: "emit {{h.v}} > out-alias.bin"}
      - id: heredoc
        run: |
          cat > out-heredoc.bin <<EOF
          {{h.v}}
          EOF
      - id: checked
        run: "true"
        verify: {run: "printf '%s' '{{h.v}}' > out-verify.bin"}
      - {id: arith, run: "echo $(( {{h.v}} + 1 )) > out-arith.bin", optional: true}
edges:
  - {from: load, to: use}
  - {from: use, to: end}
"#;

fn run_with(v: &str) -> Ges {
    let ws = Ges::new();
    ws.skill("inject", "", &[("inject.ges.yaml", GRAPH)]);
    std::fs::write(
        ws.work().join("values.json"),
        serde_json::json!({ "v": v }).to_string(),
    )
    .unwrap();
    let (code, out) = ws.go("inject", &[]);
    assert_eq!(code, Some(0), "value {v:?}: {out}");
    ws
}

fn bytes(ws: &Ges, f: &str) -> Vec<u8> {
    std::fs::read(ws.work().join(f)).unwrap_or_else(|e| panic!("{f}: {e}"))
}

#[test]
fn hostile_values_are_data_in_every_quoting_context() {
    for v in HOSTILE {
        let ws = run_with(v);
        assert!(!ws.exists("X"), "value {v:?} ran as shell: X was created");
        for f in [
            "out-bare.bin",
            "out-single.bin",
            "out-double.bin",
            "out-alias.bin",
            "out-verify.bin",
        ] {
            assert_eq!(
                String::from_utf8(bytes(&ws, f)).unwrap(),
                *v,
                "{f} for {v:?}"
            );
        }
        // Command substitution drops trailing newlines, as sh does.
        for f in ["out-subshell.bin", "out-backticks.bin"] {
            assert_eq!(
                String::from_utf8(bytes(&ws, f)).unwrap(),
                v.trim_end_matches('\n'),
                "{f} for {v:?}"
            );
        }
        assert_eq!(
            String::from_utf8(bytes(&ws, "out-mixed.bin")).unwrap(),
            format!("T: '{v}' and {v} end"),
            "mixed for {v:?}"
        );
        assert_eq!(
            String::from_utf8(bytes(&ws, "out-heredoc.bin")).unwrap(),
            format!("{v}\n"),
            "here-document for {v:?}"
        );
        // Arithmetic takes integers only: a hostile value is refused.
        assert!(!ws.exists("out-arith.bin"), "arith ran with {v:?}");
        let g = ws.graph("s1", 1);
        let history = g["history"].to_string();
        assert!(history.contains("use.arith: failed, optional"), "{history}");
        assert!(history.contains("not an integer"), "{history}");
    }
}

#[test]
fn an_integer_passes_through_arithmetic() {
    let ws = run_with("41");
    assert_eq!(ws.file("out-arith.bin"), "42\n");
    assert_eq!(ws.file("out-bare.bin"), "41");
}

#[test]
fn values_in_prompts_reach_stdin_byte_for_byte_and_never_the_runner_command() {
    let ws = Ges::new();
    ws.skill(
        "piped",
        "",
        &[(
            "piped.ges.yaml",
            r#"schema: ges/1.0
meta: {name: piped, entry: load, terminal: [end]}
nodes:
  load:
    actions:
      - {id: read, run: "cat values.json", output: [h]}
  tool:
    actions:
      - {id: feed, run: "cat > stdin.bin", prompt: "<<{{h.v}}>>"}
  ask:
    actions:
      - {id: model, prompt: "value={{h.v}}"}
edges:
  - {from: load, to: tool}
  - {from: tool, to: ask}
  - {from: ask, to: end}
"#,
        )],
    );
    let v = "'; touch X; '$(touch X)`touch X`\n\"\\";
    std::fs::write(
        ws.work().join("values.json"),
        serde_json::json!({ "v": v }).to_string(),
    )
    .unwrap();
    let log = ws.sb.path().join("prompts.log");
    let model = ws.model(&format!("cat >> {}\necho ok", log.display()));
    let (code, out) = ws.go("piped", &["--runner", &model]);
    assert_eq!(code, Some(0), "{out}");
    assert!(!ws.exists("X"));
    assert_eq!(ws.file("stdin.bin"), format!("<<{v}>>"));
    let prompts = std::fs::read_to_string(&log).unwrap();
    assert!(prompts.contains(&format!("value={v}")), "{prompts}");
}

mod props {
    use proptest::prelude::*;
    use re0::ges::shell::prepare;
    use std::collections::BTreeMap;

    const CONTEXTS: &[&str] = &[
        "printf '%s' {{v}}",
        "printf '%s' '{{v}}'",
        "printf '%s' \"{{v}}\"",
        "printf '%s' \"a '{{v}}' b\"'c {{v}} d'",
        "printf '%s' \"$(printf '%s' {{v}})\"",
        "printf '%s' ${UNSET:-{{v}}}",
    ];

    fn vars(v: &str) -> BTreeMap<String, serde_json::Value> {
        BTreeMap::from([("v".to_string(), serde_json::json!(v))])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The script is the same whatever the value: no value is ever
        /// command text.
        #[test]
        fn the_script_never_depends_on_the_value(a in "\\PC{0,40}", b in "[\\x01-\\x7f]{0,40}", k in 0..CONTEXTS.len()) {
            let pa = prepare(CONTEXTS[k], &vars(&a)).unwrap();
            let pb = prepare(CONTEXTS[k], &vars(&b)).unwrap();
            prop_assert_eq!(&pa.script, &pb.script);
            prop_assert_eq!(&pa.env[0].1, &a);
        }

        /// And sh hands the command the value unchanged.
        #[test]
        fn sh_receives_the_value(v in "[\\x01-\\x7f]{0,30}", k in 0..4usize) {
            let p = prepare(CONTEXTS[k], &vars(&v)).unwrap();
            let out = std::process::Command::new("sh")
                .arg("-c")
                .arg(&p.script)
                .envs(p.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
                .output()
                .unwrap();
            let want = if k == 3 { format!("a '{v}' bc {v} d") } else { v.clone() };
            prop_assert_eq!(String::from_utf8_lossy(&out.stdout), want);
        }
    }
}
