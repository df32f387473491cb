//! Lines a program printed, pasted into the request: a diff, `git
//! status`, a test runner's verdicts, a stack trace's frames. Their words
//! name the files and tests the work is on ("FAILED
//! tests/test_slides.py::test_pptx_export"), not the work: a failing test
//! named for slides asks nothing of a slides skill. The person's own
//! lines around them, what follows a status entry or a verdict on its
//! line, and the error message itself ("AttributeError: 'NoneType'
//! object…"), stay. A hunk runs for the lines its header counts.

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

/// Byte ranges of what a program printed in `s`, in order: whole lines of
/// a diff or a stack trace, and of a `git status` entry or a test's
/// verdict the words up to the path or the test (what follows may be the
/// person's own: "modified: src/deploy.ts, please deploy it").
pub(super) fn output_lines(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut hunk = Hunk::default();
    let mut at = 0;
    for line in s.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let text = body.trim_start();
        let from = at + body.len() - text.len();
        let indented = text.len() < body.len();
        if hunk.reads(body) || frame(text, indented) {
            out.push((from, at + body.len()));
        } else if let Some(len) = entry(text) {
            out.push((from, from + len));
        }
        at += line.len();
    }
    out
}

/// Where a pasted diff stands: in its headers, or in a hunk with the
/// lines its "@@ -a,b +c,d @@" header still counts.
#[derive(Default)]
struct Hunk {
    headers: bool,
    old: usize,
    new: usize,
}

impl Hunk {
    /// True when `line` is part of the diff; reads it.
    fn reads(&mut self, line: &str) -> bool {
        if let Some(counts) = hunk_counts(line) {
            (self.headers, self.old, self.new) = (false, counts.0, counts.1);
            return true;
        }
        if line.starts_with("diff --git ") || self.headers && line.starts_with("index ") {
            self.headers = true;
            return true;
        }
        let one_path = |rest: &str| !rest.trim().is_empty() && !rest.trim().contains(' ');
        if ["--- a/", "+++ b/", "--- /dev/null", "+++ /dev/null"]
            .iter()
            .any(|h| {
                line.strip_prefix(h)
                    .is_some_and(|r| r.is_empty() || one_path(r))
            })
        {
            self.headers = true;
            return true;
        }
        self.headers = false;
        if self.old == 0 && self.new == 0 {
            return false;
        }
        match line.chars().next() {
            Some(' ') => {
                self.old = self.old.saturating_sub(1);
                self.new = self.new.saturating_sub(1);
            }
            Some('-') => self.old = self.old.saturating_sub(1),
            Some('+') => self.new = self.new.saturating_sub(1),
            Some('\\') => {}
            _ => {
                (self.old, self.new) = (0, 0);
                return false;
            }
        }
        true
    }
}

/// The line counts of a hunk header, "@@ -1,3 +1,4 @@" (a count left out
/// is one).
fn hunk_counts(line: &str) -> Option<(usize, usize)> {
    let rest = line.strip_prefix("@@ -")?;
    let (ranges, _) = rest.split_once(" @@")?;
    let (old, new) = ranges.split_once(" +")?;
    let count = |r: &str| match r.split_once(',') {
        Some((_, n)) => n.parse::<usize>().ok(),
        None => r.parse::<usize>().ok().map(|_| 1),
    };
    Some((count(old)?, count(new)?))
}

/// The length of a `git status` entry or a test's verdict that opens
/// `text`, up to its path or test ("modified:   src/a.py", "FAILED
/// tests/x.py::test_y", "FAIL src/app.test.ts").
fn entry(text: &str) -> Option<usize> {
    fn path(rest: &str) -> Option<(usize, &str)> {
        let lead = rest.len() - rest.trim_start().len();
        let token = rest.split_whitespace().next()?;
        Some((lead + token.len(), token))
    }
    for s in STATUS {
        if let Some(rest) = text.strip_prefix(s).filter(|r| r.starts_with([' ', '\t'])) {
            let (len, token) = path(rest)?;
            return token.contains(['/', '.']).then_some(s.len() + len);
        }
    }
    for v in ["FAILED ", "ERROR ", "PASSED ", "FAIL ", "PASS "] {
        if let Some(rest) = text.strip_prefix(v) {
            let (len, test) = path(rest)?;
            let named = test.contains("::") || test.contains('/') && test.contains('.');
            return named.then_some(v.len() + len);
        }
    }
    None
}

/// True when a line (`text`, after its indent) is a stack frame: "File
/// \"x.py\", line 41, in render", an indented "at Store.resolve
/// (src/store.ts:88:31)".
fn frame(text: &str, indented: bool) -> bool {
    let python = text.starts_with("File \"") && text.contains("\", line ");
    let js = indented
        && text.starts_with("at ")
        && text.ends_with(')')
        && text
            .rsplit_once(':')
            .is_some_and(|(_, n)| n.trim_end_matches(')').chars().all(|c| c.is_ascii_digit()));
    python || js
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
        assert_eq!(lines(s), ["FAILED tests/test_slides.py::test_pptx_export"]);
        let s = "commit this:\n\tmodified:   src/xlsx_export.py\n\tnew file:   docs/a.md\n";
        assert_eq!(
            lines(s),
            ["modified:   src/xlsx_export.py", "new file:   docs/a.md"]
        );
        // What follows the entry on its line is the person's own.
        let s = "modified:   src/deploy.ts, please deploy it to vercel";
        assert_eq!(lines(s), ["modified:   src/deploy.ts,"]);
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
            "Results below.\n--- a/b test results ---\n- variant B won by 4%\n- make slides of it",
        ] {
            assert!(lines(s).is_empty(), "{s}");
        }
    }

    #[test]
    fn a_hunk_runs_for_the_lines_its_header_counts() {
        let s = "write a commit message for this\n\ndiff --git a/s.py b/s.py\n\
                 @@ -1,2 +1,2 @@\n import x\n+deck.save(\"q3.pptx\")\n-old()\n  can you open a PR too?";
        assert_eq!(
            lines(s),
            [
                "diff --git a/s.py b/s.py",
                "@@ -1,2 +1,2 @@",
                "import x",
                "+deck.save(\"q3.pptx\")",
                "-old()"
            ]
        );
        assert_eq!(hunk_counts("@@ -1 +1 @@"), Some((1, 1)));
        assert_eq!(hunk_counts("@@ -3,0 +4,2 @@ fn x()"), Some((0, 2)));
        assert_eq!(hunk_counts("@@ nothing @@"), None);
    }
}
