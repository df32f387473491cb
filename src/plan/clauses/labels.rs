//! Field labels that open a sentence of a pasted ticket or a structured
//! prompt: "Context: …", "Task: …", "Out of scope: …", "Definition of
//! done: …", and a ticket's key before its title ("CI-301: PR red on
//! GitHub Actions"). The label says what its sentence is, whatever its
//! shape: a task asked for, the scene, work that is not wanted, or the
//! title of work the rest of the ticket spells out. A label that asks or
//! excludes, alone on its line, says so of the list items under it.
//!
//! The label's own words are not read as the sentence's words: "Context"
//! is no evidence for a skill whose description speaks of context.

/// What a label says its sentence is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    /// The work asked for ("Task:", "To do:", "Ask:").
    Ask,
    /// The scene, or what done looks like ("Context:", "Background:",
    /// "Acceptance criteria:", "Definition of done:").
    Scene,
    /// Work that is not wanted ("Out of scope:", "Non-goals:").
    Exclude,
    /// A title ("Title:", "Summary:", a ticket key such as "CI-301:"): it
    /// names the work the rest of the ticket asks for, so it asks only
    /// when no other sentence does.
    Title,
    /// A label of no kind ("Steps:", "Plan:"): dropped, and the rest
    /// read as it is.
    Plain,
}

/// Labels, as their lowercase words, and what each says.
const LABELS: &[(&str, Label)] = &[
    ("task", Label::Ask),
    ("tasks", Label::Ask),
    ("todo", Label::Ask),
    ("to do", Label::Ask),
    ("to-do", Label::Ask),
    ("ask", Label::Ask),
    ("asks", Label::Ask),
    ("request", Label::Ask),
    ("action items", Label::Ask),
    ("deliverable", Label::Ask),
    ("deliverables", Label::Ask),
    ("context", Label::Scene),
    ("background", Label::Scene),
    ("notes", Label::Scene),
    ("note", Label::Scene),
    ("why", Label::Scene),
    ("problem", Label::Scene),
    ("links", Label::Scene),
    ("description", Label::Scene),
    ("expected", Label::Scene),
    ("actual", Label::Scene),
    ("expected behavior", Label::Scene),
    ("actual behavior", Label::Scene),
    ("environment", Label::Scene),
    ("decision", Label::Scene),
    ("resolution", Label::Scene),
    ("status", Label::Scene),
    ("update", Label::Scene),
    ("status update", Label::Scene),
    ("heads up", Label::Scene),
    ("heads-up", Label::Scene),
    ("fyi", Label::Scene),
    ("impact", Label::Scene),
    ("motivation", Label::Scene),
    ("acceptance", Label::Scene),
    ("acceptance criteria", Label::Scene),
    ("definition of done", Label::Scene),
    ("dod", Label::Scene),
    ("done when", Label::Scene),
    ("success criteria", Label::Scene),
    ("requirements", Label::Scene),
    ("constraints", Label::Scene),
    ("out of scope", Label::Exclude),
    ("not in scope", Label::Exclude),
    ("non-goals", Label::Exclude),
    ("non goals", Label::Exclude),
    ("nongoals", Label::Exclude),
    ("title", Label::Title),
    ("summary", Label::Title),
    ("subject", Label::Title),
    ("steps", Label::Plain),
    ("plan", Label::Plain),
];

/// The label that opens `sentence`, if it is one of [`LABELS`] or a ticket
/// key, and the sentence after it (empty when the label stands alone).
pub fn label_of(sentence: &str) -> Option<(Label, &str)> {
    let colon = sentence.find(':')?;
    let (head, rest) = (sentence[..colon].trim(), &sentence[colon + 1..]);
    // "https://…", "10:30": a colon inside a word is no label's.
    if rest.chars().next().is_some_and(|c| !c.is_whitespace()) || head.len() > 40 {
        return None;
    }
    let rest = rest.trim();
    let lower = head.to_ascii_lowercase();
    let lower = lower.trim_start_matches(['-', '*', '#']).trim();
    // "Quick context:", "Some background:", "Short summary:".
    let lower = ["quick ", "some ", "short ", "brief ", "more "]
        .iter()
        .find_map(|a| lower.strip_prefix(a))
        .unwrap_or(lower);
    if let Some((_, label)) = LABELS.iter().find(|(l, _)| *l == lower) {
        return Some((*label, rest));
    }
    (is_ticket_key(head) && !rest.is_empty()).then_some((Label::Title, rest))
}

/// A sentence's label and the sentence after it, as [`label_of`] reads
/// them, or as a list item under a label alone on its line
/// (`list_label`) that asks or excludes. None for that label line itself.
pub fn labelled<'a>(
    sentence: &'a str,
    marked: bool,
    list_label: &mut Option<Label>,
) -> Option<(Option<Label>, &'a str)> {
    match label_of(sentence) {
        Some((label, "")) => {
            *list_label = Some(label);
            None
        }
        Some((label, rest)) => {
            *list_label = None;
            Some((Some(label), rest))
        }
        // Under "Definition of done:" an item may still be a command
        // ("1. Run the full test suite"): only asking or excluding is said
        // of the items, and the scene is read from their shape.
        None if marked || is_item(sentence) => Some((
            list_label.filter(|l| matches!(l, Label::Ask | Label::Exclude)),
            sentence,
        )),
        None => {
            *list_label = None;
            Some((None, sentence))
        }
    }
}

/// "CI-301: PR red on GitHub Actions / Task: pull the failing logs…": a
/// title names the work the sentences under it ask for, so it asks only
/// when none of them does. `requests` is each sentence's; `titles` the
/// sentences that are titles.
pub fn titles_ask_alone(requests: &mut [bool], titles: &[usize]) {
    if (0..requests.len()).any(|n| requests[n] && !titles.contains(&n)) {
        for &n in titles {
            requests[n] = false;
        }
    }
}

/// True when `word` is a ticket key: capitals (and digits), a dash, a
/// number ("CI-301", "MKT-77", "BUG-5521"), or a bracketed one.
fn is_ticket_key(word: &str) -> bool {
    let word = word.trim_start_matches('[').trim_end_matches(']');
    let Some((project, number)) = word.split_once('-') else {
        return false;
    };
    project.len() >= 2
        && project.starts_with(|c: char| c.is_ascii_uppercase())
        && project
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        && !number.is_empty()
        && number.chars().all(|c| c.is_ascii_digit())
}

/// True when `sentence` is an item of a list: it opens with a bullet or
/// a checkbox ("- …", "* …", "- [ ] …").
fn is_item(sentence: &str) -> bool {
    sentence.starts_with(['-', '*', '\u{2022}']) || sentence.starts_with("[ ]")
}

impl super::Read {
    /// What the label of the sentence just read says of it ("Task: …"
    /// asks, "Context: …" sets the scene), whatever its shape.
    pub(super) fn labelled(&mut self, label: Option<Label>, trimmed: &str, asked: bool) {
        let n = self.requests.len() - 1;
        match label {
            // "Task: …" is a task of its own, not more about one before.
            Some(Label::Ask) if !crate::plan::declines::declines_work(trimmed, asked) => {
                self.requests[n] = true;
                self.steps[n] = true;
            }
            // "Note: also run the tests" still asks; "Context: the round
            // closes on the 14th" says what the scene is by its shape.
            Some(Label::Scene) if !super::is_request(trimmed) => {
                self.requests[n] = false;
                self.steps[n] = false;
                self.bare[n] = false;
            }
            Some(Label::Title) => self.titles.push(n),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_ticket_keys_open_sentences() {
        assert_eq!(
            label_of("Context: The round closes on the 14th"),
            Some((Label::Scene, "The round closes on the 14th"))
        );
        assert_eq!(
            label_of("Definition of done: list pasted in the ticket"),
            Some((Label::Scene, "list pasted in the ticket"))
        );
        assert_eq!(
            label_of("Task: Build a list of journalists"),
            Some((Label::Ask, "Build a list of journalists"))
        );
        assert_eq!(label_of("Out of scope:"), Some((Label::Exclude, "")));
        assert_eq!(
            label_of("Update: v2.0 went live at noon"),
            Some((Label::Scene, "v2.0 went live at noon"))
        );
        assert_eq!(
            label_of("Quick context: our support team is drowning"),
            Some((Label::Scene, "our support team is drowning"))
        );
        assert_eq!(
            label_of("CI-301: PR #482 red on GitHub Actions"),
            Some((Label::Title, "PR #482 red on GitHub Actions"))
        );
        assert_eq!(
            label_of("[BUG-5521]: cart total off"),
            Some((Label::Title, "cart total off"))
        );
    }

    #[test]
    fn other_colons_are_no_labels() {
        for s in [
            "two things: fix the CI and write the notes",
            "clip https://example.com/post",
            "meet at 10:30 to review it",
            "homework: what's an eigenvector",
            "Ci-301: lowercase is no key",
        ] {
            assert_eq!(label_of(s), None, "{s}");
        }
    }
}
