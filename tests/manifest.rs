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
    let output = Command::new(env!("CARGO_BIN_EXE_stitch"))
        .current_dir(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/manifest/m1-tools"
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
