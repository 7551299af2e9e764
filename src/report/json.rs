//! The `--format json` documents, one typed shape per command, all versioned by the one
//! [`FORMAT_VERSION`]. With `--format json` a command prints exactly one of these on standard
//! output, failures included (an input that cannot be read is a result carrying its finding),
//! and nothing else. The shapes are documented in the README ("Output for programs").

use serde::Serialize;
use serde_json::Value;

use crate::diagnostic::Finding;
use crate::document::locate;
use crate::targets::Profile;
use crate::verify::{Report, Verdict};

/// The version of every `--format json` shape: bumped whenever a field is removed, renamed or
/// changes meaning. A new field is not a new version (readers ignore fields they do not know).
pub const FORMAT_VERSION: u32 = 2;

/// A finding: code, severity, message, file, pointer, span (byte offsets and 1-based line and
/// column) and help.
#[derive(Debug, Serialize)]
pub struct FindingJson {
    code: &'static str,
    severity: &'static str,
    message: String,
    file: Option<String>,
    pointer: Option<String>,
    span: Option<SpanJson>,
    help: Option<String>,
}

#[derive(Debug, Serialize)]
struct SpanJson {
    start: usize,
    end: usize,
    line: usize,
    column: usize,
}

impl From<&Finding> for FindingJson {
    fn from(finding: &Finding) -> Self {
        let span = match (&finding.span, &finding.source) {
            (Some(span), Some(source)) => {
                let (line, column) = locate::line_column(&source.text, span.start);
                Some(SpanJson {
                    start: span.start,
                    end: span.end,
                    line,
                    column,
                })
            }
            _ => None,
        };
        FindingJson {
            code: finding.code.as_str(),
            severity: finding.severity.as_str(),
            message: finding.message.clone(),
            file: finding.file.clone(),
            pointer: finding.pointer.clone(),
            span,
            help: finding.help.clone(),
        }
    }
}

/// Findings as JSON.
pub fn findings(findings: &[Finding]) -> Vec<FindingJson> {
    findings.iter().map(FindingJson::from).collect()
}

/// One verification (V4, V5): the verdict, what proved it, why it is unknown, the
/// counterexample of a refuted one with the command that reproduces it, the sampling counts.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VerdictJson {
    name: String,
    verdict: &'static str,
    semantics: Option<&'static str>,
    proven_by: Option<&'static str>,
    reason: Option<ReasonJson>,
    counterexample: Option<CounterexampleJson>,
    samples: Option<SamplesJson>,
    steps: usize,
    bugs: Vec<String>,
}

#[derive(Debug, Serialize)]
struct ReasonJson {
    keyword: String,
    pointer: String,
    message: String,
}

/// The counterexample of a refuted verdict (V5).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CounterexampleJson {
    value: Value,
    branch: Option<String>,
    rejected_by: String,
    message: String,
    found_by: &'static str,
    reproduce: String,
}

#[derive(Debug, Serialize)]
struct SamplesJson {
    seed: u64,
    generated: usize,
    valid: usize,
    checked: usize,
}

impl VerdictJson {
    /// A report, named; `reproduce` is the command line that reproduces it.
    pub fn of(name: &str, report: &Report, reproduce: &str) -> VerdictJson {
        VerdictJson {
            name: name.to_owned(),
            verdict: report.verdict.name(),
            semantics: Some(report.semantics.name()),
            proven_by: report.proven_by,
            reason: report.reason.as_ref().map(|r| ReasonJson {
                keyword: r.keyword.clone(),
                pointer: r.pointer.clone(),
                message: r.message.clone(),
            }),
            counterexample: counterexample(report, reproduce),
            samples: Some(SamplesJson {
                seed: report.seed,
                generated: report.samples.generated,
                valid: report.samples.valid,
                checked: report.samples.checked,
            }),
            steps: report.steps,
            bugs: report.bugs.clone(),
        }
    }

    /// A schema flattening left unchanged: proven by identity, nothing run.
    pub fn unchanged(name: &str) -> VerdictJson {
        VerdictJson::bare(name, Verdict::Proven, Some("identity"))
    }

    /// A verdict with nothing run behind it (a presentation that did not load is refuted).
    pub fn bare(name: &str, verdict: Verdict, proven_by: Option<&'static str>) -> VerdictJson {
        VerdictJson {
            name: name.to_owned(),
            verdict: verdict.name(),
            semantics: None,
            proven_by,
            reason: None,
            counterexample: None,
            samples: None,
            steps: 0,
            bugs: Vec::new(),
        }
    }
}

/// The counterexample of `report` as V5 describes it, or `None`.
pub fn counterexample(report: &Report, reproduce: &str) -> Option<CounterexampleJson> {
    let c = report.counterexample.as_ref()?;
    Some(CounterexampleJson {
        value: c.value.clone(),
        branch: c.branch.clone(),
        rejected_by: c.rejected_by.clone(),
        message: c.message.clone(),
        found_by: c.found_by,
        reproduce: reproduce.to_owned(),
    })
}

/// `stitch flatten --format json`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlattenDocument {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// One result per input, in the order given.
    pub results: Vec<FlattenResult>,
    /// Problems of the run rather than of one input (a usage error, the limits of a request
    /// that sends every input).
    pub findings: Vec<FindingJson>,
}

impl Default for FlattenDocument {
    fn default() -> Self {
        FlattenDocument {
            format_version: FORMAT_VERSION,
            results: Vec::new(),
            findings: Vec::new(),
        }
    }
}

/// One input of `stitch flatten`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlattenResult {
    /// The input as named on the command line.
    pub file: String,
    /// The schema's name (its file stem) or the tool's; `null` for a tool list.
    pub name: Option<String>,
    /// The presentation, unless it was written to a file or the input could not be read.
    pub presentation: Option<Value>,
    /// Where the presentation was written (`-o`, `--out-dir`).
    pub written: Option<String>,
    /// The worst verdict over its schemas; `null` when not verified.
    pub verdict: Option<&'static str>,
    /// One verdict per schema (the input, or each tool's input schema).
    pub verdicts: Vec<VerdictJson>,
    /// Everything reported about this input, at the verbosity asked for.
    pub findings: Vec<FindingJson>,
    /// With `--target`: the keys made required and nullable (F7.6), where a model's `null`
    /// means the key was left out; absent when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nulled: Vec<NulledJson>,
    /// With `--target gemini`: the enums written as text, where a model sends a value's JSON
    /// text; absent when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stringified: Vec<StringifiedJson>,
}

/// One enum written as text.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StringifiedJson {
    /// The enum's schema pointer in the presentation.
    pub schema: String,
    /// Each text the model may send, with the value it stands for.
    pub values: Vec<TextJson>,
}

/// A text and its value.
#[derive(Debug, Serialize)]
pub struct TextJson {
    /// What the model sends.
    pub text: String,
    /// What the contract reads.
    pub value: Value,
}

impl From<&crate::targets::mapping::Stringified> for StringifiedJson {
    fn from(s: &crate::targets::mapping::Stringified) -> Self {
        StringifiedJson {
            schema: s.at.clone(),
            values: s
                .values
                .iter()
                .map(|value| TextJson {
                    text: crate::targets::enum_text(value),
                    value: value.clone(),
                })
                .collect(),
        }
    }
}

/// One key of the null ⇒ absent mapping.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NulledJson {
    /// The object schema's pointer in the presentation.
    pub object: String,
    /// The property.
    pub key: String,
    /// True when the property accepted `null` before: there `null` and absent are one value.
    pub was_nullable: bool,
}

impl From<&crate::targets::mapping::Nulled> for NulledJson {
    fn from(n: &crate::targets::mapping::Nulled) -> Self {
        NulledJson {
            object: n.object.clone(),
            key: n.key.clone(),
            was_nullable: n.was_nullable,
        }
    }
}

/// `stitch check --format json` (C6): the files checked with their verdicts, the files
/// skipped, every finding shown (sorted by file, position and code) and the counts. Nothing in
/// it depends on the machine: no timings, no thread count.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckDocument {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The files checked (or that could not be read), in path order.
    pub files: Vec<CheckFile>,
    /// The files found but not checked (not a schema or a tool, or excluded), in path order.
    pub skipped: Vec<String>,
    /// The findings, as far as the verbosity shows them.
    pub findings: Vec<FindingJson>,
    /// The counts, over every finding whatever the verbosity.
    pub summary: CheckSummary,
}

impl Default for CheckDocument {
    fn default() -> Self {
        CheckDocument {
            format_version: FORMAT_VERSION,
            files: Vec::new(),
            skipped: Vec::new(),
            findings: Vec::new(),
            summary: CheckSummary::default(),
        }
    }
}

/// One file of `stitch check`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckFile {
    /// The path.
    pub file: String,
    /// Each schema's verdict (none when the file could not be loaded).
    pub verdicts: Vec<CheckVerdict>,
}

impl CheckFile {
    /// A file with its schemas' names and verdicts.
    pub fn new(file: String, verdicts: Vec<(String, Option<Verdict>)>) -> CheckFile {
        CheckFile {
            file,
            verdicts: verdicts
                .into_iter()
                .map(|(name, verdict)| CheckVerdict {
                    name,
                    verdict: verdict.map(Verdict::name),
                })
                .collect(),
        }
    }
}

/// One schema's verdict in `stitch check`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckVerdict {
    /// The schema's or tool's name.
    pub name: String,
    /// `proven`, `unknown` or `refuted`.
    pub verdict: Option<&'static str>,
}

/// The counts of a `stitch check` run.
#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckSummary {
    /// Files checked (or that could not be read).
    pub files: usize,
    /// Files found but not checked.
    pub skipped: usize,
    /// Findings by severity (the notes that a file was skipped are not counted).
    pub errors: usize,
    /// See `errors`.
    pub warnings: usize,
    /// See `errors`.
    pub notes: usize,
    /// Schemas by verdict.
    pub proven: usize,
    /// See `proven`.
    pub unknown: usize,
    /// See `proven`.
    pub refuted: usize,
}

/// `stitch flatten --target all --format json`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetAllDocument {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// One per input read.
    pub results: Vec<TargetAllResult>,
    /// What could not be read, and anything else reported.
    pub findings: Vec<FindingJson>,
}

/// One input under every target.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetAllResult {
    /// The input as named on the command line.
    pub file: String,
    /// The schema's or tool's name; `null` for a tool list.
    pub name: Option<String>,
    /// The presentation's verdict against the contract; `null` with `--no-verify`.
    pub verdict: Option<&'static str>,
    /// One row per target, in `stitch targets` order.
    pub targets: Vec<TargetRow>,
}

/// One target's answer for one input.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetRow {
    /// `name@date`.
    pub target: String,
    /// `accepted` (as flattened), `fixed` (accepted after the target's rewrites) or `refused`.
    pub verdict: &'static str,
    /// Findings of severity error (what the provider would refuse).
    pub errors: usize,
    /// Findings of severity warning (what it would drop, narrowings, undone rewrites).
    pub warnings: usize,
    /// The schemas whose rewrites were kept.
    pub rewritten: usize,
    /// Whether a rewrite lost values the contract accepts (`stitch::target::narrowed`).
    pub narrowed: bool,
}

/// `stitch validate --format json`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidateDocument {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The schema or tool that judged the arguments; `null` when none could be chosen.
    pub name: Option<String>,
    /// The target whose mappings were undone (`name@date`); `null` without `--target`.
    pub target: Option<String>,
    /// Whether the contract accepts the arguments; `null` when it could not judge them.
    pub valid: Option<bool>,
    /// The arguments as the contract reads them; `null` when they could not be read.
    pub value: Option<Value>,
    /// Pointers into the arguments of the keys whose `null` stood for absent, and was dropped.
    pub dropped: Vec<String>,
    /// Pointers into the arguments of the `null`s kept where they could also have stood for a
    /// left-out key (the reading chose the real `null`; README, "The way back").
    pub kept_null: Vec<String>,
    /// How many readings of the arguments were tried; `null` without `--target`.
    pub readings: Option<usize>,
    /// The contract's reasons (`stitch::validate::invalid`, one per error, each pointing into
    /// the arguments), and whatever else was reported.
    pub findings: Vec<FindingJson>,
}

/// `stitch verify --format json`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifyDocument {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// One verdict per pair of schemas (per tool, for tool lists), missing tools included.
    pub results: Vec<VerdictJson>,
    /// Everything reported: loading warnings, added tools, bugs; a failure's finding.
    pub findings: Vec<FindingJson>,
}

/// `stitch sample --format json`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SampleDocument {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The schema or tool sampled; `null` when it could not be chosen.
    pub name: Option<String>,
    /// The values, in the order found.
    pub values: Vec<Value>,
    /// How sampling went; `null` when it did not run.
    pub counts: Option<SampleCounts>,
    /// Everything reported; a failure's finding.
    pub findings: Vec<FindingJson>,
}

/// The counts of a sampling run.
#[derive(Debug, Serialize)]
pub struct SampleCounts {
    /// Attempts made.
    pub attempts: usize,
    /// Values generated (valid or not).
    pub generated: usize,
    /// Values the validator confirmed, repeats included.
    pub valid: usize,
}

/// `stitch inspect --format json`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InspectDocument {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// One entry per input, in the order given.
    pub inputs: Vec<InspectInput>,
    /// Problems of the run rather than of one input.
    pub findings: Vec<FindingJson>,
}

/// What `inspect` saw of one input.
#[derive(Debug, Serialize)]
pub struct InspectInput {
    /// The input as named on the command line.
    pub file: String,
    /// True when it loaded.
    pub loaded: bool,
    /// `schema`, `tool` or `tools`.
    pub kind: Option<&'static str>,
    /// `4`, `6`, `7`, `2019-09` or `2020-12`.
    pub draft: Option<&'static str>,
    /// Its schemas, or its tools and their input schemas.
    pub schemas: Vec<InspectSchema>,
    /// Every reference, with where it leads.
    pub references: Vec<InspectReference>,
    /// The other files its references reached.
    pub files: Vec<String>,
    /// Everything reported about it.
    pub findings: Vec<FindingJson>,
}

/// A schema or tool seen by `inspect`.
#[derive(Debug, Serialize)]
pub struct InspectSchema {
    /// Its name.
    pub name: String,
    /// The pointer of its (input) schema; `null` for a tool without one.
    pub pointer: Option<String>,
    /// The tool's envelope (`mcp`, `openai`, …); `null` for a bare schema.
    pub form: Option<&'static str>,
}

/// A reference seen by `inspect`.
#[derive(Debug, Serialize)]
pub struct InspectReference {
    /// `#pointer/keyword` of the reference.
    pub at: String,
    /// `file#pointer` it leads to; `null` for a meta-schema.
    pub to: Option<String>,
}

/// `stitch targets --format json`: the profiles asked for, with their rules.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetsDocument {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// One entry per profile, in listing order.
    pub targets: Vec<TargetJson>,
}

/// One dated profile.
#[derive(Debug, Serialize)]
pub struct TargetJson {
    /// `name@date`.
    id: String,
    /// The target name.
    name: &'static str,
    /// The date of its facts.
    date: &'static str,
    /// The provider family (`openai`, `anthropic`, …).
    family: &'static str,
    /// One line: what it describes.
    summary: &'static str,
    /// Its rules, in the order they are checked.
    rules: Vec<RuleJson>,
    /// The rewrites `flatten --target` applies (each kept only once proven), in words.
    rewrites: Vec<String>,
    /// The previous date of this name (`gemini@2026-08`), if any.
    previous: Option<String>,
    /// What changed since `previous`, one line per changed rule or rewrite.
    since: &'static [&'static str],
    /// The sources its rules cite, with where each is.
    sources: Vec<SourceJson>,
}

/// A source a rule cites.
#[derive(Debug, Serialize)]
pub struct SourceJson {
    /// Its label (`OAI-SO`).
    label: &'static str,
    /// Where it is: a URL, or a file of an SDK.
    location: &'static str,
}

/// One rule of a profile.
#[derive(Debug, Serialize)]
pub struct RuleJson {
    /// The code of its findings.
    code: &'static str,
    /// Their severity.
    severity: &'static str,
    /// `doc`, `obs`, `lib` or `?`.
    evidence: &'static str,
    /// The source it rests on (`PROVIDERS.md` short names).
    source: &'static str,
    /// What it checks, in words.
    checks: String,
    /// The keywords a keyword rule names.
    keywords: &'static [&'static str],
    /// The provider error it predicts, with placeholders; `null` when none is recorded.
    predicts: Option<&'static str>,
}

impl From<&'static Profile> for TargetJson {
    fn from(profile: &'static Profile) -> Self {
        TargetJson {
            id: profile.id(),
            name: profile.name,
            date: profile.date,
            family: profile.family.name(),
            summary: profile.summary,
            rules: profile
                .rules
                .iter()
                .map(|rule| RuleJson {
                    code: rule.check.code().as_str(),
                    severity: rule.severity().as_str(),
                    evidence: rule.evidence.label(),
                    source: rule.source,
                    checks: rule.check.describe(),
                    keywords: rule.check.keywords(),
                    predicts: (!rule.predicts.is_empty()).then_some(rule.predicts),
                })
                .collect(),
            rewrites: profile.rewrites.iter().map(|r| r.describe()).collect(),
            previous: crate::targets::previous(profile).map(|p| p.id()),
            since: profile.since,
            sources: crate::targets::sources_of(profile)
                .into_iter()
                .map(|label| SourceJson {
                    label,
                    location: crate::targets::source(label).unwrap_or_default(),
                })
                .collect(),
        }
    }
}

/// Any of the documents, pretty-printed as stitch writes JSON.
pub fn pretty(document: &impl Serialize) -> String {
    let value = serde_json::to_value(document).unwrap_or(Value::Null);
    crate::canonical::pretty(&value)
}

/// A command's `--format json` document: it carries the findings of a run that could not
/// finish, so that a reader is never left with nothing (`commands::could_not_run`).
pub trait Document: Serialize {
    /// Its findings.
    fn findings_mut(&mut self) -> &mut Vec<FindingJson>;
}

macro_rules! documents {
    ($($document:ty),* $(,)?) => {
        $(impl Document for $document {
            fn findings_mut(&mut self) -> &mut Vec<FindingJson> {
                &mut self.findings
            }
        })*
    };
}

documents!(
    FlattenDocument,
    TargetAllDocument,
    ValidateDocument,
    VerifyDocument,
    SampleDocument,
    InspectDocument,
);
