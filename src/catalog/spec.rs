//! The Agent Skills specification's rules for `name`, `description` and
//! `compatibility`.

use super::frontmatter::KeyLines;
use super::skill::{Skill, SkillKind};
use crate::diag::{rules, Diagnostic};
use serde_yaml::{Mapping, Value};

pub const MAX_NAME: usize = 64;
pub const MAX_DESCRIPTION: usize = 1024;
pub const MAX_COMPATIBILITY: usize = 500;

/// Why `name` breaks the naming rules, if it does.
pub fn name_problem(name: &str) -> Option<&'static str> {
    if name.chars().count() > MAX_NAME {
        Some("is longer than 64 characters")
    } else if !name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        Some("may hold only lowercase letters, digits and hyphens")
    } else if name.starts_with('-') || name.ends_with('-') {
        Some("may not start or end with a hyphen")
    } else if name.contains("--") {
        Some("may not contain two hyphens in a row")
    } else {
        None
    }
}

/// Checks the spec rules on a readable skill's frontmatter.
pub fn check(skill: &Skill, map: &Mapping, keys: &KeyLines) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let file = &skill.file;
    // Legacy command files are named after the file and need no `name`.
    if skill.kind == SkillKind::Folder {
        match crate::yaml::get(map, "name") {
            None => out.push(
                Diagnostic::new(rules::NAME_MISSING, file, "the frontmatter has no 'name'")
                    .at(2, None)
                    .help(format!("add `name: {}` (the folder's name)", skill.name)),
            ),
            Some(Value::String(n)) => {
                let n = n.trim();
                let line = keys.top("name");
                if let Some(problem) = name_problem(n) {
                    out.push(
                        Diagnostic::new(rules::NAME_INVALID, file, format!("name '{n}' {problem}"))
                            .at_line(line),
                    );
                }
                let folder = skill
                    .dir()
                    .file_name()
                    .map(|f| f.to_string_lossy())
                    .unwrap_or_default();
                if n != folder {
                    out.push(
                        Diagnostic::new(
                            rules::NAME_FOLDER_MISMATCH,
                            file,
                            format!("name '{n}' differs from its folder '{folder}'"),
                        )
                        .at_line(line)
                        .help("rename the folder or the name so they match"),
                    );
                }
            }
            Some(_) => out.push(
                Diagnostic::new(rules::FIELD_TYPE, file, "'name' should be a text")
                    .at_line(keys.top("name")),
            ),
        }
    }
    match crate::yaml::get(map, "description") {
        Some(Value::String(d)) if !d.trim().is_empty() => {
            let len = d.chars().count();
            if len > MAX_DESCRIPTION {
                out.push(
                    Diagnostic::new(
                        rules::DESCRIPTION_TOO_LONG,
                        file,
                        format!("description has {len} characters; the limit is {MAX_DESCRIPTION}"),
                    )
                    .at_line(keys.top("description")),
                );
            }
        }
        _ if skill.kind == SkillKind::Command => {}
        other => out.push(
            Diagnostic::new(
                rules::DESCRIPTION_MISSING,
                file,
                if other.is_some() {
                    "'description' is empty or not a text"
                } else {
                    "the frontmatter has no 'description'"
                },
            )
            .at_line(keys.top("description").or(Some(2)))
            .help("say what the skill does and when to use it: agents select skills by it"),
        ),
    }
    if let Some(Value::String(c)) = crate::yaml::get(map, "compatibility") {
        let len = c.chars().count();
        if len > MAX_COMPATIBILITY {
            out.push(
                Diagnostic::new(
                    rules::COMPATIBILITY_TOO_LONG,
                    file,
                    format!("compatibility has {len} characters; the limit is {MAX_COMPATIBILITY}"),
                )
                .at_line(keys.top("compatibility")),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::name_problem;

    #[test]
    fn name_rules() {
        assert_eq!(name_problem("pdf-tools"), None);
        assert!(name_problem("PDF").is_some());
        assert!(name_problem("-a").is_some());
        assert!(name_problem("a-").is_some());
        assert!(name_problem("a--b").is_some());
        assert!(name_problem(&"a".repeat(65)).is_some());
        assert_eq!(name_problem(&"a".repeat(64)), None);
    }
}
