//! `stitch flatten --target all FILE…`: where does this tool work? Each input is flattened and
//! verified once, then shaped and checked for every profile `stitch targets` lists; one row per
//! target says `accepted` (as flattened), `fixed` (after the target's rewrites) or `refused`,
//! with the counts of errors and warnings. No presentation is written, and the answer is a
//! report, not a gate: the exit code is 0 unless an input cannot be read (2). `stitch flatten
//! --target NAME` then shows one target's findings.

use super::{load, plan};
use crate::cli::FlattenArgs;
use crate::commands::{Context, could_not_run, project};
use crate::diagnostic::{Finding, Severity, codes};
use crate::document::{Contents, Input};
use crate::error::{Error, Outcome};
use crate::present;
use crate::report::Output;
use crate::report::json::{self, FORMAT_VERSION, TargetAllDocument, TargetAllResult, TargetRow};
use crate::targets;
use crate::targets::adapt::{self, RequestScope};
use crate::verify::Verdict;

pub(super) fn run(args: &FlattenArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let output = Output::from(args.format);
    let mut document = TargetAllDocument {
        format_version: FORMAT_VERSION,
        results: Vec::new(),
        findings: Vec::new(),
    };
    if args.output.is_some() || args.out_dir.is_some() {
        let message = "--target all writes no presentation: drop -o/--out-dir, or name one target";
        let error = Error::Usage(message.to_owned());
        return Err(could_not_run(output, ctx, &mut document, error));
    }
    let config = project(args.load.config.as_deref(), args.load.no_config)?;
    let plan = plan(args, &config);
    let mut failures: Vec<Finding> = Vec::new();
    for file in &args.files {
        let input = Input::from_arg(file);
        let loaded = match load(args, &input, &plan) {
            Ok(loaded) => loaded,
            Err(findings) => {
                failures.extend(findings);
                continue;
            }
        };
        let presented = present::present(&loaded, file, &plan);
        let mut rows = Vec::new();
        for profile in targets::current() {
            let mut shaped = presented.clone();
            let found = adapt::target(
                profile,
                &loaded,
                &mut shaped,
                &plan,
                &input.name(),
                RequestScope::Document,
            );
            rows.push(row(profile, &found.findings));
        }
        document.results.push(TargetAllResult {
            file: input.name(),
            name: match &loaded.contents {
                Contents::Schema { name } => Some(name.clone()),
                Contents::Tool(tool) => Some(tool.name.clone()),
                Contents::Tools { .. } => None,
            },
            verdict: presented.verdict().map(Verdict::name),
            targets: rows,
        });
    }
    let outcome = if failures.is_empty() {
        Ok(Outcome::Positive)
    } else {
        Err(Error::Input(failures))
    };
    if output == Output::Document {
        if let Err(error) = outcome {
            return Err(could_not_run(output, ctx, &mut document, error));
        }
        ctx.out.write_all(json::pretty(&document).as_bytes())?;
        return outcome;
    }
    for result in &document.results {
        ctx.out.write_all(table(result).as_bytes())?;
    }
    outcome
}

/// One target's row from its findings.
fn row(profile: &crate::targets::Profile, findings: &[Finding]) -> TargetRow {
    let count = |severity| findings.iter().filter(|f| f.severity == severity).count();
    let has = |code| findings.iter().filter(|f| f.code == code).count();
    let (errors, rewritten) = (count(Severity::Error), has(codes::TARGET_REWRITTEN));
    TargetRow {
        target: profile.id(),
        verdict: match (errors, rewritten) {
            (0, 0) => "accepted",
            (0, _) => "fixed",
            _ => "refused",
        },
        errors,
        warnings: count(Severity::Warning),
        rewritten,
        narrowed: has(codes::TARGET_NARROWED) > 0,
    }
}

/// The table of one input, as printed.
fn table(result: &TargetAllResult) -> String {
    let name = result
        .name
        .as_deref()
        .map_or(String::new(), |n| format!(" ({n})"));
    let verdict = result.verdict.map_or("not verified".to_owned(), |v| {
        format!("the presentation is {v}")
    });
    let mut out = format!("{}{name}: {verdict}\n", result.file);
    let width = result
        .targets
        .iter()
        .map(|r| r.target.len())
        .max()
        .unwrap_or(0);
    out.push_str(&format!(
        "  {:width$}  {:8}  {:>6}  {:>8}  {:>9}\n",
        "target", "verdict", "errors", "warnings", "rewritten"
    ));
    for row in &result.targets {
        let narrowed = if row.narrowed { "  narrowed" } else { "" };
        out.push_str(&format!(
            "  {:width$}  {:8}  {:>6}  {:>8}  {:>9}{narrowed}\n",
            row.target, row.verdict, row.errors, row.warnings, row.rewritten
        ));
    }
    out
}
