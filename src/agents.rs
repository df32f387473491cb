//! Presets for the headless coding agents people already have, so
//! `--selector claude` or `--runner codex` works without remembering flags.
//!
//! Each preset is the documented non-interactive form of its CLI, with the
//! request on stdin (checked against each CLI's own documentation):
//! - Claude Code: `claude -p` reads the prompt from stdin when no prompt
//!   argument is given. A gate runs with `--permission-mode acceptEdits`,
//!   so it may edit files in the workspace (and write `$RE0_HANDOFF`, which
//!   is inside it) without a prompt nobody is there to answer; shell
//!   commands still need `--allowedTools`, which the person adds. Its
//!   output is `--output-format stream-json` (with `--verbose`, which
//!   stream-json requires under `-p`): one JSON event per line, so re0 can
//!   show progress, and a last `result` event with `total_cost_usd` and
//!   `usage`.
//! - Codex: `codex exec -` reads the prompt from stdin; `--sandbox
//!   read-only` for a selector, `--sandbox workspace-write` for a gate
//!   (`exec` never asks for approval; `--full-auto` is the deprecated
//!   spelling of this); `--skip-git-repo-check` so it also runs outside a
//!   repository; `--json` prints JSONL events whose `turn.completed` carry
//!   the token `usage`.
//! - Gemini CLI: `-p TEXT` runs headless and appends TEXT to what arrives on
//!   stdin; `--approval-mode auto_edit` approves edits without asking (in a
//!   folder Gemini does not trust it falls back to asking, so trust the
//!   workspace in Gemini first).
//!
//! A preset is chosen only by its bare name (on the command line, in
//! `RE0_RUNNER`, or as `runner:` in a trusted `re0.yaml`); any other value
//! is the person's own command line, run as it is.

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
        ("claude", Purpose::Run) => {
            "claude -p --permission-mode acceptEdits --output-format stream-json --verbose"
        }
        ("codex", Purpose::Select) => "codex exec --sandbox read-only --skip-git-repo-check -",
        ("codex", Purpose::Run) => {
            "codex exec --json --sandbox workspace-write --skip-git-repo-check -"
        }
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
        assert_eq!(expand("my-llm --json", Purpose::Select), "my-llm --json");
        for n in NAMES {
            assert!(preset(n, Purpose::Select).is_some() && preset(n, Purpose::Run).is_some());
        }
    }

    #[test]
    fn run_presets_can_edit_the_workspace_headless() {
        assert_eq!(
            expand("claude", Purpose::Run),
            "claude -p --permission-mode acceptEdits --output-format stream-json --verbose"
        );
        assert_eq!(
            expand("codex", Purpose::Run),
            "codex exec --json --sandbox workspace-write --skip-git-repo-check -"
        );
        let gemini = expand("gemini", Purpose::Run);
        assert!(
            gemini.starts_with("gemini --approval-mode auto_edit -p '"),
            "{gemini}"
        );
        // A name with arguments is the person's own command line.
        assert_eq!(expand("claude -p", Purpose::Run), "claude -p");
    }
}
