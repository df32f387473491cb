//! Running a plan (DESIGN §5): the runner protocol, handoff acceptance,
//! routing, and the terminal guard. State lives in [`crate::state`].
//!
//! [`authority`] types the steps again for each invocation, [`settle`]
//! picks up what a stopped re0 left, `refresh` re-hashes artifacts,
//! `proof` is what the terminal guard accepts as done.

pub mod authority;
pub mod doctor;
pub mod engine;
pub mod fastfail;
pub mod feedback;
pub mod handoff;
pub mod hash;
pub mod lenient;
pub mod progress;
pub mod prompt;
mod proof;
mod refresh;
pub mod reopen;
pub mod runner;
pub mod settle;
pub mod staleness;
pub mod usage;

pub use authority::Authority;
pub use engine::{Engine, Next, Stop, DEFAULT_MAX_ATTEMPTS};
pub use runner::Runner;
