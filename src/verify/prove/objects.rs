//! The prover on objects (V1): the keys a value of `sub` may carry (named, required, declared
//! by the closure under `declared` semantics, or let in without a name) against `sup`'s
//! `properties`, `patternProperties` and `additionalProperties`, then `required`,
//! `propertyNames`, the property counts and the dependencies.

use std::rc::Rc;

use indexmap::IndexSet;

use serde_json::{Value, json};

use super::{Dependents, Doubt, Edit, Proof, Prover, Segment, trivially_true};
use crate::document::Location;
use crate::schema::Semantics;
use crate::schema::keywords::Kind;
use crate::schema::types::Types;
use crate::validate::{Judgement, pattern_matches};
use crate::verify::keys::{self, SubLoc};
use crate::verify::space::{Node, counts};
use crate::verify::terms::{Parts, Term};

/// The keys a value of one `sub` term may carry.
struct SubKeys {
    /// Keys the term requires.
    required: IndexSet<String>,
    /// Keys it may carry by name, with what it allows there.
    allowed: Vec<(String, SubLoc)>,
    /// What it allows for keys no schema names, as alternatives (with the pattern such a key
    /// must match, when one must).
    others: Vec<keys::OtherKeys>,
}

/// What `sup` says about keys it does not name.
struct SupKeys {
    /// `patternProperties`, with their places.
    patterns: Vec<(String, Location)>,
    /// `additionalProperties`, when written.
    additional: Option<Location>,
}

impl<'a> Prover<'a, '_> {
    pub(super) fn objects(
        &mut self,
        term: &Term,
        types: Types,
        parts: &Parts,
        node: &Node<'a, '_>,
        depth: usize,
    ) -> Proof {
        if !types.intersects(Types::OBJECT) || !node.constrains(Kind::Object) {
            return Proof::Proven;
        }
        let sup = SupKeys {
            patterns: node
                .pattern_properties()
                .map(|p| {
                    p.keys()
                        .map(|k| (k.clone(), node.child_key("patternProperties", k)))
                        .collect()
                })
                .unwrap_or_default(),
            additional: node
                .get("additionalProperties")
                .map(|_| node.child("additionalProperties")),
        };
        let keys = match self.named_keys(term, parts, node, &sup) {
            Ok(keys) => keys,
            Err(doubt) => return doubt,
        };
        require!(self.unnamed_keys(&keys, &sup));
        require!(self.required_keys(term, node, &keys));
        require!(self.property_names(term, node, &keys));
        require!(self.property_counts(term, node, &keys));
        require!(self.dependencies(term, parts, node, &keys, depth));
        if let Some(unevaluated) = node.get("unevaluatedProperties")
            && !trivially_true(unevaluated)
            && !evaluates_every_key(node)
        {
            return self.doubt(term, &node.at, "unevaluatedProperties", "`unevaluatedProperties` is not modelled (it is proven only where an `additionalProperties` applied in place evaluates every key)", Vec::new());
        }
        Proof::Proven
    }

    /// Every key a value of the term may carry by name, against `sup`'s `properties`, matching
    /// `patternProperties` and else `additionalProperties`; the keys, or the first doubt.
    fn named_keys(
        &mut self,
        term: &Term,
        parts: &Parts,
        node: &Node<'a, '_>,
        sup: &SupKeys,
    ) -> Result<SubKeys, Proof> {
        let (sub, semantics) = (self.sub_space(), self.semantics);
        let sup_properties = node.properties();
        let required = keys::required(sub, term);
        let mut names = keys::named(sub, term);
        names.extend(required.iter().cloned());
        if semantics == Semantics::Declared {
            names.extend(parts.declared.keys().cloned());
        }
        names.extend(sup_properties.into_iter().flat_map(|p| p.keys()).cloned());
        names.extend(node.required().into_iter().map(str::to_owned));
        names.extend(dependents(node).0.into_iter().map(|(k, _)| k));
        let mut allowed: Vec<(String, SubLoc)> = Vec::new();
        let fail = |proof: Proof| {
            if proof.is_proven() {
                Ok(())
            } else {
                Err(proof)
            }
        };
        for key in &names {
            let Some(at_key) = keys::at_key(sub, term, parts, semantics, key) else {
                continue;
            };
            allowed.push((key.clone(), at_key.clone()));
            let step = Segment::Key(key.clone());
            let in_properties = sup_properties.is_some_and(|p| p.contains_key(key));
            if in_properties {
                let place = node.child_key("properties", key);
                fail(self.at(step.clone(), at_key.clone(), place))?;
            }
            let mut matched = false;
            for (pattern, place) in &sup.patterns {
                match pattern_matches(pattern, key) {
                    Some(false) => {}
                    found => {
                        matched |= found == Some(true);
                        fail(self.at(step.clone(), at_key.clone(), place.clone()))?;
                    }
                }
            }
            if !in_properties
                && !matched
                && let Some(additional) = &sup.additional
            {
                fail(self.at(step, at_key.clone(), additional.clone()))?;
            }
        }
        Ok(SubKeys {
            required,
            allowed,
            others: keys::other_keys(sub, term, parts, semantics),
        })
    }

    /// Keys a value of the term may carry without any schema naming them, against `sup`'s
    /// patterns (unless provably disjoint) and `additionalProperties`.
    fn unnamed_keys(&mut self, keys: &SubKeys, sup: &SupKeys) -> Proof {
        for other in &keys.others {
            let (conj, pattern) = (&other.conj, &other.pattern);
            let step = Segment::NewKey(pattern.clone());
            for (q, place) in &sup.patterns {
                if pattern
                    .as_deref()
                    .is_some_and(|p| keys::disjoint_patterns(p, q))
                {
                    continue;
                }
                // These keys match none of `unlike`: none matches a pattern within one of them.
                if other.unlike.iter().any(|p| keys::pattern_within(q, p)) {
                    continue;
                }
                let outcome = self.at(step.clone(), vec![conj.clone()], place.clone());
                if let Proof::Doubt(inner) = &outcome {
                    return Proof::Doubt(Rc::new(Doubt {
                        keyword: "patternProperties".to_owned(),
                        sup_at: place.clone(),
                        reason: format!(
                            "keys the contract allows without naming them may match the presentation's pattern `{q}`, and their values were not shown to satisfy its schema ({})",
                            inner.reason
                        ),
                        ..(**inner).clone()
                    }));
                }
            }
            let covered = pattern
                .as_ref()
                .is_some_and(|p| sup.patterns.iter().any(|(q, _)| keys::pattern_within(p, q)));
            if let Some(additional) = &sup.additional
                && !covered
            {
                require!(self.at(step.clone(), vec![conj.clone()], additional.clone()));
            }
        }
        Proof::Proven
    }

    /// `sup`'s `required`: every key it requires, the term requires.
    fn required_keys(&mut self, term: &Term, node: &Node<'a, '_>, keys: &SubKeys) -> Proof {
        for name in node.required() {
            if !keys.required.contains(name) {
                let mut path = self.path.clone();
                path.push(Segment::Key(name.to_owned()));
                return self.doubt_at(
                    path,
                    vec![term.nodes.clone()],
                    &node.at,
                    "required",
                    format!("the contract allows objects without `{name}`, which the presentation requires"),
                    vec![Edit::Remove],
                );
            }
        }
        Proof::Proven
    }

    /// `sup`'s `propertyNames`: every key the term may carry by name passes it, and keys it lets
    /// in without a name meet a `propertyNames` of the term's that is proven to.
    fn property_names(&mut self, term: &Term, node: &Node<'a, '_>, keys: &SubKeys) -> Proof {
        if node.get("propertyNames").is_none() {
            return Proof::Proven;
        }
        let place = node.child("propertyNames");
        for (key, at_key) in &keys.allowed {
            if matches!(self.sup.judge(&place, &json!(key)), Judgement::Invalid(_)) {
                let mut path = self.path.clone();
                path.push(Segment::Key(key.clone()));
                return self.doubt_at(
                    path,
                    at_key.clone(),
                    &node.at,
                    "propertyNames",
                    format!("the contract allows the key `{key}`, which `propertyNames` rejects"),
                    vec![Edit::Sample],
                );
            }
        }
        if !keys.others.is_empty() {
            let sub_names: Vec<Location> = term
                .nodes
                .iter()
                .filter_map(|at| self.sub_space().node(at))
                .filter(|n| n.get("propertyNames").is_some())
                .map(|n| n.child("propertyNames"))
                .collect();
            if sub_names.is_empty() || !self.descend(vec![sub_names], place).is_proven() {
                return self.doubt(
                    term,
                    &node.at,
                    "propertyNames",
                    "the contract allows keys that `propertyNames` may reject",
                    vec![Edit::Sample],
                );
            }
        }
        Proof::Proven
    }

    /// `sup`'s `minProperties` and `maxProperties` against the term's counts (its required and
    /// allowed keys bound them too).
    fn property_counts(&mut self, term: &Term, node: &Node<'a, '_>, keys: &SubKeys) -> Proof {
        let sub_nodes: Vec<Node<'a, '_>> = term
            .nodes
            .iter()
            .filter_map(|at| self.sub_space().node(at))
            .collect();
        let (least, most) = counts(&sub_nodes, "minProperties", "maxProperties");
        if let Some(min) = node.count("minProperties") {
            let have = least.max(keys.required.len() as u64);
            if have < min {
                return self.doubt(
                    term,
                    &node.at,
                    "minProperties",
                    format!("the contract allows objects with fewer than {min} keys"),
                    vec![Edit::Sample],
                );
            }
        }
        if let Some(max) = node.count("maxProperties") {
            let mut have = most;
            if keys.others.is_empty() {
                let count = keys.allowed.len() as u64;
                have = Some(have.map_or(count, |h| h.min(count)));
            }
            if have.is_none_or(|h| h > max) {
                return self.doubt(
                    term,
                    &node.at,
                    "maxProperties",
                    format!("the contract allows objects with more than {max} keys"),
                    vec![Edit::Sample],
                );
            }
        }
        Proof::Proven
    }

    /// `sup`'s dependencies: a key the term may carry brings in only keys it requires (or the
    /// same dependency), and a schema the term meets (or the same one).
    fn dependencies(
        &mut self,
        term: &Term,
        parts: &Parts,
        node: &Node<'a, '_>,
        keys: &SubKeys,
        depth: usize,
    ) -> Proof {
        let (sub, semantics) = (self.sub_space(), self.semantics);
        let sub_nodes: Vec<Node<'a, '_>> =
            term.nodes.iter().filter_map(|at| sub.node(at)).collect();
        let (dependent_required, dependent_schemas) = dependents(node);
        for (key, names) in &dependent_required {
            let Some(at_key) = keys::at_key(sub, term, parts, semantics, key) else {
                continue;
            };
            if names.iter().all(|n| keys.required.contains(n))
                || sub_nodes.iter().any(|n| {
                    let (theirs, _) = dependents(n);
                    theirs
                        .iter()
                        .any(|(k, ns)| k == key && names.iter().all(|x| ns.contains(x)))
                })
            {
                continue;
            }
            // The witness: a value of the contract with `key` put in (and nothing more).
            let mut path = self.path.clone();
            path.push(Segment::Key(key.clone()));
            let keyword = match node.get("dependentRequired") {
                Some(Value::Object(m)) if m.contains_key(key) => "dependentRequired",
                _ => "dependencies",
            };
            return self.doubt_at(
                path,
                at_key,
                &node.at,
                keyword,
                format!("the contract allows `{key}` without {}", names.join(", ")),
                vec![Edit::Sample],
            );
        }
        for (key, place) in &dependent_schemas {
            if keys::at_key(sub, term, parts, semantics, key).is_none() {
                continue;
            }
            let identical = sub_nodes.iter().any(|n| {
                let (_, theirs) = dependents(n);
                theirs.iter().any(|(k, p)| k == key && self.same(p, place))
            });
            if identical || self.term(term, parts, place, depth + 1).is_proven() {
                continue;
            }
            return self.doubt(term, &node.at, "dependentSchemas", format!("the schema that `{key}` brings in is proven only when the contract has the same one"), vec![Edit::Sample]);
        }
        Proof::Proven
    }
}

/// True when `additionalProperties` is written on the node or on a schema it applies in place
/// whatever the value (a `$ref` target, an `allOf` conjunct): that schema evaluates every key
/// (or fails), so an `unevaluatedProperties` beside it never applies.
fn evaluates_every_key(node: &Node<'_, '_>) -> bool {
    let mut stack = vec![node.clone()];
    let mut seen = 0;
    while let Some(here) = stack.pop() {
        seen += 1;
        if seen > 64 {
            return false;
        }
        if here.get("additionalProperties").is_some() {
            return true;
        }
        if let Some(target) = here.ref_target()
            && let Some(next) = here.space.node(target)
        {
            stack.push(next);
        }
        if let Some(Value::Array(all)) = here.get("allOf") {
            for i in 0..all.len() {
                if let Some(next) = here.space.node(&here.child_index("allOf", i)) {
                    stack.push(next);
                }
            }
        }
    }
    false
}

/// A node's `dependentRequired` (and array-form `dependencies`) and `dependentSchemas` (and
/// schema-form `dependencies`), as lists.
fn dependents(node: &Node<'_, '_>) -> Dependents {
    let mut required = Vec::new();
    let mut schemas = Vec::new();
    for keyword in ["dependentRequired", "dependentSchemas", "dependencies"] {
        let Some(Value::Object(entries)) = node.get(keyword) else {
            continue;
        };
        for (key, value) in entries {
            match value {
                Value::Array(names) if keyword != "dependentSchemas" => required.push((
                    key.clone(),
                    names
                        .iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect(),
                )),
                Value::Object(_) | Value::Bool(_) if keyword != "dependentRequired" => {
                    schemas.push((key.clone(), node.child_key(keyword, key)));
                }
                _ => {}
            }
        }
    }
    (required, schemas)
}
