//! The manifest of a project (M1–M3): its options from stitch.toml ([`options`]), where it
//! lives and how it names each file ([`folder_of`], [`source_of`]), and the findings of a name
//! given twice ([`duplicates`]) or a committed file that is not what stitch writes now
//! ([`stale`]), which `stitch manifest` and `stitch check` both report.

use std::path::{Component, Path, PathBuf};

use super::Options;
use crate::config::Config;
use crate::diagnostic::{Finding, codes};
use crate::present::Plan;

/// The longest diff a stale manifest's finding shows, in lines.
const MAX_DIFF_LINES: usize = 60;

/// M3: the finding when the manifest at `path` is not `bytes` (the `generator` line aside),
/// with the difference and the command that writes it.
pub fn stale(path: &Path, bytes: &str) -> Option<Finding> {
    use super::without_generator;
    let committed = std::fs::read(path)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).into_owned());
    if committed.as_deref().map(without_generator) == Some(without_generator(bytes)) {
        return None;
    }
    let shown = path.display().to_string();
    let message = match &committed {
        None => format!("`{shown}` is missing"),
        Some(old) => format!(
            "`{shown}` is stale: it is not the manifest stitch writes now\n{}",
            crate::diff::text::unified(
                &without_generator(old),
                &without_generator(bytes),
                &shown,
                MAX_DIFF_LINES
            )
        ),
    };
    Some(
        Finding::of(codes::MANIFEST_STALE, message)
            .in_file(shown.clone())
            .with_help(
                match committed
                    .as_deref()
                    .and_then(crate::targets::superseded_hint)
                {
                    Some(hint) => format!("write it with `stitch manifest -o {shown}`; {hint}"),
                    None => format!("write it with `stitch manifest -o {shown}`"),
                },
            ),
    )
}

/// The manifest's options: stitch.toml's.
pub fn options(plan: &Plan, config: &Config) -> Options {
    Options {
        semantics: plan.choices.semantics.name().to_owned(),
        collisions: plan.choices.collisions.name().to_owned(),
        deep: plan.choices.deep,
        targets: config.targets.iter().map(|p| p.id()).collect(),
    }
}

/// The findings for names given to more than one tool.
pub fn duplicates(names: Vec<(String, Vec<String>)>) -> Vec<Finding> {
    names
        .into_iter()
        .map(|(name, sources)| {
            Finding::of(
                codes::MANIFEST_DUPLICATE_NAME,
                format!(
                    "{} tools are named `{name}` ({}): a manifest lists each name once",
                    sources.len(),
                    sources.join(", ")
                ),
            )
            .with_help("rename one, or leave one of them out of the paths given")
        })
        .collect()
}

/// M1: how a manifest in `folder` names the file at `path`: relative, with `/`.
pub fn source_of(folder: &Path, path: &Path) -> String {
    slashed(&relative_path(folder, path))
}

/// The folder of the manifest at `path`, which its `source` paths are relative to (the parent
/// of a bare file name is the empty path: the working directory).
pub fn folder_of(path: Option<&Path>) -> PathBuf {
    path.and_then(Path::parent)
        .filter(|parent| !parent.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// `to` relative to the folder `from`, with `..` where it lies outside; both made absolute
/// against the working directory first, `.` and `..` resolved as written.
fn relative_path(from: &Path, to: &Path) -> PathBuf {
    let (Some(from), Some(to)) = (crate::output::lexical(from), crate::output::lexical(to)) else {
        return to.to_path_buf();
    };
    let (from, to): (Vec<Component<'_>>, Vec<Component<'_>>) =
        (from.components().collect(), to.components().collect());
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
