//! `stitch check --format sarif` (C6): SARIF 2.1.0 as GitHub code scanning reads it. Every code
//! the results use is a rule (its summary, explanation and default level); every finding a
//! result with the file it is about and, when its span is known, the line and column.
//!
//! Serialised from serde structs of our own: the few SARIF objects stitch needs.

use serde::Serialize;

use crate::diagnostic::{Finding, Severity, codes};
use crate::document::locate;

/// The SARIF log of one run over `findings` (shown, spans filled, sorted).
pub fn log(findings: &[Finding]) -> String {
    // The rules the results use, in the table's order: a log that lists the whole table
    // would change with every code stitch adds.
    let used: Vec<codes::Code> = codes::ALL
        .iter()
        .copied()
        .filter(|code| findings.iter().any(|f| f.code == *code))
        .collect();
    let rules: Vec<Rule> = used
        .iter()
        .map(|code| {
            let info = code.info();
            Rule {
                id: info.name,
                short_description: Text {
                    text: info.summary.to_owned(),
                },
                full_description: Text {
                    text: info.explanation.to_owned(),
                },
                default_configuration: Configuration {
                    level: level(info.severity),
                },
                help: Text {
                    text: format!("`stitch explain {}` says more", info.name),
                },
            }
        })
        .collect();
    let results = findings
        .iter()
        .map(|finding| {
            let rule_index = used
                .iter()
                .position(|c| *c == finding.code)
                .unwrap_or_default();
            let message = match &finding.help {
                Some(help) => format!("{}\n{help}", finding.message),
                None => finding.message.clone(),
            };
            SarifResult {
                rule_id: finding.code.as_str(),
                rule_index,
                level: level(finding.severity),
                message: Text { text: message },
                locations: location(finding).into_iter().collect(),
            }
        })
        .collect();
    let log = Log {
        schema: "https://json.schemastore.org/sarif-2.1.0.json",
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: Driver {
                    name: "stitch",
                    version: env!("CARGO_PKG_VERSION"),
                    rules,
                },
            },
            results,
        }],
    };
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    text
}

/// A severity as a SARIF level.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// Where a finding is: its file (a relative URI reference), and the region its span covers.
fn location(finding: &Finding) -> Option<Location> {
    let file = finding.file.as_deref()?;
    let region = match (&finding.span, &finding.source) {
        (Some(span), Some(source)) => {
            let (start_line, start_column) = locate::line_column(&source.text, span.start);
            let (end_line, end_column) = locate::line_column(&source.text, span.end);
            Some(Region {
                start_line,
                start_column,
                end_line,
                end_column,
            })
        }
        _ => None,
    };
    Some(Location {
        physical_location: PhysicalLocation {
            artifact_location: ArtifactLocation { uri: uri(file) },
            region,
        },
    })
}

/// A path as a URI reference: `/` separators, and the characters a URI cannot hold escaped.
fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.replace('\\', "/").chars() {
        match c {
            'A'..='Z' | 'a'..='z' | '0'..='9' | '-' | '.' | '_' | '~' | '/' | '@' | '+' | '!' => {
                out.push(c);
            }
            other => {
                let mut buf = [0u8; 4];
                for byte in other.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{byte:02X}"));
                }
            }
        }
    }
    out
}

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: Vec<Run>,
}

#[derive(Serialize)]
struct Run {
    tool: Tool,
    results: Vec<SarifResult>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    rules: Vec<Rule>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    short_description: Text,
    full_description: Text,
    default_configuration: Configuration,
    help: Text,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    locations: Vec<Location>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    physical_location: PhysicalLocation,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<Region>,
}

#[derive(Serialize)]
struct ArtifactLocation {
    uri: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    start_column: usize,
    end_line: usize,
    end_column: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("tools/a b#1.json"), "tools/a%20b%231.json");
        assert_eq!(uri("dir\\é.json"), "dir/%C3%A9.json");
    }
}
