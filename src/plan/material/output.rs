//! Lines a program printed, pasted into the request: a diff, `git
//! status`, a test runner's verdicts, a stack trace's frames. Their words
//! name the files and tests the work is on ("FAILED
//! tests/test_slides.py::test_pptx_export"), not the work: a failing test
//! named for slides asks nothing of a slides skill. The person's own
//! lines around them, and the error message itself ("AttributeError:
//! 'NoneType' object…"), stay.

/// Lines `git status` prints for a changed file.
const STATUS: &[&str] = &[
    "modified:",
    "new file:",
    "deleted:",
    "renamed:",
    "typechange:",
    "both modified:",
    "both added:",
    "deleted by us:",
    "deleted by them:",
];

/// Byte ranges of the lines of `s` that a program printed, in order.
pub(super) fn output_lines(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut in_diff = false;
    let mut at = 0;
    for line in s.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let text = body.trim_start();
        let header = diff_header(text);
        // A hunk runs on in lines of context (" "), added ("+") and
        // removed ("-"); an empty line or prose ends it.
        in_diff = header || in_diff && body.starts_with([' ', '+', '-', '\\']);
        let indented = text.len() < body.len();
        if !text.is_empty() && (in_diff || printed(text, indented)) {
            out.push((at + body.len() - text.len(), at + body.len()));
        }
        at += line.len();
    }
    out
}

/// True when `text` opens a diff: "diff --git a/x b/x", "@@ -1,3 +1,4 @@",
/// "--- a/x", "+++ b/x".
fn diff_header(text: &str) -> bool {
    text.starts_with("diff --git ")
        || text.starts_with("@@ -") && text[4..].contains(" @@")
        || text.starts_with("--- a/")
        || text.starts_with("+++ b/")
        || text.starts_with("--- /dev/null")
}

/// True when a line (`text`, after its indent) is one a program prints
/// whole: a `git status` entry, a test's verdict with the test's path
/// ("FAILED tests/x.py::test_y", "FAIL src/app.test.ts"), or a stack
/// frame ("File \"x.py\", line 41, in render", an indented "at
/// Store.resolve (src/store.ts:88:31)").
fn printed(text: &str, indented: bool) -> bool {
    let path = |rest: &str| {
        rest.split_whitespace()
            .next()
            .is_some_and(|p| p.contains(['/', '.']))
    };
    let status = STATUS.iter().any(|s| {
        text.starts_with(s) && text[s.len()..].starts_with([' ', '\t']) && path(&text[s.len()..])
    });
    let verdict = ["FAILED ", "ERROR ", "PASSED ", "FAIL ", "PASS "]
        .iter()
        .find_map(|v| text.strip_prefix(v))
        .and_then(|rest| rest.split_whitespace().next())
        .is_some_and(|test| test.contains("::") || test.contains('/') && test.contains('.'));
    let python_frame = text.starts_with("File \"") && text.contains("\", line ");
    let frame = indented
        && text.starts_with("at ")
        && text.ends_with(')')
        && text
            .rsplit_once(':')
            .is_some_and(|(_, n)| n.trim_end_matches(')').chars().all(|c| c.is_ascii_digit()));
    status || verdict || python_frame || frame
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<&str> {
        output_lines(s).into_iter().map(|(a, b)| &s[a..b]).collect()
    }

    #[test]
    fn printed_lines_are_found_and_prose_is_left() {
        let s = "CI is red:\n  FAILED tests/test_slides.py::test_pptx_export - AssertionError\n\
                 please fix it";
        assert_eq!(
            lines(s),
            ["FAILED tests/test_slides.py::test_pptx_export - AssertionError"]
        );
        let s = "commit this:\n\tmodified:   src/xlsx_export.py\n\tnew file:   docs/a.md\n";
        assert_eq!(
            lines(s),
            ["modified:   src/xlsx_export.py", "new file:   docs/a.md"]
        );
        let s = "crash:\n  File \"pdf_writer.py\", line 41, in render\nAttributeError: x\n    at Store.resolve (src/store.ts:88:31)\n";
        assert_eq!(
            lines(s),
            [
                "File \"pdf_writer.py\", line 41, in render",
                "at Store.resolve (src/store.ts:88:31)"
            ]
        );
        // Prose that opens like output is prose.
        for s in [
            "modified: the deck is fine now",
            "at the end (of the day)",
            "FAIL fast and fix the sheet",
            "- make slides\n- push it live",
        ] {
            assert!(lines(s).is_empty(), "{s}");
        }
    }

    #[test]
    fn a_diff_runs_from_its_header_to_the_first_line_of_prose() {
        let s = "write a commit message for this\n\ndiff --git a/s.py b/s.py\n\
                 @@ -1,2 +1,3 @@\n import x\n+deck.save(\"q3.pptx\")\n-old()\n\nthanks";
        assert_eq!(
            lines(s),
            [
                "diff --git a/s.py b/s.py",
                "@@ -1,2 +1,3 @@",
                "import x",
                "+deck.save(\"q3.pptx\")",
                "-old()"
            ]
        );
    }
}
