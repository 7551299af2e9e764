//! What `stitch inspect` shows of a loaded input: its kind, draft, schemas or tools, references
//! and the files they reached, as one typed summary rendered for people or as JSON.

use std::path::Path;

use super::json::{InspectInput, InspectReference, InspectSchema, findings};
use crate::diagnostic::Finding;
use crate::document::{self, Contents, Loaded, Tool};

/// The summary of a loaded input; `shown` are its findings at the verbosity asked for.
pub fn summary(file: &str, loaded: &Loaded, shown: &[Finding]) -> InspectInput {
    let tool = |tool: &Tool| InspectSchema {
        name: tool.name.clone(),
        pointer: tool.schema.clone(),
        form: Some(tool.form.name()),
    };
    let schemas = match &loaded.contents {
        Contents::Schema { name } => vec![InspectSchema {
            name: name.clone(),
            pointer: Some(String::new()),
            form: None,
        }],
        Contents::Tool(t) => vec![tool(t)],
        Contents::Tools { tools, .. } => tools.iter().map(tool).collect(),
    };
    let references = loaded
        .references
        .iter()
        .map(|r| InspectReference {
            at: format!("{}/{}", r.from.pointer, r.keyword),
            to: r.target.as_ref().map(|t| {
                let file = if t.doc == 0 {
                    String::new()
                } else {
                    place(loaded, t.doc)
                };
                format!("{file}#{}", t.pointer)
            }),
        })
        .collect();
    InspectInput {
        file: file.to_owned(),
        loaded: true,
        kind: Some(loaded.contents.kind().name()),
        draft: Some(loaded.input().draft.name()),
        schemas,
        references,
        files: (1..loaded.documents.len())
            .map(|d| place(loaded, d))
            .collect(),
        findings: findings(shown),
    }
}

/// The summary of an input that could not be loaded.
pub fn failed(file: &str, shown: &[Finding]) -> InspectInput {
    InspectInput {
        file: file.to_owned(),
        loaded: false,
        kind: None,
        draft: None,
        schemas: Vec::new(),
        references: Vec::new(),
        files: Vec::new(),
        findings: findings(shown),
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

/// A summary as text.
pub fn human(summary: &InspectInput) -> String {
    let mut out = format!(
        "{}: {}, draft {}\n",
        summary.file,
        summary.kind.unwrap_or_default(),
        summary.draft.unwrap_or_default()
    );
    for schema in &summary.schemas {
        let pointer = match &schema.pointer {
            Some(p) => format!("#{p}"),
            None => "no input schema".to_owned(),
        };
        match schema.form {
            Some(form) => out += &format!("  tool `{}` ({form}): {pointer}\n", schema.name),
            None => out += &format!("  schema `{}`: {pointer}\n", schema.name),
        }
    }
    for reference in &summary.references {
        out += &format!(
            "  reference #{} -> {}\n",
            reference.at,
            reference.to.as_deref().unwrap_or_default()
        );
    }
    for file in &summary.files {
        out += &format!("  file {file}\n");
    }
    out
}
