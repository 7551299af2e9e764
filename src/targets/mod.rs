//! Provider profiles as data (SPEC §3 "Targets", C4): what each model API accepts, one dated
//! [`Profile`] per target, each a list of [`Rule`]s that say what they check, how sure we are
//! (the evidence label of `PROVIDERS.md`), and the provider's own error text they predict.
//!
//! A profile is data, not code: the checks are a closed set ([`Check`]) evaluated by one walker
//! (`check`), so adding a provider or a new date is a table edit. Every rule's diagnostic code
//! comes from its check ([`Check::code`]), and every code lives in the one table
//! (`diagnostic::codes`); a profile decides only the severity, the evidence and the text.
//!
//! Severity follows `PROVIDERS.md` (d): an error is a request the provider refuses (HTTP 400), a
//! warning a keyword it drops or ignores (weaker enforcement, never a broken superset), a note a
//! remark. A rule whose evidence is uncertain ([`Evidence::Unsure`], `[?]`) is a warning at most,
//! whatever its table says ([`Rule::severity`]).
//!
//! Names: `openai-strict` is the newest dated profile of that name, `openai-strict@2026-08` one
//! date exactly. Dates are the month the facts were gathered (the protocol version for MCP).

pub mod adapt;
pub mod back;
mod check;
mod envelope;
pub mod mapping;
mod openapi;
mod profiles;
mod rewrite;
mod strict;

use std::fmt;

pub use check::{Request, ToolInput, Violation, check, check_apart};
pub use envelope::{Envelope, Shape, Wrapped, takes_no_arguments, wrap};
pub use openapi::enum_text;
pub use rewrite::{Applied, Rewrite, apply};
pub(crate) use strict::OBSERVE_KEYS;

use crate::diagnostic::{Code, Severity, codes};
use crate::schema::walk::Reading;

/// How a provider reads a schema (issue 39, departing from SPEC L2 for target checks only):
/// keys literally, a `$ref`'s siblings too, and `$defs` and `definitions` as definitions in any
/// draft. The target checks and rewrites walk schemas this way.
pub(crate) const PROVIDER_READING: Reading = Reading::WRITTEN.with_every_definitions_container();

/// Which provider a profile describes: decides how a pointer is spelled in a predicted error
/// (`{context}`) and, later, the request shape a tool is written in. Its name in JSON output
/// is the variant's in kebab case (`LlamaCpp` → `llama-cpp`), derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum Family {
    /// OpenAI (Responses, Chat Completions, Structured Outputs).
    #[strum(serialize = "openai")]
    OpenAi,
    /// Anthropic Messages `tools`.
    Anthropic,
    /// Gemini `functionDeclarations`.
    Gemini,
    /// The Model Context Protocol.
    Mcp,
    /// Amazon Bedrock Converse.
    Bedrock,
    /// Mistral.
    Mistral,
    /// Ollama `/api/chat` and `/v1` tools.
    Ollama,
    /// llama.cpp's server (`json_schema`, GBNF).
    LlamaCpp,
}

impl Family {
    /// The lower-case name used in JSON output.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// How sure the facts behind a rule are (`PROVIDERS.md` labels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Evidence {
    /// `[doc]`: the provider documents it (for Ollama and llama.cpp, their own source code).
    Doc,
    /// `[obs]`: seen in the provider's error responses, not documented.
    Obs,
    /// `[lib]`: inferred from what client libraries do.
    Lib,
    /// `[?]`: uncertain or conflicting: never more than a warning.
    #[strum(serialize = "?")]
    Unsure,
}

impl Evidence {
    /// The label as `PROVIDERS.md` writes it (`doc`, `obs`, `lib`, `?`), derived.
    pub fn label(self) -> &'static str {
        self.into()
    }
}

/// Which schema nodes a keyword rule looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The root of a tool's input schema only.
    Root,
    /// Every node but the root.
    Nested,
    /// Every node.
    Anywhere,
}

/// A count a provider limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// Object properties declared, over one schema.
    Properties,
    /// Levels of object nesting along one path of one schema (the root object is level 1;
    /// a reference counts where its target is written).
    Depth,
    /// `enum` values, over one schema.
    EnumValues,
    /// Characters of property names, definition names, and `enum`/`const` values, over one
    /// schema.
    Characters,
    /// Characters of the values of one string `enum` with more than 250 values.
    LongEnumCharacters,
    /// Tools in one request.
    Tools,
    /// Properties not in their object's `required`, over every schema of the request.
    OptionalParameters,
    /// Properties whose schema is an `anyOf` or has a `type` array, over every schema of the
    /// request.
    UnionParameters,
    /// The sum of every `maxItems`, over one schema.
    MaxItemsSum,
}

impl Measure {
    /// True for counts summed over a whole request rather than one schema.
    pub fn per_request(self) -> bool {
        matches!(
            self,
            Measure::Tools | Measure::OptionalParameters | Measure::UnionParameters
        )
    }

    /// What is counted, for messages: "object properties".
    pub fn noun(self) -> &'static str {
        match self {
            Measure::Properties => "object properties",
            Measure::Depth => "levels of object nesting",
            Measure::EnumValues => "enum values",
            Measure::Characters => "characters of names and enum/const values",
            Measure::LongEnumCharacters => "characters in one enum of over 250 values",
            Measure::Tools => "tools",
            Measure::OptionalParameters => "optional parameters",
            Measure::UnionParameters => "union-typed parameters",
            Measure::MaxItemsSum => "summed maxItems",
        }
    }
}

/// What a rule checks. A closed set, evaluated by `check`; each variant has one diagnostic code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// The root of the input schema has `type: "object"`.
    RootObject,
    /// None of these keywords at the root.
    RootKeywords(&'static [&'static str]),
    /// No `$ref` at the root.
    RootRef,
    /// The provider refuses these keywords at these places.
    Rejects(Place, &'static [&'static str]),
    /// The provider refuses every keyword but these at these places.
    RejectsAllBut(Place, &'static [&'static str]),
    /// The provider silently drops or ignores these keywords.
    Drops(Place, &'static [&'static str]),
    /// The provider silently drops every keyword but these at these places.
    DropsAllBut(Place, &'static [&'static str]),
    /// The provider accepts these keywords as hints to the model but does not enforce them.
    Unenforced(&'static [&'static str]),
    /// Every object schema says `additionalProperties: false`.
    ClosedObjects,
    /// Every declared property is in its object's `required`.
    AllRequired,
    /// A string `format` outside this list.
    StringFormats(&'static [&'static str]),
    /// An integer or number `format` outside this list.
    NumberFormats(&'static [&'static str]),
    /// An array schema has `items`.
    ArrayItems,
    /// An object schema has `properties` (`nonEmpty`: at least one).
    ObjectProperties {
        /// Whether `properties: {}` is refused too.
        non_empty: bool,
    },
    /// Every `required` name is a declared property.
    RequiredDeclared,
    /// A `$ref` has no sibling keywords (but `$defs`/`definitions`).
    RefAlone,
    /// No `$ref` that is not local (`#…`).
    LocalRefs,
    /// No recursive references.
    NoRecursion,
    /// No `type` arrays.
    NoTypeArrays,
    /// `type` names only these.
    TypeNames(&'static [&'static str]),
    /// Every schema object says what it is with one of these keywords (issue 39: OpenAI refuses
    /// `{}`, a description alone, an `enum` or `const` without `type`).
    Typed(&'static [&'static str]),
    /// Every subschema is an object: no `true` or `false` schema.
    SchemaObjects,
    /// `items` is one schema, not a draft-7 tuple (an array of schemas).
    ItemsSchema,
    /// A node with `anyOf` has no other keyword.
    AnyOfAlone,
    /// `enum` values are strings.
    EnumStrings,
    /// `enum` and `const` values are not objects or arrays.
    EnumPrimitives,
    /// No `""` among `enum` values.
    EnumNoEmptyString,
    /// `minItems` is 0 or 1.
    MinItemsAtMostOne,
    /// No `allOf` containing a `$ref`.
    AllOfWithoutRef,
    /// `pattern`s use no backreferences, lookaround or word boundaries.
    PatternFeatures,
    /// `pattern`s use no lookaround.
    PatternLookaround,
    /// No quantifier bound above this.
    PatternRepeat(u32),
    /// `pattern`s are anchored `^…$`.
    PatternAnchored,
    /// No node holds `properties` beside `anyOf`/`oneOf`.
    PropertiesWithUnion,
    /// Numeric bounds only on `type: "integer"`.
    BoundsOnIntegers,
    /// An object without `additionalProperties` is read as closed.
    ClosedByDefault,
    /// The schema is valid under the draft 2020-12 meta-schema.
    Draft2020Valid,
    /// No draft-4 boolean `exclusiveMinimum`/`exclusiveMaximum`.
    NoBooleanBounds,
    /// `$schema`, if present, names draft 2020-12.
    Dialect2020,
    /// A tool taking no arguments is `{type: "object", additionalProperties: false}`.
    NoArgumentsClosed,
    /// The tool's name matches the pattern and is at most `max` characters.
    ToolName {
        /// The characters allowed, as a regular expression matched against the whole name.
        pattern: &'static str,
        /// The longest name.
        max: usize,
    },
    /// A tool description, when present, is not empty.
    DescriptionNotEmpty,
    /// An OpenAI Responses tool with optional keys says `strict` (issue 41: the API may
    /// normalise a tool that does not, and the model then fills every optional key).
    ImplicitStrict,
    /// Property names match this regular expression.
    PropertyNames(&'static str),
    /// A count stays at or under `max`; a note from `near` on.
    Limit {
        /// What is counted.
        measure: Measure,
        /// The provider's limit.
        max: usize,
        /// From this count on, a note says the limit is near (0: never).
        near: usize,
    },
}

impl Check {
    /// The diagnostic code of every finding this check makes.
    pub fn code(self) -> Code {
        use Check::*;
        match self {
            RootObject => codes::TARGET_ROOT_NOT_OBJECT,
            RootKeywords(_) => codes::TARGET_ROOT_COMBINATOR,
            RootRef => codes::TARGET_ROOT_REF,
            Rejects(..) | RejectsAllBut(..) => codes::TARGET_KEYWORD_REJECTED,
            Drops(..) | DropsAllBut(..) => codes::TARGET_KEYWORD_DROPPED,
            Unenforced(_) => codes::TARGET_KEYWORD_UNENFORCED,
            ClosedObjects => codes::TARGET_OPEN_OBJECT,
            AllRequired => codes::TARGET_OPTIONAL_PROPERTY,
            StringFormats(_) | NumberFormats(_) => codes::TARGET_FORMAT,
            ArrayItems => codes::TARGET_ARRAY_WITHOUT_ITEMS,
            ObjectProperties { .. } => codes::TARGET_OBJECT_WITHOUT_PROPERTIES,
            RequiredDeclared => codes::TARGET_REQUIRED_UNDECLARED,
            RefAlone => codes::TARGET_REF_WITH_SIBLINGS,
            LocalRefs => codes::TARGET_EXTERNAL_REF,
            NoRecursion => codes::TARGET_RECURSION,
            NoTypeArrays | TypeNames(_) => codes::TARGET_TYPE_ARRAY,
            Typed(_) | SchemaObjects => codes::TARGET_UNTYPED,
            ItemsSchema => codes::TARGET_INVALID_DIALECT,
            AnyOfAlone => codes::TARGET_ANYOF_NOT_ALONE,
            EnumStrings | EnumPrimitives | EnumNoEmptyString => codes::TARGET_ENUM_VALUE,
            MinItemsAtMostOne => codes::TARGET_MIN_ITEMS,
            AllOfWithoutRef => codes::TARGET_ALLOF_WITH_REF,
            PatternFeatures | PatternLookaround | PatternRepeat(_) | PatternAnchored => {
                codes::TARGET_PATTERN
            }
            PropertiesWithUnion => codes::TARGET_PROPERTIES_WITH_UNION,
            BoundsOnIntegers => codes::TARGET_BOUNDS_ON_NUMBER,
            ClosedByDefault => codes::TARGET_CLOSED_BY_DEFAULT,
            Draft2020Valid | NoBooleanBounds => codes::TARGET_INVALID_DIALECT,
            Dialect2020 => codes::TARGET_DIALECT,
            NoArgumentsClosed => codes::TARGET_NO_ARGUMENTS,
            ToolName { .. } => codes::TARGET_TOOL_NAME,
            DescriptionNotEmpty => codes::TARGET_TOOL_DESCRIPTION,
            ImplicitStrict => codes::TARGET_STRICT_UNSAID,
            PropertyNames(_) => codes::TARGET_PROPERTY_NAME,
            Limit { .. } => codes::TARGET_LIMIT,
        }
    }

    /// True when the provider answers a violation with an error; false when it takes the
    /// schema and drops, ignores or reinterprets what the rule is about.
    pub fn refused(self) -> bool {
        use Check::*;
        !matches!(
            self,
            Drops(..)
                | DropsAllBut(..)
                | Unenforced(_)
                | ClosedByDefault
                | BoundsOnIntegers
                | PropertiesWithUnion
                | PatternAnchored
                | PatternLookaround
                | Dialect2020
                | NoArgumentsClosed
                | ImplicitStrict
        )
    }

    /// The keywords a keyword rule names (empty for other checks).
    pub fn keywords(self) -> &'static [&'static str] {
        match self {
            Check::RootKeywords(k)
            | Check::Rejects(_, k)
            | Check::Drops(_, k)
            | Check::Unenforced(k) => k,
            _ => &[],
        }
    }

    /// What the rule asks for, in one line, for `stitch targets NAME`.
    pub fn describe(self) -> String {
        use Check::*;
        let list = |k: &[&str]| {
            k.iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let place = |p: Place| match p {
            Place::Root => " at the root",
            Place::Nested => " below the root",
            Place::Anywhere => "",
        };
        match self {
            RootObject => "the root is `type: \"object\"`".into(),
            RootKeywords(k) => format!("no {} at the root", list(k)),
            RootRef => "no `$ref` at the root".into(),
            Rejects(p, k) => format!("refuses {}{}", list(k), place(p)),
            RejectsAllBut(p, k) => format!("refuses every keyword{} but {}", place(p), list(k)),
            Drops(p, k) => format!("silently drops {}{}", list(k), place(p)),
            DropsAllBut(p, k) => {
                format!("silently drops every keyword{} but {}", place(p), list(k))
            }
            Unenforced(k) => format!("reads {} as hints, not enforced", list(k)),
            ClosedObjects => "every object says `additionalProperties: false`".into(),
            AllRequired => "every property is in `required`".into(),
            StringFormats(f) => format!("string `format` only {}", list(f)),
            NumberFormats(f) => format!("integer and number `format` only {}", list(f)),
            ArrayItems => "every array has `items`".into(),
            ObjectProperties { non_empty: false } => "every object has `properties`".into(),
            ObjectProperties { non_empty: true } => {
                "every object has at least one property".into()
            }
            RequiredDeclared => "`required` names only declared properties".into(),
            RefAlone => "a `$ref` has no sibling keywords".into(),
            LocalRefs => "every `$ref` is local (`#…`)".into(),
            NoRecursion => "no recursive references".into(),
            NoTypeArrays => "no `type` arrays".into(),
            TypeNames(t) => format!("`type` only {}", list(t)),
            Typed(k) => format!("every schema has one of {}", list(k)),
            SchemaObjects => "every schema is an object (no `true`, no `false`)".into(),
            ItemsSchema => "`items` is one schema (no draft-7 tuple)".into(),
            AnyOfAlone => "a node with `anyOf` has no other keyword".into(),
            EnumStrings => "`enum` values are strings".into(),
            EnumPrimitives => "`enum` and `const` values are not objects or arrays".into(),
            EnumNoEmptyString => "no `\"\"` in an `enum`".into(),
            MinItemsAtMostOne => "`minItems` is 0 or 1".into(),
            AllOfWithoutRef => "no `$ref` inside `allOf`".into(),
            PatternFeatures => {
                "`pattern` without backreferences, lookaround or `\\b`".into()
            }
            PatternLookaround => "`pattern` without lookaround".into(),
            PatternRepeat(n) => format!("`pattern` repeat counts at most {n}"),
            PatternAnchored => "`pattern` anchored with `^…$`".into(),
            PropertiesWithUnion => "no `properties` beside `anyOf`/`oneOf` on one node".into(),
            BoundsOnIntegers => "numeric bounds only on `type: \"integer\"`".into(),
            ClosedByDefault => "an object without `additionalProperties` is closed".into(),
            Draft2020Valid => "valid under the draft 2020-12 meta-schema".into(),
            NoBooleanBounds => "no draft-4 boolean `exclusiveMinimum`/`exclusiveMaximum`".into(),
            Dialect2020 => "`$schema`, if any, is draft 2020-12".into(),
            NoArgumentsClosed => {
                "a tool without arguments is `{\"type\": \"object\", \"additionalProperties\": false}`"
                    .into()
            }
            ToolName { pattern, max } => format!("tool name matches `{pattern}`, ≤ {max} characters"),
            DescriptionNotEmpty => "a tool description is not empty".into(),
            ImplicitStrict => {
                "a Responses tool with optional keys says `strict` (else the API may make it strict)".into()
            }
            PropertyNames(p) => format!("property names match `{p}`"),
            Limit { measure, max, .. } => {
                let per = if measure.per_request() {
                    "per request"
                } else {
                    "per schema"
                };
                format!("at most {max} {} {per}", measure.noun())
            }
        }
    }
}

/// One rule of a profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// What it checks.
    pub check: Check,
    /// How much a violation matters as the table says (capped by the evidence: see
    /// [`Rule::severity`]).
    pub level: Severity,
    /// How sure the facts are.
    pub evidence: Evidence,
    /// Which source of `PROVIDERS.md` it rests on (`OAI-SO`, `ANT-REF`, …).
    pub source: &'static str,
    /// The provider's error text this predicts, with `{tool}`, `{index}`, `{context}`,
    /// `{keyword}`, `{value}`, `{count}` and `{limit}` filled in per violation; empty when the
    /// provider says nothing (it drops or ignores).
    pub predicts: &'static str,
}

impl Rule {
    /// The severity of its findings: a rule on uncertain evidence is a warning at most.
    pub fn severity(&self) -> Severity {
        if self.evidence == Evidence::Unsure && self.level == Severity::Error {
            Severity::Warning
        } else {
            self.level
        }
    }
}

/// The items of `parts`, in order, as one array (a profile's rules or rewrites built from parts
/// it shares with another date). `N` must be their total, and above 0: [`joined!`] counts it.
pub(crate) const fn join<T: Copy, const N: usize>(parts: &[&[T]]) -> [T; N] {
    let mut first = 0;
    while parts[first].is_empty() {
        first += 1;
    }
    let mut out = [parts[first][0]; N];
    let (mut part, mut filled) = (0, 0);
    while part < parts.len() {
        let mut i = 0;
        while i < parts[part].len() {
            out[filled] = parts[part][i];
            filled += 1;
            i += 1;
        }
        part += 1;
    }
    assert!(filled == N, "join: N is not the number of items");
    out
}

/// `joined![T; A, B, …]`: the lists `A`, `B`, … of `T` (a [`Rule`], a [`Rewrite`]) as one
/// `&'static [T]`, for a profile whose rules or rewrites are another date's with some changed.
macro_rules! joined {
    ($t:ty; $($part:expr),+ $(,)?) => {{
        const PARTS: &[&[$t]] = &[$($part),+];
        const N: usize = {
            let (mut n, mut i) = (0, 0);
            while i < PARTS.len() {
                n += PARTS[i].len();
                i += 1;
            }
            n
        };
        const JOINED: [$t; N] = $crate::targets::join::<$t, N>(PARTS);
        &JOINED
    }};
}
pub(crate) use joined;

/// Where the facts of a rule come from: each source label a rule names (`Rule::source`), with
/// what it is. `stitch targets NAME` lists those its rules cite.
pub static SOURCES: &[(&str, &str)] = &[
    (
        "OAI-SO",
        "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas",
    ),
    (
        "OAI-FC",
        "https://platform.openai.com/docs/guides/function-calling#strict-mode",
    ),
    (
        "OAI-REF",
        "https://platform.openai.com/docs/api-reference/responses/create (`tools[].strict`)",
    ),
    (
        "OAI-PY",
        "openai-python `src/openai/types/responses/function_tool.py` (2.45.0: `strict` no longer \"Default `true`\")",
    ),
    (
        "OAI-AGENTS",
        "openai-agents-python `src/agents/strict_schema.py` (`ensure_strict_json_schema`)",
    ),
    (
        "ANT-SO",
        "https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations",
    ),
    (
        "ANT-STRICT",
        "https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use",
    ),
    (
        "ANT-REF",
        "https://platform.claude.com/docs/en/api/messages (`tools[].input_schema`)",
    ),
    (
        "ANT-SDK",
        "anthropic-sdk-python `src/anthropic/lib/_parse/_transform.py` (`transform_schema`)",
    ),
    ("GEM-SCHEMA", "https://ai.google.dev/api/caching#Schema"),
    (
        "GEM-FC",
        "https://ai.google.dev/gemini-api/docs/function-calling",
    ),
    (
        "GEM-SO",
        "https://ai.google.dev/gemini-api/docs/structured-output",
    ),
    (
        "GEM-BLOG",
        "https://blog.google/technology/developers/gemini-api-structured-outputs",
    ),
    (
        "GENAI-TYPES",
        "python-genai `google/genai/types.py` (`parameters_json_schema`'s keyword list; the `Schema` fields)",
    ),
    (
        "AI-SDK",
        "vercel/ai `packages/google/src/convert-json-schema-to-openapi-schema.ts`, `google-prepare-tools.ts`",
    ),
    (
        "VTX-FD",
        "https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration",
    ),
    (
        "MCP",
        "https://modelcontextprotocol.io/specification (`schema/<version>/schema.ts`)",
    ),
    (
        "BR-TS",
        "https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html",
    ),
    (
        "BR-SO",
        "https://docs.aws.amazon.com/bedrock/latest/userguide/structured-output.html",
    ),
    (
        "MIS",
        "https://docs.mistral.ai/capabilities/function_calling/",
    ),
    (
        "LCPP",
        "https://github.com/ggml-org/llama.cpp/blob/master/grammars/README.md",
    ),
    (
        "OLL",
        "https://github.com/ollama/ollama/blob/main/api/types.go",
    ),
];

/// What a source label stands for.
pub fn source(label: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(l, _)| *l == label)
        .map(|(_, what)| *what)
}

/// A dated provider profile.
#[derive(Debug, PartialEq, Eq)]
pub struct Profile {
    /// The target name (`openai-strict`).
    pub name: &'static str,
    /// The date of its facts (`2026-08`; the protocol version for MCP).
    pub date: &'static str,
    /// The provider.
    pub family: Family,
    /// One line: what it describes.
    pub summary: &'static str,
    /// Its rules, checked in this order.
    pub rules: &'static [Rule],
    /// The rewrites `stitch flatten --target` applies before checking, each kept only once
    /// proven.
    pub rewrites: &'static [Rewrite],
    /// How its requests carry tools: the shape `flatten --target` writes a tool in, and the
    /// `strict` flag.
    pub envelope: Envelope,
    /// How the provider reads a schema, which is what a rewrite is proven against.
    pub view: View,
    /// What changed since the previous date of this name, one line per changed rule or
    /// rewrite (empty for a name's first date).
    pub since: &'static [&'static str],
}

/// The JSON Schema a provider enforces, given the schema it is sent (SPEC §3 "Targets"): the
/// prover judges a rewritten schema through its profile's view. A view may only read a schema
/// as the provider does or more narrowly, never more widely, so a proof through it holds for
/// the provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// JSON Schema as written.
    Literal,
    /// OpenAPI 3.0's reading (Gemini `parameters`): `nullable: true` beside one `type` adds
    /// `"null"` to it. `nullable` without a `type` is read as nothing (the narrow reading).
    OpenApi,
    /// llama.cpp's grammar compiler: an object with `properties` and no
    /// `additionalProperties` is closed. Narrower than JSON Schema's reading, so the
    /// presentation itself is judged against the contract this way ([`View::narrows`]).
    ClosedByDefault,
}

impl View {
    /// True when the provider reads a schema more narrowly than JSON Schema where no rewrite
    /// touched it: the presentation as the provider reads it must be proven against the
    /// contract, or the values lost reported.
    pub fn narrows(self) -> bool {
        self == View::ClosedByDefault
    }

    /// `schema` (read as `draft`) as JSON Schema that accepts what the provider accepts.
    pub fn enforced(self, schema: &mut serde_json::Value, draft: crate::schema::Draft) {
        if self == View::Literal {
            return;
        }
        for at in rewrite::preorder(schema, draft) {
            let Some(serde_json::Value::Object(map)) = schema.pointer_mut(&at) else {
                continue;
            };
            if self == View::ClosedByDefault {
                if map.contains_key("properties") && !map.contains_key("additionalProperties") {
                    map.insert("additionalProperties".to_owned(), false.into());
                }
                continue;
            }
            if map.get("nullable") != Some(&serde_json::Value::Bool(true)) {
                continue;
            }
            map.shift_remove("nullable");
            match map.get_mut("type") {
                Some(serde_json::Value::String(one)) => {
                    let one = std::mem::take(one);
                    map.insert("type".to_owned(), serde_json::json!([one, "null"]));
                }
                Some(serde_json::Value::Array(types)) if !types.contains(&"null".into()) => {
                    types.push("null".into());
                }
                _ => {}
            }
        }
    }
}

impl Profile {
    /// `name@date`.
    pub fn id(&self) -> String {
        format!("{}@{}", self.name, self.date)
    }

    /// The profile's request envelope written in `shape` instead of its own: OpenAI takes tools
    /// in two shapes (`responses`, `chat-completions`); every other provider in one, and asking
    /// it for another is an error that says so.
    pub fn envelope_in(&self, shape: Shape) -> Result<Envelope, String> {
        let own = self.envelope;
        if shape == own.shape || self.family == Family::OpenAi {
            return Ok(Envelope { shape, ..own });
        }
        Err(format!(
            "{} takes tools in one shape ({}); --envelope {} is for the openai targets, `keep` leaves the input's shape",
            self.name,
            own.shape.name(),
            shape.name()
        ))
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.name, self.date)
    }
}

/// Every profile, grouped by target name, oldest date first within a name.
pub static PROFILES: &[&Profile] = &[
    &profiles::openai::OPENAI,
    &profiles::openai::OPENAI_2026_12,
    &profiles::openai::OPENAI_STRICT,
    &profiles::openai::OPENAI_STRICT_2026_12,
    &profiles::anthropic::ANTHROPIC,
    &profiles::anthropic::ANTHROPIC_2026_12,
    &profiles::anthropic::ANTHROPIC_STRICT,
    &profiles::anthropic::ANTHROPIC_STRICT_2026_12,
    &profiles::gemini::GEMINI,
    &profiles::gemini::GEMINI_2026_12,
    &profiles::gemini::GEMINI_JSON,
    &profiles::gemini::GEMINI_JSON_2026_12,
    &profiles::mcp::MCP_2025_06_18,
    &profiles::mcp::MCP_2025_11_25,
    &profiles::mcp::MCP_2026_07_28,
    &profiles::bedrock::BEDROCK,
    &profiles::bedrock::BEDROCK_2026_12,
    &profiles::mistral::MISTRAL,
    &profiles::mistral::MISTRAL_2026_12,
    &profiles::ollama::OLLAMA,
    &profiles::ollama::OLLAMA_2026_12,
    &profiles::llama_cpp::LLAMA_CPP,
    &profiles::llama_cpp::LLAMA_CPP_2026_12,
];

/// The profiles `--target all` means: the newest date of each provider, and every MCP protocol
/// version (each is a protocol in use, not a superseded fact). A superseded date is named
/// exactly (`openai-strict@2026-08`).
pub fn current() -> impl Iterator<Item = &'static Profile> {
    PROFILES.iter().copied().filter(|p| {
        p.family == Family::Mcp || lookup(p.name).is_ok_and(|newest| std::ptr::eq(newest, *p))
    })
}

/// The date before `profile`'s of the same name, if any.
pub fn previous(profile: &Profile) -> Option<&'static Profile> {
    PROFILES
        .iter()
        .copied()
        .rfind(|p| p.name == profile.name && p.date < profile.date)
}

/// For a stale committed file (`text`): which superseded profiles it names (`gemini@2026-08`)
/// whose bare name now means a newer date, as a hint for the stale finding's help; `None`
/// when it names none. MCP's protocol versions are never superseded.
pub fn superseded_hint(text: &str) -> Option<String> {
    let named: Vec<String> = PROFILES
        .iter()
        .filter(|p| p.family != Family::Mcp && text.contains(&format!("\"{}\"", p.id())))
        .filter_map(|p| {
            let newest = lookup(p.name).ok()?;
            (!std::ptr::eq(newest, *p)).then(|| format!("`{}` now means `{}`", p.name, newest.id()))
        })
        .collect();
    (!named.is_empty()).then(|| {
        format!(
            "a target named without a date means its newest profile: {} (to keep the older facts, name the dated one, e.g. `{}`, in stitch.toml)",
            named.join(", "),
            PROFILES
                .iter()
                .find(|p| p.family != Family::Mcp && text.contains(&format!("\"{}\"", p.id())))
                .map(|p| p.id())
                .unwrap_or_default()
        )
    })
}

/// The source labels `profile`'s rules cite, each once, in rule order.
pub fn sources_of(profile: &Profile) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for rule in profile.rules {
        if !out.contains(&rule.source) {
            out.push(rule.source);
        }
    }
    out
}

/// The target names, in listing order, each once.
pub fn names() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for p in PROFILES {
        if !out.contains(&p.name) {
            out.push(p.name);
        }
    }
    out
}

/// The profile `NAME` (its newest date) or `NAME@DATE`; the error says what exists.
pub fn lookup(spec: &str) -> Result<&'static Profile, String> {
    let (name, date) = match spec.split_once('@') {
        Some((name, date)) => (name, Some(date)),
        None => (spec, None),
    };
    let dated: Vec<&'static Profile> = PROFILES
        .iter()
        .copied()
        .filter(|p| p.name == name)
        .collect();
    if dated.is_empty() {
        return Err(format!(
            "no target `{name}`; the targets are {}",
            names().join(", ")
        ));
    }
    match date {
        None => Ok(dated[dated.len() - 1]),
        Some(date) => dated
            .iter()
            .copied()
            .find(|p| p.date == date)
            .ok_or_else(|| {
                let dates: Vec<String> = dated.iter().map(|p| p.id()).collect();
                format!("no target `{spec}`; `{name}` has {}", dates.join(", "))
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_name_is_the_newest_date() {
        assert_eq!(lookup("mcp").unwrap().id(), "mcp@2026-07-28");
        assert_eq!(lookup("mcp@2025-06-18").unwrap().id(), "mcp@2025-06-18");
        assert_eq!(
            lookup("openai-strict").unwrap().id(),
            "openai-strict@2026-12"
        );
        assert_eq!(
            lookup("mcp@2024-01-01").unwrap_err(),
            "no target `mcp@2024-01-01`; `mcp` has mcp@2025-06-18, mcp@2025-11-25, mcp@2026-07-28"
        );
        assert!(
            lookup("openia")
                .unwrap_err()
                .starts_with("no target `openia`")
        );
    }

    #[test]
    fn profiles_are_sorted_by_date_within_a_name() {
        for pair in PROFILES.windows(2) {
            if pair[0].name == pair[1].name {
                assert!(
                    pair[0].date < pair[1].date,
                    "{} before {}",
                    pair[0],
                    pair[1]
                );
            }
        }
        // Every name's profiles sit together.
        let names = names();
        let mut seen = PROFILES.iter().map(|p| p.name).collect::<Vec<_>>();
        seen.dedup();
        assert_eq!(seen, names);
    }

    #[test]
    fn every_rule_names_a_recorded_source() {
        for profile in PROFILES {
            for label in sources_of(profile) {
                assert!(
                    source(label).is_some(),
                    "{profile}: source `{label}` not in SOURCES"
                );
            }
        }
    }

    #[test]
    fn the_listing_marks_the_newest_date_and_all_means_the_current_ones() {
        let all: Vec<String> = current().map(|p| p.id()).collect();
        assert!(
            all.contains(&"gemini@2026-12".to_owned())
                && !all.contains(&"gemini@2026-08".to_owned())
        );
        assert!(all.contains(&"mcp@2025-06-18".to_owned()));
        assert_eq!(
            previous(lookup("gemini").unwrap())
                .map(|p| p.id())
                .as_deref(),
            Some("gemini@2026-08")
        );
        assert!(previous(lookup("gemini@2026-08").unwrap()).is_none());
    }

    /// Issue 41: no profile may list a keyword as one the provider knows (or reads as a hint)
    /// and also as one it refuses, at places that overlap.
    #[test]
    fn no_keyword_is_both_allowed_and_refused() {
        let overlap = |a: Place, b: Place| a == b || a == Place::Anywhere || b == Place::Anywhere;
        for profile in PROFILES {
            // A refusal at the root only (`anyOf` at Gemini's root) narrows a general list; it
            // does not contradict it.
            let refused = profile.rules.iter().filter_map(|r| match r.check {
                Check::Rejects(place, keywords) if place != Place::Root => Some((place, keywords)),
                _ => None,
            });
            for (place, keywords) in refused {
                for rule in profile.rules {
                    let (allowed_place, allowed) = match rule.check {
                        Check::RejectsAllBut(p, k) => (p, k),
                        Check::Unenforced(k) => (Place::Anywhere, k),
                        _ => continue,
                    };
                    for keyword in keywords {
                        assert!(
                            !(overlap(place, allowed_place) && allowed.contains(keyword)),
                            "{profile}: `{keyword}` is both allowed and refused"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn an_unsure_rule_is_never_an_error() {
        for profile in PROFILES {
            for rule in profile.rules {
                if rule.evidence == Evidence::Unsure {
                    assert_ne!(rule.severity(), Severity::Error, "{profile}: {rule:?}");
                }
            }
        }
    }

    #[test]
    fn a_rule_on_observed_errors_predicts_their_text() {
        // [obs] means the provider's answer was seen, so its words are known; a documented rule
        // may have none recorded (`stitch` then says so).
        for profile in PROFILES {
            for rule in profile.rules {
                if rule.evidence == Evidence::Obs && rule.check.refused() {
                    assert!(!rule.predicts.is_empty(), "{profile}: {rule:?}");
                }
            }
        }
    }
}

#[cfg(test)]
mod view_tests {
    use super::View;
    use crate::schema::Draft;
    use serde_json::json;

    #[test]
    fn openapi_reads_nullable_beside_one_type_only() {
        let mut schema = json!({"type": "object", "properties": {
            "a": {"type": "string", "nullable": true},
            "b": {"enum": ["x"], "nullable": true},
            "nullable": {"type": "integer"}
        }});
        View::OpenApi.enforced(&mut schema, Draft::Draft2020_12);
        assert_eq!(
            schema,
            json!({"type": "object", "properties": {
                "a": {"type": ["string", "null"]},
                "b": {"enum": ["x"]},
                "nullable": {"type": "integer"}
            }})
        );
        let mut literal = json!({"type": "string", "nullable": true});
        View::Literal.enforced(&mut literal, Draft::Draft2020_12);
        assert_eq!(literal, json!({"type": "string", "nullable": true}));
    }
}
