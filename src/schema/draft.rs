//! JSON Schema drafts and how each one reads its keywords (L2).
//!
//! Every rule that looks at a keyword asks this module whether the keyword exists in the
//! document's draft and where its subschemas are (from the one keyword table, `keywords`). It
//! owns no resolution (see `document::refs`) and no validation (see `validate`).

use std::fmt;

use serde_json::{Map, Value};

use super::keywords::{self, Application, Shape};
use super::pointer;

/// The drafts stitch reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Draft {
    /// Draft 4 (`id`, boolean `exclusiveMinimum`, no `const`).
    Draft4,
    /// Draft 6.
    Draft6,
    /// Draft 7.
    Draft7,
    /// 2019-09.
    Draft2019_09,
    /// 2020-12, the default.
    Draft2020_12,
}

/// Every draft, oldest first.
#[cfg(test)]
pub const ALL: [Draft; 5] = [
    Draft::Draft4,
    Draft::Draft6,
    Draft::Draft7,
    Draft::Draft2019_09,
    Draft::Draft2020_12,
];

impl fmt::Display for Draft {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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
    /// The short name: `4`, `6`, `7`, `2019-09`, `2020-12`.
    pub fn name(self) -> &'static str {
        match self {
            Draft::Draft4 => "4",
            Draft::Draft6 => "6",
            Draft::Draft7 => "7",
            Draft::Draft2019_09 => "2019-09",
            Draft::Draft2020_12 => "2020-12",
        }
    }

    /// The canonical meta-schema URI.
    pub fn meta_schema_uri(self) -> &'static str {
        match self {
            Draft::Draft4 => "http://json-schema.org/draft-04/schema#",
            Draft::Draft6 => "http://json-schema.org/draft-06/schema#",
            Draft::Draft7 => "http://json-schema.org/draft-07/schema#",
            Draft::Draft2019_09 => "https://json-schema.org/draft/2019-09/schema",
            Draft::Draft2020_12 => "https://json-schema.org/draft/2020-12/schema",
        }
    }

    /// The draft a `$schema` URI names, accepting `http`/`https` and an empty fragment.
    pub fn from_schema_uri(uri: &str) -> Option<Draft> {
        let uri = uri.trim();
        let uri = uri.strip_suffix('#').unwrap_or(uri);
        let rest = uri
            .strip_prefix("http://")
            .or_else(|| uri.strip_prefix("https://"))?;
        match rest {
            "json-schema.org/draft-04/schema" => Some(Draft::Draft4),
            "json-schema.org/draft-06/schema" => Some(Draft::Draft6),
            "json-schema.org/draft-07/schema" => Some(Draft::Draft7),
            "json-schema.org/draft/2019-09/schema" => Some(Draft::Draft2019_09),
            "json-schema.org/draft/2020-12/schema" => Some(Draft::Draft2020_12),
            _ => None,
        }
    }

    /// The keyword that sets a base URI: `id` in draft 4, `$id` after.
    pub fn id_keyword(self) -> &'static str {
        if self == Draft::Draft4 { "id" } else { "$id" }
    }

    /// In drafts up to 7, every sibling of `$ref` is ignored, never merged.
    pub fn ref_overrides_siblings(self) -> bool {
        self <= Draft::Draft7
    }

    /// Draft 4's `exclusiveMinimum`/`exclusiveMaximum` are booleans modifying `minimum`/`maximum`.
    pub fn boolean_exclusive_bounds(self) -> bool {
        self == Draft::Draft4
    }

    /// Before 2020-12, an array-valued `items` is a tuple, continued by `additionalItems`.
    pub fn array_items_is_tuple(self) -> bool {
        self <= Draft::Draft2019_09
    }

    /// Where a reusable subschema goes in documents of this draft.
    pub fn definitions_keyword(self) -> &'static str {
        if self <= Draft::Draft7 {
            "definitions"
        } else {
            "$defs"
        }
    }

    /// `$anchor` names a location (2019-09 on); earlier drafts use a fragment-only `$id`.
    pub fn has_anchor_keyword(self) -> bool {
        self >= Draft::Draft2019_09
    }

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

    fn push_subschemas<'v>(
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

/// The draft of a schema: `--draft` if given, else its `$schema`, else 2020-12 (L2). The second
/// value is the `$schema` text when it names no known draft.
pub fn detect(schema: &Value, forced: Option<Draft>) -> (Draft, Option<String>) {
    if let Some(draft) = forced {
        return (draft, None);
    }
    match schema.get("$schema").and_then(Value::as_str) {
        Some(uri) => match Draft::from_schema_uri(uri) {
            Some(draft) => (draft, None),
            None => (Draft::Draft2020_12, Some(uri.to_owned())),
        },
        None => (Draft::Draft2020_12, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The per-draft reading of L2, one row per question.
    #[test]
    fn keyword_table() {
        use Draft::*;
        #[rustfmt::skip]
        let rows: &[(&str, [bool; 5])] = &[
            //                      4      6      7      2019   2020
            ("const",             [false, true,  true,  true,  true ]),
            ("contains",          [false, true,  true,  true,  true ]),
            ("propertyNames",     [false, true,  true,  true,  true ]),
            ("if",                [false, false, true,  true,  true ]),
            ("examples",          [false, true,  true,  true,  true ]),
            ("id",                [true,  false, false, false, false]),
            ("$id",               [false, true,  true,  true,  true ]),
            ("$defs",             [false, false, false, true,  true ]),
            ("dependentSchemas",  [false, false, false, true,  true ]),
            ("dependencies",      [true,  true,  true,  false, false]),
            ("prefixItems",       [false, false, false, false, true ]),
            ("additionalItems",   [true,  true,  true,  true,  false]),
            ("$recursiveRef",     [false, false, false, true,  false]),
            ("$dynamicRef",       [false, false, false, false, true ]),
            ("unevaluatedItems",  [false, false, false, true,  true ]),
            ("tpye",              [false, false, false, false, false]),
        ];
        for (keyword, expected) in rows {
            for (draft, want) in ALL.iter().zip(expected) {
                assert_eq!(draft.is_keyword(keyword), *want, "{keyword} in {draft}");
            }
        }
        type Rule = fn(Draft) -> bool;
        let rules: [(Rule, [bool; 5]); 4] = [
            (
                Draft::ref_overrides_siblings,
                [true, true, true, false, false],
            ),
            (
                Draft::boolean_exclusive_bounds,
                [true, false, false, false, false],
            ),
            (Draft::array_items_is_tuple, [true, true, true, true, false]),
            (Draft::has_anchor_keyword, [false, false, false, true, true]),
        ];
        for (rule, expected) in rules {
            let got: Vec<bool> = ALL.iter().map(|d| rule(*d)).collect();
            assert_eq!(got, expected);
        }
        assert_eq!(Draft4.id_keyword(), "id");
        assert_eq!(Draft7.definitions_keyword(), "definitions");
        assert_eq!(Draft2019_09.definitions_keyword(), "$defs");
    }

    #[test]
    fn detects_from_schema_uri() {
        for draft in ALL {
            assert_eq!(Draft::from_schema_uri(draft.meta_schema_uri()), Some(draft));
        }
        assert_eq!(
            Draft::from_schema_uri("https://json-schema.org/draft-07/schema"),
            Some(Draft::Draft7)
        );
        assert_eq!(Draft::from_schema_uri("http://example.com/meta"), None);
        let (draft, unknown) = detect(&json!({"$schema": "http://example.com/meta"}), None);
        assert_eq!(
            (draft, unknown.as_deref()),
            (Draft::Draft2020_12, Some("http://example.com/meta"))
        );
        assert_eq!(detect(&json!({}), None).0, Draft::Draft2020_12);
        assert_eq!(
            detect(
                &json!({"$schema": "http://json-schema.org/draft-04/schema#"}),
                Some(Draft::Draft7)
            )
            .0,
            Draft::Draft7
        );
    }

    #[test]
    fn subschemas_per_draft() {
        let schema = json!({
            "$ref": "#/definitions/a",
            "items": [{"type": "string"}, true],
            "properties": {"a/b": {}},
            "definitions": {"a": {}},
            "dependencies": {"x": ["y"], "z": {}}
        });
        let map = schema.as_object().unwrap();
        let pointers =
            |d: Draft| -> Vec<String> { d.subschemas(map).iter().map(|s| s.pointer("")).collect() };
        // Draft 7: `$ref` hides its siblings but the definitions stay reachable.
        assert_eq!(pointers(Draft::Draft7), ["/definitions/a"]);
        assert_eq!(
            pointers(Draft::Draft2019_09),
            ["/items/0", "/items/1", "/properties/a~1b", "/definitions/a"]
        );
        // 2020-12: array-form `items` is not a schema; `dependencies` is not a keyword.
        assert_eq!(
            pointers(Draft::Draft2020_12),
            ["/properties/a~1b", "/definitions/a"]
        );
    }
}
