//! C3: lint rules, run by `stitch check` on every schema object of a loaded input, as written
//! (each tool's input schema, or the whole schema with its definitions). Pure: a document in,
//! findings out. Each rule has its code in the one table; the checks loading, flattening,
//! verification and the targets already make (invalid JSON, unresolvable references, invalid
//! patterns, unions left in place, verdicts, tool names) are not repeated here.
//!
//! Rules look at one schema object at a time and say nothing where another keyword of the object
//! could make the rule's premise false (a `required` key an `allOf` may declare), so that a
//! finding is always worth reading.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::diagnostic::{Anchor, Finding, Severity, codes};
use crate::document::Loaded;
use crate::schema::walk::{self, Reading};
use crate::schema::{Draft, keywords, pointer};
use crate::validate;

/// The formats every draft from 7 on defines: what validators and providers know by name.
const PORTABLE_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// References and combinators: keywords through which another schema may say what a rule
/// looks for in the object itself.
const ELSEWHERE: &[&str] = &[
    "allOf",
    "anyOf",
    "oneOf",
    "$ref",
    "$dynamicRef",
    "$recursiveRef",
    "if",
];

/// Keywords besides [`ELSEWHERE`] that may declare a property or a key outside the object's
/// `properties`.
const DECLARE_ELSEWHERE: &[&str] = &[
    "patternProperties",
    "dependentSchemas",
    "dependencies",
    "unevaluatedProperties",
];

/// True when `map` has one of [`ELSEWHERE`]'s keywords or of `more`.
fn has_elsewhere(map: &Map<String, Value>, more: &[&str]) -> bool {
    ELSEWHERE.iter().chain(more).any(|k| map.contains_key(*k))
}

/// Every lint finding of `loaded`'s input document.
pub fn lint(loaded: &Loaded) -> Vec<Finding> {
    let input = loaded.input();
    let mut out = Vec::new();
    let roots: Vec<&str> = loaded
        .contents
        .schemas()
        .into_iter()
        .map(|(_, at)| at)
        .collect();
    let mut seen = BTreeSet::new();
    for root in roots {
        let Some(schema) = input.value.pointer(root) else {
            continue;
        };
        for visit in walk::preorder(schema, root, input.draft, Reading::WRITTEN) {
            if seen.insert(visit.at.clone()) {
                node(visit.map, &visit.at, input.draft, &mut out);
            }
        }
    }
    for root in loaded.contents.schemas().into_iter().map(|(_, at)| at) {
        if let Some(schema) = input.value.pointer(root) {
            let found = meta_schema(schema, root, input.draft, &out);
            out.extend(found);
        }
    }
    out.into_iter()
        .map(|f| f.in_source(&input.source))
        .collect()
}

/// The most meta-schema findings one schema gets: past a few, they say one thing (a document
/// written for another draft) many times.
const META_FINDINGS: usize = 10;

/// C2: where the schema at `root` is not valid under its draft's meta-schema, one finding per
/// place, except where another rule already said it (`required` listing a name twice is a
/// meta-schema error too, and better told by its own rule at the entry).
fn meta_schema(schema: &Value, root: &str, draft: Draft, said: &[Finding]) -> Vec<Finding> {
    let mut places = BTreeSet::new();
    let mut out = Vec::new();
    for (relative, message) in validate::meta_errors(schema, draft) {
        let at = format!("{root}{relative}");
        if told(said, &at) || !places.insert(at.clone()) {
            continue;
        }
        if out.len() == META_FINDINGS {
            break;
        }
        let why = match not_a_type(schema, &relative) {
            Some(name) => format!("`\"{name}\"` is not a type (JSON Schema's are {TYPES})"),
            None => shortened(&message),
        };
        out.push(
            Finding::of(
                codes::LINT_META_SCHEMA,
                format!("not valid under the draft {} meta-schema: {why}", draft.name()),
            )
            .at(at)
            .with_help("validators may refuse the schema or read it differently; fix the value, or declare the draft it was written for in `$schema`"),
        );
    }
    out
}

/// True when one of `said` is about the value at `at`: there, or at one of its members (a
/// `required` entry named twice is about the `required` array).
pub(crate) fn told(said: &[Finding], at: &str) -> bool {
    said.iter().filter_map(|f| f.pointer.as_deref()).any(|p| {
        p == at
            || p.strip_prefix(at)
                .and_then(|rest| rest.strip_prefix('/'))
                .is_some_and(|rest| !rest.contains('/'))
    })
}

/// The names `type` takes, as a message lists them.
const TYPES: &str = "array, boolean, integer, null, number, object and string";

/// The name that is not a type, where the meta-schema's complaint at `relative` is a `type`
/// naming one (alone, or in a list); the validator's own message for it names only `anyOf`.
fn not_a_type<'a>(schema: &'a Value, relative: &str) -> Option<&'a str> {
    // Not a schema named `type` in a map of schemas (`properties: {"type": "strin"}`).
    let maps = [
        "/properties",
        "/patternProperties",
        "/$defs",
        "/definitions",
    ];
    let parent = relative.strip_suffix("/type")?;
    if maps.iter().any(|m| parent.ends_with(m)) {
        return None;
    }
    let known = |name: &str| TYPES.split([',', ' ']).any(|t| t == name);
    match schema.pointer(relative)? {
        Value::String(name) => Some(name.as_str()),
        Value::Array(names) => names.iter().filter_map(Value::as_str).find(|n| !known(n)),
        _ => None,
    }
    .filter(|name| !known(name))
}

/// `message` cut to a line's length: the validator's messages quote the offending value whole.
fn shortened(message: &str) -> String {
    const MOST: usize = 160;
    match message.char_indices().nth(MOST) {
        Some((end, _)) => format!("{}…", &message[..end]),
        None => message.to_owned(),
    }
}

/// The rules at one schema object.
fn node(map: &Map<String, Value>, at: &str, draft: Draft, out: &mut Vec<Finding>) {
    required(map, at, out);
    if let Some(Value::Array(values)) = map.get("enum")
        && values.is_empty()
    {
        out.push(
            Finding::of(
                codes::LINT_EMPTY_ENUM,
                "`enum` is empty: no value is valid here",
            )
            .at(pointer::push(at, "enum"))
            .with_help("list the values, or remove the keyword"),
        );
    }
    items(map, at, out);
    untyped_properties(map, at, out);
    if let Some(Value::String(format)) = map.get("format")
        && !PORTABLE_FORMATS.contains(&format.as_str())
    {
        out.push(
            Finding::of(
                codes::LINT_FORMAT,
                format!("`format: \"{format}\"` is not a format JSON Schema defines: validators and providers may ignore or refuse it"),
            )
            .at(pointer::push(at, "format"))
            .with_help("say it in `description`, or use `pattern`; `stitch explain lint::format` lists the portable formats"),
        );
    }
    for key in map.keys() {
        if let Some(meant) = typo_of(key, draft) {
            out.push(
                Finding::of(
                    codes::LINT_UNKNOWN_KEYWORD,
                    format!(
                        "`{key}` is not a keyword: did you mean `{meant}`? As written it is ignored"
                    ),
                )
                .at(pointer::push(at, key))
                .anchored(Anchor::Key),
            );
        }
    }
}

/// `required`: duplicate entries, and names no `properties` entry declares.
fn required(map: &Map<String, Value>, at: &str, out: &mut Vec<Finding>) {
    let Some(Value::Array(names)) = map.get("required") else {
        return;
    };
    let mut seen = BTreeSet::new();
    for (i, name) in names.iter().enumerate() {
        let Value::String(name) = name else { continue };
        if !seen.insert(name.as_str()) {
            out.push(
                Finding::of(
                    codes::LINT_DUPLICATE_REQUIRED,
                    format!("`required` names `{name}` twice"),
                )
                .at(pointer::push_index(&pointer::push(at, "required"), i))
                .with_help("remove the second entry: the 2020-12 meta-schema (which Anthropic checks) refuses duplicates"),
            );
        }
    }
    let Some(Value::Object(properties)) = map.get("properties") else {
        return;
    };
    if has_elsewhere(map, DECLARE_ELSEWHERE) {
        return;
    }
    let closed = map.get("additionalProperties") == Some(&Value::Bool(false));
    for (i, name) in names.iter().enumerate() {
        let Value::String(name) = name else { continue };
        if properties.contains_key(name) {
            continue;
        }
        let (severity, why) = if closed {
            (
                Severity::Error,
                "and `additionalProperties: false` refuses it: no value is valid here",
            )
        } else {
            (
                Severity::Warning,
                "so the model is told nothing about it (a misspelt name?)",
            )
        };
        out.push(
            Finding::new(
                codes::LINT_REQUIRED_UNDECLARED,
                severity,
                format!("`required` names `{name}`, which `properties` does not declare, {why}"),
            )
            .at(pointer::push_index(&pointer::push(at, "required"), i))
            .with_help("declare it in `properties`, or fix the name"),
        );
    }
}

/// Keywords besides `items` and [`ELSEWHERE`] that say what an array's elements are, or could.
const ITEMS_ELSEWHERE: &[&str] = &[
    "prefixItems",
    "additionalItems",
    "contains",
    "unevaluatedItems",
    "not",
];

/// `type: "array"` (alone: a type list may mean the array is the rare case) with nothing said
/// about the elements.
fn items(map: &Map<String, Value>, at: &str, out: &mut Vec<Finding>) {
    if map.get("type") != Some(&Value::String("array".to_owned()))
        || map.contains_key("items")
        || has_elsewhere(map, ITEMS_ELSEWHERE)
    {
        return;
    }
    out.push(
        Finding::of(
            codes::LINT_ARRAY_WITHOUT_ITEMS,
            "an array with no `items`: any elements are accepted, and the model is told nothing about them",
        )
        .at(pointer::push(at, "type"))
        .with_help("say what an element is in `items` (`items: {}` where anything goes); OpenAI and Gemini refuse an array without `items`"),
    );
}

/// Keywords besides [`ELSEWHERE`] that give a schema a type, or could.
const TYPE_INFORMATION: &[&str] = &["type", "enum", "const", "not"];

/// Each entry of `properties` whose schema says nothing about the value's type.
fn untyped_properties(map: &Map<String, Value>, at: &str, out: &mut Vec<Finding>) {
    let Some(Value::Object(properties)) = map.get("properties") else {
        return;
    };
    for (name, schema) in properties {
        let untyped = match schema {
            Value::Bool(true) => true,
            Value::Object(schema) => !has_elsewhere(schema, TYPE_INFORMATION),
            _ => false,
        };
        if untyped {
            out.push(
                Finding::of(
                    codes::LINT_UNTYPED_PROPERTY,
                    format!("property `{name}` says nothing about its type: any value is accepted"),
                )
                .at(pointer::push(&pointer::push(at, "properties"), name))
                .anchored(Anchor::Key)
                .with_help("give it a `type` (or an `enum`, a `$ref`); where any value is meant, turn `lint::untyped_property` off in `[rules]`"),
            );
        }
    }
}

/// Keys of other vocabularies that schemas carry on purpose: OpenAPI's (`example` is one edit
/// from `examples`) and VS Code's.
const OTHER_VOCABULARIES: &[&str] = &[
    "example",
    "nullable",
    "discriminator",
    "xml",
    "externalDocs",
    "markdownDescription",
];

/// The keyword `key` is a likely misspelling of: not a keyword of any draft, not an extension
/// (`x-…`) or another vocabulary's key, and one edit (or a change of case) away from one of
/// `draft`'s keywords.
fn typo_of(key: &str, draft: Draft) -> Option<&'static str> {
    if key.starts_with("x-")
        || OTHER_VOCABULARIES.contains(&key)
        || keywords::KEYWORDS.iter().any(|k| k.name == key)
    {
        return None;
    }
    keywords::KEYWORDS
        .iter()
        .filter(|k| k.in_draft(draft) && k.name.len() >= 4)
        .map(|k| k.name)
        .find(|name| name.eq_ignore_ascii_case(key) || one_edit(name, key))
}

/// True when `a` and `b` differ by one insertion, deletion, substitution or swap of two
/// neighbours.
fn one_edit(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (ra, rb) = (a.len() - prefix - suffix, b.len() - prefix - suffix);
    match (ra, rb) {
        (0, 1) | (1, 0) | (1, 1) => true,
        (2, 2) => a[prefix] == b[prefix + 1] && a[prefix + 1] == b[prefix],
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes_of(text: &str) -> Vec<(String, String)> {
        let loaded = crate::document::testing::loaded(text);
        lint(&loaded)
            .into_iter()
            .map(|f| (f.code.as_str().to_owned(), f.pointer.unwrap_or_default()))
            .collect()
    }

    #[test]
    fn typos_are_one_edit_from_a_keyword() {
        assert_eq!(typo_of("tpye", Draft::Draft2020_12), Some("type"));
        assert_eq!(typo_of("requried", Draft::Draft2020_12), Some("required"));
        assert_eq!(
            typo_of("additionalproperties", Draft::Draft2020_12),
            Some("additionalProperties")
        );
        assert_eq!(typo_of("type", Draft::Draft2020_12), None);
        assert_eq!(typo_of("x-tpye", Draft::Draft2020_12), None);
        assert_eq!(typo_of("city", Draft::Draft2020_12), None);
        assert_eq!(typo_of("example", Draft::Draft2020_12), None);
    }

    #[test]
    fn each_rule_fires_where_it_should_and_nowhere_else() {
        let found = codes_of(
            r#"{
              "type": "object",
              "properties": {
                "a": {"tpye": "string", "format": "phone"},
                "b": {"enum": []},
                "c": {"type": "string", "format": "email"},
                "d": {"type": "array"},
                "e": {"type": "number", "minimum": "1"}
              },
              "required": ["a", "a", "z"]
            }"#,
        );
        let expected: Vec<(String, String)> = [
            (codes::LINT_DUPLICATE_REQUIRED, "/required/1"),
            (codes::LINT_REQUIRED_UNDECLARED, "/required/2"),
            (codes::LINT_UNTYPED_PROPERTY, "/properties/a"),
            (codes::LINT_FORMAT, "/properties/a/format"),
            (codes::LINT_UNKNOWN_KEYWORD, "/properties/a/tpye"),
            (codes::LINT_EMPTY_ENUM, "/properties/b/enum"),
            (codes::LINT_ARRAY_WITHOUT_ITEMS, "/properties/d/type"),
            // The meta-schema's findings come last; its complaint about `required` (a name
            // twice) is left to the rule that says it at the entry.
            (codes::LINT_META_SCHEMA, "/properties/e/minimum"),
        ]
        .into_iter()
        .map(|(c, p)| (c.as_str().to_owned(), p.to_owned()))
        .collect();
        assert_eq!(found, expected);
        // `z` may come from an `allOf` branch: nothing is said.
        assert_eq!(
            codes_of(
                r#"{"properties": {"a": {"type": "string"}}, "required": ["z"], "allOf": [{"properties": {"z": {"type": "string"}}}]}"#
            ),
            []
        );
    }
}
