//! Graph-Enhanced Skills (DESIGN §6): a skill whose inner workflow is a
//! graph of nodes and guarded edges. [`model`] reads `.ges.yaml`, [`check`]
//! validates it for `re0 check`, [`exec`] runs it as a step's gate, and
//! [`render`] draws it.

pub mod check;
pub mod exec;
pub mod model;
pub mod render;

pub use model::Graph;
