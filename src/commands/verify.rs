//! `stitch verify SUB SUP`: load both, pair their schemas (one each, or tools by name), verify
//! each pair (V4) and print the reports (V5). Exit: 0 proven, 1 refuted, 3 unknown (V6).

use serde_json::json;

use super::{Context, load_options, semantics, shell_words};
use crate::canonical;
use crate::cli::{Format, VerifyArgs};
use crate::document::{self, Input, Loaded};
use crate::error::{Error, Outcome};
use crate::report;
use crate::verify::{self, Space, Verdict};

pub(super) fn run(args: &VerifyArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let options = load_options(&args.load);
    let sub_input = Input::from_arg(&args.sub);
    let sup_input = Input::from_arg(&args.sup);
    if matches!((&sub_input, &sup_input), (Input::Stdin, Input::Stdin)) {
        return Err(Error::Usage(
            "SUB and SUP cannot both be standard input".to_owned(),
        ));
    }
    let sub = document::load_checked(&sub_input, &options).map_err(Error::Input)?;
    let sup = document::load_checked(&sup_input, &options).map_err(Error::Input)?;
    ctx.report(&sub.findings)?;
    ctx.report(&sup.findings)?;
    let pairs = pairs(&sub, &sup)?;
    let verify_options = verify::Options {
        semantics: semantics(args.semantics),
        samples: args.sampling.samples,
        seed: args.sampling.seed,
        ..verify::Options::default()
    };
    let reproduce = shell_words(&[
        "stitch",
        "verify",
        &args.sub,
        &args.sup,
        "--semantics",
        verify_options.semantics.name(),
        "--seed",
        &args.sampling.seed.to_string(),
    ]);
    let mut worst = Verdict::Proven;
    let mut results = Vec::new();
    for (name, sub_at, sup_at) in pairs {
        let report = verify::verify(
            &Space::new(&sub, &sub_at),
            &Space::new(&sup, &sup_at),
            &verify_options,
        );
        for bug in &report.bugs {
            ctx.report(&[crate::diagnostic::Finding::error(
                crate::diagnostic::codes::VERIFY_BUG,
                format!("{name}: {bug}"),
            )
            .with_help("this is a bug in stitch; please report it with both files")])?;
        }
        worst = match (worst, report.verdict) {
            (Verdict::Refuted, _) | (_, Verdict::Refuted) => Verdict::Refuted,
            (Verdict::Unknown, _) | (_, Verdict::Unknown) => Verdict::Unknown,
            _ => Verdict::Proven,
        };
        match args.format {
            Format::Human => ctx
                .out
                .write_all(report::verdict::human(&name, &report, &reproduce).as_bytes())?,
            Format::Json => results.push(report::verdict::json(&name, &report, &reproduce)),
        }
    }
    if args.format == Format::Json {
        let document = json!({"formatVersion": 1, "results": results});
        ctx.out.write_all(canonical::pretty(&document).as_bytes())?;
    }
    Ok(match worst {
        Verdict::Proven => Outcome::Positive,
        Verdict::Refuted => Outcome::Negative,
        Verdict::Unknown => Outcome::Undecided,
    })
}

/// The schemas to compare: the one schema of each side, or tools matched by name.
fn pairs(sub: &Loaded, sup: &Loaded) -> Result<Vec<(String, String, String)>, Error> {
    let (a, b) = (sub.contents.schemas(), sup.contents.schemas());
    if let ([(name, x)], [(_, y)]) = (a.as_slice(), b.as_slice()) {
        return Ok(vec![((*name).to_owned(), (*x).to_owned(), (*y).to_owned())]);
    }
    let mut out = Vec::new();
    for (name, x) in &a {
        let Some((_, y)) = b.iter().find(|(n, _)| n == name) else {
            return Err(Error::Usage(format!(
                "SUB has a tool `{name}` that SUP does not; verify compares tools by name"
            )));
        };
        out.push(((*name).to_owned(), (*x).to_owned(), (*y).to_owned()));
    }
    if let Some((name, _)) = b.iter().find(|(n, _)| !a.iter().any(|(m, _)| m == n)) {
        return Err(Error::Usage(format!(
            "SUP has a tool `{name}` that SUB does not; verify compares tools by name"
        )));
    }
    if out.is_empty() {
        return Err(Error::Usage("SUB holds no schema to verify".to_owned()));
    }
    Ok(out)
}
