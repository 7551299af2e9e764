//! D3: the change list of two schemas, keyword by keyword and through every subschema, each
//! change with a JSON Pointer and a tag (`property-added`, `bound-tightened`, …).
//!
//! The list says what was edited; whether an edit accepts more or fewer values is for the two
//! verify calls of `stitch diff` to say (D2). Pointers are into NEW, and into OLD for what NEW
//! no longer has; they are relative to the schema compared (a tool's input schema). Branches of
//! `anyOf`, `oneOf` and `allOf` are matched by content first (a reordered union is no change),
//! then in order; tuple items (`prefixItems`, `items` as an array) by position. `$ref`s are
//! compared as written. Pure.

use serde_json::{Map, Value};

use crate::canonical;
use crate::flatten::keywords::{self, Change as Kind};
use crate::schema::Draft;
use crate::schema::keywords::{self as vocabulary, Role, Shape};
use crate::schema::pointer;

/// Below this many levels of subschemas a difference is reported as one change of the whole.
const MAX_DEPTH: usize = 128;

/// What kind of edit a change is. Its name in output is the variant's in kebab case
/// (`PropertyAdded` → `property-added`), derived.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Tag {
    /// A key of `properties` that OLD did not have.
    PropertyAdded,
    /// A key of `properties` that NEW no longer has.
    PropertyRemoved,
    /// A name NEW requires that OLD did not.
    RequiredAdded,
    /// A name OLD required that NEW does not.
    RequiredRemoved,
    /// `type` allows fewer types (or was added).
    TypeNarrowed,
    /// `type` allows more types (or was removed).
    TypeWidened,
    /// `type` allows other types.
    TypeChanged,
    /// A value NEW's `enum` has that OLD's did not.
    EnumValueAdded,
    /// A value OLD's `enum` had that NEW's does not.
    EnumValueRemoved,
    /// `const` holds another value.
    ConstChanged,
    /// A bound (`minimum`, `maxLength`, `minItems`, …) allows less, or was added.
    BoundTightened,
    /// A bound allows more, or was removed.
    BoundLoosened,
    /// A bound moved where neither allows all the other does (inclusive to exclusive).
    BoundChanged,
    /// `pattern` changed, was added or removed.
    PatternChanged,
    /// `format` changed, was added or removed.
    FormatChanged,
    /// `default` changed, was added or removed.
    DefaultChanged,
    /// `description` changed, was added or removed.
    DescriptionChanged,
    /// `title` changed, was added or removed.
    TitleChanged,
    /// Another annotation (`examples`, `deprecated`, `$comment`, …) changed.
    AnnotationChanged,
    /// A branch of `anyOf`, `oneOf` or `allOf` (or a tuple item) NEW has that OLD did not.
    BranchAdded,
    /// A branch OLD had that NEW does not.
    BranchRemoved,
    /// A definition under `$defs` or `definitions` that OLD did not have.
    DefinitionAdded,
    /// A definition NEW no longer has.
    DefinitionRemoved,
    /// A subschema that accepted nothing accepts something, or one now accepts everything
    /// (`false` → a schema, a schema → `true`).
    SchemaWidened,
    /// A subschema now accepts nothing, or no longer accepts everything.
    SchemaNarrowed,
    /// Another keyword NEW has that OLD did not.
    KeywordAdded,
    /// Another keyword NEW no longer has.
    KeywordRemoved,
    /// Another keyword holds another value.
    KeywordChanged,
    /// The tool's own description (beside its input schema) changed.
    ToolDescriptionChanged,
}

impl Tag {
    /// Its name in output.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Every tag, in the order of the list above.
    pub const ALL: &'static [Tag] = <Tag as strum::VariantArray>::VARIANTS;
}

/// One edit.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// Where: the changed keyword, property, branch or `required` list.
    pub pointer: String,
    /// What kind of edit.
    pub tag: Tag,
    /// The keyword it is about (`properties` for a property, `minimum` for a bound).
    pub keyword: String,
    /// OLD's value there (for a removed property, its schema; for a `required` or `enum`
    /// change, the one name or value).
    pub old: Option<Value>,
    /// NEW's value there.
    pub new: Option<Value>,
    /// A bound that changed keyword (`exclusiveMinimum` 0 → `minimum` 0): NEW's keyword.
    pub new_keyword: Option<String>,
}

/// Every change from `old` to `new`, both read as `draft`, sorted by pointer (the changes at one
/// pointer in the order found: a value removed before one added).
pub fn changes(old: &Value, new: &Value, draft: Draft) -> Vec<Change> {
    let mut out = Vec::new();
    walk(old, new, "", draft, 0, &mut out);
    out.sort_by(|a, b| a.pointer.cmp(&b.pointer));
    out
}

/// The change of a tool's description, if it changed.
pub fn tool_description(old: Option<&str>, new: Option<&str>) -> Option<Change> {
    (old != new).then(|| Change {
        pointer: String::new(),
        tag: Tag::ToolDescriptionChanged,
        keyword: "description".to_owned(),
        old: old.map(|d| Value::String(d.to_owned())),
        new: new.map(|d| Value::String(d.to_owned())),
        new_keyword: None,
    })
}

fn push(
    out: &mut Vec<Change>,
    at: &str,
    tag: Tag,
    keyword: &str,
    old: Option<&Value>,
    new: Option<&Value>,
) {
    out.push(Change {
        pointer: at.to_owned(),
        tag,
        keyword: keyword.to_owned(),
        old: old.cloned(),
        new: new.cloned(),
        new_keyword: None,
    });
}

/// Two subschemas at `at`.
fn walk(old: &Value, new: &Value, at: &str, draft: Draft, depth: usize, out: &mut Vec<Change>) {
    if old == new || canonical::canonical(old) == canonical::canonical(new) {
        return;
    }
    let empty = |v: &Value| v.as_object().is_some_and(Map::is_empty);
    let everything = |v: &Value| v == &Value::Bool(true) || empty(v);
    match (old, new) {
        (Value::Object(a), Value::Object(b)) if depth < MAX_DEPTH => {
            keywords_of(a, b, old, new, at, draft, depth, out);
        }
        _ if old == &Value::Bool(false) || everything(new) => {
            push(out, at, Tag::SchemaWidened, "", Some(old), Some(new));
        }
        _ if new == &Value::Bool(false) || everything(old) => {
            push(out, at, Tag::SchemaNarrowed, "", Some(old), Some(new));
        }
        _ => push(out, at, Tag::KeywordChanged, "", Some(old), Some(new)),
    }
}

/// The keywords of two schema objects at `at`.
#[allow(clippy::too_many_arguments)]
fn keywords_of(
    a: &Map<String, Value>,
    b: &Map<String, Value>,
    old: &Value,
    new: &Value,
    at: &str,
    draft: Draft,
    depth: usize,
    out: &mut Vec<Change>,
) {
    // Assertions, `default` and references: one level, from the comparison flattening uses.
    let mut done: Vec<String> = Vec::new();
    for change in keywords::compare(old, new, draft) {
        if draft.shape(&change.keyword).is_some() || change.keyword == "false" {
            continue;
        }
        done.push(change.keyword.clone());
        done.extend(change.new_keyword.clone());
        leaf(change, at, out);
    }
    let mut seen: Vec<&str> = Vec::new();
    for key in a.keys().chain(b.keys()).map(String::as_str) {
        if seen.contains(&key) || done.iter().any(|d| d == key) || bound(key) {
            continue;
        }
        seen.push(key);
        let here = pointer::push(at, key);
        let (x, y) = (a.get(key), b.get(key));
        match draft.shape(key) {
            Some(shape) => structural(key, shape, x, y, &here, draft, depth, out),
            None if compared_elsewhere(key, draft) => {}
            None => {
                if x.map(|v| canonical::canonical_keyword(key, v))
                    == y.map(|v| canonical::canonical_keyword(key, v))
                {
                    continue;
                }
                let tag = match (key, x, y) {
                    ("description", ..) => Tag::DescriptionChanged,
                    ("title", ..) => Tag::TitleChanged,
                    _ if vocabulary::lookup(key, draft)
                        .is_some_and(|k| k.role == Role::Annotation) =>
                    {
                        Tag::AnnotationChanged
                    }
                    (_, None, _) => Tag::KeywordAdded,
                    (_, _, None) => Tag::KeywordRemoved,
                    _ => Tag::KeywordChanged,
                };
                push(out, &here, tag, key, x, y);
            }
        }
    }
}

/// Bound keywords: [`keywords::compare`] reports them (as one change per side of the range).
fn bound(keyword: &str) -> bool {
    matches!(
        keyword,
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum"
    )
}

/// Keywords [`keywords::compare`] judges: when it reported nothing, they did not change.
fn compared_elsewhere(keyword: &str, draft: Draft) -> bool {
    vocabulary::lookup(keyword, draft).is_some_and(|k| {
        !matches!(k.role, Role::Identity | Role::Definitions)
            && (k.role != Role::Annotation || keyword == "default")
    })
}

/// A change [`keywords::compare`] found, tagged; `enum` and `required` one member at a time.
fn leaf(change: keywords::KeywordChange, at: &str, out: &mut Vec<Change>) {
    let keyword = change.keyword.as_str();
    let here = pointer::push(at, keyword);
    let (old, new) = (change.old.as_ref(), change.new.as_ref());
    let by_kind = |widens: Tag, narrows: Tag, other: Tag| match change.change {
        Kind::Loosened | Kind::Removed => widens,
        Kind::Tightened | Kind::Added => narrows,
        Kind::Changed => other,
    };
    let tag = match keyword {
        "type" => by_kind(Tag::TypeWidened, Tag::TypeNarrowed, Tag::TypeChanged),
        "enum" | "required" => {
            if let (Some(Value::Array(x)), Some(Value::Array(y))) = (old, new) {
                members(keyword, x, y, &here, out);
                return;
            }
            if change.change == Kind::Added {
                Tag::KeywordAdded
            } else if change.change == Kind::Removed {
                Tag::KeywordRemoved
            } else {
                Tag::KeywordChanged
            }
        }
        "const" => match change.change {
            Kind::Added => Tag::KeywordAdded,
            Kind::Removed => Tag::KeywordRemoved,
            _ => Tag::ConstChanged,
        },
        "pattern" => Tag::PatternChanged,
        "format" => Tag::FormatChanged,
        "default" => Tag::DefaultChanged,
        k if bound(k) || k.starts_with("min") || k.starts_with("max") => {
            by_kind(Tag::BoundLoosened, Tag::BoundTightened, Tag::BoundChanged)
        }
        _ => match change.change {
            Kind::Added => Tag::KeywordAdded,
            Kind::Removed => Tag::KeywordRemoved,
            _ => Tag::KeywordChanged,
        },
    };
    out.push(Change {
        pointer: here,
        tag,
        keyword: keyword.to_owned(),
        old: change.old,
        new: change.new,
        new_keyword: change.new_keyword,
    });
}

/// The members of two `enum`s or `required` lists, one change per member added or removed.
fn members(keyword: &str, old: &[Value], new: &[Value], at: &str, out: &mut Vec<Change>) {
    let (added, removed) = if keyword == "enum" {
        (Tag::EnumValueAdded, Tag::EnumValueRemoved)
    } else {
        (Tag::RequiredAdded, Tag::RequiredRemoved)
    };
    let keys = |values: &[Value]| {
        values
            .iter()
            .map(canonical::canonical_value)
            .collect::<Vec<_>>()
    };
    let (x, y) = (keys(old), keys(new));
    for (value, key) in old.iter().zip(&x) {
        if !y.contains(key) {
            push(out, at, removed, keyword, Some(value), None);
        }
    }
    for (index, (value, key)) in new.iter().zip(&y).enumerate() {
        if !x.contains(key) && !y[..index].contains(key) {
            push(out, at, added, keyword, None, Some(value));
        }
    }
}

/// A keyword that holds subschemas, entered.
#[allow(clippy::too_many_arguments)]
fn structural(
    key: &str,
    shape: Shape,
    x: Option<&Value>,
    y: Option<&Value>,
    at: &str,
    draft: Draft,
    depth: usize,
    out: &mut Vec<Change>,
) {
    let (x, y) = match (x, y) {
        (None, None) => return,
        (Some(x), None) => return push(out, at, Tag::KeywordRemoved, key, Some(x), None),
        (None, Some(y)) => return push(out, at, Tag::KeywordAdded, key, None, Some(y)),
        (Some(x), Some(y)) => (x, y),
    };
    match (shape, x, y) {
        (Shape::One | Shape::OneOrMany, _, _) if !x.is_array() && !y.is_array() => {
            walk(x, y, at, draft, depth + 1, out);
        }
        (Shape::Many | Shape::OneOrMany, Value::Array(xs), Value::Array(ys)) => {
            let positional = matches!(key, "prefixItems" | "items" | "additionalItems");
            branches(xs, ys, positional, at, draft, depth, out);
        }
        (Shape::Map | Shape::MapOrNames, Value::Object(xs), Value::Object(ys)) => {
            let (added, removed) = match key {
                "properties" => (Tag::PropertyAdded, Tag::PropertyRemoved),
                "$defs" | "definitions" => (Tag::DefinitionAdded, Tag::DefinitionRemoved),
                _ => (Tag::KeywordAdded, Tag::KeywordRemoved),
            };
            for (name, sub) in xs {
                let here = pointer::push(at, name);
                match ys.get(name) {
                    None => push(out, &here, removed, key, Some(sub), None),
                    Some(other) if sub.is_array() || other.is_array() => {
                        if sub != other {
                            push(out, &here, Tag::KeywordChanged, key, Some(sub), Some(other));
                        }
                    }
                    Some(other) => walk(sub, other, &here, draft, depth + 1, out),
                }
            }
            for (name, sub) in ys.iter().filter(|(n, _)| !xs.contains_key(*n)) {
                push(out, &pointer::push(at, name), added, key, None, Some(sub));
            }
        }
        _ if canonical::canonical_keyword(key, x) != canonical::canonical_keyword(key, y) => {
            push(out, at, Tag::KeywordChanged, key, Some(x), Some(y));
        }
        _ => {}
    }
}

/// Two arrays of subschemas: by position (`positional`), else equal ones matched first and the
/// rest in order. Pointers use NEW's index, OLD's for a branch removed.
fn branches(
    xs: &[Value],
    ys: &[Value],
    positional: bool,
    at: &str,
    draft: Draft,
    depth: usize,
    out: &mut Vec<Change>,
) {
    let mut pairs: Vec<(Option<usize>, Option<usize>)> = Vec::new();
    if positional {
        for i in 0..xs.len().max(ys.len()) {
            pairs.push(((i < xs.len()).then_some(i), (i < ys.len()).then_some(i)));
        }
    } else {
        let (cx, cy): (Vec<String>, Vec<String>) = (
            xs.iter().map(canonical::canonical).collect(),
            ys.iter().map(canonical::canonical).collect(),
        );
        let mut taken = vec![false; ys.len()];
        let mut left: Vec<usize> = Vec::new();
        for (i, c) in cx.iter().enumerate() {
            match (0..ys.len()).find(|&j| !taken[j] && &cy[j] == c) {
                Some(j) => taken[j] = true,
                None => left.push(i),
            }
        }
        let mut right = (0..ys.len()).filter(|&j| !taken[j]);
        for i in left {
            pairs.push((Some(i), right.next()));
        }
        pairs.extend(right.map(|j| (None, Some(j))));
    }
    for pair in pairs {
        match pair {
            (Some(i), Some(j)) => walk(
                &xs[i],
                &ys[j],
                &pointer::push(at, &j.to_string()),
                draft,
                depth + 1,
                out,
            ),
            (Some(i), None) => push(
                out,
                &pointer::push(at, &i.to_string()),
                Tag::BranchRemoved,
                last(at),
                Some(&xs[i]),
                None,
            ),
            (None, Some(j)) => push(
                out,
                &pointer::push(at, &j.to_string()),
                Tag::BranchAdded,
                last(at),
                None,
                Some(&ys[j]),
            ),
            (None, None) => {}
        }
    }
}

/// The last token of a pointer (the keyword holding the branches).
fn last(at: &str) -> &str {
    at.rsplit('/').next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn listed(old: Value, new: Value) -> Vec<(String, &'static str)> {
        changes(&old, &new, Draft::Draft2020_12)
            .into_iter()
            .map(|c| (c.pointer, c.tag.name()))
            .collect()
    }

    fn pairs(list: &[(&str, &'static str)]) -> Vec<(String, &'static str)> {
        list.iter().map(|(p, t)| ((*p).to_owned(), *t)).collect()
    }

    #[test]
    fn properties_required_and_bounds_are_found_at_depth() {
        let old = json!({
            "type": "object",
            "properties": {
                "q": {"type": "string", "maxLength": 10},
                "gone": {"type": "integer"}
            },
            "required": ["q", "gone"]
        });
        let new = json!({
            "type": "object",
            "properties": {
                "q": {"type": "string", "maxLength": 5, "description": "the query"},
                "limit": {"type": "integer"}
            },
            "required": ["q", "limit"]
        });
        assert_eq!(
            listed(old, new),
            pairs(&[
                ("/properties/gone", "property-removed"),
                ("/properties/limit", "property-added"),
                ("/properties/q/description", "description-changed"),
                ("/properties/q/maxLength", "bound-tightened"),
                ("/required", "required-removed"),
                ("/required", "required-added"),
            ])
        );
    }

    #[test]
    fn a_reordered_union_is_no_change_and_a_new_branch_is_one() {
        let a = json!({"anyOf": [{"type": "string"}, {"type": "integer"}]});
        let b = json!({"anyOf": [{"type": "integer"}, {"type": "string"}]});
        assert!(listed(a.clone(), b).is_empty());
        let c = json!({"anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "null"}]});
        assert_eq!(listed(a, c), pairs(&[("/anyOf/2", "branch-added")]));
    }

    #[test]
    fn enum_members_types_and_booleans() {
        assert_eq!(
            listed(
                json!({"enum": ["a", "b"], "type": "string"}),
                json!({"enum": ["a", "c"], "type": ["string", "null"]})
            ),
            pairs(&[
                ("/enum", "enum-value-removed"),
                ("/enum", "enum-value-added"),
                ("/type", "type-widened"),
            ])
        );
        assert_eq!(
            listed(
                json!({"additionalProperties": false}),
                json!({"additionalProperties": {"type": "string"}})
            ),
            pairs(&[("/additionalProperties", "schema-widened")])
        );
        assert_eq!(
            listed(json!({"items": {"type": "string"}}), json!({"items": true})),
            pairs(&[("/items", "schema-widened")])
        );
        assert_eq!(
            listed(json!({"$defs": {"a": {}}}), json!({"$defs": {"b": {}}})),
            pairs(&[
                ("/$defs/a", "definition-removed"),
                ("/$defs/b", "definition-added")
            ])
        );
    }

    #[test]
    fn a_bound_that_changes_keyword_names_both() {
        let found = changes(
            &json!({"exclusiveMinimum": 0}),
            &json!({"minimum": 0}),
            Draft::Draft2020_12,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].tag, Tag::BoundLoosened);
        assert_eq!(found[0].pointer, "/exclusiveMinimum");
        assert_eq!(found[0].new_keyword.as_deref(), Some("minimum"));
    }

    #[test]
    fn every_tag_has_a_distinct_name() {
        let mut names: Vec<&str> = Tag::ALL.iter().map(|t| t.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Tag::ALL.len());
    }
}
