//! What the sampler reads from a term's schemas, once per term (issue 16).
//!
//! A term's types and listed values, and its keys — the ones it requires, the ones it names,
//! and the schemas each key's value must meet — depend only on the term's nodes (and, for the
//! types and values, its mask), yet the sampler read them again at every value of every
//! attempt: a map lookup per node and keyword, and a pointer spelled per key. A plan holds them
//! for the run; a key's schemas are found the first time that key comes up.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use foldhash::HashMap;
use indexmap::IndexSet;
use serde_json::Value;

use super::keys;
use super::space::Space;
use super::terms::{self, Parts, Term};
use crate::document::Location;
use crate::schema::Semantics;
use crate::schema::types::Types;

/// Where a key's value is read: the schemas it must meet, or `None` when the term allows no
/// value there.
type At = Option<Rc<[Location]>>;

/// The keys of one term, for making objects.
pub(crate) struct ObjectPlan {
    /// The keys the term requires.
    pub required: IndexSet<String>,
    /// The keys the term names (`properties`), then the required ones it does not name.
    pub names: IndexSet<String>,
    at: RefCell<HashMap<String, At>>,
}

impl ObjectPlan {
    fn new(space: &Space<'_>, term: &Term) -> ObjectPlan {
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
    pub fn at(&self, space: &Space<'_>, term: &Term, key: &str) -> At {
        if let Some(known) = self.at.borrow().get(key) {
            return known.clone();
        }
        let found: At = keys::at_key(space, term, &Parts::default(), Semantics::Strict, key)
            .map(|alternatives| alternatives.into_iter().next().unwrap_or_default().into());
        if self.names.contains(key) {
            self.at.borrow_mut().insert(key.to_owned(), found.clone());
        }
        found
    }
}

/// What values a term allows, before any is made.
#[derive(Clone)]
pub(crate) struct Facts {
    /// The types its nodes and mask allow.
    pub types: Types,
    /// The values it lists (`const`, `enum`), when the types leave any.
    pub values: Option<Arc<Vec<Value>>>,
}

/// The plans of one sampler's terms, by the term's nodes (all a plan depends on, but for the
/// mask of [`Facts`]).
#[derive(Default)]
pub(crate) struct Plans {
    objects: RefCell<HashMap<Vec<Location>, Rc<ObjectPlan>>>,
    facts: RefCell<HashMap<Vec<Location>, ByMask>>,
}

/// A term's facts, one per mask its nodes were asked with.
type ByMask = Vec<(Types, Facts)>;

impl Plans {
    /// The types and listed values of `term`, found the first time they are asked for.
    pub fn facts(&self, space: &Space<'_>, term: &Term) -> Facts {
        if let Some(known) = self
            .facts
            .borrow()
            .get(term.nodes.as_slice())
            .and_then(|by_mask| by_mask.iter().find(|(mask, _)| *mask == term.mask))
        {
            return known.1.clone();
        }
        let types = terms::space_types(space, term);
        let values = (!types.is_empty())
            .then(|| terms::enumeration(space, term))
            .flatten();
        let facts = Facts { types, values };
        self.facts
            .borrow_mut()
            .entry(term.nodes.clone())
            .or_default()
            .push((term.mask, facts.clone()));
        facts
    }

    /// The object plan of `term`, made the first time it is asked for.
    pub fn object(&self, space: &Space<'_>, term: &Term) -> Rc<ObjectPlan> {
        if let Some(known) = self.objects.borrow().get(term.nodes.as_slice()) {
            return known.clone();
        }
        let plan = Rc::new(ObjectPlan::new(space, term));
        self.objects
            .borrow_mut()
            .insert(term.nodes.clone(), plan.clone());
        plan
    }
}
