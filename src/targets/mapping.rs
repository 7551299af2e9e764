//! The null ⇒ absent mapping of a presentation whose optional properties were made required and
//! nullable (SPEC §3 "Targets", F7.6): when it is sound, and how `stitch validate` undoes it.
//!
//! A value v the contract accepts is sent by the model as map(v): v with `null` for every mapped
//! key it leaves out. Keeping the rewrite takes two facts. The prover shows that the presentation
//! with those keys still optional (the *unmapped* presentation) accepts v. This module shows,
//! from the schema's shape, that adding `null` for a mapped key keeps a value acceptable
//! ([`unsound`] finds the keyword that could break it): every node that meets an object either
//! is one of the mapped object nodes (which hold no keyword observing their key set, and whose
//! mapped properties accept `null`), or reaches one only through `anyOf` branches and pure
//! `$ref`s, and no keyword anywhere (`allOf`, `not`, `if`, `uniqueItems`, `unevaluated*`, …)
//! judges one part of a value by two schemas. Then map(v) is walked along one branch of each
//! `anyOf`, which still accepts it, and meets every `required` of that branch.
//!
//! [`unmap`] is the way back: it walks a value the model sent along the presentation (the
//! first `anyOf` branch that accepts it) and drops `null` from the mapped keys.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::document::Loaded;
use crate::schema::keywords::{self, Application};
use crate::schema::{Draft, pointer};
use crate::targets::OBSERVE_KEYS;
use crate::verify::{self, Space};

/// A key made required and nullable: `null` there means absent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nulled {
    /// The object schema's pointer in the presentation document.
    pub object: String,
    /// The property.
    pub key: String,
    /// Its schema accepted `null` before: there `null` and absent are one value.
    pub was_nullable: bool,
}

/// An `enum` written as text (`Rewrite::StringEnums`, Gemini): a model sends a value's JSON
/// text there, and [`unmap`] reads the value back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stringified {
    /// The enum's schema pointer in the presentation document.
    pub at: String,
    /// Its values as the contract has them, in order.
    pub values: Vec<Value>,
}

/// Keywords that judge one part of a value by more than one schema, or compare parts: adding
/// `null` for a key along one branch could then break another judgement.
const CROSS: &[&str] = &[
    "allOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "dependentSchemas",
    "dependencies",
    "contains",
    "patternProperties",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "uniqueItems",
    "$dynamicRef",
    "$recursiveRef",
];

/// Why adding `null` for the keys `nulled` maps could make a value that the unmapped
/// presentation accepts fail the presentation (the schema at `at` of `loaded`): the keyword
/// and its pointer. `None`: the mapping is sound there.
pub fn unsound(loaded: &Loaded, at: &str) -> Option<String> {
    let draft = loaded.documents.first()?.draft;
    let value = |pointer: &str| loaded.documents[0].value.pointer(pointer);
    let mut seen: HashSet<String> = HashSet::new();
    let mut stack = vec![at.to_owned()];
    while let Some(here) = stack.pop() {
        if !seen.insert(here.clone()) {
            continue;
        }
        let Some(Value::Object(map)) = value(&here) else {
            continue;
        };
        if let Some(why) = node_unsound(map, draft) {
            return Some(format!("{why} at #{here}"));
        }
        if map.contains_key("$ref") {
            match local_target(loaded, &here) {
                Some(pointer) => stack.push(pointer.to_owned()),
                None => return Some(format!("a `$ref` to another document at #{here}")),
            }
        }
        for sub in draft.subschemas_as_written(map) {
            if sub.application != Application::Definition {
                stack.push(sub.pointer(&here));
            }
        }
    }
    None
}

/// Where the `$ref` of the node at `here` (in the input document) leads, when it resolved to
/// a place in that same document.
fn local_target<'l>(loaded: &'l Loaded, here: &str) -> Option<&'l str> {
    let from = crate::document::Location {
        doc: 0,
        pointer: here.to_owned(),
    };
    loaded
        .target_of(&from, "$ref")
        .filter(|t| t.doc == 0)
        .map(|t| t.pointer.as_str())
}

/// Why one node could judge a mapped value differently.
fn node_unsound(map: &Map<String, Value>, draft: Draft) -> Option<String> {
    let keyword = |k: &str| map.contains_key(k) && keywords::lookup(k, draft).is_some();
    if let Some(k) = CROSS.iter().find(|k| keyword(k)) {
        return Some(format!("`{k}`"));
    }
    let holds_parts = map.keys().any(|k| {
        keywords::lookup(k, draft)
            .is_some_and(|row| matches!(row.holds, Some((_, Application::Child))))
    });
    let branching = ["anyOf", "$ref"].iter().filter(|k| keyword(k)).count();
    let observes = OBSERVE_KEYS
        .iter()
        .filter(|k| !matches!(**k, "anyOf" | "$ref"))
        .find(|k| keyword(k));
    match (branching, observes) {
        (2, _) => Some("`anyOf` beside `$ref`".to_owned()),
        (1, Some(k)) => Some(format!("`{k}` beside a union or reference")),
        (1, None) if holds_parts => Some("a union or reference beside subschemas".to_owned()),
        (_, Some(k)) if holds_parts => Some(format!("`{k}` beside subschemas")),
        _ => None,
    }
}

/// The pointer of one schema node's subschema for a part of a value: the property `key`, or
/// the item `index`.
enum Part<'a> {
    Key(&'a str),
    Index(usize),
}

/// The schema (pointer) that judges one part of a value at the node `map` (at `here`), as
/// JSON Schema dispatches parts: `properties`, else `additionalProperties`; `prefixItems` (or
/// draft ≤ 2019-09 array `items`), else `items`/`additionalItems`.
fn part_schema(
    map: &Map<String, Value>,
    here: &str,
    part: Part<'_>,
    draft: Draft,
) -> Option<String> {
    match part {
        Part::Key(key) => {
            if map.get("properties").and_then(|p| p.get(key)).is_some() {
                Some(pointer::push(&pointer::push(here, "properties"), key))
            } else if map.contains_key("additionalProperties") {
                Some(pointer::push(here, "additionalProperties"))
            } else {
                None
            }
        }
        Part::Index(i) => {
            let (tuple, rest) = if draft >= Draft::Draft2020_12 {
                ("prefixItems", "items")
            } else {
                ("items", "additionalItems")
            };
            match map.get(tuple) {
                Some(Value::Array(items)) if i < items.len() => {
                    Some(pointer::push_index(&pointer::push(here, tuple), i))
                }
                Some(Value::Array(_)) => map.contains_key(rest).then(|| pointer::push(here, rest)),
                _ => map
                    .contains_key("items")
                    .then(|| pointer::push(here, "items")),
            }
        }
    }
}

/// `value` as the contract reads it: the model's `null` dropped from every mapped key and each
/// enum value read back from its text, walking the presentation at `at` of `presentation` (at
/// each `anyOf`, the first branch that accepts the value). `nulled` and `stringified` are what
/// the target's rewrites recorded. Also returns the pointers (into the value) of the keys
/// dropped.
pub fn unmap(
    presentation: &Loaded,
    at: &str,
    value: Value,
    nulled: &[Nulled],
    stringified: &[Stringified],
) -> (Value, Vec<String>) {
    let mut keys: HashMap<&str, Vec<&str>> = HashMap::new();
    for n in nulled {
        keys.entry(n.object.as_str()).or_default().push(&n.key);
    }
    let texts = stringified
        .iter()
        .map(|s| (s.at.as_str(), s.values.as_slice()))
        .collect();
    let space = Space::new(presentation, at);
    let walk = Walk {
        loaded: presentation,
        places: verify::Places::new(&space),
        keys,
        texts,
        draft: presentation.input().draft,
        dropped: RefCell::new(Vec::new()),
    };
    let value = walk.value(at, value, "", 0);
    (value, walk.dropped.into_inner())
}

/// One walk of [`unmap`].
struct Walk<'l, 's> {
    loaded: &'l Loaded,
    places: verify::Places<'l, 's>,
    keys: HashMap<&'l str, Vec<&'l str>>,
    texts: HashMap<&'l str, &'l [Value]>,
    draft: Draft,
    dropped: RefCell<Vec<String>>,
}

/// How many references and branches one walk follows without consuming a part of the value,
/// before it stops: a cycle of pure references would otherwise never end.
const MAX_HOPS: usize = 16;

impl Walk<'_, '_> {
    /// `value` (at `path` in the arguments) walked along the schema at `here`.
    fn value(&self, here: &str, value: Value, path: &str, hops: usize) -> Value {
        let Some(Value::Object(map)) = self.loaded.input().value.pointer(here) else {
            return value;
        };
        if hops > MAX_HOPS {
            return value;
        }
        if map.contains_key("$ref")
            && let Some(target) = local_target(self.loaded, here)
        {
            return self.value(target, value, path, hops + 1);
        }
        if let Some(Value::Array(branches)) = map.get("anyOf") {
            let chosen = (0..branches.len())
                .map(|i| pointer::push_index(&pointer::push(here, "anyOf"), i))
                .find(|branch| self.places.admits(branch, &value) == Some(true));
            return match chosen {
                Some(branch) => self.value(&branch, value, path, hops + 1),
                None => value,
            };
        }
        if let (Some(values), Value::String(text)) = (self.texts.get(here), &value)
            && let Some(read) = values
                .iter()
                .find(|v| &crate::targets::enum_text(v) == text)
        {
            return read.clone();
        }
        match value {
            Value::Object(object) => Value::Object(self.object(map, here, object, path)),
            Value::Array(items) => Value::Array(
                items
                    .into_iter()
                    .enumerate()
                    .map(
                        |(i, item)| match part_schema(map, here, Part::Index(i), self.draft) {
                            Some(schema) => {
                                self.value(&schema, item, &pointer::push_index(path, i), 0)
                            }
                            None => item,
                        },
                    )
                    .collect(),
            ),
            other => other,
        }
    }

    fn object(
        &self,
        map: &Map<String, Value>,
        here: &str,
        object: Map<String, Value>,
        path: &str,
    ) -> Map<String, Value> {
        let mapped = self.keys.get(here);
        let mut out = Map::new();
        for (key, value) in object {
            let inner = pointer::push(path, &key);
            if value.is_null() && mapped.is_some_and(|keys| keys.contains(&key.as_str())) {
                self.dropped.borrow_mut().push(inner);
                continue;
            }
            let value = match part_schema(map, here, Part::Key(&key), self.draft) {
                Some(schema) => self.value(&schema, value, &inner, 0),
                None => value,
            };
            out.insert(key, value);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::testing::loaded;
    use serde_json::json;

    fn nulled(object: &str, key: &str) -> Nulled {
        Nulled {
            object: object.to_owned(),
            key: key.to_owned(),
            was_nullable: false,
        }
    }

    #[test]
    fn unmap_drops_null_only_at_mapped_keys_along_the_branch_that_accepts_the_value() {
        let presentation = loaded(
            r##"{"type": "object",
                 "properties": {
                   "a": {"type": ["string", "null"]},
                   "keep": {"type": ["string", "null"]},
                   "k": {"anyOf": [
                     {"type": "object", "properties": {"x": {"type": ["integer", "null"]}},
                      "required": ["x"], "additionalProperties": false},
                     {"$ref": "#/$defs/Y"}]},
                   "list": {"type": "array", "items": {"$ref": "#/$defs/Y"}}},
                 "required": ["a", "keep", "k", "list"],
                 "additionalProperties": false,
                 "$defs": {"Y": {"type": "object", "properties": {"y": {"type": ["string", "null"]}},
                                 "required": ["y"], "additionalProperties": false}}}"##,
        );
        let mapped = [
            nulled("", "a"),
            nulled("/properties/k/anyOf/0", "x"),
            nulled("/$defs/Y", "y"),
        ];
        let value =
            json!({"a": null, "keep": null, "k": {"y": null}, "list": [{"y": "v"}, {"y": null}]});
        let (out, dropped) = unmap(&presentation, "", value, &mapped, &[]);
        assert_eq!(
            out,
            json!({"keep": null, "k": {}, "list": [{"y": "v"}, {}]})
        );
        assert_eq!(dropped, ["/a", "/k/y", "/list/1/y"]);
    }

    #[test]
    fn a_keyword_that_judges_a_part_twice_makes_the_mapping_unsound() {
        let sound = loaded(
            r##"{"type": "object", "properties": {"a": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}},
                 "$defs": {"A": {"type": "object", "properties": {"b": {"type": "string"}}}}}"##,
        );
        assert_eq!(unsound(&sound, ""), None);
        for (text, why) in [
            (
                r#"{"properties": {"a": {"allOf": [{"type": "object"}]}}}"#,
                "`allOf` at #/properties/a",
            ),
            (
                r#"{"properties": {"a": {"type": "array", "uniqueItems": true, "items": {}}}}"#,
                "`uniqueItems` at #/properties/a",
            ),
            (
                r#"{"properties": {"a": {"anyOf": [{}], "properties": {}}}}"#,
                "a union or reference beside subschemas at #/properties/a",
            ),
            (
                r#"{"properties": {"a": {"enum": [{}], "properties": {"b": {}}}}}"#,
                "`enum` beside subschemas at #/properties/a",
            ),
        ] {
            assert_eq!(unsound(&loaded(text), "").as_deref(), Some(why), "{text}");
        }
    }
}
