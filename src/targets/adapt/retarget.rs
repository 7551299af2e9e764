//! C4, the rewriting half: a presentation rewritten for a target, each schema's rewrites kept
//! only once proven (SPEC §3 "Targets").
//!
//! A schema goes through three stages. First the rewrites that keep every value (`oneOf` →
//! `anyOf`, `const` → `enum`, a `$ref` alone on its node). Then closing objects, which may
//! narrow: the prover compares the closed schema with the *contract* (the presentation of a
//! contract with an explicitly open branch is only implicitly open, which `declared` semantics
//! would read as closed), and when it finds a lost value the narrowing is reported with that
//! value (`stitch::target::narrowed`). The closed schema is the baseline of what follows. Last,
//! optional properties made required and nullable (F7.6), which holds only modulo null ⇒ absent:
//! the prover judges the *unmapped* schema (those keys still optional) against the baseline (the
//! presentation when nothing was closed), and `mapping::unsound` checks that the schema's shape
//! lets the mapping add `null` safely. A schema whose proof fails keeps none of its rewrites.

use serde_json::Value;

use super::listed;
use crate::canonical;
use crate::diagnostic::{Finding, codes};
use crate::document::{self, Loaded};
use crate::present::{Plan, Presented};
use crate::schema::{Draft, pointer};
use crate::targets::mapping::{self, Nulled, Stringified};
use crate::targets::rewrite::{INLINE_BUDGET, OVER_BUDGET};
use crate::targets::{self, Applied, Profile, Rewrite};
use crate::verify::{self, Report, Space, Verdict};

/// A presentation rewritten for a target.
#[derive(Debug)]
pub struct Retargeted {
    /// The rewritten document.
    pub document: Value,
    /// Its bytes.
    pub bytes: String,
    /// One note per schema rewritten (what, where, proven how), or why its rewrites were undone;
    /// the narrowings; the null ⇒ absent mappings.
    pub findings: Vec<Finding>,
    /// The keys where a model's `null` means absent.
    pub nulled: Vec<Nulled>,
    /// The enums whose values a model sends as text.
    pub stringified: Vec<Stringified>,
    /// The draft it is read in: the input's, or the one the target converted it to.
    pub draft: Draft,
}

/// One schema on its way through the stages. Only the forms that differ are kept: a schema
/// with no value mapping is the same closed, mapped or not (one copy, one load and one proof
/// fewer, which matters for a schema of megabytes, issue 16).
struct Stage {
    name: String,
    at: String,
    /// After the value-keeping rewrites and closing; `None` when it is `after`.
    closed: Option<Value>,
    /// `after` with the properties made required optional again and the enums as they were;
    /// `None` when it is `after`.
    unmapped: Option<Value>,
    after: Value,
    /// What was rewritten, but for the properties made required.
    applied: Vec<Applied>,
    closes: bool,
    /// The properties made required and nullable.
    required: Vec<Applied>,
    /// The enums written as text (`Rewrite::StringEnums`), and their values.
    enums: Vec<Applied>,
    stringified: Vec<Stringified>,
}

impl Stage {
    /// True when it records a value mapping (null ⇒ absent, enum values as text).
    fn maps(&self) -> bool {
        !self.required.is_empty() || !self.stringified.is_empty()
    }

    fn closed(&self) -> &Value {
        self.closed.as_ref().unwrap_or(&self.after)
    }

    fn unmapped(&self) -> &Value {
        self.unmapped.as_ref().unwrap_or(&self.after)
    }

    fn after(&self) -> &Value {
        &self.after
    }

    /// Back to `schema`, with nothing mapped.
    fn reset(&mut self, schema: Value) {
        self.after = schema;
        self.closed = None;
        self.unmapped = None;
    }
}

/// The presentation of `loaded` rewritten for `profile`; `None` when the profile rewrites
/// nothing in it.
pub fn retarget(
    profile: &'static Profile,
    loaded: &Loaded,
    presented: &Presented<'_>,
    plan: &Plan,
    file: &str,
) -> Option<Retargeted> {
    let mut findings = Vec::new();
    // First the draft the provider reads; the other rewrites start from what that gives.
    let redrafted = super::redraft::redraft(profile, loaded, presented, plan, file, &mut findings);
    let converted_notes = findings.len();
    let (base, base_bytes, draft) = match &redrafted {
        Some(r) => (r.document.clone(), r.bytes.clone(), Draft::Draft2020_12),
        None => (
            presented.document.clone().into_owned(),
            presented.bytes.clone(),
            loaded.input().draft,
        ),
    };
    let unchanged = |findings: Vec<Finding>| {
        let changed = redrafted.is_some() || !findings.is_empty();
        changed.then(|| Retargeted {
            document: base.clone(),
            bytes: base_bytes.clone(),
            findings,
            nulled: Vec::new(),
            stringified: Vec::new(),
            draft,
        })
    };
    let Some(mut stages) = stages(profile, loaded, &base, draft, file, &mut findings) else {
        return unchanged(findings);
    };
    // Rewritten schemas are proven as the provider reads them (its profile's view).
    let load = |stages: &[Stage], pick: fn(&Stage) -> &Value| {
        let mut document = placed(&base, stages, pick);
        for stage in stages {
            if let Some(schema) = document.pointer_mut(&stage.at) {
                profile.view.enforced(schema, draft);
            }
        }
        document::load_derived_as(canonical::pretty(&document), loaded, &plan.load, draft).ok()
    };
    // The mapping is kept only where its shape is shown sound, which needs the rewritten
    // schemas loaded; a stage left with nothing rewritten goes.
    if stages.iter().any(Stage::maps) {
        let after = load(&stages, Stage::after);
        findings.extend(keep_sound_mappings(
            profile,
            &mut stages,
            after.as_ref(),
            file,
        ));
    }
    stages.retain(|s| !s.applied.is_empty() || s.maps());
    if stages.is_empty() {
        return unchanged(findings);
    }
    let before = presentation(redrafted, &stages, loaded, presented, plan)?;
    let forms = Forms::load(&stages, load);
    if let Some(closed) = forms.closed() {
        nullable_before(&mut stages, closed, &base);
    }
    let options = verify::Options {
        semantics: plan.choices.semantics,
        ..plan.verify.unwrap_or_default()
    };
    let verify = |sub: &Loaded, sup: &Loaded, at: &str| {
        verify::verify(&Space::new(sub, at), &Space::new(sup, at), &options)
    };
    let proofs = Proofs {
        contract: loaded,
        invited: std::cell::OnceCell::new(),
        plan,
        before: before.as_ref(),
        closed: forms.closed(),
        unmapped: forms.unmapped(),
        options: &options,
    };
    let (
        kept,
        Mappings {
            nulled,
            stringified,
        },
    ) = prove_stages(profile, &mut stages, &base, &proofs, file, &mut findings);
    drop(forms);
    let undone = kept.len() < stages.len();
    if undone && !kept.is_empty() {
        // The schemas kept were proven beside the undone ones rewritten; a reference from one
        // tool's schema into another's could make that matter, so they are proven again.
        let forms = Forms::load(&stages, load);
        let holds = forms.unmapped().is_some_and(|unmapped| {
            kept.iter().all(|(at, closes)| {
                baseline(*closes, forms.closed(), before.as_ref())
                    .is_some_and(|base| verify(base, unmapped, at).verdict == Verdict::Proven)
            })
        });
        if !holds {
            all_undone(profile, &mut findings, converted_notes, kept.len(), file);
            return Some(Retargeted {
                document: base,
                bytes: base_bytes,
                findings,
                nulled: Vec::new(),
                stringified: Vec::new(),
                draft,
            });
        }
    }
    let document = placed(&base, &stages, Stage::after);
    let bytes = canonical::pretty(&document);
    if !stringified.is_empty() {
        findings.extend(collisions(
            profile,
            &document,
            loaded,
            plan,
            draft,
            &stringified,
            file,
        ));
    }
    Some(Retargeted {
        document,
        bytes,
        findings,
        nulled,
        stringified,
        draft,
    })
}

/// The presentation loaded, as the baseline of a schema whose objects were not closed (`None`
/// inside when every schema closes); `None` when it does not load.
fn presentation(
    redrafted: Option<super::redraft::Redrafted>,
    stages: &[Stage],
    loaded: &Loaded,
    presented: &Presented<'_>,
    plan: &Plan,
) -> Option<Option<Loaded>> {
    match redrafted {
        Some(r) => Some(Some(r.loaded)),
        None if stages.iter().all(|s| s.closes) => Some(None),
        None => document::load_derived(presented.bytes.clone(), loaded, &plan.load)
            .ok()
            .map(Some),
    }
}

/// Proves each stage ([`prove_stage`]); a stage not proven gets its schema back as it was.
/// Returns the pointers of the stages kept (and whether each closes objects), and their
/// null ⇒ absent mappings; the notes and the reasons go into `findings`.
fn prove_stages(
    profile: &Profile,
    stages: &mut [Stage],
    base: &Value,
    proofs: &Proofs<'_>,
    file: &str,
    findings: &mut Vec<Finding>,
) -> (Vec<(String, bool)>, Mappings) {
    let mut kept = Vec::new();
    let mut mappings = Mappings::default();
    for stage in stages {
        match prove_stage(profile, stage, proofs, file) {
            Ok((notes, these)) => {
                findings.extend(notes);
                mappings.nulled.extend(these.nulled);
                mappings.stringified.extend(these.stringified);
                kept.push((stage.at.clone(), stage.closes));
            }
            Err(why) => {
                if let Some(original) = base.pointer(&stage.at) {
                    stage.reset(original.clone());
                }
                findings.push(why);
            }
        }
    }
    (kept, mappings)
}

/// C4, issue 40: an enum value sent as text (`2` as `"2"`) that reads the same as a string
/// another branch of the same `anyOf` accepts: the call `"2"` then stands for two contract
/// values, and the way back reads it as the enum value (the recorded mapping decides, not the
/// branches' order). One warning per enum, naming the texts.
fn collisions(
    profile: &Profile,
    document: &Value,
    loaded: &Loaded,
    plan: &Plan,
    draft: Draft,
    stringified: &[Stringified],
    file: &str,
) -> Vec<Finding> {
    let mut shown = document.clone();
    profile.view.enforced(&mut shown, draft);
    let text = canonical::pretty(&shown);
    let Ok(after) = document::load_derived_as(text, loaded, &plan.load, draft) else {
        return Vec::new();
    };
    let space = Space::new(&after, "");
    let places = verify::Places::new(&space);
    let mut out = Vec::new();
    for s in stringified {
        // Only an enum that is itself a branch of a union: one deeper (a property of a
        // branch) sits beside no string its text could be.
        let Some((union, Ok(own))) =
            (s.at.rsplit_once("/anyOf/")).map(|(u, i)| (u, i.parse::<usize>()))
        else {
            continue;
        };
        let Some(Value::Array(branches)) = document.pointer(&format!("{union}/anyOf")) else {
            continue;
        };
        let siblings: Vec<String> = (0..branches.len())
            .filter(|&i| i != own)
            .map(|i| format!("{union}/anyOf/{i}"))
            .collect();
        let texts: Vec<String> = (s.values.iter())
            .filter(|v| !v.is_string())
            .map(crate::targets::enum_text)
            .filter(|t| {
                let text = Value::String(t.clone());
                siblings
                    .iter()
                    .any(|b| places.admits(b, &text) == Some(true))
            })
            .collect();
        if let Some(first) = texts.first() {
            let shown: Vec<String> = texts.iter().map(|t| format!("`\"{t}\"`")).collect();
            out.push(
                Finding::of(
                    codes::TARGET_TEXT_COLLISION,
                    format!(
                        "{}: the enum at #{} is sent as text, and {} {} also a string another branch of the union accepts; `stitch validate` reads {} back as the enum value",
                        profile.id(),
                        s.at,
                        super::listed(&shown),
                        if texts.len() == 1 { "is" } else { "are" },
                        if texts.len() == 1 { "it" } else { "them" },
                    ),
                )
                .in_file(file)
                .at(s.at.clone())
                .with_help(format!(
                    "the contract's string \"{first}\" can then never reach the tool; make the string branch exclude the enum's texts, or tell the branches apart by a key"
                )),
            );
        }
    }
    out
}

/// The value mappings kept stages record.
#[derive(Debug, Default)]
struct Mappings {
    nulled: Vec<Nulled>,
    stringified: Vec<Stringified>,
}

/// When the stages kept could not be proven again without those undone: every stage's notes
/// go but for the reasons, and a warning says so. The notes before `from` (the draft
/// conversion's, proven on its own) stand.
fn all_undone(
    profile: &Profile,
    findings: &mut Vec<Finding>,
    from: usize,
    kept: usize,
    file: &str,
) {
    let rest = findings.split_off(from);
    findings.extend(
        rest.into_iter()
            .filter(|f| f.code == codes::TARGET_REWRITE_UNPROVEN),
    );
    findings.push(
        Finding::of(
            codes::TARGET_REWRITE_UNPROVEN,
            format!(
                "{}: the rewrites of {kept} other schemas were undone too: they were proven only beside those undone",
                profile.id(),
            ),
        )
        .in_file(file),
    );
}

/// The documents a stage is proven with.
struct Proofs<'a> {
    contract: &'a Loaded,
    /// The contract with every object it leaves explicitly open closed (under `strict`
    /// semantics, every open object): a narrowing is the contract's invitation only when the
    /// closed schema accepts all of this one ([`invited`]). Made when first asked for.
    invited: std::cell::OnceCell<Option<Loaded>>,
    plan: &'a Plan,
    /// The presentation, where a stage that does not close needs it.
    before: Option<&'a Loaded>,
    closed: Option<&'a Loaded>,
    unmapped: Option<&'a Loaded>,
    options: &'a verify::Options,
}

/// Proves one stage. Closing is judged against the contract: the presentation of a contract
/// with an explicitly open branch is only implicitly open, and `declared` semantics would read
/// it as closed. The rest is judged against the closed schema, whose objects say what they
/// accept. Kept: the notes and the null ⇒ absent mapping; not kept: the finding that says why.
fn prove_stage(
    profile: &Profile,
    stage: &Stage,
    proofs: &Proofs<'_>,
    file: &str,
) -> Result<(Vec<Finding>, Mappings), Finding> {
    let verify = |sub: &Loaded, sup: &Loaded| {
        verify::verify(
            &Space::new(sub, &stage.at),
            &Space::new(sup, &stage.at),
            proofs.options,
        )
    };
    let mut notes = Vec::new();
    let mut narrowing = false;
    if stage.closes
        && let Some(closed) = proofs.closed
    {
        let report = verify(proofs.contract, closed);
        if report.verdict != Verdict::Proven {
            let invited = invited(proofs)
                .is_some_and(|invited| verify(invited, closed).verdict == Verdict::Proven);

            notes.push(narrowed(profile, stage, &report, invited, file));
            narrowing = true;
        }
    }
    let base = if stage.closes {
        proofs.closed
    } else {
        proofs.before
    };
    let proven = match (base, proofs.unmapped) {
        // Nothing mapped anywhere: the closed document is the rewritten one.
        (Some(base), Some(unmapped)) if std::ptr::eq(base, unmapped) => Ok(()),
        (Some(base), Some(unmapped)) => {
            let report = verify(base, unmapped);
            if report.verdict == Verdict::Proven {
                Ok(())
            } else {
                Err(Some(report))
            }
        }
        _ => Err(None),
    };
    if let Err(report) = proven {
        return Err(unproven(profile, stage, report.as_ref(), file));
    }
    let against = match (stage.closes, narrowing) {
        (false, _) => "the presentation",
        (true, false) => "the contract",
        (true, true) => "the closed presentation",
    };
    notes.push(rewritten(profile, stage, against, file));
    let mut nulled = Vec::new();
    if !stage.required.is_empty() {
        nulled = nulled_of(stage);
        notes.push(nullable(profile, stage, &nulled, file));
        notes.extend(ambiguous(profile, stage, file));
    }
    let stringified = stage.stringified.clone();
    Ok((
        notes,
        Mappings {
            nulled,
            stringified,
        },
    ))
}

/// The mappings' shape, checked on the rewritten schemas (`after`, with their references
/// resolved; `None` when they do not load, which shows nothing): a stage whose mappings are not
/// shown sound keeps its optional properties optional and its enums as they were, and a
/// finding says why.
fn keep_sound_mappings(
    profile: &Profile,
    stages: &mut [Stage],
    after: Option<&Loaded>,
    file: &str,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    for stage in stages.iter_mut().filter(|s| s.maps()) {
        let why = match after {
            Some(after) => mapping::unsound(after, &stage.at),
            None => Some("the rewritten schema does not load, so nothing".to_owned()),
        };
        let Some(why) = why else {
            continue;
        };
        let what = match (stage.required.is_empty(), stage.stringified.is_empty()) {
            (false, true) => "optional properties left optional",
            (true, false) => "enums left as they were",
            _ => "optional properties left optional and enums as they were",
        };
        if let Some(closed) = stage.closed.take() {
            stage.after = closed;
        }
        stage.unmapped = None;
        stage.required.clear();
        stage.enums.clear();
        stage.stringified.clear();
        findings.push(
            Finding::of(
                codes::TARGET_REWRITE_UNPROVEN,
                format!(
                    "{}: {}: {what}: {why} could judge a value differently once it is mapped (a left-out key sent as `null`, an enum value as text)",
                    profile.id(),
                    stage.name
                ),
            )
            .in_file(file)
            .at(stage.at.clone()),
        );
    }
    findings
}

/// Marks each property made required whose schema accepted `null` before (judged by the
/// validator in `closed`, where it still sits where it was rewritten): there a model's `null`
/// and an absent key are one value; and each whose `default` there (or in `base`, the document
/// before the target's rewrites) is `null`.
fn nullable_before(stages: &mut [Stage], closed: &Loaded, base: &Value) {
    for stage in stages {
        let space = Space::new(closed, &stage.at);
        let places = verify::Places::new(&space);
        for made in &mut stage.required {
            let at = pointer::within(&stage.at, &made.origin);
            made.was_nullable |= places.admits(&at, &Value::Null) == Some(true);
            // `base` is the document before the target's rewrites, which may drop `default`.
            made.null_default |= [closed.input().value.pointer(&at), base.pointer(&at)]
                .iter()
                .any(|p| p.and_then(|p| p.get("default")) == Some(&Value::Null));
        }
    }
}

/// What a stage's rewrites are proven against: the closed schema when it closes objects, the
/// presentation otherwise; `None` when the closed schema does not load.
fn baseline<'a>(
    closes: bool,
    closed: Option<&'a Loaded>,
    before: Option<&'a Loaded>,
) -> Option<&'a Loaded> {
    if closes { closed } else { before }
}

/// The closed and the unmapped documents, loaded once when they are the same (no stage maps a
/// value); `None` where one does not load.
struct Forms {
    closed: Option<Loaded>,
    /// `None` when it is `closed`.
    unmapped: Option<Option<Loaded>>,
}

impl Forms {
    fn load(
        stages: &[Stage],
        load: impl Fn(&[Stage], fn(&Stage) -> &Value) -> Option<Loaded>,
    ) -> Forms {
        let same = stages
            .iter()
            .all(|s| s.closed.is_none() && s.unmapped.is_none());
        Forms {
            closed: load(stages, Stage::closed),
            unmapped: (!same).then(|| load(stages, Stage::unmapped)),
        }
    }

    fn closed(&self) -> Option<&Loaded> {
        self.closed.as_ref()
    }

    fn unmapped(&self) -> Option<&Loaded> {
        match &self.unmapped {
            None => self.closed.as_ref(),
            Some(unmapped) => unmapped.as_ref(),
        }
    }
}

/// `base` with each stage's schema (as `pick` chooses) in its place.
fn placed(base: &Value, stages: &[Stage], pick: fn(&Stage) -> &Value) -> Value {
    // A stage at the root is the whole document: clone it alone.
    if let Some(root) = stages.iter().find(|s| s.at.is_empty()) {
        return pick(root).clone();
    }
    let mut document = base.clone();
    for stage in stages {
        if let Some(slot) = document.pointer_mut(&stage.at) {
            *slot = pick(stage).clone();
        }
    }
    document
}

/// Each schema of the presentation through the stages; `None` when nothing was rewritten.
fn stages(
    profile: &Profile,
    loaded: &Loaded,
    base: &Value,
    draft: Draft,
    file: &str,
    findings: &mut Vec<Finding>,
) -> Option<Vec<Stage>> {
    let keeping: Vec<Rewrite> = profile
        .rewrites
        .iter()
        .copied()
        .filter(|r| {
            !matches!(
                r,
                Rewrite::CloseObjects
                    | Rewrite::RequireAll
                    | Rewrite::RequiredList
                    | Rewrite::StringEnums
            )
        })
        .collect();
    let has = |r: Rewrite| profile.rewrites.contains(&r);
    let mut stages = Vec::new();
    for (name, at) in loaded.contents.schemas() {
        let mut schema = base.pointer(at)?.clone();
        let mut applied = targets::apply(&keeping, &mut schema, draft, at);
        if let Some(over) = applied.iter().position(|a| a.keyword == OVER_BUDGET) {
            applied.remove(over);
            findings.push(
                Finding::of(
                    codes::TARGET_BUDGET,
                    format!(
                        "{}: {name}: inlining references stopped at its budget of {INLINE_BUDGET} values; the references left stay",
                        profile.id()
                    ),
                )
                .in_file(file)
                .at(at.to_owned()),
            );
        }
        let mut closes = false;
        if has(Rewrite::CloseObjects) {
            let closings = targets::apply(&[Rewrite::CloseObjects], &mut schema, draft, at);
            closes = !closings.is_empty();
            applied.extend(closings);
        }
        // The forms a value mapping needs are copied only where the profile maps values.
        let closed =
            (has(Rewrite::RequireAll) || has(Rewrite::StringEnums)).then(|| schema.clone());
        let required = if has(Rewrite::RequireAll) {
            targets::apply(&[Rewrite::RequireAll], &mut schema, draft, at)
        } else {
            Vec::new()
        };
        if has(Rewrite::RequiredList) {
            applied.extend(targets::apply(
                &[Rewrite::RequiredList],
                &mut schema,
                draft,
                at,
            ));
        }
        // Last, so that nothing moves the enums written as text.
        let mapped = has(Rewrite::StringEnums).then(|| schema.clone());
        let enums = match mapped {
            Some(_) => targets::apply(&[Rewrite::StringEnums], &mut schema, draft, at),
            None => Vec::new(),
        };
        if applied.is_empty() && required.is_empty() && enums.is_empty() {
            continue;
        }
        let maps = !required.is_empty() || !enums.is_empty();
        let (stringified, unmapped) = match &mapped {
            Some(mapped) if maps => (
                stringified_of(at, mapped, &enums),
                Some(optional_again(
                    texts_undone(schema.clone(), mapped, &enums),
                    &required,
                )),
            ),
            _ if maps => (Vec::new(), Some(optional_again(schema.clone(), &required))),
            _ => (Vec::new(), None),
        };
        stages.push(Stage {
            name: name.to_owned(),
            at: at.to_owned(),
            closed: closed.filter(|_| maps),
            unmapped,
            after: schema,
            applied,
            closes,
            required,
            enums,
            stringified,
        });
    }
    (!stages.is_empty()).then_some(stages)
}

/// The enums `enums` wrote as text (in `schema`, at the root of the document at `at`), with
/// their values as `before` has them.
fn stringified_of(at: &str, before: &Value, enums: &[Applied]) -> Vec<Stringified> {
    enums
        .iter()
        .filter_map(|e| {
            let values = before.pointer(&e.at)?.get("enum")?.as_array()?.clone();
            Some(Stringified {
                at: pointer::within(at, &e.at),
                values,
            })
        })
        .collect()
}

/// `schema` with each enum written as text put back as it was in `before`.
fn texts_undone(mut out: Value, before: &Value, enums: &[Applied]) -> Value {
    for e in enums {
        if let (Some(slot), Some(was)) = (out.pointer_mut(&e.at), before.pointer(&e.at)) {
            *slot = was.clone();
        }
    }
    out
}

/// The object schema holding a property, from the property's pointer (`…/properties/KEY`), and
/// the key.
fn object_of(property: &str) -> Option<(String, String)> {
    let mut tokens = pointer::tokens(property)?;
    let key = tokens.pop()?;
    tokens.pop()?;
    let mut object = String::new();
    for token in &tokens {
        pointer::push_token(&mut object, token);
    }
    Some((object, key))
}

/// `schema` with the properties `required` made required taken out of `required` again (and
/// `required` itself when nothing is left).
fn optional_again(mut out: Value, required: &[Applied]) -> Value {
    for made in required {
        let Some((object, key)) = object_of(&made.at) else {
            continue;
        };
        let Some(Value::Object(map)) = out.pointer_mut(&object) else {
            continue;
        };
        if let Some(Value::Array(names)) = map.get_mut("required") {
            names.retain(|n| n.as_str() != Some(key.as_str()));
            if names.is_empty() {
                map.shift_remove("required");
            }
        }
    }
    out
}

/// The mapping a kept stage records, in document pointers.
fn nulled_of(stage: &Stage) -> Vec<Nulled> {
    stage
        .required
        .iter()
        .filter_map(|made| {
            let (object, key) = object_of(&made.at)?;
            Some(Nulled {
                object: pointer::within(&stage.at, &object),
                key,
                was_nullable: made.was_nullable,
            })
        })
        .collect()
}

/// "`keyword` at #pointer" for each rewrite, in document pointers.
fn places<'a>(stage: &Stage, applied: impl Iterator<Item = &'a Applied>) -> Vec<String> {
    applied
        .map(|a| format!("`{}` at #{}", a.keyword, pointer::within(&stage.at, &a.at)))
        .collect()
}

/// The note on a kept stage: what was rewritten where, and what the proof showed.
fn rewritten(profile: &Profile, stage: &Stage, baseline: &str, file: &str) -> Finding {
    let places = places(stage, stage.applied.iter().chain(&stage.enums));
    let modulo = match (stage.required.is_empty(), stage.stringified.is_empty()) {
        (true, true) => "",
        (false, true) => ", modulo null ⇒ absent",
        (true, false) => ", modulo enum values sent as text",
        (false, false) => ", modulo null ⇒ absent and enum values sent as text",
    };
    let what = if places.is_empty() {
        String::from("rewrote optional properties")
    } else {
        format!("rewrote {}", listed(&places))
    };
    let message = format!(
        "{}: {}: {what}; proven to accept every value {baseline} accepts{modulo}",
        profile.id(),
        stage.name,
    );
    let mut kinds: Vec<String> = Vec::new();
    for a in stage
        .applied
        .iter()
        .chain(&stage.required)
        .chain(&stage.enums)
    {
        let described = a.rewrite.describe();
        if !kinds.contains(&described) {
            kinds.push(described);
        }
    }
    Finding::of(codes::TARGET_REWRITTEN, message)
        .in_file(file)
        .at(stage.at.clone())
        .with_help(kinds.join("; "))
}

/// The warning that closing objects lost values, with one of them.
/// The narrowing closing objects makes: a warning where the contract invited it (every value
/// lost uses an object the contract left explicitly open, or any open object under `strict`
/// semantics: `invited`), else an error naming the rewrite (issue 39), for the presentation
/// would refuse values the contract accepts that nothing in the contract says may go.
fn narrowed(
    profile: &Profile,
    stage: &Stage,
    report: &Report,
    invited: bool,
    file: &str,
) -> Finding {
    let finding = super::narrowing(
        &profile.id(),
        &stage.name,
        "closing objects",
        &stage.at,
        report,
        file,
    );
    if invited {
        return finding.with_help(format!(
            "{} needs `additionalProperties: false` on every object, so keys beyond the declared ones cannot be sent; the contract leaves them open explicitly, and they are closed for this target only",
            profile.name
        ));
    }
    Finding {
        severity: crate::diagnostic::Severity::Error,
        ..finding.with_help(format!(
            "closing objects for {} loses values the contract accepts without leaving any object explicitly open; declare the keys such values carry, or use the provider's non-strict mode",
            profile.name
        ))
    }
}

/// [`Proofs::invited`], made on first use: the contract document with its explicitly open
/// objects closed (`strict::close_invited`); `None` when it does not load.
fn invited<'p>(proofs: &'p Proofs<'_>) -> Option<&'p Loaded> {
    proofs
        .invited
        .get_or_init(|| {
            let input = proofs.contract.input();
            let mut value = input.value.clone();
            let schemas = proofs.contract.contents.schemas();
            let roots: Vec<&str> = schemas.iter().map(|(_, at)| *at).collect();
            crate::targets::strict::close_invited(
                &mut value,
                &roots,
                input.draft,
                proofs.plan.choices.semantics,
            );
            let text = canonical::pretty(&value);
            document::load_derived_as(text, proofs.contract, &proofs.plan.load, input.draft).ok()
        })
        .as_ref()
}

/// The note on the properties made required and nullable.
fn nullable(profile: &Profile, stage: &Stage, nulled: &[Nulled], file: &str) -> Finding {
    let places: Vec<String> = nulled
        .iter()
        .map(|n| {
            format!(
                "#{}",
                pointer::push(&pointer::push(&n.object, "properties"), &n.key)
            )
        })
        .collect();
    let count = nulled.len();
    let message = format!(
        "{}: {}: {count} optional propert{} made required and nullable; the model sends `null` for a key it leaves out: {}",
        profile.id(),
        stage.name,
        if count == 1 { "y" } else { "ies" },
        listed(&places)
    );
    // Where `null` was accepted before, the warning `ambiguous` says so.
    let help =
        "`stitch validate` maps `null` there back to an absent key before judging by the contract";
    Finding::of(codes::TARGET_NULLABLE, message)
        .in_file(file)
        .at(stage.at.clone())
        .with_help(help)
}

/// The warning on the properties whose `null` means two things (issue 40): made required and
/// nullable, accepting `null` before, and without `"default": null` (where both mean the same).
fn ambiguous(profile: &Profile, stage: &Stage, file: &str) -> Option<Finding> {
    let places: Vec<String> = (stage.required.iter())
        .filter(|made| made.was_nullable && !made.null_default)
        .map(|made| format!("#{}", pointer::within(&stage.at, &made.at)))
        .collect();
    let first = places.first()?.clone();
    let count = places.len();
    Some(
        Finding::of(
            codes::TARGET_NULL_AMBIGUOUS,
            format!(
                "{}: {}: `null` at {} can mean the key was left out or a real `null`; `stitch validate` reads it as a real `null` wherever the contract accepts that",
                profile.id(),
                stage.name,
                listed(&places)
            ),
        )
        .in_file(file)
        .at(first.trim_start_matches('#').to_owned())
        .with_help(format!(
            "where the two mean the same, write `\"default\": null` at {} in the contract; where they do not, make {} required there or split the tool",
            if count == 1 { "that key" } else { "those keys" },
            if count == 1 { "it" } else { "them" },
        )),
    )
}

/// The warning that a schema's rewrites were undone, and why.
fn unproven(profile: &Profile, stage: &Stage, report: Option<&Report>, file: &str) -> Finding {
    let places = places(
        stage,
        stage
            .applied
            .iter()
            .chain(&stage.required)
            .chain(&stage.enums),
    );
    Finding::of(
        codes::TARGET_REWRITE_UNPROVEN,
        format!(
            "{}: {}: rewrites not kept ({})",
            profile.id(),
            stage.name,
            listed(&places)
        ),
    )
    .in_file(file)
    .at(stage.at.clone())
    .with_help(unproven_help(report, &stage.name))
}

/// Why a schema's rewrites were not kept. Unknown is the prover's limit; refuted, or a
/// presentation that does not load, is a bug in a rewrite.
fn unproven_help(report: Option<&Report>, name: &str) -> String {
    const BUG: &str = "this is a bug in stitch: please report it with the contract";
    match report {
        Some(r) if r.verdict == Verdict::Unknown => {
            let reason = r.reason.as_ref().map_or(String::new(), |r| {
                format!(": `{}` at #{}: {}", r.keyword, r.pointer, r.message)
            });
            format!(
                "the prover could not decide it{reason}; the findings below say what the target still refuses"
            )
        }
        Some(r) => format!("{}; {BUG}", r.headline(name)),
        None => format!("the rewritten presentation does not load; {BUG}"),
    }
}
