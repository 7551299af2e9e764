//! The baseline of `bench/flatten-speed.sh` (SPEC §10): read a JSON file, parse it with
//! serde_json (with the same features stitch uses), and pretty-print it to standard output —
//! the least any tool that rewrites a schema must do.

use std::io::Write;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    let mut out = serde_json::to_string_pretty(&value).unwrap_or_default();
    out.push('\n');
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
}
