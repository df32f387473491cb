//! `re0 check --spec strict`: the Agent Skills specification's own key
//! rule, as its reference validator (skills-ref) applies it: a frontmatter
//! may hold only `name`, `description`, `license`, `compatibility`,
//! `metadata` and `allowed-tools` at the top level.

use crate::catalog::frontmatter::{self, KeyLines};
use crate::catalog::{Catalog, SkillKind};
use crate::contract::{CLAUDE_EXTENSION_KEYS, CONTRACT_KEYS};
use crate::diag::{rules, Diagnostic};
use crate::fsio::{self, Follow};
use rayon::prelude::*;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The top-level keys the specification allows.
pub const ALLOWED_KEYS: &[&str] = &[
    "name",
    "description",
    "license",
    "compatibility",
    "metadata",
    "allowed-tools",
];

/// Adds a `spec-key` error for every top-level key the specification does
/// not allow, in every skill folder of the catalog, and drops the milder
/// portability findings those errors replace.
pub fn apply<'a>(catalog: &'a Catalog, out: &mut Vec<Cow<'a, Diagnostic>>) {
    // Reading each file again is independent per file: in parallel, in
    // catalog order.
    let mut found: Vec<Diagnostic> = catalog
        .skills
        .par_iter()
        .filter(|s| s.kind == SkillKind::Folder)
        .flat_map_iter(|s| check_file(&s.file))
        .collect();
    // A contract key's portability finding shows its value in metadata form.
    let mut portable_help: HashMap<(&Path, Option<usize>), &Option<String>> = HashMap::new();
    for d in out.iter().filter(|d| d.code == rules::NONPORTABLE_KEY.code) {
        portable_help.entry(at(d)).or_insert(&d.help);
    }
    for f in &mut found {
        if let Some(Some(help)) = portable_help.get(&at(f)) {
            f.help = Some(help.clone());
        }
    }
    let keys: HashSet<(&Path, Option<usize>)> = found.iter().map(at).collect();
    out.retain(|d| {
        let replaced =
            d.code == rules::NONPORTABLE_KEY.code || d.code == rules::CLAUDE_EXTENSION_KEY.code;
        !(replaced && keys.contains(&at(d)))
    });
    drop(keys);
    out.extend(found.into_iter().map(Cow::Owned));
}

/// Where a finding is: its file and line.
fn at(d: &Diagnostic) -> (&Path, Option<usize>) {
    (&d.file, d.line)
}

/// The `spec-key` findings of one SKILL.md (none when it cannot be read:
/// other codes report that).
pub fn check_file(file: &Path) -> Vec<Diagnostic> {
    let Ok(text) =
        fsio::read_text_limited(file, crate::catalog::skill::MAX_FILE_BYTES, Follow::Yes)
    else {
        return Vec::new();
    };
    let Ok(split) = frontmatter::split(&text) else {
        return Vec::new();
    };
    // As `skill::load` reads it: the fast path, else the depth guard before
    // serde_yaml (50,000 nested brackets would hold it for seconds).
    let Ok(map) = crate::catalog::skill::parse_yaml(split.yaml, split.yaml_line, file) else {
        return Vec::new();
    };
    let lines = KeyLines::index(split.yaml, split.yaml_line);
    let mut out = Vec::new();
    for key in map.keys() {
        let key = match key.as_str() {
            Some(k) => k.to_string(),
            None => format!("{key:?}"),
        };
        if ALLOWED_KEYS.contains(&key.as_str()) {
            continue;
        }
        let help = if CONTRACT_KEYS.contains(&key.as_str()) {
            format!("write it under metadata as a string:\n  metadata:\n    {key}: \"…\"")
        } else if CLAUDE_EXTENSION_KEYS.contains(&key.as_str()) {
            format!("'{key}' is a Claude Code extension: keep it only for Claude Code, or move it under metadata")
        } else {
            format!("move '{key}' under metadata as a string, or remove it")
        };
        out.push(
            Diagnostic::new(
                rules::SPEC_KEY,
                file,
                format!(
                    "top-level '{key}' is not allowed by the Agent Skills spec (allowed: {})",
                    ALLOWED_KEYS.join(", ")
                ),
            )
            .at_line(lines.top(&key).or(Some(split.yaml_line)))
            .help(help),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_spec_keys_pass() {
        let d = tempfile::tempdir().unwrap();
        let f = d.path().join("SKILL.md");
        std::fs::write(
            &f,
            "---\nname: x\ndescription: d\nlicense: MIT\nallowed-tools: Read\nversion: 2\nrequires: [plan]\ndisable-model-invocation: true\nmetadata:\n  requires: plan\n---\n",
        )
        .unwrap();
        let found = check_file(&f);
        let keys: Vec<(usize, bool)> = found
            .iter()
            .map(|d| (d.line.unwrap(), d.message.contains("'version'")))
            .collect();
        assert_eq!(keys, [(6, true), (7, false), (8, false)]);
    }
}
