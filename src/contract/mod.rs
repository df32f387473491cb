//! The contract a skill declares about itself (DESIGN §3).
//!
//! Every field is optional and may be written at the top level of the
//! frontmatter or under `metadata:`. [`Contract`] keeps each field with where
//! it was read from; the accessors give the effective value, applying the
//! "when absent" column of the design (an absent `writes` counts as writing).

mod read;

pub use read::{read_contract, CLAUDE_EXTENSION_KEYS, CONTRACT_KEYS};

use serde::Serialize;

/// Where a contract field was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// A key at the top level of the frontmatter.
    TopLevel,
    /// A string under `metadata:`.
    Metadata,
    /// A Codex `agents/openai.yaml` sidecar (lane only).
    CodexSidecar,
}

/// One contract value and where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Field<T> {
    pub value: T,
    pub origin: Origin,
    /// 1-based line in the skill file, when known (in 4 bytes: a contract
    /// has a dozen of these).
    pub line: Option<std::num::NonZeroU32>,
}

impl<T> Field<T> {
    /// The 1-based line, as findings take it.
    pub fn line_number(&self) -> Option<usize> {
        self.line.map(|l| l.get() as usize)
    }
}

/// A 1-based line number as a [`Field`] holds it; `None` for 0 or a line
/// past 4 billion.
pub fn line_of(line: usize) -> Option<std::num::NonZeroU32> {
    u32::try_from(line).ok().and_then(std::num::NonZeroU32::new)
}

/// The contract fields, in the order of DESIGN §3.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Contract {
    pub disable_model_invocation: Option<Field<bool>>,
    pub triggers: Option<Field<Vec<String>>>,
    pub requires: Option<Field<Vec<String>>>,
    pub produces: Option<Field<Vec<String>>>,
    pub writes: Option<Field<bool>>,
    pub destructive: Option<Field<bool>>,
    pub needs: Option<Field<Vec<String>>>,
    pub pipeline: Option<Field<Vec<String>>>,
    pub calls: Option<Field<Vec<String>>>,
    pub skip_when: Option<Field<String>>,
    pub decision: Option<Field<String>>,
    pub done_when: Option<Field<String>>,
}

fn list(f: &Option<Field<Vec<String>>>) -> &[String] {
    f.as_ref().map(|f| f.value.as_slice()).unwrap_or(&[])
}

impl Contract {
    /// The contract of a skill that declares nothing, one for all of them.
    pub fn none() -> std::sync::Arc<Contract> {
        static NONE: std::sync::LazyLock<std::sync::Arc<Contract>> =
            std::sync::LazyLock::new(Default::default);
        std::sync::Arc::clone(&NONE)
    }

    /// `c` to hold in a skill: the shared [`Contract::none`] when it
    /// declares nothing, so 10,000 skills without a contract hold one.
    pub fn shared(c: Contract) -> std::sync::Arc<Contract> {
        if c == Contract::default() {
            Contract::none()
        } else {
            std::sync::Arc::new(c)
        }
    }

    pub fn triggers(&self) -> &[String] {
        list(&self.triggers)
    }
    pub fn requires(&self) -> &[String] {
        list(&self.requires)
    }
    pub fn produces(&self) -> &[String] {
        list(&self.produces)
    }
    pub fn pipeline(&self) -> &[String] {
        list(&self.pipeline)
    }
    pub fn calls(&self) -> &[String] {
        list(&self.calls)
    }
    /// `writes`, counting an absent field as writing.
    pub fn writes(&self) -> bool {
        self.writes.as_ref().is_none_or(|f| f.value)
    }
    pub fn destructive(&self) -> bool {
        self.destructive.as_ref().is_some_and(|f| f.value)
    }
    pub fn user_only_declared(&self) -> bool {
        self.disable_model_invocation
            .as_ref()
            .is_some_and(|f| f.value)
    }
    pub fn is_pipeline(&self) -> bool {
        self.pipeline.is_some()
    }
    /// The capabilities the skill needs: `needs` when given, else `write`
    /// for a writing skill and nothing otherwise.
    pub fn needs(&self) -> Vec<String> {
        match &self.needs {
            Some(f) => f.value.clone(),
            None if self.writes() => vec!["write".to_string()],
            None => Vec::new(),
        }
    }
    pub fn skip_when(&self) -> Option<&str> {
        self.skip_when.as_ref().map(|f| f.value.as_str())
    }
    pub fn decision(&self) -> Option<&str> {
        self.decision.as_ref().map(|f| f.value.as_str())
    }
    pub fn done_when(&self) -> Option<&str> {
        self.done_when.as_ref().map(|f| f.value.as_str())
    }

    /// The effective values, as `re0 list --format json` shows them.
    pub fn effective(&self) -> Effective<'_> {
        Effective {
            disable_model_invocation: self.user_only_declared(),
            triggers: self.triggers(),
            requires: self.requires(),
            produces: self.produces(),
            writes: self.writes(),
            destructive: self.destructive(),
            needs: self.needs(),
            pipeline: self.pipeline.as_ref().map(|f| f.value.as_slice()),
            calls: self.calls(),
            skip_when: self.skip_when(),
            decision: self.decision(),
            done_when: self.done_when(),
        }
    }
}

/// A contract's effective values (defaults applied), for serialising.
#[derive(Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct Effective<'a> {
    pub disable_model_invocation: bool,
    pub triggers: &'a [String],
    pub requires: &'a [String],
    pub produces: &'a [String],
    pub writes: bool,
    pub destructive: bool,
    pub needs: Vec<String>,
    pub pipeline: Option<&'a [String]>,
    pub calls: &'a [String],
    pub skip_when: Option<&'a str>,
    pub decision: Option<&'a str>,
    pub done_when: Option<&'a str>,
}

/// True when `name` is lowercase words of letters and digits joined by
/// single `-` (the form of artifact and capability names).
pub fn is_artifact_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('-')
        && !name.ends_with('-')
        && !name.contains("--")
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_of_what_every_skill_holds() {
        // A contract is held per declaring skill, a skill per skill: at
        // 100,000 skills each byte here is 100 KB of `re0 check`'s peak.
        assert!(std::mem::size_of::<Contract>() <= 320);
        assert!(std::mem::size_of::<crate::catalog::Skill>() <= 288);
    }

    #[test]
    fn absent_writes_counts_as_writing() {
        let c = Contract::default();
        assert!(c.writes());
        assert_eq!(c.needs(), vec!["write".to_string()]);
        assert!(!c.destructive());
    }

    #[test]
    fn artifact_names() {
        assert!(is_artifact_name("release-notes"));
        assert!(is_artifact_name("v2"));
        assert!(!is_artifact_name("Release"));
        assert!(!is_artifact_name("a--b"));
        assert!(!is_artifact_name("-a"));
        assert!(!is_artifact_name("a b"));
        assert!(!is_artifact_name(""));
    }
}
