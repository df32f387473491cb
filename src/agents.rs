//! Presets for the headless coding agents people already have, so
//! `--selector claude` or `--runner codex` works without remembering flags.
//!
//! Each preset is the documented non-interactive form of its CLI, with the
//! request on stdin:
//! - Claude Code: `claude -p` reads the prompt from stdin when no prompt
//!   argument is given; `--permission-mode acceptEdits` lets a gate edit
//!   files in the workspace without asking.
//! - Codex: `codex exec -` reads the prompt from stdin; `--sandbox
//!   read-only` for a selector, `--full-auto` (workspace-write sandbox, no
//!   approval prompts) for a gate; `--skip-git-repo-check` so it also runs
//!   outside a repository.
//! - Gemini CLI: `-p TEXT` runs headless and appends TEXT to what arrives on
//!   stdin; `--approval-mode auto_edit` approves edits without asking.
//!
//! A preset is chosen only by a name the person typed on the command line;
//! any other value is their own command line, run as it is.

/// What the agent is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Choose skills: read-only, answer on stdout.
    Select,
    /// Do one gate: edit the workspace and write `$RE0_HANDOFF`.
    Run,
}

/// The names that are presets.
pub const NAMES: [&str; 3] = ["claude", "codex", "gemini"];

/// The command line for preset `name`, or `None` when `name` is not one.
pub fn preset(name: &str, purpose: Purpose) -> Option<&'static str> {
    Some(match (name.trim(), purpose) {
        ("claude", Purpose::Select) => "claude -p --output-format text",
        ("claude", Purpose::Run) => "claude -p --permission-mode acceptEdits",
        ("codex", Purpose::Select) => "codex exec --sandbox read-only --skip-git-repo-check -",
        ("codex", Purpose::Run) => "codex exec --full-auto --skip-git-repo-check -",
        ("gemini", Purpose::Select) => {
            "gemini -p 'Answer the request above exactly as its instructions say.'"
        }
        ("gemini", Purpose::Run) => {
            "gemini --approval-mode auto_edit -p 'Do the step described above, then write the handoff file it names.'"
        }
        _ => return None,
    })
}

/// `value` with a preset name expanded; anything else is kept as written.
pub fn expand(value: &str, purpose: Purpose) -> String {
    preset(value, purpose).map_or_else(|| value.to_string(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_expand_and_commands_stay() {
        assert_eq!(
            expand("codex", Purpose::Select),
            "codex exec --sandbox read-only --skip-git-repo-check -"
        );
        assert!(expand("claude", Purpose::Run).contains("acceptEdits"));
        assert_eq!(expand("my-llm --json", Purpose::Select), "my-llm --json");
        for n in NAMES {
            assert!(preset(n, Purpose::Select).is_some() && preset(n, Purpose::Run).is_some());
        }
    }
}
