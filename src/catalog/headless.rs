//! What a `SKILL.md` without frontmatter says about itself.
//!
//! Every frontmatter field is optional to Claude Code: a skill file with
//! none is named for its folder, and its description is the first
//! paragraph of its Markdown. Real catalogs ship such files (a skill that
//! opens with `# Stripe API tool — Skill wrapper` and a paragraph). re0
//! still counts the file's lane as unreadable (DESIGN §2: user-only, with a
//! diagnostic `check` reports), but reads the description the way the
//! client does, so `plan` can offer the skill as a user handoff instead of
//! never seeing it.

use super::spec::MAX_DESCRIPTION;

/// The description a file without frontmatter gives: its title heading
/// (if it opens with one) and the first paragraph of prose after it, as one
/// line, cut at [`MAX_DESCRIPTION`] bytes. `None` when it has neither.
/// Lines that are only an HTML tag (`<INSTRUCTIONS>`) are passed over.
pub fn description(text: &str) -> Option<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = crate::lines::lines(text)
        .map(str::trim)
        .skip_while(|l| l.is_empty() || is_tag(l))
        .peekable();
    let title = lines
        .next_if(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_string())
        .filter(|t| !t.is_empty());
    let paragraph: Vec<&str> = lines
        .skip_while(|l| l.is_empty() || is_tag(l))
        .take_while(|l| !l.is_empty() && !starts_block(l))
        .collect();
    let mut out = title.unwrap_or_default();
    if !paragraph.is_empty() {
        if !out.is_empty() && !out.ends_with(['.', '!', '?', ':']) {
            out.push('.');
        }
        for line in paragraph {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(line);
        }
    }
    if out.is_empty() {
        return None;
    }
    Some(crate::display::clip(&out, MAX_DESCRIPTION).into_owned())
}

/// A line that is one HTML tag and nothing else: `<INSTRUCTIONS>`, `</x>`.
fn is_tag(line: &str) -> bool {
    line.starts_with('<') && line.ends_with('>') && !line[1..].contains('<')
}

/// A line that opens a block that is not prose: a heading, a code fence,
/// a list item, a table row, a quote or a rule.
fn starts_block(line: &str) -> bool {
    line.starts_with(['#', '|', '>', '`', '~'])
        || line.starts_with("- ")
        || line.starts_with("* ")
        || line.starts_with("+ ")
        || line == "---"
        || line
            .split_once(". ")
            .is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty())
}

#[cfg(test)]
mod tests {
    use super::description;

    #[test]
    fn a_title_and_its_first_paragraph_make_the_description() {
        let text = "# Stripe API tool — Skill wrapper\n\nThis page is the rule sheet for the Stripe skill.\nStart with the README.\n\nThis skill wraps a CLI.\n\n## Setup\n";
        assert_eq!(
            description(text).as_deref(),
            Some("Stripe API tool — Skill wrapper. This page is the rule sheet for the Stripe skill. Start with the README.")
        );
    }

    #[test]
    fn a_tag_line_before_the_title_is_passed_over() {
        let text = "<INSTRUCTIONS>\n# Skill: x-api\n\nChecks posts and mentions.\n";
        assert_eq!(
            description(text).as_deref(),
            Some("Skill: x-api. Checks posts and mentions.")
        );
    }

    #[test]
    fn prose_without_a_title_is_the_paragraph_alone() {
        assert_eq!(
            description("\n\nDeploys the site.\nThen checks it.\n\nMore.").as_deref(),
            Some("Deploys the site. Then checks it.")
        );
    }

    #[test]
    fn a_title_followed_by_a_list_is_the_title_alone() {
        assert_eq!(
            description("# Index\n\n- `a` — one\n- `b` — two\n").as_deref(),
            Some("Index")
        );
        assert_eq!(
            description("# Steps\n\n1. first\n2. second\n").as_deref(),
            Some("Steps")
        );
    }

    #[test]
    fn nothing_to_read_is_no_description() {
        assert_eq!(description(""), None);
        assert_eq!(description("\n\n<br>\n\n```\ncode\n```\n"), None);
        assert_eq!(description("#\n"), None);
    }

    #[test]
    fn a_long_paragraph_is_cut_at_the_spec_limit() {
        let long = "word ".repeat(400);
        let d = description(&long).unwrap();
        assert!(d.chars().count() <= super::MAX_DESCRIPTION, "{}", d.len());
        assert!(d.starts_with("word word"));
    }
}
