//! Flattening one union (F1, F3, F5): its branches followed and read as objects, or the union
//! left in place with the reason; the flat object itself is built by `flat`.

use serde_json::Value;

use super::flat::{self, Union};
use super::object::{self, ObjectView};
use super::{Notes, Reader, Settings, hoist, positions};
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
    settings: Settings,
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
    let moved = hoist::hoist(doc, &union_at, targets, settings.draft, notes)?;
    let root = moved.as_ref().unwrap_or(doc);
    let reader = Reader { root, settings };
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
                &branch_at,
                format!("branch {} sets an `$id` or an anchor, which flattening would move or copy, so the union is left in place", i + 1),
                None,
            );
            return None;
        }
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
    notes.flattened(
        &union_at,
        format!(
            "{name} of {} branches is flattened into one object",
            branches.len()
        ),
    );
    Some(Replacement {
        node: flat::assemble_object(node, keyword, flat),
        document: moved,
    })
}
