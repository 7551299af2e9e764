//! The sampler (V2): values generated from a schema, by our own strategy — every branch and
//! every enum value, the boundaries (each bound and its neighbours, empty and longest strings and
//! arrays, optional keys present and absent), then random values.
//!
//! Generation reads a place as terms (`terms`) and merges each term's constraints; it aims at
//! valid values but does not promise them: every value is confirmed by a validator before it is
//! used (V3), so a strategy that misses costs an attempt, never a wrong answer. Deterministic:
//! attempt `k` of seed `s` gives the same value on every run and platform (the generator is
//! xoshiro256++, whose output rand documents as stable).

use std::cell::{Cell, OnceCell, RefCell};
use std::rc::Rc;

use foldhash::HashMap;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::{Map, Value, json};

use super::judge::Judge;
use super::keys;
use super::plan::{Expansion, Place, Plans, TermPlan};
use super::space::{Node, Space, counts};
use super::terms::{self, Term};
use crate::document::Location;
use crate::schema::Semantics;
use crate::schema::bounds::{self, tightest};
use crate::schema::types::Types;

/// Past this depth only what is required is generated, so recursive schemas end.
const SHALLOW: usize = 5;
/// Past this depth nothing is generated.
const MAX_DEPTH: usize = 24;
/// How many more times a nested value that its schema rejects is made again.
const RETRIES: usize = 3;
/// Past this many values in one attempt, only what is required is generated (a wide schema that
/// refers to itself would otherwise grow without bound); past the hard limit, the attempt fails.
const SOFT_SIZE: usize = 400;
const HARD_SIZE: usize = 20_000;

/// Where the choices of one attempt come from: attempt `k` of the systematic phase picks option
/// `k mod n` at every choice point (so every branch, enum value and boundary comes up within a
/// few attempts); the random phase picks at random.
pub(crate) struct Chooser {
    systematic: Option<usize>,
    rng: Xoshiro256PlusPlus,
}

impl Chooser {
    /// Attempt `k` of the systematic phase.
    pub fn systematic(k: usize, seed: u64) -> Chooser {
        Chooser {
            systematic: Some(k),
            rng: Xoshiro256PlusPlus::seed_from_u64(
                seed ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ),
        }
    }

    /// Attempt `k` of the random phase.
    pub fn random(k: usize, seed: u64) -> Chooser {
        Chooser {
            systematic: None,
            rng: Xoshiro256PlusPlus::seed_from_u64(
                seed.wrapping_add(1).wrapping_mul(0xD1B5_4A32_D192_ED03) ^ k as u64,
            ),
        }
    }

    fn pick(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        match self.systematic {
            Some(k) => k % n,
            None => self.rng.random_range(0..n),
        }
    }

    fn is_random(&self) -> bool {
        self.systematic.is_none()
    }

    fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        self.is_random() && self.rng.random_range(0..denominator) < numerator
    }
}

/// Generates values from the places of a space.
pub(crate) struct Sampler<'a, 's> {
    space: &'s Space<'a>,
    /// Validators for the places of `space`, for the local retries of [`Sampler::generate`].
    judge: &'s Judge<'a, 's>,
    semantics: Semantics,
    root_union: Option<(Location, &'static str, usize)>,
    expansions: RefCell<HashMap<Vec<Location>, Option<Rc<Expansion<'a, 's>>>>>,
    /// The root's, asked at every attempt: apart from `expansions`' hashed lookups (issue 16).
    root_expansion: OnceCell<Option<Rc<Expansion<'a, 's>>>>,
    /// Values generated in the current attempt.
    size: Cell<usize>,
    regexes: RefCell<HashMap<String, Option<Rc<rand_regex::Regex>>>>,
    plans: Plans<'a, 's>,
}

impl<'a, 's> Sampler<'a, 's> {
    pub fn new(judge: &'s Judge<'a, 's>, semantics: Semantics) -> Self {
        let space = judge.space;
        let root_union = space.node(&space.root).and_then(|node| {
            if node.ref_only() {
                return None;
            }
            ["anyOf", "oneOf"]
                .into_iter()
                .find_map(|k| match node.get(k) {
                    Some(Value::Array(branches)) if branches.len() > 1 => {
                        Some((space.root.clone(), k, branches.len()))
                    }
                    _ => None,
                })
        });
        Sampler {
            space,
            judge,
            semantics,
            root_union,
            expansions: RefCell::new(HashMap::default()),
            root_expansion: OnceCell::new(),
            size: Cell::new(0),
            regexes: RefCell::new(HashMap::default()),
            plans: Plans::new(space),
        }
    }

    /// The root's union keyword and its branch count, when the root is a union.
    pub fn root_union(&self) -> Option<(&'static str, usize)> {
        self.root_union.as_ref().map(|(_, k, n)| (*k, *n))
    }

    /// `conj` read as terms, once (`None`: too many terms to list).
    fn expansion(&self, conj: &[Location]) -> Option<Rc<Expansion<'a, 's>>> {
        let root = &self.root_expansion;
        if let [only] = conj
            && *only == self.space.root
        {
            return root.get_or_init(|| self.expand(conj)).clone();
        }
        if let Some(found) = self.expansions.borrow().get(conj) {
            return found.clone();
        }
        let expanded = self.expand(conj);
        let mut cache = self.expansions.borrow_mut();
        cache.insert(conj.to_vec(), expanded.clone());
        expanded
    }

    /// `conj` read as terms, each with its plan (`None`: too many terms to list).
    fn expand(&self, conj: &[Location]) -> Option<Rc<Expansion<'a, 's>>> {
        let root = self.root_union.as_ref().map(|(at, _, _)| at);
        terms::expand(self.space, conj, root).ok().map(|terms| {
            let terms: Vec<_> = terms
                .into_iter()
                .map(|term| {
                    let plan = self.plans.of(&term);
                    (term, plan)
                })
                .collect();
            let lossy = terms.iter().any(|(_, plan)| plan.lossy);
            Rc::new(Expansion { terms, lossy })
        })
    }

    /// A value of the schema under test; with `branch`, from that branch of the root union.
    pub fn root(&self, branch: Option<usize>, chooser: &mut Chooser) -> Option<Value> {
        self.generate(std::slice::from_ref(&self.space.root), branch, chooser, 0)
    }

    /// A value of the conjunction `conj` (depth 0 starts a new attempt).
    pub fn generate(
        &self,
        conj: &[Location],
        branch: Option<usize>,
        chooser: &mut Chooser,
        depth: usize,
    ) -> Option<Value> {
        if depth == 0 {
            self.size.set(0);
        }
        if depth > MAX_DEPTH {
            return None;
        }
        self.generate_from(conj, self.expansion(conj), branch, chooser, depth)
    }

    /// A value of a key's or an item's place (never a new attempt).
    fn generate_at(
        &self,
        place: &Place<'a, 's>,
        chooser: &mut Chooser,
        depth: usize,
    ) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        let expansion = place
            .expansion
            .get_or_init(|| self.expansion(&place.conj))
            .clone();
        self.generate_from(&place.conj, expansion, None, chooser, depth)
    }

    /// A value of `conj`, read as `expansion` (`None`: too many terms to list).
    fn generate_from(
        &self,
        conj: &[Location],
        expansion: Option<Rc<Expansion<'a, 's>>>,
        branch: Option<usize>,
        chooser: &mut Chooser,
        depth: usize,
    ) -> Option<Value> {
        let Some(expansion) = expansion else {
            // Too many terms to list: one is picked, a choice at each split.
            let root = self.root_union.as_ref().map(|(at, _, _)| (at, branch));
            let term = terms::pick(self.space, conj, root, &mut |n| chooser.pick(n))?;
            return self.term(&term, &self.plans.of(&term), chooser, depth);
        };
        let candidates: Vec<&(Term, Rc<TermPlan<'a, 's>>)> = expansion
            .terms
            .iter()
            .filter(|(t, _)| branch.is_none() || t.branch == branch)
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let (term, plan) = candidates[chooser.pick(candidates.len())];
        let value = self.term(term, plan, chooser, depth)?;
        // Where terms say less than the schema (`oneOf` exclusivity, `not`, conditions, several
        // patterns, …), a nested value is checked here and made again a few times: one bad part
        // would spoil the whole attempt.
        if depth == 0 || !expansion.lossy {
            return Some(value);
        }
        let fits = |v: &Value| conj.iter().all(|at| self.judge.admits(at, v));
        if fits(&value) {
            return Some(value);
        }
        let mut last = value;
        for _ in 0..RETRIES {
            let (again, plan) = candidates[chooser.pick(candidates.len())];
            match self.term(again, plan, chooser, depth) {
                Some(v) if fits(&v) => return Some(v),
                Some(v) => last = v,
                None => {}
            }
        }
        Some(last)
    }

    /// True when only what is required is generated from here on.
    fn minimal(&self, depth: usize) -> bool {
        depth >= SHALLOW || self.size.get() > SOFT_SIZE
    }

    fn term(
        &self,
        term: &Term,
        plan: &TermPlan<'a, 's>,
        chooser: &mut Chooser,
        depth: usize,
    ) -> Option<Value> {
        self.size.set(self.size.get() + 1);
        if self.size.get() > HARD_SIZE {
            return None;
        }
        let facts = plan.facts(self.space, term);
        let types = facts.types;
        if types.is_empty() {
            return None;
        }
        if let Some(values) = facts.values {
            if values.is_empty() {
                return None;
            }
            return Some(values[chooser.pick(values.len())].clone());
        }
        let nodes = plan.nodes.as_slice();
        let mut options: Vec<Types> = if !facts.hinted.is_empty() && !chooser.chance(1, 8) {
            facts.hinted.to_vec()
        } else {
            facts.options.to_vec()
        };
        if self.minimal(depth) {
            let scalars: Vec<Types> = options
                .iter()
                .copied()
                .filter(|t| !matches!(*t, Types::ARRAY | Types::OBJECT))
                .collect();
            if !scalars.is_empty() {
                options = scalars;
            }
        }
        // Integers written as `1.0` only where nothing else will do: examples read better.
        if options.contains(&Types::INTEGER) && options.len() > 1 {
            options.retain(|t| *t != Types::WHOLE);
        }
        let chosen = options[chooser.pick(options.len())];
        match chosen {
            Types::NULL => Some(Value::Null),
            Types::BOOLEAN => Some(Value::Bool(chooser.pick(2) == 1)),
            Types::INTEGER => integer(nodes, chooser),
            Types::WHOLE => integer(nodes, chooser).and_then(|v| {
                let whole = v.as_f64()?;
                (whole.abs() < 9.0e15)
                    .then(|| serde_json::Number::from_f64(whole).map(Value::Number))
                    .flatten()
            }),
            Types::FRACTION => fraction(nodes, chooser),
            Types::STRING => self.string(nodes, chooser),
            Types::ARRAY => self.array(term, plan, chooser, depth),
            _ => self.object(term, plan, chooser, depth),
        }
    }

    fn regex(&self, pattern: &str) -> Option<Rc<rand_regex::Regex>> {
        if let Some(found) = self.regexes.borrow().get(pattern) {
            return found.clone();
        }
        // Read as ECMA-262 reads it (issue 39): `\<` is `<`, not a word boundary.
        let compiled = regex_syntax::ParserBuilder::new()
            .build()
            .parse(&crate::schema::pattern::ecma_literals(pattern))
            .ok()
            .and_then(|hir| rand_regex::Regex::with_hir(without_looks(hir), 8).ok())
            .map(Rc::new);
        self.regexes
            .borrow_mut()
            .insert(pattern.to_owned(), compiled.clone());
        compiled
    }

    /// A string matching `pattern` (as far as the generator reads it).
    pub(crate) fn matching(&self, pattern: &str, chooser: &mut Chooser) -> Option<String> {
        let regex = self.regex(pattern)?;
        let sampled: Result<String, _> = chooser.rng.sample(&*regex);
        sampled.ok()
    }

    fn string(&self, nodes: &[Node<'a, '_>], chooser: &mut Chooser) -> Option<Value> {
        let (min, max) = counts(nodes, "minLength", "maxLength");
        let (min, max) = (min as usize, max.map(|m| m as usize));
        if max.is_some_and(|m| m < min) {
            return None;
        }
        let fits = |s: &str| {
            let n = s.chars().count();
            n >= min && max.is_none_or(|m| n <= m)
        };
        let patterns: Vec<&str> = nodes
            .iter()
            .filter_map(|n| n.get("pattern").and_then(Value::as_str))
            .collect();
        if !patterns.is_empty() {
            let pattern = patterns[chooser.pick(patterns.len())];
            for _ in 0..8 {
                if let Some(s) = self.matching(pattern, chooser)
                    && fits(&s)
                {
                    return Some(Value::String(s));
                }
            }
        }
        if let Some(format) = nodes
            .iter()
            .find_map(|n| n.map.get("format").and_then(Value::as_str))
            && let Some(s) = format_sample(format, chooser.pick(2))
            && fits(s)
        {
            return Some(json!(s));
        }
        let longest = max.unwrap_or(min + 12).min(min + 64);
        let lengths = [
            min,
            longest,
            (min + 1).min(longest),
            chooser.rng.random_range(min..=longest),
        ];
        let length = lengths[chooser.pick(lengths.len())];
        let text: String = (0..length)
            .map(|_| char::from(b'a' + chooser.rng.random_range(0..26u8)))
            .collect();
        Some(Value::String(text))
    }

    fn array(
        &self,
        term: &Term,
        term_plan: &TermPlan<'a, 's>,
        chooser: &mut Chooser,
        depth: usize,
    ) -> Option<Value> {
        let nodes = term_plan.nodes.as_slice();
        let plan = term_plan.array(self.space, term);
        let (min, max) = plan.count;
        let (min, max) = (min as usize, max.map(|m| m as usize));
        if max.is_some_and(|m| m < min) || min > 256 {
            return None;
        }
        let cap = max.unwrap_or(min + 3).min(min + 6);
        let length = if self.minimal(depth) {
            min
        } else {
            let lengths = [
                min,
                cap,
                (min + 1).min(cap),
                chooser.rng.random_range(min..=cap),
            ];
            lengths[chooser.pick(lengths.len())]
        };
        let unique = plan.unique;
        let mut items: Vec<Value> = Vec::new();
        for index in 0..length {
            let Some(place) = plan.at(self.space, term, index) else {
                break;
            };
            let mut made = None;
            for _ in 0..if unique { 4 } else { 1 } {
                match self.generate_at(&place, chooser, depth + 1) {
                    Some(v) if unique && items.contains(&v) => continue,
                    other => {
                        made = other;
                        break;
                    }
                }
            }
            match made {
                Some(v) => items.push(v),
                None if index >= min => break,
                None => return None,
            }
        }
        if items.len() < min {
            return None;
        }
        // `contains`: for each schema that has one, as many items from the schema it names as
        // `minContains` asks, in front (the first one's at position 0, the next ones after).
        let mut at = 0;
        for node in nodes
            .iter()
            .filter(|n| n.get("contains").is_some() && n.count("minContains") != Some(0))
        {
            let wanted = node.count("minContains").unwrap_or(1).min(16) as usize;
            let mut conj = vec![node.child("contains")];
            conj.extend(keys::at_index(self.space, term, at).unwrap_or_default());
            for _ in 0..wanted {
                let Some(v) = self.generate(&conj, None, chooser, depth + 1) else {
                    break;
                };
                let replace = at < items.len()
                    && (at > 0 || chooser.pick(2) == 0 || max.is_some_and(|m| items.len() >= m));
                if replace {
                    items[at] = v;
                } else if max.is_none_or(|m| items.len() < m) {
                    items.insert(at.min(items.len()), v);
                }
                at += 1;
            }
        }
        Some(Value::Array(items))
    }

    fn object(
        &self,
        term: &Term,
        term_plan: &TermPlan<'a, 's>,
        chooser: &mut Chooser,
        depth: usize,
    ) -> Option<Value> {
        let nodes = term_plan.nodes.as_slice();
        let plan = term_plan.object(self.space, term);
        let (required, names) = (&plan.required, &plan.names);
        let mut out = Map::new();
        let value_at = |key: &str, chooser: &mut Chooser| -> Option<Option<Value>> {
            let place = plan.at(self.space, term, key)?;
            Some(self.generate_at(&place, chooser, depth + 1))
        };
        for name in names {
            let is_required = required.contains(name);
            // Each optional key present or absent (all present in the first systematic attempt,
            // all absent in the second); in a random attempt on a wide object, about a dozen.
            let absent = if chooser.is_random() && names.len() > 24 {
                !chooser.chance(12, names.len() as u32)
            } else {
                chooser.pick(2) == 1
            };
            if !is_required && (self.minimal(depth) || absent) {
                continue;
            }
            match value_at(name, chooser) {
                Some(Some(v)) => {
                    out.insert(name.clone(), v);
                }
                _ if is_required => return None,
                _ => {}
            }
        }
        // Dependencies of the keys present.
        for node in nodes {
            for keyword in ["dependentRequired", "dependencies"] {
                if let Some(Value::Object(deps)) = node.get(keyword) {
                    for (key, needed) in deps {
                        if !out.contains_key(key) {
                            continue;
                        }
                        for name in needed
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(Value::as_str)
                        {
                            if !out.contains_key(name)
                                && let Some(Some(v)) = value_at(name, chooser)
                            {
                                out.insert(name.to_owned(), v);
                            }
                        }
                    }
                }
            }
        }
        let (min, max) = counts(nodes, "minProperties", "maxProperties");
        let (min, max) = (min as usize, max.map(|m| m as usize));
        for name in names {
            if out.len() >= min {
                break;
            }
            if !out.contains_key(name)
                && let Some(Some(v)) = value_at(name, chooser)
            {
                out.insert(name.clone(), v);
            }
        }
        // Keys no schema names: where the term lets them in.
        let free_form = names.is_empty();
        let explicit = nodes.iter().any(|n| {
            n.pattern_properties().is_some_and(|p| !p.is_empty())
                || n.get("additionalProperties")
                    .is_some_and(|v| v != &Value::Bool(false))
        });
        let implicit_ok = self.semantics == Semantics::Strict || free_form;
        let allows_more = explicit || implicit_ok;
        let mut extra = 0;
        while allows_more
            && !self.minimal(depth)
            && extra < 8
            && (out.len() < min || (extra == 0 && chooser.chance(1, 3)))
        {
            extra += 1;
            let name = match self.extra_name(nodes, chooser) {
                Some(name) if !out.contains_key(&name) => name,
                _ => format!("extra{extra}"),
            };
            if let Some(Some(v)) = value_at(&name, chooser) {
                out.insert(name, v);
            }
        }
        if let Some(max) = max {
            let optional: Vec<String> = out
                .keys()
                .filter(|k| !required.contains(*k))
                .cloned()
                .collect();
            for key in optional.into_iter().rev() {
                if out.len() <= max {
                    break;
                }
                out.shift_remove(&key);
            }
        }
        Some(Value::Object(out))
    }
}

impl Sampler<'_, '_> {
    /// A name for a key no schema of the object names, from what its schemas say of such keys:
    /// one of its `patternProperties` (with a letter before or after it where the pattern is not
    /// anchored there, so a key may match one pattern and not another), or a name its
    /// `propertyNames` lists or matches; `None` for an arbitrary name.
    fn extra_name(&self, nodes: &[Node<'_, '_>], chooser: &mut Chooser) -> Option<String> {
        let mut patterns: Vec<&str> = Vec::new();
        let mut listed: Vec<&str> = Vec::new();
        for node in nodes {
            patterns.extend(
                node.pattern_properties()
                    .into_iter()
                    .flat_map(|p| p.keys())
                    .map(String::as_str),
            );
            if let Some(Value::Object(names)) = node.get("propertyNames") {
                if let Some(Value::String(p)) = names.get("pattern") {
                    patterns.push(p);
                }
                if let Some(Value::String(c)) = names.get("const") {
                    listed.push(c);
                }
                if let Some(Value::Array(values)) = names.get("enum") {
                    listed.extend(values.iter().filter_map(Value::as_str));
                }
            }
        }
        let choice = chooser.pick(patterns.len() + listed.len() + 1);
        let Some(pattern) = patterns.get(choice) else {
            return listed.get(choice - patterns.len()).map(|n| (*n).to_owned());
        };
        let mut variants = around(pattern, self.matching(pattern, chooser)?);
        Some(variants.swap_remove(chooser.pick(variants.len())))
    }
}

/// `name`, which matches `pattern`, and the names made from it with a letter before or after it
/// where the pattern is not anchored there: they match it too, and may not match another pattern
/// (`x$` matches `ax`, which `^x` does not).
pub(crate) fn around(pattern: &str, name: String) -> Vec<String> {
    let mut out = Vec::new();
    if !pattern.starts_with('^') {
        out.push(format!("a{name}"));
    }
    if !pattern.ends_with('$') {
        out.push(format!("{name}a"));
    }
    out.insert(0, name);
    out
}

/// An integer within the nodes' bounds (exactly, near and past 2^53 too) and a multiple of
/// their `multipleOf`: a bound, its neighbours, 0, ±1, the middle or a random one.
fn integer(nodes: &[Node<'_, '_>], chooser: &mut Chooser) -> Option<Value> {
    let lower =
        tightest(nodes.iter().filter_map(|n| n.bound(true)), true).map(|b| b.integer_bound(true));
    let upper = tightest(nodes.iter().filter_map(|n| n.bound(false)), false)
        .map(|b| b.integer_bound(false));
    let multiple = nodes
        .iter()
        .filter_map(|n| n.get("multipleOf").and_then(Value::as_number))
        .find(|m| m.as_f64().is_some_and(|m| m > 0.0));
    // What JSON integers can hold: i64 and u64. A side with no bound reaches a million past
    // the other side's bound (or zero), so that `minimum: 1136091600` alone (a Unix time) or
    // past 2^53 still has room (issue 39).
    let lo = lower
        .unwrap_or_else(|| upper.unwrap_or(0).min(0) - 1_000_000)
        .max(i128::from(i64::MIN));
    let hi = upper
        .unwrap_or_else(|| lower.unwrap_or(0).max(0) + 1_000_000)
        .min(i128::from(u64::MAX));
    if lo > hi {
        return None;
    }
    let random = lo + ((hi - lo + 1) as f64 * chooser.rng.random::<f64>()).floor() as i128;
    let mut candidates = vec![
        lower.unwrap_or(0),
        upper.unwrap_or(1),
        lo + 1,
        hi - 1,
        0,
        1,
        -1,
        (lo + hi).div_euclid(2),
        random.min(hi),
    ];
    if let Some(m) = multiple {
        let Some(m) = bounds::as_integer(m) else {
            return fractional_multiple(m.as_f64().unwrap_or(1.0), lo, hi, chooser);
        };
        for c in &mut candidates {
            // The least multiple of m at or above c.
            *c = -((-*c).div_euclid(m)) * m;
        }
    }
    candidates.retain(|c| *c >= lo && *c <= hi);
    candidates.dedup();
    if candidates.is_empty() {
        return None;
    }
    let chosen = candidates[chooser.pick(candidates.len())];
    bounds::integer_number(chosen).map(Value::Number)
}

/// A multiple of a fractional divisor within `lo..=hi`: only multiples that every validator
/// computes the same way — zero, the divisor times a power of two (exact in binary, and so is
/// its quotient by the divisor), and where the divisor is a dyadic fraction (`0.5`, `0.25`),
/// whose integer multiples are exact, the least and greatest multiples within the bounds
/// (issue 39: `multipleOf: 0.5` with `minimum: 10` had no value).
fn fractional_multiple(m: f64, lo: i128, hi: i128, chooser: &mut Chooser) -> Option<Value> {
    let (lo, hi) = (lo as f64, hi as f64);
    let mut exact = vec![0.0];
    let mut power = m;
    for _ in 0..1100 {
        if !power.is_finite() || (power > hi && -power < lo) {
            break;
        }
        exact.extend([power, -power]);
        power *= 2.0;
    }
    let dyadic = (m * f64::from(1u32 << 20)).fract() == 0.0;
    if dyadic {
        let (first, last) = ((lo / m).ceil(), (hi / m).floor());
        for k in [first, first + 1.0, last - 1.0, last] {
            if k.abs() < 2f64.powi(40) {
                exact.push(k * m);
            }
        }
    }
    exact.retain(|c| *c >= lo && *c <= hi);
    exact.sort_by(f64::total_cmp);
    exact.dedup();
    // The five nearest zero and the two outermost: a power of two far between them is still
    // a value, but a poor example.
    if exact.len() > 7 {
        let (least, most) = (exact[0], exact[exact.len() - 1]);
        exact.sort_by(|a, b| a.abs().total_cmp(&b.abs()));
        exact.truncate(5);
        exact.extend([least, most]);
        exact.dedup();
    }
    if exact.is_empty() {
        return None;
    }
    let chosen = exact[chooser.pick(exact.len())];
    if chosen.fract() == 0.0 && chosen.abs() < 2f64.powi(63) {
        Some(json!(chosen as i64))
    } else {
        serde_json::Number::from_f64(chosen).map(Value::Number)
    }
}

fn fraction(nodes: &[Node<'_, '_>], chooser: &mut Chooser) -> Option<Value> {
    if nodes.iter().any(|n| n.get("multipleOf").is_some()) {
        // A multiple of a divisor is an integer or depends on float tolerance: leave it to the
        // integers.
        return None;
    }
    let lower = tightest(nodes.iter().filter_map(|n| n.bound(true)), true);
    let upper = tightest(nodes.iter().filter_map(|n| n.bound(false)), false);
    // A side with no bound reaches a thousand past the other side's bound (or zero).
    let lo = lower.as_ref().map_or_else(
        || upper.as_ref().map_or(0.0, |b| b.f64()).min(0.0) - 1000.0,
        |b| b.f64(),
    );
    let hi = upper.as_ref().map_or_else(
        || lower.as_ref().map_or(0.0, |b| b.f64()).max(0.0) + 1000.0,
        |b| b.f64(),
    );
    if lo > hi {
        return None;
    }
    let random = lo + (hi - lo) * chooser.rng.random::<f64>();
    let candidates: Vec<f64> = [
        lo + 0.5,
        hi - 0.5,
        (lo + hi) / 2.0,
        0.5,
        -0.5,
        1.5,
        lo + 0.125,
        hi - 0.125,
        random,
    ]
    .into_iter()
    .filter(|c| {
        // Past 2^53 every double is an integer: there a value need not have a fraction.
        (c.fract() != 0.0 || c.abs() >= 2f64.powi(53))
            && (*c > lo || (*c == lo && !lower.as_ref().is_some_and(|b| b.exclusive)))
            && (*c < hi || (*c == hi && !upper.as_ref().is_some_and(|b| b.exclusive)))
    })
    .collect();
    if candidates.is_empty() {
        return None;
    }
    let chosen = candidates[chooser.pick(candidates.len())];
    serde_json::Number::from_f64(chosen).map(Value::Number)
}

/// A valid example of a common `format` (formats are annotations to stitch's validators, but
/// realistic values make better examples).
fn format_sample(format: &str, variant: usize) -> Option<&'static str> {
    let pair: [&'static str; 2] = match format {
        "date-time" => ["2024-05-06T07:08:09Z", "1999-12-31T23:59:59.5+01:00"],
        "date" => ["2024-05-06", "1999-12-31"],
        "time" => ["07:08:09Z", "23:59:59+01:00"],
        "duration" => ["P1D", "PT1H30M"],
        "email" | "idn-email" => ["user@example.com", "a.b@example.org"],
        "hostname" | "idn-hostname" => ["example.com", "a.example.org"],
        "ipv4" => ["192.0.2.1", "10.0.0.255"],
        "ipv6" => ["2001:db8::1", "::1"],
        "uri" | "iri" => ["https://example.com/a", "urn:example:a"],
        "uri-reference" | "iri-reference" => ["/a/b", "https://example.com/"],
        "uri-template" => ["https://example.com/{id}", "/a/{b}"],
        "uuid" => [
            "123e4567-e89b-12d3-a456-426614174000",
            "00000000-0000-4000-8000-000000000000",
        ],
        "json-pointer" => ["/a/b", ""],
        "relative-json-pointer" => ["0/a", "1"],
        "regex" => ["^a+$", "[0-9]*"],
        _ => return None,
    };
    Some(pair[variant % 2])
}

/// A regular expression without its anchors and word boundaries, which the string generator
/// cannot produce, and with its classes narrowed to printable ASCII where they allow some; what
/// it generates is checked by the validator anyway.
fn without_looks(hir: regex_syntax::hir::Hir) -> regex_syntax::hir::Hir {
    use regex_syntax::hir::{
        Capture, Class, ClassUnicode, ClassUnicodeRange, Hir, HirKind, Repetition,
    };
    match hir.into_kind() {
        HirKind::Look(_) => Hir::empty(),
        HirKind::Repetition(r) => Hir::repetition(Repetition {
            sub: Box::new(without_looks(*r.sub)),
            ..r
        }),
        HirKind::Capture(c) => Hir::capture(Capture {
            sub: Box::new(without_looks(*c.sub)),
            ..c
        }),
        HirKind::Concat(parts) => Hir::concat(parts.into_iter().map(without_looks).collect()),
        HirKind::Alternation(parts) => {
            Hir::alternation(parts.into_iter().map(without_looks).collect())
        }
        HirKind::Literal(literal) => Hir::literal(literal.0),
        HirKind::Class(Class::Unicode(class)) => {
            // Printable ASCII where the class has some: `\d` and `\w` mean ASCII in ECMA-262,
            // and plain text makes readable examples.
            let mut ascii = ClassUnicode::new([ClassUnicodeRange::new(' ', '~')]);
            ascii.intersect(&class);
            Hir::class(Class::Unicode(if ascii.ranges().is_empty() {
                class
            } else {
                ascii
            }))
        }
        HirKind::Class(class) => Hir::class(class),
        HirKind::Empty => Hir::empty(),
    }
}
