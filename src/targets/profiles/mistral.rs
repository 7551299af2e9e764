//! Mistral function tools. Facts: `PROVIDERS.md` (c) "Mistral", (d) `mistral`.

use crate::diagnostic::Severity::{Error, Warning};
use crate::targets::{
    Check::*, Envelope, Evidence::*, Family, Place::*, Profile, Rewrite, Rule, Shape, View,
};

/// Mistral function tools: meta-validated, no documented keyword subset.
pub static MISTRAL: Profile = Profile {
    name: "mistral",
    date: "2026-08",
    family: Family::Mistral,
    summary: "Mistral function tools: meta-validated, no documented keyword subset",
    rewrites: &[Rewrite::Draft2020_12, Rewrite::Strip(&["$schema", "$id"])],
    envelope: Envelope {
        shape: Shape::ChatCompletions,
        strict: None,
    },
    view: View::Literal,
    rules: &[
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
    ],
};
