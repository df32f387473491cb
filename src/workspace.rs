//! The workspace: where re0 was started, the repository root above it, and
//! the user's home (for user-level skill roots).

use std::path::{Path, PathBuf};

#[derive(Debug, Clone)]
pub struct Workspace {
    /// The folder re0 runs in.
    pub cwd: PathBuf,
    /// The repository root (nearest ancestor with `.git`), or `cwd` outside
    /// a repository. Run state and `re0.yaml` live here.
    pub root: PathBuf,
    /// The user's home, when known.
    pub home: Option<PathBuf>,
}

impl Workspace {
    /// Detects the workspace around `cwd`.
    pub fn at(cwd: PathBuf, home: Option<PathBuf>) -> Self {
        let root = repository_root(&cwd).unwrap_or_else(|| cwd.clone());
        Workspace { cwd, root, home }
    }

    /// Detects the workspace of this process.
    pub fn from_env() -> std::io::Result<Self> {
        let cwd = std::env::current_dir()?;
        let home = std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(PathBuf::from);
        Ok(Self::at(cwd, home))
    }

    /// The folders from `cwd` up to the repository root, nearest first.
    pub fn project_dirs(&self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        let mut dir = Some(self.cwd.as_path());
        while let Some(d) = dir {
            out.push(d.to_path_buf());
            if d == self.root {
                break;
            }
            dir = d.parent();
        }
        out
    }

    /// The workspace's `re0.yaml`.
    pub fn config_path(&self) -> PathBuf {
        self.root.join("re0.yaml")
    }
}

fn repository_root(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|d| d.join(".git").exists())
        .map(Path::to_path_buf)
}
