//! What the commands do with documents, as library calls, so that `flatten`, `verify`, `check`
//! and `diff` share them: flatten an input and verify each presentation against its contract
//! ([`present`]), pair the schemas of two documents (`pairing`), the findings a verdict makes
//! (`findings`) and the command line that reproduces it (`reproduce`).
//!
//! It sits above `flatten` and `verify`, which never import each other. Pure but for reading the
//! files a presentation's references name, as loading its contract did.

pub mod check;
pub mod compare;
pub mod findings;
pub mod mapping;
pub mod pairing;
mod redraft;
pub mod reproduce;
pub mod retarget;
mod view;

pub use mapping::{Nulled, Stringified};
pub use retarget::{Retargeted, retarget};

use std::borrow::Cow;
use std::path::Path;

use serde_json::Value;

use crate::canonical;
use crate::diagnostic::{Finding, codes};
use crate::document::{self, Contents, LoadOptions, Loaded, Tool};
use crate::flatten::{self, Choices};
use crate::schema::Draft;
use crate::targets::{self, Profile, Request, ToolInput, Violation};
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

/// C4: the findings of checking a presentation of `loaded` against `profile`, but for the
/// limits a provider sets per request, and the document's counts toward them (its tools are
/// sent together). Each finding points into the presentation and names the target in its
/// message, the provider's predicted answer in its help.
pub fn check_target(
    profile: &'static Profile,
    loaded: &Loaded,
    presentation: &Value,
    draft: Draft,
    file: &str,
) -> (Vec<Finding>, Request) {
    let tools = tool_inputs(loaded, presentation, draft);
    let (violations, request) = targets::check_apart(profile, &tools);
    let findings = violations
        .into_iter()
        .map(|v| target_finding(profile, v).in_file(file))
        .collect();
    (findings, request)
}

/// C4: the findings of `request`'s per-request limits (counted over one document, or over all
/// the documents sent together), about `file` when the request is one document's.
pub fn request_findings(
    profile: &'static Profile,
    request: &Request,
    file: Option<&str>,
) -> Vec<Finding> {
    request
        .violations(profile)
        .into_iter()
        .map(|v| match file {
            Some(file) => target_finding(profile, v).in_file(file),
            None => Finding {
                pointer: None,
                ..target_finding(profile, v)
            },
        })
        .collect()
}

/// Which tools one request sends, for the limits a provider sets per request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestScope {
    /// The tools of the one document: its findings include the request's limits.
    Document,
    /// The tools of several documents: the caller adds up [`Targeted::request`] and reports
    /// the limits once ([`request_findings`]).
    Shared,
}

/// What `stitch flatten --target` found: the rewrites' notes, then what the target would refuse
/// or drop; and where a model's `null` means absent.
#[derive(Debug, Default)]
pub struct Targeted {
    /// The findings.
    pub findings: Vec<Finding>,
    /// The null ⇒ absent mapping (F7.6) of the rewritten presentation.
    pub nulled: Vec<Nulled>,
    /// The enums whose values a model sends as text.
    pub stringified: Vec<Stringified>,
    /// The draft the target converted the presentation to, if it did.
    pub draft: Option<Draft>,
    /// The document's counts toward the limits a provider sets per request.
    pub request: Request,
}

/// C4, as `stitch flatten --target` does it: rewrites the presentation for `profile` (kept
/// only where proven, see [`retarget()`]) and checks the result; `scope` says whether the
/// document is a request of its own.
pub fn target(
    profile: &'static Profile,
    loaded: &Loaded,
    presented: &mut Presented<'_>,
    plan: &Plan,
    file: &str,
    scope: RequestScope,
) -> Targeted {
    let mut targeted = Targeted::default();
    if let Some(done) = retarget(profile, loaded, presented, plan, file) {
        presented.document = Cow::Owned(done.document);
        presented.bytes = done.bytes;
        targeted.findings = done.findings;
        targeted.nulled = done.nulled;
        targeted.stringified = done.stringified;
        targeted.draft = (done.draft != loaded.input().draft).then_some(done.draft);
    }
    let draft = targeted.draft.unwrap_or(loaded.input().draft);
    targeted.findings.extend(view::narrowed_by_view(
        profile,
        loaded,
        &presented.document,
        draft,
        plan,
        file,
    ));
    let (checked, request) = check_target(profile, loaded, &presented.document, draft, file);
    targeted.findings.extend(checked);
    if scope == RequestScope::Document {
        targeted
            .findings
            .extend(request_findings(profile, &request, Some(file)));
    }
    targeted.request = request;
    targeted
}

/// The input schemas of a presentation of `loaded`, as one request.
fn tool_inputs<'l>(
    loaded: &'l Loaded,
    presentation: &'l Value,
    draft: Draft,
) -> Vec<ToolInput<'l>> {
    let input =
        |name: &'l str, at: Option<&'l str>, description: Option<&'l str>, pointer: &'l str| {
            Some(ToolInput {
                name,
                at,
                description,
                schema: presentation.pointer(pointer)?,
                pointer,
                draft,
            })
        };
    let tool = |t: &'l Tool| {
        input(
            &t.name,
            Some(&t.pointer),
            t.description.as_deref(),
            t.schema.as_deref()?,
        )
    };
    match &loaded.contents {
        Contents::Schema { name } => input(name, None, None, "").into_iter().collect(),
        Contents::Tool(t) => tool(t).into_iter().collect(),
        Contents::Tools { tools, .. } => tools.iter().filter_map(tool).collect(),
    }
}

/// A violation as a finding about a presentation (the caller names the file).
fn target_finding(profile: &Profile, violation: Violation) -> Finding {
    let rule = violation.rule;
    let evidence = format!("[{} {}]", rule.evidence.label(), rule.source);
    let help = if !violation.predicts.is_empty() {
        format!(
            "{} would answer: {} {evidence}",
            profile.name, violation.predicts
        )
    } else if violation.severity == crate::diagnostic::Severity::Error && rule.check.refused() {
        format!(
            "{} refuses it; its exact message is not recorded {evidence}",
            profile.name
        )
    } else if violation.severity == crate::diagnostic::Severity::Error {
        format!(
            "{} takes the request without a word: the model never sees it {evidence}",
            profile.name
        )
    } else {
        format!("evidence: {evidence}")
    };
    Finding::new(
        rule.check.code(),
        violation.severity,
        format!("{}: {}", profile.id(), violation.message),
    )
    .at(violation.pointer)
    .with_help(help)
}

/// Puts a tool or tool list's presentation in `envelope`'s request shape; the pointers of its
/// schemas there (for [`rebased()`]), or `None` for a bare schema (it stays a schema).
pub fn envelop(
    loaded: &Loaded,
    presented: &mut Presented<'_>,
    envelope: targets::Envelope,
) -> Option<Vec<String>> {
    let wrapped = targets::wrap(&loaded.contents, &presented.document, envelope)?;
    presented.bytes = canonical::pretty(&wrapped.value);
    presented.document = Cow::Owned(wrapped.value);
    Some(wrapped.schemas)
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
