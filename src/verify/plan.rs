//! What the sampler reads from a term's schemas to make an object, once per term (issue 16).
//!
//! A term's keys — the ones it requires, the ones it names, and the schemas each key's value
//! must meet — depend only on the term's nodes, yet the sampler made them again at every object
//! of every attempt: a map lookup per node and keyword, and a pointer spelled per key. A plan
//! holds them for the run; a key's schemas are found the first time that key comes up.

use std::cell::RefCell;
use std::rc::Rc;

use foldhash::HashMap;
use indexmap::IndexSet;

use super::keys;
use super::space::Space;
use super::terms::{Parts, Term};
use crate::document::Location;
use crate::schema::Semantics;

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

/// The plans of one sampler's terms, by the term's nodes (all a plan depends on).
#[derive(Default)]
pub(crate) struct Plans {
    objects: RefCell<HashMap<Vec<Location>, Rc<ObjectPlan>>>,
}

impl Plans {
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
