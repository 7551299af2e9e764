//! Ollama `/api/chat` and `/v1` tools. Facts: `PROVIDERS.md` (a) column `ollama`, its notes,
//! (d) `ollama`. The evidence is Ollama's own source code, labelled `doc`.

use crate::diagnostic::Severity::{Error, Warning};
use crate::targets::{
    Check::*, Envelope, Evidence::*, Family, Place::*, Profile, Rewrite, Rule, Shape, View,
};

/// What Ollama keeps of a tool's root and of a property (its Go structs).
const OLLAMA_ROOT: &[&str] = &["type", "$defs", "items", "required", "properties"];
const OLLAMA_PROPERTY: &[&str] = &[
    "anyOf",
    "type",
    "items",
    "description",
    "enum",
    "properties",
    "required",
];

/// The rules of [`OLLAMA`] (its `@2026-08` date).
const OLLAMA_RULES: &[Rule] = &[
    Rule {
        check: Drops(Root, &["anyOf", "oneOf", "allOf", "not", "enum"]),
        level: Error,
        evidence: Doc,
        source: "OLL",
        predicts: "",
    },
    Rule {
        check: Drops(Anywhere, &["const"]),
        level: Error,
        evidence: Doc,
        source: "OLL",
        predicts: "",
    },
    Rule {
        check: DropsAllBut(Root, OLLAMA_ROOT),
        level: Warning,
        evidence: Doc,
        source: "OLL",
        predicts: "",
    },
    Rule {
        check: DropsAllBut(Nested, OLLAMA_PROPERTY),
        level: Warning,
        evidence: Doc,
        source: "OLL",
        predicts: "",
    },
];

/// Ollama `/api/chat` and `/v1` tools.
pub const OLLAMA: Profile = Profile {
    name: "ollama",
    date: "2026-08",
    family: Family::Ollama,
    summary: "Ollama tools: unmarshalled into Go structs that keep a few keywords and drop the rest",
    rewrites: &[Rewrite::OneOfToAnyOf, Rewrite::ConstToEnum],
    envelope: Envelope {
        shape: Shape::ChatCompletions,
        strict: None,
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: OLLAMA_RULES,
    since: &[],
};

/// [`OLLAMA`] as of December 2026: re-checked against OLL, no rule changed.
pub const OLLAMA_2026_12: Profile = Profile {
    date: "2026-12",
    ..OLLAMA
};
