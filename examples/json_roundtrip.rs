//! The floor of `bench/flatten-speed.sh` (SPEC §10): read a JSON file, parse it with serde_json
//! (with the same features stitch uses), and pretty-print it to standard output — the least any
//! tool that rewrites a schema must do. With `--parse-only` it parses and prints nothing, so that
//! the script can add parsing the input to printing the presentation:
//! floor = T(parse input) + T(round trip of the presentation) − T(parse the presentation).

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (parse_only, path) = match args.as_slice() {
        [flag, path] if flag == "--parse-only" => (true, path),
        [path] => (false, path),
        _ => std::process::exit(2),
    };
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    if parse_only {
        std::process::exit(i32::from(value.is_null()));
    }
    let mut out = serde_json::to_string_pretty(&value).unwrap_or_default();
    out.push('\n');
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
}
