//! `stitch sample SCHEMA [-n N] [--seed N]`: N valid values of a schema (or of one tool's input
//! schema) as JSON lines on standard output, deterministic for a seed (V2). Fewer values than
//! asked is a warning; none at all is a finding and exit 1.

use super::{Context, error_findings, load_options, semantics};
use crate::cli::{Format, SampleArgs};
use crate::diagnostic::{Finding, codes};
use crate::document::{self, Input, Loaded};
use crate::error::{Error, Outcome};
use crate::report::json::{self, FORMAT_VERSION, SampleCounts, SampleDocument};
use crate::verify::{self, Space};

pub(super) fn run(args: &SampleArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let json = args.format == Format::Json;
    let mut document = SampleDocument {
        format_version: FORMAT_VERSION,
        name: None,
        values: Vec::new(),
        counts: None,
        findings: Vec::new(),
    };
    let chosen = document::load_compiled(&Input::from_arg(&args.file), &load_options(&args.load))
        .map_err(Error::Input)
        .and_then(|loaded| {
            let (name, at) = choose(args, &loaded)?;
            Ok((name.to_owned(), at.to_owned(), loaded))
        });
    let (name, at, loaded) = match chosen {
        Ok(chosen) => chosen,
        Err(error) if json => {
            let found = error_findings(error);
            document.findings = json::findings(&ctx.shown(&found));
            ctx.out.write_all(json::pretty(&document).as_bytes())?;
            return Err(Error::Reported);
        }
        Err(error) => return Err(error),
    };
    let run = verify::sample(
        &Space::new(&loaded, &at),
        args.count,
        args.seed,
        semantics(args.semantics),
    );
    let file = loaded.input().source.name.clone();
    let mut found = loaded.findings.clone();
    found.push(
        Finding::of(
            codes::SAMPLE_COUNTS,
            format!(
                "{} distinct values of `{name}`: {} attempts, {} values generated, {} valid",
                run.values.len(),
                run.attempts,
                run.generated,
                run.valid
            ),
        )
        .in_file(file.clone()),
    );
    if run.values.is_empty() {
        found.push(
            Finding::of(
                codes::SAMPLE_NONE,
                format!("no valid value of `{name}` found in {} attempts", run.attempts),
            )
            .in_file(file)
            .with_help("the schema may accept no value at all (its constraints contradict each other), or only values the sampler does not build"),
        );
    } else if run.values.len() < args.count {
        found.push(
            Finding::of(
                codes::SAMPLE_FEW,
                format!(
                    "only {} distinct valid values of `{name}` found in {} attempts ({} asked)",
                    run.values.len(),
                    run.attempts,
                    args.count
                ),
            )
            .in_file(file),
        );
    }
    let outcome = if run.values.is_empty() {
        Outcome::Negative
    } else {
        Outcome::Positive
    };
    if json {
        document.name = Some(name);
        document.counts = Some(SampleCounts {
            attempts: run.attempts,
            generated: run.generated,
            valid: run.valid,
        });
        document.values = run.values;
        document.findings = json::findings(&ctx.shown(&found));
        ctx.out.write_all(json::pretty(&document).as_bytes())?;
        return Ok(outcome);
    }
    for value in &run.values {
        let mut line = serde_json::to_string(value).unwrap_or_default();
        line.push('\n');
        ctx.out.write_all(line.as_bytes())?;
    }
    ctx.report(&found)?;
    Ok(outcome)
}

/// The schema to sample: the input's one schema, or the tool `--tool` names.
fn choose<'l>(args: &SampleArgs, loaded: &'l Loaded) -> Result<(&'l str, &'l str), Error> {
    let schemas = loaded.contents.schemas();
    match (&args.tool, schemas.as_slice()) {
        (None, [one]) => Ok(*one),
        (Some(tool), _) => schemas
            .iter()
            .find(|(n, _)| n == tool)
            .copied()
            .ok_or_else(|| {
                Error::Usage(format!(
                    "no tool `{tool}` in `{}`; it has: {}",
                    args.file,
                    names(&schemas)
                ))
            }),
        (None, []) => Err(Error::Usage(format!(
            "`{}` holds no input schema to sample",
            args.file
        ))),
        (None, _) => Err(Error::Usage(format!(
            "`{}` holds several tools; choose one with --tool NAME ({})",
            args.file,
            names(&schemas)
        ))),
    }
}

fn names(schemas: &[(&str, &str)]) -> String {
    schemas
        .iter()
        .map(|(n, _)| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
