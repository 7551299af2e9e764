//! F2: `--deep` flattens object unions below the root too, innermost first, at *positive*
//! positions only.
//!
//! Positions are found by colouring every schema the root reaches: a step through
//! `properties`, `patternProperties`, `additionalProperties`, `unevaluatedProperties`, `items`,
//! `prefixItems`, `additionalItems`, `contains` without `maxContains`, an `allOf` conjunct, an
//! `anyOf` branch, `then`/`else`, `dependentSchemas`/`dependencies`, or a `$ref` keeps the colour
//! of where it starts; any other step (`not`, `if`, a `oneOf` branch, `propertyNames`, …) is
//! negative. Only a union reached *only* positively is flattened. A `$defs` entry reached both
//! ways is copied under a fresh name, and the positive references alone are retargeted to the
//! copy, which is then flattened (the original stays for the others).
//!
//! Decisions the spec leaves open, written down here:
//! - Nodes that anchors (`$anchor`, `$dynamicAnchor`, `$recursiveAnchor`, a draft-≤7 `id: "#…"`)
//!   or embedded resources (`$id` below the root) can reach are never flattened: references to
//!   them are not followed here, so their positions are unknown.
//! - A `oneOf` branch is a negative position while the `oneOf` stays; once it is flattened its
//!   keys are properties, so the walk runs again (at most [`MAX_PASSES`] times) and reaches them.
//! - Unions whose branches are not all object-like are legal below the root and stay without a
//!   note; an object-like union that cannot be flattened gets the F3 note, once.
//! - Flattening copies a branch's keys into place; when they hold a union (a recursive
//!   definition's, say), a later pass would meet that copy and unroll the recursion once more
//!   each time. A union that is a copy of one flattened already is left in place (F3, noted).
//! - The presentation may grow to at most 4 times the contract's size (in JSON values, or
//!   20 000 values more for small contracts) and nest at most 92 levels deep: unions past that
//!   stay in place (F3, noted) — copying flattened definitions into each other can otherwise
//!   grow a document exponentially (`accelerator.json` of the corpus).
//! - Notes point into the document as it is when the union is flattened: a union uncovered by
//!   flattening its parent (a later pass) is named by its new place.

use foldhash::{HashMap, HashSet};
use serde_json::Value;

use super::positions::{NEGATIVE, POSITIVE, has_keyword, identifies, positive, reach};
use super::root::flatten_root;
use super::{Notes, Reader, Settings, hoist, positions, union};
use crate::canonical;
use crate::document::source::MAX_DEPTH;
use crate::schema::keywords::Application;
use crate::schema::{Draft, pointer};

/// Walks over the document; each one can uncover unions that a flattened `oneOf` held.
const MAX_PASSES: usize = 8;

/// Rounds of `$defs` copying per pass: a copy's own references are retargeted the next round.
const MAX_COPY_ROUNDS: usize = 64;

/// How many times its contract's size a presentation may grow to (in schema nodes), and the
/// growth always allowed to a small contract.
const GROWTH: usize = 4;
const SLACK: usize = 20_000;

/// Levels of nesting the loader allows, less what a tool document wraps a schema in.
const DEPTH_MARGIN: usize = 8;

/// How many arrays and objects deep `value` nests (a scalar: 0).
fn levels(value: &Value) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 1)];
    while let Some((v, depth)) = stack.pop() {
        let children: Box<dyn Iterator<Item = &Value>> = match v {
            Value::Object(map) => Box::new(map.values()),
            Value::Array(items) => Box::new(items.iter()),
            _ => continue,
        };
        deepest = deepest.max(depth);
        stack.extend(children.map(|c| (c, depth + 1)));
    }
    deepest
}

/// The number of JSON values in `value`, itself included.
fn nodes(value: &Value) -> usize {
    let mut count = 0;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        count += 1;
        match v {
            Value::Object(map) => stack.extend(map.values()),
            Value::Array(items) => stack.extend(items.iter()),
            _ => {}
        }
    }
    count
}

/// True when `schema` holds an `anyOf` or `oneOf` anywhere (a cheap pre-check).
pub(crate) fn has_union(schema: &Value) -> bool {
    has_keyword(schema, "anyOf") || has_keyword(schema, "oneOf")
}

/// The object unions below the root that `--deep` would try first (at positive positions, their
/// branches object-like), as pointers to their keyword in document order: for the warning
/// when the root has nothing to flatten.
pub(crate) fn unions_below(contract: &Value, settings: Settings) -> Vec<String> {
    let unions = |node: &Value| union_keyword(node).is_some();
    let mut out: Vec<String> = positions::positive_where(contract, settings.draft, unions)
        .into_iter()
        .filter_map(|(at, node)| {
            let keyword = union_keyword(node)?;
            object_like(contract, node, &at, keyword, settings).then(|| pointer::push(&at, keyword))
        })
        .collect();
    out.sort();
    out
}

/// F2: `contract` with every object union at a positive position flattened, innermost first,
/// the root last (F1).
pub(crate) fn flatten_deep(contract: &Value, settings: Settings, notes: &mut Notes) -> Value {
    let draft = settings.draft;
    // F3: flattening copies the branches' keys into place, so unions of references to
    // definitions that hold flattened unions themselves can grow the document exponentially.
    let size = nodes(contract);
    let mut deep = Deep {
        settings,
        doc: contract.clone(),
        left: HashSet::default(),
        seen: HashSet::default(),
        copies: HashMap::default(),
        size,
        budget: (size * GROWTH).max(size + SLACK),
        targets: Vec::new(),
        deferred: false,
    };
    let mut root_done = false;
    for pass in 0..MAX_PASSES {
        let mut changed = copy_definitions(&mut deep.doc, draft, &mut deep.copies, notes);
        deep.deferred = false;
        let candidates = deep.candidates();
        deep.targets = hoist::local_targets(&deep.doc, draft);
        for (at, keyword) in candidates {
            changed |= deep.flatten_one(at, keyword, pass, notes);
        }
        if !root_done {
            root_done = true;
            let flattened = flatten_root(&deep.doc, settings, notes);
            if flattened != deep.doc {
                deep.doc = flattened;
                changed = true;
            }
        }
        if !changed && !deep.deferred {
            break;
        }
    }
    deep.doc
}

/// The state of one `--deep` run.
struct Deep {
    settings: Settings,
    /// The document as flattened so far.
    doc: Value,
    /// Unions left in place (noted once).
    left: HashSet<String>,
    /// Every union flattened so far, as canonical JSON: a later pass that meets one again
    /// meets a copy that flattening made of a recursive definition's keys, and would unroll it.
    seen: HashSet<String>,
    /// Definitions copied for positive referrers (F2): original → copy.
    copies: HashMap<String, String>,
    /// The document's size, in JSON values, and the most it may grow to.
    size: usize,
    budget: usize,
    /// The document's local reference targets (F13 looks among them).
    targets: Vec<String>,
    /// A union waited for the union around it this pass: one more pass may be needed.
    deferred: bool,
}

impl Deep {
    /// The unions reached only positively and not left in place yet, innermost first (F2); at
    /// one depth, in pointer order, so the output is deterministic.
    fn candidates(&self) -> Vec<(String, &'static str)> {
        let reach = reach(&self.doc, self.settings.draft);
        let mut candidates: Vec<(String, &'static str)> = reach
            .colors
            .iter()
            .filter(|(at, bits)| **bits == POSITIVE && !at.is_empty() && !self.left.contains(*at))
            .filter_map(|(at, _)| Some((at.clone(), union_keyword(pointer::get(&self.doc, at)?)?)))
            .collect();
        candidates.sort_by(|a, b| {
            pointer_depth(&b.0)
                .cmp(&pointer_depth(&a.0))
                .then_with(|| a.0.cmp(&b.0))
        });
        candidates
    }

    /// Flattens the union under `keyword` at `at`, or leaves it in place (F3, noted); true when
    /// the document changed.
    fn flatten_one(&mut self, at: String, keyword: &str, pass: usize, notes: &mut Notes) -> bool {
        let settings = self.settings;
        if inside_a_union(&self.doc, &at, &self.left) {
            self.deferred = true;
            return false;
        }
        let doc = &self.doc;
        if !doc
            .pointer(&at)
            .is_some_and(|node| object_like(doc, node, &at, keyword, settings))
        {
            self.left.insert(at);
            return false;
        }
        let fingerprint = self
            .doc
            .pointer(&at)
            .map(canonical::canonical)
            .unwrap_or_default();
        if pass > 0 && self.seen.contains(&fingerprint) {
            notes.not_flattened(
                &pointer::push(&at, keyword),
                format!("the `{keyword}` is left in place: it is a copy that flattening made of a union flattened already (through a definition, or a recursive one)"),
                None,
            );
            self.left.insert(at);
            return false;
        }
        if self.size + self.estimate(&at, keyword) > self.budget {
            too_large(notes, &at, keyword);
            self.left.insert(at);
            return false;
        }
        let before = notes.0.len();
        let flattened = union::flatten_union(
            &self.doc,
            &at,
            keyword,
            Some(&self.targets),
            settings,
            notes,
        );
        self.point_at_originals(&mut notes.0[before..]);
        let Some(replacement) = flattened else {
            self.left.insert(at);
            return false;
        };
        let grown = match &replacement.document {
            Some(moved) => nodes(moved) + nodes(&replacement.node),
            None => self.size + nodes(&replacement.node),
        } - pointer::get(&self.doc, &at).map_or(0, nodes);
        if grown > self.budget {
            notes.0.truncate(before);
            too_large(notes, &at, keyword);
            self.left.insert(at);
            return false;
        }
        // L5: a presentation must load like any document (tools wrap the schema in a few
        // levels more, hence the margin).
        if pointer_depth(&at) + levels(&replacement.node) > MAX_DEPTH - DEPTH_MARGIN {
            notes.0.truncate(before);
            notes.not_flattened(
                &pointer::push(&at, keyword),
                format!("the `{keyword}` is left in place: flattening it would nest the presentation deeper than {} levels", MAX_DEPTH - DEPTH_MARGIN),
                None,
            );
            self.left.insert(at);
            return false;
        }
        self.size = grown;
        self.seen.insert(fingerprint);
        if let Some(moved) = replacement.document {
            self.doc = moved;
            self.targets = hoist::local_targets(&self.doc, settings.draft);
        }
        let mut node = replacement.node;
        if positions::observed(&self.doc, settings.draft).contains(&at)
            && let Value::Object(map) = &mut node
            && !map.contains_key("additionalProperties")
        {
            // F8: an open flat object that an `unevaluatedProperties` can see says so.
            map.insert("additionalProperties".to_owned(), Value::Bool(true));
        }
        match self.doc.pointer_mut(&at) {
            Some(slot) => {
                *slot = node;
                true
            }
            None => false,
        }
    }

    /// A first estimate of a flat object's size, before building it: its branches' size.
    fn estimate(&self, at: &str, keyword: &str) -> usize {
        let reader = Reader {
            root: &self.doc,
            settings: self.settings,
        };
        self.doc
            .pointer(at)
            .and_then(|n| n.get(keyword))
            .and_then(Value::as_array)
            .map_or(0, |branches| {
                branches
                    .iter()
                    .map(|b| reader.follow(b, "").map_or(1, |(t, _)| nodes(t)))
                    .sum()
            })
    }

    /// Notes about a copy (F2) point at its original, which the contract has.
    fn point_at_originals(&self, notes: &mut [super::Note]) {
        for note in notes {
            if let Some((original, copy)) = self
                .copies
                .iter()
                .find(|(_, copy)| pointer::starts_with(&note.pointer, copy))
            {
                note.pointer = format!("{original}{}", &note.pointer[copy.len()..]);
                note.message = format!("{} (in the copy `#{copy}`)", note.message);
            }
        }
    }
}

/// F3 for a union whose flat object would exceed the size budget.
fn too_large(notes: &mut Notes, at: &str, keyword: &str) {
    notes.not_flattened(
        &pointer::push(at, keyword),
        format!("the `{keyword}` is left in place: flattening it would make the presentation more than {GROWTH} times the size of the contract"),
        None,
    );
}

/// The union keyword of a node that has exactly one of `oneOf`/`anyOf`.
fn union_keyword(node: &Value) -> Option<&'static str> {
    let map = node.as_object()?;
    match (map.contains_key("oneOf"), map.contains_key("anyOf")) {
        (true, false) => Some("oneOf"),
        (false, true) => Some("anyOf"),
        _ => None,
    }
}

fn pointer_depth(at: &str) -> usize {
    at.bytes().filter(|b| *b == b'/').count()
}

/// F1's object-like test below the root, for the union under `keyword` of `node`, which stands
/// at `at` in `doc`: every branch (after local references, through `allOf`) says
/// `type: "object"`, or the union's node does.
fn object_like(doc: &Value, node: &Value, at: &str, keyword: &str, settings: Settings) -> bool {
    let reader = Reader {
        root: doc,
        settings,
    };
    if node.get("type").is_some_and(|t| t == "object") {
        return true;
    }
    node.get(keyword)
        .and_then(Value::as_array)
        .is_some_and(|branches| {
            branches.len() >= 2 && union::leaves_are_objects(&reader, node, at, keyword)
        })
}

/// True when the union at `at` is itself a branch of a union that has not been left in place:
/// that union flattens it together with its own branches (a union of unions is one union of its
/// leaves), so it waits — and is flattened alone in a later pass if the outer one stays.
fn inside_a_union(doc: &Value, at: &str, left: &HashSet<String>) -> bool {
    let Some(tokens) = pointer::tokens(at) else {
        return false;
    };
    let [.., keyword, index] = tokens.as_slice() else {
        return false;
    };
    if !matches!(keyword.as_str(), "anyOf" | "oneOf") || index.parse::<usize>().is_err() {
        return false;
    }
    let parent: String = tokens[..tokens.len() - 2]
        .iter()
        .fold(String::new(), |p, t| pointer::push(&p, t));
    pointer::get(doc, at).and_then(union::pure_union).is_some() && !left.contains(&parent)
}

/// F2: every definitions entry that both positive and other positions reach, and that holds
/// an object union at a positive position, gets a copy (once; `copies` remembers them) to which
/// the references from positive positions are retargeted. True when anything changed.
fn copy_definitions(
    doc: &mut Value,
    draft: Draft,
    copies: &mut HashMap<String, String>,
    notes: &mut Notes,
) -> bool {
    let mut changed = false;
    for _ in 0..MAX_COPY_ROUNDS {
        let reach = reach(doc, draft);
        let mut retarget: Vec<(String, String)> = Vec::new();
        for (ref_at, target) in &reach.refs {
            if reach.colors.get(ref_at) != Some(&POSITIVE)
                || reach.colors.get(target) != Some(&(POSITIVE | NEGATIVE))
            {
                continue;
            }
            let Some(container) = definition_entry(target) else {
                continue;
            };
            // F13: a copy never duplicates an `$id` or an anchor.
            let copyable = doc
                .pointer(target)
                .is_some_and(|n| holds_union(n, draft) && !identifies(n, draft));
            if !copyable {
                continue;
            }
            let copy = match copies.get(target) {
                Some(copy) => copy.clone(),
                None => {
                    let Some(copy) = add_copy(doc, container, target) else {
                        continue;
                    };
                    notes.flattened(
                        target,
                        format!("`#{target}` is referenced from positions `--deep` flattens and from others: a flattened copy is added as `#{copy}` (F2)"),
                    );
                    copies.insert(target.clone(), copy.clone());
                    copy
                }
            };
            retarget.push((ref_at.clone(), copy));
        }
        if retarget.is_empty() {
            break;
        }
        for (ref_at, copy) in retarget {
            if let Some(Value::Object(map)) = doc.pointer_mut(&ref_at) {
                map.insert(
                    "$ref".to_owned(),
                    Value::String(pointer::uri_fragment(&format!("#{copy}"))),
                );
                changed = true;
            }
        }
    }
    changed
}

/// The container of a root definitions entry (`/$defs/Name` → `$defs`).
fn definition_entry(target: &str) -> Option<&'static str> {
    let tokens = pointer::tokens(target)?;
    match tokens.as_slice() {
        [container, _] if container == "$defs" => Some("$defs"),
        [container, _] if container == "definitions" => Some("definitions"),
        _ => None,
    }
}

/// Copies the entry at `target` under a fresh name in `container`; the copy's pointer.
fn add_copy(doc: &mut Value, container: &str, target: &str) -> Option<String> {
    let entry = pointer::get(doc, target)?.clone();
    let defs = doc.get_mut(container)?.as_object_mut()?;
    let name = hoist::fresh_name(target, defs);
    defs.insert(name.clone(), entry);
    Some(pointer::push(&pointer::push("", container), &name))
}

/// True when `schema` has an `anyOf`/`oneOf` at a positive position of its own (references not
/// followed).
fn holds_union(schema: &Value, draft: Draft) -> bool {
    let mut stack = vec![schema];
    while let Some(node) = stack.pop() {
        let Value::Object(map) = node else {
            continue;
        };
        if map.contains_key("anyOf") || map.contains_key("oneOf") {
            return true;
        }
        for sub in draft.subschemas(map) {
            if sub.application != Application::Definition && positive(sub.keyword, map, draft) {
                stack.push(sub.schema);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::codes;
    use crate::flatten::{Choices, Collisions, flatten};
    use crate::schema::Semantics;
    use serde_json::{Map, json};

    /// Each level's union refers to two definitions whose property holds the next level's
    /// union: flattened innermost first (the names sort that way), every level copies the
    /// flattened one below twice.
    fn doubling(levels: usize) -> Value {
        let name = |letter: char, level: usize| format!("{letter}{:02}", levels - level);
        let mut defs = Map::new();
        for i in 0..levels {
            let next = if i + 1 < levels {
                json!({"anyOf": [{"$ref": format!("#/$defs/{}", name('E', i + 1))}, {"$ref": format!("#/$defs/{}", name('F', i + 1))}]})
            } else {
                json!({"type": "string"})
            };
            defs.insert(name('E', i), json!({"type": "object", "properties": {"kind": {"const": "e"}, "p": next.clone()}, "required": ["kind"]}));
            defs.insert(name('F', i), json!({"type": "object", "properties": {"kind": {"const": "f"}, "q": next}, "required": ["kind"]}));
        }
        json!({
            "type": "object",
            "properties": {"root": {"anyOf": [{"$ref": format!("#/$defs/{}", name('E', 0))}, {"$ref": format!("#/$defs/{}", name('F', 0))}]}},
            "$defs": defs
        })
    }

    #[test]
    fn growth_is_bounded() {
        let contract = doubling(16);
        let choices = Choices {
            semantics: Semantics::Declared,
            collisions: Collisions::AnyOf,
            deep: true,
        };
        let flat = flatten(&contract, Draft::Draft2020_12, choices);
        assert!(nodes(&flat.schema) <= (nodes(&contract) * GROWTH).max(nodes(&contract) + SLACK));
        assert!(
            flat.notes.iter().any(|n| n.code == codes::NOT_FLATTENED
                && n.message
                    .contains("more than 4 times the size of the contract")),
            "{:?}",
            flat.notes
        );
        // Small documents flatten whole.
        let small = flatten(&doubling(3), Draft::Draft2020_12, choices);
        assert!(
            small.notes.iter().all(|n| n.code != codes::NOT_FLATTENED),
            "{:?}",
            small.notes
        );
    }
}
