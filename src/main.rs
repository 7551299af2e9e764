//! The `stitch` binary: a doorway into the library (STYLE habit 1). What a process is made of
//! (its arguments, environment, terminal and memory settings) is read in `process`, once, and
//! handed to the library.

mod process;

use std::process::ExitCode;

/// See Cargo.toml's note on `mimalloc`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ExitCode::from(process::run())
}
