//! `stitch inspect FILE…`: load each input and show what stitch sees — kind, draft, tools,
//! references and the files they reached. Every input is tried; the command exits 2 if any
//! could not be loaded (SPEC §9), after reporting all of them.

use std::path::Path;

use serde_json::{Value, json};

use super::{Context, load_options};
use crate::canonical;
use crate::cli::{Format, InspectArgs};
use crate::diagnostic::Finding;
use crate::document::{self, Contents, Input, Loaded};
use crate::error::{Error, Outcome};
use crate::report;

/// Version of the `--format json` shape.
const FORMAT_VERSION: u32 = 1;

pub(super) fn run(args: &InspectArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let options = load_options(&args.load);
    let mut failures: Vec<Finding> = Vec::new();
    let mut json_inputs = Vec::new();
    for file in &args.files {
        let input = Input::from_arg(file);
        match document::load_checked(&input, &options) {
            Ok(loaded) => {
                let summary = summary(&input, &loaded);
                match args.format {
                    Format::Human => {
                        ctx.out.write_all(human(&summary).as_bytes())?;
                        ctx.report(&loaded.findings)?;
                    }
                    Format::Json => {
                        let mut summary = summary;
                        summary["findings"] = ctx
                            .shown(&loaded.findings)
                            .iter()
                            .map(report::json::finding)
                            .collect();
                        json_inputs.push(summary);
                    }
                }
            }
            Err(findings) => {
                if args.format == Format::Json {
                    json_inputs.push(json!({
                        "file": input.name(),
                        "loaded": false,
                        "findings": findings.iter().map(report::json::finding).collect::<Vec<_>>(),
                    }));
                }
                failures.extend(findings);
            }
        }
    }
    if args.format == Format::Json {
        let document = json!({"formatVersion": FORMAT_VERSION, "inputs": json_inputs});
        ctx.out.write_all(canonical::pretty(&document).as_bytes())?;
        return if failures.is_empty() {
            Ok(Outcome::Positive)
        } else {
            Err(Error::Reported)
        };
    }
    if failures.is_empty() {
        Ok(Outcome::Positive)
    } else {
        Err(Error::Input(failures))
    }
}

/// Where a loaded document came from, as the user should read it: a path relative to the
/// input's folder for files, the URI for mapped remote documents.
fn place(loaded: &Loaded, doc: usize) -> String {
    let document = &loaded.documents[doc];
    if doc == 0 {
        return document.source.name.clone();
    }
    let base = loaded.documents[0].uri.to_file_path().ok();
    match (document.uri.scheme(), document.uri.to_file_path(), base) {
        ("file", Ok(path), Some(base)) => {
            document::relative_path(&path, base.parent().unwrap_or(Path::new("/")))
        }
        _ => document.uri.to_string(),
    }
}

fn summary(input: &Input, loaded: &Loaded) -> Value {
    let contents = &loaded.contents;
    let schemas: Vec<Value> = match contents {
        Contents::Schema { name } => vec![json!({"name": name, "pointer": ""})],
        Contents::Tool(tool) => vec![tool_json(tool)],
        Contents::Tools { tools, .. } => tools.iter().map(tool_json).collect(),
    };
    let references: Vec<Value> = loaded
        .references
        .iter()
        .map(|r| {
            let to = r.target.as_ref().map(|t| {
                let file = if t.doc == 0 {
                    String::new()
                } else {
                    place(loaded, t.doc)
                };
                format!("{file}#{}", t.pointer)
            });
            json!({"at": format!("{}/{}", r.from.pointer, r.keyword), "to": to})
        })
        .collect();
    let files: Vec<String> = (1..loaded.documents.len())
        .map(|d| place(loaded, d))
        .collect();
    json!({
        "file": input.name(),
        "loaded": true,
        "kind": contents.kind().name(),
        "draft": loaded.input().draft.name(),
        "schemas": schemas,
        "references": references,
        "files": files,
    })
}

fn tool_json(tool: &document::Tool) -> Value {
    json!({"name": tool.name, "pointer": tool.schema, "form": tool.form.name()})
}

/// The human form of a summary.
fn human(summary: &Value) -> String {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    let mut out = format!(
        "{}: {}, draft {}\n",
        text(&summary["file"]),
        text(&summary["kind"]),
        text(&summary["draft"])
    );
    for schema in summary["schemas"].as_array().into_iter().flatten() {
        let pointer = match &schema["pointer"] {
            Value::String(p) => format!("#{p}"),
            _ => "no input schema".to_owned(),
        };
        match &schema["form"] {
            Value::String(form) => {
                out += &format!("  tool `{}` ({form}): {pointer}\n", text(&schema["name"]));
            }
            _ => out += &format!("  schema `{}`: {pointer}\n", text(&schema["name"])),
        }
    }
    for reference in summary["references"].as_array().into_iter().flatten() {
        out += &format!(
            "  reference #{} -> {}\n",
            text(&reference["at"]),
            text(&reference["to"])
        );
    }
    for file in summary["files"].as_array().into_iter().flatten() {
        out += &format!("  file {}\n", text(file));
    }
    out
}
