//! Agent nouns that the Snowball stemmer leaves apart from their verbs.
//!
//! Snowball strips "-er" only from long enough words: "reviewer" meets
//! "review", but "reader", "writer" and "planner" keep stems of their own.
//! People write one form and skill authors the other ("have a fresh reader
//! look at it" and "cold-read the doc"; "a PR writer" and "write the PR"),
//! so each noun below is mapped to its verb's stem, in intents and skill
//! texts alike, after stemming.
//!
//! Only agent nouns: joining other derived forms was measured and not
//! taken. Nouns in -ion/-ure/-sis ("decision"/"decide",
//! "analysis"/"analyze", "failure"/"fail") cost the real trigger set
//! 0.013 F1, and irregular pasts ("wrote", "built", "broken") cost the
//! authors' trigger set 0.006.
//!
//! | verb stem | noun |
//! |---|---|
//! | `write` `build` `plan` `test` `edit` | writer, builder, planner, tester, editor |
//! | `debug` `read` `run` `make` `check` | debugger, reader, runner, maker, checker |
//! | `scan` `pars` `format` `lint` `track` `view` | scanner, parser, formatter, linter, tracker, viewer |

/// The stem of `stem`'s verb when it is one of the agent nouns above;
/// `stem` itself otherwise.
pub fn family(stem: &str) -> &str {
    match stem {
        "writer" => "write",
        "builder" => "build",
        "planner" => "plan",
        "tester" => "test",
        "editor" => "edit",
        "debugg" => "debug",
        "reader" => "read",
        "runner" => "run",
        "maker" => "make",
        "checker" => "check",
        "scanner" => "scan",
        "parser" => "pars",
        "formatt" => "format",
        "linter" => "lint",
        "tracker" => "track",
        "viewer" => "view",
        _ => stem,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::text::Analyzer;

    #[test]
    fn an_agent_noun_meets_its_verb() {
        let a = Analyzer::default();
        for group in [
            &["read", "reading", "reader", "readers"][..],
            &["write", "writing", "writer"],
            &["plan", "planning", "planner"],
            &["debug", "debugging", "debugger"],
            &["format", "formatting", "formatter"],
            &["parse", "parsing", "parser"],
        ] {
            let terms: Vec<Vec<String>> = group.iter().map(|w| a.terms(w)).collect();
            assert!(terms.iter().all(|t| *t == terms[0]), "{group:?}: {terms:?}");
        }
    }

    #[test]
    fn other_derived_forms_stay_apart() {
        let a = Analyzer::default();
        for (x, y) in [
            ("decision", "decide"),
            ("wrote", "write"),
            ("creator", "create"),
        ] {
            assert_ne!(a.terms(x), a.terms(y), "{x} / {y}");
        }
    }

    #[test]
    fn a_verb_stem_is_left_as_it_is() {
        // Applying the table twice changes nothing, so a stem read back
        // from a profile and one made from a query agree.
        for s in ["writer", "reader", "debugg", "plan", "x"] {
            assert_eq!(family(family(s)), family(s), "{s}");
        }
    }
}
