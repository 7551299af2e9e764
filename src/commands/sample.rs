//! `stitch sample SCHEMA [-n N] [--seed N]`: N valid values of a schema (or of one tool's input
//! schema) as JSON lines on standard output, deterministic for a seed (V2). Fewer values than
//! asked is a warning; none at all is a finding and exit 1.

use super::{Context, load_options, semantics};
use crate::cli::SampleArgs;
use crate::diagnostic::{Finding, codes};
use crate::document::{self, Input};
use crate::error::{Error, Outcome};
use crate::verify::{self, Space};

pub(super) fn run(args: &SampleArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let options = load_options(&args.load);
    let loaded =
        document::load_checked(&Input::from_arg(&args.file), &options).map_err(Error::Input)?;
    ctx.report(&loaded.findings)?;
    let schemas = loaded.contents.schemas();
    let (name, at) = match (&args.tool, schemas.as_slice()) {
        (None, [one]) => *one,
        (Some(tool), _) => *schemas.iter().find(|(n, _)| n == tool).ok_or_else(|| {
            Error::Usage(format!(
                "no tool `{tool}` in `{}`; it has: {}",
                args.file,
                names(&schemas)
            ))
        })?,
        (None, []) => {
            return Err(Error::Usage(format!(
                "`{}` holds no input schema to sample",
                args.file
            )));
        }
        (None, _) => {
            return Err(Error::Usage(format!(
                "`{}` holds several tools; choose one with --tool NAME ({})",
                args.file,
                names(&schemas)
            )));
        }
    };
    let run = verify::sample(
        &Space::new(&loaded, at),
        args.count,
        args.seed,
        semantics(args.semantics),
    );
    for value in &run.values {
        let mut line = serde_json::to_string(value).unwrap_or_default();
        line.push('\n');
        ctx.out.write_all(line.as_bytes())?;
    }
    ctx.report(&[Finding::note(
        codes::SAMPLE_COUNTS,
        format!(
            "{} distinct values of `{name}`: {} attempts, {} values generated, {} valid",
            run.values.len(),
            run.attempts,
            run.generated,
            run.valid
        ),
    )
    .in_file(loaded.input().source.name.clone())])?;
    if run.values.is_empty() {
        ctx.report(&[Finding::error(
            codes::SAMPLE_NONE,
            format!("no valid value of `{name}` found in {} attempts", run.attempts),
        )
        .in_file(loaded.input().source.name.clone())
        .with_help("the schema may accept no value at all (its constraints contradict each other), or only values the sampler does not build")])?;
        return Ok(Outcome::Negative);
    }
    if run.values.len() < args.count {
        ctx.report(&[Finding::warning(
            codes::SAMPLE_FEW,
            format!(
                "only {} distinct valid values of `{name}` found in {} attempts ({} asked)",
                run.values.len(),
                run.attempts,
                args.count
            ),
        )
        .in_file(loaded.input().source.name.clone())])?;
    }
    Ok(Outcome::Positive)
}

fn names(schemas: &[(&str, &str)]) -> String {
    schemas
        .iter()
        .map(|(n, _)| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
