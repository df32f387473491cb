//! Skills an intent names as written: `/name`, `$name`, `plugin:name`, a
//! hyphenated name written as one word, or a one-word name the words
//! around it ask for ("use shower on this", "the pdf skill").

use super::text::{is_stop_word, words};
use crate::catalog::Catalog;
use std::collections::BTreeSet;

/// True when `mention` occurs in `clause` as written.
pub fn clause_has(clause: &str, mention: &str) -> bool {
    clause
        .split_whitespace()
        .any(|t| t.trim_matches(|c: char| !(c.is_alphanumeric() || "-:/_$".contains(c))) == mention)
}

/// Skills named in the intent, with the text that named them.
pub fn named(catalog: &Catalog, intent: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    // Tokens as written: split at whitespace, trimmed of punctuation except
    // the characters names use.
    let tokens: Vec<&str> = intent
        .split_whitespace()
        .map(|t| t.trim_matches(|c: char| !(c.is_alphanumeric() || "-:/_$".contains(c))))
        .filter(|t| !t.is_empty())
        .collect();
    // Computed only when a bare one-word name turns up.
    let mut consumed: Option<BTreeSet<String>> = None;
    for (k, tok) in tokens.iter().enumerate() {
        let lower = tok.to_lowercase();
        let explicit = lower.starts_with(['/', '$']) || lower.contains(':') || lower.contains('-');
        let bare = lower.trim_start_matches(['/', '$']);
        let Some(i) = catalog.index_of(bare) else {
            continue;
        };
        // "install the gh-fix-ci skill", "remove the linear skill": the
        // skill is what the work is done on, not the work asked for.
        if managed(&tokens, k) {
            continue;
        }
        if !explicit {
            // A bare one-word name names the skill only when the words
            // around it say so ("use shower on this", "the pdf skill"): a
            // name that is an ordinary word ("take a shower") is a word,
            // and it still counts as one for relevance.
            let cued = cue_before(&tokens, k) || cue_after(&tokens, k);
            if !cued
                || is_stop_word(bare)
                || consumed
                    .get_or_insert_with(|| consumed_words(catalog, intent))
                    .contains(bare)
            {
                continue;
            }
        }
        if !out.iter().any(|(s, _)| *s == i) {
            out.push((i, tok.to_string()));
        }
    }
    out
}

/// True when the word before token `k` asks for a skill by name.
fn cue_before(tokens: &[&str], k: usize) -> bool {
    k > 0
        && matches!(
            tokens[k - 1].to_lowercase().as_str(),
            "use" | "run" | "invoke" | "call" | "apply" | "try" | "with" | "via" | "using"
        )
}

/// True when token `k`, a skill's name, is the object of a verb that works
/// on skills as things: "install the linear skill", "update pdf".
fn managed(tokens: &[&str], k: usize) -> bool {
    const MANAGE: &[&str] = &[
        "delete",
        "disable",
        "download",
        "enable",
        "install",
        "reinstall",
        "remove",
        "rename",
        "uninstall",
        "update",
        "upgrade",
    ];
    let before = tokens[..k]
        .iter()
        .rev()
        .map(|t| t.to_lowercase())
        .find(|t| {
            !matches!(
                t.as_str(),
                "the" | "a" | "an" | "our" | "my" | "that" | "this"
            )
        });
    before.is_some_and(|t| MANAGE.contains(&t.as_str()))
}

/// True when the word after token `k` says it is a skill.
fn cue_after(tokens: &[&str], k: usize) -> bool {
    tokens
        .get(k + 1)
        .is_some_and(|t| matches!(t.to_lowercase().as_str(), "skill" | "skill's" | "skills"))
}

/// Intent words that sit in a run of two or more content words spelling a
/// multi-word skill name or artifact name.
fn consumed_words(catalog: &Catalog, intent: &str) -> BTreeSet<String> {
    let seq: Vec<String> = words(intent)
        .into_iter()
        .filter(|w| !is_stop_word(w))
        .collect();
    let mut out = BTreeSet::new();
    if seq.len() < 2 {
        return out;
    }
    let mut phrases: BTreeSet<Vec<String>> = BTreeSet::new();
    for (_, s) in catalog.active() {
        let parts = words(&s.name);
        if parts.len() >= 2 {
            phrases.insert(parts);
        }
        for a in s.contract.produces().iter().chain(s.contract.requires()) {
            let parts = words(a);
            if parts.len() >= 2 {
                phrases.insert(parts);
            }
        }
    }
    for p in &phrases {
        // Any contiguous run of two or more words of the phrase.
        for len in 2..=p.len() {
            for sub in p.windows(len) {
                for (i, w) in seq.windows(len).enumerate() {
                    if w == sub {
                        out.extend(seq[i..i + len].iter().cloned());
                    }
                }
            }
        }
    }
    out
}
