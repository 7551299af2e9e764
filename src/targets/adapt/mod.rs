//! C4, adapting a presentation to one provider (SPEC §3 "Targets"): rewritten where proven
//! (`retarget`, after `redraft` converts it to the draft the target reads), judged as the
//! provider reads it (`view`), checked against the profile's rules, and put in the provider's
//! request shape ([`envelop`]). [`target`] does all of it, as `stitch flatten --target` and
//! `stitch check` do.

mod redraft;
pub mod retarget;
mod view;

pub use retarget::{Retargeted, retarget};
pub(crate) use view::read_as;

use std::borrow::Cow;

use serde_json::Value;

use super::mapping::{Nulled, Stringified};
use super::{Profile, Request, ToolInput, Violation};
use crate::canonical;
use crate::diagnostic::{Finding, codes};
use crate::document::{Contents, Loaded, Tool};
use crate::present::{Plan, Presented};
use crate::schema::{Draft, pointer};
use crate::verify::Report;

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
    let omits = profile.envelope.omit_no_arguments;
    check_target_as(profile, omits, loaded, presentation, draft, file)
}

/// [`check_target`], where `omits` says whether tools without arguments are sent without
/// their schema (so not checked).
fn check_target_as(
    profile: &'static Profile,
    omits: bool,
    loaded: &Loaded,
    presentation: &Value,
    draft: Draft,
    file: &str,
) -> (Vec<Finding>, Request) {
    let skipped = omitted(omits, loaded, presentation);
    let mut tools = tool_inputs(loaded, presentation, draft);
    tools.retain(|t| {
        !skipped
            .iter()
            .any(|s| s.schema.as_deref() == Some(t.pointer))
    });
    let (violations, request) = super::check_apart(profile, &tools);
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
    target_as(
        profile,
        Some(profile.envelope),
        loaded,
        presented,
        plan,
        file,
        scope,
    )
}

/// [`target()`], for a presentation that will be written in `envelope` (`None`: the input's
/// own shape, `--envelope keep`), which decides whether a tool without arguments is declared
/// without its schema.
pub fn target_as(
    profile: &'static Profile,
    envelope: Option<super::Envelope>,
    loaded: &Loaded,
    presented: &mut Presented<'_>,
    plan: &Plan,
    file: &str,
    scope: RequestScope,
) -> Targeted {
    let omits = envelope.is_some_and(|e| e.omit_no_arguments);
    let mut targeted = Targeted::default();
    // Which tools' schemas are closed before the rewrites (Gemini's drop `additionalProperties`).
    let closed: Vec<bool> = tool_schemas(loaded)
        .iter()
        .map(|at| {
            presented
                .document
                .pointer(at)
                .and_then(|s| s.get("additionalProperties"))
                == Some(&Value::Bool(false))
        })
        .collect();
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
    targeted.findings.extend(no_arguments(
        profile,
        omits,
        loaded,
        &presented.document,
        &closed,
        file,
    ));
    let (checked, request) =
        check_target_as(profile, omits, loaded, &presented.document, draft, file);
    targeted.findings.extend(checked);
    if scope == RequestScope::Document {
        targeted
            .findings
            .extend(request_findings(profile, &request, Some(file)));
    }
    targeted.request = request;
    targeted
}

/// The pointers of the tools' input schemas, in tool order (a bare schema: none).
fn tool_schemas(loaded: &Loaded) -> Vec<&str> {
    match &loaded.contents {
        Contents::Schema { .. } => Vec::new(),
        Contents::Tool(tool) => tool.schema.as_deref().into_iter().collect(),
        Contents::Tools { tools, .. } => tools.iter().filter_map(|t| t.schema.as_deref()).collect(),
    }
}

/// The tools of `loaded` that an envelope that `omits` them declares without an input schema (a tool
/// without arguments, issue 41): their schemas are not sent, so not checked.
fn omitted<'l>(omits: bool, loaded: &'l Loaded, presentation: &Value) -> Vec<&'l Tool> {
    let tools: &[Tool] = match &loaded.contents {
        Contents::Schema { .. } => &[],
        Contents::Tool(tool) => std::slice::from_ref(tool),
        Contents::Tools { tools, .. } => tools,
    };
    if !omits {
        return Vec::new();
    }
    tools
        .iter()
        .filter(|t| {
            t.schema
                .as_deref()
                .and_then(|at| presentation.pointer(at))
                .is_some_and(super::envelope::takes_no_arguments)
        })
        .collect()
}

/// A note per tool declared without arguments, and where its schema was open, the narrowing:
/// the model can send only `{}`.
fn no_arguments(
    profile: &'static Profile,
    omits: bool,
    loaded: &Loaded,
    presentation: &Value,
    closed: &[bool],
    file: &str,
) -> Vec<Finding> {
    let schemas = tool_schemas(loaded);
    omitted(omits, loaded, presentation)
        .into_iter()
        .filter_map(|tool| {
            let at = tool.schema.as_deref()?;
            let closed = schemas
                .iter()
                .position(|s| *s == at)
                .is_some_and(|i| closed[i]);
            let said = format!(
                "{}: {}: a tool without arguments is declared without its input schema, so the model sends `{{}}`",
                profile.id(),
                tool.name
            );
            Some(if closed {
                Finding::of(codes::TARGET_REWRITTEN, said)
                    .in_file(file)
                    .at(at.to_owned())
            } else {
                Finding::of(
                    codes::TARGET_NARROWED,
                    format!("{said}; its schema is open, so the contract may accept other objects"),
                )
                .in_file(file)
                .at(at.to_owned())
                .with_help("say `additionalProperties: false` if the tool takes no arguments, or declare the ones it takes")
            })
        })
        .collect()
}

/// The input schemas of a presentation of `loaded`, as one request.
fn tool_inputs<'l>(
    loaded: &'l Loaded,
    presentation: &'l Value,
    draft: Draft,
) -> Vec<ToolInput<'l>> {
    let input =
        |name: &'l str, at: Option<&'l str>, description: Option<&'l str>, pointer: &'l str| {
            let strict_unsaid = at
                .and_then(|at| presentation.pointer(at))
                .and_then(Value::as_object)
                .is_some_and(|tool| {
                    tool.get("type").and_then(Value::as_str) == Some("function")
                        && tool.contains_key("parameters")
                        && !tool.contains_key("strict")
                });
            Some(ToolInput {
                name,
                at,
                description,
                schema: presentation.pointer(pointer)?,
                pointer,
                draft,
                strict_unsaid,
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
/// schemas there (for [`crate::present::rebased()`]), or `None` for a bare schema (it stays a schema).
pub fn envelop(
    loaded: &Loaded,
    presented: &mut Presented<'_>,
    envelope: super::Envelope,
) -> Option<Vec<String>> {
    let wrapped = super::wrap(&loaded.contents, &presented.document, envelope)?;
    presented.bytes = canonical::pretty(&wrapped.value);
    presented.document = Cow::Owned(wrapped.value);
    Some(wrapped.schemas)
}

/// C4: a target's narrowing (a rewrite that closes objects, or a provider that reads them as
/// closed) as a `stitch::target::narrowed` warning about the schema at `at`: `what` loses values
/// the contract accepts, with one of them, or may lose some when the prover could not decide.
/// The finding points at the keyword that refused the lost value, where the prover names one.
pub(crate) fn narrowing(
    target: &str,
    name: &str,
    what: &str,
    at: &str,
    report: &Report,
    file: &str,
) -> Finding {
    let message = match &report.counterexample {
        Some(c) => format!(
            "{target}: {name}: {what} loses values the contract accepts, such as {}",
            serde_json::to_string(&c.value).unwrap_or_default()
        ),
        None => format!(
            "{target}: {name}: {what} may lose values the contract accepts; the prover could not decide{}",
            report.reason.as_ref().map_or(String::new(), |r| format!(
                " (`{}` at #{}: {})",
                r.keyword, r.pointer, r.message
            ))
        ),
    };
    let pointer = match &report.counterexample {
        Some(c) if c.rejected_by.starts_with('/') => pointer::within(at, &c.rejected_by),
        _ => at.to_owned(),
    };
    Finding::of(codes::TARGET_NARROWED, message)
        .in_file(file)
        .at(pointer)
}

/// At most this many places are listed in a note; the rest are counted.
const LISTED: usize = 8;

/// `a, b, c and N more`.
fn listed(places: &[String]) -> String {
    let mut out = places
        .iter()
        .take(LISTED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if places.len() > LISTED {
        out.push_str(&format!(" and {} more", places.len() - LISTED));
    }
    out
}
