//! Durable run state (DESIGN §5.4): the model of `state.json`, the store
//! that writes it atomically under one writer, the `CONTEXT.md` projection,
//! and the crash-test fault points.

pub mod context_md;
pub mod fault;
pub mod model;
pub mod store;

pub use model::{RunState, RunStatus, StepStatus, WaitKind};
pub use store::{Run, Store};
