//! Property tests for reading an intent into its tasks: no text makes the
//! clause cutter panic (it slices by byte offsets, around numbered steps,
//! arrows and multi-byte characters), every clause is a piece of the
//! intent, clauses come in written order, and the asked order is a
//! permutation of the clauses.

use proptest::prelude::*;
use re0::plan::clauses::split;

/// Pieces intents are made of, the order words and step marks among them.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("then ".to_string()),
        Just(", but ".to_string()),
        Just(" first".to_string()),
        Just("before that, ".to_string()),
        Just("Before you do, ".to_string()),
        Just("before I merge ".to_string()),
        Just("once you've ".to_string()),
        Just("once that's done ".to_string()),
        Just(" -> ".to_string()),
        Just("->".to_string()),
        Just(" \u{2192} ".to_string()),
        Just("1) ".to_string()),
        Just("2. ".to_string()),
        Just("(3) ".to_string()),
        Just("step one, ".to_string()),
        Just("step 2: ".to_string()),
        Just(". ".to_string()),
        Just("; ".to_string()),
        Just("? ".to_string()),
        Just("\n".to_string()),
        Just("write the plan ".to_string()),
        Just("review it ".to_string()),
        Just("caf\u{e9} \u{2014} na\u{ef}ve ".to_string()),
        "[ -~]{0,12}",
        "\\PC{0,6}",
    ]
}

fn intent() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..14).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn clauses_are_pieces_of_the_intent_in_a_whole_order(text in intent()) {
        let clauses = split(&text);
        let mut ranks: Vec<usize> = clauses.iter().map(|c| c.rank).collect();
        ranks.sort_unstable();
        prop_assert_eq!(ranks, (0..clauses.len()).collect::<Vec<_>>());
        for c in &clauses {
            prop_assert!(!c.text.trim().is_empty());
            prop_assert!(text.contains(&c.text), "{:?} not in {:?}", c.text, text);
        }
        // Clauses come in written order, sentence by sentence.
        prop_assert!(clauses.windows(2).all(|w| w[0].sentence <= w[1].sentence));
    }

    #[test]
    fn any_text_splits_without_panicking(text in "\\PC{0,200}") {
        let _ = split(&text);
    }
}
