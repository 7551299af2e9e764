//! `stitch diff` (D1–D5), pinned by fixtures: `fixtures/diff/<case>/` holds the inputs, a
//! `case.json` (`{"args": [...], "exit": N}`: the command line after `stitch`, from the
//! repository's root, and the exit code every format must give), and the exact output in each
//! format: `expected.txt` (human), `expected.json`, `expected.md`. Bless the outputs with
//! `SNAPSHOTS=overwrite cargo test --test diff` and review the diff; `case.json` is written by
//! hand.
//!
//! Beside the bytes: every counterexample is judged by the `jsonschema` crate directly (not
//! stitch's validator door): OLD accepts a `breaking` value and NEW rejects it, and the other
//! way round for a widening; and the fixtures together show every class (D2) and every tag
//! (D3).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use stitch::diff::changes::Tag;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn cases() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = fs::read_dir(root().join("fixtures/diff"))
        .expect("fixtures/diff exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

fn case(dir: &Path) -> (Vec<String>, i32) {
    let text = fs::read_to_string(dir.join("case.json")).expect("case.json");
    let case: Value = serde_json::from_str(&text).expect("case.json is JSON");
    let args = case["args"]
        .as_array()
        .expect("args")
        .iter()
        .map(|a| a.as_str().expect("string").to_owned())
        .collect();
    (args, case["exit"].as_i64().expect("exit") as i32)
}

fn run(args: &[String], format: &str) -> (String, String, Option<i32>) {
    let output = Command::new(env!("CARGO_BIN_EXE_stitch"))
        .current_dir(root())
        .env_remove("NO_COLOR")
        .env("COLUMNS", "100")
        .args(args)
        .args(["--format", format])
        .output()
        .expect("the binary runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
        output.status.code(),
    )
}

#[test]
fn every_case_prints_what_it_expects_in_every_format() {
    let overwrite = std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite");
    let mut failures = Vec::new();
    for dir in cases() {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let (args, exit) = case(&dir);
        for (format, file) in [
            ("human", "expected.txt"),
            ("json", "expected.json"),
            ("markdown", "expected.md"),
        ] {
            let (stdout, stderr, code) = run(&args, format);
            if code != Some(exit) {
                failures.push(format!("{name} ({format}): exit {code:?}, expected {exit}"));
            }
            if !stderr.is_empty() {
                failures.push(format!("{name} ({format}): stderr: {stderr}"));
            }
            let path = dir.join(file);
            if overwrite {
                fs::write(&path, &stdout).expect("writable");
                continue;
            }
            let expected = fs::read_to_string(&path).unwrap_or_default();
            if expected != stdout {
                failures.push(format!(
                    "{name} ({format}): output differs from {file}:\n{}",
                    stitch::diff::text::unified(&expected, &stdout, file, 60)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The schema at `pointer` in the file `path` (relative to the root).
fn schema_at(path: &str, pointer: &str) -> Value {
    let text = fs::read_to_string(root().join(path)).expect("input readable");
    let document: Value = serde_json::from_str(&text).expect("JSON");
    document.pointer(pointer).expect("pointer resolves").clone()
}

fn accepts(schema: &Value, value: &Value) -> bool {
    jsonschema::validator_for(schema)
        .expect("compiles")
        .is_valid(value)
}

#[test]
fn every_counterexample_is_judged_right_by_an_independent_validator() {
    let mut judged = 0;
    for dir in cases() {
        let (args, _) = case(&dir);
        // Only plain files: a presentation (--flatten, --target) exists only inside stitch.
        if args.iter().any(|a| a == "--flatten" || a == "--target") {
            continue;
        }
        let (old, new) = (&args[1], &args[2]);
        let (stdout, _, _) = run(&args, "json");
        let document: Value = serde_json::from_str(&stdout).expect("JSON output");
        for result in document["results"].as_array().expect("results") {
            let side = |key: &str, file: &str| {
                result[key].as_str().map(|pointer| schema_at(file, pointer))
            };
            let (a, b) = (side("oldPointer", old), side("newPointer", new));
            for (direction, from, to) in [("backward", &a, &b), ("forward", &b, &a)] {
                let Some(value) = result[direction]["counterexample"].get("value") else {
                    continue;
                };
                let from = from.as_ref().expect("the side the value comes from");
                assert!(
                    accepts(from, value),
                    "{}: {direction}: {value} is not accepted by its own side",
                    dir.display()
                );
                if let Some(to) = to {
                    assert!(
                        !accepts(to, value),
                        "{}: {direction}: {value} is accepted by the other side",
                        dir.display()
                    );
                }
                judged += 1;
            }
        }
    }
    assert!(judged >= 8, "only {judged} counterexamples judged");
}

#[test]
fn the_cases_show_every_class_and_every_tag() {
    let (mut classes, mut tags) = (BTreeSet::new(), BTreeSet::new());
    for dir in cases() {
        let text = fs::read_to_string(dir.join("expected.json")).unwrap_or_default();
        let Ok(document) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        for result in document["results"].as_array().into_iter().flatten() {
            classes.insert(result["class"].as_str().unwrap_or_default().to_owned());
            for change in result["changes"].as_array().into_iter().flatten() {
                tags.insert(change["tag"].as_str().unwrap_or_default().to_owned());
            }
        }
    }
    let every_class = [
        "equivalent",
        "widened",
        "breaking",
        "narrowed-and-widened",
        "unknown",
        "added",
        "removed",
    ];
    for class in every_class {
        assert!(classes.contains(class), "no case shows the class `{class}`");
    }
    // `bound-changed` is given only to two bounds that cannot be ordered (a `minLength` that is
    // not a whole number, which the meta-schema refuses): no valid schema shows it.
    for tag in Tag::ALL.iter().filter(|t| **t != Tag::BoundChanged) {
        assert!(
            tags.contains(tag.name()),
            "no case shows the tag `{}`",
            tag.name()
        );
    }
}
