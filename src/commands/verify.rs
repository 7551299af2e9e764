//! `stitch verify SUB SUP`: load both, pair their schemas (`diff::pairing`), verify each
//! pair (V4) and print the reports (V5). Exit: 0 proven, 1 refuted, 3 unknown (V6).

use super::{Context, could_not_run, load_options, semantics, verify_options};
use crate::cli::VerifyArgs;
use crate::diagnostic::{Anchor, Finding, codes};
use crate::diff::pairing;
use crate::document::{self, Input};
use crate::error::{Error, Outcome};
use crate::present::{self, findings, reproduce};
use crate::report::Output;
use crate::report::json::{self, FORMAT_VERSION, VerdictJson, VerifyDocument};
use crate::report::verdict;
use crate::verify::{self, Report, Space, Verdict};

pub(super) fn run(args: &VerifyArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let output = Output::from(args.format);
    let mut document = VerifyDocument {
        format_version: FORMAT_VERSION,
        results: Vec::new(),
        findings: Vec::new(),
    };
    let fail = |ctx: &mut Context<'_>, document: &mut VerifyDocument, error: Error| {
        Err(could_not_run(output, ctx, document, error))
    };
    let config = match super::project(args.load.config.as_deref(), args.load.no_config) {
        Ok(config) => config,
        Err(error) => return fail(ctx, &mut document, error),
    };
    let options = load_options(&args.load, &config);
    let sub_input = Input::from_arg(&args.sub);
    let sup_input = Input::from_arg(&args.sup);
    if matches!((&sub_input, &sup_input), (Input::Stdin, Input::Stdin)) {
        let error = Error::Usage("SUB and SUP cannot both be standard input".to_owned());
        return fail(ctx, &mut document, error);
    }
    let loaded = document::load_compiled(&sub_input, &options)
        .and_then(|sub| Ok((sub, document::load_compiled(&sup_input, &options)?)));
    let (sub, sup) = match loaded {
        Ok(both) => both,
        Err(findings) => return fail(ctx, &mut document, Error::Input(findings)),
    };
    let pairing = match pairing::pair(&sub, &sup, pairing::Single::ByPosition) {
        Ok(pairing) => pairing,
        Err(message) => return fail(ctx, &mut document, Error::Usage(message)),
    };
    let verify_options =
        verify_options(semantics(args.semantics, &config), &args.sampling, &config);
    let reproduce = reproduce::verify(
        &args.sub,
        &args.sup,
        verify_options.semantics,
        verify_options.seed,
    );
    let mut found: Vec<Finding> = sub.findings.iter().chain(&sup.findings).cloned().collect();
    for (name, pointer) in &pairing.added {
        found.push(
            Finding::of(
                codes::TOOL_ADDED,
                format!("SUP has a tool `{name}` that SUB does not; it is not compared"),
            )
            .in_source(&sup.input().source)
            .at(pointer.clone())
            .anchored(Anchor::Key)
            .with_label("only in SUP"),
        );
    }
    let mut reports: Vec<(String, Report)> = Vec::new();
    for pair in &pairing.pairs {
        let report = verify::verify(
            &Space::new(&sub, &pair.first),
            &Space::new(&sup, &pair.second),
            &verify_options,
        );
        let role = findings::Role::Given;
        found.extend(findings::of_report(
            &pair.name,
            &sub.input().source.name,
            &report,
            &reproduce,
            role,
        ));
        reports.push((pair.name.clone(), report));
    }
    for (name, pointer) in &pairing.missing {
        found.push(
            Finding::of(
                codes::TOOL_MISSING,
                format!("SUP has no tool `{name}`, so it accepts none of that tool's values"),
            )
            .in_source(&sub.input().source)
            .at(pointer.clone())
            .anchored(Anchor::Key)
            .with_label("no tool of this name in SUP"),
        );
        let report = present::missing_tool(&sub, name, pointer, "SUP", &verify_options);
        reports.push((name.clone(), report));
    }
    let worst = Verdict::worst(reports.iter().map(|(_, r)| r.verdict));
    if output == Output::Document {
        document.results = reports
            .iter()
            .map(|(name, report)| VerdictJson::of(name, report, &reproduce))
            .collect();
        document.findings = json::findings(&ctx.shown(&found));
        ctx.out.write_all(json::pretty(&document).as_bytes())?;
    } else {
        ctx.report(&found)?;
        for (name, report) in &reports {
            ctx.out
                .write_all(verdict::human(name, report, &reproduce).as_bytes())?;
        }
    }
    Ok(match worst {
        Verdict::Proven => Outcome::Positive,
        Verdict::Refuted => Outcome::Negative,
        Verdict::Unknown => Outcome::Undecided,
    })
}
