//! The node rewrites for Gemini's `parameters`, OpenAPI 3.0's subset (SPEC §3 "Targets"), as
//! pure functions on one schema object; `rewrite` decides where they run and `adapt::retarget` proves
//! them, through the profile's view (`View::OpenApi`) where the provider reads a keyword as JSON
//! Schema does not.
//!
//! - [`inline_ref`]: a `$ref` to a definition that does not reach itself becomes a copy of it.
//! - [`strip`]: what asserts nothing goes (`discriminator`, a `$schema` the schema reads the same
//!   without, see [`draft_neutral`]).
//! - [`nullable_openapi`]: `type: [T, "null"]` and `anyOf: [X, {"type": "null"}]` become
//!   `nullable: true`.
//! - [`any_of_alone`]: the annotations beside an `anyOf` move into its branches.
//! - [`stringify_enum`]: a non-string `enum` becomes `format: "enum"` with each value's JSON
//!   text, a value mapping that `stitch validate` undoes.

use serde_json::{Map, Value, json};

use crate::schema::Draft;
use crate::schema::keywords;

/// `{"$ref": "#/…"}` replaced by a copy of its target, when the target sits in the same schema
/// (`schema`, whose pointers `#/…` name), holds no `$id` or anchor, and reaches itself through
/// no reference (inlining a cycle never ends). Annotations beside the `$ref` stay, over the
/// target's; other siblings leave it alone (from 2019-09 on they would be merged, which is not
/// inlining). True when it inlined.
pub(super) fn inline_ref(
    schema: &Value,
    map: &mut Map<String, Value>,
    draft: Draft,
    recursion: &mut std::collections::HashMap<String, bool>,
) -> bool {
    let Some(target) = map
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(crate::schema::pointer::local)
    else {
        return false;
    };
    let siblings_assert = draft > Draft::Draft7
        && map.keys().any(|k| {
            k != "$ref" && !keywords::is_annotation(k) && keywords::lookup(k, draft).is_some()
        });
    if siblings_assert {
        return false;
    }
    let recursive = *recursion
        .entry(target.clone())
        .or_insert_with(|| recursive(schema, &target));
    if recursive {
        return false;
    }
    let Some(Value::Object(copy)) = schema.pointer(&target) else {
        return false;
    };
    if copy
        .keys()
        .any(|k| matches!(k.as_str(), "$id" | "id" | "$anchor" | "$dynamicAnchor"))
    {
        return false;
    }
    let kept: Vec<(String, Value)> = map
        .iter()
        .filter(|(k, _)| keywords::is_annotation(k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    *map = copy.clone();
    for key in ["$defs", "definitions"] {
        map.shift_remove(key);
    }
    for (k, v) in kept {
        map.insert(k, v);
    }
    true
}

/// True when the schema at `target` reaches a `$ref` back to itself or into a cycle.
fn recursive(schema: &Value, target: &str) -> bool {
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut stack = vec![target.to_owned()];
    while let Some(at) = stack.pop() {
        if !seen.insert(at.clone()) {
            return true;
        }
        let Some(node) = schema.pointer(&at) else {
            continue;
        };
        let mut inner = vec![node];
        while let Some(value) = inner.pop() {
            match value {
                Value::Object(map) => {
                    if let Some(r) = map.get("$ref").and_then(Value::as_str) {
                        match crate::schema::pointer::local(r) {
                            Some(p) => stack.push(p),
                            None => return true,
                        }
                    }
                    inner.extend(map.values());
                }
                Value::Array(items) => inner.extend(items),
                _ => {}
            }
        }
        if seen.len() > 1000 {
            return true;
        }
    }
    false
}

/// Strips keywords that assert nothing here (annotations, keywords unknown to the draft such as
/// OpenAPI's `discriminator`, and `$schema` when reading the schema without it, as the
/// default 2020-12, gives the same: it names 2020-12, or `neutral` says the whole schema uses
/// no keyword whose meaning changed since its draft). Returns those stripped.
pub(super) fn strip(
    map: &mut Map<String, Value>,
    names: &'static [&'static str],
    draft: Draft,
    root: Root,
) -> Vec<&'static str> {
    let silent = |k: &str| match k {
        "$schema" => draft == Draft::Draft2020_12 || root.neutral,
        "$id" => root.unnamed,
        _ => keywords::is_annotation(k) || keywords::lookup(k, draft).is_none(),
    };
    let mut stripped = Vec::new();
    for name in names {
        if silent(name) && map.shift_remove(*name).is_some() {
            stripped.push(*name);
        }
    }
    stripped
}

/// [`Rewrite::StripAllBut`](super::Rewrite::StripAllBut) on one node: every key not in
/// `kept` that asserts nothing here (as [`strip`] judges) goes. True when one went.
pub(super) fn strip_all_but(
    map: &mut Map<String, Value>,
    kept: &[&str],
    draft: Draft,
    root: Root,
) -> bool {
    let silent = |k: &str| match k {
        "$schema" => draft == Draft::Draft2020_12 || root.neutral,
        "$id" | "id" => root.unnamed,
        _ => keywords::is_annotation(k) || keywords::lookup(k, draft).is_none(),
    };
    let before = map.len();
    map.retain(|k, _| kept.contains(&k.as_str()) || !silent(k));
    map.len() < before
}

/// [`Rewrite::StringEnums`](super::Rewrite::StringEnums) on one node: an `enum` holding a value
/// that is not a string, beside nothing but `type` and annotations, becomes `type: "string"`,
/// `format: "enum"` and each value's JSON text (a string stays itself; `default` and
/// `examples` are written the same way), listing only the values of the node's `type`. Only when every value is a primitive (OpenAPI's enum
/// holds no objects) and the texts are distinct and not empty, so that a text names one value.
/// True when it changed.
pub(super) fn stringify_enum(map: &mut Map<String, Value>, draft: Draft) -> bool {
    let Some(Value::Array(values)) = map.get("enum") else {
        return false;
    };
    // Beside a `type`, only the values of that type are valid (issue 41: `type: "integer"`
    // beside `enum: [1, "s"]` takes 1 alone); the text enum lists those.
    let values: Vec<Value> = match map.get("type") {
        Some(types) => {
            let types = type_list(types);
            values
                .iter()
                .filter(|v| of_types(v, &types, draft))
                .cloned()
                .collect()
        }
        None => values.clone(),
    };
    if values.is_empty() {
        return false;
    }
    let primitive = |v: &Value| !v.is_object() && !v.is_array();
    if values.iter().all(Value::is_string) || !values.iter().all(primitive) {
        return false;
    }
    let texts: Vec<String> = values.iter().map(enum_text).collect();
    let distinct: std::collections::HashSet<&String> = texts.iter().collect();
    if distinct.len() < texts.len() || texts.iter().any(String::is_empty) {
        return false;
    }
    let typed = |t: &Value| {
        t.as_str()
            .is_some_and(|t| matches!(t, "string" | "integer" | "number" | "boolean" | "null"))
    };
    let alone = map.iter().all(|(k, v)| match k.as_str() {
        "enum" => true,
        "type" => typed(v) || v.as_array().is_some_and(|ts| ts.iter().all(typed)),
        "default" => primitive(v),
        "examples" => v.as_array().is_some_and(|xs| xs.iter().all(primitive)),
        "format" | "const" | "nullable" => false,
        _ => keywords::is_annotation(k),
    });
    if !alone {
        return false;
    }
    let texts: Vec<Value> = texts.into_iter().map(Value::String).collect();
    map.insert("type".to_owned(), json!("string"));
    map.insert("format".to_owned(), json!("enum"));
    map.insert("enum".to_owned(), Value::Array(texts));
    if let Some(default) = map.get_mut("default") {
        *default = Value::String(enum_text(default));
    }
    if let Some(Value::Array(examples)) = map.get_mut("examples") {
        for example in examples {
            *example = Value::String(enum_text(example));
        }
    }
    true
}

/// The text a stringified `enum` holds for `value`: a string itself, anything else its JSON.
pub fn enum_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// What [`strip`] may take from a schema's root.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Root {
    /// Its `$schema` goes: the schema reads the same as 2020-12 ([`draft_neutral`]).
    pub neutral: bool,
    /// Its `$id` goes: no reference needs the base URI ([`base_unneeded`]).
    pub unnamed: bool,
}

impl Root {
    /// What `rewrite` may strip from `schema`'s root (read as `draft`).
    pub(super) fn of(rewrite: super::Rewrite, schema: &Value, draft: Draft) -> Root {
        let stripping = |name| match rewrite {
            super::Rewrite::Strip(names) => names.contains(&name),
            super::Rewrite::StripAllBut(kept) => !kept.contains(&name),
            _ => false,
        };
        Root {
            neutral: stripping("$schema") && draft_neutral(schema, draft),
            unnamed: stripping("$id") && base_unneeded(schema),
        }
    }
}

/// True when no reference in `schema` needs the base URI its root's `$id` names: every `$ref`
/// is a pointer into the schema (`#` or `#/…`), and no other `$id` or `id` sets a base below
/// the root. Keys are searched wherever they sit (a property named `$id` too), which can only
/// say no more often.
pub(super) fn base_unneeded(schema: &Value) -> bool {
    let mut stack: Vec<(&Value, bool)> = vec![(schema, true)];
    while let Some((value, root)) = stack.pop() {
        match value {
            Value::Object(map) => {
                let local = |r: &Value| r.as_str().is_some_and(|r| r == "#" || r.starts_with("#/"));
                if map.get("$ref").is_some_and(|r| !local(r))
                    || (!root && (map.contains_key("$id") || map.contains_key("id")))
                {
                    return false;
                }
                stack.extend(map.values().map(|v| (v, false)));
            }
            Value::Array(items) => stack.extend(items.iter().map(|v| (v, false))),
            _ => {}
        }
    }
    true
}

/// True when `schema`, read as `draft`, means the same read as 2020-12: no keyword of it is read
/// otherwise there (`schema::walk::first_difference`: an array-form `items`, `dependencies`, a
/// `$ref` with siblings, draft 4's boolean bounds and `integer`, …).
pub(super) fn draft_neutral(schema: &Value, draft: Draft) -> bool {
    crate::schema::walk::first_difference(schema, draft, Draft::Draft2020_12).is_none()
}

/// [`Rewrite::TypeArrays`](super::Rewrite::TypeArrays) on one node: `type: [A, B, …]` with two
/// or more types besides `"null"` becomes `anyOf` with one branch per type, each carrying the
/// node's other assertions (a keyword of one type asserts nothing on the others, so each
/// branch accepts what the node accepted of its type) and `"null"` where the array had it, for
/// [`Rewrite::Nullable`](super::Rewrite::Nullable) to spell. Annotations stay beside the
/// `anyOf`. A node that has an `anyOf` or a `$ref` already is left alone. True when it changed.
pub(super) fn type_array_to_any_of(map: &mut Map<String, Value>, draft: Draft) -> bool {
    let Some(Value::Array(types)) = map.get("type") else {
        return false;
    };
    let null = types.iter().any(|t| t.as_str() == Some("null"));
    let named: Vec<Value> = types
        .iter()
        .filter(|t| t.as_str() != Some("null"))
        .cloned()
        .collect();
    if named.len() < 2 || map.contains_key("anyOf") || map.contains_key("$ref") {
        return false;
    }
    let (quiet, asserting): (Map<String, Value>, Map<String, Value>) = map
        .clone()
        .into_iter()
        .filter(|(k, _)| k != "type")
        .partition(|(k, _)| keywords::is_annotation(k) || keywords::lookup(k, draft).is_none());
    // A branch's `enum` lists only the values of its type, and a branch whose `enum` or
    // `const` holds none accepts nothing and goes (issue 41: a string enum on an integer
    // branch would be refused).
    let branches: Vec<Value> = named
        .into_iter()
        .filter_map(|one| {
            let mut branch = Map::new();
            let kind = if null { json!([one, "null"]) } else { one };
            let types = type_list(&kind);
            branch.insert("type".to_owned(), kind);
            branch.extend(asserting.clone());
            if let Some(Value::Array(values)) = branch.get_mut("enum") {
                values.retain(|v| of_types(v, &types, draft));
                if values.is_empty() {
                    return None;
                }
            }
            if branch
                .get("const")
                .is_some_and(|c| !of_types(c, &types, draft))
            {
                return None;
            }
            Some(Value::Object(branch))
        })
        .collect();
    if branches.is_empty() {
        return false;
    }
    *map = quiet;
    map.insert("anyOf".to_owned(), Value::Array(branches));
    true
}

/// True when `value` is of a type `types` names (a `type` keyword's value, one name or a list),
/// read as `draft`: an integer-valued number is an `integer`, in draft 4 only one written as an
/// integer (L2).
fn of_types(value: &Value, types: &[Value], draft: Draft) -> bool {
    let listed = |name: &str| types.iter().any(|t| t.as_str() == Some(name));
    match value {
        Value::Null => listed("null"),
        Value::Bool(_) => listed("boolean"),
        Value::String(_) => listed("string"),
        Value::Array(_) => listed("array"),
        Value::Object(_) => listed("object"),
        Value::Number(n) => {
            listed("number")
                || (listed("integer")
                    && (n.is_i64()
                        || n.is_u64()
                        || (draft != Draft::Draft4
                            && n.as_f64().is_some_and(|f| f.fract() == 0.0))))
        }
    }
}

/// A `type` keyword's value as a list of names.
fn type_list(value: &Value) -> Vec<Value> {
    match value {
        Value::Array(types) => types.clone(),
        one => vec![one.clone()],
    }
}

/// `type: [T…, "null"]` beside an `enum` (issue 41, inputs the SDKs take): the enum decides
/// whether `null` is valid. Without `null` among its values, `"null"` leaves the `type` (it
/// admits nothing more); with it, and every value of a listed type, the `type` goes (it
/// excludes nothing more), and the enum is then written as Gemini takes one
/// ([`Rewrite::StringEnums`](super::Rewrite::StringEnums)). Both equivalences. True when it changed.
fn null_beside_enum(map: &mut Map<String, Value>, draft: Draft) -> bool {
    let (Some(Value::Array(types)), Some(Value::Array(values))) =
        (map.get("type"), map.get("enum"))
    else {
        return false;
    };
    if !types.iter().any(|t| t.as_str() == Some("null")) {
        return false;
    }
    let typed = |v: &Value| of_types(v, types, draft);
    if !values.contains(&Value::Null) {
        let rest: Vec<Value> = types
            .iter()
            .filter(|t| t.as_str() != Some("null"))
            .cloned()
            .collect();
        let kind = match rest.as_slice() {
            [one] => one.clone(),
            _ => Value::Array(rest),
        };
        map.insert("type".to_owned(), kind);
        return true;
    }
    if values.iter().all(typed) {
        map.shift_remove("type");
        return true;
    }
    false
}

/// [`Rewrite::Nullable`](super::Rewrite::Nullable) on one node. True when it changed.
pub(super) fn nullable_openapi(map: &mut Map<String, Value>, draft: Draft) -> bool {
    if null_beside_enum(map, draft) {
        return true;
    }
    let plain = |m: &Map<String, Value>| {
        !m.contains_key("nullable")
            && ["enum", "const", "$ref"]
                .iter()
                .all(|k| !m.contains_key(*k))
    };
    if let Some(Value::Array(types)) = map.get("type")
        && types.len() == 2
        && plain(map)
        && let Some(one) = types.iter().find(|t| t.as_str() != Some("null"))
        && types.iter().any(|t| t.as_str() == Some("null"))
    {
        let one = one.clone();
        map.insert("type".to_owned(), one);
        map.insert("nullable".to_owned(), Value::Bool(true));
        return true;
    }
    let quiet = |k: &str| keywords::is_annotation(k) || keywords::lookup(k, draft).is_none();
    let Some(Value::Array(branches)) = map.get("anyOf") else {
        return false;
    };
    let is_null = |b: &Value| {
        b.as_object()
            .is_some_and(|b| b.len() == 1 && b.get("type") == Some(&json!("null")))
    };
    if branches.len() > 2 {
        return nullable_branches(map, draft);
    }
    let [a, b] = branches.as_slice() else {
        return false;
    };
    let other = match (is_null(a), is_null(b)) {
        (true, false) => b,
        (false, true) => a,
        _ => return false,
    };
    let Some(other) = other.as_object().filter(|o| {
        plain(o) && o.get("type").is_some_and(Value::is_string) && !o.contains_key("anyOf")
    }) else {
        return false;
    };
    if !map.keys().all(|k| k == "anyOf" || quiet(k)) {
        return false;
    }
    let mut merged = other.clone();
    for (k, v) in map.iter() {
        if k != "anyOf" && !merged.contains_key(k) {
            merged.insert(k.clone(), v.clone());
        }
    }
    merged.insert("nullable".to_owned(), Value::Bool(true));
    *map = merged;
    true
}

/// `anyOf: [A, B, …, {"type": "null"}]` → `anyOf: [A + nullable, B + nullable, …]`: the
/// `null` branch goes and every other one says `nullable: true` (OpenAPI has no `null` type),
/// where each is a plain typed schema. An equivalence under the OpenAPI view.
fn nullable_branches(map: &mut Map<String, Value>, draft: Draft) -> bool {
    let _ = draft;
    let Some(Value::Array(branches)) = map.get_mut("anyOf") else {
        return false;
    };
    let is_null = |b: &Value| {
        b.as_object()
            .is_some_and(|b| b.len() == 1 && b.get("type") == Some(&json!("null")))
    };
    let plain = |b: &Value| {
        b.as_object().is_some_and(|o| {
            o.get("type").is_some_and(Value::is_string)
                && !["nullable", "enum", "const", "$ref", "anyOf"]
                    .iter()
                    .any(|k| o.contains_key(*k))
        })
    };
    if branches.iter().filter(|b| is_null(b)).count() != 1
        || !branches.iter().filter(|b| !is_null(b)).all(plain)
    {
        return false;
    }
    branches.retain(|b| !is_null(b));
    for branch in branches.iter_mut() {
        if let Value::Object(o) = branch {
            o.insert("nullable".to_owned(), Value::Bool(true));
        }
    }
    true
}

/// A node whose `anyOf` has annotations beside it (Gemini takes `anyOf` only alone): its
/// `description` moves into each branch that has none (but a bare `{"type": "null"}`), the
/// other annotations go (`title` too: Gemini's own fields do not surely include it).
/// Unchanged when anything but annotations sits beside the `anyOf`. True when it changed.
pub(super) fn any_of_alone(map: &mut Map<String, Value>, draft: Draft) -> bool {
    let beside: Vec<String> = map.keys().filter(|k| *k != "anyOf").cloned().collect();
    let quiet = |k: &str| keywords::is_annotation(k) || keywords::lookup(k, draft).is_none();
    if beside.is_empty()
        || !beside.iter().all(|k| quiet(k))
        || !matches!(map.get("anyOf"), Some(Value::Array(_)))
    {
        return false;
    }
    let moved: Vec<(String, Value)> = ["description"]
        .iter()
        .filter_map(|k| Some(((*k).to_owned(), map.get(*k)?.clone())))
        .collect();
    map.retain(|k, _| k == "anyOf");
    if let Some(Value::Array(branches)) = map.get_mut("anyOf") {
        for branch in branches.iter_mut() {
            let Value::Object(branch) = branch else {
                continue;
            };
            let plain_null = branch.get("type") == Some(&json!("null")) && branch.len() == 1;
            for (k, v) in &moved {
                if !plain_null && !branch.contains_key(k) {
                    branch.insert(k.clone(), v.clone());
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_to_a_non_recursive_definition_is_inlined() {
        let schema = json!({
            "properties": {"a": {"$ref": "#/$defs/A", "description": "here"}, "n": {"$ref": "#/$defs/N"}},
            "$defs": {
                "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}, "description": "there"},
                "B": {"type": "string"},
                "N": {"type": "array", "items": {"$ref": "#/$defs/N"}}
            }
        });
        let Value::Object(mut a) = schema["properties"]["a"].clone() else {
            unreachable!()
        };
        assert!(inline_ref(
            &schema,
            &mut a,
            Draft::Draft2020_12,
            &mut Default::default()
        ));
        assert_eq!(
            Value::Object(a),
            json!({"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}, "description": "here"})
        );
        let Value::Object(mut n) = schema["properties"]["n"].clone() else {
            unreachable!()
        };
        assert!(
            !inline_ref(
                &schema,
                &mut n,
                Draft::Draft2020_12,
                &mut Default::default()
            ),
            "recursive"
        );
        let Value::Object(mut merged) = json!({"$ref": "#/$defs/B", "minLength": 1}) else {
            unreachable!()
        };
        assert!(
            !inline_ref(
                &schema,
                &mut merged,
                Draft::Draft2020_12,
                &mut Default::default()
            ),
            "an asserting sibling"
        );
        assert!(
            inline_ref(&schema, &mut merged, Draft::Draft7, &mut Default::default()),
            "ignored in draft 7"
        );
    }

    #[test]
    fn annotations_beside_an_any_of_move_into_its_branches() {
        let Value::Object(mut map) = json!({
            "title": "T", "description": "D", "default": null, "discriminator": {"propertyName": "k"},
            "anyOf": [{"type": "string"}, {"type": "null"}, {"type": "integer", "description": "own"}]
        }) else {
            unreachable!()
        };
        assert!(any_of_alone(&mut map, Draft::Draft2020_12));
        assert_eq!(
            Value::Object(map),
            json!({"anyOf": [
                {"type": "string", "description": "D"},
                {"type": "null"},
                {"type": "integer", "description": "own"}
            ]})
        );
        let Value::Object(mut typed) = json!({"type": "string", "anyOf": [{}]}) else {
            unreachable!()
        };
        assert!(!any_of_alone(&mut typed, Draft::Draft2020_12));
        let Value::Object(mut root) = json!({"$schema": "https://json-schema.org/draft/2020-12/schema", "discriminator": {}, "type": "object"})
        else {
            unreachable!()
        };
        assert_eq!(
            strip(
                &mut root,
                &["$schema", "discriminator", "type"],
                Draft::Draft2020_12,
                Root::default()
            ),
            ["$schema", "discriminator"]
        );
        // A root `$id` goes only where asked and no reference needs the base it names.
        let mut named =
            json!({"$id": "https://example.com/t", "properties": {"a": {"$ref": "#/$defs/a"}}});
        assert!(base_unneeded(&named));
        named["properties"]["b"] = json!({"$ref": "other.json"});
        assert!(!base_unneeded(&named));
        assert!(!base_unneeded(&json!({"properties": {"a": {"$id": "a"}}})));
        let Value::Object(mut old) = json!({"$schema": "http://json-schema.org/draft-07/schema#"})
        else {
            unreachable!()
        };
        assert!(strip(&mut old, &["$schema"], Draft::Draft7, Root::default()).is_empty());
        assert_eq!(
            strip(
                &mut old,
                &["$schema"],
                Draft::Draft7,
                Root {
                    neutral: true,
                    unnamed: false
                }
            ),
            ["$schema"]
        );
    }

    #[test]
    fn a_schema_is_draft_neutral_unless_a_keyword_changed_meaning() {
        let plain = json!({"type": "object", "properties": {"a": {"$ref": "#/definitions/a", "description": "d"}},
                           "definitions": {"a": {"type": "string"}}});
        assert!(draft_neutral(&plain, Draft::Draft7));
        // Draft 4 too, where no keyword of it changed (issue 41: its `$schema` was never
        // stripped); its `integer` and boolean bounds did.
        assert!(draft_neutral(&plain, Draft::Draft4));
        assert!(!draft_neutral(
            &json!({"properties": {"n": {"type": "integer"}}}),
            Draft::Draft4
        ));
        assert!(!draft_neutral(
            &json!({"maximum": 1, "exclusiveMaximum": true}),
            Draft::Draft4
        ));
        for changed in [
            json!({"items": [{"type": "string"}]}),
            json!({"properties": {"a": {"$ref": "#/definitions/a", "minLength": 1}}}),
            json!({"dependencies": {"a": ["b"]}}),
            json!({"additionalItems": false}),
            json!({"prefixItems": [{"type": "string"}]}),
            json!({"properties": {"a": {"dependentRequired": {"b": ["c"]}}}}),
        ] {
            assert!(!draft_neutral(&changed, Draft::Draft7), "{changed}");
        }
        // A `$ref` with siblings means the same in 2019-09 and 2020-12.
        let sibling = json!({"$ref": "#/$defs/a", "minLength": 1});
        assert!(draft_neutral(&sibling, Draft::Draft2019_09));
    }

    #[test]
    fn a_non_string_enum_is_written_as_text_when_each_text_names_one_value() {
        let Value::Object(mut zoom) =
            json!({"type": "integer", "enum": [1, 2, 4], "default": 1, "description": "Zoom"})
        else {
            unreachable!()
        };
        assert!(stringify_enum(&mut zoom, Draft::Draft2020_12));
        assert_eq!(
            Value::Object(zoom),
            json!({"type": "string", "enum": ["1", "2", "4"], "default": "1", "description": "Zoom", "format": "enum"})
        );
        for unchanged in [
            json!({"enum": ["a", "b"]}),
            json!({"enum": [1, "1"]}),
            json!({"enum": [1, {"a": 1}]}),
            json!({"enum": [1, 2], "minimum": 1}),
            json!({"enum": [1, ""]}),
        ] {
            let Value::Object(mut map) = unchanged.clone() else {
                unreachable!()
            };
            assert!(
                !stringify_enum(&mut map, Draft::Draft2020_12),
                "{unchanged}"
            );
            assert_eq!(Value::Object(map), unchanged);
        }
    }
}
