//! C1: which files `stitch check` checks. The paths given on the command line, else the
//! config's `include` globs, else `.`; a folder is walked for `*.json` files, skipping hidden
//! folders, `target/`, `node_modules/` and the config's `exclude` globs, in sorted order.
//!
//! Discovery only lists candidates: whether a walked file looks like a schema or a tool is
//! decided once it is read ([`crate::document::looks_checkable`]), since that takes its contents.
//! A file named on the command line or matched by `include` is `named`: it always counts.

use std::path::{Path, PathBuf};

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use walkdir::WalkDir;

use crate::config::Config;
use crate::diagnostic::{Finding, codes};
use crate::document::{self, Input, LoadOptions, Loaded};

/// Folders never walked into (besides hidden ones): build output and installed packages.
const SKIPPED_FOLDERS: &[&str] = &["target", "node_modules"];

/// A file to read.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Candidate {
    /// The path, as given or as found under a path given.
    pub path: PathBuf,
    /// Named on the command line or matched by `include`: it counts whatever it holds.
    pub named: bool,
}

/// What discovery found.
#[derive(Debug, Default)]
pub struct Discovery {
    /// The files to read, sorted by path, each once.
    pub files: Vec<Candidate>,
    /// Files left out, with why (the `exclude` glob that matched, or that it is a committed
    /// presentation).
    pub excluded: Vec<(PathBuf, String)>,
    /// Paths given that do not exist.
    pub missing: Vec<Finding>,
}

/// The files `paths` (or, when there are none, `config.include`, else `.`) name.
pub fn discover(paths: &[PathBuf], config: &Config) -> Result<Discovery, Vec<Finding>> {
    let exclude = globs(&config.exclude)?;
    let mut found = Discovery::default();
    let keep = |found: &mut Discovery, path: PathBuf, named: bool| {
        // A file named on the command line is checked whatever `exclude` says, as asked.
        if named && !paths.is_empty() {
            found.files.push(Candidate { path, named });
            return;
        }
        // C5: committed presentations are checked against their contracts, not as contracts.
        let artifact = config
            .presentations
            .as_deref()
            .filter(|folder| crate::output::relative_to(&path, folder).is_some())
            .map(|_| "it is a committed presentation (`[artifacts] presentations`)".to_owned())
            .or_else(|| {
                config
                    .manifest
                    .as_deref()
                    .filter(|manifest| same_file(&path, manifest))
                    .map(|_| "it is the committed manifest (`[artifacts] manifest`)".to_owned())
            });
        match artifact.or_else(|| excluded_by(&exclude, &config.exclude, &path, &config.base)) {
            Some(reason) => found.excluded.push((path, reason)),
            None => found.files.push(Candidate { path, named }),
        }
    };
    if paths.is_empty() && !config.include.is_empty() {
        let include = globs(&config.include)?;
        for path in walk(&config.base) {
            let matched = crate::output::relative_to(&path, &config.base)
                .is_some_and(|relative| include.is_match(slashed(&relative)));
            if matched {
                keep(&mut found, path, true);
            }
        }
    } else {
        let dot = [PathBuf::from(".")];
        let roots = if paths.is_empty() { &dot[..] } else { paths };
        for root in roots {
            if root.is_dir() {
                for path in walk(root) {
                    keep(&mut found, path, false);
                }
            } else if root.exists() {
                keep(&mut found, root.clone(), true);
            } else {
                found.missing.push(
                    Finding::of(
                        codes::READ,
                        format!("cannot read `{}`: no such file or folder", root.display()),
                    )
                    .in_file(root.display().to_string()),
                );
            }
        }
    }
    found.files.sort();
    // A file given twice (or named and found by a walk) is checked once, as named.
    found.files.dedup_by(|later, first| {
        let same = later.path == first.path;
        first.named |= same && later.named;
        same
    });
    Ok(found)
}

/// C7: whether `path` falls in part `k` of `n` (1-based): by an FNV-1a hash of its spelling,
/// so a file stays in its part whatever files are added or removed.
pub fn in_shard(path: &Path, (k, n): (u64, u64)) -> bool {
    let hash = slashed(path)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    hash % n == k - 1
}

/// The `*.json` files under `root`, sorted, skipping hidden folders, `target/` and
/// `node_modules/` (but not `root` itself, whatever its name).
fn walk(root: &Path) -> impl Iterator<Item = PathBuf> {
    WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|entry| {
            entry.depth() == 0
                || !entry.file_type().is_dir()
                || entry
                    .file_name()
                    .to_str()
                    .is_none_or(|name| !name.starts_with('.') && !SKIPPED_FOLDERS.contains(&name))
        })
        .filter_map(Result::ok)
        .filter(|entry| {
            entry.file_type().is_file()
                && entry
                    .path()
                    .extension()
                    .is_some_and(|ext| ext.eq_ignore_ascii_case("json"))
        })
        .map(|entry| {
            // `./tools/a.json` reads as `tools/a.json`, as the user would write it.
            let path = entry.into_path();
            match path.strip_prefix(".") {
                Ok(rest) if !rest.as_os_str().is_empty() => rest.to_path_buf(),
                _ => path,
            }
        })
}

/// The globs, compiled with `/` as a separator `*` does not cross (the config checked them).
fn globs(patterns: &[String]) -> Result<GlobSet, Vec<Finding>> {
    let mut set = GlobSetBuilder::new();
    for pattern in patterns {
        let glob = GlobBuilder::new(pattern)
            .literal_separator(true)
            .build()
            .map_err(|e| {
                vec![Finding::of(
                    codes::CONFIG,
                    format!("`{pattern}` is not a glob: {}", e.kind()),
                )]
            })?;
        set.add(glob);
    }
    set.build()
        .map_err(|e| vec![Finding::of(codes::CONFIG, e.to_string())])
}

/// Why `path` is excluded: the first `exclude` glob that matches it or a folder above it
/// (relative to `base`).
fn excluded_by(set: &GlobSet, patterns: &[String], path: &Path, base: &Path) -> Option<String> {
    let relative = crate::output::relative_to(path, base)?;
    let text = slashed(&relative);
    let mut prefixes: Vec<&str> = text.match_indices('/').map(|(i, _)| &text[..i]).collect();
    prefixes.push(&text);
    prefixes.into_iter().find_map(|p| {
        set.matches(p)
            .first()
            .map(|&i| format!("`exclude` has `{}`", patterns[i]))
    })
}

/// A relative path with `/` separators, as globs are written.
fn slashed(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// True when `a` and `b` name one file: as written, else through the file system (asked only
/// when the names match, so a walk does not resolve every file it meets).
fn same_file(a: &Path, b: &Path) -> bool {
    a.file_name() == b.file_name()
        && (crate::output::lexical(a) == crate::output::lexical(b)
            || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y))
}

/// C1: a file discovery found, loaded; `Ok(None)` when a walk found it and it does not look
/// like a schema or a tool.
pub fn load_candidate(
    candidate: &Candidate,
    options: &LoadOptions,
) -> Result<Option<Loaded>, Vec<Finding>> {
    if candidate.named {
        document::load(&Input::File(candidate.path.clone()), options).map(Some)
    } else {
        document::load_if_checkable(&candidate.path, options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn tree() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for file in [
            "tools/a.json",
            "tools/b.json",
            "tools/old/c.json",
            "tools/notes.txt",
            ".hidden/d.json",
            "node_modules/e.json",
            "target/f.json",
        ] {
            let path = dir.path().join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "{}").unwrap();
        }
        dir
    }

    fn names(found: &Discovery, base: &Path) -> Vec<(String, bool)> {
        found
            .files
            .iter()
            .map(|c| (slashed(c.path.strip_prefix(base).unwrap()), c.named))
            .collect()
    }

    #[test]
    fn a_walk_skips_hidden_build_and_package_folders_in_sorted_order() {
        let dir = tree();
        let config = Config {
            base: dir.path().to_path_buf(),
            exclude: vec!["tools/old".into()],
            ..Config::default()
        };
        let found = discover(&[dir.path().to_path_buf()], &config).unwrap();
        assert_eq!(
            names(&found, dir.path()),
            [
                ("tools/a.json".into(), false),
                ("tools/b.json".into(), false)
            ]
        );
        assert_eq!(found.excluded.len(), 1);
        assert_eq!(found.excluded[0].1, "`exclude` has `tools/old`");
    }

    #[test]
    fn include_globs_name_files_and_a_named_file_counts_once() {
        let dir = tree();
        let config = Config {
            base: dir.path().to_path_buf(),
            include: vec!["tools/*.json".into()],
            ..Config::default()
        };
        let found = discover(&[], &config).unwrap();
        assert_eq!(
            names(&found, dir.path()),
            [("tools/a.json".into(), true), ("tools/b.json".into(), true)]
        );
        let old = dir.path().join("tools/old/c.json");
        let config = Config {
            exclude: vec!["tools/old".into()],
            ..config
        };
        let named = discover(std::slice::from_ref(&old), &config).unwrap();
        assert_eq!(
            named.files.len(),
            1,
            "a file given is checked whatever `exclude` says"
        );
        let a = dir.path().join("tools/a.json");
        let twice = discover(&[dir.path().join("tools"), a.clone()], &Config::default()).unwrap();
        assert_eq!(twice.files.iter().filter(|c| c.path == a).count(), 1);
        assert!(twice.files.iter().any(|c| c.path == a && c.named));
    }

    #[test]
    fn shards_split_the_files_once_each() {
        let paths: Vec<PathBuf> = (0..200)
            .map(|i| PathBuf::from(format!("t/{i}.json")))
            .collect();
        let counts: Vec<usize> = (1..=3)
            .map(|k| paths.iter().filter(|p| in_shard(p, (k, 3))).count())
            .collect();
        assert_eq!(counts.iter().sum::<usize>(), 200);
        assert!(counts.iter().all(|&c| c > 40), "{counts:?}");
    }

    #[test]
    fn a_missing_path_is_a_finding() {
        let found = discover(&[PathBuf::from("no/such/place")], &Config::default()).unwrap();
        assert_eq!(found.missing.len(), 1);
        assert!(found.files.is_empty());
    }
}
