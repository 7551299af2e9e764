//! One file per subcommand, each thin glue between the library and the terminal; this module
//! dispatches with one `match` and holds what every command shares.

mod check;
mod completions;
mod explain;
mod flatten;
mod inspect;
mod sample;
mod target_all;
mod targets;
mod validate;
mod verify;

use std::io::Write;

use crate::cli::{Command, LoadArgs, SemanticsArg};
use crate::diagnostic::{Finding, codes};
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
        Command::Explain(args) => explain::run(&args, ctx),
        Command::Completions { shell } => completions::run(shell, ctx),
    }
}

/// The loading options the command line asked for.
pub fn load_options(args: &LoadArgs) -> LoadOptions {
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
        ref_map: RefMap::new(args.ref_map.clone()),
        max_input_size: args.max_input_size,
    }
}

/// `--semantics`.
pub fn semantics(arg: SemanticsArg) -> Semantics {
    match arg {
        SemanticsArg::Declared => Semantics::Declared,
        SemanticsArg::Strict => Semantics::Strict,
    }
}

/// A failed write as a finding that names the path the user gave (L6).
pub fn write_finding(path: &std::path::Path, source: &std::io::Error) -> Finding {
    let reason = crate::error::write_reason(path, source);
    let finding = Finding::of(
        codes::WRITE,
        format!("cannot write `{}`: {reason}", path.display()),
    );
    if reason.starts_with("the folder") {
        finding.with_help("create the folder first, or name one that exists")
    } else {
        finding
    }
}

/// A could-not-run error as the findings a `--format json` document carries.
pub fn error_findings(error: Error) -> Vec<Finding> {
    match error {
        Error::Input(findings) => findings,
        Error::Write { path, source } => vec![write_finding(&path, &source)],
        other => vec![Finding::of(codes::USAGE, other.to_string())],
    }
}

/// How `--semantics`, `--deep` and `--collisions` flatten.
pub fn choices(shape: &crate::cli::ShapeArgs) -> crate::flatten::Choices {
    use crate::cli::CollisionsArg;
    use crate::flatten::Collisions;
    crate::flatten::Choices {
        semantics: semantics(shape.semantics),
        collisions: match shape.collisions {
            CollisionsArg::Anyof => Collisions::AnyOf,
            CollisionsArg::Merge => Collisions::Merge,
        },
        deep: shape.deep,
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
