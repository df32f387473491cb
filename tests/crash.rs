//! Crash safety (DESIGN §5.4, §9): kill re0 at every persistence point and
//! show that `state.json` is always a whole revision, and that resuming
//! finishes the run without redoing accepted work.
//!
//! The kill is `RE0_FAULT=<point>:<n>` (debug builds): re0 aborts the n-th
//! time it reaches the point, like `kill -9`.

mod common;

use common::{in_repo, Sandbox};
use serde_json::Value;
use std::path::{Path, PathBuf};

const POINTS: &[&str] = &[
    "state-temp-written",
    "state-renamed",
    "handoff-written",
    "runner-started",
    "runner-exited",
];

/// The skills the stand-in agent runs in an uninterrupted run.
const NORMAL: &[&str] = &[
    "plan-change",
    "implement-change",
    "review-change",
    "implement-change",
    "review-change",
    "write-release-notes",
    "run-tests",
];

fn calls(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|l| l.split(' ').next().unwrap().to_string())
        .collect()
}

fn state_files(work: &Path) -> Vec<PathBuf> {
    let base = work.join(".agent-state/re0");
    std::fs::read_dir(&base)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.path().join("state.json"))
                .filter(|p| p.exists())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_persistence_point_leaves_old_or_new_state_and_resume_finishes() {
    let runner = format!("sh {}", in_repo("fixtures/run/agent.sh").display());
    let catalog = in_repo("catalogs/dev-workflow");
    let mut crashes = 0;
    for point in POINTS {
        for n in 1..200 {
            let sb = Sandbox::repository();
            let log = sb.path().join("agent.log");
            let re0 = || {
                let mut c = sb.re0();
                c.env("AGENT_LOG", &log).arg("--catalog").arg(&catalog);
                c
            };
            let out = re0()
                .env("RE0_FAULT", format!("{point}:{n}"))
                .args(["run", "review and ship my change", "--runner", &runner])
                .output()
                .unwrap();
            if out.status.code() == Some(4) {
                // The run got past the last occurrence of this point.
                assert!(n > 1, "{point} was never reached");
                break;
            }
            assert_eq!(
                out.status.code(),
                None,
                "{point}:{n} should abort: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            crashes += 1;
            // A runner started before the kill may still be finishing.
            std::thread::sleep(std::time::Duration::from_millis(150));
            let files = state_files(&sb.work());
            let accepted_before: Vec<(String, u64)> = match files.first() {
                None => Vec::new(),
                Some(f) => {
                    let text = std::fs::read_to_string(f).unwrap();
                    let v: Value = serde_json::from_str(&text)
                        .unwrap_or_else(|e| panic!("{point}:{n}: torn state.json ({e}):\n{text}"));
                    assert_eq!(v["schema"], "re0/run-state@1");
                    assert!(v["revision"].as_u64().unwrap() >= 1);
                    // re0 itself reads it back as a valid run.
                    re0().args(["status", "--format", "json"]).assert().code(0);
                    v["steps"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|s| s["status"] == "accepted")
                        .map(|s| {
                            (
                                s["id"].as_str().unwrap().to_string(),
                                s["attempts"].as_u64().unwrap(),
                            )
                        })
                        .collect()
                }
            };
            // Resume (or start over if the crash came before the run existed).
            let out = if files.is_empty() {
                re0()
                    .args(["run", "review and ship my change", "--runner", &runner])
                    .output()
                    .unwrap()
            } else {
                re0()
                    .args(["run", "--resume", "--runner", &runner])
                    .output()
                    .unwrap()
            };
            assert_eq!(
                out.status.code(),
                Some(4),
                "{point}:{n}: resume did not reach the human step:\n{}\n{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            // Nothing accepted before the crash runs again unless a later
            // handoff reopens it: replay the events written after the crash.
            let v: Value = serde_json::from_str(
                &std::fs::read_to_string(&state_files(&sb.work())[0]).unwrap(),
            )
            .unwrap();
            let events_path = state_files(&sb.work())[0].with_file_name("events.ndjson");
            let events: Vec<Value> = std::fs::read_to_string(&events_path)
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            let resumed_at = events
                .iter()
                .rposition(|e| e["event"] == "resumed" || e["event"] == "created")
                .unwrap();
            let mut accepted: std::collections::BTreeSet<String> =
                accepted_before.iter().map(|(id, _)| id.clone()).collect();
            for e in &events[resumed_at..] {
                let step = e["step"].as_str().unwrap_or_default().to_string();
                let reopened = || {
                    e["detail"]["reopened"]
                        .as_array()
                        .map(|a| {
                            a.iter()
                                .map(|x| x.as_str().unwrap().to_string())
                                .collect::<Vec<_>>()
                        })
                        .unwrap_or_default()
                };
                match e["event"].as_str().unwrap() {
                    "step-started" => assert!(
                        !accepted.contains(&step),
                        "{point}:{n}: accepted {step} ran again"
                    ),
                    "handoff-accepted" => {
                        accepted.insert(step);
                        for r in reopened() {
                            accepted.remove(&r);
                        }
                    }
                    "artifact-changed" => {
                        for r in reopened() {
                            accepted.remove(&r);
                        }
                    }
                    _ => {}
                }
            }
            // And the run ends where an uninterrupted one does.
            assert_eq!(v["waiting"]["step"], "s6", "{point}:{n}");
            for s in &v["steps"].as_array().unwrap()[..5] {
                assert_eq!(s["status"], "accepted", "{point}:{n}: {s}");
            }
            let all = calls(&log);
            assert!(
                all.len() >= NORMAL.len() - 2 && all.len() <= NORMAL.len() + 1,
                "{point}:{n}: {all:?}"
            );
        }
    }
    assert!(crashes > 40, "only {crashes} crash points exercised");
}
