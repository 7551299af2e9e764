//! Flattening one union (F1, F3, F5): its branches followed and read as objects, or the union
//! left in place with the reason; the flat object itself is built by `flat`.

use serde_json::Value;

use super::branches::{Branch, Union};
use super::flat;
use super::object;
use super::{Fix, Notes, Reader, Settings, hoist, positions};
use crate::schema::keywords::{is_annotation, is_definitions};
use crate::schema::pointer;

/// A flattened union: the node that replaces it and, when F13 had to move referenced nodes
/// first, the whole document those moves made (the node is then written into that one).
pub(crate) struct Replacement {
    pub document: Option<Value>,
    pub node: Value,
}

/// A branch of the union as read (F5): the schema as written and its pointer, after a union
/// inside it was opened up; `object` when a union around it says `"type": "object"`.
struct Leaf<'v> {
    raw: &'v Value,
    at: String,
    object: bool,
    /// `raw` followed through its references ([`Reader::follow`]), as the walk found it.
    followed: Option<(&'v Value, String)>,
}

/// Unions nested in unions are opened up to this depth.
const MAX_NESTING: usize = 8;

/// Adds the branch `raw` (at `at`) to `leaves`: the branch itself, or — when, after its lone
/// `$ref` is followed, it is a union whose other keywords only describe it (Pydantic's and
/// Zod's discriminated unions inside a union) — each of that union's branches in its place. A
/// union of unions accepts what the union of all its leaves does, so flattening the leaves
/// together widens no less soundly than flattening one level.
fn expand<'v>(
    reader: &'v Reader<'v>,
    raw: &'v Value,
    at: String,
    object: bool,
    depth: usize,
    leaves: &mut Vec<Leaf<'v>>,
) {
    each_leaf(reader, raw, at, object, depth, &mut |leaf| {
        leaves.push(leaf);
        true
    });
}

/// [`expand`]'s walk, handing each leaf to `visit` as it is met; a `false` from `visit` ends
/// the walk, and is returned.
fn each_leaf<'v>(
    reader: &'v Reader<'v>,
    raw: &'v Value,
    at: String,
    object: bool,
    depth: usize,
    visit: &mut dyn FnMut(Leaf<'v>) -> bool,
) -> bool {
    let followed = reader.follow(raw, &at);
    let inner = followed
        .as_ref()
        .filter(|_| depth < MAX_NESTING)
        .and_then(|&(schema, ref schema_at)| Some((pure_union(schema)?, schema, schema_at)));
    let Some((keyword, schema, schema_at)) = inner else {
        return visit(Leaf {
            raw,
            at,
            object,
            followed,
        });
    };
    let object = object || schema.get("type").is_some_and(|t| t == "object");
    let union_at = pointer::push(schema_at, keyword);
    each_branch_leaf(reader, schema, &union_at, keyword, object, depth + 1, visit)
}

/// [`each_leaf`] over every branch under `keyword` of `union`, whose pointer with `keyword` is
/// `union_at`, in order; false as soon as `visit` says so.
fn each_branch_leaf<'v>(
    reader: &'v Reader<'v>,
    union: &'v Value,
    union_at: &str,
    keyword: &str,
    object: bool,
    depth: usize,
    visit: &mut dyn FnMut(Leaf<'v>) -> bool,
) -> bool {
    union[keyword]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .all(|(i, branch)| {
            let at = pointer::push_index(union_at, i);
            each_leaf(reader, branch, at, object, depth, visit)
        })
}

/// The union keyword of a schema that is a union and nothing more: one of `oneOf`/`anyOf`
/// with branches, beside it only annotations, an OpenAPI `discriminator`, definitions, vendor
/// keys and `"type": "object"`.
pub(crate) fn pure_union(schema: &Value) -> Option<&'static str> {
    let map = schema.as_object()?;
    let keyword = match (map.get("oneOf"), map.get("anyOf")) {
        (Some(Value::Array(b)), None) if !b.is_empty() => "oneOf",
        (None, Some(Value::Array(b))) if !b.is_empty() => "anyOf",
        _ => return None,
    };
    map.iter()
        .all(|(k, v)| {
            k == keyword
                || k == "discriminator"
                || k.starts_with("x-")
                || is_annotation(k)
                || is_definitions(k)
                || (k == "type" && v == "object")
        })
        .then_some(keyword)
}

/// True when every leaf of the union under `keyword` of `node`, which stands at `at` (unions
/// inside it opened up as [`expand`] opens them), says `"type": "object"`, or a union around it
/// does: F1's object-like test. Leaves are judged as they are met, so the first that is not
/// an object ends the test.
pub(crate) fn leaves_are_objects<'v>(
    reader: &'v Reader<'v>,
    node: &'v Value,
    at: &str,
    keyword: &str,
) -> bool {
    let node_is_object = node.get("type").is_some_and(|t| t == "object");
    let union_at = pointer::push(at, keyword);
    let mut is_object = |leaf: Leaf<'v>| {
        leaf.object
            || leaf
                .followed
                .as_ref()
                .is_some_and(|&(schema, _)| object::says_object(reader, schema, 0))
            || object::says_object(reader, leaf.raw, 0)
    };
    each_branch_leaf(
        reader,
        node,
        &union_at,
        keyword,
        node_is_object,
        0,
        &mut is_object,
    )
}

/// Reads one leaf as an object (F5), or leaves the union in place (F3, noted) when it cannot be
/// read: a reference stitch cannot follow, an `$id` or anchor it would move, not an object.
fn read_branch(
    reader: &Reader<'_>,
    leaf: &Leaf<'_>,
    i: usize,
    notes: &mut Notes,
) -> Option<Branch> {
    let (raw, branch_at) = (leaf.raw, &leaf.at);
    // F5: a 2019-09+ `$ref` with asserting siblings is read as `allOf: [target, siblings]`.
    let followed = leaf.followed.clone().or_else(|| {
        let reference = raw.get("$ref")?.as_str()?;
        reader.resolve(reference)?;
        Some((raw, branch_at.clone()))
    });
    let Some((schema, schema_at)) = followed else {
        notes.not_flattened(
            branch_at,
            format!(
                "branch {} is a reference stitch cannot follow, so the union is left in place",
                i + 1
            ),
            None,
        );
        return None;
    };
    // F13: flattening moves a branch's keywords into the flat object and may copy them; an
    // `$id` would lose the base its references resolve against, an anchor be duplicated.
    let target = raw
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| reader.resolve(r));
    let draft = reader.settings.draft;
    if positions::identifies(schema, draft)
        || positions::identifies(raw, draft)
        || target.is_some_and(|(t, _)| positions::identifies(t, draft))
    {
        notes.not_flattened(
            branch_at,
            format!("branch {} sets an `$id` or an anchor, which flattening would move or copy, so the union is left in place", i + 1),
            None,
        );
        return None;
    }
    if !(object::says_object(reader, schema, 0) || leaf.object) {
        // The hint is given only where following it flattens the union: a branch that
        // describes an object but says no `type` at all (tests/hints.rs follows it).
        let describes_object = schema.as_object().is_some_and(|m| {
            !m.contains_key("type")
                && !m.contains_key("$ref")
                && [
                    "properties",
                    "required",
                    "additionalProperties",
                    "patternProperties",
                ]
                .iter()
                .any(|k| m.contains_key(*k))
        });
        notes.not_flattened(
            branch_at,
            format!("branch {} is not an object schema (it does not say `\"type\": \"object\"`), so the union is left in place", i + 1),
            describes_object.then(|| Fix::AddObjectType(schema_at.clone())),
        );
        return None;
    }
    let mut view = object::read(reader, schema, &schema_at, notes);
    view.is_object = true;
    if view.opaque {
        notes.widened(
            branch_at,
            format!(
                "branch {} cannot be read as one object: every key accepts any value in it",
                i + 1
            ),
        );
    }
    let title = schema
        .get("title")
        .and_then(Value::as_str)
        .map(str::to_owned);
    Some(Branch {
        at: schema_at,
        view,
        title,
    })
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
    settings: Settings,
    notes: &mut Notes,
) -> Option<Replacement> {
    let union_at = pointer::push(at, keyword);
    let name = union_name(at, keyword);
    let Some(Value::Array(raw_branches)) = pointer::get(doc, at)?.get(keyword) else {
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
    let moved = hoist::hoist(doc, &union_at, targets, settings.draft, notes)?;
    let root = moved.as_ref().unwrap_or(doc);
    let reader = Reader { root, settings };
    let node = pointer::get(root, at)?.as_object()?;
    let node_is_object = node.get("type").is_some_and(|t| t == "object");
    let Value::Array(raw_branches) = node.get(keyword)? else {
        return None;
    };
    let mut leaves = Vec::new();
    for (i, raw) in raw_branches.iter().enumerate() {
        let branch_at = pointer::push_index(&union_at, i);
        expand(&reader, raw, branch_at, node_is_object, 0, &mut leaves);
    }
    let nested = leaves.len() - raw_branches.len();
    let mut branches = Vec::with_capacity(leaves.len());
    for (i, leaf) in leaves.iter().enumerate() {
        branches.push(read_branch(&reader, leaf, i, notes)?);
    }
    let union = Union {
        reader: &reader,
        node,
        at,
        union_at: &union_at,
        branches: &branches,
        discriminate: true,
        depth: 0,
    };
    let flat = flat::flat_object(&union, notes);
    let count = if nested > 0 {
        format!(
            "{} branches ({} with the unions inside them)",
            raw_branches.len(),
            branches.len()
        )
    } else {
        format!("{} branches", branches.len())
    };
    notes.flattened(
        &union_at,
        format!("{name} of {count} is flattened into one object"),
    );
    Some(Replacement {
        node: flat::assemble_object(node, keyword, flat),
        document: moved,
    })
}
