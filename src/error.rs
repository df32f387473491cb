//! re0's errors. Each becomes one line for the user and an exit status
//! (DESIGN §4.6: 2 for usage or catalog errors).

use std::path::PathBuf;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum Error {
    #[error("{0}")]
    Usage(String),

    #[error("{}: {source}", .path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },

    #[error("{}{}: {message}", .path.display(), location(*.line, *.column))]
    Config {
        path: PathBuf,
        line: Option<usize>,
        column: Option<usize>,
        message: String,
    },

    #[error("catalog root {} does not exist or is not a folder{origin}", .path.display())]
    MissingRoot { path: PathBuf, origin: String },

    #[error("no skill named '{name}' in the catalog{hint}")]
    UnknownSkill { name: String, hint: String },

    #[error("refusing {}: {message}", .path.display())]
    State { path: PathBuf, message: String },

    #[error("run {run} is in use by {holder}; wait for it to finish (one writer at a time)")]
    Locked { run: String, holder: String },

    /// re0 was stopped by a signal (Ctrl-C is SIGINT, 2).
    #[error("{message}")]
    Interrupted { signal: i32, message: String },
}

fn location(line: Option<usize>, column: Option<usize>) -> String {
    match (line, column) {
        (Some(l), Some(c)) => format!(":{l}:{c}"),
        (Some(l), None) => format!(":{l}"),
        _ => String::new(),
    }
}

impl Error {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Interrupted { signal, .. } => 128 + signal,
            _ => 2,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
