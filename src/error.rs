//! What a command ends with, and the one table that turns it into an exit code (SPEC §9).
//!
//! A command returns `Ok(Outcome)` when it ran — its answer positive, negative or undecided — and
//! `Err(Error)` when it could not run. [`exit_code`] is the only place exit codes are decided.

use std::fmt;
use std::io;
use std::path::PathBuf;

use crate::diagnostic::Finding;

/// The answer of a command that ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The answer is positive (or the command has no answer and did its job).
    Positive,
    /// The answer is negative: findings at error severity, a refuted proof, a stale artifact.
    Negative,
    /// The answer is undecided: `verify` unknown.
    Undecided,
}

/// Why a command could not run.
#[derive(Debug)]
pub enum Error {
    /// An input could not be loaded; the findings say why, with positions.
    Input(Vec<Finding>),
    /// The command line or configuration is wrong in a way clap could not catch.
    Usage(String),
    /// An output could not be written; any existing file is untouched.
    Write {
        /// Where stitch tried to write.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// Standard output or error failed (other than a closed pipe).
    Io(io::Error),
    /// The command could not run and has already reported why (e.g. in its `--format json`
    /// document); nothing more is printed.
    Reported,
}

impl Error {
    /// True when the error is a closed pipe on standard output, which exits 0 quietly (SPEC §9).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(findings) => match findings.as_slice() {
                [one] => write!(f, "{one}"),
                many => write!(f, "{} problems in the input", many.len()),
            },
            Error::Usage(message) => f.write_str(message),
            Error::Write { path, source } => {
                write!(
                    f,
                    "cannot write `{}`: {}",
                    path.display(),
                    write_reason(path, source)
                )
            }
            Error::Io(e) => write!(f, "{e}"),
            Error::Reported => f.write_str("could not run (reported above)"),
        }
    }
}

impl std::error::Error for Error {}

/// Why writing `path` failed, in words that name what the user gave (never stitch's temporary
/// file, which the system's message may name).
pub fn write_reason(path: &std::path::Path, source: &io::Error) -> String {
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    match source.kind() {
        io::ErrorKind::NotFound if !folder.is_dir() => {
            format!("the folder `{}` does not exist", folder.display())
        }
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        io::ErrorKind::IsADirectory => "it is a directory".to_owned(),
        _ => {
            let text = source.to_string();
            text.split(" at path ").next().unwrap_or(&text).to_owned()
        }
    }
}

/// A failed write as a finding that names the path the user gave (L6).
pub fn write_finding(path: &std::path::Path, source: &std::io::Error) -> Finding {
    let reason = write_reason(path, source);
    let finding = Finding::of(
        crate::diagnostic::codes::WRITE,
        format!("cannot write `{}`: {reason}", path.display()),
    );
    if reason.starts_with("the folder") {
        finding.with_help("create the folder first, or name one that exists")
    } else {
        finding
    }
}

/// The exit code for a command's result. One exhaustive match, the reason beside each arm.
pub fn exit_code(result: &Result<Outcome, Error>) -> u8 {
    match result {
        // 0: the command ran and its answer is positive.
        Ok(Outcome::Positive) => 0,
        // 1: its answer is negative (check errors, verify refuted, manifest stale, ...).
        Ok(Outcome::Negative) => 1,
        // 3: undecided (verify unknown; diff --fail-on breaking whose only doubt is unknown).
        Ok(Outcome::Undecided) => 3,
        // A closed pipe is the reader's choice, not a failure: exit 0 quietly.
        Err(e) if e.is_broken_pipe() => 0,
        // 2: it could not run — bad input, usage, unwritable output, failed terminal.
        Err(
            Error::Input(_)
            | Error::Usage(_)
            | Error::Write { .. }
            | Error::Io(_)
            | Error::Reported,
        ) => 2,
    }
}
