//! Issue 39, the second judge: every presentation `stitch flatten --target T` calls accepted
//! (no error; `fixed` included) for openai-strict, anthropic-strict, gemini and gemini-json is
//! valid under T's meta-schema, `fixtures/judges/T.json`, written by hand from PROVIDERS.md and
//! validated here with the `jsonschema` crate, not with stitch's rule table. Judged: every
//! fixture of `fixtures/targets`, `fixtures/flatten` and `fixtures/envelope`, the corpus slice
//! of `tests/corpus`, and generated unions (`tests/support`). What a meta-schema cannot say is
//! checked beside it here: for openai-strict every key of `properties` in `required`.
//! `bench/target-judge.py` does the same over the whole `../shared/corpus` with python
//! `jsonschema` (a `.ci/run` step). Also: the values a fixture lists in `values.jsonl` are
//! accepted by its contract and by its presentation.

mod support;

use std::fs;
use std::path::PathBuf;

use proptest::prelude::*;
use serde_json::Value;
use stitch::diagnostic::Severity;
use stitch::document::Input;

const TARGETS: [&str; 4] = ["openai-strict", "anthropic-strict", "gemini", "gemini-json"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn judge(target: &str) -> jsonschema::Validator {
    let path = root()
        .join("fixtures/judges")
        .join(format!("{target}.json"));
    let schema: Value = serde_json::from_slice(&fs::read(&path).expect("the judge")).unwrap();
    jsonschema::validator_for(&schema).expect("the judge compiles")
}

/// The presentation `--target` makes of `input`, enveloped as the provider reads it, when the
/// target accepts it (no error); `None` when it refuses or the input does not load.
fn accepted(target: &str, input: &Input) -> Option<Value> {
    let targeted = support::targeted(target, input)?;
    let refused = (targeted.findings.iter()).any(|f| f.severity == Severity::Error);
    (!refused).then_some(targeted.document)
}

/// The input schemas of a presentation: a bare schema, or each tool's in a request shape (none
/// for a tool declared without one).
fn schemas_of(presentation: &Value) -> Vec<&Value> {
    let tools = presentation
        .get("functionDeclarations")
        .unwrap_or(presentation);
    fn tool(t: &Value) -> Option<&Value> {
        let t = t.get("function").unwrap_or(t);
        ["parameters", "input_schema", "parametersJsonSchema"]
            .iter()
            .find_map(|k| t.get(*k))
    }
    match tools {
        Value::Array(list) => list.iter().filter_map(tool).collect(),
        // A tool declared without a schema (a tool without arguments) has none to judge.
        one => match tool(one) {
            Some(schema) => vec![schema],
            None if one.get("name").is_some() => Vec::new(),
            None => vec![one],
        },
    }
}

/// Every key of `properties` in `required` (openai-strict): not a meta-schema's to say.
fn all_required(schema: &Value, at: &str, out: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Object(properties)) = map.get("properties") {
                let required: Vec<&str> = map
                    .get("required")
                    .and_then(Value::as_array)
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                for key in properties
                    .keys()
                    .filter(|k| !required.contains(&k.as_str()))
                {
                    out.push(format!("#{at}/properties/{key} is not in `required`"));
                }
            }
            for (key, value) in map {
                if !matches!(key.as_str(), "enum" | "const" | "default" | "examples") {
                    all_required(value, &format!("{at}/{key}"), out);
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                all_required(item, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// What the judge of `target` finds wrong with `presentation` (empty: nothing).
fn judged(target: &str, validator: &jsonschema::Validator, presentation: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for schema in schemas_of(presentation) {
        out.extend(
            validator
                .iter_errors(schema)
                .take(3)
                .map(|e| format!("#{}: {e}", e.instance_path())),
        );
        if target == "openai-strict" {
            all_required(schema, "", &mut out);
        }
    }
    out
}

/// Every input the repository holds: fixtures and the corpus slice.
fn inputs() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for folder in [
        "fixtures/targets",
        "fixtures/flatten",
        "fixtures/envelope",
        "fixtures/validate",
        "tests/corpus",
    ] {
        for entry in walkdir::WalkDir::new(root().join(folder)).sort_by_file_name() {
            let path = entry.expect("readable").into_path();
            let name = path.file_name().unwrap().to_string_lossy();
            if matches!(name.as_ref(), "tool.json" | "contract.json" | "tools.json")
                || (folder == "tests/corpus"
                    && name.ends_with(".json")
                    && !name.ends_with(".valid.json"))
            {
                out.push(path);
            }
        }
    }
    out
}

#[test]
fn every_accepted_presentation_passes_its_judge() {
    let inputs = inputs();
    assert!(inputs.len() > 100, "the fixtures were not found");
    let mut failures = Vec::new();
    let mut judged_count = 0;
    for target in TARGETS {
        let validator = judge(target);
        for path in &inputs {
            let input = Input::File(path.clone());
            let Some(presentation) = accepted(target, &input) else {
                continue;
            };
            judged_count += 1;
            let wrong = judged(target, &validator, &presentation);
            if !wrong.is_empty() {
                let shown = path.strip_prefix(root()).unwrap_or(path).display();
                failures.push(format!("{target} {shown}: {}", wrong.join("; ")));
            }
        }
    }
    assert!(
        judged_count > 100,
        "only {judged_count} presentations judged"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `values.jsonl` beside a target fixture: values its contract accepts that its presentation
/// must accept too (issue 39's "values that must survive").
#[test]
fn the_values_a_fixture_lists_survive() {
    let cases = root().join("fixtures/targets");
    let mut checked = 0;
    for entry in fs::read_dir(&cases).unwrap() {
        let case = entry.unwrap().path();
        let Ok(lines) = fs::read_to_string(case.join("values.jsonl")) else {
            continue;
        };
        let tool: Value =
            serde_json::from_slice(&fs::read(case.join("tool.json")).unwrap()).unwrap();
        let contract = schemas_of(&tool)[0];
        let presentation: Value =
            serde_json::from_slice(&fs::read(case.join("presentation.json")).unwrap()).unwrap();
        let shown = schemas_of(&presentation)[0];
        let (contract, shown) = (
            jsonschema::validator_for(contract).unwrap(),
            jsonschema::validator_for(shown).unwrap(),
        );
        for line in lines.lines().filter(|l| !l.trim().is_empty()) {
            let value: Value = serde_json::from_str(line).unwrap();
            let name = case.file_name().unwrap().to_string_lossy();
            assert!(
                contract.is_valid(&value),
                "{name}: the contract refuses {value}"
            );
            assert!(
                shown.is_valid(&value),
                "{name}: the presentation refuses {value}"
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "no values.jsonl found");
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/judges.txt"),
        )),
        ..ProptestConfig::default()
    })]

    /// Generated unions (`tests/support`), in both drafts: what a target accepts, its judge
    /// accepts.
    #[test]
    fn generated_contracts_pass_their_judge(case in support::case()) {
        let text = serde_json::to_vec(&case.schema).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("contract.json");
        fs::write(&path, text).unwrap();
        for target in TARGETS {
            let validator = judge(target);
            if let Some(presentation) = accepted(target, &Input::File(path.clone())) {
                let wrong = judged(target, &validator, &presentation);
                prop_assert!(wrong.is_empty(), "{target}: {wrong:?}\n{}", case.schema);
            }
        }
    }
}
