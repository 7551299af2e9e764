//! C2: one document through every stage of `stitch check`: what loading found and the lint
//! rules (C3), then flatten
//! and verify (F, V), then each configured target's rewrites and rules (C4), every finding
//! collected, and the bytes its committed presentation should hold (C5; comparing them with
//! the file is the command's, which reads files). The severities are the gate's: an `unknown` verdict is an error unless
//! `allow_unproven`, and `[rules]` overrides any code last.

use std::path::Path;

use super::{Plan, Presented, RequestScope, Targeted, present, rebased, target};
use crate::diagnostic::{Code, Finding, Severity, codes};
use crate::document::Contents;
use crate::document::{self, Loaded};
use crate::manifest::{StringifiedEnum, TargetFinding, TargetPresentation, Tool};
use crate::schema::pointer;
use crate::targets::{Profile, Request};
use crate::verify::Verdict;

/// What the gate applies to every document.
#[derive(Debug, Clone)]
pub struct Gate {
    /// How to flatten and verify.
    pub plan: Plan,
    /// The targets each presentation is checked for.
    pub targets: Vec<&'static Profile>,
    /// An `unknown` verdict is a warning rather than an error.
    pub allow_unproven: bool,
    /// `[rules]`: a code's severity, or `None` to drop its findings.
    pub rules: Vec<(Code, Option<Severity>)>,
    /// C5, M1: the run compares the committed manifest, so each document's tools are listed
    /// (the command passes their `source` to [`Gate::check`]).
    pub manifest: bool,
    /// The targets the manifest records a presentation for: stitch.toml's, whatever
    /// `--target` checks.
    pub manifest_targets: Vec<&'static Profile>,
}

/// One document, checked.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// Each schema's name and verdict (`None` when it could not be verified).
    pub verdicts: Vec<(String, Option<Verdict>)>,
    /// Every finding, in the order the stages made them.
    pub findings: Vec<Finding>,
    /// Per target (in the gate's order), the document's counts toward per-request limits.
    pub requests: Vec<Request>,
    /// C5: the presentation's bytes as `stitch flatten --out-dir` writes them at the artifact
    /// path given to [`Gate::check`]; `None` without one, or when the file did not load.
    pub artifact: Option<String>,
    /// The document's tools as the manifest lists them, when a manifest `source` was given and
    /// the document could be flattened; `None` otherwise.
    pub tools: Option<Vec<Tool>>,
}

impl Gate {
    /// Checks `loaded`, read from `file`; with `artifact`, the path its committed presentation
    /// should be at (C5), also the bytes that belong there; with `source` (how the committed
    /// manifest names the file), also its tools as the manifest lists them.
    pub fn check(
        &self,
        loaded: &Loaded,
        file: &str,
        artifact: Option<&Path>,
        source: Option<&str>,
    ) -> Checked {
        let linted = crate::lint::lint(loaded);
        let mut checked = Checked {
            findings: [loaded.findings.clone(), linted.clone()].concat(),
            requests: vec![Request::default(); self.targets.len()],
            ..Checked::default()
        };
        // A document whose patterns or references do not compile cannot be verified. The
        // validator refuses a schema its meta-schema refuses, at the first error, which the
        // lint rules have said already (with the draft) where they found it.
        // (Said unless `[rules]` turned them off: a file that cannot be verified is never
        // passed in silence.)
        let refused = document::compile_findings(loaded);
        if !refused.is_empty() {
            let linted = self.judged(linted);
            checked.findings.extend(refused.into_iter().filter(|f| {
                f.code != codes::INVALID_SCHEMA
                    || !f
                        .pointer
                        .as_deref()
                        .is_some_and(|at| crate::lint::told(&linted, at))
            }));
            checked.findings = self.judged(checked.findings);
            return checked;
        }
        let presented = present(loaded, file, &self.plan);
        checked.artifact = artifact.map(|path| {
            rebased(loaded, &presented.document, None, path)
                .unwrap_or_else(|| presented.bytes.clone())
        });
        checked.tools = source.map(|source| manifest_tools(loaded, &presented, source));
        checked.findings.extend(presented.findings.iter().cloned());
        for schema in &presented.schemas {
            checked
                .verdicts
                .push((schema.name.clone(), Some(schema.verification.verdict())));
            checked.findings.extend(schema.findings.iter().cloned());
        }
        for (profile, request) in self.targets.iter().zip(&mut checked.requests) {
            let mut shaped = presented.clone();
            let targeted = target(
                profile,
                loaded,
                &mut shaped,
                &self.plan,
                file,
                RequestScope::Shared,
            );
            if let Some(tools) = &mut checked.tools
                && self.manifest_targets.contains(profile)
            {
                record_target(tools, loaded, profile, &shaped, &targeted);
            }
            checked.findings.extend(targeted.findings);
            *request = targeted.request;
        }
        if let Some(tools) = &mut checked.tools {
            for profile in &self.manifest_targets {
                if !self.targets.contains(profile) {
                    present_for(tools, loaded, profile, &presented, &self.plan, file);
                }
            }
        }
        checked.findings = self.judged(checked.findings);
        // Sorted by file in the report: a finding made without one (a verification's) is this
        // file's.
        for finding in &mut checked.findings {
            if finding.file.is_none() {
                finding.file = Some(file.to_owned());
            }
        }
        checked
    }

    /// The findings with the gate's severities: `unknown` an error unless allowed, then
    /// `[rules]`.
    pub fn judged(&self, findings: Vec<Finding>) -> Vec<Finding> {
        findings
            .into_iter()
            .filter_map(|mut finding| {
                if finding.code == codes::VERIFY_UNKNOWN && !self.allow_unproven {
                    finding.severity = Severity::Error;
                }
                match self.rules.iter().find(|(code, _)| *code == finding.code) {
                    Some((_, None)) => None,
                    Some((_, Some(severity))) => Some(Finding {
                        severity: *severity,
                        ..finding
                    }),
                    None => Some(finding),
                }
            })
            .collect()
    }
}

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
                tool.verdict = result.verification.verdict().name();
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
fn record_target(
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
            digest: crate::manifest::digest(presentation),
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
                code: finding.code.as_str(),
                severity: finding.severity.as_str(),
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
