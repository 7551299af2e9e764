//! Findings as miette reports with source snippets, rendered by an explicitly built handler so
//! that output is the same on every machine (theme from `--color`, width from `COLUMNS`).

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode,
};

use super::Style;
use crate::diagnostic::{Finding, Severity};

/// Renders one finding.
pub fn render(finding: &Finding, style: &Style) -> String {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false);
    let report = Report {
        source: finding
            .source
            .as_ref()
            .filter(|_| finding.span.is_some())
            .map(|s| NamedSource::new(&s.name, s.text.to_string())),
        finding,
    };
    let mut out = String::new();
    // Rendering into a String cannot fail.
    let _ = handler.render_report(&mut out, &report);
    out
}

/// A finding seen through miette's eyes.
struct Report<'a> {
    finding: &'a Finding,
    source: Option<NamedSource<String>>,
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
        if self.source.is_none()
            && let (Some(file), Some(pointer)) = (&self.finding.file, &self.finding.pointer)
        {
            write!(f, " ({file}#{pointer})")?;
        }
        Ok(())
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
    use crate::diagnostic::SourceText;
    use std::sync::Arc;

    #[test]
    fn renders_code_label_and_help() {
        let source = Arc::new(SourceText {
            name: "tool.json".into(),
            text: "{\n  \"at\": {\"minimum\": 1}\n}\n".into(),
        });
        let finding = Finding::error("stitch::test::x", "presentation rejects a value")
            .in_source(&source)
            .at("/at")
            .with_span(Some(4..8))
            .with_label("here")
            .with_help("widen it");
        assert_eq!(
            render(&finding, &Style::default()),
            "stitch::test::x\n\n  × presentation rejects a value\n   ╭─[tool.json:2:3]\n 1 │ {\n 2 │   \"at\": {\"minimum\": 1}\n   ·   ──┬─\n   ·     ╰── here\n 3 │ }\n   ╰────\n  help: widen it\n"
        );
    }

    #[test]
    fn without_source_names_the_place() {
        let finding = Finding::warning("stitch::test::y", "something")
            .in_file("a.json")
            .at("/x");
        assert_eq!(
            render(&finding, &Style::default()),
            "stitch::test::y\n\n  ⚠ something (a.json#/x)\n"
        );
    }
}
