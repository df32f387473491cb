//! Guards: `skip-when` conditions and GES `when` expressions.
//!
//! A guard is CEL when the `cel` crate compiles it; anything else is text,
//! to be judged later by a person or the runner. A CEL guard lists the
//! variables it reads, which decides at plan time whether it can be
//! evaluated now or has to wait for a predecessor's output.

use serde_json::Value as Json;
use std::collections::BTreeMap;

/// A parsed guard.
#[derive(Debug)]
pub enum Guard {
    Cel {
        source: String,
        program: cel::Program,
        /// Variables the expression reads, sorted.
        variables: Vec<String>,
    },
    /// Not CEL: free text.
    Text(String),
}

/// Why a CEL guard could not give a yes or no.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GuardError {
    /// It reads variables that have no value yet.
    Unknown(Vec<String>),
    /// It evaluated to something other than a boolean, or failed.
    Invalid(String),
}

impl Guard {
    /// Parses `text` as CEL, falling back to text. Never panics.
    pub fn parse(text: &str) -> Guard {
        let source = text.trim().to_string();
        // The parser is third-party code fed catalog text: contain any panic.
        let compiled = std::panic::catch_unwind(|| cel::Program::compile(&source));
        match compiled {
            Ok(Ok(program)) => {
                let mut variables: Vec<String> = program
                    .references()
                    .variables()
                    .into_iter()
                    .map(str::to_string)
                    .collect();
                variables.sort();
                variables.dedup();
                Guard::Cel {
                    source,
                    program,
                    variables,
                }
            }
            _ => Guard::Text(source),
        }
    }

    pub fn is_cel(&self) -> bool {
        matches!(self, Guard::Cel { .. })
    }

    pub fn source(&self) -> &str {
        match self {
            Guard::Cel { source, .. } => source,
            Guard::Text(t) => t,
        }
    }

    pub fn variables(&self) -> &[String] {
        match self {
            Guard::Cel { variables, .. } => variables,
            Guard::Text(_) => &[],
        }
    }

    /// Evaluates a CEL guard over `vars`. Text guards are never evaluated
    /// here (`Unknown` with no names).
    pub fn eval(&self, vars: &BTreeMap<String, Json>) -> Result<bool, GuardError> {
        let Guard::Cel {
            program, variables, ..
        } = self
        else {
            return Err(GuardError::Unknown(Vec::new()));
        };
        let missing: Vec<String> = variables
            .iter()
            .filter(|v| !vars.contains_key(*v))
            .cloned()
            .collect();
        if !missing.is_empty() {
            return Err(GuardError::Unknown(missing));
        }
        let mut ctx = cel::Context::default();
        for (k, v) in vars {
            let value = cel::to_value(v).map_err(|e| GuardError::Invalid(e.to_string()))?;
            ctx.add_variable_from_value(k.clone(), value);
        }
        let result =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| program.execute(&ctx)));
        match result {
            Ok(Ok(cel::Value::Bool(b))) => Ok(b),
            Ok(Ok(other)) => Err(GuardError::Invalid(format!(
                "evaluates to {other:?}, not true or false"
            ))),
            Ok(Err(e)) => Err(GuardError::Invalid(e.to_string())),
            Err(_) => Err(GuardError::Invalid("the evaluator failed".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, Json)]) -> BTreeMap<String, Json> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect()
    }

    #[test]
    fn cel_guards_list_their_variables_and_evaluate() {
        let g = Guard::parse("'docs' in inputs && retries < 3");
        assert!(g.is_cel());
        assert_eq!(g.variables(), ["inputs", "retries"]);
        let v = vars(&[
            ("inputs", serde_json::json!(["docs"])),
            ("retries", serde_json::json!(1)),
        ]);
        assert_eq!(g.eval(&v), Ok(true));
        assert_eq!(
            g.eval(&vars(&[("inputs", serde_json::json!([]))])),
            Err(GuardError::Unknown(vec!["retries".into()]))
        );
    }

    #[test]
    fn text_is_not_cel() {
        let g = Guard::parse("the change touches no database code");
        assert!(!g.is_cel());
        assert_eq!(g.eval(&BTreeMap::new()), Err(GuardError::Unknown(vec![])));
    }

    #[test]
    fn non_boolean_is_invalid() {
        let g = Guard::parse("1 + 2");
        assert!(matches!(
            g.eval(&BTreeMap::new()),
            Err(GuardError::Invalid(_))
        ));
    }
}
