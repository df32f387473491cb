//! `re0 run` with stand-in agents that behave like real ones: almost right,
//! learning from feedback, missing, or dying (`fixtures/run/sloppy-agent.sh`).

mod common;

use common::run_ws::{step_of, RunWs};

const DEV: &str = "catalogs/dev-workflow";
const SHIP: &str = "review and ship my change";

fn sloppy() -> String {
    RunWs::runner("sloppy-agent.sh")
}

#[test]
fn evidence_against_a_skill_name_is_accepted_with_a_warning() {
    let ws = RunWs::new();
    let out = ws
        .cmd(DEV)
        .env("SLOPPY_MODE", "self-check")
        .args(["run", SHIP, "--runner", &sloppy()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(4), "{text}");
    assert!(
        text.contains("s1 plan-change attempt 1: accepted"),
        "{text}"
    );
    assert!(
        text.contains("evidence 'self-check' is against 'plan-change', which is not an artifact of this run: recorded, it counts for nothing"),
        "{text}"
    );
    assert!(
        text.contains("unknown field 'confidence' ignored"),
        "{text}"
    );
    let state = ws.state();
    let s1 = step_of(&state, "s1");
    assert_eq!(s1["status"], "accepted");
    assert_eq!(s1["attempts"], 1);
    // The evidence counts for nothing: only re0's own "produced" record.
    let kinds: Vec<&str> = s1["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["produced"]);
    // ./plan.md is recorded as plan.md.
    assert_eq!(state["artifacts"]["plan"]["path"], "plan.md");
    // The record keeps what was submitted and the warnings.
    let h = ws.handoff("001-s1-a1.json");
    assert_eq!(h["submitted"]["evidence"][0]["against"], "plan-change");
    assert!(h["re0"]["warnings"].as_array().unwrap().len() >= 3, "{h}");
}

#[test]
fn an_agent_reads_why_it_was_refused_and_gets_it_right_next() {
    let ws = RunWs::new();
    let out = ws
        .cmd(DEV)
        .env("SLOPPY_MODE", "learner")
        .args(["run", SHIP, "--runner", &sloppy()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "s1 attempt 1 failed: the step must produce 'plan', but the handoff does not list it"
        ),
        "{text}"
    );
    assert!(
        text.contains("s1 plan-change attempt 2: accepted"),
        "{text}"
    );
    let calls = ws.agent_calls();
    assert_eq!(calls[..2], ["plan-change s1 a1", "plan-change s1 a2"]);
    assert_eq!(step_of(&ws.state(), "s1")["accepted_attempt"], 2);
    // Each attempt's full prompt is kept; only the second says why.
    let logs = ws.run_dir().join("logs");
    let first = std::fs::read_to_string(logs.join("s1-a1.prompt.md")).unwrap();
    let second = std::fs::read_to_string(logs.join("s1-a2.prompt.md")).unwrap();
    assert!(first.contains("Step: s1 (attempt 1 of 3)"), "{first}");
    assert!(!first.contains("was not accepted"), "{first}");
    assert!(
        second.contains("Attempt 1 was not accepted: the step must produce 'plan', but the handoff does not list it."),
        "{second}"
    );
}

#[test]
fn a_missing_runner_waits_at_once_and_uses_no_attempt() {
    let ws = RunWs::new();
    let out = ws
        .cmd(DEV)
        .args(["run", SHIP, "--runner", "re0-no-such-agent -p"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(4), "{text}");
    assert!(
        text.contains("s1: the runner 're0-no-such-agent' was not found (exit 127): sh: "),
        "{text}"
    );
    // The shell's own line is shown (its wording differs between shells).
    assert!(
        text.contains("re0-no-such-agent: not found; no attempt was used")
            || text.contains("command not found; no attempt was used"),
        "{text}"
    );
    assert!(text.contains("is waiting (retryable_error)"), "{text}");
    assert!(text.contains("re0 doctor"), "{text}");
    let state = ws.state();
    assert_eq!(state["state"], "retryable_error");
    assert_eq!(state["waiting"]["kind"], "runner");
    let s1 = step_of(&state, "s1");
    assert_eq!(s1["attempts"], 0);
    assert_eq!(s1["status"], "pending");
    // Only one try was made, and no handoff was recorded.
    assert!(!ws.run_dir().join("handoffs/001-s1-a1.json").exists());
    // Once the runner is there, the step starts at attempt 1.
    ws.cmd(DEV)
        .args(["run", "--resume", "--runner", &sloppy()])
        .assert()
        .code(4);
    assert_eq!(ws.agent_calls()[0], "plan-change s1 a1");
    assert_eq!(step_of(&ws.state(), "s1")["accepted_attempt"], 1);
}

#[test]
fn a_runner_dying_without_a_handoff_shows_its_last_lines() {
    let ws = RunWs::new();
    let out = ws
        .cmd(DEV)
        .env("SLOPPY_MODE", "die")
        .args(["run", SHIP, "--runner", &sloppy(), "--max-attempts", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(4), "{text}");
    assert!(
        text.contains(
            "s1 attempt 1 failed: no handoff was written (the runner exited with status 3)"
        ),
        "{text}"
    );
    assert!(text.contains("  | reading the skill"), "{text}");
    assert!(
        text.contains("  | error: the model refused: no API key"),
        "{text}"
    );
    // It used its attempts (it did run), and the second prompt showed the log.
    let state = ws.state();
    assert_eq!(step_of(&state, "s1")["attempts"], 2);
    assert_eq!(state["waiting"]["kind"], "steering");
    let second = std::fs::read_to_string(ws.run_dir().join("logs/s1-a2.prompt.md")).unwrap();
    assert!(
        second.contains("  | error: the model refused: no API key"),
        "{second}"
    );
}

/// A fake `claude`, `codex` and `gemini` on PATH that record the
/// arguments and stdin of their first call, then act as the stand-in agent.
fn fake_clis(ws: &RunWs) -> std::path::PathBuf {
    let bin = ws.sb.path().join("bin");
    let agent = common::in_repo("fixtures/run/agent.sh");
    let script = format!(
        "#!/bin/sh\nname=$(basename \"$0\")\nprompt=$(cat)\nif [ ! -e \"{dir}/$name.args\" ]; then\n  printf '%s\\n' \"$@\" > \"{dir}/$name.args\"\n  printf '%s' \"$prompt\" > \"{dir}/$name.prompt\"\nfi\nprintf '%s\\n' \"$prompt\" | AGENT_MODE=normal sh {agent}\n",
        dir = ws.sb.path().display(),
        agent = agent.display()
    );
    for name in ["claude", "codex", "gemini"] {
        let p = ws.sb.write(&format!("bin/{name}"), &script);
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    bin
}

#[test]
fn runner_presets_expand_as_documented_and_get_the_prompt_on_stdin() {
    let cases: [(&str, &[&str]); 3] = [
        (
            "claude",
            &[
                "-p",
                "--permission-mode",
                "acceptEdits",
                "--output-format",
                "stream-json",
                "--verbose",
            ],
        ),
        (
            "codex",
            &[
                "exec",
                "--json",
                "--sandbox",
                "workspace-write",
                "--skip-git-repo-check",
                "-",
            ],
        ),
        (
            "gemini",
            &[
                "--approval-mode",
                "auto_edit",
                "-p",
                "Do the step described above, then write the handoff file it names.",
            ],
        ),
    ];
    for (name, want) in cases {
        let ws = RunWs::new();
        let bin = fake_clis(&ws);
        let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
        let out = ws
            .cmd(DEV)
            .env("PATH", path)
            .args(["run", SHIP, "--runner", name, "--max-attempts", "1"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("s1 plan-change attempt 1: accepted"),
            "{name}: {text}"
        );
        let args = std::fs::read_to_string(ws.sb.path().join(format!("{name}.args"))).unwrap();
        assert_eq!(args.lines().collect::<Vec<_>>(), want, "{name}");
        let prompt = std::fs::read_to_string(ws.sb.path().join(format!("{name}.prompt"))).unwrap();
        assert!(
            prompt.contains("Step: s1 (attempt 1 of 1)"),
            "{name}: {prompt}"
        );
    }
}

/// `re0 …` run inside a pseudo-terminal by `script`, its output as written.
fn on_a_pty(ws: &RunWs, args: &[&str], env: &[(&str, &str)]) -> Option<String> {
    let script = ["/usr/bin/script", "/bin/script"]
        .into_iter()
        .find(|p| std::path::Path::new(p).is_file())?;
    let quote = |s: &str| format!("'{}'", s.replace('\'', "'\\''"));
    let bin = assert_cmd::cargo::cargo_bin("re0");
    let mut line = quote(bin.to_str().unwrap());
    for a in args {
        line.push(' ');
        line.push_str(&quote(a));
    }
    let mut cmd = std::process::Command::new(script);
    cmd.args(["-qfec", &line, "/dev/null"])
        .current_dir(ws.sb.work())
        .env("HOME", ws.sb.home())
        .env("COLUMNS", "200")
        .env_remove("RE0_RUNNER")
        .env_remove("RE0_CATALOG")
        .stdin(std::process::Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn on_a_terminal_each_gate_has_a_live_line_with_its_last_output() {
    let ws = RunWs::new();
    let catalog = common::in_repo(DEV);
    let runner = sloppy();
    let args = [
        "--catalog",
        catalog.to_str().unwrap(),
        "run",
        "plan the change",
        "--runner",
        &runner,
    ];
    let Some(out) = on_a_pty(&ws, &args, &[("SLOPPY_MODE", "chatty")]) else {
        eprintln!("no `script` command here: the pty test needs util-linux script");
        return;
    };
    assert!(
        out.contains("\r\x1b[2K  s1 plan-change attempt 1 · "),
        "{out:?}"
    );
    // The last frame before the line is cleared shows the last output.
    assert!(out.contains(" · writing plan.md"), "{out:?}");
    assert!(
        out.contains("s1 plan-change attempt 1: accepted"),
        "{out:?}"
    );
    // --quiet turns it off.
    let ws = RunWs::new();
    let mut quiet = args.to_vec();
    quiet.push("--quiet");
    let out = on_a_pty(&ws, &quiet, &[("SLOPPY_MODE", "chatty")]).unwrap();
    assert!(!out.contains('\x1b'), "{out:?}");
    assert!(
        out.contains("s1 plan-change attempt 1: accepted"),
        "{out:?}"
    );
}

#[test]
fn not_on_a_terminal_output_is_plain_lines() {
    let ws = RunWs::new();
    let out = ws
        .cmd(DEV)
        .env("SLOPPY_MODE", "chatty")
        .args(["run", "plan the change", "--runner", &sloppy()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(!text.contains('\x1b') && !text.contains('\r'), "{text:?}");
    assert!(
        text.contains("s1 plan-change attempt 1: accepted"),
        "{text}"
    );
}

#[test]
fn attempts_record_duration_and_reported_tokens_and_status_sums_them() {
    let ws = RunWs::new();
    ws.cmd(DEV)
        .env("SLOPPY_MODE", "reports")
        .args([
            "run",
            "plan and implement the change",
            "--runner",
            &sloppy(),
        ])
        .assert()
        .code(0);
    let events = std::fs::read_to_string(ws.run_dir().join("events.ndjson")).unwrap();
    let ended: Vec<serde_json::Value> = events
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["event"] == "attempt-ended")
        .collect();
    assert_eq!(ended.len(), 2);
    assert!(ended.iter().all(|e| e["detail"]["duration_ms"].is_u64()));
    assert_eq!(ended[0]["detail"]["usage"]["output_tokens"], 400);
    assert!(ended[1]["detail"]["usage"].is_null());
    let v = common::json(ws.cmd(DEV).args(["status", "--format", "json"]));
    let u = &v["usage"];
    assert_eq!(u["attempts"], 2);
    assert_eq!(u["reported"], 1);
    assert_eq!(u["usage"]["input_tokens"], 1200);
    assert_eq!(u["usage"]["cached_input_tokens"], 3000);
    assert_eq!(u["usage"]["cost_usd"], 0.125);
    assert_eq!(u["steps"]["s1"]["usage"]["output_tokens"], 400);
    assert_eq!(u["steps"]["s2"]["attempts"], 1);
    assert!(u["steps"]["s2"]["usage"].is_null());
    let out = ws.cmd(DEV).args(["status"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("runner use: 2 attempt(s), ")
            && text.contains(
                "1200 tokens in (3000 cached), 400 out; $0.1250 (reported by 1 of 2 attempts)"
            ),
        "{text}"
    );
}
