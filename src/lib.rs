//! # stitch
//!
//! Turns a JSON Schema tool *contract* — often a discriminated union exported from Zod or
//! Pydantic — into a *presentation* schema that model providers accept, and proves that the
//! presentation accepts every value the contract accepts.
//!
//! ## The house
//!
//! ```text
//! main → lib → commands → report → check → manifest → diff · lint · config → targets
//!            → present → flatten · verify → document → leaves (schema, diagnostic, canonical, …)
//! ```
//!
//! Each concept lives in one folder; each module imports only the layers below it
//! (`tests/tidy.rs` holds the table, `LAYERS`).
//!
//! | module | owns |
//! |---|---|
//! | [`cli`] | the command line (clap derive types; their doc comments are `--help`) |
//! | `commands` | one thin file per subcommand; glue between arguments, features and terminal; none imports another |
//! | [`report`] | renderers: miette for people, typed JSON documents, SARIF, GitHub annotations, Markdown |
//! | [`check`] | `stitch check`: which files it reads (`discover`, C1) and the gate one document goes through (C2–C5) |
//! | [`manifest`] | the manifest (M1–M3): its model and bytes, tools listed from presentations, staleness |
//! | [`diff`] | what changed between two schemas: classification (D2), pairing, the change list (D3), text diffs (D4) |
//! | [`lint`] | the lint rules of `check` over one document as written (C3), pure |
//! | [`config`] | `stitch.toml` (C8): parsed and checked, pure |
//! | [`targets`] | providers: profiles as data, rule checks, rewrites, adaptation (`adapt`), the way back (`mapping`) |
//! | [`present`] | flatten one input and verify each presentation against its contract (§4) |
//! | [`flatten`] | contract → presentation (F-rules), pure |
//! | [`verify`] | sub ⊆ sup: the prover, the sampler, verdicts (V-rules), pure |
//! | [`document`] | loading: reading, parsing, kinds, drafts, offline references and their lookup, positions (L1–L8) |
//! | [`schema`] | the shared vocabulary, a leaf: drafts, pointers and references, the keyword table, the walk, bounds |
//! | `convert` | reading drafts 4–7 as 2020-12 |
//! | [`validate`] | the only door to the `jsonschema` crate |
//! | [`canonical`] | the bytes stitch writes: pretty form and canonical form (§8) |
//! | `output` | writing files without destroying anything (L6) |
//! | `threads` | every worker thread, with the stack recursive code needs (L5) |
//! | [`diagnostic`] | `Finding`, `Severity` and the one table of codes — a leaf |
//! | `error` | `Error`, `Outcome` and the exit-code table |
//!
//! ## The library
//!
//! The public modules above are the library: load a document ([`document::load`], or
//! [`document::load_bytes`] from memory), flatten it ([`flatten::flatten_loaded`]), verify one
//! schema against another ([`verify::verify`]), or
//! do both as the `flatten` command does ([`present::present`]), and adapt the result to a
//! provider ([`targets::adapt::target`]); read findings and their codes
//! ([`diagnostic`]), write stitch's bytes ([`canonical`]) or its JSON documents
//! ([`report::json`]). Everything else is internal and may change.
//!
//! ## Exit codes (one table for every command, SPEC §9)
//!
//! | code | meaning |
//! |---|---|
//! | 0 | the command ran and its answer is positive (a closed output pipe also exits 0) |
//! | 1 | its answer is negative (e.g. `verify`: refuted; `check`: errors found) |
//! | 2 | it could not run: usage, unreadable or invalid input (outside `check`), unwritable output, a broken `stitch.toml`, nothing to check |
//! | 3 | undecided (e.g. `verify`: unknown) |
#![cfg_attr(not(test), deny(clippy::print_stdout, clippy::print_stderr))]
// A `Finding` is the error of loading; it is returned once per input, never in a hot loop, so
// its size does not matter and boxing it would only make every call site noisier.
#![allow(clippy::result_large_err)]

pub mod canonical;
pub mod check;
pub mod cli;
mod commands;
pub mod config;
mod convert;
pub mod diagnostic;
pub mod diff;
pub mod document;
mod error;
pub mod flatten;
pub mod lint;
pub mod manifest;
mod output;
pub mod present;
pub mod report;
pub mod schema;
pub mod targets;
mod threads;
pub mod validate;
pub mod verify;

use std::io::{self, IsTerminal, Write};

use diagnostic::Severity;
use error::Error;
use report::Style;

/// The `stitch` process: reads the command line and runs it on a worker thread (`threads`),
/// while this thread builds the meta-schema validator that every compile needs
/// ([`validate::warm_up`]). A command line that asks for something that compiles nothing
/// (`--version`, `--help`, `completions`, `explain`, `flatten --no-verify` without `--target`)
/// runs on this thread instead, with no worker and no warm-up. Returns the exit code.
///
/// One thread beside the worker, not two: a thread's first allocation takes fresh pages of its
/// own, which a short run pays for (issue 16).
pub fn main() -> u8 {
    let args: Vec<_> = std::env::args_os().collect();
    fit_pages(args.get(1..).unwrap_or_default());
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
    // `flatten --no-verify` loads without compiling: the warm-up was 0.7 ms of a small one's 3.4.
    // Without `--target` (whose rewrites are proven) it runs nothing but the loader and the
    // flattener either.
    let plain_flatten = first.is_some_and(|arg| arg == "flatten")
        && options.iter().any(|arg| arg == "--no-verify")
        && !options
            .iter()
            .any(|arg| arg.to_str().is_none_or(|arg| arg.starts_with("--target")));
    if quick || plain_flatten {
        // Nor does it need a deep stack: the load bounds nesting (100 levels) and references
        // applied in place (64) before the flattener's recursion runs, so the main thread's
        // stack (8 MiB by default) holds it many times over (the whole corpus flattens in
        // 256 KiB; tests/hostile.rs runs it in 1 MiB). A thread of its own cost 0.15–0.4 ms of
        // a 5 ms run (bench/README.md).
        return worker_exit(threads::here(|| {
            run_here(<cli::Cli as clap::Parser>::parse())
        }));
    }
    worker_exit(threads::run_beside(
        "stitch",
        || run_here(<cli::Cli as clap::Parser>::parse()),
        validate::warm_up,
    ))
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
fn fit_pages(args: &[std::ffi::OsString]) {
    if is_small_run(args) {
        #[cfg(target_os = "linux")]
        let _ = nix::sys::prctl::set_thp_disable(true);
    }
}

/// True when every argument that names something is a regular file and together they hold
/// less than [`SMALL_RUN`] bytes (an option, its value or a missing path names nothing).
fn is_small_run(args: &[std::ffi::OsString]) -> bool {
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

/// Runs a parsed command line with the process's standard streams and returns the exit code.
pub fn run(cli: cli::Cli) -> u8 {
    worker_exit(threads::run("stitch", move || run_here(cli)))
}

/// Runs `work` with the stack of stitch's own worker threads and returns what it gives: for a
/// program that calls the library's recursive functions (loading, flattening, verifying,
/// sampling) on deep schemas, as the fuzz targets do. Loading bounds the depth those functions
/// recurse to, and this stack holds that depth with a wide margin; a main thread's 8 MiB may
/// not. A panic in `work` is resumed here; `Err` when no thread could be started.
pub fn with_worker_stack<T: Send>(work: impl FnOnce() -> T + Send) -> io::Result<T> {
    match threads::run("stitch-worker", work)? {
        Ok(value) => Ok(value),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// The exit code of a command's worker thread.
fn worker_exit(worker: io::Result<std::thread::Result<u8>>) -> u8 {
    match worker {
        Ok(Ok(code)) => code,
        // A panic has already printed its message: it is a bug, and says so by exiting 101
        // as Rust programs do.
        Ok(Err(_)) => 101,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: cannot start a worker thread: {e}");
            2
        }
    }
}

fn run_here(cli: cli::Cli) -> u8 {
    let style = style(&cli);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    // Standard error unlocked (each write takes the lock): `stitch check`'s progress bar is
    // drawn on it from the worker threads while this thread waits for them.
    let mut err = io::stderr();
    let mut ctx = commands::Context {
        out: &mut out,
        err: &mut err,
        style,
    };
    let mut result = commands::dispatch(cli.command, &mut ctx);
    if let Err(e) = ctx.out.flush()
        && result.is_ok()
    {
        result = Err(Error::Io(e));
    }
    if let Err(e) = &result
        && !e.is_broken_pipe()
    {
        let _ = report_error(e, &mut ctx);
    }
    error::exit_code(&result)
}

/// Prints why a command could not run. Input findings are shown whatever the verbosity.
fn report_error(error: &Error, ctx: &mut commands::Context<'_>) -> io::Result<()> {
    match error {
        Error::Input(findings) => {
            for finding in findings {
                ctx.err
                    .write_all(report::human::render(finding, &ctx.style).as_bytes())?;
            }
            Ok(())
        }
        Error::Reported => Ok(()),
        Error::Write { path, source } => ctx.err.write_all(
            report::human::render(&commands::write_finding(path, source), &ctx.style).as_bytes(),
        ),
        other => writeln!(ctx.err, "error: {other}"),
    }
}

/// Colour from `--color` and `NO_COLOR`, width from `COLUMNS`, else the terminal, else 80.
fn style(cli: &cli::Cli) -> Style {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let color = match cli.color {
        cli::Color::Always => true,
        cli::Color::Never => false,
        cli::Color::Auto => !no_color && io::stderr().is_terminal(),
    };
    let color_out = match cli.color {
        cli::Color::Always => true,
        cli::Color::Never => false,
        cli::Color::Auto => !no_color && io::stdout().is_terminal(),
    };
    let width = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|w| *w > 0)
        .or_else(|| {
            io::stderr()
                .is_terminal()
                .then(|| terminal_size::terminal_size_of(io::stderr()))
                .flatten()
                .map(|(w, _)| usize::from(w.0))
        })
        .unwrap_or(80);
    let threshold = if cli.quiet {
        Severity::Error
    } else if cli.verbose {
        Severity::Note
    } else {
        Severity::Warning
    };
    Style {
        color,
        color_out,
        width,
        threshold,
        progress: !cli.quiet && io::stderr().is_terminal() && std::env::var_os("CI").is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::{SMALL_RUN, is_small_run};
    use std::ffi::OsString;

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
}
