//! The `stitch` binary: a doorway into the library (STYLE habit 1).

use std::process::ExitCode;

/// See Cargo.toml's note on `mimalloc`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    ExitCode::from(stitch::main())
}
