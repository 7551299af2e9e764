//! Unified diffs of two texts (D4): what `stitch check` shows for a stale committed
//! presentation, and `stitch diff`'s text section. Pure: text in, text out.

use similar::TextDiff;

/// The unified diff (three lines of context) from `old` to `new`, headed `a/NAME` and
/// `b/NAME`, cut after `max_lines` lines with a line saying how many were left out.
pub fn unified(old: &str, new: &str, name: &str, max_lines: usize) -> String {
    unified_between(
        old,
        new,
        &format!("a/{name}"),
        &format!("b/{name}"),
        max_lines,
    )
}

/// The unified diff from `old` to `new` headed `--- OLD_HEADER` and `+++ NEW_HEADER`, cut as
/// [`unified`] cuts (`usize::MAX`: never).
pub fn unified_between(
    old: &str,
    new: &str,
    old_header: &str,
    new_header: &str,
    max_lines: usize,
) -> String {
    let diff = TextDiff::from_lines(old, new);
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header(old_header, new_header)
        .to_string();
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= max_lines {
        return text.trim_end_matches('\n').to_owned();
    }
    let left = lines.len() - max_lines;
    format!(
        "{}\n… {left} more line{}",
        lines[..max_lines].join("\n"),
        if left == 1 { "" } else { "s" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_line_is_shown_in_context() {
        let old = "{\n  \"a\": 1,\n  \"b\": 2\n}\n";
        let new = "{\n  \"a\": 1,\n  \"b\": 3\n}\n";
        assert_eq!(
            unified(old, new, "x.json", 40),
            "--- a/x.json\n+++ b/x.json\n@@ -1,4 +1,4 @@\n {\n   \"a\": 1,\n-  \"b\": 2\n+  \"b\": 3\n }"
        );
    }

    #[test]
    fn a_long_diff_is_cut() {
        let new: String = (0..100).map(|i| format!("{i}\n")).collect();
        let cut = unified("", &new, "x", 10);
        assert_eq!(cut.lines().count(), 11);
        assert!(cut.ends_with("… 93 more lines"), "{cut}");
    }
}
