//! re0: plan, run and check the agent skills installed on a machine.
//!
//! The crate is laid out by stage: [`catalog`] finds and reads skills,
//! [`contract`] reads what each declares, [`graph`] orders them and finds
//! cycles, [`check`] reports findings for maintainers, [`cli`] is the
//! command line. [`diag`] and [`error`] are shared by all.

pub mod catalog;
pub mod check;
pub mod cli;
pub mod config;
pub mod contract;
pub mod diag;
pub mod error;
pub mod eval;
pub mod ges;
pub mod graph;
pub mod guard;
pub mod paths;
pub mod plan;
pub mod run;
pub mod state;
pub mod workspace;

pub use diag::{Diagnostic, Rule, Severity};
