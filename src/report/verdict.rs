//! Verification reports (V4, V5) as text and as JSON: the verdict, the semantics, and the
//! counterexample with its branch, the rejecting keyword and the command that reproduces it.

use serde_json::{Value, json};

use crate::canonical;
use crate::verify::{Report, Verdict};

/// The counterexample as the JSON document V5 describes, or `None`.
pub fn counterexample(report: &Report, reproduce: &str) -> Option<Value> {
    let c = report.counterexample.as_ref()?;
    Some(json!({
        "value": c.value,
        "branch": c.branch,
        "rejectedBy": c.rejected_by,
        "message": c.message,
        "foundBy": c.found_by,
        "reproduce": reproduce,
    }))
}

/// One report as JSON, named.
pub fn json(name: &str, report: &Report, reproduce: &str) -> Value {
    json!({
        "name": name,
        "verdict": report.verdict.name(),
        "semantics": report.semantics.name(),
        "provenBy": report.proven_by,
        "reason": report.reason.as_ref().map(|r| json!({
            "keyword": r.keyword,
            "pointer": r.pointer,
            "message": r.message,
        })),
        "counterexample": counterexample(report, reproduce),
        "samples": {
            "seed": report.seed,
            "generated": report.samples.generated,
            "valid": report.samples.valid,
            "checked": report.samples.checked,
        },
        "steps": report.steps,
        "bugs": report.bugs,
    })
}

/// The one-line summary: `name: proven (declared semantics, structural prover)`.
pub fn headline(name: &str, report: &Report) -> String {
    let how = match (report.verdict, report.proven_by) {
        (Verdict::Proven, Some(by)) => format!(", {by}"),
        _ => String::new(),
    };
    format!(
        "{name}: {} ({} semantics{how})",
        report.verdict.name(),
        report.semantics.name()
    )
}

/// The sampling line.
pub fn samples(report: &Report) -> String {
    let s = &report.samples;
    format!(
        "samples: seed {}, {} generated, {} valid under SUB, {} checked against SUP",
        report.seed, s.generated, s.valid, s.checked
    )
}

/// A report as text: headline, reason or counterexample, samples.
pub fn human(name: &str, report: &Report, reproduce: &str) -> String {
    let mut out = headline(name, report);
    out.push('\n');
    if report.verdict == Verdict::Unknown
        && let Some(reason) = &report.reason
    {
        let at = if reason.keyword.is_empty() {
            format!("at #{}", reason.pointer)
        } else {
            format!("`{}` at #{}", reason.keyword, reason.pointer)
        };
        out.push_str(&format!("  reason: {at}: {}\n", reason.message));
    }
    if let Some(document) = counterexample(report, reproduce) {
        out.push_str("  counterexample:\n");
        for line in canonical::pretty(&document).lines() {
            out.push_str("  ");
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str("  ");
    out.push_str(&samples(report));
    out.push('\n');
    out
}
