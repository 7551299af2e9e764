//! Random object schemas and random widenings and narrowings of them, shared by the property
//! tests of `verify` (`tests/verify_props.rs`) and `diff` (`tests/diff_props.rs`); and
//! [`targeted`], what `flatten --target` makes of an input (`tests/targets.rs`, `tests/judges.rs`).

// Each test crate uses part of this module.
#![allow(dead_code)]

use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// A property: its schema, a value it accepts at a boundary, and the change kinds it supports.
#[derive(Debug, Clone)]
pub struct Prop {
    pub schema: Value,
    pub example: Value,
}

pub fn prop() -> impl Strategy<Value = Prop> {
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
pub fn object() -> impl Strategy<Value = (Value, Value)> {
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
pub struct Case {
    pub schema: Value,
    /// A value of each branch (or of the schema), every key present.
    pub examples: Vec<Value>,
    pub draft7: bool,
}

pub fn case() -> impl Strategy<Value = Case> {
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
pub fn objects_of(schema: &Value) -> Vec<String> {
    match schema.get("oneOf").and_then(Value::as_array) {
        Some(branches) => (0..branches.len()).map(|i| format!("/oneOf/{i}")).collect(),
        None => vec![String::new()],
    }
}

/// Applies change `kind` (a widening when `widen`) to property `which` of object `at`; for a
/// narrowing also returns the witness built from `example`. `None` when the change does not
/// apply to that property.
pub fn change(
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

/// What `stitch flatten --target` makes of one input with the default options, in the target's
/// request shape (shared by `tests/targets.rs` and `tests/judges.rs`).
pub struct Targeted {
    /// The target's findings.
    pub findings: Vec<stitch::diagnostic::Finding>,
    /// The presentation, enveloped.
    pub document: Value,
    /// Its bytes, as `flatten` writes them.
    pub bytes: String,
}

/// `input` flattened, rewritten and checked for `target`, then enveloped as the provider reads
/// it; `None` when the input does not load.
pub fn targeted(target: &str, input: &stitch::document::Input) -> Option<Targeted> {
    use stitch::targets::adapt;
    let profile = stitch::targets::lookup(target).expect("a known target");
    let load = stitch::document::LoadOptions::default();
    let loaded = stitch::document::load(input, &load).ok()?;
    let plan = stitch::present::Plan {
        choices: stitch::flatten::Choices::default(),
        verify: None,
        load,
    };
    let mut presented = stitch::present::present(&loaded, "tool.json", &plan);
    let findings = adapt::target(
        profile,
        &loaded,
        &mut presented,
        &plan,
        "tool.json",
        adapt::RequestScope::Document,
    )
    .findings;
    adapt::envelop(&loaded, &mut presented, profile.envelope);
    Some(Targeted {
        findings,
        bytes: presented.bytes.clone(),
        document: presented.document.into_owned(),
    })
}
