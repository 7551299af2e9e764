//! Verification reports (V4, V5) as text: the block `verify` prints for each pair, and the
//! status line `flatten` prints for each presentation it verified.

use crate::diagnostic::Severity;
use crate::present::Verification;
use crate::verify::{Report, Verdict};

use super::json;

/// A report as text: headline, reason or counterexample, samples.
pub fn human(name: &str, report: &Report, reproduce: &str) -> String {
    let mut out = report.headline(name);
    out.push('\n');
    let reason_shown = report.verdict == Verdict::Unknown
        || (report.verdict == Verdict::Refuted && report.counterexample.is_none());
    if reason_shown && let Some(reason) = &report.reason {
        let at = match (reason.keyword.is_empty(), reason.pointer.is_empty()) {
            (true, true) => String::new(),
            (true, false) => format!("at #{}: ", reason.pointer),
            (false, _) => format!("`{}` at #{}: ", reason.keyword, reason.pointer),
        };
        out.push_str(&format!("  reason: {at}{}\n", reason.message));
    }
    if let Some(document) = json::counterexample(report, reproduce) {
        out.push_str("  counterexample:\n");
        for line in json::pretty(&document).lines() {
            out.push_str("  ");
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str("  ");
    out.push_str(&report.samples_line());
    out.push('\n');
    out
}

/// The line `flatten` prints about a presentation it verified, with the least verbosity that
/// shows it: a proven one at warnings, an unchanged one at notes. Unknown and refuted verdicts
/// are findings instead.
pub fn status_line(name: &str, verification: &Verification) -> Option<(Severity, String)> {
    match verification {
        Verification::Unchanged => Some((
            Severity::Note,
            format!("verify: {name}: unchanged, nothing to verify\n"),
        )),
        Verification::Verified(report) if report.verdict == Verdict::Proven => Some((
            Severity::Warning,
            format!(
                "verify: {}; {} sampled values accepted\n",
                report.headline(name),
                report.samples.checked
            ),
        )),
        _ => None,
    }
}
