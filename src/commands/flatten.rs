//! `stitch flatten FILE… [-o FILE | --out-dir DIR]`: load, flatten each schema of each input,
//! print or write the presentation atomically, and report the notes as diagnostics.

use std::path::{Path, PathBuf};

use serde_json::json;

use super::{Context, load_options};
use crate::canonical;
use crate::cli::{FlattenArgs, Format, SemanticsArg};
use crate::document::{self, Input};
use crate::error::{Error, Outcome};
use crate::flatten::{self, Semantics};
use crate::output;
use crate::report;

pub(super) fn run(args: &FlattenArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    if args.files.len() > 1 && args.out_dir.is_none() {
        return Err(Error::Usage(
            "several inputs need --out-dir DIR (each presentation is written under its input's file name)".to_owned(),
        ));
    }
    let options = load_options(&args.load);
    let semantics = match args.semantics {
        SemanticsArg::Declared => Semantics::Declared,
        SemanticsArg::Strict => Semantics::Strict,
    };
    let mut failures = Vec::new();
    let mut json_notes = Vec::new();
    for file in &args.files {
        let input = Input::from_arg(file);
        let loaded = match document::load(&input, &options) {
            Ok(loaded) => loaded,
            Err(findings) => {
                failures.extend(findings);
                continue;
            }
        };
        let (presentation, findings) = flatten::flatten_loaded(&loaded, semantics);
        match args.format {
            Format::Human => {
                ctx.report(&loaded.findings)?;
                ctx.report(&findings)?;
            }
            Format::Json => {
                json_notes.extend(ctx.shown(&findings).iter().map(report::json::finding))
            }
        }
        let bytes = canonical::pretty(&presentation);
        match destination(args, &input)? {
            Some(path) => output::write_atomic(&path, bytes.as_bytes())
                .map_err(|source| Error::Write { path, source })?,
            None => ctx.out.write_all(bytes.as_bytes())?,
        }
    }
    if args.format == Format::Json {
        let notes = json!({"formatVersion": 1, "notes": json_notes});
        ctx.err.write_all(canonical::pretty(&notes).as_bytes())?;
    }
    if failures.is_empty() {
        Ok(Outcome::Positive)
    } else {
        Err(Error::Input(failures))
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

fn same_file(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}
