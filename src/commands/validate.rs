//! `stitch validate CONTRACT ARGS [--target NAME] [--tool NAME]`: the way back from a
//! presentation (SPEC §3 "Targets"). The contract is flattened and shaped for the target
//! exactly as `stitch flatten` does it, so the same mappings are recorded; the arguments a model
//! produced are walked along that presentation, each `null` that stands for a left-out key is
//! dropped, and the contract judges the result.
//!
//! Where a key accepted `null` before the rewrite, `null` and absent are one value in the
//! presentation (the model cannot say "left out" apart from `null`): there the model's `null`
//! is kept when the contract accepts the arguments with it, and dropped otherwise.
//!
//! Decisions: the arguments are one JSON document (the object itself, not a string holding
//! it); `--samples`/`--seed` are not taken, the defaults that `flatten` uses are; a `default`
//! is not filled in — the application's own parser does that, as it does for any absent key.

use super::{Context, choices, choose, error_findings, load_options};
use crate::cli::{Format, ValidateArgs};
use crate::diagnostic::{Finding, codes};
use crate::document::{self, Input};
use crate::error::{Error, Outcome};
use crate::pipeline::{self, Nulled, Plan, RequestScope, Stringified, mapping};
use crate::report::json::{self, FORMAT_VERSION, ValidateDocument};
use crate::verify::{self, Space};

pub(super) fn run(args: &ValidateArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let mut document = ValidateDocument {
        format_version: FORMAT_VERSION,
        name: None,
        target: args.target.map(|p| p.id()),
        valid: None,
        value: None,
        dropped: Vec::new(),
        findings: Vec::new(),
    };
    match judge(args, &mut document) {
        Ok((outcome, found)) if args.format == Format::Json => {
            document.findings = json::findings(&ctx.shown(&found));
            ctx.out.write_all(json::pretty(&document).as_bytes())?;
            Ok(outcome)
        }
        Ok((outcome, found)) => {
            if outcome == Outcome::Positive
                && let Some(value) = &document.value
            {
                ctx.out
                    .write_all(crate::canonical::pretty(value).as_bytes())?;
            }
            ctx.report(&found)?;
            let line = summary(&document);
            if ctx
                .style
                .shows_severity(crate::diagnostic::Severity::Warning)
            {
                ctx.err.write_all(line.as_bytes())?;
            }
            Ok(outcome)
        }
        Err(error) if args.format == Format::Json => {
            document.findings = json::findings(&ctx.shown(&error_findings(error)));
            ctx.out.write_all(json::pretty(&document).as_bytes())?;
            Err(Error::Reported)
        }
        Err(error) => Err(error),
    }
}

/// `value` walked along the presentation with `nulled` undone, on a thread with the stack the
/// walk needs (it recurses as deep as the arguments nest).
fn walk(
    presentation: &crate::document::Loaded,
    at: &str,
    value: serde_json::Value,
    nulled: &[Nulled],
    stringified: &[Stringified],
) -> Result<(serde_json::Value, Vec<String>), Error> {
    match crate::threads::run("stitch-validate", || {
        mapping::unmap(presentation, at, value, nulled, stringified)
    }) {
        Ok(Ok(walked)) => Ok(walked),
        _ => Err(Error::Input(vec![Finding::of(
            codes::VERIFY_BUG,
            "the arguments could not be walked along the presentation; this is a bug in stitch",
        )])),
    }
}

/// The last line on standard error: the verdict, and how many `null`s were dropped.
fn summary(document: &ValidateDocument) -> String {
    let name = document.name.as_deref().unwrap_or_default();
    let dropped = match document.dropped.len() {
        0 => String::new(),
        1 => " (1 `null` dropped: it stood for a left-out key)".to_owned(),
        n => format!(" ({n} `null`s dropped: they stood for left-out keys)"),
    };
    if document.valid == Some(true) {
        format!("validate: {name}: the contract accepts the arguments{dropped}\n")
    } else {
        format!("validate: {name}: the contract refuses the arguments{dropped}\n")
    }
}

/// Loads, presents, undoes the mappings and judges; fills `document` as it goes.
fn judge(
    args: &ValidateArgs,
    document: &mut ValidateDocument,
) -> Result<(Outcome, Vec<Finding>), Error> {
    if args.contract == "-" && args.args == "-" {
        return Err(Error::Usage(
            "CONTRACT and ARGS cannot both be read from standard input".to_owned(),
        ));
    }
    let config = super::project(args.load.config.as_deref(), args.load.no_config)?;
    let load = load_options(&args.load, &config);
    let loaded =
        document::load_compiled(&Input::from_arg(&args.contract), &load).map_err(Error::Input)?;
    let (name, at) = choose(args.tool.as_deref(), &args.contract, "validate", &loaded)?;
    document.name = Some(name.to_owned());
    let (source, value) = document::read_value(&Input::from_arg(&args.args), load.max_input_size)
        .map_err(Error::Input)?;
    let mut found = loaded.findings.clone();
    let contract = Space::new(&loaded, at);
    let rejections_of = |value: &serde_json::Value| {
        verify::rejections(&contract, value).ok_or_else(|| {
            Error::Input(vec![Finding::of(
                codes::VERIFY_BUG,
                format!("the contract `{name}` does not compile"),
            )])
        })
    };
    let (value, rejections) = match args.target {
        None => {
            let rejections = rejections_of(&value)?;
            (value, rejections)
        }
        Some(profile) => {
            let plan = Plan {
                choices: choices(&args.shape, &config),
                verify: None,
                load: load.clone(),
            };
            let mut presented = pipeline::present(&loaded, &args.contract, &plan);
            let targeted = pipeline::target(
                profile,
                &loaded,
                &mut presented,
                &plan,
                &args.contract,
                RequestScope::Document,
            );
            let draft = targeted.draft.unwrap_or(loaded.input().draft);
            let nulled = targeted.nulled;
            let stringified = targeted.stringified;
            let presentation =
                document::load_derived_as(presented.bytes.clone(), &loaded, &load, draft)
                    .map_err(Error::Input)?;
            // Where a key accepted `null` before, `null` and absent are one value: the model's
            // `null` is kept there when the contract takes it, and dropped otherwise.
            let unambiguous: Vec<Nulled> =
                nulled.iter().filter(|n| !n.was_nullable).cloned().collect();
            let mut tries = vec![unambiguous.as_slice()];
            if unambiguous.len() < nulled.len() {
                tries.push(&nulled);
            }
            let mut best = None;
            for mapping in tries {
                let (unmapped, dropped) =
                    walk(&presentation, at, value.clone(), mapping, &stringified)?;
                let rejections = rejections_of(&unmapped)?;
                let accepted = rejections.is_empty();
                if best.is_none() || accepted {
                    best = Some((unmapped, rejections, dropped));
                }
                if accepted {
                    break;
                }
            }
            let (unmapped, rejections, dropped) = best.unwrap_or_default();
            document.dropped = dropped;
            (unmapped, rejections)
        }
    };
    let valid = rejections.is_empty();
    for rejection in rejections {
        let place = if rejection.instance_path.is_empty() {
            "the arguments".to_owned()
        } else {
            format!("#{}", rejection.instance_path)
        };
        found.push(
            Finding::of(
                codes::VALIDATE_INVALID,
                format!("{place}: {}", rejection.message),
            )
            .in_source(&source)
            .at(rejection.instance_path.clone())
            .with_help(format!(
                "refused by the contract `{name}` at #{}",
                crate::targets::in_document(at, &keyword_place(&rejection))
            )),
        );
    }
    document.valid = Some(valid);
    document.value = Some(value);
    let outcome = if valid {
        Outcome::Positive
    } else {
        Outcome::Negative
    };
    Ok((outcome, found))
}

/// Where in the contract's schema the refusing keyword sits: its absolute location's fragment
/// when the validator knows it (through references), else its path from the schema.
fn keyword_place(rejection: &crate::validate::Rejection) -> String {
    rejection
        .keyword_uri
        .as_deref()
        .and_then(|uri| uri.split_once('#'))
        .map_or_else(
            || rejection.schema_path.clone(),
            |(_, fragment)| crate::schema::pointer::percent_decoded(fragment),
        )
}
