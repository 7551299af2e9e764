//! Where a schema sits, seen from the root (F2, F8): the colour of every schema the root
//! reaches — positive (widening it widens the document) or negative (under `not`, in `if`, in a
//! `oneOf` branch, reached through an anchor) — and the schemas an `unevaluatedProperties` can
//! observe. `deep` flattens only where both are known safe; the root walk (F1) asks the same.

use std::collections::{BTreeMap, HashSet};

use serde_json::{Map, Value};

use super::hoist::{self, local_pointer};
use crate::schema::Draft;
use crate::schema::keywords::{ANCHORS, Application, IDS};

/// A schema reached through positive steps only.
pub(crate) const POSITIVE: u8 = 1;
/// A schema reached through some negative step.
pub(crate) const NEGATIVE: u8 = 2;

/// F2's positive steps.
pub(crate) fn positive(keyword: &str, parent: &Map<String, Value>, draft: Draft) -> bool {
    match keyword {
        "properties"
        | "patternProperties"
        | "additionalProperties"
        | "unevaluatedProperties"
        | "items"
        | "prefixItems"
        | "additionalItems"
        | "allOf"
        | "anyOf"
        | "then"
        | "else"
        | "dependentSchemas"
        | "dependencies" => true,
        "contains" => !(draft.is_keyword("maxContains") && parent.contains_key("maxContains")),
        _ => false,
    }
}

/// What the root reaches, and how.
pub(crate) struct Reach {
    /// Every reached schema's pointer, with its colours.
    pub colors: BTreeMap<String, u8>,
    /// Every reached local reference: the pointer of the node that holds it, and its target.
    pub refs: BTreeMap<String, String>,
}

/// Colours every schema the root reaches (see the module doc).
pub(crate) fn reach(doc: &Value, draft: Draft) -> Reach {
    reach_with(doc, draft, false)
}

/// [`reach`], with `oneOf` branches taken as positive steps when `one_of_positive`: the
/// colours the schema would have if every `oneOf` so reached were an `anyOf`.
pub(crate) fn reach_with(doc: &Value, draft: Draft, one_of_positive: bool) -> Reach {
    let mut colors: BTreeMap<String, u8> = BTreeMap::new();
    let mut refs: BTreeMap<String, String> = BTreeMap::new();
    let mut stack: Vec<(String, u8)> = vec![(String::new(), POSITIVE)];
    while let Some((at, bits)) = stack.pop() {
        let Some(node) = doc.pointer(&at) else {
            continue;
        };
        let old = colors.get(&at).copied().unwrap_or(0);
        let new = old | bits | unknown_referrers(node, &at);
        if new == old {
            continue;
        }
        colors.insert(at.clone(), new);
        let Value::Object(map) = node else {
            continue;
        };
        for sub in draft.subschemas(map) {
            if sub.application == Application::Definition {
                continue;
            }
            let step =
                positive(sub.keyword, map, draft) || (one_of_positive && sub.keyword == "oneOf");
            let child = if step { new } else { NEGATIVE };
            stack.push((sub.pointer(&at), child));
        }
        if let Some(target) = map
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| local_pointer(doc, r))
        {
            refs.insert(at.clone(), target.clone());
            stack.push((target, new));
        }
    }
    Reach { colors, refs }
}

/// `NEGATIVE` for a node that references this walk does not follow may reach: one with an
/// anchor, or an embedded resource below the root.
fn unknown_referrers(node: &Value, at: &str) -> u8 {
    let Some(map) = node.as_object() else {
        return 0;
    };
    let anchored = ANCHORS.iter().any(|k| map.contains_key(*k));
    let identified = IDS.iter().any(|k| {
        map.get(*k)
            .and_then(Value::as_str)
            .is_some_and(|id| id.starts_with('#') || !at.is_empty())
    });
    if anchored || identified { NEGATIVE } else { 0 }
}

/// Every schema an `unevaluatedProperties` can observe (F8): reached in place — through
/// `allOf`, `anyOf`, `oneOf`, `if`/`then`/`else`, dependent schemas and local references,
/// never `not` — from a schema that has one. When a reference this walk cannot follow (an
/// anchor, another document) may reach the document, every schema counts as observed.
pub(crate) fn observed(doc: &Value, draft: Draft) -> Observed {
    if !draft.is_keyword("unevaluatedProperties") || !has_keyword(doc, "unevaluatedProperties") {
        return Observed::Nothing;
    }
    let pointers = hoist::schema_pointers(doc, draft);
    let mut stack: Vec<String> = Vec::new();
    for at in &pointers {
        let Some(Value::Object(map)) = doc.pointer(at) else {
            continue;
        };
        if map.contains_key("unevaluatedProperties") {
            stack.push(at.clone());
        }
        let unfollowed = ["$ref", "$dynamicRef", "$recursiveRef"].iter().any(|k| {
            map.get(*k)
                .and_then(Value::as_str)
                .is_some_and(|r| *k != "$ref" || local_pointer(doc, r).is_none())
        });
        if unfollowed {
            return Observed::Everything;
        }
    }
    let mut seen: HashSet<String> = HashSet::new();
    while let Some(at) = stack.pop() {
        if !seen.insert(at.clone()) {
            continue;
        }
        let Some(Value::Object(map)) = doc.pointer(&at) else {
            continue;
        };
        for sub in draft.subschemas(map) {
            if sub.application == Application::InPlace && sub.keyword != "not" {
                stack.push(sub.pointer(&at));
            }
        }
        if let Some(target) = map
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| local_pointer(doc, r))
        {
            stack.push(target);
        }
    }
    Observed::Some(seen)
}

/// What [`observed`] found.
pub(crate) enum Observed {
    /// No `unevaluatedProperties` can observe anything.
    Nothing,
    /// These schemas (pointers) may be observed.
    Some(HashSet<String>),
    /// Any schema may be.
    Everything,
}

impl Observed {
    /// True when the schema at `at` may be observed.
    pub(crate) fn contains(&self, at: &str) -> bool {
        match self {
            Observed::Nothing => false,
            Observed::Some(set) => set.contains(at),
            Observed::Everything => true,
        }
    }
}

/// True when some object in `doc` has the key `keyword` (in any position: a cheap, coarse test).
pub(crate) fn has_keyword(doc: &Value, keyword: &str) -> bool {
    let mut stack = vec![doc];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                if map.contains_key(keyword) {
                    return true;
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items.iter()),
            _ => {}
        }
    }
    false
}

/// True when `schema` or a subschema of it sets an `$id` or an anchor (as `draft` spells them).
pub(crate) fn identifies(schema: &Value, draft: Draft) -> bool {
    let mut stack = vec![schema];
    while let Some(node) = stack.pop() {
        let Value::Object(map) = node else {
            continue;
        };
        if IDS
            .iter()
            .chain(&ANCHORS)
            .filter(|k| draft.is_keyword(k))
            .any(|k| map.get(*k).is_some_and(Value::is_string))
        {
            return true;
        }
        stack.extend(draft.subschemas(map).iter().map(|sub| sub.schema));
    }
    false
}
