//! The flat object of a root union (F1, F4, F6, F8, F12): which unions qualify, the
//! discriminator, each key's contributions, and the object that replaces the union.

use serde_json::{Map, Value, json};

use super::describe::{self, BranchText};
use super::join::{self, Contribution};
use super::object::{self, ObjectView};
use super::{Notes, Options, Reader, hoist};
use crate::canonical;
use crate::schema::Semantics;
use crate::schema::pointer;

/// One branch of the union, read.
pub(crate) struct Branch {
    /// Where its schema is (after following a `$ref` branch).
    pub at: String,
    pub view: ObjectView,
}

/// A flattened union: the node that replaces it and, when F13 had to move referenced nodes
/// first, the whole document those moves made (the node is then written into that one).
pub(crate) struct Replacement {
    pub document: Option<Value>,
    pub node: Value,
}

/// How a union is named in notes: the root's, or one below it (whose pointer the note carries).
pub(crate) fn union_name(at: &str, keyword: &str) -> String {
    if at.is_empty() {
        format!("the root `{keyword}`")
    } else {
        format!("the `{keyword}`")
    }
}

/// Flattens the union under `keyword` (`oneOf` or `anyOf`) of the node at `at` in `doc`; `None`
/// leaves it in place (F3, noted). `targets` are the document's local reference targets when
/// the caller knows them (F13 looks among them for references into the branches).
pub(crate) fn flatten_union(
    doc: &Value,
    at: &str,
    keyword: &str,
    targets: Option<&[String]>,
    options: Options,
    notes: &mut Notes,
) -> Option<Replacement> {
    let union_at = pointer::push(at, keyword);
    let name = union_name(at, keyword);
    let Some(Value::Array(raw_branches)) = doc.pointer(at)?.get(keyword) else {
        return None;
    };
    if raw_branches.len() < 2 {
        notes.not_flattened(
            &union_at,
            format!("{name} has fewer than two branches and is left in place"),
            None,
        );
        return None;
    }
    let moved = hoist::hoist(doc, &union_at, targets, options.draft, notes)?;
    let root = moved.as_ref().unwrap_or(doc);
    let reader = Reader { root, options };
    let node = root.pointer(at)?.as_object()?;
    let node_is_object = node.get("type").is_some_and(|t| t == "object");
    let Value::Array(raw_branches) = node.get(keyword)? else {
        return None;
    };

    let mut branches = Vec::with_capacity(raw_branches.len());
    for (i, raw) in raw_branches.iter().enumerate() {
        let branch_at = pointer::push_index(&union_at, i);
        // F5: a 2019-09+ `$ref` with asserting siblings is read as `allOf: [target, siblings]`.
        let followed = reader.follow(raw, &branch_at).or_else(|| {
            let reference = raw.get("$ref")?.as_str()?;
            reader.resolve(reference)?;
            Some((raw, branch_at.clone()))
        });
        let Some((schema, schema_at)) = followed else {
            notes.not_flattened(
                &branch_at,
                format!(
                    "branch {} is a reference stitch cannot follow, so the union is left in place",
                    i + 1
                ),
                None,
            );
            return None;
        };
        if !(object::says_object(&reader, schema, 0) || node_is_object) {
            notes.not_flattened(
                &branch_at,
                format!("branch {} is not an object schema (it does not say `\"type\": \"object\"`), so the union is left in place", i + 1),
                Some(format!("if branch {} only takes objects, add `\"type\": \"object\"` to it (or beside the `{keyword}`)", i + 1)),
            );
            return None;
        }
        let mut view = object::read(&reader, schema, &schema_at, notes);
        view.is_object = true;
        if view.opaque {
            notes.widened(
                &branch_at,
                format!(
                    "branch {} cannot be read as one object: every key accepts any value in it",
                    i + 1
                ),
            );
        }
        branches.push(Branch {
            at: schema_at,
            view,
        });
    }
    let flat = flat_object(&reader, node, at, &union_at, &branches, true, 0, notes);
    notes.flattened(
        &union_at,
        format!(
            "{name} of {} branches is flattened into one object",
            branches.len()
        ),
    );
    Some(Replacement {
        node: assemble_object(node, keyword, flat),
        document: moved,
    })
}

/// The flat object of `branches` (F4 when `discriminate`, F6, F8, F10): `node` is the union's
/// own node (its siblings apply to every branch), at `at`; notes name the union at `union_at`.
/// `depth` counts the object joins of `merge` collisions this one is nested in (F7.4).
#[allow(clippy::too_many_arguments)]
pub(crate) fn flat_object(
    reader: &Reader<'_>,
    node: &Map<String, Value>,
    at: &str,
    union_at: &str,
    branches: &[Branch],
    discriminate: bool,
    depth: usize,
    notes: &mut Notes,
) -> ObjectView {
    let union_at = union_at.to_owned();
    // Properties and `required` beside the union apply to every branch (F6).
    let sibling_properties: Map<String, Value> = node
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let mut required: Vec<String> = Vec::new();
    let discriminator = if discriminate {
        discriminator(reader, node, branches)
    } else {
        None
    };
    if let Some((name, _)) = &discriminator {
        required.push(name.clone());
    }
    for name in node
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        if !required.iter().any(|r| r == name) {
            required.push(name.to_owned());
        }
    }
    if let Some(first) = branches.first() {
        for name in &first.view.required {
            if branches
                .iter()
                .all(|b| !b.view.opaque && b.view.required.contains(name))
                && !required.contains(name)
            {
                required.push(name.clone());
            }
        }
    }

    // Keys: discriminator first, then the siblings, then every branch's in order.
    let mut keys: Vec<String> = Vec::new();
    let add_key = |k: &String, keys: &mut Vec<String>| {
        if !keys.contains(k) {
            keys.push(k.clone());
        }
    };
    if let Some((name, _)) = &discriminator {
        add_key(name, &mut keys);
    }
    for name in sibling_properties.keys() {
        add_key(name, &mut keys);
    }
    for branch in branches {
        for name in branch.view.properties.keys() {
            add_key(name, &mut keys);
        }
    }

    let labels: Vec<String> = branches
        .iter()
        .enumerate()
        .map(|(i, b)| match &discriminator {
            Some((name, _)) => discriminator_values(reader, &b.view, name)
                .map(|vs| {
                    vs.iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join(" | ")
                })
                .unwrap_or_default(),
            None => format!("variant {}", i + 1),
        })
        .collect();

    let mut properties = Map::new();
    for key in &keys {
        // Notes about a key point at its first declaration in the contract.
        let key_at = branches
            .iter()
            .find_map(|b| b.view.properties.get(key).map(|(_, at)| at.clone()))
            .unwrap_or_else(|| pointer::push(&pointer::push(at, "properties"), key));
        if let Some(sibling) = sibling_properties.get(key) {
            if branches.iter().any(|b| b.view.properties.contains_key(key)) {
                notes.widened(&key_at, format!("`{key}` is declared beside the union: the branches' own constraints on it are dropped"));
            }
            properties.insert(key.clone(), sibling.clone());
            continue;
        }
        if let Some((name, values)) = &discriminator
            && name == key
        {
            let mut schema = Map::new();
            schema.insert("type".to_owned(), "string".into());
            schema.insert("enum".to_owned(), Value::Array(values.clone()));
            if let Some(text) = describe_key(branches, &labels, Some(name), key, true) {
                schema.insert("description".to_owned(), text.into());
            }
            properties.insert(key.clone(), Value::Object(schema));
            continue;
        }
        let contributions: Vec<Contribution> = branches
            .iter()
            .filter_map(|b| contribution(reader, node, &b.view, key))
            .collect();
        let joined = if contributions.is_empty() {
            json!({})
        } else {
            join::join(reader, key, &key_at, &contributions, depth, notes)
        };
        let is_required = required.contains(key);
        let text = if discriminate {
            describe_key(
                branches,
                &labels,
                discriminator.as_ref().map(|(n, _)| n.as_str()),
                key,
                is_required,
            )
        } else {
            shared_description(branches, key)
        };
        properties.insert(key.clone(), with_description(joined, text));
    }

    // F8: other keys.
    let mut flat = ObjectView {
        is_object: true,
        required,
        ..ObjectView::default()
    };
    let patterns: Vec<Option<&Map<String, Value>>> = branches
        .iter()
        .map(|b| b.view.pattern_properties.as_ref())
        .collect();
    let patterns_identical = patterns.windows(2).all(|w| w[0] == w[1]);
    let mut dropped_patterns = false;
    match (patterns.first().copied().flatten(), patterns_identical) {
        (Some(kept), true) => flat.pattern_properties = Some(kept.clone()),
        (_, false) => {
            dropped_patterns = true;
            notes.widened(&union_at, "`patternProperties` differ between branches and are dropped: the flat object is open");
        }
        (None, true) => {}
    }
    let all_closed = branches
        .iter()
        .all(|b| !b.view.opaque && b.view.additional == Some(Value::Bool(false)));
    if all_closed && !dropped_patterns {
        flat.additional = Some(Value::Bool(false));
    } else if node
        .get("additionalProperties")
        .is_some_and(|v| v != &Value::Bool(true) && v != &json!({}))
    {
        notes.widened(&pointer::push(at, "additionalProperties"), "`additionalProperties` beside the union is dropped: not every branch is closed, so the flat object is open");
    }
    if let Some(unevaluated) = node.get("unevaluatedProperties") {
        if flat.closed() {
            flat.unevaluated = Some(unevaluated.clone());
        } else {
            notes.widened(
                &pointer::push(at, "unevaluatedProperties"),
                "`unevaluatedProperties` beside the union is dropped: the flat object is open",
            );
        }
    }
    // Other branch-level assertions survive only when every branch has them alike.
    let mut other_keys: Vec<&String> = Vec::new();
    for branch in branches {
        for key in branch.view.others.keys() {
            if !other_keys.contains(&key) {
                other_keys.push(key);
            }
        }
    }
    for key in other_keys {
        let values: Vec<Option<&(Value, String)>> =
            branches.iter().map(|b| b.view.others.get(key)).collect();
        let first = values[0].map(|(v, _)| canonical::canonical(v));
        let same = first.is_some()
            && values
                .iter()
                .all(|v| v.map(|(v, _)| canonical::canonical(v)) == first);
        let mentions_unevaluated = values
            .iter()
            .flatten()
            .any(|(v, _)| canonical::canonical(v).contains("\"unevaluated"));
        if same && !mentions_unevaluated && !node.contains_key(key.as_str()) {
            if let Some((value, at)) = values[0] {
                flat.others.insert(key.clone(), (value.clone(), at.clone()));
            }
        } else {
            let at = values
                .iter()
                .flatten()
                .next()
                .map_or(union_at.clone(), |(_, at)| at.clone());
            notes.widened(
                &at,
                format!("`{key}` is not the same in every branch and is dropped"),
            );
        }
    }
    for (i, branch) in branches.iter().enumerate() {
        if branch.view.unevaluated.is_some() {
            notes.widened(
                &branch.at,
                format!("`unevaluatedProperties` of branch {} is dropped", i + 1),
            );
        }
    }
    flat.properties = properties
        .into_iter()
        .map(|(k, v)| (k, (v, String::new())))
        .collect();
    flat
}

/// F6: what a branch contributes for `key`: its declared schema; else what evaluates the key
/// while it succeeds (`patternProperties`, `additionalProperties`, `unevaluatedProperties`, its
/// own or the union node's); else `{}` when it is implicitly open and the semantics or its
/// free form say so; else nothing.
fn contribution(
    reader: &Reader<'_>,
    node: &Map<String, Value>,
    view: &ObjectView,
    key: &str,
) -> Option<Contribution> {
    let as_contribution = |schema: &Value| match schema {
        Value::Bool(false) => None,
        Value::Bool(true) => Some(Contribution { schema: json!({}) }),
        other => Some(Contribution {
            schema: other.clone(),
        }),
    };
    if view.opaque {
        return Some(Contribution { schema: json!({}) });
    }
    if let Some((schema, _)) = view.properties.get(key) {
        return as_contribution(schema);
    }
    let mut evaluating: Vec<Value> = Vec::new();
    let patterns = [
        view.pattern_properties.as_ref(),
        node.get("patternProperties").and_then(Value::as_object),
    ];
    for map in patterns.into_iter().flatten() {
        for (pattern, schema) in map {
            if crate::validate::pattern_matches(pattern, key).unwrap_or(true) {
                evaluating.push(schema.clone());
            }
        }
    }
    for schema in [
        view.additional.as_ref(),
        view.unevaluated.as_ref(),
        node.get("additionalProperties"),
        node.get("unevaluatedProperties"),
    ]
    .into_iter()
    .flatten()
    {
        if schema != &Value::Bool(false) {
            evaluating.push(schema.clone());
        }
    }
    if !evaluating.is_empty() {
        // Several may apply at once (all must hold): any one of them is a sound widening.
        return as_contribution(&evaluating[0]);
    }
    let open = view.implicitly_open()
        && (reader.options.semantics == Semantics::Strict || view.free_form());
    open.then(|| Contribution { schema: json!({}) })
}

/// F4: among keys every branch requires with a string `const` (draft 6+) or an all-string
/// `enum`, no value shared between branches, the OpenAPI `discriminator.propertyName` if it is
/// one, else the first in code-point order; with every value in branch order.
fn discriminator(
    reader: &Reader<'_>,
    node: &Map<String, Value>,
    branches: &[Branch],
) -> Option<(String, Vec<Value>)> {
    let first = branches.first()?;
    let mut candidates: Vec<(String, Vec<Value>)> = Vec::new();
    for name in &first.view.required {
        let mut all: Vec<Value> = Vec::new();
        let mut ok = true;
        for branch in branches {
            match (
                branch.view.required.contains(name),
                discriminator_values(reader, &branch.view, name),
            ) {
                (true, Some(values)) if values.iter().all(|v| !all.contains(v)) => {
                    all.extend(values)
                }
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            candidates.push((name.clone(), all));
        }
    }
    let preferred = node
        .get("discriminator")
        .and_then(|d| d.get("propertyName"))
        .and_then(Value::as_str)
        .map(str::to_owned)
        .or_else(|| first.view.discriminator.clone());
    if let Some(preferred) = preferred
        && let Some(found) = candidates.iter().find(|(n, _)| *n == preferred)
    {
        return Some(found.clone());
    }
    candidates.into_iter().min_by(|a, b| a.0.cmp(&b.0))
}

/// The string values a branch allows for `key`, when its schema is a string `const` or an
/// all-string `enum` (after following a local `$ref`).
fn discriminator_values(reader: &Reader<'_>, view: &ObjectView, key: &str) -> Option<Vec<Value>> {
    let (schema, _) = view.properties.get(key)?;
    let (schema, _) = reader.follow(schema, "")?;
    let map = schema.as_object()?;
    if map.get("type").is_some_and(|t| t != "string") {
        return None;
    }
    let values = match (map.get("const"), map.get("enum")) {
        (Some(c), _) if reader.options.draft.is_keyword("const") => vec![c.clone()],
        (_, Some(Value::Array(e))) => e.clone(),
        _ => return None,
    };
    (!values.is_empty() && values.iter().all(Value::is_string)).then_some(values)
}

/// F10 for one key.
fn describe_key(
    branches: &[Branch],
    labels: &[String],
    discriminator: Option<&str>,
    key: &str,
    required: bool,
) -> Option<String> {
    let texts: Vec<BranchText> = branches
        .iter()
        .zip(labels)
        .map(|(b, label)| {
            let declared = b.view.properties.get(key);
            BranchText {
                label: label.clone(),
                declares: declared.is_some(),
                requires: b.view.required.iter().any(|r| r == key),
                description: declared
                    .and_then(|(s, _)| s.get("description"))
                    .and_then(Value::as_str)
                    .map(str::to_owned),
            }
        })
        .collect();
    describe::describe(discriminator, &texts, required)
}

/// The one `description` every branch that declares `key` gives it, if they agree: what an
/// object join of `merge` collisions keeps (F7.4), since its branches are not the union's and
/// "variant n" would name the wrong thing.
fn shared_description(branches: &[Branch], key: &str) -> Option<String> {
    let mut texts = branches
        .iter()
        .filter_map(|b| b.view.properties.get(key))
        .map(|(s, _)| s.get("description").and_then(Value::as_str));
    let first = texts.next()??;
    texts.all(|t| t == Some(first)).then(|| first.to_owned())
}

/// `schema` with its `description` replaced by `text` (appended last), or removed.
fn with_description(schema: Value, text: Option<String>) -> Value {
    match schema {
        Value::Object(mut map) => {
            map.shift_remove("description");
            if let Some(text) = text {
                map.insert("description".to_owned(), text.into());
            }
            Value::Object(map)
        }
        Value::Bool(true) => with_description(json!({}), text),
        other => other,
    }
}

/// Keywords of the node that the flat object replaces.
const REPLACED: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "unevaluatedProperties",
    "oneOf",
    "anyOf",
    "allOf",
    "discriminator",
];

/// F12: the node's own keywords in their order, with the flat object written where the first
/// replaced keyword stood (`type`, `properties`, `required`, the kept branch-level keywords,
/// `additionalProperties`, …) and every other keyword kept as is. `keyword` is the union or
/// `allOf` being replaced.
pub(crate) fn assemble_object(node: &Map<String, Value>, keyword: &str, flat: ObjectView) -> Value {
    let mut block = Map::new();
    block.insert("type".to_owned(), "object".into());
    if !flat.properties.is_empty() {
        block.insert(
            "properties".to_owned(),
            Value::Object(
                flat.properties
                    .into_iter()
                    .map(|(k, (v, _))| (k, v))
                    .collect(),
            ),
        );
    }
    if !flat.required.is_empty() {
        block.insert(
            "required".to_owned(),
            Value::Array(flat.required.into_iter().map(Value::String).collect()),
        );
    }
    if let Some(patterns) = flat.pattern_properties {
        block.insert("patternProperties".to_owned(), Value::Object(patterns));
    }
    for (key, (value, _)) in flat.others {
        if !node.contains_key(&key) || key == keyword {
            block.insert(key, value);
        }
    }
    if let Some(additional) = flat.additional {
        block.insert("additionalProperties".to_owned(), additional);
    }
    if let Some(unevaluated) = flat.unevaluated {
        block.insert("unevaluatedProperties".to_owned(), unevaluated);
    }
    let mut out = Map::new();
    let mut block = Some(block);
    for (key, value) in node {
        if REPLACED.contains(&key.as_str()) || key == keyword {
            if let Some(block) = block.take() {
                out.extend(block);
            }
        } else {
            // Kept as is (F12); the block writes no key outside `REPLACED` that the node has.
            out.insert(key.clone(), value.clone());
        }
    }
    if let Some(block) = block {
        out.extend(block);
    }
    Value::Object(out)
}
