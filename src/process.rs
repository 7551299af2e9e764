//! The process work of the `stitch` binary, kept out of the library (issue 38): the command
//! line's arguments, the environment (`NO_COLOR`, `COLUMNS`, `CI`) and the terminals read into
//! a [`stitch::Environment`]; the memory setting a small run wants ([`fit_pages`]); and where the
//! command runs ([`thread`]), decided from the arguments before clap parses them, because a
//! command that compiles nothing is faster without the worker thread and the warm-up beside it
//! (bench/README.md, sessions 14–16).

use std::ffi::OsString;
use std::io::{self, IsTerminal};

use stitch::{Environment, Thread};

/// The process: reads what it is made of and runs the library. Returns the exit code.
pub fn run() -> u8 {
    let args: Vec<OsString> = std::env::args_os().collect();
    fit_pages(args.get(1..).unwrap_or_default());
    let thread = thread(&args);
    stitch::main(args, &environment(), thread)
}

/// The environment and the terminals, read once.
fn environment() -> Environment {
    let stderr_terminal = io::stderr().is_terminal();
    Environment {
        no_color: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
        columns: std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse::<usize>().ok())
            .filter(|w| *w > 0),
        ci: std::env::var_os("CI").is_some(),
        stdout_terminal: io::stdout().is_terminal(),
        stderr_terminal,
        terminal_width: stderr_terminal
            .then(|| terminal_size::terminal_size_of(io::stderr()))
            .flatten()
            .map(|(w, _)| usize::from(w.0)),
    }
}

/// Where the command line runs: here for what compiles nothing (`--version`, `--help`,
/// `completions`, `explain`), and for `flatten --no-verify` without `--target`, which loads
/// without compiling (the warm-up was 0.7 ms of a small one's 3.4) and runs nothing but the
/// loader and the flattener. Nor does that need a deep stack: the load bounds nesting (100
/// levels) and references applied in place (64) before the flattener's recursion runs, so the
/// main thread's stack (8 MiB by default) holds it many times over (the whole corpus flattens
/// in 256 KiB; tests/hostile.rs runs it in 1 MiB). A thread of its own cost 0.15–0.4 ms of a
/// 5 ms run (bench/README.md). Anything else runs on a worker.
fn thread(args: &[OsString]) -> Thread {
    // Options come before a `--` (what follows names files).
    let options = &args[..args
        .iter()
        .position(|arg| arg == "--")
        .unwrap_or(args.len())];
    let first = options.get(1);
    let quick = first.is_some_and(|arg| {
        [
            "-V",
            "--version",
            "-h",
            "--help",
            "help",
            "completions",
            "explain",
        ]
        .iter()
        .any(|quick| arg == *quick)
    });
    let plain_flatten = first.is_some_and(|arg| arg == "flatten")
        && options.iter().any(|arg| arg == "--no-verify")
        && !options
            .iter()
            .any(|arg| arg.to_str().is_none_or(|arg| arg.starts_with("--target")));
    if quick || plain_flatten {
        Thread::Here
    } else {
        Thread::Worker
    }
}

/// A run whose file arguments add up to less than this is small (see [`fit_pages`]).
const SMALL_RUN: u64 = 64 * 1024;

/// Turns transparent huge pages off for a small run (Linux). mimalloc asks for them on its
/// arena (`MADV_HUGEPAGE`), and where the kernel grants them on request (the usual `madvise`
/// setting) the first touch of each 2 MiB page zeroes all of it. A large run gets that back in
/// fewer page faults (`flatten --no-verify` of a 470 KB schema: 0.8 ms faster with them); a
/// small one does not (`verify` of two tool schemas: 0.5–0.8 ms slower; bench/README.md,
/// session 14). Small means: every argument that names something is a regular file, and
/// together they hold less than [`SMALL_RUN`] bytes; a directory, a FIFO or standard input
/// (`-`) keeps them on. Only time and memory depend on this, never output.
fn fit_pages(args: &[OsString]) {
    if is_small_run(args) {
        #[cfg(target_os = "linux")]
        let _ = nix::sys::prctl::set_thp_disable(true);
    }
}

/// True when every argument that names something is a regular file and together they hold
/// less than [`SMALL_RUN`] bytes (an option, its value or a missing path names nothing).
fn is_small_run(args: &[OsString]) -> bool {
    let mut total = 0u64;
    for arg in args {
        if arg == "-" {
            return false;
        }
        match std::fs::metadata(arg) {
            Ok(meta) if meta.is_file() => total = total.saturating_add(meta.len()),
            // A directory or a FIFO: a run of unknown size.
            Ok(_) => return false,
            Err(_) => {}
        }
    }
    total < SMALL_RUN
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Small: options and small files alone. Not small: standard input, a directory, or files
    /// that add up to [`SMALL_RUN`] bytes.
    #[test]
    fn a_run_is_small_when_its_files_are() {
        let dir = tempfile::tempdir().unwrap();
        let small = dir.path().join("small.json");
        std::fs::write(&small, "{}").unwrap();
        let half = dir.path().join("half.json");
        std::fs::write(&half, vec![b' '; SMALL_RUN as usize / 2]).unwrap();
        let args = |list: &[&std::path::Path]| -> Vec<OsString> {
            list.iter().map(|p| p.as_os_str().to_owned()).collect()
        };
        let options = std::path::Path::new("--semantics");
        assert!(is_small_run(&args(&[])));
        assert!(is_small_run(&args(&[options, &small, &half])));
        assert!(!is_small_run(&args(&[&small, std::path::Path::new("-")])));
        assert!(!is_small_run(&args(&[dir.path()])));
        assert!(!is_small_run(&args(&[&half, &half, &small])));
    }

    #[test]
    fn commands_that_compile_nothing_run_here() {
        let thread = |line: &str| thread(&line.split(' ').map(OsString::from).collect::<Vec<_>>());
        assert_eq!(thread("stitch --version"), Thread::Here);
        assert_eq!(thread("stitch explain stitch::output::write"), Thread::Here);
        assert_eq!(thread("stitch flatten --no-verify a.json"), Thread::Here);
        assert_eq!(
            thread("stitch flatten --no-verify --target openai a.json"),
            Thread::Worker
        );
        assert_eq!(thread("stitch flatten a.json"), Thread::Worker);
        assert_eq!(thread("stitch verify -- --version"), Thread::Worker);
    }
}
