//! Reading an input and parsing it into a value, with every bad input of L5 turned into a
//! finding that points at the spot.
//!
//! [`read`] is the only function in the library that reads files. [`parse`] is pure: it bounds
//! nesting (its parser stops at [`MAX_DEPTH`] levels, below serde_json's own limit of 128, and a
//! scan of the text then says where), refuses duplicate keys and numbers no 64-bit type holds
//! exactly (L7), and reports parse errors at their line and column (L4).

use std::cell::Cell;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use super::locate::{self, Locator};
use crate::diagnostic::{Finding, SourceText, codes};

/// Default for `--max-input-size`: 64 MiB (L5).
pub const DEFAULT_MAX_INPUT_SIZE: u64 = 64 * 1024 * 1024;

/// The deepest nesting of arrays and objects stitch reads (L5). Real schemas stay far below:
/// the deepest of the 1 162 corpus files nests 22 levels. serde_json's own limit is 128.
pub const MAX_DEPTH: usize = 100;

/// Where an input comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A file, as the user named it.
    File(PathBuf),
    /// The schema at a JSON Pointer inside a file (`FILE#/json/pointer`, L8).
    Part(PathBuf, String),
    /// Standard input (`-`).
    Stdin,
}

impl Input {
    /// `-` is standard input, `FILE#/pointer` a part of a file (unless a file of that very name
    /// exists), anything else a path.
    pub fn from_arg(arg: &str) -> Input {
        if arg == "-" {
            return Input::Stdin;
        }
        match super::select::split_arg(arg) {
            (path, Some(pointer)) => Input::Part(PathBuf::from(path), pointer.to_owned()),
            (path, None) => Input::File(PathBuf::from(path)),
        }
    }

    /// The name shown in diagnostics.
    pub fn name(&self) -> String {
        match self {
            Input::File(path) => path.display().to_string(),
            Input::Part(path, pointer) => format!("{}#{pointer}", path.display()),
            Input::Stdin => "<stdin>".to_owned(),
        }
    }

    /// The file it reads, if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::File(path) | Input::Part(path, _) => Some(path),
            Input::Stdin => None,
        }
    }
}

/// Reads an input as text, refusing what is too large before reading it (L5) and what is not
/// UTF-8. A leading byte order mark is dropped.
pub fn read(input: &Input, max_size: u64) -> Result<Arc<SourceText>, Finding> {
    let bytes = match input {
        Input::File(path) | Input::Part(path, _) => {
            read_file(path, &path.display().to_string(), max_size)?
        }
        Input::Stdin => read_limited(io::stdin().lock(), &input.name(), max_size, 0)?,
    };
    let name = match input {
        Input::Part(path, _) => path.display().to_string(),
        _ => input.name(),
    };
    decode(name, bytes)
}

fn read_error(name: &str, e: &io::Error) -> Finding {
    let reason = match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_owned(),
        io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
        io::ErrorKind::IsADirectory => "it is a directory".to_owned(),
        _ => e.to_string(),
    };
    Finding::error(codes::READ, format!("cannot read `{name}`: {reason}")).in_file(name)
}

pub(super) fn too_large(name: &str, size: Option<u64>, max_size: u64) -> Finding {
    let what = match size {
        Some(size) => format!("`{name}` is {size} bytes"),
        None => format!("`{name}` is more than {max_size} bytes"),
    };
    Finding::error(
        codes::TOO_LARGE,
        format!("{what}, over the input size limit of {max_size} bytes"),
    )
    .in_file(name)
    .with_help("raise the limit with --max-input-size BYTES if this input is expected")
}

fn read_file(path: &Path, name: &str, max_size: u64) -> Result<Vec<u8>, Finding> {
    let meta = fs::metadata(path).map_err(|e| read_error(name, &e))?;
    if meta.is_dir() {
        return Err(Finding::error(
            codes::READ,
            format!("cannot read `{name}`: it is a directory"),
        )
        .in_file(name)
        .with_help("name a JSON file"));
    }
    // Refused from metadata, before a byte is read (L5). Special files report 0 and are capped
    // while reading instead.
    if meta.len() > max_size {
        return Err(too_large(name, Some(meta.len()), max_size));
    }
    #[cfg(unix)]
    if std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type()) {
        return read_pipe(path, name, max_size);
    }
    let file = fs::File::open(path).map_err(|e| read_error(name, &e))?;
    // Room for the whole file (and the byte that would find it grown), so that reading it
    // copies nothing: `take` hides the file's size from `read_to_end`.
    let room = usize::try_from(meta.len().saturating_add(1)).unwrap_or(0);
    read_limited(file, name, max_size, room)
}

/// A named pipe (or a process substitution's `/dev/fd/N`), read to its end. Opened without
/// waiting for a writer: a pipe nobody writes to would otherwise block the command forever. With
/// no writer it reads as empty at once, which is reported as such; with one, it is read as it
/// comes.
#[cfg(unix)]
fn read_pipe(path: &Path, name: &str, max_size: u64) -> Result<Vec<u8>, Finding> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| read_error(name, &e))?;
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        match file.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => {
                bytes.extend_from_slice(&chunk[..n]);
                if bytes.len() as u64 > max_size {
                    return Err(too_large(name, None, max_size));
                }
            }
            // A writer is there and has not written yet.
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                crate::threads::pause();
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(read_error(name, &e)),
        }
    }
    if bytes.is_empty() {
        return Err(Finding::error(
            codes::READ,
            format!("cannot read `{name}`: it is a named pipe, and nothing was written to it"),
        )
        .in_file(name)
        .with_help("start the program that writes to it first, or name a JSON file"));
    }
    Ok(bytes)
}

fn read_limited(
    reader: impl Read,
    name: &str,
    max_size: u64,
    room: usize,
) -> Result<Vec<u8>, Finding> {
    let mut bytes = Vec::with_capacity(room);
    reader
        .take(max_size.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| read_error(name, &e))?;
    if bytes.len() as u64 > max_size {
        return Err(too_large(name, None, max_size));
    }
    Ok(bytes)
}

/// Decodes UTF-8, pointing at the first bad byte.
pub fn decode(name: String, mut bytes: Vec<u8>) -> Result<Arc<SourceText>, Finding> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Arc::new(SourceText {
            name,
            text: text.into(),
        })),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bad = e.as_bytes()[at];
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let source = Arc::new(SourceText {
                name,
                text: text.into(),
            });
            let (line, column) = locate::line_column(&source.text, at);
            Err(Finding::error(
                codes::NOT_UTF8,
                format!("not UTF-8: byte 0x{bad:02X} at line {line}, column {column}"),
            )
            .in_source(&source)
            .with_span(Some(at..at + 1))
            .with_label("not UTF-8")
            .with_help("JSON must be UTF-8; re-encode the file (e.g. `iconv -t UTF-8`)"))
        }
    }
}

/// Parses a source into a value. Every finding carries the source and, where one is known, the
/// span; all inexact numbers are reported, other problems one at a time.
pub fn parse(source: &Arc<SourceText>) -> Result<Value, Vec<Finding>> {
    let text: &str = &source.text;
    if text.trim().is_empty() {
        return Err(vec![
            Finding::error(
                codes::EMPTY,
                format!(
                    "`{}` is empty: a schema is a JSON object or boolean",
                    source.name
                ),
            )
            .in_file(&source.name)
            .with_help("a schema that accepts every value is `{}` or `true`"),
        ]);
    }
    // The parse comes first and the scan only when it may find something: when the parse
    // failed (too deep is reported before any other problem) or met a number it read as a
    // float, which every inexact literal is (an integer no i64 or u64 holds is read as one).
    // Most schemas hold no float, so their text is read once.
    let floats = Cell::new(false);
    let mut de = serde_json::Deserializer::from_str(text);
    let parsed = ValueSeed {
        depth: 0,
        floats: &floats,
    }
    .deserialize(&mut de)
    .and_then(|v| de.end().map(|()| v));
    let parsed = match parsed {
        Ok(value) if !floats.get() => return Ok(value),
        other => other,
    };
    let scan = scan(text);
    if let Some(at) = scan.too_deep {
        return Err(vec![
            Finding::error(
                codes::TOO_DEEP,
                format!("nesting deeper than {MAX_DEPTH} levels"),
            )
            .in_source(source)
            .with_span(Some(at..at + 1))
            .with_label(format!("level {}", MAX_DEPTH + 1))
            .with_help("no real schema nests this deep; check that the file is what you meant"),
        ]);
    }
    let inexact = |source: &Arc<SourceText>| -> Vec<Finding> {
        let locator = Locator::new(text);
        scan.inexact
            .iter()
            .map(|span| {
                let literal = &text[span.clone()];
                let mut finding = Finding::error(
                    codes::INEXACT_NUMBER,
                    format!("the number {literal} cannot be held exactly by f64, i64 or u64"),
                )
                .in_source(source)
                .with_span(Some(span.clone()))
                .with_label("not exactly representable")
                .with_help(
                    "stitch refuses to rewrite a document whose numbers it would change (L7); \
                     write a value a 64-bit float or integer holds",
                );
                if let Some(pointer) = locator.pointer_at(span.start) {
                    finding = finding.at(pointer);
                }
                finding
            })
            .collect()
    };
    match parsed {
        Ok(value) if scan.inexact.is_empty() => Ok(value),
        Ok(_) => Err(inexact(source)),
        // serde_json refuses 1e400 itself; the scan knows which literal it was.
        Err(e) if !scan.inexact.is_empty() && e.to_string().starts_with("number out of range") => {
            Err(inexact(source))
        }
        Err(e) => Err(vec![syntax_error(source, &e)]),
    }
}

const DUPLICATE: &str = "duplicate key ";

fn syntax_error(source: &Arc<SourceText>, e: &serde_json::Error) -> Finding {
    let text: &str = &source.text;
    let message = e.to_string();
    let message = message
        .rsplit_once(" at line ")
        .map_or(message.as_str(), |(m, _)| m)
        .to_owned();
    if message.starts_with(DUPLICATE) {
        let locator = Locator::new(text);
        if let Some((pointer, first, second)) = locator.first_duplicate_key() {
            return Finding::error(codes::DUPLICATE_KEY, message)
                .in_source(source)
                .at(pointer)
                .with_span(Some(second))
                .with_label("repeated here")
                .with_related(first, "first defined here")
                .with_help("remove one of the two; parsers disagree on which one wins");
        }
    }
    let at = locate::offset_of(text, e.line(), e.column());
    let code = if message.starts_with(DUPLICATE) {
        codes::DUPLICATE_KEY
    } else {
        codes::INVALID_JSON
    };
    let finding = Finding::error(
        code,
        format!(
            "invalid JSON: {message} at line {}, column {}",
            e.line(),
            e.column()
        ),
    )
    .in_source(source)
    .with_span(Some(at..at))
    .with_label(message);
    if looks_like_yaml(text) {
        finding.with_help(
            "stitch reads JSON and this looks like YAML: convert it first (`yq -o=json . FILE`)",
        )
    } else {
        finding
    }
}

/// True when text that failed to parse as JSON starts the way YAML does: a `key:` line, a
/// `---` document marker or a `- ` list item.
fn looks_like_yaml(text: &str) -> bool {
    let Some(first) = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    if first.starts_with(['{', '[', '"']) {
        return false;
    }
    first == "---"
        || first.starts_with("- ")
        || first.split_once(':').is_some_and(|(key, _)| {
            !key.is_empty()
                && key
                    .trim_matches(['"', '\''])
                    .chars()
                    .all(|c| c.is_alphanumeric() || "_-$. ".contains(c))
        })
}

/// What one pass over the raw text finds before any recursive parser runs.
struct Scan {
    /// Offset of the first bracket that opens level `MAX_DEPTH + 1`.
    too_deep: Option<usize>,
    /// Spans of number literals that no 64-bit type holds exactly.
    inexact: Vec<std::ops::Range<usize>>,
}

/// One linear pass: string literals are skipped, brackets counted, number literals checked.
/// Malformed text is scanned as far as it goes; the parser reports what is wrong with it.
fn scan(text: &str) -> Scan {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut inexact = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                // To the closing quote, stepping over each escaped character; an unclosed
                // string runs to the end of the text.
                loop {
                    match memchr::memchr2(b'"', b'\\', bytes.get(i..).unwrap_or_default()) {
                        Some(at) if bytes[i + at] == b'"' => {
                            i += at;
                            break;
                        }
                        Some(at) => i += at + 2,
                        None => {
                            i = bytes.len();
                            break;
                        }
                    }
                }
                i += 1;
            }
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Scan {
                        too_deep: Some(i),
                        inexact,
                    };
                }
                i += 1;
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < bytes.len()
                    && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                if !number_is_exact(&text[start..i]) {
                    inexact.push(start..i);
                }
            }
            _ => i += 1,
        }
    }
    Scan {
        too_deep: None,
        inexact,
    }
}

/// L7: true when the literal's value survives reading into f64/i64/u64 and writing back.
/// Integers must fit i64 or u64; other literals must parse to a finite f64 whose shortest
/// decimal spelling has the same value. Malformed literals count as exact (the parser rejects
/// them with a better message).
pub fn number_is_exact(literal: &str) -> bool {
    // Most literals in a schema are short integers, which every i64 holds: no allocation.
    let digits = literal.strip_prefix('-').unwrap_or(literal);
    if !digits.is_empty() && digits.len() <= 18 && digits.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let Some(original) = Decimal::parse(literal) else {
        return true;
    };
    if !literal.contains(['.', 'e', 'E']) {
        return literal.parse::<i64>().is_ok() || literal.parse::<u64>().is_ok();
    }
    match literal.parse::<f64>() {
        Ok(f) if f.is_finite() => Decimal::parse(&format!("{f:e}")).is_some_and(|d| d == original),
        _ => false,
    }
}

/// A decimal value in normal form: sign, significant digits (no leading or trailing zeros) and
/// the exponent of the last digit. Zero is `digits == ""`, sign ignored.
#[derive(Debug, PartialEq, Eq)]
struct Decimal {
    negative: bool,
    digits: String,
    exponent: i64,
}

impl Decimal {
    fn parse(literal: &str) -> Option<Decimal> {
        let (negative, rest) = match literal.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, literal),
        };
        let (mantissa, exp) = match rest.find(['e', 'E']) {
            Some(i) => (&rest[..i], rest[i + 1..].parse::<i64>().ok()?),
            None => (rest, 0),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if int.is_empty() || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
            return None;
        }
        let all: String = format!("{int}{frac}");
        let mut exponent = exp.checked_sub(i64::try_from(frac.len()).ok()?)?;
        let trimmed = all.trim_start_matches('0');
        let without_trailing = trimmed.trim_end_matches('0');
        exponent =
            exponent.checked_add(i64::try_from(trimmed.len() - without_trailing.len()).ok()?)?;
        if without_trailing.is_empty() {
            return Some(Decimal {
                negative: false,
                digits: String::new(),
                exponent: 0,
            });
        }
        Some(Decimal {
            negative,
            digits: without_trailing.to_owned(),
            exponent,
        })
    }
}

/// Deserializes a `serde_json::Value` like serde_json does, but refuses duplicate keys instead
/// of silently keeping the last one (L5), refuses nesting deeper than [`MAX_DEPTH`], and notes
/// whether any number was read as a float.
#[derive(Clone, Copy)]
struct ValueSeed<'a> {
    /// How many arrays and objects hold the value.
    depth: usize,
    /// Set when a number is read as a float.
    floats: &'a Cell<bool>,
}

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl ValueSeed<'_> {
    /// The seed for the values inside an array or object this seed reads.
    fn inside<E: de::Error>(self) -> Result<Self, E> {
        if self.depth >= MAX_DEPTH {
            return Err(E::custom(format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        Ok(ValueSeed {
            depth: self.depth + 1,
            ..self
        })
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        self.floats.set(true);
        Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| E::custom("number out of range"))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let inside = self.inside()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(inside)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let inside = self.inside()?;
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            // One hash per key: the vacant slot found here takes the value.
            match object.entry(key) {
                serde_json::map::Entry::Occupied(taken) => {
                    return Err(de::Error::custom(format!("{DUPLICATE}`{}`", taken.key())));
                }
                serde_json::map::Entry::Vacant(slot) => {
                    slot.insert(map.next_value_seed(inside)?);
                }
            }
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scan_skips_strings_and_their_escapes() {
        let deep = "[".repeat(MAX_DEPTH + 1);
        // Brackets and numbers inside strings, after escaped quotes and backslashes, are text.
        let quoted = format!(r#"{{"a\"{deep}": "\\", "b": "1e400 \"{deep}"}}"#);
        let found = scan(&quoted);
        assert_eq!((found.too_deep, found.inexact), (None, vec![]));
        // After a string, scanning goes on: the literal is found where it is.
        let text = r#"{"a\"": 1e400}"#;
        assert_eq!(scan(text).inexact, vec![8..13]);
        // An unclosed string runs to the end.
        assert_eq!(scan(&format!("[\"{deep}")).too_deep, None);
        assert_eq!(scan(&deep).too_deep, Some(MAX_DEPTH));
    }

    #[test]
    fn exact_numbers() {
        for exact in [
            "0",
            "-0",
            "1",
            "-1",
            "100",
            "1E2",
            "1e2",
            "1.5",
            "0.1",
            "-0.25",
            "1.0",
            "10.50",
            "9223372036854775807",
            "-9223372036854775808",
            "18446744073709551615",
            "1.7976931348623157e308",
            "5e-324",
            "0.30000000000000004",
            "9007199254740992.0",
            // The short-integer path's edge: 18 digits, then 19 (i64's own range).
            "999999999999999999",
            "-999999999999999999",
            "1000000000000000000",
        ] {
            assert!(number_is_exact(exact), "{exact}");
        }
        for inexact in [
            "1e400",
            "-1e400",
            "1e-400",
            "18446744073709551616",
            "-9223372036854775809",
            "0.30000000000000000001",
            "99999999999999999999",
            // 2^53 + 1 written as a float: f64 holds 2^53 only.
            "9007199254740993.0",
        ] {
            assert!(!number_is_exact(inexact), "{inexact}");
        }
    }

    #[test]
    fn decimal_normal_form() {
        assert_eq!(Decimal::parse("100"), Decimal::parse("1e2"));
        assert_eq!(Decimal::parse("1.50"), Decimal::parse("15e-1"));
        assert_eq!(Decimal::parse("0.0"), Decimal::parse("-0"));
        assert_ne!(Decimal::parse("1"), Decimal::parse("-1"));
    }

    fn src(text: &str) -> Arc<SourceText> {
        Arc::new(SourceText {
            name: "t.json".into(),
            text: text.into(),
        })
    }

    #[test]
    fn parses_and_keeps_order() {
        let v = parse(&src(r#"{"b":1,"a":[true,null,"x",1.5]}"#)).unwrap();
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"{"b":1,"a":[true,null,"x",1.5]}"#
        );
    }

    #[test]
    fn duplicate_key_points_at_both() {
        let text = "{\n  \"a\": 1,\n  \"b\": {\"x\": 1, \"x\": 2}\n}";
        let e = parse(&src(text)).unwrap_err();
        assert_eq!(e[0].code, codes::DUPLICATE_KEY);
        assert_eq!(e[0].message, "duplicate key `x`");
        assert_eq!(e[0].pointer.as_deref(), Some("/b/x"));
        assert_eq!(&text[e[0].span.clone().unwrap()], "\"x\"");
        assert_eq!(e[0].span.clone().unwrap().start, 28);
        assert_eq!(e[0].related[0].span.start, 20);
    }

    #[test]
    fn depth_is_bounded() {
        let deep = "[".repeat(100_000);
        let e = parse(&src(&deep)).unwrap_err();
        assert_eq!(e[0].code, codes::TOO_DEEP);
        assert_eq!(e[0].span, Some(100..101));
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&src(&ok)).is_ok());
    }

    /// The scan is skipped only when it cannot find anything: nesting the parser itself
    /// accepts (it stops at 128) is still refused past 100, and an inexact literal is still
    /// found when the rest of the document parses and holds no other float.
    #[test]
    fn the_scan_runs_whenever_it_can_find_something() {
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        let e = parse(&src(&deep)).unwrap_err();
        assert_eq!(e[0].code, codes::TOO_DEEP);
        assert_eq!(e[0].span, Some(MAX_DEPTH..MAX_DEPTH + 1));
        let deep_object = format!(
            "{}1.5{}",
            r#"{"a": "#.repeat(MAX_DEPTH + 1),
            "}".repeat(MAX_DEPTH + 1)
        );
        assert_eq!(
            parse(&src(&deep_object)).unwrap_err()[0].code,
            codes::TOO_DEEP
        );
        for (text, literal) in [
            (r#"{"x": [18446744073709551616]}"#, "18446744073709551616"),
            (r#"{"x": -9223372036854775809}"#, "-9223372036854775809"),
            (
                r#"{"x": 0.1000000000000000055511151231257827}"#,
                "0.1000000000000000055511151231257827",
            ),
        ] {
            let e = parse(&src(text)).unwrap_err();
            assert_eq!(e.len(), 1, "{text}");
            assert_eq!(e[0].code, codes::INEXACT_NUMBER, "{text}");
            assert_eq!(&text[e[0].span.clone().unwrap()], literal);
        }
        for exact in [
            r#"{"x": -0}"#,
            r#"{"x": 0.5}"#,
            r#"{"x": 18446744073709551615}"#,
        ] {
            assert!(parse(&src(exact)).is_ok(), "{exact}");
        }
    }

    #[test]
    fn brackets_in_strings_do_not_count() {
        let text = format!("[\"{}\\\"\"]", "[".repeat(500));
        assert!(parse(&src(&text)).is_ok());
    }

    #[test]
    fn inexact_numbers_are_findings() {
        let text = r#"{"maximum": 1e400, "x": [18446744073709551616]}"#;
        let e = parse(&src(text)).unwrap_err();
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].pointer.as_deref(), Some("/maximum"));
        assert_eq!(&text[e[0].span.clone().unwrap()], "1e400");
        assert_eq!(e[1].pointer.as_deref(), Some("/x/0"));
    }

    #[test]
    fn syntax_errors_point_at_line_and_column() {
        let text = "{\n  \"a\": 1,\n}";
        let e = parse(&src(text)).unwrap_err();
        assert_eq!(e[0].code, codes::INVALID_JSON);
        assert_eq!(
            e[0].message,
            "invalid JSON: trailing comma at line 3, column 1"
        );
        assert_eq!(e[0].span, Some(12..12));
    }

    #[test]
    fn not_utf8() {
        let e = decode("t.json".into(), b"{\"a\":\n \"\xff\"}".to_vec()).unwrap_err();
        assert_eq!(e.code, codes::NOT_UTF8);
        assert_eq!(e.message, "not UTF-8: byte 0xFF at line 2, column 3");
        assert_eq!(e.span, Some(8..9));
    }

    #[test]
    fn bom_is_dropped() {
        let s = decode("t.json".into(), b"\xEF\xBB\xBF{}".to_vec()).unwrap();
        assert_eq!(&*s.text, "{}");
    }
}
