//! Findings as JSON values, for `--format json` on every command that prints them (SPEC §9).
//! The shape is versioned by the command's top-level `formatVersion`.

use serde_json::{Value, json};

use crate::diagnostic::Finding;
use crate::document::locate;

/// One finding: code, severity, message, file, pointer, and the span as byte offsets and as
/// 1-based line and column.
pub fn finding(finding: &Finding) -> Value {
    let span = match (&finding.span, &finding.source) {
        (Some(span), Some(source)) => {
            let (line, column) = locate::line_column(&source.text, span.start);
            json!({"start": span.start, "end": span.end, "line": line, "column": column})
        }
        _ => Value::Null,
    };
    json!({
        "code": finding.code.as_str(),
        "severity": finding.severity.as_str(),
        "message": finding.message,
        "file": finding.file,
        "pointer": finding.pointer,
        "span": span,
        "help": finding.help,
    })
}
