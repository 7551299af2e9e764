//! F7: joining the schemas that several branches give one key into one schema that accepts
//! whatever any of them accepts.
//!
//! Identical schemas stay whole (F7.1), string enums union (F7.2), one scalar kind keeps the hull
//! of its constraints (F7.3), anything else becomes an `anyOf` of the distinct schemas (F7.4,
//! `anyof` mode); a schema whose kind cannot be established makes the join `{}` (F7.5). `null`
//! is split off first and added back to the result (F7.6).

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::{Collisions, Notes, Reader, merge};
use crate::canonical;
use crate::schema::Draft;
use crate::schema::bounds::{self, Bound};
use crate::schema::keywords::{is_annotation, is_type_specific};
use crate::schema::pointer;

/// One branch's schema for a key.
#[derive(Debug, Clone)]
pub(crate) struct Contribution {
    /// The schema (`true` already read as `{}`; `false` never contributes, F7.7).
    pub schema: Value,
}

/// `schema` without annotations in keyword position (F7 compares these).
pub(crate) fn strip_annotations(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !is_annotation(k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The JSON type of a value; integers are numbers.
fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The JSON types a schema can accept, from `type`, `const` and `enum` only (F7.3): `None` when
/// none of them says (a bare `{"minimum": 5}` also accepts strings).
fn kinds(reader: &Reader<'_>, schema: &Value, depth: usize) -> Option<BTreeSet<&'static str>> {
    let map = schema.as_object()?;
    if depth > 16 {
        return None;
    }
    if let Some(reference) = map.get("$ref").and_then(Value::as_str)
        && reader.ref_replaces(schema)
    {
        let (target, _) = reader.resolve(reference)?;
        return kinds(reader, target, depth + 1);
    }
    let mut sets: Vec<BTreeSet<&'static str>> = Vec::new();
    match map.get("type") {
        Some(Value::String(t)) => sets.push(std::iter::once(normal_type(t)?).collect()),
        Some(Value::Array(ts)) => sets.push(
            ts.iter()
                .map(|t| t.as_str().and_then(normal_type))
                .collect::<Option<BTreeSet<_>>>()?,
        ),
        _ => {}
    }
    if reader.settings.draft.is_keyword("const")
        && let Some(c) = map.get("const")
    {
        sets.push(std::iter::once(type_of(c)).collect());
    }
    if let Some(Value::Array(values)) = map.get("enum") {
        sets.push(values.iter().map(type_of).collect());
    }
    for union in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = map.get(union) {
            let mut all = BTreeSet::new();
            for branch in branches {
                all.extend(kinds(reader, branch, depth + 1)?);
            }
            sets.push(all);
        }
    }
    let mut sets = sets.into_iter();
    let first = sets.next()?;
    Some(sets.fold(first, |acc, s| acc.intersection(&s).copied().collect()))
}

fn normal_type(t: &str) -> Option<&'static str> {
    Some(match t {
        "integer" | "number" => "number",
        "string" => "string",
        "boolean" => "boolean",
        "null" => "null",
        "object" => "object",
        "array" => "array",
        _ => return None,
    })
}

/// A contribution with `null` split off (F7.6): the rest, and whether it allowed `null`.
/// `None` for the rest means the contribution was `null` alone… which is a scalar kind of its
/// own and stays whole, so it is never split.
pub(crate) fn split_null(reader: &Reader<'_>, schema: &Value) -> (Value, bool) {
    let Value::Object(map) = schema else {
        return (schema.clone(), false);
    };
    // `anyOf: [X, {"type": "null"}]` (either order), nothing else asserted beside it.
    for union in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = map.get(union)
            && branches.len() == 2
            && map.keys().all(|k| k == union || is_annotation(k))
        {
            let is_null = |b: &Value| strip_annotations(b) == json!({"type": "null"});
            let other = match (is_null(&branches[0]), is_null(&branches[1])) {
                (true, false) => &branches[1],
                (false, true) => &branches[0],
                _ => continue,
            };
            if let Value::Object(x) = other
                && x.keys().all(|k| {
                    is_annotation(k)
                        || is_type_specific(k)
                        || matches!(k.as_str(), "type" | "enum" | "const")
                })
                && (x.contains_key("type")
                    || x.contains_key("enum")
                    || (x.contains_key("const") && reader.settings.draft.is_keyword("const")))
            {
                return (other.clone(), true);
            }
        }
    }
    // `type: [T, "null"]`, and `enum` values beside it.
    if let Some(Value::Array(types)) = map.get("type")
        && types.len() > 1
        && types.iter().any(|t| t == "null")
    {
        let mut rest = map.clone();
        let others: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
        rest.insert(
            "type".to_owned(),
            if others.len() == 1 {
                others[0].clone()
            } else {
                Value::Array(others)
            },
        );
        if let Some(Value::Array(values)) = map.get("enum") {
            rest.insert(
                "enum".to_owned(),
                Value::Array(values.iter().filter(|v| !v.is_null()).cloned().collect()),
            );
        }
        return (Value::Object(rest), true);
    }
    (schema.clone(), false)
}

/// Adds `null` to a joined schema (F7.6): to its `type`, to its `enum`, a `const` becoming an
/// `enum`; an `anyOf` gains a `null` branch; `{}` already accepts it.
fn add_null(schema: Value) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    if map.is_empty() {
        return Value::Object(map);
    }
    if let Some(Value::Array(branches)) = map.get_mut("anyOf") {
        let null = json!({"type": "null"});
        if !branches.contains(&null) {
            branches.push(null);
        }
        return Value::Object(map);
    }
    if !["type", "enum", "const"]
        .iter()
        .any(|k| map.contains_key(*k))
    {
        // Nothing to add `null` to (a `$ref`, say): accept it beside the schema.
        return json!({"anyOf": [Value::Object(map), {"type": "null"}]});
    }
    match map.get("type").cloned() {
        Some(Value::String(t)) if t != "null" => {
            map.insert("type".to_owned(), json!([t, "null"]));
        }
        Some(Value::Array(mut ts)) if !ts.iter().any(|t| t == "null") => {
            ts.push("null".into());
            map.insert("type".to_owned(), Value::Array(ts));
        }
        _ => {}
    }
    if let Some(Value::Array(values)) = map.get_mut("enum")
        && !values.contains(&Value::Null)
    {
        values.push(Value::Null);
    }
    if let Some(c) = map.remove("const") {
        let mut values = vec![c];
        if !values.contains(&Value::Null) {
            values.push(Value::Null);
        }
        map.insert("enum".to_owned(), Value::Array(values));
    }
    Value::Object(map)
}

/// What comparing looks at: annotations stripped and a lone local reference to a
/// non-recursive target replaced by the target (F7.5).
fn comparable(reader: &Reader<'_>, schema: &Value) -> String {
    canonical::canonical(&strip_annotations(&resolve(reader, schema)))
}

/// `schema` with lone local references to non-recursive targets replaced by their targets.
fn resolve(reader: &Reader<'_>, schema: &Value) -> Value {
    let mut current = schema.clone();
    for _ in 0..16 {
        match current.get("$ref").and_then(Value::as_str) {
            Some(reference) if reader.ref_replaces(&current) => match reader.resolve(reference) {
                Some((target, at)) if !is_recursive(reader, &at) => current = target.clone(),
                _ => break,
            },
            _ => break,
        }
    }
    current
}

/// True when the definition at `at` refers back to itself through references.
pub(crate) fn is_recursive(reader: &Reader<'_>, at: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![at.to_owned()];
    while let Some(here) = stack.pop() {
        if !seen.insert(here.clone()) {
            continue;
        }
        let Some(node) = pointer::get(reader.root, &here) else {
            continue;
        };
        let mut values = vec![node];
        while let Some(value) = values.pop() {
            match value {
                Value::Object(map) => {
                    if let Some(Value::String(reference)) = map.get("$ref")
                        && let Some((_, target)) = reader.resolve(reference)
                    {
                        if crate::schema::pointer::starts_with(at, &target) {
                            return true;
                        }
                        stack.push(target);
                    }
                    values.extend(map.values());
                }
                Value::Array(items) => values.extend(items.iter()),
                _ => {}
            }
        }
    }
    false
}

/// Joins the contributions for one key (F7). `at` names the key in notes; with `per_branch`,
/// the caller reports what each branch loses, and the hull of F7.3 is not noted here.
pub(crate) fn join(
    reader: &Reader<'_>,
    key: &str,
    at: &str,
    contributions: &[Contribution],
    depth: usize,
    per_branch: bool,
    notes: &mut Notes,
) -> Value {
    let schemas: Vec<Value> = contributions.iter().map(|c| c.schema.clone()).collect();
    if schemas.len() == 1 {
        return schemas[0].clone();
    }
    let split: Vec<(Value, bool)> = schemas.iter().map(|s| split_null(reader, s)).collect();
    let nullable = split.iter().any(|(_, n)| *n);
    let cores: Vec<&Value> = split.iter().map(|(c, _)| c).collect();
    let with_null = |v: Value| if nullable { add_null(v) } else { v };

    // F7.1: all identical, annotations aside.
    let first = comparable(reader, cores[0]);
    if cores.iter().all(|c| comparable(reader, c) == first) {
        // Equal schemas may be spelled differently (a `$ref` and its target inline): keep the
        // spelling that sorts first, so that branch order does not choose it.
        let spelling = cores
            .iter()
            .map(|c| strip_annotations(c))
            .min_by_key(canonical::canonical)
            .unwrap_or_default();
        let mut kept = spelling;
        if let (Value::Object(kept_map), Some(Value::Object(first_map))) =
            (&mut kept, cores.first().copied())
        {
            for (k, v) in first_map {
                if is_annotation(k)
                    && k != "description"
                    && cores.iter().all(|c| c.get(k) == Some(v))
                {
                    kept_map.insert(k.clone(), v.clone());
                }
            }
        }
        return with_null(kept);
    }

    // F7.5: a schema whose kind cannot be established makes the join `{}`.
    let Some(kind_sets) = cores
        .iter()
        .map(|c| kinds(reader, c, 0))
        .collect::<Option<Vec<_>>>()
    else {
        notes.widened(at, format!("`{key}` has a schema whose type cannot be established in some branch, so it accepts any value"));
        return json!({});
    };
    let all_kinds: BTreeSet<&str> = kind_sets.iter().flatten().copied().collect();
    // F7.5: local references to non-recursive targets are read as their targets from here on.
    let resolved: Vec<Value> = cores.iter().map(|c| resolve(reader, c)).collect();
    let cores: Vec<&Value> = resolved.iter().collect();

    // F7.2: string enums union.
    if let Some(values) = string_enum_union(reader, &cores) {
        return with_null(json!({"type": "string", "enum": values}));
    }

    // F7.3: one scalar kind keeps the hull.
    if all_kinds.len() == 1 && !all_kinds.contains("object") && !all_kinds.contains("array") {
        let kind = all_kinds.iter().next().copied().unwrap_or("null");
        let hull = hull(reader, kind, &cores);
        let dropped: BTreeSet<String> = cores
            .iter()
            .filter_map(|c| c.as_object())
            .flat_map(|m| m.keys())
            .filter(|k| !is_annotation(k) && !matches!(k.as_str(), "type" | "enum" | "const"))
            .filter(|k| hull.get(k.as_str()).is_none())
            .cloned()
            .collect();
        // A flat object's key is reported branch by branch by its caller (`flat::losses`).
        if !dropped.is_empty() && !per_branch {
            let list: Vec<String> = dropped.iter().map(|k| format!("`{k}`")).collect();
            notes.widened(at, format!("`{key}` differs between branches: its constraints are widened to their hull (dropped: {})", list.join(", ")));
        }
        return with_null(hull);
    }

    if reader.settings.collisions == Collisions::Merge {
        return with_null(merge::merge(
            reader, key, at, &cores, &kind_sets, depth, notes,
        ));
    }

    // F7.4, `anyof` mode: the distinct schemas, sorted so that branch order does not matter.
    let mut distinct: Vec<(String, Value)> = Vec::new();
    for schema in &schemas {
        let stripped = strip_annotations(schema);
        let key = comparable(reader, &stripped);
        if !distinct.iter().any(|(k, _)| *k == key) {
            distinct.push((key, stripped));
        }
    }
    distinct.sort_by(|a, b| a.0.cmp(&b.0));
    notes.widened(at, format!("`{key}` has different kinds of schema in different branches: it accepts any of them (`anyOf`)"));
    json!({"anyOf": distinct.into_iter().map(|(_, v)| v).collect::<Vec<_>>()})
}

/// F7.2: every core is a string `const` or an all-string `enum` (with `type: "string"` at
/// most): the union of their values, first seen first.
fn string_enum_union(reader: &Reader<'_>, cores: &[&Value]) -> Option<Vec<Value>> {
    let mut values: Vec<Value> = Vec::new();
    for core in cores {
        let map = core.as_object()?;
        if !map
            .keys()
            .all(|k| is_annotation(k) || matches!(k.as_str(), "const" | "enum" | "type"))
        {
            return None;
        }
        if map.get("type").is_some_and(|t| t != "string") {
            return None;
        }
        let these: Vec<Value> = match (map.get("const"), map.get("enum")) {
            (Some(c), None) if reader.settings.draft.is_keyword("const") => vec![c.clone()],
            (None, Some(Value::Array(e))) => e.clone(),
            _ => return None,
        };
        if these.is_empty() || !these.iter().all(Value::is_string) {
            return None;
        }
        for v in these {
            if !values.contains(&v) {
                values.push(v);
            }
        }
    }
    Some(values)
}

/// F7.3: the hull of one scalar kind's constraints.
pub(crate) fn hull(reader: &Reader<'_>, kind: &str, cores: &[&Value]) -> Value {
    let draft = reader.settings.draft;
    let maps: Vec<&Map<String, Value>> = cores.iter().filter_map(|c| c.as_object()).collect();
    let mut out = Map::new();
    let type_name = if kind == "number" {
        let integer_only = maps.iter().all(|m| match m.get("type") {
            Some(t) => t == "integer",
            None => m
                .get("enum")
                .and_then(Value::as_array)
                .map(|e| e.iter().all(|v| v.is_i64() || v.is_u64()))
                .or_else(|| m.get("const").map(|c| c.is_i64() || c.is_u64()))
                .unwrap_or(false),
        });
        if integer_only { "integer" } else { "number" }
    } else {
        kind
    };
    out.insert("type".to_owned(), Value::String(type_name.to_owned()));
    // Enums union only when every branch is an enum or const of this kind.
    let enums = enum_union(draft, &maps);
    if let Some(values) = enums {
        out.insert("enum".to_owned(), Value::Array(values));
        return Value::Object(out);
    }
    match kind {
        "number" => {
            for lower in [true, false] {
                // A side is bounded only when every branch bounds it.
                let each: Option<Vec<Bound>> = maps
                    .iter()
                    .map(|m| Bound::of_map(m, draft, lower))
                    .collect();
                if let Some(loosest) = each.and_then(|b| bounds::loosest(b.into_iter(), lower)) {
                    loosest.write(draft, &mut out, lower);
                }
            }
            same_everywhere(&mut out, &maps, "multipleOf");
        }
        "string" => {
            loosest_counts(&mut out, &maps, "minLength", "maxLength");
            same_everywhere(&mut out, &maps, "pattern");
            same_everywhere(&mut out, &maps, "format");
        }
        _ => {}
    }
    Value::Object(out)
}

/// The values of every schema's `enum` (or `const`, from draft 6), unioned in first-seen
/// order; `None` when some schema has neither.
pub(crate) fn enum_union(draft: Draft, maps: &[&Map<String, Value>]) -> Option<Vec<Value>> {
    let all = maps
        .iter()
        .map(|m| match (m.get("enum"), m.get("const")) {
            (Some(Value::Array(e)), _) => Some(e.clone()),
            (None, Some(c)) if draft.is_keyword("const") => Some(vec![c.clone()]),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let mut union: Vec<Value> = Vec::new();
    for v in all.into_iter().flatten() {
        if !union.contains(&v) {
            union.push(v);
        }
    }
    Some(union)
}

/// The least `min` and the greatest `max` count keyword (`minLength`, `maxItems`, …), each only
/// when every schema has it: the hull of the counts (F7.3, F7.4).
pub(crate) fn loosest_counts(
    out: &mut Map<String, Value>,
    maps: &[&Map<String, Value>],
    min: &str,
    max: &str,
) {
    let all = |k: &str| {
        maps.iter()
            .map(|m| m.get(k).and_then(Value::as_u64))
            .collect::<Option<Vec<u64>>>()
    };
    if let Some(least) = all(min).and_then(|v| v.into_iter().min()) {
        out.insert(min.to_owned(), least.into());
    }
    if let Some(greatest) = all(max).and_then(|v| v.into_iter().max()) {
        out.insert(max.to_owned(), greatest.into());
    }
}

fn same_everywhere(out: &mut Map<String, Value>, maps: &[&Map<String, Value>], keyword: &str) {
    if let Some(first) = maps.first().and_then(|m| m.get(keyword))
        && maps.iter().all(|m| m.get(keyword) == Some(first))
    {
        out.insert(keyword.to_owned(), first.clone());
    }
}
