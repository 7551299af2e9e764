//! The prover on in-place applicators of `sup` (V1): `anyOf`/`oneOf` (a `oneOf` branch covers
//! only when the others are shown disjoint), `not` and `if`/`then`/`else` (proven when the same
//! subschema is on both sides, or when `then` and `else` both cover).

use serde_json::Value;

use super::{Edit, Proof, Prover};
use crate::document::Location;
use crate::schema::Semantics;
use crate::schema::types::Types;
use crate::validate::Judgement;
use crate::verify::keys::{self, SubLoc};
use crate::verify::space::Node;
use crate::verify::terms::{self, Parts, Term};

impl<'a> Prover<'a, '_> {
    pub(super) fn union(
        &mut self,
        term: &Term,
        parts: &Parts,
        node: &Node<'a, '_>,
        keyword: &str,
        count: usize,
        depth: usize,
    ) -> Proof {
        let branches: Vec<Location> = (0..count).map(|i| node.child_index(keyword, i)).collect();
        let mut first_doubt = None;
        for (i, branch) in branches.iter().enumerate() {
            let outcome = self.term(term, parts, branch, depth + 1);
            if outcome.is_proven() {
                if keyword == "anyOf" {
                    return outcome;
                }
                let others: Vec<&Location> = branches
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, b)| b)
                    .collect();
                if others.iter().all(|b| self.disjoint(term, parts, b)) {
                    return Proof::Proven;
                }
                first_doubt.get_or_insert_with(|| {
                    self.doubt(
                        term,
                        &node.at,
                        keyword,
                        format!("branch {} accepts the contract here, but it could not be shown that no other `oneOf` branch does", i + 1),
                        vec![Edit::Sample],
                    )
                });
            } else {
                first_doubt.get_or_insert(outcome);
            }
        }
        // A case split by type: each type of the term in some branch.
        let types = terms::space_types(self.sub_space(), term);
        if types.each().count() > 1 {
            let split_ok = types.each().all(|t| {
                let part = Term {
                    mask: term.mask.and(t),
                    ..term.clone()
                };
                self.union(&part, parts, node, keyword, count, depth)
                    .is_proven()
            });
            if split_ok {
                return Proof::Proven;
            }
        }
        first_doubt.unwrap_or(Proof::Proven)
    }

    /// True when no value of `term` is accepted by the `sup` schema at `branch`: by types, or
    /// by a required key whose few values the branch rejects.
    pub(super) fn disjoint(&mut self, term: &Term, parts: &Parts, branch: &Location) -> bool {
        let types = terms::space_types(self.sub_space(), term);
        let Ok(branch_terms) = self.terms(false, std::slice::from_ref(branch)) else {
            return false;
        };
        let required = keys::required(self.sub_space(), term);
        let mut key_values: Vec<(String, Vec<Value>)> = Vec::new();
        for key in &required {
            if let Some(sub) = keys::at_key(self.sub_space(), term, parts, self.semantics, key)
                && let Some(values) = self.finite_at(&sub)
            {
                key_values.push((key.clone(), values));
            }
        }
        branch_terms.iter().all(|b| {
            let b_types = terms::space_types(self.sup_space(), b);
            if !b_types.intersects(types) {
                return true;
            }
            key_values.iter().any(|(key, values)| {
                b.nodes.iter().any(|at| {
                    let Some(node) = self.sup_space().node(at) else {
                        return false;
                    };
                    if !node.properties().is_some_and(|p| p.contains_key(key)) {
                        return false;
                    }
                    let place = node.child_key("properties", key);
                    values
                        .iter()
                        .all(|v| matches!(self.sup.judge(&place, v), Judgement::Invalid(_)))
                })
            })
        })
    }

    /// True when no value of `term` satisfies the `sub` branch at `branch`: a key the term
    /// requires has values (few, from the term's own schemas) that the branch's schema for the
    /// key rejects, every one.
    pub(super) fn excluded(&self, term: &Term, branch: &Location) -> bool {
        let space = self.sub_space();
        let Ok(branch_terms) = terms::expand(space, std::slice::from_ref(branch), None) else {
            return false;
        };
        let own = Parts::default();
        let required = keys::required(space, term);
        let mut key_values: Vec<(String, Vec<Value>)> = Vec::new();
        for key in required {
            let Some(at_key) = keys::at_key(space, term, &own, Semantics::Strict, &key) else {
                continue;
            };
            let Some(conj) = at_key.first() else { continue };
            let Ok(value_terms) = terms::expand(space, conj, None) else {
                continue;
            };
            let values: Option<Vec<Value>> = value_terms
                .iter()
                .map(|t| terms::enumeration(space, t))
                .collect::<Option<Vec<_>>>()
                .map(|all| all.iter().flat_map(|v| v.iter().cloned()).collect());
            if let Some(values) = values.filter(|v| !v.is_empty()) {
                key_values.push((key, values));
            }
        }
        !branch_terms.is_empty()
            && branch_terms.iter().all(|b| {
                key_values.iter().any(|(key, values)| {
                    b.nodes.iter().any(|at| {
                        let Some(node) = space.node(at) else {
                            return false;
                        };
                        node.properties().is_some_and(|p| p.contains_key(key)) && {
                            let place = node.child_key("properties", key);
                            values
                                .iter()
                                .all(|v| matches!(self.sub.judge(&place, v), Judgement::Invalid(_)))
                        }
                    })
                })
            })
    }

    /// The values `sub` allows at a place, when they are few.
    pub(super) fn finite_at(&mut self, sub: &SubLoc) -> Option<Vec<Value>> {
        let mut out = Vec::new();
        for alternative in sub {
            let terms = self.terms(true, alternative).ok()?;
            for term in terms.iter() {
                let types = terms::space_types(self.sub_space(), term);
                out.extend(self.finite(term, types)?.iter().cloned());
            }
        }
        (!out.is_empty() && out.len() <= 256).then_some(out)
    }

    pub(super) fn not(&mut self, term: &Term, types: Types, node: &Node<'a, '_>) -> Proof {
        let negated = node.child("not");
        for at in term.nodes.clone() {
            if let Some(sub_node) = self.sub_space().node(&at)
                && sub_node.get("not").is_some()
                && self.same(&sub_node.child("not"), &negated)
            {
                return Proof::Proven;
            }
        }
        // A `not` of types the term never takes rejects none of its values.
        if let Ok(negated_terms) = self.terms(false, std::slice::from_ref(&negated)) {
            let negated_types = negated_terms.iter().fold(Types::NONE, |acc, t| {
                acc.or(terms::space_types(self.sup_space(), t))
            });
            if !negated_types.intersects(types) {
                return Proof::Proven;
            }
        }
        self.doubt(
            term,
            &node.at,
            "not",
            "`not` is proven only when the contract has the same one",
            vec![Edit::Sample],
        )
    }

    pub(super) fn conditional(
        &mut self,
        term: &Term,
        parts: &Parts,
        node: &Node<'a, '_>,
        depth: usize,
    ) -> Proof {
        let identical = term.nodes.clone().iter().any(|at| {
            let Some(sub_node) = self.sub_space().node(at) else {
                return false;
            };
            ["if", "then", "else"]
                .iter()
                .all(|k| match (sub_node.get(k), node.get(k)) {
                    (None, None) => true,
                    (Some(_), Some(_)) => self.same(&sub_node.child(k), &node.child(k)),
                    _ => false,
                })
        });
        if identical {
            return Proof::Proven;
        }
        // The same `if` on both sides: a term that took the contract's `then` side (its `if`
        // node is in the term) meets the presentation's `if` too, so only `then` applies; one
        // that took the `else` side needs only `else` (its values that do meet `if` are in the
        // `then` side's term as well, being the contract's values). Flattening below the root
        // (F2) changes `then`/`else` and keeps `if`.
        if node.get("if").is_some() {
            for at in term.nodes.clone() {
                let Some(sub_node) = self.sub_space().node(&at) else {
                    continue;
                };
                if sub_node.get("if").is_none()
                    || !self.same(&sub_node.child("if"), &node.child("if"))
                {
                    continue;
                }
                let side = if term.nodes.contains(&sub_node.child("if")) {
                    "then"
                } else if sub_node.get("else").is_some()
                    && term.nodes.contains(&sub_node.child("else"))
                {
                    "else"
                } else {
                    continue;
                };
                if node.get(side).is_none() {
                    return Proof::Proven;
                }
                return self.term(term, parts, &node.child(side), depth + 1);
            }
        }
        // Whatever `if` says, the value meets `then` or `else`: both covering the term is enough.
        for keyword in ["then", "else"] {
            if node.get(keyword).is_some() {
                let outcome = self.term(term, parts, &node.child(keyword), depth + 1);
                if !outcome.is_proven() {
                    return self.doubt(
                        term,
                        &node.at,
                        keyword,
                        "`if`/`then`/`else` is proven only when the contract has the same one, or when the contract meets `then` and `else` alike",
                        vec![Edit::Sample],
                    );
                }
            }
        }
        Proof::Proven
    }
}
