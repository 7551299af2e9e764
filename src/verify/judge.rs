//! Validation at any place of a space (V3): one registry per space, one compiled validator per
//! place, and the closed form of the space for `declared` semantics (§1).
//!
//! This is the verifier's only way to validate; it reaches the `jsonschema` crate through
//! `validate` alone.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use foldhash::HashMap;
use serde_json::Value;

use super::close;
use super::space::Space;
use crate::document::Location;
use crate::schema::Draft;
use crate::schema::Semantics;
use crate::validate::{Judgement, SchemaSet, Validator};

/// Validators for one space.
pub(crate) struct Judge<'a, 's> {
    pub space: &'s Space<'a>,
    plain: OnceCell<Option<SchemaSet<'a>>>,
    /// close(S)'s documents, owned by the set, and the draft of its first.
    closed: OnceCell<Option<(SchemaSet<'static>, Draft)>>,
    cache: RefCell<HashMap<Location, Option<Rc<Validator>>>>,
    /// The root's validator, asked at every sampled value: kept apart from `cache`, whose
    /// lookups hash and compare the place (issue 16).
    root: OnceCell<Option<Rc<Validator>>>,
    closed_root: OnceCell<Option<Validator>>,
}

impl<'a, 's> Judge<'a, 's> {
    pub fn new(space: &'s Space<'a>) -> Judge<'a, 's> {
        Judge {
            space,
            plain: OnceCell::new(),
            closed: OnceCell::new(),
            cache: RefCell::new(HashMap::default()),
            root: OnceCell::new(),
            closed_root: OnceCell::new(),
        }
    }

    fn plain(&self) -> Option<&SchemaSet<'a>> {
        self.plain
            .get_or_init(|| {
                let loaded: &'a crate::document::Loaded = self.space.loaded;
                SchemaSet::new(
                    loaded.documents.iter().enumerate().map(|(doc, d)| {
                        let (uri, root) = self.space.resource_of(doc);
                        (uri, d.value.pointer(root).unwrap_or(&Value::Null), d.draft)
                    }),
                    loaded.names_a_meta_schema(),
                )
                .ok()
            })
            .as_ref()
    }

    /// The validator of the place `at`, compiled once.
    pub fn validator(&self, at: &Location) -> Option<Rc<Validator>> {
        if *at == self.space.root {
            return self.root.get_or_init(|| self.build(at)).clone();
        }
        if let Some(found) = self.cache.borrow().get(at) {
            return found.clone();
        }
        let built = self.build(at);
        self.cache.borrow_mut().insert(at.clone(), built.clone());
        built
    }

    fn build(&self, at: &Location) -> Option<Rc<Validator>> {
        self.plain().and_then(|set| {
            set.validator(&self.space.uri_of(at), self.space.draft(at))
                .ok()
                .map(Rc::new)
        })
    }

    /// Whether `value` is valid at `at`; a place that does not compile decides nothing.
    pub fn judge(&self, at: &Location, value: &Value) -> Judgement {
        match self.validator(at) {
            Some(v) => v.judge(value),
            None => Judgement::Undecided,
        }
    }

    /// True when `value` may be invalid at `at`: not valid, or undecided, or the place does not
    /// compile. Cheaper than [`Judge::judge`], which a `true` here leaves to be asked.
    pub fn doubts(&self, at: &Location, value: &Value) -> bool {
        self.validator(at).is_none_or(|v| !v.is_valid(value))
    }

    /// True when `value` is valid at `at` (undecided counts as valid: a filter that keeps a
    /// value it cannot judge leaves the judgement to the final check).
    pub fn admits(&self, at: &Location, value: &Value) -> bool {
        self.validator(at).is_none_or(|v| !v.rejects(value))
    }

    fn closed_set(&self) -> Option<&(SchemaSet<'static>, Draft)> {
        self.closed
            .get_or_init(|| {
                let resources = close::closed(self.space);
                let draft = resources.first().map(|r| r.2)?;
                let metas = self.space.loaded.names_a_meta_schema();
                let set = SchemaSet::owning(resources, metas).ok()?;
                Some((set, draft))
            })
            .as_ref()
    }

    /// Whether the schema under test accepts `value` under `semantics`: under `declared`,
    /// whether close(root) does (§1).
    pub fn judge_root(&self, semantics: Semantics, value: &Value) -> Judgement {
        match semantics {
            Semantics::Declared => self.judge_closed_root(value),
            Semantics::Strict => self.judge(&self.space.root, value),
        }
    }

    /// Whether `value` is valid under close(root) (§1): valid under the root itself and under
    /// its closed form. `Undecided` when the closed form cannot be built.
    fn judge_closed_root(&self, value: &Value) -> Judgement {
        let root = self.space.root.clone();
        match self.judge(&root, value) {
            Judgement::Valid => {}
            other => return other,
        }
        let validator = self.closed_root.get_or_init(|| {
            let (set, draft) = self.closed_set()?;
            set.validator(&self.space.uri_of(&root), *draft).ok()
        });
        match validator {
            Some(v) => v.judge(value),
            None => Judgement::Undecided,
        }
    }
}
