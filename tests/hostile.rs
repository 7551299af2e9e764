//! Hostile inputs (issue 16), for every command: the documented exit code, the finding's code,
//! at most 10 s (`timeout`) and 2 GiB of memory (the peak resident set, as GNU time reports
//! it), the input untouched and no output file left behind. `prlimit --as` stops a runaway at
//! 4 GiB of address space before it takes the machine: the allocator (mimalloc) reserves
//! address space in arenas of 1 GiB and copies a block it grows, so address space is not what
//! a run uses (1.7 GiB resident is 3 GiB reserved on the enum below). Debug builds are too
//! slow to judge time, so these tests are `#[ignore]`d and `.ci/run` runs them as a step of
//! their own against the optimised build, named by `STITCH_JUDGED_BIN` (the test harness itself
//! needs no optimisation, so CI reuses the debug build of the tests and skips building every
//! dev-dependency a second time):
//! `STITCH_JUDGED_BIN=target/<host>/judge/stitch cargo test --locked --test hostile -- --ignored`.
//! Without the variable the binary cargo built beside the tests is judged
//! (`cargo test --profile judge --locked --test hostile -- --ignored` builds an optimised one).
//!
//! `flatten --target` is pinned for the two targets that rewrite most (openai-strict closes and
//! requires, gemini writes enums as text). `--target all` runs every target in turn: on the enum
//! of 1 000 000 values it stays under 2 GiB but takes 10–13 s, so it is measured in
//! bench/README.md rather than held to 10 s here.
//!
//! `flatten --no-verify` without `--target` runs on the main thread, whose stack is the
//! process's stack limit (8 MiB by default) rather than a worker's 256 MiB: it runs here with
//! 1 MiB (`prlimit --stack`), an eighth of the default.

use std::path::{Path, PathBuf};

/// The binary judged: `STITCH_JUDGED_BIN` when set (an optimised build; a relative path is
/// taken from the folder the tests run in, since each command runs in a folder of its own),
/// else cargo's own.
fn judged_binary() -> PathBuf {
    match std::env::var_os("STITCH_JUDGED_BIN") {
        Some(path) => std::path::absolute(path).expect("the current folder can be read"),
        None => PathBuf::from(env!("CARGO_BIN_EXE_stitch")),
    }
}
use std::process::Command;
use std::time::{Duration, Instant};

/// Every command, with `F` for the hostile file.
const COMMANDS: &[&str] = &[
    "inspect F",
    "flatten F",
    "flatten F --no-verify",
    "flatten F --deep --no-verify",
    "flatten F -o out/x.json",
    "flatten F --target openai-strict",
    "flatten F --target gemini",
    "verify F ok.json",
    "verify ok.json F",
    "sample F",
    "check F",
    "diff F ok.json",
    "diff ok.json F",
    "validate F args.json",
    "manifest F",
];

/// The inputs that cannot be loaded, and the code each is refused with.
const REFUSED: &[(&str, &str)] = &[
    ("deep.json", "stitch::load::too_deep"),
    ("huge.json", "stitch::load::too_large"),
    ("cycle.json", "stitch::ref::cycle"),
    ("chain.json", "stitch::ref::chain"),
    ("big-number.json", "stitch::load::inexact_number"),
    ("not-utf8.json", "stitch::load::not_utf8"),
    ("folder.json", "stitch::load::read"),
    ("fifo.json", "stitch::load::read"),
];

/// Inputs that load: each command must end within the limits, with a verdict.
const LOADED: &[&str] = &[
    "enum.json",
    "backtracking.json",
    "lookahead.json",
    "lookahead-open.json",
    "recursive-union.json",
    "doubling.json",
];

fn write_inputs(dir: &Path) {
    let write = |name: &str, text: String| std::fs::write(dir.join(name), text).unwrap();
    let n = 100_000;
    write(
        "deep.json",
        format!("{}{{}}{}", "{\"items\":".repeat(n), "}".repeat(n)),
    );
    // 200 MB, sparse: refused from its size before a byte is read.
    std::fs::File::create(dir.join("huge.json"))
        .unwrap()
        .set_len(200 * 1024 * 1024)
        .unwrap();
    write(
        "cycle.json",
        r##"{"$ref": "#/$defs/a", "$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}}"##.to_owned(),
    );
    let defs: Vec<String> = (0..10_000)
        .map(|i| format!("\"d{i}\": {{\"$ref\": \"#/$defs/d{}\"}}", i + 1))
        .collect();
    write(
        "chain.json",
        format!(
            "{{\"$ref\": \"#/$defs/d0\", \"$defs\": {{{}, \"d10000\": {{\"type\": \"integer\"}}}}}}",
            defs.join(", ")
        ),
    );
    let values: Vec<String> = (0..1_000_000).map(|i| i.to_string()).collect();
    write(
        "enum.json",
        format!(
            "{{\"type\": \"object\", \"properties\": {{\"e\": {{\"enum\": [{}]}}}}, \"required\": [\"e\"]}}",
            values.join(",")
        ),
    );
    write(
        "big-number.json",
        r#"{"type": "number", "maximum": 1e400}"#.to_owned(),
    );
    std::fs::write(
        dir.join("not-utf8.json"),
        b"{\"type\": \"string\", \"description\": \"\xff\xfe\"}",
    )
    .unwrap();
    write(
        "backtracking.json",
        r#"{"type": "object", "properties": {"s": {"type": "string", "pattern": "^(a+)+$", "minLength": 40}}, "required": ["s"]}"#.to_owned(),
    );
    // Found by the `flatten` fuzz target: a look-ahead sends the validator to its backtracking
    // engine, and every sampled object carries a key it must match against the pattern.
    write(
        "lookahead.json",
        format!(
            r#"{{"oneOf": [{{"type": "object", "properties": {{"k": {{"const": "a"}}}}, "required": ["k"], "patternProperties": {{"^(?:(?=a)(a|aa))+$": {{"type": "string"}}}}, "additionalProperties": {{"type": "integer"}}}}, {{"type": "object", "properties": {{"k": {{"const": "b"}}, "{}b": {{"type": "boolean"}}}}, "required": ["k"], "additionalProperties": false}}]}}"#,
            "a".repeat(60)
        ),
    );
    // Found by the `flatten` fuzz target again (session 15): the same look-ahead in a branch
    // that leaves other keys open, so that the sampler gives more objects the pattern is tried
    // on, with a key of 30 characters (the slowest unit of a 20-minute run: 2.4 s in a release
    // build under `--target openai-strict`, the most of any command).
    write(
        "lookahead-open.json",
        format!(
            r#"{{"oneOf": [{{"type": "object", "properties": {{"k": {{"const": "a"}}}}, "required": ["k"], "patternProperties": {{"^(?:(?=a)(a|aa))+$": {{"type": "string"}}}}}}, {{"type": "object", "properties": {{"k": {{"const": "b"}}, "{}b": {{"type": "boolean"}}}}, "required": ["k"], "additionalProperties": false}}]}}"#,
            "a".repeat(30)
        ),
    );
    write(
        "recursive-union.json",
        r##"{"$ref": "#/$defs/node", "$defs": {"node": {"oneOf": [{"type": "object", "properties": {"kind": {"const": "leaf"}, "v": {"type": "integer"}}, "required": ["kind"]}, {"type": "object", "properties": {"kind": {"const": "pair"}, "l": {"$ref": "#/$defs/node"}, "r": {"$ref": "#/$defs/node"}}, "required": ["kind", "l", "r"]}]}}}"##.to_owned(),
    );
    // Issue 39: twenty definitions, each referring twice to the next (2 KB): inlined for
    // Gemini, 2^19 copies; inlining stops at its budget and the target refuses.
    let defs: Vec<String> = (0..20)
        .map(|i| match i {
            19 => "\"d19\": {\"type\": \"string\"}".to_owned(),
            _ => format!(
                "\"d{i}\": {{\"type\": \"object\", \"properties\": {{\"a\": {{\"$ref\": \"#/$defs/d{n}\"}}, \"b\": {{\"$ref\": \"#/$defs/d{n}\"}}}}, \"required\": [\"a\", \"b\"]}}",
                n = i + 1
            ),
        })
        .collect();
    write(
        "doubling.json",
        format!(
            "{{\"type\": \"object\", \"properties\": {{\"root\": {{\"$ref\": \"#/$defs/d0\"}}}}, \"required\": [\"root\"], \"$defs\": {{{}}}}}",
            defs.join(", ")
        ),
    );
    std::fs::create_dir(dir.join("folder.json")).unwrap();
    let fifo = Command::new("mkfifo")
        .arg(dir.join("fifo.json"))
        .status()
        .unwrap();
    assert!(fifo.success());
    write("ok.json", r#"{"type": "object"}"#.to_owned());
    write("args.json", "{}".to_owned());
}

/// 2 GiB, in KiB.
const MEMORY_LIMIT_KIB: i64 = 2 * 1024 * 1024;

/// Records a run whose peak resident set is over the limit; gives the peak back.
fn over_memory(failures: &mut Vec<String>, command: &str, file: &str, kib: i64) -> i64 {
    if kib > MEMORY_LIMIT_KIB {
        failures.push(format!("{command} on {file}: {kib} KiB resident"));
    }
    kib
}

/// One run under the limits: exit code, standard error, time taken, peak resident set in KiB.
fn run(dir: &Path, command: &str, file: &str) -> (Option<i32>, String, Duration, i64) {
    let args: Vec<&str> = command
        .split(' ')
        .map(|w| if w == "F" { file } else { w })
        .collect();
    // Outside `dir`, whose contents must not change.
    let peak = tempfile::NamedTempFile::new().unwrap();
    let started = Instant::now();
    let stack = command.contains("--no-verify").then_some("--stack=1048576");
    let output = Command::new("prlimit")
        .arg("--as=4294967296")
        .args(stack)
        .args(["--", "/usr/bin/time", "--format=%M", "--output"])
        .arg(peak.path())
        .args(["timeout", "10"])
        .arg(judged_binary())
        .args(&args)
        .arg("--no-config")
        .current_dir(dir)
        .output()
        .expect("prlimit, GNU time and timeout (util-linux, time, coreutils) are installed");
    let took = started.elapsed();
    // The last line is the peak in KiB; a line before it may say how the command exited.
    let peak = std::fs::read_to_string(peak.path()).unwrap();
    let kib = peak.lines().last().and_then(|l| l.trim().parse().ok());
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        took,
        kib.unwrap_or_else(|| panic!("GNU time wrote no peak: {peak:?}")),
    )
}

/// The bytes (or, for what cannot be read as a file, the kind and size) of each input.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>, u64)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let meta = std::fs::symlink_metadata(&path).unwrap();
        let bytes = if meta.is_file() && meta.len() < 64 * 1024 * 1024 {
            std::fs::read(&path).unwrap()
        } else {
            Vec::new()
        };
        out.push((path.display().to_string(), bytes, meta.len()));
    }
    out.sort();
    out
}

#[test]
#[ignore = "judges time: run by .ci/run against the optimised build"]
fn hostile_inputs_end_within_the_limits_with_their_codes() {
    let dir = tempfile::tempdir().unwrap();
    write_inputs(dir.path());
    let before = snapshot(dir.path());
    let mut failures = Vec::new();
    let mut runs = 0;
    let mut peak_kib = 0;
    for (file, code) in REFUSED {
        for command in COMMANDS {
            let (exit, stderr, took, kib) = run(dir.path(), command, file);
            runs += 1;
            // `check` reports an unreadable file as a finding (exit 1); every other command
            // could not run (exit 2). A folder is walked by `check` and `manifest`: nothing
            // to check in it.
            let walked = command.starts_with("check") || command.starts_with("manifest");
            let (expected, code) = match (*file, walked) {
                ("folder.json", true) => (2, "stitch::check::no_files"),
                _ if command.starts_with("check") => (1, *code),
                _ => (2, *code),
            };
            if exit != Some(expected) || !stderr.contains(code) {
                failures.push(format!(
                    "{command} on {file}: exit {exit:?} (expected {expected}), stderr: {}",
                    stderr.chars().take(300).collect::<String>()
                ));
            }
            if took > Duration::from_secs(10) {
                failures.push(format!("{command} on {file}: {took:?}"));
            }
            peak_kib = peak_kib.max(over_memory(&mut failures, command, file, kib));
        }
    }
    for file in LOADED {
        for command in COMMANDS {
            let (exit, stderr, took, kib) = run(dir.path(), command, file);
            runs += 1;
            let fine = if command.contains("-o out/") {
                // The folder does not exist: refused, and nothing is created.
                exit == Some(2) && stderr.contains("stitch::output::write")
            } else {
                matches!(exit, Some(0 | 1 | 3)) && !stderr.contains("panicked")
            };
            if !fine || took > Duration::from_secs(10) {
                failures.push(format!(
                    "{command} on {file}: exit {exit:?} in {took:?}, stderr: {}",
                    stderr.chars().take(300).collect::<String>()
                ));
            }
            peak_kib = peak_kib.max(over_memory(&mut failures, command, file, kib));
        }
    }
    assert!(
        !dir.path().join("out").exists(),
        "an output folder was made"
    );
    assert_eq!(
        before,
        snapshot(dir.path()),
        "an input or the folder changed"
    );
    assert_eq!(runs, (REFUSED.len() + LOADED.len()) * COMMANDS.len());
    // The enum alone holds 1 000 000 values: a reading below 100 MiB means none was taken.
    assert!(peak_kib > 100 * 1024, "no peak resident set was read");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
