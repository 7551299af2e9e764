//! Presenting one input (§4, the step `flatten`, `check`, `manifest`, `validate` and `diff
//! --flatten` share): flatten each schema and verify each presentation against its contract
//! ([`present`]), the findings a verdict makes (`findings`), the command line that reproduces it
//! (`reproduce`), and the presentation's references rebased for where it is written
//! ([`rebased()`]).
//!
//! It sits above `flatten` and `verify`, which never import each other, and below the features
//! (targets, diff, check, manifest). Pure but for reading the files a presentation's references
//! name, as loading its contract did.

pub mod destinations;
pub mod findings;
pub mod reproduce;

use std::borrow::Cow;
use std::path::Path;

use serde_json::Value;

use crate::canonical;
use crate::diagnostic::{Finding, codes};
use crate::document::{self, LoadOptions, Loaded};
use crate::flatten::{self, Choices};
use crate::verify::{self, Report, Space, Verdict};

/// How to present a contract.
#[derive(Debug, Clone)]
pub struct Plan {
    /// How to flatten.
    pub choices: Choices,
    /// How to verify each presentation; `None` does not verify (`--no-verify`).
    pub verify: Option<verify::Options>,
    /// How the contract was loaded (the presentation's references are read the same way).
    pub load: LoadOptions,
}

/// What verifying one schema's presentation found.
#[derive(Debug, Clone)]
pub enum Verification {
    /// Flattening left the schema as it was: the presentation is the contract.
    Unchanged,
    /// The verdict.
    Verified(Box<Report>),
    /// The presentation does not load: a bug in stitch, counted as refuted.
    NotLoaded,
}

impl Verification {
    /// The verdict this counts as.
    pub fn verdict(&self) -> Verdict {
        match self {
            Verification::Unchanged => Verdict::Proven,
            Verification::Verified(report) => report.verdict,
            Verification::NotLoaded => Verdict::Refuted,
        }
    }
}

/// One schema (the input itself, or one tool's input schema) of a presented input.
#[derive(Debug, Clone)]
pub struct SchemaResult {
    /// The schema's or tool's name.
    pub name: String,
    /// Its pointer in the input.
    pub pointer: String,
    /// What verification found.
    pub verification: Verification,
    /// The findings it made (bugs, an unknown or refuted verdict).
    pub findings: Vec<Finding>,
}

/// A contract flattened, and verified unless asked not to.
#[derive(Debug, Clone)]
pub struct Presented<'l> {
    /// The presentation: the input document with each schema flattened (borrowed when nothing
    /// changed).
    pub document: Cow<'l, Value>,
    /// Its bytes, as stitch writes them.
    pub bytes: String,
    /// What flattening reported (widenings, unions left in place, …).
    pub findings: Vec<Finding>,
    /// One result per schema, when verified; empty with `--no-verify`.
    pub schemas: Vec<SchemaResult>,
    /// The command line that reproduces the verdicts (V5).
    pub reproduce: String,
}

impl Presented<'_> {
    /// The worst verdict over the schemas, or `None` when nothing was verified.
    pub fn verdict(&self) -> Option<Verdict> {
        (!self.schemas.is_empty())
            .then(|| Verdict::worst(self.schemas.iter().map(|s| s.verification.verdict())))
    }
}

/// Flattens each schema of `loaded` and verifies each presentation against its contract (§4:
/// flatten verifies its own output). `file` is the input as the user named it (for the command
/// line that reproduces a verdict).
pub fn present<'l>(loaded: &'l Loaded, file: &str, plan: &Plan) -> Presented<'l> {
    let (document, findings) = flatten::flatten_loaded(loaded, plan.choices);
    // The presentation is about as large as the contract, often larger (F9 copies keys):
    // twice the contract's text leaves room for either without a copy on the way.
    let bytes =
        canonical::pretty_with_capacity(&document, 2 * loaded.input().source.text.len() + 1024);
    let seed = plan.verify.as_ref().map_or(0, |o| o.seed);
    let reproduce = reproduce::flatten(file, plan.choices, seed);
    let schemas = match &plan.verify {
        Some(options) => verify_presentation(loaded, &bytes, &reproduce, plan, options),
        None => Vec::new(),
    };
    Presented {
        document,
        bytes,
        findings,
        schemas,
        reproduce,
    }
}

/// Verifies each schema's presentation (in `bytes`) against its contract in `loaded`.
fn verify_presentation(
    loaded: &Loaded,
    bytes: &str,
    reproduce: &str,
    plan: &Plan,
    options: &verify::Options,
) -> Vec<SchemaResult> {
    let schemas = loaded.contents.schemas();
    let result = |name: &str, pointer: &str, verification, findings| SchemaResult {
        name: name.to_owned(),
        pointer: pointer.to_owned(),
        verification,
        findings,
    };
    let presentation = match document::load_derived(bytes.to_owned(), loaded, &plan.load) {
        Ok(p) => p,
        Err(why) => {
            let bug = Finding::of(
                codes::VERIFY_BUG,
                format!(
                    "the presentation of `{}` does not load: {}",
                    loaded.input().source.name,
                    why[0]
                ),
            )
            .with_help("this is a bug in stitch; please report it with the contract");
            let mut bug = Some(bug);
            return schemas
                .iter()
                .map(|(name, at)| {
                    result(
                        name,
                        at,
                        Verification::NotLoaded,
                        bug.take().into_iter().collect(),
                    )
                })
                .collect();
        }
    };
    let shown_file = &loaded.input().source.name;
    schemas
        .iter()
        .map(|(name, at)| {
            let contract = loaded.input().value.pointer(at);
            if contract.is_some() && contract == presentation.input().value.pointer(at) {
                return result(name, at, Verification::Unchanged, Vec::new());
            }
            let report = verify::verify(
                &Space::new(loaded, at),
                &Space::new(&presentation, at),
                options,
            );
            let found = findings::of_report(
                name,
                shown_file,
                &report,
                reproduce,
                findings::Role::Presentation,
            );
            result(name, at, Verification::Verified(Box::new(report)), found)
        })
        .collect()
}

/// F13: the presentation's bytes with its relative file references rewritten for `path`, when
/// it is written to another folder than its input's (`None`: nothing to rewrite). Verification
/// has judged the presentation as read from the input's place; this rewriting keeps each
/// reference naming the same file. `layout` gives the pointers of the presentation's schemas
/// when it is no longer laid out like the input (written in a request shape); `None` reads
/// them from the input.
pub fn rebased(
    loaded: &Loaded,
    presentation: &Value,
    layout: Option<&[String]>,
    path: &Path,
) -> Option<String> {
    let input = loaded.input();
    if input.uri.scheme() != "file" {
        return None;
    }
    let to = document::file_uri(path);
    let schemas: Vec<&str> = match layout {
        Some(layout) => layout.iter().map(String::as_str).collect(),
        None => loaded
            .contents
            .schemas()
            .into_iter()
            .map(|(_, at)| at)
            .collect(),
    };
    flatten::rebase(presentation, &schemas, input.draft, &input.uri, &to)
        .map(|moved| canonical::pretty(&moved))
}

/// The verdict on a tool of the first document that the second (`second`: `SUP`, `NEW`) lacks:
/// refuted, with a value of the tool as the counterexample when the sampler finds one.
pub fn missing_tool(
    first: &Loaded,
    name: &str,
    pointer: &str,
    second: &str,
    options: &verify::Options,
) -> Report {
    let run = verify::sample(
        &Space::new(first, pointer),
        1,
        options.seed,
        options.semantics,
    );
    let samples = verify::Samples {
        generated: run.generated,
        valid: run.valid,
        checked: 0,
    };
    Report {
        verdict: Verdict::Refuted,
        semantics: options.semantics,
        proven_by: None,
        counterexample: run
            .values
            .into_iter()
            .next()
            .map(|value| verify::Counterexample {
                value,
                branch: None,
                rejected_by: String::new(),
                message: format!("{second} has no tool `{name}`"),
                found_by: "sampler",
            }),
        reason: Some(verify::Reason {
            keyword: String::new(),
            pointer: String::new(),
            message: format!("{second} has no tool `{name}`"),
        }),
        seed: options.seed,
        samples,
        steps: 0,
        bugs: Vec::new(),
    }
}
