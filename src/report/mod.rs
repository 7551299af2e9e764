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
