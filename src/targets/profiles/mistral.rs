//! Mistral function tools. Facts: `PROVIDERS.md` (c) "Mistral", (d) `mistral`.

use crate::diagnostic::Severity::{Error, Warning};
use crate::targets::{
    Check::*, Envelope, Evidence::*, Family, Place::*, Profile, Rewrite, Rule, Shape, View,
};

/// The rules of [`MISTRAL`] (its `@2026-08` date).
const MISTRAL_RULES: &[Rule] = &[
    Rule {
        check: Rejects(Anywhere, &["$id", "$schema"]),
        level: Error,
        evidence: Obs,
        source: "MIS",
        predicts: "Grammar error: at 3(11): failed to compile JSON schema",
    },
    Rule {
        check: NoBooleanBounds,
        level: Error,
        evidence: Obs,
        source: "MIS",
        predicts: "Invalid tool schema: {…} is not valid under any of the given schemas",
    },
    Rule {
        check: RootObject,
        level: Warning,
        evidence: Unsure,
        source: "MIS",
        predicts: "",
    },
];

/// Mistral function tools: meta-validated, no documented keyword subset.
pub const MISTRAL: Profile = Profile {
    name: "mistral",
    date: "2026-08",
    family: Family::Mistral,
    summary: "Mistral function tools: meta-validated, no documented keyword subset",
    rewrites: &[Rewrite::Draft2020_12, Rewrite::Strip(&["$schema", "$id"])],
    envelope: Envelope {
        shape: Shape::ChatCompletions,
        strict: None,
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: MISTRAL_RULES,
    since: &[],
};

/// [`MISTRAL`] as of December 2026: re-checked against MIS, no rule changed.
pub const MISTRAL_2026_12: Profile = Profile {
    date: "2026-12",
    ..MISTRAL
};
