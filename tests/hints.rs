//! Every hint `flatten` prints is followed literally (issue 12): each note that carries a fix is
//! applied to the contract, which is flattened again; the union the note was about must now be
//! flattened, and the presentation must give more guidance, never less (no fewer properties
//! declared). Run over every flatten fixture and the repository's slice of the corpus.

use std::path::{Path, PathBuf};

use serde_json::Value;
use stitch::diagnostic::codes;
use stitch::flatten::{self, Choices, Collisions};
use stitch::schema::Semantics;

fn contracts() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(root.join("fixtures/flatten"))
        .into_iter()
        .chain(walkdir::WalkDir::new(root.join("tests/corpus")))
        .map(|e| e.expect("readable").into_path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "json")
                && !p.to_string_lossy().ends_with("presentation.json")
                && !p.to_string_lossy().ends_with("options.json")
        })
        .collect();
    out.sort();
    out
}

/// Properties declared anywhere in a schema: how much guidance it gives.
fn declared(value: &Value) -> usize {
    match value {
        Value::Object(map) => {
            let here = map
                .get("properties")
                .and_then(Value::as_object)
                .map_or(0, |p| p.len());
            here + map.values().map(declared).sum::<usize>()
        }
        Value::Array(items) => items.iter().map(declared).sum(),
        _ => 0,
    }
}

#[test]
fn every_hint_followed_literally_flattens_the_union() {
    let mut followed = 0;
    let mut failures = Vec::new();
    for path in contracts() {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(contract) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        let draft = stitch::schema::draft::detect(&contract, None).0;
        for deep in [false, true] {
            let choices = Choices {
                semantics: Semantics::Declared,
                collisions: Collisions::AnyOf,
                deep,
            };
            let before = flatten::flatten(&contract, draft, choices);
            for note in before.notes.iter().filter(|n| n.fix.is_some()) {
                followed += 1;
                let mut edited = contract.clone();
                let fix = note.fix.as_ref().expect("a fix");
                if !fix.apply(&mut edited) {
                    failures.push(format!(
                        "{}: the fix {fix:?} does not apply",
                        path.display()
                    ));
                    continue;
                }
                let after = flatten::flatten(&edited, draft, choices);
                let still = after
                    .notes
                    .iter()
                    .any(|n| n.code == codes::NOT_FLATTENED && n.pointer == note.pointer);
                if still {
                    failures.push(format!(
                        "{}: after `{}`, #{} is still left in place",
                        path.display(),
                        note.help().unwrap_or_default(),
                        note.pointer
                    ));
                }
                if declared(&after.schema) < declared(&before.schema) {
                    failures.push(format!(
                        "{}: after `{}`, the presentation declares fewer properties",
                        path.display(),
                        note.help().unwrap_or_default()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(followed > 0, "no hint was followed: the test tests nothing");
    eprintln!("{followed} hints followed");
}
