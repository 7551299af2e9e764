//! Gemini function declarations: `parameters`, the protobuf-mapped OpenAPI 3.0 subset, and
//! `parametersJsonSchema`, JSON Schema. Facts: `PROVIDERS.md` (a) columns `gem-oas` and `gem-js`,
//! the Gemini notes, (c) "Gemini / Vertex", (d) `gemini` and `gemini-json`.

use crate::diagnostic::Severity::{Error, Warning};
use crate::targets::{
    Check::*, Envelope, Evidence::*, Family, Measure, Place::*, Profile, Rewrite, Rule, Shape,
    View, joined,
};

const UNKNOWN_NAME: &str =
    "Invalid JSON payload received. Unknown name \"{keyword}\" at '{context}': Cannot find field.";
const ROOT_TYPE: &str = "Unable to submit request because `{tool}` functionDeclaration parameters schema should be of type OBJECT.";

/// The fields of the OpenAPI-subset `Schema` message: every other key is an unknown name.
const SCHEMA_FIELDS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "maxItems",
    "minItems",
    "minLength",
    "maxLength",
    "minProperties",
    "maxProperties",
    "pattern",
    "example",
    "default",
    "properties",
    "required",
    "propertyOrdering",
    "items",
    "anyOf",
    "minimum",
    "maximum",
];

/// Function names: a letter or `_` first, then letters, digits, `_ . : -`, at most 64.
const NAME: Rule = Rule {
    check: ToolName {
        pattern: "[A-Za-z_][A-Za-z0-9_.:-]*",
        max: 64,
    },
    level: Error,
    evidence: Doc,
    source: "VTX-FD",
    predicts: "",
};

/// The undocumented serving budget on summed `maxItems`.
const MAX_ITEMS_BUDGET: Rule = Rule {
    check: Limit {
        measure: Measure::MaxItemsSum,
        max: 960,
        near: 720,
    },
    level: Warning,
    evidence: Obs,
    source: "GEM-SO",
    predicts: "The specified schema produces a constraint that has too many states for serving.",
};

/// The string formats of the OpenAPI subset [doc GEM-SCHEMA].
const STRING_FORMATS: &[&str] = &["enum", "date-time"];

/// Its integer and number formats.
const NUMBER_FORMATS: &[&str] = &["int32", "int64", "float", "double"];

/// The rules of [`GEMINI`] (its `@2026-08` date).
const GEMINI_RULES: &[Rule] = &[
    Rule {
        check: RootObject,
        level: Error,
        evidence: Obs,
        source: "GEM-FC",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: RootKeywords(&["anyOf"]),
        level: Error,
        evidence: Obs,
        source: "GEM-FC",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: RejectsAllBut(Anywhere, SCHEMA_FIELDS),
        level: Error,
        evidence: Obs,
        source: "GEM-SCHEMA",
        predicts: UNKNOWN_NAME,
    },
    // Fields of the `Schema` message (GEM-SCHEMA: `default` "included and ignored"); some
    // backends are reported to refuse `title` (python-genai#1732, pydantic-ai strips it) [?].
    Rule {
        check: Drops(Anywhere, &["title", "default"]),
        level: Warning,
        evidence: Unsure,
        source: "GEM-SCHEMA",
        predicts: "",
    },
    Rule {
        check: Typed(&["type", "anyOf"]),
        level: Error,
        evidence: Doc,
        source: "GEM-SCHEMA",
        predicts: "",
    },
    Rule {
        check: SchemaObjects,
        level: Error,
        evidence: Doc,
        source: "GEM-SCHEMA",
        predicts: "",
    },
    Rule {
        check: TypeNames(&["string", "number", "integer", "boolean", "array", "object"]),
        level: Error,
        evidence: Doc,
        source: "GEM-SCHEMA",
        predicts: "",
    },
    Rule {
        check: ItemsSchema,
        level: Error,
        evidence: Doc,
        source: "GEM-SCHEMA",
        predicts: "",
    },
    Rule {
        check: NoTypeArrays,
        level: Error,
        evidence: Obs,
        source: "GEM-SCHEMA",
        predicts: "Invalid JSON payload received. Unknown name \"type\" at '{context}': Proto field is not repeating, cannot start list.",
    },
    Rule {
        check: AnyOfAlone,
        level: Error,
        evidence: Obs,
        source: "GEM-SCHEMA",
        predicts: "Unable to submit request because `{tool}` functionDeclaration `{context}` schema specified other fields alongside any_of. When using any_of, it must be the only field set.",
    },
    Rule {
        check: EnumStrings,
        level: Error,
        evidence: Obs,
        source: "GEM-SCHEMA",
        predicts: "* GenerateContentRequest.{context}.enum: only allowed for STRING type",
    },
    Rule {
        check: EnumNoEmptyString,
        level: Error,
        evidence: Lib,
        source: "GEM-SCHEMA",
        predicts: "",
    },
    Rule {
        check: ObjectProperties { non_empty: true },
        level: Error,
        evidence: Obs,
        source: "GEM-SCHEMA",
        predicts: "* GenerateContentRequest.{context}.properties: should be non-empty for OBJECT type",
    },
    Rule {
        check: ArrayItems,
        level: Error,
        evidence: Obs,
        source: "GEM-SCHEMA",
        predicts: "* GenerateContentRequest.{context}.items: missing field",
    },
    Rule {
        check: RequiredDeclared,
        level: Error,
        evidence: Obs,
        source: "GEM-SCHEMA",
        predicts: "* GenerateContentRequest.{context}.required: property is not defined",
    },
    Rule {
        check: StringFormats(STRING_FORMATS),
        level: Error,
        evidence: Obs,
        source: "GEM-SCHEMA",
        predicts: "format: only 'enum' and 'date-time' are supported for STRING type",
    },
    Rule {
        check: NumberFormats(NUMBER_FORMATS),
        level: Error,
        evidence: Obs,
        source: "GEM-SCHEMA",
        predicts: "format: only \"int32\" and \"int64\" are supported for integer or number type",
    },
    Rule {
        check: NoRecursion,
        level: Error,
        evidence: Lib,
        source: "GEM-SCHEMA",
        predicts: "",
    },
    Rule {
        check: PropertyNames("[A-Za-z_][A-Za-z0-9_]{0,63}"),
        level: Warning,
        evidence: Doc,
        source: "VTX-FD",
        predicts: "",
    },
    NAME,
    MAX_ITEMS_BUDGET,
];

/// The rewrites of [`GEMINI`] (its `@2026-08` date); `@2026-12` adds to them between.
const GEMINI_REWRITES: &[Rewrite] = &[
    Rewrite::OneOfToAnyOf,
    Rewrite::ConstToEnum,
    Rewrite::TypeFromValues,
    Rewrite::InlineRefs,
    Rewrite::Strip(&["$schema", "discriminator"]),
    Rewrite::Nullable,
    Rewrite::AnyOfAlone,
    Rewrite::DropFormats {
        strings: STRING_FORMATS,
        numbers: Some(NUMBER_FORMATS),
    },
    Rewrite::Drop(&[
        "additionalProperties",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "propertyNames",
        "uniqueItems",
        "not",
    ]),
    Rewrite::StringEnums,
];

/// Gemini `parameters` (OpenAPI subset).
pub const GEMINI: Profile = Profile {
    name: "gemini",
    date: "2026-08",
    family: Family::Gemini,
    summary: "Gemini `parameters`: the OpenAPI 3.0 subset (`nullable`, string enums, no `$ref`)",
    rewrites: GEMINI_REWRITES,
    envelope: Envelope {
        shape: Shape::Gemini,
        strict: None,
        omit_no_arguments: false,
    },
    view: View::OpenApi,
    rules: GEMINI_RULES,
    since: &[],
};

/// The rules of [`GEMINI_JSON`] (its `@2026-08` date).
const GEMINI_JSON_RULES: &[Rule] = &[
    Rule {
        check: RootObject,
        level: Error,
        evidence: Doc,
        source: "GEM-FC",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: RootKeywords(&["anyOf", "oneOf", "allOf", "not", "enum"]),
        level: Error,
        evidence: Doc,
        source: "GEM-FC",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: RootRef,
        level: Warning,
        evidence: Unsure,
        source: "GEM-FC",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: Drops(
            Anywhere,
            &[
                "oneOf",
                "allOf",
                "not",
                "if",
                "then",
                "else",
                "dependentRequired",
                "dependentSchemas",
                "const",
                "exclusiveMinimum",
                "exclusiveMaximum",
                "multipleOf",
                "pattern",
                "minLength",
                "maxLength",
                "uniqueItems",
                "contains",
                "patternProperties",
                "propertyNames",
                "unevaluatedProperties",
                "unevaluatedItems",
            ],
        ),
        level: Warning,
        evidence: Unsure,
        source: "GEM-BLOG",
        predicts: "",
    },
    Rule {
        check: Draft2020Valid,
        level: Error,
        evidence: Doc,
        source: "GEM-BLOG",
        predicts: "",
    },
    Rule {
        check: ItemsSchema,
        level: Error,
        evidence: Doc,
        source: "GEM-BLOG",
        predicts: "",
    },
    Rule {
        check: ArrayItems,
        level: Warning,
        evidence: Unsure,
        source: "GEM-SCHEMA",
        predicts: "* GenerateContentRequest.{context}.items: missing field",
    },
    Rule {
        check: ObjectProperties { non_empty: true },
        level: Warning,
        evidence: Unsure,
        source: "GEM-SCHEMA",
        predicts: "* GenerateContentRequest.{context}.properties: should be non-empty for OBJECT type",
    },
    Rule {
        check: RequiredDeclared,
        level: Warning,
        evidence: Unsure,
        source: "GEM-SCHEMA",
        predicts: "* GenerateContentRequest.{context}.required: property is not defined",
    },
    Rule {
        check: PropertyNames("[A-Za-z_][A-Za-z0-9_]{0,63}"),
        level: Warning,
        evidence: Unsure,
        source: "VTX-FD",
        predicts: "",
    },
    NAME,
    MAX_ITEMS_BUDGET,
];

/// Gemini `parametersJsonSchema` (JSON Schema).
pub const GEMINI_JSON: Profile = Profile {
    name: "gemini-json",
    date: "2026-08",
    family: Family::Gemini,
    summary: "Gemini `parametersJsonSchema`: JSON Schema with `anyOf`, `$ref`, `additionalProperties`, type arrays",
    rewrites: &[
        Rewrite::Draft2020_12,
        Rewrite::OneOfToAnyOf,
        Rewrite::ConstToEnum,
    ],
    envelope: Envelope {
        shape: Shape::GeminiJson,
        strict: None,
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: GEMINI_JSON_RULES,
    since: &[],
};

/// [`GEMINI`] as of December 2026: what the SDKs users have do before sending `parameters`
/// (AI-SDK: type arrays become `anyOf`; annotations the `Schema` message has no field for go).
pub const GEMINI_2026_12: Profile = Profile {
    date: "2026-12",
    rewrites: joined![
        Rewrite;
        // `oneOf`, `const`, and types from values.
        GEMINI_REWRITES.split_at(3).0,
        &[Rewrite::FalseBranches],
        // Inlining, then `$schema` and `discriminator` stripped.
        GEMINI_REWRITES.split_at(3).1.split_at(2).0,
        &[
            Rewrite::MergeAllOf,
            Rewrite::StripAllBut(SCHEMA_FIELDS),
            Rewrite::TypeArrays,
        ],
        // `nullable` and the rest.
        GEMINI_REWRITES.split_at(5).1,
    ],
    envelope: Envelope {
        shape: Shape::Gemini,
        strict: None,
        omit_no_arguments: true,
    },
    since: &[
        "`type: [A, B]` becomes `anyOf` with a branch per type (an equivalence, proven), as the AI SDK's `convertJSONSchemaToOpenAPISchema` does (AI-SDK); it was refused",
        "`type: [T, \"null\"]` beside an `enum` is read by the enum: `\"null\"` goes from `type` when the enum has no `null`, and `type` goes when every value is of it (equivalences); a text enum lists only the values of its node's `type`",
        "annotations the `Schema` message has no field for (`examples`, `$comment`, `readOnly`, …) are removed (an equivalence); `examples` was refused",
        "`title` and `default` are fields of `Schema` (GEM-SCHEMA): reported once per document as possibly dropped, not per place as refused",
        "an `allOf` is merged into its node where no keyword appears twice, and a `false` branch of a union removed (an equivalence, proven), as pydantic-ai does for Gemini; it was refused",
        "a tool without arguments is declared without `parameters`, as the AI SDK sends it (AI-SDK); `{\"type\": \"object\"}` was refused for having no properties",
    ],
    ..GEMINI
};

/// [`GEMINI_JSON`] as of December 2026: python-genai documents no keyword list for
/// `parametersJsonSchema` (GENAI-TYPES lists one for `responseJsonSchema` only), so the rules
/// stay; a one-member `allOf` is merged rather than left to be dropped.
pub const GEMINI_JSON_2026_12: Profile = Profile {
    date: "2026-12",
    rewrites: &[
        Rewrite::Draft2020_12,
        Rewrite::FalseBranches,
        Rewrite::MergeAllOf,
        Rewrite::OneOfToAnyOf,
        Rewrite::ConstToEnum,
    ],
    envelope: Envelope {
        shape: Shape::GeminiJson,
        strict: None,
        omit_no_arguments: true,
    },
    since: &[
        "an `allOf` is merged into its node where no keyword appears twice, and a `false` branch of a union removed (an equivalence, proven), where it was left for the provider to drop",
        "a tool without arguments is declared without `parametersJsonSchema`",
    ],
    ..GEMINI_JSON
};
