//! `close(S)` (§1), built as documents a validator can read: every entry schema whose in-place
//! closure declares a property gets `unevaluatedProperties: false`, with drafts up to 7 first
//! read as 2020-12 (`convert`), since §1 evaluates the closure with 2020-12 annotation rules.
//!
//! The keyword is written on the entry itself rather than around it. That is the same as §1's
//! wrapper `{"allOf": [E], "unevaluatedProperties": false}` for every entry that no `$ref`
//! applies in place elsewhere, and narrower for one that is (its siblings at the referencing
//! site no longer count): so every value this closure accepts is in close(S), which is the side
//! the verifier needs — its witnesses and samples must be values of close(S).

use foldhash::HashMap;
use serde_json::Value;

use super::space::Space;
use crate::convert;
use crate::document::Location;
use crate::schema::keywords::Application;
use crate::schema::{Draft, pointer};

/// One document of the closed set: URI, value, draft.
pub(crate) type Resource = (String, Value, Draft);

/// The documents of `space`, closed.
pub(crate) fn closed(space: &Space<'_>) -> Vec<Resource> {
    let documents = &space.loaded.documents;
    let mut converted: Vec<(String, convert::Converted, Draft)> = Vec::new();
    for (doc, document) in documents.iter().enumerate() {
        let (uri, root) = space.resource_of(doc);
        let value = document
            .value
            .pointer(root)
            .cloned()
            .unwrap_or(Value::Bool(true));
        let draft = document.draft;
        let target = if draft == Draft::Draft2019_09 {
            Draft::Draft2019_09
        } else {
            Draft::Draft2020_12
        };
        converted.push((uri, convert::to_2020_12(&value, draft), target));
    }
    // References become absolute `uri#pointer`s into the converted documents.
    let mut rewrites: Vec<(usize, String, String)> = Vec::new();
    for (doc, (_, conv, _)) in converted.iter().enumerate() {
        let (_, root) = space.resource_of(doc);
        for (new_holder, old_holder) in &conv.references {
            let from = Location {
                doc,
                pointer: format!("{root}{old_holder}"),
            };
            if let Some(target) = space.target(&from, "$ref") {
                let (target_uri, target_root) = space.resource_of(target.doc);
                let relative = target.pointer.strip_prefix(target_root).unwrap_or("");
                let mapped = converted[target.doc].1.pointer(relative);
                let base = pointer::without_fragment(&target_uri).to_owned();
                let encoded: String =
                    percent_encoding::utf8_percent_encode(&mapped, super::space::FRAGMENT)
                        .collect();
                rewrites.push((doc, new_holder.clone(), format!("{base}#{encoded}")));
            }
        }
    }
    for (doc, holder, reference) in rewrites {
        if let Some(Value::Object(map)) = converted[doc].1.value.pointer_mut(&holder) {
            map.insert("$ref".to_owned(), reference.into());
        }
    }
    // Entries: the schema under test, and every value of a keyword that meets a part of the value.
    let mut memo: HashMap<Location, bool> = HashMap::default();
    for doc in 0..documents.len() {
        let (_, root) = space.resource_of(doc);
        let mut entries: Vec<Location> = Vec::new();
        if doc == 0 {
            entries.push(space.root.clone());
        }
        let mut stack = vec![root.to_owned()];
        let draft = documents[doc].draft;
        while let Some(at) = stack.pop() {
            let Some(Value::Object(map)) = documents[doc].value.pointer(&at) else {
                continue;
            };
            for sub in draft.subschemas(map) {
                let child = sub.pointer(&at);
                if sub.application == Application::Child
                    && !matches!(sub.keyword, "propertyNames" | "contentSchema")
                {
                    entries.push(Location {
                        doc,
                        pointer: child.clone(),
                    });
                }
                stack.push(child);
            }
        }
        for entry in entries {
            if !declares_property(space, &entry, &mut memo) {
                continue;
            }
            let relative = entry.pointer.strip_prefix(root).unwrap_or("");
            let mapped = converted[doc].1.pointer(relative);
            if let Some(Value::Object(map)) = converted[doc].1.value.pointer_mut(&mapped)
                && !map.contains_key("unevaluatedProperties")
            {
                map.insert("unevaluatedProperties".to_owned(), Value::Bool(false));
            }
        }
    }
    converted
        .into_iter()
        .map(|(uri, conv, draft)| (uri, conv.value, draft))
        .collect()
}

/// True when the in-place closure of `at` declares at least one property (§1).
fn declares_property(space: &Space<'_>, at: &Location, memo: &mut HashMap<Location, bool>) -> bool {
    if let Some(&known) = memo.get(at) {
        return known;
    }
    let mut seen = foldhash::HashSet::default();
    let mut stack = vec![at.clone()];
    let mut found = false;
    while let Some(here) = stack.pop() {
        if let Some(&known) = memo.get(&here) {
            if known {
                found = true;
                break;
            }
            continue;
        }
        if !seen.insert(here.clone()) {
            continue;
        }
        let Some(node) = space.node(&here) else {
            continue;
        };
        if node.properties().is_some_and(|p| !p.is_empty()) {
            found = true;
            break;
        }
        stack.extend(node.in_place());
    }
    memo.insert(at.clone(), found);
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    use crate::document::testing::loaded;

    #[test]
    fn entries_that_declare_properties_are_closed() {
        let loaded = loaded(
            r##"{"$schema": "http://json-schema.org/draft-07/schema#",
                 "oneOf": [{"$ref": "#/definitions/a"}, {"type": "object", "properties": {"b": {"type": "object"}}}],
                 "definitions": {"a": {"properties": {"m": {"additionalProperties": {"properties": {"x": {}}}}}}}}"##,
        );
        let space = Space::new(&loaded, "");
        let closed = closed(&space);
        assert_eq!(
            closed[0].1,
            json!({
                "oneOf": [
                    {"$ref": "file:///t.json#/definitions/a"},
                    {"type": "object", "properties": {"b": {"type": "object"}}}
                ],
                "definitions": {"a": {"properties": {"m": {"additionalProperties": {"properties": {"x": {}}, "unevaluatedProperties": false}}}}},
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "unevaluatedProperties": false
            })
        );
    }
}
