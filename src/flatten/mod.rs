//! Flattening (SPEC §3): a contract in, a presentation and its notes out — pure, deterministic,
//! and never narrowing. Whatever no rule keeps soundly is dropped and noted; when in doubt a
//! union is left in place (F3).
//!
//! | module | owns |
//! |---|---|
//! | `root` | the walk at the root (F1): a root `$ref`, union or `allOf` |
//! | `deep` | the unions below the root that `--deep` flattens (F2) |
//! | `union` | one union: its branches followed and read, or left in place (F3, F5) |
//! | `object` | reading a schema as one object (F5) and merging `allOf` conjuncts (F9) |
//! | `flat` | the flat object: discriminator, keys, other keys, node assembly (F4, F6, F8, F12) |
//! | `join` | joining colliding property schemas (F7) |
//! | `merge` | the same in `--collisions merge` mode (F7.4) |
//! | `describe` | the per-field guidance (F10) |
//! | `hoist`, `rebase` | references kept true when their targets move (F13) |
//!
//! Imports point one way — root/deep → union → flat → join — with **one intended recursion**:
//! `join` → `merge` → `flat` → `join`. An object join in `merge` mode builds a flat object of
//! its own, whose colliding keys are joined again; `merge` bounds the depth (16 levels).

mod branches;
mod deep;
mod describe;
mod flat;
mod hoist;
mod join;
pub mod keywords;
mod losses;
mod merge;
mod object;
mod positions;
mod rebase;
mod root;
mod union;
mod unused;

pub use rebase::rebase;

use std::borrow::Cow;

use serde_json::Value;

use crate::diagnostic::codes;
use crate::diagnostic::{Anchor, Code, Finding};
use crate::document::Loaded;
use crate::schema::keywords::{is_annotation, is_definitions};
use crate::schema::{Draft, Semantics, pointer};

/// The pointers (relative to `schema`) of every schema it reaches through positive steps only
/// (F2): widening one of them widens `schema`. What a target's widening rewrites may touch.
pub fn positive_positions(schema: &Value, draft: Draft) -> std::collections::HashSet<String> {
    positions::reach(schema, draft)
        .colors
        .into_iter()
        .filter(|(_, colors)| *colors == positions::POSITIVE)
        .map(|(at, _)| at)
        .collect()
}

/// The pointers (relative to `schema`) that [`positive_positions`] would give once every
/// `oneOf` among them is an `anyOf`: where `oneOf` → `anyOf` may be applied all at once. A
/// `oneOf` whose branches reach it again (a recursive union) is positive here, though each of
/// its rewrites alone would leave the others negative.
pub fn positive_positions_with_any_of(
    schema: &Value,
    draft: Draft,
) -> std::collections::HashSet<String> {
    positions::reach_with(schema, draft, true)
        .colors
        .into_iter()
        .filter(|(_, colors)| *colors == positions::POSITIVE)
        .map(|(at, _)| at)
        .collect()
}

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

/// What flattening one document reads: the user's choices and the document's draft.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Settings {
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
    /// The settings for a document of `draft`.
    pub(crate) fn settings(self, draft: Draft) -> Settings {
        Settings {
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
    /// The edit that would let the union be flattened, when there is one.
    pub fix: Option<Fix>,
}

impl Note {
    /// What the author can do, when something can be done.
    pub fn help(&self) -> Option<String> {
        self.fix.as_ref().map(Fix::help)
    }
}

/// An edit to the contract after which a union left in place is flattened (F3). Every hint
/// `flatten` prints is one of these, so that following it literally is a test
/// (`tests/hints.rs`): the edit is applied and the contract flattened again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fix {
    /// Add `"type": "object"` to the schema at this pointer (relative to the schema's root).
    AddObjectType(String),
}

impl Fix {
    /// The hint, in words.
    pub fn help(&self) -> String {
        match self {
            Fix::AddObjectType(at) => format!(
                "if `#{at}` only takes objects, add `\"type\": \"object\"` to it and the union is flattened"
            ),
        }
    }

    /// Makes the edit in `schema` (the schema the note's pointers are relative to); false when
    /// the place is gone or not a schema object.
    pub fn apply(&self, schema: &mut Value) -> bool {
        match self {
            Fix::AddObjectType(at) => match schema.pointer_mut(at) {
                Some(Value::Object(map)) => {
                    map.insert("type".to_owned(), Value::String("object".to_owned()));
                    true
                }
                _ => false,
            },
        }
    }
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
            fix: None,
        });
    }

    pub(crate) fn not_flattened(
        &mut self,
        pointer: &str,
        message: impl Into<String>,
        fix: Option<Fix>,
    ) {
        self.0.push(Note {
            code: codes::NOT_FLATTENED,
            pointer: pointer.to_owned(),
            message: message.into(),
            fix,
        });
    }

    pub(crate) fn flattened(&mut self, pointer: &str, message: impl Into<String>) {
        self.0.push(Note {
            code: codes::FLATTENED,
            pointer: pointer.to_owned(),
            message: message.into(),
            fix: None,
        });
    }
}

/// What the flattener needs to read a contract: its root (for local references) and settings.
pub(crate) struct Reader<'a> {
    pub root: &'a Value,
    pub settings: Settings,
}

/// The longest chain of root `$ref`s followed (F1); loading has bounded real chains already.
const MAX_ROOT_REFS: usize = 16;

impl Reader<'_> {
    /// The target of a local reference (`#`, `#/pointer`), with its pointer. Anchors, `$id`s
    /// and other files are not followed: a branch behind one cannot be read (F3, F7.5).
    pub(crate) fn resolve(&self, reference: &str) -> Option<(&Value, String)> {
        let decoded = pointer::local(reference)?;
        pointer::get(self.root, &decoded).map(|v| (v, decoded))
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
        self.settings.draft.ref_overrides_siblings()
            || map.keys().all(|k| {
                k == "$ref" || is_annotation(k) || is_definitions(k) || k.starts_with("x-")
            })
    }
}

/// Flattens a contract read as `draft` (SPEC §3). Pure: the same contract and choices give the
/// same bytes.
pub fn flatten(contract: &Value, draft: Draft, choices: Choices) -> Flattened {
    let settings = choices.settings(draft);
    let mut notes = Notes::default();
    let mut schema = if settings.deep {
        deep::flatten_deep(contract, settings, &mut notes)
    } else {
        root::flatten_root(contract, settings, &mut notes)
    };
    unused::remove_unused(contract, &mut schema, &mut notes);
    if !settings.deep {
        notes.0.extend(unions_below(contract, settings));
    }
    Flattened {
        schema,
        notes: notes.0,
    }
}

/// F2: a root with nothing to flatten (not a union or an `allOf`, through its `$ref`s) says so
/// when `--deep` would flatten object unions below it.
fn unions_below(contract: &Value, settings: Settings) -> Option<Note> {
    if !deep::has_union(contract) {
        return None;
    }
    let reader = Reader {
        root: contract,
        settings,
    };
    // The root as F1 sees it: through its local `$ref`s, whatever stands beside them.
    let mut root = contract;
    for _ in 0..MAX_ROOT_REFS {
        let Some((target, _)) = root
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| reader.resolve(r))
        else {
            break;
        };
        root = target;
    }
    if ["oneOf", "anyOf", "allOf"]
        .iter()
        .any(|k| root.get(*k).is_some())
    {
        return None;
    }
    let below = deep::unions_below(contract, settings);
    let unions = match below.len() {
        0 => return None,
        1 => "1 object union below it is left as it is: `--deep` flattens it".to_owned(),
        n => format!("{n} object unions below it are left as they are: `--deep` flattens them"),
    };
    Some(Note {
        code: codes::UNIONS_BELOW,
        pointer: below[0].clone(),
        message: format!("the root has nothing to flatten, but {unions}"),
        fix: None,
    })
}

/// A loaded input with each of its schemas flattened (a tool or tool list stays one), and the
/// notes as findings that point into the input (spans are found when they are shown:
/// `document::locate::fill_spans`). An input with nothing to flatten comes back borrowed.
pub fn flatten_loaded(loaded: &Loaded, choices: Choices) -> (Cow<'_, Value>, Vec<Finding>) {
    let input = loaded.input();
    let mut document: Option<Value> = None;
    let mut findings = Vec::new();
    for (_, at) in loaded.contents.schemas() {
        let Some(schema) = pointer::get(&input.value, at) else {
            continue;
        };
        // F1: only a root union, `allOf` or `$ref` is flattened; with `--deep` (F2), any union.
        let candidate = schema.as_object().is_some_and(|map| {
            ["$ref", "oneOf", "anyOf", "allOf"]
                .iter()
                .any(|k| map.contains_key(*k))
        }) || (choices.deep && deep::has_union(schema));
        let to_finding = |note: &Note| {
            let finding = Finding::of(note.code, note.message.clone())
                .in_source(&input.source)
                .anchored(Anchor::Key)
                .at(format!("{at}{}", note.pointer));
            match note.help() {
                Some(help) => finding.with_help(help),
                None => finding,
            }
        };
        if !candidate {
            if !choices.deep {
                findings.extend(
                    unions_below(schema, choices.settings(input.draft)).map(|n| to_finding(&n)),
                );
            }
            continue;
        }
        let flattened = flatten(schema, input.draft, choices);
        findings.extend(flattened.notes.iter().map(to_finding));
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
