//! What each finding code means and how to fix it: the long texts of the
//! SARIF rules (`fullDescription`, `help`) that code-scanning shows beside
//! a result. The one-line summaries stay in [`crate::diag::rules`].

/// The full description and the fix for `code`.
pub fn help(code: &str) -> Option<(&'static str, &'static str)> {
    TEXTS
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, full, fix)| (*full, *fix))
}

/// The rule's PascalCase name (`name-folder-mismatch` -> `NameFolderMismatch`),
/// never equal to its id even ignoring case (SARIF wants them to differ).
pub fn pascal_name(code: &str) -> String {
    if code == "cycle" {
        return "PrerequisiteCycle".to_string();
    }
    code.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut cs = w.chars();
            match cs.next() {
                Some(f) => f.to_ascii_uppercase().to_string() + cs.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

const TEXTS: &[(&str, &str, &str)] = &[
    ("not-utf8",
     "The SKILL.md file contains bytes that are not valid UTF-8, so its frontmatter cannot be read. The skill still enters the catalog, but its lane is unreadable and it counts as user-only.",
     "Re-save the file as UTF-8 (without a byte-order mark or with one; both are accepted)."),
    ("file-too-large",
     "The SKILL.md file is larger than 1 MiB. re0 does not parse files that large; the skill counts as user-only.",
     "Move long reference material into separate files next to SKILL.md and link to them."),
    ("unreadable-file",
     "The SKILL.md file could not be opened or read (permissions, a broken link, a special file). The skill counts as user-only.",
     "Check the file's permissions and that it is a regular file."),
    ("frontmatter-missing",
     "SKILL.md must start with a YAML frontmatter block between two '---' lines. Without it the skill has no name, description or lane.",
     "Add a first line '---', the keys 'name' and 'description', and a closing '---' line."),
    ("frontmatter-unclosed",
     "The frontmatter opened on line 1 is never closed by a line that is exactly '---' or '...'. Everything after it would be read as YAML.",
     "Add a line '---' after the last frontmatter key."),
    ("yaml-syntax",
     "The frontmatter is not valid YAML. A common cause is an unquoted ': ' inside a value such as the description.",
     "Quote the value (description: \"Use when: ...\") or use a folded block (description: >-)."),
    ("frontmatter-not-mapping",
     "The frontmatter parses as YAML but is a list or a single value, not a mapping of keys to values.",
     "Write the frontmatter as 'key: value' lines."),
    ("name-missing",
     "The Agent Skills specification requires a 'name' in the frontmatter.",
     "Add 'name:' with the skill folder's name."),
    ("name-invalid",
     "A skill name is at most 64 characters of lowercase letters, digits and single hyphens, and does not start or end with a hyphen.",
     "Rename the skill (and its folder) to lowercase words joined by '-'."),
    ("name-folder-mismatch",
     "The Agent Skills specification requires the 'name' to equal the name of the folder holding SKILL.md.",
     "Rename the folder or change 'name' so that they match."),
    ("description-missing",
     "The Agent Skills specification requires a non-empty 'description'. Agents choose skills by it.",
     "Add a description saying what the skill does and when to use it."),
    ("description-too-long",
     "The 'description' is longer than the 1024 characters the specification allows.",
     "Shorten the description; move details into the body of SKILL.md."),
    ("compatibility-too-long",
     "The 'compatibility' field is longer than the 500 characters the specification allows.",
     "Shorten it to the environments the skill needs."),
    ("field-type",
     "A field re0 knows has a value of the wrong type (for example a list where a boolean is expected); the value is ignored.",
     "Write the value in the type the field expects (see the contract table in the README)."),
    ("foreign-metadata",
     "Under 'metadata' the Agent Skills specification keeps text values; a mapping there belongs to another tool (OpenClaw, for one, nests 'requires: {bins, env}' there). re0 does not read it as a contract field.",
     "Nothing to do if the other tool reads it. To declare a re0 contract field, write it as text, for example 'requires: design-doc'."),
    ("invalid-artifact-name",
     "Artifact and capability names are lowercase words joined by '-', so that contracts can refer to them exactly.",
     "Rename the artifact or capability, for example 'release-notes' or 'git-push'."),
    ("contract-both-places",
     "A contract field is set both at the top level and under 'metadata'. The top-level value wins, which is easy to miss.",
     "Keep one of the two, preferably the 'metadata' one."),
    ("nonportable-key",
     "A contract key written at the top level of the frontmatter makes strict Agent Skills validators and skill uploads reject the skill; only 'metadata' may hold extra keys.",
     "Move the key under 'metadata:' as a string (lists comma-separated)."),
    ("claude-extension-key",
     "A Claude Code extension key (such as disable-model-invocation): re0 understands it, but it is not part of the Agent Skills specification.",
     "Nothing to do for Claude Code; other agents may ignore the key."),
    ("duplicate-name",
     "Two skills in the same root have the same name; only the first is used.",
     "Rename one of the two skills."),
    ("shadowed-name",
     "A skill has the same name as one in an earlier root, which hides it.",
     "Rename one of them, or remove the copy that should not be used."),
    ("unresolved-requires",
     "A skill requires an artifact that no installed skill produces and that the catalog does not list as an input people bring.",
     "Install a skill that produces it, or list it under 'inputs:' in the catalog's re0.yaml."),
    ("cycle",
     "Skills depend on each other in a cycle (each needs what the next produces, or calls it), so no order can satisfy them.",
     "Cut one of the edges named in the finding: drop a 'requires', 'produces' or 'calls' entry."),
    ("inferred-link",
     "No contract orders these two skills, but their text does: one's body hands on to the other (\"REQUIRED SUB-SKILL: Use x\", \"invoke the x skill\"), or one's name or description makes an artifact the other's description needs. re0 plan orders them so when both are in a plan; a declared contract would win.",
     "Nothing is wrong. To make the order a contract, declare 'produces' on one and 'requires' on the other under 'metadata'."),
    ("ges-guard-judged",
     "A GES edge guard reads values that no action of the graph outputs, so it cannot be evaluated as CEL over the graph's variables; as the GES spec says, the runner judges it when the edge is tried.",
     "Nothing is wrong if a judgement is meant. To make it mechanical, have an action output the values the guard reads."),
    ("ges-extension-key",
     "A GES graph has a key or attribute the GES specification does not define. re0 ignores it.",
     "Remove the key, or keep it if another tool reads it."),
    ("ges-name",
     "A GES graph's meta.name breaks the name pattern (lowercase words joined by '-') or differs from the name of the skill that carries it.",
     "Name the graph like its skill."),
    ("ges-version",
     "A GES graph uses a feature (fork, join, nested graphs, handoff, goal) of a later GES version than its schema line says.",
     "Raise the schema line to the version that defines the feature."),
    ("ges-terminal-actions",
     "A GES terminal node has actions. Reaching a terminal ends the graph, so they never run.",
     "Move the actions to a node before the terminal, or make the node a non-terminal."),
    ("ges-handoff",
     "A GES edge hands off to another skill's graph. re0 records and shows the handoff but never follows it: only the plan routes a run.",
     "Nothing is wrong. Plan the other skill as its own step if it should run."),
    ("ges-ambiguous-graph",
     "A skill folder holds several GES graphs and none is named after the skill, so re0 cannot tell which one the skill runs; the step becomes a user-handoff.",
     "Name the graph the skill runs <skill-name>.ges.yaml (or .ges.md), or remove the others."),
    ("ges-unused-graph",
     "A second GES graph in a skill folder that the skill's own graph neither calls nor hands off to.",
     "Remove it, or call it from the skill's graph as a nested graph."),
    ("missing-member",
     "A 'pipeline' or 'calls' entry names a skill that is not installed; planning turns it into a skipped step.",
     "Install the skill, or fix or remove the entry."),
    ("user-only-pipeline-member",
     "A model-invoked pipeline contains a user-only member, so the pipeline can only run as a handoff to a person.",
     "Mark the pipeline 'disable-model-invocation: true', or make the member model-invoked."),
    ("symlink-loop",
     "A symbolic link under a root points back into its own ancestry; it is not followed.",
     "Remove or retarget the link."),
    ("walk-error",
     "A folder under a skill root could not be read, so skills in it may be missing.",
     "Check the folder's permissions, or remove a broken link."),
    ("plugin-manifest",
     "A plugin's .claude-plugin/plugin.json could not be read or is not valid JSON; the folder's name is used as the plugin name.",
     "Fix the JSON of plugin.json."),
    ("codex-sidecar",
     "A skill's agents/openai.yaml (Codex's sidecar) could not be read; its policy is ignored.",
     "Fix the YAML of agents/openai.yaml."),
    ("root-config-key",
     "A catalog root's own re0.yaml sets a key that only the workspace's re0.yaml may set (catalog text may narrow authority, never grant it).",
     "Move the key to the workspace re0.yaml, or remove it."),
    ("ges-invalid",
     "A .ges.yaml graph does not match the GES 1.0 schema, so it cannot be run.",
     "Fix the graph as the finding describes (see the GES specification)."),
    ("ges-unsupported",
     "A .ges.yaml graph declares a later GES schema that this re0 checks but does not execute.",
     "Use ges/1.0, or run it with a tool that supports the later schema."),
    ("ges-unknown-node",
     "A GES entry, terminal or edge names a node that the graph does not define.",
     "Define the node, or fix the name in the edge, entry or terminal list."),
    ("ges-unreachable",
     "A GES node cannot be reached from the entry node; it never runs.",
     "Add an edge to it, or remove the node."),
    ("ges-no-terminal-path",
     "A GES node cannot reach any terminal node; a run that gets there can never finish.",
     "Add an edge from it toward a terminal node."),
    ("ges-shadowed-edge",
     "A GES edge can never be taken because an earlier edge from the same node has no guard.",
     "Reorder the edges, or give the earlier edge a 'when' guard."),
    ("ges-unbounded-loop",
     "A GES cycle has no guard that reads a counter (iteration, retries), so it may never end.",
     "Add a guard such as 'iteration < 3' to an edge of the cycle."),
    ("ges-undefined-var",
     "A GES {{var}} placeholder or guard reads a variable that no binding or action output defines.",
     "Define the variable in 'bindings' or as an action's 'output', or fix its name."),
    ("ges-guard-not-cel",
     "A GES edge guard is not a CEL expression, so the runner will be asked to judge it.",
     "Write the guard in CEL if it can be computed, for example 'result.ok == true'."),
    ("ges-unknown-binding",
     "A GES run action names a binding alias that is not defined.",
     "Define the alias under 'bindings' in re0.yaml or the graph."),
    ("ges-action",
     "A GES action is malformed: it has no kind or two, a duplicate id, or a prompt file that is missing.",
     "Give each action exactly one of 'prompt' or 'run', a unique id, and existing files."),
    ("client-config",
     "A client's plugin record, settings file or plugin manifest (installed_plugins.json, settings.json, config.toml, gemini-extension.json, …) could not be read or parsed, so the plugins it describes are not read.",
     "Repair or remove the file; reinstalling the plugin with its client rewrites it."),
    ("spec-key",
     "With --spec strict, every top-level frontmatter key outside name, description, license, compatibility, metadata and allowed-tools is reported, as the Agent Skills reference validator (skills-ref) rejects it.",
     "Move the key under 'metadata:' as a string, or remove it."),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_its_texts_and_a_distinct_name() {
        for r in crate::diag::rules::ALL {
            assert!(help(r.code).is_some(), "no help text for {}", r.code);
            assert!(
                !pascal_name(r.code).eq_ignore_ascii_case(r.code),
                "{}",
                r.code
            );
        }
        assert_eq!(pascal_name("name-folder-mismatch"), "NameFolderMismatch");
        assert_eq!(pascal_name("not-utf8"), "NotUtf8");
    }
}
