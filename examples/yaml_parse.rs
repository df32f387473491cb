//! Measures the YAML parse of SKILL.md frontmatter alone, serde_yaml against
//! serde-saphyr and re0's fast path (`re0::yaml::fast`), and checks that
//! they read the same thing.
//!
//! ```sh
//! cargo run --release --example yaml_parse -- MODE ROUNDS DIR...
//! ```
//!
//! Every `SKILL.md` under the DIRs is read and split at its fences first
//! (not timed); then MODE parses every frontmatter ROUNDS times on one
//! thread and prints the median time of one pass:
//! - `serde_yaml`: `serde_yaml::from_str::<Value>`, as re0 did;
//! - `saphyr`: `serde_saphyr` with re0's options into the same `Value`;
//! - `fast`: re0's frontmatter fast path, serde_yaml where it gives up;
//! - `mutate`: makes ROUNDS small random edits of each frontmatter and
//!   checks that whatever the fast path decides, serde_yaml decides alike;
//! - `hostile`: times each parser on an alias bomb, 50,000-deep nesting
//!   and a 1 MiB description (DIR is ignored);
//! - `none`: no parse (the cost of the loop and the read);
//! - `compare`: parses each once with serde_yaml, the fast path and
//!   serde-saphyr, and prints every file where they differ from serde_yaml
//!   (value, error-or-not, error line).

use re0::catalog::frontmatter;
use serde_yaml::Value;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let Ok(t) = e.file_type() else { continue };
        if t.is_dir() {
            walk(&e.path(), out);
        } else if t.is_file() && e.file_name() == "SKILL.md" {
            out.push(e.path());
        }
    }
}

/// (file, frontmatter text) of every SKILL.md that has one.
fn frontmatters(dirs: &[String]) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    for d in dirs {
        walk(Path::new(d), &mut files);
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|f| {
            let text = std::fs::read_to_string(&f).ok()?;
            let yaml = frontmatter::split(&text).ok()?.yaml.to_string();
            Some((f, yaml))
        })
        .collect()
}

/// Outcome of one parse: the value, or the error's 1-based line.
type Outcome = Result<Value, (Option<usize>, String)>;

/// One way of parsing a frontmatter.
type Parser = fn(&str) -> Outcome;

fn with_serde_yaml(yaml: &str) -> Outcome {
    serde_yaml::from_str::<Value>(yaml).map_err(|e| (e.location().map(|l| l.line()), e.to_string()))
}

/// A YAML parse error: what went wrong and where (1-based, in the text).
#[derive(Debug, Clone, PartialEq, Eq)]
struct ParseError {
    message: String,
    line: Option<usize>,
    column: Option<usize>,
}

/// serde-saphyr set to read untyped YAML the way serde_yaml 0.9 does
/// (YAML 1.2 core booleans, `<<` an ordinary key, `0123` and `1_000`
/// text, `.inf` a number), without comments or snippets, with its budget
/// (depth, nodes, events, aliases) on.
fn saphyr_options() -> serde_saphyr::Options {
    use serde_saphyr::options::{DuplicateKeyPolicy, MergeKeyPolicy, NonFiniteFloatPolicy};
    let mut o = serde_saphyr::Options::default();
    o.duplicate_keys = DuplicateKeyPolicy::Error;
    o.merge_keys = MergeKeyPolicy::AsOrdinary;
    o.strict_booleans = true;
    o.leading_zero_numbers_as_strings = true;
    o.underscored_numbers_as_strings = true;
    o.non_finite_float_policy = NonFiniteFloatPolicy::PassThrough;
    o.with_snippet = false;
    o
}

/// Parses one YAML document into a [`serde_yaml::Value`] with serde-saphyr.
fn parse_value(text: &str) -> Result<serde_yaml::Value, ParseError> {
    serde_saphyr::from_str_with_options(text, saphyr_options()).map_err(|e| {
        let loc = e.location().filter(|l| l.line() > 0);
        ParseError {
            message: e.to_string(),
            line: loc.map(|l| l.line() as usize),
            column: loc.map(|l| l.column() as usize),
        }
    })
}

fn with_saphyr(yaml: &str) -> Outcome {
    parse_value(yaml).map_err(|e| (e.line, e.message))
}

/// serde-saphyr without its budget (to see what the budget costs).
fn with_saphyr_unbudgeted(yaml: &str) -> Outcome {
    use serde_saphyr::options::{MergeKeyPolicy, NonFiniteFloatPolicy};
    let mut o = serde_saphyr::Options::default();
    o.budget = None;
    o.merge_keys = MergeKeyPolicy::AsOrdinary;
    o.strict_booleans = true;
    o.non_finite_float_policy = NonFiniteFloatPolicy::PassThrough;
    o.with_snippet = false;
    serde_saphyr::from_str_with_options::<Value>(yaml, o).map_err(|e| (None, e.to_string()))
}

/// Only the event stream of serde-saphyr's parser, no values built.
fn with_granit_events(yaml: &str) -> Outcome {
    let mut n = 0usize;
    for ev in serde_saphyr::granit_parser::Parser::new_from_str(yaml) {
        if ev.is_err() {
            return Err((None, "event error".into()));
        }
        n += 1;
    }
    Ok(Value::from(n as u64))
}

/// Only the event stream of serde_yaml's parser (libyaml), through the
/// `serde::de::IgnoredAny` visitor: parsed, nothing built.
fn with_serde_yaml_ignored(yaml: &str) -> Outcome {
    serde_yaml::from_str::<serde::de::IgnoredAny>(yaml)
        .map(|_| Value::Null)
        .map_err(|e| (None, e.to_string()))
}

/// re0's fast path, and serde_yaml where it cannot decide.
fn with_fast_path(yaml: &str) -> Outcome {
    match re0::yaml::fast::parse(yaml) {
        Some(m) => Ok(Value::Mapping(m)),
        None => with_serde_yaml(yaml),
    }
}

fn median_ms(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mode, rounds, dirs) = match args.as_slice() {
        [m, r, dirs @ ..] if !dirs.is_empty() => (m.as_str(), r.parse::<usize>().unwrap(), dirs),
        _ => panic!("usage: yaml_parse MODE ROUNDS DIR..."),
    };
    if mode == "hostile" {
        hostile();
        return;
    }
    let docs = frontmatters(dirs);
    let bytes: usize = docs.iter().map(|(_, y)| y.len()).sum();
    if mode == "mutate" {
        mutate(&docs, rounds);
        return;
    }
    if mode == "compare" {
        compare(&docs);
        return;
    }
    let parse: Parser = match mode {
        "serde_yaml" => with_serde_yaml,
        "saphyr" => with_saphyr,
        "fast" => with_fast_path,
        "saphyr-nobudget" => with_saphyr_unbudgeted,
        "granit-events" => with_granit_events,
        "serde_yaml-ignored" => with_serde_yaml_ignored,
        "none" => |_| Ok(Value::Null),
        _ => panic!("unknown mode {mode}"),
    };
    let mut times = Vec::new();
    let mut ok = 0;
    for _ in 0..rounds {
        let t = Instant::now();
        ok = docs.iter().filter(|(_, y)| parse(y).is_ok()).count();
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    println!(
        "{mode}: {} frontmatters ({bytes} bytes), {ok} parse, median {:.1} ms per pass of {rounds}",
        docs.len(),
        median_ms(times)
    );
}

fn compare(docs: &[(PathBuf, String)]) {
    let decided = docs
        .iter()
        .filter(|(_, y)| re0::yaml::fast::parse(y).is_some())
        .count();
    println!("fast path decides {decided} of {}", docs.len());
    println!("-- fast path (with serde_yaml behind it) against serde_yaml");
    compare_with(docs, with_fast_path);
    println!("-- serde-saphyr against serde_yaml");
    compare_with(docs, with_saphyr);
}

fn compare_with(docs: &[(PathBuf, String)], other: Parser) {
    let (mut same, mut differ) = (0, 0);
    let mut errors = 0;
    for (file, yaml) in docs {
        let a = with_serde_yaml(yaml);
        let b = other(yaml);
        let agree = match (&a, &b) {
            (Ok(x), Ok(y)) => x == y,
            (Err((lx, _)), Err((ly, _))) => {
                errors += 1;
                lx == ly
            }
            _ => false,
        };
        if agree {
            same += 1;
        } else {
            differ += 1;
            println!("DIFF {}", file.display());
            println!("  serde_yaml: {}", short(&a));
            println!("  other:      {}", short(&b));
        }
    }
    println!(
        "{} frontmatters: {same} same ({errors} errors on the same line), {differ} differ",
        docs.len()
    );
}

fn short(o: &Outcome) -> String {
    let s = match o {
        Ok(v) => format!("ok {v:?}"),
        Err((line, msg)) => format!("error line {line:?}: {msg}"),
    };
    s.chars().take(300).collect()
}

/// Each parser on hostile text: what it answers and how long it takes.
fn hostile() {
    let mut bomb = String::from("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (prev, name) in "abcdefgh".chars().zip("bcdefghi".chars()) {
        let refs = vec![format!("*{prev}"); 10].join(", ");
        bomb.push_str(&format!("{name}: &{name} [{refs}]\n"));
    }
    let cases = [
        ("alias bomb (10^9 nodes once expanded)", bomb),
        (
            "50,000-deep flow nesting",
            format!("a: {}{}\n", "[".repeat(50_000), "]".repeat(50_000)),
        ),
        // Block nesting costs its depth in indentation per line: 1,400
        // levels is about the 1 MiB a SKILL.md may have.
        ("1,400-deep block nesting", {
            let mut s = String::new();
            for d in 0..1_400 {
                s.push_str(&format!("{}k:\n", " ".repeat(d)));
            }
            s
        }),
        (
            "1 MiB folded description",
            format!(
                "name: a\ndescription: >-\n{}",
                "  lorem ipsum dolor sit amet\n".repeat(36_000)
            ),
        ),
        (
            "1 MiB of keys (50,000 lines)",
            (0..50_000).map(|i| format!("k{i}: v{i}\n")).collect(),
        ),
    ];
    let parsers: [(&str, Parser); 4] = [
        ("serde_yaml", with_serde_yaml),
        ("re0 guard + serde_yaml", with_guard),
        ("serde-saphyr", with_saphyr),
        ("fast path", |y| {
            re0::yaml::fast::parse(y)
                .map(Value::Mapping)
                .ok_or((None, "not decided".into()))
        }),
    ];
    for (name, text) in &cases {
        println!("{name} ({} bytes):", text.len());
        for (p, f) in parsers {
            let t = Instant::now();
            let out = f(text);
            let ms = t.elapsed().as_secs_f64() * 1e3;
            let what = match &out {
                Ok(_) => "parsed".to_string(),
                Err((_, m)) => format!("error: {}", m.chars().take(90).collect::<String>()),
            };
            println!("  {p:<24} {ms:>9.2} ms  {what}");
        }
    }
}

/// re0's depth guard in front of serde_yaml, as `skill::load` has it.
fn with_guard(yaml: &str) -> Outcome {
    re0::yaml::check_depth(yaml).map_err(|d| (Some(d.line), d.to_string()))?;
    with_serde_yaml(yaml)
}

/// Differential test of the fast path on real frontmatter with small
/// random edits (a token inserted, or a few bytes removed).
fn mutate(docs: &[(PathBuf, String)], per_doc: usize) {
    const TOKENS: &[&str] = &[
        " ", "  ", "\n", "\n  ", "\n\n", ":", ": ", "#", " #", "\"", "'", "-", "- ", "|", ">-",
        "\t", "\r", "[", "{", "&a ", "*a", "!", "0", "1.0", "007", "true", "~", "\\", "é", "---",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut tried, mut decided, mut wrong) = (0, 0, 0);
    for (file, yaml) in docs {
        for _ in 0..per_doc {
            let mut at = next(yaml.len() + 1);
            while !yaml.is_char_boundary(at) {
                at -= 1;
            }
            let mut text = yaml.clone();
            if next(3) == 0 {
                let mut end = (at + 1 + next(3)).min(text.len());
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                text.replace_range(at..end, "");
            } else {
                text.insert_str(at, TOKENS[next(TOKENS.len())]);
            }
            tried += 1;
            let Some(fast) = re0::yaml::fast::parse(&text) else {
                continue;
            };
            decided += 1;
            let full = with_serde_yaml(&text);
            if full != Ok(Value::Mapping(fast.clone())) {
                wrong += 1;
                if wrong <= 5 {
                    println!("WRONG {} {text:?}", file.display());
                    println!("  serde_yaml: {}", short(&full));
                    println!("  fast:       {}", short(&Ok(Value::Mapping(fast))));
                }
            }
        }
    }
    println!(
        "{tried} edited frontmatters, fast path decided {decided}, {wrong} differ from serde_yaml"
    );
}
