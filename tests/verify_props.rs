//! Property test of the verifier (issue 4): for random object schemas S (scalars with bounds,
//! string enums, arrays, nested objects, optional and required keys, open and closed objects,
//! sometimes a discriminated root union), under both semantics:
//! - a random *widening* W of S (a bound loosened, a constraint dropped, an enum value or a
//!   type added, a key made optional, an object opened, a branch added) is never `refuted`;
//! - a random *narrowing* N of S with a known witness (a value S accepts and N rejects) is
//!   never `proven`, and is `refuted` whenever the sampler reaches a value N rejects.
//!
//! Cases are capped in CI with PROPTEST_CASES.

use std::path::Path;

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use stitch::document::{self, Input, LoadOptions};
use stitch::schema::{Draft, Semantics};
use stitch::validate::Validator;
use stitch::verify::{self, Space, Verdict};

/// A property: its schema, a value it accepts at a boundary, and the change kinds it supports.
#[derive(Debug, Clone)]
struct Prop {
    schema: Value,
    example: Value,
}

fn prop() -> impl Strategy<Value = Prop> {
    prop_oneof![
        (-20i64..20, 0i64..20, any::<bool>()).prop_map(|(min, span, low)| Prop {
            schema: json!({"type": "integer", "minimum": min, "maximum": min + span}),
            example: json!(if low { min } else { min + span }),
        }),
        (0u64..4, 0u64..6, any::<bool>()).prop_map(|(min, span, low)| Prop {
            schema: json!({"type": "string", "minLength": min, "maxLength": min + span}),
            example: json!("x".repeat((if low { min } else { min + span }) as usize)),
        }),
        (1usize..4).prop_map(|n| {
            let values: Vec<&str> = ["red", "green", "blue"][..n].to_vec();
            Prop { example: json!(values[0]), schema: json!({"type": "string", "enum": values}) }
        }),
        Just(Prop { schema: json!({"type": "boolean"}), example: json!(false) }),
        (0u64..2, 1u64..3).prop_map(|(min, span)| Prop {
            schema: json!({"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": min, "maxItems": min + span}),
            example: json!(vec![0; (min + span) as usize]),
        }),
        any::<bool>().prop_map(|closed| {
            let mut schema = json!({"type": "object", "properties": {"x": {"type": "integer", "maximum": 5}}, "required": ["x"]});
            if closed {
                schema["additionalProperties"] = json!(false);
            }
            Prop { schema, example: json!({"x": 5}) }
        }),
    ]
}

/// An object schema, and a value of it that carries every key.
fn object() -> impl Strategy<Value = (Value, Value)> {
    (
        prop::collection::vec(prop(), 1..5),
        any::<u8>(),
        any::<bool>(),
    )
        .prop_map(|(props, mask, closed)| {
            let mut properties = Map::new();
            let mut required = Vec::new();
            let mut example = Map::new();
            for (i, p) in props.into_iter().enumerate() {
                let name = format!("p{i}");
                if mask & (1 << i) != 0 {
                    required.push(json!(name));
                }
                properties.insert(name.clone(), p.schema);
                example.insert(name, p.example);
            }
            let mut schema =
                json!({"type": "object", "properties": properties, "required": required});
            if closed {
                schema["additionalProperties"] = json!(false);
            }
            (schema, Value::Object(example))
        })
}

#[derive(Debug, Clone)]
struct Case {
    schema: Value,
    /// A value of each branch (or of the schema), every key present.
    examples: Vec<Value>,
    draft7: bool,
}

fn case() -> impl Strategy<Value = Case> {
    (prop::collection::vec(object(), 1..4), any::<bool>()).prop_map(|(objects, draft7)| {
        let uri = if draft7 {
            "http://json-schema.org/draft-07/schema#"
        } else {
            "https://json-schema.org/draft/2020-12/schema"
        };
        if objects.len() == 1 {
            let (mut schema, example) = objects.into_iter().next().unwrap_or_default();
            schema["$schema"] = json!(uri);
            return Case {
                schema,
                examples: vec![example],
                draft7,
            };
        }
        let mut branches = Vec::new();
        let mut examples = Vec::new();
        for (i, (mut schema, mut example)) in objects.into_iter().enumerate() {
            schema["properties"]["kind"] = json!({"const": format!("k{i}")});
            if let Some(required) = schema["required"].as_array_mut() {
                required.push(json!("kind"));
            }
            example["kind"] = json!(format!("k{i}"));
            branches.push(schema);
            examples.push(example);
        }
        Case {
            schema: json!({"$schema": uri, "oneOf": branches}),
            examples,
            draft7,
        }
    })
}

/// The object schemas of a case, each with the pointer to it: the root or each branch.
fn objects_of(schema: &Value) -> Vec<String> {
    match schema.get("oneOf").and_then(Value::as_array) {
        Some(branches) => (0..branches.len()).map(|i| format!("/oneOf/{i}")).collect(),
        None => vec![String::new()],
    }
}

/// Applies change `kind` (a widening when `widen`) to property `which` of object `at`; for a
/// narrowing also returns the witness built from `example`. `None` when the change does not
/// apply to that property.
fn change(
    schema: &Value,
    at: &str,
    which: usize,
    kind: usize,
    widen: bool,
    example: &Value,
) -> Option<(Value, Option<Value>)> {
    let mut out = schema.clone();
    let object = out.pointer_mut(at)?;
    let names: Vec<String> = object["properties"]
        .as_object()?
        .keys()
        .filter(|k| *k != "kind")
        .cloned()
        .collect();
    let name = names.get(which % names.len())?.clone();
    let mut witness = example.clone();
    let p = object["properties"].get_mut(&name)?;
    let t = p
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    match (widen, kind % 6, t.as_str()) {
        (true, 0, "integer") => p["minimum"] = json!(p["minimum"].as_i64()? - 1),
        (true, 0, "string") if p.get("enum").is_none() => {
            p.as_object_mut()?.remove("maxLength")?;
        }
        (true, 0, "string") => p["enum"].as_array_mut()?.push(json!("violet")),
        (true, 0, "array") => p["maxItems"] = json!(p["maxItems"].as_u64()? + 1),
        (true, 0, "object") => {
            p.as_object_mut()?.remove("required")?;
        }
        (true, 1, _) => p["type"] = json!([t, "null"]),
        (true, 2, _) => *p = json!({"anyOf": [p.clone(), {"type": "number"}]}),
        (true, 3, _) => {
            let required = object["required"].as_array_mut()?;
            let before = required.len();
            required.retain(|r| r != &json!(name));
            if required.len() == before {
                return None;
            }
        }
        (true, 4, _) => {
            object.as_object_mut()?.remove("additionalProperties")?;
        }
        (true, 5, _) => {
            p.as_object_mut()?.retain(|k, _| k == "type");
        }
        (false, 0, "integer") => {
            let min = p["minimum"].as_i64()?;
            p["minimum"] = json!(min + 1);
            witness[&name] = json!(min);
        }
        (false, 0, "string") if p.get("enum").is_some() => {
            let first = p["enum"].as_array_mut()?.remove(0);
            witness[&name] = first;
        }
        (false, 0, "string") => {
            let max = p["maxLength"].as_u64()?;
            if max == 0 {
                return None;
            }
            p["maxLength"] = json!(max - 1);
            witness[&name] = json!("x".repeat(max as usize));
        }
        (false, 0, "array") => {
            let max = p["maxItems"].as_u64()?;
            p["maxItems"] = json!(max - 1);
            witness[&name] = json!(vec![0; max as usize]);
        }
        (false, 1, _) => {
            p["type"] = json!(if t == "string" { "integer" } else { "string" });
            p.as_object_mut()?.retain(|k, _| k == "type");
        }
        (false, 2, _) => {
            // A key the witness lacks becomes required.
            let required = object["required"].as_array_mut()?;
            if required.contains(&json!(name)) {
                return None;
            }
            required.push(json!(name));
            witness.as_object_mut()?.remove(&name);
        }
        (false, 3, "object") => {
            p["properties"]["x"]["maximum"] = json!(4);
            witness[&name] = json!({"x": 5});
        }
        (false, 4, _) => {
            // Closing an implicitly open object narrows under `strict` only.
            if object.get("additionalProperties").is_some() {
                return None;
            }
            object["additionalProperties"] = json!(false);
            witness["zzz"] = json!(1);
        }
        (false, 5, "string") if p.get("enum").is_none() => {
            p["pattern"] = json!("^y");
            witness[&name] = json!("x".repeat(p["minLength"].as_u64()?.max(1) as usize));
            if p["maxLength"].as_u64()? == 0 {
                return None;
            }
        }
        _ => return None,
    }
    Some((out, (!widen).then_some(witness)))
}

fn write(dir: &Path, name: &str, value: &Value) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, stitch::canonical::pretty(value)).expect("writable");
    path
}

fn verdict(sub: &Path, sup: &Path, semantics: Semantics) -> (Verdict, String) {
    let options = LoadOptions::default();
    let a = document::load(&Input::File(sub.into()), &options).expect("sub loads");
    let b = document::load(&Input::File(sup.into()), &options).expect("sup loads");
    let report = verify::verify(
        &Space::new(&a, ""),
        &Space::new(&b, ""),
        &verify::Options {
            semantics,
            samples: 48,
            ..verify::Options::default()
        },
    );
    assert!(report.bugs.is_empty(), "{:?}", report.bugs);
    // Every unknown names the keyword that stopped the proof (issue 11).
    assert!(
        report.verdict != Verdict::Unknown
            || report
                .reason
                .as_ref()
                .is_some_and(|r| !r.keyword.is_empty()),
        "an unknown without a keyword: {report:?}"
    );
    (report.verdict, format!("{report:?}"))
}

fn valid(schema: &Value, draft: Draft, value: &Value) -> bool {
    Validator::new(schema, draft, "file:///case.json", &[])
        .expect("compiles")
        .is_valid(value)
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/verify_props.txt"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn widenings_are_never_refuted_and_narrowings_never_proven(
        case in case(), branch in 0usize..4, which in 0usize..5, kind in 0usize..6, widen in any::<bool>(),
    ) {
        let draft = if case.draft7 { Draft::Draft7 } else { Draft::Draft2020_12 };
        let objects = objects_of(&case.schema);
        let b = branch % objects.len();
        let Some((changed, witness)) = change(&case.schema, &objects[b], which, kind, widen, &case.examples[b]) else {
            return Ok(());
        };
        let dir = tempfile::tempdir().expect("a folder");
        let s = write(dir.path(), "s.json", &case.schema);
        let c = write(dir.path(), "c.json", &changed);
        if let Some(witness) = &witness {
            prop_assert!(valid(&case.schema, draft, witness), "generator bug: S rejects the witness {}", witness);
            prop_assert!(!valid(&changed, draft, witness), "generator bug: N accepts the witness {}", witness);
        }
        for semantics in [Semantics::Declared, Semantics::Strict] {
            let (verdict, report) = verdict(&s, &c, semantics);
            if std::env::var_os("STITCH_PROPS_VERBOSE").is_some() {
                eprintln!("CASE widen={widen} kind={} {semantics:?} {verdict:?}", kind % 6);
            }
            if widen {
                prop_assert_ne!(verdict, Verdict::Refuted, "a widening is refuted: {}", report);
            } else if kind % 6 == 4 && semantics == Semantics::Declared {
                // Not a narrowing of close(S): the extra key is not one S declares.
            } else {
                prop_assert_ne!(verdict, Verdict::Proven, "a narrowing is proven: {}", report);
                let sub = document::load(&Input::File(s.clone()), &LoadOptions::default()).expect("loads");
                let reached = verify::sample(&Space::new(&sub, ""), 48, 0, semantics)
                    .values
                    .iter()
                    .any(|v| !valid(&changed, draft, v));
                if reached {
                    prop_assert_eq!(verdict, Verdict::Refuted, "the sampler reaches a witness but the verdict is not refuted: {}", report);
                }
            }
        }
    }
}
