//! End-to-end tests for every discovery rule of DESIGN §2.

mod common;

use common::{json, roster_names, Sandbox};
use predicates::prelude::*;

fn names(sb: &Sandbox, cwd: &str, args: &[&str]) -> Vec<String> {
    let mut cmd = sb.re0_in(cwd);
    cmd.args(args).args(["list", "--format", "json"]);
    roster_names(&json(&mut cmd))
}

#[test]
fn catalog_flag_is_exclusive_and_ordered() {
    let sb = Sandbox::repository();
    sb.skill("work/.claude/skills", "project-skill", "");
    sb.skill("home/.claude/skills", "user-skill", "");
    sb.skill("one", "shared", "");
    sb.skill("two", "shared", "");
    sb.skill("two", "only-two", "");
    assert_eq!(
        names(&sb, "work", &["--catalog", "../one", "--catalog", "../two"]),
        ["shared", "only-two"]
    );
    let v = json(sb.re0().args([
        "--catalog",
        "../one",
        "--catalog",
        "../two",
        "list",
        "--all",
        "--format",
        "json",
    ]));
    let shadowed: Vec<_> = v["skills"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["shadowed"] == true)
        .collect();
    assert_eq!(shadowed.len(), 1);
    assert!(shadowed[0]["path"].as_str().unwrap().contains("two/shared"));
}

#[test]
fn env_catalog_is_exclusive_and_colon_separated() {
    let sb = Sandbox::repository();
    sb.skill("work/.claude/skills", "project-skill", "");
    sb.skill("a", "from-a", "");
    sb.skill("b", "from-b", "");
    let env = format!(
        "{}:{}",
        sb.path().join("a").display(),
        sb.path().join("b").display()
    );
    let v = json(
        sb.re0()
            .env("RE0_CATALOG", env)
            .args(["list", "--format", "json"]),
    );
    assert_eq!(roster_names(&v), ["from-a", "from-b"]);
    // --catalog still wins over the environment.
    let v = json(sb.re0().env("RE0_CATALOG", sb.path().join("a")).args([
        "--catalog",
        "../b",
        "list",
        "--format",
        "json",
    ]));
    assert_eq!(roster_names(&v), ["from-b"]);
}

#[test]
fn project_roots_walk_up_to_the_repository_root_only() {
    let sb = Sandbox::repository();
    sb.skill("work/.claude/skills", "at-root", "");
    sb.skill("work/sub/.agents/skills", "in-sub", "");
    sb.skill("work/sub/deeper/.codex/skills", "in-deeper", "");
    // Above the repository root: never read.
    sb.skill(".claude/skills", "above-repo", "");
    std::fs::create_dir_all(sb.work().join("sub/deeper")).unwrap();
    assert_eq!(
        names(&sb, "work/sub/deeper", &[]),
        ["in-deeper", "in-sub", "at-root"]
    );
    assert_eq!(names(&sb, "work", &[]), ["at-root"]);
}

#[test]
fn nearer_folder_and_earlier_agent_win() {
    let sb = Sandbox::repository();
    sb.skill(
        "work/.claude/skills",
        "dup",
        "metadata:\n  produces: from-root\n",
    );
    sb.skill(
        "work/sub/.claude/skills",
        "dup",
        "metadata:\n  produces: from-sub\n",
    );
    sb.skill(
        "work/sub/.agents/skills",
        "pair",
        "metadata:\n  produces: from-agents\n",
    );
    sb.skill(
        "work/sub/.claude/skills",
        "pair",
        "metadata:\n  produces: from-claude\n",
    );
    let v = json(sb.re0_in("work/sub").args(["list", "--format", "json"]));
    let produces = |name: &str| {
        v["skills"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap()["contract"]["produces"][0]
            .clone()
    };
    assert_eq!(produces("dup"), "from-sub");
    assert_eq!(produces("pair"), "from-agents");
    sb.re0_in("work/sub")
        .args(["check"])
        .assert()
        .stdout(predicate::str::contains("shadowed-name").count(2));
}

#[test]
fn every_project_and_user_root_is_read() {
    let sb = Sandbox::repository();
    for (i, dir) in [
        ".agents/skills",
        ".claude/skills",
        ".codex/skills",
        ".cursor/skills",
        ".gemini/skills",
        ".opencode/skills",
        ".github/skills",
    ]
    .iter()
    .enumerate()
    {
        sb.skill(&format!("work/{dir}"), &format!("project-{i}"), "");
    }
    for (i, dir) in [
        ".agents/skills",
        ".claude/skills",
        ".codex/skills",
        ".cursor/skills",
        ".gemini/skills",
        ".config/opencode/skills",
        ".copilot/skills",
    ]
    .iter()
    .enumerate()
    {
        sb.skill(&format!("home/{dir}"), &format!("user-{i}"), "");
    }
    let got = names(&sb, "work", &[]);
    let want: Vec<String> = (0..7)
        .map(|i| format!("project-{i}"))
        .chain((0..7).map(|i| format!("user-{i}")))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn project_beats_user() {
    let sb = Sandbox::repository();
    sb.skill(
        "work/.claude/skills",
        "same",
        "metadata:\n  produces: project\n",
    );
    sb.skill(
        "home/.claude/skills",
        "same",
        "metadata:\n  produces: user\n",
    );
    let v = json(sb.re0().args(["list", "--format", "json"]));
    assert_eq!(v["skills"][0]["contract"]["produces"][0], "project");
    assert_eq!(v["skills"].as_array().unwrap().len(), 1);
}

#[test]
fn legacy_commands_are_skills_named_after_the_file() {
    let sb = Sandbox::repository();
    sb.write(
        "work/.claude/commands/deploy.md",
        "Deploy the app to staging.\n",
    );
    sb.write(
        "work/.claude/commands/explain.md",
        "---\ndescription: Explain the code.\n---\nExplain.\n",
    );
    sb.write("work/.claude/commands/notes.txt", "not a command\n");
    let v = json(sb.re0().args(["list", "--format", "json"]));
    assert_eq!(roster_names(&v), ["deploy", "explain"]);
    assert_eq!(v["skills"][0]["lane"], "user-only");
    assert_eq!(v["skills"][0]["diagnostics"][0]["severity"], "warning");
    assert_eq!(v["skills"][1]["lane"], "model-invoked");
    assert_eq!(v["skills"][1]["diagnostics"].as_array().unwrap().len(), 0);
}

#[test]
fn plugin_skills_are_addressable_as_plugin_colon_skill() {
    let sb = Sandbox::repository();
    sb.write(
        "work/.claude/skills/my-plugin/.claude-plugin/plugin.json",
        r#"{"name": "toolkit"}"#,
    );
    sb.skill("work/.claude/skills/my-plugin/skills", "lint", "");
    sb.skill("work/.claude/skills", "plain", "");
    assert_eq!(names(&sb, "work", &[]), ["toolkit:lint", "plain"]);
    for query in ["toolkit:lint", "lint", "/toolkit:lint"] {
        sb.re0()
            .args(["show", query])
            .assert()
            .success()
            .stdout(predicate::str::contains("/toolkit:lint"));
    }
}

#[test]
fn codex_sidecar_can_make_a_skill_user_only() {
    let sb = Sandbox::repository();
    sb.skill("work/.agents/skills", "quiet", "");
    sb.write(
        "work/.agents/skills/quiet/agents/openai.yaml",
        "policy:\n  allow_implicit_invocation: false\n",
    );
    sb.skill("work/.agents/skills", "loud", "");
    sb.write(
        "work/.agents/skills/loud/agents/openai.yaml",
        "policy:\n  allow_implicit_invocation: true\n",
    );
    let v = json(sb.re0().args(["list", "--format", "json"]));
    assert_eq!(v["skills"][0]["name"], "loud");
    assert_eq!(v["skills"][0]["lane"], "model-invoked");
    assert_eq!(v["skills"][1]["lane"], "user-only");
    sb.re0()
        .args(["show", "quiet"])
        .assert()
        .stdout(predicate::str::contains("allow_implicit_invocation: false"));
}

#[cfg(unix)]
#[test]
fn a_symlinked_skill_is_read_once() {
    let sb = Sandbox::repository();
    let store = sb.skill("store", "linked", "");
    let target = store.parent().unwrap();
    common::symlink(target, &sb.work().join(".agents/skills/linked"));
    common::symlink(target, &sb.work().join(".claude/skills/linked"));
    assert_eq!(names(&sb, "work", &[]), ["linked"]);
    let v = json(sb.re0().args(["check", "--format", "json"]));
    assert_eq!(v["findings"].as_array().unwrap().len(), 0, "{v}");
}

#[cfg(unix)]
#[test]
fn a_symlink_loop_is_reported_not_followed() {
    let sb = Sandbox::repository();
    sb.skill("work/.claude/skills/group", "inside", "");
    common::symlink(
        &sb.work().join(".claude/skills"),
        &sb.work().join(".claude/skills/group/back"),
    );
    assert_eq!(names(&sb, "work", &[]), ["inside"]);
    sb.re0()
        .arg("check")
        .assert()
        .stdout(predicate::str::contains("symlink-loop"));
}

#[test]
fn a_skill_folder_is_not_searched_for_more_skills() {
    let sb = Sandbox::repository();
    sb.skill("work/.claude/skills", "outer", "");
    sb.skill("work/.claude/skills/outer/examples", "inner", "");
    sb.skill("work/.claude/skills/group", "nested-ok", "");
    assert_eq!(names(&sb, "work", &[]), ["nested-ok", "outer"]);
}

#[test]
fn hidden_folders_are_skipped_except_curated_system_experimental() {
    let sb = Sandbox::repository();
    for dir in [".curated", ".system", ".experimental", ".git", ".cache"] {
        sb.skill(
            &format!("work/.claude/skills/{dir}"),
            &format!("in{}", dir.replace('.', "-")),
            "",
        );
    }
    assert_eq!(
        names(&sb, "work", &[]),
        ["in-curated", "in-experimental", "in-system"]
    );
}

#[test]
fn lowercase_skill_md_is_accepted() {
    let sb = Sandbox::repository();
    sb.write(
        "work/.claude/skills/lower/skill.md",
        "---\nname: lower\ndescription: lower-case file.\n---\n",
    );
    assert_eq!(names(&sb, "work", &[]), ["lower"]);
}

#[test]
fn missing_catalog_folder_is_a_usage_error() {
    let sb = Sandbox::repository();
    sb.re0()
        .args(["--catalog", "../nope", "list"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "re0: error: catalog root ../nope does not exist",
        ));
}

#[test]
fn workspace_config_roots_come_first_and_unknown_keys_fail_with_their_line() {
    let sb = Sandbox::repository();
    sb.skill("work/team-skills", "team", "");
    sb.skill("work/.claude/skills", "local", "");
    sb.write("work/re0.yaml", "roots: [team-skills]\n");
    assert_eq!(names(&sb, "work", &[]), ["team", "local"]);
    sb.write("work/re0.yaml", "roots: [team-skills]\ngrant: [network]\n");
    sb.re0()
        .arg("list")
        .assert()
        .code(2)
        .stderr(predicate::str::is_match(r"re0\.yaml:2:1: unknown field `grant`").unwrap());
}

#[test]
fn outside_a_repository_only_the_current_folder_is_a_project_folder() {
    let sb = Sandbox::new();
    sb.skill("work/.claude/skills", "here", "");
    sb.skill(".claude/skills", "parent", "");
    assert_eq!(names(&sb, "work", &[]), ["here"]);
}
