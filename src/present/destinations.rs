//! L6: where each input's presentation is written (`flatten -o`, `--out-dir`), decided for
//! every input before anything is written.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::diagnostic::{Finding, codes};
use crate::document::{self, Input};
use crate::output;

/// What the command line and stitch.toml say of where presentations go.
#[derive(Debug, Clone, Default)]
pub struct Placement<'a> {
    /// `-o FILE` (`-`: standard output).
    pub output: Option<&'a Path>,
    /// `--out-dir DIR`.
    pub out_dir: Option<&'a Path>,
    /// The root `--out-dir` mirrors paths from: `--root`, else the folder of the stitch.toml in
    /// use (C5: so that the presentations land where `stitch check` looks for them, from any
    /// folder of the project); `None` is the current directory.
    pub root: Option<PathBuf>,
    /// The stitch.toml in use, which is never written.
    pub config_file: Option<&'a Path>,
}

/// Where each input's presentation goes (`None`: standard output), decided for all inputs
/// before anything is written (L6). Refused: under `--out-dir`, an input outside the root; two
/// inputs that map to one file; a destination that is one of the inputs.
///
/// The root `--out-dir` mirrors paths from is [`Placement::root`], or the current directory.
pub fn destinations(
    placement: &Placement<'_>,
    inputs: &[Input],
) -> Result<Vec<Option<PathBuf>>, Vec<Finding>> {
    let root = placement.root.clone();
    let mut findings = Vec::new();
    let destinations: Vec<Option<PathBuf>> = match (placement.output, placement.out_dir) {
        // `-o -` is standard output, as `-` is standard input among the FILEs.
        (Some(path), _) if path.as_os_str() == "-" => inputs.iter().map(|_| None).collect(),
        (Some(path), _) => inputs.iter().map(|_| Some(path.to_path_buf())).collect(),
        (None, None) => inputs.iter().map(|_| None).collect(),
        (None, Some(out_dir)) => {
            let mut mirrored = Vec::with_capacity(inputs.len());
            for input in inputs {
                let here = Path::new(".");
                let destination =
                    document::mirrored(input, root.as_deref().unwrap_or(here), out_dir);
                if destination.is_none() {
                    findings.push(outside_root(input, root.as_deref()));
                }
                mirrored.push(destination);
            }
            mirrored
        }
    };
    // Inputs are never modified: compare where files really are.
    let sources: HashSet<PathBuf> = inputs
        .iter()
        .filter_map(|input| input.path()?.canonicalize().ok())
        .collect();
    let config_file = placement.config_file.and_then(|p| p.canonicalize().ok());
    // Keyed by the file a write replaces (links resolved), or the path of a stream.
    let mut claimed: HashMap<PathBuf, &Input> = HashMap::new();
    for (input, destination) in inputs.iter().zip(&destinations) {
        let Some(destination) = destination else {
            continue;
        };
        // A kind of path stitch refuses (a directory, a dangling link) is refused before
        // anything is written (issue 37).
        let replaced = match output::replaced_file(destination) {
            Ok(replaced) => replaced,
            Err(why) => {
                findings.push(crate::error::write_finding(destination, &why));
                continue;
            }
        };
        let key = replaced.clone().unwrap_or_else(|| destination.clone());
        if let Some(first) = claimed.get(&key) {
            findings.push(Finding::of(
                codes::SAME_DESTINATION,
                format!(
                    "`{}` and `{}` would both be written to `{}`",
                    first.name(),
                    input.name(),
                    destination.display()
                ),
            ));
            continue;
        }
        claimed.insert(key, input);
        let real = destination.canonicalize().ok();
        if real.is_some() && real == config_file {
            findings.push(
                Finding::of(
                    codes::SAME_DESTINATION,
                    format!(
                        "`{}` is the stitch.toml in use; stitch never overwrites what it reads",
                        destination.display()
                    ),
                )
                .with_help("choose another output"),
            );
        } else if real.is_some_and(|real| sources.contains(&real)) {
            findings.push(
                Finding::of(
                    codes::SAME_DESTINATION,
                    format!(
                        "`{}` is an input; stitch never overwrites its inputs",
                        destination.display()
                    ),
                )
                .with_help("choose another output"),
            );
        }
    }
    if findings.is_empty() {
        Ok(destinations)
    } else {
        Err(findings)
    }
}

/// The finding for an input `--out-dir` cannot place.
fn outside_root(input: &Input, root: Option<&Path>) -> Finding {
    let (root, help) = match root {
        Some(root) => (
            format!("`{}`", root.display()),
            "name a --root that contains every input",
        ),
        None => (
            "the current directory".to_owned(),
            "run stitch from a folder that contains every input, or name one with --root DIR",
        ),
    };
    Finding::of(
        codes::OUTSIDE_ROOT,
        format!(
            "`{}` is not inside {root}, whose layout --out-dir mirrors",
            input.name()
        ),
    )
    .with_help(help)
}
