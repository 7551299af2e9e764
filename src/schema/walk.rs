//! The subschemas of a schema object as a draft reads them (the keyword table's `holds`
//! column), and the one preorder walk over every subschema of a document built on them
//! ([`preorder`]). Every walk over schemas in stitch goes through here, so that a keyword's
//! reading (which drafts have it, whether it holds one schema, a list or a map, whether a
//! `$ref` hides it) is decided once.

use serde_json::{Map, Value};

use super::draft::Draft;
use super::keywords::{self, Application, Shape};
use super::pointer;

/// A subschema of a schema object: where it is and how it is applied.
#[derive(Debug, Clone, Copy)]
pub struct Subschema<'a> {
    /// The keyword that holds it.
    pub keyword: &'static str,
    /// The pointer suffix from the parent (`/properties/a`, `/allOf/0`).
    pub suffix_key: Option<&'a str>,
    /// The array index, for keywords holding arrays.
    pub suffix_index: Option<usize>,
    /// How it is applied.
    pub application: Application,
    /// The subschema.
    pub schema: &'a Value,
}

impl Subschema<'_> {
    /// The subschema's pointer, given its parent's.
    pub fn pointer(&self, parent: &str) -> String {
        let extra = self.suffix_key.map_or(0, str::len) + 8;
        let mut p = String::with_capacity(parent.len() + self.keyword.len() + extra);
        p.push_str(parent);
        self.push_onto(&mut p);
        p
    }

    /// Appends the step down to the subschema to `pointer`, its parent's, in place.
    pub fn push_onto(&self, pointer: &mut String) {
        pointer::push_token(pointer, self.keyword);
        if let Some(key) = self.suffix_key {
            pointer::push_token(pointer, key);
        }
        if let Some(index) = self.suffix_index {
            use std::fmt::Write;
            let _ = write!(pointer, "/{index}");
        }
    }
}

impl Draft {
    /// True when `keyword` means something in this draft. A keyword unknown to the draft asserts
    /// nothing (L2): `const` in draft 4 is an annotation at most.
    pub fn is_keyword(self, keyword: &str) -> bool {
        keywords::lookup(keyword, self).is_some()
    }

    /// How `keyword` holds subschemas in this draft, when it holds any.
    pub fn shape(self, keyword: &str) -> Option<Shape> {
        keywords::lookup(keyword, self)?
            .holds
            .map(|(shape, _)| shape)
    }

    /// The subschemas of a schema object as this draft reads it, in keyword order. In drafts up
    /// to 7 a `$ref` hides its siblings: only definitions containers are listed beside it (they
    /// stay reachable by pointer).
    pub fn subschemas(self, schema: &Map<String, Value>) -> Vec<Subschema<'_>> {
        let mut out = Vec::new();
        self.subschemas_into(schema, &mut out);
        out
    }

    /// The subschemas of a schema object as written, siblings of a `$ref` included whatever
    /// the draft: what a provider that reads keys literally sees.
    pub fn subschemas_as_written(self, schema: &Map<String, Value>) -> Vec<Subschema<'_>> {
        let mut out = Vec::new();
        self.push_subschemas(schema, false, &mut out);
        out
    }

    /// [`Draft::subschemas`] into `out` (cleared first), for a walk over every schema that
    /// keeps one buffer rather than collecting a list per schema.
    pub fn subschemas_into<'v>(self, schema: &'v Map<String, Value>, out: &mut Vec<Subschema<'v>>) {
        let ref_only = self.ref_overrides_siblings() && schema.contains_key("$ref");
        out.clear();
        self.push_subschemas(schema, ref_only, out);
    }

    pub(crate) fn push_subschemas<'v>(
        self,
        schema: &'v Map<String, Value>,
        ref_only: bool,
        out: &mut Vec<Subschema<'v>>,
    ) {
        for (key, value) in schema {
            let Some(row) = keywords::lookup(key, self) else {
                continue;
            };
            let Some((shape, application)) = row.holds else {
                continue;
            };
            if ref_only && application != Application::Definition {
                continue;
            }
            let one = |schema| Subschema {
                keyword: row.name,
                suffix_key: None,
                suffix_index: None,
                application,
                schema,
            };
            match (shape, value) {
                (Shape::One | Shape::OneOrMany, Value::Object(_) | Value::Bool(_)) => {
                    out.push(one(value));
                }
                (Shape::Many | Shape::OneOrMany, Value::Array(items)) => {
                    out.extend(items.iter().enumerate().map(|(i, schema)| Subschema {
                        suffix_index: Some(i),
                        ..one(schema)
                    }));
                }
                (Shape::Map | Shape::MapOrNames, Value::Object(map)) => {
                    out.extend(
                        map.iter()
                            .filter(|(_, v)| shape == Shape::Map || !v.is_array())
                            .map(|(k, schema)| Subschema {
                                suffix_key: Some(k),
                                ..one(schema)
                            }),
                    );
                }
                _ => {}
            }
        }
    }
}

/// How a walk reads a schema object's subschemas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    /// Every subschema a keyword of the draft holds, siblings of a `$ref` included whatever the
    /// draft (what a provider that reads keys literally sees); else as the draft reads them (in
    /// drafts up to 7 a `$ref` hides its siblings, definitions containers aside).
    pub as_written: bool,
    /// Also the entries of a `$defs` or `definitions` container the draft does not name
    /// (`$defs` in draft 7): references reach them by pointer whatever the draft.
    pub every_definitions_container: bool,
}

impl Reading {
    /// As the draft reads the schema.
    pub const DRAFT: Reading = Reading {
        as_written: false,
        every_definitions_container: false,
    };
    /// As written, siblings of `$ref` included.
    pub const WRITTEN: Reading = Reading {
        as_written: true,
        every_definitions_container: false,
    };

    /// This reading, with every definitions container walked.
    pub const fn with_every_definitions_container(self) -> Reading {
        Reading {
            every_definitions_container: true,
            ..self
        }
    }
}

/// One schema object met by [`preorder`].
#[derive(Debug, Clone)]
pub struct Visit<'v> {
    /// Its pointer: the walk's base, then the steps down from the root.
    pub at: String,
    /// Its keywords.
    pub map: &'v Map<String, Value>,
    /// The index (in the walk's order) of the schema object holding it; `None` for the root.
    pub parent: Option<usize>,
    /// The keyword of the parent that holds it (`properties`, `items`); `None` for the root.
    pub keyword: Option<&'static str>,
}

/// Every schema object of `root` (booleans hold no subschema and are skipped), parents before
/// their subschemas and siblings in key order, each with its pointer (`base` followed by the
/// steps from `root`): the one preorder walk over schemas, driven by the keyword table as
/// `draft` and `reading` say.
pub fn preorder<'v>(root: &'v Value, base: &str, draft: Draft, reading: Reading) -> Vec<Visit<'v>> {
    let mut out: Vec<Visit<'v>> = Vec::new();
    let mut stack: Vec<(String, &'v Value, Option<usize>, Option<&'static str>)> =
        vec![(base.to_owned(), root, None, None)];
    let mut children = Vec::new();
    while let Some((at, value, parent, keyword)) = stack.pop() {
        let Value::Object(map) = value else {
            continue;
        };
        let here = out.len();
        let ref_only =
            !reading.as_written && draft.ref_overrides_siblings() && map.contains_key("$ref");
        children.clear();
        draft.push_subschemas(map, ref_only, &mut children);
        let first = stack.len();
        for sub in &children {
            stack.push((sub.pointer(&at), sub.schema, Some(here), Some(sub.keyword)));
        }
        if reading.every_definitions_container {
            for container in ["$defs", "definitions"] {
                if !draft.is_keyword(container)
                    && let Some(Value::Object(defs)) = map.get(container)
                {
                    let holder = pointer::push(&at, container);
                    for (key, schema) in defs {
                        let entry = pointer::push(&holder, key);
                        stack.push((entry, schema, Some(here), Some(container)));
                    }
                }
            }
        }
        stack[first..].reverse();
        out.push(Visit {
            at,
            map,
            parent,
            keyword,
        });
    }
    out
}

/// True when a `type` value names `integer`.
fn names_integer(value: &Value) -> bool {
    match value {
        Value::String(t) => t == "integer",
        Value::Array(types) => types.iter().any(|t| t.as_str() == Some("integer")),
        _ => false,
    }
}

/// Where `schema` reads differently as `a` and as `b` (L2): the pointer of the first keyword,
/// in preorder over the subschemas either draft sees, that one draft knows and the other does
/// not, that a `$ref` hides in one draft only, or whose form means something else (draft 4's
/// boolean bounds and its `integer`, an array `items` as a tuple). Annotations and definitions containers never
/// differ: they assert nothing in either. `None` when every keyword asserts the same in both.
pub fn first_difference(schema: &Value, a: Draft, b: Draft) -> Option<String> {
    if a == b {
        return None;
    }
    let reading = Reading::WRITTEN.with_every_definitions_container();
    let mut seen = std::collections::HashSet::new();
    for draft in [a, b] {
        for visit in preorder(schema, "", draft, reading) {
            if !seen.insert(visit.at.clone()) {
                continue;
            }
            let hides = a.ref_overrides_siblings() != b.ref_overrides_siblings()
                && visit.map.contains_key("$ref");
            let differs = |(key, value): &(&String, &Value)| {
                let key = key.as_str();
                if keywords::is_annotation(key) || keywords::is_definitions(key) || key == "$schema"
                {
                    return false;
                }
                (hides && key != "$ref")
                    || a.is_keyword(key) != b.is_keyword(key)
                    || (matches!(key, "exclusiveMinimum" | "exclusiveMaximum")
                        && a.boolean_exclusive_bounds() != b.boolean_exclusive_bounds())
                    || (key == "items"
                        && value.is_array()
                        && a.array_items_is_tuple() != b.array_items_is_tuple())
                    // A fragment-only `$id` names an anchor before 2019-09, nothing valid after.
                    || (key == "$id"
                        && value.as_str().is_some_and(|id| id.starts_with('#'))
                        && a.has_anchor_keyword() != b.has_anchor_keyword())
                    // Draft 4's `integer` takes only numbers written as integers (`1.0` is not).
                    || (key == "type"
                        && names_integer(value)
                        && (a == Draft::Draft4) != (b == Draft::Draft4))
            };
            if let Some((key, _)) = visit.map.iter().find(differs) {
                return Some(pointer::push(&visit.at, key));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pointers(schema: &Value, draft: Draft, reading: Reading) -> Vec<String> {
        preorder(schema, "", draft, reading)
            .into_iter()
            .map(|v| v.at)
            .collect()
    }

    #[test]
    fn parents_come_before_their_subschemas_in_key_order() {
        let schema = json!({
            "properties": {"b": {"items": {"type": "string"}}, "a": true},
            "anyOf": [{"required": ["a"]}, {"$ref": "#/$defs/x"}],
            "$defs": {"x": {"type": "integer"}},
            "const": {"properties": {"not": "a schema"}}
        });
        assert_eq!(
            pointers(&schema, Draft::Draft2020_12, Reading::DRAFT),
            [
                "",
                "/properties/b",
                "/properties/b/items",
                "/anyOf/0",
                "/anyOf/1",
                "/$defs/x"
            ]
        );
        let visits = preorder(&schema, "/s", Draft::Draft2020_12, Reading::DRAFT);
        assert_eq!(visits[2].at, "/s/properties/b/items");
        assert_eq!(visits[2].parent, Some(1));
        assert_eq!(visits[2].keyword, Some("items"));
        assert_eq!(visits[0].parent, None);
    }

    #[test]
    fn a_ref_hides_its_siblings_up_to_draft_7_unless_read_as_written() {
        let schema = json!({
            "$ref": "#/definitions/a",
            "properties": {"p": {}},
            "definitions": {"a": {}},
            "$defs": {"b": {}}
        });
        assert_eq!(
            pointers(&schema, Draft::Draft7, Reading::DRAFT),
            ["", "/definitions/a"]
        );
        assert_eq!(
            pointers(&schema, Draft::Draft7, Reading::WRITTEN),
            ["", "/properties/p", "/definitions/a"]
        );
        assert_eq!(
            pointers(
                &schema,
                Draft::Draft7,
                Reading::DRAFT.with_every_definitions_container()
            ),
            ["", "/definitions/a", "/$defs/b"]
        );
    }

    /// L2: a schema reads alike in two drafts unless a keyword of it means something else.
    #[test]
    fn first_difference_between_drafts() {
        use Draft::*;
        let plain = json!({"type": "object", "properties": {"a": {"type": "string", "title": "A"}},
                           "required": ["a"], "additionalProperties": false,
                           "definitions": {"x": {"minimum": 1}}, "$defs": {"y": {}}});
        assert_eq!(first_difference(&plain, Draft7, Draft2020_12), None);
        assert_eq!(first_difference(&plain, Draft4, Draft2020_12), None);
        let rows = [
            (
                json!({"properties": {"a": {"dependencies": {"b": ["c"]}}}}),
                Draft7,
                "/properties/a/dependencies",
            ),
            (
                json!({"$ref": "#/definitions/x", "type": "string", "description": "d"}),
                Draft7,
                "/type",
            ),
            (
                json!({"items": [{"type": "string"}]}),
                Draft2019_09,
                "/items",
            ),
            (
                json!({"minimum": 0, "exclusiveMinimum": true}),
                Draft4,
                "/exclusiveMinimum",
            ),
            (json!({"anyOf": [{"const": 1}]}), Draft4, "/anyOf/0/const"),
            (
                json!({"definitions": {"x": {"if": {}}}}),
                Draft6,
                "/definitions/x/if",
            ),
        ];
        for (schema, draft, at) in rows {
            assert_eq!(
                first_difference(&schema, draft, Draft2020_12).as_deref(),
                Some(at),
                "{schema}"
            );
            assert_eq!(
                first_difference(&schema, Draft2020_12, draft).as_deref(),
                Some(at),
                "{schema}"
            );
        }
    }
}
