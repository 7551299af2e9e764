//! `stitch check --format github` (C6): GitHub Actions workflow commands, one per finding, so
//! that each shows as an annotation on the pull request's files.

use std::fmt::Write as _;

use crate::diagnostic::{Finding, Severity};
use crate::document::locate;

/// One `::error file=…,line=…,col=…,title=CODE::message` line per finding.
pub fn commands(findings: &[Finding]) -> String {
    let mut out = String::new();
    for finding in findings {
        let command = match finding.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "notice",
        };
        let mut properties = Vec::new();
        if let Some(file) = &finding.file {
            properties.push(format!("file={}", property(file)));
        }
        if let (Some(span), Some(source)) = (&finding.span, &finding.source) {
            let (line, column) = locate::line_column(&source.text, span.start);
            let (end_line, end_column) = locate::line_column(&source.text, span.end);
            properties.push(format!("line={line},col={column}"));
            properties.push(format!("endLine={end_line},endColumn={end_column}"));
        }
        properties.push(format!("title={}", property(finding.code.as_str())));
        let mut message = finding.message.clone();
        if let Some(pointer) = finding
            .pointer
            .as_deref()
            .filter(|p| !p.is_empty() && finding.span.is_none())
        {
            let _ = write!(message, " (#{pointer})");
        }
        if let Some(help) = &finding.help {
            let _ = write!(message, "\n{help}");
        }
        let _ = writeln!(
            out,
            "::{command} {}::{}",
            properties.join(","),
            data(&message)
        );
    }
    out
}

/// A command's message, escaped as the runner reads it.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property's value, escaped as the runner reads it.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::codes;

    #[test]
    fn messages_and_properties_are_escaped() {
        let finding = Finding::of(codes::CHECK_STALE, "50% stale\nsee below")
            .in_file("a,b.json")
            .with_help("run it");
        assert_eq!(
            commands(&[finding]),
            "::error file=a%2Cb.json,title=stitch%3A%3Acheck%3A%3Astale::50%25 stale%0Asee below%0Arun it\n"
        );
    }
}
