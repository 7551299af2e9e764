//! The completion scripts committed under `completions/` are what `stitch completions SHELL`
//! prints now. A stale script fails this test; `SNAPSHOTS=overwrite cargo test --test
//! completions` rewrites them (STYLE habit 11).

use std::path::Path;
use std::process::Command;

const SCRIPTS: &[(&str, &str)] = &[
    ("bash", "stitch.bash"),
    ("zsh", "_stitch"),
    ("fish", "stitch.fish"),
    ("powershell", "_stitch.ps1"),
    ("elvish", "stitch.elv"),
];

#[test]
fn committed_completions_are_current() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("completions");
    let overwrite = std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite");
    let mut stale = Vec::new();
    for (shell, file) in SCRIPTS {
        let output = Command::new(env!("CARGO_BIN_EXE_stitch"))
            .args(["completions", shell])
            .output()
            .expect("stitch runs");
        assert_eq!(output.status.code(), Some(0), "completions {shell}");
        assert!(
            !output.stdout.is_empty(),
            "completions {shell} printed nothing"
        );
        let path = folder.join(file);
        let committed = std::fs::read(&path).unwrap_or_default();
        if committed != output.stdout {
            if overwrite {
                std::fs::create_dir_all(&folder).expect("completions/ can be created");
                std::fs::write(&path, &output.stdout).expect("completions can be written");
            } else {
                stale.push(format!("completions/{file}"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale: {}; regenerate with `SNAPSHOTS=overwrite cargo test --test completions`",
        stale.join(", ")
    );
}
