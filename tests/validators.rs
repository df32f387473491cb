//! re0's outputs through the real validators that CI and viewers use:
//! SARIF through the official 2.1.0 JSON schema and the SARIF Multitool's
//! SARIF and GitHub rules; graphs through Graphviz `dot` and Mermaid's own
//! parser. `.ci/run` installs them (graphviz from apt, the node tools with
//! `npm ci --prefix .ci/node`) and sets `RE0_REQUIRE_VALIDATORS`, so in CI a
//! missing validator fails the test; elsewhere it is skipped with a note.

mod common;

use common::{in_repo, Sandbox};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The node tools, or `None` (after a note, or a failure in CI).
fn node_tools() -> Option<PathBuf> {
    let dir = in_repo(".ci/node");
    let have_node = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if have_node && dir.join("node_modules").is_dir() {
        return Some(dir);
    }
    missing("node and the validators in .ci/node (npm ci --prefix .ci/node)");
    None
}

fn have_dot() -> bool {
    let ok = Command::new("dot")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        missing("Graphviz dot (apt-get install graphviz)");
    }
    ok
}

fn missing(what: &str) {
    if std::env::var_os("RE0_REQUIRE_VALIDATORS").is_some() {
        panic!("{what} is not installed; .ci/run installs it");
    }
    eprintln!("note: skipping: {what} is not installed; .ci/run installs it");
}

fn stdout(mut cmd: assert_cmd::Command) -> String {
    let out = cmd.output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

fn run_ok(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{text}");
    assert!(out.status.success(), "{what} failed:\n{text}");
}

/// SARIF from several catalogs: every kind of finding, odd file names,
/// `--spec strict`, and a folder outside the repository.
fn sarif_files(sb: &Sandbox) -> Vec<PathBuf> {
    sb.skill(
        "work/skills with spaces/ünï #1",
        "odd-path",
        "version: 2\nrequires: [nothing-makes-this]\n",
    );
    sb.skill("work/skills with spaces", "100%-done", "");
    sb.write(
        "outside/far-away/SKILL.md",
        "---\nname: far-away\n---\nNo description.\n",
    );
    let mut files = Vec::new();
    let mut write = |name: &str, args: &[&str], cwd: &str| {
        let mut cmd = sb.re0_in(cwd);
        cmd.args(["check", "--format", "sarif"]).args(args);
        let text = stdout(cmd);
        let path = sb.path().join(name);
        std::fs::write(&path, &text).unwrap();
        files.push(path);
    };
    let needs_work = in_repo("catalogs/needs-work");
    let ges = in_repo("fixtures/check");
    write("needs-work.sarif", &[needs_work.to_str().unwrap()], "work");
    write("every-code.sarif", &[ges.to_str().unwrap()], "work");
    write(
        "odd-paths.sarif",
        &["skills with spaces", "--spec", "strict"],
        "work",
    );
    write("outside.sarif", &["../outside"], "work");
    files
}

#[test]
fn sarif_passes_the_schema_and_the_github_rules() {
    let sb = Sandbox::repository();
    let files = sarif_files(&sb);
    // Locations: relative to the repository root, or file:// outside it.
    let odd: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[2]).unwrap()).unwrap();
    let loc = &odd["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(loc["uriBaseId"], "%SRCROOT%");
    assert!(
        loc["uri"]
            .as_str()
            .unwrap()
            .starts_with("skills%20with%20spaces/"),
        "{loc}"
    );
    let outside: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[3]).unwrap()).unwrap();
    let run = &outside["runs"][0];
    let uri = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .unwrap();
    assert!(uri.starts_with("file:///"), "{uri}");
    let base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        base.starts_with("file:///") && base.ends_with("/work/"),
        "{base}"
    );
    let Some(tools) = node_tools() else { return };
    let mut cmd = Command::new("node");
    cmd.arg(tools.join("validate-sarif.mjs")).args(&files);
    run_ok(&mut cmd, "SARIF validation");
}

fn graphs(catalog: &Path) -> (String, String) {
    let c = catalog.to_str().unwrap();
    let (mut m, _h1) = common::re0_repo();
    m.args(["--catalog", c, "graph", "--format", "mermaid"]);
    let (mut d, _h2) = common::re0_repo();
    d.args(["--catalog", c, "graph", "--format", "dot"]);
    (stdout(m), stdout(d))
}

#[test]
fn graphs_render_in_graphviz_and_parse_in_mermaid() {
    let catalogs = [
        "fixtures/graph/keywords",
        "catalogs/needs-work",
        "catalogs/dev-workflow",
    ];
    let dir = tempfile::tempdir().unwrap();
    let mut mermaid_files = Vec::new();
    let mut dot_files = Vec::new();
    for (k, c) in catalogs.iter().enumerate() {
        let (m, d) = graphs(&in_repo(c));
        assert!(m.starts_with("flowchart LR\n") && d.starts_with("digraph re0 {"));
        let mf = dir.path().join(format!("g{k}.mmd"));
        let df = dir.path().join(format!("g{k}.dot"));
        std::fs::write(&mf, m).unwrap();
        std::fs::write(&df, d).unwrap();
        mermaid_files.push(mf);
        dot_files.push(df);
    }
    if have_dot() {
        for f in &dot_files {
            run_ok(
                Command::new("dot").arg("-Tsvg").arg("-o/dev/null").arg(f),
                "dot",
            );
        }
    }
    if let Some(tools) = node_tools() {
        let mut cmd = Command::new("node");
        cmd.arg(tools.join("mermaid-parse.mjs"))
            .args(&mermaid_files);
        run_ok(&mut cmd, "Mermaid parse");
    }
}

#[test]
fn every_name_gets_its_own_diagram_node() {
    let (m, d) = graphs(&in_repo("fixtures/graph/keywords"));
    let ids: Vec<&str> = m
        .lines()
        .take_while(|l| !l.contains("-->") && !l.contains("-.->"))
        .skip(1)
        .filter_map(|l| l.trim().split(['[', '(']).next())
        .collect();
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(ids.len(), unique.len(), "{ids:?}");
    assert_eq!(
        ids.len(),
        15,
        "13 skills, one missing member, one unresolved artifact: {ids:?}"
    );
    for kw in [
        "end", "graph", "subgraph", "style", "class", "click", "start",
    ] {
        assert!(!ids.contains(&kw), "bare keyword id {kw}");
    }
    assert!(
        m.contains("class n_end,n_start cycle") || m.contains("n_end,") && m.contains(" cycle")
    );
    assert!(d.contains("not-installed-end (not installed)"));
    assert!(d.contains("default (no producer)"));
}
