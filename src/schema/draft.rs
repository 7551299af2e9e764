//! JSON Schema drafts and how each one reads its keywords (L2).
//!
//! What sets one draft apart from another (base keywords, tuples, boolean bounds, where
//! definitions go). Whether a keyword exists in a draft and where its subschemas are is the
//! keyword table's (`keywords`) and the walk's (`walk`). It owns no resolution (see
//! `document::refs`) and no validation (see `validate`).

use std::fmt;

use serde_json::Value;

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
