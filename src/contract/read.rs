//! Reading a [`Contract`] out of a parsed frontmatter mapping.
//!
//! Rules (DESIGN §3): a field may be a top-level key (YAML list or scalar) or
//! a string under `metadata:` (lists comma- or space-separated). The top level
//! wins when both exist, with a `contract-both-places` warning. A value of the
//! wrong type is a `field-type` error and the field is treated as absent, so
//! the safe default applies (an unreadable `writes` counts as writing).

use super::{is_artifact_name, Contract, Field, Origin};
use crate::catalog::frontmatter::KeyLines;
use crate::diag::{rules, Diagnostic};
use serde_yaml::{Mapping, Value};
use std::path::Path;

/// Contract keys that the Agent Skills spec does not allow at the top level.
/// `disable-model-invocation` is a recognised Claude Code extension instead.
pub const CONTRACT_KEYS: &[&str] = &[
    "triggers",
    "requires",
    "produces",
    "writes",
    "destructive",
    "needs",
    "pipeline",
    "calls",
    "skip-when",
    "decision",
    "done-when",
];

/// Top-level keys that Claude Code understands beyond the Agent Skills spec.
pub const CLAUDE_EXTENSION_KEYS: &[&str] = &[
    "disable-model-invocation",
    "user-invocable",
    "argument-hint",
    "model",
    "context",
    "agent",
    "hooks",
    "when_to_use",
];

#[derive(Clone, Copy)]
enum ListKind {
    /// Free phrases (`triggers`).
    Phrase,
    /// Artifact or capability names.
    Name,
    /// Skill names (`pipeline`, `calls`); a leading `/` is dropped.
    Skill,
}

struct Reader<'a> {
    map: &'a Mapping,
    metadata: Option<&'a Mapping>,
    keys: &'a KeyLines,
    file: &'a Path,
    diags: &'a mut Vec<Diagnostic>,
}

/// A raw value found for a key, with where it was.
struct Raw<'a> {
    value: &'a Value,
    origin: Origin,
    line: Option<usize>,
}

impl<'a> Reader<'a> {
    fn raw(&mut self, key: &str) -> Option<Raw<'a>> {
        let top = crate::yaml::get(self.map, key);
        let meta = self.metadata.and_then(|m| crate::yaml::get(m, key));
        match (top, meta) {
            (Some(t), m) => {
                let line = self.keys.top(key);
                if m.is_some() {
                    self.diags.push(
                        Diagnostic::new(
                            rules::CONTRACT_BOTH_PLACES,
                            self.file,
                            format!("'{key}' is set at the top level and under 'metadata'; the top-level value is used"),
                        )
                        .at_line(line)
                        .help("keep one: the 'metadata' form is the portable one"),
                    );
                }
                Some(Raw {
                    value: t,
                    origin: Origin::TopLevel,
                    line,
                })
            }
            (None, Some(m)) if m.is_mapping() => {
                self.foreign(key);
                None
            }
            (None, Some(m)) => Some(Raw {
                value: m,
                origin: Origin::Metadata,
                line: self.keys.metadata(key),
            }),
            (None, None) => None,
        }
    }

    /// A mapping under `metadata:` is not re0's: the Agent Skills spec keeps
    /// strings there, and tools such as OpenClaw nest their own fields under
    /// the same key (`requires: {bins, env}`). It is left to that tool.
    fn foreign(&mut self, key: &str) {
        self.diags.push(
            Diagnostic::new(
                rules::FOREIGN_METADATA,
                self.file,
                format!("'metadata.{key}' is a mapping, not re0's contract field; re0 leaves it to the tool that reads it"),
            )
            .at_line(self.keys.metadata(key))
            .help(format!("to give re0 a '{key}', write it as text: '{key}: a, b'")),
        );
    }

    fn type_error(&mut self, key: &str, raw: &Raw<'_>, want: &str) {
        self.diags.push(
            Diagnostic::new(
                rules::FIELD_TYPE,
                self.file,
                format!(
                    "'{key}' should be {want}, found {}; the field is ignored",
                    describe(raw.value)
                ),
            )
            .at_line(raw.line),
        );
    }

    fn bool(&mut self, key: &str) -> Option<Field<bool>> {
        let raw = self.raw(key)?;
        let value = match raw.value {
            Value::Bool(b) => Some(*b),
            Value::String(s) => parse_bool(s),
            _ => None,
        };
        match value {
            Some(value) => Some(Field {
                value,
                origin: raw.origin,
                line: raw.line.and_then(crate::contract::line_of),
            }),
            None => {
                self.type_error(key, &raw, "true or false");
                None
            }
        }
    }

    fn text(&mut self, key: &str) -> Option<Field<String>> {
        let raw = self.raw(key)?;
        let value = match raw.value {
            Value::String(s) => Some(s.trim().to_string()),
            Value::Bool(b) => Some(b.to_string()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        };
        match value {
            Some(value) if !value.is_empty() => Some(Field {
                value,
                origin: raw.origin,
                line: raw.line.and_then(crate::contract::line_of),
            }),
            Some(_) => None,
            None => {
                self.type_error(key, &raw, "a text");
                None
            }
        }
    }

    fn list(&mut self, key: &str, kind: ListKind) -> Option<Field<Vec<String>>> {
        let raw = self.raw(key)?;
        let items: Option<Vec<String>> = match raw.value {
            Value::String(s) => Some(split_list(s)),
            Value::Sequence(seq) => seq
                .iter()
                .map(|v| match v {
                    Value::String(s) => Some(s.trim().to_string()),
                    Value::Number(n) => Some(n.to_string()),
                    _ => None,
                })
                .collect(),
            Value::Null => Some(Vec::new()),
            _ => None,
        };
        let Some(items) = items else {
            self.type_error(key, &raw, "a list or a comma-separated text");
            return None;
        };
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let item = match kind {
                ListKind::Skill => item.trim_start_matches('/').to_string(),
                _ => item,
            };
            if item.is_empty() {
                continue;
            }
            if let ListKind::Name = kind {
                if !is_artifact_name(&item) {
                    self.diags.push(
                        Diagnostic::new(
                            rules::INVALID_ARTIFACT_NAME,
                            self.file,
                            format!("'{key}' lists '{item}', which is not lowercase words joined by '-'"),
                        )
                        .at_line(raw.line),
                    );
                    continue;
                }
            }
            if !out.contains(&item) {
                out.push(item);
            }
        }
        Some(Field {
            value: out,
            origin: raw.origin,
            line: raw.line.and_then(crate::contract::line_of),
        })
    }
}

/// Reads every contract field from `map`, pushing findings into `diags`.
pub fn read_contract(
    map: &Mapping,
    keys: &KeyLines,
    file: &Path,
    diags: &mut Vec<Diagnostic>,
) -> Contract {
    let metadata = crate::yaml::get(map, "metadata").and_then(Value::as_mapping);
    let mut r = Reader {
        map,
        metadata,
        keys,
        file,
        diags,
    };
    let contract = Contract {
        disable_model_invocation: r.bool("disable-model-invocation"),
        triggers: r.list("triggers", ListKind::Phrase),
        requires: r.list("requires", ListKind::Name),
        produces: r.list("produces", ListKind::Name),
        writes: r.bool("writes"),
        destructive: r.bool("destructive"),
        needs: r.list("needs", ListKind::Name),
        pipeline: r.list("pipeline", ListKind::Skill),
        calls: r.list("calls", ListKind::Skill),
        skip_when: r.text("skip-when"),
        decision: r.text("decision"),
        done_when: r.text("done-when"),
    };
    portability(map, keys, file, diags);
    contract
}

/// Warns about top-level keys that strict Agent Skills validators reject, and
/// notes recognised Claude Code extension keys.
fn portability(map: &Mapping, keys: &KeyLines, file: &Path, diags: &mut Vec<Diagnostic>) {
    for (k, v) in map {
        let Some(key) = k.as_str() else { continue };
        if CONTRACT_KEYS.contains(&key) {
            let shown = metadata_form(v);
            diags.push(
                Diagnostic::new(
                    rules::NONPORTABLE_KEY,
                    file,
                    format!("top-level '{key}' makes strict Agent Skills validators and uploads reject this skill"),
                )
                .at_line(keys.top(key))
                .help(format!("write it under metadata as a string:\n  metadata:\n    {key}: {shown}")),
            );
        } else if CLAUDE_EXTENSION_KEYS.contains(&key) {
            diags.push(
                Diagnostic::new(
                    rules::CLAUDE_EXTENSION_KEY,
                    file,
                    format!("'{key}' is a Claude Code extension; other agents and strict validators may not accept it"),
                )
                .at_line(keys.top(key)),
            );
        }
    }
}

/// How a top-level value is written as a `metadata` string.
fn metadata_form(v: &Value) -> String {
    let text = match v {
        Value::Sequence(seq) => seq
            .iter()
            .filter_map(|i| match i {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(", "),
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn parse_bool(s: &str) -> Option<bool> {
    match s.trim().to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" => Some(true),
        "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// Splits a list written as one string: by commas when there is one,
/// otherwise by whitespace (so multi-word phrases need commas).
fn split_list(s: &str) -> Vec<String> {
    let parts: Vec<&str> = if s.contains(',') {
        s.split(',').collect()
    } else {
        s.split_whitespace().collect()
    };
    parts
        .into_iter()
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

fn describe(v: &Value) -> &'static str {
    match v {
        Value::Null => "nothing",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a text",
        Value::Sequence(_) => "a list",
        Value::Mapping(_) => "a mapping",
        Value::Tagged(_) => "a tagged value",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(yaml: &str) -> (Contract, Vec<Diagnostic>) {
        let map: Mapping = serde_yaml::from_str(yaml).unwrap();
        let keys = KeyLines::index(yaml, 2);
        let mut diags = Vec::new();
        let c = read_contract(&map, &keys, Path::new("SKILL.md"), &mut diags);
        (c, diags)
    }

    #[test]
    fn metadata_strings_are_lists() {
        let (c, d) = read("name: a\nmetadata:\n  requires: plan, diff\n  produces: review notes\n  writes: \"false\"\n");
        assert_eq!(c.requires(), ["plan", "diff"]);
        assert_eq!(c.produces(), ["review", "notes"]);
        assert!(!c.writes());
        assert_eq!(c.requires.as_ref().unwrap().origin, Origin::Metadata);
        assert_eq!(c.requires.as_ref().unwrap().line.map(|l| l.get()), Some(4));
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn top_level_wins_with_warning() {
        let (c, d) = read("requires: [plan]\nmetadata:\n  requires: diff\n");
        assert_eq!(c.requires(), ["plan"]);
        let codes: Vec<_> = d.iter().map(|d| d.code).collect();
        assert!(codes.contains(&"contract-both-places"));
        assert!(codes.contains(&"nonportable-key"));
        let np = d.iter().find(|d| d.code == "nonportable-key").unwrap();
        assert_eq!(np.line, Some(2));
        assert!(np.help.as_ref().unwrap().contains("requires: \"plan\""));
    }

    #[test]
    fn wrong_types_are_errors_and_ignored() {
        let (c, d) = read("writes: maybe\nrequires: {a: 1}\n");
        assert!(c.writes(), "unreadable writes counts as writing");
        assert!(c.requires.is_none());
        assert_eq!(d.iter().filter(|d| d.code == "field-type").count(), 2);
    }

    #[test]
    fn bad_artifact_names_are_reported() {
        let (c, d) = read("metadata:\n  produces: Good-Name, ok\n");
        assert_eq!(c.produces(), ["ok"]);
        assert_eq!(d[0].code, "invalid-artifact-name");
    }

    #[test]
    fn phrases_split_on_commas_and_skills_drop_slash() {
        let (c, _) =
            read("metadata:\n  triggers: ship it, cut a release\n  calls: /review, lint\n");
        assert_eq!(c.triggers(), ["ship it", "cut a release"]);
        assert_eq!(c.calls(), ["review", "lint"]);
    }

    #[test]
    fn extension_keys_are_notes() {
        let (c, d) = read("disable-model-invocation: true\n");
        assert!(c.user_only_declared());
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, "claude-extension-key");
        assert_eq!(d[0].severity, crate::diag::Severity::Note);
    }
}
