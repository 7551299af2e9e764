//! Anthropic Messages `tools[].input_schema`, without and with `strict: true` (strict tool use
//! and `output_config.format` share one subset). Facts: `PROVIDERS.md` (a) columns `ant` and
//! `ant-strict`, the Anthropic notes, (c) "Anthropic", (d) `anthropic` and `anthropic-strict`.
//! Bedrock with Claude models reuses these rules (`bedrock`).

use crate::diagnostic::Severity::{Error, Warning};
use crate::targets::{
    Check::*, Envelope, Evidence::*, Family, Measure, Place::*, Profile, Rewrite, Rule, Shape,
    View, joined,
};

pub(super) const ROOT_TYPE: &str = "tools.{index}.custom.input_schema.type: Field required";
pub(super) const ROOT_UNION: &str = "tools.{index}.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level";
pub(super) const INVALID_2020: &str = "tools.{index}.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at https://docs.claude.com/en/docs/tool-use.";
pub(super) const NAME_PATTERN: &str =
    "tools.{index}.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'";

/// The string formats strict tool use takes [doc ANT-SO].
pub(super) const FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
];

/// The rules of every Anthropic input schema, strict or not (and of Bedrock with Claude).
pub(super) const BASE: [Rule; 6] = [
    Rule {
        check: RootObject,
        level: Error,
        evidence: Doc,
        source: "ANT-REF",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: RootKeywords(&["anyOf", "oneOf", "allOf"]),
        level: Error,
        evidence: Obs,
        source: "ANT-REF",
        predicts: ROOT_UNION,
    },
    Rule {
        check: RootKeywords(&["not", "enum", "if"]),
        level: Warning,
        evidence: Unsure,
        source: "ANT-REF",
        predicts: ROOT_UNION,
    },
    Rule {
        check: RootRef,
        level: Error,
        evidence: Obs,
        source: "ANT-REF",
        predicts: ROOT_TYPE,
    },
    Rule {
        check: Draft2020Valid,
        level: Error,
        evidence: Doc,
        source: "ANT-REF",
        predicts: INVALID_2020,
    },
    Rule {
        check: RequiredDeclared,
        level: Warning,
        evidence: Unsure,
        source: "ANT-REF",
        predicts: INVALID_2020,
    },
];

/// Tool names: the current API takes 128 characters; older SDKs check 64.
pub(super) const NAMES: [Rule; 2] = [
    Rule {
        check: ToolName {
            pattern: "[a-zA-Z0-9_-]+",
            max: 128,
        },
        level: Error,
        evidence: Doc,
        source: "ANT-REF",
        predicts: "tools.{index}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    },
    Rule {
        check: ToolName {
            pattern: "[a-zA-Z0-9_-]+",
            max: 64,
        },
        level: Warning,
        evidence: Unsure,
        source: "ANT-REF",
        predicts: NAME_PATTERN,
    },
];

/// The rules of [`ANTHROPIC`] (its `@2026-08` date).
const ANTHROPIC_RULES: &[Rule] = joined![Rule; &BASE, &NAMES];

/// Anthropic `input_schema` without `strict`.
pub const ANTHROPIC: Profile = Profile {
    name: "anthropic",
    date: "2026-08",
    family: Family::Anthropic,
    summary: "Anthropic Messages tools without `strict` (draft 2020-12, keywords read, not enforced)",
    rewrites: &[Rewrite::Draft2020_12],
    envelope: Envelope {
        shape: Shape::Anthropic,
        strict: None,
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: ANTHROPIC_RULES,
    since: &[],
};

/// What strict mode refuses that dropping only widens: assertions no other keyword observes
/// (the bounds of the first `Rejects` rule of `STRICT`, and more of the second).
const DROPPED: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "maxItems",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "not",
    "dependentSchemas",
    // Not in the strict subset ("anything else gets a 400"), and the SDK's `transform_schema`
    // moves it into `description` (issue 39, found by an adversary): a widening.
    "prefixItems",
];

/// The bounds, lengths and `maxItems` strict mode refuses: the first eight of [`DROPPED`].
const BOUNDS: &[&str] = DROPPED.split_at(8).0;

/// The rules of strict tool use (and of Bedrock with Claude and `strict`).
pub(super) const STRICT: [Rule; 20] = [
    Rule {
        check: ClosedObjects,
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "tools.{index}.custom: For 'object' type, 'additionalProperties' must be explicitly set to false",
    },
    Rule {
        check: Rejects(Anywhere, BOUNDS),
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "tools.{index}.custom: For '{value}' type, property '{keyword}' is not supported",
    },
    Rule {
        check: Rejects(Anywhere, &["oneOf"]),
        level: Error,
        evidence: Obs,
        source: "ANT-SO",
        predicts: "tools.{index}.custom: Schema type 'oneOf' is not supported",
    },
    Rule {
        check: Rejects(
            Anywhere,
            &[
                "not",
                "if",
                "then",
                "else",
                "dependentRequired",
                "dependentSchemas",
                "patternProperties",
                "propertyNames",
                "uniqueItems",
                "contains",
                "minProperties",
                "maxProperties",
                "unevaluatedProperties",
                "unevaluatedItems",
            ],
        ),
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: Rejects(Anywhere, &["prefixItems", "nullable"]),
        level: Warning,
        evidence: Unsure,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: MinItemsAtMostOne,
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: AllOfWithoutRef,
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: LocalRefs,
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "tools.{index}.custom: Reference to non-existent definition: {value}",
    },
    Rule {
        check: NoRecursion,
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "tools.{index}.custom: Invalid schema: Circular reference detected in schema definitions: {value}. Self-referencing or mutually-referencing definitions are not supported.",
    },
    Rule {
        check: EnumPrimitives,
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: StringFormats(FORMATS),
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "tools.{index}.custom: For 'string' type, format '{value}' is not supported",
    },
    Rule {
        check: PatternFeatures,
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: PatternRepeat(1000),
        level: Warning,
        evidence: Unsure,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: Typed(&["type", "anyOf", "oneOf", "allOf", "$ref", "enum", "const"]),
        level: Error,
        evidence: Lib,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: SchemaObjects,
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: ItemsSchema,
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: INVALID_2020,
    },
    Rule {
        check: NumberFormats(&[]),
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: Limit {
            measure: Measure::Tools,
            max: 20,
            near: 15,
        },
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "",
    },
    Rule {
        check: Limit {
            measure: Measure::OptionalParameters,
            max: 24,
            near: 18,
        },
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "Schemas contains too many optional parameters ({count}), which would make grammar compilation inefficient. Reduce the number of optional parameters in your tool schemas (limit: 24).",
    },
    Rule {
        check: Limit {
            measure: Measure::UnionParameters,
            max: 16,
            near: 12,
        },
        level: Error,
        evidence: Doc,
        source: "ANT-SO",
        predicts: "Schemas contains too many parameters with union types ({count} parameters with type arrays or anyOf) which exceeds the limit: 16",
    },
];

/// The keys strict mode reads: every other key that asserts nothing is stripped.
const STRICT_KEPT: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "anyOf",
    "allOf",
    "$ref",
    "$defs",
    "definitions",
    "enum",
    "const",
    "default",
    "format",
    "pattern",
    "minItems",
    "description",
    "title",
];

/// The rules of [`ANTHROPIC_STRICT`] (its `@2026-08` date).
const ANTHROPIC_STRICT_RULES: &[Rule] = joined![Rule; &BASE, &STRICT, &NAMES];

/// The rewrites of [`ANTHROPIC_STRICT`] (its `@2026-08` date); `@2026-12` adds to them between.
const STRICT_REWRITES: &[Rewrite] = &[
    Rewrite::Draft2020_12,
    Rewrite::DescribeKeyUnions,
    Rewrite::OneOfToAnyOf,
    Rewrite::StripAllBut(STRICT_KEPT),
    Rewrite::Drop(DROPPED),
    Rewrite::DropFormats {
        strings: FORMATS,
        numbers: Some(&[]),
    },
    Rewrite::CloseObjects,
];

/// Anthropic strict tool use.
pub const ANTHROPIC_STRICT: Profile = Profile {
    name: "anthropic-strict",
    date: "2026-08",
    family: Family::Anthropic,
    summary: "Anthropic tools with `strict: true` and `output_config.format` (a 2020-12 subset, budgets per request)",
    rewrites: STRICT_REWRITES,
    envelope: Envelope {
        shape: Shape::Anthropic,
        strict: Some(true),
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: ANTHROPIC_STRICT_RULES,
    since: &[],
};

/// [`ANTHROPIC`] as of December 2026: re-checked against ANT-REF and ANT-SDK, no rule changed.
pub const ANTHROPIC_2026_12: Profile = Profile {
    date: "2026-12",
    ..ANTHROPIC
};

/// [`ANTHROPIC_STRICT`] as of December 2026: a `minItems` above 1 goes into `description`, as
/// the SDK's `transform_schema` does (ANT-SDK: it keeps `minItems` only when 0 or 1).
pub const ANTHROPIC_STRICT_2026_12: Profile = Profile {
    date: "2026-12",
    rewrites: joined![
        Rewrite;
        // The draft conversion.
        STRICT_REWRITES.split_at(1).0,
        &[Rewrite::FalseBranches, Rewrite::MergeAllOf],
        // Key unions, `oneOf`, stripping and dropping.
        STRICT_REWRITES.split_at(1).1.split_at(4).0,
        &[Rewrite::MinItemsAtMostOne],
        // Formats, closed objects.
        STRICT_REWRITES.split_at(5).1,
    ],
    since: &[
        "a `minItems` above 1 is moved into `description` (a widening, proven), as the SDK's `transform_schema` does (ANT-SDK); it was refused",
        "an `allOf` is merged into its node where no keyword appears twice, and a `false` branch of a union removed (an equivalence, proven): `allOf: [{\"$ref\": …}]` beside a `description` was refused",
    ],
    ..ANTHROPIC_STRICT
};
