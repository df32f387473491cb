//! Writes a large synthetic skill catalog for benchmarks.
//!
//! `cargo run --release --example gen_catalog -- DIR [COUNT]` writes COUNT
//! (default 10,000) skill folders under DIR. Each has a realistic
//! frontmatter: a two-sentence description, triggers, and `requires`/
//! `produces` that form a layered graph without cycles, so `re0 check` does
//! the full prerequisite work. Output is deterministic.

use std::fmt::Write as _;
use std::path::PathBuf;

const VERBS: &[&str] = &[
    "review",
    "plan",
    "draft",
    "test",
    "deploy",
    "lint",
    "format",
    "migrate",
    "audit",
    "summarize",
    "translate",
    "benchmark",
    "profile",
    "package",
    "release",
    "triage",
    "document",
    "refactor",
];
const NOUNS: &[&str] = &[
    "change",
    "schema",
    "report",
    "invoice",
    "slide-deck",
    "spreadsheet",
    "api",
    "service",
    "query",
    "dashboard",
    "contract",
    "changelog",
    "dataset",
    "model",
    "pipeline",
    "incident",
    "design",
    "form",
];

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().expect("usage: gen_catalog DIR [COUNT]"));
    let count: usize = args
        .next()
        .map(|c| c.parse().expect("COUNT is a number"))
        .unwrap_or(10_000);
    let mut rng: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for i in 0..count {
        let verb = VERBS[(next() % VERBS.len() as u64) as usize];
        let noun = NOUNS[(next() % NOUNS.len() as u64) as usize];
        let name = format!("{verb}-{noun}-{i}");
        let folder = dir.join(format!("group-{:03}", i / 100)).join(&name);
        std::fs::create_dir_all(&folder).unwrap();
        let mut text = String::new();
        writeln!(text, "---\nname: {name}").unwrap();
        writeln!(
            text,
            "description: >-\n  {verb} the {noun} of project {i} and leave a short, reviewable record of\n  what was done. Use when someone asks to {verb} a {noun} or check one before release."
        )
        .unwrap();
        writeln!(text, "metadata:\n  triggers: \"{verb} {noun}, {noun}\"").unwrap();
        writeln!(text, "  produces: \"artifact-{i}\"").unwrap();
        if i > 0 {
            // Require one or two artifacts of earlier skills: a DAG.
            let a = next() as usize % i;
            let b = next() as usize % i;
            writeln!(text, "  requires: \"artifact-{a}, artifact-{b}\"").unwrap();
        }
        writeln!(text, "  writes: \"{}\"", i % 3 != 0).unwrap();
        writeln!(text, "---\n# {name}\n\nSteps for {verb}ing the {noun}.\n").unwrap();
        for step in 1..=20 {
            writeln!(
                text,
                "{step}. Do part {step} of the work carefully and note the result."
            )
            .unwrap();
        }
        std::fs::write(folder.join("SKILL.md"), text).unwrap();
    }
    eprintln!("wrote {count} skills under {}", dir.display());
}
