//! The rewrites a target needs (SPEC §3 "Targets"), as pure functions on one input schema. Each
//! is a widening or an equivalence by construction, and `adapt::retarget` keeps a schema's rewrites only
//! once the prover has shown that the rewritten schema accepts every value the presentation did.
//!
//! - `oneOf` → `anyOf` widens a node (values two branches accept are accepted too), so it is
//!   applied only at positive positions (F2): under `not` or in an `if` it would narrow.
//! - `const` → a one-value `enum` is an equivalence from draft 6 on; in draft 4 `const` is not a
//!   keyword (it asserts nothing), so it is left alone there. It too is applied at positive
//!   positions only: the prover proves `not` and `if` only when both sides hold the same
//!   subschema, so an equivalence inside them could not be kept.
//! - OpenAI strict's three (`strict`): a `$ref` alone on its node, objects closed, and every
//!   property required and nullable. Closing may narrow and requiring holds only modulo
//!   null ⇒ absent, so `adapt::retarget` proves those two apart from the rest.
//!
//! Nodes are visited deepest first, so a rewrite that moves a node one level down (into an
//! `anyOf`) never moves one still to be visited.

use std::collections::HashSet;

use serde_json::Value;

use super::{openapi, strict};
use crate::schema::walk;
use crate::schema::{Draft, pointer};

/// One kind of rewrite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rewrite {
    /// `oneOf` → `anyOf`, at positive positions.
    OneOfToAnyOf,
    /// `const: v` → `enum: [v]`, from draft 6 on, at positive positions.
    ConstToEnum,
    /// `{"$ref": X, …}` → `{"anyOf": [{"$ref": X}], …}`, at positive positions.
    RefAlone,
    /// `additionalProperties: false` (and `properties: {}`) on every object at a positive
    /// position. May narrow.
    CloseObjects,
    /// Every optional property required and nullable (F7.6), at positive positions. Holds
    /// modulo null ⇒ absent.
    RequireAll,
    /// These keywords stripped where they assert nothing (annotations, keywords unknown to the
    /// draft, `$schema` naming the default draft): an equivalence.
    Strip(&'static [&'static str]),
    /// Every key but these stripped where it asserts nothing (an editor's `x-…` or
    /// `markdownDescription`, OpenAPI's `discriminator`, `examples`): an equivalence, for a
    /// provider that takes only its subset's keys.
    StripAllBut(&'static [&'static str]),
    /// Annotations beside an `anyOf` moved into its branches (`description`) or dropped: an
    /// equivalence.
    AnyOfAlone,
    /// `$ref`s to non-recursive definitions of the same schema replaced by copies of them, and
    /// the definitions dropped once nothing refers to them (an equivalence).
    InlineRefs,
    /// These keywords dropped at positive positions (a widening), their values written into
    /// the node's `description` for the model to read. Only keywords no other keyword observes
    /// (assertions that collect no annotation), so nothing else need open.
    Drop(&'static [&'static str]),
    /// OpenAPI's `nullable` (Gemini): `type: [T, "null"]` → `type: T, nullable: true`, and
    /// `anyOf: [X, {"type": "null"}]` with only annotations beside it → X's keywords with
    /// `nullable: true`, where X has one `type` and no `enum`, `const` or `$ref`. An equivalence
    /// under the profile's [`View`](super::View), which reads `nullable` as the provider does.
    Nullable,
    /// `format` dropped at positive positions (a widening: a format the provider does not know
    /// is refused, not read) where its value is not among those the provider takes: `strings`
    /// on a node that is not numeric, `numbers` on one typed `integer` or `number` (`None`:
    /// leave numeric formats alone). Its value goes into `description`.
    DropFormats {
        /// The string formats the provider takes.
        strings: &'static [&'static str],
        /// The numeric formats it takes.
        numbers: Option<&'static [&'static str]>,
    },
    /// A non-string `enum` written as `type: "string"`, `format: "enum"` and each value's
    /// JSON text (Gemini takes string enums only): a value mapping, like null ⇒ absent, that
    /// `adapt::retarget` records and `stitch validate` undoes; proven modulo that mapping.
    StringEnums,
    /// An object with `properties` and no `required` says `required: []` (an equivalence), once
    /// every property is required ([`Rewrite::RequireAll`]).
    RequiredList,
    /// An `enum` or `const` of primitives without `type` gets the type of its values (an
    /// equivalence), at positive positions.
    TypeFromValues,
    /// `default: null` removed (an annotation: an equivalence), as OpenAI's SDKs do before
    /// sending a strict schema.
    NullDefaults,
    /// An `anyOf` or `oneOf` whose branches only list required keys moves into `description`
    /// (a widening), at positive positions: closed, such branches would contradict the keys
    /// their object declares.
    DescribeKeyUnions,
    /// `{"allOf": [X, …], …}` → the members' keywords beside the node's, where none appears
    /// twice or depends on its siblings (an equivalence), as openai-agents'
    /// `ensure_strict_json_schema` does.
    MergeAllOf,
    /// `false` members of an `anyOf` or `oneOf` that has others removed (an equivalence).
    FalseBranches,
    /// `type: [A, B, …]` (two or more types besides `"null"`) becomes `anyOf` with one branch
    /// per type, each with the node's other assertions (an equivalence), as the AI SDK's
    /// `convertJSONSchemaToOpenAPISchema` does for Gemini, which takes no `type` array.
    TypeArrays,
    /// A `minItems` above 1 dropped at positive positions (a widening), its value written into
    /// `description`: Anthropic's strict mode takes only 0 and 1, and its SDK's
    /// `transform_schema` moves any other value into the description the same way.
    MinItemsAtMostOne,
    /// A draft 4, 6 or 7 presentation converted to 2020-12 for a provider that reads only
    /// 2020-12 (`convert::presentation_to_2020_12`):
    /// an equivalence. Done on the whole document before the other rewrites, never per node.
    Draft2020_12,
}

impl Rewrite {
    /// The keyword it removes.
    pub fn keyword(self) -> &'static str {
        match self {
            Rewrite::OneOfToAnyOf => "oneOf",
            Rewrite::ConstToEnum => "const",
            Rewrite::RefAlone => "$ref",
            Rewrite::CloseObjects => "additionalProperties",
            Rewrite::RequireAll => "required",
            Rewrite::InlineRefs => "$ref",
            Rewrite::AnyOfAlone => "anyOf",
            Rewrite::Strip(keywords) | Rewrite::Drop(keywords) => {
                keywords.first().copied().unwrap_or_default()
            }
            Rewrite::StripAllBut(_) => "annotations",
            Rewrite::DropFormats { .. } => "format",
            Rewrite::Nullable => "type",
            Rewrite::Draft2020_12 => "$schema",
            Rewrite::StringEnums => "enum",
            Rewrite::RequiredList => "required",
            Rewrite::TypeFromValues => "type",
            Rewrite::DescribeKeyUnions => "anyOf",
            Rewrite::NullDefaults => "default",
            Rewrite::MinItemsAtMostOne => "minItems",
            Rewrite::TypeArrays => "type",
            Rewrite::MergeAllOf => "allOf",
            Rewrite::FalseBranches => "anyOf",
        }
    }

    /// What it does, for `stitch targets NAME` and notes.
    pub fn describe(self) -> String {
        let text = match self {
            Rewrite::OneOfToAnyOf => {
                "`oneOf` becomes `anyOf` where widening cannot narrow (a widening)"
            }
            Rewrite::ConstToEnum => {
                "`const` becomes a one-value `enum` where widening cannot narrow (an equivalence)"
            }
            Rewrite::RefAlone => {
                "a `$ref` with siblings becomes `anyOf: [{\"$ref\": …}]` beside them (an equivalence)"
            }
            Rewrite::CloseObjects => {
                "every object gets `additionalProperties: false` and `properties` (narrows an open object; reported when it does)"
            }
            Rewrite::RequiredList => {
                "an object with `properties` and no `required` gets `required: []` (an equivalence)"
            }
            Rewrite::TypeFromValues => {
                "an `enum` or `const` of primitives without `type` gets the type of its values (an equivalence)"
            }
            Rewrite::NullDefaults => "`default: null` is removed (an annotation: an equivalence)",
            Rewrite::MergeAllOf => {
                "an `allOf` is merged into its node where no keyword appears twice or depends on its siblings (an equivalence)"
            }
            Rewrite::FalseBranches => {
                "a `false` branch of an `anyOf` or `oneOf` that has others is removed (an equivalence)"
            }
            Rewrite::TypeArrays => {
                "`type: [A, B, …]` becomes `anyOf` with one branch per type, each with the node's other assertions (an equivalence)"
            }
            Rewrite::MinItemsAtMostOne => {
                "a `minItems` above 1 is dropped where widening cannot narrow (a widening), its value written into `description`"
            }
            Rewrite::DescribeKeyUnions => {
                "an `anyOf` or `oneOf` whose branches only list required keys is written into `description` where widening cannot narrow (a widening)"
            }
            Rewrite::RequireAll => {
                "every optional property becomes required and nullable (F7.6): the model sends `null` for a key it leaves out, and `stitch validate` removes it again"
            }
            Rewrite::Strip(keywords) => {
                return format!(
                    "{} are removed where they assert nothing (an equivalence)",
                    listed(keywords)
                );
            }
            Rewrite::StripAllBut(kept) => {
                return format!(
                    "keys that assert nothing are removed but {} (an equivalence)",
                    listed(kept)
                );
            }
            Rewrite::Nullable => {
                "`type: [T, \"null\"]` and `anyOf: [X, {\"type\": \"null\"}]` become `nullable: true` (an equivalence as the provider reads `nullable`)"
            }
            Rewrite::AnyOfAlone => {
                "the annotations beside an `anyOf` go, its `description` into each branch (an equivalence)"
            }
            Rewrite::StringEnums => {
                "an `enum` of numbers, booleans or `null` becomes `format: \"enum\"` with each value's JSON text: the model sends the text, and `stitch validate` reads the value back"
            }
            Rewrite::Draft2020_12 => {
                "a draft 4, 6 or 7 document becomes 2020-12: `definitions` → `$defs`, array `items` → `prefixItems`, `dependencies` split, boolean bounds → numbers, what the old draft ignored (a `$ref`'s siblings) dropped (an equivalence)"
            }
            Rewrite::InlineRefs => {
                "a `$ref` to a definition that does not reach itself becomes a copy of it, and unused definitions go (an equivalence)"
            }
            Rewrite::Drop(keywords) => {
                return format!(
                    "{} are dropped where widening cannot narrow (a widening), their values written into `description`",
                    listed(keywords)
                );
            }
            Rewrite::DropFormats { strings, numbers } => {
                let numeric = match numbers {
                    Some([]) => " (on numbers: any)".to_owned(),
                    Some(numbers) => format!(" (on numbers: {})", listed(numbers)),
                    None => String::new(),
                };
                return format!(
                    "a `format` other than {}{numeric} is dropped where widening cannot narrow (a widening), its value written into `description`",
                    listed(strings)
                );
            }
        };
        text.to_owned()
    }
}

/// Names in backquotes, joined by commas: `` `a`, `b` ``.
fn listed(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    quoted.join(", ")
}

/// One place rewritten: the node's pointer relative to the schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// What was done.
    pub rewrite: Rewrite,
    /// The keyword it removed or changed (for [`Rewrite::Drop`], the one dropped here).
    pub keyword: &'static str,
    /// Where, relative to the schema: the node, or for [`Rewrite::RequireAll`] the property.
    pub at: String,
    /// Where it was when rewritten: `at` before later rewrites moved it (a property wrapped
    /// in `anyOf` moves what it holds one level down).
    pub origin: String,
    /// [`Rewrite::RequireAll`] only: the property accepted `null` already on its face (`adapt::retarget`
    /// asks the validator too), so `null` and an absent key are one value in the presentation.
    pub was_nullable: bool,
    /// [`Rewrite::RequireAll`] only: the property's `default` is `null` (Pydantic's
    /// `Optional[X] = None`): its `null` and an absent key mean the same to the contract's
    /// author, so the ambiguity is not worth a warning (issue 40).
    pub null_default: bool,
}

/// Applies `rewrites` to `schema` (read as `draft`; `base`: its pointer in its document), one
/// after the other, and says where. Positions are found again before each; `oneOf` → `anyOf`
/// rewrites every `oneOf` that is positive once all of them are `anyOf`s. A keyword that a reference points into (`#/…/oneOf/1`)
/// is left alone: renaming it would break the reference.
pub fn apply(rewrites: &[Rewrite], schema: &mut Value, draft: Draft, base: &str) -> Vec<Applied> {
    let mut applied = Vec::new();
    for rewrite in rewrites {
        // Every `oneOf` is rewritten at once: the positions are those the schema has once each
        // `oneOf` among them is an `anyOf` (a recursive union reaches itself through its own
        // branches, so one rewrite at a time would never make it positive).
        if *rewrite == Rewrite::InlineRefs {
            applied.extend(inline_all(schema, draft, base));
            continue;
        }
        if *rewrite == Rewrite::Draft2020_12 {
            // The whole document's, done by `adapt::redraft` before the rest.
            continue;
        }
        let positive = if *rewrite == Rewrite::OneOfToAnyOf {
            crate::flatten::positive_positions_with_any_of(schema, draft)
        } else {
            crate::flatten::positive_positions(schema, draft)
        };
        applied.extend(apply_one(*rewrite, schema, draft, &positive, base));
    }
    applied.sort_by(|a, b| a.at.cmp(&b.at));
    applied
}

/// The most rounds of inlining: a copy's own references are inlined in the next round, so this
/// bounds how deep definitions may nest (a deeper chain keeps its last `$ref`s, and the target
/// then says so).
const INLINE_ROUNDS: usize = 32;

/// The most schema values inlining may copy into one schema, over every round (issue 39): a
/// schema whose definitions each refer twice to the next doubles at every level, and 2 KB of
/// them would be gigabytes inlined. No corpus schema copies more than a few thousand.
pub const INLINE_BUDGET: usize = 200_000;

/// The keyword of the [`Applied`] that says inlining stopped at [`INLINE_BUDGET`] (its place is
/// the schema's root): the references left make the target refuse the schema, and
/// `adapt::retarget` says why.
pub const OVER_BUDGET: &str = "$ref (budget)";

/// [`Rewrite::InlineRefs`]: rounds of inlining until no `$ref` is left that may be inlined,
/// then the definitions nothing refers to any more are dropped. Past [`INLINE_BUDGET`] values
/// copied, nothing is inlined (the schema is as it was) and an [`OVER_BUDGET`] entry says so.
fn inline_all(schema: &mut Value, draft: Draft, base: &str) -> Vec<Applied> {
    let mut applied = Vec::new();
    let mut budget = INLINE_BUDGET;
    let before = schema.clone();
    for _ in 0..INLINE_ROUNDS {
        let positive = crate::flatten::positive_positions(schema, draft);
        let done = inline_round(schema, draft, &positive, base, &mut budget);
        if done.is_empty() {
            break;
        }
        if let Some(over) = done.iter().find(|a| a.keyword == OVER_BUDGET) {
            let over = over.clone();
            *schema = before;
            return vec![over];
        }
        applied.extend(done);
    }
    if !applied.is_empty()
        && reference_targets(schema).is_empty()
        && let Value::Object(map) = schema
    {
        for key in ["$defs", "definitions"] {
            if map.shift_remove(key).is_some() {
                applied.push(Applied {
                    rewrite: Rewrite::InlineRefs,
                    keyword: if key == "$defs" {
                        "$defs"
                    } else {
                        "definitions"
                    },
                    at: String::new(),
                    origin: String::new(),
                    was_nullable: false,
                    null_default: false,
                });
            }
        }
    }
    applied
}

/// One round of inlining at the `positive` positions, copying at most `budget` values (a
/// string one more per 64 bytes); an
/// [`OVER_BUDGET`] entry when a copy would pass it (that `$ref` and the rest stay).
fn inline_round(
    schema: &mut Value,
    draft: Draft,
    positive: &HashSet<String>,
    base: &str,
    budget: &mut usize,
) -> Vec<Applied> {
    let snapshot = schema.clone();
    let targets = reference_targets(schema);
    let mut applied = Vec::new();
    // Whether each target reaches itself, asked once per round.
    let mut recursion = std::collections::HashMap::new();
    for at in preorder(schema, draft).into_iter().rev() {
        let inside = pointer::push(&at, "$ref");
        let in_document = pointer::within(base, &inside);
        let referred = targets
            .iter()
            .any(|t| pointer::starts_with(t, &inside) || pointer::starts_with(t, &in_document));
        if !positive.contains(&at) || referred {
            continue;
        }
        let Some(Value::Object(map)) = schema.pointer_mut(&at) else {
            continue;
        };
        let size = map
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(pointer::local)
            .and_then(|target| snapshot.pointer(&target))
            .map_or(0, |target| values_within(target, *budget + 1));
        if size > *budget {
            applied.push(Applied {
                rewrite: Rewrite::InlineRefs,
                keyword: OVER_BUDGET,
                at: String::new(),
                origin: String::new(),
                was_nullable: false,
                null_default: false,
            });
            return applied;
        }
        if openapi::inline_ref(&snapshot, map, draft, &mut recursion) {
            *budget -= size;
            applied.push(Applied {
                rewrite: Rewrite::InlineRefs,
                keyword: Rewrite::InlineRefs.keyword(),
                at: at.clone(),
                origin: at,
                was_nullable: false,
                null_default: false,
            });
        }
    }
    applied
}

/// How many JSON values `value` holds (itself included), counting no further than `most`.
fn values_within(value: &Value, most: usize) -> usize {
    // A long string weighs by its length too (one more per 64 bytes): a schema of a dozen
    // levels each referring twice to the next, over a 100 KB description, is 4096 copies of
    // it (found by an adversary, issue 39).
    let weight = |text: &str| text.len() / 64;
    let mut count = 0;
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        count += 1;
        match value {
            Value::Object(map) => {
                count += map.keys().map(|k| weight(k)).sum::<usize>();
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            Value::String(text) => count += weight(text),
            _ => {}
        }
        if count >= most {
            return most;
        }
    }
    count
}

/// One rewrite at the `positive` positions.
fn apply_one(
    rewrite: Rewrite,
    schema: &mut Value,
    draft: Draft,
    positive: &HashSet<String>,
    base: &str,
) -> Vec<Applied> {
    let targets = reference_targets(schema);
    let referred = |at: &str, keyword: &str| {
        let inside = pointer::push(at, keyword);
        let in_document = pointer::within(base, &inside);
        targets
            .iter()
            .any(|t| pointer::starts_with(t, &inside) || pointer::starts_with(t, &in_document))
    };
    let mut applied: Vec<Applied> = Vec::new();
    // What may go from the root (`$schema`, `$id`) where nothing reads it.
    let root = openapi::Root::of(rewrite, schema, draft);
    for at in preorder(schema, draft).into_iter().rev() {
        let whole = !matches!(
            rewrite,
            Rewrite::Drop(_)
                | Rewrite::Strip(_)
                | Rewrite::StripAllBut(_)
                | Rewrite::DropFormats { .. }
                | Rewrite::DescribeKeyUnions
                | Rewrite::MinItemsAtMostOne
        );
        // `nullable` merges an `anyOf` branch into its node: a reference into it would break.
        let moves = rewrite == Rewrite::Nullable && referred(&at, "anyOf");
        if !positive.contains(&at) || (whole && referred(&at, rewrite.keyword())) || moves {
            continue;
        }
        let Some(Value::Object(map)) = schema.pointer_mut(&at) else {
            continue;
        };
        let one = |at: &str| Applied {
            rewrite,
            keyword: rewrite.keyword(),
            at: at.to_owned(),
            origin: at.to_owned(),
            was_nullable: false,
            null_default: false,
        };
        let done = match rewrite {
            Rewrite::Drop(keywords) => {
                let kept = |k: &str| referred(&at, k);
                for keyword in strict::drop_into_description(map, keywords, kept) {
                    applied.push(Applied {
                        keyword,
                        ..one(&at)
                    });
                }
                false
            }
            Rewrite::MinItemsAtMostOne => {
                let above = map
                    .get("minItems")
                    .and_then(Value::as_f64)
                    .is_some_and(|n| n > 1.0);
                if above {
                    let kept = |k: &str| referred(&at, k);
                    for keyword in strict::drop_into_description(map, &["minItems"], kept) {
                        applied.push(Applied {
                            keyword,
                            ..one(&at)
                        });
                    }
                }
                false
            }
            Rewrite::DropFormats { strings, numbers } => {
                let kept = |k: &str| referred(&at, k);
                for keyword in strict::drop_format(map, strings, numbers, kept) {
                    applied.push(Applied {
                        keyword,
                        ..one(&at)
                    });
                }
                false
            }
            Rewrite::StripAllBut(kept) => {
                let root = if at.is_empty() {
                    root
                } else {
                    Default::default()
                };
                openapi::strip_all_but(map, kept, draft, root)
            }
            Rewrite::Strip(names) => {
                // Only the root's `$schema` and `$id` may go.
                let root = if at.is_empty() {
                    root
                } else {
                    Default::default()
                };
                for keyword in openapi::strip(map, names, draft, root) {
                    applied.push(Applied {
                        keyword,
                        ..one(&at)
                    });
                }
                false
            }
            Rewrite::AnyOfAlone => openapi::any_of_alone(map, draft),
            Rewrite::Nullable => openapi::nullable_openapi(map, draft),
            Rewrite::TypeArrays => openapi::type_array_to_any_of(map, draft),
            Rewrite::MergeAllOf => strict::merge_all_of(map),
            Rewrite::FalseBranches => strict::drop_false_branches(map),
            Rewrite::OneOfToAnyOf => !map.contains_key("anyOf") && rename(map, "oneOf", "anyOf"),
            Rewrite::ConstToEnum => {
                draft != Draft::Draft4 && !map.contains_key("enum") && const_to_enum(map)
            }
            Rewrite::RefAlone => strict::ref_alone(map, draft),
            // `inline_round` does it, within its budget.
            Rewrite::InlineRefs => false,
            Rewrite::CloseObjects => strict::close(map),
            Rewrite::RequiredList => strict::required_list(map),
            Rewrite::TypeFromValues => strict::type_from_values(map, draft),
            Rewrite::NullDefaults => {
                map.get("default") == Some(&Value::Null) && map.shift_remove("default").is_some()
            }
            Rewrite::DescribeKeyUnions => {
                let kept = |k: &str| referred(&at, k);
                for keyword in strict::describe_key_unions(map, kept) {
                    applied.push(Applied {
                        keyword,
                        ..one(&at)
                    });
                }
                false
            }
            Rewrite::Draft2020_12 => false,
            Rewrite::StringEnums => openapi::stringify_enum(map, draft),
            Rewrite::RequireAll => {
                let properties = pointer::push(&at, "properties");
                let movable = |key: &str| !referred(&properties, key);
                for made in strict::require_all(map, draft, movable) {
                    let place = pointer::push(&properties, &made.key);
                    if made.moved {
                        // Its subschemas moved one level down, into `anyOf/0`.
                        let to = pointer::push_index(&pointer::push(&place, "anyOf"), 0);
                        for earlier in &mut applied {
                            if pointer::starts_with(&earlier.at, &place) {
                                earlier.at = format!("{to}{}", &earlier.at[place.len()..]);
                            }
                        }
                    }
                    applied.push(Applied {
                        was_nullable: made.was_nullable,
                        null_default: false,
                        ..one(&place)
                    });
                }
                false
            }
        };
        if done {
            applied.push(one(&at));
        }
    }
    applied
}

/// Every schema node's pointer, parents before their subschemas.
pub(super) fn preorder(schema: &Value, draft: Draft) -> Vec<String> {
    walk::preorder(schema, "", draft, super::PROVIDER_READING)
        .into_iter()
        .map(|visit| visit.at)
        .collect()
}

/// The pointers every local `$ref` of `schema` names, percent-decoded.
fn reference_targets(schema: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![schema];
    while let Some(value) = stack.pop() {
        match value {
            Value::Object(map) => {
                if let Some(fragment) = map
                    .get("$ref")
                    .and_then(Value::as_str)
                    .and_then(pointer::fragment)
                {
                    out.push(fragment);
                }
                stack.extend(map.values());
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    // Each target once: a schema inlined many times names a few definitions from everywhere,
    // and every node is compared with every target.
    out.sort_unstable();
    out.dedup();
    out
}

/// Renames a key in place, keeping its position; false when absent.
fn rename(map: &mut serde_json::Map<String, Value>, from: &str, to: &str) -> bool {
    let Some(index) = map.keys().position(|k| k == from) else {
        return false;
    };
    let value = map.shift_remove(from).unwrap_or(Value::Null);
    map.shift_insert(index, to.to_owned(), value);
    true
}

fn const_to_enum(map: &mut serde_json::Map<String, Value>) -> bool {
    let Some(index) = map.keys().position(|k| k == "const") else {
        return false;
    };
    let value = map.shift_remove("const").unwrap_or(Value::Null);
    map.shift_insert(index, "enum".to_owned(), Value::Array(vec![value]));
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_of_becomes_any_of_only_where_widening_widens() {
        let mut schema = json!({
            "type": "object",
            "properties": {
                "a": {"oneOf": [{"type": "string"}, {"type": "integer"}], "description": "d"},
                "b": {"not": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}
            }
        });
        let applied = apply(
            &[Rewrite::OneOfToAnyOf],
            &mut schema,
            Draft::Draft2020_12,
            "",
        );
        assert_eq!(
            applied,
            [Applied {
                rewrite: Rewrite::OneOfToAnyOf,
                keyword: "oneOf",
                at: "/properties/a".to_owned(),
                origin: "/properties/a".to_owned(),
                was_nullable: false,
                null_default: false,
            }]
        );
        // Key order is kept; the negated one stays.
        assert_eq!(
            serde_json::to_string(&schema["properties"]).unwrap(),
            r#"{"a":{"anyOf":[{"type":"string"},{"type":"integer"}],"description":"d"},"b":{"not":{"oneOf":[{"type":"string"},{"type":"integer"}]}}}"#
        );
    }

    #[test]
    fn const_becomes_enum_except_in_draft_4() {
        let original = json!({"properties": {"v": {"const": 2, "title": "t"}}});
        let mut schema = original.clone();
        let applied = apply(&[Rewrite::ConstToEnum], &mut schema, Draft::Draft7, "");
        assert_eq!(applied.len(), 1);
        assert_eq!(
            schema,
            json!({"properties": {"v": {"enum": [2], "title": "t"}}})
        );
        let mut draft4 = original.clone();
        assert!(apply(&[Rewrite::ConstToEnum], &mut draft4, Draft::Draft4, "").is_empty());
        assert_eq!(draft4, original);
    }

    #[test]
    fn a_one_of_a_reference_points_into_is_left_alone() {
        let mut schema = json!({
            "type": "object",
            "properties": {
                "a": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
                "b": {"$ref": "#/properties/a/oneOf/1"},
                "c": {"oneOf": [{"type": "string"}, {"type": "null"}]},
                "d": {"$ref": "#/inputSchema/properties/c/oneOf/0"}
            }
        });
        let applied = apply(
            &[Rewrite::OneOfToAnyOf],
            &mut schema,
            Draft::Draft2020_12,
            "/inputSchema",
        );
        assert_eq!(applied, []);
        assert_eq!(pointer::percent_decoded("/a/%5B-_%5D%2B"), "/a/[-_]+");
    }

    #[test]
    fn a_const_in_a_one_of_branch_is_rewritten_once_the_one_of_is_an_any_of() {
        let mut schema =
            json!({"oneOf": [{"properties": {"k": {"const": "a"}}}, {"type": "string"}]});
        let both = [Rewrite::OneOfToAnyOf, Rewrite::ConstToEnum];
        let applied = apply(&both, &mut schema, Draft::Draft2020_12, "");
        assert_eq!(applied.len(), 2);
        assert_eq!(
            schema,
            json!({"anyOf": [{"properties": {"k": {"enum": ["a"]}}}, {"type": "string"}]})
        );
        // Alone, the `const` sits in a `oneOf` branch, where widening may narrow: untouched.
        // Nested `oneOf`s are all rewritten, outermost first.
        let mut nested =
            json!({"oneOf": [{"oneOf": [{"type": "string"}, {"oneOf": [{}, {}]}]}, {}]});
        let applied = apply(
            &[Rewrite::OneOfToAnyOf],
            &mut nested,
            Draft::Draft2020_12,
            "",
        );
        assert_eq!(applied.len(), 3);
        assert!(!serde_json::to_string(&nested).unwrap().contains("oneOf"));
        let mut alone =
            json!({"oneOf": [{"properties": {"k": {"const": "a"}}}, {"type": "string"}]});
        assert!(apply(&[Rewrite::ConstToEnum], &mut alone, Draft::Draft2020_12, "").is_empty());
    }

    #[test]
    fn nullable_leaves_a_union_a_reference_points_into() {
        let mut schema = json!({"type": "object", "properties": {
            "a": {"anyOf": [{"type": "object", "properties": {"x": {"type": "string"}}}, {"type": "null"}]},
            "b": {"$ref": "#/properties/a/anyOf/0/properties/x"},
            "c": {"anyOf": [{"type": "null"}, {"type": "integer"}], "description": "C"},
            "d": {"type": ["null", "string"]}
        }});
        let done = apply(&[Rewrite::Nullable], &mut schema, Draft::Draft2020_12, "");
        let at: Vec<&str> = done.iter().map(|a| a.at.as_str()).collect();
        assert_eq!(at, ["/properties/c", "/properties/d"]);
        assert_eq!(
            schema["properties"]["c"],
            json!({"type": "integer", "description": "C", "nullable": true})
        );
        assert_eq!(
            schema["properties"]["d"],
            json!({"type": "string", "nullable": true})
        );
    }
}
