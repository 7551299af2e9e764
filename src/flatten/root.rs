//! F1: the walk at the root. A root `$ref` is replaced by its target (its asserting siblings,
//! from 2019-09 on, becoming an `allOf` with it), a root union is flattened (`union`), and a
//! root `allOf` of objects is merged into one object (F9).

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::object::{self, says_object};
use super::positions::{self, NEGATIVE};
use super::{Fix, MAX_ROOT_REFS, Notes, Reader, Settings, flat, hoist, union};
use crate::schema::keywords::{ANCHORS, is_annotation, is_definitions, is_identity};
use crate::schema::pointer;

pub(crate) fn flatten_root(contract: &Value, settings: Settings, notes: &mut Notes) -> Value {
    let Value::Object(_) = contract else {
        return contract.clone();
    };
    // F1: a root `$ref` is replaced by its target; definitions stay.
    // Borrowed until something is replaced: flattening builds a new object anyway.
    let mut root = Cow::Borrowed(contract);
    for _ in 0..MAX_ROOT_REFS {
        match replace_root_ref(&root, settings, notes) {
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
            None,
        );
        return root.into_owned();
    }
    if !(has_one_of || has_any_of || has_all_of) {
        return root.into_owned();
    }
    if referred_to_negatively(&root, settings) {
        notes.not_flattened(
            "",
            "the root is left in place: a `not`, an `if` or a `oneOf` branch refers to it, and widening it would narrow them",
            None,
        );
        return root.into_owned();
    }
    let flattened = if has_one_of || has_any_of {
        let keyword = if has_one_of { "oneOf" } else { "anyOf" };
        union::flatten_union(&root, "", keyword, None, settings, notes).map(|r| r.node)
    } else {
        flatten_all_of(&root, settings, notes)
    };
    match flattened {
        Some(mut node) => {
            open_if_observed(&mut node, settings);
            node
        }
        None => root.into_owned(),
    }
}

/// True when a reference from a negative position (F2: under `not`, in `if`, in a `oneOf`
/// branch) reaches the root, or one this walk cannot follow may (an anchor on the root).
fn referred_to_negatively(root: &Value, settings: Settings) -> bool {
    let anchored = root
        .as_object()
        .is_some_and(|m| ANCHORS.iter().any(|k| m.contains_key(*k)));
    if !anchored && !refers_to_root(root) {
        return false;
    }
    positions::reach(root, settings.draft)
        .colors
        .get("")
        .is_some_and(|bits| bits & NEGATIVE != 0)
}

/// True when some `$ref` of the document names its root (`#`, or the root's own `$id`).
fn refers_to_root(doc: &Value) -> bool {
    let mut stack = vec![doc];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                let to_root = map
                    .get("$ref")
                    .and_then(Value::as_str)
                    .and_then(|r| hoist::local_pointer(doc, r))
                    .is_some_and(|target| target.is_empty());
                if to_root {
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

/// F8: a flat root that is open says `additionalProperties: true` when an
/// `unevaluatedProperties` can observe it (through a reference to the root, say): the keys its
/// branches evaluated stay evaluated.
fn open_if_observed(node: &mut Value, settings: Settings) {
    let observed = positions::observed(node, settings.draft).contains("");
    if let Value::Object(map) = node
        && observed
        && !map.contains_key("additionalProperties")
    {
        map.insert("additionalProperties".to_owned(), Value::Bool(true));
    }
}

/// F1: the root with its `$ref` replaced by the target's keywords, or `None` when the root has
/// no local `$ref` to replace. Siblings that assert (2019-09 on) make it an `allOf` of the
/// target and the siblings, which F9 merges.
fn replace_root_ref(root: &Value, settings: Settings, notes: &mut Notes) -> Option<Value> {
    let map = root.as_object()?;
    let reference = map.get("$ref")?.as_str()?;
    let reader = Reader { root, settings };
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
    // F13: copies never duplicate an `$id` or an anchor, and a moved `$id` would change the base
    // its references resolve against.
    if positions::identifies(target, settings.draft) {
        notes.not_flattened(
            "/$ref",
            format!("the root `$ref` is left in place: its target `#{target_pointer}` sets an `$id` or an anchor, which a copy at the root would duplicate"),
            None,
        );
        return None;
    }
    // Drafts up to 7 ignore every sibling of `$ref`, an `$id` too: kept on the root that
    // replaces the `$ref`, it would start to set the base the references resolve against
    // (bitrise.json, SchemaStore: a relative file would resolve to a remote URI).
    let ignored_id = |k: &str| {
        crate::schema::keywords::IDS.contains(&k) && settings.draft.ref_overrides_siblings()
    };
    let keep = |k: &str| {
        is_annotation(k)
            || is_definitions(k)
            || (is_identity(k) && !ignored_id(k))
            || k.starts_with("x-")
    };
    // `unevaluated*` beside the `$ref` sees what the target evaluates: it stays on the node,
    // around the `allOf`, never inside a conjunct where it would see only its siblings.
    let observer = |k: &str| matches!(k, "unevaluatedProperties" | "unevaluatedItems");
    let asserting: Map<String, Value> = if settings.draft.ref_overrides_siblings() {
        Map::new()
    } else {
        map.iter()
            .filter(|(k, _)| *k != "$ref" && !keep(k) && !observer(k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    };
    let observers = !settings.draft.ref_overrides_siblings() && map.keys().any(|k| observer(k));
    let mut out = Map::new();
    let mut copied: Vec<&str> = Vec::new();
    for (key, value) in map {
        if key == "$ref" {
            if asserting.is_empty()
                && settings.draft.ref_overrides_siblings()
                && target_map.contains_key("$ref")
            {
                // The target is itself a reference, whose siblings drafts up to 7 ignore: only
                // its `$ref` is taken, and the next round follows it.
                out.insert("$ref".to_owned(), target_map["$ref"].clone());
            } else if asserting.is_empty() && !observers {
                for (k, v) in target_map {
                    if !map.contains_key(k) && !is_definitions(k) {
                        out.insert(k.clone(), v.clone());
                        copied.push(k);
                    }
                }
            } else {
                let mut conjuncts = vec![Value::Object(target_map.clone())];
                if !asserting.is_empty() {
                    conjuncts.push(Value::Object(asserting.clone()));
                }
                out.insert("allOf".to_owned(), Value::Array(conjuncts));
            }
        } else if keep(key) || (observer(key) && !settings.draft.ref_overrides_siblings()) {
            out.insert(key.clone(), value.clone());
        }
        // Other siblings: ignored by drafts up to 7 (dropping them changes nothing), or moved
        // into the `allOf` above.
    }
    notes.flattened(
        "/$ref",
        format!("the root `$ref` is replaced by its target `#{target_pointer}`"),
    );
    for key in map.keys().filter(|k| ignored_id(k)) {
        notes.flattened(
            &format!("/{}", crate::schema::pointer::escape(key)),
            format!("the root's `{key}`, which this draft ignores beside `$ref`, is dropped: on the root that replaces the `$ref` it would change the base URI references resolve against"),
        );
    }
    let mut out = Value::Object(out);
    // F13: what a remaining reference needs. References into the target's copied keywords
    // (zod-to-json-schema's `#/definitions/tool/properties/a/items`) now name the root's copy,
    // so the definition is not kept alive for one pointer (F14 then removes it) — unless the
    // root is flattened further, which moves what a pointer into it names.
    if !copied
        .iter()
        .any(|k| matches!(*k, "oneOf" | "anyOf" | "allOf"))
    {
        retarget_into_root(&mut out, &target_pointer, &copied);
    }
    Some(out)
}

/// Rewrites every local `$ref` under `doc` that names `target/<key>/…` for a `key` in `copied`
/// to `#/<key>/…`.
fn retarget_into_root(doc: &mut Value, target: &str, copied: &[&str]) {
    let mut stack = vec![doc];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                let renamed = map
                    .get("$ref")
                    .and_then(Value::as_str)
                    .and_then(pointer::local)
                    .and_then(|pointer| {
                        let rest = pointer.strip_prefix(target)?.to_owned();
                        let first = pointer::tokens(&rest)?.into_iter().next()?;
                        copied
                            .contains(&first.as_str())
                            .then(|| pointer::uri_fragment(&format!("#{rest}")))
                    });
                if let Some(reference) = renamed {
                    map.insert("$ref".to_owned(), Value::String(reference));
                }
                stack.extend(map.values_mut());
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
}

/// F9 at the root: an `allOf` whose conjuncts are objects (one of them, or the node, says
/// `type: "object"`) becomes one object. `None` leaves the root as it is (F3).
pub(crate) fn flatten_all_of(root: &Value, settings: Settings, notes: &mut Notes) -> Option<Value> {
    let map = root.as_object()?;
    let reader = Reader { root, settings };
    let Value::Array(conjuncts) = map.get("allOf")? else {
        return None;
    };
    let objects = conjuncts.iter().all(|c| {
        reader
            .follow(c, "")
            .is_some_and(|(target, _)| target.is_object())
    });
    // A cheap check first (reading the conjuncts copies every property schema): some schema
    // among the node and its conjuncts, through `allOf` and `$ref`, says `type: "object"`.
    let some_object = says_object(&reader, root, 0);
    let why = match (objects, some_object) {
        (false, _) => Some("its conjuncts are not all object schemas"),
        (true, false) => Some("neither the root nor a conjunct says `\"type\": \"object\"`"),
        (true, true) => None,
    };
    let view = why
        .is_none()
        .then(|| object::read(&reader, root, "", notes))
        .filter(|v| !v.opaque && v.is_object);
    let Some(mut view) = view else {
        notes.not_flattened(
            "/allOf",
            format!(
                "the root `allOf` is left in place: {}",
                why.unwrap_or("its conjuncts cannot be read as one object")
            ),
            // Said literally, so that following it flattens the root (tests/hints.rs).
            (objects && !some_object).then(|| Fix::AddObjectType(String::new())),
        );
        return None;
    };
    view.is_object = true;
    notes.flattened("/allOf", "the root `allOf` is merged into one object (F9)");
    Some(flat::assemble_object(map, "allOf", view))
}
