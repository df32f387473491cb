//! Whether a text tells of software failing or of checks gone red: the
//! gate of the idioms that ask for debugging only beside a failure.

/// Stems of words that tell of software failing.
#[rustfmt::skip]
const FAILING: &[&str] = &[
    "500", "blank", "break", "broke", "broken", "bug", "crash", "drop", "error", "except", "fail",
    "flaki", "flaky", "freez", "froze", "hang", "leak", "regress", "slow", "stuck", "throw",
    "timeout", "wrong",
];

/// Checks gone red: "CI is red on main again", "the checks turned red".
#[rustfmt::skip]
const GONE_RED: &[&str] = &[
    "all red", "are red", "goes red", "is red", "red again", "still red", "turn red",
    "turned red", "went red",
];

/// True when `text` tells of something failing ([`tells_of_failure`]) or
/// of checks gone red: a note or an aside about it still leaves it to be
/// worked on. Idioms do not read red as failing: "the checks are red.
/// figure out why." is the CI skill's work, not a debugging session's.
pub fn tells_of_trouble(text: &str) -> bool {
    tells_of_failure(text) || {
        let lower = text.to_lowercase();
        GONE_RED.iter().any(|r| lower.contains(r))
    }
}

/// True when `text` tells of something failing: a word opening with one
/// of `FAILING` ("fails", "crashed", "errors").
pub fn tells_of_failure(text: &str) -> bool {
    let lower = text.to_lowercase();
    let b = lower.as_bytes();
    FAILING.iter().any(|f| {
        lower
            .match_indices(f)
            .any(|(i, _)| i == 0 || !b[i - 1].is_ascii_alphanumeric())
    })
}

/// True when `text` names an error as programs print one: a word ending
/// in "Error" or "Exception" ("TypeError", "NullPointerException"), a
/// "Traceback" or "panicked at", or a number gone "NaN" (as written: "my
/// nan's recipe" is no error).
pub fn names_an_error(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| w == "NaN" || w.len() > 5 && (w.ends_with("Error") || w.ends_with("Exception")))
        || text.contains("Traceback (most recent call last)")
        || text.contains("panicked at")
}
