//! Keyword by keyword: how one schema object's constraints changed in another (D3's change
//! list, one level deep: the subschemas of `properties`, `items` and the applicators are the
//! caller's to enter). Used to state what flattening widened (F10, findings), by the tests
//! that check every widening is reported, and by `diff::changes`, which enters the subschemas
//! (D3). It lives with flattening, the lower of its two users (tests/tidy.rs's layers).

use serde_json::{Map, Value};

use crate::canonical;
use crate::schema::Draft;
use crate::schema::bounds::{self, Bound};
use crate::schema::keywords::{self, Role, Shape};
use crate::schema::types::Types;

/// How a keyword changed, for the values it constrains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// The old schema had it; the new one does not: it constrains nothing any more.
    Removed,
    /// The new schema allows more (a lower `minimum`, a longer `maxLength`, fewer `required`).
    Loosened,
    /// The new schema allows less.
    Tightened,
    /// The old schema did not have it.
    Added,
    /// Both have it, differently, and neither allows all the other does.
    Changed,
}

impl Change {
    /// True when the new schema may accept a value the old one rejected.
    pub fn widens(self) -> bool {
        matches!(self, Change::Removed | Change::Loosened | Change::Changed)
    }
}

/// One keyword's change.
#[derive(Debug, Clone, PartialEq)]
pub struct KeywordChange {
    /// The keyword (for a bound, the old schema's: `minimum` or `exclusiveMinimum`).
    pub keyword: String,
    /// How it changed.
    pub change: Change,
    /// Its value in the old schema.
    pub old: Option<Value>,
    /// Its value in the new schema.
    pub new: Option<Value>,
    /// The new schema's keyword when it is another one: a bound that changed from exclusive to
    /// inclusive (`exclusiveMinimum` 0 loosened to `minimum` 0).
    pub new_keyword: Option<String>,
}

/// The keyword changes from `old` to `new`, both read as `draft`, in the old schema's keyword
/// order then the new one's. Annotations are left out but for `default`; subschemas are not
/// entered (a keyword holding them is `Removed`, `Added` or `Changed` as a whole); `$ref`s are
/// compared as written.
pub fn compare(old: &Value, new: &Value, draft: Draft) -> Vec<KeywordChange> {
    let empty = Map::new();
    let (a, b) = (as_map(old, &empty), as_map(new, &empty));
    if old == &Value::Bool(false) && new != &Value::Bool(false) {
        return vec![change("false", Change::Loosened, Some(old), Some(new))];
    }
    let mut out = Vec::new();
    for lower in [true, false] {
        bound_change(a, b, draft, lower, &mut out);
    }
    let mut seen: Vec<&str> = Vec::new();
    for key in a.keys().chain(b.keys()).map(String::as_str) {
        if seen.contains(&key) || is_bound(key) || !compared(key, draft) {
            continue;
        }
        seen.push(key);
        let (x, y) = (a.get(key), b.get(key));
        if let Some(kind) = keyword_change(key, x, y, draft) {
            out.push(change(key, kind, x, y));
        }
    }
    out
}

fn as_map<'v>(value: &'v Value, empty: &'v Map<String, Value>) -> &'v Map<String, Value> {
    value.as_object().unwrap_or(empty)
}

fn change(
    keyword: &str,
    change: Change,
    old: Option<&Value>,
    new: Option<&Value>,
) -> KeywordChange {
    KeywordChange {
        keyword: keyword.to_owned(),
        change,
        old: old.cloned(),
        new: new.cloned(),
        new_keyword: None,
    }
}

fn is_bound(keyword: &str) -> bool {
    matches!(
        keyword,
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum"
    )
}

/// Keywords compared here: those the draft defines that assert (`format` and the content
/// keywords whatever the policy: a model reads them), and `default`.
fn compared(keyword: &str, draft: Draft) -> bool {
    match keywords::lookup(keyword, draft) {
        Some(k) => {
            !matches!(k.role, Role::Identity | Role::Definitions)
                && (k.role != Role::Annotation || keyword == "default")
        }
        None => false,
    }
}

/// One side's bound, old against new.
fn bound_change(
    a: &Map<String, Value>,
    b: &Map<String, Value>,
    draft: Draft,
    lower: bool,
    out: &mut Vec<KeywordChange>,
) {
    let (old, new) = (
        Bound::of_map(a, draft, lower),
        Bound::of_map(b, draft, lower),
    );
    let keyword =
        |bound: &Bound| match (lower, bound.exclusive && !draft.boolean_exclusive_bounds()) {
            (true, true) => "exclusiveMinimum",
            (true, false) => "minimum",
            (false, true) => "exclusiveMaximum",
            (false, false) => "maximum",
        };
    let value = |bound: &Bound| Value::Number(bound.value.clone());
    let kind = match (&old, &new) {
        (None, None) => return,
        (Some(_), None) => Change::Removed,
        (None, Some(_)) => Change::Added,
        (Some(o), Some(n)) => {
            let tighter_or_equal = bounds::tightest([o.clone(), n.clone()].into_iter(), lower)
                .is_some_and(|t| t == *n);
            let looser_or_equal =
                bounds::loosest([o.clone(), n.clone()].into_iter(), lower).is_some_and(|l| l == *n);
            match (o == n, looser_or_equal, tighter_or_equal) {
                (true, _, _) => return,
                (false, true, _) => Change::Loosened,
                (false, _, true) => Change::Tightened,
                _ => Change::Changed,
            }
        }
    };
    let named = old
        .as_ref()
        .or(new.as_ref())
        .map(keyword)
        .unwrap_or("minimum");
    let renamed = new.as_ref().map(keyword).filter(|k| *k != named);
    out.push(KeywordChange {
        keyword: named.to_owned(),
        change: kind,
        old: old.as_ref().map(value),
        new: new.as_ref().map(value),
        new_keyword: renamed.map(str::to_owned),
    });
}

/// How one (non-bound) keyword changed, if it did.
fn keyword_change(key: &str, x: Option<&Value>, y: Option<&Value>, draft: Draft) -> Option<Change> {
    let (x, y) = match (x, y) {
        (None, None) => return None,
        (Some(_), None) => return Some(Change::Removed),
        (None, Some(_)) => return Some(Change::Added),
        (Some(x), Some(y)) => (x, y),
    };
    if canonical::canonical_keyword(key, x) == canonical::canonical_keyword(key, y) {
        return None;
    }
    let ordered = |looser: bool, tighter: bool| match (looser, tighter) {
        (true, _) => Change::Loosened,
        (_, true) => Change::Tightened,
        _ => Change::Changed,
    };
    Some(match key {
        "type" => {
            let (a, b) = (types(x, draft), types(y, draft));
            if a == b {
                return None;
            }
            ordered(b.contains(a), a.contains(b))
        }
        "enum" | "const" | "required" => {
            let (a, b) = (members(key, x), members(key, y));
            let contains = |big: &[String], small: &[String]| small.iter().all(|v| big.contains(v));
            if contains(&a, &b) && contains(&b, &a) {
                // The same members in another order.
                return None;
            }
            if key == "required" {
                // Fewer required keys is looser.
                ordered(contains(&a, &b), contains(&b, &a))
            } else {
                ordered(contains(&b, &a), contains(&a, &b))
            }
        }
        k if k.starts_with("min") => {
            let (a, b) = (x.as_u64(), y.as_u64());
            ordered(b < a, b > a)
        }
        k if k.starts_with("max") => {
            let (a, b) = (x.as_u64(), y.as_u64());
            ordered(b > a, b < a)
        }
        _ if draft.shape(key) == Some(Shape::One) => {
            // A schema-valued keyword: its own keywords compared, a level down.
            if x == &Value::Bool(false) || y == &Value::Bool(true) {
                Change::Loosened
            } else if y == &Value::Bool(false) {
                Change::Tightened
            } else {
                let inner = compare(x, y, draft);
                if inner.is_empty() {
                    return None;
                }
                let all = |kinds: &[Change]| inner.iter().all(|c| kinds.contains(&c.change));
                ordered(
                    all(&[Change::Loosened, Change::Removed]),
                    all(&[Change::Tightened, Change::Added]),
                )
            }
        }
        "uniqueItems" => ordered(y != &Value::Bool(true), y == &Value::Bool(true)),
        _ => Change::Changed,
    })
}

/// The types a `type` keyword allows.
fn types(value: &Value, draft: Draft) -> Types {
    let names: Vec<&str> = match value {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    names.into_iter().fold(Types::NONE, |acc, t| {
        acc.or(Types::of_name(t, draft).unwrap_or(Types::NONE))
    })
}

/// The members of an `enum` (as canonical JSON), a `const`, or a `required` list.
fn members(keyword: &str, value: &Value) -> Vec<String> {
    match (keyword, value) {
        ("const", v) => vec![canonical::canonical_value(v)],
        (_, Value::Array(items)) => items.iter().map(canonical::canonical_value).collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn kinds(old: Value, new: Value) -> Vec<(String, Change)> {
        compare(&old, &new, Draft::Draft2020_12)
            .into_iter()
            .map(|c| (c.keyword, c.change))
            .collect()
    }

    #[test]
    fn each_kind_of_change() {
        assert_eq!(
            kinds(
                json!({"type": "integer", "minimum": 1, "maxLength": 5, "default": 1}),
                json!({"type": "number", "minimum": 0})
            ),
            [
                ("minimum".to_owned(), Change::Loosened),
                ("type".to_owned(), Change::Loosened),
                ("maxLength".to_owned(), Change::Removed),
                ("default".to_owned(), Change::Removed),
            ]
        );
        assert_eq!(
            kinds(json!({"exclusiveMaximum": 5}), json!({"maximum": 5})),
            [("exclusiveMaximum".to_owned(), Change::Loosened)]
        );
        let renamed = compare(
            &json!({"exclusiveMinimum": 0}),
            &json!({"minimum": 0}),
            Draft::Draft2020_12,
        );
        assert_eq!(renamed[0].new_keyword.as_deref(), Some("minimum"));
        assert_eq!(
            kinds(json!({"required": ["a", "b"]}), json!({"required": ["a"]})),
            [("required".to_owned(), Change::Loosened)]
        );
        assert_eq!(
            kinds(json!({"enum": ["a"]}), json!({"enum": ["a", "b"]})),
            [("enum".to_owned(), Change::Loosened)]
        );
        assert_eq!(
            kinds(json!({"additionalProperties": false}), json!({})),
            [("additionalProperties".to_owned(), Change::Removed)]
        );
        assert_eq!(
            kinds(
                json!({"minLength": 2, "title": "x"}),
                json!({"minLength": 3, "title": "y"})
            ),
            [("minLength".to_owned(), Change::Tightened)]
        );
        assert!(kinds(json!({"pattern": "^a"}), json!({"pattern": "^a"})).is_empty());
        // A subschema is compared keyword by keyword: the order of `type` names is no change.
        assert!(
            kinds(
                json!({"items": {"type": ["integer", "string"]}}),
                json!({"items": {"type": ["string", "integer"]}})
            )
            .is_empty()
        );
        assert_eq!(
            kinds(
                json!({"items": {"type": "string", "minLength": 1}}),
                json!({"items": {"type": ["string", "integer"]}})
            ),
            [("items".to_owned(), Change::Loosened)]
        );
        assert_eq!(
            kinds(json!(false), json!({})),
            [("false".to_owned(), Change::Loosened)]
        );
    }
}
