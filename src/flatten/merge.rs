//! F7.4 in `merge` mode: colliding property schemas of several kinds, or of object or array
//! kind, joined without introducing any `anyOf`/`oneOf`.
//!
//! Objects join recursively as an object union (F5–F8, no discriminator); arrays join position
//! by position; mixed kinds give a `type` array with each kind's *type-specific* keywords side by
//! side, so that no keyword of one kind ever constrains values of another. Everything else
//! survives only when identical in every branch. Two different recursive references give `{}`
//! (F7.5): a branch is never cut. Every join here widens, and says so in a note.
//!
//! Decisions the spec leaves open: a key of an object join keeps its `description` only when
//! every branch that declares it says the same (F10's `variant n` would number the join's
//! branches, which are not the union's); the kinds of a `type` array are listed in a fixed order
//! (object, array, string, number or integer, boolean, null), so that branch order does not
//! change it; joins nested more than 16 deep give `{}`.

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::branches::{Branch, Union};
use super::flat;
use super::join::{self, Contribution};
use super::{Notes, Reader, object};
use crate::canonical;
use crate::schema::keywords::{self, Kind, is_annotation, is_definitions, is_identity};

/// Object and array joins nested deeper than this give `{}` (noted): contributions come from
/// the contract's own subschemas, so only a pathological document gets here.
const MAX_MERGE_DEPTH: usize = 16;

/// The JSON types, in the order a joined `type` array lists them.
const KIND_ORDER: &[&str] = &["object", "array", "string", "number", "boolean", "null"];

/// Joins `cores` (at least two, not all identical, every kind established: F7.1–F7.3 and F7.5
/// did not apply) in `merge` mode. `kinds` are the cores' kinds, in order.
pub(crate) fn merge(
    reader: &Reader<'_>,
    key: &str,
    at: &str,
    cores: &[&Value],
    kinds: &[BTreeSet<&'static str>],
    depth: usize,
    notes: &mut Notes,
) -> Value {
    if depth >= MAX_MERGE_DEPTH {
        notes.widened(
            at,
            format!("`{key}` is nested too deeply to merge its branches: it accepts any value"),
        );
        return json!({});
    }
    let maps = match targets(reader, key, at, cores, notes) {
        Ok(maps) => maps,
        Err(any) => return any,
    };
    let all_kinds: BTreeSet<&str> = kinds.iter().flatten().copied().collect();
    if all_kinds.len() == 1 && all_kinds.contains("object") {
        notes.widened(
            at,
            format!("`{key}` joins the object schemas of its branches into one object (merge)"),
        );
        return object_join(reader, at, &maps, depth, notes);
    }

    let mut out = Map::new();
    let mut types: Vec<&str> = Vec::new();
    let mut side_by_side = Map::new();
    let mixed = all_kinds.len() > 1;
    for kind in KIND_ORDER {
        if !all_kinds.contains(kind) {
            continue;
        }
        let parts: Vec<Map<String, Value>> = maps
            .iter()
            .zip(kinds)
            .filter(|(_, ks)| ks.contains(kind))
            .map(|(m, _)| part(reader, m, kind))
            .collect();
        let joined: Map<String, Value> = match *kind {
            "object" => match object_join(reader, at, &parts, depth, notes) {
                Value::Object(map) => map,
                _ => Map::new(),
            },
            "array" => array_join(reader, key, at, &parts, depth, notes),
            "string" | "number" => {
                let refs: Vec<Value> = parts.into_iter().map(Value::Object).collect();
                let refs: Vec<&Value> = refs.iter().collect();
                match join::hull(reader, kind, &refs) {
                    Value::Object(map) => map,
                    _ => Map::new(),
                }
            }
            _ => Map::new(),
        };
        types.push(match joined.get("type").and_then(Value::as_str) {
            Some("integer") => "integer",
            _ => kind,
        });
        for (k, v) in joined {
            if k != "type" && k != "enum" && (!mixed || is_specific_to(kind, &k)) {
                side_by_side.insert(k, v);
            }
        }
    }
    out.insert(
        "type".to_owned(),
        match types.as_slice() {
            [one] => Value::String((*one).to_owned()),
            many => Value::Array(
                many.iter()
                    .map(|t| Value::String((*t).to_owned()))
                    .collect(),
            ),
        },
    );
    // `enum`/`const` survive only when every branch has one, unioned across kinds.
    let all: Vec<&Map<String, Value>> = maps.iter().collect();
    let values = join::enum_union(reader.settings.draft, &all);
    if let Some(values) = values {
        out.insert("enum".to_owned(), Value::Array(values));
    }
    out.extend(side_by_side);
    // Applicators and other keywords that are not specific to one type: only when identical
    // in every branch.
    let dropped = shared_general(reader, &maps, &mut out);
    let mut message = if mixed {
        format!(
            "`{key}` has different kinds of schema in different branches: they are merged into one with a `type` array"
        )
    } else {
        format!("`{key}` joins the array schemas of its branches position by position (merge)")
    };
    if !dropped.is_empty() {
        let list: Vec<String> = dropped.iter().map(|k| format!("`{k}`")).collect();
        message.push_str(&format!("; dropped: {}", list.join(", ")));
    }
    notes.widened(at, message);
    Value::Object(out)
}

/// The branch schemas as objects: lone local references read as their targets. A recursive
/// one stays a reference, and two different schemas one of which is recursive cannot be joined
/// without cutting; a union inside a branch is not merged either (F7.6): `Err` with `{}`.
fn targets(
    reader: &Reader<'_>,
    key: &str,
    at: &str,
    cores: &[&Value],
    notes: &mut Notes,
) -> Result<Vec<Map<String, Value>>, Value> {
    let mut maps: Vec<Map<String, Value>> = Vec::with_capacity(cores.len());
    for core in cores {
        let Some((target, target_at)) = reader.follow(core, at) else {
            return Err(any_value(
                key,
                at,
                "a reference stitch cannot follow",
                notes,
            ));
        };
        if core.get("$ref").is_some() && join::is_recursive(reader, &target_at) {
            return Err(any_value(key, at, "different recursive references", notes));
        }
        match target {
            Value::Object(map) => maps.push(map.clone()),
            Value::Bool(true) => maps.push(Map::new()),
            _ => return Err(any_value(key, at, "a schema that is not an object", notes)),
        }
    }
    // F7.6: a union that stays inside a branch (`anyOf: [X, {"type": "null"}]` that could not be
    // projected, say) is not merged with the others.
    for union in ["anyOf", "oneOf"] {
        let first = maps[0].get(union);
        if maps.iter().any(|m| m.get(union).is_some()) && maps.iter().any(|m| m.get(union) != first)
        {
            return Err(any_value(
                key,
                at,
                &format!("an `{union}` in some branch"),
                notes,
            ));
        }
    }
    Ok(maps)
}

/// Keywords that are not specific to one type (applicators and the rest), written into `out`
/// when identical in every branch; the others, dropped, are returned.
fn shared_general(
    reader: &Reader<'_>,
    maps: &[Map<String, Value>],
    out: &mut Map<String, Value>,
) -> BTreeSet<String> {
    let mut dropped: BTreeSet<String> = BTreeSet::new();
    let mut shared: Vec<&String> = Vec::new();
    for map in maps {
        for k in map.keys() {
            if !is_general(k) || !reader.settings.draft.is_keyword(k) || shared.contains(&k) {
                continue;
            }
            let first =
                canonical::canonical_keyword(k, &maps[0].get(k).cloned().unwrap_or(Value::Null));
            let identical = maps.iter().all(|m| {
                m.get(k)
                    .is_some_and(|v| canonical::canonical_keyword(k, v) == first)
            });
            if identical && !k.starts_with("unevaluated") {
                shared.push(k);
            } else {
                dropped.insert(k.clone());
            }
        }
    }
    for k in shared {
        out.insert(k.clone(), maps[0][k.as_str()].clone());
    }
    dropped
}

/// `{}` for `key`, with a note saying why (F7.4, F7.5).
fn any_value(key: &str, at: &str, why: &str, notes: &mut Notes) -> Value {
    notes.widened(
        at,
        format!("`{key}` cannot be merged ({why}): it accepts any value"),
    );
    json!({})
}

/// Type-specific keywords that F7.4 does not set side by side: `unevaluated*` (never kept),
/// applicators and content keywords (kept only when identical in every branch).
const NOT_SIDE_BY_SIDE: &[&str] = &[
    "unevaluatedProperties",
    "unevaluatedItems",
    "dependentSchemas",
    "dependencies",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
];

/// True when `keyword` is one of F7.4's type-specific keywords for `kind`, set side by side.
fn is_specific_to(kind: &str, keyword: &str) -> bool {
    Kind::of_name(kind).is_some_and(|kind| keywords::is_specific_to(keyword, kind))
        && !NOT_SIDE_BY_SIDE.contains(&keyword)
}

/// A keyword that is neither an annotation, nor `type`/`enum`/`const`, nor specific to one
/// type: applicators (`not`, `allOf`, `$ref`, `if`, …) and the rest, kept only when identical.
fn is_general(keyword: &str) -> bool {
    !(is_annotation(keyword)
        || is_definitions(keyword)
        || is_identity(keyword)
        || keyword.starts_with("x-")
        || matches!(keyword, "type" | "enum" | "const")
        || KIND_ORDER.iter().any(|kind| is_specific_to(kind, keyword)))
}

/// What a branch says about values of `kind`: the type, its values of that kind, and its
/// keywords specific to the kind (for objects also how it treats other keys).
fn part(reader: &Reader<'_>, map: &Map<String, Value>, kind: &str) -> Map<String, Value> {
    let mut out = Map::new();
    let says_integer = match map.get("type") {
        Some(Value::String(t)) => t == "integer",
        Some(Value::Array(ts)) => {
            ts.iter().any(|t| t == "integer") && !ts.iter().any(|t| t == "number")
        }
        _ => false,
    };
    let type_name = if kind == "number" && says_integer {
        "integer"
    } else {
        kind
    };
    out.insert("type".to_owned(), Value::String(type_name.to_owned()));
    let of_kind = |v: &Value| {
        matches!(
            (kind, v),
            ("object", Value::Object(_))
                | ("array", Value::Array(_))
                | ("string", Value::String(_))
                | ("number", Value::Number(_))
                | ("boolean", Value::Bool(_))
                | ("null", Value::Null)
        )
    };
    let values: Option<Vec<Value>> = match (map.get("enum"), map.get("const")) {
        (Some(Value::Array(e)), _) => Some(e.iter().filter(|v| of_kind(v)).cloned().collect()),
        (None, Some(c)) if reader.settings.draft.is_keyword("const") => {
            Some(std::iter::once(c).filter(|v| of_kind(v)).cloned().collect())
        }
        _ => None,
    };
    if let Some(values) = values {
        out.insert("enum".to_owned(), Value::Array(values));
    }
    for (k, v) in map {
        if is_specific_to(kind, k) {
            out.insert(k.clone(), v.clone());
        }
    }
    out
}

/// Object schemas joined as an object union without a discriminator (F7.4 `merge`, F5–F8).
fn object_join(
    reader: &Reader<'_>,
    at: &str,
    maps: &[Map<String, Value>],
    depth: usize,
    notes: &mut Notes,
) -> Value {
    let branches: Vec<Branch> = maps
        .iter()
        .map(|map| {
            let schema = Value::Object(map.clone());
            let mut view = object::read(reader, &schema, at, notes);
            view.is_object = true;
            Branch {
                at: at.to_owned(),
                view,
                title: None,
            }
        })
        .collect();
    let node = Map::new();
    let union = Union {
        reader,
        node: &node,
        at,
        union_at: at,
        branches: &branches,
        discriminate: false,
        depth: depth + 1,
    };
    flat::assemble_object(&node, "anyOf", flat::flat_object(&union, notes))
}

/// Array schemas joined position by position (F7.4 `merge`): item i joins each branch's
/// `prefixItems[i]`, else its `items`, else `{}`; `items` joins the tails; bounds take the
/// loosest when every branch has one; `contains` and `uniqueItems` only when all agree.
fn array_join(
    reader: &Reader<'_>,
    key: &str,
    at: &str,
    parts: &[Map<String, Value>],
    depth: usize,
    notes: &mut Notes,
) -> Map<String, Value> {
    let tuple_draft = reader.settings.draft.array_items_is_tuple();
    let empty = json!({});
    // Each branch as (prefix, tail); an absent tail is `{}`.
    let shapes: Vec<(Vec<&Value>, &Value)> = parts
        .iter()
        .map(|p| {
            if tuple_draft {
                match p.get("items") {
                    Some(Value::Array(prefix)) => (
                        prefix.iter().collect(),
                        p.get("additionalItems").unwrap_or(&empty),
                    ),
                    Some(tail) => (Vec::new(), tail),
                    None => (Vec::new(), &empty),
                }
            } else {
                (
                    p.get("prefixItems")
                        .and_then(Value::as_array)
                        .map(|v| v.iter().collect())
                        .unwrap_or_default(),
                    p.get("items").unwrap_or(&empty),
                )
            }
        })
        .collect();
    let contribute = |schema: &Value| match schema {
        Value::Bool(false) => None,
        Value::Bool(true) => Some(Contribution { schema: json!({}) }),
        other => Some(Contribution {
            schema: other.clone(),
        }),
    };
    let join_all = |contributions: Vec<Contribution>, label: String, notes: &mut Notes| {
        if contributions.is_empty() {
            Value::Bool(false)
        } else {
            join::join(reader, &label, at, &contributions, depth + 1, false, notes)
        }
    };
    let longest = shapes.iter().map(|(p, _)| p.len()).max().unwrap_or(0);
    let mut prefix = Vec::with_capacity(longest);
    for i in 0..longest {
        let contributions: Vec<Contribution> = shapes
            .iter()
            .filter_map(|(p, tail)| contribute(p.get(i).copied().unwrap_or(tail)))
            .collect();
        prefix.push(join_all(contributions, format!("{key}[{i}]"), notes));
    }
    let tails: Vec<Contribution> = shapes.iter().filter_map(|(_, t)| contribute(t)).collect();
    let tail = join_all(tails, format!("{key}[]"), notes);
    let mut out = Map::new();
    out.insert("type".to_owned(), "array".into());
    let tail_says_something = tail != empty;
    if tuple_draft {
        if longest > 0 {
            out.insert("items".to_owned(), Value::Array(prefix));
            if tail_says_something {
                out.insert("additionalItems".to_owned(), tail);
            }
        } else if tail_says_something {
            out.insert("items".to_owned(), tail);
        }
    } else {
        if longest > 0 {
            out.insert("prefixItems".to_owned(), Value::Array(prefix));
        }
        if tail_says_something {
            out.insert("items".to_owned(), tail);
        }
    }
    let all: Vec<&Map<String, Value>> = parts.iter().collect();
    join::loosest_counts(&mut out, &all, "minItems", "maxItems");
    let contains = |p: &Map<String, Value>| {
        p.get("contains").map(|c| {
            (
                canonical::canonical(c),
                p.get("minContains").and_then(Value::as_u64).unwrap_or(1),
                p.get("maxContains").and_then(Value::as_u64),
            )
        })
    };
    let first = contains(&parts[0]);
    if first.is_some() && parts.iter().all(|p| contains(p) == first) {
        for k in ["contains", "minContains", "maxContains"] {
            if let Some(v) = parts[0].get(k) {
                out.insert(k.to_owned(), v.clone());
            }
        }
    }
    if parts
        .iter()
        .all(|p| p.get("uniqueItems") == Some(&Value::Bool(true)))
    {
        out.insert("uniqueItems".to_owned(), true.into());
    }
    out
}
