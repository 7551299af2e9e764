//! Property test of the flattener (issue 3): random object unions — 2 to 6 branches of scalar,
//! array, nested-object and nullable properties with random bounds, enums and patterns, open and
//! closed branches, sibling properties — must give a presentation that accepts a value from every
//! branch, under both semantics, and stays precise where the rules promise it: the discriminator
//! rejects values outside the union, and a constraint every branch shares still rejects its
//! violations; and the verifier never refutes the presentation. All of it in both collision
//! modes (`anyof`, `merge`), and again with `--deep` on the same union below the root (a
//! property, and array items referring to it). Cases are capped in CI with PROPTEST_CASES.

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use stitch::document::{self, Input, LoadOptions};
use stitch::flatten::{self, Choices, Collisions};
use stitch::schema::{Draft, Semantics};
use stitch::validate::Validator;
use stitch::verify::{self, Space, Verdict};

/// A property schema and a value it accepts.
#[derive(Debug, Clone)]
struct Prop {
    schema: Value,
    example: Value,
}

fn scalar() -> impl Strategy<Value = Prop> {
    prop_oneof![
        // Examples sit on a bound, so that a join that narrows a bound is caught.
        (0u64..4, 4u64..12, any::<bool>()).prop_map(|(min, max, low)| Prop {
            schema: json!({"type": "string", "minLength": min, "maxLength": max}),
            example: json!("x".repeat(if low { min } else { max } as usize)),
        }),
        Just(Prop {
            schema: json!({"type": "string", "pattern": "^[a-z]+$"}),
            example: json!("abc"),
        }),
        (1usize..=4)
            .prop_map(|n| vec!["red", "green", "blue", "grey"][..n].to_vec())
            .prop_map(|values| Prop {
                example: json!(values[0]),
                schema: json!({"enum": values}),
            }),
        (-50i64..0, 1i64..50, any::<bool>()).prop_map(|(min, max, low)| Prop {
            schema: json!({"type": "integer", "minimum": min, "maximum": max}),
            example: json!(if low { min } else { max }),
        }),
        (-5i64..0, 1i64..5, any::<bool>(), any::<bool>()).prop_map(|(min, max, exclusive, low)| {
            let bound = if exclusive {
                "exclusiveMinimum"
            } else {
                "minimum"
            };
            let (min, max) = (min as f64 / 2.0, max as f64 / 2.0);
            Prop {
                schema: json!({"type": "number", bound: min, "maximum": max}),
                example: json!(if low && !exclusive {
                    min
                } else if low {
                    min + 0.125
                } else {
                    max
                }),
            }
        }),
        Just(Prop {
            schema: json!({"type": "boolean"}),
            example: json!(true),
        }),
    ]
}

fn property() -> impl Strategy<Value = Prop> {
    prop_oneof![
        4 => scalar(),
        1 => (scalar(), 0u64..2).prop_map(|(item, min)| Prop {
            schema: json!({"type": "array", "items": item.schema, "minItems": min, "maxItems": 3}),
            example: json!([item.example]),
        }),
        1 => (scalar(), any::<bool>()).prop_map(|(inner, closed)| {
            let mut schema = json!({"type": "object", "properties": {"x": inner.schema}, "required": ["x"]});
            if closed {
                schema["additionalProperties"] = json!(false);
            }
            Prop { schema, example: json!({"x": inner.example}) }
        }),
        1 => (scalar(), any::<bool>()).prop_map(|(inner, as_any_of)| {
            let schema = if as_any_of {
                json!({"anyOf": [inner.schema, {"type": "null"}]})
            } else {
                inner.schema
            };
            Prop { schema, example: Value::Null.clone() }
        }).prop_filter("nullable", |p| p.schema.get("anyOf").is_some()),
    ]
}

/// A branch: its properties (name → prop), required names, closed or not.
#[derive(Debug, Clone)]
struct Branch {
    props: Vec<(String, Prop)>,
    required: Vec<String>,
    closed: bool,
}

fn branch() -> impl Strategy<Value = Branch> {
    (
        prop::collection::vec(
            (
                prop::sample::select(vec!["a", "b", "c", "d", "e"]),
                property(),
            ),
            0..4,
        ),
        any::<bool>(),
        any::<u8>(),
    )
        .prop_map(|(props, closed, mask)| {
            let mut seen = Vec::new();
            let props: Vec<(String, Prop)> = props
                .into_iter()
                .filter(|(n, _)| {
                    let fresh = !seen.contains(n);
                    seen.push(*n);
                    fresh
                })
                .map(|(n, p)| (n.to_owned(), p))
                .collect();
            let required = props
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, (n, _))| n.clone())
                .collect();
            Branch {
                props,
                required,
                closed,
            }
        })
}

#[derive(Debug, Clone)]
struct Case {
    contract: Value,
    /// A value per branch, each accepted by the contract.
    values: Vec<Value>,
    discriminated: bool,
    /// A property every branch declares identically and requires, with a violating value.
    shared: Option<(String, Value)>,
}

fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec(branch(), 2..=6),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(branches, discriminated, shared, sibling, draft7)| {
            let mut values = Vec::new();
            let mut schemas = Vec::new();
            for (i, b) in branches.iter().enumerate() {
                let mut properties = Map::new();
                let mut required: Vec<Value> = Vec::new();
                let mut value = Map::new();
                if discriminated {
                    properties.insert(
                        "kind".into(),
                        json!({"type": "string", "const": format!("v{i}")}),
                    );
                    required.push("kind".into());
                    value.insert("kind".into(), json!(format!("v{i}")));
                }
                if shared {
                    properties.insert("count".into(), json!({"type": "integer", "minimum": 0}));
                    required.push("count".into());
                    value.insert("count".into(), json!(1));
                }
                for (name, prop) in &b.props {
                    properties.insert(name.clone(), prop.schema.clone());
                    value.insert(name.clone(), prop.example.clone());
                }
                required.extend(b.required.iter().map(|r| json!(r)));
                let mut schema =
                    json!({"type": "object", "properties": properties, "required": required});
                if b.closed {
                    schema["additionalProperties"] = json!(false);
                }
                schemas.push(schema);
                values.push(Value::Object(value));
            }
            let mut contract = Map::new();
            contract.insert(
                "$schema".into(),
                json!(if draft7 {
                    "http://json-schema.org/draft-07/schema#"
                } else {
                    "https://json-schema.org/draft/2020-12/schema"
                }),
            );
            if sibling {
                contract.insert(
                    "properties".into(),
                    json!({"trace": {"type": "string", "maxLength": 8}}),
                );
            }
            contract.insert(
                if discriminated { "oneOf" } else { "anyOf" }.into(),
                Value::Array(schemas),
            );
            Case {
                contract: Value::Object(contract),
                values,
                discriminated,
                shared: shared.then(|| ("count".to_owned(), json!(-1))),
            }
        })
}

fn validator(schema: &Value, draft: Draft) -> Validator {
    Validator::new(schema, draft, "file:///case.json", &[]).expect("generated schemas compile")
}

/// Flattens `contract` with `options` and checks the presentation: the verifier never refutes
/// it, it accepts every value, and stays precise where the rules promise (the discriminator at
/// `kind`, a shared constraint). `place` finds the union's values inside the contract's (the
/// root, or a property of a wrapper for `--deep`).
fn check(
    case: &Case,
    contract: &Value,
    draft: Draft,
    choices: Choices,
    place: &dyn Fn(&Value) -> Value,
) -> Result<(), TestCaseError> {
    let flat = flatten::flatten(contract, draft, choices);
    let presentation = validator(&flat.schema, draft);
    let validator_of_contract = validator(contract, draft);
    // The verifier judges every presentation: never refuted, and its verdict says why.
    let dir = tempfile::tempdir().expect("a folder");
    let (c, p) = (dir.path().join("c.json"), dir.path().join("p.json"));
    std::fs::write(&c, stitch::canonical::pretty(contract)).expect("writable");
    std::fs::write(&p, stitch::canonical::pretty(&flat.schema)).expect("writable");
    let load = |path: &std::path::Path| {
        document::load(&Input::File(path.into()), &LoadOptions::default()).expect("loads")
    };
    let (cl, pl) = (load(&c), load(&p));
    let semantics = choices.semantics;
    let report = verify::verify(
        &Space::new(&cl, ""),
        &Space::new(&pl, ""),
        &verify::Options {
            semantics,
            samples: 32,
            ..verify::Options::default()
        },
    );
    if std::env::var_os("STITCH_PROPS_VERBOSE").is_some() {
        eprintln!(
            "VERDICT {semantics:?} {:?} deep={} {:?} {:?}",
            choices.collisions,
            choices.deep,
            report.verdict,
            report.reason.as_ref().map(|r| &r.message)
        );
    }
    prop_assert!(report.bugs.is_empty(), "{:?}", report.bugs);
    prop_assert_ne!(
        report.verdict,
        Verdict::Refuted,
        "the flattener narrowed: {:?}\n{}",
        report.counterexample,
        flat.schema
    );
    for value in &case.values {
        prop_assert!(
            validator_of_contract.is_valid(&place(value)),
            "generator bug: {}",
            value
        );
        prop_assert!(
            presentation.is_valid(&place(value)),
            "{} rejects {}",
            flat.schema,
            value
        );
        if case.discriminated {
            let mut outside = value.clone();
            outside["kind"] = json!("not-a-kind");
            prop_assert!(
                !presentation.is_valid(&place(&outside)),
                "accepts a kind outside the union: {}",
                outside
            );
        }
        if let Some((key, bad)) = &case.shared {
            let mut violating = value.clone();
            violating[key] = bad.clone();
            prop_assert!(
                !presentation.is_valid(&place(&violating)),
                "drops a shared constraint: {}",
                violating
            );
        }
    }
    Ok(())
}

/// The case's union below the root (F2): a required property and the items of an array.
fn nested(case: &Case) -> Value {
    let mut union = case.contract.clone();
    let schema = union
        .as_object_mut()
        .and_then(|m| m.shift_remove("$schema"))
        .unwrap_or(Value::Null);
    json!({
        "$schema": schema,
        "type": "object",
        "properties": {
            "inner": union,
            "list": {"type": "array", "items": {"$ref": "#/properties/inner"}, "maxItems": 2}
        },
        "required": ["inner"],
        "additionalProperties": false
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/flatten_props.txt"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn presentation_accepts_every_branch_and_stays_precise(case in case()) {
        let draft = if case.contract["$schema"].as_str().is_some_and(|s| s.contains("draft-07")) { Draft::Draft7 } else { Draft::Draft2020_12 };
        for collisions in [Collisions::AnyOf, Collisions::Merge] {
            for semantics in [Semantics::Declared, Semantics::Strict] {
                let root = Choices { semantics, collisions, deep: false };
                let flat = flatten::flatten(&case.contract, draft, root);
                prop_assert_eq!(flat.schema.get("type"), Some(&json!("object")), "not flattened: {:?}", flat.notes);
                if collisions == Collisions::Merge {
                    // F7.4: `merge` introduces no `anyOf` (the nullable ones the contract's
                    // properties carry may stay; the root union goes).
                    let count = |v: &Value| v.to_string().matches("\"anyOf\"").count();
                    let root_union = usize::from(case.contract.get("anyOf").is_some());
                    prop_assert!(count(&flat.schema) <= count(&case.contract) - root_union, "merge introduced an anyOf: {}", flat.schema);
                }
                check(&case, &case.contract, draft, root, &|v| v.clone())?;
                // --deep on the same union below the root.
                let wrapper = nested(&case);
                let deep = Choices { deep: true, ..root };
                let flat = flatten::flatten(&wrapper, draft, deep);
                prop_assert_eq!(flat.schema["properties"]["inner"].get("type"), Some(&json!("object")), "not flattened below the root: {:?}", flat.notes);
                check(&case, &wrapper, draft, deep, &|v| json!({"inner": v, "list": [v]}))?;
            }
        }
    }
}
