//! Small helpers for showing paths to people.

use std::path::{Component, Path, PathBuf};

/// Shows `path` relative to `base` when it lies below it, with `/` separators.
pub fn display(path: &Path, base: &Path) -> String {
    let shown = path.strip_prefix(base).unwrap_or(path);
    let s = shown.to_string_lossy().replace('\\', "/");
    if s.is_empty() {
        ".".to_string()
    } else {
        s
    }
}

/// Makes `path` absolute against `cwd` and removes `.` and `..` components
/// lexically (without touching the file system).
pub fn absolute(path: &Path, cwd: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_strips_base() {
        assert_eq!(display(Path::new("/a/b/c"), Path::new("/a")), "b/c");
        assert_eq!(display(Path::new("/x/y"), Path::new("/a")), "/x/y");
    }

    #[test]
    fn absolute_normalises() {
        assert_eq!(
            absolute(Path::new("../b/./c"), Path::new("/w/a")),
            PathBuf::from("/w/b/c")
        );
    }
}
