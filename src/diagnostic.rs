//! Findings: the data every stage produces about a user's documents (SPEC §9).
//!
//! A [`Finding`] is a problem or remark about an input, with a stable code, a severity, the file,
//! the JSON Pointer and, when the source text is known, the exact byte span to underline. This
//! module is a leaf: it imports nothing of ours, and it renders nothing (see `report`).

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

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
    /// Stable code, `stitch::<area>::<name>`.
    pub code: &'static str,
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
    /// A finding of the given severity.
    pub fn new(code: &'static str, severity: Severity, message: impl Into<String>) -> Self {
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
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Finding::new(code, Severity::Error, message)
    }

    /// A warning finding.
    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Finding::new(code, Severity::Warning, message)
    }

    /// A note.
    pub fn note(code: &'static str, message: impl Into<String>) -> Self {
        Finding::new(code, Severity::Note, message)
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

/// Every code stitch can emit, with its default severity and a one-line explanation
/// (what `stitch explain` prints). One table, so that codes stay unique and documented.
pub mod codes {
    use super::Severity;

    /// A code's entry in the table.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct CodeInfo {
        /// `stitch::<area>::<name>`.
        pub code: &'static str,
        /// Default severity.
        pub severity: Severity,
        /// One line: what it means.
        pub summary: &'static str,
    }

    macro_rules! codes {
        ($($(#[$doc:meta])* $name:ident = $code:literal, $sev:ident, $summary:literal;)*) => {
            $( $(#[$doc])* pub const $name: &str = $code; )*
            /// All codes, in the order they are declared.
            pub const ALL: &[CodeInfo] = &[
                $( CodeInfo { code: $code, severity: Severity::$sev, summary: $summary }, )*
            ];
        };
    }

    codes! {
        /// L5: the input could not be read (missing, a directory, no permission).
        READ = "stitch::load::read", Error,
            "the input could not be read: it is missing, a directory, or not readable";
        /// L5: the input is larger than `--max-input-size`.
        TOO_LARGE = "stitch::load::too_large", Error,
            "the input is larger than --max-input-size and was refused before reading";
        /// L5: the input is not UTF-8.
        NOT_UTF8 = "stitch::load::not_utf8", Error,
            "the input is not UTF-8 text, which JSON requires";
        /// L4/L5: the input is not JSON.
        INVALID_JSON = "stitch::load::invalid_json", Error,
            "the input is not valid JSON; the diagnostic points at where parsing failed";
        /// L5: an object has the same key twice.
        DUPLICATE_KEY = "stitch::load::duplicate_key", Error,
            "an object has the same key twice; JSON parsers disagree on which one wins";
        /// L5: nesting deeper than the bound.
        TOO_DEEP = "stitch::load::too_deep", Error,
            "arrays and objects are nested deeper than stitch's bound";
        /// L7: a number that no 64-bit type holds exactly.
        INEXACT_NUMBER = "stitch::load::inexact_number", Error,
            "a number cannot be held exactly by f64, i64 or u64, so rewriting the document would change it";
        /// L1: the document is not of the expected input kind.
        INPUT_KIND = "stitch::load::input_kind", Error,
            "the document is not a schema, a tool or a tool list as detected or as --input-kind says";
        /// L2: `$schema` names no draft stitch knows.
        UNKNOWN_DRAFT = "stitch::load::unknown_draft", Warning,
            "$schema names no known draft; the document is read as 2020-12 (or as --draft says)";
        /// L3: a remote reference with no `--ref-map` entry.
        REF_REMOTE = "stitch::ref::remote", Error,
            "a $ref points at a remote URI; stitch never fetches, so map it with --ref-map URI=PATH";
        /// L3: a reference whose target does not exist.
        REF_UNRESOLVABLE = "stitch::ref::unresolvable", Error,
            "a $ref points at a file, pointer or anchor that does not exist, or is not a valid URI";
        /// L5: references that loop without consuming any part of the value.
        REF_CYCLE = "stitch::ref::cycle", Error,
            "references loop back to themselves without descending into a property or item, so no validator can finish";
        /// L5: a chain of in-place references longer than the bound.
        REF_CHAIN = "stitch::ref::chain", Error,
            "a chain of in-place references is longer than stitch's bound";
        /// L5: `pattern` that is not an ECMA-262 regular expression.
        INVALID_PATTERN = "stitch::schema::invalid_pattern", Error,
            "a pattern is not a valid ECMA-262 regular expression";
        /// V4: the presentation rejects a value the contract accepts.
        VERIFY_REFUTED = "stitch::verify::refuted", Error,
            "the presentation rejects a value the contract accepts; the counterexample shows which";
        /// V4: neither proven nor refuted.
        VERIFY_UNKNOWN = "stitch::verify::unknown", Warning,
            "stitch could neither prove that the presentation accepts every value of the contract nor find one it rejects";
        /// V1/V4: two provers, or the prover and the sampler, disagree.
        VERIFY_BUG = "stitch::verify::bug", Error,
            "two of stitch's judges disagree about one inclusion: a bug in stitch, reported as one";
        /// V2: no valid value found.
        SAMPLE_NONE = "stitch::sample::none", Error,
            "the sampler found no value the schema accepts";
        /// V2: how sampling went.
        SAMPLE_COUNTS = "stitch::sample::counts", Note,
            "how many values the sampler tried, generated and found valid";
        /// V2: fewer valid values found than asked.
        SAMPLE_FEW = "stitch::sample::few", Warning,
            "the sampler found fewer distinct valid values than asked";
        /// The validator refused to compile the schema.
        INVALID_SCHEMA = "stitch::schema::invalid", Error,
            "the validator cannot compile the schema (a keyword has a value of the wrong shape)";
    }

    /// The entry for `code`, if it is one of ours.
    pub fn lookup(code: &str) -> Option<&'static CodeInfo> {
        ALL.iter().find(|info| info.code == code)
    }
}
