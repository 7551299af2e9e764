//! One file per subcommand, each thin glue between the library and the terminal; this module
//! dispatches with one `match` and holds what every command shares.

mod check;
mod completions;
mod diff;
mod explain;
mod flatten;
mod inspect;
mod manifest;
mod sample;
mod targets;
mod validate;
mod verify;

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::cli::{Command, LoadArgs, SemanticsArg};
use crate::config::{self, Config};
use crate::diagnostic::{Finding, codes};
use crate::document;
use crate::document::{InputKind, LoadOptions, RefMap};
use crate::error::{Error, Outcome};
use crate::report::{self, Style};
use crate::schema::Draft;
use crate::schema::Semantics;

/// Where a command writes, and how diagnostics look.
pub struct Context<'a> {
    /// Standard output: the command's result.
    pub out: &'a mut dyn Write,
    /// Standard error: diagnostics.
    pub err: &'a mut dyn Write,
    /// Colour, width, verbosity.
    pub style: Style,
}

impl Context<'_> {
    /// The findings this verbosity shows, with their spans found.
    pub fn shown(&self, findings: &[Finding]) -> Vec<Finding> {
        let mut shown: Vec<Finding> = findings
            .iter()
            .filter(|f| self.style.shows(f))
            .cloned()
            .collect();
        crate::document::locate::fill_spans(&mut shown);
        shown
    }

    /// Prints findings to standard error, as far as the verbosity shows them.
    pub fn report(&mut self, findings: &[Finding]) -> Result<(), Error> {
        for finding in &self.shown(findings) {
            self.err
                .write_all(report::human::render(finding, &self.style).as_bytes())?;
        }
        Ok(())
    }
}

/// Runs a command.
pub fn dispatch(command: Command, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    match command {
        Command::Flatten(args) => flatten::run(&args, ctx),
        Command::Verify(args) => verify::run(&args, ctx),
        Command::Sample(args) => sample::run(&args, ctx),
        Command::Inspect(args) => inspect::run(&args, ctx),
        Command::Targets(args) => targets::run(&args, ctx),
        Command::Validate(args) => validate::run(&args, ctx),
        Command::Check(args) => check::run(&args, ctx),
        Command::Manifest(args) => manifest::run(&args, ctx),
        Command::Diff(args) => diff::run(&args, ctx),
        Command::Explain(args) => explain::run(&args, ctx),
        Command::Completions { shell } => completions::run(shell, ctx),
    }
}

/// The largest stitch.toml read.
const MAX_CONFIG_SIZE: u64 = 1024 * 1024;

/// The configuration (C8): `--config FILE`, else the first stitch.toml upward from the working
/// directory, else (or with `--no-config`) the defaults. A broken one stops the run (exit 2).
/// Every command reads it, so that what `flatten` writes is what `check` expects.
pub fn project(explicit: Option<&Path>, none: bool) -> Result<Config, Error> {
    if none {
        return Ok(Config::default());
    }
    let path = match explicit {
        Some(path) => path.to_path_buf(),
        None => {
            let here = std::env::current_dir().map_err(Error::Io)?;
            match config::find(&here) {
                Some(found) => relative_to_cwd(&found, &here),
                None => return Ok(Config::default()),
            }
        }
    };
    let input = document::Input::File(path.clone());
    let source = document::source::read(&input, MAX_CONFIG_SIZE).map_err(|f| {
        Error::Input(vec![Finding {
            code: codes::CONFIG,
            ..f
        }])
    })?;
    Config::parse(&source.text, &path).map_err(Error::Input)
}

/// `found` (in `here` or above) as a path relative to `here` where it can be, so that messages
/// and paths read as the user would type them.
fn relative_to_cwd(found: &Path, here: &Path) -> PathBuf {
    let mut up = PathBuf::new();
    for ancestor in here.ancestors() {
        if let Ok(rest) = found.strip_prefix(ancestor) {
            return up.join(rest);
        }
        up.push("..");
    }
    found.to_path_buf()
}

/// The loading options the command line asked for, with stitch.toml's `[refs]` after its own
/// `--ref-map` entries (the command line's win for the same URI).
pub fn load_options(args: &LoadArgs, config: &Config) -> LoadOptions {
    use crate::cli::{DraftArg, InputKindArg};
    LoadOptions {
        input_kind: args.input_kind.map(|k| match k {
            InputKindArg::Schema => InputKind::Schema,
            InputKindArg::Tool => InputKind::Tool,
            InputKindArg::Tools => InputKind::Tools,
        }),
        draft: args.draft.map(|d| match d {
            DraftArg::Draft4 => Draft::Draft4,
            DraftArg::Draft6 => Draft::Draft6,
            DraftArg::Draft7 => Draft::Draft7,
            DraftArg::Draft2019_09 => Draft::Draft2019_09,
            DraftArg::Draft2020_12 => Draft::Draft2020_12,
        }),
        ref_map: RefMap::new([args.ref_map.as_slice(), &config.refs].concat()),
        max_input_size: args.max_input_size,
    }
}

/// `--semantics`, else stitch.toml's, else `declared`.
pub fn semantics(arg: Option<SemanticsArg>, config: &Config) -> Semantics {
    match arg {
        Some(SemanticsArg::Declared) => Semantics::Declared,
        Some(SemanticsArg::Strict) => Semantics::Strict,
        None => config.semantics.unwrap_or(Semantics::Declared),
    }
}

/// What stitch.toml alone asks of every document (`check` and `manifest` take no flag for it).
pub fn config_plan(config: &Config) -> crate::present::Plan {
    let choices = choices(&crate::cli::ShapeArgs::default(), config);
    crate::present::Plan {
        choices,
        verify: Some(verify_options(
            choices.semantics,
            &crate::cli::SamplingArgs::default(),
            config,
        )),
        load: LoadOptions {
            ref_map: RefMap::new(config.refs.clone()),
            ..LoadOptions::default()
        },
    }
}

/// How verification samples: `--samples` and `--seed`, else stitch.toml's, else the defaults.
pub fn verify_options(
    semantics: Semantics,
    sampling: &crate::cli::SamplingArgs,
    config: &Config,
) -> crate::verify::Options {
    let defaults = crate::verify::Options::default();
    crate::verify::Options {
        semantics,
        samples: sampling
            .samples
            .or(config.samples)
            .unwrap_or(defaults.samples),
        seed: sampling.seed.or(config.seed).unwrap_or(defaults.seed),
        ..defaults
    }
}

/// The one "could not run" path (issue 38): for people, the error itself (which `main` prints);
/// for a machine document, the error's findings (as this verbosity shows them) carried by
/// `document`, which is printed, and [`Error::Reported`]. A closed pipe stays what it is.
pub fn could_not_run<D: report::json::Document>(
    output: report::Output,
    ctx: &mut Context<'_>,
    document: &mut D,
    error: Error,
) -> Error {
    match output {
        report::Output::Human => error,
        report::Output::Document if error.is_broken_pipe() => error,
        report::Output::Document => {
            let found = error_findings(error);
            let shown = report::json::findings(&ctx.shown(&found));
            document.findings_mut().extend(shown);
            match ctx.out.write_all(report::json::pretty(document).as_bytes()) {
                Ok(()) => Error::Reported,
                Err(e) => Error::Io(e),
            }
        }
    }
}

/// A could-not-run error as the findings a `--format json` document carries.
pub fn error_findings(error: Error) -> Vec<Finding> {
    match error {
        Error::Input(findings) => findings,
        Error::Write { path, source } => vec![crate::error::write_finding(&path, &source)],
        other => vec![Finding::of(codes::USAGE, other.to_string())],
    }
}

/// How `--semantics`, `--deep` and `--collisions` flatten, each else stitch.toml's, else the
/// default.
pub fn choices(shape: &crate::cli::ShapeArgs, config: &Config) -> crate::flatten::Choices {
    use crate::cli::CollisionsArg;
    use crate::flatten::Collisions;
    let defaults = crate::flatten::Choices::default();
    crate::flatten::Choices {
        semantics: semantics(shape.semantics, config),
        collisions: match shape.collisions {
            Some(CollisionsArg::Anyof) => Collisions::AnyOf,
            Some(CollisionsArg::Merge) => Collisions::Merge,
            None => config.collisions.unwrap_or(defaults.collisions),
        },
        deep: shape.deep || config.deep.unwrap_or(defaults.deep),
    }
}

/// The schema a command works on (`verb` names it in messages): the input's one schema, or
/// the tool `--tool` names.
pub fn choose<'l>(
    tool: Option<&str>,
    file: &str,
    verb: &str,
    loaded: &'l crate::document::Loaded,
) -> Result<(&'l str, &'l str), Error> {
    let schemas = loaded.contents.schemas();
    let names = || {
        schemas
            .iter()
            .map(|(n, _)| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (tool, schemas.as_slice()) {
        (None, [one]) => Ok(*one),
        (Some(tool), _) => schemas
            .iter()
            .find(|(n, _)| *n == tool)
            .copied()
            .ok_or_else(|| {
                Error::Usage(format!("no tool `{tool}` in `{file}`; it has: {}", names()))
            }),
        (None, []) => Err(Error::Usage(format!(
            "`{file}` holds no input schema to {verb}"
        ))),
        (None, _) => Err(Error::Usage(format!(
            "`{file}` holds several tools; choose one with --tool NAME ({})",
            names()
        ))),
    }
}
