//! Writes a large synthetic skill catalog for benchmarks.
//!
//! `cargo run --release --example gen_catalog -- DIR [COUNT]` writes COUNT
//! (default 10,000) skill folders under DIR. Each has a realistic
//! frontmatter: a description of 300 to 1,000 characters (as long as real
//! ones run), triggers, and `requires`/
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

const SENTENCES: &[&str] = &[
    "It reads the {n} first, then proposes the smallest change that would {v} it safely.",
    "Ask for it when a {n} needs to {v} before the next milestone, or when a reviewer flags one.",
    "The skill explains each step, keeps the original {n} untouched, and writes its notes next to it.",
    "Works with large inputs by splitting the {n} into sections and handling them one at a time.",
    "Do not use it to {v} a {n} that belongs to another team without their approval.",
    "Outputs a summary table, a list of open questions and the commands it ran to {v} the {n}.",
];

/// The first `max` bytes of `s`, cut at a word boundary.
fn clip(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let cut = s[..max].rfind(' ').unwrap_or(max);
    &s[..cut]
}

/// Words of `s` in lines of at most `width` bytes.
fn wrap(s: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for w in s.split(' ') {
        let last = lines.last_mut().unwrap();
        if !last.is_empty() && last.len() + 1 + w.len() > width {
            lines.push(w.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(w);
        }
    }
    lines
}

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
        // Flat, as installers lay skills out (~/.claude/skills/<name>/).
        let folder = dir.join(&name);
        std::fs::create_dir_all(&folder).unwrap();
        let mut text = String::new();
        writeln!(text, "---\nname: {name}").unwrap();
        let target = 300 + (next() % 701) as usize;
        let mut desc = format!(
            "{verb} the {noun} of project {i} and leave a short, reviewable record of what was done. Use when someone asks to {verb} a {noun} or check one before release."
        );
        while desc.len() < target {
            let v = VERBS[(next() % VERBS.len() as u64) as usize];
            let n = NOUNS[(next() % NOUNS.len() as u64) as usize];
            let s = SENTENCES[(next() % SENTENCES.len() as u64) as usize];
            desc.push(' ');
            desc.push_str(&s.replace("{v}", v).replace("{n}", n));
        }
        let desc = clip(&desc, 1000);
        text.push_str("description: >-\n");
        for line in wrap(desc, 76) {
            writeln!(text, "  {line}").unwrap();
        }
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
