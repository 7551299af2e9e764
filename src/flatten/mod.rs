//! Flattening (SPEC §3): a contract in, a presentation and its notes out — pure, deterministic,
//! and never narrowing.
//!
//! This module owns the walk at the root (F1: unions, `allOf`, `$ref`) and the options;
//! `object` reads schemas as objects (F5, F9), `union` builds the flat object (F4, F6, F8, F12),
//! `join` joins colliding property schemas (F7), `describe` writes the per-field guidance (F10)
//! (`merge` does it for `--collisions merge`), `describe` writes the per-field guidance (F10),
//! `hoist` keeps references true when their targets move (F13) and `deep` finds the unions below
//! the root that `--deep` flattens (F2). Whatever no rule keeps soundly is dropped and noted;
//! when in doubt a union is left in place (F3).

mod deep;
mod describe;
mod hoist;
mod join;
mod merge;
mod object;
mod rebase;
mod union;

pub use rebase::rebase;

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::diagnostic::codes;
use crate::diagnostic::{Anchor, Code, Finding};
use crate::document::Loaded;
use crate::schema::keywords::{is_annotation, is_definitions, is_identity};
use crate::schema::{Draft, Semantics};

/// How colliding property schemas of different kinds are joined (F7.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collisions {
    /// An `anyOf` of the distinct branch schemas.
    AnyOf,
    /// No `anyOf`/`oneOf` introduced: objects join recursively, arrays position by position,
    /// mixed kinds as a `type` array.
    Merge,
}

impl Collisions {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Collisions::AnyOf => "anyof",
            Collisions::Merge => "merge",
        }
    }
}

/// Flattening options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The contract's draft (L2); the presentation keeps it.
    pub draft: Draft,
    /// `--semantics`.
    pub semantics: Semantics,
    /// `--collisions`.
    pub collisions: Collisions,
    /// `--deep`: object unions below the root are flattened too, at positive positions (F2).
    pub deep: bool,
}

/// What the user chooses about flattening; the draft comes from each document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choices {
    /// `--semantics`.
    pub semantics: Semantics,
    /// `--collisions`.
    pub collisions: Collisions,
    /// `--deep`.
    pub deep: bool,
}

impl Default for Choices {
    fn default() -> Self {
        Choices {
            semantics: Semantics::Declared,
            collisions: Collisions::AnyOf,
            deep: false,
        }
    }
}

impl Choices {
    /// The options for a document of `draft`.
    pub fn options(self, draft: Draft) -> Options {
        Options {
            draft,
            semantics: self.semantics,
            collisions: self.collisions,
            deep: self.deep,
        }
    }
}

/// One remark of the flattener: what it widened or left in place, and where in the contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// `NOT_FLATTENED`, `WIDENED` or `FLATTENED` of [`crate::diagnostic::codes`].
    pub code: Code,
    /// JSON Pointer into the contract (relative to the schema's root).
    pub pointer: String,
    /// What happened.
    pub message: String,
    /// What the author can do, when something can be done.
    pub help: Option<String>,
}

/// A presentation and its notes.
#[derive(Debug, Clone, PartialEq)]
pub struct Flattened {
    /// The presentation schema.
    pub schema: Value,
    /// Every widening and every union left in place.
    pub notes: Vec<Note>,
}

/// The notes of one run, in the order made.
#[derive(Debug, Default)]
pub(crate) struct Notes(pub Vec<Note>);

impl Notes {
    pub(crate) fn widened(&mut self, pointer: &str, message: impl Into<String>) {
        self.0.push(Note {
            code: codes::WIDENED,
            pointer: pointer.to_owned(),
            message: message.into(),
            help: None,
        });
    }

    pub(crate) fn not_flattened(
        &mut self,
        pointer: &str,
        message: impl Into<String>,
        help: Option<String>,
    ) {
        self.0.push(Note {
            code: codes::NOT_FLATTENED,
            pointer: pointer.to_owned(),
            message: message.into(),
            help,
        });
    }

    pub(crate) fn flattened(&mut self, pointer: &str, message: impl Into<String>) {
        self.0.push(Note {
            code: codes::FLATTENED,
            pointer: pointer.to_owned(),
            message: message.into(),
            help: None,
        });
    }
}

/// What the flattener needs to read a contract: its root (for local references) and options.
pub(crate) struct Reader<'a> {
    pub root: &'a Value,
    pub options: Options,
}

/// The longest chain of root `$ref`s followed (F1); loading has bounded real chains already.
const MAX_ROOT_REFS: usize = 16;

impl Reader<'_> {
    /// The target of a local reference (`#`, `#/pointer`), with its pointer. Anchors, `$id`s
    /// and other files are not followed: a branch behind one cannot be read (F3, F7.5).
    pub(crate) fn resolve(&self, reference: &str) -> Option<(&Value, String)> {
        let fragment = reference.strip_prefix('#')?;
        let decoded = percent_encoding::percent_decode_str(fragment)
            .decode_utf8()
            .ok()?
            .into_owned();
        if !decoded.is_empty() && !decoded.starts_with('/') {
            return None;
        }
        self.root.pointer(&decoded).map(|v| (v, decoded))
    }

    /// `schema` with a lone local `$ref` followed (repeatedly), and where it ended.
    pub(crate) fn follow<'s>(&'s self, schema: &'s Value, at: &str) -> Option<(&'s Value, String)> {
        let mut current = (schema, at.to_owned());
        for _ in 0..MAX_ROOT_REFS {
            match current.0.get("$ref").and_then(Value::as_str) {
                Some(reference) if self.ref_replaces(current.0) => {
                    current = self.resolve(reference)?;
                }
                Some(_) => return None,
                None => return Some(current),
            }
        }
        None
    }

    /// True when `schema` is a `$ref` whose siblings assert nothing, so it *is* its target: in
    /// drafts up to 7 siblings are ignored; later, only annotations and definitions may stand
    /// beside it.
    pub(crate) fn ref_replaces(&self, schema: &Value) -> bool {
        let Some(map) = schema.as_object() else {
            return false;
        };
        self.options.draft.ref_overrides_siblings()
            || map.keys().all(|k| {
                k == "$ref" || is_annotation(k) || is_definitions(k) || k.starts_with("x-")
            })
    }
}

/// Flattens a contract (SPEC §3). Pure: the same contract and options give the same bytes.
pub fn flatten(contract: &Value, options: Options) -> Flattened {
    let mut notes = Notes::default();
    let schema = if options.deep {
        deep::flatten_deep(contract, options, &mut notes)
    } else {
        flatten_root(contract, options, &mut notes)
    };
    Flattened {
        schema,
        notes: notes.0,
    }
}

pub(crate) fn flatten_root(contract: &Value, options: Options, notes: &mut Notes) -> Value {
    let Value::Object(_) = contract else {
        return contract.clone();
    };
    // F1: a root `$ref` is replaced by its target; definitions stay.
    // Borrowed until something is replaced: flattening builds a new object anyway.
    let mut root = Cow::Borrowed(contract);
    for _ in 0..MAX_ROOT_REFS {
        match replace_root_ref(&root, options, notes) {
            Some(replaced) => root = Cow::Owned(replaced),
            None => break,
        }
    }
    let (has_one_of, has_any_of, has_all_of) = match root.as_object() {
        Some(map) => (
            map.contains_key("oneOf"),
            map.contains_key("anyOf"),
            map.contains_key("allOf"),
        ),
        None => return root.into_owned(),
    };
    if has_one_of && has_any_of {
        notes.not_flattened(
            "",
            "the root has both `oneOf` and `anyOf`; the union is left in place",
            Some("combine them into one union".to_owned()),
        );
        return root.into_owned();
    }
    if has_one_of || has_any_of {
        let keyword = if has_one_of { "oneOf" } else { "anyOf" };
        return match union::flatten_union(&root, "", keyword, None, options, notes) {
            Some(replacement) => replacement.node,
            None => root.into_owned(),
        };
    }
    if has_all_of {
        return object::flatten_all_of(&root, options, notes).unwrap_or_else(|| root.into_owned());
    }
    root.into_owned()
}

/// F1: the root with its `$ref` replaced by the target's keywords, or `None` when the root has
/// no local `$ref` to replace. Siblings that assert (2019-09 on) make it an `allOf` of the
/// target and the siblings, which F9 merges.
fn replace_root_ref(root: &Value, options: Options, notes: &mut Notes) -> Option<Value> {
    let map = root.as_object()?;
    let reference = map.get("$ref")?.as_str()?;
    let reader = Reader { root, options };
    let Some((target, target_pointer)) = reader.resolve(reference) else {
        notes.not_flattened(
            "/$ref",
            format!(
                "the root `$ref` `{reference}` is not a local reference, so it is left in place"
            ),
            None,
        );
        return None;
    };
    let Value::Object(target_map) = target else {
        return None;
    };
    let keep =
        |k: &str| is_annotation(k) || is_definitions(k) || is_identity(k) || k.starts_with("x-");
    let asserting: Map<String, Value> = if options.draft.ref_overrides_siblings() {
        Map::new()
    } else {
        map.iter()
            .filter(|(k, _)| *k != "$ref" && !keep(k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    };
    let mut out = Map::new();
    for (key, value) in map {
        if key == "$ref" {
            if asserting.is_empty()
                && options.draft.ref_overrides_siblings()
                && target_map.contains_key("$ref")
            {
                // The target is itself a reference, whose siblings drafts up to 7 ignore: only
                // its `$ref` is taken, and the next round follows it.
                out.insert("$ref".to_owned(), target_map["$ref"].clone());
            } else if asserting.is_empty() {
                for (k, v) in target_map {
                    if !map.contains_key(k) && !is_definitions(k) {
                        out.insert(k.clone(), v.clone());
                    }
                }
            } else {
                out.insert(
                    "allOf".to_owned(),
                    Value::Array(vec![
                        Value::Object(target_map.clone()),
                        Value::Object(asserting.clone()),
                    ]),
                );
            }
        } else if keep(key) {
            out.insert(key.clone(), value.clone());
        }
        // Other siblings: ignored by drafts up to 7 (dropping them changes nothing), or moved
        // into the `allOf` above.
    }
    notes.flattened(
        "/$ref",
        format!("the root `$ref` is replaced by its target `#{target_pointer}`"),
    );
    Some(Value::Object(out))
}

/// A loaded input with each of its schemas flattened (a tool or tool list stays one), and the
/// notes as findings that point into the input (spans are found when they are shown:
/// `document::locate::fill_spans`). An input with nothing to flatten comes back borrowed.
pub fn flatten_loaded(loaded: &Loaded, choices: Choices) -> (Cow<'_, Value>, Vec<Finding>) {
    let input = loaded.input();
    let mut document: Option<Value> = None;
    let mut findings = Vec::new();
    for (_, at) in loaded.contents.schemas() {
        let Some(schema) = input.value.pointer(at) else {
            continue;
        };
        // F1: only a root union, `allOf` or `$ref` is flattened; with `--deep` (F2), any union.
        let candidate = schema.as_object().is_some_and(|map| {
            ["$ref", "oneOf", "anyOf", "allOf"]
                .iter()
                .any(|k| map.contains_key(*k))
        }) || (choices.deep && deep::has_union(schema));
        if !candidate {
            continue;
        }
        let flattened = flatten(schema, choices.options(input.draft));
        for note in &flattened.notes {
            let full = format!("{at}{}", note.pointer);
            let mut finding = Finding::of(note.code, note.message.clone())
                .in_source(&input.source)
                .anchored(Anchor::Key)
                .at(full);
            if let Some(help) = &note.help {
                finding = finding.with_help(help.clone());
            }
            findings.push(finding);
        }
        if at.is_empty() {
            document = Some(flattened.schema);
        } else if let Some(slot) = document
            .get_or_insert_with(|| input.value.clone())
            .pointer_mut(at)
        {
            *slot = flattened.schema;
        }
    }
    let document = document.map_or(Cow::Borrowed(&input.value), Cow::Owned);
    (document, findings)
}
