//! Property: on random catalogs, `plan`, `check` and `list` say the same with the
//! catalog index as without it, when it is built and when it is served.

mod common;

use common::Sandbox;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

const WORDS: &[&str] = &[
    "review", "ship", "deploy", "schema", "change", "notes", "test", "release", "draft", "lint",
];
const ARTIFACTS: &[&str] = &["plan", "diff", "review-notes", "build", "report"];

#[derive(Debug, Clone)]
struct SkillSpec {
    name: usize,
    words: Vec<usize>,
    produces: Vec<usize>,
    requires: Vec<usize>,
    user_only: bool,
    /// 0 valid, 1 broken YAML, 2 no frontmatter.
    shape: u8,
    /// Words of the body's opening prose (planning reads it as a weak
    /// field; the index keeps it only as part of the skill's profile).
    body: Vec<usize>,
}

fn skill() -> impl Strategy<Value = SkillSpec> {
    (
        0..8usize,
        prop::collection::vec(0..WORDS.len(), 1..6),
        prop::collection::vec(0..ARTIFACTS.len(), 0..2),
        prop::collection::vec(0..ARTIFACTS.len(), 0..2),
        any::<bool>(),
        prop_oneof![8 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
        prop::collection::vec(0..WORDS.len(), 0..4),
    )
        .prop_map(
            |(name, words, produces, requires, user_only, shape, body)| SkillSpec {
                name,
                words,
                produces,
                requires,
                user_only,
                shape,
                body,
            },
        )
}

fn text(s: &SkillSpec, name: &str) -> String {
    let words: Vec<&str> = s.words.iter().map(|&w| WORDS[w]).collect();
    let list = |v: &[usize]| {
        v.iter()
            .map(|&a| ARTIFACTS[a])
            .collect::<Vec<_>>()
            .join(", ")
    };
    match s.shape {
        1 => format!("---\nname: {name}\ndescription: [broken: {}\n---\n", words.join(" ")),
        2 => format!("# {name}\n{}\n", words.join(" ")),
        _ => format!(
            "---\nname: {name}\ndescription: Use to {}.\ndisable-model-invocation: {}\nmetadata:\n  produces: \"{}\"\n  requires: \"{}\"\n---\nBody {}.\n",
            words.join(" "),
            s.user_only,
            list(&s.produces),
            list(&s.requires),
            s.body.iter().map(|&w| WORDS[w]).collect::<Vec<_>>().join(" "),
        ),
    }
}

#[test]
fn plan_check_and_list_are_the_same_with_and_without_the_index() {
    let mut runner = TestRunner::deterministic();
    let strategy = (
        prop::collection::vec(skill(), 1..10),
        prop::collection::vec(0..WORDS.len(), 1..4),
    );
    let cases: Vec<_> = (0..12)
        .map(|_| strategy.new_tree(&mut runner).unwrap().current())
        .collect();
    let sandboxes: Vec<Sandbox> = cases
        .iter()
        .map(|(skills, _)| {
            let sb = Sandbox::new();
            for (i, s) in skills.iter().enumerate() {
                // Folder names may repeat a skill name: duplicates and
                // name/folder mismatches are part of what must agree.
                let name = format!("{}-{}", WORDS[s.name % WORDS.len()], s.name);
                sb.write(&format!("skills/f{i}/SKILL.md"), &text(s, &name));
            }
            sb
        })
        .collect();
    // Older than the racy window, so the second call is served by the index.
    std::thread::sleep(std::time::Duration::from_millis(2100));
    for ((_, intent), sb) in cases.iter().zip(&sandboxes) {
        let intent: Vec<&str> = intent.iter().map(|&w| WORDS[w]).collect();
        let intent = intent.join(" and ");
        for args in [
            vec!["plan", intent.as_str(), "--format", "json"],
            vec!["check", "--format", "json"],
            vec!["list", "--all", "--format", "json"],
        ] {
            let run = |cache: bool| {
                let mut c = sb.re0();
                c.arg("--catalog").arg(sb.path().join("skills")).args(&args);
                if !cache {
                    c.arg("--no-cache");
                }
                c.output().unwrap()
            };
            let plain = run(false);
            let built = run(true);
            let served = run(true);
            for got in [&built, &served] {
                assert_eq!(got.stdout, plain.stdout, "re0 {args:?}");
                assert_eq!(got.status.code(), plain.status.code());
            }
        }
    }
}
