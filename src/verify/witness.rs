//! Turning a prover's doubt into a checked counterexample (V1: "a `refuted` from the prover
//! carries a witness value built from the failing keyword"): the doubt's candidate values, or
//! values sampled from what the contract allows at that place, put into values of the whole
//! contract at the doubt's path — kept only if the contract (its closure, under `declared`)
//! accepts the result and the presentation rejects it.

use serde_json::Value;

use super::judge::Judge;
use super::prove::{Doubt, Edit, Segment};
use super::sample::{Chooser, Sampler};
use crate::schema::Semantics;
use crate::validate::{Judgement, Rejection};

/// Local values sampled per doubt, and whole values they are put into.
const LOCAL: usize = 24;
const BASES: usize = 16;

/// A checked counterexample, or `None`.
pub(crate) fn find(
    doubt: &Doubt,
    sub: &Judge<'_, '_>,
    sup: &Judge<'_, '_>,
    sampler: &Sampler<'_, '_>,
    semantics: Semantics,
    seed: u64,
) -> Option<(Value, Rejection)> {
    let mut edits: Vec<Edit> = doubt
        .edits
        .iter()
        .filter(|e| !matches!(e, Edit::Sample))
        .cloned()
        .collect();
    if doubt.edits.is_empty() || doubt.edits.contains(&Edit::Sample) {
        for alternative in &doubt.sub {
            for k in 0..LOCAL {
                let mut chooser = if k < LOCAL / 3 {
                    Chooser::systematic(k, seed)
                } else {
                    Chooser::random(k, seed)
                };
                if let Some(value) = sampler.generate(alternative, None, &mut chooser, 0) {
                    let edit = Edit::Set(value);
                    if !edits.contains(&edit) {
                        edits.push(edit);
                    }
                }
            }
        }
    }
    if edits.is_empty() {
        return None;
    }
    let names = new_key_names(doubt, sampler, seed);
    // The doubt is about the whole value: the candidates are whole values, put into nothing.
    let whole = doubt.path.is_empty();
    // Each base is made only when the ones before it gave no counterexample: the first
    // usually does. (A base depends on its attempt number alone, so the bases tried, and the
    // order, are those of making all of them first.)
    let mut bases: Vec<Value> = Vec::new();
    for k in 0..if whole { 1 } else { BASES } {
        let base = if whole {
            Value::Null
        } else {
            let mut chooser = if k < BASES / 2 {
                Chooser::systematic(k, seed)
            } else {
                Chooser::random(k, seed)
            };
            match sampler.root(None, &mut chooser) {
                Some(base) if !bases.contains(&base) => base,
                _ => continue,
            }
        };
        for edit in &edits {
            for name in &names {
                let Some(candidate) = apply(&base, &doubt.path, edit, name.as_deref()) else {
                    continue;
                };
                if let Some(rejection) = confirm(&candidate, sub, sup, semantics) {
                    return Some((candidate, rejection));
                }
            }
        }
        bases.push(base);
    }
    None
}

/// Names to try for a key no schema names (a doubt whose path ends in a new key): keys matching
/// the contract's pattern for it and, for a doubt about one of the presentation's
/// `patternProperties`, keys matching that pattern; each also with a letter before or after it
/// where the pattern is not anchored there (`x$` matches `ax`, which `^x` does not). `None`
/// stands for a name nothing suggests. For any other doubt, `[None]`.
fn new_key_names(doubt: &Doubt, sampler: &Sampler<'_, '_>, seed: u64) -> Vec<Option<String>> {
    let Some(Segment::NewKey(own)) = doubt.path.last() else {
        return vec![None];
    };
    let theirs = (doubt.keyword == "patternProperties")
        .then(|| crate::schema::pointer::tokens(&doubt.sup_at.pointer)?.pop())
        .flatten();
    let mut names: Vec<Option<String>> = Vec::new();
    for pattern in own.iter().chain(theirs.iter()) {
        for k in 0..4 {
            let mut chooser = Chooser::systematic(k, seed);
            let Some(name) = sampler.matching(pattern, &mut chooser) else {
                continue;
            };
            for variant in super::sample::around(pattern, name) {
                if !names.contains(&Some(variant.clone())) {
                    names.push(Some(variant));
                }
            }
        }
    }
    names.push(None);
    names
}

/// The presentation's rejection of `value`, when the contract accepts it (under `declared`,
/// its closure does) and the presentation rejects it.
pub(crate) fn confirm(
    value: &Value,
    sub: &Judge<'_, '_>,
    sup: &Judge<'_, '_>,
    semantics: Semantics,
) -> Option<Rejection> {
    let accepted = sub.judge_root(semantics, value);
    if accepted != Judgement::Valid {
        return None;
    }
    match sup.judge(&sup.space.root, value) {
        Judgement::Invalid(rejection) => Some(rejection),
        _ => None,
    }
}

/// `base` with `edit` made at `path`, when the path leads somewhere in it; a new key is named
/// `name`, or `stitch_extraN` without one.
fn apply(base: &Value, path: &[Segment], edit: &Edit, name: Option<&str>) -> Option<Value> {
    let Some((last, parents)) = path.split_last() else {
        return match edit {
            Edit::Set(v) => Some(v.clone()),
            _ => None,
        };
    };
    let mut out = base.clone();
    let mut here = &mut out;
    for step in parents {
        here = match (step, here) {
            (Segment::Key(k), Value::Object(map)) => map.get_mut(k)?,
            (Segment::Index(i), Value::Array(items)) => items.get_mut(*i)?,
            _ => return None,
        };
    }
    match (last, here, edit) {
        (Segment::Key(k), Value::Object(map), Edit::Set(v)) => {
            map.insert(k.clone(), v.clone());
        }
        (Segment::Key(k), Value::Object(map), Edit::Remove) => {
            map.shift_remove(k)?;
        }
        (Segment::NewKey(_), Value::Object(map), Edit::Set(v)) => {
            let name = match name {
                Some(name) if !map.contains_key(name) => name.to_owned(),
                Some(_) => return None,
                None => (0..)
                    .map(|i| format!("stitch_extra{i}"))
                    .find(|n| !map.contains_key(n))?,
            };
            map.insert(name, v.clone());
        }
        (Segment::Index(i), Value::Array(items), Edit::Set(v)) => {
            if *i < items.len() {
                items[*i] = v.clone();
            } else if *i == items.len() {
                items.push(v.clone());
            } else {
                return None;
            }
        }
        _ => return None,
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Map, json};

    #[test]
    fn edits_land_at_their_path() {
        let base = json!({"a": {"b": [1, 2]}, "c": 3});
        let path = [
            Segment::Key("a".into()),
            Segment::Key("b".into()),
            Segment::Index(2),
        ];
        assert_eq!(
            apply(&base, &path, &Edit::Set(json!(9)), None),
            Some(json!({"a": {"b": [1, 2, 9]}, "c": 3}))
        );
        assert_eq!(
            apply(&base, &[Segment::Key("c".into())], &Edit::Remove, None),
            Some(json!({"a": {"b": [1, 2]}}))
        );
        assert_eq!(
            apply(
                &base,
                &[Segment::Key("x".into()), Segment::Key("y".into())],
                &Edit::Remove,
                None
            ),
            None
        );
        assert_eq!(
            apply(
                &json!({}),
                &[Segment::NewKey(None)],
                &Edit::Set(json!(true)),
                None
            ),
            Some(Value::Object(Map::from_iter([(
                "stitch_extra0".to_owned(),
                json!(true)
            )])))
        );
    }
}
