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

use std::rc::Rc;

use foldhash::HashMap;
use serde_json::Value;

use super::judge::Judge;
use super::keys::SubLoc;
use super::space::Space;
use super::terms::{self, Parts, Term, TooMany};
use crate::document::Location;
use crate::schema::Semantics;
use crate::schema::keywords::{self, is_annotation};

/// Returns from the enclosing function unless the proof is done.
macro_rules! require {
    ($e:expr) => {{
        let outcome = $e;
        if !outcome.is_proven() {
            return outcome;
        }
    }};
}

// Declared after the macro, which they use.
mod applicators;
mod arrays;
mod objects;
mod same;
mod scalars;

/// The default step budget of one verification.
pub const DEFAULT_BUDGET: usize = 200_000;

/// How deep in a value the prover goes (nesting is bounded by loading well below this).
const MAX_DEPTH: usize = 256;

/// How many in-place steps (`$ref`, `allOf`, …) one goal may take on the `sup` side.
const MAX_IN_PLACE: usize = 128;

/// One step into a value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Segment {
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
    pub path: Vec<Segment>,
    /// What `sub` allows there.
    pub sub: SubLoc,
    /// The `sup` schema object there.
    pub sup_node: Location,
    /// Candidate changes.
    pub edits: Vec<Edit>,
}

/// The answer for one goal.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Proof {
    Proven,
    Doubt(Rc<Doubt>),
}

impl Proof {
    pub fn is_proven(&self) -> bool {
        matches!(self, Proof::Proven)
    }
}

/// A place read as terms, once.
type Expanded = Result<Rc<Vec<Term>>, TooMany>;

/// A node's dependencies: keys that require other keys, and keys that bring in a schema.
type Dependents = (Vec<(String, Vec<String>)>, Vec<(String, Location)>);

/// The prover's state for one verification.
pub(crate) struct Prover<'a, 's> {
    sub: &'s Judge<'a, 's>,
    sup: &'s Judge<'a, 's>,
    semantics: Semantics,
    budget: usize,
    steps: usize,
    stack: Vec<(SubLoc, Location)>,
    memo: HashMap<(SubLoc, Location), Proof>,
    /// The shallowest stack entry assumed since the current goal began.
    low: usize,
    path: Vec<Segment>,
    same_memo: HashMap<(Location, Location), bool>,
    terms_memo: HashMap<(bool, Vec<Location>), Expanded>,
}

impl<'a, 's> Prover<'a, 's> {
    pub fn new(
        sub: &'s Judge<'a, 's>,
        sup: &'s Judge<'a, 's>,
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
            memo: HashMap::default(),
            low: usize::MAX,
            path: Vec::new(),
            same_memo: HashMap::default(),
            terms_memo: HashMap::default(),
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
    pub fn prove(&mut self) -> Proof {
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
    ) -> Proof {
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
        path: Vec<Segment>,
        sub: SubLoc,
        sup_node: &Location,
        keyword: &str,
        reason: impl Into<String>,
        edits: Vec<Edit>,
    ) -> Proof {
        // A doubt about the whole place (a budget, a cycle, a `false` schema) is named by the
        // place's own keyword, so that every `unknown` says which keyword and where.
        let (keyword, pointer) = if keyword.is_empty() {
            self.naming(sup_node)
        } else {
            (
                keyword.to_owned(),
                crate::schema::pointer::push(&sup_node.pointer, keyword),
            )
        };
        let sup_at = Location {
            doc: sup_node.doc,
            pointer,
        };
        Proof::Doubt(Rc::new(Doubt {
            keyword,
            sup_at,
            reason: reason.into(),
            path,
            sub,
            sup_node: sup_node.clone(),
            edits,
        }))
    }

    /// The keyword that names the place `at` of `sup` as a whole, with its pointer: `false` or
    /// `true` for a boolean schema, else its `$ref`, else its first keyword that asserts, else
    /// its first keyword.
    fn naming(&self, at: &Location) -> (String, String) {
        let push = |k: &str| crate::schema::pointer::push(&at.pointer, k);
        match self.sup_space().value(at) {
            Some(Value::Bool(b)) => (b.to_string(), at.pointer.clone()),
            Some(Value::Object(map)) => {
                let draft = self.sup_space().draft(at);
                let keyword = map
                    .keys()
                    .find(|k| *k == "$ref")
                    .or_else(|| map.keys().find(|k| keywords::asserts(k, draft)))
                    .or_else(|| map.keys().next());
                match keyword {
                    Some(k) => (k.clone(), push(k)),
                    None => ("{}".to_owned(), at.pointer.clone()),
                }
            }
            _ => ("schema".to_owned(), at.pointer.clone()),
        }
    }

    fn over_budget(&mut self, sup: &Location) -> Option<Proof> {
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
    fn descend(&mut self, sub: SubLoc, sup: Location) -> Proof {
        if let Some(stop) = self.over_budget(&sup) {
            return stop;
        }
        let key = (sub, sup);
        if let Some(found) = self.memo.get(&key) {
            return found.clone();
        }
        if let Some(depth) = self.stack.iter().position(|k| *k == key) {
            self.low = self.low.min(depth);
            return Proof::Proven;
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

    fn place(&mut self, sub: &SubLoc, sup: &Location) -> Proof {
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
                require!(self.term(term, &parts, sup, 0));
            }
        }
        Proof::Proven
    }

    /// One term of `sub` against the schema at `sup`.
    fn term(&mut self, term: &Term, parts: &Parts, sup: &Location, depth: usize) -> Proof {
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
            return Proof::Proven;
        }
        // A value of the contract satisfies each node of the term its evaluation takes whole.
        if term.nodes.clone().iter().any(|n| self.same(n, sup)) {
            return Proof::Proven;
        }
        let node = match self.sup_space().value(sup) {
            Some(Value::Bool(true)) => return Proof::Proven,
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
                None => return Proof::Proven,
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
                Some(target) => require!(self.term(term, parts, &target.clone(), depth + 1)),
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
                return Proof::Proven;
            }
        }
        if let Some(target) = node.dynamic_target() {
            require!(self.term(term, parts, &target.clone(), depth + 1));
        }
        for keyword in ["$dynamicRef", "$recursiveRef"] {
            if node.get(keyword).is_some() && node.dynamic_target().is_none() {
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
                require!(self.term(term, parts, &node.child_index("allOf", i), depth + 1));
            }
        }
        for keyword in ["anyOf", "oneOf"] {
            if let Some(Value::Array(branches)) = node.get(keyword) {
                require!(self.union(term, parts, &node, keyword, branches.len(), depth));
            }
        }
        if node.get("not").is_some() {
            require!(self.not(term, types, &node));
        }
        if node.get("if").is_some() {
            require!(self.conditional(term, parts, &node, depth));
        }
        require!(self.types(term, types, &node));
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
        require!(self.numbers(term, types, &node));
        require!(self.strings(term, types, &node));
        require!(self.arrays(term, types, &node));
        self.objects(term, types, parts, &node, depth)
    }

    fn at(&mut self, step: Segment, sub: SubLoc, sup: Location) -> Proof {
        self.path.push(step);
        let outcome = self.descend(sub, sup);
        self.path.pop();
        outcome
    }
}

fn trivially_true(schema: &Value) -> bool {
    schema == &Value::Bool(true)
        || schema
            .as_object()
            .is_some_and(|m| m.keys().all(|k| is_annotation(k)))
}
