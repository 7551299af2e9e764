//! C4: a presentation converted to the draft its target reads (SPEC §3 "Targets": Anthropic,
//! Bedrock and MCP read 2020-12 only), before the target's other rewrites. Like every rewrite it
//! is kept only once the prover shows that each converted schema accepts every value the
//! presentation did; and it is the whole document's or none, since one document is read in
//! one draft.

use serde_json::Value;

use crate::canonical;
use crate::convert;
use crate::diagnostic::{Finding, codes};
use crate::document::{self, Loaded};
use crate::present::{Plan, Presented};
use crate::schema::Draft;
use crate::schema::pointer;
use crate::targets::{Profile, Rewrite};
use crate::verify::{self, Space, Verdict};

/// A presentation converted to 2020-12.
pub(super) struct Redrafted {
    /// The converted document.
    pub document: Value,
    /// Its bytes.
    pub bytes: String,
    /// It, loaded as 2020-12.
    pub loaded: Loaded,
}

/// The draft conversion, when `profile` asks for it and the presentation is in an older draft:
/// `Some` when every schema converted and was proven; otherwise `None`, with a finding in
/// `findings` saying why when something stood in the way (the target's checks then say what
/// the provider makes of the unconverted document).
pub(super) fn redraft(
    profile: &Profile,
    loaded: &Loaded,
    presented: &Presented<'_>,
    plan: &Plan,
    file: &str,
    findings: &mut Vec<Finding>,
) -> Option<Redrafted> {
    let draft = loaded.input().draft;
    if !profile.rewrites.contains(&Rewrite::Draft2020_12) || draft >= Draft::Draft2019_09 {
        return None;
    }
    let not_kept = |name: &str, at: &str, why: String, help: &str| {
        Finding::of(
            codes::TARGET_REWRITE_UNPROVEN,
            format!(
                "{}: {name}: not converted from draft {} to 2020-12: {why}",
                profile.id(),
                draft.name()
            ),
        )
        .in_file(file)
        .at(at.to_owned())
        .with_help(help.to_owned())
    };
    const READS: &str = "the provider reads the schema as 2020-12 all the same; the findings below say what it refuses";
    let mut document = presented.document.clone().into_owned();
    let mut converted = Vec::new();
    for (name, at) in loaded.contents.schemas() {
        let Some(slot) = document.pointer_mut(at) else {
            continue;
        };
        match convert::presentation_to_2020_12(slot, draft) {
            Ok(Some(c)) => {
                *slot = c.value;
                converted.push((name, at, c.changes));
            }
            Ok(None) => {}
            Err(why) => {
                findings.push(not_kept(name, at, why, READS));
                findings.extend(read_as_2020_12(profile, loaded, presented, plan, file));
                return None;
            }
        }
    }
    if converted.is_empty() {
        return None;
    }
    let bytes = canonical::pretty(&document);
    const BUG: &str = "this is a bug in stitch: please report it with the contract";
    let (name, at, _) = &converted[0];
    let Ok(after) =
        document::load_derived_as(bytes.clone(), loaded, &plan.load, Draft::Draft2020_12)
    else {
        findings.push(not_kept(name, at, "it does not load".to_owned(), BUG));
        return None;
    };
    let before = document::load_derived(presented.bytes.clone(), loaded, &plan.load).ok()?;
    let options = verify::Options {
        semantics: plan.choices.semantics,
        ..plan.verify.unwrap_or_default()
    };
    let mut notes = Vec::new();
    for (name, at, changes) in &converted {
        let report = verify::verify(&Space::new(&before, at), &Space::new(&after, at), &options);
        if report.verdict != Verdict::Proven {
            let help = match report.verdict {
                Verdict::Unknown => READS,
                _ => BUG,
            };
            findings.push(not_kept(name, at, report.headline(name), help));
            findings.extend(read_as_2020_12(profile, loaded, presented, plan, file));
            return None;
        }
        let places: Vec<String> = changes
            .iter()
            .map(|(node, keyword)| format!("`{keyword}` at #{}", pointer::within(at, node)))
            .collect();
        let what = if places.is_empty() {
            String::from("nothing but `$schema`")
        } else {
            super::listed(&places)
        };
        notes.push(
            Finding::of(
                codes::TARGET_REWRITTEN,
                format!(
                    "{}: {name}: converted from draft {} to 2020-12 ({what}); proven to accept every value the presentation accepts",
                    profile.id(),
                    draft.name()
                ),
            )
            .in_file(file)
            .at((*at).to_owned())
            .with_help(Rewrite::Draft2020_12.describe()),
        );
    }
    findings.extend(notes);
    Some(Redrafted {
        document,
        bytes,
        loaded: after,
    })
}

/// What to do about a document the provider reads as 2020-12 and stitch could not convert.
const HELP: &str = "the provider reads every schema as 2020-12; write the contract in 2020-12 (or \
     without what stands in the way of converting it, named above) so that stitch can convert and \
     prove it";

/// The presentation left in its draft, read as the provider reads it — as 2020-12 — and
/// judged against itself in its own draft (issue 39: a draft-7 `enum` beside `$ref` is ignored
/// there and applied in 2020-12; a draft-4 `id` anchor no longer names anything): an error
/// (`stitch::target::narrowed`) unless each schema is proven to keep every value.
fn read_as_2020_12(
    profile: &Profile,
    loaded: &Loaded,
    presented: &Presented<'_>,
    plan: &Plan,
    file: &str,
) -> Option<Finding> {
    let refuse = |at: &str, what: String| {
        Finding::new(
            codes::TARGET_NARROWED,
            crate::diagnostic::Severity::Error,
            format!("{}: {what}", profile.id()),
        )
        .in_file(file)
        .at(at.to_owned())
        .with_help(HELP)
    };
    let before = document::load_derived(presented.bytes.clone(), loaded, &plan.load).ok()?;
    let (name, at) = loaded.contents.schemas().first().copied()?;
    let read = match document::load_derived_as(
        presented.bytes.clone(),
        loaded,
        &plan.load,
        Draft::Draft2020_12,
    ) {
        Ok(read) => read,
        Err(why) => {
            // The code, not the message: the message names the file by its absolute path.
            let why = why
                .first()
                .map_or(String::new(), |f| format!(" ({})", f.code));
            return Some(refuse(
                at,
                format!(
                    "{name}: read as 2020-12, as the provider reads it, the schema does not load{why}"
                ),
            ));
        }
    };
    let options = verify::Options {
        semantics: plan.choices.semantics,
        ..plan.verify.unwrap_or_default()
    };
    for (name, at) in loaded.contents.schemas() {
        let report = verify::verify(&Space::new(&before, at), &Space::new(&read, at), &options);
        if report.verdict != Verdict::Proven {
            let finding = super::narrowing(
                &profile.id(),
                name,
                "reading the unconverted schema as 2020-12",
                at,
                &report,
                file,
            );
            return Some(Finding {
                severity: crate::diagnostic::Severity::Error,
                ..finding.with_help(HELP)
            });
        }
    }
    None
}
