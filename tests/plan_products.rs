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

/// Skills that each wrap one online service, shaped like the public
/// catalogs of API wrappers: `<product>-api-safe-cli`, and some whose
/// `SKILL.md` has no frontmatter at all.
const WRAPPERS: &str = "fixtures/plan/service-wrappers";

#[test]
fn a_request_that_names_the_product_a_skill_wraps_takes_it() {
    // "ledgerly" is the only word the skill matches: the product its name
    // is made of, named as the place the work is done.
    assert_eq!(
        planned_in(WRAPPERS, "export paid members from our ledgerly site"),
        ["ledgerly-api-safe-cli"]
    );
    // `--explain` says why one word was enough.
    let why = why_of(
        WRAPPERS,
        "export paid members from our ledgerly site",
        "ledgerly-api-safe-cli",
    );
    assert!(why.contains("naming the product it wraps"), "{why}");
    // A name that says it is an API or CLI wraps what the rest of it
    // names, though its description writes the product only in a tool's
    // name (`chirp-api-tool`).
    assert_eq!(
        planned_in(WRAPPERS, "export last month's followers from chirp"),
        ["chirp-api-safe-cli"]
    );
    // Each product a clause lists as the place of its work is asked for.
    assert_eq!(
        planned_in(
            WRAPPERS,
            "crosspost the launch notes to ledgerly, chirp and tallybook"
        ),
        ["tallybook", "chirp-api-safe-cli", "ledgerly-api-safe-cli"]
    );
    // A product that only qualifies the thing worked on is no place of work.
    assert!(planned_in(WRAPPERS, "translate this ledgerly macro to german").is_empty());
    // A product of two words needs both: "signed off" is not Dropline Sign.
    assert!(planned_in(
        WRAPPERS,
        "no need to touch the contract, legal already signed off on it"
    )
    .is_empty());
    // A word two skills' names share names neither product.
    assert!(planned_in(WRAPPERS, "export last week's numbers from ads").is_empty());
    // A name with a word of its own work wraps nothing: the GIF maker
    // does not serve every request that names its chat product.
    assert!(planned_in(WRAPPERS, "share the launch video in kestrel").is_empty());
}

#[test]
fn a_skill_without_frontmatter_is_offered_as_a_handoff() {
    // Claude Code reads a SKILL.md with no frontmatter as named for its
    // folder and described by its first paragraph; re0 keeps its lane
    // unreadable, so the step is the person's.
    let p = plan_in(WRAPPERS, "pull last week's invoices from tallybook", &[]);
    assert_eq!(targets(&p), ["tallybook"]);
    let step = &p["steps"][0];
    assert_eq!(step["type"], "user-handoff");
    let reason = step["reason"].as_str().unwrap();
    assert!(reason.contains("no frontmatter"), "{reason}");
    // `check` still reports the missing frontmatter as an error.
    let (mut cmd, _home) = common::re0_repo();
    let out = cmd.args(["check", WRAPPERS]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("tallybook/SKILL.md:1:1: error[frontmatter-missing]"),
        "{text}"
    );
}
