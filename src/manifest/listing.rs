//! M1: how a document's tools are listed in the manifest, from its presentation: each tool's
//! name, source, description, verdict and widenings ([`manifest_tools`]), and per target the
//! presentation the target's adaptation made and what it recorded ([`present_for`]).

use super::{StringifiedEnum, TargetFinding, TargetPresentation, Tool};
use crate::diagnostic::{Severity, codes};
use crate::document::{Contents, Loaded};
use crate::present::{Plan, Presented};
use crate::schema::pointer;
use crate::targets::Profile;
use crate::targets::adapt::{RequestScope, Targeted, target};

/// Each tool of `loaded`, from its presentation `presented`; `source` is how the manifest names
/// the file (relative to the manifest's folder, with `/`).
pub fn manifest_tools(loaded: &Loaded, presented: &Presented<'_>, source: &str) -> Vec<Tool> {
    let contract = &loaded.input().value;
    loaded
        .contents
        .schemas()
        .into_iter()
        .filter_map(|(name, at)| {
            let presentation = presented.document.pointer(at)?.clone();
            let mut tool = Tool::new(
                name.to_owned(),
                format!("{source}#{at}"),
                presentation,
                contract.pointer(at)?,
            );
            tool.description = description(&loaded.contents, contract, at);
            if let Some(result) = presented.schemas.iter().find(|s| s.pointer == at) {
                tool.verdict = result.verification.verdict().name().to_owned();
            }
            tool.widenings = presented
                .findings
                .iter()
                .filter(|f| f.code == codes::WIDENED)
                .filter_map(|f| f.pointer.as_deref()?.strip_prefix(at))
                .map(str::to_owned)
                .collect();
            tool.widenings.sort();
            tool.widenings.dedup();
            Some(tool)
        })
        .collect()
}

/// Records on `tools` (of `loaded`, from [`manifest_tools`]) their presentation for `profile`,
/// made from `presented` here.
pub fn present_for(
    tools: &mut [Tool],
    loaded: &Loaded,
    profile: &'static Profile,
    presented: &Presented<'_>,
    plan: &Plan,
    file: &str,
) {
    let mut shaped = presented.clone();
    let targeted = target(
        profile,
        loaded,
        &mut shaped,
        plan,
        file,
        RequestScope::Shared,
    );
    record_target(tools, loaded, profile, &shaped, &targeted);
}

/// Records on `tools` (of `loaded`, from [`manifest_tools`]) their
/// presentation for `profile`: `shaped` is the presentation [`target`] rewrote, `targeted`
/// what it recorded. Pointers become relative to each tool's input schema; a finding outside
/// every input schema but inside a tool is the tool's, with no pointer.
pub fn record_target(
    tools: &mut [Tool],
    loaded: &Loaded,
    profile: &Profile,
    shaped: &Presented<'_>,
    targeted: &Targeted,
) {
    let within = |at: &str, place: &str| -> Option<String> {
        let rest = place.strip_prefix(at)?;
        (rest.is_empty() || rest.starts_with('/')).then(|| rest.to_owned())
    };
    let schemas = loaded.contents.schemas();
    for tool in tools.iter_mut() {
        // The tool's schema: its `source` ends with `#` and the schema's pointer.
        let Some((_, at)) = schemas.iter().find(|(_, at)| {
            tool.source
                .strip_suffix(at)
                .is_some_and(|s| s.ends_with('#'))
        }) else {
            continue;
        };
        let Some(presentation) = shaped.document.pointer(at) else {
            continue;
        };
        let mut entry = TargetPresentation {
            input_schema: presentation.clone(),
            digest: super::digest(presentation),
            schema_bytes: crate::canonical::canonical(presentation).len(),
            null_means_absent: Vec::new(),
            null_was_accepted: Vec::new(),
            stringified_enums: Vec::new(),
            findings: Vec::new(),
        };
        for nulled in &targeted.nulled {
            let property = pointer::push(&pointer::push(&nulled.object, "properties"), &nulled.key);
            if let Some(rel) = within(at, &property) {
                if nulled.was_nullable {
                    entry.null_was_accepted.push(rel.clone());
                }
                entry.null_means_absent.push(rel);
            }
        }
        entry.stringified_enums = targeted
            .stringified
            .iter()
            .filter_map(|s| {
                Some(StringifiedEnum {
                    pointer: within(at, &s.at)?,
                    values: s.values.clone(),
                })
            })
            .collect();
        let tool_at = tool_pointer(&loaded.contents, at);
        for finding in &targeted.findings {
            if finding.severity == Severity::Note {
                continue;
            }
            let place = finding.pointer.as_deref().unwrap_or_default();
            let pointer = match within(at, place) {
                Some(rel) => Some(rel),
                None if tool_at.is_some_and(|t| within(t, place).is_some()) => None,
                None => continue,
            };
            entry.findings.push(TargetFinding {
                code: finding.code.as_str().to_owned(),
                severity: finding.severity.as_str().to_owned(),
                pointer,
            });
        }
        tool.targets.insert(profile.id(), entry);
    }
}

/// The pointer of the tool whose input schema is at `at`; `None` for a bare schema.
fn tool_pointer<'c>(contents: &'c Contents, at: &str) -> Option<&'c str> {
    match contents {
        Contents::Schema { .. } => None,
        Contents::Tool(tool) => Some(&tool.pointer),
        Contents::Tools { tools, .. } => tools
            .iter()
            .find(|t| t.schema.as_deref() == Some(at))
            .map(|t| t.pointer.as_str()),
    }
}

/// The description of the tool whose input schema is at `at`: the tool's own, or a bare
/// schema's `description`.
fn description(contents: &Contents, contract: &serde_json::Value, at: &str) -> Option<String> {
    let tool = match contents {
        Contents::Schema { .. } => None,
        Contents::Tool(tool) => Some(tool),
        Contents::Tools { tools, .. } => tools.iter().find(|t| t.schema.as_deref() == Some(at)),
    };
    match tool {
        Some(tool) => tool.description.clone(),
        None => contract
            .pointer(at)?
            .get("description")?
            .as_str()
            .map(str::to_owned),
    }
}
