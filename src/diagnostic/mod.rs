//! Findings: the data every stage produces about a user's documents (SPEC §9).
//!
//! A [`Finding`] is a problem or remark about an input, with a stable code, a severity, the file,
//! the JSON Pointer and, when the source text is known, the exact byte span to underline. Every
//! code comes from the one table in [`codes`]. This module is a leaf: it imports nothing of ours,
//! and it renders nothing (see `report`).

pub mod codes;

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

pub use codes::Code;

/// How much a finding matters. `-q` shows only errors; `--verbose` adds notes (SPEC §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Something is wrong: the command's answer is negative, or it could not run.
    Error,
    /// Something the user should look at; the answer stands.
    Warning,
    /// Information, shown with `--verbose`.
    Note,
}

impl Severity {
    /// The lower-case name used in JSON output and configuration.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text of an input, shared by every finding that points into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceText {
    /// The name shown to the user: the path as given on the command line, or `<stdin>`.
    pub name: String,
    /// The whole text. For input that is not UTF-8, the lossy decoding (valid up to the first bad
    /// byte, which is all a finding about it needs).
    pub text: Arc<str>,
}

/// Which part of the place at a finding's pointer to underline, when its span is found only once
/// the finding is shown (positions cost a second parse, paid only for what is printed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Anchor {
    /// The value.
    #[default]
    Value,
    /// The member's key.
    Key,
}

/// A second place a finding points at (e.g. "first defined here").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Related {
    /// Byte span in the same source.
    pub span: Range<usize>,
    /// What to write under it.
    pub label: String,
}

/// One problem or remark about an input.
///
/// Built with [`Finding::error`] (and friends) and the `with_*` methods; never with an invented
/// span: no span is better than a wrong one (STYLE habit 5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Stable code, `stitch::<area>::<name>`, from the table.
    pub code: Code,
    /// How much it matters.
    pub severity: Severity,
    /// One sentence, lower-case start, no final full stop.
    pub message: String,
    /// The file it is about, as the user named it.
    pub file: Option<String>,
    /// JSON Pointer into that file (`""` is the whole document).
    pub pointer: Option<String>,
    /// The source text, when it was read.
    pub source: Option<Arc<SourceText>>,
    /// Byte span of the offending key or value in `source`.
    pub span: Option<Range<usize>>,
    /// What the span covers when it is found later from the pointer.
    pub anchor: Anchor,
    /// Text under the span; defaults to the message's gist when absent.
    pub label: Option<String>,
    /// Other places worth showing.
    pub related: Vec<Related>,
    /// What the user can do about it.
    pub help: Option<String>,
}

impl Finding {
    /// A finding of the code's default severity.
    pub fn of(code: Code, message: impl Into<String>) -> Self {
        Finding::new(code, code.severity(), message)
    }

    /// A finding of the given severity.
    pub fn new(code: Code, severity: Severity, message: impl Into<String>) -> Self {
        Finding {
            code,
            severity,
            message: message.into(),
            file: None,
            pointer: None,
            source: None,
            span: None,
            anchor: Anchor::Value,
            label: None,
            related: Vec::new(),
            help: None,
        }
    }

    /// An error finding.
    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Finding::new(code, Severity::Error, message)
    }

    /// A warning finding.
    pub fn warning(code: Code, message: impl Into<String>) -> Self {
        Finding::new(code, Severity::Warning, message)
    }

    /// Names the file, without its text.
    pub fn in_file(mut self, name: impl Into<String>) -> Self {
        self.file = Some(name.into());
        self
    }

    /// Names the file and attaches its text.
    pub fn in_source(mut self, source: &Arc<SourceText>) -> Self {
        self.file = Some(source.name.clone());
        self.source = Some(Arc::clone(source));
        self
    }

    /// Sets the JSON Pointer.
    pub fn at(mut self, pointer: impl Into<String>) -> Self {
        self.pointer = Some(pointer.into());
        self
    }

    /// Sets the span, when one is known.
    pub fn with_span(mut self, span: Option<Range<usize>>) -> Self {
        self.span = span;
        self
    }

    /// Says which part of the place at the pointer to underline when the span is found later.
    pub fn anchored(mut self, anchor: Anchor) -> Self {
        self.anchor = anchor;
        self
    }

    /// Sets the label under the span.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Adds a secondary span.
    pub fn with_related(mut self, span: Range<usize>, label: impl Into<String>) -> Self {
        self.related.push(Related {
            span,
            label: label.into(),
        });
        self
    }

    /// Sets the help text.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for Finding {
    /// One line: `file#pointer: severity[code]: message`, for logs and test failures.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}")?;
            if let Some(pointer) = &self.pointer {
                write!(f, "#{pointer}")?;
            }
            write!(f, ": ")?;
        }
        write!(f, "{}[{}]: {}", self.severity, self.code, self.message)
    }
}
