//! re0: plan, run and check the agent skills installed on a machine.
//!
//! The crate is laid out by stage: [`catalog`] finds and reads skills,
//! [`contract`] reads what each declares, [`graph`] orders them and finds
//! cycles, [`plan`] selects, orders and types the steps for an intent,
//! [`run`] executes a plan through a runner with its durable [`state`],
//! [`ges`] reads, checks and executes Graph-Enhanced Skills, [`check`]
//! reports findings for maintainers, [`eval`] measures selection quality,
//! [`cli`] is the command line. [`agents`] holds the presets for headless
//! agents used as runners and selectors.
//! Below them all: [`process`] is the one place child processes start,
//! [`fsio`] the one way untrusted files are opened, [`display`] makes
//! their text safe to show, [`yaml`] guards the YAML parser, [`userdirs`]
//! finds the user's own folders (the run key, [`trust`] records),
//! [`shared_text`] keeps text decoded from the catalog index in place (in
//! the index file's mapping or buffer), [`lines`] finds a text's lines
//! with one vectorised search, [`guard`] reads `skip-when` and GES guards
//! (CEL or text), [`config`] the workspace's `re0.yaml`, [`workspace`]
//! and [`paths`] say where re0 runs and show paths, and
//! [`diag`] and [`error`] are shared by all.

pub mod agents;
pub mod catalog;
pub mod check;
pub mod cli;
pub mod config;
pub mod contract;
pub mod diag;
pub mod display;
pub mod error;
pub mod eval;
pub mod fsio;
pub mod ges;
pub mod graph;
pub mod guard;
pub mod lines;
pub mod paths;
pub mod plan;
pub mod process;
pub mod run;
pub mod shared_text;
pub mod state;
pub mod trust;
pub mod userdirs;
pub mod workspace;
pub mod yaml;

pub use diag::{Diagnostic, Rule, Severity};
