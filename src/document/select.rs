//! L8: `FILE#/json/pointer` picks one schema inside a larger document — an OpenAPI component, a
//! `$defs` entry — and OpenAPI and AsyncAPI documents given whole are refused with a message
//! naming that form.
//!
//! The selected schema becomes a document of its own, which every command then reads like any
//! other: references into the selected subtree are rewritten to point into the new root, and
//! every other local target a reference reaches (transitively) is copied under the new root's
//! definitions container (`$defs`, or `definitions` up to draft 7), under the last token of its
//! pointer (made unique). References to other files are left as written: the new document keeps
//! the file's URI, so they resolve as before. Anchored subschemas are copied like pointer
//! targets, the anchor with them.
//!
//! The draft is the containing document's: its root `$schema` for a JSON Schema document (the
//! selected schema's own `$schema` wins); OpenAPI 3.1 means 2020-12; OpenAPI 3.0 and Swagger 2.0
//! mean draft 4 as those versions extend it, with `nullable: true` (Swagger: `x-nullable`)
//! admitting `null` where a `type` is given — rewritten into the draft-4 `type` array (and
//! `enum`) so that no reader takes `nullable` for an unknown keyword and rejects `null`;
//! AsyncAPI means draft 7. The selected document says its draft in `$schema`.

use serde_json::{Map, Value, json};

use crate::schema::{Draft, pointer};

/// What kind of API description a document is, from its root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ApiKind {
    /// OpenAPI 3.0.x.
    OpenApi30,
    /// OpenAPI 3.1.x (and later 3.x).
    OpenApi31,
    /// Swagger 2.0.
    Swagger,
    /// AsyncAPI 2.x or 3.x.
    AsyncApi,
}

impl ApiKind {
    /// The API description `document` is, if it is one: a string `openapi`, `swagger` or
    /// `asyncapi` at its root.
    pub(crate) fn of(document: &Value) -> Option<(ApiKind, String)> {
        let root = document.as_object()?;
        let version = |key: &str| root.get(key).and_then(Value::as_str).map(str::to_owned);
        if let Some(v) = version("openapi") {
            let api = if v.starts_with("3.0") {
                ApiKind::OpenApi30
            } else {
                ApiKind::OpenApi31
            };
            return Some((api, format!("an OpenAPI {v} document")));
        }
        if let Some(v) = version("swagger") {
            return Some((ApiKind::Swagger, format!("a Swagger {v} document")));
        }
        version("asyncapi").map(|v| (ApiKind::AsyncApi, format!("an AsyncAPI {v} document")))
    }

    fn draft(self) -> Draft {
        match self {
            ApiKind::OpenApi30 | ApiKind::Swagger => Draft::Draft4,
            ApiKind::OpenApi31 => Draft::Draft2020_12,
            ApiKind::AsyncApi => Draft::Draft7,
        }
    }

    /// Where an API description keeps its schemas, for the help of a refusal.
    pub(crate) fn schemas_pointer(self) -> &'static str {
        match self {
            ApiKind::OpenApi30 | ApiKind::OpenApi31 | ApiKind::AsyncApi => "/components/schemas",
            ApiKind::Swagger => "/definitions",
        }
    }
}

/// Splits a command-line file argument into a path and a selected pointer: `FILE#/a/b` (or
/// `FILE#` for the whole document) when the part after the last `#` is a pointer. A path that
/// exists as written is taken whole, `#` and all.
pub fn split_arg(arg: &str) -> (&str, Option<&str>) {
    if std::path::Path::new(arg).exists() {
        return (arg, None);
    }
    split_located(arg)
}

/// `FILE#/a/b` → (`FILE`, `Some("/a/b")`), `FILE#` → (`FILE`, `Some("")`): a path and the
/// pointer after its last `#`, as a file argument and a manifest's `source` spell a schema
/// (`None` when what follows the last `#` is not a pointer).
pub fn split_located(text: &str) -> (&str, Option<&str>) {
    match text.rsplit_once('#') {
        Some((path, fragment))
            if !path.is_empty() && (fragment.is_empty() || fragment.starts_with('/')) =>
        {
            (path, Some(fragment))
        }
        _ => (text, None),
    }
}

/// The schema at `at` (a decoded JSON Pointer) in `document`, as a document of its own; `forced`
/// is `--draft`. `Err` says why not (nothing there, or not a schema).
pub(crate) fn select(document: &Value, at: &str, forced: Option<Draft>) -> Result<Value, String> {
    let Some(selected) = document.pointer(at) else {
        return Err(format!("`#{at}` names nothing in the document"));
    };
    if !(selected.is_object() || selected.is_boolean()) {
        return Err(format!(
            "`#{at}` names a {}, not a schema (an object or a boolean)",
            kind_name(selected)
        ));
    }
    let api = ApiKind::of(document).map(|(api, _)| api);
    let declared = document
        .get("$schema")
        .and_then(Value::as_str)
        .and_then(Draft::from_schema_uri);
    let own = selected
        .get("$schema")
        .and_then(Value::as_str)
        .and_then(Draft::from_schema_uri);
    let draft = forced
        .or(own)
        .or(api.map(ApiKind::draft))
        .or(declared)
        .unwrap_or(Draft::Draft2020_12);
    if at.is_empty() {
        return Ok(selected.clone());
    }
    let mut out = Copier::new(document, at, draft).run(selected);
    if matches!(api, Some(ApiKind::OpenApi30 | ApiKind::Swagger)) {
        let flag = if api == Some(ApiKind::Swagger) {
            "x-nullable"
        } else {
            "nullable"
        };
        nullable_to_type(&mut out, flag);
    }
    if let Value::Object(map) = &mut out
        && !map.contains_key("$schema")
    {
        let mut with = Map::new();
        with.insert("$schema".to_owned(), json!(draft.meta_schema_uri()));
        with.extend(std::mem::take(map));
        *map = with;
    }
    Ok(out)
}

fn kind_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Copies the selected schema and what its references need.
struct Copier<'d> {
    document: &'d Value,
    /// The selected pointer.
    at: &'d str,
    /// The definitions container of the new document.
    container: &'static str,
    /// Targets copied so far: (pointer in the document, name in the container).
    copied: Vec<(String, String)>,
    /// The copies' bodies, by index of `copied`.
    bodies: Vec<Value>,
    /// Names already taken in the container (the selected schema's own entries).
    taken: Vec<String>,
}

impl<'d> Copier<'d> {
    fn new(document: &'d Value, at: &'d str, draft: Draft) -> Self {
        Copier {
            document,
            at,
            container: draft.definitions_keyword(),
            copied: Vec::new(),
            bodies: Vec::new(),
            taken: Vec::new(),
        }
    }

    fn run(mut self, selected: &Value) -> Value {
        let mut root = selected.clone();
        if let Some(Value::Object(own)) = root.get(self.container) {
            self.taken = own.keys().cloned().collect();
        }
        self.rewrite(&mut root);
        // Copies are scanned in the order they were made, so that names follow the document.
        let mut next = 0;
        while next < self.bodies.len() {
            let mut body = std::mem::take(&mut self.bodies[next]);
            self.rewrite(&mut body);
            self.bodies[next] = body;
            next += 1;
        }
        if self.copied.is_empty() {
            return root;
        }
        if let Value::Object(map) = &mut root {
            let container = map
                .entry(self.container)
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(entries) = container {
                for ((_, name), body) in self.copied.iter().zip(self.bodies) {
                    entries.insert(name.clone(), body);
                }
            }
        }
        root
    }

    /// Rewrites every local reference under `value` to the new document's places, in document
    /// order.
    fn rewrite(&mut self, value: &mut Value) {
        let mut stack = vec![value];
        while let Some(value) = stack.pop() {
            match value {
                Value::Object(map) => {
                    if let Some(Value::String(reference)) = map.get("$ref")
                        && let Some(new) = self.place(reference)
                    {
                        map.insert("$ref".to_owned(), Value::String(new));
                    }
                    stack.extend(map.values_mut().rev());
                }
                Value::Array(items) => stack.extend(items.iter_mut().rev()),
                _ => {}
            }
        }
    }

    /// The new reference for `reference`, copying its target when it lies outside the selected
    /// schema; `None` leaves it as written (another file, a name this walk does not resolve).
    fn place(&mut self, reference: &str) -> Option<String> {
        if !pointer::without_fragment(reference).is_empty() {
            return None;
        }
        let decoded = pointer::fragment(reference)?;
        if !decoded.is_empty() && !decoded.starts_with('/') {
            // An anchor: its subschema comes along (with the anchor), the reference stays.
            let target = anchor_pointer(self.document, &decoded)?;
            if !pointer::starts_with(&target, self.at) {
                self.copy(&target);
            }
            return None;
        }
        if pointer::starts_with(&decoded, self.at) {
            return Some(encode(&decoded[self.at.len()..]));
        }
        for (target, name) in &self.copied {
            if pointer::starts_with(&decoded, target) {
                let inside = &decoded[target.len()..];
                return Some(encode(&format!(
                    "{}{inside}",
                    pointer::push(&pointer::push("", self.container), name)
                )));
            }
        }
        self.document.pointer(&decoded)?;
        let name = self.copy(&decoded);
        Some(encode(&pointer::push(
            &pointer::push("", self.container),
            &name,
        )))
    }

    /// Copies the target at `target` under a fresh name, to be scanned in turn.
    fn copy(&mut self, target: &str) -> String {
        if let Some((_, name)) = self.copied.iter().find(|(t, _)| t == target) {
            return name.clone();
        }
        let base = pointer::tokens(target)
            .and_then(|t| t.last().cloned())
            .filter(|t| !t.is_empty())
            .unwrap_or_else(|| "root".to_owned());
        let mut name = base.clone();
        let mut n = 2;
        while self.taken.contains(&name) || self.copied.iter().any(|(_, m)| *m == name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        let body = self
            .document
            .pointer(target)
            .cloned()
            .unwrap_or(Value::Null);
        self.copied.push((target.to_owned(), name.clone()));
        self.bodies.push(body);
        name
    }
}

/// `#` and a pointer, percent-encoded where a URI fragment needs it.
fn encode(pointer: &str) -> String {
    pointer::uri_fragment(&format!("#{pointer}"))
}

/// Where the subschema with `$anchor` (or `$dynamicAnchor`) `name` is, if anywhere.
fn anchor_pointer(document: &Value, name: &str) -> Option<String> {
    let mut stack = vec![(document, String::new())];
    while let Some((value, at)) = stack.pop() {
        match value {
            Value::Object(map) => {
                if ["$anchor", "$dynamicAnchor"]
                    .iter()
                    .any(|k| map.get(*k).and_then(Value::as_str) == Some(name))
                {
                    return Some(at);
                }
                for (k, v) in map {
                    stack.push((v, pointer::push(&at, k)));
                }
            }
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    stack.push((v, pointer::push_index(&at, i)));
                }
            }
            _ => {}
        }
    }
    None
}

/// OpenAPI 3.0 (and Swagger's `x-nullable`): `flag: true` beside a `type` admits `null`; it is
/// rewritten as draft 4 says it (`type: ["string", "null"]`, and `null` among the `enum`
/// values), and the flag removed. Without a `type` it has no effect (OpenAPI 3.0.3) and is
/// removed alone. Values (`enum`, `default`, examples) are not entered.
fn nullable_to_type(value: &mut Value, flag: &str) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                if map.get(flag) == Some(&Value::Bool(true)) && !map.contains_key("$ref") {
                    map.shift_remove(flag);
                    let typed = match map.get_mut("type") {
                        Some(Value::String(t)) if t != "null" => {
                            let t = std::mem::take(t);
                            map.insert("type".to_owned(), json!([t, "null"]));
                            true
                        }
                        Some(Value::Array(types)) => {
                            if !types.iter().any(|t| t == "null") {
                                types.push(json!("null"));
                            }
                            true
                        }
                        _ => false,
                    };
                    if typed
                        && let Some(Value::Array(values)) = map.get_mut("enum")
                        && !values.contains(&Value::Null)
                    {
                        values.push(Value::Null);
                    }
                }
                for (key, child) in map.iter_mut() {
                    if !matches!(
                        key.as_str(),
                        "enum" | "const" | "default" | "example" | "examples"
                    ) {
                        stack.push(child);
                    }
                }
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn petstore() -> Value {
        json!({
            "openapi": "3.0.3",
            "components": {"schemas": {
                "Pet": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "nullable": true},
                        "tag": {"type": "string", "enum": ["a", "b"], "nullable": true},
                        "category": {"$ref": "#/components/schemas/Category"},
                        "again": {"$ref": "#/components/schemas/Pet/properties/name"}
                    }
                },
                "Category": {"type": "object", "properties": {"parent": {"$ref": "#/components/schemas/Category"}}}
            }}
        })
    }

    #[test]
    fn an_openapi_3_0_component_is_a_draft_4_schema_with_what_it_needs() {
        let out = select(&petstore(), "/components/schemas/Pet", None).unwrap();
        assert_eq!(
            out,
            json!({
                "$schema": "http://json-schema.org/draft-04/schema#",
                "type": "object",
                "properties": {
                    "name": {"type": ["string", "null"]},
                    "tag": {"type": ["string", "null"], "enum": ["a", "b", null]},
                    "category": {"$ref": "#/definitions/Category"},
                    "again": {"$ref": "#/properties/name"}
                },
                "definitions": {
                    "Category": {"type": "object", "properties": {"parent": {"$ref": "#/definitions/Category"}}}
                }
            })
        );
    }

    #[test]
    fn nothing_there_is_said() {
        assert_eq!(
            select(&petstore(), "/components/schemas/Dog", None).unwrap_err(),
            "`#/components/schemas/Dog` names nothing in the document"
        );
        assert_eq!(
            select(&petstore(), "/openapi", None).unwrap_err(),
            "`#/openapi` names a string, not a schema (an object or a boolean)"
        );
    }

    #[test]
    fn a_defs_entry_keeps_the_document_draft() {
        let doc = json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"type": "string"}}
        });
        assert_eq!(
            select(&doc, "/definitions/a", None).unwrap(),
            json!({
                "$schema": "http://json-schema.org/draft-07/schema#",
                "$ref": "#/definitions/b",
                "definitions": {"b": {"type": "string"}}
            })
        );
    }

    #[test]
    fn arguments_split_at_a_pointer() {
        assert_eq!(
            split_arg("api.json#/components/schemas/Pet"),
            ("api.json", Some("/components/schemas/Pet"))
        );
        assert_eq!(split_arg("api.json#"), ("api.json", Some("")));
        assert_eq!(split_arg("notes#1.json"), ("notes#1.json", None));
        assert_eq!(split_arg("-"), ("-", None));
    }
}
