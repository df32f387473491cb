//! Property: on random catalogs whose skills produce, require and call each
//! other, `re0 check` reports exactly the cycles of the full prerequisite
//! graph (`re0 graph --format json`), though it builds that graph only over
//! the skills it first finds on a cycle.

mod common;

use common::{json, Sandbox};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

const ARTIFACTS: &[&str] = &["plan", "diff", "notes", "build"];

#[derive(Debug, Clone)]
struct SkillSpec {
    produces: Vec<usize>,
    requires: Vec<usize>,
    calls: Vec<usize>,
}

fn skill(n: usize) -> impl Strategy<Value = SkillSpec> {
    (
        prop::collection::vec(0..ARTIFACTS.len(), 0..3),
        prop::collection::vec(0..ARTIFACTS.len(), 0..3),
        prop::collection::vec(0..n, 0..2),
    )
        .prop_map(|(produces, requires, calls)| SkillSpec {
            produces,
            requires,
            calls,
        })
}

fn text(i: usize, s: &SkillSpec) -> String {
    let list = |v: Vec<String>| v.join(", ");
    let artifacts = |v: &[usize]| list(v.iter().map(|&a| ARTIFACTS[a].to_string()).collect());
    let calls = list(s.calls.iter().map(|c| format!("s{c}")).collect());
    format!(
        "---\nname: s{i}\ndescription: Skill number {i}.\nmetadata:\n  produces: \"{}\"\n  requires: \"{}\"\n  calls: \"{calls}\"\n---\nBody.\n",
        artifacts(&s.produces),
        artifacts(&s.requires),
    )
}

#[test]
fn check_reports_the_cycles_of_the_full_graph() {
    let mut runner = TestRunner::deterministic();
    let strategy = (2..9usize).prop_flat_map(|n| prop::collection::vec(skill(n), n));
    let mut cyclic = 0;
    for _ in 0..24 {
        let skills = strategy.new_tree(&mut runner).unwrap().current();
        let sb = Sandbox::new();
        for (i, s) in skills.iter().enumerate() {
            sb.write(&format!("skills/s{i}/SKILL.md"), &text(i, s));
        }
        let root = sb.path().join("skills");
        let check = json(sb.re0().arg("check").arg(&root).args(["--format", "json"]));
        let mut reported: Vec<String> = check["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["code"] == "cycle")
            .map(|f| {
                let m = f["message"].as_str().unwrap();
                m.strip_prefix("prerequisite cycle: ").unwrap().to_string()
            })
            .collect();
        let graph = json(
            sb.re0()
                .arg("--catalog")
                .arg(&root)
                .args(["graph", "--format", "json"]),
        );
        let mut expected: Vec<String> = graph["cycles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        reported.sort();
        expected.sort();
        assert_eq!(reported, expected, "{skills:?}");
        cyclic += usize::from(!expected.is_empty());
    }
    assert!(cyclic > 3, "too few random catalogs had a cycle: {cyclic}");
}
