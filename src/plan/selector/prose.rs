//! Names in an answer written as prose, for a selector that answered
//! without a JSON list: "I'd pick `pdf` and then `xlsx`", a bulleted or
//! numbered list, or only the names ("pdf, xlsx"). A name counts only
//! where the answer marks it as one (backticks, the start of a list item)
//! or where the whole answer is names: a skill called `commit` is not
//! chosen because an answer says "before you commit".

use super::find;
use crate::catalog::Catalog;

/// The skills an answer in prose names, in the order it names them, or
/// `None` when it names none and does not say that none applies.
pub fn names(catalog: &Catalog, answer: &str) -> Option<Vec<usize>> {
    let mut out: Vec<usize> = marked(answer)
        .into_iter()
        .filter_map(|t| find(catalog, t))
        .collect();
    if out.is_empty() {
        let tokens: Vec<&str> = answer
            .split(|c: char| c == ',' || c.is_whitespace())
            .map(trim)
            .filter(|t| !t.is_empty() && *t != "and")
            .collect();
        let all: Option<Vec<usize>> = tokens.iter().map(|t| find(catalog, t)).collect();
        out = all.unwrap_or_default();
    }
    let mut seen = std::collections::HashSet::new();
    out.retain(|i| seen.insert(*i));
    (!out.is_empty() || says_none(answer)).then_some(out)
}

/// The words an answer marks as names: each span in backticks, and the
/// first word of each item of a list.
fn marked(answer: &str) -> Vec<&str> {
    let mut out: Vec<&str> = answer
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::trim)
        .collect();
    for line in answer.lines() {
        let line = line.trim_start();
        let item = line.strip_prefix(['-', '*', '•']).or_else(|| {
            let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            (digits > 0)
                .then(|| line[digits..].strip_prefix(['.', ')']))
                .flatten()
        });
        if let Some(first) = item.and_then(|rest| rest.split_whitespace().next()) {
            out.push(trim(first));
        }
    }
    out
}

/// A word without the punctuation and emphasis around it.
fn trim(word: &str) -> &str {
    word.trim_matches(|c: char| !(c.is_alphanumeric() || matches!(c, '/' | '$' | '_')))
}

/// True when the answer says no skill applies: "None.", "No skill fits".
fn says_none(answer: &str) -> bool {
    let lower = answer.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words.first() == Some(&"none")
        || words.windows(2).any(|w| {
            matches!(
                w,
                ["none", "of" | "apply" | "applies" | "fit" | "fits"] | ["no", "skill" | "skills"]
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_marked_by_backticks_and_list_items() {
        assert_eq!(
            marked("Use `pdf`, then:\n- **xlsx** for the table\n  2) pptx\n10. docx"),
            ["pdf", "xlsx", "pptx", "docx"]
        );
        assert!(marked("Sorry, a rate limit. - maybe later").is_empty());
    }

    #[test]
    fn an_answer_can_say_that_none_applies() {
        assert!(says_none("None."));
        assert!(says_none("I think none of these skills apply."));
        assert!(says_none("There is no skill for this."));
        assert!(!says_none("Sorry, a rate limit."));
        assert!(!says_none("nonetheless, pdf"));
    }
}
