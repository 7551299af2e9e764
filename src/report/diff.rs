//! `stitch diff`'s report (D2–D5) as text, markdown and JSON: the comparisons in, text out.
//!
//! Every format shows the same things in the same order: each schema's class, the value that
//! proves a break (or a widening), the change list, then the text diff. Human and markdown show
//! only the schemas that changed, and count the rest in the summary; JSON lists every one.

use serde::Serialize;
use serde_json::Value;

use super::json::{FORMAT_VERSION, FindingJson, VerdictJson};
use crate::diff::changes::Change;
use crate::diff::compare::{Class, Comparison};
use crate::diff::text;
use crate::verify::{Report, Verdict};

/// The two sides as the user named them.
#[derive(Debug, Clone, Copy)]
pub struct Sides<'a> {
    /// OLD's name.
    pub old: &'a str,
    /// NEW's name.
    pub new: &'a str,
    /// The target both were read as (`--target`), by id.
    pub target: Option<&'a str>,
}

impl Sides<'_> {
    /// `OLD → NEW`, and the target they were read as.
    fn heading(&self, code: fn(&str) -> String) -> String {
        let mut line = format!("{} → {}", code(self.old), code(self.new));
        if let Some(target) = self.target {
            line.push_str(&format!(" as {} reads them", code(target)));
        }
        line
    }
}

/// The order classes are summed up in: what needs a reviewer first.
const ORDER: [Class; 7] = [
    Class::Breaking,
    Class::NarrowedAndWidened,
    Class::Removed,
    Class::Unknown,
    Class::Widened,
    Class::Added,
    Class::Equivalent,
];

/// Longest change value shown in text and markdown (JSON has it whole).
const VALUE_CHARS: usize = 60;

/// Lines of one text diff a markdown comment shows.
const MARKDOWN_DIFF_LINES: usize = 300;

/// `1 breaking, 2 equivalent` (no class is left out that occurs; "nothing to compare" when
/// empty).
pub fn summary(comparisons: &[Comparison]) -> String {
    let parts: Vec<String> = ORDER
        .iter()
        .filter_map(|class| {
            let n = comparisons.iter().filter(|c| c.class == *class).count();
            (n > 0).then(|| format!("{n} {}", class.name()))
        })
        .collect();
    let unchanged = comparisons.iter().filter(|c| !c.changed()).count();
    let mut line = if parts.is_empty() {
        "nothing to compare".to_owned()
    } else {
        parts.join(", ")
    };
    if unchanged == comparisons.len() && unchanged > 0 {
        line.push_str("; no change");
    } else if unchanged > 0 {
        line.push_str(&format!("; {unchanged} unchanged"));
    }
    line
}

/// The human report: one block per changed schema, then the summary line.
pub fn human(comparisons: &[Comparison], sides: Sides<'_>, color: bool) -> String {
    let mut out = String::new();
    for c in comparisons.iter().filter(|c| c.changed()) {
        out.push_str(&format!("{}: {}\n", c.name, c.class.name()));
        for (line, detail) in evidence(c, str::to_owned, str::to_owned) {
            out.push_str(&format!("  {line}\n"));
            if let Some(detail) = detail {
                out.push_str(&format!("    {detail}\n"));
            }
        }
        if !c.changes.is_empty() {
            out.push_str("  changes:\n");
            let width = c
                .changes
                .iter()
                .map(|ch| place(ch).chars().count())
                .max()
                .unwrap_or(0)
                .min(40);
            let tag_width = c
                .changes
                .iter()
                .map(|ch| ch.tag.name().len())
                .max()
                .unwrap_or(0);
            for change in &c.changes {
                let line = format!(
                    "    {:width$}  {:tag_width$}  {}",
                    place(change),
                    change.tag.name(),
                    detail(change)
                );
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        let diff = text_diff(c, sides, usize::MAX);
        if !diff.is_empty() {
            out.push_str(&paint(&diff, color));
            out.push('\n');
        }
    }
    out.push_str(&format!(
        "{}: {}\n",
        sides.heading(str::to_owned),
        summary(comparisons)
    ));
    out
}

/// What the verdicts show: the value that breaks or widens, with what rejects it, or what
/// stopped the prover; each a line and an optional second line. `code` marks values and
/// pointers up (a code span in markdown), `prose` the validator's and prover's messages.
fn evidence(
    c: &Comparison,
    code: fn(&str) -> String,
    prose: fn(&str) -> String,
) -> Vec<(String, Option<String>)> {
    fn refuted(r: &Option<Report>) -> Option<&crate::verify::Counterexample> {
        r.as_ref()
            .filter(|r| r.verdict == Verdict::Refuted)
            .and_then(|r| r.counterexample.as_ref())
    }
    let mut lines = Vec::new();
    for (report, head) in [
        (&c.backward, "OLD accepts, NEW rejects"),
        (&c.forward, "NEW accepts, OLD rejects"),
    ] {
        if let Some(x) = refuted(report) {
            let why = if x.rejected_by.is_empty() {
                prose(&x.message)
            } else {
                let at = code(&format!("#{}", x.rejected_by));
                format!("rejected by {at}: {}", prose(&x.message))
            };
            lines.push((format!("{head}: {}", code(&compact(&x.value))), Some(why)));
        }
    }
    let undecided = |r: &Option<Report>| {
        r.as_ref()
            .filter(|r| r.verdict == Verdict::Unknown)
            .map(|r| match &r.reason {
                Some(reason) if !reason.keyword.is_empty() => format!(
                    "`{}` at {}: {}",
                    reason.keyword,
                    code(&format!("#{}", reason.pointer)),
                    prose(&reason.message)
                ),
                Some(reason) => prose(&reason.message),
                None => "no reason recorded".to_owned(),
            })
    };
    if let Some(why) = undecided(&c.backward) {
        lines.push((
            "whether NEW rejects a value OLD accepts is undecided".to_owned(),
            Some(why),
        ));
    } else if let Some(why) = undecided(&c.forward) {
        let head = if c
            .backward
            .as_ref()
            .is_some_and(|r| r.verdict == Verdict::Proven)
        {
            "not breaking (NEW accepts every value OLD accepts); whether NEW accepts more is undecided"
        } else {
            "whether NEW accepts more is undecided"
        };
        lines.push((head.to_owned(), Some(why)));
    }
    lines
}

/// A change's place: `#/properties/limit`, or `(tool)` for the tool's own description.
fn place(change: &Change) -> String {
    if change.tag == crate::diff::changes::Tag::ToolDescriptionChanged {
        return "(tool)".to_owned();
    }
    format!("#{}", change.pointer)
}

/// A change's values: `200 → 100`, or the one value added or removed.
fn detail(change: &Change) -> String {
    match (shown_values(change), &change.new_keyword) {
        ((Some(a), Some(b)), Some(k)) => format!("{} {a} → {k} {b}", change.keyword),
        ((Some(a), Some(b)), None) => format!("{a} → {b}"),
        ((Some(a), None) | (None, Some(a)), _) => a,
        ((None, None), _) => String::new(),
    }
}

/// A change's old and new values on one line each, cut to [`VALUE_CHARS`]; two long texts are
/// both shown from a little before where they first differ.
fn shown_values(change: &Change) -> (Option<String>, Option<String>) {
    if let (Some(a @ Value::String(_)), Some(b @ Value::String(_))) = (&change.old, &change.new) {
        let (a, b) = (compact(a), compact(b));
        if a.chars().count() > VALUE_CHARS || b.chars().count() > VALUE_CHARS {
            let same = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
            let from = same.saturating_sub(15);
            return (Some(window(&a, from)), Some(window(&b, from)));
        }
    }
    let value = |v: &Option<Value>| v.as_ref().map(|v| short(v, VALUE_CHARS));
    (value(&change.old), value(&change.new))
}

/// A value on one line, cut to `limit` characters.
fn short(value: &Value, limit: usize) -> String {
    let text = compact(value);
    if text.chars().count() <= limit {
        return text;
    }
    let cut: String = text.chars().take(limit.saturating_sub(1)).collect();
    format!("{cut}…")
}

/// [`VALUE_CHARS`] characters of `text` from character `from`, with `…` where it is cut.
fn window(text: &str, from: usize) -> String {
    let total = text.chars().count();
    let head = if from > 0 { "…" } else { "" };
    let body: String = text.chars().skip(from).take(VALUE_CHARS).collect();
    let tail = if from + VALUE_CHARS < total {
        "…"
    } else {
        ""
    };
    format!("{head}{body}{tail}")
}

fn compact(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// D4: the unified diff of one comparison's canonical texts, headed with each side's name and
/// pointer (`/dev/null` for the side that has no such tool), cut after `max_lines`.
fn text_diff(c: &Comparison, sides: Sides<'_>, max_lines: usize) -> String {
    if c.old_text == c.new_text {
        return String::new();
    }
    let header = |name: &str, at: &Option<String>| match at.as_deref() {
        None => "/dev/null".to_owned(),
        Some("") => name.to_owned(),
        Some(at) => format!("{name}#{at}"),
    };
    text::unified_between(
        &c.old_text,
        &c.new_text,
        &header(sides.old, &c.old),
        &header(sides.new, &c.new),
        max_lines,
    )
}

/// Colours a unified diff for a terminal: removed lines red, added green, hunk heads cyan.
fn paint(diff: &str, color: bool) -> String {
    if !color {
        return diff.to_owned();
    }
    diff.lines()
        .map(|line| {
            let code = if line.starts_with("---") || line.starts_with("+++") {
                "1"
            } else if line.starts_with('-') {
                "31"
            } else if line.starts_with('+') {
                "32"
            } else if line.starts_with("@@") {
                "36"
            } else {
                return line.to_owned();
            };
            format!("\u{1b}[{code}m{line}\u{1b}[0m")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// D5: the report as a pull-request comment: the summary, a table of the changed schemas and
/// their classes, a section per changed schema, then every text diff in one collapsed block.
pub fn markdown(comparisons: &[Comparison], sides: Sides<'_>) -> String {
    let changed: Vec<&Comparison> = comparisons.iter().filter(|c| c.changed()).collect();
    let mut out = format!(
        "### stitch diff: {}\n\n{}\n",
        sides.heading(code),
        summary(comparisons)
    );
    if changed.is_empty() {
        return out;
    }
    out.push_str("\n| Tool | Class | Changes |\n| --- | --- | ---: |\n");
    for c in &changed {
        let class = if c.class.breaks() {
            format!("**{}**", c.class.name())
        } else {
            c.class.name().to_owned()
        };
        out.push_str(&format!(
            "| {} | {class} | {} |\n",
            cell(&code(&c.name)),
            c.changes.len()
        ));
    }
    for c in &changed {
        out.push_str(&format!("\n#### {}: {}\n\n", code(&c.name), c.class.name()));
        let shown = evidence(c, code, html_escaped);
        for (line, detail) in &shown {
            match detail {
                Some(detail) => out.push_str(&format!("- {line}<br>{detail}\n")),
                None => out.push_str(&format!("- {line}\n")),
            }
        }
        if !c.changes.is_empty() {
            if !shown.is_empty() {
                out.push('\n');
            }
            out.push_str("| Where | Change | Old | New |\n| --- | --- | --- | --- |\n");
            for change in &c.changes {
                let (old, new) = shown_values(change);
                let value = |v: Option<String>| v.map(|v| cell(&code(&v))).unwrap_or_default();
                let tag = match &change.new_keyword {
                    Some(k) => format!("{} (`{}` → `{k}`)", change.tag.name(), change.keyword),
                    None => change.tag.name().to_owned(),
                };
                out.push_str(&format!(
                    "| {} | {tag} | {} | {} |\n",
                    cell(&code(&place(change))),
                    value(old),
                    value(new)
                ));
            }
        }
    }
    let diffs: Vec<String> = changed
        .iter()
        .map(|c| text_diff(c, sides, MARKDOWN_DIFF_LINES))
        .filter(|d| !d.is_empty())
        .collect();
    if !diffs.is_empty() {
        let body = diffs.join("\n");
        let fence = "`".repeat(longest_run(&body, '`').max(2) + 1);
        out.push_str(&format!(
            "\n<details>\n<summary>Text diff</summary>\n\n{fence}diff\n{body}\n{fence}\n\n</details>\n"
        ));
    }
    out
}

/// A code span that holds `text` whatever backticks it has.
fn code(text: &str) -> String {
    let ticks = "`".repeat(longest_run(text, '`') + 1);
    if text.starts_with('`') || text.ends_with('`') {
        format!("{ticks} {text} {ticks}")
    } else {
        format!("{ticks}{text}{ticks}")
    }
}

/// Text for markdown: `<`, `>` and `&` as entities, so that a message never reads as HTML.
fn html_escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A table cell: pipes escaped, lines joined.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

fn longest_run(text: &str, c: char) -> usize {
    let (mut best, mut run) = (0, 0);
    for ch in text.chars() {
        run = if ch == c { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// `stitch diff --format json`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DiffDocument {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// OLD as named.
    pub old: String,
    /// NEW as named.
    pub new: String,
    /// The target both sides were read as (`--target`).
    pub target: Option<String>,
    /// One per schema compared, in OLD's order, then the tools only NEW has.
    pub results: Vec<DiffResult>,
    /// How many of each class.
    pub summary: Vec<ClassCount>,
    /// Problems loading or comparing (and the reason it could not run).
    pub findings: Vec<FindingJson>,
}

impl super::json::Document for DiffDocument {
    fn findings_mut(&mut self) -> &mut Vec<FindingJson> {
        &mut self.findings
    }
}

impl DiffDocument {
    /// An empty document for `sides`.
    pub fn new(sides: Sides<'_>) -> DiffDocument {
        DiffDocument {
            format_version: FORMAT_VERSION,
            old: sides.old.to_owned(),
            new: sides.new.to_owned(),
            target: sides.target.map(str::to_owned),
            results: Vec::new(),
            summary: Vec::new(),
            findings: Vec::new(),
        }
    }

    /// The comparisons, each verdict's counterexample with the command line `reproduce`.
    pub fn fill(&mut self, comparisons: &[Comparison], sides: Sides<'_>, reproduce: &str) {
        self.results = comparisons
            .iter()
            .map(|c| DiffResult::of(c, sides, reproduce))
            .collect();
        self.summary = ORDER
            .iter()
            .map(|class| ClassCount {
                class: class.name(),
                count: comparisons.iter().filter(|c| c.class == *class).count(),
            })
            .collect();
    }
}

/// One class's count.
#[derive(Debug, Serialize)]
pub struct ClassCount {
    class: &'static str,
    count: usize,
}

/// One comparison.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DiffResult {
    name: String,
    class: &'static str,
    changed: bool,
    old_pointer: Option<String>,
    new_pointer: Option<String>,
    /// OLD ⊆ NEW.
    backward: Option<VerdictJson>,
    /// NEW ⊆ OLD.
    forward: Option<VerdictJson>,
    changes: Vec<ChangeJson>,
    text_diff: String,
}

impl DiffResult {
    fn of(c: &Comparison, sides: Sides<'_>, reproduce: &str) -> DiffResult {
        let verdict =
            |r: &Option<Report>| r.as_ref().map(|r| VerdictJson::of(&c.name, r, reproduce));
        DiffResult {
            name: c.name.clone(),
            class: c.class.name(),
            changed: c.changed(),
            old_pointer: c.old.clone(),
            new_pointer: c.new.clone(),
            backward: verdict(&c.backward),
            forward: verdict(&c.forward),
            changes: c.changes.iter().map(ChangeJson::of).collect(),
            text_diff: text_diff(c, sides, usize::MAX),
        }
    }
}

/// One change.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ChangeJson {
    pointer: String,
    tag: &'static str,
    keyword: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    new_keyword: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    old: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    new: Option<Value>,
}

impl ChangeJson {
    fn of(change: &Change) -> ChangeJson {
        ChangeJson {
            pointer: change.pointer.clone(),
            tag: change.tag.name(),
            keyword: change.keyword.clone(),
            new_keyword: change.new_keyword.clone(),
            old: change.old.clone(),
            new: change.new.clone(),
        }
    }
}
