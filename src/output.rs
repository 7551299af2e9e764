//! Writing files atomically (L6): a temporary file in the target's folder, then a rename, so a
//! crash or an error never leaves half a file and never touches an existing one.
//!
//! The bytes themselves come from `canonical`; this module only puts them on disk, and says
//! where `--out-dir` puts each input's presentation ([`mirrored`]).

use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::document::Input;

/// Writes `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |out| out.write_all(bytes))
}

/// Writes what `fill` produces to `path` atomically. If `fill` or any later step fails, the
/// temporary file is removed and an existing `path` is left as it was.
///
/// Modes (L6): a new file gets what the umask gives (the temporary file is created with 0666,
/// which the system masks: 0644 under umask 022); a file that is replaced keeps its mode.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let existing = fs::metadata(path).ok().filter(|m| m.is_file());
    let (temporary, file) = create_temporary(folder, &name.to_string_lossy())?;
    let written = (|| {
        let mut buffered = io::BufWriter::new(&file);
        fill(&mut buffered)?;
        buffered.flush()?;
        drop(buffered);
        if let Some(existing) = &existing {
            file.set_permissions(existing.permissions())?;
        }
        file.sync_all()?;
        drop(file);
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// A new file beside the target, `.NAME.<unique>.stitch-tmp`, created with mode 0666 before
/// the umask.
fn create_temporary(folder: &Path, name: &str) -> io::Result<(PathBuf, fs::File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    for _ in 0..100 {
        let unique = format!(
            "{:x}{:x}{:x}",
            std::process::id(),
            nanos,
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let candidate = folder.join(format!(".{name}.{unique}.stitch-tmp"));
        let mut options = fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o666);
        match options.open(&candidate) {
            Ok(file) => return Ok((candidate, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free temporary file name",
    ))
}

/// Where `--out-dir DIR` puts the presentation of `input` (L6): under `out_dir`, at the input's
/// path relative to `root`, so that one input always lands in one place whatever else is on the
/// command line. `FILE#/pointer` becomes `STEM.TOKEN.json` beside where `FILE` would go (the
/// pointer's last token, `/` and `\` replaced by `_`); standard input becomes `stdin.json`.
/// `None` when the input is not inside `root`.
///
/// Paths are compared as written, made absolute against the working directory with `.` and `..`
/// removed; when that finds the input outside the root, they are compared again with symbolic
/// links resolved, so a root reached through a link still contains its files.
pub fn mirrored(input: &Input, root: &Path, out_dir: &Path) -> Option<PathBuf> {
    let (path, pointer) = match input {
        Input::Stdin => return Some(out_dir.join("stdin.json")),
        Input::File(path) => (path, None),
        Input::Part(path, pointer) => (path, Some(pointer)),
    };
    let relative = relative_to(path, root)?;
    let relative = match pointer {
        None => relative,
        Some(pointer) => {
            let stem = relative.file_stem()?.to_string_lossy().into_owned();
            let token = pointer.rsplit('/').next().unwrap_or_default();
            let token = crate::schema::pointer::unescape(token).replace(['/', '\\'], "_");
            relative.with_file_name(format!("{stem}.{token}.json"))
        }
    };
    Some(out_dir.join(relative))
}

/// `path` relative to `root`, if it lies strictly inside it.
pub(crate) fn relative_to(path: &Path, root: &Path) -> Option<PathBuf> {
    let inside = |path: &Path, root: &Path| {
        path.strip_prefix(root)
            .ok()
            .filter(|relative| !relative.as_os_str().is_empty())
            .map(Path::to_path_buf)
    };
    if let (Some(path), Some(root)) = (lexical(path), lexical(root))
        && let Some(relative) = inside(&path, &root)
    {
        return Some(relative);
    }
    inside(&path.canonicalize().ok()?, &root.canonicalize().ok()?)
}

/// `path` made absolute against the working directory, with `.` and `..` removed as written.
pub(crate) fn lexical(path: &Path) -> Option<PathBuf> {
    let mut normal = PathBuf::new();
    for component in std::path::absolute(path).ok()?.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    Some(normal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn writes_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        write_atomic(&path, b"one\n").unwrap();
        write_atomic(&path, b"two\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two\n");
        assert_eq!(entries(dir.path()), ["out.json"]);
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_file_and_the_old_file_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        fs::write(&path, "old\n").unwrap();
        let error = write_atomic_with(&path, |out| {
            out.write_all(b"half of a new fi")?;
            Err(io::Error::other("serialiser failed"))
        })
        .unwrap_err();
        assert_eq!(error.to_string(), "serialiser failed");
        assert_eq!(fs::read_to_string(&path).unwrap(), "old\n");
        assert_eq!(entries(dir.path()), ["out.json"]);
    }

    #[test]
    fn a_failed_rename_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        // The target is a non-empty directory: the rename fails after the data was written.
        let target = dir.path().join("out.json");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("keep"), "x").unwrap();
        assert!(write_atomic(&target, b"new\n").is_err());
        assert_eq!(entries(dir.path()), ["out.json"]);
        assert_eq!(entries(&target), ["keep"]);
    }

    #[cfg(unix)]
    #[test]
    fn new_files_get_the_umask_mode_and_replaced_ones_keep_theirs() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        write_atomic(&path, b"one\n").unwrap();
        // What the umask gives a file created with 0666, probed the same way.
        let probe = dir.path().join("probe");
        let mut options = fs::OpenOptions::new();
        std::os::unix::fs::OpenOptionsExt::mode(options.write(true).create_new(true), 0o666);
        options.open(&probe).unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), mode(&probe));
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&path, b"two\n").unwrap();
        assert_eq!(mode(&path), 0o640);
    }

    #[test]
    fn a_missing_folder_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/folder/out.json");
        assert_eq!(
            write_atomic(&path, b"x").unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
    }

    #[test]
    fn mirrored_keeps_the_path_relative_to_the_root() {
        let out = Path::new("out");
        let file = |p: &str| Input::File(PathBuf::from(p));
        let at = |input: &Input, root: &str| mirrored(input, Path::new(root), out);
        assert_eq!(at(&file("a/tool.json"), "."), Some(out.join("a/tool.json")));
        assert_eq!(
            at(&file("./a/../b/tool.json"), "."),
            Some(out.join("b/tool.json"))
        );
        assert_eq!(at(&file("a/tool.json"), "a"), Some(out.join("tool.json")));
        assert_eq!(
            at(&file("a/tool.json"), "./a/"),
            Some(out.join("tool.json"))
        );
        assert_eq!(at(&file("b/tool.json"), "a"), None);
        assert_eq!(at(&file("../tool.json"), "."), None);
        assert_eq!(at(&file("."), "."), None);
        let part = Input::Part(
            PathBuf::from("api/openapi.json"),
            "/components/schemas/a~1b".to_owned(),
        );
        assert_eq!(at(&part, "."), Some(out.join("api/openapi.a_b.json")));
        assert_eq!(at(&Input::Stdin, "elsewhere"), Some(out.join("stdin.json")));
    }
}
