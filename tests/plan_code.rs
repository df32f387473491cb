//! `re0 plan` on code written into an intent: the name of a call
//! (`BillingService.generate()`, `map()`) says what the code is called,
//! not which work is asked, so it is no evidence for a skill whose
//! description uses the same word. An API's own name
//! (`useEffect()`, `Thread.Abort()`) stays evidence.

mod common;

use common::plan::*;

const CALLS: &str = "fixtures/plan/code-calls";

#[test]
fn a_call_named_in_code_is_no_evidence() {
    let intent =
        "start with BillingService.generate() in java: pull the tax calculation block out into its own method";
    assert_eq!(planned_in(CALLS, intent), ["extract-method"]);
    // "generate" and "pull" were 0.83 evidence for the report skill.
    let why = why_of(CALLS, intent, "report-builder");
    assert!(why.contains("< 0.4"), "{why}");
    // Said as words, they still ask for it.
    assert_eq!(
        planned_in(
            CALLS,
            "generate the weekly report and pull the numbers for each team"
        ),
        ["report-builder"]
    );
}
