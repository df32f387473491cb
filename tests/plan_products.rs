//! A skill bound to a product ("Turn Quillpad specs into implementation
//! plans", `quillpad-spec-to-plan`) and a general skill that does the same
//! work: the request that never names the product is the general skill's.

mod common;

use common::plan::*;

const CATALOG: &str = "fixtures/plan/bound-products";

#[test]
fn a_request_that_never_names_the_product_takes_the_general_skill() {
    let p = plan_in(
        CATALOG,
        "write an implementation plan from the billing spec",
        &[],
    );
    assert_eq!(targets(&p), ["drafting-plans"]);
    let why = why_of(
        CATALOG,
        "write an implementation plan from the billing spec",
        "quillpad-spec-to-plan",
    );
    assert!(why.contains("bound to a product"), "{why}");
    assert!(why.contains("drafting-plans"), "{why}");
    // A word only the bound skill's body holds is a detail, not its job.
    assert_eq!(
        planned_in(
            CATALOG,
            "write the implementation plan from the billing spec page"
        ),
        ["drafting-plans"]
    );
    // A common word only the bound skill's description holds ("Turn …
    // into …") sets nothing apart.
    assert_eq!(
        planned_in(
            CATALOG,
            "The requirements are in docs/export.md. Turn them into an implementation plan, \
             then I'll build it"
        ),
        ["drafting-plans"]
    );
}

#[test]
fn naming_the_product_takes_the_bound_skill() {
    let p = plan_in(
        CATALOG,
        "turn the Quillpad spec for search into an implementation plan",
        &[],
    );
    assert_eq!(targets(&p), ["quillpad-spec-to-plan"]);
}

#[test]
fn a_bound_skill_whose_name_holds_the_command_still_serves() {
    // Nothing general deploys: the product is only where it goes.
    assert_eq!(
        planned_in(CATALOG, "deploy the app and send me the preview link"),
        ["deploy-to-harbor"]
    );
    // A name that holds none of the clause's words claims nothing for the
    // product: the evidence decides, as before.
    assert_eq!(
        planned_in(CATALOG, "send me the preview link"),
        ["deploy-to-harbor"]
    );
}
