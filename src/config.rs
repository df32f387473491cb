//! `re0.yaml` (DESIGN §8): parsed strictly, unknown keys are errors with
//! their line.
//!
//! Authority only comes from the workspace's own `re0.yaml`. A catalog root
//! may carry a `re0.yaml` too, but only its `inputs` (artifacts people bring)
//! and `never` (capabilities nobody may grant) are honoured there: catalog
//! text can narrow what re0 may do, never widen it.

use crate::error::Error;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    #[serde(default)]
    pub roots: Vec<PathBuf>,
    /// The session's capabilities; absent means the default, `write`.
    #[serde(default)]
    pub grants: Option<Vec<String>>,
    #[serde(default)]
    pub never: Vec<String>,
    #[serde(default)]
    pub inputs: Vec<String>,
    #[serde(default)]
    pub runner: Option<String>,
    #[serde(default)]
    pub bindings: BTreeMap<String, String>,
    #[serde(default)]
    pub max_attempts: Option<u32>,
    /// Seconds, or a text such as `90s`, `10m`, `1h`.
    #[serde(default)]
    pub runner_timeout: Option<Timeout>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Timeout {
    Seconds(u64),
    Text(String),
}

impl Timeout {
    /// The timeout in seconds, or `None` when the text is not a duration
    /// (or is zero, or longer than a week).
    pub fn seconds(&self) -> Option<u64> {
        match self {
            Timeout::Seconds(s) => parse_duration(&s.to_string()),
            Timeout::Text(t) => parse_duration(t),
        }
    }
}

/// Largest `max-attempts` accepted.
pub const MAX_ATTEMPTS: u32 = 100;
/// Longest time a gate may be given (`--runner-timeout`, `runner-timeout:`).
pub const MAX_TIMEOUT_SECS: u64 = 7 * 24 * 3600;
/// Largest `re0.yaml` read.
pub const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// Parses `90`, `90s`, `10m`, `1h`; `None` for anything else, for zero,
/// and for more than a week (a gate is never given longer).
pub fn parse_duration(t: &str) -> Option<u64> {
    let t = t.trim();
    let (num, mult) = match t.strip_suffix('s') {
        Some(n) => (n, 1),
        None => match (t.strip_suffix('m'), t.strip_suffix('h')) {
            (Some(n), _) => (n, 60),
            (_, Some(n)) => (n, 3600),
            _ => (t, 1),
        },
    };
    let secs = num.trim().parse::<u64>().ok()?.checked_mul(mult)?;
    (secs > 0 && secs <= MAX_TIMEOUT_SECS).then_some(secs)
}

impl Config {
    /// Reads `path`; a missing file is the default configuration.
    pub fn load(path: &Path) -> Result<Config, Error> {
        match Self::read_text(path)? {
            Some(text) => Self::parse(&text, path),
            None => Ok(Config::default()),
        }
    }

    /// The text of `path`: a regular file (a FIFO or device is refused
    /// without blocking) of at most [`MAX_CONFIG_BYTES`]; `None` when there
    /// is no such file.
    pub fn read_text(path: &Path) -> Result<Option<String>, Error> {
        use crate::fsio::{read_text_limited, Follow, ReadError};
        match read_text_limited(path, MAX_CONFIG_BYTES, Follow::Yes) {
            Ok(t) => Ok(Some(t)),
            Err(ReadError::NotFound) => Ok(None),
            Err(e) => Err(Error::Config {
                path: path.to_path_buf(),
                line: None,
                column: None,
                message: format!("cannot read it: {e}"),
            }),
        }
    }

    pub fn parse(text: &str, path: &Path) -> Result<Config, Error> {
        if text.trim().is_empty() {
            return Ok(Config::default());
        }
        if let Err(deep) = crate::yaml::check_depth(text) {
            return Err(Error::Config {
                path: path.to_path_buf(),
                line: Some(deep.line),
                column: None,
                message: deep.to_string(),
            });
        }
        let config: Config = serde_yaml::from_str(text).map_err(|e| {
            let msg = e.to_string();
            let msg = match msg.find(" at line ") {
                Some(i) => msg[..i].to_string(),
                None => msg,
            };
            let loc = e.location();
            Error::Config {
                path: path.to_path_buf(),
                line: loc.as_ref().map(|l| l.line()),
                column: loc.as_ref().map(|l| l.column()),
                message: msg,
            }
        })?;
        let no_grants = Vec::new();
        for (field, names) in [
            ("grants", config.grants.as_ref().unwrap_or(&no_grants)),
            ("never", &config.never),
            ("inputs", &config.inputs),
        ] {
            if let Some(bad) = names.iter().find(|n| !crate::contract::is_artifact_name(n)) {
                return Err(Error::Config {
                    path: path.to_path_buf(),
                    line: line_of(text, field),
                    column: None,
                    message: format!(
                        "'{field}' lists '{bad}', which is not lowercase words joined by '-'"
                    ),
                });
            }
        }
        if let Some(t) = &config.runner_timeout {
            if t.seconds().is_none() {
                return Err(Error::Config {
                    path: path.to_path_buf(),
                    line: line_of(text, "runner-timeout"),
                    column: None,
                    message: "'runner-timeout' should be seconds or a text like 90s, 10m, 1h, at most a week"
                        .into(),
                });
            }
        }
        if config
            .max_attempts
            .is_some_and(|m| m == 0 || m > MAX_ATTEMPTS)
        {
            return Err(Error::Config {
                path: path.to_path_buf(),
                line: line_of(text, "max-attempts"),
                column: None,
                message: format!("'max-attempts' should be between 1 and {MAX_ATTEMPTS}"),
            });
        }
        Ok(config)
    }

    /// The keys set in this file that a catalog root may not set.
    pub fn authority_keys(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if !self.roots.is_empty() {
            out.push("roots");
        }
        if self.grants.is_some() {
            out.push("grants");
        }
        if self.runner.is_some() {
            out.push("runner");
        }
        if !self.bindings.is_empty() {
            out.push("bindings");
        }
        if self.max_attempts.is_some() {
            out.push("max-attempts");
        }
        if self.runner_timeout.is_some() {
            out.push("runner-timeout");
        }
        out
    }
}

/// The 1-based line where top-level `key:` is written.
pub fn line_of(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            l.strip_prefix(key)
                .is_some_and(|r| r.trim_start().starts_with(':'))
        })
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_key_names_its_line() {
        let err =
            Config::parse("grants: [network]\nrunnr: x\n", Path::new("re0.yaml")).unwrap_err();
        match err {
            Error::Config { line, message, .. } => {
                assert_eq!(line, Some(2));
                assert!(message.contains("runnr"), "{message}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn parses_every_key() {
        let c = Config::parse(
            "roots: [skills]\ngrants: [network]\nnever: [deploy]\ninputs: [issue]\nrunner: claude -p\nbindings: {test: cargo test}\nmax-attempts: 2\nrunner-timeout: 10m\n",
            Path::new("re0.yaml"),
        )
        .unwrap();
        assert_eq!(c.runner_timeout.unwrap().seconds(), Some(600));
        assert_eq!(c.max_attempts, Some(2));
        assert_eq!(c.grants, Some(vec!["network".to_string()]));
    }

    #[test]
    fn bad_names_and_timeouts_are_errors() {
        assert!(Config::parse("grants: [Net Work]\n", Path::new("r")).is_err());
        assert!(Config::parse("runner-timeout: soon\n", Path::new("r")).is_err());
        assert!(Config::parse("runner-timeout: 99999999999999999h\n", Path::new("r")).is_err());
        assert!(Config::parse("max-attempts: 4294967295\n", Path::new("r")).is_err());
        assert!(Config::parse("max-attempts: 0\n", Path::new("r")).is_err());
        let deep = format!("inputs: {}{}\n", "[".repeat(50_000), "]".repeat(50_000));
        assert!(Config::parse(&deep, Path::new("r")).is_err());
        assert_eq!(
            Config::parse("", Path::new("r")).unwrap(),
            Config::default()
        );
    }
}
