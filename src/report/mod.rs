//! Renderers only: findings and results in, text out (SPEC §9). Nothing here decides anything;
//! the commands choose what to show, these modules how.

pub(crate) mod diff;
pub(crate) mod github;
pub(crate) mod human;
pub(crate) mod inspect;
pub mod json;
pub(crate) mod sarif;
pub(crate) mod verdict;

use crate::diagnostic::{Finding, Severity};

/// What a command's standard output is, decided by one exhaustive `match` per format type
/// (`From` below), so that a new format is a decision, never a silent fall-through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// People: results on standard output, diagnostics rendered on standard error.
    Human,
    /// One machine document on standard output (JSON, SARIF, GitHub annotations),
    /// which also says why a run could not finish.
    Document,
}

impl From<crate::cli::Format> for Output {
    fn from(format: crate::cli::Format) -> Output {
        match format {
            crate::cli::Format::Human => Output::Human,
            crate::cli::Format::Json => Output::Document,
        }
    }
}

impl From<crate::cli::CheckFormat> for Output {
    fn from(format: crate::cli::CheckFormat) -> Output {
        use crate::cli::CheckFormat;
        match format {
            CheckFormat::Human => Output::Human,
            CheckFormat::Json | CheckFormat::Sarif | CheckFormat::Github => Output::Document,
        }
    }
}

impl From<crate::cli::DiffFormat> for Output {
    fn from(format: crate::cli::DiffFormat) -> Output {
        use crate::cli::DiffFormat;
        match format {
            DiffFormat::Human => Output::Human,
            // A could-not-run Markdown comment would say nothing useful: the error is
            // printed on standard error, as for people.
            DiffFormat::Markdown => Output::Human,
            DiffFormat::Json => Output::Document,
        }
    }
}

/// How diagnostics look on this run: colour, width, and how much to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Colour diagnostics (standard error).
    pub color: bool,
    /// Colour results on standard output (`stitch diff`'s text diff): `--color always`, or
    /// `auto` with standard output a terminal and no `NO_COLOR`.
    pub color_out: bool,
    /// Wrap at this many columns.
    pub width: usize,
    /// The least severe finding shown: `Error` with `-q`, `Note` with `--verbose`.
    pub threshold: Severity,
    /// A long run may draw a progress bar: standard error is a terminal, `CI` is not set, and
    /// not `-q`.
    pub progress: bool,
    /// Standard error is a terminal: a human summary may say how long the run took (a time is
    /// never written where it could be compared or committed).
    pub timing: bool,
}

impl Default for Style {
    /// What tests and pipes get: no colour, 80 columns, errors and warnings.
    fn default() -> Self {
        Style {
            color: false,
            color_out: false,
            width: 80,
            threshold: Severity::Warning,
            progress: false,
            timing: false,
        }
    }
}

impl Style {
    /// True when `finding` is shown at this verbosity.
    pub fn shows(&self, finding: &Finding) -> bool {
        self.shows_severity(finding.severity)
    }

    /// True when remarks of `severity` are shown at this verbosity.
    pub fn shows_severity(&self, severity: Severity) -> bool {
        severity <= self.threshold
    }
}
