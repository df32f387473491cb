//! Durable run state (DESIGN §5.4): the model of `state.json`, the store
//! that writes it atomically under one writer, the checks every file read
//! back passes, the MAC that says this account wrote it, the `CONTEXT.md`
//! projection, and the crash-test fault points.

pub mod context_md;
pub mod fault;
pub mod folder;
pub mod lock;
pub mod mac;
pub mod model;
pub mod store;
pub mod validate;

pub use model::{RunState, RunStatus, StepStatus, WaitKind};
pub use store::{Authenticity, Run, Store};
