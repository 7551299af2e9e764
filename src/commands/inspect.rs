//! `stitch inspect FILE…`: load each input and show what stitch sees — kind, draft, tools,
//! references and the files they reached. Every input is tried; the command exits 2 if any
//! could not be loaded (SPEC §9), after reporting all of them.

use super::{Context, load_options};
use crate::cli::InspectArgs;
use crate::diagnostic::Finding;
use crate::document::{self, Input};
use crate::error::{Error, Outcome};
use crate::report::Output;
use crate::report::inspect;
use crate::report::json::{self, FORMAT_VERSION, InspectDocument};

pub(super) fn run(args: &InspectArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let config = super::project(args.load.config.as_deref(), args.load.no_config)?;
    let options = load_options(&args.load, &config);
    let json = Output::from(args.format) == Output::Document;
    let mut failures: Vec<Finding> = Vec::new();
    let mut inputs = Vec::new();
    for file in &args.files {
        let input = Input::from_arg(file);
        let file = &input.name();
        match document::load_compiled(&input, &options) {
            Ok(loaded) => {
                let summary = inspect::summary(file, &loaded, &ctx.shown(&loaded.findings));
                if json {
                    inputs.push(summary);
                } else {
                    ctx.out.write_all(inspect::human(&summary).as_bytes())?;
                    ctx.report(&loaded.findings)?;
                }
            }
            Err(findings) => {
                if json {
                    inputs.push(inspect::failed(file, &ctx.shown(&findings)));
                }
                failures.extend(findings);
            }
        }
    }
    if json {
        let document = InspectDocument {
            format_version: FORMAT_VERSION,
            inputs,
            findings: Vec::new(),
        };
        ctx.out.write_all(json::pretty(&document).as_bytes())?;
        return if failures.is_empty() {
            Ok(Outcome::Positive)
        } else {
            Err(Error::Reported)
        };
    }
    if failures.is_empty() {
        Ok(Outcome::Positive)
    } else {
        Err(Error::Input(failures))
    }
}
