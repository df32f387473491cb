//! Running a plan (DESIGN §5): the runner protocol, handoff acceptance,
//! routing, and the terminal guard. State lives in [`crate::state`].

pub mod doctor;
pub mod engine;
pub mod fastfail;
pub mod feedback;
pub mod handoff;
pub mod hash;
pub mod lenient;
pub mod progress;
pub mod prompt;
pub mod reopen;
pub mod runner;
pub mod staleness;
pub mod usage;

pub use engine::{Engine, Next, Stop, DEFAULT_MAX_ATTEMPTS};
pub use runner::Runner;
