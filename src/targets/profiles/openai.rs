//! OpenAI: function tools without `strict` (Chat Completions' default) and with it (Structured
//! Outputs; the Responses API's default). Facts: `PROVIDERS.md` (a) columns `oai-loose` and
//! `oai-strict`, the OpenAI notes, (c) "OpenAI", (d) `openai-strict` and `openai`.

use crate::diagnostic::Severity::{Error, Note, Warning};
use crate::targets::{
    Check::*, Envelope, Evidence::*, Family, Measure, Place::*, Profile, Rewrite, Rule, Shape,
    View, joined,
};

const ROOT_TYPE: &str = "Invalid schema for function '{tool}': schema must be a JSON Schema of 'type: \"object\"', got 'type: \"None\"'.";
const ROOT_UNION: &str = "Invalid schema for function '{tool}': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.";
const NOT_PERMITTED: &str =
    "Invalid schema for function '{tool}': In context={context}, '{keyword}' is not permitted.";
const TOO_MANY_TOOLS: &str = "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length {count} instead.";
const NO_ITEMS: &str =
    "Invalid schema for function '{tool}': In context={context}, array schema missing items.";
const NO_PROPERTIES: &str =
    "Invalid schema for function '{tool}': In context={context}, object schema missing properties.";
const EXTRA_REQUIRED: &str = "Invalid schema for function '{tool}': In context={context}, 'required' is required to be supplied and to be an array including every key in properties. Extra required key '{value}' supplied.";

/// The keywords the root may not carry, strict or not.
const ROOT_COMBINATORS: &[&str] = &["anyOf", "oneOf", "allOf", "enum", "not"];
/// A node without `type` (`{}`, a description alone, an `enum` or `const` without `type`) in
/// strict mode [obs: openai/openai-agents-python users, 2025–2026].
const UNTYPED: &str =
    "Invalid schema for function '{tool}': In context={context}, schema must have a 'type' key.";

/// The tool name rule (the API's `^[a-zA-Z0-9_-]{1,64}$`).
const NAME: Rule = Rule {
    check: ToolName {
        pattern: "[a-zA-Z0-9_-]+",
        max: 64,
    },
    level: Error,
    evidence: Doc,
    source: "OAI-FC",
    predicts: "",
};

/// At most 128 tools in one request, strict or not.
const TOOLS: Rule = Rule {
    check: Limit {
        measure: Measure::Tools,
        max: 128,
        near: 103,
    },
    level: Error,
    evidence: Obs,
    source: "OAI-FC",
    predicts: TOO_MANY_TOOLS,
};

/// The rules of [`OPENAI`] (its `@2026-08` date).
const OPENAI_RULES: &[Rule] = &[
    Rule {
        check: RootObject,
        level: Error,
        evidence: Obs,
        source: "OAI-FC",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: RootKeywords(ROOT_COMBINATORS),
        level: Error,
        evidence: Obs,
        source: "OAI-FC",
        predicts: ROOT_UNION,
    },
    Rule {
        check: RootRef,
        level: Error,
        evidence: Obs,
        source: "OAI-FC",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: ArrayItems,
        level: Error,
        evidence: Obs,
        source: "OAI-FC",
        predicts: NO_ITEMS,
    },
    Rule {
        check: ObjectProperties { non_empty: false },
        level: Warning,
        evidence: Unsure,
        source: "OAI-FC",
        predicts: NO_PROPERTIES,
    },
    Rule {
        check: RequiredDeclared,
        level: Warning,
        evidence: Unsure,
        source: "OAI-FC",
        predicts: EXTRA_REQUIRED,
    },
    Rule {
        check: Rejects(Nested, &["oneOf"]),
        level: Warning,
        evidence: Unsure,
        source: "OAI-FC",
        predicts: NOT_PERMITTED,
    },
    Rule {
        check: Unenforced(&[
            "allOf",
            "not",
            "if",
            "then",
            "else",
            "dependentRequired",
            "dependentSchemas",
            "format",
            "pattern",
            "minLength",
            "maxLength",
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "exclusiveMaximum",
            "multipleOf",
            "minItems",
            "maxItems",
            "uniqueItems",
            "contains",
            "patternProperties",
            "propertyNames",
            "minProperties",
            "maxProperties",
            "unevaluatedProperties",
            "unevaluatedItems",
            "prefixItems",
            "nullable",
        ]),
        level: Note,
        evidence: Obs,
        source: "OAI-FC",
        predicts: "",
    },
    NAME,
    TOOLS,
];

/// OpenAI function tools without `strict` (Chat Completions).
pub const OPENAI: Profile = Profile {
    name: "openai",
    date: "2026-08",
    family: Family::OpenAi,
    summary: "OpenAI function tools without `strict` (Chat Completions' default)",
    rewrites: &[Rewrite::OneOfToAnyOf],
    envelope: Envelope {
        shape: Shape::Responses,
        strict: Some(false),
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: OPENAI_RULES,
    since: &[],
};

/// The string formats strict mode takes [doc OAI-SO].
pub(super) const FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

/// The rules of [`OPENAI_STRICT`] (its `@2026-08` date).
const OPENAI_STRICT_RULES: &[Rule] = &[
    Rule {
        check: RootObject,
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: RootKeywords(ROOT_COMBINATORS),
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: ROOT_UNION,
    },
    Rule {
        check: RootRef,
        level: Error,
        evidence: Obs,
        source: "OAI-SO",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: ClosedObjects,
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': In context={context}, 'additionalProperties' is required to be supplied and to be false.",
    },
    Rule {
        check: AllRequired,
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': In context={context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '{value}'.",
    },
    Rule {
        check: RequiredDeclared,
        level: Error,
        evidence: Obs,
        source: "OAI-SO",
        predicts: EXTRA_REQUIRED,
    },
    Rule {
        check: Rejects(Nested, &["allOf", "not"]),
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: NOT_PERMITTED,
    },
    Rule {
        check: Rejects(
            Anywhere,
            &[
                "if",
                "then",
                "else",
                "dependentRequired",
                "dependentSchemas",
                "dependencies",
            ],
        ),
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: NOT_PERMITTED,
    },
    Rule {
        check: Draft2020Valid,
        level: Error,
        evidence: Obs,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': In context={context}, schema is not valid JSON Schema.",
    },
    Rule {
        check: Typed(&["type", "anyOf", "$ref"]),
        level: Error,
        evidence: Obs,
        source: "OAI-SO",
        predicts: UNTYPED,
    },
    Rule {
        check: SchemaObjects,
        level: Error,
        evidence: Obs,
        source: "OAI-SO",
        predicts: UNTYPED,
    },
    Rule {
        check: ItemsSchema,
        level: Error,
        evidence: Obs,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': In context={context}, [...] is not of type 'object', 'boolean'.",
    },
    Rule {
        check: NumberFormats(&[]),
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': In context={context}, '{value}' is not a valid format.",
    },
    Rule {
        check: Rejects(
            Anywhere,
            &[
                "oneOf",
                "uniqueItems",
                "contains",
                "patternProperties",
                "propertyNames",
                "minProperties",
                "maxProperties",
                "unevaluatedProperties",
                "unevaluatedItems",
            ],
        ),
        level: Error,
        evidence: Obs,
        source: "OAI-SO",
        predicts: NOT_PERMITTED,
    },
    Rule {
        check: Rejects(
            Anywhere,
            &["minLength", "maxLength", "prefixItems", "nullable"],
        ),
        level: Warning,
        evidence: Unsure,
        source: "OAI-SO",
        predicts: NOT_PERMITTED,
    },
    Rule {
        check: Rejects(Anywhere, &["default"]),
        level: Warning,
        evidence: Unsure,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': In context={context}, 'default' is not permitted.",
    },
    Rule {
        check: StringFormats(FORMATS),
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': In context={context}, '{value}' is not a valid format.",
    },
    Rule {
        check: ArrayItems,
        level: Error,
        evidence: Obs,
        source: "OAI-SO",
        predicts: NO_ITEMS,
    },
    Rule {
        check: ObjectProperties { non_empty: false },
        level: Error,
        evidence: Obs,
        source: "OAI-SO",
        predicts: NO_PROPERTIES,
    },
    Rule {
        check: RefAlone,
        level: Error,
        evidence: Obs,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': In context={context}, $ref cannot have keywords {'{keyword}'}.",
    },
    Rule {
        check: LocalRefs,
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': In context={context}, reference to component '{value}' which was not found in the schema.",
    },
    Rule {
        check: PatternLookaround,
        level: Warning,
        evidence: Obs,
        source: "OAI-SO",
        predicts: "",
    },
    Rule {
        check: Limit {
            measure: Measure::Properties,
            max: 5000,
            near: 4000,
        },
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: "",
    },
    Rule {
        check: Limit {
            measure: Measure::Depth,
            max: 10,
            near: 8,
        },
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: "",
    },
    Rule {
        check: Limit {
            measure: Measure::EnumValues,
            max: 1000,
            near: 800,
        },
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': Expected at most 1000 enum values in total within a single schema when using structured outputs, but received {count}. Consider reducing the number of enums, or opt out of structured outputs by setting 'strict: false'.",
    },
    Rule {
        check: Limit {
            measure: Measure::LongEnumCharacters,
            max: 15_000,
            near: 12_000,
        },
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: "Invalid schema for function '{tool}': Expected at most 15000 total characters across enum values when there are more than 250 enum values, but received {count}.",
    },
    Rule {
        check: Limit {
            measure: Measure::Characters,
            max: 120_000,
            near: 96_000,
        },
        level: Error,
        evidence: Doc,
        source: "OAI-SO",
        predicts: "",
    },
    NAME,
    TOOLS,
];

/// The rewrites of [`OPENAI_STRICT`] (its `@2026-08` date).
const OPENAI_STRICT_REWRITES: &[Rewrite] = &[
    Rewrite::DescribeKeyUnions,
    Rewrite::OneOfToAnyOf,
    Rewrite::RefAlone,
    Rewrite::TypeFromValues,
    Rewrite::NullDefaults,
    Rewrite::Drop(&[
        "uniqueItems",
        "minProperties",
        "maxProperties",
        "dependentRequired",
        "not",
        "dependentSchemas",
        "dependencies",
    ]),
    Rewrite::DropFormats {
        strings: FORMATS,
        numbers: Some(&[]),
    },
    Rewrite::CloseObjects,
    Rewrite::RequireAll,
    Rewrite::RequiredList,
];

/// OpenAI Structured Outputs and function tools with `strict: true`.
pub const OPENAI_STRICT: Profile = Profile {
    name: "openai-strict",
    date: "2026-08",
    family: Family::OpenAi,
    summary: "OpenAI Structured Outputs and function tools with `strict: true` (the Responses API's default)",
    rewrites: OPENAI_STRICT_REWRITES,
    envelope: Envelope {
        shape: Shape::Responses,
        strict: Some(true),
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: OPENAI_STRICT_RULES,
    since: &[],
};

/// The rules of [`OPENAI_2026_12`]: [`OPENAI`]'s and the implicit strict warning.
const OPENAI_2026_12_RULES: &[Rule] = joined![
    Rule;
    OPENAI_RULES,
    &[Rule {
        check: ImplicitStrict,
        level: Warning,
        evidence: Doc,
        source: "OAI-FC",
        predicts: "",
    }]
];

/// [`OPENAI`] as of December 2026: the Responses API no longer defaults `strict` to true; a
/// tool that does not say `strict` may be normalised to strict mode (OAI-FC, quoted in
/// 0xPlaygrounds/rig#2477; OAI-PY 2.45.0 dropped "Default `true`"). The envelope says
/// `strict: false`, which opts out.
pub const OPENAI_2026_12: Profile = Profile {
    date: "2026-12",
    summary: "OpenAI function tools with `strict: false` said (Chat Completions' default; Responses may make a tool strict unless told not to)",
    rules: OPENAI_2026_12_RULES,
    since: &[
        "the Responses API no longer defaults `strict` to true: a tool that omits it may be normalised to strict mode (every key required, so the model fills optional ones); the envelope says `strict: false` (OAI-FC, OAI-PY)",
    ],
    ..OPENAI
};

/// [`OPENAI_STRICT`] as of December 2026: the same subset (re-checked against OAI-SO and
/// OAI-AGENTS); strict is no longer the Responses API's stated default.
pub const OPENAI_STRICT_2026_12: Profile = Profile {
    date: "2026-12",
    summary: "OpenAI Structured Outputs and function tools with `strict: true` (what Responses normalises a tool to when it can)",
    rewrites: joined![
        Rewrite;
        &[Rewrite::FalseBranches, Rewrite::MergeAllOf],
        OPENAI_STRICT_REWRITES,
    ],
    since: &[
        "strict mode is no longer the Responses API's stated default (OAI-PY 2.45.0); the envelope says `strict: true`",
        "an `allOf` is merged into its node where no keyword appears twice, and a `false` branch of a union removed (an equivalence, proven), as openai-agents' `ensure_strict_json_schema` does (OAI-AGENTS); it was refused",
    ],
    ..OPENAI_STRICT
};
