use super::super::pairs::made_for;
use super::*;

#[test]
fn prose_relations_are_read() {
    let mut p = Prose::default();
    read_description(
        "Use when you have a written implementation plan to execute, before merging",
        &mut p,
    );
    assert_eq!(p.needs, ["written implementation plan"]);
    assert_eq!(p.before, ["merging"]);
    read_name("writing-plans", &mut p);
    assert_eq!(p.makes, ["plans"]);
    read_body("- **REQUIRED SUB-SKILL:** Use superpowers:executing-plans\nREQUIRED BACKGROUND: You MUST understand superpowers:test-driven-development first\n", &mut p);
    assert_eq!(p.then[0].0, "superpowers:executing-plans");
    assert_eq!(p.first[0].0, "superpowers:test-driven-development");
    // A marker quoted in a code span is an example of how to write one.
    let mut ex = Prose::default();
    read_body("- ✅ Good: `**REQUIRED BACKGROUND:** You MUST understand superpowers:systematic-debugging`\n- ❌ Bad: `**REQUIRED SUB-SKILL:** Use superpowers:executing-plans`\n", &mut ex);
    assert!(ex.first.is_empty() && ex.then.is_empty(), "{ex:?}");
    // A code span that only names the skill still leaves the relation.
    let mut named = Prose::default();
    read_body(
        "- **REQUIRED SUB-SKILL:** apply `superpowers:systematic-debugging` first\n",
        &mut named,
    );
    assert_eq!(named.then[0].0, "superpowers:systematic-debugging");
    // An artifact one makes and another needs: the same last word, stemmed.
    let a = Analyzer::default();
    let blank = crate::catalog::skill::blank("x");
    let link = |made: &str, needed: &str| {
        let (mut px, mut py) = (Prose::default(), Prose::default());
        px.makes.push(made.to_string());
        py.needs.push(needed.to_string());
        let (tx, ty) = (
            NodeTerms::of(&blank, &px, &a),
            NodeTerms::of(&blank, &py, &a),
        );
        made_for(&px, &tx, &py, &ty).map(|(m, n)| (m.clone(), n.clone()))
    };
    assert!(link("plans", "written implementation plan").is_some());
    assert!(link("notes", "written implementation plan").is_none());
}

#[test]
fn names_need_a_specific_word() {
    let mut p = Prose::default();
    read_description("Use when implementation is complete and tests pass", &mut p);
    assert_eq!(p.after, ["implementation"]);
}
