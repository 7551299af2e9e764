//! A loaded document set seen from one schema: where each place is, what its references lead
//! to, and how each keyword of a place reads under its document's draft (L2).
//!
//! The prover, the sampler and the closure all work on places ([`Location`]s) of a [`Space`]
//! and read them only through this module, so that every one of them reads `$ref` siblings,
//! draft-4 bounds and array-form `items` the same way. It validates nothing (see
//! `verify::checker`).

use std::sync::{Arc, Mutex};

use foldhash::HashMap;
use serde_json::{Map, Value};

use crate::document::{Loaded, Location};
use crate::schema::bounds::Bound;
use crate::schema::keywords::{self, Application, Kind};
use crate::schema::types::Types;
use crate::schema::{Draft, pointer};

/// A term's places and type mask: what its value list is remembered by.
pub(crate) type EnumKey = (Vec<Location>, Types);

/// The schema under test and the documents around it.
#[derive(Debug)]
pub struct Space<'a> {
    /// What was loaded.
    pub loaded: &'a Loaded,
    /// The schema under test (for a tool, its input schema).
    pub root: Location,
    refs: HashMap<(&'a Location, &'static str), &'a Location>,
    /// The values of each term's `const`/`enum`, deduplicated, once per term: the prover and
    /// the sampler ask again and again, and an enum may hold a million values.
    pub(crate) enumerations: Mutex<HashMap<EnumKey, Arc<Vec<Value>>>>,
    /// The types of each node with a long `enum`, once (`terms::space_types`).
    pub(crate) node_types: Mutex<HashMap<Location, Types>>,
    /// Each place looked up, once: walking a JSON Pointer costs a map lookup per token, and the
    /// sampler asks for the same places again and again (issue 16).
    values: Mutex<HashMap<Location, Option<&'a Value>>>,
    /// How many times each `$dynamicAnchor` name is written in the document set, once.
    dynamic_anchors: std::sync::OnceLock<HashMap<String, usize>>,
}

impl<'a> Space<'a> {
    /// The space of the schema at `root` (a pointer into the input document).
    pub fn new(loaded: &'a Loaded, root: &str) -> Space<'a> {
        let refs = loaded.reference_table();
        Space {
            loaded,
            root: Location {
                doc: 0,
                pointer: root.to_owned(),
            },
            refs,
            enumerations: Mutex::new(HashMap::default()),
            node_types: Mutex::new(HashMap::default()),
            dynamic_anchors: std::sync::OnceLock::new(),
            values: Mutex::new(HashMap::default()),
        }
    }

    /// Where the `$dynamicRef` at `at` leads when that cannot depend on the path by which the
    /// value was reached: its fragment is not a plain name (a pointer), or at most one
    /// `$dynamicAnchor` of that name is written anywhere in the document set, so the dynamic
    /// scope can only find the place the reference resolves to statically (2020-12 §8.2.3.2).
    /// Counting every `"$dynamicAnchor"` key, even one in data, only makes this more cautious.
    pub(crate) fn static_dynamic_target(&self, at: &Location) -> Option<&'a Location> {
        let target = self.target(at, "$dynamicRef")?;
        let reference = self.value(at)?.get("$dynamicRef")?.as_str()?;
        let name = pointer::fragment(reference).unwrap_or_default();
        if name.is_empty() || name.starts_with('/') {
            return Some(target);
        }
        let counts = self.dynamic_anchors.get_or_init(|| {
            let mut counts = HashMap::default();
            let mut stack: Vec<&'a Value> =
                self.loaded.documents.iter().map(|d| &d.value).collect();
            while let Some(value) = stack.pop() {
                match value {
                    Value::Object(map) => {
                        if let Some(Value::String(anchor)) = map.get("$dynamicAnchor") {
                            *counts.entry(anchor.clone()).or_insert(0) += 1;
                        }
                        stack.extend(map.values());
                    }
                    Value::Array(items) => stack.extend(items),
                    _ => {}
                }
            }
            counts
        });
        (counts.get(name.as_str()).copied().unwrap_or(0) <= 1).then_some(target)
    }

    /// The value at a place.
    pub(crate) fn value(&self, at: &Location) -> Option<&'a Value> {
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = values.get(at) {
            return *found;
        }
        let found = self
            .loaded
            .documents
            .get(at.doc)
            .and_then(|d| crate::schema::pointer::get(&d.value, &at.pointer));
        values.insert(at.clone(), found);
        found
    }

    /// The draft a place is read with.
    pub(crate) fn draft(&self, at: &Location) -> Draft {
        self.loaded
            .documents
            .get(at.doc)
            .map_or(Draft::Draft2020_12, |d| d.draft)
    }

    /// Where the reference under `keyword` at `at` leads, if it was resolved.
    pub(crate) fn target(&self, at: &Location, keyword: &'static str) -> Option<&'a Location> {
        self.refs.get(&(at, keyword)).copied()
    }

    /// The registered URI of a document (for the input, of the schema under test) and the
    /// pointer of the resource's root in it.
    pub(crate) fn resource_of(&self, doc: usize) -> (String, &str) {
        let uri = self.loaded.documents[doc].uri.to_string();
        let root = if doc == 0 {
            self.root.pointer.as_str()
        } else {
            ""
        };
        (uri, root)
    }

    /// The URI (with a JSON Pointer fragment) a validator uses to name `at`.
    pub(crate) fn uri_of(&self, at: &Location) -> String {
        let (uri, root) = self.resource_of(at.doc);
        let uri = pointer::without_fragment(&uri).to_owned();
        let relative = at.pointer.strip_prefix(root).unwrap_or(&at.pointer);
        let encoded: String = percent_encoding::utf8_percent_encode(relative, FRAGMENT).collect();
        format!("{uri}#{encoded}")
    }

    /// `at` relative to the root of its resource: what a user sees as the pointer into the
    /// schema they wrote.
    pub(crate) fn relative(&self, at: &Location) -> String {
        let (_, root) = self.resource_of(at.doc);
        at.pointer
            .strip_prefix(root)
            .unwrap_or(&at.pointer)
            .to_owned()
    }

    /// The keywords of the schema object at `at` as its draft reads them: in drafts up to 7 a
    /// `$ref` hides its siblings.
    pub(crate) fn node(&self, at: &Location) -> Option<Node<'a, '_>> {
        match self.value(at)? {
            Value::Object(map) => Some(Node {
                space: self,
                at: at.clone(),
                map,
                draft: self.draft(at),
            }),
            _ => None,
        }
    }
}

/// Characters a JSON Pointer keeps unencoded in a URI fragment.
pub(crate) const FRAGMENT: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'[')
    .add(b']')
    .add(b'\\')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// `map`'s value at `key`. A schema object holds a handful of keys, and comparing them is
/// cheaper than hashing the key with the map's SipHash: the sampler asks at every value it
/// makes, most often for a keyword the object does not have (issue 16).
fn lookup<'m>(map: &'m Map<String, Value>, key: &str) -> Option<&'m Value> {
    const SCANNED: usize = 12;
    if map.len() <= SCANNED {
        map.iter().find_map(|(k, v)| (k == key).then_some(v))
    } else {
        map.get(key)
    }
}

/// One schema object, read per its draft.
#[derive(Clone)]
pub(crate) struct Node<'a, 's> {
    pub space: &'s Space<'a>,
    pub at: Location,
    pub map: &'a Map<String, Value>,
    pub draft: Draft,
}

impl<'a> Node<'a, '_> {
    /// True in drafts up to 7 when the object holds a `$ref`: its other keywords are ignored.
    pub fn ref_only(&self) -> bool {
        self.draft.ref_overrides_siblings() && lookup(self.map, "$ref").is_some()
    }

    /// A keyword's value, if the draft knows the keyword and it is not hidden by `$ref`.
    pub fn get(&self, keyword: &str) -> Option<&'a Value> {
        // Most keywords asked for are absent: the map answers that first (a hot path, issue 16).
        let value = lookup(self.map, keyword)?;
        if !self.draft.is_keyword(keyword) || (self.ref_only() && keyword != "$ref") {
            return None;
        }
        Some(value)
    }

    /// True when the node writes a keyword specific to values of `kind` (F7.4's lists).
    pub fn constrains(&self, kind: Kind) -> bool {
        // The node's own keys, a handful, rather than each keyword of the kind's list: every
        // lookup in the map hashes (the sampler asks at every value it makes, issue 16).
        self.map
            .keys()
            .any(|k| keywords::is_specific_to(k, kind) && self.get(k).is_some())
    }

    /// The place of a keyword's value.
    pub fn child(&self, keyword: &str) -> Location {
        Location {
            doc: self.at.doc,
            pointer: pointer::push(&self.at.pointer, keyword),
        }
    }

    /// The place of `keyword/key`.
    pub fn child_key(&self, keyword: &str, key: &str) -> Location {
        Location {
            doc: self.at.doc,
            pointer: pointer::push(&pointer::push(&self.at.pointer, keyword), key),
        }
    }

    /// The place of `keyword/index`.
    pub fn child_index(&self, keyword: &str, index: usize) -> Location {
        Location {
            doc: self.at.doc,
            pointer: pointer::push_index(&pointer::push(&self.at.pointer, keyword), index),
        }
    }

    /// The `$ref` target, when there is one and it resolved.
    pub fn ref_target(&self) -> Option<&'a Location> {
        self.get("$ref")?;
        self.space.target(&self.at, "$ref")
    }

    /// Where its `$dynamicRef` leads, when that does not depend on the dynamic scope
    /// ([`Space::static_dynamic_target`]): then it reads as a `$ref`.
    pub fn dynamic_target(&self) -> Option<&'a Location> {
        self.get("$dynamicRef")?;
        self.space.static_dynamic_target(&self.at)
    }

    /// The types its own `type`, `const` and `enum` allow.
    pub fn types(&self) -> Types {
        let mut types = Types::ALL;
        match self.get("type") {
            Some(Value::String(t)) => {
                types = types.and(Types::of_name(t, self.draft).unwrap_or(Types::NONE));
            }
            Some(Value::Array(ts)) => {
                let mut set = Types::NONE;
                for t in ts.iter().filter_map(Value::as_str) {
                    set = set.or(Types::of_name(t, self.draft).unwrap_or(Types::NONE));
                }
                types = types.and(set);
            }
            _ => {}
        }
        if let Some(values) = self.enumeration() {
            let mut set = Types::NONE;
            for v in values {
                set = set.or(Types::of_value(v));
                if set == Types::ALL {
                    break;
                }
            }
            types = types.and(set);
        }
        types
    }

    /// The values its own `const` (draft 6 on) or `enum` allow, when it lists them.
    pub fn enumeration(&self) -> Option<&'a [Value]> {
        if let Some(c) = self.get("const") {
            return Some(std::slice::from_ref(c));
        }
        match self.get("enum") {
            Some(Value::Array(values)) => Some(values.as_slice()),
            _ => None,
        }
    }

    /// The lower (or upper) bound on numbers, per draft (draft 4's boolean `exclusive*`).
    pub fn bound(&self, lower: bool) -> Option<Bound> {
        Bound::of(|k| self.get(k), self.draft, lower)
    }

    /// An unsigned integer keyword (`minLength`, `maxItems`, …).
    pub fn count(&self, keyword: &str) -> Option<u64> {
        let value = self.get(keyword)?;
        value.as_u64().or_else(|| {
            value
                .as_f64()
                .filter(|f| *f >= 0.0 && f.fract() == 0.0)
                .map(|f| f as u64)
        })
    }

    /// `required`, as names.
    pub fn required(&self) -> Vec<&'a str> {
        match self.get("required") {
            Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        }
    }

    /// `properties`.
    pub fn properties(&self) -> Option<&'a Map<String, Value>> {
        self.get("properties")?.as_object()
    }

    /// `patternProperties`.
    pub fn pattern_properties(&self) -> Option<&'a Map<String, Value>> {
        self.get("patternProperties")?.as_object()
    }

    /// The tuple part of an array schema (`prefixItems`, or array-form `items` before
    /// 2020-12), with the keyword holding it.
    pub fn prefix(&self) -> (&'a [Value], &'static str) {
        if self.draft.array_items_is_tuple() {
            if let Some(Value::Array(items)) = self.get("items") {
                return (items, "items");
            }
            return (&[], "items");
        }
        match self.get("prefixItems") {
            Some(Value::Array(items)) => (items, "prefixItems"),
            _ => (&[], "prefixItems"),
        }
    }

    /// The schema for items past the tuple, with its keyword: `items` (2020-12, or schema-form
    /// `items` before), else `additionalItems` after an array-form `items`.
    pub fn tail(&self) -> Option<(&'a Value, &'static str)> {
        if self.draft.array_items_is_tuple() {
            return match self.get("items") {
                Some(Value::Array(_)) => {
                    self.get("additionalItems").map(|v| (v, "additionalItems"))
                }
                Some(items) => Some((items, "items")),
                None => None,
            };
        }
        self.get("items").map(|v| (v, "items"))
    }

    /// The in-place subschemas of this node (through applicators and `$ref`, never `not`), as
    /// places: what §1 calls its in-place closure, one step deep.
    pub fn in_place(&self) -> Vec<Location> {
        let mut out = Vec::new();
        if let Some(target) = self.ref_target() {
            out.push(target.clone());
        }
        if self.ref_only() {
            return out;
        }
        for keyword in ["$dynamicRef", "$recursiveRef"] {
            if self.get(keyword).is_some()
                && let Some(target) = self.space.target(&self.at, keyword)
            {
                out.push(target.clone());
            }
        }
        for sub in self.draft.subschemas(self.map) {
            if sub.application == Application::InPlace && sub.keyword != "not" {
                out.push(Location {
                    doc: self.at.doc,
                    pointer: sub.pointer(&self.at.pointer),
                });
            }
        }
        out
    }
}

/// The tightest counts several nodes put on one thing: the greatest `min` keyword (0 when none
/// has it) and the least `max` keyword (`minLength`/`maxLength`, `minProperties`/…).
pub(crate) fn counts(nodes: &[Node<'_, '_>], min: &str, max: &str) -> (u64, Option<u64>) {
    let least = nodes.iter().filter_map(|n| n.count(min)).max().unwrap_or(0);
    let most = nodes.iter().filter_map(|n| n.count(max)).min();
    (least, most)
}
