//! C2: one document through every stage of `stitch check`: what loading found and the lint
//! rules (C3), then flatten
//! and verify (F, V), then each configured target's rewrites and rules (C4), every finding
//! collected, and the bytes its committed presentation should hold (C5; comparing them with
//! the file is the command's, which reads files). The severities are the gate's: an `unknown` verdict is an error unless
//! `allow_unproven`, and `[rules]` overrides any code last.

use std::path::Path;

use crate::diagnostic::{Code, Finding, Severity, codes};
use crate::document::{self, Loaded};
use crate::manifest::{Tool, manifest_tools, present_for, record_target};
use crate::present::{Plan, present, rebased};
use crate::targets::adapt::{RequestScope, target};
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
