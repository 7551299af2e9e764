//! The findings a verification makes (V4, V5): a refuted or unknown presentation that `flatten`
//! verified itself, and disagreements between stitch's own judges (bugs, reported as such).

use crate::canonical;
use crate::diagnostic::{Finding, codes};
use crate::verify::{Report, Verdict};

/// Who wrote the second schema of a verification, which decides what a verdict means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// stitch wrote it from the first (a presentation from its contract): a refuted verdict is a
    /// bug in the flattener, an unknown one a warning.
    Presentation,
    /// The user gave both: verdicts are the answer, not findings; only bugs are.
    Given,
}

/// The findings of `report` for the schema `name` in `file`; `reproduce` is the command line
/// that reproduces it.
pub fn of_report(
    name: &str,
    file: &str,
    report: &Report,
    reproduce: &str,
    role: Role,
) -> Vec<Finding> {
    let with = match role {
        Role::Presentation => "the contract",
        Role::Given => "both files",
    };
    let mut out: Vec<Finding> = report
        .bugs
        .iter()
        .map(|bug| {
            Finding::of(codes::VERIFY_BUG, format!("{name}: {bug}")).with_help(format!(
                "this is a bug in stitch; please report it with {with}"
            ))
        })
        .collect();
    if role == Role::Given {
        return out;
    }
    let headline = report.headline(name);
    match report.verdict {
        Verdict::Proven => {}
        Verdict::Unknown => {
            let reason = report.reason.as_ref().map_or(String::new(), |r| {
                format!(": `{}` at #{}: {}", r.keyword, r.pointer, r.message)
            });
            out.push(
                Finding::of(codes::VERIFY_UNKNOWN, format!("{headline}{reason}"))
                    .in_file(file)
                    .with_help(format!(
                        "{}; no sampled value was rejected",
                        report.samples_line()
                    )),
            );
        }
        Verdict::Refuted => {
            let (value, rejected_by) = report.counterexample.as_ref().map_or_else(
                || (String::new(), String::new()),
                |c| (canonical::canonical_value(&c.value), c.rejected_by.clone()),
            );
            out.push(
                Finding::of(
                    codes::VERIFY_REFUTED,
                    format!("{headline}: the presentation rejects {value}"),
                )
                .in_file(file)
                .with_help(format!(
                    "rejected by #{rejected_by} of the presentation; this is a bug in stitch's flattener: please report it. Reproduce: {reproduce}"
                )),
            );
        }
    }
    out
}
