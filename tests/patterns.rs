//! Issue 39: `pattern` is read as ECMA-262 reads it without the `u` flag (`new RegExp(p)`), in
//! the validator and in the sampler. The table `fixtures/patterns/escapes.json` was judged by
//! node (`bench/ecma-escapes.mjs`): for every printable ASCII character c, whether `^\c$`
//! matches "c", and whether the `u` flag (ajv's default) refuses the pattern; and a few whole
//! patterns. stitch must answer as node does — or refuse the pattern at load, which it does only
//! for `\1`…`\7` with no group to refer to (octal escapes in Annex B) — and warn
//! (`stitch::schema::pattern_dialect`) exactly where the `u` flag refuses a pattern node reads.

use serde_json::{Value, json};
use stitch::document::{self, LoadOptions};
use stitch::schema::Draft;
use stitch::validate::Validator;

#[test]
fn patterns_read_as_node_reads_them() {
    let table: Vec<Value> =
        serde_json::from_str(include_str!("../fixtures/patterns/escapes.json")).expect("the table");
    assert!(table.len() > 90);
    let mut failures = Vec::new();
    for row in &table {
        let pattern = row["pattern"].as_str().unwrap();
        let text = row["text"].as_str().unwrap();
        let schema = json!({"type": "string", "pattern": pattern});
        let bytes = serde_json::to_vec(&schema).unwrap();
        let loaded = document::load_bytes("pattern.json", bytes, &LoadOptions::default());
        let octal = ('1'..='7').any(|d| pattern == format!("^\\{d}$"));
        let Ok(loaded) = loaded else {
            if !octal {
                failures.push(format!("{pattern:?}: refused at load"));
            }
            continue;
        };
        let warned = loaded
            .findings
            .iter()
            .any(|f| f.code.as_str() == "stitch::schema::pattern_dialect");
        let node_matches = &row["matches"];
        if node_matches.is_boolean() {
            let Ok(validator) = Validator::new(&schema, Draft::Draft2020_12, "stitch:test", &[])
            else {
                if !octal {
                    failures.push(format!("{pattern:?}: the validator refuses it"));
                }
                continue;
            };
            let matches = validator.is_valid(&Value::String(text.to_owned()));
            if Some(matches) != node_matches.as_bool() {
                failures.push(format!(
                    "{pattern:?} on {text:?}: node says {node_matches}, stitch {matches}"
                ));
            }
        }
        if row["unicode"] == json!(false) && node_matches.is_boolean() && !warned {
            failures.push(format!(
                "{pattern:?}: the u flag refuses it, and no warning"
            ));
        }
        if row["unicode"] == json!(true) && warned {
            failures.push(format!("{pattern:?}: the u flag takes it, yet a warning"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
