//! `stitch flatten FILE… [-o FILE | --out-dir DIR]`: load, flatten each schema of each input,
//! print or write the presentation atomically, and report the notes as diagnostics.

use std::path::{Path, PathBuf};

use serde_json::json;

use super::{Context, load_options, semantics, shell_words};
use crate::canonical;
use crate::cli::{CollisionsArg, FlattenArgs, Format};
use crate::diagnostic::{Finding, Severity, codes};
use crate::document::{self, Input, Loaded};
use crate::error::{Error, Outcome};
use crate::flatten;
use crate::output;
use crate::report;
use crate::verify::{self, Space, Verdict};

pub(super) fn run(args: &FlattenArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    if args.files.len() > 1 && args.out_dir.is_none() {
        return Err(Error::Usage(
            "several inputs need --out-dir DIR (each presentation is written under its input's file name)".to_owned(),
        ));
    }
    let options = load_options(&args.load);
    let semantics = semantics(args.semantics);
    let mut failures = Vec::new();
    let mut json_notes = Vec::new();
    let mut json_verdicts = Vec::new();
    let mut refuted = false;
    for (index, file) in args.files.iter().enumerate() {
        let last = index + 1 == args.files.len();
        let input = Input::from_arg(file);
        // Verifying validates, so the contract must compile.
        let loaded = if args.no_verify {
            document::load(&input, &options)
        } else {
            document::load_checked(&input, &options)
        };
        let loaded = match loaded {
            Ok(loaded) => loaded,
            Err(findings) => {
                failures.extend(findings);
                continue;
            }
        };
        let choices = flatten::Choices {
            semantics,
            collisions: match args.collisions {
                CollisionsArg::Anyof => flatten::Collisions::AnyOf,
                CollisionsArg::Merge => flatten::Collisions::Merge,
            },
            deep: args.deep,
        };
        let (presentation, findings) = flatten::flatten_loaded(&loaded, choices);
        match args.format {
            Format::Human => {
                ctx.report(&loaded.findings)?;
                ctx.report(&findings)?;
            }
            Format::Json => {
                json_notes.extend(ctx.shown(&findings).iter().map(report::json::finding))
            }
        }
        // The presentation is about as large as the contract, often larger (F9 copies keys):
        // twice the contract's text leaves room for either without a copy on the way.
        let bytes = canonical::pretty_with_capacity(
            &presentation,
            2 * loaded.input().source.text.len() + 1024,
        );
        let destination = destination(args, &input)?;
        if !args.no_verify {
            let verdicts = self_verify(args, file, &loaded, &bytes, &options, ctx)?;
            refuted |= verdicts.iter().any(|(_, v)| *v == Verdict::Refuted);
            json_verdicts.extend(verdicts.into_iter().map(|(json, _)| json));
        }
        match destination {
            Some(path) => {
                let bytes = rebased(&loaded, &presentation, &path).unwrap_or(bytes);
                output::write_atomic(&path, bytes.as_bytes())
                    .map_err(|source| Error::Write { path, source })?
            }
            None => ctx.out.write_all(bytes.as_bytes())?,
        }
        // Freeing a large document tree costs a tenth of a run. After the last input the
        // process exits, which frees it all at once; before, it is freed off the critical path.
        if last {
            std::mem::forget(presentation);
            std::mem::forget(loaded);
        } else {
            if let std::borrow::Cow::Owned(presentation) = presentation {
                dispose(presentation);
            }
            dispose(loaded);
        }
    }
    if args.format == Format::Json {
        let notes = json!({"formatVersion": 1, "notes": json_notes, "verdicts": json_verdicts});
        ctx.err.write_all(canonical::pretty(&notes).as_bytes())?;
    }
    if !failures.is_empty() {
        Err(Error::Input(failures))
    } else if refuted {
        Ok(Outcome::Negative)
    } else {
        Ok(Outcome::Positive)
    }
}

/// Verifies each presentation of `loaded` against its contract (§4: flatten verifies its own
/// output) and reports the verdicts on standard error; a refuted one is an error finding.
fn self_verify(
    args: &FlattenArgs,
    file: &str,
    loaded: &Loaded,
    bytes: &str,
    options: &document::LoadOptions,
    ctx: &mut Context<'_>,
) -> Result<Vec<(serde_json::Value, Verdict)>, Error> {
    let presentation = match document::load_derived(bytes.to_owned(), loaded, options) {
        Ok(p) => p,
        Err(findings) => {
            let bug = Finding::error(
                codes::VERIFY_BUG,
                format!(
                    "the presentation of `{file}` does not load: {}",
                    findings[0]
                ),
            )
            .with_help("this is a bug in stitch; please report it with the contract");
            ctx.report(&[bug])?;
            return Ok(vec![(json!({"verdict": "refuted"}), Verdict::Refuted)]);
        }
    };
    let verify_options = verify::Options {
        semantics: semantics(args.semantics),
        samples: args.sampling.samples,
        seed: args.sampling.seed,
        ..verify::Options::default()
    };
    let semantics_name = verify_options.semantics.name();
    let mut flatten_words = vec!["stitch", "flatten", file, "--semantics", semantics_name];
    if args.deep {
        flatten_words.push("--deep");
    }
    if args.collisions == CollisionsArg::Merge {
        flatten_words.extend(["--collisions", "merge"]);
    }
    flatten_words.extend(["-o", "presentation.json"]);
    let reproduce = shell_words(&flatten_words)
        + " && "
        + &shell_words(&[
            "stitch",
            "verify",
            file,
            "presentation.json",
            "--semantics",
            semantics_name,
            "--seed",
            &args.sampling.seed.to_string(),
        ]);
    let mut out = Vec::new();
    for (name, at) in loaded.contents.schemas() {
        let contract = loaded.input().value.pointer(at);
        let report = if contract.is_some() && contract == presentation.input().value.pointer(at) {
            // Unchanged: the presentation is the contract.
            None
        } else {
            Some(verify::verify(
                &Space::new(loaded, at),
                &Space::new(&presentation, at),
                &verify_options,
            ))
        };
        let Some(report) = report else {
            if ctx.style.shows_severity(Severity::Note) {
                writeln!(ctx.err, "verify: {name}: unchanged, nothing to verify")?;
            }
            out.push((
                json!({"name": name, "verdict": "proven", "provenBy": "identity"}),
                Verdict::Proven,
            ));
            continue;
        };
        for bug in &report.bugs {
            ctx.report(
                &[Finding::error(codes::VERIFY_BUG, format!("{name}: {bug}"))
                    .with_help("this is a bug in stitch; please report it with the contract")],
            )?;
        }
        let headline = report::verdict::headline(name, &report);
        match report.verdict {
            Verdict::Proven => {
                if ctx.style.shows_severity(Severity::Warning) {
                    writeln!(
                        ctx.err,
                        "verify: {headline}; {} sampled values accepted",
                        report.samples.checked
                    )?;
                }
            }
            Verdict::Unknown => {
                let reason = report.reason.as_ref().map_or(String::new(), |r| {
                    format!(": `{}` at #{}: {}", r.keyword, r.pointer, r.message)
                });
                ctx.report(&[Finding::warning(
                    codes::VERIFY_UNKNOWN,
                    format!("{headline}{reason}"),
                )
                .in_file(loaded.input().source.name.clone())
                .with_help(format!(
                    "{}; no sampled value was rejected",
                    report::verdict::samples(&report)
                ))])?;
            }
            Verdict::Refuted => {
                let document =
                    report::verdict::counterexample(&report, &reproduce).unwrap_or_default();
                ctx.report(&[Finding::error(
                    codes::VERIFY_REFUTED,
                    format!("{headline}: the presentation rejects {}", canonical::canonical(&document["value"])),
                )
                .in_file(loaded.input().source.name.clone())
                .with_help(format!(
                    "rejected by #{} of the presentation; this is a bug in stitch's flattener: please report it. Reproduce: {reproduce}",
                    document["rejectedBy"].as_str().unwrap_or_default()
                ))])?;
            }
        }
        out.push((
            report::verdict::json(name, &report, &reproduce),
            report.verdict,
        ));
    }
    Ok(out)
}

/// Drops `value` on a thread of its own.
fn dispose<T: Send + 'static>(value: T) {
    if std::thread::Builder::new()
        .spawn(move || drop(value))
        .is_err()
    {
        // No thread to spare: the value is dropped here instead.
    }
}

/// Where the presentation of `input` goes: a file, or standard output (`None`).
fn destination(args: &FlattenArgs, input: &Input) -> Result<Option<PathBuf>, Error> {
    let path = match (&args.output, &args.out_dir) {
        (Some(path), _) => path.clone(),
        (None, Some(dir)) => {
            std::fs::create_dir_all(dir).map_err(|source| Error::Write {
                path: dir.clone(),
                source,
            })?;
            let name = match input {
                Input::File(path) => path.file_name().map(PathBuf::from),
                Input::Stdin => Some(PathBuf::from("stdin.json")),
            };
            dir.join(name.ok_or_else(|| Error::Usage(format!("`{}` names no file", input.name())))?)
        }
        (None, None) => return Ok(None),
    };
    // L6: inputs are never modified.
    if let Input::File(source) = input
        && same_file(source, &path)
    {
        return Err(Error::Usage(format!(
            "`{}` is the input; stitch never overwrites its inputs (choose another output)",
            path.display()
        )));
    }
    Ok(Some(path))
}

/// F13: the presentation's bytes with its relative file references rewritten for `path`, when
/// it is written to another folder than its input's (`None`: nothing to rewrite). Verification
/// has judged the presentation as read from the input's place; this rewriting keeps each
/// reference naming the same file.
fn rebased(loaded: &Loaded, presentation: &serde_json::Value, path: &Path) -> Option<String> {
    let input = loaded.input();
    if input.uri.scheme() != "file" {
        return None;
    }
    let absolute = std::path::absolute(path).ok()?;
    let to = url::Url::from_file_path(&absolute).ok()?;
    let schemas: Vec<&str> = loaded
        .contents
        .schemas()
        .into_iter()
        .map(|(_, at)| at)
        .collect();
    flatten::rebase(presentation, &schemas, input.draft, &input.uri, &to)
        .map(|moved| canonical::pretty(&moved))
}

fn same_file(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}
