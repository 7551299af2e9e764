//! `stitch check`'s output does not depend on the machine (C6, C7): the same bytes with one
//! worker thread or two, and whatever the order of the paths given.

use std::process::Command;

fn check(threads: &str, paths: &[&str]) -> (String, Option<i32>) {
    let output = Command::new(env!("CARGO_BIN_EXE_stitch"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("RAYON_NUM_THREADS", threads)
        .args(["check", "--format", "json", "--target", "openai-strict"])
        .args(["--config", "fixtures/check/c1-project/stitch.toml"])
        .args(paths)
        .output()
        .expect("the binary runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8"),
        output.status.code(),
    )
}

#[test]
fn output_is_the_same_on_one_or_two_threads_in_any_path_order() {
    let paths = [
        "tests/corpus/contracts",
        "fixtures/check/c1-project",
        "fixtures/requests/c4-one-request",
    ];
    let first = check("1", &paths);
    assert!(first.0.contains("\"files\""), "{}", first.0);
    assert_eq!(
        first.1,
        Some(1),
        "the project's planted errors fail the run"
    );
    let mut reversed = paths;
    reversed.reverse();
    assert_eq!(check("2", &reversed), first);
    assert_eq!(check("2", &paths), first);
}
