//! The prompt a gate receives on stdin.

use crate::plan::Step;
use crate::state::RunState;
use std::path::Path;

pub struct PromptInput<'a> {
    pub state: &'a RunState,
    pub step: &'a Step,
    pub attempt: u32,
    pub limit: u32,
    pub skill_file: Option<&'a Path>,
    pub handoff: &'a Path,
    /// Answers to decisions this step depends on.
    pub decisions: Vec<(String, String)>,
    /// Why the step runs again: the previous attempt's refusal or failure
    /// (see [`super::feedback::previous`]).
    pub previous: Option<String>,
}

pub fn build(p: &PromptInput<'_>) -> String {
    let s = p.step;
    let mut out = String::new();
    out.push_str("You are running one step of a re0 plan. Do this step only.\n\n");
    out.push_str(&format!("Run: {}\n", p.state.run_id));
    out.push_str(&format!(
        "Step: {} (attempt {} of {})\n",
        s.id, p.attempt, p.limit
    ));
    match p.skill_file {
        Some(f) => out.push_str(&format!(
            "Skill: {} — follow the skill at {}\n",
            s.target,
            f.display()
        )),
        None => out.push_str(&format!("Skill: {}\n", s.target)),
    }
    out.push_str(&format!("Intent: {}\n", p.state.intent));
    if let Some(why) = &p.previous {
        out.push_str(&format!("\n{why}\n"));
    }
    out.push_str(&format!("Precondition: {}\n", s.fires_when));
    let inputs: Vec<String> = p
        .state
        .artifacts
        .iter()
        .map(|(name, a)| {
            format!(
                "  - {name}: {} (sha256 {})",
                a.path,
                a.sha256.chars().take(12).collect::<String>()
            )
        })
        .collect();
    if !inputs.is_empty() {
        out.push_str(&format!(
            "Input artifacts (paths relative to the workspace):\n{}\n",
            inputs.join("\n")
        ));
    }
    for (q, a) in &p.decisions {
        out.push_str(&format!("Decision made by a person: {q} -> {a}\n"));
    }
    let blockers: Vec<String> = p
        .state
        .open_blockers()
        .map(|b| format!("  - {} against {}: {}", b.id, b.against, b.summary))
        .collect();
    if !blockers.is_empty() {
        out.push_str(&format!(
            "Open blockers to resolve:\n{}\n",
            blockers.join("\n")
        ));
    }
    let outputs = if s.expected_output.is_empty() {
        "(none)".to_string()
    } else {
        s.expected_output.join(", ")
    };
    out.push_str(&format!("Expected output: {outputs}\n"));
    let example_artifacts: Vec<String> = s
        .expected_output
        .iter()
        .map(|a| format!("{{\"name\": \"{a}\", \"path\": \"<file relative to the workspace>\"}}"))
        .collect();
    out.push_str(&format!(
        "\nWhen you are done, write your handoff as JSON to {}:\n\
{{\"step\": \"{}\", \"attempt\": {}, \"status\": \"complete\" | \"blocked\" | \"failed\",\n \
\"outcome\": \"<one line>\",\n \
\"artifacts\": [{}],\n \
\"evidence\": [{{\"kind\": \"<what you checked>\", \"against\": \"<artifact>\"}}],\n \
\"blockers\": [{{\"id\": \"<id>\", \"against\": \"<artifact>\", \"summary\": \"<what must change>\"}}]}}\n\
A step without this file has failed. re0 refuses the handoff only when it names another\n\
step or attempt, its status is not complete, or an expected output is not listed with the\n\
path of a file that exists in the workspace. Evidence counts only against an artifact of the run.\n",
        p.handoff.display(),
        s.id,
        p.attempt,
        example_artifacts.join(", ")
    ));
    out
}
