//! Property tests: handoff and state readers never panic on any input.

use proptest::prelude::*;
use re0::run::handoff;

fn json_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("{".to_string()),
        Just("}".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("\"step\":".to_string()),
        Just("\"attempt\":".to_string()),
        Just("\"status\":\"complete\"".to_string()),
        Just("\"artifacts\":[{\"name\":\"x\",\"path\":\"../y\"}]".to_string()),
        Just(",".to_string()),
        Just("1e999".to_string()),
        Just("-1".to_string()),
        Just("null".to_string()),
        "\"[^\"]{0,10}\"",
    ];
    prop::collection::vec(piece, 0..20).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn handoff_parse_never_panics(text in json_like()) {
        let _ = handoff::parse(&text);
    }

    #[test]
    fn handoff_parse_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = handoff::parse(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn state_parse_never_panics(text in json_like()) {
        let _ = serde_json::from_str::<re0::state::RunState>(&text);
        let _ = serde_json::from_str::<re0::plan::Plan>(&text);
    }
}
