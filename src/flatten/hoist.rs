//! F13 for a union being flattened: references into the branches that flattening removes (such as
//! zod-to-json-schema's `#/anyOf/0/properties/address`) are retargeted before anything moves.
//!
//! Each referenced node is copied under the definitions container with a fresh name and every
//! reference into it is rewritten to the copy, so recursive targets keep working. The copy is
//! exact, so nothing is widened or narrowed. A target below an embedded resource (`$id`) would
//! change its base URI when copied: then nothing is moved and the union stays in place (F3).

use serde_json::{Map, Value};

use super::Notes;
use crate::schema::walk::{self, Reading};
use crate::schema::{Draft, pointer};

/// The pointer of every schema object under `root`, the root first, as `draft` reads them.
pub(crate) fn schema_pointers(root: &Value, draft: Draft) -> Vec<String> {
    // Every definitions container is walked whatever the draft: references reach them.
    let reading = Reading::DRAFT.with_every_definitions_container();
    walk::preorder(root, "", draft, reading)
        .into_iter()
        .map(|visit| visit.at)
        .collect()
}

/// Every local reference target in `root` (pointers, as written or through the root's `$id`),
/// as `draft` reads it.
pub(crate) fn local_targets(root: &Value, draft: Draft) -> Vec<String> {
    let base = root_base(root);
    schema_pointers(root, draft)
        .iter()
        .filter_map(|at| pointer::get(root, at)?.get("$ref")?.as_str())
        .filter_map(|r| pointer_through(base.as_ref(), r))
        .collect()
}

/// F13 for the union at `region` (`/oneOf`, `/properties/a/anyOf`): `Some(None)` when no
/// reference reaches into its branches, `Some(Some(document))` with every such reference
/// retargeted to a copy under the root's definitions container, or `None` (noted) when a target
/// cannot be moved safely. `targets` are the document's local reference targets, when known.
pub(crate) fn hoist(
    root: &Value,
    region: &str,
    targets: Option<&[String]>,
    draft: Draft,
    notes: &mut Notes,
) -> Option<Option<Value>> {
    let inside = |t: &String| t != region && pointer::starts_with(t, region);
    let mut targets: Vec<String> = match targets {
        Some(known) => known.iter().filter(|t| inside(t)).cloned().collect(),
        None => local_targets(root, draft)
            .into_iter()
            .filter(|t| inside(t))
            .collect(),
    };
    if targets.is_empty() {
        return Some(None);
    }
    targets.sort();
    targets.dedup();
    // A target inside another target is reached through the outer copy.
    let outer: Vec<String> = targets
        .iter()
        .filter(|t| {
            !targets
                .iter()
                .any(|o| o != *t && pointer::starts_with(t, o))
        })
        .cloned()
        .collect();
    for target in &outer {
        if let Some(blocker) = embedded_resource(root, target) {
            notes.not_flattened(
                target,
                format!("`#{target}` is referenced from elsewhere but lies inside the embedded resource `#{blocker}`, which cannot be moved"),
                None,
            );
            return None;
        }
        pointer::get(root, target)?;
    }
    let mut out = root.clone();
    let map = out.as_object_mut()?;
    let container = ["$defs", "definitions"]
        .into_iter()
        .find(|c| map.get(*c).is_some_and(Value::is_object))
        .unwrap_or(draft.definitions_keyword())
        .to_owned();
    let mut defs: Map<String, Value> = map
        .get(&container)
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let mut renames: Vec<(String, String)> = Vec::new();
    for target in &outer {
        let name = fresh_name(target, &defs);
        defs.insert(name.clone(), pointer::get(root, target)?.clone());
        renames.push((
            target.clone(),
            pointer::push(&pointer::push("", &container), &name),
        ));
        notes.flattened(
            target,
            format!("`#{target}` is referenced from elsewhere; a copy moves to `#/{container}/{name}` (F13)"),
        );
    }
    map.insert(container, Value::Object(defs));
    // Rewrite every reference into a moved node, the copies' own included.
    let base = root_base(&out);
    for at in schema_pointers(&out, draft) {
        let Some(Value::Object(node)) = out.pointer_mut(&at) else {
            continue;
        };
        let Some(Value::String(reference)) = node.get("$ref") else {
            continue;
        };
        let Some(target) = pointer_through(base.as_ref(), reference) else {
            continue;
        };
        if let Some((from, to)) = renames
            .iter()
            .find(|(from, _)| pointer::starts_with(&target, from))
        {
            let rewritten = format!("#{}{}", to, &target[from.len()..]);
            node.insert(
                "$ref".to_owned(),
                Value::String(pointer::uri_fragment(&rewritten)),
            );
        }
    }
    Some(Some(out))
}

/// The nearest node strictly between the root and `target` (or `target` itself) that sets a
/// base URI, if any.
fn embedded_resource(root: &Value, target: &str) -> Option<String> {
    let tokens = pointer::tokens(target)?;
    let mut at = String::new();
    let mut node = root;
    for token in tokens {
        node = match node {
            Value::Object(map) => map.get(&token)?,
            Value::Array(items) => items.get(token.parse::<usize>().ok()?)?,
            _ => return None,
        };
        at = pointer::push(&at, &token);
        let id = node
            .get("$id")
            .or_else(|| node.get("id"))
            .and_then(Value::as_str);
        if id.is_some_and(|id| !id.starts_with('#')) {
            return Some(at);
        }
    }
    None
}

/// A definitions name for the node at `target`: its last meaningful token, made unique.
pub(crate) fn fresh_name(target: &str, defs: &Map<String, Value>) -> String {
    let tokens = pointer::tokens(target).unwrap_or_default();
    let meaningful = tokens
        .iter()
        .rev()
        .find(|t| {
            !t.chars().all(|c| c.is_ascii_digit())
                && !matches!(
                    t.as_str(),
                    "properties" | "items" | "anyOf" | "oneOf" | "allOf" | "$defs" | "definitions"
                )
        })
        .map_or("moved", String::as_str);
    let base: String = meaningful
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let mut name = base.clone();
    let mut n = 2;
    while defs.contains_key(&name) {
        name = format!("{base}_{n}");
        n += 1;
    }
    name
}

/// The pointer a reference names in this document: a local one, or one through the root's own
/// `$id` (`https://example.com/s.json#/$defs/a` in a document with that `$id`).
pub(crate) fn local_pointer(doc: &Value, reference: &str) -> Option<String> {
    // A `#…` reference needs no base: the root's `$id` is parsed only for the others.
    pointer::local(reference).or_else(|| pointer_through(root_base(doc).as_ref(), reference))
}

/// The root's own `$id` (draft 4: `id`) without its fragment, when it is an absolute URI.
fn root_base(doc: &Value) -> Option<url::Url> {
    let id = doc
        .get("$id")
        .or_else(|| doc.get("id"))
        .and_then(Value::as_str)?;
    let mut base = url::Url::parse(id).ok()?;
    base.set_fragment(None);
    Some(base)
}

/// [`local_pointer`] with the root's base already read.
fn pointer_through(base: Option<&url::Url>, reference: &str) -> Option<String> {
    if let Some(local) = pointer::local(reference) {
        return Some(local);
    }
    let base = base?;
    let mut resolved = base.join(reference).ok()?;
    let fragment = resolved.fragment().unwrap_or("").to_owned();
    resolved.set_fragment(None);
    (&resolved == base)
        .then(|| pointer::local(&format!("#{fragment}")))
        .flatten()
}
