//! F10: the text that tells a model which field belongs to which case, since the flat object no
//! longer says it — whole sentences, each ending in a period, one space apart, no fact twice.
//!
//! A key's description is, in order: its one shared text, or `When <case>: <text>.` per distinct
//! text; `When <case>: <constraints>.` for the constraints a case loses to the join (F10's last
//! bullet: `When action = add: at least 1, default 1.`); `Available if <cases>.` when some cases
//! do not declare it; `Required if <cases>.` when some but not all require it (only the second
//! when both name the same cases).

use serde_json::Value;

use super::keywords::KeywordChange;
use crate::canonical;

/// What one branch says about a key.
#[derive(Debug, Clone)]
pub(crate) struct BranchText {
    /// How the text names the branch: its discriminator value(s) (`insert`, `a | b`), its title,
    /// or `variant <n>`.
    pub label: String,
    /// The branch declares the key.
    pub declares: bool,
    /// The branch requires the key.
    pub requires: bool,
    /// Its `description` of the key.
    pub description: Option<String>,
    /// The constraints it loses to the join, in words (`at least 1`, `default 1`).
    pub lost: Vec<String>,
}

/// The description of a flat property (F10), or `None` when there is nothing to say.
/// `discriminator` is the discriminator's name; `required` says whether the flat object
/// requires the key.
pub(crate) fn describe(
    discriminator: Option<&str>,
    branches: &[BranchText],
    required: bool,
) -> Option<String> {
    let declaring: Vec<&BranchText> = branches.iter().filter(|b| b.declares).collect();
    let name = |labels: &[&str]| match discriminator {
        Some(d) => format!("{d} = {}", labels.join(" | ")),
        None => labels.join(" | "),
    };
    let mut sentences: Vec<String> = Vec::new();
    let texts: Vec<Option<&str>> = declaring.iter().map(|b| b.description.as_deref()).collect();
    match texts.first() {
        // One shared text is kept as is (a full stop is added only if a sentence follows).
        Some(Some(first)) if texts.iter().all(|t| *t == Some(*first)) => {
            sentences.push(first.trim().to_owned())
        }
        _ => {
            let grouped = group(declaring.iter().filter_map(|b| {
                b.description
                    .as_deref()
                    .map(|text| (text.trim().to_owned(), b.label.as_str()))
            }));
            for (text, labels) in grouped {
                sentences.push(sentence(&format!("When {}: {text}", name(&labels))));
            }
        }
    }
    let lost = group(
        declaring
            .iter()
            .filter(|b| !b.lost.is_empty())
            .map(|b| (b.lost.join(", "), b.label.as_str())),
    );
    for (words, labels) in lost {
        sentences.push(format!("When {}: {words}.", name(&labels)));
    }
    if !required {
        let available: Vec<&str> = declaring.iter().map(|b| b.label.as_str()).collect();
        let requiring: Vec<&str> = declaring
            .iter()
            .filter(|b| b.requires)
            .map(|b| b.label.as_str())
            .collect();
        if declaring.len() < branches.len() && !available.is_empty() && available != requiring {
            sentences.push(format!("Available if {}.", name(&available)));
        }
        if !requiring.is_empty() {
            sentences.push(format!("Required if {}.", name(&requiring)));
        }
    }
    let last = sentences.len().saturating_sub(1);
    let text = sentences
        .iter()
        .enumerate()
        .map(|(i, s)| if i < last { sentence(s) } else { s.clone() })
        .collect::<Vec<_>>()
        .join(" ");
    (!text.is_empty()).then_some(text)
}

/// `(text, label)` pairs grouped by text, in first-seen order.
fn group<'l>(pairs: impl Iterator<Item = (String, &'l str)>) -> Vec<(String, Vec<&'l str>)> {
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for (text, label) in pairs {
        match groups.iter_mut().find(|(t, _)| *t == text) {
            Some((_, labels)) => labels.push(label),
            None => groups.push((text, vec![label])),
        }
    }
    groups
}

/// `text` as a sentence: trimmed, ending with a full stop (or the mark it already ends with).
fn sentence(text: &str) -> String {
    let text = text.trim();
    if text.ends_with(['.', '!', '?']) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

/// A constraint a case loses, in words a model reads (`at least 1 character`, `default 1`);
/// `None` for what the join keeps in another form (a type, an enum).
pub(crate) fn in_words(change: &KeywordChange) -> Option<String> {
    let value = change.old.as_ref()?;
    let count = |unit: &str| {
        let n = value.as_u64().unwrap_or(0);
        let plural = if n == 1 { "" } else { "s" };
        format!("{n} {unit}{plural}")
    };
    let text = match change.keyword.as_str() {
        "type" | "enum" | "const" => return None,
        "false" => "not allowed".to_owned(),
        "minimum" => format!("at least {value}"),
        "exclusiveMinimum" => format!("more than {value}"),
        "maximum" => format!("at most {value}"),
        "exclusiveMaximum" => format!("less than {value}"),
        "minLength" => format!("at least {}", count("character")),
        "maxLength" => format!("at most {}", count("character")),
        "minItems" => format!("at least {}", count("item")),
        "maxItems" => format!("at most {}", count("item")),
        "minProperties" => format!("at least {}", count("key")),
        "maxProperties" => format!("at most {}", count("key")),
        "multipleOf" => format!("a multiple of {value}"),
        "uniqueItems" => "unique items".to_owned(),
        "pattern" => format!("matching `{}`", value.as_str().unwrap_or_default()),
        "format" => format!("format {}", value.as_str().unwrap_or_default()),
        "default" => format!("default {}", canonical::canonical_value(value)),
        "required" => {
            let keys: Vec<String> = value
                .as_array()?
                .iter()
                .filter_map(Value::as_str)
                .map(|k| format!("`{k}`"))
                .collect();
            format!("{} required", keys.join(", "))
        }
        "additionalProperties" | "unevaluatedProperties" if value == &Value::Bool(false) => {
            "no other keys".to_owned()
        }
        "items" | "additionalItems" | "unevaluatedItems" if value == &Value::Bool(false) => {
            "no other items".to_owned()
        }
        // A subschema is not said in words: the finding names it.
        _ if value.is_object() || value.is_array() => return None,
        other => format!("`{other}` {}", canonical::canonical_value(value)),
    };
    Some(text)
}

/// The changes that lose a constraint: what widened, but for types and enums, which the join
/// unions on purpose (the discriminator's values, a nullable case).
pub(crate) fn is_lost(change: &KeywordChange) -> bool {
    change.change.widens() && !matches!(change.keyword.as_str(), "type" | "enum" | "const")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn branch(
        label: &str,
        declares: bool,
        requires: bool,
        description: Option<&str>,
        lost: &[&str],
    ) -> BranchText {
        BranchText {
            label: label.to_owned(),
            declares,
            requires,
            description: description.map(str::to_owned),
            lost: lost.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    /// The three texts of the SPEC §11 example.
    #[test]
    fn worked_example() {
        let at = [
            branch("insert", true, true, Some("Insert position"), &[]),
            branch("delete", true, true, Some("First index to delete"), &[]),
        ];
        assert_eq!(
            describe(Some("op"), &at, true).as_deref(),
            Some("When op = insert: Insert position. When op = delete: First index to delete.")
        );
        let text = [
            branch("insert", true, true, None, &["at least 1 character"]),
            branch(
                "delete",
                true,
                false,
                Some("Expected text, for safety"),
                &["at most 64 characters"],
            ),
        ];
        assert_eq!(
            describe(Some("op"), &text, false).as_deref(),
            Some(
                "When op = delete: Expected text, for safety. When op = insert: at least 1 character. When op = delete: at most 64 characters. Required if op = insert."
            )
        );
        let count = [
            branch("insert", false, false, None, &[]),
            branch("delete", true, false, None, &[]),
        ];
        assert_eq!(
            describe(Some("op"), &count, false).as_deref(),
            Some("Available if op = delete.")
        );
        let op = [
            branch("insert", true, true, Some("Operation"), &[]),
            branch("delete", true, true, Some("Operation"), &[]),
        ];
        assert_eq!(
            describe(Some("op"), &op, true).as_deref(),
            Some("Operation")
        );
    }

    #[test]
    fn one_fact_once() {
        // Available and required in the same cases: only the second is said.
        let b = [
            branch("a", true, true, None, &[]),
            branch("b", false, false, None, &[]),
        ];
        assert_eq!(
            describe(Some("k"), &b, false).as_deref(),
            Some("Required if k = a.")
        );
        // Cases that lose the same constraints are named together.
        let b = [
            branch("a", true, false, None, &["default 1"]),
            branch("b", true, false, None, &["default 1"]),
            branch("c", true, false, None, &[]),
        ];
        assert_eq!(
            describe(Some("k"), &b, false).as_deref(),
            Some("When k = a | b: default 1.")
        );
    }

    #[test]
    fn without_a_discriminator_branches_are_named_by_their_labels() {
        let b = [
            branch("variant 1", true, false, Some("A"), &[]),
            branch("variant 2", true, false, Some("A"), &[]),
            branch("variant 3", false, false, None, &[]),
        ];
        assert_eq!(
            describe(None, &b, false).as_deref(),
            Some("A. Available if variant 1 | variant 2.")
        );
        let b = [
            branch("variant 1", true, true, None, &[]),
            branch("variant 2", true, true, None, &[]),
        ];
        assert_eq!(describe(None, &b, true), None);
    }
}
