//! A workspace (a repository) for runs with a stand-in agent from
//! `fixtures/run/` as the runner.

use super::{in_repo, Sandbox};
use serde_json::Value;
use std::path::PathBuf;

pub struct RunWs {
    pub sb: Sandbox,
}

impl RunWs {
    pub fn new() -> RunWs {
        RunWs {
            sb: Sandbox::repository(),
        }
    }

    pub fn agent_log(&self) -> PathBuf {
        self.sb.path().join("agent.log")
    }

    /// `re0 --catalog CATALOG` in the workspace, logging agent calls.
    pub fn cmd(&self, catalog: &str) -> assert_cmd::Command {
        let mut c = self.sb.re0();
        c.env("AGENT_LOG", self.agent_log())
            .arg("--catalog")
            .arg(in_repo(catalog));
        c
    }

    /// `sh fixtures/run/FILE` as a runner command line.
    pub fn runner(file: &str) -> String {
        format!("sh {}", in_repo(&format!("fixtures/run/{file}")).display())
    }

    pub fn state_base(&self) -> PathBuf {
        self.sb.work().join(".agent-state/re0")
    }

    pub fn run_ids(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(self.state_base())
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .map(|e| e.file_name().into_string().unwrap())
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    }

    /// The folder of the only run.
    pub fn run_dir(&self) -> PathBuf {
        let ids = self.run_ids();
        assert_eq!(ids.len(), 1, "{ids:?}");
        self.state_base().join(&ids[0])
    }

    pub fn state(&self) -> Value {
        serde_json::from_str(&std::fs::read_to_string(self.run_dir().join("state.json")).unwrap())
            .unwrap()
    }

    /// A recorded handoff file of the only run, by its name in `handoffs/`.
    pub fn handoff(&self, file: &str) -> Value {
        let p = self.run_dir().join("handoffs").join(file);
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap()
    }

    pub fn agent_calls(&self) -> Vec<String> {
        std::fs::read_to_string(self.agent_log())
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }
}

/// The status of step `id` in a `state.json`.
pub fn step_of<'a>(state: &'a Value, id: &str) -> &'a Value {
    state["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .unwrap()
}
