//! `stitch manifest [PATH…] [-o FILE] [--check]` (M1–M3): finds the tools as `stitch check`
//! does (C1), flattens and verifies each with stitch.toml's options, and writes the manifest
//! ([`crate::manifest`]) atomically, or compares it with the file on disk.
//!
//! Decisions: a file that does not load, or whose schemas do not compile, stops the command
//! (exit 2): a manifest that silently leaves a tool out would be wrong. A `refuted` or `unknown`
//! verdict is recorded, not refused: `stitch check` is the gate. Paths in `source` are relative
//! to the manifest's folder (the working directory when it goes to standard output).

use std::path::{Component, Path, PathBuf};

use super::Context;
use crate::cli::ManifestArgs;
use crate::config::Config;
use crate::diagnostic::{Finding, Severity, codes};
use crate::discover;
use crate::document::{self, Contents, Loaded};
use crate::error::{Error, Outcome};
use crate::manifest::{Manifest, Options, Tool};
use crate::pipeline::{self, Plan};

/// The longest diff a stale manifest's finding shows, in lines.
const MAX_DIFF_LINES: usize = 60;

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
    // (The parent of a bare file name is the empty path: the working directory.)
    let folder = destination
        .as_deref()
        .and_then(Path::parent)
        .filter(|parent| !parent.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let manifest = build(&args.paths, &config, &folder)?;
    let bytes = manifest.bytes();
    let Some(path) = destination else {
        ctx.out.write_all(bytes.as_bytes())?;
        return Ok(Outcome::Positive);
    };
    let shown = path.display().to_string();
    if args.check {
        let committed = std::fs::read(&path)
            .ok()
            .map(|b| String::from_utf8_lossy(&b).into_owned());
        let fresh = committed.as_deref().map(crate::manifest::without_generator)
            == Some(crate::manifest::without_generator(&bytes));
        if fresh {
            if ctx.style.shows_severity(Severity::Warning) {
                writeln!(
                    ctx.err,
                    "`{shown}` is current: {} tools",
                    manifest.tools.len()
                )?;
            }
            return Ok(Outcome::Positive);
        }
        let message = match &committed {
            None => format!("`{shown}` is missing"),
            Some(old) => format!(
                "`{shown}` is stale: it is not the manifest stitch writes now\n{}",
                crate::diff::text::unified(
                    &crate::manifest::without_generator(old),
                    &crate::manifest::without_generator(&bytes),
                    &shown,
                    MAX_DIFF_LINES
                )
            ),
        };
        let finding = Finding::of(codes::MANIFEST_STALE, message)
            .in_file(shown.clone())
            .with_help(format!("write it with `stitch manifest -o {shown}`"));
        let rendered = crate::report::human::render(&finding, &ctx.style);
        ctx.err.write_all(rendered.as_bytes())?;
        return Ok(Outcome::Negative);
    }
    crate::output::write_atomic(&path, bytes.as_bytes())
        .map_err(|source| Error::Write { path, source })?;
    if ctx.style.shows_severity(Severity::Warning) {
        writeln!(ctx.err, "wrote {} tools to `{shown}`", manifest.tools.len())?;
    }
    Ok(Outcome::Positive)
}

/// The manifest of every tool under `paths` (or the config's `include`), with `source` paths
/// relative to `folder`.
fn build(paths: &[PathBuf], config: &Config, folder: &Path) -> Result<Manifest, Error> {
    let plan = super::config_plan(config);
    let found = discover::discover(paths, config).map_err(Error::Input)?;
    let mut refused = found.missing;
    let mut tools = Vec::new();
    for candidate in &found.files {
        match super::load_candidate(candidate, &plan.load) {
            Ok(Some(loaded)) => {
                let compiled = document::compile_findings(&loaded);
                if compiled.is_empty() {
                    tools.extend(tools_of(&loaded, &candidate.path, &plan, folder));
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
    let choices = plan.choices;
    let options = Options {
        semantics: choices.semantics.name(),
        collisions: choices.collisions.name(),
        deep: choices.deep,
        targets: config.targets.iter().map(|p| p.id()).collect(),
    };
    Manifest::new(options, tools).map_err(|names| {
        Error::Input(
            names
                .into_iter()
                .map(|(name, sources)| {
                    Finding::of(
                        codes::MANIFEST_DUPLICATE_NAME,
                        format!(
                            "{} tools are named `{name}` ({}); no manifest was written",
                            sources.len(),
                            sources.join(", ")
                        ),
                    )
                    .with_help("rename one, or leave one of them out of the paths given")
                })
                .collect(),
        )
    })
}

/// Each tool of `loaded` (read from `path`), flattened and verified.
fn tools_of(loaded: &Loaded, path: &Path, plan: &Plan, folder: &Path) -> Vec<Tool> {
    let file = path.display().to_string();
    let presented = pipeline::present(loaded, &file, plan);
    let contract = &loaded.input().value;
    let relative = slashed(&relative_path(folder, path));
    loaded
        .contents
        .schemas()
        .into_iter()
        .filter_map(|(name, at)| {
            let presentation = presented.document.pointer(at)?.clone();
            let mut tool = Tool::new(
                name.to_owned(),
                format!("{relative}#{at}"),
                presentation,
                contract.pointer(at)?,
            );
            tool.description = description(&loaded.contents, contract, at);
            if let Some(result) = presented.schemas.iter().find(|s| s.pointer == at) {
                tool.verdict = result.verification.verdict().name();
            }
            tool.widenings = presented
                .findings
                .iter()
                .filter(|f| f.code == codes::WIDENED)
                .filter_map(|f| f.pointer.as_deref()?.strip_prefix(at))
                .map(str::to_owned)
                .collect();
            tool.widenings.sort();
            tool.widenings.dedup();
            Some(tool)
        })
        .collect()
}

/// The description of the tool whose input schema is at `at`: the tool's own, or a bare
/// schema's `description`.
fn description(contents: &Contents, contract: &serde_json::Value, at: &str) -> Option<String> {
    let tool = match contents {
        Contents::Schema { .. } => None,
        Contents::Tool(tool) => Some(tool),
        Contents::Tools { tools, .. } => tools.iter().find(|t| t.schema.as_deref() == Some(at)),
    };
    match tool {
        Some(tool) => tool.description.clone(),
        None => contract
            .pointer(at)?
            .get("description")?
            .as_str()
            .map(str::to_owned),
    }
}

/// `to` relative to the folder `from`, with `..` where it lies outside; both made absolute
/// against the working directory first, and `.` and `..` resolved as written.
fn relative_path(from: &Path, to: &Path) -> PathBuf {
    let parts = |p: &Path| -> Vec<std::ffi::OsString> {
        let p = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        let mut parts = Vec::new();
        for part in p.components() {
            match part {
                Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
                Component::ParentDir => {
                    parts.pop();
                }
                Component::Normal(name) => parts.push(name.to_os_string()),
            }
        }
        parts
    };
    let (from, to) = (parts(from), parts(to));
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..from.len() {
        out.push("..");
    }
    for part in &to[common..] {
        out.push(part);
    }
    out
}

/// `path` with `/` between its parts, whatever the platform (M1).
fn slashed(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}
