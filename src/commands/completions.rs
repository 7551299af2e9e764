//! `stitch completions SHELL`: the completion script on standard output. The committed copies
//! under `completions/` are checked against this by `tests/completions.rs`.

use clap::CommandFactory;

use super::Context;
use crate::cli::Cli;
use crate::error::{Error, Outcome};

/// The script for `shell`, as bytes.
fn script(shell: clap_complete::Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "stitch", &mut out);
    out
}

pub(super) fn run(shell: clap_complete::Shell, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    ctx.out.write_all(&script(shell))?;
    Ok(Outcome::Positive)
}
