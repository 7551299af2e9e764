//! F10: the text that tells a model which field belongs to which case, since the flat object no
//! longer says it.

/// What one branch says about a key.
#[derive(Debug, Clone)]
pub(crate) struct BranchText {
    /// How the text names the branch: its discriminator value(s) (`insert`, `a | b`), or
    /// `variant <n>` without a discriminator.
    pub label: String,
    /// The branch declares the key.
    pub declares: bool,
    /// The branch requires the key.
    pub requires: bool,
    /// Its `description` of the key.
    pub description: Option<String>,
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
    let mut parts: Vec<String> = Vec::new();
    let texts: Vec<Option<&str>> = declaring.iter().map(|b| b.description.as_deref()).collect();
    match texts.first() {
        Some(Some(first)) if texts.iter().all(|t| *t == Some(*first)) => {
            parts.push((*first).to_owned())
        }
        _ => {
            // One `When …: text` per distinct text, in first-seen order.
            let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
            for branch in &declaring {
                if let Some(text) = branch.description.as_deref() {
                    match groups.iter_mut().find(|(t, _)| *t == text) {
                        Some((_, labels)) => labels.push(&branch.label),
                        None => groups.push((text, vec![&branch.label])),
                    }
                }
            }
            for (text, labels) in groups {
                parts.push(format!("When {}: {text}", name(&labels)));
            }
        }
    }
    if !required {
        let available: Vec<&str> = declaring.iter().map(|b| b.label.as_str()).collect();
        if !available.is_empty() {
            parts.push(format!("Available if {}.", name(&available)));
        }
        let requiring: Vec<&str> = declaring
            .iter()
            .filter(|b| b.requires)
            .map(|b| b.label.as_str())
            .collect();
        if !requiring.is_empty() {
            parts.push(format!("Required if {}", name(&requiring)));
        }
    }
    let text = parts.join(" ").trim().to_owned();
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn branch(
        label: &str,
        declares: bool,
        requires: bool,
        description: Option<&str>,
    ) -> BranchText {
        BranchText {
            label: label.to_owned(),
            declares,
            requires,
            description: description.map(str::to_owned),
        }
    }

    /// The three texts of the SPEC §11 example.
    #[test]
    fn worked_example() {
        let at = [
            branch("insert", true, true, Some("Insert position")),
            branch("delete", true, true, Some("First index to delete")),
        ];
        assert_eq!(
            describe(Some("op"), &at, true).as_deref(),
            Some("When op = insert: Insert position When op = delete: First index to delete")
        );
        let text = [
            branch("insert", true, true, None),
            branch("delete", true, false, Some("Expected text, for safety")),
        ];
        assert_eq!(
            describe(Some("op"), &text, false).as_deref(),
            Some(
                "When op = delete: Expected text, for safety Available if op = insert | delete. Required if op = insert"
            )
        );
        let count = [
            branch("insert", false, false, None),
            branch("delete", true, false, None),
        ];
        assert_eq!(
            describe(Some("op"), &count, false).as_deref(),
            Some("Available if op = delete.")
        );
        let op = [
            branch("insert", true, true, Some("Operation")),
            branch("delete", true, true, Some("Operation")),
        ];
        assert_eq!(
            describe(Some("op"), &op, true).as_deref(),
            Some("Operation")
        );
    }

    #[test]
    fn without_a_discriminator_branches_are_variants() {
        let b = [
            branch("variant 1", true, false, Some("A")),
            branch("variant 2", true, false, Some("A")),
            branch("variant 3", false, false, None),
        ];
        assert_eq!(
            describe(None, &b, false).as_deref(),
            Some("A Available if variant 1 | variant 2.")
        );
        let b = [
            branch("variant 1", true, true, None),
            branch("variant 2", true, true, None),
        ];
        assert_eq!(describe(None, &b, true), None);
    }
}
