//! The only module that names the `jsonschema` crate (STYLE habit 6): validators built offline,
//! with one format policy, for any draft (V3, L2).
//!
//! It sits below both loading (which compiles each schema once to catch what would break a
//! validator later: invalid patterns, references the validator cannot follow) and verification
//! (which validates values). It does no I/O: every document a schema refers to is handed in.

use serde_json::Value;

use crate::document::draft::Draft;

/// The format policy of every validator stitch builds (L2): `format` is an annotation only, as
/// 2019-09 and 2020-12 say, for every draft, so that changing `$schema` never changes what a
/// schema accepts.
pub const FORMAT_ASSERTS: bool = false;

/// The most steps a single `pattern` match may backtrack before the match fails, so a hostile
/// pattern cannot stall a run (CRATES.md trap 6).
pub const REGEX_BACKTRACK_LIMIT: usize = 1_000_000;

/// A document the schema may refer to, by its retrieval URI.
#[derive(Debug, Clone, Copy)]
pub struct Resource<'a> {
    /// Its URI.
    pub uri: &'a str,
    /// Its contents.
    pub value: &'a Value,
    /// Its draft.
    pub draft: Draft,
}

/// Why a schema does not compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    /// The validator's message.
    pub message: String,
    /// Pointer (relative to the compiled schema) of the offending keyword, when the validator
    /// names one.
    pub pointer: Option<String>,
    /// True when the offending keyword is a `pattern` or `patternProperties` regex.
    pub is_pattern: bool,
}

/// A compiled validator.
pub struct Validator {
    inner: jsonschema::Validator,
}

impl std::fmt::Debug for Validator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Validator").finish_non_exhaustive()
    }
}

fn to_crate(draft: Draft) -> jsonschema::Draft {
    match draft {
        Draft::Draft4 => jsonschema::Draft::Draft4,
        Draft::Draft6 => jsonschema::Draft::Draft6,
        Draft::Draft7 => jsonschema::Draft::Draft7,
        Draft::Draft2019_09 => jsonschema::Draft::Draft201909,
        Draft::Draft2020_12 => jsonschema::Draft::Draft202012,
    }
}

/// Whether the ECMA-262 regular expression `pattern` matches somewhere in `text`, as `pattern`
/// and `patternProperties` use it; `None` when the pattern cannot be evaluated.
pub fn pattern_matches(pattern: &str, text: &str) -> Option<bool> {
    let schema = serde_json::json!({ "type": "string", "pattern": pattern });
    let validator = Validator::new(&schema, Draft::Draft2020_12, "stitch:pattern", &[]).ok()?;
    Some(validator.is_valid(&Value::String(text.to_owned())))
}

/// True when every expression compiles as an ECMA-262 regular expression (with the engine and
/// limits every validator uses).
pub fn patterns_compile(patterns: &[&str]) -> bool {
    let schema = serde_json::json!({
        "anyOf": patterns.iter().map(|p| serde_json::json!({"pattern": p})).collect::<Vec<_>>()
    });
    patterns.is_empty()
        || Validator::new(&schema, Draft::Draft2020_12, "stitch:pattern", &[]).is_ok()
}

impl Validator {
    /// Compiles `schema` (read as `draft`, with base URI `base`) with `resources` available to
    /// its references. Nothing is fetched.
    ///
    /// Run only on schemas whose nesting and reference chains were bounded by loading (L5): the
    /// validator recurses and a stack overflow cannot be caught.
    pub fn new(
        schema: &Value,
        draft: Draft,
        base: &str,
        resources: &[Resource<'_>],
    ) -> Result<Validator, CompileError> {
        let registry_error = |e: jsonschema::ReferencingError| CompileError {
            message: e.to_string(),
            pointer: None,
            is_pattern: false,
        };
        let mut builder = jsonschema::Registry::new();
        for resource in resources {
            builder = builder
                .add(
                    resource.uri,
                    to_crate(resource.draft).create_resource(resource.value.clone()),
                )
                .map_err(registry_error)?;
        }
        let registry = builder.prepare().map_err(registry_error)?;
        let inner = jsonschema::options()
            .with_draft(to_crate(draft))
            .with_base_uri(base)
            .with_registry(&registry)
            .offline()
            .should_validate_formats(FORMAT_ASSERTS)
            .with_pattern_options(
                jsonschema::PatternOptions::fancy_regex().backtrack_limit(REGEX_BACKTRACK_LIMIT),
            )
            .build(schema)
            .map_err(|e| {
                let pointer = e.instance_path().to_string();
                let is_pattern = pointer
                    .rsplit('/')
                    .nth(if pointer.contains("/patternProperties/") { 1 } else { 0 })
                    .is_some_and(|last| last == "pattern" || last == "patternProperties")
                    || matches!(e.kind(), jsonschema::error::ValidationErrorKind::Format { format } if format == "regex");
                CompileError {
                    message: e.to_string(),
                    pointer: Some(pointer),
                    is_pattern,
                }
            })?;
        Ok(Validator { inner })
    }

    /// True when `instance` is valid.
    pub fn is_valid(&self, instance: &Value) -> bool {
        self.inner.is_valid(instance)
    }
}
