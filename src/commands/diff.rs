//! `stitch diff OLD NEW` and `stitch diff --flatten CONTRACT` (D1–D5): load both sides (with
//! --flatten, NEW is the contract's presentation; with --target, each side as that provider
//! reads it), compare them (`diff::compare`), print the report in the format asked for,
//! and exit as --fail-on says.
//!
//! Decisions the SPEC leaves open, written here and in the README: which values count is
//! `--semantics` (stitch.toml's, else `declared`), as for `verify`; without --fail-on the
//! command exits 0 whenever it ran, whatever it found; a removed tool is a break (every value
//! of it is refused now) and an added one a change; the human and markdown reports show the
//! schemas that changed and count the others.

use super::{Context, choices, could_not_run, load_options, verify_options};
use crate::cli::{DiffArgs, DiffFormat, FailOn};
use crate::diagnostic::Finding;
use crate::diff::compare::{self, Comparison};
use crate::document::{self, Input, Loaded};
use crate::error::{Error, Outcome};
use crate::present::{Plan, reproduce};
use crate::report::Output;
use crate::report::diff::{self, DiffDocument, Sides};
use crate::report::json;

pub(super) fn run(args: &DiffArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let old_input = Input::from_arg(&args.old);
    let new_input = args.new.as_deref().map(Input::from_arg);
    let (old_name, new_name) = names(&old_input, new_input.as_ref());
    let target = args.target.map(|p| p.id());
    let sides = Sides {
        old: &old_name,
        new: &new_name,
        target: target.as_deref(),
    };
    let mut document = DiffDocument::new(sides);
    match compared(args, &old_input, new_input.as_ref()) {
        Ok((comparisons, found, reproduce)) => {
            report(
                args,
                ctx,
                &comparisons,
                &found,
                sides,
                &reproduce,
                &mut document,
            )?;
            Ok(outcome(args.fail_on, &comparisons))
        }
        Err(error) => Err(could_not_run(
            Output::from(args.format),
            ctx,
            &mut document,
            error,
        )),
    }
}

/// What each side is called in the report: as given (`stdin` for `-`); the presentation is
/// named after its contract.
fn names(old: &Input, new: Option<&Input>) -> (String, String) {
    let old_name = old.name();
    let new_name = match new {
        Some(new) => new.name(),
        None => format!("{old_name} (presentation)"),
    };
    (old_name, new_name)
}

/// Loads both sides and compares them: the comparisons, the loading findings to show, and the
/// command line that reproduces the classes.
fn compared(
    args: &DiffArgs,
    old_input: &Input,
    new_input: Option<&Input>,
) -> Result<(Vec<Comparison>, Vec<Finding>, String), Error> {
    if matches!((old_input, new_input), (Input::Stdin, Some(Input::Stdin))) {
        return Err(Error::Usage(
            "OLD and NEW cannot both be standard input".to_owned(),
        ));
    }
    let config = super::project(args.load.config.as_deref(), args.load.no_config)?;
    let choices = choices(&args.shape, &config);
    let verify = verify_options(choices.semantics, &args.sampling, &config);
    let plan = Plan {
        choices,
        verify: Some(verify),
        load: load_options(&args.load, &config),
    };
    let old = document::load_compiled(old_input, &plan.load).map_err(Error::Input)?;
    let new = match new_input {
        Some(input) => document::load_compiled(input, &plan.load).map_err(Error::Input)?,
        None => present(&old, &plan, &args.old, args.target)?,
    };
    let mut found: Vec<Finding> = old.findings.iter().chain(&new.findings).cloned().collect();
    let (old, new) = match (args.target, new_input) {
        (Some(profile), Some(_)) => {
            let file = args.new.as_deref().unwrap_or_default();
            let shaped = (
                present(&old, &plan, &args.old, Some(profile))?,
                present(&new, &plan, file, Some(profile))?,
            );
            found.extend(shaped.0.findings.iter().chain(&shaped.1.findings).cloned());
            shaped
        }
        _ => (old, new),
    };
    let comparisons = compare::compare(&old, &new, &verify).map_err(Error::Usage)?;
    let reproduce = reproduce::diff(
        &args.old,
        args.new.as_deref(),
        args.target.map(|p| p.id()).as_deref(),
        choices,
        verify.seed,
    );
    Ok((comparisons, found, reproduce))
}

/// `loaded`'s presentation (for `target`, as the provider reads it); a presentation that does
/// not load is stitch's bug, reported as the input's problem with the reason.
fn present(
    loaded: &Loaded,
    plan: &Plan,
    file: &str,
    target: Option<&'static crate::targets::Profile>,
) -> Result<Loaded, Error> {
    compare::presentation(loaded, plan, file, target).map_err(Error::Input)
}

/// Prints the report in `args.format`.
fn report(
    args: &DiffArgs,
    ctx: &mut Context<'_>,
    comparisons: &[Comparison],
    found: &[Finding],
    sides: Sides<'_>,
    reproduce: &str,
    document: &mut DiffDocument,
) -> Result<(), Error> {
    match args.format {
        DiffFormat::Json => {
            document.fill(comparisons, sides, reproduce);
            document.findings = json::findings(&ctx.shown(found));
            ctx.out.write_all(json::pretty(document).as_bytes())?;
        }
        DiffFormat::Human => {
            ctx.report(found)?;
            let text = diff::human(comparisons, sides, ctx.style.color_out);
            ctx.out.write_all(text.as_bytes())?;
        }
        DiffFormat::Markdown => {
            ctx.report(found)?;
            ctx.out
                .write_all(diff::markdown(comparisons, sides).as_bytes())?;
        }
    }
    Ok(())
}

/// D5: exit 0 when it ran, unless `fail_on` says otherwise: negative when a break (or, for
/// `change`, any difference) is shown, undecided when the only doubt is an `unknown`.
fn outcome(fail_on: Option<FailOn>, comparisons: &[Comparison]) -> Outcome {
    let shown = |c: &Comparison| match fail_on {
        Some(FailOn::Breaking) => c.class.breaks(),
        Some(FailOn::Change) => c.changed(),
        None => false,
    };
    let doubtful = |c: &Comparison| match fail_on {
        Some(FailOn::Breaking) => c.doubtful(),
        Some(FailOn::Change) => c.class == compare::Class::Unknown,
        None => false,
    };
    if comparisons.iter().any(shown) {
        Outcome::Negative
    } else if comparisons.iter().any(doubtful) {
        Outcome::Undecided
    } else {
        Outcome::Positive
    }
}
