//! The flat object of a union (F4, F6, F8, F10, F12): the discriminator, each key's
//! contributions joined (F7, `join`), what the flat object says about other keys, the per-field
//! descriptions, and the object written back in the node's place.
//!
//! It is one step of the intended recursion named in the module doc of `flatten`: the object
//! joins of `merge` collisions build flat objects of their own.

use serde_json::{Map, Value, json};

use super::Notes;
use super::Reader;
use super::branches::{Branch, Discriminator, Union};
use super::describe::{self, BranchText};
use super::join::{self, Contribution};
use super::losses;
use super::object::ObjectView;
use crate::canonical;
use crate::schema::Semantics;
use crate::schema::pointer;

/// The flat object of a union (F4, F6, F8, F10).
pub(crate) fn flat_object(u: &Union<'_, '_>, notes: &mut Notes) -> ObjectView {
    let discriminator = if u.discriminate {
        discriminator(u.reader, u.node, u.branches)
    } else {
        None
    };
    let required = required(u, &discriminator);
    let labels = labels(u, &discriminator);
    if u.discriminate && discriminator.is_none() {
        required_alternatives(u, &required, &labels, notes);
    }
    let mut properties = Map::new();
    for key in keys(u, &discriminator) {
        let schema = property(u, &key, &discriminator, &labels, &required, notes);
        properties.insert(key, schema);
    }
    let mut flat = ObjectView {
        is_object: true,
        required,
        ..ObjectView::default()
    };
    other_keys(u, &mut flat, notes);
    shared_assertions(u, &mut flat, notes);
    for (i, branch) in u.branches.iter().enumerate() {
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

/// F6: the discriminator, the `required` beside the union, and the keys every branch requires.
fn required(u: &Union<'_, '_>, discriminator: &Discriminator) -> Vec<String> {
    let mut required: Vec<String> = Vec::new();
    if let Some((name, _)) = discriminator {
        required.push(name.clone());
    }
    for name in u
        .node
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
    if let Some(first) = u.branches.first() {
        for name in &first.view.required {
            if u.branches
                .iter()
                .all(|b| !b.view.opaque && b.view.required.contains(name))
                && !required.contains(name)
            {
                required.push(name.clone());
            }
        }
    }
    required
}

/// F6 drops the keys only some branches require. With a discriminator each is said in words
/// (`Required if op = insert.`, F10); without one, which key which case needs is lost (`anyOf:
/// [{"required": ["title"]}, {"required": ["description"]}]`, "at least one of"): a widening,
/// noted at the union.
fn required_alternatives(
    u: &Union<'_, '_>,
    required: &[String],
    labels: &[String],
    notes: &mut Notes,
) {
    let lost: Vec<String> = u
        .branches
        .iter()
        .zip(labels)
        .filter_map(|(b, label)| {
            let keys: Vec<String> = b
                .view
                .required
                .iter()
                .filter(|k| !required.contains(k))
                .map(|k| format!("`{k}`"))
                .collect();
            (!keys.is_empty()).then(|| format!("{} in {label}", keys.join(", ")))
        })
        .collect();
    if !lost.is_empty() {
        notes.widened(
            u.union_at,
            format!(
                "the branches require different keys and no discriminator tells them apart, so only the keys every branch requires stay required (no longer required: {})",
                lost.join("; ")
            ),
        );
    }
}

/// F6: the keys, discriminator first, then the siblings of the union, then every branch's in
/// order of first appearance.
fn keys(u: &Union<'_, '_>, discriminator: &Discriminator) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    let siblings = u.node.get("properties").and_then(Value::as_object);
    let all = discriminator
        .iter()
        .map(|(name, _)| name)
        .chain(siblings.into_iter().flat_map(|p| p.keys()))
        .chain(u.branches.iter().flat_map(|b| b.view.properties.keys()));
    for key in all {
        if !keys.contains(key) {
            keys.push(key.clone());
        }
    }
    keys
}

/// F10: how descriptions name each branch: its discriminator values; else its `title`, when
/// every branch has a distinct one; else `variant n`.
fn labels(u: &Union<'_, '_>, discriminator: &Discriminator) -> Vec<String> {
    if discriminator.is_none() {
        let titles: Vec<&str> = u
            .branches
            .iter()
            .filter_map(|b| b.title.as_deref())
            .collect();
        let distinct = titles.len() == u.branches.len()
            && titles
                .iter()
                .enumerate()
                .all(|(i, t)| !titles[..i].contains(t));
        if distinct {
            return titles.into_iter().map(str::to_owned).collect();
        }
    }
    u.branches
        .iter()
        .enumerate()
        .map(|(i, b)| match discriminator {
            Some((name, _)) => discriminator_values(u.reader, &b.view, name)
                .map(|vs| {
                    vs.iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join(" | ")
                })
                .unwrap_or_default(),
            None => format!("variant {}", i + 1),
        })
        .collect()
}

/// The flat schema of one key: a sibling's as written, the discriminator's enum, or the join of
/// the branches' contributions (F7), with its description (F10).
fn property(
    u: &Union<'_, '_>,
    key: &str,
    discriminator: &Discriminator,
    labels: &[String],
    required: &[String],
    notes: &mut Notes,
) -> Value {
    let branches = u.branches;
    // Notes about a key point at its first declaration in the contract.
    let key_at = branches
        .iter()
        .find_map(|b| b.view.properties.get(key).map(|(_, at)| at.clone()))
        .unwrap_or_else(|| pointer::push(&pointer::push(u.at, "properties"), key));
    if let Some(sibling) = u
        .node
        .get("properties")
        .and_then(Value::as_object)
        .and_then(|p| p.get(key))
    {
        if branches.iter().any(|b| b.view.properties.contains_key(key)) {
            notes.widened(&key_at, format!("`{key}` is declared beside the union: the branches' own constraints on it are dropped"));
        }
        return sibling.clone();
    }
    if let Some((name, values)) = discriminator
        && name == key
    {
        let mut schema = Map::new();
        schema.insert("type".to_owned(), "string".into());
        schema.insert("enum".to_owned(), Value::Array(values.clone()));
        if let Some(text) = describe_key(branches, labels, &[], Some(name), key, true) {
            schema.insert("description".to_owned(), text.into());
        }
        return Value::Object(schema);
    }
    let contributions: Vec<Contribution> = branches
        .iter()
        .flat_map(|b| contribution(u.reader, u.node, &b.view, key))
        .collect();
    let joined = if contributions.is_empty() {
        json!({})
    } else {
        join::join(u.reader, key, &key_at, &contributions, u.depth, true, notes)
    };
    let lost = losses::losses(u, key, &joined, labels, discriminator, notes);
    let is_required = required.iter().any(|r| r == key);
    let text = if u.discriminate {
        let name = discriminator.as_ref().map(|(n, _)| n.as_str());
        describe_key(branches, labels, &lost, name, key, is_required)
    } else {
        shared_description(branches, key)
    };
    with_description(joined, text)
}

/// F8: `patternProperties` kept only when identical in every branch, `additionalProperties:
/// false` only when every branch is closed, the node's `unevaluatedProperties` only when the
/// flat object is closed.
fn other_keys(u: &Union<'_, '_>, flat: &mut ObjectView, notes: &mut Notes) {
    let patterns: Vec<Option<&Map<String, Value>>> = u
        .branches
        .iter()
        .map(|b| b.view.pattern_properties.as_ref())
        .collect();
    let patterns_identical = patterns.windows(2).all(|w| w[0] == w[1]);
    let mut dropped_patterns = false;
    match (patterns.first().copied().flatten(), patterns_identical) {
        (Some(kept), true) => flat.pattern_properties = Some(kept.clone()),
        (_, false) => {
            dropped_patterns = true;
            notes.widened(u.union_at, "`patternProperties` differ between branches and are dropped: the flat object is open");
        }
        (None, true) => {}
    }
    let all_closed = u
        .branches
        .iter()
        .all(|b| !b.view.opaque && b.view.additional == Some(Value::Bool(false)));
    if all_closed && !dropped_patterns {
        flat.additional = Some(Value::Bool(false));
    } else if u
        .node
        .get("additionalProperties")
        .is_some_and(|v| v != &Value::Bool(true) && v != &json!({}))
    {
        notes.widened(&pointer::push(u.at, "additionalProperties"), "`additionalProperties` beside the union is dropped: not every branch is closed, so the flat object is open");
    }
    if let Some(unevaluated) = u.node.get("unevaluatedProperties") {
        if flat.closed() {
            flat.unevaluated = Some(unevaluated.clone());
        } else {
            notes.widened(
                &pointer::push(u.at, "unevaluatedProperties"),
                "`unevaluatedProperties` beside the union is dropped: the flat object is open",
            );
        }
    }
}

/// F8: other branch-level assertions survive only when every branch has them alike (and none
/// can see annotations, and the node does not write the keyword itself).
fn shared_assertions(u: &Union<'_, '_>, flat: &mut ObjectView, notes: &mut Notes) {
    let mut other_keys: Vec<&String> = Vec::new();
    for branch in u.branches {
        for key in branch.view.others.keys() {
            if !other_keys.contains(&key) {
                other_keys.push(key);
            }
        }
    }
    for key in other_keys {
        let values: Vec<Option<&(Value, String)>> =
            u.branches.iter().map(|b| b.view.others.get(key)).collect();
        let first = values[0].map(|(v, _)| canonical::canonical_keyword(key, v));
        let same = first.is_some()
            && values
                .iter()
                .all(|v| v.map(|(v, _)| canonical::canonical_keyword(key, v)) == first);
        let mentions_unevaluated = values
            .iter()
            .flatten()
            .any(|(v, _)| canonical::canonical_keyword(key, v).contains("\"unevaluated"));
        if same && !mentions_unevaluated && !u.node.contains_key(key.as_str()) {
            if let Some((value, at)) = values[0] {
                flat.others.insert(key.clone(), (value.clone(), at.clone()));
            }
        } else {
            let at = values
                .iter()
                .flatten()
                .next()
                .map_or(u.union_at, |(_, at)| at.as_str());
            notes.widened(
                at,
                format!("`{key}` is not the same in every branch and is dropped"),
            );
        }
    }
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
) -> Vec<Contribution> {
    let as_contribution = |schema: &Value| match schema {
        Value::Bool(false) => None,
        Value::Bool(true) => Some(Contribution { schema: json!({}) }),
        other => Some(Contribution {
            schema: other.clone(),
        }),
    };
    if view.opaque {
        return vec![Contribution { schema: json!({}) }];
    }
    if let Some((schema, _)) = view.properties.get(key) {
        return as_contribution(schema).into_iter().collect();
    }
    // F6.2: patterns that match the key; one the engine cannot decide may match or not.
    let (mut matching, mut undecided): (Vec<&Value>, Vec<&Value>) = (Vec::new(), Vec::new());
    let patterns = [
        view.pattern_properties.as_ref(),
        node.get("patternProperties").and_then(Value::as_object),
    ];
    for map in patterns.into_iter().flatten() {
        for (pattern, schema) in map {
            match crate::validate::pattern_matches(pattern, key) {
                Some(true) => matching.push(schema),
                None => undecided.push(schema),
                Some(false) => {}
            }
        }
    }
    if let Some(first) = matching.first() {
        // Several may apply at once (all must hold): any one of them is a sound widening.
        return as_contribution(first).into_iter().collect();
    }
    let mut out: Vec<Contribution> = undecided.into_iter().filter_map(as_contribution).collect();
    // Otherwise (or when no undecided pattern matches) what evaluates the other keys applies.
    let others: Vec<&Value> = [
        view.additional.as_ref(),
        view.unevaluated.as_ref(),
        node.get("additionalProperties"),
        node.get("unevaluatedProperties"),
    ]
    .into_iter()
    .flatten()
    .collect();
    match others.iter().find(|s| ***s != Value::Bool(false)) {
        Some(schema) => out.extend(as_contribution(schema)),
        None => {
            let open = view.implicitly_open()
                && (reader.settings.semantics == Semantics::Strict || view.free_form());
            if open {
                out.push(Contribution { schema: json!({}) });
            }
        }
    }
    out
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
        (Some(c), _) if reader.settings.draft.is_keyword("const") => vec![c.clone()],
        (_, Some(Value::Array(e))) => e.clone(),
        _ => return None,
    };
    (!values.is_empty() && values.iter().all(Value::is_string)).then_some(values)
}

/// F10 for one key.
fn describe_key(
    branches: &[Branch],
    labels: &[String],
    lost: &[Vec<String>],
    discriminator: Option<&str>,
    key: &str,
    required: bool,
) -> Option<String> {
    let texts: Vec<BranchText> = branches
        .iter()
        .zip(labels)
        .enumerate()
        .map(|(i, (b, label))| {
            let declared = b.view.properties.get(key);
            BranchText {
                label: label.clone(),
                declares: declared.is_some(),
                requires: b.view.required.iter().any(|r| r == key),
                description: declared
                    .and_then(|(s, _)| s.get("description"))
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                lost: lost.get(i).cloned().unwrap_or_default(),
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
