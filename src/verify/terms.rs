//! A place read as a disjunction of conjunctions ("terms"): what the prover and the sampler see
//! of a schema at one instance location, with its in-place applicators spelled out.
//!
//! A [`Term`] is a set of schema objects whose *own* keywords all apply; `allOf` and `$ref` add
//! to a term, `anyOf`/`oneOf` split it, `if`/`then`/`else` splits into `if ∧ then` and `else`.
//! Keywords that can only narrow (`not`, `dependentSchemas`, a lone `if`) are left out, so a
//! place's terms accept at least what the place accepts: sound for proving inclusion, and the
//! sampler's values are confirmed by a validator anyway. [`Parts`] is the in-place closure of a
//! place (§1), which decides the keys a value may carry under `declared` semantics.

use std::sync::Arc;

use foldhash::HashSet;
use indexmap::IndexMap;
use serde_json::Value;

use super::space::{Node, Space};
use crate::document::Location;
use crate::schema::types::Types;

/// The most terms one place expands into before the reading gives up (a budget, not an error).
pub(crate) const MAX_TERMS: usize = 256;

/// A conjunction of schema objects whose own keywords apply, restricted to `mask` types.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Term {
    /// The schema objects, in the order met.
    pub nodes: Vec<Location>,
    /// Types the term is further restricted to (by a case split of the prover).
    pub mask: Types,
    /// The branch of the root union this term comes from, when asked for.
    pub branch: Option<usize>,
    /// The union branches the term chose, one per union it met.
    pub chosen: Vec<Location>,
}

/// Why a place could not be read as terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TooMany;

/// The terms of the conjunction `conj`. `root_union` names a place whose union branches are
/// recorded in [`Term::branch`]. When splitting on conditions as well makes too many terms, the
/// conditions are left out (an over-approximation like any other left-out keyword).
pub(crate) fn expand(
    space: &Space<'_>,
    conj: &[Location],
    root_union: Option<&Location>,
) -> Result<Vec<Term>, TooMany> {
    expand_with(space, conj, root_union, true)
        .or_else(|TooMany| expand_with(space, conj, root_union, false))
}

fn expand_with(
    space: &Space<'_>,
    conj: &[Location],
    root_union: Option<&Location>,
    conditions: bool,
) -> Result<Vec<Term>, TooMany> {
    let mut done: Vec<Term> = Vec::new();
    let start = Term {
        nodes: Vec::new(),
        mask: Types::ALL,
        branch: None,
        chosen: Vec::new(),
    };
    let mut work: Vec<(Term, Vec<Location>)> = vec![(start, conj.iter().rev().cloned().collect())];
    let mut steps = 0usize;
    while let Some((mut term, mut pending)) = work.pop() {
        steps += 1;
        if steps > MAX_TERMS * 64 || done.len() + work.len() > MAX_TERMS {
            return Err(TooMany);
        }
        let Some(at) = pending.pop() else {
            if !space_types(space, &term).is_empty() {
                done.push(term);
            }
            continue;
        };
        if term.nodes.contains(&at) {
            work.push((term, pending));
            continue;
        }
        let node = match space.value(&at) {
            Some(Value::Bool(false)) => continue,
            Some(Value::Object(_)) => match space.node(&at) {
                Some(node) => node,
                None => continue,
            },
            // `true`, or something that is not a schema (loading refused those): no constraint.
            _ => {
                work.push((term, pending));
                continue;
            }
        };
        if node.ref_only() {
            if let Some(target) = node.ref_target() {
                pending.push(target.clone());
            }
            work.push((term, pending));
            continue;
        }
        term.nodes.push(at.clone());
        pending.extend(node.ref_target().cloned());
        pending.extend(node.dynamic_target().cloned());
        if let Some(Value::Array(all)) = node.get("allOf") {
            for i in (0..all.len()).rev() {
                pending.push(node.child_index("allOf", i));
            }
        }
        // Splits: each alternative is a copy of the term with more pending.
        let alternatives = alternatives(&node, root_union == Some(&at), conditions);
        if alternatives.len() > MAX_TERMS {
            return Err(TooMany);
        }
        for (extra, branch, chosen) in alternatives.into_iter().rev() {
            let mut copy = term.clone();
            if branch.is_some() {
                copy.branch = branch;
            }
            copy.chosen.extend(chosen);
            let mut more = pending.clone();
            more.extend(extra.into_iter().rev());
            work.push((copy, more));
        }
    }
    Ok(done)
}

/// One term of `conj`, with one alternative taken at each split — `choose(n)` gives an index
/// below `n` — for places whose terms are too many to list (V2: an `allOf` of unions, a union of
/// thousands of branches, unions nested in unions). At `root_union`, `branch` (when given) is
/// the branch taken. `None` when the choices lead to `false` or to no type at all.
pub(crate) fn pick(
    space: &Space<'_>,
    conj: &[Location],
    root_union: Option<(&Location, Option<usize>)>,
    choose: &mut dyn FnMut(usize) -> usize,
) -> Option<Term> {
    let mut term = Term {
        nodes: Vec::new(),
        mask: Types::ALL,
        branch: None,
        chosen: Vec::new(),
    };
    let mut pending: Vec<Location> = conj.iter().rev().cloned().collect();
    let mut steps = 0usize;
    while let Some(at) = pending.pop() {
        steps += 1;
        if steps > MAX_TERMS * 64 {
            return None;
        }
        if term.nodes.contains(&at) {
            continue;
        }
        let node = match space.value(&at) {
            Some(Value::Bool(false)) => return None,
            Some(Value::Object(_)) => space.node(&at)?,
            _ => continue,
        };
        if let Some(target) = node.ref_target() {
            pending.push(target.clone());
        }
        if node.ref_only() {
            continue;
        }
        pending.extend(node.dynamic_target().cloned());
        term.nodes.push(at.clone());
        if let Some(Value::Array(all)) = node.get("allOf") {
            for i in (0..all.len()).rev() {
                pending.push(node.child_index("allOf", i));
            }
        }
        for keyword in ["anyOf", "oneOf"] {
            if let Some(Value::Array(branches)) = node.get(keyword)
                && !branches.is_empty()
            {
                let at_root = root_union.is_some_and(|(root, _)| *root == at);
                let i = match root_union {
                    Some((_, Some(forced))) if at_root && term.branch.is_none() => forced,
                    _ => choose(branches.len()),
                };
                if at_root && term.branch.is_none() {
                    term.branch = Some(i);
                }
                let here = node.child_index(keyword, i.min(branches.len() - 1));
                pending.push(here.clone());
                term.chosen.push(here);
            }
        }
        if node.get("if").is_some() && (node.get("then").is_some() || node.get("else").is_some()) {
            if choose(2) == 0 {
                pending.push(node.child("if"));
                if node.get("then").is_some() {
                    pending.push(node.child("then"));
                }
            } else if node.get("else").is_some() {
                pending.push(node.child("else"));
            }
        }
    }
    (!space_types(space, &term).is_empty()).then_some(term)
}

/// The ways a node splits a term: (pending additions, root branch, chosen branches) per
/// alternative — one per branch of each union (their product), and `if ∧ then` or `else`.
/// `root` says the node is the root union whose branch each alternative records.
fn alternatives(node: &Node<'_, '_>, root: bool, conditions: bool) -> Vec<Alternative> {
    let mut alternatives: Vec<Alternative> = vec![(Vec::new(), None, Vec::new())];
    for keyword in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = node.get(keyword)
            && !branches.is_empty()
        {
            let mut next = Vec::new();
            for (extra, branch, chosen) in &alternatives {
                for i in 0..branches.len() {
                    let here = node.child_index(keyword, i);
                    let mut more = extra.clone();
                    more.push(here.clone());
                    let mut picked = chosen.clone();
                    picked.push(here);
                    let recorded = if root && branch.is_none() {
                        Some(i)
                    } else {
                        *branch
                    };
                    next.push((more, recorded, picked));
                }
            }
            alternatives = next;
        }
    }
    // `if ∧ then` or `else`; a missing `then` or `else` leaves that side unconstrained. (The
    // `else` side also has `¬if`, which a term cannot say: leaving it out over-approximates.)
    if conditions
        && node.get("if").is_some()
        && (node.get("then").is_some() || node.get("else").is_some())
    {
        let mut next = Vec::new();
        for (extra, branch, chosen) in &alternatives {
            let mut then = extra.clone();
            then.push(node.child("if"));
            if node.get("then").is_some() {
                then.push(node.child("then"));
            }
            let mut otherwise = extra.clone();
            if node.get("else").is_some() {
                otherwise.push(node.child("else"));
            }
            next.push((then, *branch, chosen.clone()));
            next.push((otherwise, *branch, chosen.clone()));
        }
        alternatives = next;
    }
    alternatives
}

/// One way a node splits a term: the places added to its pending list, the root union's
/// branch it takes, and the union branches it chose.
type Alternative = (Vec<Location>, Option<usize>, Vec<Location>);

/// The types a term may take: every node's `type`, `const` and `enum`, and the mask.
pub(crate) fn space_types(space: &Space<'_>, term: &Term) -> Types {
    let mut types = term.mask;
    for at in &term.nodes {
        if let Some(node) = space.node(at) {
            types = types.and(node_types(space, &node));
        }
    }
    types
}

/// An enum longer than this has its types computed once per place, not at every call.
const LONG_ENUM: usize = 256;

/// A node's own types, remembered in `space` for a node with a long `enum`.
fn node_types(space: &Space<'_>, node: &crate::verify::space::Node<'_, '_>) -> Types {
    if node
        .enumeration()
        .is_none_or(|values| values.len() <= LONG_ENUM)
    {
        return node.types();
    }
    if let Ok(cache) = space.node_types.lock()
        && let Some(known) = cache.get(&node.at)
    {
        return *known;
    }
    let types = node.types();
    if let Ok(mut cache) = space.node_types.lock() {
        cache.insert(node.at.clone(), types);
    }
    types
}

/// The smallest value list of a term's nodes (`const`, `enum`), when one lists its values.
pub(crate) fn enumeration(space: &Space<'_>, term: &Term) -> Option<Arc<Vec<Value>>> {
    // Most terms list no values: that is answered before the term is copied into a key.
    let values = term
        .nodes
        .iter()
        .filter_map(|at| space.node(at)?.enumeration())
        .min_by_key(|values| values.len())?;
    let key = (term.nodes.clone(), term.mask);
    if let Ok(cache) = space.enumerations.lock()
        && let Some(known) = cache.get(&key)
    {
        return Some(known.clone());
    }
    // Duplicates dropped by canonical text (linear: an enum may hold a million values).
    let mut seen: HashSet<String> =
        HashSet::with_capacity_and_hasher(values.len(), Default::default());
    let mut out: Vec<Value> = Vec::new();
    for v in values {
        if term.mask.intersects(Types::of_value(v))
            && seen.insert(crate::canonical::canonical_value(v))
        {
            out.push(v.clone());
        }
    }
    let out = Arc::new(out);
    if let Ok(mut cache) = space.enumerations.lock() {
        cache.insert(key, out.clone());
    }
    Some(out)
}

/// How a part of the in-place closure lets keys in without naming them.
#[derive(Debug, Clone)]
pub(crate) enum Open {
    /// `additionalProperties` (not `false`) or `unevaluatedProperties` (not `false`).
    Any,
    /// `patternProperties` with this pattern.
    Pattern(String),
}

/// The in-place closure of a place (§1): every key some part declares, with the schemas that
/// declare it, and how parts let other keys in.
///
/// Seen from one term, a union branch the term did not choose is left out when it cannot
/// succeed beside the term's own: any other branch of a `oneOf` (exactly one succeeds, and
/// annotations of failed branches are dropped), or an `anyOf` branch the caller shows disjoint
/// from the term. Its keys are then never evaluated for the term's values.
#[derive(Debug, Clone, Default)]
pub(crate) struct Parts {
    /// Declared keys, in order met, with each declaring schema.
    pub declared: IndexMap<String, Vec<Location>>,
    /// Explicit openness.
    pub open: Vec<Open>,
}

impl Parts {
    /// The closure of the places `conj`, seen from `term` (see above); `excluded` says when an
    /// `anyOf` branch the term did not choose cannot succeed beside it.
    pub fn of(
        space: &Space<'_>,
        conj: &[Location],
        term: Option<&Term>,
        excluded: &mut dyn FnMut(&Location) -> bool,
    ) -> Parts {
        let mut parts = Parts::default();
        let mut seen: HashSet<Location> = HashSet::default();
        let mut stack: Vec<Location> = conj.iter().rev().cloned().collect();
        while let Some(at) = stack.pop() {
            if seen.len() > MAX_TERMS * 16 {
                // A closure this wide: treat the place as open to anything (over-approximates).
                parts.open.push(Open::Any);
                break;
            }
            if !seen.insert(at.clone()) {
                continue;
            }
            let Some(node) = space.node(&at) else {
                continue;
            };
            if let Some(properties) = node.properties() {
                for key in properties.keys() {
                    parts
                        .declared
                        .entry(key.clone())
                        .or_default()
                        .push(node.child_key("properties", key));
                }
            }
            if let Some(patterns) = node.pattern_properties() {
                parts
                    .open
                    .extend(patterns.keys().map(|p| Open::Pattern(p.clone())));
            }
            for keyword in ["additionalProperties", "unevaluatedProperties"] {
                if node.get(keyword).is_some_and(|v| v != &Value::Bool(false)) {
                    parts.open.push(Open::Any);
                }
            }
            let mut next = node.in_place();
            if let Some(term) = term {
                next.retain(|child| {
                    let branch_of = ["anyOf", "oneOf"].into_iter().find(|k| {
                        child.doc == at.doc
                            && child
                                .pointer
                                .strip_prefix(&at.pointer)
                                .and_then(|rest| rest.strip_prefix('/'))
                                .and_then(|rest| rest.strip_prefix(k))
                                .is_some_and(|rest| {
                                    rest.len() > 1
                                        && rest.starts_with('/')
                                        && rest[1..].bytes().all(|b| b.is_ascii_digit())
                                })
                    });
                    match branch_of {
                        None => true,
                        Some(_) if term.chosen.contains(child) => true,
                        Some("oneOf") => false,
                        Some(_) => !excluded(child),
                    }
                });
            }
            next.reverse();
            stack.extend(next);
        }
        parts
    }

    /// True when some part declares a property: under `declared` semantics the place is closed
    /// to undeclared keys (§1); otherwise it is a free-form map and stays open.
    pub fn declares_any(&self) -> bool {
        !self.declared.is_empty()
    }

    /// True when some part may let `key` in without declaring it.
    pub fn open_for(&self, key: Option<&str>) -> bool {
        self.open.iter().any(|o| match (o, key) {
            (Open::Any, _) => true,
            (Open::Pattern(p), Some(key)) => {
                crate::validate::pattern_matches(p, key).unwrap_or(true)
            }
            (Open::Pattern(_), None) => true,
        })
    }
}
