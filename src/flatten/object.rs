//! Reading a schema as one object (F5) and merging `allOf` conjuncts into one (F9).
//!
//! An [`ObjectView`] is what the flat object needs to know of a branch: the keys it declares
//! and their schemas, what it requires, how it treats other keys, and what else it asserts.
//! Everything that cannot be kept soundly is dropped here with a note.

use indexmap::IndexMap;
use serde_json::{Map, Value};

use super::{Notes, Reader};
use crate::canonical;
use crate::schema::keywords::{is_annotation, is_definitions, is_identity};
use crate::schema::pointer;

/// A schema read as an object.
#[derive(Debug, Clone, Default)]
pub(crate) struct ObjectView {
    /// Declared keys in order, with their schema and its pointer in the contract.
    pub properties: IndexMap<String, (Value, String)>,
    /// Required keys, in order, without repeats.
    pub required: Vec<String>,
    /// `additionalProperties`, when written.
    pub additional: Option<Value>,
    /// `unevaluatedProperties`, when written.
    pub unevaluated: Option<Value>,
    /// `patternProperties`, when written.
    pub pattern_properties: Option<Map<String, Value>>,
    /// Other assertions on the object (`minProperties`, `propertyNames`, …), with pointers.
    pub others: IndexMap<String, (Value, String)>,
    /// True when the view says `type: "object"` (or the caller knows it is an object).
    pub is_object: bool,
    /// True when it could not be read at all: it contributes `{}` for every key (F5).
    pub opaque: bool,
    /// The OpenAPI `discriminator.propertyName`, when present (F4).
    pub discriminator: Option<String>,
}

impl ObjectView {
    /// True when no other key is allowed: `additionalProperties: false` without
    /// `patternProperties` (F8).
    pub fn closed(&self) -> bool {
        !self.opaque
            && self.additional == Some(Value::Bool(false))
            && self.pattern_properties.is_none()
    }

    /// True when neither `additionalProperties` nor `unevaluatedProperties` is written (§1).
    pub fn implicitly_open(&self) -> bool {
        self.additional.is_none() && self.unevaluated.is_none()
    }

    /// True when it declares no property at all: a free-form map (§1).
    pub fn free_form(&self) -> bool {
        self.properties.is_empty()
    }
}

/// Keywords an object view keeps in `others` when they are the same everywhere (F8).
const BRANCH_LEVEL_KEYWORDS: &[&str] = &[
    "minProperties",
    "maxProperties",
    "propertyNames",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "if",
    "then",
    "else",
    "not",
];

/// Reads `schema` (at `at`) as an object (F5): its own `allOf` merged by F9, a `$ref` with
/// siblings read as `allOf: [target, siblings]`, keys declared only under conditionals or nested
/// unions counted as declared with `{}`.
pub(crate) fn read(reader: &Reader<'_>, schema: &Value, at: &str, notes: &mut Notes) -> ObjectView {
    read_depth(reader, schema, at, notes, 0)
}

/// Conjuncts nested deeper than this are not read (their view is opaque): the reference chain
/// of loading bounds real schemas far below.
const MAX_CONJUNCT_DEPTH: usize = 16;

fn read_depth(
    reader: &Reader<'_>,
    schema: &Value,
    at: &str,
    notes: &mut Notes,
    depth: usize,
) -> ObjectView {
    let opaque = || ObjectView {
        opaque: true,
        ..ObjectView::default()
    };
    if depth > MAX_CONJUNCT_DEPTH {
        return opaque();
    }
    let map = match schema {
        Value::Object(map) => map,
        Value::Bool(true) => return ObjectView::default(),
        _ => return opaque(),
    };
    let mut conjuncts: Vec<ObjectView> = Vec::new();
    if let Some(reference) = map.get("$ref").and_then(Value::as_str) {
        match reader.resolve(reference) {
            Some((target, target_at)) => {
                conjuncts.push(read_depth(reader, target, &target_at, notes, depth + 1));
            }
            None => return opaque(),
        }
        if reader.settings.draft.ref_overrides_siblings() {
            return conjoin(conjuncts, at, notes);
        }
    }
    if let Some(Value::Array(all)) = map.get("allOf") {
        for (i, conjunct) in all.iter().enumerate() {
            let here = pointer::push_index(&pointer::push(at, "allOf"), i);
            conjuncts.push(read_depth(reader, conjunct, &here, notes, depth + 1));
        }
    }
    conjuncts.insert(0, own(reader, map, at, notes));
    conjoin(conjuncts, at, notes)
}

/// The keywords written on the object itself, without `$ref` and `allOf`.
fn own(reader: &Reader<'_>, map: &Map<String, Value>, at: &str, notes: &mut Notes) -> ObjectView {
    let draft = reader.settings.draft;
    let mut view = ObjectView::default();
    for (key, value) in map {
        let here = pointer::push(at, key);
        match key.as_str() {
            "$ref" | "allOf" => {}
            "type" => {
                view.is_object = value == "object" || value == &Value::Array(vec!["object".into()]);
                if !view.is_object {
                    view.others.insert(key.clone(), (value.clone(), here));
                }
            }
            "properties" => {
                if let Value::Object(props) = value {
                    for (name, schema) in props {
                        view.properties
                            .insert(name.clone(), (schema.clone(), pointer::push(&here, name)));
                    }
                }
            }
            "required" => {
                for name in value
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                {
                    if !view.required.iter().any(|r| r == name) {
                        view.required.push(name.to_owned());
                    }
                }
            }
            "additionalProperties" => view.additional = Some(value.clone()),
            "unevaluatedProperties" if draft.is_keyword(key) => {
                view.unevaluated = Some(value.clone())
            }
            "patternProperties" => view.pattern_properties = value.as_object().cloned(),
            "discriminator" => {
                view.discriminator = value
                    .get("propertyName")
                    .and_then(Value::as_str)
                    .map(str::to_owned);
            }
            "anyOf" | "oneOf" => {
                // F5: keys declared only under a nested union count as declared, with `{}`;
                // the union itself is dropped.
                declare_nested(&mut view, value, &here);
                notes.widened(&here, format!("the nested `{key}` of a branch is dropped; the keys it declares are kept with any value"));
            }
            k if BRANCH_LEVEL_KEYWORDS.contains(&k) && draft.is_keyword(k) => {
                match (k, value) {
                    ("if" | "then" | "else", _) => declare_nested(&mut view, value, &here),
                    // A map of key → schema (or, in `dependencies`, → names): the schemas'
                    // keys count as declared (F5).
                    ("dependentSchemas" | "dependencies", Value::Object(map)) => {
                        for (name, schema) in map.iter().filter(|(_, v)| v.is_object()) {
                            declare_nested(&mut view, schema, &pointer::push(&here, name));
                        }
                    }
                    _ => {}
                }
                view.others.insert(key.clone(), (value.clone(), here));
            }
            k if is_annotation(k) || is_definitions(k) || is_identity(k) || k.starts_with("x-") => {
            }
            k if !draft.is_keyword(k) => {}
            _ => {
                // A keyword for other types (`minLength` beside `type: object`) or one this view
                // does not model: kept only when every branch has it (F8).
                view.others.insert(key.clone(), (value.clone(), here));
            }
        }
    }
    view
}

/// Adds the keys declared anywhere under `value` (conditionals, nested unions) as `{}`.
fn declare_nested(view: &mut ObjectView, value: &Value, at: &str) {
    let mut stack = vec![value];
    while let Some(node) = stack.pop() {
        match node {
            Value::Array(items) => stack.extend(items.iter()),
            Value::Object(map) => {
                if let Some(Value::Object(props)) = map.get("properties") {
                    for name in props.keys() {
                        view.properties
                            .entry(name.clone())
                            .or_insert_with(|| (Value::Object(Map::new()), at.to_owned()));
                    }
                }
                for key in ["allOf", "anyOf", "oneOf", "if", "then", "else"] {
                    if let Some(sub) = map.get(key) {
                        stack.push(sub);
                    }
                }
                for key in ["dependentSchemas", "dependencies"] {
                    if let Some(Value::Object(deps)) = map.get(key) {
                        stack.extend(deps.values().filter(|v| v.is_object()));
                    }
                }
            }
            _ => {}
        }
    }
}

/// F9: conjuncts merged into one object. Properties are unioned, a key in several conjuncts
/// gets `{"allOf": [its schemas]}`, `required` is unioned, and the result is closed when one
/// conjunct is closed without `patternProperties`.
pub(crate) fn conjoin(conjuncts: Vec<ObjectView>, at: &str, notes: &mut Notes) -> ObjectView {
    if conjuncts.len() == 1 {
        return conjuncts.into_iter().next().unwrap_or_default();
    }
    let mut out = ObjectView {
        is_object: conjuncts.iter().any(|c| c.is_object),
        opaque: conjuncts.iter().any(|c| c.opaque),
        discriminator: conjuncts.iter().find_map(|c| c.discriminator.clone()),
        ..ObjectView::default()
    };
    let mut per_key: IndexMap<String, Vec<(Value, String)>> = IndexMap::new();
    for conjunct in &conjuncts {
        for (name, entry) in &conjunct.properties {
            per_key.entry(name.clone()).or_default().push(entry.clone());
        }
        for name in &conjunct.required {
            if !out.required.contains(name) {
                out.required.push(name.clone());
            }
        }
    }
    for (name, mut schemas) in per_key {
        schemas.dedup_by(|a, b| canonical::canonical(&a.0) == canonical::canonical(&b.0));
        let entry = if schemas.len() == 1 {
            schemas.remove(0)
        } else {
            let pointer = schemas[0].1.clone();
            let all: Vec<Value> = schemas.into_iter().map(|(s, _)| s).collect();
            (serde_json::json!({ "allOf": all }), pointer)
        };
        out.properties.insert(name, entry);
    }
    let explicitly_open = |c: &ObjectView| {
        c.pattern_properties.is_some()
            || [&c.additional, &c.unevaluated]
                .iter()
                .any(|v| v.as_ref().is_some_and(|v| v != &Value::Bool(false)))
    };
    if conjuncts.iter().any(ObjectView::closed) {
        out.additional = Some(Value::Bool(false));
    } else if conjuncts.iter().any(explicitly_open) {
        // A conjunct that takes other keys explicitly keeps the merged object explicitly open:
        // read as implicitly open, `declared` semantics would let it take only its own keys.
        out.additional = Some(Value::Bool(true));
        notes.widened(at, "`additionalProperties` and `patternProperties` of the `allOf` conjuncts are dropped; the merged object takes any other key");
    } else if conjuncts.iter().any(|c| c.additional.is_some()) {
        notes.widened(at, "`additionalProperties` and `patternProperties` of the `allOf` conjuncts are dropped; the merged object is open");
    }
    if conjuncts.iter().any(|c| c.unevaluated.is_some()) {
        notes.widened(
            at,
            "`unevaluatedProperties` of the `allOf` conjuncts is dropped",
        );
    }
    // Other assertions: kept when only one conjunct writes the keyword, or all write it alike.
    let mut others: IndexMap<String, Vec<(Value, String)>> = IndexMap::new();
    for conjunct in &conjuncts {
        for (key, entry) in &conjunct.others {
            others.entry(key.clone()).or_default().push(entry.clone());
        }
    }
    for (key, entries) in others {
        let first = canonical::canonical_keyword(&key, &entries[0].0);
        if entries
            .iter()
            .all(|(v, _)| canonical::canonical_keyword(&key, v) == first)
        {
            out.others.insert(key, entries[0].clone());
        } else {
            notes.widened(
                &entries[0].1,
                format!("`{key}` differs between `allOf` conjuncts and is dropped"),
            );
        }
    }
    out
}

/// True when `schema` or a conjunct of it (through `allOf` and `$ref`, as [`read`] merges them)
/// says `type: "object"`.
pub(crate) fn says_object(reader: &Reader<'_>, schema: &Value, depth: usize) -> bool {
    let Value::Object(map) = schema else {
        return false;
    };
    if depth > MAX_CONJUNCT_DEPTH {
        return false;
    }
    // Drafts up to 7 ignore the siblings of `$ref`: only its target counts.
    let siblings_count =
        !(map.contains_key("$ref") && reader.settings.draft.ref_overrides_siblings());
    if siblings_count
        && map
            .get("type")
            .is_some_and(|t| t == "object" || t == &Value::Array(vec!["object".into()]))
    {
        return true;
    }
    let by_ref = map
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| reader.resolve(r))
        .is_some_and(|(target, _)| says_object(reader, target, depth + 1));
    by_ref
        || siblings_count
            && map
                .get("allOf")
                .and_then(Value::as_array)
                .is_some_and(|all| all.iter().any(|c| says_object(reader, c, depth + 1)))
}
