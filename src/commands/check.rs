//! `stitch check [PATH…]`: the CI gate (C1–C8). Reads stitch.toml, discovers the files, checks
//! each one on a pool of worker threads ([`Gate::check`]), counts the per-request limits of each
//! target over every tool checked, and reports: findings sorted by file, position and code, then
//! one summary line (human), or one versioned document (json).
//!
//! Results are gathered in the discovery's sorted order, so the output does not depend on the
//! number of threads or the order of the paths given. Only the human summary, and only on a
//! terminal, says how long the run took.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::Context;
use crate::check::discover::{self, Candidate};
use crate::check::gate::Gate;
use crate::check::run::{Part, check_one, manifest_findings, no_files, skipped, sort};
use crate::cli::{CheckArgs, CheckFormat, TargetChoice};
use crate::config::Config;
use crate::diagnostic::{Finding, Severity, codes};
use crate::error::{Error, Outcome};
use crate::report::{
    self, Output,
    json::{self, CheckDocument, CheckFile, CheckSummary},
};
use crate::targets::adapt;
use crate::targets::{self, Profile, Request};
use crate::verify::Verdict;

pub(super) fn run(args: &CheckArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    match gate_files(args, ctx) {
        // A run that could not check (a broken config, a missing path, nothing to check) says
        // why in the format asked for too, so that a JSON or SARIF reader is not left with
        // nothing; exit 2 all the same.
        Err(error) if Output::from(args.format) == Output::Document && !error.is_broken_pipe() => {
            let mut shown = super::error_findings(error);
            crate::document::locate::fill_spans(&mut shown);
            sort(&mut shown);
            let mut document = CheckDocument::default();
            document.summary.tally(&shown);
            machine_report(args.format, shown, document, ctx)?;
            Err(Error::Reported)
        }
        other => other,
    }
}

/// The findings in a machine-readable `format` on standard output (`document` carries what
/// the JSON report says beside them).
fn machine_report(
    format: CheckFormat,
    shown: Vec<Finding>,
    mut document: CheckDocument,
    ctx: &mut Context<'_>,
) -> Result<(), Error> {
    let text = match format {
        CheckFormat::Json | CheckFormat::Human => {
            // Each finding dropped as it is converted: a run can make hundreds of thousands.
            document.findings = shown.into_iter().map(|f| (&f).into()).collect();
            document.skipped.sort();
            json::pretty(&document)
        }
        CheckFormat::Sarif => report::sarif::log(&shown),
        CheckFormat::Github => report::github::commands(&shown),
    };
    ctx.out.write_all(text.as_bytes())?;
    Ok(())
}

/// The run: discovery, every file checked, the report.
fn gate_files(args: &CheckArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let started = Instant::now();
    let config = super::project(args.config.as_deref(), args.no_config)?;
    let gate = gate(args, &config);
    let mut found = discover::discover(&args.paths, &config).map_err(Error::Input)?;
    let discovered = found.files.len();
    if let Some(shard) = args.shard {
        found.files.retain(|c| discover::in_shard(&c.path, shard));
    }
    let outcomes = check_all(&found.files, &gate, &config, ctx.style.progress)?;

    let mut document = CheckDocument::default();
    let mut findings: Vec<Finding> = found.missing.clone();
    let mut requests = vec![Request::default(); gate.targets.len()];
    let mut summary = CheckSummary::default();
    let mut tools = Vec::new();
    // Every file loaded and verified: only then can the manifest be compared.
    let mut complete = true;
    for (candidate, outcome) in found.files.iter().zip(outcomes) {
        let file = candidate.path.display().to_string();
        match outcome {
            Part::Skipped => {
                summary.skipped += 1;
                document.skipped.push(file.clone());
                findings.push(skipped(
                    &file,
                    "no `$schema`, no schema keyword at its root and no tool shape",
                ));
            }
            Part::Failed(failed) => {
                complete = false;
                summary.files += 1;
                findings.extend(failed);
                document.files.push(CheckFile::new(file, Vec::new()));
            }
            Part::Checked(checked) => {
                summary.files += 1;
                for (total, request) in requests.iter_mut().zip(&checked.requests) {
                    total.add(request);
                }
                for (_, verdict) in &checked.verdicts {
                    summary.count(*verdict);
                }
                // A file whose schemas did not compile lists no tool.
                match checked.tools {
                    Some(listed) => tools.extend(listed),
                    None => complete = false,
                }
                findings.extend(checked.findings);
                document.files.push(CheckFile::new(file, checked.verdicts));
            }
        }
    }
    // C5: the committed manifest, when every file could be listed.
    if complete {
        findings.extend(gate.judged(manifest_findings(&config, &gate, tools)));
    }
    for (path, why) in &found.excluded {
        summary.skipped += 1;
        let file = path.display().to_string();
        document.skipped.push(file.clone());
        findings.push(skipped(&file, why));
    }
    // C4: the limits a provider sets per request, over every tool checked; about the config
    // that names the files and targets, when there is one (SARIF readers want a file).
    let about = config.path.as_ref().map(|p| p.display().to_string());
    for (profile, request) in gate.targets.iter().zip(&requests) {
        let found = adapt::request_findings(profile, request, None);
        findings.extend(gate.judged(found).into_iter().map(|f| Finding {
            file: about.clone(),
            ..f
        }));
    }
    // A part of a sharded run may hold no file when the run as a whole has some.
    if summary.files == 0 && !(args.shard.is_some() && discovered > 0) {
        let mut refused = found.missing;
        refused.push(no_files(&args.paths, &config, summary.skipped));
        return Err(Error::Input(refused));
    }
    // Counted whatever the verbosity, then kept only as far as it shows them: in place, for a
    // run over thousands of files can make hundreds of thousands of findings.
    summary.tally(&findings);
    let mut shown = findings;
    shown.retain(|f| ctx.style.shows(f));
    crate::document::locate::fill_spans(&mut shown);
    sort(&mut shown);
    let outcome = if summary.errors > 0 || (args.deny_warnings && summary.warnings > 0) {
        Outcome::Negative
    } else {
        Outcome::Positive
    };
    match args.format {
        CheckFormat::Json | CheckFormat::Sarif | CheckFormat::Github => {
            document.summary = summary;
            machine_report(args.format, shown, document, ctx)?;
        }
        CheckFormat::Human => {
            for finding in &shown {
                ctx.err
                    .write_all(report::human::render(finding, &ctx.style).as_bytes())?;
            }
            let took = ctx.style.timing.then(|| started.elapsed().as_secs_f64());
            ctx.err
                .write_all(summary.line(took, args.shard).as_bytes())?;
        }
    }
    Ok(outcome)
}

/// What the command line and the config ask of every document.
fn gate(args: &CheckArgs, config: &Config) -> Gate {
    let plan = super::config_plan(config);
    let mut targets: Vec<&'static Profile> = if args.target.is_empty() {
        config.targets.clone()
    } else {
        args.target
            .iter()
            .flat_map(|choice| match choice {
                TargetChoice::One(profile) => vec![*profile],
                TargetChoice::All => targets::current().collect(),
            })
            .collect()
    };
    targets.sort_by_key(|p| p.id());
    targets.dedup_by_key(|p| p.id());
    Gate {
        plan,
        targets,
        allow_unproven: args.allow_unproven || config.allow_unproven,
        // A part of a sharded run cannot say whether the whole manifest is current.
        manifest: config.manifest.is_some() && args.shard.is_none(),
        manifest_targets: config.targets.clone(),
        // The command line's levels first: the first one naming a code wins.
        rules: args.rules.iter().chain(&config.rules).copied().collect(),
    }
}

/// Every candidate checked on the pool, the results in the candidates' order; with `progress`,
/// a bar on standard error once the run has taken [`PROGRESS_AFTER`], cleared at the end.
fn check_all(
    files: &[Candidate],
    gate: &Gate,
    config: &Config,
    progress: bool,
) -> Result<Vec<Part>, Error> {
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(crate::threads::STACK_SIZE)
        .thread_name(|i| format!("stitch-check-{i}"))
        .start_handler(|_| crate::threads::mark())
        .build()
        .map_err(|e| Error::Io(std::io::Error::other(e.to_string())))?;
    let bar = ProgressBar::with_draw_target(Some(files.len() as u64), ProgressDrawTarget::hidden());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} files") {
        bar.set_style(style.progress_chars("=> "));
    }
    let started = Instant::now();
    let drawn = AtomicBool::new(false);
    let parts = pool.install(|| {
        files
            .par_iter()
            .map(|candidate| {
                let part = check_one(candidate, gate, config);
                bar.inc(1);
                if progress
                    && started.elapsed() >= PROGRESS_AFTER
                    && !drawn.swap(true, Ordering::Relaxed)
                {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                }
                part
            })
            .collect()
    });
    bar.finish_and_clear();
    Ok(parts)
}

/// How long a run goes before it draws its progress bar: a short one never flickers one.
const PROGRESS_AFTER: Duration = Duration::from_millis(500);

impl CheckSummary {
    /// Counts one verdict.
    fn count(&mut self, verdict: Option<Verdict>) {
        match verdict {
            Some(Verdict::Proven) => self.proven += 1,
            Some(Verdict::Unknown) => self.unknown += 1,
            Some(Verdict::Refuted) => self.refuted += 1,
            None => {}
        }
    }

    /// Counts the findings by severity (all of them, whatever the verbosity shows).
    fn tally(&mut self, findings: &[Finding]) {
        for finding in findings {
            match finding.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Note if finding.code == codes::CHECK_SKIPPED => {}
                Severity::Note => self.notes += 1,
            }
        }
    }

    /// The human summary line; `took` (seconds) only on a terminal.
    fn line(&self, took: Option<f64>, shard: Option<(u64, u64)>) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let mut aside = Vec::new();
        if let Some((k, n)) = shard {
            aside.push(format!("part {k} of {n}"));
        }
        if self.skipped > 0 {
            aside.push(format!("{} skipped", self.skipped));
        }
        let skipped = if aside.is_empty() {
            String::new()
        } else {
            format!(" ({})", aside.join(", "))
        };
        let took = took.map_or(String::new(), |s| format!(" in {s:.2} s"));
        format!(
            "checked {}{skipped}: {}, {}, {}; {} proven, {} unknown, {} refuted{took}\n",
            plural(self.files, "file"),
            plural(self.errors, "error"),
            plural(self.warnings, "warning"),
            plural(self.notes, "note"),
            self.proven,
            self.unknown,
            self.refuted
        )
    }
}
