//! The structural prover (V1): does every value of `sub` (of close(sub) under `declared`
//! semantics) satisfy `sup`? Sound, recursive, keyword by keyword; every answer short of
//! `Proven` is a [`Doubt`] that names the `sup` keyword that stopped it, where in the value, and
//! candidate values that may refute it (checked later, by `witness`).
//!
//! `sub` is read as terms (`terms`), which over-approximate it; `sup` is never merged: each of
//! its keywords, each `allOf` conjunct, is a goal of its own. Recursion is handled by assuming a
//! goal on re-entry only after descending into a property or item, keyed by the places on both
//! sides; a proof that rests on an assumption is remembered only once that assumption's own goal
//! is proven. A step budget turns a run that is too long into a `Doubt` with the reason "budget".

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use serde_json::{Value, json};

use super::checker::Checker;
use super::keys::{self, SubLoc};
use super::space::{Node, Space, counts};
use super::terms::{self, Parts, Term, TooMany};
use crate::document::Location;
use crate::schema::Draft;
use crate::schema::Semantics;
use crate::schema::bounds::{self, Bound, tightest};
use crate::schema::keywords::{self, Kind, Shape, is_annotation};
use crate::schema::types::Types;
use crate::validate::{Check, pattern_matches};

/// The default step budget of one verification.
pub const DEFAULT_BUDGET: usize = 200_000;

/// How deep in a value the prover goes (nesting is bounded by loading well below this).
const MAX_DEPTH: usize = 256;

/// How many in-place steps (`$ref`, `allOf`, …) one goal may take on the `sup` side.
const MAX_IN_PLACE: usize = 128;

/// One step into a value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Step {
    /// A named key.
    Key(String),
    /// A key no schema names, matching this pattern if given.
    NewKey(Option<String>),
    /// An array index.
    Index(usize),
}

/// A change that may turn a value of `sub` into a counterexample, at the doubt's path.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Edit {
    /// Put this value there.
    Set(Value),
    /// Remove the key.
    Remove,
    /// Put there a value sampled from the doubt's `sub` places.
    Sample,
}

/// Why the prover could not prove a goal.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Doubt {
    /// The `sup` keyword that stopped the proof.
    pub keyword: String,
    /// Its place.
    pub sup_at: Location,
    /// What is wrong, in a sentence.
    pub reason: String,
    /// Where in the value.
    pub path: Vec<Step>,
    /// What `sub` allows there.
    pub sub: SubLoc,
    /// The `sup` schema object there.
    pub sup_node: Location,
    /// Candidate changes.
    pub edits: Vec<Edit>,
}

/// The answer for one goal.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Outcome {
    Proven,
    Doubt(Rc<Doubt>),
}

impl Outcome {
    pub fn is_proven(&self) -> bool {
        matches!(self, Outcome::Proven)
    }
}

/// Returns from the enclosing function unless the outcome is proven.
macro_rules! check {
    ($e:expr) => {{
        let outcome = $e;
        if !outcome.is_proven() {
            return outcome;
        }
    }};
}

/// A place read as terms, once.
type Expanded = Result<Rc<Vec<Term>>, TooMany>;

/// A node's dependencies: keys that require other keys, and keys that bring in a schema.
type Dependents = (Vec<(String, Vec<String>)>, Vec<(String, Location)>);

/// The prover's state for one verification.
pub(crate) struct Prover<'a, 's> {
    sub: &'s Checker<'a, 's>,
    sup: &'s Checker<'a, 's>,
    semantics: Semantics,
    budget: usize,
    steps: usize,
    stack: Vec<(SubLoc, Location)>,
    memo: HashMap<(SubLoc, Location), Outcome>,
    /// The shallowest stack entry assumed since the current goal began.
    low: usize,
    path: Vec<Step>,
    same_memo: HashMap<(Location, Location), bool>,
    terms_memo: HashMap<(bool, Vec<Location>), Expanded>,
}

impl<'a, 's> Prover<'a, 's> {
    pub fn new(
        sub: &'s Checker<'a, 's>,
        sup: &'s Checker<'a, 's>,
        semantics: Semantics,
        budget: usize,
    ) -> Self {
        Prover {
            sub,
            sup,
            semantics,
            budget,
            steps: 0,
            stack: Vec::new(),
            memo: HashMap::new(),
            low: usize::MAX,
            path: Vec::new(),
            same_memo: HashMap::new(),
            terms_memo: HashMap::new(),
        }
    }

    /// Steps taken so far.
    pub fn steps(&self) -> usize {
        self.steps
    }

    fn sub_space(&self) -> &'s Space<'a> {
        self.sub.space
    }

    fn sup_space(&self) -> &'s Space<'a> {
        self.sup.space
    }

    /// Proves `sub`'s root ⊆ `sup`'s root.
    pub fn prove(&mut self) -> Outcome {
        let sub = vec![vec![self.sub_space().root.clone()]];
        let sup = self.sup_space().root.clone();
        self.descend(sub, sup)
    }

    fn doubt(
        &self,
        term: &Term,
        sup_node: &Location,
        keyword: &str,
        reason: impl Into<String>,
        edits: Vec<Edit>,
    ) -> Outcome {
        self.doubt_at(
            self.path.clone(),
            vec![term.nodes.clone()],
            sup_node,
            keyword,
            reason,
            edits,
        )
    }

    fn doubt_at(
        &self,
        path: Vec<Step>,
        sub: SubLoc,
        sup_node: &Location,
        keyword: &str,
        reason: impl Into<String>,
        edits: Vec<Edit>,
    ) -> Outcome {
        let sup_at = Location {
            doc: sup_node.doc,
            pointer: if keyword.is_empty() {
                sup_node.pointer.clone()
            } else {
                crate::schema::pointer::push(&sup_node.pointer, keyword)
            },
        };
        Outcome::Doubt(Rc::new(Doubt {
            keyword: keyword.to_owned(),
            sup_at,
            reason: reason.into(),
            path,
            sub,
            sup_node: sup_node.clone(),
            edits,
        }))
    }

    fn over_budget(&mut self, sup: &Location) -> Option<Outcome> {
        self.steps += 1;
        (self.steps > self.budget).then(|| {
            self.doubt_at(
                self.path.clone(),
                Vec::new(),
                sup,
                "",
                "budget: the proof took more steps than allowed",
                Vec::new(),
            )
        })
    }

    fn terms(&mut self, sub_side: bool, conj: &[Location]) -> Expanded {
        let key = (sub_side, conj.to_vec());
        if let Some(found) = self.terms_memo.get(&key) {
            return found.clone();
        }
        let space = if sub_side {
            self.sub_space()
        } else {
            self.sup_space()
        };
        let result = terms::expand(space, conj, None).map(Rc::new);
        self.terms_memo.insert(key, result.clone());
        result
    }

    /// A goal at a new place of the value (the root, a property, an item): where recursion is
    /// assumed on re-entry.
    fn descend(&mut self, sub: SubLoc, sup: Location) -> Outcome {
        if let Some(stop) = self.over_budget(&sup) {
            return stop;
        }
        let key = (sub, sup);
        if let Some(found) = self.memo.get(&key) {
            return found.clone();
        }
        if let Some(depth) = self.stack.iter().position(|k| *k == key) {
            self.low = self.low.min(depth);
            return Outcome::Proven;
        }
        if self.stack.len() >= MAX_DEPTH {
            return self.doubt_at(
                self.path.clone(),
                key.0.clone(),
                &key.1,
                "",
                "the value nests deeper than the prover follows",
                Vec::new(),
            );
        }
        let depth = self.stack.len();
        self.stack.push(key.clone());
        let saved = std::mem::replace(&mut self.low, usize::MAX);
        let outcome = self.place(&key.0, &key.1);
        let low = self.low;
        self.stack.pop();
        if !(outcome.is_proven() && low < depth) {
            self.memo.insert(key, outcome.clone());
        }
        self.low = saved.min(if low >= depth { usize::MAX } else { low });
        outcome
    }

    fn place(&mut self, sub: &SubLoc, sup: &Location) -> Outcome {
        for alternative in sub {
            if alternative.iter().any(|n| self.same(n, sup)) {
                continue;
            }
            let terms = match self.terms(true, alternative) {
                Ok(terms) => terms,
                Err(TooMany) => {
                    return self.doubt_at(
                        self.path.clone(),
                        vec![alternative.clone()],
                        sup,
                        "",
                        format!(
                            "budget: the contract's unions here expand to more than {} cases",
                            terms::MAX_TERMS
                        ),
                        Vec::new(),
                    );
                }
            };
            for term in terms.iter() {
                let parts = if self.semantics == Semantics::Declared {
                    let mut excluded = |branch: &Location| self.excluded(term, branch);
                    Parts::of(self.sub_space(), alternative, Some(term), &mut excluded)
                } else {
                    Parts::default()
                };
                check!(self.term(term, &parts, sup, 0));
            }
        }
        Outcome::Proven
    }

    /// One term of `sub` against the schema at `sup`.
    fn term(&mut self, term: &Term, parts: &Parts, sup: &Location, depth: usize) -> Outcome {
        if let Some(stop) = self.over_budget(sup) {
            return stop;
        }
        if depth > MAX_IN_PLACE {
            return self.doubt(
                term,
                sup,
                "",
                "a cycle through in-place applicators",
                Vec::new(),
            );
        }
        let types = terms::space_types(self.sub_space(), term);
        if types.is_empty() {
            return Outcome::Proven;
        }
        // A value of the contract satisfies each node of the term its evaluation takes whole.
        if term.nodes.clone().iter().any(|n| self.same(n, sup)) {
            return Outcome::Proven;
        }
        let node = match self.sup_space().value(sup) {
            Some(Value::Bool(true)) => return Outcome::Proven,
            Some(Value::Bool(false)) => {
                return self.doubt(
                    term,
                    sup,
                    "",
                    "the presentation accepts no value here",
                    vec![Edit::Sample],
                );
            }
            Some(Value::Object(_)) => match self.sup_space().node(sup) {
                Some(node) => node,
                None => return Outcome::Proven,
            },
            _ => {
                return self.doubt(term, sup, "", "this place is not a schema", Vec::new());
            }
        };
        if let Some(values) = self.finite(term, types) {
            return self.by_values(term, &values, &node);
        }
        if node.get("$ref").is_some() {
            match node.ref_target() {
                Some(target) => check!(self.term(term, parts, &target.clone(), depth + 1)),
                None => {
                    return self.doubt(
                        term,
                        sup,
                        "$ref",
                        "a reference to a meta-schema is not modelled",
                        Vec::new(),
                    );
                }
            }
            if node.ref_only() {
                return Outcome::Proven;
            }
        }
        for keyword in ["$dynamicRef", "$recursiveRef"] {
            if node.get(keyword).is_some() {
                return self.doubt(
                    term,
                    sup,
                    keyword,
                    format!("`{keyword}` is not modelled"),
                    Vec::new(),
                );
            }
        }
        if let Some(Value::Array(all)) = node.get("allOf") {
            for i in 0..all.len() {
                check!(self.term(term, parts, &node.child_index("allOf", i), depth + 1));
            }
        }
        for keyword in ["anyOf", "oneOf"] {
            if let Some(Value::Array(branches)) = node.get(keyword) {
                check!(self.union(term, parts, &node, keyword, branches.len(), depth));
            }
        }
        if node.get("not").is_some() {
            check!(self.not(term, types, &node));
        }
        if node.get("if").is_some() {
            check!(self.conditional(term, parts, &node, depth));
        }
        check!(self.types(term, types, &node));
        for keyword in ["const", "enum"] {
            if node.get(keyword).is_some() {
                return self.doubt(
                    term,
                    sup,
                    keyword,
                    format!("the contract is not limited to the values the presentation's `{keyword}` lists"),
                    vec![Edit::Sample],
                );
            }
        }
        check!(self.numbers(term, types, &node));
        check!(self.strings(term, types, &node));
        check!(self.arrays(term, types, &node));
        self.objects(term, types, parts, &node, depth)
    }

    /// The values a term may take, when they are few: its smallest `const`/`enum`, or its
    /// types when they are only `null` and booleans.
    fn finite(&self, term: &Term, types: Types) -> Option<Vec<Value>> {
        if let Some(values) = terms::enumeration(self.sub_space(), term) {
            return Some(values);
        }
        if Types(Types::NULL.0 | Types::BOOLEAN.0).contains(types) {
            let mut out = Vec::new();
            if types.intersects(Types::NULL) {
                out.push(Value::Null);
            }
            if types.intersects(Types::BOOLEAN) {
                out.extend([Value::Bool(false), Value::Bool(true)]);
            }
            return Some(out);
        }
        None
    }

    /// A finite term decided value by value, by the validators.
    fn by_values(&mut self, term: &Term, values: &[Value], node: &Node<'a, '_>) -> Outcome {
        for value in values {
            if !term.nodes.iter().all(|n| self.sub.admits(n, value)) {
                continue;
            }
            match self.sup.check(&node.at, value) {
                Check::Valid => {}
                Check::Invalid(rejection) => {
                    let keyword = rejection
                        .schema_path
                        .rsplit('/')
                        .next()
                        .unwrap_or_default()
                        .to_owned();
                    return self.doubt(
                        term,
                        &node.at,
                        "",
                        format!("the presentation rejects {value}, which the contract accepts here (`{keyword}`)"),
                        vec![Edit::Set(value.clone())],
                    );
                }
                Check::Undecided => {
                    return self.doubt(
                        term,
                        &node.at,
                        "",
                        format!("the validator could not decide {value} here (a regular expression gave up)"),
                        Vec::new(),
                    );
                }
            }
        }
        Outcome::Proven
    }

    fn union(
        &mut self,
        term: &Term,
        parts: &Parts,
        node: &Node<'a, '_>,
        keyword: &str,
        count: usize,
        depth: usize,
    ) -> Outcome {
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
                    return Outcome::Proven;
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
                return Outcome::Proven;
            }
        }
        first_doubt.unwrap_or(Outcome::Proven)
    }

    /// True when no value of `term` is accepted by the `sup` schema at `branch`: by types, or
    /// by a required key whose few values the branch rejects.
    fn disjoint(&mut self, term: &Term, parts: &Parts, branch: &Location) -> bool {
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
                        .all(|v| matches!(self.sup.check(&place, v), Check::Invalid(_)))
                })
            })
        })
    }

    /// True when no value of `term` satisfies the `sub` branch at `branch`: a key the term
    /// requires has values (few, from the term's own schemas) that the branch's schema for the
    /// key rejects, every one.
    fn excluded(&self, term: &Term, branch: &Location) -> bool {
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
                .map(|all| all.concat());
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
                                .all(|v| matches!(self.sub.check(&place, v), Check::Invalid(_)))
                        }
                    })
                })
            })
    }

    /// The values `sub` allows at a place, when they are few.
    fn finite_at(&mut self, sub: &SubLoc) -> Option<Vec<Value>> {
        let mut out = Vec::new();
        for alternative in sub {
            let terms = self.terms(true, alternative).ok()?;
            for term in terms.iter() {
                let types = terms::space_types(self.sub_space(), term);
                out.extend(self.finite(term, types)?);
            }
        }
        (!out.is_empty() && out.len() <= 256).then_some(out)
    }

    fn not(&mut self, term: &Term, types: Types, node: &Node<'a, '_>) -> Outcome {
        let negated = node.child("not");
        for at in term.nodes.clone() {
            if let Some(sub_node) = self.sub_space().node(&at)
                && sub_node.get("not").is_some()
                && self.same(&sub_node.child("not"), &negated)
            {
                return Outcome::Proven;
            }
        }
        // A `not` of types the term never takes rejects none of its values.
        if let Ok(negated_terms) = self.terms(false, std::slice::from_ref(&negated)) {
            let negated_types = negated_terms.iter().fold(Types::NONE, |acc, t| {
                acc.or(terms::space_types(self.sup_space(), t))
            });
            if !negated_types.intersects(types) {
                return Outcome::Proven;
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

    fn conditional(
        &mut self,
        term: &Term,
        parts: &Parts,
        node: &Node<'a, '_>,
        depth: usize,
    ) -> Outcome {
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
            return Outcome::Proven;
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
                    return Outcome::Proven;
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
        Outcome::Proven
    }

    fn types(&mut self, term: &Term, types: Types, node: &Node<'a, '_>) -> Outcome {
        let allowed = match node.get("type") {
            Some(Value::String(t)) => Types::of_name(t).unwrap_or(Types::NONE),
            Some(Value::Array(ts)) => ts
                .iter()
                .filter_map(Value::as_str)
                .fold(Types::NONE, |acc, t| {
                    acc.or(Types::of_name(t).unwrap_or(Types::NONE))
                }),
            _ => return Outcome::Proven,
        };
        let missing = types.minus(allowed);
        if missing.is_empty() {
            return Outcome::Proven;
        }
        let names: Vec<&str> = missing.each().map(Types::name).collect();
        let mut edits = Vec::new();
        for t in missing.each() {
            edits.extend(
                match t {
                    Types::NULL => vec![Value::Null],
                    Types::BOOLEAN => vec![json!(false), json!(true)],
                    Types::INTEGER => vec![json!(0), json!(1)],
                    Types::FRACTION => vec![json!(0.5)],
                    Types::STRING => vec![json!(""), json!("a")],
                    Types::ARRAY => vec![json!([])],
                    _ => vec![json!({})],
                }
                .into_iter()
                .map(Edit::Set),
            );
        }
        edits.push(Edit::Sample);
        self.doubt(
            term,
            &node.at,
            "type",
            format!(
                "the contract allows {} values here, which the presentation's `type` does not",
                names.join(" and ")
            ),
            edits,
        )
    }

    fn numbers(&mut self, term: &Term, types: Types, node: &Node<'a, '_>) -> Outcome {
        if !types.intersects(Types::NUMBER) {
            return Outcome::Proven;
        }
        let integer_only = !types.intersects(Types::FRACTION);
        let sub_nodes: Vec<Node<'a, '_>> = term
            .nodes
            .iter()
            .filter_map(|at| self.sub_space().node(at))
            .collect();
        for lower in [true, false] {
            let Some(want) = node.bound(lower) else {
                continue;
            };
            let have = tightest(sub_nodes.iter().filter_map(|n| n.bound(lower)), lower);
            if covers(have.clone(), &want, lower, integer_only) {
                continue;
            }
            let keyword = bound_keyword(node, lower, &want);
            let step = if lower { -1.0 } else { 1.0 };
            let mut candidates = vec![want.f64() + step, want.f64() + step / 2.0, want.f64()];
            if let Some(h) = &have {
                candidates.push(h.f64());
            }
            if integer_only {
                candidates.retain(|c| c.fract() == 0.0);
            }
            let edits = candidates
                .into_iter()
                .filter_map(number)
                .map(Edit::Set)
                .collect();
            return self.doubt(
                term,
                &node.at,
                keyword,
                format!(
                    "the contract allows numbers {} `{keyword}` {}",
                    if lower { "below" } else { "above" },
                    want.f64()
                ),
                edits,
            );
        }
        if let Some(divisor) = node.get("multipleOf").and_then(Value::as_f64) {
            let integral = |x: f64| x.fract() == 0.0 && x.abs() < 9.0e15;
            let divides = sub_nodes.iter().any(|n| {
                n.get("multipleOf")
                    .and_then(Value::as_f64)
                    .is_some_and(|k| {
                        integral(k)
                            && integral(divisor)
                            && divisor != 0.0
                            && (k as i64) % (divisor as i64) == 0
                    })
            });
            if !(divides || (divisor == 1.0 && integer_only)) {
                if !integral(divisor) {
                    return self.doubt(
                        term,
                        &node.at,
                        "multipleOf",
                        "`multipleOf` with a fractional divisor is not proven (validators differ on float tolerance)",
                        vec![Edit::Sample],
                    );
                }
                let start = tightest(sub_nodes.iter().filter_map(|n| n.bound(true)), true)
                    .map_or(1.0, |b| b.f64().ceil());
                let edits = (0..4)
                    .map(|i| start + f64::from(i))
                    .filter(|c| c % divisor != 0.0)
                    .filter_map(number)
                    .map(Edit::Set)
                    .collect();
                return self.doubt(
                    term,
                    &node.at,
                    "multipleOf",
                    format!("the contract allows numbers that are not multiples of {divisor}"),
                    edits,
                );
            }
        }
        Outcome::Proven
    }

    fn strings(&mut self, term: &Term, types: Types, node: &Node<'a, '_>) -> Outcome {
        if !types.intersects(Types::STRING) {
            return Outcome::Proven;
        }
        let sub_nodes: Vec<Node<'a, '_>> = term
            .nodes
            .iter()
            .filter_map(|at| self.sub_space().node(at))
            .collect();
        let (have_min, have_max) = counts(&sub_nodes, "minLength", "maxLength");
        if let Some(min) = node.count("minLength")
            && have_min < min
        {
            let edits = [have_min, min.saturating_sub(1)]
                .into_iter()
                .map(|n| Edit::Set(json!("a".repeat(n.min(4096) as usize))))
                .chain([Edit::Sample])
                .collect();
            return self.doubt(
                term,
                &node.at,
                "minLength",
                format!("the contract allows strings shorter than {min}"),
                edits,
            );
        }
        if let Some(max) = node.count("maxLength")
            && have_max.is_none_or(|h| h > max)
        {
            let edits = vec![
                Edit::Set(json!("a".repeat((max + 1).min(1 << 16) as usize))),
                Edit::Sample,
            ];
            return self.doubt(
                term,
                &node.at,
                "maxLength",
                format!("the contract allows strings longer than {max}"),
                edits,
            );
        }
        if let Some(pattern) = node.get("pattern")
            && !sub_nodes.iter().any(|n| n.get("pattern") == Some(pattern))
        {
            return self.doubt(
                term,
                &node.at,
                "pattern",
                "`pattern` is proven only when the contract has the same one",
                vec![Edit::Sample],
            );
        }
        if node.draft <= Draft::Draft7 {
            for keyword in ["contentMediaType", "contentEncoding"] {
                if let Some(value) = node.get(keyword)
                    && !sub_nodes.iter().any(|n| n.get(keyword) == Some(value))
                {
                    return self.doubt(
                        term,
                        &node.at,
                        keyword,
                        format!("`{keyword}` is proven only when the contract has the same one"),
                        vec![Edit::Sample],
                    );
                }
            }
        }
        Outcome::Proven
    }

    fn at(&mut self, step: Step, sub: SubLoc, sup: Location) -> Outcome {
        self.path.push(step);
        let outcome = self.descend(sub, sup);
        self.path.pop();
        outcome
    }

    fn arrays(&mut self, term: &Term, types: Types, node: &Node<'a, '_>) -> Outcome {
        if !types.intersects(Types::ARRAY) || !node.constrains(Kind::Array) {
            return Outcome::Proven;
        }
        let sub_nodes: Vec<Node<'a, '_>> = term
            .nodes
            .iter()
            .filter_map(|at| self.sub_space().node(at))
            .collect();
        let (have_min, have_max) = keys::item_count(self.sub_space(), term);
        let sub_prefix = sub_nodes
            .iter()
            .map(|n| n.prefix().0.len())
            .max()
            .unwrap_or(0);
        let (sup_prefix, prefix_keyword) = node.prefix();
        let sup_tail = node.tail().map(|(_, k)| node.child(k));
        let positions = sub_prefix.max(sup_prefix.len());
        let mut longer = true;
        for index in 0..positions {
            if have_max.is_some_and(|m| index as u64 >= m) {
                longer = false;
                break;
            }
            let Some(sub_item) = keys::at_index(self.sub_space(), term, index) else {
                longer = false;
                break;
            };
            let sup_item = if index < sup_prefix.len() {
                Some(node.child_index(prefix_keyword, index))
            } else {
                sup_tail.clone()
            };
            if let Some(sup_item) = sup_item {
                check!(self.at(Step::Index(index), vec![sub_item], sup_item));
            }
        }
        if longer
            && have_max.is_none_or(|m| m > positions as u64)
            && let Some(sup_tail) = &sup_tail
            && let Some(sub_tail) = keys::at_index(self.sub_space(), term, positions)
        {
            check!(self.at(Step::Index(positions), vec![sub_tail], sup_tail.clone()));
        }
        if let Some(min) = node.count("minItems")
            && have_min < min
        {
            return self.doubt(
                term,
                &node.at,
                "minItems",
                format!("the contract allows arrays shorter than {min}"),
                vec![Edit::Sample],
            );
        }
        if let Some(max) = node.count("maxItems")
            && have_max.is_none_or(|h| h > max)
        {
            return self.doubt(
                term,
                &node.at,
                "maxItems",
                format!("the contract allows arrays longer than {max}"),
                vec![Edit::Sample],
            );
        }
        if node.get("uniqueItems") == Some(&Value::Bool(true))
            && !sub_nodes
                .iter()
                .any(|n| n.get("uniqueItems") == Some(&Value::Bool(true)))
            && have_max.is_none_or(|m| m > 1)
        {
            return self.doubt(
                term,
                &node.at,
                "uniqueItems",
                "the contract allows arrays with repeated items",
                vec![Edit::Sample],
            );
        }
        if node.get("contains").is_some() {
            check!(self.contains(term, &sub_nodes, have_min, node));
        }
        if let Some(unevaluated) = node.get("unevaluatedItems")
            && sup_tail.is_none()
            && !trivially_true(unevaluated)
        {
            return self.doubt(
                term,
                &node.at,
                "unevaluatedItems",
                "`unevaluatedItems` is not modelled",
                Vec::new(),
            );
        }
        Outcome::Proven
    }

    fn contains(
        &mut self,
        term: &Term,
        sub_nodes: &[Node<'a, '_>],
        have_min: u64,
        node: &Node<'a, '_>,
    ) -> Outcome {
        let wanted = node.child("contains");
        let counts =
            |n: &Node<'_, '_>| (n.get("minContains").cloned(), n.get("maxContains").cloned());
        if node.get("minContains").is_some() || node.get("maxContains").is_some() {
            let identical = sub_nodes.iter().any(|n| {
                n.get("contains").is_some()
                    && counts(n) == counts(node)
                    && self.same(&n.child("contains"), &wanted)
            });
            if identical {
                return Outcome::Proven;
            }
            return self.doubt(term, &node.at, "contains", "`contains` with `minContains`/`maxContains` is proven only when the contract has the same three", Vec::new());
        }
        for n in sub_nodes {
            if n.get("contains").is_some()
                && n.count("minContains") != Some(0)
                && self
                    .descend(vec![vec![n.child("contains")]], wanted.clone())
                    .is_proven()
            {
                return Outcome::Proven;
            }
        }
        for index in 0..have_min.min(64) as usize {
            if let Some(item) = keys::at_index(self.sub_space(), term, index)
                && self.descend(vec![item], wanted.clone()).is_proven()
            {
                return Outcome::Proven;
            }
        }
        self.doubt(
            term,
            &node.at,
            "contains",
            "the contract allows arrays with no item the presentation's `contains` accepts",
            vec![Edit::Sample],
        )
    }

    fn objects(
        &mut self,
        term: &Term,
        types: Types,
        parts: &Parts,
        node: &Node<'a, '_>,
        depth: usize,
    ) -> Outcome {
        if !types.intersects(Types::OBJECT) || !node.constrains(Kind::Object) {
            return Outcome::Proven;
        }
        let (sub, semantics) = (self.sub_space(), self.semantics);
        let sup_properties = node.properties();
        let sup_patterns: Vec<(String, Location)> = node
            .pattern_properties()
            .map(|p| {
                p.keys()
                    .map(|k| (k.clone(), node.child_key("patternProperties", k)))
                    .collect()
            })
            .unwrap_or_default();
        let sup_additional = node
            .get("additionalProperties")
            .map(|_| node.child("additionalProperties"));
        let (dependent_required, dependent_schemas) = dependents(node);
        let required = keys::required(sub, term);
        let mut names = keys::named(sub, term);
        names.extend(required.iter().cloned());
        if semantics == Semantics::Declared {
            names.extend(parts.declared.keys().cloned());
        }
        names.extend(sup_properties.into_iter().flat_map(|p| p.keys()).cloned());
        names.extend(node.required().into_iter().map(str::to_owned));
        names.extend(dependent_required.iter().map(|(k, _)| k.clone()));
        let mut allowed: Vec<(String, SubLoc)> = Vec::new();
        for key in &names {
            let Some(at_key) = keys::at_key(sub, term, parts, semantics, key) else {
                continue;
            };
            allowed.push((key.clone(), at_key.clone()));
            let in_properties = sup_properties.is_some_and(|p| p.contains_key(key));
            if in_properties {
                check!(self.at(
                    Step::Key(key.clone()),
                    at_key.clone(),
                    node.child_key("properties", key)
                ));
            }
            let mut matched = false;
            for (pattern, place) in &sup_patterns {
                match pattern_matches(pattern, key) {
                    Some(false) => {}
                    found => {
                        matched |= found == Some(true);
                        check!(self.at(Step::Key(key.clone()), at_key.clone(), place.clone()));
                    }
                }
            }
            if !in_properties
                && !matched
                && let Some(additional) = &sup_additional
            {
                check!(self.at(Step::Key(key.clone()), at_key.clone(), additional.clone()));
            }
        }
        let others = keys::other_keys(sub, term, parts, semantics);
        for (conj, pattern) in &others {
            let step = Step::NewKey(pattern.clone());
            for (q, place) in &sup_patterns {
                if pattern
                    .as_deref()
                    .is_some_and(|p| keys::disjoint_patterns(p, q))
                {
                    continue;
                }
                let outcome = self.at(step.clone(), vec![conj.clone()], place.clone());
                if let Outcome::Doubt(inner) = &outcome {
                    return Outcome::Doubt(Rc::new(Doubt {
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
                .is_some_and(|p| sup_patterns.iter().any(|(q, _)| q == p));
            if let Some(additional) = &sup_additional
                && !covered
            {
                check!(self.at(step.clone(), vec![conj.clone()], additional.clone()));
            }
        }
        for name in node.required() {
            if !required.contains(name) {
                let mut path = self.path.clone();
                path.push(Step::Key(name.to_owned()));
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
        if node.get("propertyNames").is_some() {
            let place = node.child("propertyNames");
            for (key, at_key) in &allowed {
                if matches!(self.sup.check(&place, &json!(key)), Check::Invalid(_)) {
                    let mut path = self.path.clone();
                    path.push(Step::Key(key.clone()));
                    return self.doubt_at(
                        path,
                        at_key.clone(),
                        &node.at,
                        "propertyNames",
                        format!(
                            "the contract allows the key `{key}`, which `propertyNames` rejects"
                        ),
                        vec![Edit::Sample],
                    );
                }
            }
            if !others.is_empty() {
                let sub_names: Vec<Location> = term
                    .nodes
                    .iter()
                    .filter_map(|at| sub.node(at))
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
        }
        let sub_nodes: Vec<Node<'a, '_>> =
            term.nodes.iter().filter_map(|at| sub.node(at)).collect();
        let (least, most) = counts(&sub_nodes, "minProperties", "maxProperties");
        if let Some(min) = node.count("minProperties") {
            let have = least.max(required.len() as u64);
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
            if others.is_empty() {
                let count = allowed.len() as u64;
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
        for (key, names) in &dependent_required {
            if keys::at_key(sub, term, parts, semantics, key).is_none()
                || names.iter().all(|n| required.contains(n))
                || sub_nodes.iter().any(|n| {
                    let (theirs, _) = dependents(n);
                    theirs
                        .iter()
                        .any(|(k, ns)| k == key && names.iter().all(|x| ns.contains(x)))
                })
            {
                continue;
            }
            return self.doubt(
                term,
                &node.at,
                "dependentRequired",
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
        if let Some(unevaluated) = node.get("unevaluatedProperties")
            && node.get("additionalProperties").is_none()
            && !trivially_true(unevaluated)
        {
            return self.doubt(term, &node.at, "unevaluatedProperties", "`unevaluatedProperties` is not modelled (it is proven only beside `additionalProperties`)", Vec::new());
        }
        Outcome::Proven
    }

    /// True when the schema at `a` (in `sub`'s space) and at `b` (in `sup`'s) are the same
    /// schema after resolving every reference in its own document: the same asserting
    /// keywords with the same values, recursively; annotations aside.
    pub(crate) fn same(&mut self, a: &Location, b: &Location) -> bool {
        let key = (a.clone(), b.clone());
        if let Some(&known) = self.same_memo.get(&key) {
            return known;
        }
        let mut assumed = HashSet::new();
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

/// `have` (a bound of the contract) is at least as tight as `want` (the presentation's).
fn covers(have: Option<Bound>, want: &Bound, lower: bool, integer_only: bool) -> bool {
    let Some(have) = have else {
        return false;
    };
    if integer_only {
        let effective = |b: &Bound| {
            if lower {
                if b.exclusive {
                    b.f64().floor() + 1.0
                } else {
                    b.f64().ceil()
                }
            } else if b.exclusive {
                b.f64().ceil() - 1.0
            } else {
                b.f64().floor()
            }
        };
        let (h, w) = (effective(&have), effective(want));
        return if lower { h >= w } else { h <= w };
    }
    match (bounds::compare(&have.value, &want.value), lower) {
        (Ordering::Greater, true) | (Ordering::Less, false) => true,
        (Ordering::Equal, _) => have.exclusive || !want.exclusive,
        _ => false,
    }
}

fn bound_keyword(node: &Node<'_, '_>, lower: bool, want: &Bound) -> &'static str {
    let (inclusive, exclusive) = if lower {
        ("minimum", "exclusiveMinimum")
    } else {
        ("maximum", "exclusiveMaximum")
    };
    if want.exclusive && !node.draft.boolean_exclusive_bounds() {
        exclusive
    } else {
        inclusive
    }
}

/// A number as JSON, integers as integers.
fn number(x: f64) -> Option<Value> {
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        Some(json!(x as i64))
    } else {
        serde_json::Number::from_f64(x).map(Value::Number)
    }
}

fn trivially_true(schema: &Value) -> bool {
    schema == &Value::Bool(true)
        || schema
            .as_object()
            .is_some_and(|m| m.keys().all(|k| is_annotation(k)))
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
