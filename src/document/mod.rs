//! Loading documents (SPEC §2, L1–L7): the one entry point that flatten, verify and check share.
//!
//! [`load`] reads an input, parses it with every bad input of L5 turned into a finding, detects
//! its kind (L1) and draft (L2), resolves its references offline (L3) and checks that every
//! regular expression compiles. The result is a [`Loaded`] or the findings that say why not.
//! [`compile_findings`] additionally compiles each schema with the validator, for commands that
//! validate.

mod chains;
mod kind;
pub(crate) mod locate;
mod mirror;
pub(crate) mod refs;
mod select;
pub(crate) mod source;
mod table;
mod uri;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use url::Url;

pub use chains::MAX_REF_CHAIN;
pub use kind::{Contents, InputKind, Tool, ToolForm, detect, looks_checkable};
pub use mirror::mirrored;
pub use refs::RefMap;
pub use select::split_located;
pub use source::Input;
pub use table::{Document, Location, Reference};

use crate::diagnostic::{Finding, SourceText, codes};
use crate::schema::{Draft, draft, pointer};
use crate::validate::{self, Validator};
use locate::{Locator, Part};

/// How to load (the shared command-line options).
#[derive(Debug, Clone)]
pub struct LoadOptions {
    /// `--input-kind`; `None` detects.
    pub input_kind: Option<InputKind>,
    /// `--draft`; `None` reads `$schema`.
    pub draft: Option<Draft>,
    /// `--ref-map`.
    pub ref_map: RefMap,
    /// `--max-input-size`, in bytes.
    pub max_input_size: u64,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            input_kind: None,
            draft: None,
            ref_map: RefMap::new(Vec::new()),
            max_input_size: source::DEFAULT_MAX_INPUT_SIZE,
        }
    }
}

/// A loaded input: its documents (the input first, then every file its references reached),
/// what it holds, and every reference resolved.
#[derive(Debug)]
pub struct Loaded {
    /// Index 0 is the input.
    pub documents: Vec<Document>,
    /// Schema, tool or tools.
    pub contents: Contents,
    /// Every reference, with its target.
    pub references: Vec<Reference>,
    /// Warnings and notes (e.g. an unknown `$schema`); errors make [`load`] fail instead.
    pub findings: Vec<Finding>,
}

impl Loaded {
    /// The input document.
    pub fn input(&self) -> &Document {
        &self.documents[0]
    }

    /// True when a reference names a meta-schema ([`Reference::meta_schema`]): the
    /// validators of these documents need the bundled meta-schemas of every draft.
    pub fn names_a_meta_schema(&self) -> bool {
        self.references.iter().any(|r| r.meta_schema.is_some())
    }

    /// The files this load read from disk, each spelled with every link resolved: the input and
    /// every file a reference named (`--ref-map`ped ones too). What a command writes must not be
    /// one of them (L6).
    pub fn files_read(&self) -> Vec<PathBuf> {
        self.documents
            .iter()
            .filter_map(|d| match d.uri.scheme() {
                "file" => d.uri.to_file_path().ok(),
                _ => Some(PathBuf::from(&d.source.name)),
            })
            .filter_map(|path| path.canonicalize().ok())
            .collect()
    }

    /// Where the reference `keyword` (`$ref`, `$dynamicRef`, `$recursiveRef`) of the schema at
    /// `from` resolved to, as loading resolved it (`$id` and `$anchor` bases, other files,
    /// percent-escapes): the one lookup of a reference on a loaded document.
    pub fn target_of(&self, from: &Location, keyword: &str) -> Option<&Location> {
        self.references
            .iter()
            .find(|r| r.from == *from && r.keyword == keyword)
            .and_then(|r| r.target.as_ref())
    }

    /// Every resolved reference as a table from (schema, keyword) to target, for callers that
    /// look references up many times ([`Loaded::target_of`] once per lookup).
    pub fn reference_table(&self) -> foldhash::HashMap<(&Location, &'static str), &Location> {
        self.references
            .iter()
            .filter_map(|r| Some(((&r.from, r.keyword), r.target.as_ref()?)))
            .collect()
    }
}

/// Reads files for reference resolution, with the same size limit as the input.
pub(crate) struct DiskFetch {
    pub(crate) max_input_size: u64,
}

impl refs::Fetch for DiskFetch {
    fn fetch(&mut self, path: &Path) -> Result<Arc<SourceText>, Finding> {
        // Name the file as the user would: relative to the current directory when beneath it.
        let shown = std::env::current_dir()
            .ok()
            .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
            .unwrap_or_else(|| path.to_path_buf());
        source::read(&Input::File(shown), self.max_input_size)
    }
}

/// `path` relative to the folder `base`, with `/` separators: how stitch names a file it
/// reached from another one.
pub fn relative_path(path: &Path, base: &Path) -> String {
    let path_parts: Vec<_> = path.components().collect();
    let base_parts: Vec<_> = base.components().collect();
    let common = path_parts
        .iter()
        .zip(&base_parts)
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = PathBuf::new();
    for _ in common..base_parts.len() {
        out.push("..");
    }
    for part in &path_parts[common..] {
        out.push(part);
    }
    out.to_string_lossy().replace('\\', "/")
}

/// Reads and parses a JSON document that is not a schema (a model's arguments): the same size
/// cap, decoding and parse diagnostics as loading, and its source text for positions.
pub fn read_value(
    input: &Input,
    max_input_size: u64,
) -> Result<(Arc<SourceText>, Value), Vec<Finding>> {
    let source = source::read(input, max_input_size).map_err(|f| vec![f])?;
    let value = source::parse(&source)?;
    Ok((source, value))
}

/// Loads an input from disk or standard input.
pub fn load(input: &Input, options: &LoadOptions) -> Result<Loaded, Vec<Finding>> {
    let mut source = source::read(input, options.max_input_size).map_err(|f| vec![f])?;
    let (uri, stem) = match input {
        Input::File(path) => (file_uri(path), stem_of(path)),
        Input::Part(path, at) => {
            source = selected(&source, input, at, options)?;
            let token = at.rsplit('/').next().map(pointer::unescape);
            let stem = token
                .filter(|t| !t.is_empty())
                .unwrap_or_else(|| stem_of(path));
            (file_uri(path), stem)
        }
        // Relative references from standard input resolve against the current directory.
        Input::Stdin => (file_uri(Path::new("<stdin>")), "stdin".to_owned()),
    };
    let mut fetch = DiskFetch {
        max_input_size: options.max_input_size,
    };
    load_source(source, uri, &stem, options, &mut fetch)
}

/// Loads a document held in memory, `bytes` named `name` in diagnostics, as [`load`] loads a
/// file (the same limits, decoding and findings) but reading no other file: a reference to one
/// is refused (`stitch::load::read`). Relative references resolve against the current
/// directory, as for standard input. For programs that build their schemas, and for fuzzing.
pub fn load_bytes(
    name: &str,
    bytes: Vec<u8>,
    options: &LoadOptions,
) -> Result<Loaded, Vec<Finding>> {
    if bytes.len() as u64 > options.max_input_size {
        return Err(vec![source::too_large(
            name,
            Some(bytes.len() as u64),
            options.max_input_size,
        )]);
    }
    let source = source::decode(name.to_owned(), bytes).map_err(|f| vec![f])?;
    load_source(
        source,
        file_uri(Path::new(name)),
        "schema",
        options,
        &mut NoFetch,
    )
}

/// Reads no file: what [`load_bytes`] resolves references with.
struct NoFetch;

impl refs::Fetch for NoFetch {
    fn fetch(&mut self, path: &Path) -> Result<Arc<SourceText>, Finding> {
        let name = path.display().to_string();
        Err(Finding::error(
            codes::READ,
            format!("cannot read `{name}`: a document loaded from memory reads no other file"),
        )
        .in_file(&name))
    }
}

/// C1: loads a file a directory walk found, or `Ok(None)` when it does not look like a schema
/// or a tool ([`looks_checkable`]); a file that is not JSON is an error either way.
pub fn load_if_checkable(
    path: &Path,
    options: &LoadOptions,
) -> Result<Option<Loaded>, Vec<Finding>> {
    let (source, value) = read_value(&Input::File(path.to_path_buf()), options.max_input_size)?;
    if !looks_checkable(&value) {
        return Ok(None);
    }
    load_read(path, source, value, options).map(Some)
}

/// Loads the file at `path` as [`load`] does, from its text and document as [`read_value`]
/// gave them: for a caller that looks at the document before it decides to load it, so that
/// the file is read once.
pub fn load_read(
    path: &Path,
    source: Arc<SourceText>,
    value: Value,
    options: &LoadOptions,
) -> Result<Loaded, Vec<Finding>> {
    let mut fetch = DiskFetch {
        max_input_size: options.max_input_size,
    };
    load_parsed(
        source,
        value,
        file_uri(path),
        &stem_of(path),
        options,
        &mut fetch,
    )
}

/// L8: the schema at `at` in the file read into `source`, as a source text of its own (named
/// `FILE#pointer`), with the definitions it needs (`select`).
fn selected(
    source: &Arc<SourceText>,
    input: &Input,
    at: &str,
    options: &LoadOptions,
) -> Result<Arc<SourceText>, Vec<Finding>> {
    let whole = source::parse(source)?;
    let decoded = crate::schema::pointer::percent_decoded(at);
    let schema = select::select(&whole, &decoded, options.draft).map_err(|message| {
        // The longest prefix of the pointer that names something, underlined.
        let mut known = decoded.as_str();
        while !known.is_empty() && whole.pointer(known).is_none() {
            known = known.rsplit_once('/').map_or("", |(head, _)| head);
        }
        let mut help = "name a schema with FILE#/json/pointer, tokens separated by `/` (`~1` for a `/` in a key, `~0` for `~`)".to_owned();
        // What is there instead, where the pointer went astray.
        if let Some(Value::Object(map)) = whole.pointer(known) {
            let keys: Vec<String> = map.keys().take(12).map(|k| format!("`{k}`")).collect();
            let more = if map.len() > keys.len() { ", …" } else { "" };
            help.push_str(&format!("; `#{known}` has {}{more}", keys.join(", ")));
        }
        let finding = Finding::error(codes::POINTER, message)
            .in_source(source)
            .at(known.to_owned())
            .with_help(help);
        // Underlining the whole document would print all of it.
        if known.is_empty() {
            return vec![finding];
        }
        vec![finding.with_span(Locator::new(&source.text).span(known, Part::Key))]
    })?;
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    Ok(Arc::new(SourceText {
        name: input.name(),
        text: text.into(),
    }))
}

/// [`load`], then [`compile_findings`]: for commands that validate.
pub fn load_compiled(input: &Input, options: &LoadOptions) -> Result<Loaded, Vec<Finding>> {
    compiled(load(input, options)?)
}

/// `loaded`, or the [`compile_findings`] that refuse it: for commands that validate.
pub fn compiled(loaded: Loaded) -> Result<Loaded, Vec<Finding>> {
    let refused = compile_findings(&loaded);
    if refused.is_empty() {
        Ok(loaded)
    } else {
        Err(refused)
    }
}

/// Loads a document stitch made from `like` (a presentation) as if it stood where `like` does:
/// the same URI, kind and draft, with the files its references name read from disk.
pub fn load_derived(
    text: String,
    like: &Loaded,
    options: &LoadOptions,
) -> Result<Loaded, Vec<Finding>> {
    load_derived_as(text, like, options, like.input().draft)
}

/// [`load_derived`], read as `draft`: a presentation a target converted to its own draft.
pub fn load_derived_as(
    text: String,
    like: &Loaded,
    options: &LoadOptions,
    draft: Draft,
) -> Result<Loaded, Vec<Finding>> {
    let input = like.input();
    let source = Arc::new(SourceText {
        name: format!("{} (presentation)", input.source.name),
        text: text.into(),
    });
    let stem = match &like.contents {
        Contents::Schema { name } => name.clone(),
        _ => "schema".to_owned(),
    };
    let options = LoadOptions {
        input_kind: Some(like.contents.kind()),
        draft: Some(draft),
        ..options.clone()
    };
    let mut fetch = DiskFetch {
        max_input_size: options.max_input_size,
    };
    load_source(source, input.uri.clone(), &stem, &options, &mut fetch)
}

/// Loads `text`, a bare schema stitch wrote (a presentation a manifest records), named `name`,
/// as if it stood at `uri` (its references resolve from there), read as `draft`.
pub fn load_schema_text(
    text: String,
    name: String,
    uri: Url,
    draft: Draft,
    options: &LoadOptions,
) -> Result<Loaded, Vec<Finding>> {
    let source = Arc::new(SourceText {
        name,
        text: text.into(),
    });
    let options = LoadOptions {
        input_kind: Some(InputKind::Schema),
        draft: Some(draft),
        ..options.clone()
    };
    let mut fetch = DiskFetch {
        max_input_size: options.max_input_size,
    };
    load_source(source, uri, "schema", &options, &mut fetch)
}

/// Loads a source already in memory, with `uri` as its base and `fetch` to read what its
/// references name. `stem` names a bare schema.
pub fn load_source(
    source: Arc<SourceText>,
    uri: Url,
    stem: &str,
    options: &LoadOptions,
    fetch: &mut dyn refs::Fetch,
) -> Result<Loaded, Vec<Finding>> {
    let value = source::parse(&source)?;
    load_parsed(source, value, uri, stem, options, fetch)
}

/// [`load_source`], for a source already parsed into `value`.
fn load_parsed(
    source: Arc<SourceText>,
    value: serde_json::Value,
    uri: Url,
    stem: &str,
    options: &LoadOptions,
    fetch: &mut dyn refs::Fetch,
) -> Result<Loaded, Vec<Finding>> {
    // L8: an API description given whole is not a schema.
    if options.input_kind.is_none()
        && let Some((api, what)) = select::ApiKind::of(&value)
    {
        return Err(vec![api_refusal(&source, &value, api, &what)]);
    }
    let contents = kind::detect(&value, options.input_kind, stem).map_err(|e| {
        let span = Locator::new(&source.text).span(&e.pointer, Part::Value);
        vec![
            Finding::error(codes::INPUT_KIND, e.message)
                .in_source(&source)
                .at(e.pointer)
                .with_span(span)
                .with_help(
                    "name the kind with --input-kind schema|tool|tools if detection is wrong",
                ),
        ]
    })?;
    let mut findings = Vec::new();
    // The draft: forced, else each schema's own `$schema` (for a tool, its input schema's).
    let draft_source = contents
        .schemas()
        .first()
        .and_then(|(_, p)| value.pointer(p))
        .unwrap_or(&value);
    let (draft, unknown) = draft::detect(draft_source, options.draft);
    if let Some(unknown) = unknown {
        let at = contents
            .schemas()
            .first()
            .map_or(String::new(), |(_, p)| p.to_string());
        let pointer = pointer::push(&at, "$schema");
        let span = Locator::new(&source.text).span(&pointer, Part::Value);
        findings.push(
            Finding::warning(
                codes::UNKNOWN_DRAFT,
                format!("`{unknown}` names no draft stitch knows; reading the document as 2020-12"),
            )
            .in_source(&source)
            .at(pointer)
            .with_span(span)
            .with_help("name the draft with --draft 4|6|7|2019-09|2020-12"),
        );
    }
    if let Some(finding) = mixed_drafts(&source, &value, &contents, draft, options.draft) {
        return Err(vec![finding]);
    }
    let roots: Vec<String> = contents
        .schemas()
        .iter()
        .map(|(_, p)| p.to_string())
        .collect();
    let root_refs: Vec<&str> = roots.iter().map(String::as_str).collect();
    let input = Document {
        source,
        value,
        uri,
        draft,
    };
    let resolution = refs::resolve(input, &root_refs, &options.ref_map, fetch);
    let (errors, others): (Vec<Finding>, Vec<Finding>) = resolution
        .findings
        .into_iter()
        .partition(|f| f.severity == crate::diagnostic::Severity::Error);
    findings.extend(others);
    if !errors.is_empty() {
        return Err(errors);
    }
    let (pattern_errors, pattern_warnings): (Vec<Finding>, Vec<Finding>) =
        pattern_findings(&resolution.documents, &resolution.patterns)
            .into_iter()
            .partition(|f| f.severity == crate::diagnostic::Severity::Error);
    if !pattern_errors.is_empty() {
        return Err(pattern_errors);
    }
    findings.extend(pattern_warnings);
    Ok(Loaded {
        documents: resolution.documents,
        contents,
        references: resolution.references,
        findings,
    })
}

/// L2: a tool list is read in one draft, its first tool's. A later tool whose own `$schema`
/// names a draft that reads some keyword of its schema differently is refused: read in the
/// list's draft it would mean something else (a draft-07 `dependencies` asserting nothing
/// under 2020-12), and every proof about it would be about another schema. `--draft` chooses
/// for the whole list.
fn mixed_drafts(
    source: &Arc<SourceText>,
    value: &Value,
    contents: &kind::Contents,
    draft: Draft,
    forced: Option<Draft>,
) -> Option<Finding> {
    if forced.is_some() {
        return None;
    }
    contents.schemas().iter().skip(1).find_map(|&(name, at)| {
        let schema = value.pointer(at)?;
        let (own, _) = draft::detect(schema, None);
        let differs = crate::schema::walk::first_difference(schema, own, draft)?;
        let pointer = format!("{at}{differs}");
        let span = Locator::new(&source.text).span(&pointer, Part::Key);
        Some(
            Finding::error(
                codes::MIXED_DRAFTS,
                format!(
                    "tool `{name}` names draft {own}, but this list is read as draft {draft} \
                     (its first tool's), which reads `{}` differently",
                    pointer::unescape(differs.rsplit('/').next().unwrap_or_default())
                ),
            )
            .in_source(source)
            .at(pointer)
            .with_span(span)
            .with_help(format!(
                "put tool `{name}` in a file of its own, or read the whole list in one draft with --draft"
            )),
        )
    })
}

/// The refusal of an API description given whole, naming the `FILE#/pointer` form and the
/// first few schemas it holds.
fn api_refusal(
    source: &Arc<SourceText>,
    value: &Value,
    api: select::ApiKind,
    what: &str,
) -> Finding {
    let name = &source.name;
    let at = api.schemas_pointer();
    let names: Vec<String> = value
        .pointer(at)
        .and_then(Value::as_object)
        .map(|m| {
            m.keys()
                .take(3)
                .map(|k| format!("`{name}#{at}/{}`", pointer::escape(k)))
                .collect()
        })
        .unwrap_or_default();
    let help = if names.is_empty() {
        format!(
            "name one of its schemas as `{name}#/json/pointer` (OpenAPI 3 keeps them under `{name}#/components/schemas/<Name>`)"
        )
    } else {
        format!(
            "name one of its schemas as `{name}#/json/pointer`, e.g. {}",
            names.join(", ")
        )
    };
    let key = ["openapi", "swagger", "asyncapi"]
        .into_iter()
        .find(|k| value.get(*k).is_some())
        .unwrap_or("openapi");
    let pointer = pointer::push("", key);
    let span = Locator::new(&source.text).span(&pointer, Part::Key);
    Finding::error(
        codes::API_DOCUMENT,
        format!("`{name}` is {what}, not a schema: pick one of its schemas with `{name}#/pointer`"),
    )
    .in_source(source)
    .at(pointer)
    .with_span(span)
    .with_help(help)
}

/// L5: every regular expression is ECMA-262, checked once per distinct expression before any
/// validator or regex engine meets it at validation time.
fn pattern_findings(documents: &[Document], patterns: &[refs::Pattern]) -> Vec<Finding> {
    // Each distinct expression is parsed once, here: a second thread for half of them cost
    // more than the parse it took over, even for utcm-monitor.json's 457 (its first
    // allocation takes fresh pages of its own; tsconfig.json's 21: flatten --no-verify
    // 4.05 -> 3.59 ms; bench/README.md, session 16).
    let mut verdicts: std::collections::HashMap<&str, bool> = std::collections::HashMap::new();
    let mut findings = Vec::new();
    for pattern in patterns {
        let regex = pattern.regex.as_str();
        let first = !verdicts.contains_key(regex);
        let valid = *verdicts
            .entry(regex)
            .or_insert_with(|| validate::pattern_is_valid(regex));
        let source = &documents[pattern.doc].source;
        let part = if pattern.is_key {
            Part::Key
        } else {
            Part::Value
        };
        if valid {
            // Read without the `u` flag, as JSON Schema reads it; said once per expression.
            if first && let Some(escape) = crate::schema::pattern::refused_with_u(regex) {
                findings.push(
                    Finding::of(
                        codes::PATTERN_DIALECT,
                        format!(
                            "`{regex}` uses `{escape}`, which ECMA-262 reads as a plain character without the `u` flag (as stitch does) and refuses with it (as ajv does by default)"
                        ),
                    )
                    .in_source(source)
                    .with_span(Locator::new(&source.text).span(&pattern.pointer, part))
                    .at(pattern.pointer.clone()),
                );
            }
            continue;
        }
        findings.push(
            Finding::error(
                codes::INVALID_PATTERN,
                format!("`{}` is not an ECMA-262 regular expression", pattern.regex),
            )
            .in_source(source)
            .with_span(Locator::new(&source.text).span(&pattern.pointer, part))
            .with_label("invalid regular expression")
            .at(pattern.pointer.clone()),
        );
    }
    findings
}

/// The first `pattern` value under `value` (a subschema the validator refused) that is not
/// an ECMA-262 regular expression as the validator reads it.
fn invalid_pattern_in(value: &Value) -> Option<String> {
    let mut stack = vec![value];
    while let Some(node) = stack.pop() {
        match node {
            Value::Object(map) => {
                if let Some(Value::String(regex)) = map.get("pattern")
                    && !validate::pattern_is_valid(regex)
                {
                    return Some(regex.clone());
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    None
}

/// The longest validator message a finding quotes, in characters: it may hold the whole
/// subschema it refused.
const MESSAGE_CHARS: usize = 300;

/// `message` cut to [`MESSAGE_CHARS`], saying how much was left out.
fn shortened(message: &str) -> String {
    let count = message.chars().count();
    if count <= MESSAGE_CHARS {
        return message.to_owned();
    }
    let head: String = message.chars().take(MESSAGE_CHARS).collect();
    format!("{head}… ({} more characters)", count - MESSAGE_CHARS)
}

/// Compiles each schema of the input with the validator, turning what it refuses (a keyword
/// whose value has the wrong shape, say) into findings at the offending keyword. Loading does not
/// do this — it costs more than everything else loading does — so commands that validate, and
/// `inspect`, call it.
pub fn compile_findings(loaded: &Loaded) -> Vec<Finding> {
    let roots: Vec<String> = loaded
        .contents
        .schemas()
        .iter()
        .map(|(_, p)| p.to_string())
        .collect();
    let input = loaded.input();
    let uris: Vec<String> = loaded.documents.iter().map(|d| d.uri.to_string()).collect();
    let resources: Vec<validate::Resource<'_>> = loaded.documents[1..]
        .iter()
        .zip(&uris[1..])
        .map(|(d, uri)| validate::Resource {
            uri,
            value: &d.value,
            draft: d.draft,
        })
        .collect();
    let metas = loaded.names_a_meta_schema();
    let mut findings = Vec::new();
    for root in &roots {
        let Some(schema) = input.value.pointer(root) else {
            continue;
        };
        if let Err(e) = Validator::compile(schema, input.draft, &uris[0], &resources, metas) {
            let pointer = e.pointer.as_deref().map(|p| format!("{root}{p}"));
            let span = pointer
                .as_deref()
                .and_then(|p| Locator::new(&input.source.text).span(p, Part::Value));
            let offending = pointer.as_deref().and_then(|p| input.value.pointer(p));
            // A pattern the validator refuses inside a larger subschema it names whole: the
            // pattern itself is the finding (issue 39), and a message never quotes more than
            // a line of the schema.
            let inner = match (offending, e.is_pattern) {
                (Some(serde_json::Value::String(regex)), true) => Some(regex.clone()),
                (Some(value), _) => invalid_pattern_in(value),
                _ => None,
            };
            let (code, message, label) = match inner {
                Some(regex) => (
                    codes::INVALID_PATTERN,
                    format!("`{regex}` is not an ECMA-262 regular expression"),
                    "invalid regular expression",
                ),
                None => (
                    codes::INVALID_SCHEMA,
                    shortened(&e.message),
                    "the validator rejects this",
                ),
            };
            let mut finding = Finding::error(code, message)
                .in_source(&input.source)
                .with_span(span)
                .with_label(label);
            if let Some(pointer) = pointer {
                finding = finding.at(pointer);
            }
            findings.push(finding);
        }
    }
    findings
}

/// The `file://` URI of a path, made absolute against the current directory, with `.` and
/// `..` segments removed as RFC 3986 removes them (and as the validator does: a URI with
/// `../` in it would name another resource than the one it reports).
pub fn file_uri(path: &Path) -> Url {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| PathBuf::from("/").join(path));
    Url::from_file_path(&absolute)
        .ok()
        .and_then(|uri| Url::parse(uri.as_str()).ok())
        .unwrap_or_else(|| Url::parse("file:///stitch-input.json").expect("a valid literal URI"))
}

/// A file's stem, the name of a bare schema (L1).
fn stem_of(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "schema".to_owned())
}

/// Loading a document from text in unit tests: no files beside it.
#[cfg(test)]
pub(crate) mod testing {
    use std::sync::Arc;

    use crate::diagnostic::{Finding, SourceText, codes};

    /// `text` loaded as `file:///t.json`, with default options.
    pub fn loaded(text: &str) -> super::Loaded {
        let source = Arc::new(SourceText {
            name: "t.json".to_owned(),
            text: text.into(),
        });
        struct NoFiles;
        impl super::refs::Fetch for NoFiles {
            fn fetch(&mut self, path: &std::path::Path) -> Result<Arc<SourceText>, Finding> {
                Err(Finding::error(codes::READ, path.display().to_string()))
            }
        }
        super::load_source(
            source,
            url::Url::parse("file:///t.json").expect("a URL"),
            "t",
            &super::LoadOptions::default(),
            &mut NoFiles,
        )
        .expect("the test document loads")
    }
}

#[cfg(test)]
mod tests {
    use super::compile_findings;
    use super::testing::loaded;

    /// The loader records a reference that names a meta-schema, and compiling asks for it: a
    /// validator built without the bundled meta-schemas cannot resolve one of another draft.
    #[test]
    fn a_reference_to_a_meta_schema_is_recorded_and_compiles() {
        for (text, names) in [
            (
                r#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "http://json-schema.org/draft-07/schema#"}"#,
                true,
            ),
            (
                r#"{"properties": {"s": {"$ref": "https://json-schema.org/draft/2020-12/schema"}}}"#,
                true,
            ),
            (
                r##"{"$defs": {"a": {"type": "string"}}, "$ref": "#/$defs/a"}"##,
                false,
            ),
            // `$schema` names the draft; it is not a reference.
            (
                r#"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"}"#,
                false,
            ),
        ] {
            let loaded = loaded(text);
            assert_eq!(loaded.names_a_meta_schema(), names, "{text}");
            let refused: Vec<String> = compile_findings(&loaded)
                .into_iter()
                .map(|f| f.message)
                .collect();
            assert_eq!(refused, Vec::<String>::new(), "{text}");
        }
    }
}
