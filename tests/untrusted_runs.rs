//! Authority is never read back from disk, and a run this account did not
//! write is not resumed: the state MAC, `re0 adopt`, and step types derived
//! again on every resume from the catalog and this invocation's grants.

mod common;

use common::{in_repo, Sandbox};
use serde_json::Value;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

const DEV: &str = "catalogs/dev-workflow";
const SHIP: &str = "review and ship my change";

fn agent() -> String {
    format!("sh {}", in_repo("fixtures/run/agent.sh").display())
}

fn run_dir(sb: &Sandbox) -> PathBuf {
    let base = sb.work().join(".agent-state/re0");
    let mut ids: Vec<_> = std::fs::read_dir(&base)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    ids.sort();
    assert_eq!(ids.len(), 1, "{ids:?}");
    ids.pop().unwrap()
}

fn run_id(sb: &Sandbox) -> String {
    run_dir(sb)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

fn edit(path: &Path, f: impl FnOnce(&mut Value)) {
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    f(&mut v);
    std::fs::write(path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
}

fn dev(sb: &Sandbox) -> assert_cmd::Command {
    let mut c = sb.re0();
    c.env("AGENT_LOG", sb.path().join("agent.log"))
        .arg("--catalog")
        .arg(in_repo(DEV));
    c
}

fn agent_calls(sb: &Sandbox) -> String {
    std::fs::read_to_string(sb.path().join("agent.log")).unwrap_or_default()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A skill whose GES graph runs a command that leaves PWNED behind.
fn exec_skill(sb: &Sandbox) {
    sb.write(
        "skills/touch-graph/SKILL.md",
        "---\nname: touch-graph\ndescription: Runs a command.\n---\nBody.\n",
    );
    sb.write(
        "skills/touch-graph/touch-graph.ges.yaml",
        "schema: ges/1.0\nmeta: {name: touch-graph, entry: work, terminal: [done]}\nnodes:\n  work:\n    actions:\n      - {id: touch, run: \"touch PWNED\"}\nedges:\n  - {from: work, to: done}\n",
    );
}

fn skills(sb: &Sandbox) -> assert_cmd::Command {
    let mut c = sb.re0();
    c.arg("--catalog").arg(sb.path().join("skills"));
    c
}

#[test]
fn the_run_key_is_private_and_kept_outside_the_workspace() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", SHIP]).assert().code(4);
    let key = sb.state_home().join("re0/run-key");
    let mode = std::fs::metadata(&key).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    let dir_mode = std::fs::metadata(key.parent().unwrap())
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(dir_mode & 0o777, 0o700);
    assert!(!key.starts_with(sb.work()));
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(run_dir(&sb).join("state.json")).unwrap())
            .unwrap();
    assert!(state["mac"].as_str().unwrap().starts_with("hmac-sha256:"));
}

#[test]
fn a_run_planted_in_a_repository_is_refused_and_runs_nothing() {
    // Someone else's account (another HOME, so another key) makes a run…
    let theirs = Sandbox::repository();
    dev(&theirs).args(["run", SHIP]).assert().code(4);
    // … and commits its folder into a repository this user clones.
    let mine = Sandbox::repository();
    let from = theirs.work().join(".agent-state");
    let status = std::process::Command::new("cp")
        .arg("-a")
        .arg(&from)
        .arg(mine.work())
        .status()
        .unwrap();
    assert!(status.success());
    let id = run_id(&mine);
    let out = dev(&mine)
        .args(["run", "--resume", "--runner", &agent()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("run {id} was not written by re0 on this account")),
        "{err}"
    );
    assert!(err.contains(&format!("re0 adopt {id}")), "{err}");
    assert_eq!(agent_calls(&mine), "", "no agent ran");
    // Readers show it, and say it is not this account's.
    let out = dev(&mine).args(["status", &id]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("never resumed"), "{}", stderr(&out));
    let runs = common::json(dev(&mine).args(["runs", "--format", "json"]));
    assert_eq!(runs["runs"][0]["verified"], false);
    for args in [vec!["next"], vec!["handoff", id.as_str(), "s1"]] {
        let out = dev(&mine).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("not written by re0"), "{args:?}");
    }
}

#[test]
fn an_edited_state_is_refused_until_adopted_and_adopt_shows_what_it_would_run() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", SHIP]).assert().code(4);
    let id = run_id(&sb);
    edit(&run_dir(&sb).join("state.json"), |v| {
        v["grants"] = serde_json::json!(["write", "exec", "deploy"]);
    });
    let out = dev(&sb)
        .args(["run", "--resume", "--runner", &agent()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("signature does not match"),
        "{}",
        stderr(&out)
    );
    // adopt asks; without a terminal it needs --yes.
    let out = dev(&sb).args(["adopt", &id]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("pass --yes"), "{}", stderr(&out));
    let out = dev(&sb).args(["adopt", &id, "--yes"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("s1   plan-change"), "{shown}");
    assert!(shown.contains("WOULD RUN through your runner"), "{shown}");
    assert!(shown.contains("a person does it"), "{shown}");
    assert!(
        shown.contains("the run records the grants write, exec, deploy: they are ignored"),
        "{shown}"
    );
    // Adopted: it resumes, with this session's authority.
    dev(&sb)
        .args(["run", "--resume", "--runner", &agent()])
        .assert()
        .code(4);
    assert!(agent_calls(&sb).starts_with("plan-change s1 a1"));
    // Adopting again has nothing to do.
    let out = dev(&sb).args(["adopt", &id]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("nothing to adopt"));
}

#[test]
fn retyping_the_user_only_release_step_never_sends_it_to_the_runner() {
    let sb = Sandbox::repository();
    dev(&sb)
        .args(["run", SHIP, "--runner", &agent()])
        .assert()
        .code(4);
    let dir = run_dir(&sb);
    let id = run_id(&sb);
    edit(&dir.join("plan.json"), |v| {
        let s6 = &mut v["steps"][5];
        assert_eq!(s6["target"], "release");
        s6["type"] = "invoke-model-skill".into();
        s6["cost_owner"] = "run-budget".into();
    });
    dev(&sb).args(["adopt", &id, "--yes"]).assert().code(0);
    let out = dev(&sb)
        .args(["run", "--resume", "--runner", &agent()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("s6 (release) was planned as invoke-model-skill, but this session may only make it user-handoff"),
        "{err}"
    );
    assert!(!agent_calls(&sb).lines().any(|l| l.starts_with("release ")));
}

#[test]
fn exec_added_to_the_state_runs_no_command_and_grant_on_resume_counts() {
    let sb = Sandbox::repository();
    exec_skill(&sb);
    // Without exec the graph is a person's step: nothing runs.
    skills(&sb).args(["run", "/touch-graph"]).assert().code(4);
    let dir = run_dir(&sb);
    let id = run_id(&sb);
    edit(&dir.join("state.json"), |v| {
        v["grants"] = serde_json::json!(["write", "exec"]);
    });
    edit(&dir.join("plan.json"), |v| {
        v["steps"][0]["type"] = "invoke-model-skill".into();
    });
    skills(&sb).args(["adopt", &id, "--yes"]).assert().code(0);
    let out = skills(&sb).args(["run", "--resume"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("needs exec"), "{}", stderr(&out));
    assert!(!sb.work().join("PWNED").exists(), "state gave exec");
    // The grant given now is what counts.
    skills(&sb)
        .args(["run", "--resume", "--grant", "exec:touch-graph"])
        .assert()
        .code(0);
    assert!(sb.work().join("PWNED").exists());
}

#[test]
fn a_grant_given_on_resume_widens_what_runs() {
    let sb = Sandbox::repository();
    exec_skill(&sb);
    skills(&sb).args(["run", "/touch-graph"]).assert().code(4);
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(run_dir(&sb).join("state.json")).unwrap())
            .unwrap();
    assert_eq!(state["waiting"]["kind"], "human");
    skills(&sb)
        .args(["run", "--resume", "--grant", "exec"])
        .assert()
        .code(0);
    assert!(sb.work().join("PWNED").exists());
}

#[test]
fn resuming_without_the_grant_a_run_was_planned_with_is_refused() {
    let sb = Sandbox::repository();
    sb.write(
        "skills/fetch-data/SKILL.md",
        "---\nname: fetch-data\ndescription: Downloads the data.\nneeds: [network]\nproduces: [data]\n---\nBody.\n",
    );
    // Planned with network, stopped before its model step (no runner).
    skills(&sb)
        .args(["run", "/fetch-data", "--grant", "network"])
        .assert()
        .code(4);
    let out = skills(&sb)
        .args(["run", "--resume", "--runner", "true"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("authority is never read back from disk"),
        "{err}"
    );
    assert!(err.contains("needs network"), "{err}");
    assert!(
        err.contains("it was started holding: network, write"),
        "{err}"
    );
    // The same for an agent driving it with `next`.
    let out = skills(&sb).args(["next"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let next = common::json(skills(&sb).args(["next", "--grant", "network"]));
    assert_eq!(next["action"], "invoke-model-skill");
}

#[test]
fn unknown_fields_in_plan_json_are_refused() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", SHIP]).assert().code(4);
    edit(&run_dir(&sb).join("plan.json"), |v| {
        v["steps"][0]["run_this"] = "rm -rf /".into();
    });
    let out = dev(&sb).args(["status"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown field `steps.0.run_this`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_key_others_can_read_is_refused_not_used() {
    let sb = Sandbox::repository();
    dev(&sb).args(["run", SHIP]).assert().code(4);
    let key = sb.state_home().join("re0/run-key");
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = dev(&sb).args(["status"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("can be read by other users"),
        "{}",
        stderr(&out)
    );
}
