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
#[derive(Debug, Clone)]
pub struct Converted {
    /// The 2020-12 document.
    pub value: Value,
    /// Old pointer → new pointer, for every schema object walked.
    moved: HashMap<String, String>,
    /// The (new) pointers of the objects holding a `$ref`, with their old pointers.
    pub references: Vec<(String, String)>,
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
    let mut out = Converted {
        value: Value::Null,
        moved: HashMap::new(),
        references: Vec::new(),
    };
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
    for (key, v) in map {
        let k = key.as_str();
        let container = matches!(k, "definitions" | "$defs");
        if ref_only && k != "$ref" && !container && !is_annotation(k) {
            ignored.insert(key.clone(), v.clone());
            continue;
        }
        match k {
            "$ref" => {
                result.insert(key.clone(), v.clone());
                out.references.push((new.to_owned(), old.to_owned()));
            }
            "$schema" | "id" | "$id" => {}
            _ if container => {
                result.insert(key.clone(), map_of(v, k, k, draft, old, new, out));
            }
            "items" if tuple => {
                result.insert(
                    "prefixItems".to_owned(),
                    many(v, k, "prefixItems", draft, old, new, out),
                );
            }
            "additionalItems" => {
                if tuple {
                    result.insert("items".to_owned(), one(k, "items", v, out));
                } else {
                    ignored.insert(key.clone(), v.clone());
                }
            }
            "dependencies" => {
                let Value::Object(deps) = v else {
                    ignored.insert(key.clone(), v.clone());
                    continue;
                };
                let mut required = Map::new();
                let mut schemas = Map::new();
                for (name, dep) in deps {
                    if dep.is_array() {
                        required.insert(name.clone(), dep.clone());
                    } else {
                        let from = pointer::push(&pointer::push(old, k), name);
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
            "minimum" | "maximum" if draft.boolean_exclusive_bounds() => {
                let exclusive = if k == "minimum" {
                    "exclusiveMinimum"
                } else {
                    "exclusiveMaximum"
                };
                let target = if map.get(exclusive) == Some(&Value::Bool(true)) {
                    exclusive
                } else {
                    k
                };
                result.insert(target.to_owned(), v.clone());
            }
            "exclusiveMinimum" | "exclusiveMaximum" if draft.boolean_exclusive_bounds() => {}
            _ if draft.shape(k).is_some() => {
                let converted = match (draft.shape(k), v) {
                    (Some(Shape::Map), _) => map_of(v, k, k, draft, old, new, out),
                    (Some(Shape::Many), _) => many(v, k, k, draft, old, new, out),
                    _ => one(k, k, v, out),
                };
                result.insert(key.clone(), converted);
            }
            _ if !draft.is_keyword(k) && Draft::Draft2020_12.is_keyword(k) => {
                ignored.insert(key.clone(), v.clone());
            }
            _ => {
                result.insert(key.clone(), v.clone());
            }
        }
    }
    if !ignored.is_empty() {
        result.insert(IGNORED.to_owned(), Value::Object(ignored));
    }
    Value::Object(result)
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
}
