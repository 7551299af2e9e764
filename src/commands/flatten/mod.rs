//! `stitch flatten FILE… [-o FILE | --out-dir DIR]`: load each input, present it (flatten and
//! verify, `present::present`), print or write the presentation atomically, and report.

mod all;

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use super::{Context, choices, could_not_run, error_findings, load_options, verify_options};
use crate::cli::{EnvelopeArg, FlattenArgs, TargetChoice};
use crate::config::Config;
use crate::diagnostic::{Finding, Severity, codes};
use crate::document::{self, Contents, Input, Loaded};
use crate::error::{Error, Outcome};
use crate::output;
use crate::present::destinations::{Placement, destinations};
use crate::present::{self, Plan, Presented, Verification};
use crate::report::Output;
use crate::report::json::{self, FlattenDocument, FlattenResult, VerdictJson};
use crate::report::verdict;
use crate::targets::adapt::{self, RequestScope, Targeted};
use crate::targets::{Profile, Request, Shape};
use crate::verify::Verdict;

pub(super) fn run(args: &FlattenArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let target = match args.target {
        Some(TargetChoice::All) => {
            all_alone(args)?;
            return all::run(args, ctx);
        }
        Some(TargetChoice::One(profile)) => Some(profile),
        None => None,
    };
    let envelope = target
        .map(|profile| match args.envelope {
            None => Ok(Some(profile.envelope)),
            Some(EnvelopeArg::Keep) => Ok(None),
            Some(EnvelopeArg::Responses) => profile.envelope_in(Shape::Responses).map(Some),
            Some(EnvelopeArg::ChatCompletions) => {
                profile.envelope_in(Shape::ChatCompletions).map(Some)
            }
        })
        .transpose()
        .map_err(Error::Usage)?
        .flatten();
    let mut document = FlattenDocument::default();
    let json = Output::from(args.format) == Output::Document;
    let inputs: Vec<Input> = args
        .files
        .iter()
        .map(|file| Input::from_arg(file))
        .collect();
    let config = super::project(args.load.config.as_deref(), args.load.no_config)?;
    let destinations = match destinations_or_refusal(args, &inputs, &config, ctx, &mut document) {
        Ok(destinations) => destinations,
        Err(refused) => return refused,
    };
    let plan = plan(args, &config);
    let mut failures: Vec<Finding> = Vec::new();
    let mut refuted = false;
    // C4: the target would refuse a presentation.
    let mut refused = false;
    // C4: with --one-request, the inputs' counts toward the per-request limits, added up.
    let scope = if args.one_request {
        RequestScope::Shared
    } else {
        RequestScope::Document
    };
    let mut request = Request::default();
    for (index, (file, input)) in args.files.iter().zip(inputs).enumerate() {
        let loaded = match load(args, &input, &plan) {
            Ok(loaded) => loaded,
            Err(findings) => {
                if json {
                    document.results.push(failed(&input.name(), &findings, ctx));
                }
                failures.extend(findings);
                continue;
            }
        };
        let mut presented = present::present(&loaded, file, &plan);
        refuted |= presented.verdict() == Some(Verdict::Refuted);
        let targeted = target.map_or_else(Default::default, |profile| {
            adapt::target_as(
                profile,
                envelope,
                &loaded,
                &mut presented,
                &plan,
                &input.name(),
                scope,
            )
        });
        request.add(&targeted.request);
        let layout =
            envelope.and_then(|envelope| adapt::envelop(&loaded, &mut presented, envelope));
        refused |= targeted
            .findings
            .iter()
            .any(|f| f.severity == Severity::Error);
        let destination = destinations[index].as_deref();
        let written = match write(args, destination, &loaded, &presented, layout.as_deref()) {
            Ok(written) => written,
            Err(error) if json => {
                let mut result = result(&input.name(), &loaded, &presented, None, &targeted, ctx);
                result
                    .findings
                    .extend(json::findings(&error_findings(error)));
                document.results.push(result);
                return print(ctx, &document, Err(Error::Reported));
            }
            Err(error) => return Err(error),
        };
        if json {
            let result = result(&input.name(), &loaded, &presented, written, &targeted, ctx);
            document.results.push(result);
        } else {
            human(ctx, &loaded, &presented)?;
            if let Some(profile) = target {
                // Several inputs: say which one the line is about.
                let what = match args.files.len() {
                    1 => format!("target {}", profile.id()),
                    _ => format!("{}: target {}", input.name(), profile.id()),
                };
                target_summary(ctx, &targeted.findings, &what)?;
            }
            if written.is_none() {
                ctx.out.write_all(presented.bytes.as_bytes())?;
            }
        }
        let last = index + 1 == args.files.len();
        if let Cow::Owned(document) = presented.document {
            release(document, last);
        }
        release(loaded, last);
    }
    // An input that could not be read leaves the request unknown: no verdict on it.
    if let (Some(profile), RequestScope::Shared, true) = (target, scope, failures.is_empty()) {
        refused |= one_request(ctx, profile, &request, args, &mut document)?;
    }
    let outcome = if !failures.is_empty() {
        Err(Error::Input(failures))
    } else if refuted || refused {
        Ok(Outcome::Negative)
    } else {
        Ok(Outcome::Positive)
    };
    if json {
        let outcome = outcome.map_err(|_| Error::Reported);
        return print(ctx, &document, outcome);
    }
    outcome
}

/// Where each input's presentation goes ([`destinations`]), or the command's end when the
/// outputs asked for cannot be written (a usage error, or an input's finding; in the JSON
/// document under `--format json`).
fn destinations_or_refusal(
    args: &FlattenArgs,
    inputs: &[Input],
    config: &Config,
    ctx: &mut Context<'_>,
    document: &mut FlattenDocument,
) -> Result<Vec<Option<PathBuf>>, Result<Outcome, Error>> {
    let output = Output::from(args.format);
    if args.files.len() > 1 && args.out_dir.is_none() {
        let message = "several inputs need --out-dir DIR (each presentation is written under its input's file name)";
        let error = Error::Usage(message.to_owned());
        return Err(Err(could_not_run(output, ctx, document, error)));
    }
    let placement = Placement {
        output: args.output.as_deref(),
        out_dir: args.out_dir.as_deref(),
        root: (args.root.clone()).or_else(|| config.path.as_ref().map(|_| config.base.clone())),
        config_file: config.path.as_deref(),
    };
    destinations(&placement, inputs)
        .map_err(|findings| Err(could_not_run(output, ctx, document, Error::Input(findings))))
}

/// `--target all` writes nothing and checks each input alone: refuses the options that say
/// otherwise.
fn all_alone(args: &FlattenArgs) -> Result<(), Error> {
    if args.envelope.is_some() {
        return Err(Error::Usage(
            "--envelope shapes a presentation, and --target all writes none".to_owned(),
        ));
    }
    if args.one_request {
        return Err(Error::Usage(
            "--one-request counts one target's limits over the inputs; name the target".to_owned(),
        ));
    }
    Ok(())
}

/// C4, `--one-request`: reports the limits `profile` sets per request, counted over every
/// input (`request`), as the JSON document's findings or after the inputs' lines; true when
/// the provider would refuse the request.
fn one_request(
    ctx: &mut Context<'_>,
    profile: &'static Profile,
    request: &Request,
    args: &FlattenArgs,
    document: &mut FlattenDocument,
) -> Result<bool, Error> {
    let found = adapt::request_findings(profile, request, None);
    if Output::from(args.format) == Output::Document {
        document.findings = json::findings(&ctx.shown(&found));
    } else {
        let n = args.files.len();
        let what = format!(
            "target {}, one request of {n} input{}",
            profile.id(),
            if n == 1 { "" } else { "s" }
        );
        target_summary(ctx, &found, &what)?;
    }
    Ok(found.iter().any(|f| f.severity == Severity::Error))
}

/// Loads one input: compiled too unless `--no-verify` (verifying validates, so the contract
/// must compile).
pub(super) fn load(args: &FlattenArgs, input: &Input, plan: &Plan) -> Result<Loaded, Vec<Finding>> {
    if args.no_verify {
        document::load(input, &plan.load)
    } else {
        document::load_compiled(input, &plan.load)
    }
}

/// What the command line (else stitch.toml) asks of `present::present`.
pub(super) fn plan(args: &FlattenArgs, config: &Config) -> Plan {
    let choices = choices(&args.shape, config);
    let verify =
        (!args.no_verify).then(|| verify_options(choices.semantics, &args.sampling, config));
    Plan {
        choices,
        verify,
        load: load_options(&args.load, config),
    }
}

/// Prints the JSON document and passes `outcome` on.
fn print(
    ctx: &mut Context<'_>,
    document: &FlattenDocument,
    outcome: Result<Outcome, Error>,
) -> Result<Outcome, Error> {
    ctx.out.write_all(json::pretty(document).as_bytes())?;
    outcome
}

/// Writes the presentation to `destination` (creating its folders under `--out-dir`); `None`
/// when it goes to standard output.
fn write(
    args: &FlattenArgs,
    destination: Option<&Path>,
    loaded: &Loaded,
    presented: &Presented<'_>,
    layout: Option<&[String]>,
) -> Result<Option<String>, Error> {
    let Some(path) = destination else {
        return Ok(None);
    };
    if args.out_dir.is_some()
        && let Some(folder) = path.parent()
    {
        std::fs::create_dir_all(folder).map_err(|source| Error::Write {
            path: folder.to_path_buf(),
            source,
        })?;
    }
    // A file a reference of this input named is read, never written (L6): known only once the
    // input is loaded, so checked here rather than with the other destinations.
    if let Ok(Some(replaced)) = output::replaced_file(path)
        && loaded.files_read().contains(&replaced)
    {
        return Err(Error::Input(vec![
            Finding::of(
                codes::SAME_DESTINATION,
                format!(
                    "`{}` is a file `{}` reads; stitch never overwrites what it reads",
                    path.display(),
                    loaded.input().source.name
                ),
            )
            .with_help("choose another output"),
        ]));
    }
    let rebased = present::rebased(loaded, &presented.document, layout, path);
    let bytes = rebased.as_deref().unwrap_or(&presented.bytes);
    output::write_atomic(path, bytes.as_bytes()).map_err(|source| Error::Write {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(Some(path.display().to_string()))
}

/// The findings of one input and its verdicts, on standard error, in the order they arose:
/// loading, flattening, then each schema's verification.
fn human(ctx: &mut Context<'_>, loaded: &Loaded, presented: &Presented<'_>) -> Result<(), Error> {
    ctx.report(&loaded.findings)?;
    ctx.report(&presented.findings)?;
    for schema in &presented.schemas {
        ctx.report(&schema.findings)?;
        if let Some((severity, line)) = verdict::status_line(&schema.name, &schema.verification)
            && ctx.style.shows_severity(severity)
        {
            ctx.err.write_all(line.as_bytes())?;
        }
    }
    Ok(())
}

/// The target's findings, then one line: would the provider take `what` (a presentation, or
/// the request that sends them all) as it is (`accepted`), once rewritten (`fixed`), or not
/// (`refused`)?
fn target_summary(ctx: &mut Context<'_>, checked: &[Finding], what: &str) -> Result<(), Error> {
    ctx.report(checked)?;
    let count = |severity| checked.iter().filter(|f| f.severity == severity).count();
    let (errors, warnings) = (count(Severity::Error), count(Severity::Warning));
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let (severity, line) = if errors > 0 {
        let line = format!(
            "{what}: refused ({}, {})\n",
            plural(errors, "error"),
            plural(warnings, "warning")
        );
        (Severity::Error, line)
    } else {
        // The verdict `--format json` and `--target all` give: rewritten, it is `fixed`.
        let rewritten = checked.iter().any(|f| f.code == codes::TARGET_REWRITTEN);
        let verdict = if rewritten { "fixed" } else { "accepted" };
        let line = format!("{what}: {verdict} ({})\n", plural(warnings, "warning"));
        (Severity::Warning, line)
    };
    if ctx.style.shows_severity(severity) {
        ctx.err.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// One input's JSON result, the target's findings and mappings last.
fn result(
    file: &str,
    loaded: &Loaded,
    presented: &Presented<'_>,
    written: Option<String>,
    targeted: &Targeted,
    ctx: &Context<'_>,
) -> FlattenResult {
    let mut findings = ctx.shown(&loaded.findings);
    findings.extend(ctx.shown(&presented.findings));
    let mut verdicts = Vec::new();
    for schema in &presented.schemas {
        findings.extend(ctx.shown(&schema.findings));
        verdicts.push(match &schema.verification {
            Verification::Unchanged => VerdictJson::unchanged(&schema.name),
            Verification::NotLoaded => VerdictJson::bare(&schema.name, Verdict::Refuted, None),
            Verification::Verified(report) => {
                VerdictJson::of(&schema.name, report, &presented.reproduce)
            }
        });
    }
    findings.extend(ctx.shown(&targeted.findings));
    FlattenResult {
        file: file.to_owned(),
        name: name(loaded),
        presentation: written
            .is_none()
            .then(|| presented.document.clone().into_owned()),
        written,
        verdict: presented.verdict().map(Verdict::name),
        verdicts,
        findings: json::findings(&findings),
        nulled: targeted.nulled.iter().map(Into::into).collect(),
        stringified: targeted.stringified.iter().map(Into::into).collect(),
    }
}

/// The JSON result of an input that could not be loaded.
fn failed(file: &str, findings: &[Finding], ctx: &Context<'_>) -> FlattenResult {
    FlattenResult {
        file: file.to_owned(),
        name: None,
        presentation: None,
        written: None,
        verdict: None,
        verdicts: Vec::new(),
        findings: json::findings(&ctx.shown(findings)),
        nulled: Vec::new(),
        stringified: Vec::new(),
    }
}

/// The name a result goes by: the schema's (its file stem) or the tool's.
fn name(loaded: &Loaded) -> Option<String> {
    match &loaded.contents {
        Contents::Schema { name } => Some(name.clone()),
        Contents::Tool(tool) => Some(tool.name.clone()),
        Contents::Tools { .. } => None,
    }
}

/// Frees an input or its presentation. Freeing a large document tree costs a tenth of a run:
/// after the last input the process exits, which frees it all at once; before, it is freed off
/// the critical path.
fn release<T: Send + 'static>(value: T, last: bool) {
    if last {
        std::mem::forget(value);
    } else {
        crate::threads::dispose(value);
    }
}
