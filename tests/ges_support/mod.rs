//! A workspace with GES skills written by the test: a repository sandbox,
//! a catalog folder of skills, and readers for the run's state.
#![allow(dead_code)]

use crate::common::Sandbox;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

pub struct Ges {
    pub sb: Sandbox,
}

impl Default for Ges {
    fn default() -> Self {
        Self::new()
    }
}

impl Ges {
    pub fn new() -> Ges {
        let sb = Sandbox::repository();
        std::fs::create_dir_all(sb.path().join("catalog")).unwrap();
        Ges { sb }
    }

    pub fn catalog(&self) -> PathBuf {
        self.sb.path().join("catalog")
    }

    pub fn work(&self) -> PathBuf {
        self.sb.work()
    }

    /// A skill `name` with `SKILL.md` (`meta` lines go under `metadata:`)
    /// and `files` (name, text) in its folder.
    pub fn skill(&self, name: &str, meta: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir = self.catalog().join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("SKILL.md"),
            format!("---\nname: {name}\ndescription: The {name} graph skill for a test.\nmetadata:\n  writes: \"true\"\n{meta}---\nBody.\n"),
        )
        .unwrap();
        for (f, text) in files {
            let p = dir.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    /// A stand-in model: a shell script in the sandbox, given its body.
    pub fn model(&self, body: &str) -> String {
        let p = self.sb.path().join("model.sh");
        std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
        format!("sh {}", p.display())
    }

    pub fn re0(&self) -> assert_cmd::Command {
        let mut c = self.sb.re0();
        c.arg("--catalog").arg(self.catalog());
        c
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.re0().args(args).output().unwrap()
    }

    /// `re0 run /name --grant exec` (plus `extra`), its exit code.
    pub fn go(&self, name: &str, extra: &[&str]) -> (Option<i32>, String) {
        let intent = format!("/{name}");
        let mut args = vec!["run", intent.as_str(), "--grant", "exec"];
        args.extend_from_slice(extra);
        let out = self.run(&args);
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.code(), text)
    }

    pub fn run_dir(&self) -> PathBuf {
        let base = self.work().join(".agent-state/re0");
        let mut ids: Vec<_> = std::fs::read_dir(&base)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        ids.sort();
        ids.pop().unwrap()
    }

    pub fn state(&self) -> Value {
        read_json(&self.run_dir().join("state.json"))
    }

    pub fn graph(&self, step: &str, attempt: u32) -> Value {
        read_json(
            &self
                .run_dir()
                .join("ges")
                .join(format!("{step}-a{attempt}.json")),
        )
    }

    /// A JSON file of the latest run, by its path inside the run folder.
    pub fn json_file(&self, rel: &str) -> Value {
        read_json(&self.run_dir().join(rel))
    }

    pub fn file(&self, rel: &str) -> String {
        std::fs::read_to_string(self.work().join(rel)).unwrap_or_default()
    }

    pub fn exists(&self, rel: &str) -> bool {
        self.work().join(rel).exists()
    }

    pub fn json(&self, args: &[&str]) -> Value {
        let out = self.run(args);
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {}\n{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )
        })
    }

    /// `re0 check` findings as (code, line) pairs, and the exit code.
    pub fn check(&self) -> (Vec<(String, Option<u64>, String)>, i32) {
        let out = self.run(&["check", "--format", "json"]);
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        let f = v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["code"].as_str().unwrap().to_string(),
                    f["line"].as_u64(),
                    f["message"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        (f, out.status.code().unwrap())
    }

    pub fn events(&self) -> Vec<Value> {
        std::fs::read_to_string(self.run_dir().join("events.ndjson"))
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
}

pub fn read_json(p: &Path) -> Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap()
}

// Helpers of the conformance suites (tests/ges_conformance*.rs and
// tests/ges_project_tests.rs).

/// Writes skill `name` with `graph` as its only GES graph.
pub fn one(ws: &Ges, name: &str, graph: &str) {
    ws.skill(name, "", &[(&format!("{name}.ges.yaml"), graph)]);
}

pub fn codes(found: &[(String, Option<u64>, String)]) -> Vec<&str> {
    found.iter().map(|(c, _, _)| c.as_str()).collect()
}

/// A stand-in model that logs every prompt and answers yes to judgements
/// and `reply` otherwise.
pub fn logging_model(ws: &Ges, reply: &str) -> (String, std::path::PathBuf) {
    let log = ws.sb.path().join("prompts.log");
    let model = ws.model(&format!(
        "input=$(cat)\nprintf '%s\\n---\\n' \"$input\" >> {}\ncase \"$input\" in\n  *\"Answer with one word, yes or no\"*) echo yes ;;\n  *) echo '{reply}' ;;\nesac",
        log.display()
    ));
    (model, log)
}

pub fn prompts(log: &std::path::Path) -> String {
    std::fs::read_to_string(log).unwrap_or_default()
}
