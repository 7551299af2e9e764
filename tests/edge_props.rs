//! Property test at the edges of JSON Schema (issue 11): random contracts with integer bounds
//! near and past 2^53 and up to u64::MAX, drafts 4, 7 and 2020-12 (draft 4's integers written
//! as integers), anchors and `$id`s inside branches, and an `unevaluatedProperties` that observes
//! the root through a reference. Each is flattened in every mode; every value drawn from the
//! contract with an independent seed — and every edge value the case names — that the contract
//! accepts must be accepted by the presentation.
//!
//! With `STITCH_EDGE_DUMP=DIR`, each case is also written to DIR (contract, presentation, values)
//! for `bench/edge-judge.py`, which judges the same values with python `jsonschema`: the
//! validator crate shares the draft readings this test checks, so it cannot be the only judge.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use stitch::document::{self, Input, LoadOptions};
use stitch::flatten::{self, Choices, Collisions};
use stitch::schema::{Draft, Semantics};
use stitch::validate::Validator;
use stitch::verify::{self, Space};

const BIG: i128 = 1 << 53;

/// An integer bound near an edge, as a JSON number.
fn edge_integer() -> impl Strategy<Value = i128> {
    prop_oneof![
        (-3i128..=3).prop_map(|d| BIG + d),
        (-3i128..=3).prop_map(|d| -BIG + d),
        (-3i128..=0).prop_map(|d| i128::from(u64::MAX) + d),
        (-3i128..=3).prop_map(|d| i128::from(i64::MIN) + 3 + d),
        -5i128..5,
    ]
}

fn number(n: i128) -> Value {
    i64::try_from(n)
        .map(Value::from)
        .unwrap_or_else(|_| Value::from(u64::try_from(n).expect("in the u64 range")))
}

/// An integer property: two bounds near edges (inclusive or exclusive), and the values on them.
fn integer_property() -> impl Strategy<Value = (Value, Vec<Value>)> {
    (edge_integer(), edge_integer(), any::<bool>(), any::<bool>()).prop_map(
        |(a, b, exclusive_low, exclusive_high)| {
            let (low, high) = (a.min(b), a.max(b));
            let mut schema = Map::new();
            schema.insert("type".into(), json!("integer"));
            schema.insert(
                if exclusive_low {
                    "exclusiveMinimum"
                } else {
                    "minimum"
                }
                .into(),
                number(low),
            );
            schema.insert(
                if exclusive_high {
                    "exclusiveMaximum"
                } else {
                    "maximum"
                }
                .into(),
                number(high),
            );
            let values = [low - 1, low, low + 1, high - 1, high, high + 1]
                .into_iter()
                .filter(|v| *v >= i128::from(i64::MIN) && *v <= i128::from(u64::MAX))
                .map(number)
                .collect();
            (Value::Object(schema), values)
        },
    )
}

/// A case: the contract (a root union), its draft, and edge values to try.
#[derive(Debug, Clone)]
struct Case {
    contract: Value,
    draft: Draft,
    edges: Vec<Value>,
}

fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec((integer_property(), any::<bool>(), any::<bool>()), 2..4),
        prop_oneof![
            Just(Draft::Draft4),
            Just(Draft::Draft7),
            Just(Draft::Draft2020_12)
        ],
        any::<bool>(),
        0usize..3,
    )
        .prop_map(|(branches, draft, one_of, extra)| {
            let modern = draft == Draft::Draft2020_12;
            let mut edges = Vec::new();
            let mut list = Vec::new();
            for (i, ((n, values), patterns, closed)) in branches.into_iter().enumerate() {
                let kind = format!("k{i}");
                let n = if draft == Draft::Draft4 {
                    draft4_bounds(n)
                } else {
                    n
                };
                let mut properties = json!({"kind": {"enum": [kind]}, "n": n});
                // An anchor inside a branch (2020-12; F13 leaves such a union in place).
                if modern && extra == 1 && i == 0 {
                    properties["tag"] = json!({"$anchor": "tag", "type": "string"});
                }
                let mut branch =
                    json!({"type": "object", "properties": properties, "required": ["kind"]});
                if patterns {
                    branch["patternProperties"] = json!({"^x-": {"type": "integer"}});
                }
                if closed {
                    branch["additionalProperties"] = json!(false);
                }
                for v in values {
                    edges.push(json!({"kind": kind, "n": v}));
                    // Draft 4 reads 1.0 as no integer; later drafts do.
                    if let Some(f) = v.as_i64().filter(|f| f.unsigned_abs() < 1 << 52) {
                        edges.push(json!({"kind": kind, "n": f as f64}));
                    }
                }
                edges.push(json!({"kind": kind, "x-a": 1}));
                list.push(branch);
            }
            let keyword = if one_of { "oneOf" } else { "anyOf" };
            let uri = match draft {
                Draft::Draft4 => "http://json-schema.org/draft-04/schema#",
                Draft::Draft7 => "http://json-schema.org/draft-07/schema#",
                _ => "https://json-schema.org/draft/2020-12/schema",
            };
            let mut contract = json!({"$schema": uri, keyword: list});
            // An observer of the root through a reference (2020-12).
            if modern && extra == 2 {
                contract["properties"] = json!({"child": {"$ref": "#/$defs/strict"}});
                contract["$defs"] =
                    json!({"strict": {"$ref": "#", "unevaluatedProperties": false}});
                edges.push(json!({"kind": "k0", "child": {"kind": "k0", "x-b": 2}}));
            }
            Case {
                contract,
                draft,
                edges,
            }
        })
}

/// Draft 4 spells an exclusive bound as a boolean beside `minimum`/`maximum`.
fn draft4_bounds(schema: Value) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    for (exclusive, inclusive) in [
        ("exclusiveMinimum", "minimum"),
        ("exclusiveMaximum", "maximum"),
    ] {
        if let Some(bound) = map.remove(exclusive) {
            map.insert(inclusive.into(), bound);
            map.insert(exclusive.into(), json!(true));
        }
    }
    Value::Object(map)
}

fn validator(schema: &Value, draft: Draft) -> Validator {
    Validator::new(schema, draft, "file:///case.json", &[]).expect("compiles")
}

static DUMPED: AtomicUsize = AtomicUsize::new(0);

/// Writes a case for bench/edge-judge.py when STITCH_EDGE_DUMP names a folder.
fn dump(contract: &Value, presentation: &Value, values: &[Value], semantics: Semantics) {
    let Some(dir) = std::env::var_os("STITCH_EDGE_DUMP").map(PathBuf::from) else {
        return;
    };
    let n = DUMPED.fetch_add(1, Ordering::Relaxed);
    let case = json!({
        "semantics": semantics.name(),
        "contract": contract,
        "presentation": presentation,
        "values": values,
    });
    std::fs::create_dir_all(&dir).expect("a folder to dump into");
    std::fs::write(dir.join(format!("case-{n:05}.json")), case.to_string()).expect("writable");
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/edge_props.txt"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_value_of_the_contract_is_accepted_by_the_presentation(case in case(), seed in any::<u64>()) {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("contract.json");
        std::fs::write(&path, stitch::canonical::pretty(&case.contract)).expect("writable");
        let loaded = document::load_compiled(&Input::File(path), &LoadOptions::default())
            .expect("the contract loads");
        let contract = validator(&case.contract, case.draft);
        for semantics in [Semantics::Declared, Semantics::Strict] {
            // Values drawn from the contract with a seed of their own (close(C) under `declared`).
            let drawn = verify::sample(&Space::new(&loaded, ""), 24, seed, semantics).values;
            let mut values: Vec<Value> = drawn;
            values.extend(case.edges.iter().filter(|v| {
                contract.is_valid(v)
                    && verify::admits(&Space::new(&loaded, ""), v, semantics) == Some(true)
            }).cloned());
            for (deep, collisions) in [(false, Collisions::AnyOf), (true, Collisions::AnyOf), (true, Collisions::Merge)] {
                let choices = Choices { semantics, collisions, deep };
                let (presentation, _) = flatten::flatten_loaded(&loaded, choices);
                let presentation = presentation.into_owned();
                let accepts = validator(&presentation, case.draft);
                for value in &values {
                    prop_assert!(
                        accepts.is_valid(value),
                        "{semantics:?} deep={deep} {collisions:?}: the presentation rejects {value}\ncontract: {}\npresentation: {}",
                        case.contract, presentation
                    );
                }
                dump(&case.contract, &presentation, &values, semantics);
            }
        }
    }
}
