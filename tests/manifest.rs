//! M1, M2: the manifest's digests match SHA-256 computed here another way (a canonical form
//! written for this test), and the manifest is the same bytes run after run, on one thread or
//! two.

use std::process::Command;

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// §8 written again, independently of `stitch::canonical`: keys in code-point order, every
/// `required` array of strings sorted and deduplicated except inside `enum`, `const`,
/// `default` and `examples` values, which are kept verbatim.
fn canonical(value: &Value, verbatim: bool) -> Value {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let mut out = Map::new();
            for key in keys {
                let inner =
                    verbatim || ["enum", "const", "default", "examples"].contains(&key.as_str());
                let mut v = canonical(&map[key], inner);
                if key == "required"
                    && !verbatim
                    && let Value::Array(items) = &mut v
                    && items.iter().all(Value::is_string)
                {
                    items.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
                    items.dedup();
                }
                out.insert(key.clone(), v);
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| canonical(v, verbatim)).collect()),
        other => other.clone(),
    }
}

fn digest(value: &Value) -> String {
    let text = serde_json::to_string(&canonical(value, false)).unwrap();
    let hash = Sha256::digest(text.as_bytes());
    let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{}", &hex[..16])
}

fn manifest(threads: &str) -> String {
    manifest_of("m1-tools", threads)
}

fn manifest_of(fixture: &str, threads: &str) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_stitch"))
        .current_dir(format!(
            "{}/fixtures/manifest/{fixture}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .env("RAYON_NUM_THREADS", threads)
        .args(["manifest", "-o", "-"])
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0));
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn digests_match_an_independent_computation() {
    let text = manifest("2");
    let document: Value = serde_json::from_str(&text).unwrap();
    let tools = document["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 3);
    for tool in tools {
        assert_eq!(
            tool["digest"],
            digest(&tool["inputSchema"]).as_str(),
            "{}",
            tool["name"]
        );
        let bytes = serde_json::to_string(&canonical(&tool["inputSchema"], false)).unwrap();
        assert_eq!(tool["schemaBytes"], bytes.len(), "{}", tool["name"]);
    }
    // A contract the flattener left alone has the presentation's digest.
    let address = tools.iter().find(|t| t["name"] == "Address").unwrap();
    assert_eq!(address["digest"], address["contractDigest"]);
}

#[test]
fn the_manifest_is_the_same_bytes_every_run() {
    let first = manifest("1");
    assert_eq!(first, manifest("2"));
    assert_eq!(first, manifest("1"));
    assert!(first.ends_with("}\n") && !first.contains('\r'));
}

#[test]
fn each_target_presentation_has_its_own_digest_and_the_same_bytes_every_run() {
    let text = manifest_of("m1-targets", "2");
    assert_eq!(text, manifest_of("m1-targets", "1"));
    let document: Value = serde_json::from_str(&text).unwrap();
    let tool = &document["tools"][0];
    let targets = tool["targets"].as_object().unwrap();
    assert_eq!(
        targets.keys().collect::<Vec<_>>(),
        ["gemini@2026-12", "openai-strict@2026-12"]
    );
    for (id, entry) in targets {
        assert_eq!(
            entry["digest"],
            digest(&entry["inputSchema"]).as_str(),
            "{id}"
        );
        let bytes = serde_json::to_string(&canonical(&entry["inputSchema"], false)).unwrap();
        assert_eq!(entry["schemaBytes"], bytes.len(), "{id}");
        assert_ne!(
            entry["digest"], tool["digest"],
            "{id}: the target rewrote nothing?"
        );
    }
    // Every key strict mode made required is recorded, and only those.
    let strict = &targets["openai-strict@2026-12"];
    assert_eq!(
        strict["nullMeansAbsent"],
        serde_json::json!(["/properties/cursor", "/properties/limit"])
    );
    assert_eq!(
        strict["inputSchema"]["required"],
        serde_json::json!(["query", "limit", "cursor"])
    );
    assert_eq!(
        targets["gemini@2026-12"]["stringifiedEnums"],
        serde_json::json!([{"pointer": "/properties/limit", "values": [10, 50, 100]}])
    );
}

/// `stitch validate` run in the m1-targets fixture on the arguments in `path`.
fn validate(contract: &str, path: &std::path::Path, target: &str) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_stitch"))
        .current_dir(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/manifest/m1-targets"
        ))
        .args(["validate", contract])
        .arg(path)
        .args(["--target", target, "--format", "json"])
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

#[test]
fn validate_reads_the_same_mappings_from_the_manifest_as_it_derives_from_the_contract() {
    let calls = [
        (
            "openai-strict",
            r#"{"query": "a", "limit": 10, "cursor": "c"}"#,
        ),
        (
            "openai-strict",
            r#"{"query": "a", "limit": null, "cursor": null}"#,
        ),
        (
            "openai-strict",
            r#"{"query": "a", "limit": 100, "cursor": null}"#,
        ),
        (
            "openai-strict",
            r#"{"query": "", "limit": null, "cursor": null}"#,
        ),
        ("openai-strict", r#"{"query": "a"}"#),
        ("gemini", r#"{"query": "a", "limit": "100"}"#),
        ("gemini", r#"{"query": "a", "limit": "7"}"#),
        ("gemini", r#"{"query": "a", "cursor": null}"#),
    ];
    let mut codes = Vec::new();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("call.json");
    for (target, arguments) in calls {
        std::fs::write(&path, arguments).unwrap();
        let from_manifest = validate("stitch.manifest.json", &path, target);
        let derived = validate("tools/search.json", &path, target);
        assert_eq!(from_manifest, derived, "{target}: {arguments}");
        codes.push(from_manifest.0);
    }
    // Both outcomes are exercised.
    assert!(
        codes.contains(&Some(0)) && codes.contains(&Some(1)),
        "{codes:?}"
    );
}

#[test]
fn validate_refuses_a_manifest_whose_contract_changed() {
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/manifest/m1-targets");
    std::fs::create_dir(dir.path().join("tools")).unwrap();
    std::fs::copy(
        fixture.join("stitch.manifest.json"),
        dir.path().join("stitch.manifest.json"),
    )
    .unwrap();
    let tool = std::fs::read_to_string(fixture.join("tools/search.json")).unwrap();
    std::fs::write(
        dir.path().join("tools/search.json"),
        tool.replace("\"minLength\": 1", "\"minLength\": 2"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("call.json"),
        r#"{"query": "a", "limit": null, "cursor": null}"#,
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_stitch"))
        .current_dir(dir.path())
        .args([
            "validate",
            "stitch.manifest.json",
            "call.json",
            "--target",
            "openai-strict",
            "--no-config",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    // The message as one line, the renderer's wrapping undone.
    let stderr = String::from_utf8(output.stderr)
        .unwrap()
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        stderr.contains("`stitch.manifest.json` is stale for `search`: its contract `tools/search.json#/inputSchema` changed since the manifest was written"),
        "{stderr}"
    );
}
