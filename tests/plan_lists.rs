//! `re0 plan` on one sentence that asks for several things: a list whose
//! items each open with an article ("I need the rec done, the income
//! statement, and a dashboard") and "plus" after a want ("I need the
//! launch plan plus a battlecard"). Each item gets its own skill; a list
//! that describes one thing, or a verb that acts on both, stays one task.

mod common;

use common::plan::*;

const CATALOG: &str = "fixtures/plan/deliverables";

#[test]
fn each_item_of_a_list_of_things_asked_for_gets_its_skill() {
    assert_eq!(
        planned_in(
            CATALOG,
            "Before Friday I need the intercompany rec between the US and UK entities done, \
             the October income statement with prior year columns, and a clickable view \
             with tiles so the execs can click around"
        ),
        ["month-close", "statements", "kpi-dashboard"]
    );
}

#[test]
fn a_list_that_describes_one_deliverable_is_one_task() {
    // After a colon, items without their article describe the one thing.
    assert_eq!(
        planned_in(
            CATALOG,
            "I'd like the launch plan as one page: channels we can afford, messaging \
             for the rivals we keep losing to, and a timeline to March"
        ),
        ["launch-plan"]
    );
}

#[test]
fn plus_after_a_want_adds_a_deliverable() {
    assert_eq!(
        planned_in(
            CATALOG,
            "We launch in March. I need the full launch plan (channels, messaging, \
             success metrics, timeline) plus a sales battlecard against Notion AI"
        ),
        ["launch-plan", "battlecard"]
    );
}

#[test]
fn a_list_that_ends_in_a_task_of_its_own_still_lists_deliverables() {
    assert_eq!(
        planned_in(
            CATALOG,
            "Can you reconcile the intercompany accounts for October, the income \
             statement with prior year columns, and build a clickable dashboard with KPI tiles"
        ),
        ["month-close", "statements", "kpi-dashboard"]
    );
}

#[test]
fn a_verb_and_its_particle_after_a_comma_opens_a_task() {
    // "…, punch up the headline": a verb by its shape, its particle and a
    // new object; 836cfa0 read the whole list as the SEO audit's task.
    assert_eq!(
        planned_in(
            "fixtures/plan/described-work",
            "find out why google barely indexes the site, punch up the homepage headline"
        ),
        ["seo-audit", "copywriting"]
    );
    // "…, figure out why": the idiom asks about what the comma follows.
    assert_eq!(
        planned_in(
            "fixtures/plan/described-work",
            "organic traffic on the site dropped by half, figure out why"
        ),
        ["seo-audit"]
    );
}

#[test]
fn a_numbered_item_that_names_a_thing_after_a_step_is_the_next_step() {
    // "2. a battlecard …" names the next deliverable of the list; it had
    // been read as the scene of the first item.
    assert_eq!(
        planned_in(
            CATALOG,
            "1. write the go-to-market launch plan for the new tier with channels and a \
             timeline\n2. a sales battlecard against Acme with talk tracks for objections"
        ),
        ["launch-plan", "battlecard"]
    );
}

#[test]
fn a_numbered_item_that_tells_how_things_are_is_no_step() {
    // "2. the ledger is off …" tells the scene of the first item.
    assert_eq!(
        planned_in(
            CATALOG,
            "1. reconcile the intercompany accounts against the general ledger\n2. the \
             battlecard deck is off by a few thousand since the Acme deal"
        ),
        ["month-close"]
    );
}

#[test]
fn commas_in_parentheses_do_not_make_two_things_one_list() {
    // The details in parentheses had counted as items, so ", and a
    // spreadsheet…" stayed in the deck's clause: both skills were found
    // for one task and planned out of the asked order.
    assert_eq!(
        targets(&plan(
            "need two things by friday: a slide deck for the QBR (revenue, churn, pipeline), \
             and a spreadsheet of the renewals with owners",
            &[]
        )),
        ["slides", "sheets"]
    );
}
