//! Findings as miette reports with source snippets, rendered by an explicitly built handler so
//! that output is the same on every machine (theme from `--color`, width from `COLUMNS`).

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode,
};

use super::Style;
use crate::diagnostic::{Finding, Severity};
use crate::document::locate;

/// Renders one finding.
pub fn render(finding: &Finding, style: &Style) -> String {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    // Lines break at spaces only, and a word longer than the line stays whole: a path, a
    // pointer or a URL split across lines cannot be copied.
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false)
        .with_break_words(false)
        .with_word_separator(textwrap::WordSeparator::AsciiSpace)
        .with_word_splitter(textwrap::WordSplitter::NoHyphenation);
    // A snippet of a minified document would print the whole document: past this length the
    // place is given as `file:line:column` instead.
    let snippet_fits = |text: &str, at: usize| {
        let at = at.min(text.len());
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        end - start <= MAX_SNIPPET_LINE
    };
    let (source, location) = match (&finding.source, &finding.span) {
        (Some(s), Some(span)) if s.text.is_char_boundary(span.start.min(s.text.len())) => {
            if snippet_fits(&s.text, span.start) {
                (Some(NamedSource::new(&s.name, s.text.to_string())), None)
            } else {
                let (line, column) = locate::line_column(&s.text, span.start);
                (None, Some(format!("{}:{line}:{column}", s.name)))
            }
        }
        _ => (None, None),
    };
    let report = Report {
        source,
        location,
        finding,
    };
    let mut out = String::new();
    // Rendering into a String cannot fail.
    let _ = handler.render_report(&mut out, &report);
    out
}

/// The longest source line shown as a snippet, in bytes.
const MAX_SNIPPET_LINE: usize = 400;

/// A finding seen through miette's eyes.
struct Report<'a> {
    finding: &'a Finding,
    source: Option<NamedSource<String>>,
    /// `file:line:column`, when the snippet is left out.
    location: Option<String>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.finding, f)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.finding.message)?;
        // Without a snippet, say where in words.
        match (&self.location, &self.finding.file, &self.finding.pointer) {
            (Some(location), _, Some(pointer)) => write!(f, " (at {location}, #{pointer})"),
            (Some(location), _, None) => write!(f, " (at {location})"),
            (None, Some(file), Some(pointer)) if self.source.is_none() => {
                write!(f, " ({file}#{pointer})")
            }
            // A finding about a whole file names it, unless the message already does.
            (None, Some(file), None)
                if self.source.is_none()
                    && !self.finding.message.contains(&format!("`{file}`")) =>
            {
                write!(f, " ({file})")
            }
            _ => Ok(()),
        }
    }
}

impl std::error::Error for Report<'_> {}

impl Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.finding.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.finding.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.finding
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.finding.span.clone()?;
        self.source.as_ref()?;
        let label = self
            .finding
            .label
            .clone()
            .or_else(|| self.finding.pointer.as_ref().map(|p| format!("#{p}")));
        let primary = LabeledSpan::new_primary_with_span(label, span);
        let related = self
            .finding
            .related
            .iter()
            .map(|r| LabeledSpan::new_with_span(Some(r.label.clone()), r.span.clone()));
        Some(Box::new(std::iter::once(primary).chain(related)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{SourceText, codes};
    use std::sync::Arc;

    #[test]
    fn renders_code_label_and_help() {
        let source = Arc::new(SourceText {
            name: "tool.json".into(),
            text: "{\n  \"at\": {\"minimum\": 1}\n}\n".into(),
        });
        let finding = Finding::error(codes::VERIFY_REFUTED, "presentation rejects a value")
            .in_source(&source)
            .at("/at")
            .with_span(Some(4..8))
            .with_label("here")
            .with_help("widen it");
        assert_eq!(
            render(&finding, &Style::default()),
            codes::VERIFY_REFUTED.to_string()
                + "\n\n  × presentation rejects a value\n   ╭─[tool.json:2:3]\n 1 │ {\n 2 │   \"at\": {\"minimum\": 1}\n   ·   ──┬─\n   ·     ╰── here\n 3 │ }\n   ╰────\n  help: widen it\n"
        );
    }

    #[test]
    fn a_long_line_is_named_not_printed() {
        let text = format!("[{}1]", "0, ".repeat(300));
        let source = Arc::new(SourceText {
            name: "min.json".into(),
            text: text.clone().into(),
        });
        let finding = Finding::error(codes::INVALID_JSON, "bad")
            .in_source(&source)
            .with_span(Some(900..901));
        assert_eq!(
            render(&finding, &Style::default()),
            codes::INVALID_JSON.to_string() + "\n\n  × bad (at min.json:1:901)\n"
        );
    }

    #[test]
    fn without_source_names_the_place() {
        let finding = Finding::warning(codes::WIDENED, "something")
            .in_file("a.json")
            .at("/x");
        assert_eq!(
            render(&finding, &Style::default()),
            codes::WIDENED.to_string() + "\n\n  ⚠ something (a.json#/x)\n"
        );
    }
}
