//! `--selector CMD`: selection by an outside program (DESIGN §4.1 rule 7).
//!
//! re0 starts `sh -c CMD`, writes `{"intent", "skills": [...]}` on its
//! stdin and reads a JSON list of skill names (or `{"skills": [...]}`) from
//! its stdout. Names not in the catalog are dropped with a warning; the
//! program's text is never acted on beyond that list.

use crate::catalog::Catalog;
use crate::error::{Error, Result};
use crate::process;
use std::process::Stdio;
use std::time::Duration;

/// How long the selector may take.
pub const TIMEOUT: Duration = Duration::from_secs(120);

/// Runs the selector; returns chosen catalog indices and warnings.
pub fn run(cmd: &str, catalog: &Catalog, intent: &str) -> Result<(Vec<usize>, Vec<String>)> {
    let roster: Vec<_> = catalog
        .active()
        .map(|(_, s)| {
            serde_json::json!({
                "name": s.key(),
                "description": s.description,
                "lane": s.lane.as_str(),
                "triggers": s.contract.triggers(),
                "requires": s.contract.requires(),
                "produces": s.contract.produces(),
            })
        })
        .collect();
    let input = serde_json::to_vec(&serde_json::json!({
        "schema": "re0/selector-request@1",
        "intent": intent,
        "skills": roster,
    }))
    .unwrap_or_default();
    let fail = |m: String| Error::Usage(format!("--selector '{cmd}': {m}"));
    let mut command = process::shell(cmd);
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut child = process::spawn(&mut command).map_err(|e| fail(format!("cannot start: {e}")))?;
    process::feed_stdin(&mut child, String::from_utf8_lossy(&input).into_owned());
    let reader = process::capture_stdout(&mut child, 16 << 20);
    let status = process::wait(&mut child, TIMEOUT).map_err(|e| fail(e.to_string()))?;
    if let process::Exit::TimedOut(_) = status {
        return Err(fail(format!("no answer within {}s", TIMEOUT.as_secs())));
    }
    let out = reader.and_then(|r| r.join().ok()).unwrap_or_default();
    if !status.success() {
        return Err(fail(status.to_string()));
    }
    let value: serde_json::Value = serde_json::from_slice(&out)
        .map_err(|e| fail(format!("did not print a JSON list of skill names ({e})")))?;
    let list = match &value {
        serde_json::Value::Array(a) => a.clone(),
        serde_json::Value::Object(o) => match o.get("skills") {
            Some(serde_json::Value::Array(a)) => a.clone(),
            _ => return Err(fail("printed an object without a 'skills' list".into())),
        },
        _ => return Err(fail("did not print a JSON list of skill names".into())),
    };
    let mut chosen = Vec::new();
    let mut warnings = Vec::new();
    for item in list {
        let Some(name) = item.as_str() else {
            warnings.push(format!(
                "selector returned {item}, which is not a skill name; dropped"
            ));
            continue;
        };
        match catalog.index_of(name) {
            Some(i) if !chosen.contains(&i) => chosen.push(i),
            Some(_) => {}
            None => warnings.push(format!(
                "selector returned '{}', which is not in the catalog; dropped",
                name.chars().take(80).collect::<String>()
            )),
        }
    }
    Ok((chosen, warnings))
}
