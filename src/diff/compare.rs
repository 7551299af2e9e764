//! D2: how two documents' schemas compare, for `stitch diff`. Each pair of schemas (the one
//! schema of each side, or tools matched by name, `pairing`) is verified both ways: OLD ⊆ NEW
//! (*backward*: every value OLD accepted, NEW still accepts) and NEW ⊆ OLD (*forward*); the two
//! verdicts give the class. A tool only OLD has is `removed` (its callers' values are all
//! rejected: a break, shown with one of its values); one only NEW has is `added`.
//!
//! Also the documents `diff --flatten` and `diff --target` compare: a contract's presentation,
//! as stitch writes it or as a provider reads it ([`presentation`]).

use serde_json::Value;

use super::pairing;
use crate::canonical;
use crate::diagnostic::Finding;
use crate::diff::changes::{self, Change};
use crate::document::{self, Contents, Loaded};
use crate::present::Plan;
use crate::targets::Profile;
use crate::verify::{self, Report, Space, Verdict};

/// D2: the class of one pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Each accepts every value the other does.
    Equivalent,
    /// NEW accepts every value OLD did, and more.
    Widened,
    /// Some value OLD accepted, NEW rejects (the counterexample shows one); NEW is proven to
    /// accept nothing OLD did not, or whether it does is undecided.
    Breaking,
    /// Some value OLD accepted, NEW rejects, and NEW accepts values OLD did not.
    NarrowedAndWidened,
    /// Undecided: the prover could not tell (the reports say which keyword stopped it).
    Unknown,
    /// A tool only NEW has.
    Added,
    /// A tool only OLD has: every value of it is now refused.
    Removed,
}

impl Class {
    /// Its name in output.
    pub fn name(self) -> &'static str {
        match self {
            Class::Equivalent => "equivalent",
            Class::Widened => "widened",
            Class::Breaking => "breaking",
            Class::NarrowedAndWidened => "narrowed-and-widened",
            Class::Unknown => "unknown",
            Class::Added => "added",
            Class::Removed => "removed",
        }
    }

    /// The class of the verdicts OLD ⊆ NEW (`backward`) and NEW ⊆ OLD (`forward`).
    pub fn of(backward: Verdict, forward: Verdict) -> Class {
        match (backward, forward) {
            (Verdict::Refuted, Verdict::Refuted) => Class::NarrowedAndWidened,
            (Verdict::Refuted, _) => Class::Breaking,
            (Verdict::Proven, Verdict::Proven) => Class::Equivalent,
            (Verdict::Proven, Verdict::Refuted) => Class::Widened,
            _ => Class::Unknown,
        }
    }

    /// True when a value OLD accepted is shown to be rejected now.
    pub fn breaks(self) -> bool {
        matches!(
            self,
            Class::Breaking | Class::NarrowedAndWidened | Class::Removed
        )
    }
}

/// One pair compared.
#[derive(Debug, Clone)]
pub struct Comparison {
    /// The tool's name (the first side's schema name for two bare schemas).
    pub name: String,
    /// Its class.
    pub class: Class,
    /// The schema's pointer in OLD (`None`: added).
    pub old: Option<String>,
    /// The schema's pointer in NEW (`None`: removed).
    pub new: Option<String>,
    /// OLD ⊆ NEW; `None` for an added tool, or when the two are the same schema written alike
    /// (nothing to prove).
    pub backward: Option<Report>,
    /// NEW ⊆ OLD; `None` for a removed tool, or the same schema written alike.
    pub forward: Option<Report>,
    /// D3: the edits, the tool's description first.
    pub changes: Vec<Change>,
    /// D4: OLD's schema in canonical pretty form (empty for an added tool).
    pub old_text: String,
    /// NEW's, likewise.
    pub new_text: String,
}

impl Comparison {
    /// True when the two sides differ at all: in class, an edit, or their canonical text.
    pub fn changed(&self) -> bool {
        !matches!(self.class, Class::Equivalent | Class::Unknown)
            || !self.changes.is_empty()
            || self.old_text != self.new_text
    }

    /// True when whether a value OLD accepted is refused now is undecided.
    pub fn doubtful(&self) -> bool {
        self.backward
            .as_ref()
            .is_some_and(|r| r.verdict == Verdict::Unknown)
    }
}

/// D1, D2: every pair of `old` and `new`, in OLD's order, then the tools only NEW has. `Err`
/// when OLD holds no schema.
pub fn compare(
    old: &Loaded,
    new: &Loaded,
    options: &verify::Options,
) -> Result<Vec<Comparison>, String> {
    let pairing = pairing::pair(old, new, pairing::Single::ToolsByName)?;
    let text = |loaded: &Loaded, at: &str| {
        loaded
            .input()
            .value
            .pointer(at)
            .map(canonical::canonical_pretty)
            .unwrap_or_default()
    };
    let mut out = Vec::new();
    for pair in &pairing.pairs {
        let (a, b) = (value_at(old, &pair.first), value_at(new, &pair.second));
        let mut edits: Vec<Change> =
            changes::tool_description(description(old, &pair.name), description(new, &pair.name))
                .into_iter()
                .collect();
        edits.extend(changes::changes(a, b, old.input().draft));
        let (old_text, new_text) = (text(old, &pair.first), text(new, &pair.second));
        // The same schema, written alike, with nothing outside it to read: equal.
        let alike = old_text == new_text
            && old.input().draft == new.input().draft
            && old.references.is_empty()
            && new.references.is_empty();
        let (backward, forward) = if alike {
            (None, None)
        } else {
            let (x, y) = (Space::new(old, &pair.first), Space::new(new, &pair.second));
            (
                Some(verify::verify(&x, &y, options)),
                Some(verify::verify(&y, &x, options)),
            )
        };
        let class = match (&backward, &forward) {
            (Some(b), Some(f)) => Class::of(b.verdict, f.verdict),
            _ => Class::Equivalent,
        };
        out.push(Comparison {
            name: pair.name.clone(),
            class,
            old: Some(pair.first.clone()),
            new: Some(pair.second.clone()),
            backward,
            forward,
            changes: edits,
            old_text,
            new_text,
        });
    }
    for (name, at) in &pairing.missing {
        out.push(Comparison {
            name: name.clone(),
            class: Class::Removed,
            old: Some(at.clone()),
            new: None,
            backward: Some(crate::present::missing_tool(old, name, at, "NEW", options)),
            forward: None,
            changes: Vec::new(),
            old_text: text(old, at),
            new_text: String::new(),
        });
    }
    for (name, at) in &pairing.added {
        out.push(Comparison {
            name: name.clone(),
            class: Class::Added,
            old: None,
            new: Some(at.clone()),
            backward: None,
            forward: Some(crate::present::missing_tool(new, name, at, "OLD", options)),
            changes: Vec::new(),
            old_text: String::new(),
            new_text: text(new, at),
        });
    }
    Ok(out)
}

fn value_at<'v>(loaded: &'v Loaded, at: &str) -> &'v Value {
    loaded
        .input()
        .value
        .pointer(at)
        .unwrap_or(&Value::Bool(true))
}

/// The description of the tool `name`, if the document is a tool or a tool list.
fn description<'l>(loaded: &'l Loaded, name: &str) -> Option<&'l str> {
    let tools = match &loaded.contents {
        Contents::Schema { .. } => return None,
        Contents::Tool(tool) => std::slice::from_ref(tool),
        Contents::Tools { tools, .. } => tools.as_slice(),
    };
    tools
        .iter()
        .find(|t| t.name == name)
        .and_then(|t| t.description.as_deref())
}

/// `diff --flatten` and `diff --target`: `loaded`'s presentation, loaded as a document of the
/// same kind and place: flattened by `plan`, then, for a `target`, rewritten for it and read
/// as the provider reads it (its view). The rewrites are checked as `flatten --target` checks
/// them; what the target would still refuse is not this function's to report.
pub fn presentation(
    loaded: &Loaded,
    plan: &Plan,
    file: &str,
    target: Option<&'static Profile>,
) -> Result<Loaded, Vec<Finding>> {
    let mut presented = crate::present::present(
        loaded,
        file,
        &Plan {
            verify: None,
            ..plan.clone()
        },
    );
    let mut draft = loaded.input().draft;
    if let Some(profile) = target {
        let plan = Plan {
            verify: plan.verify.or_else(|| Some(verify::Options::default())),
            ..plan.clone()
        };
        if let Some(done) =
            crate::targets::adapt::retarget(profile, loaded, &presented, &plan, file)
        {
            presented.document = std::borrow::Cow::Owned(done.document);
            draft = done.draft;
        }
        let read =
            crate::targets::adapt::read_as(profile, loaded, presented.document.into_owned(), draft);
        return document::load_derived_as(canonical::pretty(&read), loaded, &plan.load, draft);
    }
    document::load_derived_as(presented.bytes, loaded, &plan.load, draft)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_from_two_verdicts() {
        use Verdict::{Proven, Refuted, Unknown};
        assert_eq!(Class::of(Proven, Proven), Class::Equivalent);
        assert_eq!(Class::of(Proven, Refuted), Class::Widened);
        assert_eq!(Class::of(Refuted, Proven), Class::Breaking);
        assert_eq!(Class::of(Refuted, Unknown), Class::Breaking);
        assert_eq!(Class::of(Refuted, Refuted), Class::NarrowedAndWidened);
        assert_eq!(Class::of(Proven, Unknown), Class::Unknown);
        assert_eq!(Class::of(Unknown, Refuted), Class::Unknown);
        assert!(Class::Removed.breaks() && !Class::Added.breaks() && !Class::Unknown.breaks());
    }
}
