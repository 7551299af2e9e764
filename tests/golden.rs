//! Golden fixtures, through the library.
//!
//! Flatten fixtures: `fixtures/flatten/<case>/` holds `contract.json` (a schema or a tool),
//! optionally `options.json` (`{"semantics": "strict", "collisions": "merge", "deep": true,
//! "verdict": "unknown"}`),
//! and what must come out: `presentation.json` (the exact bytes), `notes.txt` (one line per
//! note), `accept.jsonl` (values the presentation must accept — each also checked against the
//! contract, so the case itself is honest) and `reject.jsonl` (values the presentation must
//! still reject). Every presentation is also verified against its contract: it must be proven
//! (V1), which `accept.jsonl` alone could not show. Bless
//! `presentation.json` and `notes.txt` with `SNAPSHOTS=overwrite cargo test --test golden` and
//! review the diff; the value files are written by hand.
//!
//! Verify fixtures: `fixtures/verify/<case>/` holds `sub.json`, `sup.json`, optionally
//! `options.json` (`{"semantics": "strict"}`), and `expected.json`: the verdict, what proved it,
//! the reason of an `unknown` and the counterexample of a `refuted` — which is also checked here
//! with validators of its own (`sub` accepts it, `sup` rejects it). Bless with
//! `SNAPSHOTS=overwrite cargo test --test golden`; the inputs come from
//! `bench/make-verify-fixtures.py`.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use stitch::canonical;
use stitch::document::{self, Input, LoadOptions, Loaded};
use stitch::flatten;
use stitch::schema::Semantics;
use stitch::validate::Validator;
use stitch::verify::{self, Space};

fn cases() -> Vec<PathBuf> {
    cases_in("flatten")
}

fn cases_in(area: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(area);
    let mut cases: Vec<PathBuf> = fs::read_dir(&root)
        .expect("fixtures/flatten exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

fn values(path: &Path) -> Vec<Value> {
    fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{}: {e}: {l}", path.display())))
        .collect()
}

/// The schemas of a document (the document itself, or each tool's input schema).
fn schemas<'a>(loaded: &'a Loaded, value: &'a Value) -> Vec<&'a Value> {
    loaded
        .contents
        .schemas()
        .iter()
        .filter_map(|(_, at)| value.pointer(at))
        .collect()
}

fn validator(schema: &Value, loaded: &Loaded) -> Validator {
    let input = loaded.input();
    Validator::new(schema, input.draft, input.uri.as_str(), &[]).expect("compiles")
}

#[test]
fn flatten_fixtures() {
    let overwrite = std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite");
    let mut failures = Vec::new();
    let cases = cases();
    assert!(!cases.is_empty());
    for case in &cases {
        let name = case
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let contract = ["contract.json", "tool.json", "tools.json"]
            .iter()
            .map(|f| case.join(f))
            .find(|p| p.exists())
            .unwrap_or_else(|| panic!("{name}: no contract.json"));
        let choices = choices_of(case);
        let loaded = document::load(&Input::File(contract), &LoadOptions::default())
            .unwrap_or_else(|f| panic!("{name}: {}", f[0]));
        let (presentation, findings) = flatten::flatten_loaded(&loaded, choices);
        let pretty = canonical::pretty(&presentation);
        let notes: String = findings
            .iter()
            .map(|f| {
                format!(
                    "{} {} #{}: {}\n",
                    f.severity,
                    f.code,
                    f.pointer.as_deref().unwrap_or(""),
                    f.message
                )
            })
            .collect();
        for (file, actual) in [("presentation.json", &pretty), ("notes.txt", &notes)] {
            let path = case.join(file);
            let expected = fs::read_to_string(&path).unwrap_or_default();
            if expected != *actual {
                if overwrite {
                    fs::write(&path, actual).expect("writable fixture");
                } else {
                    failures.push(format!(
                        "{name}/{file} is stale:\n--- expected\n{expected}\n+++ actual\n{actual}"
                    ));
                }
            }
        }
        // The verifier judges every presentation (V1): proven, nothing less — unless the case
        // says why it cannot be (`"verdict": "unknown"` in options.json, never `refuted`).
        let derived = document::load_derived(pretty.clone(), &loaded, &LoadOptions::default())
            .unwrap_or_else(|f| panic!("{name}: the presentation does not load: {}", f[0]));
        for (_, at) in loaded.contents.schemas() {
            let report = verify::verify(
                &Space::new(&loaded, at),
                &Space::new(&derived, at),
                &verify::Options {
                    semantics: choices.semantics,
                    ..verify::Options::default()
                },
            );
            if report.verdict == verify::Verdict::Unknown
                && report.reason.as_ref().is_none_or(|r| r.keyword.is_empty())
            {
                failures.push(format!("{name}: an unknown verdict names no keyword"));
            }
            let expected = expected_verdict(case);
            if report.verdict != expected {
                failures.push(format!(
                    "{name}: the presentation is {:?} ({:?}), not {expected:?}",
                    report.verdict,
                    report.reason.map(|r| r.message)
                ));
            }
        }
        let contract_validators: Vec<Validator> = schemas(&loaded, &loaded.input().value)
            .into_iter()
            .map(|s| validator(s, &loaded))
            .collect();
        let presentation_validators: Vec<Validator> = schemas(&loaded, &presentation)
            .into_iter()
            .map(|s| validator(s, &loaded))
            .collect();
        let accept = values(&case.join("accept.jsonl"));
        let reject = values(&case.join("reject.jsonl"));
        if accept.is_empty() {
            failures.push(format!("{name}: accept.jsonl is missing or empty"));
        }
        for value in &accept {
            if !contract_validators.iter().any(|v| v.is_valid(value)) {
                failures.push(format!(
                    "{name}: the contract rejects accept.jsonl value {value}"
                ));
            }
            if !presentation_validators.iter().any(|v| v.is_valid(value)) {
                failures.push(format!("{name}: the presentation rejects {value}"));
            }
        }
        for value in &reject {
            if presentation_validators.iter().any(|v| v.is_valid(value)) {
                failures.push(format!(
                    "{name}: the presentation accepts reject.jsonl value {value}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// What branch order may change (F4 enum order, F6 key order, F10 texts, F7.2 first-seen
/// values): removed or sorted, so that the rest can be compared.
fn order_free(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = map
                .iter()
                .filter(|(k, _)| *k != "description")
                .map(|(k, v)| (k.clone(), order_free(v)))
                .collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().collect())
        }
        Value::Array(items) => {
            let mut items: Vec<Value> = items.iter().map(order_free).collect();
            items.sort_by_key(|v| v.to_string());
            Value::Array(items)
        }
        other => other.clone(),
    }
}

/// Determinism: the same contract twice gives the same bytes, and reversing the branches of the
/// root union changes only what F4, F6, F7.2 and F10 define by branch order.
#[test]
fn flattening_is_deterministic_and_order_independent() {
    let mut checked = 0;
    for case in cases() {
        let choices = choices_of(&case);
        let path = case.join("contract.json");
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        let contract: Value = serde_json::from_str(&text).expect("JSON");
        let draft = stitch::schema::draft::detect(&contract, None).0;
        let once = canonical::pretty(&flatten::flatten(&contract, draft, choices).schema);
        let twice = canonical::pretty(&flatten::flatten(&contract, draft, choices).schema);
        assert_eq!(once, twice, "{}", case.display());
        // References into the branches name them by position; reversing would break them.
        if text.contains("#/anyOf/") || text.contains("#/oneOf/") {
            continue;
        }
        for keyword in ["oneOf", "anyOf"] {
            let mut reversed = contract.clone();
            if let Some(Value::Array(branches)) = reversed.get_mut(keyword) {
                branches.reverse();
                let a = flatten::flatten(&contract, draft, choices).schema;
                let b = flatten::flatten(&reversed, draft, choices).schema;
                if a.get(keyword).is_none() {
                    assert_eq!(order_free(&a), order_free(&b), "{}", case.display());
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 40, "only {checked} cases compared");
}

/// A case's `options.json`: `{"semantics": "strict", "collisions": "merge", "deep": true}`,
/// each optional (the defaults are the command line's).
fn choices_of(case: &Path) -> flatten::Choices {
    let options: Value = fs::read_to_string(case.join("options.json"))
        .map(|text| serde_json::from_str(&text).expect("options.json is JSON"))
        .unwrap_or_else(|_| serde_json::json!({}));
    flatten::Choices {
        semantics: match options.get("semantics").and_then(Value::as_str) {
            Some("strict") => Semantics::Strict,
            _ => Semantics::Declared,
        },
        collisions: match options.get("collisions").and_then(Value::as_str) {
            Some("merge") => flatten::Collisions::Merge,
            _ => flatten::Collisions::AnyOf,
        },
        deep: options.get("deep") == Some(&Value::Bool(true)),
    }
}

/// The verdict a flatten case's presentation must get: `proven`, or `unknown` where the case
/// shows a limit of the judges themselves (a regular expression the engine gives up on).
fn expected_verdict(case: &Path) -> verify::Verdict {
    let options: Value = fs::read_to_string(case.join("options.json"))
        .map(|text| serde_json::from_str(&text).expect("options.json is JSON"))
        .unwrap_or_else(|_| serde_json::json!({}));
    match options.get("verdict").and_then(Value::as_str) {
        Some("unknown") => verify::Verdict::Unknown,
        _ => verify::Verdict::Proven,
    }
}

#[test]
fn verify_fixtures() {
    let overwrite = std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite");
    let mut failures = Vec::new();
    let cases = cases_in("verify");
    assert!(cases.len() > 50);
    for case in &cases {
        let name = case
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let load = |file: &str| {
            document::load(&Input::File(case.join(file)), &LoadOptions::default())
                .unwrap_or_else(|f| panic!("{name}/{file}: {}", f[0]))
        };
        let (sub, sup) = (load("sub.json"), load("sup.json"));
        let semantics = choices_of(case).semantics;
        let report = verify::verify(
            &Space::new(&sub, ""),
            &Space::new(&sup, ""),
            &verify::Options {
                semantics,
                ..verify::Options::default()
            },
        );
        if !report.bugs.is_empty() {
            failures.push(format!("{name}: {:?}", report.bugs));
        }
        // Every doubt names the keyword that stopped the proof (issue 11).
        if report.verdict != verify::Verdict::Proven
            && report.reason.as_ref().is_none_or(|r| r.keyword.is_empty())
        {
            failures.push(format!(
                "{name}: a {:?} verdict names no keyword",
                report.verdict
            ));
        }
        let mut actual =
            serde_json::to_value(stitch::report::json::VerdictJson::of(&name, &report, ""))
                .expect("a verdict serialises");
        let map = actual.as_object_mut().expect("an object");
        for dropped in ["name", "samples", "steps", "bugs"] {
            map.shift_remove(dropped);
        }
        if let Some(Value::Object(c)) = map.get_mut("counterexample") {
            c.shift_remove("reproduce");
            c.shift_remove("message");
        }
        if let Some(c) = &report.counterexample {
            let draft = sub.input().draft;
            let accepted = validator(&sub.input().value, &sub).is_valid(&c.value);
            let rejected = !validator(&sup.input().value, &sup).is_valid(&c.value);
            if !(accepted && rejected) {
                failures.push(format!(
                    "{name}: the counterexample {} is not one (draft {draft})",
                    c.value
                ));
            }
        }
        let actual = canonical::pretty(&actual);
        let path = case.join("expected.json");
        let expected = fs::read_to_string(&path).unwrap_or_default();
        if expected != actual {
            if overwrite {
                fs::write(&path, &actual).expect("writable fixture");
            } else {
                failures.push(format!(
                    "{name}/expected.json is stale:\n--- expected\n{expected}\n+++ actual\n{actual}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
