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

/// C5: a stale and a missing committed presentation fail the run; the commands the findings
/// give write them, and the run passes.
/// A scratch copy of `fixtures/<name>`.
fn scratch(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    for entry in walkdir::WalkDir::new(&fixture) {
        let entry = entry.expect("the fixture");
        let to = dir
            .path()
            .join(entry.path().strip_prefix(&fixture).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).unwrap();
        } else {
            std::fs::copy(entry.path(), &to).unwrap();
        }
    }
    dir
}

/// Runs stitch in `dir`.
fn stitch_in(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_stitch"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn the_command_a_stale_presentation_names_makes_it_fresh() {
    let dir = scratch("fixtures/check/c5-artifacts");
    let stitch = |args: &[&str]| stitch_in(dir.path(), args);
    let first = stitch(&["check", "--format", "json"]);
    assert_eq!(first.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    let commands: Vec<String> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "stitch::check::stale")
        .map(|f| {
            let help = f["help"].as_str().unwrap();
            help.trim_start_matches("write it with `stitch ")
                .trim_end_matches('`')
                .to_owned()
        })
        .collect();
    assert_eq!(commands.len(), 2, "{report}");
    for command in &commands {
        let args: Vec<&str> = command.split(' ').collect();
        assert_eq!(stitch(&args).status.code(), Some(0), "{command}");
    }
    let again = stitch(&["check"]);
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
}

/// C8, C5: `stitch flatten` reads the stitch.toml above it, so that run from a subfolder with
/// only `--out-dir` it writes the presentation `stitch check` expects (with the config's
/// `collisions = "merge"`, at the contract's path from the config's folder).
#[test]
fn flatten_from_a_subfolder_writes_what_check_expects() {
    let dir = scratch("fixtures/check/c8-flatten-reads-config");
    let stale = stitch_in(dir.path(), &["check"]);
    assert_eq!(stale.status.code(), Some(1), "the presentation is missing");
    let tools = dir.path().join("tools");
    let wrote = stitch_in(
        &tools,
        &["flatten", "--out-dir", "../presentations", "refund.json"],
    );
    assert_eq!(
        wrote.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&wrote.stderr)
    );
    let written =
        std::fs::read_to_string(dir.path().join("presentations/tools/refund.json")).unwrap();
    assert!(!written.contains("anyOf"), "merged: {written}");
    let fresh = stitch_in(dir.path(), &["check"]);
    assert_eq!(
        fresh.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&fresh.stderr)
    );
    // Without the config, the same command writes another presentation, which check refuses.
    let other = stitch_in(
        &tools,
        &[
            "flatten",
            "--no-config",
            "--out-dir",
            "../presentations",
            "--root",
            "..",
            "refund.json",
        ],
    );
    assert_eq!(other.status.code(), Some(0));
    assert_eq!(stitch_in(dir.path(), &["check"]).status.code(), Some(1));
}

/// C6: the SARIF log validates against the SARIF 2.1.0 schema (SchemaStore's copy, in
/// fixtures/), and names every finding's rule, file and, where known, line.
#[test]
fn the_sarif_log_is_valid_sarif_2_1_0() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(env!("CARGO_BIN_EXE_stitch"))
        .current_dir(root.join("fixtures/check/c1-project"))
        .args(["check", "--format", "sarif", "--verbose"])
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(1));
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("fixtures/check/sarif-2.1.0.json")).unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the SARIF schema compiles");
    let errors: Vec<String> = validator.iter_errors(&log).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let results = log["runs"][0]["results"].as_array().unwrap();
    let invalid = results
        .iter()
        .find(|r| r["ruleId"] == "stitch::load::invalid_json")
        .expect("the file that is not JSON");
    let place = &invalid["locations"][0]["physicalLocation"];
    assert_eq!(place["artifactLocation"]["uri"], "tools/cancel.json");
    assert_eq!(place["region"]["startLine"], 4);
    let rules = log["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    for result in results {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
    }
}

/// C7: on a terminal the progress bar is drawn from the worker threads while the main thread
/// waits for them; the bar must appear, the run must end (it once deadlocked on the
/// standard-error lock), and its report must follow the cleared bar. Run under util-linux `script`, which gives the
/// command a terminal; where there is none, there is nothing to test.
#[test]
fn a_run_on_a_terminal_draws_its_bar_and_ends() {
    let Ok(script) = which("script") else {
        eprintln!("no `script` here: skipped");
        return;
    };
    // Every JSON file of fixtures/targets is checked: its tools and their presentations.
    let files = walkdir::WalkDir::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/targets"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .count();
    let command = format!(
        "{} check --target all fixtures/targets",
        env!("CARGO_BIN_EXE_stitch")
    );
    let mut child = Command::new(script)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("CI")
        .env("TERM", "xterm")
        .args(["-qec", &command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("script runs");
    // Read as it comes: a full pipe would stop `script`, and the run with it.
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut text).map(|_| text)
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("`stitch check` on a terminal did not end within 120 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let text = reader.join().expect("reader").expect("read");
    let text = String::from_utf8_lossy(&text);
    // `script -e` exits with the command's code: the planted problems of fixtures/targets.
    assert_eq!(status.code(), Some(1), "{text}");
    let summary = text
        .rfind(&format!("checked {files} files"))
        .expect("a summary line");
    let report_starts = text.find("stitch::").unwrap_or(summary);
    // The run takes seconds in a debug build, so the bar is drawn (past PROGRESS_AFTER), and
    // every frame of it comes before the report.
    assert!(
        text[..report_starts].contains(&format!("/{files} files")),
        "no bar: {text}"
    );
    assert!(
        !text[report_starts..].contains(&format!("/{files} files")),
        "{text}"
    );
}

/// The path of `program` on `PATH`.
fn which(program: &str) -> Result<std::path::PathBuf, ()> {
    std::env::split_paths(&std::env::var_os("PATH").ok_or(())?)
        .map(|dir| dir.join(program))
        .find(|path| path.is_file())
        .ok_or(())
}
