//! Writing files (L6) without ever destroying what is at the path (issue 37). What happens
//! depends on what the path is, looked at with `symlink_metadata` before anything is written:
//!
//! | the path is                               | stitch                                            |
//! |-------------------------------------------|---------------------------------------------------|
//! | nothing, or a regular file                | a temporary file beside it, renamed onto it       |
//! | a character device or a FIFO              | opens it and writes the bytes as a stream         |
//! | a symbolic link to a regular file         | the same atomic write onto the file it points to; |
//! |                                           | the link stays a link                             |
//! | a symbolic link to a character device or  | writes the stream through the link (`-o           |
//! | a FIFO                                    | /dev/stdout`, `-o /dev/fd/3`, `-o >(gzip > f)`)   |
//! | a descriptor stitch has open, whatever it | opens it for appending and writes the stream      |
//! | names (`/dev/stdout >> log`, `/dev/fd/3`) | (Linux: a link through `/proc/…/fd/N`)            |
//! | a dangling link, a link to anything else, | refused (`stitch::output::write`, exit 2); the    |
//! | a directory, a socket, a block device     | message names the link and what it points to      |
//!
//! The atomic write never leaves half a file and never touches an existing one on failure; a
//! stream has no such promise (a device or a pipe takes bytes as they come), and nothing is ever
//! renamed over a device, a FIFO or a link.
//!
//! The bytes themselves come from `canonical`; this module only puts them on disk, and says
//! the path helpers `--out-dir` and discovery compare paths with ([`relative_to`], [`lexical`]).

use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Writes `bytes` to `path` as the module doc's table says.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |out| out.write_all(bytes))
}

/// Writes what `fill` produces to `path`: atomically where the path is nothing or a regular file
/// (or a link to one), as a stream to a character device, a FIFO or an open descriptor, and
/// refused for any other kind of path (the module doc's table). If `fill` or any later step of
/// an atomic write fails, the temporary file is removed and an existing file is left as it was.
///
/// Modes (L6): a new file gets what the umask gives (the temporary file is created with 0666,
/// which the system masks: 0644 under umask 022); a file that is replaced keeps its mode and,
/// where the system lets stitch give it, its owner and group.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    match destination(path)? {
        Destination::Replace(file) => replace(&file, fill),
        Destination::Stream => stream(path, false, fill),
        Destination::Descriptor => stream(path, true, fill),
    }
}

/// The regular file a write to `path` would replace, spelled with every link resolved (the
/// same file always gets the same name, however it was reached), or `None` when the write is a
/// stream that replaces nothing; an error when the kind of path is refused. Callers decide
/// every destination with it before writing anything: that no two writes land on one file and
/// none on a file the run reads.
pub fn replaced_file(path: &Path) -> io::Result<Option<PathBuf>> {
    Ok(match destination(path)? {
        Destination::Replace(file) => Some(real_name(&file)),
        Destination::Stream | Destination::Descriptor => None,
    })
}

/// `path` with every link resolved where it exists; else its folder's real path and its name
/// (else `path` as written, made absolute).
fn real_name(path: &Path) -> PathBuf {
    if let Ok(real) = path.canonicalize() {
        return real;
    }
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    match (folder.canonicalize(), path.file_name()) {
        (Ok(folder), Some(name)) => folder.join(name),
        _ => lexical(path).unwrap_or_else(|| path.to_path_buf()),
    }
}

/// What a write does with the path it was given.
#[derive(Debug, PartialEq, Eq)]
enum Destination {
    /// A temporary file beside this path (the path given, or the regular file a link points
    /// to), renamed onto it.
    Replace(PathBuf),
    /// The path (or the device or FIFO a link points to) opened and written in place.
    Stream,
    /// A descriptor the process has open (`/dev/stdout`, `/dev/fd/3`), whatever it names,
    /// opened again for appending: never renamed over, never truncated.
    Descriptor,
}

/// What `path` is, and so how it is written; an error for a kind of path stitch refuses.
fn destination(path: &Path) -> io::Result<Destination> {
    if names_open_descriptor(path) {
        return Ok(Destination::Descriptor);
    }
    let found = match fs::symlink_metadata(path) {
        Ok(found) => found,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Destination::Replace(path.to_path_buf()));
        }
        Err(e) => return Err(e),
    };
    if found.file_type().is_file() {
        return Ok(Destination::Replace(path.to_path_buf()));
    }
    if streams(&found) {
        return Ok(Destination::Stream);
    }
    if !found.file_type().is_symlink() {
        return Err(refusal(format!(
            "it is {}; stitch writes regular files, character devices and FIFOs",
            kind(&found)
        )));
    }
    let target = fs::read_link(path)?;
    let shown = target.display();
    match fs::metadata(path) {
        Ok(pointed) if pointed.is_file() => Ok(Destination::Replace(fs::canonicalize(path)?)),
        Ok(pointed) if streams(&pointed) => Ok(Destination::Stream),
        Ok(pointed) => Err(refusal(format!(
            "it is a symbolic link to `{shown}`, which is {}; stitch writes through a link only \
             to a regular file, a character device or a FIFO",
            kind(&pointed)
        ))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(refusal(format!(
            "it is a symbolic link to `{shown}`, which does not exist; stitch does not replace \
             the link, nor create the file it names"
        ))),
        Err(e) => Err(refusal(format!(
            "it is a symbolic link to `{shown}`, which cannot be followed: {e}"
        ))),
    }
}

/// True when `path`, or a link on the way from it to what it names, is an entry of a process's
/// descriptor folder (Linux: `/proc/self/fd/1`, reached from `/dev/stdout` or `/dev/fd/1`).
/// Such an entry names a file some process has open, with its own offset and flags: a shell's
/// `>> log` sends stitch's standard output to the end of `log`, which a rename onto `log` would
/// destroy. Elsewhere `/dev/fd/N` is a character device, which [`destination`] streams to.
fn names_open_descriptor(path: &Path) -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let mut here = path.to_path_buf();
    // The system follows at most 40 links in a path; a longer chain fails to open anyway.
    for _ in 0..40 {
        let folder = match here.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        if let Ok(folder) = folder.canonicalize()
            && folder.starts_with("/proc")
            && folder.file_name().is_some_and(|name| name == "fd")
        {
            return true;
        }
        match fs::read_link(&here) {
            Ok(target) => here = folder.join(target),
            Err(_) => return false,
        }
    }
    false
}

/// A refusal to write, before anything was written.
fn refusal(reason: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, reason)
}

/// True for the kinds of file written as a stream: a character device or a FIFO.
fn streams(metadata: &fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = metadata.file_type();
        kind.is_char_device() || kind.is_fifo()
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        false
    }
}

/// A kind of file that is refused, in words: "a directory", "a socket".
fn kind(metadata: &fs::Metadata) -> &'static str {
    let kind = metadata.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_block_device() {
            return "a block device";
        }
    }
    "neither a regular file, a character device nor a FIFO"
}

/// Writes what `fill` produces to a character device or a FIFO (or a link to one), opened for
/// writing as it is, or to an open descriptor (`descriptor`), opened for appending: no
/// temporary file, no rename, nothing created or truncated. A device or FIFO is checked again
/// once open, so a path replaced by a regular file in between is refused rather than written
/// without truncation.
fn stream(
    path: &Path,
    descriptor: bool,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let file = fs::OpenOptions::new()
        .write(true)
        .append(descriptor)
        .open(path)?;
    if !descriptor && !streams(&file.metadata()?) {
        return Err(refusal(
            "it changed while stitch opened it and is no longer a device or a FIFO".to_owned(),
        ));
    }
    let mut buffered = io::BufWriter::new(file);
    fill(&mut buffered)?;
    buffered.flush()
}

/// Writes what `fill` produces to the regular file `path` (or where none is) atomically: a
/// temporary file beside it, then a rename.
fn replace(path: &Path, fill: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
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
            keep_owner(&file, existing);
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

/// Gives the new file the replaced one's owner and group where the system allows it (root may
/// give any; others only a group they are in): a file stitch replaces as root stays its owner's.
/// Done before the mode is set, since a change of owner clears set-user-ID and set-group-ID.
fn keep_owner(file: &fs::File, existing: &fs::Metadata) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = std::os::unix::fs::fchown(file, Some(existing.uid()), Some(existing.gid()));
    }
    #[cfg(not(unix))]
    let _ = (file, existing);
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

    #[cfg(unix)]
    #[test]
    fn each_kind_of_path_gets_its_destination() {
        let dir = tempfile::tempdir().unwrap();
        let at = |name: &str| dir.path().join(name);
        assert_eq!(
            destination(&at("new.json")).unwrap(),
            Destination::Replace(at("new.json"))
        );
        fs::write(at("file.json"), "x").unwrap();
        assert_eq!(
            destination(&at("file.json")).unwrap(),
            Destination::Replace(at("file.json"))
        );
        std::os::unix::fs::symlink("file.json", at("link.json")).unwrap();
        assert_eq!(
            destination(&at("link.json")).unwrap(),
            Destination::Replace(at("file.json").canonicalize().unwrap())
        );
        std::os::unix::fs::symlink("link.json", at("chain.json")).unwrap();
        assert_eq!(
            destination(&at("chain.json")).unwrap(),
            Destination::Replace(at("file.json").canonicalize().unwrap())
        );
        assert_eq!(
            destination(Path::new("/dev/null")).unwrap(),
            Destination::Stream
        );
        std::os::unix::fs::symlink("/dev/null", at("null")).unwrap();
        assert_eq!(destination(&at("null")).unwrap(), Destination::Stream);
        std::os::unix::fs::symlink("nowhere.json", at("dangling.json")).unwrap();
        let refused = destination(&at("dangling.json")).unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::InvalidInput);
        assert!(
            refused
                .to_string()
                .starts_with("it is a symbolic link to `nowhere.json`, which does not exist")
        );
        std::os::unix::fs::symlink("loop.json", at("loop.json")).unwrap();
        let refused = destination(&at("loop.json")).unwrap_err().to_string();
        assert!(
            refused.starts_with("it is a symbolic link to `loop.json`, which cannot be followed"),
            "{refused}"
        );
        assert_eq!(
            destination(dir.path()).unwrap_err().to_string(),
            "it is a directory; stitch writes regular files, character devices and FIFOs"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_in_place() {
        // /dev/null takes the bytes and stays the device; /dev/full refuses them (ENOSPC).
        write_atomic(Path::new("/dev/null"), b"bytes\n").unwrap();
        use std::os::unix::fs::FileTypeExt;
        assert!(
            fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
        if Path::new("/dev/full").exists() {
            let error = write_atomic(Path::new("/dev/full"), b"bytes\n").unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        }
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
}
