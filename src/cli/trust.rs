//! `re0 trust [FILE]`, `--revoke`, `--list`: which workspace `re0.yaml`
//! files may widen authority (DESIGN §8).

use super::output;
use crate::config::Config;
use crate::display::clean;
use crate::error::{Error, Result};
use crate::workspace::Workspace;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
A workspace re0.yaml comes with the repository, so until you trust it re0
honours only what narrows authority (never, inputs, roots, lower limits) and
ignores its grants, runner and bindings, saying so on stderr. `re0 trust`
records the file's hash in ~/.config/re0/trusted/ ($XDG_CONFIG_HOME); any
later edit makes it untrusted again, as with `direnv allow`.

Examples:
  re0 trust              trust this workspace's re0.yaml as it is now
  re0 trust --list       every trusted file, and whether it changed since
  re0 trust --revoke     stop trusting it")]
pub struct Args {
    /// The file (default: the workspace's re0.yaml).
    file: Option<PathBuf>,
    /// Stop trusting the file.
    #[arg(long, conflicts_with = "list")]
    revoke: bool,
    /// List the trusted files.
    #[arg(long)]
    list: bool,
}

pub fn run(args: Args) -> Result<i32> {
    if args.list {
        let all = crate::trust::list()?;
        if all.is_empty() {
            output::line("no re0.yaml is trusted");
        }
        for l in all {
            output::line(format!(
                "{}  {}  trusted {}",
                if l.current { "current" } else { "changed" },
                clean(&l.record.path.display().to_string()),
                l.record.trusted_at
            ));
        }
        return Ok(0);
    }
    let ws = Workspace::from_env().map_err(|e| Error::Io {
        path: PathBuf::from("."),
        source: e,
    })?;
    let path = match &args.file {
        Some(f) => crate::paths::absolute(f, &ws.cwd),
        None => ws.config_path(),
    };
    let shown = clean(&path.display().to_string()).into_owned();
    if args.revoke {
        let n = crate::trust::revoke(&path)?;
        output::line(if n == 0 {
            format!("{shown} was not trusted")
        } else {
            format!("{shown} is no longer trusted")
        });
        return Ok(0);
    }
    let text = Config::read_text(&path)?
        .ok_or_else(|| Error::Usage(format!("no file {shown} to trust")))?;
    let config = Config::parse(&text, &path)?;
    let record = crate::trust::trust(&path, &text)?;
    let mut grants: Vec<String> = Vec::new();
    if let Some(g) = &config.grants {
        grants.push(format!("grants: {}", g.join(", ")));
    }
    if let Some(r) = &config.runner {
        grants.push(format!("runner: {}", clean(r)));
    }
    for (k, v) in &config.bindings {
        grants.push(format!("binding {} -> {}", clean(k), clean(v)));
    }
    output::line(format!(
        "trusted {shown} (sha256 {}…)",
        record.sha256.chars().take(12).collect::<String>()
    ));
    if grants.is_empty() {
        output::line("it sets nothing that widens authority");
    } else {
        output::line(format!("now in effect: {}", grants.join("; ")));
    }
    output::line("any edit makes it untrusted again; `re0 trust --revoke` undoes this");
    Ok(0)
}
