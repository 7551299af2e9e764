//! Schema identity across two documents (V1: `not`, `if`, `pattern` and the like are proven
//! only against *the same* subschema): the same asserting keywords with the same values,
//! recursively, after resolving every reference in its own document; annotations aside.

use foldhash::HashSet;
use serde_json::Value;

use super::Prover;
use crate::document::Location;
use crate::schema::Draft;
use crate::schema::keywords::{self, Shape};
use crate::verify::space::{Node, Space};

impl<'a> Prover<'a, '_> {
    /// True when the schema at `a` (in `sub`'s space) and at `b` (in `sup`'s) are the same
    /// schema after resolving every reference in its own document: the same asserting
    /// keywords with the same values, recursively; annotations aside.
    pub(super) fn same(&mut self, a: &Location, b: &Location) -> bool {
        let key = (a.clone(), b.clone());
        if let Some(&known) = self.same_memo.get(&key) {
            return known;
        }
        let mut assumed = HashSet::default();
        let mut budget = 50_000usize;
        let same = same_walk(
            self.sub_space(),
            self.sup_space(),
            a,
            b,
            &mut assumed,
            &mut budget,
        );
        if same {
            for pair in assumed {
                self.same_memo.insert(pair, true);
            }
        } else {
            self.same_memo.insert(key, false);
        }
        same
    }
}

/// The keywords of a node that assert, sorted.
fn asserting<'a>(n: &Node<'a, '_>, draft: Draft) -> Vec<&'a String> {
    let mut keys: Vec<&'a String> = n
        .map
        .keys()
        .filter(|k| n.get(k).is_some() && keywords::asserts(k, draft))
        .collect();
    keys.sort();
    keys
}

fn same_walk(
    left: &Space<'_>,
    right: &Space<'_>,
    a: &Location,
    b: &Location,
    assumed: &mut HashSet<(Location, Location)>,
    budget: &mut usize,
) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    if !assumed.insert((a.clone(), b.clone())) {
        return true;
    }
    let draft = left.draft(a);
    if draft != right.draft(b) {
        return false;
    }
    match (left.value(a), right.value(b)) {
        (Some(Value::Bool(x)), Some(Value::Bool(y))) => return x == y,
        (Some(Value::Object(_)), Some(Value::Object(_))) => {}
        _ => return false,
    }
    let (Some(na), Some(nb)) = (left.node(a), right.node(b)) else {
        return false;
    };
    let (ka, kb) = (asserting(&na, draft), asserting(&nb, draft));
    if ka != kb {
        return false;
    }
    for keyword in ka {
        let k = keyword.as_str();
        let (va, vb) = (&na.map[k], &nb.map[k]);
        let ok = match k {
            "$ref" => match (na.ref_target(), nb.ref_target()) {
                (Some(x), Some(y)) => same_walk(left, right, x, y, assumed, budget),
                (None, None) => va == vb,
                _ => false,
            },
            "$dynamicRef" | "$recursiveRef" => false,
            "required" => {
                let set = |v: &Value| -> Vec<String> {
                    let mut names: Vec<String> = v
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect();
                    names.sort();
                    names.dedup();
                    names
                };
                set(va) == set(vb)
            }
            _ => match (draft.shape(k), va, vb) {
                (Some(Shape::Map | Shape::MapOrNames), Value::Object(ma), Value::Object(mb)) => {
                    let mut names_a: Vec<&String> = ma.keys().collect();
                    let mut names_b: Vec<&String> = mb.keys().collect();
                    names_a.sort();
                    names_b.sort();
                    names_a == names_b
                        && ma.iter().all(|(name, x)| {
                            if x.is_array() {
                                Some(x) == mb.get(name)
                            } else {
                                same_walk(
                                    left,
                                    right,
                                    &na.child_key(k, name),
                                    &nb.child_key(k, name),
                                    assumed,
                                    budget,
                                )
                            }
                        })
                }
                (Some(Shape::Many | Shape::OneOrMany), Value::Array(xa), Value::Array(xb)) => {
                    xa.len() == xb.len()
                        && (0..xa.len()).all(|i| {
                            same_walk(
                                left,
                                right,
                                &na.child_index(k, i),
                                &nb.child_index(k, i),
                                assumed,
                                budget,
                            )
                        })
                }
                (Some(Shape::One | Shape::OneOrMany), _, _) => {
                    (va.is_object() || va.is_boolean())
                        && (vb.is_object() || vb.is_boolean())
                        && same_walk(left, right, &na.child(k), &nb.child(k), assumed, budget)
                }
                _ => va == vb,
            },
        };
        if !ok {
            return false;
        }
    }
    true
}
