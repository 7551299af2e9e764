//! C4: a presentation judged as its provider reads it, where that reading is narrower than
//! JSON Schema's even without a rewrite (llama.cpp closes every object with `properties` and no
//! `additionalProperties`, PROVIDERS.md "llama.cpp"). The prover compares each schema of the
//! contract with the presentation through the profile's view; a value lost is a superset
//! violation for that provider, reported with the value (`stitch::target::narrowed`).

use serde_json::Value;

use super::Plan;
use crate::canonical;
use crate::diagnostic::{Finding, codes};
use crate::document::{self, Loaded};
use crate::schema::Draft;
use crate::targets::{self, Profile};
use crate::verify::{self, Space, Verdict};

/// The narrowings `profile`'s reading of `presentation` (read as `draft`) makes, one warning
/// per schema of `loaded` that loses a value; nothing when the profile reads schemas as
/// written.
pub(super) fn narrowed_by_view(
    profile: &Profile,
    loaded: &Loaded,
    presentation: &Value,
    draft: Draft,
    plan: &Plan,
    file: &str,
) -> Vec<Finding> {
    if !profile.view.narrows() {
        return Vec::new();
    }
    let mut read = presentation.clone();
    for (_, at) in loaded.contents.schemas() {
        if let Some(schema) = read.pointer_mut(at) {
            profile.view.enforced(schema, draft);
        }
    }
    if &read == presentation {
        return Vec::new();
    }
    let Ok(viewed) = document::load_derived_as(canonical::pretty(&read), loaded, &plan.load, draft)
    else {
        return Vec::new();
    };
    let options = verify::Options {
        semantics: plan.choices.semantics,
        ..plan.verify.unwrap_or_default()
    };
    let mut found = Vec::new();
    for (name, at) in loaded.contents.schemas() {
        let report = verify::verify(&Space::new(loaded, at), &Space::new(&viewed, at), &options);
        if report.verdict == Verdict::Proven {
            continue;
        }
        let lost = match &report.counterexample {
            Some(c) => format!(
                "loses values the contract accepts, such as {}",
                serde_json::to_string(&c.value).unwrap_or_default()
            ),
            None => "may lose values the contract accepts; the prover could not decide".to_owned(),
        };
        // The keyword that refused the value, or the object the view closed.
        let pointer = match &report.counterexample {
            Some(c) if c.rejected_by.starts_with('/') => {
                let refused = targets::in_document(at, &c.rejected_by);
                match refused.strip_suffix("/additionalProperties") {
                    Some(object) if presentation.pointer(&refused).is_none() => object.to_owned(),
                    _ => refused,
                }
            }
            _ => at.to_owned(),
        };
        found.push(
            Finding::of(
                codes::TARGET_NARROWED,
                format!(
                    "{}: {name}: read as {} reads it (objects closed), the presentation {lost}",
                    profile.id(),
                    profile.name
                ),
            )
            .in_file(file)
            .at(pointer)
            .with_help(format!(
                "{} reads an object with `properties` and no `additionalProperties` as closed; write `additionalProperties: true` where the contract means open, or close it in the contract",
                profile.name
            )),
        );
    }
    found
}
