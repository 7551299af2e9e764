//! `stitch explain CODE | --list`: the code table (diagnostic/codes.rs) as the user reads it.

use std::fmt::Write as _;

use super::Context;
use crate::cli::ExplainArgs;
use crate::diagnostic::codes::{self, Code};
use crate::error::{Error, Outcome};

pub(super) fn run(args: &ExplainArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let text = match &args.code {
        None => listing(),
        Some(asked) => explanation(find(asked)?, ctx.style.width),
    };
    ctx.out.write_all(text.as_bytes())?;
    Ok(Outcome::Positive)
}

/// The code `asked` names, with or without its `stitch::` prefix.
fn find(asked: &str) -> Result<Code, Error> {
    // `check::stale` names `stitch::check::stale`.
    codes::ALL
        .iter()
        .copied()
        .find(|code| {
            let name = code.as_str();
            name == asked
                || name
                    .split_once("::")
                    .is_some_and(|(_, short)| short == asked)
        })
        .ok_or_else(|| {
            Error::Usage(format!(
                "no code `{asked}`; `stitch explain --list` lists them"
            ))
        })
}

/// One line per code: name, default severity, summary.
fn listing() -> String {
    let width = codes::ALL
        .iter()
        .map(|c| c.as_str().len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for code in codes::ALL {
        let _ = writeln!(
            out,
            "{:width$}  {:7}  {}",
            code.as_str(),
            code.severity().as_str(),
            code.info().summary
        );
    }
    out
}

/// The code, its severity and summary, then its explanation wrapped at `width` (at spaces
/// only: a flag or a path is never split).
fn explanation(code: Code, width: usize) -> String {
    let info = code.info();
    let options = textwrap::Options::new(width.max(20))
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut out = format!("{} ({} by default)\n\n", info.name, info.severity.as_str());
    for paragraph in [info.summary, info.explanation] {
        for line in textwrap::wrap(paragraph, &options) {
            let _ = writeln!(out, "{line}");
        }
        out.push('\n');
    }
    out.pop();
    out
}
