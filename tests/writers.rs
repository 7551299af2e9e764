//! L6 and issue 37: a writer never destroys what is at the path it was given. For each writer
//! (`flatten -o`, `flatten --out-dir`, `manifest -o`) and each kind of path:
//! - a FIFO (read by a thread here) gets the bytes as a stream and stays a FIFO;
//! - a symbolic link to a file stays a link, and the file it points to gets the bytes;
//! - a dangling link, a link to a directory, a directory and a socket are refused with exit 2,
//!   a message naming the path (and what a link points to), and nothing changed;
//! - a character device (made with `mknod`, which needs root: skipped with a line on standard
//!   error otherwise) stays a device.
//!
//! The bytes each gets are compared with what the same command prints with `-o -`.
#![cfg(unix)]

use std::fs;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

const CONTRACT: &str = include_str!("cmd/flatten/out-dir-mirrored.in/a/tool.json");
const MANIFEST_TOOLS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/manifest/m1-tools");

/// A writer under test: the arguments that write to `DEST` (a path relative to the folder).
#[derive(Clone, Copy, Debug)]
enum Writer {
    /// `flatten -q tool.json -o DEST`.
    Flatten,
    /// `flatten -q --out-dir out tool.json`, whose output file is `out/tool.json`.
    OutDir,
    /// `manifest -o DEST`, in a folder with a `stitch.toml` and its tools.
    Manifest,
}

const WRITERS: [Writer; 3] = [Writer::Flatten, Writer::OutDir, Writer::Manifest];

impl Writer {
    /// A scratch folder with what the writer reads.
    fn folder(self) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("a temporary folder");
        match self {
            Writer::Flatten | Writer::OutDir => {
                fs::write(dir.path().join("tool.json"), CONTRACT).unwrap();
                fs::create_dir(dir.path().join("out")).unwrap();
            }
            Writer::Manifest => {
                fs::copy(
                    Path::new(MANIFEST_TOOLS).join("stitch.toml"),
                    dir.path().join("stitch.toml"),
                )
                .unwrap();
                fs::create_dir(dir.path().join("tools")).unwrap();
                for entry in fs::read_dir(Path::new(MANIFEST_TOOLS).join("tools")).unwrap() {
                    let entry = entry.unwrap();
                    fs::copy(
                        entry.path(),
                        dir.path().join("tools").join(entry.file_name()),
                    )
                    .unwrap();
                }
            }
        }
        dir
    }

    /// The path (relative to the folder) this writer writes to.
    fn destination(self) -> &'static str {
        match self {
            Writer::Flatten | Writer::Manifest => "dest.json",
            Writer::OutDir => "out/tool.json",
        }
    }

    /// Runs the writer in `dir`, writing to its destination (or to standard output with `-`).
    fn run(self, dir: &Path, to_stdout: bool) -> Output {
        let destination = if to_stdout { "-" } else { self.destination() };
        let args: Vec<&str> = match (self, to_stdout) {
            (Writer::Flatten, _) | (Writer::OutDir, true) => {
                vec!["flatten", "-q", "tool.json", "-o", destination]
            }
            (Writer::OutDir, false) => vec!["flatten", "-q", "--out-dir", "out", "tool.json"],
            (Writer::Manifest, _) => vec!["manifest", "-q", "-o", destination],
        };
        Command::new(env!("CARGO_BIN_EXE_stitch"))
            .args(&args)
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .env("COLUMNS", "200")
            .output()
            .expect("stitch runs")
    }

    /// What the writer prints to standard output with `-o -`.
    fn expected(self, dir: &Path) -> Vec<u8> {
        let output = self.run(dir, true);
        assert_eq!(output.status.code(), Some(0), "{self:?} -o -: {output:?}");
        assert!(output.stdout.ends_with(b"}\n"));
        output.stdout
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The run was refused (exit 2) with `message` on standard error.
fn assert_refused(output: &Output, message: &str) {
    assert_eq!(output.status.code(), Some(2), "{}", stderr(output));
    assert!(stderr(output).contains(message), "{}", stderr(output));
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// A FIFO with a reader: the writer streams into it, the reader gets every byte, the FIFO stays.
#[test]
fn a_fifo_gets_the_bytes_as_a_stream_and_stays_a_fifo() {
    for writer in WRITERS {
        let dir = writer.folder();
        let expected = writer.expected(dir.path());
        let fifo = dir.path().join(writer.destination());
        mkfifo(&fifo);
        let reading = fifo.clone();
        let (sender, received) = mpsc::channel();
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let read = fs::File::open(&reading).and_then(|mut f| f.read_to_end(&mut bytes));
            let _ = sender.send(read.map(|_| bytes));
        });
        let output = writer.run(dir.path(), false);
        // Whatever stitch did, release a reader still waiting for a writer: a non-blocking open
        // for writing succeeds only while a reader has the FIFO open, and closing it gives the
        // reader end-of-file. A FIFO stitch replaced can no longer be opened at all, so the
        // reader is waited for with a time limit rather than joined, and the test fails.
        let _ = fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo);
        let received = received
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("{writer:?}: the FIFO's reader never got end-of-file"))
            .expect("the FIFO reads");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{writer:?}: {}",
            stderr(&output)
        );
        assert_eq!(received, expected, "{writer:?}: the reader got other bytes");
        let kind = fs::symlink_metadata(&fifo).unwrap().file_type();
        assert!(
            kind.is_fifo(),
            "{writer:?}: the FIFO was replaced: {kind:?}"
        );
        assert_no_temporary_files(dir.path());
    }
}

/// A link to a file: the file gets the bytes (atomically, its mode kept); the link stays.
#[test]
fn a_link_to_a_file_writes_the_file_and_keeps_the_link() {
    use std::os::unix::fs::PermissionsExt;
    for writer in WRITERS {
        let dir = writer.folder();
        let expected = writer.expected(dir.path());
        let link = dir.path().join(writer.destination());
        let target = dir.path().join("elsewhere/real.json");
        fs::create_dir(target.parent().unwrap()).unwrap();
        fs::write(&target, "old\n").unwrap();
        fs::set_permissions(&target, fs::Permissions::from_mode(0o640)).unwrap();
        // A relative link, resolved from the link's own folder.
        let written = if matches!(writer, Writer::OutDir) {
            "../elsewhere/real.json"
        } else {
            "elsewhere/real.json"
        };
        std::os::unix::fs::symlink(written, &link).unwrap();
        let output = writer.run(dir.path(), false);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{writer:?}: {}",
            stderr(&output)
        );
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_link(&link).unwrap(), PathBuf::from(written));
        assert_eq!(fs::read(&target).unwrap(), expected, "{writer:?}");
        let mode = fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640, "{writer:?}: the file's mode is kept");
        assert_no_temporary_files(dir.path());
    }
}

/// A dangling link is refused, naming the link and what it points to; nothing is created.
#[test]
fn a_dangling_link_is_refused_and_left_alone() {
    for writer in WRITERS {
        let dir = writer.folder();
        let link = dir.path().join(writer.destination());
        std::os::unix::fs::symlink("missing.json", &link).unwrap();
        let output = writer.run(dir.path(), false);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{writer:?}: {}",
            stderr(&output)
        );
        let message = format!(
            "cannot write `{}`: it is a symbolic link to `missing.json`, which does not exist; \
             stitch does not replace the link, nor create the file it names",
            writer.destination()
        );
        assert!(
            stderr(&output).contains(&message),
            "{writer:?}: {}",
            stderr(&output)
        );
        assert!(stderr(&output).contains("stitch::output::write"));
        assert_eq!(fs::read_link(&link).unwrap(), PathBuf::from("missing.json"));
        assert!(!link.parent().unwrap().join("missing.json").exists());
        assert_no_temporary_files(dir.path());
    }
}

/// Makes a kind of file at a path.
type MakePath<'a> = &'a dyn Fn(&Path);

/// Directories, sockets and links to a directory are refused with exit 2 and left as they were.
#[test]
fn other_kinds_of_path_are_refused() {
    for writer in WRITERS {
        let dir = writer.folder();
        let path = dir.path().join(writer.destination());
        let cases: [(&str, MakePath); 3] = [
            (
                "it is a directory; stitch writes regular files, character devices and FIFOs",
                &|p| {
                    fs::create_dir(p).unwrap();
                },
            ),
            (
                "it is a socket; stitch writes regular files, character devices and FIFOs",
                &|p| {
                    std::mem::forget(std::os::unix::net::UnixListener::bind(p).unwrap());
                },
            ),
            (
                "it is a symbolic link to `.`, which is a directory; stitch writes through a \
                 link only to a regular file, a character device or a FIFO",
                &|p| std::os::unix::fs::symlink(".", p).unwrap(),
            ),
        ];
        for (reason, make) in cases {
            make(&path);
            let before = fs::symlink_metadata(&path).unwrap().file_type();
            let output = writer.run(dir.path(), false);
            assert_eq!(
                output.status.code(),
                Some(2),
                "{writer:?}: {}",
                stderr(&output)
            );
            let message = format!("cannot write `{}`: {reason}", writer.destination());
            assert!(
                stderr(&output).contains(&message),
                "{writer:?}: {}",
                stderr(&output)
            );
            assert_eq!(fs::symlink_metadata(&path).unwrap().file_type(), before);
            assert_no_temporary_files(dir.path());
            if before.is_dir() {
                fs::remove_dir(&path).unwrap();
            } else {
                fs::remove_file(&path).unwrap();
            }
        }
    }
}

/// A character device stays one (the issue's `mknod fakenull c 1 3`, the null device's
/// numbers). Making one needs root: where `mknod` fails, the test says so and checks the same
/// through a link to the machine's `/dev/null`.
#[test]
fn a_character_device_stays_a_device() {
    for writer in WRITERS {
        let dir = writer.folder();
        let path = dir.path().join(writer.destination());
        let made = Command::new("mknod")
            .arg(&path)
            .args(["c", "1", "3"])
            .output()
            .is_ok_and(|o| o.status.success());
        if !made {
            eprintln!(
                "skipped: mknod needs root here; {writer:?} writes through a link to /dev/null"
            );
            std::os::unix::fs::symlink("/dev/null", &path).unwrap();
        }
        let output = writer.run(dir.path(), false);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{writer:?}: {}",
            stderr(&output)
        );
        let after = fs::metadata(&path).unwrap().file_type();
        assert!(after.is_char_device(), "{writer:?}: {after:?}");
        assert!(
            fs::symlink_metadata(&path)
                .unwrap()
                .file_type()
                .is_symlink()
                != made,
            "{writer:?}: the path kept its kind"
        );
        assert!(
            fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
        assert_no_temporary_files(dir.path());
    }
}

/// A regular file is still replaced atomically, and a missing one created.
#[test]
fn regular_files_and_new_paths_are_written_as_before() {
    for writer in WRITERS {
        let dir = writer.folder();
        let expected = writer.expected(dir.path());
        let path = dir.path().join(writer.destination());
        let output = writer.run(dir.path(), false);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{writer:?}: {}",
            stderr(&output)
        );
        assert_eq!(fs::read(&path).unwrap(), expected);
        fs::write(&path, "old\n").unwrap();
        let output = writer.run(dir.path(), false);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{writer:?}: {}",
            stderr(&output)
        );
        assert_eq!(fs::read(&path).unwrap(), expected);
        assert!(fs::symlink_metadata(&path).unwrap().file_type().is_file());
        assert_no_temporary_files(dir.path());
    }
}

/// No `.NAME.*.stitch-tmp` file is left anywhere under `dir`.
fn assert_no_temporary_files(dir: &Path) {
    for entry in walk(dir) {
        let name = entry.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            !name.ends_with(".stitch-tmp"),
            "left behind: {}",
            entry.display()
        );
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if fs::symlink_metadata(&path).unwrap().is_dir() {
            found.extend(walk(&path));
        }
        found.push(path);
    }
    found
}

/// Runs stitch in `dir` with `args`; its standard output goes to `stdout` when given.
fn stitch_in(dir: &Path, args: &[&str], stdout: Option<fs::File>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_stitch"));
    command
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "200");
    if let Some(file) = stdout {
        command.stdout(file);
    }
    command.output().expect("stitch runs")
}

/// `-o /dev/stdout >> log`: the descriptor is written to (appended), never renamed over, so
/// what `log` held stays and the presentation follows it (the adversary's review, issue 37).
#[test]
fn an_open_descriptor_is_appended_to_not_replaced() {
    use std::os::unix::fs::MetadataExt;
    let dir = Writer::Flatten.folder();
    let expected = Writer::Flatten.expected(dir.path());
    let log = dir.path().join("log.txt");
    fs::write(&log, "precious\n").unwrap();
    let inode = fs::metadata(&log).unwrap().ino();
    for path in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
        let appending = fs::OpenOptions::new().append(true).open(&log).unwrap();
        let output = stitch_in(
            dir.path(),
            &["flatten", "-q", "tool.json", "-o", path],
            Some(appending),
        );
        assert_eq!(output.status.code(), Some(0), "{path}: {}", stderr(&output));
        assert_eq!(
            fs::metadata(&log).unwrap().ino(),
            inode,
            "{path}: log replaced"
        );
        let text = fs::read(&log).unwrap();
        assert!(
            text.starts_with(b"precious\n"),
            "{path}: the log lost its start"
        );
        assert!(
            text.ends_with(&expected),
            "{path}: the presentation is not at the end"
        );
    }
    assert_no_temporary_files(dir.path());
}

/// What a command reads is never written: `flatten -o` naming a file a reference of the input
/// names, or the stitch.toml in use; `manifest -o` naming one of its tools or the stitch.toml.
#[test]
fn files_a_command_reads_are_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let defs = r#"{"$defs": {"s": {"type": "string"}}}"#;
    fs::write(dir.path().join("defs.json"), defs).unwrap();
    fs::write(
        dir.path().join("c.json"),
        r#"{"type": "object", "properties": {"a": {"$ref": "defs.json#/$defs/s"}}}"#,
    )
    .unwrap();
    let config = "include = [\"*.json\"]\n";
    fs::write(dir.path().join("stitch.toml"), config).unwrap();
    for (output, message) in [
        (
            "defs.json",
            "`defs.json` is a file `c.json` reads; stitch never overwrites what it reads",
        ),
        (
            "stitch.toml",
            "`stitch.toml` is the stitch.toml in use; stitch never overwrites what it reads",
        ),
    ] {
        let run = stitch_in(dir.path(), &["flatten", "c.json", "-o", output], None);
        assert_refused(&run, message);
        assert!(stderr(&run).contains("stitch::output::same_destination"));
    }
    assert_eq!(
        fs::read_to_string(dir.path().join("defs.json")).unwrap(),
        defs
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("stitch.toml")).unwrap(),
        config
    );

    let dir = Writer::Manifest.folder();
    let tool = dir.path().join("tools/refund.json");
    let before = fs::read(&tool).unwrap();
    let config = fs::read(dir.path().join("stitch.toml")).unwrap();
    for output in ["tools/refund.json", "stitch.toml"] {
        let run = stitch_in(dir.path(), &["manifest", "-o", output], None);
        assert_eq!(run.status.code(), Some(2), "{output}: {}", stderr(&run));
        let message = format!(
            "`{output}` is a file the manifest is made from; stitch never overwrites what it reads"
        );
        assert!(
            stderr(&run).contains(&message),
            "{output}: {}",
            stderr(&run)
        );
    }
    assert_eq!(fs::read(&tool).unwrap(), before);
    assert_eq!(fs::read(dir.path().join("stitch.toml")).unwrap(), config);
    assert_no_temporary_files(dir.path());
}

/// `--out-dir`: two outputs that reach one file through a link are one destination, and a
/// destination stitch refuses stops the run before anything is written.
#[test]
fn out_dir_destinations_are_decided_by_the_file_they_replace() {
    let dir = Writer::OutDir.folder();
    fs::write(dir.path().join("b.json"), CONTRACT).unwrap();
    std::os::unix::fs::symlink("b.json", dir.path().join("out/tool.json")).unwrap();
    fs::write(dir.path().join("out/b.json"), "old\n").unwrap();
    let both = ["flatten", "--out-dir", "out", "tool.json", "b.json"];
    assert_refused(
        &stitch_in(dir.path(), &both, None),
        "`tool.json` and `b.json` would both be written to `out/b.json`",
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("out/b.json")).unwrap(),
        "old\n"
    );

    // A dangling link as the second destination: the first file is not written either.
    fs::remove_file(dir.path().join("out/tool.json")).unwrap();
    fs::write(dir.path().join("out/tool.json"), "gone\n").unwrap();
    fs::remove_file(dir.path().join("out/b.json")).unwrap();
    std::os::unix::fs::symlink("nowhere", dir.path().join("out/b.json")).unwrap();
    assert_refused(
        &stitch_in(dir.path(), &both, None),
        "cannot write `out/b.json`: it is a symbolic link to `nowhere`",
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("out/tool.json")).unwrap(),
        "gone\n"
    );
    assert_no_temporary_files(dir.path());
}

/// A replaced file keeps its owner and group as well as its mode, where stitch runs as root
/// (elsewhere it can give a file only to itself: skipped, with a line on standard error).
#[test]
fn a_replaced_file_keeps_its_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = Writer::Flatten.folder();
    let path = dir.path().join("dest.json");
    fs::write(&path, "old\n").unwrap();
    if std::os::unix::fs::chown(&path, Some(65534), Some(65534)).is_err() {
        eprintln!("skipped: giving a file to another owner needs root");
        return;
    }
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    let run = Writer::Flatten.run(dir.path(), false);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let after = fs::metadata(&path).unwrap();
    assert_eq!((after.uid(), after.gid()), (65534, 65534));
    assert_eq!(after.permissions().mode() & 0o7777, 0o640);
}
