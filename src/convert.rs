//! Reading a draft 4, 6 or 7 schema as 2020-12, keyword for keyword, without changing what it
//! accepts (L2): what the closure `close(S)` needs (§1 evaluates it with 2020-12 annotation
//! rules whatever the draft), and what targets that require 2020-12 will need.
//!
//! Array-form `items` becomes `prefixItems` (and `additionalItems` its `items`), `dependencies`
//! splits into `dependentRequired` and `dependentSchemas`, draft 4's boolean bounds become
//! numbers, `$ref` siblings (ignored up to draft 7) and keywords the source draft does not know
//! but 2020-12 would read are moved under `x-stitch-ignored`, where they assert nothing. `$id`
//! and `$schema` are dropped: the caller rewrites every `$ref` to an absolute `uri#pointer`
//! through [`Converted::pointer`], so no base URI is needed. Pure; values in, values out.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::schema::keywords::{Shape, is_annotation};
use crate::schema::{Draft, pointer};

/// Where moved keywords go: an unknown keyword, so they assert nothing.
pub const IGNORED: &str = "x-stitch-ignored";

/// A converted schema document.
#[derive(Debug, Clone, Default)]
pub struct Converted {
    /// The 2020-12 document.
    pub value: Value,
    /// Old pointer → new pointer, for every schema object walked.
    moved: HashMap<String, String>,
    /// The (new) pointers of the objects holding a `$ref`, with their old pointers.
    pub references: Vec<(String, String)>,
    /// For a presentation ([`presentation_to_2020_12`]): `definitions` renamed `$defs`, and
    /// what asserts nothing dropped rather than moved under [`IGNORED`].
    presenting: bool,
    /// Each keyword converted, renamed or dropped: the (new) pointer of its schema and its name.
    pub changes: Vec<(String, String)>,
    /// The (new) pointers of the schemas that named their base URI (`$id`, draft 4's `id`).
    ids: Vec<String>,
}

impl Converted {
    /// Where the schema that was at `old` is now. A pointer below a walked schema keeps its
    /// remaining tokens.
    pub fn pointer(&self, old: &str) -> String {
        if let Some(new) = self.moved.get(old) {
            return new.clone();
        }
        let mut prefix = old;
        while let Some(cut) = prefix.rfind('/') {
            prefix = &prefix[..cut];
            if let Some(new) = self.moved.get(prefix) {
                return format!("{new}{}", &old[prefix.len()..]);
            }
        }
        old.to_owned()
    }
}

/// Converts `value`, a schema read as `draft`, to 2020-12. Documents already in 2019-09 or
/// 2020-12 come back unchanged.
pub fn to_2020_12(value: &Value, draft: Draft) -> Converted {
    let mut out = Converted::default();
    if draft >= Draft::Draft2019_09 {
        out.value = value.clone();
        return out;
    }
    let mut converted = walk(value, draft, "", "", &mut out);
    if let Value::Object(map) = &mut converted {
        map.insert(
            "$schema".to_owned(),
            Draft::Draft2020_12.meta_schema_uri().into(),
        );
    }
    out.value = converted;
    out
}

/// One schema of a presentation, read as `draft`, converted to 2020-12 for a provider that
/// reads nothing else (SPEC §3 "Targets"). Unlike [`to_2020_12`], what asserts nothing in the
/// source draft (a `$ref`'s siblings up to draft 7, keywords it does not know) is dropped rather
/// than kept under [`IGNORED`], `definitions` becomes `$defs`, the root keeps its `$id` and
/// its `$schema` (naming 2020-12 now), and each `$ref` points where its target went. A schema
/// in 2019-09 or 2020-12 comes back `Ok(None)`. `Err` says why references could not be kept
/// meaning the same: one that is not a pointer into the schema (`#/…`), or a base URI below
/// the root or with a fragment.
pub fn presentation_to_2020_12(schema: &Value, draft: Draft) -> Result<Option<Converted>, String> {
    if draft >= Draft::Draft2019_09 {
        return Ok(None);
    }
    let mut out = Converted {
        presenting: true,
        ..Converted::default()
    };
    out.value = walk(schema, draft, "", "", &mut out);
    if let Some(at) = out.ids.iter().find(|at| !at.is_empty()) {
        return Err(format!("a base URI (`$id`) at #{at}"));
    }
    if let Some(Value::String(id)) = out.value.get("$id")
        && id.find('#').is_some_and(|hash| hash + 1 < id.len())
    {
        return Err(format!("the base URI `{id}` has a fragment"));
    }
    let mut references = Vec::new();
    for (at, _) in &out.references {
        let Some(Value::String(reference)) = out.value.pointer(at).and_then(|n| n.get("$ref"))
        else {
            continue;
        };
        let fragment = pointer::local(reference).ok_or_else(|| {
            format!("`$ref: {reference}` at #{at}, not a pointer into the schema")
        })?;
        let moved = out.pointer(&fragment);
        if moved != fragment {
            references.push((at.clone(), pointer::uri_fragment(&format!("#{moved}"))));
        }
    }
    for (at, reference) in references {
        if let Some(Value::Object(node)) = out.value.pointer_mut(&at) {
            node.insert("$ref".to_owned(), reference.into());
        }
    }
    Ok(Some(out))
}

fn walk(value: &Value, draft: Draft, old: &str, new: &str, out: &mut Converted) -> Value {
    let Value::Object(map) = value else {
        return value.clone();
    };
    out.moved.insert(old.to_owned(), new.to_owned());
    let ref_only = map.contains_key("$ref");
    let tuple = matches!(map.get("items"), Some(Value::Array(_)));
    let mut result = Map::new();
    let mut ignored = Map::new();
    let one = |key: &str, to: &str, v: &Value, out: &mut Converted| {
        walk(
            v,
            draft,
            &pointer::push(old, key),
            &pointer::push(new, to),
            out,
        )
    };
    let changed = |out: &mut Converted, k: &str| out.changes.push((new.to_owned(), k.to_owned()));
    for (key, v) in map {
        let k = key.as_str();
        let container = matches!(k, "definitions" | "$defs");
        if ref_only && k != "$ref" && !container && !is_annotation(k) {
            changed(out, k);
            ignored.insert(key.clone(), v.clone());
            continue;
        }
        match k {
            "$ref" => {
                result.insert(key.clone(), v.clone());
                out.references.push((new.to_owned(), old.to_owned()));
            }
            "$id" | "id" | "$schema" => identity(k, v, draft, new, out, &mut result),
            "definitions" if out.presenting && !map.contains_key("$defs") => {
                changed(out, k);
                result.insert(
                    "$defs".to_owned(),
                    map_of(v, k, "$defs", draft, old, new, out),
                );
            }
            _ if container => {
                result.insert(key.clone(), map_of(v, k, k, draft, old, new, out));
            }
            "items" if tuple => {
                changed(out, k);
                result.insert(
                    "prefixItems".to_owned(),
                    many(v, k, "prefixItems", draft, old, new, out),
                );
            }
            "additionalItems" => {
                changed(out, k);
                if tuple {
                    result.insert("items".to_owned(), one(k, "items", v, out));
                } else {
                    ignored.insert(key.clone(), v.clone());
                }
            }
            "dependencies" => {
                changed(out, k);
                match v {
                    Value::Object(deps) => {
                        split_dependencies(deps, draft, old, new, out, &mut result)
                    }
                    _ => {
                        ignored.insert(key.clone(), v.clone());
                    }
                }
            }
            "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum"
                if draft.boolean_exclusive_bounds() =>
            {
                let (bound, exclusive) = match k {
                    "minimum" | "exclusiveMinimum" => ("minimum", "exclusiveMinimum"),
                    _ => ("maximum", "exclusiveMaximum"),
                };
                let is_exclusive = map.get(exclusive) == Some(&Value::Bool(true));
                if k == bound {
                    // `minimum` with `exclusiveMinimum: true` becomes `exclusiveMinimum`.
                    if is_exclusive {
                        changed(out, exclusive);
                    }
                    result.insert(
                        if is_exclusive { exclusive } else { bound }.to_owned(),
                        v.clone(),
                    );
                } else if !(is_exclusive && map.contains_key(bound)) {
                    // A boolean that moved with its bound is noted there; any other goes.
                    changed(out, k);
                }
            }
            _ if draft.shape(k).is_some() => {
                let converted = match (draft.shape(k), v) {
                    (Some(Shape::Map), _) => map_of(v, k, k, draft, old, new, out),
                    (Some(Shape::Many), _) => many(v, k, k, draft, old, new, out),
                    _ => one(k, k, v, out),
                };
                result.insert(key.clone(), converted);
            }
            _ if !draft.is_keyword(k) && Draft::Draft2020_12.is_keyword(k) => {
                changed(out, k);
                ignored.insert(key.clone(), v.clone());
            }
            _ => {
                result.insert(key.clone(), v.clone());
            }
        }
    }
    if !ignored.is_empty() && !out.presenting {
        result.insert(IGNORED.to_owned(), Value::Object(ignored));
    }
    Value::Object(result)
}

/// `$id`, `id` and `$schema` (`k`, valued `v`): a base URI is noted in `out`; a presentation's
/// root keeps its base URI (as `$id`) and its `$schema` (naming 2020-12), and `id` where it is
/// no keyword. Anything else goes.
fn identity(
    k: &str,
    v: &Value,
    draft: Draft,
    new: &str,
    out: &mut Converted,
    result: &mut Map<String, Value>,
) {
    let root = out.presenting && new.is_empty();
    let changed = |out: &mut Converted| out.changes.push((new.to_owned(), k.to_owned()));
    match k {
        "$id" | "id" if k == "$id" || draft == Draft::Draft4 => {
            out.ids.push(new.to_owned());
            // Checked by the caller: nothing below the root may name a base.
            if root {
                if k == "id" {
                    changed(out);
                }
                result.insert("$id".to_owned(), v.clone());
            }
        }
        "$schema" if root => {
            let uri = Draft::Draft2020_12.meta_schema_uri();
            if v.as_str() != Some(uri) {
                changed(out);
            }
            result.insert(k.to_owned(), uri.into());
        }
        "id" if out.presenting => {
            result.insert(k.to_owned(), v.clone());
        }
        _ => {}
    }
}

/// Draft 4–7's `dependencies` (`deps`) split into `dependentRequired` and `dependentSchemas`
/// in `result`.
fn split_dependencies(
    deps: &Map<String, Value>,
    draft: Draft,
    old: &str,
    new: &str,
    out: &mut Converted,
    result: &mut Map<String, Value>,
) {
    let mut required = Map::new();
    let mut schemas = Map::new();
    for (name, dep) in deps {
        if dep.is_array() {
            required.insert(name.clone(), dep.clone());
        } else {
            let from = pointer::push(&pointer::push(old, "dependencies"), name);
            let to = pointer::push(&pointer::push(new, "dependentSchemas"), name);
            schemas.insert(name.clone(), walk(dep, draft, &from, &to, out));
        }
    }
    if !required.is_empty() {
        result.insert("dependentRequired".to_owned(), Value::Object(required));
    }
    if !schemas.is_empty() {
        result.insert("dependentSchemas".to_owned(), Value::Object(schemas));
    }
}

fn many(
    value: &Value,
    from: &str,
    to: &str,
    draft: Draft,
    old: &str,
    new: &str,
    out: &mut Converted,
) -> Value {
    match value {
        Value::Array(items) => Value::Array(
            items
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let o = pointer::push_index(&pointer::push(old, from), i);
                    let n = pointer::push_index(&pointer::push(new, to), i);
                    walk(v, draft, &o, &n, out)
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

fn map_of(
    value: &Value,
    from: &str,
    to: &str,
    draft: Draft,
    old: &str,
    new: &str,
    out: &mut Converted,
) -> Value {
    match value {
        Value::Object(entries) => Value::Object(
            entries
                .iter()
                .map(|(name, v)| {
                    let o = pointer::push(&pointer::push(old, from), name);
                    let n = pointer::push(&pointer::push(new, to), name);
                    (name.clone(), walk(v, draft, &o, &n, out))
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn draft_7_reads_as_2020_12() {
        let schema = json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "$id": "https://example.com/s.json",
            "definitions": {"n": {"type": "integer"}},
            "type": "object",
            "properties": {
                "t": {"items": [{"type": "string"}, {"$ref": "#/definitions/n"}], "additionalItems": false},
                "r": {"$ref": "#/definitions/n", "minimum": 5},
                "p": {"prefixItems": [{"type": "null"}], "items": {"type": "string"}}
            },
            "dependencies": {"a": ["b"], "c": {"required": ["d"]}}
        });
        let converted = to_2020_12(&schema, Draft::Draft7);
        assert_eq!(
            converted.value,
            json!({
                "definitions": {"n": {"type": "integer"}},
                "type": "object",
                "properties": {
                    "t": {"prefixItems": [{"type": "string"}, {"$ref": "#/definitions/n"}], "items": false},
                    "r": {"$ref": "#/definitions/n", "x-stitch-ignored": {"minimum": 5}},
                    "p": {"items": {"type": "string"}, "x-stitch-ignored": {"prefixItems": [{"type": "null"}]}}
                },
                "dependentRequired": {"a": ["b"]},
                "dependentSchemas": {"c": {"required": ["d"]}},
                "$schema": "https://json-schema.org/draft/2020-12/schema"
            })
        );
        assert_eq!(
            converted.pointer("/properties/t/items/1"),
            "/properties/t/prefixItems/1"
        );
        assert_eq!(converted.pointer("/dependencies/c"), "/dependentSchemas/c");
        assert_eq!(converted.pointer("/definitions/n"), "/definitions/n");
        assert_eq!(
            converted.references,
            vec![
                (
                    "/properties/t/prefixItems/1".to_owned(),
                    "/properties/t/items/1".to_owned()
                ),
                ("/properties/r".to_owned(), "/properties/r".to_owned())
            ]
        );
    }

    #[test]
    fn draft_4_bounds_and_unknown_keywords() {
        let schema = json!({
            "minimum": 0, "exclusiveMinimum": true, "maximum": 9, "exclusiveMaximum": false,
            "const": 3, "id": "x"
        });
        let converted = to_2020_12(&schema, Draft::Draft4);
        assert_eq!(
            converted.value,
            json!({
                "exclusiveMinimum": 0, "maximum": 9,
                "x-stitch-ignored": {"const": 3},
                "$schema": "https://json-schema.org/draft/2020-12/schema"
            })
        );
    }

    #[test]
    fn a_presentation_converts_with_its_references_moved() {
        let schema = json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "$id": "https://example.com/t.json#",
            "type": "object",
            "properties": {
                "t": {"items": [{"type": "string"}, {"$ref": "#/definitions/n"}]},
                "r": {"$ref": "#/properties/t/items/0", "minLength": 5, "title": "kept"},
                "future": {"prefixItems": [{"type": "null"}]}
            },
            "definitions": {"n": {"type": "integer"}}
        });
        let converted = presentation_to_2020_12(&schema, Draft::Draft7)
            .expect("convertible")
            .expect("draft 7 converts");
        assert_eq!(
            converted.value,
            json!({
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$id": "https://example.com/t.json#",
                "type": "object",
                "properties": {
                    "t": {"prefixItems": [{"type": "string"}, {"$ref": "#/$defs/n"}]},
                    "r": {"$ref": "#/properties/t/prefixItems/0", "title": "kept"},
                    "future": {}
                },
                "$defs": {"n": {"type": "integer"}}
            })
        );
        let changes: Vec<(&str, &str)> = converted
            .changes
            .iter()
            .map(|(at, k)| (at.as_str(), k.as_str()))
            .collect();
        assert_eq!(
            changes,
            [
                ("", "$schema"),
                ("/properties/t", "items"),
                ("/properties/r", "minLength"),
                ("/properties/future", "prefixItems"),
                ("", "definitions")
            ]
        );
        assert_eq!(
            presentation_to_2020_12(&schema, Draft::Draft2020_12).map(|c| c.is_none()),
            Ok(true)
        );
    }

    #[test]
    fn a_presentation_whose_references_need_a_base_is_not_converted() {
        for (schema, why) in [
            (
                json!({"properties": {"a": {"$ref": "other.json"}}}),
                "`$ref: other.json` at #/properties/a, not a pointer into the schema",
            ),
            (
                json!({"definitions": {"a": {"$id": "#a"}}}),
                "a base URI (`$id`) at #/$defs/a",
            ),
            (
                json!({"$id": "https://example.com/t.json#top"}),
                "the base URI `https://example.com/t.json#top` has a fragment",
            ),
        ] {
            assert_eq!(
                presentation_to_2020_12(&schema, Draft::Draft7).map(|_| ()),
                Err(why.to_owned())
            );
        }
    }
}
