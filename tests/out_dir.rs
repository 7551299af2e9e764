//! L6 on disk: `--out-dir` mirrors each input's path and creates the folders it needs; a
//! command line it refuses (an input outside the root, two inputs mapping to one file) writes
//! nothing at all; written files get the mode the umask gives. The exact messages are pinned
//! by `tests/cmd/flatten/out-dir-*.toml`, which cannot see that a file is absent.

use std::fs;
use std::path::Path;
use std::process::Command;

const CONTRACT: &str = include_str!("cmd/flatten/out-dir-mirrored.in/a/tool.json");

fn stitch(dir: &Path, args: &[&str]) -> i32 {
    Command::new(env!("CARGO_BIN_EXE_stitch"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("stitch runs")
        .status
        .code()
        .expect("an exit code")
}

fn layout() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for folder in ["tools/a", "tools/b"] {
        fs::create_dir_all(dir.path().join(folder)).unwrap();
        fs::write(dir.path().join(folder).join("schema.json"), CONTRACT).unwrap();
    }
    dir
}

#[test]
fn the_tools_star_schema_layout_keeps_every_presentation() {
    let dir = layout();
    let args = [
        "flatten",
        "-q",
        "--out-dir",
        "out/nested",
        "tools/a/schema.json",
        "tools/b/schema.json",
    ];
    assert_eq!(stitch(dir.path(), &args), 0);
    let a = fs::read_to_string(dir.path().join("out/nested/tools/a/schema.json")).unwrap();
    let b = fs::read_to_string(dir.path().join("out/nested/tools/b/schema.json")).unwrap();
    assert_eq!(a, b);
    assert!(a.contains("\"properties\""));
    // With --root, the same inputs land without the root's own path.
    assert_eq!(
        stitch(
            dir.path(),
            &[
                "flatten",
                "-q",
                "--out-dir",
                "o2",
                "--root",
                "tools",
                "tools/b/schema.json"
            ]
        ),
        0
    );
    assert!(dir.path().join("o2/b/schema.json").is_file());
}

#[test]
fn refused_command_lines_write_nothing() {
    let dir = layout();
    let refused: [&[&str]; 3] = [
        &[
            "flatten",
            "--out-dir",
            "out",
            "--root",
            "tools/a",
            "tools/a/schema.json",
            "tools/b/schema.json",
        ],
        &[
            "flatten",
            "--out-dir",
            "out",
            "tools/a/schema.json",
            "tools/b/schema.json",
            "tools/a/./schema.json",
        ],
        &[
            "flatten",
            "--out-dir",
            "out",
            "/etc/hostname",
            "tools/a/schema.json",
        ],
    ];
    for args in refused {
        assert_eq!(stitch(dir.path(), args), 2, "{args:?}");
        assert!(!dir.path().join("out").exists(), "{args:?} wrote something");
    }
    // Writing over an input is refused too, and leaves it as it was.
    assert_eq!(
        stitch(
            dir.path(),
            &["flatten", "--out-dir", ".", "tools/a/schema.json"]
        ),
        2
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("tools/a/schema.json")).unwrap(),
        CONTRACT
    );
}

#[cfg(unix)]
#[test]
fn written_files_get_the_umask_mode_and_replaced_ones_keep_theirs() {
    use std::os::unix::fs::PermissionsExt;
    let dir = layout();
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    // What the umask gives a file created with 0666 (std's default), probed beside it.
    fs::write(dir.path().join("probe"), "").unwrap();
    let umask_mode = mode(&dir.path().join("probe"));
    let written = dir.path().join("out/tools/a/schema.json");
    assert_eq!(
        stitch(
            dir.path(),
            &["flatten", "-q", "--out-dir", "out", "tools/a/schema.json"]
        ),
        0
    );
    assert_eq!(mode(&written), umask_mode);
    fs::set_permissions(&written, fs::Permissions::from_mode(0o640)).unwrap();
    assert_eq!(
        stitch(
            dir.path(),
            &[
                "flatten",
                "-q",
                "-o",
                "out/tools/a/schema.json",
                "tools/a/schema.json"
            ]
        ),
        0
    );
    assert_eq!(mode(&written), 0o640);
}
