//! Fuzzing at scale, on the stable toolchain CI has: tens of thousands of
//! generated inputs for the frontmatter splitter, the YAML loaders (skill
//! frontmatter, the depth guard, `re0.yaml`), the handoff reader and the
//! state reader (structure-aware: a valid state and plan with one value
//! replaced anywhere). None may panic, and what they accept must hold
//! re0's invariants. `fuzz/` holds the same targets for cargo-fuzz.

use proptest::prelude::*;
use re0::catalog::frontmatter::split;
use re0::config::Config;
use re0::state::validate::{parse, parse_plan, validate};
use serde_json::{json, Value};
use std::path::Path;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// YAML-ish text: the tokens that make parsers work hard.
fn yamlish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("[".to_string()),
        Just("]".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("- ".to_string()),
        Just("? ".to_string()),
        Just(": ".to_string()),
        Just("\n".to_string()),
        Just("  ".to_string()),
        Just("\"".to_string()),
        Just("'".to_string()),
        Just("#".to_string()),
        Just("|\n".to_string()),
        Just("&a ".to_string()),
        Just("*a ".to_string()),
        Just("---\n".to_string()),
        Just("grants: [".to_string()),
        Just("runner-timeout: ".to_string()),
        Just("max-attempts: 4294967296".to_string()),
        prop::collection::vec(prop::char::range('a', 'z'), 1..8).prop_map(String::from_iter),
        prop::collection::vec(any::<char>(), 0..6).prop_map(String::from_iter),
    ];
    prop::collection::vec(piece, 0..80).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(config(20_000))]

    #[test]
    fn the_frontmatter_splitter_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(s) = split(&text) {
            prop_assert!(text.contains(s.yaml));
            prop_assert!(text.ends_with(s.body));
        }
    }

}

proptest! {
    // Generating YAML-ish text is the slow part: fewer, still thousands.
    #![proptest_config(config(5_000))]

    #[test]
    fn the_depth_guard_never_panics(text in yamlish()) {
        if let Err(deep) = re0::yaml::check_depth(&text) {
            prop_assert!(deep.depth > re0::yaml::MAX_DEPTH);
            prop_assert!(deep.line >= 1 && deep.line <= text.lines().count().max(1));
        }
    }

    #[test]
    fn the_handoff_reader_never_panics(text in handoffish()) {
        if let Ok(h) = re0::run::handoff::parse(&text) {
            prop_assert!(h.warnings.len() <= 1000);
        }
    }
}

proptest! {
    // serde_yaml is slow in debug builds: fewer, still thousands.
    #![proptest_config(config(3_000))]

    #[test]
    fn the_config_loader_never_panics(text in yamlish()) {
        if let Ok(c) = Config::parse(&text, Path::new("re0.yaml")) {
            // What loads is within bounds.
            prop_assert!(c.max_attempts.is_none_or(|m| (1..=100).contains(&m)));
            if let Some(t) = &c.runner_timeout {
                prop_assert!(t.seconds().is_some_and(|s| s > 0 && s <= 7 * 24 * 3600));
            }
        }
    }
}

fn handoffish() -> impl Strategy<Value = String> {
    let value = prop_oneof![
        Just(json!(null)),
        Just(json!(-1)),
        Just(json!(u64::MAX)),
        Just(json!(1e300)),
        prop::collection::vec(any::<char>(), 0..12).prop_map(|c| Value::from(String::from_iter(c))),
        Just(json!([])),
        Just(json!({"name": "x", "path": "../../etc/passwd"})),
    ];
    let key = prop_oneof![
        Just("step"),
        Just("attempt"),
        Just("status"),
        Just("outcome"),
        Just("artifacts"),
        Just("evidence"),
        Just("blockers"),
        Just("suggested_route"),
        Just("surprise"),
    ];
    prop::collection::vec((key, value), 0..10).prop_map(|kv| {
        let mut m = serde_json::Map::new();
        m.insert("step".into(), json!("s1"));
        m.insert("attempt".into(), json!(1));
        m.insert("status".into(), json!("complete"));
        for (k, v) in kv {
            m.insert(k.to_string(), v);
        }
        Value::Object(m).to_string()
    })
}

/// A consistent plan and state of two steps, as re0 writes them.
fn valid_pair() -> (Value, Value) {
    let step = |id: &str, preds: Vec<&str>| {
        json!({"id": id, "target": "t", "kind": "skill", "predecessors": preds,
               "type": "invoke-model-skill", "may_become": [], "reason": "r",
               "fires_when": "f", "expected_output": ["plan"], "skippable_when": null,
               "cost_owner": "run-budget", "invocation": null, "selected_because": "b"})
    };
    let plan = json!({"schema": "re0/plan@1", "intent": "i", "result": "plan", "reject": null,
        "steps": [step("s1", vec![]), step("s2", vec!["s1"])],
        "stop_condition": "s", "notes": [], "catalog": {"skills": 2, "roots": []}});
    let rec = |id: &str| {
        json!({"id": id, "status": "pending", "attempts": 0, "attempt_limit": 3,
        "accepted_attempt": null, "outcome": null, "evidence": [], "note": null})
    };
    let state = json!({"schema": "re0/run-state@1", "run_id": "20250101-000000-abcd",
        "revision": 1, "state": "waiting", "waiting": {"kind": "human", "step": "s1"},
        "intent": "i", "grants": ["write"], "steps": [rec("s1"), rec("s2")],
        "artifacts": {"plan": {"path": "plan.md", "sha256": "a".repeat(64), "step": "s1", "attempt": 1}},
        "blockers": [], "handoffs": 0, "created_at": "t", "updated_at": "t"});
    (plan, state)
}

/// Every path to a value inside `v`.
fn paths(v: &Value, here: Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(here.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let mut p = here.clone();
                p.push(k.clone());
                paths(x, p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let mut p = here.clone();
                p.push(i.to_string());
                paths(x, p, out);
            }
        }
        _ => {}
    }
}

fn replace(v: &mut Value, path: &[String], with: Value) {
    match path.split_first() {
        None => *v = with,
        Some((k, rest)) => match v {
            Value::Object(m) => {
                if let Some(x) = m.get_mut(k) {
                    replace(x, rest, with)
                }
            }
            Value::Array(a) => {
                if let Some(x) = k.parse::<usize>().ok().and_then(|i| a.get_mut(i)) {
                    replace(x, rest, with)
                }
            }
            _ => {}
        },
    }
}

fn hostile_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!(null)),
        Just(json!(u64::MAX)),
        Just(json!(u64::from(u32::MAX))),
        Just(json!(-1)),
        Just(json!("../../../etc/passwd")),
        Just(json!("s0")),
        Just(json!("s1/../x")),
        Just(json!("ééé")),
        Just(json!("\u{1b}[2J")),
        Just(json!("a".repeat(64))),
        Just(json!([])),
        Just(json!({})),
        prop::collection::vec(any::<char>(), 0..10).prop_map(|c| Value::from(String::from_iter(c))),
    ]
}

proptest! {
    #![proptest_config(config(8_000))]

    /// The state reader on a valid state and plan with one value replaced
    /// anywhere: it refuses or accepts, never panics, and what it accepts
    /// keeps the invariants run folders rely on.
    #[test]
    fn the_state_reader_never_panics_and_accepts_only_sound_runs(
        which in 0usize..2,
        pick in any::<prop::sample::Index>(),
        with in hostile_value(),
    ) {
        let (mut plan, mut state) = valid_pair();
        let target = if which == 0 { &mut plan } else { &mut state };
        let mut all = Vec::new();
        paths(target, Vec::new(), &mut all);
        let path = pick.get(&all).clone();
        replace(target, &path, with);
        let (pp, sp) = (Path::new("plan.json"), Path::new("state.json"));
        let Ok(plan) = parse_plan(pp, &plan.to_string()) else { return Ok(()) };
        let Ok(state) = parse::<re0::state::RunState>(sp, &state.to_string()) else { return Ok(()) };
        if validate(&state, &plan, "20250101-000000-abcd", sp, pp).is_ok() {
            for s in &plan.steps {
                prop_assert!(re0::state::model::is_step_id(&s.id), "{}", s.id);
            }
            for a in state.artifacts.values() {
                prop_assert!(re0::state::store::is_contained(&a.path));
                prop_assert!(re0::state::model::is_sha256(&a.sha256));
            }
            for r in &state.steps {
                prop_assert!(r.attempts <= re0::state::model::MAX_ATTEMPT_LIMIT);
            }
            prop_assert!(state.revision <= re0::state::model::MAX_REVISION);
        }
    }
}
