//! Issue 41: the inputs of the SDKs' own schema-transformer tests (`fixtures/sdk/<sdk>/`, each
//! folder with its licence `NOTICE` and an `index.json` naming the test, the target the SDK
//! prepares for, and whether the SDK makes the input work). For each, what `flatten --target`
//! makes of it is pinned in `fixtures/sdk/expected.txt` (`SNAPSHOTS=overwrite` rewrites it), and:
//! - every error names the provider rule it rests on and its source (`[doc GEM-SCHEMA]`), or is
//!   a narrowing the prover found;
//! - every input the SDK makes work that stitch refuses is named in `bench/README.md`, which
//!   says why (what the SDK's output breaks or loses).

mod support;

use std::fs;
use std::path::Path;

use serde_json::Value;
use stitch::diagnostic::Severity;
use stitch::document::Input;

/// The evidence label a target finding's help ends with: `[doc GEM-SCHEMA]`.
fn names_a_rule(help: &str) -> bool {
    ["[doc ", "[obs ", "[lib ", "[? "]
        .iter()
        .any(|label| help.contains(label))
}

#[test]
fn sdk_transformer_inputs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bench = fs::read_to_string(root.join("bench/README.md")).expect("bench/README.md");
    let mut sdks: Vec<_> = fs::read_dir(root.join("fixtures/sdk"))
        .expect("fixtures/sdk")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.is_dir())
        .collect();
    sdks.sort();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut out = String::new();
    let mut problems = Vec::new();
    for sdk in &sdks {
        let name = sdk.file_name().unwrap().to_string_lossy().into_owned();
        assert!(sdk.join("NOTICE").is_file(), "{name}: no NOTICE");
        let index: Vec<Value> =
            serde_json::from_str(&fs::read_to_string(sdk.join("index.json")).expect("index.json"))
                .expect("index.json is JSON");
        for entry in &index {
            let file = entry["file"].as_str().expect("file");
            let target = entry["target"].as_str().expect("target");
            let sdk_works = entry["sdkMakesItWork"].as_bool().expect("sdkMakesItWork");
            let case = format!("{name}/{file}");
            // Each is a tool's input: sent as one (an MCP tool named after the file), so that a
            // tool without arguments is declared as the provider takes it.
            let schema: Value =
                serde_json::from_str(&fs::read_to_string(sdk.join(file)).expect("readable"))
                    .expect("JSON");
            let tool_name = file.trim_end_matches(".json").replace('-', "_");
            let tool = serde_json::json!({"name": tool_name, "inputSchema": schema});
            let path = dir.path().join(format!("{name}-{file}"));
            fs::write(&path, serde_json::to_string_pretty(&tool).unwrap()).expect("writable");
            let input = Input::File(path);
            let Some(targeted) = support::targeted(target, &input) else {
                let load = stitch::document::LoadOptions::default();
                let refused = stitch::document::load(&input, &load)
                    .err()
                    .unwrap_or_default();
                let codes: Vec<&str> = refused.iter().map(|f| f.code.as_str()).collect();
                out.push_str(&format!(
                    "{case} {target} [{}]: not loaded ({})\n",
                    if sdk_works {
                        "sdk: works"
                    } else {
                        "sdk: refuses"
                    },
                    codes.join(", ")
                ));
                if sdk_works && !bench.contains(&case) {
                    problems.push(format!("{case}: the SDK makes it work, stitch does not load it, and bench/README.md does not say why"));
                }
                continue;
            };
            let mut errors: Vec<String> = Vec::new();
            for f in &targeted.findings {
                if f.severity != Severity::Error {
                    continue;
                }
                errors.push(
                    f.code
                        .as_str()
                        .trim_start_matches("stitch::target::")
                        .to_owned(),
                );
                let proof = matches!(
                    f.code.as_str(),
                    "stitch::target::narrowed" | "stitch::target::rewrite_unproven"
                );
                if !proof && !f.help.as_deref().is_some_and(names_a_rule) {
                    problems.push(format!("{case}: `{}` names no rule: {}", f.code, f.message));
                }
            }
            errors.sort();
            errors.dedup();
            let verdict = if errors.is_empty() {
                "made to work".to_owned()
            } else {
                format!("refused ({})", errors.join(", "))
            };
            let sdk_says = if sdk_works {
                "sdk: works"
            } else {
                "sdk: refuses"
            };
            out.push_str(&format!("{case} {target} [{sdk_says}]: {verdict}\n"));
            if sdk_works && !errors.is_empty() && !bench.contains(&case) {
                problems.push(format!("{case}: the SDK makes it work, stitch refuses it, and bench/README.md does not say why"));
            }
        }
    }
    let expected_path = root.join("fixtures/sdk/expected.txt");
    if std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite") {
        fs::write(&expected_path, &out).expect("writable");
    }
    let expected = fs::read_to_string(&expected_path).unwrap_or_default();
    assert_eq!(
        out, expected,
        "fixtures/sdk/expected.txt is stale (SNAPSHOTS=overwrite)"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
