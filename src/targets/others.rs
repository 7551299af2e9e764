//! Bedrock Converse, Mistral, Ollama and llama.cpp. Facts: `PROVIDERS.md` (a) columns `bedrock`,
//! `ollama` and `llama.cpp`, their notes, (c) "Mistral", (d) `bedrock`, `mistral`, `ollama`,
//! `llama.cpp`. For Ollama and llama.cpp the evidence is their own source code, labelled `doc`.

use super::anthropic::BASE;
use super::{
    Check::*, Envelope, Evidence::*, Family, Place::*, Profile, Rewrite, Rule, Shape, View,
};
use crate::diagnostic::Severity::{Error, Note, Warning};

/// Bedrock Converse `toolSpec`, with a Claude model (the common case): Anthropic's rules for
/// the schema, Bedrock's for the name and description. Strict tools: `anthropic-strict`.
pub static BEDROCK: Profile = Profile {
    name: "bedrock",
    date: "2026-08",
    family: Family::Bedrock,
    summary: "Bedrock Converse `toolSpec` with a Claude model (for `strict`, also check `anthropic-strict`)",
    rewrites: &[Rewrite::Draft2020_12],
    envelope: Envelope {
        shape: Shape::Bedrock,
        strict: None,
    },
    view: View::Literal,
    rules: &[
        BASE[0],
        BASE[1],
        BASE[2],
        BASE[3],
        BASE[4],
        BASE[5],
        Rule {
            check: ToolName {
                pattern: "[a-zA-Z0-9_-]+",
                max: 64,
            },
            level: Error,
            evidence: Doc,
            source: "BR-TS",
            predicts: "",
        },
        Rule {
            check: DescriptionNotEmpty,
            level: Error,
            evidence: Doc,
            source: "BR-TS",
            predicts: "",
        },
    ],
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

/// Ollama `/api/chat` and `/v1` tools.
pub static OLLAMA: Profile = Profile {
    name: "ollama",
    date: "2026-08",
    family: Family::Ollama,
    summary: "Ollama tools: unmarshalled into Go structs that keep a few keywords and drop the rest",
    rewrites: &[Rewrite::OneOfToAnyOf, Rewrite::ConstToEnum],
    envelope: Envelope {
        shape: Shape::ChatCompletions,
        strict: None,
    },
    view: View::Literal,
    rules: &[
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
    ],
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
