//! Writing files atomically (L6): a temporary file in the target's folder, then a rename, so a
//! crash or an error never leaves half a file and never touches an existing one.
//!
//! The bytes themselves come from `canonical`; this module only puts them on disk.

use std::io::{self, Write};
use std::path::Path;

/// Writes `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |out| out.write_all(bytes))
}

/// Writes what `fill` produces to `path` atomically. If `fill` or any later step fails, the
/// temporary file is removed and an existing `path` is left as it was.
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
    let mut temporary = tempfile::Builder::new()
        .prefix(&format!(".{}.", name.to_string_lossy()))
        .suffix(".stitch-tmp")
        .tempfile_in(folder)?;
    {
        let mut buffered = io::BufWriter::new(temporary.as_file_mut());
        fill(&mut buffered)?;
        buffered.flush()?;
    }
    temporary.as_file().sync_all()?;
    // On failure `persist` hands the temporary file back; dropping it deletes it.
    temporary.persist(path).map_err(|e| e.error)?;
    Ok(())
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
