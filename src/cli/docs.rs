//! `re0 completions SHELL` and `re0 man`: shell completion scripts
//! (clap_complete) and the manual page (clap_mangen), both generated from
//! the same command definitions as `--help`, so they never drift from it.

use super::output;
use super::Cli;
use crate::error::{Error, Result};
use clap::CommandFactory;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  re0 completions bash > ~/.local/share/bash-completion/completions/re0
  re0 completions zsh > ~/.zfunc/_re0        # with fpath+=~/.zfunc in .zshrc
  re0 completions fish > ~/.config/fish/completions/re0.fish")]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  re0 man | man -l -
  re0 man > ~/.local/share/man/man1/re0.1")]
pub struct ManArgs {}

pub fn completions(args: CompletionsArgs) -> Result<i32> {
    let mut cmd = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "re0", &mut out);
    output::print(&String::from_utf8_lossy(&out));
    Ok(0)
}

pub fn man(_args: ManArgs) -> Result<i32> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut out)
        .map_err(|e| Error::Usage(format!("cannot render the manual page: {e}")))?;
    output::print(&String::from_utf8_lossy(&out));
    Ok(0)
}
