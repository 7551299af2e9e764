//! L6: where `--out-dir` puts each input's presentation, a path made from the input's own.

use std::path::{Path, PathBuf};

use super::Input;

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
    let relative = crate::output::relative_to(path, root)?;
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

#[cfg(test)]
mod tests {
    use super::*;

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
