//! The bytes stitch writes (SPEC §8), decided once: canonical JSON for comparison and digests,
//! and the pretty form for every file and every document printed.
//!
//! **Pretty form** ([`pretty`]): the document's own key order (serde_json `preserve_order`), two
//! spaces of indentation, `": "` after keys, numbers as serde_json writes them (`1E2` → `100.0`,
//! integers as integers), non-ASCII characters written as themselves, LF line endings, one
//! trailing newline. **Canonical form** ([`canonical`]): keys sorted by code point, the `required`
//! keyword of a schema object sorted and deduplicated, no white space; a *value* (an instance, a
//! `const`, an `enum` member) has its own ([`canonical_value`]: keys sorted, nothing else), and
//! what a keyword holds is read as that keyword holds it ([`canonical_keyword`]). All are pure;
//! a leaf module everyone may use.

use serde_json::{Map, Value};

use crate::schema::keywords::{self, Shape};

/// The pretty form: what `stitch` writes to files and standard output.
pub fn pretty(value: &Value) -> String {
    pretty_with_capacity(value, 128)
}

/// [`pretty`] into a buffer that starts with room for `capacity` bytes (a large document's
/// output is otherwise copied each time the buffer doubles).
pub fn pretty_with_capacity(value: &Value, capacity: usize) -> String {
    let mut out = Vec::with_capacity(capacity);
    // Writing a `Value` to a `Vec` cannot fail: its keys are strings and its numbers finite.
    let _ = serde_json::to_writer_pretty(&mut out, value);
    out.push(b'\n');
    // serde_json writes UTF-8 only.
    String::from_utf8(out).unwrap_or_default()
}

/// The canonical form: one line, keys sorted by code point, `required` keywords sorted and
/// deduplicated. Equal schemas (up to key order and `required` order) give equal strings.
pub fn canonical(schema: &Value) -> String {
    serde_json::to_string(&canonical_schema(schema)).unwrap_or_default()
}

/// The canonical form of a JSON *value* (an instance, a `const`, an `enum` member): keys sorted,
/// nothing else changed. Two values give equal strings exactly when JSON Schema's equality
/// holds between them, up to number spelling (`1` and `1.0` stay apart). Never [`canonical`]
/// for a value: that reads it as a schema and sorts a `required` key's list, so that
/// `{"required": ["a", "b"]}` and `{"required": ["b", "a"]}` — two different values — would
/// compare equal.
pub fn canonical_value(value: &Value) -> String {
    // Written straight from `value`, keys sorted on the way: the sampler asks for every value
    // it makes, and a sorted copy of the tree cost more than the writing.
    let mut out = Vec::with_capacity(64);
    write_sorted(value, &mut out);
    // serde_json writes UTF-8 only, and so does this.
    String::from_utf8(out).unwrap_or_default()
}

/// `value` as compact JSON with its keys sorted by code point: the bytes of
/// `serde_json::to_string(&sorted_value(value))`.
fn write_sorted(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            out.push(b'{');
            for (i, (key, member)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                // Writing a string or a finite scalar to a `Vec` cannot fail.
                let _ = serde_json::to_writer(&mut *out, key);
                out.push(b':');
                write_sorted(member, out);
            }
            out.push(b'}');
        }
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_sorted(item, out);
            }
            out.push(b']');
        }
        scalar => {
            let _ = serde_json::to_writer(&mut *out, scalar);
        }
    }
}

/// The canonical form of what a schema object's `keyword` holds: a schema, a list or map of
/// schemas, a `required` list (sorted), or a value (`const`, `enum`, `default`: as
/// [`canonical_value`]).
pub fn canonical_keyword(keyword: &str, value: &Value) -> String {
    serde_json::to_string(&canonical_entry(keyword, value)).unwrap_or_default()
}

/// The canonical form, pretty-printed (for text diffs, D4).
pub fn canonical_pretty(schema: &Value) -> String {
    pretty(&canonical_schema(schema))
}

/// A schema in canonical form. Keywords are recognised in every draft at once: a keyword that
/// a draft does not know holds a value that is sorted the same way, so comparison is unaffected.
fn canonical_schema(schema: &Value) -> Value {
    let Value::Object(map) = schema else {
        return sorted_value(schema);
    };
    let mut entries: Vec<(&String, Value)> = map
        .iter()
        .map(|(key, value)| (key, canonical_entry(key, value)))
        .collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    Value::Object(
        entries
            .into_iter()
            .map(|(k, v)| (k.clone(), v))
            .collect::<Map<_, _>>(),
    )
}

/// The canonical form of `value` as a schema object's `keyword` holds it.
fn canonical_entry(keyword: &str, value: &Value) -> Value {
    match value {
        Value::Array(items) if keyword == "required" && items.iter().all(Value::is_string) => {
            let mut names: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
            names.sort_unstable();
            names.dedup();
            Value::Array(
                names
                    .into_iter()
                    .map(|n| Value::String(n.to_owned()))
                    .collect(),
            )
        }
        Value::Array(items) if holds(keyword, &[Shape::Many, Shape::OneOrMany]) => {
            Value::Array(items.iter().map(canonical_schema).collect())
        }
        Value::Object(members) if holds(keyword, &[Shape::Map, Shape::MapOrNames]) => {
            sorted_map(members, canonical_schema)
        }
        Value::Object(_) | Value::Bool(_) if holds(keyword, &[Shape::One, Shape::OneOrMany]) => {
            canonical_schema(value)
        }
        // `const`, `enum`, `default`, `examples` and unknown keywords: values, written
        // verbatim except for key order.
        _ => sorted_value(value),
    }
}

/// True when `keyword` holds subschemas in one of `shapes` in some draft.
fn holds(keyword: &str, shapes: &[Shape]) -> bool {
    keywords::shapes_in_any_draft(keyword).any(|s| shapes.contains(&s))
}

/// A value with every object's keys sorted; arrays keep their order.
fn sorted_value(value: &Value) -> Value {
    match value {
        Value::Object(map) => sorted_map(map, sorted_value),
        Value::Array(items) => Value::Array(items.iter().map(sorted_value).collect()),
        other => other.clone(),
    }
}

/// `map` with its keys sorted and `each` applied to its members.
fn sorted_map(map: &Map<String, Value>, each: fn(&Value) -> Value) -> Value {
    let mut entries: Vec<(&String, &Value)> = map.iter().collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    Value::Object(
        entries
            .into_iter()
            .map(|(k, v)| (k.clone(), each(v)))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pretty_bytes_are_fixed() {
        let value: Value = serde_json::from_str(
            r#"{"b":1E2,"a":[],"c":{},"d":["é",-0,1.5e300,18446744073709551615]}"#,
        )
        .unwrap();
        assert_eq!(
            pretty(&value),
            "{\n  \"b\": 100.0,\n  \"a\": [],\n  \"c\": {},\n  \"d\": [\n    \"é\",\n    -0.0,\n    1.5e+300,\n    18446744073709551615\n  ]\n}\n"
        );
    }

    #[test]
    fn canonical_sorts_keys_and_required_keyword_only() {
        let schema = json!({
            "type": "object",
            "required": ["b", "a", "b"],
            "properties": {
                "required": {"const": {"required": ["z", "y"]}},
                "b": {"enum": [["z", "y"]], "title": "x"}
            }
        });
        assert_eq!(
            canonical(&schema),
            r#"{"properties":{"b":{"enum":[["z","y"]],"title":"x"},"required":{"const":{"required":["z","y"]}}},"required":["a","b"],"type":"object"}"#
        );
        let reordered = json!({
            "properties": {"b": {"title": "x", "enum": [["z", "y"]]}, "required": {"const": {"required": ["z", "y"]}}},
            "required": ["a", "b"],
            "type": "object"
        });
        assert_eq!(canonical(&schema), canonical(&reordered));
    }

    #[test]
    fn canonical_pretty_is_pretty_canonical() {
        assert_eq!(
            canonical_pretty(&json!({"b": 1, "a": 2})),
            "{\n  \"a\": 2,\n  \"b\": 1\n}\n"
        );
    }

    #[test]
    fn values_are_written_as_their_sorted_copy_would_be() {
        let value: Value = serde_json::from_str(
            r#"{"b":1E2,"a":[{"z":"\u00e9\n","y":null}],"c":{},"d":["é",-0,1.5e300,18446744073709551615,true,[]]}"#,
        )
        .unwrap();
        assert_eq!(
            canonical_value(&value),
            serde_json::to_string(&sorted_value(&value)).unwrap()
        );
    }

    #[test]
    fn values_are_not_read_as_schemas() {
        // A value's `required` key is data: its order counts, where a schema's does not.
        let (ab, ba) = (
            json!({"required": ["a", "b"]}),
            json!({"required": ["b", "a"]}),
        );
        assert_eq!(canonical(&ab), canonical(&ba));
        assert_ne!(canonical_value(&ab), canonical_value(&ba));
        assert_eq!(
            canonical_value(&json!({"b": [{"d": 1, "c": 2}], "a": null})),
            r#"{"a":null,"b":[{"c":2,"d":1}]}"#
        );
        // What a keyword holds is read as the keyword holds it.
        assert_eq!(canonical_keyword("const", &ab), canonical_value(&ab));
        assert_ne!(
            canonical_keyword("const", &ab),
            canonical_keyword("const", &ba)
        );
        assert_eq!(canonical_keyword("not", &ab), canonical_keyword("not", &ba));
        assert_eq!(
            canonical_keyword("required", &json!(["b", "a", "b"])),
            r#"["a","b"]"#
        );
    }
}
