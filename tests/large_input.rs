//! L5: an input over `--max-input-size` is refused from its metadata, before a byte is read. A
//! 200 MB sparse file costs no disk and would take seconds to read: the test is fast only if
//! the refusal really happens first.

use std::fs::File;
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn a_200_mb_input_is_refused_before_reading() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = File::create(dir.path().join("huge.json")).expect("a file");
    file.set_len(200 * 1024 * 1024).expect("a sparse file");
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_stitch"))
        .args(["inspect", "huge.json"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .output()
        .expect("stitch runs");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "stitch::load::too_large\n\n  × `huge.json` is 209715200 bytes, over the input size limit of 67108864\n  │ bytes\n  help: raise the limit with --max-input-size BYTES if this input is expected\n"
    );
}
