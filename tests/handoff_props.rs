//! Property tests for the lenient handoff reader: any text or JSON an agent
//! writes is read or refused with a reason, never a panic, and what re0
//! reads back from its own record reads the same without new warnings.

use proptest::prelude::*;
use re0::run::handoff;
use serde_json::{json, Value};

const KEYS: [&str; 11] = [
    "step",
    "attempt",
    "status",
    "outcome",
    "artifacts",
    "evidence",
    "blockers",
    "suggested_route",
    "name",
    "path",
    "extra",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (0u32..5).prop_map(|n| json!(n)),
        prop::sample::select(vec![
            "s1",
            "complete",
            "Completed",
            "./plan.md",
            "plan",
            "1",
            ""
        ])
        .prop_map(|s| json!(s)),
        ".{0,12}".prop_map(Value::String),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(3, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(prop::sample::select(KEYS.to_vec()), inner, 0..6).prop_map(
                |m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
            ),
        ]
    })
}

fn handoffish() -> impl Strategy<Value = Value> {
    prop::collection::btree_map(prop::sample::select(KEYS.to_vec()), value(), 0..9).prop_map(|m| {
        let mut o: serde_json::Map<String, Value> =
            m.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        o.entry("step").or_insert(json!("s1"));
        o.entry("attempt").or_insert(json!(1));
        o.entry("status").or_insert(json!("complete"));
        Value::Object(o)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_text_is_read_or_refused_never_a_panic(text in ".{0,200}") {
        let _ = handoff::parse(&text);
    }

    #[test]
    fn a_parsed_handoff_reads_back_the_same_without_warnings(v in handoffish()) {
        if let Ok(h) = handoff::parse(&v.to_string()) {
            let again = handoff::parse(&serde_json::to_string(&h).unwrap()).unwrap();
            prop_assert_eq!(&again.step, &h.step);
            prop_assert_eq!(&again.artifacts, &h.artifacts);
            prop_assert_eq!(&again.evidence, &h.evidence);
            prop_assert_eq!(&again.blockers, &h.blockers);
            prop_assert!(again.warnings.is_empty(), "{:?}", again.warnings);
        }
    }

    #[test]
    fn acceptance_refuses_or_accepts_any_parsed_handoff(v in handoffish()) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("plan.md"), "plan").unwrap();
        if let Ok(h) = handoff::parse(&v.to_string()) {
            let known = Default::default();
            let outputs = vec!["plan".to_string()];
            let state_base = dir.path().join(".agent-state/re0");
            let run_dir = state_base.join("run-1");
            let e = handoff::Expect { step: "s1", attempt: 1, outputs: &outputs, workspace: dir.path(), state_base: &state_base, run_dir: &run_dir, known: &known };
            if let Ok(acc) = handoff::accept(h, &e) {
                prop_assert!(acc.artifacts.contains_key("plan"));
                for ev in &acc.evidence {
                    prop_assert!(acc.artifacts.contains_key(&ev.against));
                }
            }
        }
    }
}
