//! F14: definitions the presentation no longer references are removed, with a note naming them.
//! Tokens cost money on every request: a Pydantic union of five `$ref`'d cases, once flattened,
//! references none of the five.
//!
//! Only entries of the root's `$defs` and `definitions` are considered, and only those the
//! contract reached from its root (an entry nothing referenced is the author's business) or that
//! flattening made (F13 copies). Reachability over-approximates, so that nothing still in use is
//! removed: every `$ref` anywhere counts (in an `enum` too), by its fragment alone whatever
//! document it names; an entry holding an `$id` or an anchor is kept (a reference may reach it
//! by a name this walk does not resolve), and nothing is removed from a document with a
//! `$dynamicRef` or `$recursiveRef`.

use std::collections::BTreeSet;

use serde_json::Value;

use super::Notes;
use crate::schema::keywords::{ANCHORS, IDS};
use crate::schema::pointer;

/// The definitions containers considered.
const CONTAINERS: [&str; 2] = ["$defs", "definitions"];

/// One entry: its container and name.
type Entry = (&'static str, String);

/// Removes from `presentation` the entries it no longer reaches that `contract` reached (or did
/// not have), and notes them.
pub(crate) fn remove_unused(contract: &Value, presentation: &mut Value, notes: &mut Notes) {
    if has_dynamic_reference(presentation) {
        return;
    }
    let before = reached(contract, Vec::new());
    // Entries kept whatever the root references (one the contract never reached is the
    // author's business; one with a name may be reached by it) keep what they reference.
    let mut kept: Vec<Entry> = Vec::new();
    for container in CONTAINERS {
        let Some(Value::Object(entries)) = presentation.get(container) else {
            continue;
        };
        for (name, body) in entries {
            let entry = (container, name.clone());
            let had = contract.get(container).and_then(|c| c.get(name)).is_some();
            if (had && !before.contains(&entry)) || is_named(body) {
                kept.push(entry);
            }
        }
    }
    let after = reached(presentation, kept);
    let Value::Object(root) = presentation else {
        return;
    };
    for container in CONTAINERS {
        let Some(Value::Object(entries)) = root.get_mut(container) else {
            continue;
        };
        let had = |name: &str| contract.get(container).and_then(|c| c.get(name)).is_some();
        let unused: Vec<String> = entries
            .iter()
            .filter(|(name, body)| {
                let entry = (container, (*name).clone());
                (before.contains(&entry) || !had(name))
                    && !after.contains(&entry)
                    && !is_named(body)
            })
            .map(|(name, _)| name.clone())
            .collect();
        if unused.is_empty() {
            continue;
        }
        for name in &unused {
            entries.shift_remove(name);
        }
        if entries.is_empty() {
            root.shift_remove(container);
        }
        let list: Vec<String> = unused.iter().map(|n| format!("`{n}`")).collect();
        notes.flattened(
            &format!("/{container}"),
            format!(
                "{} `{container}` {} the presentation no longer references {} removed: {} (F14)",
                unused.len(),
                if unused.len() == 1 {
                    "entry"
                } else {
                    "entries"
                },
                if unused.len() == 1 { "is" } else { "are" },
                list.join(", ")
            ),
        );
    }
}

/// The entries reached from the root (not counting the containers themselves) and from
/// `seeds`, transitively.
fn reached(document: &Value, seeds: Vec<Entry>) -> BTreeSet<Entry> {
    let mut found = BTreeSet::new();
    let mut queue: Vec<Entry> = seeds;
    if let Value::Object(root) = document {
        if let Some(Value::String(reference)) = root.get("$ref") {
            queue.extend(entry_of(reference));
        }
        for (key, value) in root {
            if !CONTAINERS.contains(&key.as_str()) {
                references(value, &mut queue);
            }
        }
    }
    while let Some(entry) = queue.pop() {
        if found.insert(entry.clone())
            && let Some(body) = document.get(entry.0).and_then(|c| c.get(&entry.1))
        {
            references(body, &mut queue);
        }
    }
    found
}

/// The entries every `$ref` under `value` names (iteratively: documents nest deep).
fn references(value: &Value, out: &mut Vec<Entry>) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(reference)) = map.get("$ref")
                    && let Some(entry) = entry_of(reference)
                {
                    out.push(entry);
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
}

/// The entry a reference's fragment points into (`…#/$defs/Name/…`).
fn entry_of(reference: &str) -> Option<Entry> {
    let tokens = pointer::tokens(&pointer::fragment(reference)?)?;
    let [container, name, ..] = tokens.as_slice() else {
        return None;
    };
    let container = CONTAINERS.into_iter().find(|c| c == container)?;
    Some((container, name.clone()))
}

/// True when `value` holds an `$id` or an anchor anywhere (a string under one of their names:
/// a property called `id` holds a schema, not a string).
fn is_named(value: &Value) -> bool {
    any_key(value, &|key, value| {
        value.is_string() && (IDS.contains(&key) || ANCHORS.contains(&key))
    })
}

/// True when `value` uses a dynamic or recursive reference anywhere.
fn has_dynamic_reference(value: &Value) -> bool {
    any_key(value, &|key, _| {
        matches!(key, "$dynamicRef" | "$recursiveRef")
    })
}

fn any_key(value: &Value, test: &dyn Fn(&str, &Value) -> bool) -> bool {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                if map.iter().any(|(k, v)| test(k, v)) {
                    return true;
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn run(contract: Value, presentation: Value) -> (Value, Vec<String>) {
        let mut notes = Notes::default();
        let mut out = presentation;
        remove_unused(&contract, &mut out, &mut notes);
        (out, notes.0.into_iter().map(|n| n.message).collect())
    }

    #[test]
    fn entries_only_flattened_branches_referenced_are_removed() {
        let contract = json!({
            "$defs": {
                "A": {"type": "object"},
                "B": {"$ref": "#/$defs/C"},
                "C": {"type": "string"},
                "Lib": {"type": "number"},
                "Named": {"$anchor": "n"}
            },
            "anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}, {"$ref": "#/$defs/Named"}]
        });
        let presentation = json!({
            "$defs": {
                "A": {"type": "object"},
                "B": {"$ref": "#/$defs/C"},
                "C": {"type": "string"},
                "Lib": {"type": "number"},
                "Named": {"$anchor": "n"}
            },
            "type": "object",
            "properties": {"c": {"$ref": "other.json#/$defs/C"}}
        });
        let (out, notes) = run(contract, presentation);
        // `C` is kept: a reference into another document counts by its fragment alone.
        assert_eq!(
            out["$defs"],
            json!({"C": {"type": "string"}, "Lib": {"type": "number"}, "Named": {"$anchor": "n"}})
        );
        assert_eq!(
            notes,
            ["2 `$defs` entries the presentation no longer references are removed: `A`, `B` (F14)"]
        );
    }

    #[test]
    fn an_entry_kept_keeps_what_it_references() {
        // utam-page-object.json (SchemaStore): `Shadow`, which the root never referenced, is
        // kept, and refers to `Element`, which only the flattened branch referenced.
        let defs = json!({
            "Page": {"properties": {"e": {"$ref": "#/definitions/Element"}}},
            "Element": {"type": "object"},
            "Shadow": {"properties": {"items": {"$ref": "#/definitions/Element"}}}
        });
        let contract = json!({"definitions": defs, "allOf": [{"$ref": "#/definitions/Page"}]});
        let presentation = json!({"definitions": defs, "type": "object"});
        let (out, notes) = run(contract, presentation);
        assert_eq!(
            out["definitions"]
                .as_object()
                .unwrap()
                .keys()
                .collect::<Vec<_>>(),
            ["Element", "Shadow"]
        );
        assert_eq!(
            notes,
            [
                "1 `definitions` entry the presentation no longer references is removed: `Page` (F14)"
            ]
        );
    }

    #[test]
    fn nothing_is_removed_beside_a_dynamic_reference() {
        let contract = json!({"$defs": {"A": {}}, "anyOf": [{"$ref": "#/$defs/A"}, {}]});
        let presentation = json!({"$defs": {"A": {}}, "$dynamicRef": "#x"});
        let (out, notes) = run(contract, presentation.clone());
        assert_eq!(out, presentation);
        assert!(notes.is_empty());
    }
}
