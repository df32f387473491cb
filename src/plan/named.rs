//! Skills an intent names as written: `/name`, `$name`, `plugin:name`, a
//! hyphenated name written as one word, or a one-word name the words
//! around it ask for ("use shower on this", "the pdf skill").

use super::text::{is_stop_word, words};
use crate::catalog::Catalog;
use std::collections::BTreeSet;

/// True when `mention` occurs in `clause` as written.
pub fn clause_has(clause: &str, mention: &str) -> bool {
    let tokens: Vec<&str> = clause
        .split_whitespace()
        .map(|t| t.trim_matches(|c: char| !(c.is_alphanumeric() || "-:/_$".contains(c))))
        .collect();
    // A mention may span words: "spec-kitty review".
    let parts: Vec<&str> = mention.split_whitespace().collect();
    !parts.is_empty() && tokens.windows(parts.len()).any(|w| w == parts.as_slice())
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
        let Some((i, mention)) = spelled(catalog, &tokens, k, bare, explicit) else {
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
            out.push((i, mention));
        }
    }
    out
}

/// The skill token `k` names, and the text that names it: its name as
/// written, or, for a name written the way commands are, with a dot
/// ("/spec-kitty.tasks", spec-kit's style) or a space ("spec-kitty
/// review") for one of its hyphens. Only a token written as a name (with
/// a hyphen, "/" or "$") is read on into the next word.
fn spelled(
    catalog: &Catalog,
    tokens: &[&str],
    k: usize,
    bare: &str,
    explicit: bool,
) -> Option<(usize, String)> {
    if let Some(i) = catalog.index_of(bare) {
        return Some((i, tokens[k].to_string()));
    }
    if !explicit {
        return None;
    }
    if bare.contains('.') {
        if let Some(i) = catalog.index_of(&bare.replace('.', "-")) {
            return Some((i, tokens[k].to_string()));
        }
    }
    let next = tokens.get(k + 1)?;
    if !next.chars().all(|c| c.is_alphanumeric()) {
        return None;
    }
    // "The spec-kitty plan looks good", "spec-kitty tasks are done",
    // "implement the tasks from the spec-kitty plan": a thing the sentence
    // tells of or works from, not a command.
    let word = |i: usize| tokens.get(i).map(|t| t.to_lowercase()).unwrap_or_default();
    let told_of = k
        .checked_sub(1)
        .is_some_and(|b| super::query::DETERMINERS.contains(&word(b).as_str()))
        || super::head::LINKING.contains(&word(k + 2).as_str())
        || matches!(word(k + 2).as_str(), "looks" | "look" | "seems");
    if told_of {
        return None;
    }
    let joined = format!("{bare}-{}", next.to_lowercase());
    let i = catalog.index_of(&joined)?;
    // "test-driven development" is a compound of English, "spec-kitty
    // review" a command of a family: the family's prefix opens other
    // names too.
    let prefix = format!("{bare}-");
    let family = catalog
        .active()
        .filter(|(_, s)| s.name.starts_with(&prefix))
        .take(2)
        .count();
    (family >= 2).then(|| (i, format!("{} {next}", tokens[k])))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mention_may_span_words() {
        assert!(clause_has(
            "Run spec-kitty review on it",
            "spec-kitty review"
        ));
        assert!(clause_has("run /commit, then push", "/commit"));
        assert!(!clause_has("spec-kitty reviewed it", "spec-kitty review"));
        assert!(!clause_has("review spec-kitty", "spec-kitty review"));
        assert!(!clause_has("anything", ""));
    }
}
