//! What every command needs: the workspace, its configuration and the catalog.

use crate::catalog::{roots, Catalog, RootRequest};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::workspace::Workspace;
use std::path::PathBuf;

pub struct Context {
    pub workspace: Workspace,
    pub config: Config,
    pub catalog: Catalog,
}

impl Context {
    /// Loads the catalog from `--catalog` folders (or the default roots).
    pub fn load(catalog_flags: &[PathBuf]) -> Result<Context> {
        let workspace = Workspace::from_env().map_err(|e| Error::Io {
            path: PathBuf::from("."),
            source: e,
        })?;
        let path = workspace.config_path();
        let config = match Config::read_text(&path)? {
            None => Config::default(),
            Some(text) => {
                let parsed = Config::parse(&text, &path)?;
                let (config, warning) = crate::trust::apply(parsed, &path, &text);
                if let Some(w) = warning {
                    super::output::eline(format!("re0: warning: {}", crate::display::clean(&w)));
                }
                config
            }
        };
        let req = RootRequest {
            flags: catalog_flags.to_vec(),
            env: std::env::var("RE0_CATALOG").ok(),
            config: config.roots.clone(),
        };
        let roots = roots::resolve(&req, &workspace)?;
        let catalog = Catalog::load(roots, &config)?;
        Ok(Context {
            workspace,
            config,
            catalog,
        })
    }

    /// A path as the user should read it: relative to where re0 runs.
    pub fn show_path(&self, p: &std::path::Path) -> String {
        crate::paths::display(p, &self.workspace.cwd)
    }
}
