//! Files a graph reads: the graph itself, `./prompt.md` files and
//! `./child.ges.yaml` graphs. All are someone else's text, so:
//!
//! - each is read through [`crate::fsio`]: regular files only, never
//!   blocking on a FIFO, at most [`MAX_FILE`] bytes;
//! - a reference is resolved (symbolic links included) and refused when it
//!   lands outside the skill folder, so `./p.md -> ~/.ssh/id_rsa` never
//!   reaches a model or a command.

use crate::fsio::{self, Follow};
use std::path::{Path, PathBuf};

/// Largest graph or prompt file re0 reads.
pub const MAX_FILE: u64 = 1024 * 1024;

/// True for a text that names a file next to the graph (`./x`, `../x`).
pub fn is_file_ref(s: &str) -> bool {
    s.starts_with("./") || s.starts_with("../")
}

/// True for a path that names a GES graph.
pub fn is_graph_file(s: &str) -> bool {
    // Compared without a lowered copy: this runs on every name of every
    // skill folder.
    let ends = |suffix: &str| {
        s.len() >= suffix.len()
            && s.as_bytes()[s.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
    };
    ends(".ges.yaml") || ends(".ges.yml") || ends(".ges.md")
}

/// Resolves `rel` against the folder of `graph_file` and checks that the
/// real file is inside `skill_dir`.
pub fn resolve(rel: &str, graph_file: &Path, skill_dir: &Path) -> Result<PathBuf, String> {
    let base = graph_file.parent().unwrap_or(Path::new("."));
    let joined = base.join(rel);
    let real = std::fs::canonicalize(&joined).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => format!("'{rel}' does not exist"),
        _ => format!("'{rel}': {e}"),
    })?;
    let root = std::fs::canonicalize(skill_dir).map_err(|e| format!("the skill folder: {e}"))?;
    if !real.starts_with(&root) {
        return Err(format!(
            "'{rel}' resolves outside the skill folder; re0 does not read it"
        ));
    }
    Ok(real)
}

/// Reads a file already resolved by [`resolve`].
pub fn read(real: &Path, what: &str) -> Result<String, String> {
    fsio::read_text_limited(real, MAX_FILE, Follow::No).map_err(|e| format!("{what}: {e}"))
}

/// A prompt's text: inline, or the contents of `./file` inside the skill.
pub fn prompt_text(prompt: &str, graph_file: &Path, skill_dir: &Path) -> Result<String, String> {
    if !is_file_ref(prompt.trim()) {
        return Ok(prompt.to_string());
    }
    let rel = prompt.trim();
    let real = resolve(rel, graph_file, skill_dir).map_err(|e| format!("prompt file {e}"))?;
    read(&real, &format!("prompt file '{rel}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_symlink_out_of_the_skill_is_refused() {
        let t = tempfile::tempdir().unwrap();
        let skill = t.path().join("s");
        std::fs::create_dir_all(skill.join("prompts")).unwrap();
        std::fs::write(t.path().join("secret"), "KEY").unwrap();
        std::fs::write(skill.join("prompts/ok.md"), "hello").unwrap();
        std::os::unix::fs::symlink(t.path().join("secret"), skill.join("p.md")).unwrap();
        let g = skill.join("s.ges.yaml");
        assert_eq!(prompt_text("./prompts/ok.md", &g, &skill).unwrap(), "hello");
        let e = prompt_text("./p.md", &g, &skill).unwrap_err();
        assert!(e.contains("outside the skill folder"), "{e}");
        let e = prompt_text("../secret", &g, &skill).unwrap_err();
        assert!(e.contains("outside the skill folder"), "{e}");
        assert_eq!(
            prompt_text("inline {{x}}", &g, &skill).unwrap(),
            "inline {{x}}"
        );
    }
}
