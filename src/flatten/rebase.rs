//! F13, last part: a presentation written to another folder keeps its relative file references
//! resolvable. Every `$ref` (`$dynamicRef`, `$recursiveRef`) that names another file by a
//! relative URI is rewritten relative to where the presentation is written.
//!
//! A reference beneath an absolute `$id` resolves against that `$id`, wherever the file is, so
//! it is left alone; a relative `$id` is rebased itself (the references beneath it then resolve
//! as before). A presentation printed on standard output keeps the references as written: they
//! resolve from the input's folder.

use serde_json::Value;
use url::Url;

use crate::schema::Draft;

/// `document` with every relative file reference of the schemas at `schemas` (JSON Pointers)
/// rewritten from `from` (the input's URL) to `to` (the output's URL), or `None` when there is
/// nothing to rewrite (both in the same folder, or no such reference).
pub fn rebase(
    document: &Value,
    schemas: &[&str],
    draft: Draft,
    from: &Url,
    to: &Url,
) -> Option<Value> {
    if from.join(".").ok() == to.join(".").ok() {
        return None;
    }
    let mut out = document.clone();
    let mut changed = false;
    for at in schemas {
        if let Some(schema) = out.pointer_mut(at) {
            changed |= rebase_schema(schema, draft, from, to);
        }
    }
    changed.then_some(out)
}

/// Rewrites the references of one schema; true when one was.
fn rebase_schema(schema: &mut Value, draft: Draft, from: &Url, to: &Url) -> bool {
    let mut changed = false;
    let mut stack: Vec<&mut Value> = vec![schema];
    while let Some(node) = stack.pop() {
        let Value::Object(map) = node else {
            continue;
        };
        let id_keyword = draft.id_keyword();
        if let Some(Value::String(id)) = map.get_mut(id_keyword)
            && !id.starts_with('#')
        {
            if Url::parse(id).is_err()
                && let Some(moved) = moved_reference(id, from, to)
            {
                changed |= *id != moved;
                *id = moved;
            }
            // Everything beneath resolves against this `$id` now, not the file's place.
            continue;
        }
        for keyword in ["$ref", "$dynamicRef", "$recursiveRef"] {
            if let Some(Value::String(reference)) = map.get_mut(keyword)
                && let Some(moved) = moved_reference(reference, from, to)
            {
                changed |= *reference != moved;
                *reference = moved;
            }
        }
        // Every subschema, definitions included: the draft's own reading of the keywords.
        let keys: Vec<String> = draft
            .subschemas(map)
            .iter()
            .map(|sub| sub.keyword.to_owned())
            .collect();
        for (key, value) in map.iter_mut() {
            if !keys.contains(key) {
                continue;
            }
            let map_of_schemas = matches!(
                key.as_str(),
                "properties"
                    | "patternProperties"
                    | "$defs"
                    | "definitions"
                    | "dependentSchemas"
                    | "dependencies"
            );
            if map_of_schemas {
                if let Value::Object(children) = value {
                    stack.extend(children.values_mut());
                }
            } else if value.is_array() {
                if let Value::Array(items) = value {
                    stack.extend(items.iter_mut());
                }
            } else {
                stack.push(value);
            }
        }
    }
    changed
}

/// `reference` rewritten for a file at `to`, when it is a relative reference to another file
/// (not a fragment, not an absolute URI) that resolves from `from`.
fn moved_reference(reference: &str, from: &Url, to: &Url) -> Option<String> {
    if reference.starts_with('#') || Url::parse(reference).is_ok() {
        return None;
    }
    let target = from.join(reference).ok()?;
    Some(
        to.make_relative(&target)
            .unwrap_or_else(|| target.to_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn url(path: &str) -> Url {
        Url::parse(&format!("file://{path}")).unwrap()
    }

    #[test]
    fn relative_file_references_follow_the_output() {
        let doc = json!({
            "properties": {
                "id": {"$ref": "common.json#/$defs/Id"},
                "up": {"$ref": "../shared/types.json"},
                "local": {"$ref": "#/$defs/Local"},
                "remote": {"$ref": "https://example.com/s.json"},
                "nested": {"$id": "https://example.com/n.json", "properties": {"x": {"$ref": "x.json"}}},
                "relative_id": {"$id": "sub/n.json", "properties": {"y": {"$ref": "y.json"}}}
            },
            "$defs": {"Local": {"items": {"$ref": "item.json"}}}
        });
        let out = rebase(
            &doc,
            &[""],
            Draft::Draft2020_12,
            &url("/work/contracts/tool.json"),
            &url("/work/out/flat/tool.json"),
        )
        .expect("references to rewrite");
        assert_eq!(
            out["properties"]["id"]["$ref"],
            "../../contracts/common.json#/$defs/Id"
        );
        assert_eq!(out["properties"]["up"]["$ref"], "../../shared/types.json");
        assert_eq!(out["properties"]["local"]["$ref"], "#/$defs/Local");
        assert_eq!(
            out["properties"]["remote"]["$ref"],
            "https://example.com/s.json"
        );
        assert_eq!(
            out["properties"]["nested"]["properties"]["x"]["$ref"],
            "x.json"
        );
        assert_eq!(
            out["properties"]["relative_id"]["$id"],
            "../../contracts/sub/n.json"
        );
        assert_eq!(
            out["properties"]["relative_id"]["properties"]["y"]["$ref"],
            "y.json"
        );
        assert_eq!(
            out["$defs"]["Local"]["items"]["$ref"],
            "../../contracts/item.json"
        );
    }

    #[test]
    fn the_same_folder_changes_nothing() {
        let doc = json!({"$ref": "common.json"});
        let out = rebase(
            &doc,
            &[""],
            Draft::Draft2020_12,
            &url("/a/x.json"),
            &url("/a/y.json"),
        );
        assert_eq!(out, None);
        let local = json!({"$ref": "#/$defs/a", "$defs": {"a": {}}});
        let elsewhere = rebase(
            &local,
            &[""],
            Draft::Draft2020_12,
            &url("/a/x.json"),
            &url("/b/y.json"),
        );
        assert_eq!(elsewhere, None);
    }
}
