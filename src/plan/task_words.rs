//! The words that tell a task from a list of things: the verbs that open a
//! task, the verbs whose "and" joins a pair, and what opens a second object.
//! [`super::clauses`] cuts an intent with them.

/// Verbs that open a task when they follow `and` or a comma. A list of
/// nouns ("tables, charts and notes") does not start one.
pub const TASK_VERBS: &[&str] = &[
    "add",
    "analyse",
    "analyze",
    "apply",
    "audit",
    "brainstorm",
    "build",
    "bump",
    "change",
    "check",
    "clean",
    "commit",
    "compare",
    "compress",
    "convert",
    "create",
    "debug",
    "deploy",
    "design",
    "document",
    "draft",
    "draw",
    "edit",
    "execute",
    "explain",
    "export",
    "extract",
    "fill",
    "find",
    "finish",
    "fix",
    "format",
    "generate",
    "implement",
    "import",
    "improve",
    "install",
    "investigate",
    "land",
    "make",
    "merge",
    "migrate",
    "open",
    "optimise",
    "optimize",
    "organise",
    "organize",
    "plan",
    "polish",
    "prepare",
    "present",
    "publish",
    "push",
    "read",
    "refactor",
    "release",
    "remove",
    "rename",
    "reorder",
    "research",
    "resolve",
    "restructure",
    "review",
    "rewrite",
    "run",
    "scan",
    "send",
    "set",
    "ship",
    "sign",
    "split",
    "start",
    "summarise",
    "summarize",
    "tag",
    "test",
    "tidy",
    "translate",
    "triage",
    "turn",
    "update",
    "upgrade",
    "upload",
    "validate",
    "verify",
    "write",
];

/// More verbs that open a second task after `and` or a comma ("…and get
/// rid of its em dashes", "…, simplify the intro"). They do not make a
/// sentence a request on their own: "Get that done." after the sentence
/// that says what points back at it, and that sentence stays the request.
pub const JOINED_TASK_VERBS: &[&str] = &[
    "annotate",
    "announce",
    "archive",
    "assess",
    "automate",
    "clarify",
    "compile",
    "condense",
    "configure",
    "connect",
    "consolidate",
    "crawl",
    "crop",
    "dedupe",
    "deduplicate",
    "define",
    "delete",
    "describe",
    "diagnose",
    "dockerize",
    "download",
    "embed",
    "encrypt",
    "evaluate",
    "fetch",
    "get",
    "harden",
    "highlight",
    "illustrate",
    "integrate",
    "invite",
    "lint",
    "localise",
    "localize",
    "modernise",
    "modernize",
    "notify",
    "outline",
    "parse",
    "post",
    "prioritise",
    "prioritize",
    "produce",
    "proofread",
    "provide",
    "provision",
    "pull",
    "put",
    "rebase",
    "rebuild",
    "record",
    "redesign",
    "refine",
    "reformat",
    "refresh",
    "replace",
    "rerun",
    "resize",
    "restyle",
    "revert",
    "revise",
    "save",
    "scrape",
    "share",
    "shorten",
    "show",
    "simplify",
    "sketch",
    "specify",
    "squash",
    "stitch",
    "strip",
    "tighten",
    "trace",
    "track",
    "transcribe",
    "transpile",
    "trim",
    "tune",
    "visualise",
    "visualize",
    "wrap",
];

/// Words that open a second object after "and" ("…and a poster", "…and
/// the press release").
pub const OBJECT_OPENERS: &[&str] = &["a", "an", "our", "the", "some", "my"];

/// Verbs whose object is a pair ("compare the old and the new schema"):
/// their "and" joins one task's two objects.
pub const PAIR_VERBS: &[&str] = &[
    "combine",
    "compare",
    "convert",
    "merge",
    "migrate",
    "translate",
];

/// True when `w` reads as the verb opening a new task.
pub fn starts_task(w: &str) -> bool {
    TASK_VERBS.binary_search(&w).is_ok()
}

/// True when `w`, after `and` or a comma, opens a second task. A
/// hyphenated verb is read by its last part ("cold-read", "re-run",
/// "double-check").
pub fn starts_joined_task(w: &str) -> bool {
    let verb = |w: &str| starts_task(w) || JOINED_TASK_VERBS.binary_search(&w).is_ok();
    verb(w) || w.rsplit_once('-').is_some_and(|(_, last)| verb(last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn task_verbs_are_sorted() {
        for list in [TASK_VERBS, JOINED_TASK_VERBS] {
            let mut v = list.to_vec();
            v.sort();
            v.dedup();
            assert_eq!(v, list);
        }
        assert!(JOINED_TASK_VERBS.iter().all(|w| !TASK_VERBS.contains(w)));
    }
}
