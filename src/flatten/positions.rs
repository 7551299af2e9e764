//! Where a schema sits, seen from the root (F2, F8): the colour of every schema the root
//! reaches — positive (widening it widens the document) or negative (under `not`, in `if`, in a
//! `oneOf` branch, reached through an anchor) — and the schemas an `unevaluatedProperties` can
//! observe. `deep` flattens only where both are known safe; the root walk (F1) asks the same.

use std::collections::BTreeMap;

use foldhash::{HashMap, HashSet};
use serde_json::{Map, Value};

use super::hoist::{self, local_pointer};
use crate::schema::Draft;
use crate::schema::keywords::{ANCHORS, Application, IDS};
use crate::schema::pointer;
use crate::schema::walk::{self, Reading, Subschema};

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
    let walk = Walk::new(doc, draft, one_of_positive);
    let pointers = walk.pointers();
    let colors = walk
        .colors
        .values()
        .map(|&(met, bits)| (pointers[met].clone(), bits))
        .collect();
    let refs = walk
        .refs
        .iter()
        .map(|&(met, target)| (pointers[met].clone(), walk.targets[target].clone()))
        .collect();
    Reach { colors, refs }
}

/// The schemas below the root reached through positive steps only for which `keep` holds, with
/// their pointers, in no particular order: what [`reach`] would give, without spelling the
/// pointer of every other schema.
pub(crate) fn positive_where(
    doc: &Value,
    draft: Draft,
    keep: impl Fn(&Value) -> bool,
) -> Vec<(String, &Value)> {
    let walk = Walk::new(doc, draft, false);
    walk.colors
        .values()
        .filter(|&&(met, bits)| bits == POSITIVE && met != 0 && keep(walk.met[met].node))
        .map(|&(met, _)| (walk.pointer(met), walk.met[met].node))
        .collect()
}

/// How the walk first met a schema: from which schema met before (an index into
/// [`Walk::met`]), by which step.
struct Met<'a> {
    parent: usize,
    step: Step<'a>,
    node: &'a Value,
}

enum Step<'a> {
    Root,
    Sub(Subschema<'a>),
    /// Through a local reference, to this target (an index into [`Walk::targets`]).
    Ref(usize),
}

/// The colouring walk of [`reach_with`]. Schemas are told apart by their address in `doc`
/// (a node has one place in the tree), so that a pointer is spelled only for the schemas a
/// caller asks about: most of the walk's cost used to be spelling and comparing them.
struct Walk<'a> {
    met: Vec<Met<'a>>,
    /// By node address: the index of its first meeting, and its colours.
    colors: HashMap<usize, (usize, u8)>,
    /// Every reached local reference: the meeting of its holder, and its target (an index
    /// into `targets`).
    refs: Vec<(usize, usize)>,
    /// The pointer of each local reference target, once each.
    targets: Vec<String>,
}

fn address_of(node: &Value) -> usize {
    std::ptr::from_ref(node) as usize
}

impl<'a> Walk<'a> {
    fn new(doc: &'a Value, draft: Draft, one_of_positive: bool) -> Walk<'a> {
        let mut walk = Walk {
            met: Vec::new(),
            colors: HashMap::default(),
            refs: Vec::new(),
            targets: Vec::new(),
        };
        // Each reference text read once: where it leads (an index into `targets`) and the node
        // there. A large schema names a few definitions from hundreds of places.
        let mut read: HashMap<&'a str, Option<(usize, Option<&'a Value>)>> = HashMap::default();
        let mut stack: Vec<(usize, Step<'a>, &'a Value, u8)> = vec![(0, Step::Root, doc, POSITIVE)];
        let mut subschemas = Vec::new();
        while let Some((parent, step, node, bits)) = stack.pop() {
            let address = address_of(node);
            let known = walk.colors.get(&address).copied();
            let old = known.map_or(0, |(_, bits)| bits);
            // A node met before already holds its own colour.
            let own = match known {
                Some(_) => 0,
                None => unknown_referrers(node, address == address_of(doc)),
            };
            let new = old | bits | own;
            if new == old {
                continue;
            }
            let met = match known {
                Some((met, _)) => met,
                None => {
                    walk.met.push(Met { parent, step, node });
                    walk.met.len() - 1
                }
            };
            walk.colors.insert(address, (met, new));
            let Value::Object(map) = node else {
                continue;
            };
            draft.subschemas_into(map, &mut subschemas);
            for sub in subschemas.drain(..) {
                if sub.application == Application::Definition {
                    continue;
                }
                let step = positive(sub.keyword, map, draft)
                    || (one_of_positive && sub.keyword == "oneOf");
                let child = if step { new } else { NEGATIVE };
                stack.push((met, Step::Sub(sub), sub.schema, child));
            }
            let Some(reference) = map.get("$ref").and_then(Value::as_str) else {
                continue;
            };
            let targets = &mut walk.targets;
            let found = *read.entry(reference).or_insert_with(|| {
                let target = local_pointer(doc, reference)?;
                let node = pointer::get(doc, &target);
                targets.push(target);
                Some((targets.len() - 1, node))
            });
            if let Some((target, node)) = found {
                if known.is_none() {
                    walk.refs.push((met, target));
                }
                if let Some(node) = node {
                    stack.push((met, Step::Ref(target), node, new));
                }
            }
        }
        walk
    }

    /// Every meeting's pointer, by index (a parent is always met before its children).
    fn pointers(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::with_capacity(self.met.len());
        for met in &self.met {
            let pointer = match &met.step {
                Step::Root => String::new(),
                Step::Sub(sub) => sub.pointer(&out[met.parent]),
                Step::Ref(target) => self.targets[*target].clone(),
            };
            out.push(pointer);
        }
        out
    }

    /// One meeting's pointer.
    fn pointer(&self, mut at: usize) -> String {
        let mut chain = Vec::new();
        let mut pointer = loop {
            let met = &self.met[at];
            match &met.step {
                Step::Root => break String::new(),
                Step::Ref(target) => break self.targets[*target].clone(),
                Step::Sub(sub) => chain.push(sub),
            }
            at = met.parent;
        };
        for sub in chain.into_iter().rev() {
            sub.push_onto(&mut pointer);
        }
        pointer
    }
}

/// `NEGATIVE` for a node that references this walk does not follow may reach: one with an
/// anchor, or an embedded resource below the root.
fn unknown_referrers(node: &Value, is_root: bool) -> u8 {
    let Some(map) = node.as_object() else {
        return 0;
    };
    // One pass over the keys: this is asked of every schema the colouring walk meets.
    let referred = map.iter().any(|(key, value)| {
        ANCHORS.contains(&key.as_str())
            || (IDS.contains(&key.as_str())
                && value
                    .as_str()
                    .is_some_and(|id| id.starts_with('#') || !is_root))
    });
    if referred { NEGATIVE } else { 0 }
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
        let Some(Value::Object(map)) = pointer::get(doc, at) else {
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
    let mut seen: HashSet<String> = HashSet::default();
    while let Some(at) = stack.pop() {
        if !seen.insert(at.clone()) {
            continue;
        }
        let Some(Value::Object(map)) = pointer::get(doc, &at) else {
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
    walk::preorder(schema, "", draft, Reading::DRAFT)
        .iter()
        .any(|visit| {
            IDS.iter()
                .chain(&ANCHORS)
                .filter(|k| draft.is_keyword(k))
                .any(|k| visit.map.get(*k).is_some_and(Value::is_string))
        })
}
