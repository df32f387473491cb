//! What a new user meets first: clear usage errors, "no skills found" said
//! as such, tables that keep names whole, completions and a man page, and
//! `re0 check` on one skill.

mod common;

use common::{in_repo, Sandbox};
use predicates::prelude::*;

#[test]
fn an_empty_intent_is_a_usage_error() {
    let sb = Sandbox::repository();
    for cmd in [["plan", "  "], ["run", ""]] {
        sb.re0()
            .args([
                "--catalog",
                in_repo("catalogs/dev-workflow").to_str().unwrap(),
            ])
            .args(cmd)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("the intent is empty"));
    }
}

#[test]
fn no_skills_is_said_as_such() {
    let sb = Sandbox::repository();
    sb.re0()
        .args(["plan", "review my change"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no skills found in 0 roots"))
        .stderr(predicate::str::contains("fits").not());
    sb.re0()
        .arg("list")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("No skills found in 0 roots."));
    std::fs::create_dir_all(sb.path().join("empty")).unwrap();
    sb.re0()
        .args(["check", "../empty"])
        .assert()
        .success()
        .stdout(predicate::str::contains("No skills found in 1 root ("));
    sb.re0()
        .args(["check", "../empty", "--strict"])
        .assert()
        .code(1);
}

#[test]
fn a_cloned_repository_with_hidden_skills_is_pointed_at_them() {
    // A repository keeps its skills in `.claude/skills`; a root's hidden
    // folders are not walked (DESIGN §2), so `--catalog <repo>` finds
    // none. The error names the folder to pass instead.
    let sb = Sandbox::repository();
    let skill = sb.path().join("clone/.claude/skills/notes");
    std::fs::create_dir_all(&skill).unwrap();
    std::fs::write(
        skill.join("SKILL.md"),
        "---\nname: notes\ndescription: Take notes.\n---\n",
    )
    .unwrap();
    let clone = sb.path().join("clone");
    let hidden = clone.join(".claude/skills");
    sb.re0()
        .args(["--catalog", clone.to_str().unwrap(), "plan", "take notes"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "pass --catalog {} (a root's hidden folders are not walked)",
            hidden.display()
        )));
    sb.re0()
        .args(["--catalog", hidden.to_str().unwrap(), "plan", "take notes"])
        .assert()
        .success();
}

#[test]
fn a_failing_selector_is_described_in_words() {
    let sb = Sandbox::repository();
    sb.re0()
        .args([
            "--catalog",
            in_repo("catalogs/dev-workflow").to_str().unwrap(),
        ])
        .args(["plan", "review my change", "--selector", "exit 3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("exited with status 3"))
        .stderr(predicate::str::contains("Code(").not());
}

#[test]
fn tables_keep_long_skill_names_whole() {
    let sb = Sandbox::repository();
    let long = "prepare-the-quarterly-infrastructure-cost-report-for-finance";
    sb.skill("cat", long, "");
    sb.skill("cat", "short", "");
    let out = sb
        .re0()
        .args(["--catalog", "../cat", "list"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.contains(long)), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
}

#[test]
fn completions_and_the_man_page_are_generated() {
    let (mut c, _h) = common::re0_repo();
    for shell in ["bash", "zsh", "fish"] {
        let (mut c, _h) = common::re0_repo();
        c.args(["completions", shell])
            .assert()
            .success()
            .stdout(predicate::str::contains("re0"))
            .stdout(predicate::str::contains("check"));
    }
    c.arg("man")
        .assert()
        .success()
        .stdout(predicate::str::contains(".TH re0 1"))
        .stdout(predicate::str::contains("client"));
}

#[test]
fn check_takes_one_skill_folder_or_its_skill_md() {
    let sb = Sandbox::repository();
    sb.skill("work/skills", "solo", "version: 2\n");
    sb.skill("work/skills", "other", "requires: [nothing]\n");
    for target in ["skills/solo", "skills/solo/SKILL.md"] {
        sb.re0()
            .args(["check", target])
            .assert()
            .success()
            .stdout(predicate::str::contains("1 skill(s) checked: 0 errors"));
    }
    sb.re0()
        .args(["check", "skills/solo", "--spec", "strict"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error[spec-key]: top-level 'version'",
        ));
}

#[test]
fn check_dir_reads_only_that_dir() {
    let sb = Sandbox::repository();
    sb.skill(
        "home/.claude/skills",
        "broken-at-home",
        "requires: [nothing]\n",
    );
    sb.skill(
        "work/.claude/skills",
        "broken-in-project",
        "requires: [nothing]\n",
    );
    sb.skill("work/catalog", "fine", "");
    sb.re0()
        .args(["check", "catalog"])
        .assert()
        .success()
        .stdout(predicate::str::contains("1 skill(s) checked: 0 errors"));
}

#[test]
fn spec_strict_reports_every_key_the_spec_does_not_allow() {
    let (mut cmd, _h) = common::re0_repo();
    cmd.args(["check", "fixtures/check/spec-key"])
        .assert()
        .success();
    let (mut cmd, _h) = common::re0_repo();
    let v = common::json(cmd.args([
        "check",
        "fixtures/check/spec-key",
        "--spec",
        "strict",
        "--format",
        "json",
    ]));
    let found: Vec<(String, u64)> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "spec-key")
        .map(|f| {
            (
                f["message"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(found.len(), 2, "{v}");
    assert!(
        found[0].0.contains("'version'") && found[0].1 == 4,
        "{found:?}"
    );
    assert!(
        found[1].0.contains("'author'") && found[1].1 == 5,
        "{found:?}"
    );
    assert_eq!(v["errors"], 2);
}
