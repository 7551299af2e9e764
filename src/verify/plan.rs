//! What the sampler reads from a term's schemas, once per term (issue 16).
//!
//! A term's schema objects, types and listed values, its keys — the ones it requires, the ones
//! it names, and where each key's value is made — and its items' places depend only on the
//! term's nodes (and, for the types and values, its mask), yet the sampler read them again at
//! every value of every attempt: a map lookup per node and keyword, and a pointer spelled per
//! key and per item. A plan holds them for the run, each part found the first time it is
//! needed; a key's or an item's [`Place`] keeps how its schemas read as terms, so that making
//! a nested value looks nothing up by its list of places.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

use foldhash::HashMap;
use indexmap::IndexSet;
use serde_json::Value;

use super::keys;
use super::space::{Node, Space};
use super::terms::{self, Parts, Term};
use crate::document::Location;
use crate::schema::Semantics;
use crate::schema::keywords::Kind;
use crate::schema::types::Types;

/// A place values are made at: the schemas a value there must meet, and how they read as
/// terms (found by the sampler the first time a value is made there).
pub(crate) struct Place<'a, 's> {
    pub conj: Rc<[Location]>,
    pub expansion: OnceCell<Option<Rc<Expansion<'a, 's>>>>,
}

impl Place<'_, '_> {
    fn new(conj: Vec<Location>) -> Rc<Self> {
        Rc::new(Place {
            conj: conj.into(),
            expansion: OnceCell::new(),
        })
    }
}

/// A place read as terms, each with its plan.
pub(crate) struct Expansion<'a, 's> {
    pub terms: Vec<(Term, Rc<TermPlan<'a, 's>>)>,
    /// True when some term's reading leaves out something its schemas assert.
    pub lossy: bool,
}

/// Where a key's or an item's value is made, or `None` when the term allows no value there.
type At<'a, 's> = Option<Rc<Place<'a, 's>>>;

/// The keys of one term, for making objects.
pub(crate) struct ObjectPlan<'a, 's> {
    /// The keys the term requires.
    pub required: IndexSet<String>,
    /// The keys the term names (`properties`), then the required ones it does not name.
    pub names: IndexSet<String>,
    at: RefCell<HashMap<String, At<'a, 's>>>,
}

impl<'a, 's> ObjectPlan<'a, 's> {
    fn new(space: &Space<'_>, term: &Term) -> Self {
        let required = keys::required(space, term);
        let mut names = keys::named(space, term);
        names.extend(required.iter().cloned());
        ObjectPlan {
            required,
            names,
            at: RefCell::new(HashMap::default()),
        }
    }

    /// The schemas the value at `key` must meet (strict: a key is read where the term's own
    /// schemas put it); a key the term does not name is looked up each time, not kept.
    pub fn at(&self, space: &Space<'_>, term: &Term, key: &str) -> At<'a, 's> {
        if let Some(known) = self.at.borrow().get(key) {
            return known.clone();
        }
        let found: At<'a, 's> =
            keys::at_key(space, term, &Parts::default(), Semantics::Strict, key).map(
                |alternatives| Place::new(alternatives.into_iter().next().unwrap_or_default()),
            );
        if self.names.contains(key) {
            self.at.borrow_mut().insert(key.to_owned(), found.clone());
        }
        found
    }
}

/// The items of one term, for making arrays.
pub(crate) struct ArrayPlan<'a, 's> {
    /// The fewest and most items (`keys::item_count`).
    pub count: (u64, Option<u64>),
    /// True when a node asks for `uniqueItems`.
    pub unique: bool,
    /// The longest tuple prefix of the term's nodes: past it, every index reads the same
    /// schemas.
    fixed: usize,
    prefix: RefCell<Vec<At<'a, 's>>>,
    rest: OnceCell<At<'a, 's>>,
}

impl<'a, 's> ArrayPlan<'a, 's> {
    fn new(space: &Space<'_>, term: &Term, nodes: &[Node<'_, '_>]) -> Self {
        ArrayPlan {
            count: keys::item_count(space, term),
            unique: nodes
                .iter()
                .any(|n| n.get("uniqueItems") == Some(&Value::Bool(true))),
            fixed: nodes.iter().map(|n| n.prefix().0.len()).max().unwrap_or(0),
            prefix: RefCell::new(Vec::new()),
            rest: OnceCell::new(),
        }
    }

    /// Where the item at `index` is made (`keys::at_index`).
    pub fn at(&self, space: &Space<'_>, term: &Term, index: usize) -> At<'a, 's> {
        let find = || keys::at_index(space, term, index).map(Place::new);
        if index >= self.fixed {
            return self.rest.get_or_init(find).clone();
        }
        let mut prefix = self.prefix.borrow_mut();
        while prefix.len() <= index {
            let i = prefix.len();
            prefix.push(keys::at_index(space, term, i).map(Place::new));
        }
        prefix[index].clone()
    }
}

/// What values a term allows, before any is made.
#[derive(Clone)]
pub(crate) struct Facts {
    /// The types its nodes and mask allow.
    pub types: Types,
    /// The values it lists (`const`, `enum`), when the types leave any.
    pub values: Option<Arc<Vec<Value>>>,
    /// Each of `types`, one by one (`Types::each`).
    pub options: Rc<[Types]>,
    /// Those of `options` that a node's keywords suggest (a `properties` suggests objects).
    pub hinted: Rc<[Types]>,
}

/// What the sampler reads from one term: its schema objects, what values it allows (per mask
/// its nodes are asked with) and, for objects, its keys. Found once and kept, so that making a
/// value reads no place again (issue 16).
pub(crate) struct TermPlan<'a, 's> {
    /// The term's places that are schema objects, read.
    pub nodes: Vec<Node<'a, 's>>,
    /// True when the term's reading leaves out something its schemas assert.
    pub lossy: bool,
    facts: RefCell<Vec<(Types, Facts)>>,
    object: OnceCell<Rc<ObjectPlan<'a, 's>>>,
    array: OnceCell<Rc<ArrayPlan<'a, 's>>>,
}

impl<'a, 's> TermPlan<'a, 's> {
    fn new(space: &'s Space<'a>, term: &Term) -> TermPlan<'a, 's> {
        let nodes: Vec<Node<'a, 's>> = term.nodes.iter().filter_map(|at| space.node(at)).collect();
        let lossy = nodes.iter().any(|n| {
            n.map
                .keys()
                .any(|k| LOSSY.contains(&k.as_str()) && n.get(k).is_some())
        });
        TermPlan {
            nodes,
            lossy,
            facts: RefCell::new(Vec::new()),
            object: OnceCell::new(),
            array: OnceCell::new(),
        }
    }

    /// The types and listed values of `term` (whose nodes this plan is of), found the first
    /// time they are asked for with its mask.
    pub fn facts(&self, space: &Space<'_>, term: &Term) -> Facts {
        if let Some((_, known)) = self.facts.borrow().iter().find(|(m, _)| *m == term.mask) {
            return known.clone();
        }
        let types = terms::space_types(space, term);
        let values = (!types.is_empty())
            .then(|| terms::enumeration(space, term))
            .flatten();
        let options: Rc<[Types]> = types.each().collect();
        let hinted = options
            .iter()
            .copied()
            .filter(|t| self.nodes.iter().any(|n| hints(n, *t)))
            .collect();
        let facts = Facts {
            types,
            values,
            options,
            hinted,
        };
        self.facts.borrow_mut().push((term.mask, facts.clone()));
        facts
    }

    /// The object plan of `term`, made the first time it is asked for.
    pub fn object(&self, space: &Space<'_>, term: &Term) -> Rc<ObjectPlan<'a, 's>> {
        self.object
            .get_or_init(|| Rc::new(ObjectPlan::new(space, term)))
            .clone()
    }

    /// The array plan of `term`, made the first time it is asked for.
    pub fn array(&self, space: &Space<'_>, term: &Term) -> Rc<ArrayPlan<'a, 's>> {
        self.array
            .get_or_init(|| Rc::new(ArrayPlan::new(space, term, &self.nodes)))
            .clone()
    }
}

/// Keywords whose meaning a term's reading leaves out (`TermPlan::lossy`).
const LOSSY: &[&str] = &[
    "oneOf",
    "not",
    "if",
    "dependentSchemas",
    "dependencies",
    "dependentRequired",
    "propertyNames",
    "uniqueItems",
    "contains",
    "patternProperties",
    "pattern",
    "multipleOf",
    "minProperties",
    "maxProperties",
];

/// True when a node's keywords suggest values of type `t` (a `properties` suggests objects).
fn hints(node: &Node<'_, '_>, t: Types) -> bool {
    let kind = match t {
        Types::OBJECT => Kind::Object,
        Types::ARRAY => Kind::Array,
        Types::STRING => Kind::String,
        Types::INTEGER | Types::FRACTION | Types::WHOLE => Kind::Number,
        _ => return false,
    };
    node.constrains(kind)
}

/// The plans of one sampler's terms, by the term's nodes (all a plan depends on, but for the
/// mask of [`Facts`]).
pub(crate) struct Plans<'a, 's> {
    space: &'s Space<'a>,
    by_nodes: RefCell<HashMap<Vec<Location>, Rc<TermPlan<'a, 's>>>>,
}

impl<'a, 's> Plans<'a, 's> {
    pub fn new(space: &'s Space<'a>) -> Plans<'a, 's> {
        Plans {
            space,
            by_nodes: RefCell::new(HashMap::default()),
        }
    }

    /// The plan of `term`, made the first time a term of its nodes is asked for.
    pub fn of(&self, term: &Term) -> Rc<TermPlan<'a, 's>> {
        if let Some(known) = self.by_nodes.borrow().get(term.nodes.as_slice()) {
            return known.clone();
        }
        let plan = Rc::new(TermPlan::new(self.space, term));
        self.by_nodes
            .borrow_mut()
            .insert(term.nodes.clone(), plan.clone());
        plan
    }
}
