//! Discovery on a home laid out the way the clients' installers lay it out
//! (`fixtures/home`): installed plugins, their enablement and scope, other
//! clients' plugin folders, and each client's own view (`--client`).

mod common;

use common::{json, Sandbox};
use serde_json::Value;
use std::collections::BTreeMap;

fn home() -> Sandbox {
    let sb = Sandbox::from_fixture("home");
    for repo in ["work/app", "work/other"] {
        std::fs::create_dir_all(sb.path().join(repo).join(".git")).unwrap();
    }
    sb
}

fn re0(sb: &Sandbox, cwd: &str) -> assert_cmd::Command {
    let mut c = sb.re0_in(cwd);
    c.env("CLAUDE_CONFIG_DIR", sb.path().join("home/.claude-alt"))
        .env("CODEX_HOME", sb.path().join("home/.codex-alt"));
    c
}

/// name -> roster entry, for `re0 [ARGS] list --all --format json` in `cwd`.
fn roster(sb: &Sandbox, cwd: &str, args: &[&str]) -> BTreeMap<String, Vec<Value>> {
    let mut cmd = re0(sb, cwd);
    cmd.args(args).args(["list", "--all", "--format", "json"]);
    let v = json(&mut cmd);
    let mut out: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for s in v["skills"].as_array().unwrap() {
        out.entry(s["name"].as_str().unwrap().to_string())
            .or_default()
            .push(s.clone());
    }
    out
}

fn active<'a>(r: &'a BTreeMap<String, Vec<Value>>, name: &str) -> &'a Value {
    r.get(name)
        .and_then(|v| v.iter().find(|s| s["shadowed"] == false))
        .unwrap_or_else(|| panic!("no active '{name}' in {:?}", r.keys().collect::<Vec<_>>()))
}

fn clients(v: &Value) -> Vec<String> {
    v["clients"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_union_finds_every_installed_skill_and_nothing_stale() {
    let sb = home();
    let r = roster(&sb, "work/app", &[]);
    let names: Vec<&str> = r.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "admin-policy",
            "codex-only",
            "copilot-personal",
            "deploy:staging",
            "document-skills:docx",
            "document-skills:pdf",
            "document-skills:xlsx",
            "gh-tools:gh-fix-ci",
            "git:commit",
            "oc-folder",
            "oc-single",
            "paperthin:aim",
            "paperthin:nba",
            "personal-notes",
            "pr-summary",
            "project-universal",
            "repo-skill",
            "review-change",
            "security-audit",
            "shared-agent-skill",
            "skill-creator",
            "standup",
            "superpowers:brainstorm",
            "superpowers:brainstorming",
            "superpowers:review:deep",
            "superpowers:writing-plans",
            "team-tools:deploy-preview",
            "universal-skill",
        ]
    );
    // The live install only: 6.2.0's description, never 6.1.0's.
    let b = active(&r, "superpowers:brainstorming");
    assert!(b["path"].as_str().unwrap().contains("/6.2.0/"), "{b}");
    assert_eq!(b["lane"], "model-invoked");
    assert_eq!(b["root_kind"], "plugin");
    assert_eq!(
        b["origin"],
        "claude plugin superpowers@superpowers-dev 6.2.0 (user)"
    );
    assert_eq!(b["invocation"], "/superpowers:brainstorming");
}

#[test]
fn personal_beats_project_for_claude_and_project_wins_the_union() {
    let sb = home();
    let union = roster(&sb, "work/app", &[]);
    let both = &union["review-change"];
    assert_eq!(both.len(), 2);
    let winner = active(&union, "review-change");
    assert!(winner["path"].as_str().unwrap().contains(".claude/skills"));
    assert!(winner["description"]
        .as_str()
        .unwrap()
        .starts_with("Project"));
    // The project copy is what Cursor, OpenCode and Copilot load; Claude
    // Code loads the personal one.
    assert_eq!(clients(winner), ["cursor", "opencode", "copilot"]);
    let personal = both.iter().find(|s| s["shadowed"] == true).unwrap();
    assert_eq!(clients(personal), ["claude"]);

    let claude = roster(&sb, "work/app", &["--client", "claude"]);
    let w = active(&claude, "review-change");
    assert!(
        w["description"].as_str().unwrap().starts_with("Personal"),
        "{w}"
    );
}

#[test]
fn a_project_scoped_plugin_is_seen_only_in_its_project() {
    let sb = home();
    assert!(roster(&sb, "work/app", &[]).contains_key("team-tools:deploy-preview"));
    let other = roster(&sb, "work/other", &[]);
    assert!(!other.contains_key("team-tools:deploy-preview"));
    assert!(other.contains_key("superpowers:brainstorming"));
    assert!(!other.contains_key("repo-skill"));
}

#[test]
fn claude_view_names_plugins_and_nested_commands() {
    let sb = home();
    let r = roster(&sb, "work/app", &["--client", "claude"]);
    let names: Vec<&str> = r.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "deploy:staging",
            "document-skills:docx",
            "document-skills:pdf",
            "document-skills:xlsx",
            "git:commit",
            "paperthin:aim",
            "paperthin:nba",
            "personal-notes",
            "review-change",
            "standup",
            "superpowers:brainstorm",
            "superpowers:brainstorming",
            "superpowers:review:deep",
            "superpowers:writing-plans",
            "team-tools:deploy-preview",
        ]
    );
    assert_eq!(active(&r, "git:commit")["invocation"], "/git:commit");
    assert_eq!(
        active(&r, "deploy:staging")["invocation"],
        "/deploy:staging"
    );
    assert_eq!(
        active(&r, "superpowers:brainstorm")["invocation"],
        "/superpowers:brainstorm"
    );
    assert_eq!(
        active(&r, "superpowers:review:deep")["invocation"],
        "/superpowers:review:deep"
    );
}

#[test]
fn codex_view_uses_dollar_invocations_and_the_active_plugin_version() {
    let sb = home();
    let r = roster(&sb, "work/app", &["--client", "codex"]);
    let names: Vec<&str> = r.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "admin-policy",
            "codex-only",
            "gh-tools:gh-fix-ci",
            "repo-skill",
            "shared-agent-skill",
            "skill-creator",
        ]
    );
    assert_eq!(active(&r, "codex-only")["invocation"], "$codex-only");
    assert_eq!(
        active(&r, "gh-tools:gh-fix-ci")["invocation"],
        "$gh-tools:gh-fix-ci"
    );
    // In the union, a skill only Codex reads keeps Codex's syntax.
    let union = roster(&sb, "work/app", &[]);
    assert_eq!(active(&union, "codex-only")["invocation"], "$codex-only");
    assert_eq!(clients(active(&union, "codex-only")), ["codex"]);
    assert_eq!(active(&union, "repo-skill")["invocation"], "/repo-skill");
}

#[test]
fn gemini_copilot_opencode_and_cursor_views() {
    let sb = home();
    let keys =
        |args: &[&str]| -> Vec<String> { roster(&sb, "work/app", args).keys().cloned().collect() };
    // Gemini: workspace, user and enabled extensions, one level deep only.
    assert_eq!(
        keys(&["--client", "gemini"]),
        ["repo-skill", "security-audit", "shared-agent-skill"]
    );
    // The extension disabled for work/ is enabled elsewhere.
    let outside = roster(&sb, "home", &["--client", "gemini"]);
    assert!(outside.contains_key("quiet-skill"));
    assert_eq!(
        keys(&["--client", "copilot"]),
        [
            "copilot-personal",
            "deploy:staging",
            "pr-summary",
            "repo-skill",
            "review-change",
            "shared-agent-skill",
        ]
    );
    assert_eq!(
        keys(&["--client", "opencode"]),
        [
            "oc-folder",
            "oc-single",
            "repo-skill",
            "review-change",
            "shared-agent-skill"
        ]
    );
    assert_eq!(
        keys(&["--client", "cursor"]),
        ["repo-skill", "review-change", "shared-agent-skill"]
    );
    let oc = roster(&sb, "work/app", &["--client", "opencode"]);
    assert_eq!(active(&oc, "oc-single")["invocation"], "oc-single");
}

#[test]
fn openskills_folders_and_the_moved_homes_are_read() {
    let sb = home();
    let r = roster(&sb, "work/app", &[]);
    assert!(active(&r, "universal-skill")["path"]
        .as_str()
        .unwrap()
        .contains("home/.agent/skills"));
    assert!(active(&r, "project-universal")["path"]
        .as_str()
        .unwrap()
        .contains(".agent/skills"));
    // CLAUDE_CONFIG_DIR moved ~/.claude: without it, none of those skills.
    let mut cmd = sb.re0_in("work/app");
    cmd.env("CODEX_HOME", sb.path().join("home/.codex-alt"))
        .args(["--client", "claude", "list", "--format", "json"]);
    let v = json(&mut cmd);
    let names = common::roster_names(&v);
    assert_eq!(names, ["review-change", "deploy:staging"]);
}

#[test]
fn a_broken_client_record_is_a_warning_not_a_failure() {
    let sb = home();
    sb.write(
        "home/.claude-alt/plugins/installed_plugins.json",
        "{ not json",
    );
    sb.write("home/.codex-alt/config.toml", "[plugins\nenabled = ");
    let out = re0(&sb, "work/app")
        .args(["check", "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "client-config")
        .map(|f| f["file"].as_str().unwrap())
        .collect();
    assert_eq!(codes.len(), 2, "{v}");
    assert!(codes.iter().any(|f| f.ends_with("installed_plugins.json")));
    assert!(codes.iter().any(|f| f.ends_with("config.toml")));
    let r = roster(&sb, "work/app", &[]);
    assert!(!r.contains_key("superpowers:brainstorming"));
    assert!(r.contains_key("personal-notes"));
}
