//! Verification (SPEC §4): does `sup` accept every value `sub` accepts, under `declared` or
//! `strict` semantics? The answer is a [`Report`] whose verdict is `proven`, `refuted` (with a
//! checked counterexample) or `unknown` (with the keyword and pointer that stopped the proof).
//!
//! [`verify`] combines (V4) the structural prover (`prove`, V1), whose doubts `witness` tries to
//! turn into counterexamples, the `jsonschema` crate's canonical form as a second opinion where
//! the prover is unsure, and the sampler (`sample`, V2), whose values are confirmed by
//! validators (`judge`, V3). `space` reads places per draft, `terms` and `keys` model what a
//! place allows, `close` builds close(sub). Pure, and deterministic: every budget counts steps,
//! never time, so a verdict does not depend on the machine's load or its threads.

mod close;
mod judge;
mod keys;
mod plan;
mod prove;
mod sample;
mod space;
mod terms;
mod witness;

use serde_json::Value;

pub use space::Space;

use crate::canonical;
use crate::document::Location;
use crate::schema::{Draft, Semantics, pointer};
use crate::validate::{Judgement, Rejection, Resource, SchemaSet};

/// Verification options (V2, V4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// `--semantics`.
    pub semantics: Semantics,
    /// `--samples`: values sampled per branch of `sub`'s root union (or in all).
    pub samples: usize,
    /// `--seed`.
    pub seed: u64,
    /// The prover's step budget.
    pub budget: usize,
    /// Ask the canonical form where the prover is unsure.
    pub second_opinion: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            semantics: Semantics::Declared,
            samples: 256,
            seed: 0,
            budget: prove::DEFAULT_BUDGET,
            second_opinion: true,
        }
    }
}

/// The verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// `sup` accepts every value of `sub`.
    Proven,
    /// A value of `sub` that `sup` rejects was found.
    Refuted,
    /// Neither.
    Unknown,
}

impl Verdict {
    /// `proven`, `refuted`, `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Proven => "proven",
            Verdict::Refuted => "refuted",
            Verdict::Unknown => "unknown",
        }
    }

    /// The worst of several verdicts: refuted over unknown over proven (none: proven).
    pub fn worst(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
        verdicts
            .into_iter()
            .fold(Verdict::Proven, |worst, v| match (worst, v) {
                (Verdict::Refuted, _) | (_, Verdict::Refuted) => Verdict::Refuted,
                (Verdict::Unknown, _) | (_, Verdict::Unknown) => Verdict::Unknown,
                _ => Verdict::Proven,
            })
    }
}

/// A value `sub` accepts and `sup` rejects (V5).
#[derive(Debug, Clone, PartialEq)]
pub struct Counterexample {
    /// The value.
    pub value: Value,
    /// The branch of `sub`'s root union that accepts it (`/oneOf/0`), when the root is one.
    pub branch: Option<String>,
    /// The pointer of the keyword in `sup` that rejected it (relative to `sup`'s schema).
    pub rejected_by: String,
    /// The validator's words.
    pub message: String,
    /// `prover` or `sampler`.
    pub found_by: &'static str,
}

/// Why the prover stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    /// The keyword of `sup`.
    pub keyword: String,
    /// Its pointer (relative to `sup`'s schema).
    pub pointer: String,
    /// What went wrong.
    pub message: String,
}

/// Sampling counts (V2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Samples {
    /// Distinct values generated.
    pub generated: usize,
    /// Distinct values the validator confirmed valid under `sub` (close(sub) under `declared`).
    pub valid: usize,
    /// Of those, checked against `sup`.
    pub checked: usize,
}

/// The answer of [`verify`].
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The verdict.
    pub verdict: Verdict,
    /// The semantics it holds under.
    pub semantics: Semantics,
    /// For `proven`: `structural prover` or `canonical form`.
    pub proven_by: Option<&'static str>,
    /// For `refuted`: the smallest counterexample found.
    pub counterexample: Option<Counterexample>,
    /// For `unknown` (and as a note otherwise): what stopped the prover.
    pub reason: Option<Reason>,
    /// The seed used.
    pub seed: u64,
    /// Sampling counts.
    pub samples: Samples,
    /// Steps the prover took.
    pub steps: usize,
    /// Disagreements between provers or between the prover and the sampler: bugs of stitch,
    /// reported as such.
    pub bugs: Vec<String>,
}

impl Report {
    /// The one-line summary: `name: proven (declared semantics, structural prover)`.
    pub fn headline(&self, name: &str) -> String {
        let how = match (self.verdict, self.proven_by) {
            (Verdict::Proven, Some(by)) => format!(", {by}"),
            _ => String::new(),
        };
        format!(
            "{name}: {} ({} semantics{how})",
            self.verdict.name(),
            self.semantics.name()
        )
    }

    /// The sampling line: `samples: seed 0, 41 generated, 41 valid under SUB, …`.
    pub fn samples_line(&self) -> String {
        let s = &self.samples;
        format!(
            "samples: seed {}, {} generated, {} valid under SUB, {} checked against SUP",
            self.seed, s.generated, s.valid, s.checked
        )
    }
}

/// Largest pair of schemas (canonical JSON bytes) handed to the canonical form.
const SECOND_OPINION_MAX_BYTES: usize = 256 * 1024;

/// Verifies that `sup` accepts every value `sub` accepts (V4).
pub fn verify<'a>(sub: &Space<'a>, sup: &Space<'a>, options: &Options) -> Report {
    let semantics = options.semantics;
    let sub_judge = judge::Judge::new(sub);
    let sup_judge = judge::Judge::new(sup);
    let sampler = sample::Sampler::new(&sub_judge, semantics);
    let mut prover = prove::Prover::new(&sub_judge, &sup_judge, semantics, options.budget);
    let outcome = prover.prove();
    let steps = prover.steps();
    drop(prover);
    let mut bugs = Vec::new();
    let mut proven_by = None;
    let mut reason = None;
    let mut counterexample = None;
    match outcome {
        prove::Proof::Proven => proven_by = Some("structural prover"),
        prove::Proof::Doubt(doubt) => {
            reason = Some(Reason {
                keyword: doubt.keyword.clone(),
                pointer: pointer_in(sup, &doubt.sup_at),
                message: doubt.reason.clone(),
            });
            if let Some((value, rejection)) = witness::find(
                &doubt,
                &sub_judge,
                &sup_judge,
                &sampler,
                semantics,
                options.seed,
            ) {
                counterexample = Some(counterexample_of(
                    value, &rejection, sub, &sub_judge, &sampler, sup, "prover",
                ));
            }
        }
    }
    // V1: the canonical form is asked only where the prover answered `unknown` and sampling
    // found no counterexample. A doubt whose witness has been checked (valid under SUB,
    // rejected by SUP) is the prover's `refuted`, and after any counterexample the module's
    // answer could not change the verdict: it was a third of such a process's work
    // (bench/README.md, session 14).
    let still_undecided = || {
        if proven_by.is_none()
            && counterexample.is_none()
            && options.second_opinion
            && second_opinion(sub, sup) == Some(true)
        {
            proven_by = Some("canonical form");
        }
        proven_by.is_none() && counterexample.is_none()
    };
    let (samples, sampled) =
        sample_and_judge(&sub_judge, &sup_judge, &sampler, options, still_undecided);
    if let Some((value, rejection)) = sampled {
        if let Some(by) = proven_by {
            bugs.push(format!("the {by} proved the inclusion, but sampling found a value the presentation rejects: {}", canonical::canonical_value(&value)));
        }
        let found = counterexample_of(value, &rejection, sub, &sub_judge, &sampler, sup, "sampler");
        let smaller = counterexample
            .as_ref()
            .is_none_or(|c: &Counterexample| size(&found.value) < size(&c.value));
        if smaller {
            counterexample = Some(found);
        }
    }
    let verdict = if counterexample.is_some() {
        Verdict::Refuted
    } else if proven_by.is_some() {
        Verdict::Proven
    } else {
        Verdict::Unknown
    };
    if verdict != Verdict::Unknown && verdict != Verdict::Refuted {
        reason = None;
    }
    Report {
        verdict,
        semantics,
        proven_by: if verdict == Verdict::Proven {
            proven_by
        } else {
            None
        },
        counterexample,
        reason,
        seed: options.seed,
        samples,
        steps,
        bugs,
    }
}

/// Values of the schema under test (for `stitch sample`): `count` distinct values the validator
/// confirms (close(S) under `declared` semantics), deterministic for a seed; fewer when the
/// sampler does not find that many within its attempts.
pub fn sample(space: &Space<'_>, count: usize, seed: u64, semantics: Semantics) -> SampleRun {
    let judge = judge::Judge::new(space);
    let sampler = sample::Sampler::new(&judge, semantics);
    let mut run = SampleRun::default();
    let mut seen = foldhash::HashSet::default();
    let groups = sampler.root_union().map_or(1, |(_, n)| n);
    let attempts = count.saturating_mul(20).max(64);
    for attempt in 0..attempts {
        if run.values.len() >= count {
            break;
        }
        run.attempts += 1;
        // Systematic attempts first, cycling through the root union's branches.
        let group = (groups > 1).then_some(attempt % groups);
        let round = attempt / groups;
        let mut chooser = if round < 16 {
            sample::Chooser::systematic(round, seed.wrapping_add(attempt as u64 % groups as u64))
        } else {
            sample::Chooser::random(attempt, seed)
        };
        let Some(value) = sampler.root(group, &mut chooser) else {
            continue;
        };
        run.generated += 1;
        let valid = judge.judge_root(semantics, &value);
        if valid == Judgement::Valid {
            run.valid += 1;
            if seen.insert(canonical::canonical_value(&value)) {
                run.values.push(value);
            }
        }
    }
    run
}

/// Whether the schema under test accepts `value` under `semantics` (under `declared`, whether
/// close(S) does, §1): `Some(true)`, `Some(false)`, or `None` when the validator cannot decide.
pub fn admits(space: &Space<'_>, value: &Value, semantics: Semantics) -> Option<bool> {
    let judge = judge::Judge::new(space);
    let judgement = judge.judge_root(semantics, value);
    match judgement {
        Judgement::Valid => Some(true),
        Judgement::Invalid(_) => Some(false),
        Judgement::Undecided => None,
    }
}

/// Validators at any place of one space, each compiled once: a place is judged with the
/// space's references, as the schema at its root reads them.
pub struct Places<'a, 's> {
    judge: judge::Judge<'a, 's>,
}

impl<'a, 's> Places<'a, 's> {
    /// The places of `space`.
    pub fn new(space: &'s Space<'a>) -> Places<'a, 's> {
        Places {
            judge: judge::Judge::new(space),
        }
    }

    /// Whether the schema at `pointer` (in the space's document) accepts `value` as written:
    /// `None` when it cannot be judged.
    pub fn admits(&self, pointer: &str, value: &Value) -> Option<bool> {
        let at = crate::document::Location {
            doc: 0,
            pointer: pointer.to_owned(),
        };
        match self.judge.judge(&at, value) {
            Judgement::Valid => Some(true),
            Judgement::Invalid(_) => Some(false),
            Judgement::Undecided => None,
        }
    }

    /// Every reason the space's root refuses `value` (empty when it accepts it), with the root's
    /// validator compiled once however often this is asked; `None` when it does not compile.
    pub fn rejections(&self, value: &Value) -> Option<Vec<crate::validate::Rejection>> {
        let root = &self.judge.space.root;
        self.judge.validator(root).map(|v| v.errors(value))
    }
}

/// Every reason the schema under test refuses `value` as written (empty when it accepts it);
/// `None` when the schema does not compile.
pub fn rejections(space: &Space<'_>, value: &Value) -> Option<Vec<crate::validate::Rejection>> {
    let judge = judge::Judge::new(space);
    judge
        .validator(&space.root)
        .map(|validator| validator.errors(value))
}

/// What [`sample`] found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SampleRun {
    /// The values, in the order found.
    pub values: Vec<Value>,
    /// Values generated (valid or not).
    pub generated: usize,
    /// Values the validator confirmed, repeats included.
    pub valid: usize,
    /// Attempts made.
    pub attempts: usize,
}

fn size(value: &Value) -> usize {
    canonical::canonical_value(value).len()
}

/// V2: values from each branch of `sub`'s root union (or from `sub`), confirmed valid under
/// `sub`, checked against `sup`; the smallest rejected one. When none is rejected and
/// `still_undecided` says neither prover decided, the values `stitch sample` prints are
/// checked too.
fn sample_and_judge(
    sub: &judge::Judge<'_, '_>,
    sup: &judge::Judge<'_, '_>,
    sampler: &sample::Sampler<'_, '_>,
    options: &Options,
    still_undecided: impl FnOnce() -> bool,
) -> (Samples, Option<(Value, Rejection)>) {
    let mut counts = Samples::default();
    let mut seen = foldhash::HashSet::default();
    // The smallest rejected value, with its size (the length of its canonical text, which
    // the de-duplication writes anyway).
    let mut found: Option<(Value, Rejection, usize)> = None;
    // Every value is checked against SUP; the rejection is spelled out (most of a judgement's
    // cost) only for one smaller than the least rejected so far, which it then replaces.
    let check = |value: Value, size: usize, found: &mut Option<(Value, Rejection, usize)>| {
        if sup.doubts(&sup.space.root, &value)
            && found.as_ref().is_none_or(|(_, _, least)| size < *least)
            && let Judgement::Invalid(rejection) = sup.judge(&sup.space.root, &value)
        {
            *found = Some((value, rejection, size));
        }
    };
    let groups: Vec<Option<usize>> = match sampler.root_union() {
        Some((_, n)) => (0..n).map(Some).collect(),
        None => vec![None],
    };
    let systematic = options.samples.min(32);
    for (g, group) in groups.iter().enumerate() {
        for attempt in 0..options.samples {
            let group_seed = options.seed.wrapping_add(g as u64 * 0x1_0000_0001);
            let mut chooser = if attempt < systematic {
                sample::Chooser::systematic(attempt, group_seed)
            } else {
                sample::Chooser::random(attempt, group_seed)
            };
            let Some(value) = sampler.root(*group, &mut chooser) else {
                continue;
            };
            let key = canonical::canonical_value(&value);
            let size = key.len();
            if !seen.insert(key) {
                continue;
            }
            counts.generated += 1;
            let valid = sub.judge_root(options.semantics, &value);
            if valid != Judgement::Valid {
                continue;
            }
            counts.valid += 1;
            counts.checked += 1;
            check(value, size, &mut found);
        }
    }
    if found.is_none() && still_undecided() {
        // Where neither prover decided, the values `stitch sample` prints for SUB (another walk
        // through its branches) are checked too, so that no value a user can see from SUB is
        // one SUP rejects unnoticed.
        let run = sample(sub.space, options.samples, options.seed, options.semantics);
        for value in run.values {
            let key = canonical::canonical_value(&value);
            let size = key.len();
            if !seen.insert(key) {
                continue;
            }
            counts.generated += 1;
            counts.valid += 1;
            counts.checked += 1;
            check(value, size, &mut found);
        }
    }
    (
        counts,
        found.map(|(value, rejection, _)| (value, rejection)),
    )
}

fn counterexample_of(
    value: Value,
    rejection: &Rejection,
    sub: &Space<'_>,
    sub_judge: &judge::Judge<'_, '_>,
    sampler: &sample::Sampler<'_, '_>,
    sup: &Space<'_>,
    found_by: &'static str,
) -> Counterexample {
    let branch = sampler.root_union().and_then(|(keyword, n)| {
        (0..n).find_map(|i| {
            let at = Location {
                doc: sub.root.doc,
                pointer: crate::schema::pointer::push_index(
                    &crate::schema::pointer::push(&sub.root.pointer, keyword),
                    i,
                ),
            };
            (sub_judge.judge(&at, &value) == Judgement::Valid).then(|| sub.relative(&at))
        })
    });
    Counterexample {
        value,
        branch,
        rejected_by: rejected_by(sup, rejection),
        message: rejection.message.clone(),
        found_by,
    }
}

/// A place of `sup` as the user reads it: the pointer in the schema under test, or
/// `file#pointer` in another document.
fn pointer_in(space: &Space<'_>, at: &Location) -> String {
    if at.doc == space.root.doc {
        space.relative(at)
    } else {
        let name = &space.loaded.documents[at.doc].source.name;
        format!("{name}#{}", at.pointer)
    }
}

/// The pointer of the keyword a validator named.
fn rejected_by(sup: &Space<'_>, rejection: &Rejection) -> String {
    let Some(uri) = &rejection.keyword_uri else {
        return rejection.schema_path.clone();
    };
    let (base, fragment) = pointer::split_fragment(uri);
    for doc in 0..sup.loaded.documents.len() {
        let (doc_uri, root) = sup.resource_of(doc);
        let document = &sup.loaded.documents[doc];
        let id = document
            .value
            .pointer(root)
            .and_then(|schema| schema.get(document.draft.id_keyword()))
            .and_then(Value::as_str)
            .map(pointer::without_fragment);
        if pointer::without_fragment(&doc_uri) == base || id == Some(base) {
            let at = Location {
                doc,
                pointer: format!("{root}{fragment}"),
            };
            return pointer_in(sup, &at);
        }
    }
    uri.clone()
}

/// The canonical form's answer, where it can give one in time (V1, last paragraph). Under
/// `declared` semantics it is asked about `sub` itself, which accepts at least close(sub): a
/// `yes` proves the inclusion all the more.
fn second_opinion<'a>(sub: &Space<'a>, sup: &Space<'a>) -> Option<bool> {
    let sub_value = sub.value(&sub.root)?;
    let sup_value = sup.value(&sup.root)?;
    let draft = sub.draft(&sub.root);
    if draft != sup.draft(&sup.root) {
        return None;
    }
    if canonical::canonical(sub_value).len() + canonical::canonical(sup_value).len()
        > SECOND_OPINION_MAX_BYTES
    {
        return None;
    }
    let sub_uri = sub.resource_of(0).0;
    let mut sup_uri = sup.resource_of(0).0;
    if sup_uri == sub_uri {
        // Two documents at one URI cannot share a registry; the query keeps relative
        // references resolving the same.
        sup_uri = format!(
            "{}?stitch-presentation",
            pointer::without_fragment(&sup_uri)
        );
    }
    let mut resources: Vec<(String, &Value, Draft)> = Vec::new();
    for space in [sub, sup] {
        for doc in 1..space.loaded.documents.len() {
            let document = &space.loaded.documents[doc];
            let uri = document.uri.to_string();
            if !resources.iter().any(|(u, _, _)| *u == uri) {
                resources.push((uri, &document.value, document.draft));
            }
        }
    }
    let borrowed: Vec<Resource<'_>> = resources
        .iter()
        .map(|(uri, value, draft)| Resource {
            uri,
            value,
            draft: *draft,
        })
        .collect();
    SchemaSet::canonical_covers(
        (sub_value, &sub_uri),
        (sup_value, &sup_uri),
        draft,
        &borrowed,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Finding, SourceText};
    use crate::document::Document;
    use crate::document::refs::{self, Fetch, RefMap};
    use crate::document::{Contents, Loaded};
    use serde_json::json;
    use std::sync::Arc;

    struct NoFiles;
    impl Fetch for NoFiles {
        fn fetch(&mut self, path: &std::path::Path) -> Result<Arc<SourceText>, Finding> {
            Err(Finding::error(
                crate::diagnostic::codes::READ,
                path.display().to_string(),
            ))
        }
    }

    /// A loaded document, its references resolved but *not* refused for cycles (loading would
    /// refuse an in-place cycle, L5; the prover must still be safe without that guard).
    fn unguarded(value: Value) -> Loaded {
        let text = canonical::pretty(&value);
        let source = Arc::new(SourceText {
            name: "t.json".to_owned(),
            text: text.into(),
        });
        let document = Document {
            source,
            value,
            uri: url::Url::parse("file:///t.json").expect("a URI"),
            draft: Draft::Draft2020_12,
        };
        let resolution = refs::resolve(document, &[""], &RefMap::new(Vec::new()), &mut NoFiles);
        Loaded {
            documents: resolution.documents,
            contents: Contents::Schema {
                name: "t".to_owned(),
            },
            references: resolution.references,
            findings: Vec::new(),
        }
    }

    fn prove(sub: &Loaded, sup: &Loaded, budget: usize) -> prove::Proof {
        let (a, b) = (Space::new(sub, ""), Space::new(sup, ""));
        let (ca, cb) = (judge::Judge::new(&a), judge::Judge::new(&b));
        prove::Prover::new(&ca, &cb, Semantics::Declared, budget).prove()
    }

    #[test]
    fn a_cycle_through_all_of_in_sup_is_unknown() {
        let sub = unguarded(json!({"type": "string"}));
        let sup = unguarded(json!({
            "$ref": "#/$defs/a",
            "$defs": {
                "a": {"allOf": [{"$ref": "#/$defs/b"}]},
                "b": {"allOf": [{"$ref": "#/$defs/a"}]}
            }
        }));
        match prove(&sub, &sup, prove::DEFAULT_BUDGET) {
            prove::Proof::Doubt(doubt) => {
                assert_eq!(doubt.reason, "a cycle through in-place applicators");
            }
            prove::Proof::Proven => panic!("a cycle through allOf is proven"),
        }
    }

    #[test]
    fn a_cycle_through_all_of_in_sub_is_never_proven_wrong() {
        // The cycle constrains nothing by itself; what the prover sees is `{}`.
        let sub = unguarded(json!({
            "$ref": "#/$defs/a",
            "$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"anyOf": [{"$ref": "#/$defs/a"}, {"type": "integer"}]}}
        }));
        let sup = unguarded(json!({"type": "string"}));
        assert!(!prove(&sub, &sup, prove::DEFAULT_BUDGET).is_proven());
    }

    #[test]
    fn a_proof_out_of_budget_is_unknown_with_the_reason() {
        let value = json!({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "string"}}});
        let (sub, sup) = (unguarded(value.clone()), unguarded(value));
        assert!(prove(&sub, &sup, prove::DEFAULT_BUDGET).is_proven());
        let other = unguarded(
            json!({"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "string"}}}),
        );
        match prove(&sub, &other, 2) {
            prove::Proof::Doubt(doubt) => {
                assert_eq!(
                    doubt.reason,
                    "budget: the proof took more steps than allowed"
                );
            }
            prove::Proof::Proven => panic!("proven out of budget"),
        }
    }
}
