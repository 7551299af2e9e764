//! C2–C6 over a run's files: one file checked through the gate with its committed presentation
//! compared ([`check_one`], C5), the committed manifest judged against every tool listed
//! ([`manifest_findings`], M3), and the findings in their report order ([`sort`], C6). The
//! command runs these on its pool and prints.

use std::path::{Path, PathBuf};

use super::discover::Candidate;
use super::gate::{Checked, Gate};
use crate::config::Config;
use crate::diagnostic::{Finding, codes};
use crate::document;
use crate::flatten::Choices;

/// C5, M3: what is wrong with the committed manifest, given every tool the run listed: stale,
/// missing, or two tools of one name. Nothing without one (or in a part of a sharded run).
pub fn manifest_findings(
    config: &Config,
    gate: &Gate,
    tools: Vec<crate::manifest::Tool>,
) -> Vec<Finding> {
    let Some(path) = config.manifest.as_deref().filter(|_| gate.manifest) else {
        return Vec::new();
    };
    let options = crate::manifest::options(&gate.plan, config);
    match crate::manifest::Manifest::new(options, tools) {
        Ok(manifest) => crate::manifest::stale(path, &manifest.bytes())
            .into_iter()
            .collect(),
        Err(names) => crate::manifest::duplicates(names),
    }
}

/// One file: read, loaded (if it counts) and checked, its committed presentation compared.
pub fn check_one(candidate: &Candidate, gate: &Gate, config: &Config) -> Part {
    let file = candidate.path.display().to_string();
    let input = document::Input::File(candidate.path.clone());
    let loaded = super::discover::load_candidate(candidate, &gate.plan.load);
    let artifact = config
        .presentations
        .as_deref()
        .and_then(|folder| crate::document::mirrored(&input, &config.base, folder));
    match loaded {
        Ok(Some(loaded)) => {
            let source = gate.manifest.then(|| {
                let folder = crate::manifest::folder_of(config.manifest.as_deref());
                crate::manifest::source_of(&folder, &candidate.path)
            });
            let mut checked = gate.check(&loaded, &file, artifact.as_deref(), source.as_deref());
            if let (Some(path), Some(bytes)) = (&artifact, checked.artifact.take()) {
                let found = stale(path, &bytes, &file, gate, config);
                checked
                    .findings
                    .extend(gate.judged(found.into_iter().collect()));
            }
            Part::Checked(checked)
        }
        Ok(None) => Part::Skipped,
        Err(findings) => Part::Failed(gate.judged(findings)),
    }
}

/// C5: the finding when the committed presentation at `path` is not `bytes` (what `stitch
/// flatten --out-dir` writes there now), with the difference and the command that writes it.
pub fn stale(
    path: &Path,
    bytes: &str,
    file: &str,
    gate: &Gate,
    config: &Config,
) -> Option<Finding> {
    let committed = match std::fs::read(path) {
        Ok(committed) if committed == bytes.as_bytes() => return None,
        Ok(committed) => Some(String::from_utf8_lossy(&committed).into_owned()),
        Err(_) => None,
    };
    let shown = path.display().to_string();
    let message = match &committed {
        None => format!("`{shown}` is missing: the presentation of `{file}` is not committed"),
        Some(old) => format!(
            "`{shown}` is stale: it is not the presentation of `{file}` stitch writes now\n{}",
            crate::diff::text::unified(old, bytes, &shown, MAX_DIFF_LINES)
        ),
    };
    Some(
        Finding::of(codes::CHECK_STALE, message)
            .in_file(file)
            .with_help({
                let write = format!("write it with `{}`", regenerate(file, gate, config));
                match committed
                    .as_deref()
                    .and_then(crate::targets::superseded_hint)
                {
                    Some(hint) => format!("{write}; {hint}"),
                    None => write,
                }
            }),
    )
}

/// The longest diff a stale presentation's finding shows, in lines.
const MAX_DIFF_LINES: usize = 40;

/// The `stitch flatten` command line that writes the committed presentation of `file`.
pub fn regenerate(file: &str, gate: &Gate, config: &Config) -> String {
    let choices = gate.plan.choices;
    let defaults = Choices::default();
    let mut command = vec!["stitch flatten".to_owned()];
    if choices.semantics != defaults.semantics {
        command.push(format!("--semantics {}", choices.semantics.name()));
    }
    if choices.collisions != defaults.collisions {
        command.push(format!("--collisions {}", choices.collisions.name()));
    }
    if choices.deep {
        command.push("--deep".to_owned());
    }
    for (uri, path) in &config.refs {
        command.push(format!("--ref-map {uri}={}", path.display()));
    }
    if let Some(folder) = &config.presentations {
        command.push(format!("--out-dir {}", folder.display()));
    }
    command.push(format!("--root {}", config.base.display()));
    command.push(file.to_owned());
    command.join(" ")
}

/// The note that a file was not checked, and why (shown with `--verbose`).
pub fn skipped(file: &str, why: &str) -> Finding {
    Finding::of(codes::CHECK_SKIPPED, format!("not checked: {why}")).in_file(file)
}

/// The error of a run that found nothing to check.
pub fn no_files(paths: &[PathBuf], config: &Config, skipped: usize) -> Finding {
    let looked = if !paths.is_empty() {
        "the paths given hold".to_owned()
    } else if !config.include.is_empty() {
        format!(
            "the config's `include` ({}) matches",
            config.include.join(", ")
        )
    } else {
        "the current directory holds".to_owned()
    };
    let help = if skipped > 0 {
        format!(
            "{skipped} file{} skipped; `--verbose` says why",
            if skipped == 1 { " was" } else { "s were" }
        )
    } else {
        "name the files or folders to check, or set `include` in stitch.toml".to_owned()
    };
    Finding::of(
        codes::CHECK_NO_FILES,
        format!("nothing to check: {looked} no schema or tool"),
    )
    .with_help(help)
}

/// C6: findings by file, then position in it, then code.
pub fn sort(findings: &mut [Finding]) {
    findings.sort_by(|a, b| {
        let key = |f: &Finding| {
            (
                f.file.clone().unwrap_or_default(),
                f.span.as_ref().map_or(usize::MAX, |s| s.start),
                f.pointer.clone().unwrap_or_default(),
                f.code.as_str(),
            )
        };
        key(a).cmp(&key(b)).then_with(|| a.message.cmp(&b.message))
    });
}

/// One file's part of the run.
pub enum Part {
    /// Read and checked.
    Checked(Checked),
    /// Found by a walk, not a schema or a tool.
    Skipped,
    /// Could not be read or loaded.
    Failed(Vec<Finding>),
}
