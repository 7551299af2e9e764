//! Every contract (Zod 4, zod-to-json-schema, Pydantic) flattens,
//! and every value its producer accepts (`.valid.jsonl`) is accepted by the presentation, under
//! both semantics, root only and with `--deep` in both collision modes (issues 3 and 5) — and
//! by the contract as the verifier reads it (close(contract) under
//! `declared`, §1), so that every value a producer accepts is one the verifier counts (issue 4).
//! Root unions left in place are pinned with the rule that kept them.
//!
//! The slice in `tests/corpus/contracts/` runs always; the whole of `../shared/corpus/contracts/`
//! runs with `--ignored` (`.ci/run` does, with the shared folder beside the repository).

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use stitch::diagnostic::codes;
use stitch::document::{self, Input, LoadOptions};
use stitch::flatten;
use stitch::schema::Semantics;
use stitch::validate::Validator;
use stitch::verify::{self, Space};

fn contracts(root: &Path) -> Vec<PathBuf> {
    assert!(root.is_dir(), "{} is missing", root.display());
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(root)
        .into_iter()
        .map(|e| e.expect("the corpus is readable").into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    out.sort();
    out
}

/// The unions that stay in place, with the reason: none since unions of unions (Pydantic's
/// `alert_rule`, Zod's `notification_rule`) are flattened as one union of their leaves.
const LEFT_IN_PLACE: [&str; 0] = [];

#[test]
fn the_slice_flattens_and_keeps_its_valid_values() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/contracts");
    every_contract_flattens_and_keeps_its_valid_values(&root, 19);
}

#[test]
#[ignore = "the whole corpus needs ../shared beside the repository; .ci/run runs it"]
fn the_whole_corpus_flattens_and_keeps_its_valid_values() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/contracts");
    every_contract_flattens_and_keeps_its_valid_values(&root, 62);
}

fn every_contract_flattens_and_keeps_its_valid_values(root: &Path, count: usize) {
    let contracts = contracts(root);
    assert_eq!(
        contracts.len(),
        count,
        "{} contracts in {}",
        contracts.len(),
        root.display()
    );
    let mut failures = Vec::new();
    let mut left_in_place = Vec::new();
    let modes = [
        (false, flatten::Collisions::AnyOf),
        (true, flatten::Collisions::AnyOf),
        (true, flatten::Collisions::Merge),
    ];
    for ((deep, collisions), semantics) in modes
        .into_iter()
        .flat_map(|m| [(m, Semantics::Declared), (m, Semantics::Strict)])
    {
        let mode = format!(
            "{}{}{}",
            semantics.name(),
            if deep { ", --deep" } else { "" },
            if collisions == flatten::Collisions::Merge {
                ", merge"
            } else {
                ""
            }
        );
        for path in &contracts {
            let name = path
                .strip_prefix(path.parent().and_then(Path::parent).unwrap_or(path))
                .unwrap_or(path)
                .display()
                .to_string();
            let loaded = document::load(&Input::File(path.clone()), &LoadOptions::default())
                .unwrap_or_else(|f| panic!("{name}: {}", f[0]));
            let (presentation, findings) = flatten::flatten_loaded(
                &loaded,
                flatten::Choices {
                    semantics,
                    collisions,
                    deep,
                },
            );
            for finding in findings.iter().filter(|f| f.code == codes::NOT_FLATTENED) {
                if semantics == Semantics::Declared && !deep {
                    left_in_place.push(format!("{name}: {}", finding.message));
                }
            }
            let input = loaded.input();
            let validator =
                match Validator::new(&presentation, input.draft, input.uri.as_str(), &[]) {
                    Ok(v) => v,
                    Err(e) => {
                        failures.push(format!(
                            "{name}: the presentation does not compile: {}",
                            e.message
                        ));
                        continue;
                    }
                };
            let valid = fs::read_to_string(path.with_extension("valid.jsonl"))
                .expect("values beside each contract");
            for line in valid.lines().filter(|l| !l.trim().is_empty()) {
                let value: Value = serde_json::from_str(line).expect("a JSON line");
                if !validator.is_valid(&value) {
                    failures.push(format!("{name} ({mode}): the presentation rejects {line}"));
                }
                if verify::admits(&Space::new(&loaded, ""), &value, semantics) != Some(true) {
                    failures.push(format!(
                        "{name} ({mode}): the verifier's contract rejects {line}"
                    ));
                }
            }
            // The root is an object schema whenever the union was flattened.
            if !findings.iter().any(|f| f.code == codes::NOT_FLATTENED)
                && presentation.get("type").is_some_and(|t| t != "object")
            {
                failures.push(format!("{name}: the presentation's root is not an object"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("left in place:\n{}", left_in_place.join("\n"));
    // Pinned: the unions that stay, with the reason.
    assert_eq!(left_in_place, LEFT_IN_PLACE);
}
