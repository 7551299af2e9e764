//! llama.cpp's server (`json_schema`, GBNF). Facts: `PROVIDERS.md` (a) column `llama.cpp`,
//! its notes, (d) `llama.cpp`. The evidence is llama.cpp's own source code, labelled `doc`.

use crate::diagnostic::Severity::{Note, Warning};
use crate::targets::{
    Check::*, Envelope, Evidence::*, Family, Place::*, Profile, Rule, Shape, View,
};

/// The rules of [`LLAMA_CPP`] (its `@2026-08` date).
const LLAMA_CPP_RULES: &[Rule] = &[
    Rule {
        check: ClosedByDefault,
        level: Note,
        evidence: Doc,
        source: "LCPP",
        predicts: "",
    },
    Rule {
        check: PropertiesWithUnion,
        level: Warning,
        evidence: Doc,
        source: "LCPP",
        predicts: "",
    },
    Rule {
        check: Drops(
            Anywhere,
            &[
                "uniqueItems",
                "contains",
                "not",
                "if",
                "then",
                "else",
                "patternProperties",
                "$anchor",
                "dependentRequired",
                "dependentSchemas",
                "propertyNames",
                "minProperties",
                "maxProperties",
                "unevaluatedProperties",
                "unevaluatedItems",
                "nullable",
            ],
        ),
        level: Warning,
        evidence: Doc,
        source: "LCPP",
        predicts: "",
    },
    Rule {
        check: Drops(Anywhere, &["prefixItems"]),
        level: Warning,
        evidence: Doc,
        source: "LCPP",
        predicts: "",
    },
    Rule {
        check: BoundsOnIntegers,
        level: Warning,
        evidence: Doc,
        source: "LCPP",
        predicts: "",
    },
    Rule {
        check: PatternAnchored,
        level: Warning,
        evidence: Doc,
        source: "LCPP",
        predicts: "",
    },
    Rule {
        check: StringFormats(&["date", "time", "date-time", "uuid"]),
        level: Warning,
        evidence: Doc,
        source: "LCPP",
        predicts: "",
    },
];

/// llama.cpp's server: JSON Schema compiled to a GBNF grammar.
pub const LLAMA_CPP: Profile = Profile {
    name: "llama-cpp",
    date: "2026-08",
    family: Family::LlamaCpp,
    summary: "llama.cpp `json_schema` (and Ollama `format`): compiled to a grammar, closed objects by default",
    rewrites: &[],
    envelope: Envelope {
        shape: Shape::ChatCompletions,
        strict: None,
        omit_no_arguments: false,
    },
    view: View::ClosedByDefault,
    rules: LLAMA_CPP_RULES,
    since: &[],
};

/// [`LLAMA_CPP`] as of December 2026: re-checked against LCPP, no rule changed.
pub const LLAMA_CPP_2026_12: Profile = Profile {
    date: "2026-12",
    ..LLAMA_CPP
};
