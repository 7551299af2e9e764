//! The null ⇒ absent mapping of a presentation whose optional properties were made required and
//! nullable (SPEC §3 "Targets", F7.6): when it is sound, and how `stitch validate` undoes it.
//!
//! A value v the contract accepts is sent by the model as map(v): v with `null` for every mapped
//! key it leaves out. Keeping the rewrite takes two facts. The prover shows that the presentation
//! with those keys still optional (the *unmapped* presentation) accepts v. This module shows,
//! from the schema's shape, that adding `null` for a mapped key keeps a value acceptable
//! ([`unsound`] finds the keyword that could break it): every node that meets an object either
//! is one of the mapped object nodes (which hold no keyword observing their key set, and whose
//! mapped properties accept `null`), or reaches one only through `anyOf` branches and pure
//! `$ref`s, and no keyword anywhere (`allOf`, `not`, `if`, `uniqueItems`, `unevaluated*`, …)
//! judges one part of a value by two schemas. Then map(v) is walked along one branch of each
//! `anyOf`, which still accepts it, and meets every `required` of that branch.
//!
//! [`Reader`] is the way back: it walks a call the model sent along the presentation and undoes
//! the mappings, taking one option at each place the call can be read in more than one way (a
//! [`Choice`]: which `anyOf` branch, whether a `null` that may be real stays); the search over
//! those options is `targets::back`.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::document::Loaded;
use crate::schema::keywords::{self, Application};
use crate::schema::{Draft, pointer};
use crate::targets::OBSERVE_KEYS;
use crate::verify::{self, Space};

/// A key made required and nullable: `null` there means absent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nulled {
    /// The object schema's pointer in the presentation document.
    pub object: String,
    /// The property.
    pub key: String,
    /// Its schema accepted `null` before: there `null` and absent are one value.
    pub was_nullable: bool,
}

/// An `enum` written as text (`Rewrite::StringEnums`, Gemini): a model sends a value's JSON
/// text there, and [`Reader`] reads the value back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stringified {
    /// The enum's schema pointer in the presentation document.
    pub at: String,
    /// Its values as the contract has them, in order.
    pub values: Vec<Value>,
}

/// Keywords that judge one part of a value by more than one schema, or compare parts: adding
/// `null` for a key along one branch could then break another judgement.
const CROSS: &[&str] = &[
    "allOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "dependentSchemas",
    "dependencies",
    "contains",
    "patternProperties",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "uniqueItems",
    "$dynamicRef",
    "$recursiveRef",
];

/// Why adding `null` for the keys `nulled` maps could make a value that the unmapped
/// presentation accepts fail the presentation (the schema at `at` of `loaded`): the keyword
/// and its pointer. `None`: the mapping is sound there.
pub fn unsound(loaded: &Loaded, at: &str) -> Option<String> {
    let draft = loaded.documents.first()?.draft;
    let value = |pointer: &str| loaded.documents[0].value.pointer(pointer);
    let mut seen: HashSet<String> = HashSet::new();
    let mut stack = vec![at.to_owned()];
    while let Some(here) = stack.pop() {
        if !seen.insert(here.clone()) {
            continue;
        }
        let Some(Value::Object(map)) = value(&here) else {
            continue;
        };
        if let Some(why) = node_unsound(map, draft) {
            return Some(format!("{why} at #{here}"));
        }
        if map.contains_key("$ref") {
            match local_target(loaded, &here) {
                Some(pointer) => stack.push(pointer.to_owned()),
                None => return Some(format!("a `$ref` to another document at #{here}")),
            }
        }
        for sub in draft.subschemas_as_written(map) {
            if sub.application != Application::Definition {
                stack.push(sub.pointer(&here));
            }
        }
    }
    None
}

/// Where the `$ref` of the node at `here` (in the input document) leads, when it resolved to
/// a place in that same document.
fn local_target<'l>(loaded: &'l Loaded, here: &str) -> Option<&'l str> {
    let from = crate::document::Location {
        doc: 0,
        pointer: here.to_owned(),
    };
    loaded
        .target_of(&from, "$ref")
        .filter(|t| t.doc == 0)
        .map(|t| t.pointer.as_str())
}

/// Why one node could judge a mapped value differently.
fn node_unsound(map: &Map<String, Value>, draft: Draft) -> Option<String> {
    let keyword = |k: &str| map.contains_key(k) && keywords::lookup(k, draft).is_some();
    if let Some(k) = CROSS.iter().find(|k| keyword(k)) {
        return Some(format!("`{k}`"));
    }
    let holds_parts = map.keys().any(|k| {
        keywords::lookup(k, draft)
            .is_some_and(|row| matches!(row.holds, Some((_, Application::Child))))
    });
    let branching = ["anyOf", "$ref"].iter().filter(|k| keyword(k)).count();
    let observes = OBSERVE_KEYS
        .iter()
        .filter(|k| !matches!(**k, "anyOf" | "$ref"))
        .find(|k| keyword(k));
    match (branching, observes) {
        (2, _) => Some("`anyOf` beside `$ref`".to_owned()),
        (1, Some(k)) => Some(format!("`{k}` beside a union or reference")),
        (1, None) if holds_parts => Some("a union or reference beside subschemas".to_owned()),
        (_, Some(k)) if holds_parts => Some(format!("`{k}` beside subschemas")),
        _ => None,
    }
}

/// The pointer of one schema node's subschema for a part of a value: the property `key`, or
/// the item `index`.
enum Part<'a> {
    Key(&'a str),
    Index(usize),
}

/// The schema (pointer) that judges one part of a value at the node `map` (at `here`), as
/// JSON Schema dispatches parts: `properties`, else `additionalProperties`; `prefixItems` (or
/// draft ≤ 2019-09 array `items`), else `items`/`additionalItems`.
fn part_schema(
    map: &Map<String, Value>,
    here: &str,
    part: Part<'_>,
    draft: Draft,
) -> Option<String> {
    match part {
        Part::Key(key) => {
            if map.get("properties").and_then(|p| p.get(key)).is_some() {
                Some(pointer::push(&pointer::push(here, "properties"), key))
            } else if map.contains_key("additionalProperties") {
                Some(pointer::push(here, "additionalProperties"))
            } else {
                None
            }
        }
        Part::Index(i) => {
            let (tuple, rest) = if draft >= Draft::Draft2020_12 {
                ("prefixItems", "items")
            } else {
                ("items", "additionalItems")
            };
            match map.get(tuple) {
                Some(Value::Array(items)) if i < items.len() => {
                    Some(pointer::push_index(&pointer::push(here, tuple), i))
                }
                Some(Value::Array(_)) => map.contains_key(rest).then(|| pointer::push(here, rest)),
                _ => map
                    .contains_key("items")
                    .then(|| pointer::push(here, "items")),
            }
        }
    }
}

/// One place where a call can be read back in more than one way: the way back's search
/// (`targets::back`) tries its options, option 0 first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// A `null` (at this pointer into the call) at a mapped key whose schema accepted `null`
    /// before the rewrite: kept (0) or dropped (1).
    Null(String),
    /// An `anyOf` of the presentation met at this pointer into the call, with this many
    /// branches to read it along (those that admit it; all of them when none does).
    Branch(String, usize),
    /// A string that is the text of this many values of a stringified enum.
    Text(String, usize),
}

impl Choice {
    /// How many options it has.
    pub fn options(&self) -> usize {
        match self {
            Choice::Null(_) => 2,
            Choice::Branch(_, n) | Choice::Text(_, n) => *n,
        }
    }
}

/// One reading of a call: the contract's value the walk made of it with the options given.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Walked {
    /// The value.
    pub value: Value,
    /// Pointers into the call of the `null`s dropped (they stood for left-out keys).
    pub dropped: Vec<String>,
    /// Pointers into the call of the `null`s kept where they could have stood for a left-out key.
    pub kept: Vec<String>,
    /// Every choice met, in the order of the walk.
    pub choices: Vec<Choice>,
    /// Schema nodes visited.
    pub steps: usize,
}

/// The way back over one presentation: [`Reader::read`] walks a call along it, undoing the
/// mappings its target's rewrites recorded (`null` ⇒ absent, enums as text). Validators of the
/// presentation are compiled once for every reading.
pub struct Reader<'l, 's> {
    loaded: &'l Loaded,
    places: verify::Places<'l, 's>,
    /// Mapped keys per object node: the key, and whether its schema accepted `null` before.
    keys: HashMap<&'l str, Vec<(&'l str, bool)>>,
    texts: HashMap<&'l str, &'l [Value]>,
    draft: Draft,
}

/// The state of one walk.
#[derive(Default)]
struct Walk<'g> {
    given: &'g [usize],
    out: Walked,
}

impl<'l, 's> Reader<'l, 's> {
    /// The reader of `space` (the presentation, at its input schema), with the mappings
    /// `nulled` and `stringified` recorded for it.
    pub fn new(
        space: &'s Space<'l>,
        nulled: &'l [Nulled],
        stringified: &'l [Stringified],
    ) -> Reader<'l, 's> {
        let mut keys: HashMap<&str, Vec<(&str, bool)>> = HashMap::new();
        for n in nulled {
            let at = keys.entry(n.object.as_str()).or_default();
            at.push((n.key.as_str(), n.was_nullable));
        }
        Reader {
            loaded: space.loaded,
            places: verify::Places::new(space),
            keys,
            texts: (stringified.iter())
                .map(|s| (s.at.as_str(), s.values.as_slice()))
                .collect(),
            draft: space.loaded.input().draft,
        }
    }

    /// `call` as the contract reads it, walked from the schema at `at`, taking option
    /// `given[i]` at the i-th choice met (0 past the end of `given`).
    pub fn read(&self, at: &str, call: &Value, given: &[usize]) -> Walked {
        let walk = RefCell::new(Walk {
            given,
            out: Walked::default(),
        });
        let value = self.value(&walk, at, call.clone(), "", &mut Vec::new());
        let mut out = walk.into_inner().out;
        out.value = value;
        out
    }

    /// The option taken at `choice`, recorded.
    fn choose(&self, walk: &RefCell<Walk<'_>>, choice: Choice) -> usize {
        let mut walk = walk.borrow_mut();
        let at = walk.out.choices.len();
        let options = choice.options();
        walk.out.choices.push(choice);
        walk.given
            .get(at)
            .copied()
            .filter(|&o| o < options)
            .unwrap_or(0)
    }

    /// `value` (at `path` in the call) walked along the schema at `here`. `passed` holds the
    /// nodes met since the walk last stepped into a part of the value: a cycle of references
    /// and branches ends there, and a chain of references at the load's limit
    /// ([`MAX_REF_CHAIN`](crate::document::MAX_REF_CHAIN), the limit the rewrites were made
    /// under: issue 40).
    fn value(
        &self,
        walk: &RefCell<Walk<'_>>,
        here: &str,
        value: Value,
        path: &str,
        passed: &mut Vec<String>,
    ) -> Value {
        walk.borrow_mut().out.steps += 1;
        let Some(Value::Object(map)) = self.loaded.input().value.pointer(here) else {
            return value;
        };
        if passed.iter().any(|p| p == here) || passed.len() > 2 * crate::document::MAX_REF_CHAIN {
            return value;
        }
        passed.push(here.to_owned());
        if map.contains_key("$ref")
            && let Some(target) = local_target(self.loaded, here)
        {
            return self.value(walk, target, value, path, passed);
        }
        if let Some(Value::Array(branches)) = map.get("anyOf") {
            let all: Vec<String> = (0..branches.len())
                .map(|i| pointer::push_index(&pointer::push(here, "anyOf"), i))
                .collect();
            let mut branches: Vec<&String> = (all.iter())
                .filter(|b| self.places.admits(b, &value) == Some(true))
                .collect();
            if branches.is_empty() {
                branches = all.iter().collect();
            }
            // A string a branch reads back as an enum value is read that way first: the recorded
            // mapping decides, not the order of the branches (issue 40).
            if let Value::String(text) = &value {
                branches.sort_by_key(|b| !self.reads_text(b, text));
            }
            let option = match branches.len() {
                0 => return value,
                1 => 0,
                n => self.choose(walk, Choice::Branch(path.to_owned(), n)),
            };
            return self.value(walk, branches[option], value, path, passed);
        }
        if let (Some(values), Value::String(text)) = (self.texts.get(here), &value) {
            let matching: Vec<&Value> = (values.iter())
                .filter(|v| &crate::targets::enum_text(v) == text)
                .collect();
            let option = match matching.len() {
                0 | 1 => 0,
                n => self.choose(walk, Choice::Text(path.to_owned(), n)),
            };
            if let Some(read) = matching.get(option) {
                return (*read).clone();
            }
        }
        match value {
            Value::Object(object) => Value::Object(self.object(walk, map, here, object, path)),
            Value::Array(items) => Value::Array(
                items
                    .into_iter()
                    .enumerate()
                    .map(
                        |(i, item)| match part_schema(map, here, Part::Index(i), self.draft) {
                            Some(schema) => self.value(
                                walk,
                                &schema,
                                item,
                                &pointer::push_index(path, i),
                                &mut Vec::new(),
                            ),
                            None => item,
                        },
                    )
                    .collect(),
            ),
            other => other,
        }
    }

    /// True when the branch at `branch` (through pure references) is a stringified enum with a
    /// value whose text is `text`.
    fn reads_text(&self, branch: &str, text: &str) -> bool {
        let mut here = branch;
        for _ in 0..=crate::document::MAX_REF_CHAIN {
            if let Some(values) = self.texts.get(here) {
                return values.iter().any(|v| crate::targets::enum_text(v) == text);
            }
            match local_target(self.loaded, here) {
                Some(next) => here = next,
                None => return false,
            }
        }
        false
    }

    /// An object walked along the node `map` (at `here`): its keys in the order of the node's
    /// `properties` (a choice's index then follows the presentation's property order), the
    /// value rebuilt in the call's order.
    fn object(
        &self,
        walk: &RefCell<Walk<'_>>,
        map: &Map<String, Value>,
        here: &str,
        object: Map<String, Value>,
        path: &str,
    ) -> Map<String, Value> {
        let mapped = self.keys.get(here);
        let declared: HashMap<&str, usize> = (map.get("properties").and_then(Value::as_object))
            .map(|d| d.keys().enumerate().map(|(i, k)| (k.as_str(), i)).collect())
            .unwrap_or_default();
        let rank = |key: &str| declared.get(key).copied().unwrap_or(usize::MAX);
        let mut entries: Vec<Option<(String, Value)>> = object.into_iter().map(Some).collect();
        let mut order: Vec<usize> = (0..entries.len()).collect();
        order.sort_by_key(|&i| entries[i].as_ref().map_or(usize::MAX, |(k, _)| rank(k)));
        let mut walked: Vec<Option<(String, Value)>> = vec![None; entries.len()];
        for i in order {
            let Some((key, value)) = entries[i].take() else {
                continue;
            };
            let inner = pointer::push(path, &key);
            let nulled = mapped.and_then(|keys| keys.iter().find(|(k, _)| *k == key));
            if let (Value::Null, Some(&(_, was_nullable))) = (&value, nulled) {
                let drop = !was_nullable || self.choose(walk, Choice::Null(inner.clone())) == 1;
                let mut walk = walk.borrow_mut();
                if drop {
                    walk.out.dropped.push(inner);
                    continue;
                }
                walk.out.kept.push(inner);
                walked[i] = Some((key, value));
                continue;
            }
            let value = match part_schema(map, here, Part::Key(&key), self.draft) {
                Some(schema) => self.value(walk, &schema, value, &inner, &mut Vec::new()),
                None => value,
            };
            walked[i] = Some((key, value));
        }
        walked.into_iter().flatten().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::testing::loaded;
    use serde_json::json;

    fn nulled(object: &str, key: &str) -> Nulled {
        Nulled {
            object: object.to_owned(),
            key: key.to_owned(),
            was_nullable: false,
        }
    }

    #[test]
    fn unmap_drops_null_only_at_mapped_keys_along_the_branch_that_accepts_the_value() {
        let presentation = loaded(
            r##"{"type": "object",
                 "properties": {
                   "a": {"type": ["string", "null"]},
                   "keep": {"type": ["string", "null"]},
                   "k": {"anyOf": [
                     {"type": "object", "properties": {"x": {"type": ["integer", "null"]}},
                      "required": ["x"], "additionalProperties": false},
                     {"$ref": "#/$defs/Y"}]},
                   "list": {"type": "array", "items": {"$ref": "#/$defs/Y"}}},
                 "required": ["a", "keep", "k", "list"],
                 "additionalProperties": false,
                 "$defs": {"Y": {"type": "object", "properties": {"y": {"type": ["string", "null"]}},
                                 "required": ["y"], "additionalProperties": false}}}"##,
        );
        let mapped = [
            nulled("", "a"),
            nulled("/properties/k/anyOf/0", "x"),
            nulled("/$defs/Y", "y"),
        ];
        let value =
            json!({"a": null, "keep": null, "k": {"y": null}, "list": [{"y": "v"}, {"y": null}]});
        let space = Space::new(&presentation, "");
        let walked = Reader::new(&space, &mapped, &[]).read("", &value, &[]);
        assert_eq!(
            walked.value,
            json!({"keep": null, "k": {}, "list": [{"y": "v"}, {}]})
        );
        assert_eq!(walked.dropped, ["/a", "/k/y", "/list/1/y"]);
        assert_eq!(walked.choices, []);
    }

    #[test]
    fn a_null_that_may_be_real_is_a_choice_met_in_the_presentations_property_order() {
        let presentation = loaded(
            r#"{"type": "object",
                "properties": {"a": {"type": ["string", "null"]}, "b": {"type": ["string", "null"]}},
                "required": ["a", "b"], "additionalProperties": false}"#,
        );
        let mapped = [
            Nulled {
                was_nullable: true,
                ..nulled("", "a")
            },
            Nulled {
                was_nullable: true,
                ..nulled("", "b")
            },
        ];
        let space = Space::new(&presentation, "");
        let reader = Reader::new(&space, &mapped, &[]);
        // The call's key order is not the walk's: `a` comes first in `properties`.
        let call = json!({"b": null, "a": null});
        let kept = reader.read("", &call, &[]);
        assert_eq!(kept.value, call);
        assert_eq!(kept.kept, ["/a", "/b"]);
        assert_eq!(
            kept.choices,
            [Choice::Null("/a".into()), Choice::Null("/b".into())]
        );
        let second_dropped = reader.read("", &call, &[0, 1]);
        assert_eq!(second_dropped.value, json!({"a": null}));
        assert_eq!(second_dropped.dropped, ["/b"]);
    }

    #[test]
    fn a_keyword_that_judges_a_part_twice_makes_the_mapping_unsound() {
        let sound = loaded(
            r##"{"type": "object", "properties": {"a": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}},
                 "$defs": {"A": {"type": "object", "properties": {"b": {"type": "string"}}}}}"##,
        );
        assert_eq!(unsound(&sound, ""), None);
        for (text, why) in [
            (
                r#"{"properties": {"a": {"allOf": [{"type": "object"}]}}}"#,
                "`allOf` at #/properties/a",
            ),
            (
                r#"{"properties": {"a": {"type": "array", "uniqueItems": true, "items": {}}}}"#,
                "`uniqueItems` at #/properties/a",
            ),
            (
                r#"{"properties": {"a": {"anyOf": [{}], "properties": {}}}}"#,
                "a union or reference beside subschemas at #/properties/a",
            ),
            (
                r#"{"properties": {"a": {"enum": [{}], "properties": {"b": {}}}}}"#,
                "`enum` beside subschemas at #/properties/a",
            ),
        ] {
            assert_eq!(unsound(&loaded(text), "").as_deref(), Some(why), "{text}");
        }
    }
}
