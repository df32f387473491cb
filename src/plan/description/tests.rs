//! Tests of cutting descriptions into parts.

use super::*;

proptest::proptest! {
    #[test]
    fn ascii_quotes_are_those_of_chars(s in "[a-z '\"`.]{0,80}") {
        let (mut fast, mut chars) = (Vec::new(), Vec::new());
        quoted_ascii(s.as_bytes(), &mut fast);
        quoted_chars(&s, &mut chars);
        proptest::prop_assert_eq!(fast, chars);
    }

    #[test]
    fn ascii_word_spans_are_those_of_chars(s in "[a-zA-Z0-9' .,;:!?()-]{0,40}") {
        let (mut fast, mut chars) = (Vec::new(), Vec::new());
        word_spans_into(&s, &mut fast);
        spans_of(s.char_indices(), s.len(), &mut chars);
        proptest::prop_assert_eq!(fast, chars);
    }
}

#[test]
fn first_words_are_those_of_the_markers() {
    let mut firsts: Vec<&str> = NOT_MARKERS
        .iter()
        .chain(USE_MARKERS)
        .map(|m| m[0])
        .chain(["when", "whenever"])
        .collect();
    firsts.sort_unstable();
    firsts.dedup();
    for w in &firsts {
        assert!(may_open_marker(w), "{w}");
        assert!(may_open_marker(&w.to_uppercase()), "{w}");
        assert!(w.len() <= MAX_FIRST_LEN, "{w}");
    }
    for w in ["usex", "us", "whence", "the", "skill", "a", "", "triggered"] {
        assert!(!may_open_marker(w), "{w}");
    }
}

fn show(text: &str) -> Vec<(Part, String)> {
    parts(text)
        .spans
        .into_iter()
        .map(|(p, r)| (p, text[r].trim().to_string()))
        .collect()
}

#[test]
fn does_when_and_not_are_told_apart() {
    let d = "Create slides. Use when the user wants a deck. Do NOT use for PDFs or spreadsheets.";
    assert_eq!(
        show(d),
        [
            (Part::Does, "Create slides".into()),
            (Part::When, "Use when the user wants a deck".into()),
            (Part::Not, "Do NOT use for PDFs or spreadsheets".into()),
        ]
    );
    let d = "Build web artifacts with React - not for simple single-file HTML artifacts.";
    assert_eq!(
        show(d),
        [
            (Part::Does, "Build web artifacts with React -".into()),
            (
                Part::Not,
                "not for simple single-file HTML artifacts".into()
            ),
        ]
    );
    assert_eq!(
        show("Use when you have a written implementation plan to execute"),
        [(
            Part::When,
            "Use when you have a written implementation plan to execute".into()
        )]
    );
    assert_eq!(
        show("Read-only, it briefs, it does not act"),
        [
            (Part::Does, "Read-only, it briefs, it".into()),
            (Part::Not, "does not act".into())
        ]
    );
}

#[test]
fn file_extensions_do_not_end_sentences() {
    let d = "Edit .docx files, e.g. reports. Use when asked";
    let p = show(d);
    assert_eq!(p[0], (Part::Does, "Edit .docx files, e.g".into()));
    assert_eq!(p.last().unwrap().0, Part::When);
}

#[test]
fn quoted_phrases_but_not_apostrophes() {
    let d = r#"Triggers on "ship this", 'build this now' and `deck`; don't use for users' notes."#;
    let got: Vec<&str> = parts(d).phrases.into_iter().map(|r| &d[r]).collect();
    assert_eq!(got, ["ship this", "build this now", "deck"]);
    let d = "Mentions “deck,” or “slides”";
    let got: Vec<&str> = parts(d).phrases.into_iter().map(|r| &d[r]).collect();
    assert_eq!(got, ["deck,", "slides"]);
}

#[test]
fn quoted_phrases_inside_exclusions_are_not_trigger_phrases() {
    let d = r#"Charts from data. Use for "bar chart" requests. Do NOT use for "pitch decks" or 'slides'."#;
    let got: Vec<&str> = parts(d).phrases.into_iter().map(|r| &d[r]).collect();
    assert_eq!(got, ["bar chart"]);
    let lower = d.to_ascii_lowercase();
    let fast: Vec<&str> = cut(d, &lower)
        .parts
        .phrases
        .into_iter()
        .map(|r| &d[r])
        .collect();
    assert_eq!(fast, ["bar chart"]);
}
