//! `stitch manifest [PATH…] [-o FILE] [--check]` (M1–M3): finds the tools as `stitch check`
//! does (C1), flattens and verifies each with stitch.toml's options, and writes the manifest
//! ([`crate::manifest`]) atomically, or compares it with the file on disk.
//!
//! Decisions: a file that does not load, or whose schemas do not compile, stops the command
//! (exit 2): a manifest that silently leaves a tool out would be wrong. A `refuted` or `unknown`
//! verdict is recorded, not refused: `stitch check` is the gate. Paths in `source` are relative
//! to the manifest's folder (the working directory when it goes to standard output).

use std::path::{Path, PathBuf};

use super::Context;
use crate::check::discover;
use crate::cli::ManifestArgs;
use crate::config::Config;
use crate::diagnostic::{Finding, Severity, codes};
use crate::document;
use crate::error::{Error, Outcome};
use crate::manifest::{Manifest, duplicates, folder_of, options, source_of, stale};
use crate::present;

pub(super) fn run(args: &ManifestArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let config = super::project(args.config.as_deref(), args.no_config)?;
    let destination = args
        .output
        .clone()
        .or_else(|| config.manifest.clone())
        .filter(|path| path.as_os_str() != "-");
    if args.check && destination.is_none() {
        return Err(Error::Usage(
            "--check compares with a file: name it with -o FILE or `[artifacts] manifest` in stitch.toml"
                .to_owned(),
        ));
    }
    let folder = folder_of(destination.as_deref());
    let (manifest, mut read) = build(&args.paths, &config, &folder)?;
    read.extend(config.path.as_ref().and_then(|p| p.canonicalize().ok()));
    let bytes = manifest.bytes();
    let Some(path) = destination else {
        ctx.out.write_all(bytes.as_bytes())?;
        return Ok(Outcome::Positive);
    };
    let shown = path.display().to_string();
    if args.check {
        return match stale(&path, &bytes) {
            None => {
                if ctx.style.shows_severity(Severity::Warning) {
                    writeln!(
                        ctx.err,
                        "`{shown}` is current: {}",
                        tools(manifest.tools.len())
                    )?;
                }
                Ok(Outcome::Positive)
            }
            Some(finding) => {
                let rendered = crate::report::human::render(&finding, &ctx.style);
                ctx.err.write_all(rendered.as_bytes())?;
                Ok(Outcome::Negative)
            }
        };
    }
    // L6: never over a file the manifest was made from (a tool, a file one refers to, the
    // stitch.toml in use), nor over a kind of path stitch refuses.
    match crate::output::replaced_file(&path) {
        Ok(Some(replaced)) if read.contains(&replaced) => {
            return Err(Error::Input(vec![
                Finding::of(
                    codes::SAME_DESTINATION,
                    format!("`{shown}` is a file the manifest is made from; stitch never overwrites what it reads"),
                )
                .with_help("choose another output"),
            ]));
        }
        Ok(_) => {}
        Err(source) => return Err(Error::Write { path, source }),
    }
    crate::output::write_atomic(&path, bytes.as_bytes())
        .map_err(|source| Error::Write { path, source })?;
    if ctx.style.shows_severity(Severity::Warning) {
        writeln!(
            ctx.err,
            "wrote {} to `{shown}`",
            tools(manifest.tools.len())
        )?;
    }
    Ok(Outcome::Positive)
}

/// `1 tool`, `3 tools`.
fn tools(count: usize) -> String {
    format!("{count} tool{}", if count == 1 { "" } else { "s" })
}

/// The manifest of every tool under `paths` (or the config's `include`), with `source` paths
/// relative to `folder`, and the files it was made from (links resolved).
fn build(
    paths: &[PathBuf],
    config: &Config,
    folder: &Path,
) -> Result<(Manifest, Vec<PathBuf>), Error> {
    let plan = super::config_plan(config);
    let found = discover::discover(paths, config).map_err(Error::Input)?;
    let mut refused = found.missing;
    let mut tools = Vec::new();
    // Every file discovery found is read, a tool or not.
    let mut read: Vec<PathBuf> = (found.files.iter())
        .filter_map(|candidate| candidate.path.canonicalize().ok())
        .collect();
    for candidate in &found.files {
        match discover::load_candidate(candidate, &plan.load) {
            Ok(Some(loaded)) => {
                read.extend(loaded.files_read());
                let compiled = document::compile_findings(&loaded);
                if compiled.is_empty() {
                    let file = candidate.path.display().to_string();
                    let presented = present::present(&loaded, &file, &plan);
                    let source = source_of(folder, &candidate.path);
                    let mut listed = crate::manifest::manifest_tools(&loaded, &presented, &source);
                    for profile in &config.targets {
                        crate::manifest::present_for(
                            &mut listed,
                            &loaded,
                            profile,
                            &presented,
                            &plan,
                            &file,
                        );
                    }
                    tools.extend(listed);
                } else {
                    refused.extend(compiled);
                }
            }
            Ok(None) => {}
            Err(findings) => refused.extend(findings),
        }
    }
    refused.retain(|f| f.severity == Severity::Error);
    if !refused.is_empty() {
        return Err(Error::Input(refused));
    }
    if tools.is_empty() {
        return Err(Error::Input(vec![
            Finding::of(
                codes::CHECK_NO_FILES,
                "nothing to list: the paths given hold no schema or tool",
            )
            .with_help("name the files or folders, or set `include` in stitch.toml"),
        ]));
    }
    let manifest = Manifest::new(options(&plan, config), tools)
        .map_err(|names| Error::Input(duplicates(names)))?;
    Ok((manifest, read))
}
