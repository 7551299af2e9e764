//! `stitch sample SCHEMA [-n N] [--seed N]`: N valid values of a schema (or of one tool's input
//! schema) as JSON lines on standard output, deterministic for a seed (V2). Fewer values than
//! asked is a warning; none at all is a finding and exit 1.

use super::{Context, choose, could_not_run, load_options, semantics};
use crate::cli::SampleArgs;
use crate::diagnostic::{Finding, codes};
use crate::document::{self, Input};
use crate::error::{Error, Outcome};
use crate::report::Output;
use crate::report::json::{self, FORMAT_VERSION, SampleCounts, SampleDocument};
use crate::verify::{self, Space};

pub(super) fn run(args: &SampleArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let output = Output::from(args.format);
    let mut document = SampleDocument {
        format_version: FORMAT_VERSION,
        name: None,
        values: Vec::new(),
        counts: None,
        findings: Vec::new(),
    };
    let config = super::project(args.load.config.as_deref(), args.load.no_config);
    let chosen = config
        .and_then(|config| {
            document::load_compiled(
                &Input::from_arg(&args.file),
                &load_options(&args.load, &config),
            )
            .map_err(Error::Input)
            .map(|loaded| (loaded, config))
        })
        .and_then(|(loaded, config)| {
            let (name, at) = choose(args.tool.as_deref(), &args.file, "sample", &loaded)?;
            Ok((name.to_owned(), at.to_owned(), loaded, config))
        });
    let (name, at, loaded, config) = match chosen {
        Ok(chosen) => chosen,
        Err(error) => return Err(could_not_run(output, ctx, &mut document, error)),
    };
    let run = verify::sample(
        &Space::new(&loaded, &at),
        args.count,
        args.seed.or(config.seed).unwrap_or(0),
        semantics(args.semantics, &config),
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
    if output == Output::Document {
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
