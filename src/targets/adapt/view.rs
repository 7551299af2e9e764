//! C4: a presentation judged as its provider reads it, where that reading is narrower than
//! JSON Schema's even without a rewrite (llama.cpp closes every object with `properties` and no
//! `additionalProperties`, PROVIDERS.md "llama.cpp"). The prover compares each schema of the
//! contract with the presentation through the profile's view; a value lost is a superset
//! violation for that provider, reported with the value (`stitch::target::narrowed`).

use serde_json::Value;

use crate::canonical;
use crate::diagnostic::Finding;
use crate::document::{self, Loaded};
use crate::present::Plan;
use crate::schema::Draft;
use crate::targets::Profile;
use crate::verify::{self, Space, Verdict};

/// `presentation` (of `loaded`'s schemas, read as `draft`) as `profile`'s provider reads it:
/// each input schema through the profile's view.
pub(crate) fn read_as(
    profile: &Profile,
    loaded: &Loaded,
    mut presentation: Value,
    draft: Draft,
) -> Value {
    for (_, at) in loaded.contents.schemas() {
        if let Some(schema) = presentation.pointer_mut(at) {
            profile.view.enforced(schema, draft);
        }
    }
    presentation
}

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
    let read = read_as(profile, loaded, presentation.clone(), draft);
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
        let what = format!(
            "read as {} reads it (objects closed), the presentation",
            profile.name
        );
        let mut finding = super::narrowing(&profile.id(), name, &what, at, &report, file);
        // The view's closing adds no keyword: point at the object it closed.
        if let Some(object) = finding.pointer.as_deref().and_then(|p| {
            p.strip_suffix("/additionalProperties")
                .filter(|_| presentation.pointer(p).is_none())
        }) {
            finding.pointer = Some(object.to_owned());
        }
        found.push(finding.with_help(format!(
            "{} reads an object with `properties` and no `additionalProperties` as closed; write `additionalProperties: true` where the contract means open, or close it in the contract",
            profile.name
        )));
    }
    found
}
