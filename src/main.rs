//! The `stitch` binary: a doorway into the library (STYLE habit 1).

use std::process::ExitCode;

use clap::Parser;

/// See Cargo.toml's note on `mimalloc`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // Beside the command line's parsing and the inputs' reading (see the function's note).
    stitch::validate::warm_up();
    let cli = stitch::cli::Cli::parse();
    ExitCode::from(stitch::run(cli))
}
