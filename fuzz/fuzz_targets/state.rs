//! The state reader: a plan and a state (split at the first NUL byte)
//! parsed and checked against each other as re0 does before any id or path
//! in them is used. What passes must keep the invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;
use re0::state::validate::{parse, parse_plan, validate};
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (plan, state) = text.split_once('\0').unwrap_or((&text, "{}"));
    let (pp, sp) = (Path::new("plan.json"), Path::new("state.json"));
    let Ok(plan) = parse_plan(pp, plan) else {
        return;
    };
    let Ok(state) = parse::<re0::state::RunState>(sp, state) else {
        return;
    };
    if validate(&state, &plan, &state.run_id, sp, pp).is_ok() {
        for s in &plan.steps {
            assert!(re0::state::model::is_step_id(&s.id));
        }
        for a in state.artifacts.values() {
            assert!(re0::state::store::is_contained(&a.path));
            assert!(re0::state::model::is_sha256(&a.sha256));
        }
    }
});
