//! The node rewrites OpenAI's strict mode needs (SPEC §3 "Targets", F7.6), as pure functions
//! on one schema object. `rewrite` decides where they run (positive positions, never on a node a
//! reference points into); `adapt::retarget` proves what they cost.
//!
//! - [`ref_alone`]: a `$ref` with siblings becomes `anyOf: [{"$ref": …}]` beside them. From
//!   draft 2019-09 on a `$ref` applies in place like any applicator, so this is an equivalence;
//!   in drafts ≤ 7 its siblings were ignored, so only their annotations stay (again an
//!   equivalence).
//! - [`close`]: an object gets `additionalProperties: false` (and `properties: {}` when it has
//!   none). Under `declared` semantics this costs nothing for an implicitly open object that
//!   declares its keys; for an explicitly open one, a map, or under `strict` semantics, it
//!   narrows, and the prover says which value is lost.
//! - [`require_all`]: every optional property becomes required and nullable (F7.6): a `type`
//!   gains `"null"`, an `enum` gains `null`, a `const` becomes a two-value `enum`, and a `$ref`
//!   or applicator becomes `anyOf: [X, {"type": "null"}]`. The presentation then accepts every
//!   value of the contract *modulo null ⇒ absent*: a key the caller leaves out is sent as `null`,
//!   and `stitch validate` removes it again.

use serde_json::{Map, Value, json};

use super::check::{is_object, types};
use crate::schema::keywords::{self, Role};
use crate::schema::walk::{self, Reading};
use crate::schema::{Draft, Semantics};

/// `{"$ref": X, siblings…}` → `{"anyOf": [{"$ref": X}], siblings…}` (drafts ≤ 7: the
/// annotations among the siblings, the rest were ignored). False when the node has no `$ref`
/// or nothing beside it.
pub(super) fn ref_alone(map: &mut Map<String, Value>, draft: Draft) -> bool {
    let siblings = map
        .keys()
        .any(|k| !matches!(k.as_str(), "$ref" | "$defs" | "definitions"));
    if !map.contains_key("$ref") || !siblings {
        return false;
    }
    let Some(index) = map.keys().position(|k| k == "$ref") else {
        return false;
    };
    let reference = map.shift_remove("$ref").unwrap_or(Value::Null);
    if draft <= Draft::Draft7 {
        map.retain(|k, _| {
            matches!(k.as_str(), "$defs" | "definitions") || keywords::is_annotation(k)
        });
    }
    let index = index.min(map.len());
    map.shift_insert(index, "anyOf".to_owned(), json!([{ "$ref": reference }]));
    true
}

/// Keywords whose meaning depends on their siblings (`additionalProperties` on `properties`,
/// `then` on `if`, …) or that name places: an `allOf` member holding one, or a node holding one
/// beside the `allOf`, is not merged, since moving it next to other keys would change what it
/// asserts.
const SIBLING_BOUND: &[&str] = &[
    "additionalProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "additionalItems",
    "items",
    "prefixItems",
    "contains",
    "minContains",
    "maxContains",
    "if",
    "then",
    "else",
    "$dynamicRef",
    "$recursiveRef",
    "$id",
    "id",
    "$anchor",
    "$dynamicAnchor",
    "$recursiveAnchor",
    "$defs",
    "definitions",
    "$schema",
];

/// `{"allOf": [X, Y, …], siblings…}` → the members' keywords beside the siblings (issue 41, as
/// openai-agents' `ensure_strict_json_schema` and pydantic-ai do): an equivalence where no
/// keyword appears twice among the node and its members (annotations aside: the first kept) and
/// none is bound to its siblings ([`SIBLING_BOUND`]). A `true` member asserts nothing and goes;
/// a `false` one leaves the node as it is. A member holding a `$ref` is merged only beside
/// annotations (`allOf: [{"$ref": …}]` with a `description`, as Pydantic writes a field of a
/// model type). False when nothing was merged.
pub(super) fn merge_all_of(map: &mut Map<String, Value>) -> bool {
    let Some(Value::Array(members)) = map.get("allOf") else {
        return false;
    };
    let mut objects: Vec<&Map<String, Value>> = Vec::with_capacity(members.len());
    for member in members {
        match member {
            Value::Bool(true) => {}
            Value::Object(m) => objects.push(m),
            _ => return false,
        }
    }
    let bound = |m: &Map<String, Value>| m.keys().any(|k| SIBLING_BOUND.contains(&k.as_str()));
    if bound(map) || objects.iter().any(|m| bound(m)) {
        return false;
    }
    let mut seen: Vec<&str> = map
        .keys()
        .filter(|k| *k != "allOf" && !keywords::is_annotation(k))
        .map(String::as_str)
        .collect();
    for member in &objects {
        for key in member.keys().filter(|k| !keywords::is_annotation(k)) {
            if seen.contains(&key.as_str()) {
                return false;
            }
            seen.push(key);
        }
    }
    // A `$ref` would end up beside the other assertions: drafts up to 7 ignore them, and
    // providers read such siblings unevenly (the Anthropic SDK drops them, OpenAI refuses
    // them), so an `allOf` holding a reference stays unless nothing else asserts beside it.
    let references = objects.iter().filter(|m| m.contains_key("$ref")).count()
        + usize::from(map.contains_key("$ref"));
    if references > 0 && seen.len() > 1 {
        return false;
    }
    let merged: Vec<(String, Value)> = objects
        .into_iter()
        .flat_map(|m| m.iter().map(|(k, v)| (k.clone(), v.clone())))
        .collect();
    let index = map.keys().position(|k| k == "allOf").unwrap_or(0);
    map.shift_remove("allOf");
    let mut at = index;
    for (key, value) in merged {
        if !map.contains_key(&key) {
            map.shift_insert(at.min(map.len()), key, value);
            at += 1;
        }
    }
    true
}

/// `false` members of an `anyOf` or `oneOf` that has another member (issue 41, as pydantic-ai
/// does for Gemini): a branch that accepts nothing adds nothing to either (an equivalence).
/// False when there were none.
pub(super) fn drop_false_branches(map: &mut Map<String, Value>) -> bool {
    let mut changed = false;
    for keyword in ["anyOf", "oneOf"] {
        if let Some(Value::Array(members)) = map.get_mut(keyword)
            && members.iter().any(|m| *m == Value::Bool(false))
            && members.iter().any(|m| *m != Value::Bool(false))
        {
            members.retain(|m| *m != Value::Bool(false));
            changed = true;
        }
    }
    changed
}

/// Closes an object schema: `additionalProperties: false`, and `properties: {}` when it has
/// none. False when it is not an object schema or is closed already.
pub(super) fn close(map: &mut Map<String, Value>) -> bool {
    // A fragment that only says which keys are required (`{"required": ["a"]}` in an `anyOf`
    // or `allOf` beside the object's `properties`) is not closed: closed, it would admit no key
    // at all but those it requires, contradicting its siblings (issue 39). The target's rules
    // then see it as it is.
    let fragment = !map.contains_key("type")
        && ["properties", "additionalProperties", "patternProperties"]
            .iter()
            .all(|k| !map.contains_key(*k));
    if !is_object(map) || fragment {
        return false;
    }
    let mut changed = false;
    if !map.contains_key("properties") {
        map.insert("properties".to_owned(), json!({}));
        changed = true;
    }
    if map.get("additionalProperties") != Some(&Value::Bool(false)) {
        map.insert("additionalProperties".to_owned(), Value::Bool(false));
        changed = true;
    }
    changed
}

/// The contract `doc` (its schemas at `roots`) as it reads once the objects it leaves
/// explicitly open are closed
/// (issue 39): `additionalProperties` or `unevaluatedProperties` that is not `false` becomes
/// `false`, `patternProperties` goes, and a free-form object (one that declares no property) is
/// closed; under `strict` semantics every object schema that
/// declares `properties` or says `type: "object"` is closed too, since there an object without
/// `additionalProperties` is open. A narrowing a target's closing makes is invited when the
/// closed presentation accepts every value of this document.
pub(crate) fn close_invited(doc: &mut Value, roots: &[&str], draft: Draft, semantics: Semantics) {
    let reading = Reading::WRITTEN.with_every_definitions_container();
    let places: Vec<String> = (roots.iter())
        .filter_map(|root| Some(walk::preorder(doc.pointer(root)?, root, draft, reading)))
        .flatten()
        .map(|visit| visit.at)
        .collect();
    for at in places.iter().rev() {
        let Some(Value::Object(map)) = doc.pointer_mut(at) else {
            continue;
        };
        let declares = map.contains_key("properties") || types(map).contains(&"object");
        let open = |key: &str, map: &Map<String, Value>| {
            map.get(key).is_some_and(|v| *v != Value::Bool(false))
        };
        // A free-form object (`type: "object"` declaring no property, as a tool without
        // arguments or a `dict` is written) stays open under `declared` semantics too (SPEC
        // §1, close(S)): the contract leaves it open as a whole.
        let free_form = types(map).contains(&"object")
            && map
                .get("properties")
                .and_then(Value::as_object)
                .is_none_or(Map::is_empty)
            && !map.contains_key("additionalProperties");
        let explicit = open("additionalProperties", map)
            || open("unevaluatedProperties", map)
            || map.contains_key("patternProperties")
            || free_form;
        if explicit || (semantics == Semantics::Strict && declares) {
            map.shift_remove("patternProperties");
            if map.contains_key("unevaluatedProperties") {
                map.insert("unevaluatedProperties".to_owned(), Value::Bool(false));
            }
            map.insert("additionalProperties".to_owned(), Value::Bool(false));
        }
    }
}

/// [`Rewrite::RequiredList`](super::Rewrite::RequiredList): an object with `properties` and no
/// `required` says `required: []` (an equivalence): OpenAI's strict mode wants the list on
/// every object, empty or not. False when it has one or is not an object schema.
pub(super) fn required_list(map: &mut Map<String, Value>) -> bool {
    if !map.contains_key("properties") || map.contains_key("required") {
        return false;
    }
    let index = map
        .keys()
        .position(|k| k == "properties")
        .map_or(map.len(), |i| i + 1);
    map.shift_insert(index, "required".to_owned(), json!([]));
    true
}

/// [`Rewrite::TypeFromValues`](super::Rewrite::TypeFromValues): an `enum` or `const` of
/// primitives with no `type` gets the type its values have (`"integer"` for whole numbers,
/// `"number"` for others, a list where they differ): an equivalence, since the values are
/// the only ones accepted. False when it has a `type`, or a value is an object or array.
pub(super) fn type_from_values(map: &mut Map<String, Value>, draft: Draft) -> bool {
    if map.contains_key("type") {
        return false;
    }
    let values: Vec<&Value> = match (map.get("enum"), map.get("const")) {
        (Some(Value::Array(values)), _) if !values.is_empty() => values.iter().collect(),
        (None, Some(value)) if draft >= Draft::Draft6 => vec![value],
        _ => return false,
    };
    let mut names: Vec<&'static str> = Vec::new();
    for value in values {
        let name = match value {
            Value::String(_) => "string",
            Value::Bool(_) => "boolean",
            Value::Null => "null",
            Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
            Value::Number(_) => "number",
            Value::Array(_) | Value::Object(_) => return false,
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if names.contains(&"number") {
        names.retain(|n| *n != "integer");
    }
    let kind = match names.as_slice() {
        [one] => json!(one),
        many => json!(many),
    };
    map.shift_insert(0, "type".to_owned(), kind);
    true
}

/// [`Rewrite::DescribeKeyUnions`](super::Rewrite::DescribeKeyUnions): an `anyOf` or `oneOf`
/// whose every branch only says which keys are required (`[{"required": ["a", "b"]},
/// {"required": ["c"]}]`, as function-calling datasets write "either these or that") moves into
/// the node's `description`: a widening (issue 39). Closed, such branches would admit no value
/// with the keys the node declares. Returns the keyword moved.
pub(super) fn describe_key_unions(
    map: &mut Map<String, Value>,
    kept: impl Fn(&str) -> bool,
) -> Vec<&'static str> {
    let fragment = |b: &Value| {
        b.as_object().is_some_and(|o| {
            o.contains_key("required")
                && o.keys()
                    .all(|k| k == "required" || keywords::is_annotation(k))
        })
    };
    for keyword in ["anyOf", "oneOf"] {
        let describes = map
            .get(keyword)
            .and_then(Value::as_array)
            .is_some_and(|branches| !branches.is_empty() && branches.iter().all(fragment));
        if describes && !kept(keyword) {
            const KEYWORDS: [&[&str]; 2] = [&["anyOf"], &["oneOf"]];
            let which = if keyword == "anyOf" {
                KEYWORDS[0]
            } else {
                KEYWORDS[1]
            };
            return drop_into_description(map, which, |_| false);
        }
    }
    Vec::new()
}

/// At most this many characters of dropped keywords are written into a `description`.
const DESCRIBED: usize = 256;

/// Drops `keywords` from a node (those `kept` says a reference points into stay), and writes
/// what they said into its `description` (`minimum: 1; maxLength: 20`, at most 256 characters
/// added). Returns the keywords dropped.
pub(super) fn drop_into_description(
    map: &mut Map<String, Value>,
    keywords: &'static [&'static str],
    kept: impl Fn(&str) -> bool,
) -> Vec<&'static str> {
    let mut dropped = Vec::new();
    let mut said = Vec::new();
    // `items` beside `prefixItems` applies past the prefix only: dropping the prefix alone
    // would apply it to every element (`items: false`, as Zod 4 closes a tuple, would then
    // admit only `[]`), so it goes too (issue 41).
    let tail: &[&'static str] = if keywords.contains(&"prefixItems")
        && map.contains_key("prefixItems")
        && !kept("prefixItems")
        && !kept("items")
    {
        &["items"]
    } else {
        &[]
    };
    for keyword in keywords.iter().chain(tail) {
        if kept(keyword) {
            continue;
        }
        if let Some(value) = map.shift_remove(*keyword) {
            said.push(format!(
                "{keyword}: {}",
                serde_json::to_string(&value).unwrap_or_default()
            ));
            dropped.push(*keyword);
        }
    }
    if said.is_empty() {
        return dropped;
    }
    let mut text = said.join("; ");
    if text.chars().count() > DESCRIBED {
        text = text.chars().take(DESCRIBED - 1).collect::<String>() + "…";
    }
    match map.get_mut("description") {
        Some(Value::String(description)) if !description.is_empty() => {
            description.push_str(&format!(" ({text})"));
        }
        _ => {
            map.insert("description".to_owned(), Value::String(text));
        }
    }
    dropped
}

/// [`Rewrite::DropFormats`](super::Rewrite::DropFormats) on one node: its `format` dropped
/// into `description` when the provider does not take it (`strings` on a node that is not
/// numeric, `numbers` on one typed `integer` or `number`; `None` leaves numeric formats alone).
pub(super) fn drop_format(
    map: &mut Map<String, Value>,
    strings: &'static [&'static str],
    numbers: Option<&'static [&'static str]>,
    kept: impl Fn(&str) -> bool,
) -> Vec<&'static str> {
    let numeric = types(map).iter().any(|t| *t == "integer" || *t == "number");
    let allowed = if numeric { numbers } else { Some(strings) };
    let unknown = |f: &str| allowed.is_some_and(|allowed| !allowed.contains(&f));
    if map
        .get("format")
        .and_then(Value::as_str)
        .is_some_and(unknown)
    {
        drop_into_description(map, &["format"], kept)
    } else {
        Vec::new()
    }
}

/// The keywords that would judge an object differently once a declared key is added with the
/// value `null`: an object node carrying one is left as it is.
pub(crate) const OBSERVE_KEYS: &[&str] = &[
    "enum",
    "const",
    "maxProperties",
    "dependentRequired",
    "dependencies",
    "dependentSchemas",
    "propertyNames",
    "patternProperties",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "$ref",
    "$dynamicRef",
    "$recursiveRef",
];

/// One property made required by [`require_all`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Required {
    /// The property's name.
    pub key: String,
    /// True when its schema accepted `null` already: a caller's `null` and an absent key are
    /// then one value in the presentation (the null ⇒ absent mapping is ambiguous there).
    pub was_nullable: bool,
    /// True when its schema moved one level down, into `anyOf/0`.
    pub moved: bool,
}

/// Makes every optional property of an object schema required and nullable (F7.6). `movable`
/// says whether the property's schema may be moved one level down (into an `anyOf`): not when
/// a reference points into it. A property that would need moving and may not stays optional.
pub(super) fn require_all(
    map: &mut Map<String, Value>,
    draft: Draft,
    movable: impl Fn(&str) -> bool,
) -> Vec<Required> {
    if OBSERVE_KEYS
        .iter()
        .any(|k| map.contains_key(*k) && keywords::lookup(k, draft).is_some())
    {
        return Vec::new();
    }
    let required: Vec<String> = match map_names(map.get("required")) {
        Some(names) => names,
        None if map.contains_key("required") => return Vec::new(),
        None => Vec::new(),
    };
    let Some(Value::Object(properties)) = map.get_mut("properties") else {
        return Vec::new();
    };
    let mut made = Vec::new();
    for (key, schema) in properties.iter_mut() {
        if required.contains(key) {
            continue;
        }
        if let Some(change) = nullable(schema, draft, movable(key)) {
            made.push(Required {
                key: key.clone(),
                was_nullable: change == Change::None,
                moved: change == Change::Moved,
            });
        }
    }
    if made.is_empty() {
        return made;
    }
    let mut names: Vec<Value> = required.into_iter().map(Value::String).collect();
    names.extend(made.iter().map(|r| Value::String(r.key.clone())));
    if let Some(slot) = map.get_mut("required") {
        *slot = Value::Array(names);
    } else {
        let index = map
            .keys()
            .position(|k| k == "properties")
            .map_or(map.len(), |i| i + 1);
        map.shift_insert(index, "required".to_owned(), Value::Array(names));
    }
    made
}

/// The names of a `required` array; `None` when it is not an array of strings.
fn map_names(required: Option<&Value>) -> Option<Vec<String>> {
    required?
        .as_array()?
        .iter()
        .map(|v| v.as_str().map(str::to_owned))
        .collect()
}

/// What [`nullable`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    /// Nothing: the schema accepted `null` already.
    None,
    /// Changed in place.
    InPlace,
    /// Moved into `anyOf/0` of a new node.
    Moved,
}

/// Makes `schema` accept `null` (F7.6); `None` when it would have to move and `movable` is
/// false.
fn nullable(schema: &mut Value, draft: Draft, movable: bool) -> Option<Change> {
    let changed = |yes: bool| if yes { Change::InPlace } else { Change::None };
    let map = match schema {
        Value::Bool(true) => return Some(Change::None),
        Value::Object(map) => map,
        _ => return wrap(schema, movable),
    };
    let in_place: Vec<&str> = map
        .keys()
        .map(String::as_str)
        .filter(|k| applies_in_place(k, draft))
        .collect();
    if in_place.is_empty() {
        return Some(changed(plain_nullable(map, draft)));
    }
    let typed = ["type", "enum", "const"]
        .iter()
        .any(|k| map.contains_key(*k));
    if in_place == ["anyOf"]
        && !typed
        && let Some(Value::Array(branches)) = map.get_mut("anyOf")
    {
        if branches.iter().any(plainly_null) {
            return Some(Change::None);
        }
        branches.push(json!({"type": "null"}));
        return Some(Change::InPlace);
    }
    wrap(schema, movable)
}

/// True for keywords applying a schema to the value itself (`$ref`, `anyOf`, `not`, …), which
/// may refuse `null`; those applying to its parts (`properties`, `items`) pass it.
fn applies_in_place(keyword: &str, draft: Draft) -> bool {
    keywords::lookup(keyword, draft).is_some_and(|row| {
        row.role == Role::Reference
            || matches!(row.holds, Some((_, keywords::Application::InPlace)))
    })
}

/// A branch that accepts `null` on its face: `{"type": "null"}` and the like.
fn plainly_null(branch: &Value) -> bool {
    match branch {
        Value::Bool(b) => *b,
        Value::Object(map) => {
            let typed = map.get("type").is_none_or(|_| types(map).contains(&"null"));
            let listed = map
                .get("enum")
                .is_none_or(|e| e.as_array().is_some_and(|e| e.contains(&Value::Null)));
            let constant = map.get("const").is_none_or(Value::is_null);
            typed
                && listed
                && constant
                && map.keys().all(|k| {
                    matches!(k.as_str(), "type" | "enum" | "const") || keywords::is_annotation(k)
                })
        }
        _ => false,
    }
}

/// `type` gains `"null"`, `enum` gains `null`, `const` becomes a two-value `enum`: on a node
/// without in-place applicators nothing else can refuse `null` (every other assertion is
/// type-specific). True when it changed.
fn plain_nullable(map: &mut Map<String, Value>, draft: Draft) -> bool {
    let mut changed = false;
    match map.get_mut("type") {
        Some(Value::String(t)) if t != "null" => {
            let t = std::mem::take(t);
            map["type"] = json!([t, "null"]);
            changed = true;
        }
        Some(Value::Array(ts)) if !ts.contains(&json!("null")) => {
            ts.push(json!("null"));
            changed = true;
        }
        _ => {}
    }
    if let Some(Value::Array(values)) = map.get_mut("enum")
        && !values.contains(&Value::Null)
    {
        values.push(Value::Null);
        changed = true;
    }
    if draft != Draft::Draft4
        && let Some(index) = map.keys().position(|k| k == "const")
        && !map["const"].is_null()
    {
        let value = map.shift_remove("const").unwrap_or(Value::Null);
        map.shift_insert(index, "enum".to_owned(), json!([value, null]));
        changed = true;
    }
    changed
}

/// `X` → `{"anyOf": [X, {"type": "null"}]}`, its `title` and `description` lifted out so the
/// model reads them first. `None` when it may not move.
fn wrap(schema: &mut Value, movable: bool) -> Option<Change> {
    if !movable {
        return None;
    }
    let mut inner = std::mem::take(schema);
    let mut outer = Map::new();
    if let Value::Object(map) = &mut inner {
        for key in ["title", "description"] {
            if let Some(value) = map.shift_remove(key) {
                outer.insert(key.to_owned(), value);
            }
        }
    }
    outer.insert("anyOf".to_owned(), json!([inner, {"type": "null"}]));
    *schema = Value::Object(outer);
    Some(Change::Moved)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn required(schema: Value, draft: Draft) -> (Value, Vec<Required>) {
        let Value::Object(mut map) = schema else {
            panic!("an object")
        };
        let made = require_all(&mut map, draft, |_| true);
        (Value::Object(map), made)
    }

    #[test]
    fn optional_properties_become_required_and_nullable_as_f7_6_says() {
        let (schema, made) = required(
            json!({
                "type": "object",
                "properties": {
                    "a": {"type": "string"},
                    "b": {"type": "integer", "minimum": 1},
                    "c": {"$ref": "#/$defs/X", "description": "c"},
                    "d": {"enum": ["x", "y"]},
                    "e": {"const": 3},
                    "f": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                    "g": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                    "h": {},
                    "i": false
                },
                "required": ["a"]
            }),
            Draft::Draft2020_12,
        );
        assert_eq!(
            schema,
            json!({
                "type": "object",
                "properties": {
                    "a": {"type": "string"},
                    "b": {"type": ["integer", "null"], "minimum": 1},
                    "c": {"description": "c", "anyOf": [{"$ref": "#/$defs/X"}, {"type": "null"}]},
                    "d": {"enum": ["x", "y", null]},
                    "e": {"enum": [3, null]},
                    "f": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                    "g": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]},
                    "h": {},
                    "i": {"anyOf": [false, {"type": "null"}]}
                },
                "required": ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
            })
        );
        let ambiguous: Vec<&str> = made
            .iter()
            .filter(|r| r.was_nullable)
            .map(|r| r.key.as_str())
            .collect();
        assert_eq!(ambiguous, ["f", "h"]);
    }

    #[test]
    fn an_object_that_observes_its_keys_or_a_property_that_may_not_move_is_left_alone() {
        let observed = json!({"properties": {"a": {"type": "string"}}, "maxProperties": 1});
        assert_eq!(
            required(observed.clone(), Draft::Draft7),
            (observed, vec![])
        );
        let Value::Object(mut map) =
            json!({"properties": {"a": {"$ref": "#/x"}, "b": {"type": "string"}}})
        else {
            unreachable!()
        };
        let made = require_all(&mut map, Draft::Draft2020_12, |k| k != "a");
        assert_eq!(made.len(), 1);
        assert_eq!(map["required"], json!(["b"]));
        assert_eq!(map["properties"]["a"], json!({"$ref": "#/x"}));
    }

    #[test]
    fn a_ref_with_siblings_moves_into_an_any_of_and_older_drafts_keep_only_annotations() {
        let Value::Object(mut new) =
            json!({"description": "d", "$ref": "#/$defs/A", "minLength": 2})
        else {
            unreachable!()
        };
        assert!(ref_alone(&mut new, Draft::Draft2020_12));
        assert_eq!(
            Value::Object(new),
            json!({"description": "d", "anyOf": [{"$ref": "#/$defs/A"}], "minLength": 2})
        );
        let Value::Object(mut old) =
            json!({"$ref": "#/definitions/A", "description": "d", "minLength": 2})
        else {
            unreachable!()
        };
        assert!(ref_alone(&mut old, Draft::Draft7));
        assert_eq!(
            Value::Object(old),
            json!({"anyOf": [{"$ref": "#/definitions/A"}], "description": "d"})
        );
        let Value::Object(mut alone) = json!({"$ref": "#/a", "$defs": {}}) else {
            unreachable!()
        };
        assert!(!ref_alone(&mut alone, Draft::Draft2020_12));
    }

    #[test]
    fn dropped_keywords_are_said_in_the_description() {
        let Value::Object(mut map) =
            json!({"type": "integer", "minimum": 1, "maximum": 9, "description": "Age"})
        else {
            unreachable!()
        };
        let dropped =
            drop_into_description(&mut map, &["minimum", "maximum", "multipleOf"], |_| false);
        assert_eq!(dropped, ["minimum", "maximum"]);
        assert_eq!(
            Value::Object(map),
            json!({"type": "integer", "description": "Age (minimum: 1; maximum: 9)"})
        );
        let Value::Object(mut long) = json!({"maxLength": 1, "pattern": "x".repeat(300)}) else {
            unreachable!()
        };
        drop_into_description(&mut long, &["pattern"], |_| false);
        assert_eq!(long["description"].as_str().unwrap().chars().count(), 256);
        let Value::Object(mut referred) = json!({"not": {"type": "null"}}) else {
            unreachable!()
        };
        assert!(drop_into_description(&mut referred, &["not"], |_| true).is_empty());
    }

    #[test]
    fn closing_adds_what_is_missing_and_leaves_closed_objects_and_non_objects_alone() {
        let Value::Object(mut open) = json!({"type": "object", "additionalProperties": true})
        else {
            unreachable!()
        };
        assert!(close(&mut open));
        assert_eq!(
            Value::Object(open),
            json!({"type": "object", "additionalProperties": false, "properties": {}})
        );
        let Value::Object(mut closed) = json!({"properties": {}, "additionalProperties": false})
        else {
            unreachable!()
        };
        assert!(!close(&mut closed));
        let Value::Object(mut string) = json!({"type": "string"}) else {
            unreachable!()
        };
        assert!(!close(&mut string));
    }

    /// Issue 41: which `allOf`s merge into their node, and which stay.
    #[test]
    fn an_all_of_merges_where_nothing_collides_or_depends_on_its_siblings() {
        let merge = |v: Value| {
            let Value::Object(mut map) = v else {
                unreachable!()
            };
            merge_all_of(&mut map).then_some(Value::Object(map))
        };
        assert_eq!(
            merge(json!({"allOf": [{"$ref": "#/$defs/a"}], "description": "d"})),
            Some(json!({"$ref": "#/$defs/a", "description": "d"}))
        );
        assert_eq!(
            merge(json!({"allOf": [{"type": "string", "minLength": 2}, {"maxLength": 5}, true]})),
            Some(json!({"type": "string", "minLength": 2, "maxLength": 5}))
        );
        for stays in [
            // A reference beside other assertions (bosh-bpm-config's `VolumeRestricted`).
            json!({"type": "object", "allOf": [{"$ref": "#/$defs/a"}, {"properties": {"p": {}}}]}),
            // A keyword on both sides.
            json!({"minimum": 1, "allOf": [{"minimum": 2}]}),
            // `additionalProperties` reads its siblings' `properties`.
            json!({"properties": {"a": {}}, "allOf": [{"additionalProperties": false}]}),
            // A `false` member: nothing is valid, and stays so.
            json!({"allOf": [false, {"type": "string"}]}),
        ] {
            assert_eq!(merge(stays.clone()), None, "{stays}");
        }
    }
}
