//! What every command needs: the workspace, its configuration and the catalog.

use crate::catalog::{roots, Catalog, Client, RootRequest};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::workspace::Workspace;
use std::path::PathBuf;
use std::sync::OnceLock;

/// `--client NAME` for this process: set once by the command line before
/// any command runs, read by [`Context::load`].
static CLIENT: OnceLock<Option<Client>> = OnceLock::new();

/// Records the `--client` choice (the first call wins).
pub fn set_client(client: Option<Client>) {
    let _ = CLIENT.set(client);
}

/// The `--client` choice, if one was made.
pub fn client() -> Option<Client> {
    CLIENT.get().copied().flatten()
}

pub struct Context {
    pub workspace: Workspace,
    pub config: Config,
    pub catalog: Catalog,
    /// How the roots were chosen (to build other clients' views).
    pub request: RootRequest,
}

/// The workspace, its configuration, how the roots are chosen, the roots,
/// and what choosing them found.
struct Prepared {
    workspace: Workspace,
    config: Config,
    request: RootRequest,
    roots: Vec<crate::catalog::Root>,
    found: Vec<crate::diag::Diagnostic>,
}

impl Context {
    /// Loads the catalog from `--catalog` folders (or the default roots),
    /// as `--client` sees it when one was named.
    pub fn load(catalog_flags: &[PathBuf]) -> Result<Context> {
        let p = Context::prepare(catalog_flags)?;
        let mut catalog = Catalog::load(p.roots, &p.config)?;
        catalog.diagnostics.extend(p.found);
        Ok(Context {
            workspace: p.workspace,
            config: p.config,
            catalog,
            request: p.request,
        })
    }

    /// The context [`Context::load`] makes, given to `then`, with its
    /// result. `then` may be called twice, the first time while the walk
    /// that confirms the catalog runs ([`Catalog::load_then`]): it must
    /// only compute.
    pub fn load_then<R: Send>(
        catalog_flags: &[PathBuf],
        then: impl Fn(&Context) -> R + Sync,
    ) -> Result<(Context, R)> {
        let Prepared {
            workspace,
            config,
            request,
            roots,
            found,
        } = Context::prepare(catalog_flags)?;
        Catalog::load_then(roots, &config, found, |catalog| {
            let ctx = Context {
                workspace: workspace.clone(),
                config: config.clone(),
                catalog,
                request: request.clone(),
            };
            let r = then(&ctx);
            (ctx, r)
        })
    }

    /// What a load needs before the catalog is read.
    fn prepare(catalog_flags: &[PathBuf]) -> Result<Prepared> {
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
        let mut request = RootRequest {
            flags: catalog_flags.to_vec(),
            env: std::env::var("RE0_CATALOG").ok(),
            config: config.roots.clone(),
            client: client(),
            homes: None,
        };
        request.homes = request.homes(&workspace);
        let (roots, found) = roots::resolve_all(&request, &workspace)?;
        Ok(Prepared {
            workspace,
            config,
            request,
            roots,
            found,
        })
    }

    /// The catalog as `client` would load it on this machine (its own roots
    /// and precedence), for telling which clients see a skill. Empty when
    /// the roots were named (`--catalog`, `RE0_CATALOG`): no client reads those.
    pub fn client_view(&self, client: Client) -> Result<Catalog> {
        if self.request.is_exclusive() {
            return Ok(Catalog::default());
        }
        let req = RootRequest {
            client: Some(client),
            config: Vec::new(),
            ..self.request.clone()
        };
        let (roots, _) = roots::resolve_all(&req, &self.workspace)?;
        Catalog::load(roots, &self.config)
    }

    /// A path as the user should read it: relative to where re0 runs.
    pub fn show_path(&self, p: &std::path::Path) -> String {
        crate::paths::display(p, &self.workspace.cwd)
    }
}
