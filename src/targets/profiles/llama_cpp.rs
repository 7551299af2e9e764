//! llama.cpp's server (`json_schema`, GBNF). Facts: `PROVIDERS.md` (a) column `llama.cpp`,
//! its notes, (d) `llama.cpp`. The evidence is llama.cpp's own source code, labelled `doc`.

use crate::diagnostic::Severity::{Note, Warning};
use crate::targets::{
    Check::*, Envelope, Evidence::*, Family, Place::*, Profile, Rule, Shape, View,
};

/// llama.cpp's server: JSON Schema compiled to a GBNF grammar.
pub static LLAMA_CPP: Profile = Profile {
    name: "llama-cpp",
    date: "2026-08",
    family: Family::LlamaCpp,
    summary: "llama.cpp `json_schema` (and Ollama `format`): compiled to a grammar, closed objects by default",
    rewrites: &[],
    envelope: Envelope {
        shape: Shape::ChatCompletions,
        strict: None,
    },
    view: View::ClosedByDefault,
    rules: &[
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
    ],
};
