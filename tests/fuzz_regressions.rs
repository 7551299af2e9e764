//! Replays every saved fuzz input (`fixtures/fuzz/TARGET/*`) through the body its fuzz target
//! runs (`fuzz/bodies.rs`, shared with `fuzz/fuzz_targets/`), with the same assertions. Each
//! file is an input a fuzz run found that once crashed or broke an assertion, named after what
//! it shows, or a seed that reaches an assertion the others do not. See fuzz/README.md.

#[path = "../fuzz/bodies.rs"]
mod bodies;

use std::path::Path;

fn replay(target: &str, body: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/fuzz")
        .join(target);
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "no saved inputs in {}", dir.display());
    for input in inputs {
        let data = std::fs::read(&input).unwrap();
        let outcome = std::panic::catch_unwind(|| body(&data));
        assert!(outcome.is_ok(), "{} fails again", input.display());
    }
}

#[test]
fn saved_load_inputs_pass() {
    replay("load", bodies::load);
}

#[test]
fn saved_flatten_inputs_pass() {
    replay("flatten", bodies::flatten);
}

#[test]
fn saved_verify_inputs_pass() {
    replay("verify", bodies::verify);
}

#[test]
fn saved_sample_inputs_pass() {
    replay("sample", bodies::sample);
}
