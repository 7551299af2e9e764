//! The only module that names the `jsonschema` crate (STYLE habit 6): validators built offline,
//! with one format policy, for any draft (V3, L2).
//!
//! It sits below both loading (which compiles each schema once to catch what would break a
//! validator later: invalid patterns, references the validator cannot follow) and verification
//! (which validates values at any place of a document set, says which keyword rejected a value,
//! and asks the crate's experimental `canonical` module for a second opinion). It does no I/O:
//! every document a schema refers to is handed in.

use std::borrow::Cow;

use serde_json::Value;

use crate::schema::Draft;
use crate::schema::keywords::{FORMAT_ASSERTS, Shape};
use crate::schema::pattern::ecma_literals;

/// The most steps a single `pattern` match may backtrack before the match fails, so a hostile
/// pattern cannot stall a run (CRATES.md trap 6).
pub(crate) const REGEX_BACKTRACK_LIMIT: usize = 100_000;

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
pub(crate) fn pattern_matches(pattern: &str, text: &str) -> Option<bool> {
    thread_local! {
        // Each pattern is compiled once per thread: flattening and proving ask about the same
        // few patterns for many keys.
        static PATTERNS: std::cell::RefCell<std::collections::HashMap<String, Option<std::rc::Rc<Validator>>>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    let validator = PATTERNS.with(|cache| {
        if let Some(found) = cache.borrow().get(pattern) {
            return found.clone();
        }
        let schema = serde_json::json!({ "type": "string", "pattern": pattern });
        let compiled = Validator::new(&schema, Draft::Draft2020_12, "stitch:pattern", &[])
            .ok()
            .map(std::rc::Rc::new);
        cache
            .borrow_mut()
            .insert(pattern.to_owned(), compiled.clone());
        compiled
    })?;
    match validator.judge(&Value::String(text.to_owned())) {
        Judgement::Valid => Some(true),
        Judgement::Invalid(_) => Some(false),
        Judgement::Undecided => None,
    }
}

/// The first reason `schema` is not valid under the draft 2020-12 meta-schema, whatever its
/// `$schema` says, as the pointer into `schema` and the validator's message; `None` when valid.
/// (What Anthropic checks every `input_schema` against.)
pub(crate) fn meta_2020_error(schema: &Value) -> Option<(String, String)> {
    jsonschema::draft202012::meta::validate(schema)
        .err()
        .map(|e| (e.instance_path().to_string(), e.to_string()))
}

/// Every reason `schema` is not valid under `draft`'s meta-schema (C2), as the pointer into
/// `schema` and the validator's message, in the validator's order. The meta-schemas are the
/// crate's bundled copies: nothing is fetched.
pub(crate) fn meta_errors(schema: &Value, draft: Draft) -> Vec<(String, String)> {
    let validator = match draft {
        Draft::Draft4 => jsonschema::draft4::meta::validator(),
        Draft::Draft6 => jsonschema::draft6::meta::validator(),
        Draft::Draft7 => jsonschema::draft7::meta::validator(),
        Draft::Draft2019_09 => jsonschema::draft201909::meta::validator(),
        Draft::Draft2020_12 => jsonschema::draft202012::meta::validator(),
    };
    validator
        .iter_errors(schema)
        .map(|e| (e.instance_path().to_string(), e.to_string()))
        .collect()
}

/// True when `pattern` is an ECMA-262 regular expression as the validator reads it: its
/// translation for the regex engine succeeds and the result parses. (The validator compiles it
/// in full when it is built; an engine limit it then hits is reported there.)
/// A plain expression (`schema::pattern`) is valid without building either syntax tree.
pub(crate) fn pattern_is_valid(pattern: &str) -> bool {
    crate::schema::pattern::is_plain(pattern) || parses(pattern)
}

/// The validator's own reading of `pattern`: translated, then parsed.
fn parses(pattern: &str) -> bool {
    jsonschema_regex::to_rust_regex(&ecma_literals(pattern))
        .is_ok_and(|translated| fancy_regex::Expr::parse_tree(&translated).is_ok())
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
        // Without the meta-schemas first (see `SchemaSet::new`); a schema that does not compile
        // so is compiled again with them, and what that says is the answer.
        Validator::compile(schema, draft, base, resources, false)
            .or_else(|_| Validator::compile(schema, draft, base, resources, true))
    }

    /// [`Validator::new`] for a caller that knows whether a reference names a meta-schema
    /// (`Loaded::names_a_meta_schema`): over the bundled meta-schemas only then, compiled once.
    pub(crate) fn compile(
        schema: &Value,
        draft: Draft,
        base: &str,
        resources: &[Resource<'_>],
        metas: bool,
    ) -> Result<Validator, CompileError> {
        let set = SchemaSet::new(resources.iter().map(|r| (r.uri, r.value, r.draft)), metas)?;
        build(schema, draft, base, &set.registry)
    }

    /// True when `instance` is valid; `false` also where [`Validator::judge`] would find it
    /// undecided.
    pub fn is_valid(&self, instance: &Value) -> bool {
        self.inner.is_valid(instance)
    }

    /// Whether `instance` is valid, and if not, which keyword rejected it. A rejection that
    /// rests on a regular expression the engine gave up on is [`Judgement::Undecided`].
    pub fn judge(&self, instance: &Value) -> Judgement {
        if self.is_valid(instance) {
            return Judgement::Valid;
        }
        let Some(errors) = self.decided_errors(instance) else {
            return Judgement::Undecided;
        };
        let error = innermost(&errors[0]);
        Judgement::Invalid(Rejection {
            keyword_uri: error.absolute_keyword_location().map(|u| u.to_string()),
            schema_path: error.schema_path().to_string(),
            instance_path: error.instance_path().to_string(),
            message: error.to_string(),
        })
    }
}

impl Validator {
    /// True when [`Validator::judge`] would find `instance` invalid, without spelling out
    /// which keyword rejected it (the sampler's local retries ask this of most values they
    /// make).
    pub fn rejects(&self, instance: &Value) -> bool {
        !self.is_valid(instance) && self.decided_errors(instance).is_some()
    }

    /// The errors of an instance that is not valid; `None` when there are none, or one rests on
    /// a regular expression the engine gave up on (undecided).
    fn decided_errors<'v>(
        &'v self,
        instance: &'v Value,
    ) -> Option<Vec<jsonschema::ValidationError<'v>>> {
        let errors: Vec<jsonschema::ValidationError<'_>> =
            self.inner.iter_errors(instance).collect();
        (!errors.is_empty() && !errors.iter().any(gave_up)).then_some(errors)
    }

    /// Every reason `instance` is refused, in the validator's order (empty when it is valid):
    /// each error's keyword path, the pointer into the instance, and the message. Where a
    /// union (`anyOf`, `oneOf`) refuses a value and its discriminator picks one branch, that
    /// branch's reasons stand in for the union's "not valid under any".
    pub fn errors(&self, instance: &Value) -> Vec<Rejection> {
        let mut out = Vec::new();
        for error in self.inner.iter_errors(instance) {
            explain(&error, &mut out);
        }
        out
    }
}

/// `error` as rejections, into `out`: a union's picked branch's, recursively, else its own.
fn explain(error: &jsonschema::ValidationError<'_>, out: &mut Vec<Rejection>) {
    use jsonschema::error::ValidationErrorKind as Kind;
    if let Kind::AnyOf { context } | Kind::OneOfNotValid { context } = error.kind()
        && let Some(branch) = discriminated(&error.instance_path().to_string(), context)
    {
        for inner in &context[branch] {
            explain(inner, out);
        }
        return;
    }
    out.push(Rejection {
        keyword_uri: error.absolute_keyword_location().map(|u| u.to_string()),
        schema_path: error.schema_path().to_string(),
        instance_path: error.instance_path().to_string(),
        message: error.to_string(),
    });
}

/// The branch a value's discriminator picks among the reasons each branch of a union at `at`
/// (a pointer into the value) refused it: the one branch whose `const` or `enum` on a key of
/// the value at `at` held, where every other branch's failed (a discriminated union, as Zod
/// and Pydantic write them: `{"kind": {"const": "refund"}, …}`). `None` when no single branch
/// is picked that way.
fn discriminated(at: &str, context: &[Vec<jsonschema::ValidationError<'static>>]) -> Option<usize> {
    use jsonschema::error::ValidationErrorKind as Kind;
    let misses = |errors: &[jsonschema::ValidationError<'static>]| {
        errors.iter().any(|e| {
            matches!(e.kind(), Kind::Constant { .. } | Kind::Enum { .. })
                && e.instance_path()
                    .to_string()
                    .rsplit_once('/')
                    .is_some_and(|(parent, _)| parent == at)
        })
    };
    let mut fitting = (0..context.len()).filter(|&i| !misses(&context[i]));
    let branch = fitting.next()?;
    (fitting.next().is_none() && context.len() > 1).then_some(branch)
}

/// A set of documents registered once, from which validators for any place in them are built
/// cheaply (V3: every schema compiled once, offline).
pub(crate) struct SchemaSet<'a> {
    registry: jsonschema::Registry<'a>,
}

impl std::fmt::Debug for SchemaSet<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SchemaSet").finish_non_exhaustive()
    }
}

/// Why a value is rejected: the keyword that rejected it and where the value sits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    /// The rejecting keyword's absolute location (`uri#pointer`), when the validator knows it.
    pub keyword_uri: Option<String>,
    /// The rejecting keyword's path from the validated schema (without `$ref` steps).
    pub schema_path: String,
    /// JSON Pointer of the rejected part of the value.
    pub instance_path: String,
    /// The validator's message.
    pub message: String,
}

/// The answer of [`Validator::judge`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judgement {
    /// The value is valid.
    Valid,
    /// The value is invalid, for this reason.
    Invalid(Rejection),
    /// The validator gave up (a `pattern` hit its backtracking limit): neither valid nor invalid.
    Undecided,
}

impl<'a> SchemaSet<'a> {
    /// Registers `resources` under their URIs, borrowing each document unless its draft must
    /// rename a keyword (then a renamed copy is registered), over the bundled meta-schemas of
    /// every draft when `metas` is set: a set whose references name one (the loader knows,
    /// `Reference::meta_schema`). Without them, the validator still finds its own draft's
    /// meta-schemas when a reference names one; reading all nineteen was a tenth of a small
    /// `stitch verify` (issue 16). Nothing is fetched.
    pub fn new<U: AsRef<str>>(
        resources: impl IntoIterator<Item = (U, &'a Value, Draft)>,
        metas: bool,
    ) -> Result<SchemaSet<'a>, CompileError> {
        // Borrowed rather than copied: a set is built for every compile and for each side of
        // a verification, and an enum of a million values was copied each time (issue 16).
        let mut builder = baseline(metas)?;
        for (uri, value, draft) in resources {
            let read_as = to_crate(draft);
            builder = match as_draft_reads(value, draft) {
                Cow::Borrowed(value) => builder.add(uri, read_as.create_resource_ref(value)),
                Cow::Owned(value) => builder.add(uri, read_as.create_resource(value)),
            }
            .map_err(registry_error)?;
        }
        let registry = builder.prepare().map_err(registry_error)?;
        Ok(SchemaSet { registry })
    }
}

impl SchemaSet<'static> {
    /// Registers documents it owns (as `new` does), moving each into the set.
    pub fn owning(
        resources: Vec<(String, Value, Draft)>,
        metas: bool,
    ) -> Result<SchemaSet<'static>, CompileError> {
        let mut builder = baseline(metas)?;
        for (uri, value, draft) in resources {
            let value = match as_draft_reads(&value, draft) {
                Cow::Borrowed(_) => value,
                Cow::Owned(renamed) => renamed,
            };
            builder = builder
                .add(uri, to_crate(draft).create_resource(value))
                .map_err(registry_error)?;
        }
        let registry = builder.prepare().map_err(registry_error)?;
        Ok(SchemaSet { registry })
    }
}

/// A builder over the meta-schemas of every draft when `metas` is set (the baseline, so that
/// references to them resolve), else an empty one.
fn baseline(metas: bool) -> Result<referencing::RegistryBuilder<'static>, CompileError> {
    if !metas {
        return Ok(referencing::Registry::new());
    }
    referencing::SPECIFICATIONS
        .extend(std::iter::empty::<(&str, referencing::Resource)>())
        .map_err(registry_error)
}

/// A registry that cannot be built: a URI that does not parse.
fn registry_error(e: jsonschema::ReferencingError) -> CompileError {
    CompileError {
        message: e.to_string(),
        pointer: None,
        is_pattern: false,
    }
}

impl SchemaSet<'_> {
    /// A validator for the schema at `uri` (a registered document's URI with a JSON Pointer
    /// fragment), read as `draft`.
    pub fn validator(&self, uri: &str, draft: Draft) -> Result<Validator, CompileError> {
        let wrapper = serde_json::json!({ "$ref": uri });
        build(&wrapper, draft, "stitch:verify", &self.registry)
    }

    /// The experimental canonical module's answer to "does the schema at `sup` accept every
    /// value the schema at `sub` accepts?" (V1, second opinion): `Some(true)` yes, `Some(false)`
    /// no, `None` undecided — including when either side is not modelled. Both places must be
    /// in `resources` or the places themselves, read as one `draft`.
    ///
    /// The module bounds its own work by counting steps (intersections and conditional
    /// variants), so the answer never depends on time or load; it runs on a worker thread for
    /// the stack its recursion needs.
    pub fn canonical_covers(
        sub: (&Value, &str),
        sup: (&Value, &str),
        draft: Draft,
        resources: &[Resource<'_>],
    ) -> Option<bool> {
        let answer = crate::threads::run("stitch-canonical", || {
            let registry = referencing::SPECIFICATIONS
                .extend(resources.iter().map(|r| {
                    let value = as_draft_reads(r.value, r.draft).into_owned();
                    (r.uri, to_crate(r.draft).create_resource(value))
                }))
                .and_then(|builder| builder.prepare())
                .ok()?;
            let canonical = |value: &Value, base: &str| {
                jsonschema::canonical::options()
                    .with_registry(&registry)
                    .with_draft(to_crate(draft))
                    .with_base_uri(base)
                    .offline()
                    .should_validate_formats(FORMAT_ASSERTS)
                    .canonicalize(value)
                    .ok()
            };
            let sub = canonical(&as_draft_reads(sub.0, draft), sub.1)?;
            let sup = canonical(&as_draft_reads(sup.0, draft), sup.1)?;
            match sup.covers(&sub).ok()? {
                jsonschema::canonical::Containment::Yes => Some(true),
                jsonschema::canonical::Containment::No => Some(false),
                jsonschema::canonical::Containment::Unknown => None,
            }
        });
        answer.ok()?.ok()?
    }
}

/// Builds the meta-schema validator of the default draft (2020-12), once per process.
///
/// Compiling a schema checks it against its draft's meta-schema (the `INVALID_SCHEMA`
/// finding), and `jsonschema` builds that validator once per process, when first asked: about a
/// tenth of a small `stitch verify`. The process's `main` (lib.rs) calls this on its first thread
/// while the worker reads the command line and the inputs, which need none of it; a compile
/// that comes first waits for it rather than building it twice. Drafts other than 2020-12 are
/// built when asked.
pub fn warm_up() {
    let _ = jsonschema::draft202012::meta::is_valid(&Value::Bool(true));
}

fn build(
    schema: &Value,
    draft: Draft,
    base: &str,
    registry: &jsonschema::Registry<'_>,
) -> Result<Validator, CompileError> {
    let inner = jsonschema::options()
        .with_draft(to_crate(draft))
        .with_base_uri(base)
        .with_registry(registry)
        .offline()
        .should_validate_formats(FORMAT_ASSERTS)
        .with_pattern_options(
            jsonschema::PatternOptions::fancy_regex().backtrack_limit(REGEX_BACKTRACK_LIMIT),
        )
        .build(&as_draft_reads(schema, draft))
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

/// Keywords the `jsonschema` crate enforces in drafts that do not define them: `dependencies`
/// in 2019-09 and 2020-12, `additionalItems` and array-form `items` in 2020-12, the content
/// keywords in draft 6. L2 says a keyword the draft does not know asserts nothing.
fn enforced_beyond_its_drafts(keyword: &str, value: &Value, draft: Draft) -> bool {
    match keyword {
        "dependencies" | "additionalItems" | "contentEncoding" | "contentMediaType" => {
            !draft.is_keyword(keyword)
        }
        "items" => value.is_array() && draft.shape(keyword) == Some(Shape::One),
        _ => false,
    }
}

/// `schema` as `draft` reads it, for the crate: the keywords it would enforce beyond their
/// drafts renamed `x-stitch-ignored-<keyword>`, where they assert nothing, and every `pattern`
/// and `patternProperties` key written with the escapes ECMA-262 reads as literals spelled as
/// those characters (`schema::pattern::ecma_literals`: the crate's regex engine reads `\<` as a
/// word boundary; issue 39) — borrowed when there is none of either. A reference into a renamed
/// keyword's value no longer resolves, so the place does not compile and decides nothing: never
/// a wrong verdict.
pub(crate) fn as_draft_reads(schema: &Value, draft: Draft) -> Cow<'_, Value> {
    if !needs_renaming(schema, draft) {
        return Cow::Borrowed(schema);
    }
    let mut out = schema.clone();
    let mut stack: Vec<&mut Value> = vec![&mut out];
    while let Some(node) = stack.pop() {
        let Value::Object(map) = node else {
            continue;
        };
        let renamed: Vec<String> = map
            .iter()
            .filter(|(k, v)| enforced_beyond_its_drafts(k, v, draft))
            .map(|(k, _)| k.clone())
            .collect();
        for keyword in renamed {
            if let Some(value) = map.shift_remove(&keyword) {
                map.insert(format!("x-stitch-ignored-{keyword}"), value);
            }
        }
        if let Some(Value::String(pattern)) = map.get_mut("pattern")
            && let Cow::Owned(read) = ecma_literals(pattern)
        {
            *pattern = read;
        }
        if let Some(Value::Object(patterns)) = map.get_mut("patternProperties")
            && patterns
                .keys()
                .any(|k| matches!(ecma_literals(k), Cow::Owned(_)))
        {
            *patterns = std::mem::take(patterns)
                .into_iter()
                .map(|(k, v)| (ecma_literals(&k).into_owned(), v))
                .collect();
        }
        let children: Vec<&'static str> = draft
            .subschemas(map)
            .iter()
            .map(|sub| sub.keyword)
            .chain(["$defs", "definitions"])
            .collect();
        for (key, value) in map.iter_mut() {
            if !children.contains(&key.as_str()) {
                continue;
            }
            let holds_a_map = matches!(draft.shape(key), Some(Shape::Map | Shape::MapOrNames))
                || matches!(key.as_str(), "$defs" | "definitions");
            if holds_a_map && let Value::Object(members) = value {
                stack.extend(members.values_mut());
            } else if let Value::Array(items) = value {
                stack.extend(items.iter_mut());
            } else {
                stack.push(value);
            }
        }
    }
    Cow::Owned(out)
}

/// True when some schema object under `schema` has a keyword [`as_draft_reads`] renames.
fn needs_renaming(schema: &Value, draft: Draft) -> bool {
    let mut stack = vec![schema];
    while let Some(node) = stack.pop() {
        match node {
            Value::Object(map) => {
                let literal = |p: &str| matches!(ecma_literals(p), Cow::Owned(_));
                if map
                    .iter()
                    .any(|(k, v)| enforced_beyond_its_drafts(k, v, draft))
                    || map
                        .get("pattern")
                        .and_then(Value::as_str)
                        .is_some_and(literal)
                    || map
                        .get("patternProperties")
                        .and_then(Value::as_object)
                        .is_some_and(|p| p.keys().any(|k| literal(k)))
                {
                    return true;
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items.iter()),
            _ => {}
        }
    }
    false
}

/// The error that says best why a value is rejected: inside a failed union, the branch that got
/// furthest into the value (CRATES.md trap 4).
fn innermost<'e>(
    error: &'e jsonschema::ValidationError<'_>,
) -> &'e jsonschema::ValidationError<'e> {
    use jsonschema::error::ValidationErrorKind as Kind;
    let context = match error.kind() {
        Kind::AnyOf { context } | Kind::OneOfNotValid { context } => context,
        _ => return error,
    };
    let deepest = context
        .iter()
        .filter_map(|branch| branch.first())
        .max_by_key(|e| e.instance_path().as_str().len());
    match deepest {
        Some(e) if e.instance_path().as_str().len() > error.instance_path().as_str().len() => {
            innermost(e)
        }
        _ => error,
    }
}

fn gave_up(error: &jsonschema::ValidationError<'_>) -> bool {
    use jsonschema::error::ValidationErrorKind as Kind;
    match error.kind() {
        Kind::BacktrackLimitExceeded { .. } | Kind::RegexEngineFailure { .. } => true,
        Kind::AnyOf { context }
        | Kind::OneOfNotValid { context }
        | Kind::OneOfMultipleValid { context } => context.iter().flatten().any(gave_up),
        Kind::PropertyNames { error } => gave_up(error),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{Draft, Judgement, SchemaSet, Validator, parses};
    use crate::schema::pattern::is_plain;
    use serde_json::{Value, json};

    /// References to meta-schemas resolve whether or not a set is built over all of them: to
    /// its own draft's (which the validator supplies itself) and to another draft's (which
    /// `Validator::new` compiles again with them all, and a set the loader asks for has).
    #[test]
    fn references_to_meta_schemas_resolve() {
        let schema = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "properties": {
                "own": {"$ref": "https://json-schema.org/draft/2020-12/schema"},
                "other": {"$ref": "http://json-schema.org/draft-07/schema#"}
            }
        });
        let checks = |v: &Validator| {
            assert!(v.is_valid(&json!({"own": {"type": "object"}, "other": {"minimum": 1}})));
            assert!(!v.is_valid(&json!({"own": 5})));
            assert!(!v.is_valid(&json!({"other": {"minimum": "1"}})));
        };
        checks(&Validator::new(&schema, Draft::Draft2020_12, "stitch:test", &[]).unwrap());
        let set = SchemaSet::new([("stitch:test", &schema, Draft::Draft2020_12)], true).unwrap();
        checks(&set.validator("stitch:test#", Draft::Draft2020_12).unwrap());
    }

    /// `rejects` says `true` exactly where `judge` finds a value invalid: not where it is
    /// valid, nor where the regular-expression engine gave up (undecided).
    #[test]
    fn rejects_agrees_with_judge() {
        let compile = |schema: Value| {
            Validator::new(&schema, Draft::Draft2020_12, "stitch:test", &[]).unwrap()
        };
        let string = compile(json!({"type": "string"}));
        assert_eq!(string.judge(&json!("a")), Judgement::Valid);
        assert!(!string.rejects(&json!("a")));
        assert!(matches!(string.judge(&json!(1)), Judgement::Invalid(_)));
        assert!(string.rejects(&json!(1)));
        // A look-ahead sends the pattern to the backtracking engine, which gives up here.
        let hard = compile(json!({"pattern": "^(?:(?=a)(a|aa))+$"}));
        let long = json!(format!("{}b", "a".repeat(60)));
        assert_eq!(hard.judge(&long), Judgement::Undecided);
        assert!(!hard.rejects(&long));
    }

    /// Pieces that random expressions are strung from: mostly well-formed, with every piece of
    /// syntax the plain subset refuses or that the engines read differently among them.
    const PIECES: &[&str] = &[
        "a",
        "Z",
        "7",
        "-",
        "_",
        ".",
        "^",
        "$",
        "|",
        "(",
        ")",
        "(?:",
        "(?=",
        "(?<",
        "[",
        "]",
        "[^",
        "[a-z]",
        "[Pp]",
        "[z-a]",
        "[a-]",
        "[-a]",
        "[]",
        "{",
        "}",
        "{2}",
        "{2,}",
        "{1,3}",
        "{3,1}",
        "{,2}",
        "*",
        "+",
        "?",
        "\\",
        "\\d",
        "\\w",
        "\\s",
        "\\.",
        "\\/",
        "\\-",
        "\\b",
        "\\1",
        "\\c",
        "\\p{L}",
        "\\u0041",
        "\\x41",
        "&",
        "&&",
        "~~",
        "--",
        "é",
        " ",
        "#",
        ",",
        "/",
        "\\]",
        "\\[",
        "[\\d.]",
        "[(){}]",
        "[$|?*+]",
        "[a-zA-Z0-9_]",
        "(a|)",
        "]]",
        "{1001}",
    ];

    /// Soundness of the fast path (L5): an expression `is_plain` accepts is one the validator's
    /// translation and parser accept, over 50,000 random expressions.
    #[test]
    fn every_plain_expression_parses() {
        let mut state: u64 = 0x5eed_1234_abcd_0001;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        let mut plain = 0;
        for _ in 0..50_000 {
            let length = next() % 9;
            let pattern: String = (0..length + next() % 8)
                .map(|_| PIECES[next() % PIECES.len()])
                .collect();
            if is_plain(&pattern) {
                plain += 1;
                assert!(parses(&pattern), "plain but refused: {pattern:?}");
            }
        }
        // The test says nothing unless a good share of its expressions are plain.
        assert!(plain > 2_500, "only {plain} plain expressions");
    }
}
