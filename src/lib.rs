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

use std::io::{self, Write};

use diagnostic::Severity;
use error::Error;
use report::Style;

/// What the process's environment and terminal say, read once by the binary (`src/main.rs`
/// and its `process` module): the library reads neither environment variables nor terminals.
#[derive(Debug, Clone, Default)]
pub struct Environment {
    /// `NO_COLOR` is set and not empty.
    pub no_color: bool,
    /// `COLUMNS`, when it is a positive number.
    pub columns: Option<usize>,
    /// `CI` is set: no progress bar.
    pub ci: bool,
    /// Standard output is a terminal.
    pub stdout_terminal: bool,
    /// Standard error is a terminal.
    pub stderr_terminal: bool,
    /// The width of the terminal standard error is, when it is one.
    pub terminal_width: Option<usize>,
}

/// Where a command line runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Thread {
    /// On the calling thread, with no warm-up: for what compiles nothing and recurses only as
    /// deep as loading bounds it (`--version`, `--help`, `completions`, `explain`, `flatten
    /// --no-verify` without `--target`).
    Here,
    /// On a worker thread with the stack recursive code needs (`threads`), while the calling
    /// thread builds the meta-schema validator every compile needs ([`validate::warm_up`]).
    Worker,
}

/// The `stitch` process, given its arguments (the program's name first) and environment, as
/// `src/main.rs` reads them: parses the command line (clap prints usage errors and exits) and
/// runs it on `thread`. Returns the exit code.
///
/// One thread beside the worker, not two: a thread's first allocation takes fresh pages of its
/// own, which a short run pays for (issue 16).
pub fn main(args: Vec<std::ffi::OsString>, env: &Environment, thread: Thread) -> u8 {
    let parse = move || <cli::Cli as clap::Parser>::parse_from(args);
    match thread {
        Thread::Here => worker_exit(threads::here(|| run_here(parse(), env))),
        Thread::Worker => worker_exit(threads::run_beside(
            "stitch",
            || run_here(parse(), env),
            validate::warm_up,
        )),
    }
}

/// Runs a parsed command line with the process's standard streams and returns the exit code.
pub fn run(cli: cli::Cli, env: &Environment) -> u8 {
    worker_exit(threads::run("stitch", move || run_here(cli, env)))
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

fn run_here(cli: cli::Cli, env: &Environment) -> u8 {
    let style = style(&cli, env);
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
            report::human::render(&error::write_finding(path, source), &ctx.style).as_bytes(),
        ),
        other => writeln!(ctx.err, "error: {other}"),
    }
}

/// Colour from `--color` and `NO_COLOR`, width from `COLUMNS`, else the terminal, else 80.
fn style(cli: &cli::Cli, env: &Environment) -> Style {
    let color = match cli.color {
        cli::Color::Always => true,
        cli::Color::Never => false,
        cli::Color::Auto => !env.no_color && env.stderr_terminal,
    };
    let color_out = match cli.color {
        cli::Color::Always => true,
        cli::Color::Never => false,
        cli::Color::Auto => !env.no_color && env.stdout_terminal,
    };
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
        width: env.columns.or(env.terminal_width).unwrap_or(80),
        threshold,
        progress: !cli.quiet && env.stderr_terminal && !env.ci,
        timing: env.stderr_terminal,
    }
}
