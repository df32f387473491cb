//! The benchmark's parallel floor: finds every `SKILL.md` under DIR and
//! reads each one, on as many threads as there are cores (rayon), the way
//! a tool that does nothing but read the catalog would.
//!
//! `cargo run --release --example par_read -- DIR` prints the number of
//! files and bytes read.

use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// Walks `dir` in parallel; a folder holding `SKILL.md` is not entered.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let entries: Vec<_> = entries.filter_map(|e| e.ok()).collect();
    if let Some(e) = entries.iter().find(|e| e.file_name() == "SKILL.md") {
        return vec![e.path()];
    }
    entries
        .par_iter()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .flat_map(|e| walk(&e.path()))
        .collect()
}

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).expect("usage: par_read DIR"));
    let files = walk(&dir);
    let bytes: usize = files
        .par_iter()
        .map(|f| std::fs::read(f).map(|b| b.len()).unwrap_or(0))
        .sum();
    println!("{} files, {} bytes", files.len(), bytes);
}
