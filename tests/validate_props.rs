//! Property test of the way back (issue 40): for random contracts — an object of one to five
//! optional keys, each a string, a `string | null`, an integer or an enum of numbers, some
//! required, with `minProperties`/`maxProperties` now and then, flat or as a union of two such
//! objects told apart by a `kind` — and random values the contract accepts (judged by the
//! `jsonschema` crate, not by stitch), per target with mappings (openai-strict: absent ⇒ `null`;
//! gemini: enum values as text): the call the model sends for the value (mapped here, by code
//! of this test's own) is accepted by the presentation `stitch flatten --target` prints, and
//! `stitch validate --target` gives back a value the contract accepts that maps to the same
//! call — the original itself wherever no `null` can mean two things. Cases are capped in CI
//! with PROPTEST_CASES.

use std::process::Command;

use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// One key of a generated object: its schema, whether it is required, and values it takes.
#[derive(Debug, Clone)]
struct Key {
    name: String,
    schema: Value,
    required: bool,
    values: Vec<Value>,
}

fn key(index: usize) -> impl Strategy<Value = Key> {
    let name = format!("k{index}");
    (0..4usize, any::<bool>()).prop_map(move |(kind, required)| {
        let (schema, values) = match kind {
            0 => (json!({"type": "string"}), vec![json!(""), json!("a")]),
            1 => (
                json!({"type": ["string", "null"]}),
                vec![json!("b"), Value::Null],
            ),
            2 => (
                json!({"type": "integer", "minimum": 0}),
                vec![json!(0), json!(7)],
            ),
            _ => (json!({"enum": [1, 2, 3]}), vec![json!(1), json!(3)]),
        };
        Key {
            name: name.clone(),
            schema,
            required,
            values,
        }
    })
}

/// An object schema of `keys`, closed, with a `kind` constant when it is a union's branch.
fn object(keys: &[Key], kind: Option<&str>, min: Option<usize>, max: Option<usize>) -> Value {
    let mut properties = Map::new();
    let mut required: Vec<&str> = Vec::new();
    if let Some(kind) = kind {
        properties.insert("kind".into(), json!({"type": "string", "const": kind}));
        required.push("kind");
    }
    for k in keys {
        properties.insert(k.name.clone(), k.schema.clone());
        if k.required {
            required.push(&k.name);
        }
    }
    let mut schema = json!({"type": "object", "properties": properties, "required": required,
                            "additionalProperties": false});
    if let Some(min) = min {
        schema["minProperties"] = json!(min);
    }
    if let Some(max) = max {
        schema["maxProperties"] = json!(max);
    }
    schema
}

/// A contract and the values generated for it (those it accepts are kept).
#[derive(Debug, Clone)]
struct Case {
    contract: Value,
    values: Vec<Value>,
    /// The keys whose schema accepts `null`.
    nullable: Vec<String>,
}

fn values_of(keys: &[Key], kind: Option<&str>, picks: &[(bool, usize)]) -> Value {
    let mut value = Map::new();
    if let Some(kind) = kind {
        value.insert("kind".into(), json!(kind));
    }
    for (k, &(present, which)) in keys.iter().zip(picks) {
        if present || k.required {
            value.insert(k.name.clone(), k.values[which % k.values.len()].clone());
        }
    }
    Value::Object(value)
}

fn case() -> impl Strategy<Value = Case> {
    let keys = (1usize..=5).prop_flat_map(|n| (0..n).map(key).collect::<Vec<_>>());
    let bounds = (
        proptest::option::weighted(0.3, 1usize..3),
        proptest::option::weighted(0.3, 1usize..3),
    );
    let picks =
        proptest::collection::vec(proptest::collection::vec((any::<bool>(), 0usize..2), 5), 8);
    (keys, bounds, any::<bool>(), picks).prop_map(|(keys, (min, max), union, picks)| {
        let nullable = (keys.iter())
            .filter(|k| k.values.contains(&Value::Null))
            .map(|k| k.name.clone())
            .collect();
        if union {
            let half = keys.len().div_ceil(2);
            let (a, b) = keys.split_at(half);
            let contract = json!({"title": "t", "oneOf": [object(a, Some("a"), None, None),
                                                          object(b, Some("b"), None, None)]});
            let values = (picks.iter().enumerate())
                .map(|(i, p)| {
                    if i % 2 == 0 {
                        values_of(a, Some("a"), p)
                    } else {
                        values_of(b, Some("b"), p)
                    }
                })
                .collect();
            Case {
                contract,
                values,
                nullable,
            }
        } else {
            let contract = object(&keys, None, min, max);
            let values = picks.iter().map(|p| values_of(&keys, None, p)).collect();
            Case {
                contract,
                values,
                nullable,
            }
        }
    })
}

fn stitch(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stitch"))
        .args(args)
        .arg("--no-config")
        .output()
        .expect("stitch runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
    )
}

/// The call a model sends for `value` under `target`, mapped by this test: every key the
/// presentation's object requires and the value lacks is sent as `null` (openai-strict), and an
/// enum of numbers is sent as text (gemini). The flattened presentation is one object here,
/// whose `properties` name every key.
fn mapped(value: &Value, presentation: &Value, target: &str) -> Value {
    let mut call = value.as_object().cloned().unwrap_or_default();
    if target == "openai-strict" {
        for key in presentation["required"].as_array().into_iter().flatten() {
            let key = key.as_str().unwrap();
            call.entry(key.to_owned()).or_insert(Value::Null);
        }
    }
    if target == "gemini" {
        for (key, v) in call.iter_mut() {
            if v.is_number()
                && presentation["properties"][key.as_str()]
                    .get("enum")
                    .is_some()
            {
                *v = json!(v.to_string());
            }
        }
    }
    Value::Object(call)
}

fn accepts(schema: &Value, value: &Value) -> bool {
    jsonschema::validator_for(schema)
        .expect("the schema compiles")
        .is_valid(value)
}

/// The presentation's schema, as JSON Schema reads Gemini's `nullable`.
fn as_json_schema(mut schema: Value) -> Value {
    if let Some(properties) = schema["properties"].as_object_mut() {
        for p in properties.values_mut() {
            if p.get("nullable") == Some(&json!(true)) {
                p.as_object_mut().unwrap().remove("nullable");
                let t = p["type"].clone();
                p["type"] = json!([t, "null"]);
            }
        }
    }
    schema
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_way_back_gives_back_what_the_model_was_asked_for(case in case()) {
        let dir = tempfile::tempdir().unwrap();
        let contract_path = dir.path().join("contract.json");
        std::fs::write(&contract_path, case.contract.to_string()).unwrap();
        let contract_arg = contract_path.to_str().unwrap();
        for target in ["openai-strict", "gemini"] {
            let (code, presentation) = stitch(&["flatten", "--target", target, contract_arg]);
            if code != 0 {
                continue; // refused for this target: nothing is sent
            }
            let presentation = as_json_schema(serde_json::from_str(&presentation).unwrap());
            for value in case.values.iter().filter(|v| accepts(&case.contract, v)) {
                let call = mapped(value, &presentation, target);
                prop_assert!(accepts(&presentation, &call),
                    "{target}: the presentation refuses the call {call} for {value}");
                let call_path = dir.path().join("call.json");
                std::fs::write(&call_path, call.to_string()).unwrap();
                let (code, back) = stitch(&["validate", "--target", target, contract_arg,
                                            call_path.to_str().unwrap()]);
                prop_assert_eq!(code, 0, "{}: validate refuses {} (for {})", target, call, value);
                let back: Value = serde_json::from_str(&back).unwrap();
                prop_assert!(accepts(&case.contract, &back), "{target}: {back} is not the contract's");
                prop_assert_eq!(&mapped(&back, &presentation, target), &call,
                    "{}: {} does not stand for the call", target, back);
                // Where the call has a `null` at a key that accepts `null`, that `null` may be
                // real or stand for a left-out key: the reading chooses (README, "The way
                // back"), and what came back need only stand for the call, as checked above.
                // Anywhere else the call names one value: the original.
                let ambiguous = (case.nullable.iter())
                    .any(|k| call.get(k.as_str()).is_some_and(Value::is_null));
                if !ambiguous {
                    prop_assert_eq!(&back, value, "{}: for the call {}", target, call);
                }
            }
        }
    }
}
