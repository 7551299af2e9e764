//! The command line that reproduces a verdict (V5), as a user would type it.

use crate::flatten::{Choices, Collisions};
use crate::schema::Semantics;

/// Words joined into a command line, those with characters a shell reads specially quoted.
pub fn shell_words(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| {
            if !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:@%+,".contains(c))
            {
                (*w).to_owned()
            } else {
                format!("'{}'", w.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `stitch verify SUB SUP --semantics S --seed N`.
pub fn verify(sub: &str, sup: &str, semantics: Semantics, seed: u64) -> String {
    shell_words(&[
        "stitch",
        "verify",
        sub,
        sup,
        "--semantics",
        semantics.name(),
        "--seed",
        &seed.to_string(),
    ])
}

/// `stitch diff OLD NEW …` (or `stitch diff --flatten OLD …`): the command line that
/// reproduces a classification, with the options that decide it.
pub fn diff(
    old: &str,
    new: Option<&str>,
    target: Option<&str>,
    choices: Choices,
    seed: u64,
) -> String {
    let mut words = vec!["stitch", "diff", old];
    match new {
        Some(new) => words.push(new),
        None => words.push("--flatten"),
    }
    if let Some(target) = target {
        words.extend(["--target", target]);
    }
    let seed = seed.to_string();
    words.extend(["--semantics", choices.semantics.name()]);
    if new.is_none() || target.is_some() {
        if choices.deep {
            words.push("--deep");
        }
        if choices.collisions == Collisions::Merge {
            words.extend(["--collisions", choices.collisions.name()]);
        }
    }
    words.extend(["--seed", &seed]);
    shell_words(&words)
}

/// `stitch flatten FILE … -o presentation.json && stitch verify FILE presentation.json …`: how
/// to reproduce the verdict on a presentation `flatten` verified itself.
pub fn flatten(file: &str, choices: Choices, seed: u64) -> String {
    let semantics = choices.semantics.name();
    let mut words = vec!["stitch", "flatten", file, "--semantics", semantics];
    if choices.deep {
        words.push("--deep");
    }
    if choices.collisions == Collisions::Merge {
        words.extend(["--collisions", choices.collisions.name()]);
    }
    words.extend(["-o", "presentation.json"]);
    shell_words(&words) + " && " + &verify(file, "presentation.json", choices.semantics, seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_quote_what_a_shell_reads() {
        assert_eq!(
            verify("a b.json", "it's.json", Semantics::Strict, 7),
            "stitch verify 'a b.json' 'it'\\''s.json' --semantics strict --seed 7"
        );
        let choices = Choices {
            semantics: Semantics::Declared,
            collisions: Collisions::Merge,
            deep: true,
        };
        assert_eq!(
            flatten("c.json", choices, 0),
            "stitch flatten c.json --semantics declared --deep --collisions merge -o presentation.json && stitch verify c.json presentation.json --semantics declared --seed 0"
        );
    }
}
