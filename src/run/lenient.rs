//! Reading a handoff the way a careful person would (DESIGN §5.2): what a
//! gate writes is refused only for the reasons the design names, so the
//! harmless variations agents write are taken as meant, each with a
//! warning, and unknown fields are dropped with a warning.
//!
//! This works on the JSON value before it becomes a [`super::handoff::Handoff`]:
//! - a Markdown code fence or a byte-order mark around the JSON is removed;
//! - unknown fields, at the top and inside artifacts, evidence and
//!   blockers, are dropped;
//! - `attempt` written as a string of digits is read as a number;
//! - `status` in another case, or `completed`, is read as its value;
//! - `outcome` that is not a string is kept as its JSON text;
//! - `artifacts` written as a map `{name: path}` is read as the list;
//! - `null` for a list is an empty list; entries of the wrong shape are
//!   dropped; a blocker without an id gets one.

use serde_json::{Map, Value};

const TOP: [&str; 8] = [
    "step",
    "attempt",
    "status",
    "outcome",
    "artifacts",
    "evidence",
    "blockers",
    "suggested_route",
];

/// The JSON text inside a Markdown code fence, if the text is one.
pub fn strip_fence(text: &str) -> Option<&str> {
    let t = text.trim();
    let rest = t.strip_prefix("```")?;
    let body = rest.split_once('\n')?.1;
    let body = body.trim_end().strip_suffix("```")?;
    Some(body.trim())
}

/// Normalises a parsed handoff; `Err` when it is not an object.
pub fn normalize(v: Value, warnings: &mut Vec<String>) -> Result<Value, String> {
    let Value::Object(mut top) = v else {
        return Err("the handoff is not a JSON object".into());
    };
    let unknown: Vec<String> = top
        .keys()
        .filter(|k| !TOP.contains(&k.as_str()))
        .cloned()
        .collect();
    for k in unknown {
        top.remove(&k);
        warnings.push(format!("unknown field '{}' ignored", short(&k)));
    }
    if let Some(Value::String(s)) = top.get("step") {
        let t = s.trim().to_string();
        top.insert("step".into(), Value::String(t));
    }
    if let Some(Value::String(s)) = top.get("attempt") {
        if let Ok(n) = s.trim().parse::<u32>() {
            warnings.push(format!("attempt \"{}\" read as the number {n}", short(s)));
            top.insert("attempt".into(), Value::from(n));
        }
    }
    if let Some(Value::String(s)) = top.get("status") {
        let t = s.trim().to_ascii_lowercase();
        let t = if t == "completed" {
            "complete".to_string()
        } else {
            t
        };
        if t != *s {
            warnings.push(format!("status \"{}\" read as \"{t}\"", short(s)));
            top.insert("status".into(), Value::String(t));
        }
    }
    match top.get("outcome") {
        None | Some(Value::Null) | Some(Value::String(_)) => {}
        Some(other) => {
            let text = other.to_string();
            warnings.push("outcome is not a string; kept as its JSON text".into());
            top.insert("outcome".into(), Value::String(text));
        }
    }
    let artifacts = artifacts(top.remove("artifacts"), warnings);
    top.insert("artifacts".into(), artifacts);
    let evidence = entries(
        top.remove("evidence"),
        "evidence",
        &["kind", "against"],
        warnings,
    );
    top.insert("evidence".into(), evidence);
    let mut blockers = entries(
        top.remove("blockers"),
        "blocker",
        &["id", "against", "summary"],
        warnings,
    );
    name_blockers(&mut blockers, warnings);
    top.insert("blockers".into(), blockers);
    Ok(Value::Object(top))
}

/// `artifacts` as a list of `{name, path}`.
fn artifacts(v: Option<Value>, warnings: &mut Vec<String>) -> Value {
    match v {
        Some(Value::Object(map)) => {
            warnings.push("artifacts given as a map of name to path; read as the list".into());
            let list: Vec<Value> = map
                .into_iter()
                .filter_map(|(name, path)| match path {
                    Value::String(p) => {
                        Some(serde_json::json!({ "name": name.trim(), "path": p.trim() }))
                    }
                    _ => {
                        warnings.push(format!(
                            "artifact '{}' has no path string; ignored",
                            short(&name)
                        ));
                        None
                    }
                })
                .collect();
            Value::Array(list)
        }
        other => entries(other, "artifact", &["name", "path"], warnings),
    }
}

/// A list of objects with string fields `fields`: unknown fields and
/// entries of another shape are dropped with a warning.
fn entries(v: Option<Value>, what: &str, fields: &[&str], warnings: &mut Vec<String>) -> Value {
    let list = match v {
        None | Some(Value::Null) => return Value::Array(Vec::new()),
        Some(Value::Array(list)) => list,
        Some(_) => {
            warnings.push(format!("{what} list is not a list; ignored"));
            return Value::Array(Vec::new());
        }
    };
    let mut out = Vec::new();
    for (n, item) in list.into_iter().enumerate() {
        let Value::Object(obj) = item else {
            warnings.push(format!("{what} {} is not an object; ignored", n + 1));
            continue;
        };
        let mut kept = Map::new();
        for (k, val) in obj {
            if !fields.contains(&k.as_str()) {
                warnings.push(format!(
                    "unknown field '{}' in {what} {} ignored",
                    short(&k),
                    n + 1
                ));
                continue;
            }
            match val {
                Value::String(s) => {
                    kept.insert(k, Value::String(s.trim().to_string()));
                }
                Value::Null => {}
                other => {
                    kept.insert(k, Value::String(other.to_string()));
                }
            }
        }
        out.push(Value::Object(kept));
    }
    Value::Array(out)
}

/// Gives blockers without an id or summary one, so none is dropped.
fn name_blockers(v: &mut Value, warnings: &mut Vec<String>) {
    let Value::Array(list) = v else { return };
    for (n, b) in list.iter_mut().enumerate() {
        let Value::Object(obj) = b else { continue };
        let missing = |obj: &Map<String, Value>, k: &str| {
            obj.get(k)
                .and_then(Value::as_str)
                .is_none_or(|s| s.is_empty())
        };
        if missing(obj, "id") {
            let id = format!("B{}", n + 1);
            warnings.push(format!("blocker {} has no id; re0 calls it {id}", n + 1));
            obj.insert("id".into(), Value::String(id));
        }
        if missing(obj, "summary") {
            obj.insert("summary".into(), Value::String("(no summary given)".into()));
        }
        if missing(obj, "against") {
            obj.insert("against".into(), Value::String(String::new()));
        }
    }
}

fn short(s: &str) -> String {
    super::handoff::short(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn norm(v: Value) -> (Value, Vec<String>) {
        let mut w = Vec::new();
        let out = normalize(v, &mut w).unwrap();
        (out, w)
    }

    #[test]
    fn unknown_fields_are_dropped_with_a_warning() {
        let (v, w) = norm(json!({"step": "s1", "attempt": 1, "status": "complete",
            "confidence": 0.9, "evidence": [{"kind": "k", "against": "a", "note": "x"}]}));
        assert!(v.get("confidence").is_none());
        assert_eq!(v["evidence"][0], json!({"kind": "k", "against": "a"}));
        assert!(w.iter().any(|w| w.contains("'confidence'")), "{w:?}");
        assert!(
            w.iter().any(|w| w.contains("'note' in evidence 1")),
            "{w:?}"
        );
    }

    #[test]
    fn harmless_variations_are_read_as_meant() {
        let (v, w) = norm(
            json!({"step": " s1 ", "attempt": "2", "status": "Completed",
            "outcome": {"ok": true}, "artifacts": {"plan": "./plan.md"}, "blockers": null,
            "evidence": ["diff"]}),
        );
        assert_eq!(v["step"], "s1");
        assert_eq!(v["attempt"], 2);
        assert_eq!(v["status"], "complete");
        assert_eq!(v["outcome"], "{\"ok\":true}");
        assert_eq!(
            v["artifacts"],
            json!([{"name": "plan", "path": "./plan.md"}])
        );
        assert_eq!(v["blockers"], json!([]));
        assert_eq!(v["evidence"], json!([]));
        assert_eq!(w.len(), 5, "{w:?}");
    }

    #[test]
    fn blockers_without_an_id_are_kept_and_named() {
        let (v, _) = norm(json!({"blockers": [{"against": "diff"}]}));
        assert_eq!(v["blockers"][0]["id"], "B1");
        assert_eq!(v["blockers"][0]["summary"], "(no summary given)");
    }

    #[test]
    fn fences_are_stripped() {
        assert_eq!(
            strip_fence("```json\n{\"a\": 1}\n```\n"),
            Some("{\"a\": 1}")
        );
        assert_eq!(strip_fence("{\"a\": 1}"), None);
    }

    #[test]
    fn not_an_object_is_refused() {
        assert!(normalize(json!([1]), &mut Vec::new()).is_err());
    }
}
