//! The bytes stitch writes (SPEC §8), decided once: canonical JSON for comparison and digests,
//! and the pretty form for every file and every document printed.
//!
//! **Pretty form** ([`pretty`]): the document's own key order (serde_json `preserve_order`), two
//! spaces of indentation, `": "` after keys, numbers as serde_json writes them (`1E2` → `100.0`,
//! integers as integers), non-ASCII characters written as themselves, LF line endings, one
//! trailing newline: the bytes of serde_json's `to_writer_pretty` and a newline, written here
//! (faster, for strings) and held to serde_json's by the tests.
//!
//! **Canonical form** ([`canonical`]): keys sorted by code point, the `required` keyword of a
//! schema object sorted and deduplicated, no white space; a *value* (an instance, a `const`, an
//! `enum` member) has its own ([`canonical_value`]: keys sorted, nothing else), and what a
//! keyword holds is read as that keyword holds it ([`canonical_keyword`]). All are pure; a leaf
//! module everyone may use.

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
    write_pretty(value, 0, &mut out);
    out.push(b'\n');
    // Only whole strings and ASCII are written: UTF-8 in, UTF-8 out.
    String::from_utf8(out).unwrap_or_default()
}

/// `value` as `serde_json::to_writer_pretty` writes it (two spaces per level, `": "` after a
/// key, `[]` and `{}` when empty), `depth` levels in. Written here, not by serde_json, for its
/// strings ([`write_string`]): a presentation is mostly descriptions, and serde_json looks at
/// them a byte at a time (issue 16, bench/README.md). The tests hold it to serde_json's bytes.
fn write_pretty(value: &Value, depth: usize, out: &mut Vec<u8>) {
    match value {
        Value::Object(map) if !map.is_empty() => {
            out.push(b'{');
            for (i, (key, member)) in map.iter().enumerate() {
                out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
                indent(depth + 1, out);
                write_string(key, out);
                out.extend_from_slice(b": ");
                write_pretty(member, depth + 1, out);
            }
            out.push(b'\n');
            indent(depth, out);
            out.push(b'}');
        }
        Value::Array(items) if !items.is_empty() => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
                indent(depth + 1, out);
                write_pretty(item, depth + 1, out);
            }
            out.push(b'\n');
            indent(depth, out);
            out.push(b']');
        }
        scalar => write_scalar(scalar, out),
    }
}

/// Two spaces for each of `depth` levels.
fn indent(depth: usize, out: &mut Vec<u8>) {
    out.resize(out.len() + 2 * depth, b' ');
}

/// A string, number, boolean, null, `[]` or `{}`, as serde_json writes it.
fn write_scalar(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::String(text) => write_string(text, out),
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Array(items) if items.is_empty() => out.extend_from_slice(b"[]"),
        Value::Object(map) if map.is_empty() => out.extend_from_slice(b"{}"),
        // A number (serde_json's spelling: itoa, ryu), or a collection a caller gave by mistake.
        // Writing to a `Vec` cannot fail: keys are strings and numbers finite.
        other => {
            let _ = serde_json::to_writer(&mut *out, other);
        }
    }
}

/// `text` quoted and escaped as serde_json escapes it: `"` and `\\` with a backslash; U+0008,
/// U+0009, U+000A, U+000C and U+000D as `\b`, `\t`, `\n`, `\f`, `\r`; the other controls below
/// U+0020 as `\u00xx` (lower-case hex); everything else, U+007F and all non-ASCII included, as
/// itself. The text is looked at eight bytes at a time, and what needs no escape is copied in
/// runs.
fn write_string(text: &str, out: &mut Vec<u8>) {
    let bytes = text.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    // `bytes[written..at]` needs no escape and is not yet copied.
    let (mut written, mut at) = (0, 0);
    loop {
        let rest = &bytes[at..];
        let word = match rest.first_chunk::<8>() {
            Some(chunk) => *chunk,
            // The last few bytes, padded with spaces (which need no escape).
            None => {
                let mut padded = [b' '; 8];
                padded[..rest.len()].copy_from_slice(rest);
                padded
            }
        };
        let found = escapes(u64::from_le_bytes(word));
        if found == 0 {
            if rest.len() <= 8 {
                break;
            }
            at += 8;
            continue;
        }
        // The lowest byte flagged is one that needs an escape (see `escapes`).
        let escaped = at + found.trailing_zeros() as usize / 8;
        out.extend_from_slice(&bytes[written..escaped]);
        push_escape(bytes[escaped], out);
        (written, at) = (escaped + 1, escaped + 1);
    }
    out.extend_from_slice(&bytes[written..]);
    out.push(b'"');
}

/// The high bit of each byte of `word` (little-endian) that may be `"`, `\\` or below 0x20.
/// The lowest bit set, if any, always marks such a byte: the word-at-a-time tests of "Bit
/// Twiddling Hacks" (Sean Eron Anderson) — `has_less(x, n)` for a byte below `n` (`n` ≤ 128),
/// `has_less(x ^ c, 1)` for the byte `c` — can flag a byte wrongly only above one that truly
/// matched, where the subtraction's borrow runs on.
fn escapes(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has_less = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGH;
    has_less(word, 0x20)
        | has_less(word ^ (ONES * u64::from(b'"')), 1)
        | has_less(word ^ (ONES * u64::from(b'\\')), 1)
}

/// Appends serde_json's escape for `byte`, one of `"`, `\\` and the bytes below 0x20.
fn push_escape(byte: u8, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let short = match byte {
        0x08 => b'b',
        0x09 => b't',
        0x0a => b'n',
        0x0c => b'f',
        0x0d => b'r',
        b'"' | b'\\' => byte,
        _ => {
            let (high, low) = (usize::from(byte >> 4), usize::from(byte & 0xf));
            out.extend_from_slice(&[b'\\', b'u', b'0', b'0', HEX[high], HEX[low]]);
            return;
        }
    };
    out.extend_from_slice(&[b'\\', short]);
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
                write_string(key, out);
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
        scalar => write_scalar(scalar, out),
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
    use proptest::prelude::*;
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

    /// Every byte below 0x80 at every offset from an eight-byte boundary, among others that
    /// need no escape, between non-ASCII ones, and at the end: the word-at-a-time scan must
    /// neither miss a byte nor escape one serde_json leaves alone.
    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        for byte in 0u8..0x80 {
            for offset in 0..17 {
                for filler in ["a", "é", "\u{10348}"] {
                    let mut text = filler.repeat(offset);
                    text.push(char::from(byte));
                    text.push_str(&"b".repeat(9));
                    for text in [text.clone(), text.trim_end_matches('b').to_owned()] {
                        let value = Value::String(text);
                        assert_eq!(
                            pretty(&value),
                            serde_json::to_string_pretty(&value).unwrap() + "\n",
                            "{value:?}"
                        );
                    }
                }
            }
        }
    }

    /// A JSON value with strings of ASCII (every control among it), two-, three- and four-byte
    /// characters, empty and nested collections, and numbers of every kind.
    fn any_value() -> impl Strategy<Value = Value> {
        let text = || {
            proptest::collection::vec(
                prop_oneof![
                    0u32..0x80,
                    0x80u32..0x800,
                    0x800u32..0x1_0000,
                    Just(0x10348)
                ],
                0..24,
            )
            .prop_map(|codes| {
                codes
                    .into_iter()
                    .filter_map(char::from_u32)
                    .collect::<String>()
            })
        };
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(Value::from),
            text().prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 48, 5, move |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                proptest::collection::vec((text(), inner), 0..5)
                    .prop_map(|entries| Value::Object(entries.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        /// The pretty form is serde_json's `to_string_pretty` and a newline, byte for byte; a
        /// value's canonical form is serde_json's compact form of its sorted copy.
        #[test]
        fn the_bytes_are_serde_jsons(value in any_value()) {
            proptest::prop_assert_eq!(
                pretty(&value),
                serde_json::to_string_pretty(&value).unwrap() + "\n"
            );
            proptest::prop_assert_eq!(
                canonical_value(&value),
                serde_json::to_string(&sorted_value(&value)).unwrap()
            );
        }
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
