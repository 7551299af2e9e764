//! `stitch.toml` (C8): what a project configures once, so that `stitch check` in CI checks what
//! `stitch flatten` writes. Parsing is pure (text in, [`Config`] or findings out); finding the
//! file and reading it is the commands' job.
//!
//! Every key is optional. Paths and globs are relative to the folder holding the file. An unknown
//! key, a value of the wrong type, an unknown target, code or severity is a finding that points
//! at the key or value, with its line; a project with a broken config cannot be checked (exit 2).

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::{Code, Finding, Severity, SourceText, codes};
use crate::flatten::Collisions;
use crate::schema::Semantics;
use crate::targets::{self, Profile};

/// The file name looked for in the working directory and its ancestors.
pub const FILE_NAME: &str = "stitch.toml";

/// A project's configuration, checked. Every field is what the file says, or what stitch does
/// without it.
#[derive(Debug, Clone)]
pub struct Config {
    /// The file it was read from; `None` when there is none.
    pub path: Option<PathBuf>,
    /// The folder paths and globs are relative to (the file's folder).
    pub base: PathBuf,
    /// Globs of the files to check, relative to `base` (C1); empty: the paths given, else `.`.
    pub include: Vec<String>,
    /// Globs of files and folders never to check, relative to `base`.
    pub exclude: Vec<String>,
    /// `semantics`.
    pub semantics: Option<Semantics>,
    /// `collisions`.
    pub collisions: Option<Collisions>,
    /// `deep`.
    pub deep: Option<bool>,
    /// `targets` (`"all"` names every profile).
    pub targets: Vec<&'static Profile>,
    /// `samples`.
    pub samples: Option<usize>,
    /// `seed`.
    pub seed: Option<u64>,
    /// `allow_unproven`: an `unknown` verdict is a warning rather than an error.
    pub allow_unproven: bool,
    /// `[rules]`: a code's severity, or `None` to turn it off.
    pub rules: Vec<(Code, Option<Severity>)>,
    /// `[refs]`: URI → file, the file relative to `base`.
    pub refs: Vec<(String, PathBuf)>,
    /// `[artifacts] presentations`: the folder committed presentations live in.
    pub presentations: Option<PathBuf>,
    /// `[artifacts] manifest`: the committed manifest.
    pub manifest: Option<PathBuf>,
}

impl Default for Config {
    /// No file: every key's default, paths relative to the working directory.
    fn default() -> Self {
        Config {
            path: None,
            base: PathBuf::from("."),
            include: Vec::new(),
            exclude: Vec::new(),
            semantics: None,
            collisions: None,
            deep: None,
            targets: Vec::new(),
            samples: None,
            seed: None,
            allow_unproven: false,
            rules: Vec::new(),
            refs: Vec::new(),
            presentations: None,
            manifest: None,
        }
    }
}

/// The file as written; every value keeps its span for findings.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    include: Option<Vec<String>>,
    exclude: Option<Vec<String>>,
    semantics: Option<Spanned<String>>,
    collisions: Option<Spanned<String>>,
    deep: Option<bool>,
    targets: Option<Vec<Spanned<String>>>,
    samples: Option<usize>,
    seed: Option<u64>,
    allow_unproven: Option<bool>,
    rules: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
    refs: Option<BTreeMap<String, String>>,
    artifacts: Option<Artifacts>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Artifacts {
    presentations: Option<String>,
    manifest: Option<String>,
}

impl Config {
    /// Parses `text`, read from `path`. The findings name the key or value at fault.
    pub fn parse(text: &str, path: &Path) -> Result<Config, Vec<Finding>> {
        let source = Arc::new(SourceText {
            name: path.display().to_string(),
            text: text.into(),
        });
        let finding = |message: String, span: Option<Range<usize>>| {
            Finding::of(codes::CONFIG, message)
                .in_source(&source)
                .with_span(span)
        };
        let raw: Raw = toml::from_str(text).map_err(|e| {
            vec![
                finding(e.message().trim_end().to_owned(), e.span())
                    .with_help("the keys are listed in the README, section `stitch.toml`"),
            ]
        })?;
        let mut findings = Vec::new();
        let mut config = Config {
            path: Some(path.to_path_buf()),
            base: path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .to_path_buf(),
            include: raw.include.unwrap_or_default(),
            exclude: raw.exclude.unwrap_or_default(),
            deep: raw.deep,
            samples: raw.samples,
            seed: raw.seed,
            allow_unproven: raw.allow_unproven.unwrap_or(false),
            ..Config::default()
        };
        for glob in config.include.iter().chain(&config.exclude) {
            if let Err(e) = globset::Glob::new(glob) {
                findings.push(finding(
                    format!("`{glob}` is not a glob: {}", e.kind()),
                    None,
                ));
            }
        }
        if let Some(value) = raw.semantics {
            match value.get_ref().as_str() {
                "declared" => config.semantics = Some(Semantics::Declared),
                "strict" => config.semantics = Some(Semantics::Strict),
                other => findings.push(finding(
                    format!("semantics is `declared` or `strict`, not `{other}`"),
                    Some(value.span()),
                )),
            }
        }
        if let Some(value) = raw.collisions {
            match value.get_ref().as_str() {
                "anyof" => config.collisions = Some(Collisions::AnyOf),
                "merge" => config.collisions = Some(Collisions::Merge),
                other => findings.push(finding(
                    format!("collisions is `anyof` or `merge`, not `{other}`"),
                    Some(value.span()),
                )),
            }
        }
        for name in raw.targets.unwrap_or_default() {
            match name.get_ref().as_str() {
                "all" => config.targets.extend(targets::current()),
                spec => match targets::lookup(spec) {
                    Ok(profile) => config.targets.push(profile),
                    Err(message) => findings.push(finding(message, Some(name.span()))),
                },
            }
        }
        config.targets.sort_by_key(|p| p.id());
        config.targets.dedup_by_key(|p| p.id());
        config.rules = rules(raw.rules.unwrap_or_default(), &finding, &mut findings);
        let base = config.base.clone();
        let under = |path: String| {
            if base == Path::new(".") {
                PathBuf::from(path)
            } else {
                base.join(path)
            }
        };
        config.refs = raw
            .refs
            .unwrap_or_default()
            .into_iter()
            .map(|(uri, file)| (uri, under(file)))
            .collect();
        if let Some(artifacts) = raw.artifacts {
            config.presentations = artifacts.presentations.map(under);
            config.manifest = artifacts.manifest.map(under);
        }
        if findings.is_empty() {
            Ok(config)
        } else {
            Err(findings)
        }
    }

    /// The severity `[rules]` gives `code`: `Some(None)` when it is off, `None` when the table
    /// does not name it.
    pub fn level(&self, code: Code) -> Option<Option<Severity>> {
        self.rules.iter().find(|(c, _)| *c == code).map(|(_, s)| *s)
    }
}

/// `[rules]`: each code with its level (`None`: off); an unknown code or level is a finding.
fn rules(
    table: BTreeMap<Spanned<String>, Spanned<String>>,
    finding: &impl Fn(String, Option<Range<usize>>) -> Finding,
    findings: &mut Vec<Finding>,
) -> Vec<(Code, Option<Severity>)> {
    let mut out = Vec::new();
    for (code, level) in table {
        let known = match code_named(code.get_ref()) {
            Ok(known) => known,
            Err(message) => {
                findings.push(
                    finding(message, Some(code.span()))
                        .with_help("`stitch explain --list` lists them"),
                );
                continue;
            }
        };
        match level_named(level.get_ref()) {
            Ok(severity) => out.push((known, severity)),
            Err(message) => findings.push(finding(message, Some(level.span()))),
        }
    }
    out
}

/// The code named `name` (`stitch::…`).
pub fn code_named(name: &str) -> Result<Code, String> {
    codes::ALL
        .iter()
        .copied()
        .find(|c| c.as_str() == name)
        .ok_or_else(|| format!("`{name}` is not a stitch code"))
}

/// A rule's level: `off` (`None`), `note` (or `info`), `warning`, `error`.
pub fn level_named(name: &str) -> Result<Option<Severity>, String> {
    match name {
        "off" => Ok(None),
        "note" | "info" => Ok(Some(Severity::Note)),
        "warning" => Ok(Some(Severity::Warning)),
        "error" => Ok(Some(Severity::Error)),
        other => Err(format!(
            "a rule's level is `off`, `note`, `warning` or `error`, not `{other}`"
        )),
    }
}

/// The first `stitch.toml` in `start` or one of its ancestors.
pub fn find(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|folder| folder.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, Vec<String>> {
        Config::parse(text, Path::new("project/stitch.toml"))
            .map_err(|fs| fs.into_iter().map(|f| f.message).collect())
    }

    #[test]
    fn every_key_is_read() {
        let config = parse(&format!(
            r#"
include = ["tools/**/*.json"]
exclude = ["tools/old/**"]
semantics = "strict"
collisions = "merge"
deep = true
targets = ["openai-strict", "anthropic"]
samples = 64
seed = 7
allow_unproven = true

[rules]
"{}" = "off"

[refs]
"https://example.com/common.json" = "schemas/common.json"

[artifacts]
presentations = "presentations"
manifest = "stitch.manifest.json"
"#,
            codes::VERIFY_UNKNOWN.as_str()
        ))
        .unwrap();
        assert_eq!(config.base, Path::new("project"));
        assert_eq!(config.include, ["tools/**/*.json"]);
        assert_eq!(config.semantics, Some(Semantics::Strict));
        assert_eq!(config.collisions, Some(Collisions::Merge));
        assert_eq!(
            config.targets.iter().map(|p| p.name).collect::<Vec<_>>(),
            ["anthropic", "openai-strict"]
        );
        assert_eq!((config.samples, config.seed), (Some(64), Some(7)));
        assert!(config.allow_unproven && config.deep == Some(true));
        assert_eq!(config.level(codes::VERIFY_UNKNOWN), Some(None));
        assert_eq!(config.level(codes::VERIFY_REFUTED), None);
        assert_eq!(
            config.refs,
            [(
                "https://example.com/common.json".to_owned(),
                PathBuf::from("project/schemas/common.json")
            )]
        );
        assert_eq!(
            config.presentations,
            Some(PathBuf::from("project/presentations"))
        );
    }

    #[test]
    fn unknown_keys_and_values_are_named() {
        let unknown = parse("includes = [\"x\"]\n").unwrap_err();
        assert!(
            unknown[0].starts_with("unknown field `includes`"),
            "{unknown:?}"
        );
        assert_eq!(
            parse("semantics = \"loose\"\ntargets = [\"openia\"]\n[rules]\n\"no-such-code\" = \"off\"\n")
                .unwrap_err()
                .len(),
            3
        );
        assert!(parse("deep = \"yes\"\n").is_err());
    }

    #[test]
    fn the_readme_example_is_a_valid_config() {
        let readme = include_str!("../README.md");
        let section = &readme[readme.find("### `stitch.toml`").expect("the section")..];
        let start = section.find("```toml\n").expect("the example") + "```toml\n".len();
        let example = &section[start..start + section[start..].find("```").unwrap()];
        assert!(example.contains("[rules]"));
        parse(example).unwrap();
    }

    #[test]
    fn an_empty_file_is_the_defaults() {
        let config = parse("").unwrap();
        assert!(config.targets.is_empty() && config.include.is_empty());
    }
}
