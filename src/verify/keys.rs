//! Which keys and items a value of a term may carry, and with which schemas (V1): the keys a
//! term's own schemas name, the keys its `patternProperties` and `additionalProperties` let in,
//! and — under `declared` semantics — the keys §1's closure lets in: those some part of the
//! place's in-place closure declares or allows, with that part's schema.
//!
//! Every answer over-approximates the term (a constraint that may not apply is left out), which
//! is what proving inclusion needs; values are judged by a validator before any verdict rests
//! on them.

use indexmap::IndexSet;
use serde_json::Value;

use super::space::Space;
use super::terms::{Parts, Term};
use crate::document::Location;
use crate::schema::Semantics;
use crate::validate::pattern_matches;

/// The schemas a value at one key may have to satisfy: alternatives of conjunctions (an empty
/// conjunction accepts anything).
pub(crate) type SubLoc = Vec<Vec<Location>>;

/// What a term allows at `key`, or `None` when no value of the term carries it.
pub(crate) fn at_key(
    space: &Space<'_>,
    term: &Term,
    parts: &Parts,
    semantics: Semantics,
    key: &str,
) -> Option<SubLoc> {
    let mut certain: Vec<Location> = Vec::new();
    let mut implicit_everywhere = true;
    for at in &term.nodes {
        let Some(node) = space.node(at) else {
            continue;
        };
        let mut handled = false;
        if node.properties().is_some_and(|p| p.contains_key(key)) {
            certain.push(node.child_key("properties", key));
            handled = true;
        }
        let mut uncertain = false;
        if let Some(patterns) = node.pattern_properties() {
            for pattern in patterns.keys() {
                match pattern_matches(pattern, key) {
                    Some(true) => {
                        certain.push(node.child_key("patternProperties", pattern));
                        handled = true;
                    }
                    None => uncertain = true,
                    Some(false) => {}
                }
            }
        }
        if !handled && !uncertain {
            match node.get("additionalProperties") {
                Some(Value::Bool(false)) => return None,
                Some(_) => {
                    certain.push(node.child("additionalProperties"));
                    handled = true;
                }
                None => {}
            }
        }
        if handled || uncertain {
            implicit_everywhere = false;
        }
    }
    if !implicit_everywhere || semantics == Semantics::Strict || !parts.declares_any() {
        return Some(vec![certain]);
    }
    // `declared`: the term lets the key in only through its implicit openness, which close(S)
    // takes away; another part of the place may declare or allow it (§1).
    let mut alternatives: Vec<Vec<Location>> = Vec::new();
    for declaring in parts.declared.get(key).into_iter().flatten() {
        let mut conj = certain.clone();
        conj.push(declaring.clone());
        alternatives.push(conj);
    }
    if parts.open_for(Some(key)) {
        alternatives.push(certain);
    }
    (!alternatives.is_empty()).then_some(alternatives)
}

/// One alternative for keys no schema names: the schemas such a key's value must satisfy, the
/// pattern it matches (if one), and the patterns it matches none of.
#[derive(Debug, Clone, Default)]
pub(crate) struct OtherKeys {
    pub conj: Vec<Location>,
    pub pattern: Option<String>,
    pub unlike: Vec<String>,
}

/// What a term allows for keys no schema names, as alternatives ([`OtherKeys`]): when a closed
/// schema lets keys in only through its `patternProperties`, one per pattern; when one node of
/// an open term has patterns, one per pattern and one for the keys matching none of them (which
/// its `additionalProperties`, if any, governs). Empty when no such key is allowed.
pub(crate) fn other_keys(
    space: &Space<'_>,
    term: &Term,
    parts: &Parts,
    semantics: Semantics,
) -> Vec<OtherKeys> {
    let mut certain: Vec<Location> = Vec::new();
    let mut only: Option<Vec<Location>> = None;
    let mut explicit = false;
    // The open nodes with patterns: their patterns, and their `additionalProperties`.
    let mut split: Vec<(Vec<Location>, Option<Location>)> = Vec::new();
    for at in &term.nodes {
        let Some(node) = space.node(at) else {
            continue;
        };
        let patterns: Vec<Location> = node
            .pattern_properties()
            .map(|p| {
                p.keys()
                    .map(|k| node.child_key("patternProperties", k))
                    .collect()
            })
            .unwrap_or_default();
        match node.get("additionalProperties") {
            Some(Value::Bool(false)) => {
                if patterns.is_empty() {
                    return Vec::new();
                }
                only.get_or_insert(patterns);
                explicit = true;
            }
            Some(_) => {
                explicit = true;
                if patterns.is_empty() {
                    certain.push(node.child("additionalProperties"));
                } else {
                    split.push((patterns, Some(node.child("additionalProperties"))));
                }
            }
            None if !patterns.is_empty() => {
                explicit = true;
                if semantics == Semantics::Declared {
                    only.get_or_insert(patterns);
                } else {
                    split.push((patterns, None));
                }
            }
            None => {}
        }
    }
    let allowed =
        explicit || semantics == Semantics::Strict || !parts.declares_any() || parts.open_for(None);
    if !allowed {
        return Vec::new();
    }
    let name = |at: &Location| {
        at.pointer
            .rsplit('/')
            .next()
            .map(crate::schema::pointer::unescape)
    };
    let with = |at: Location| {
        let mut conj = certain.clone();
        let pattern = name(&at);
        conj.push(at);
        OtherKeys {
            conj,
            pattern,
            unlike: Vec::new(),
        }
    };
    match (only, split.len()) {
        (Some(patterns), _) => patterns.into_iter().map(with).collect(),
        // One open node with patterns: a key matches one of them, or none and meets its
        // `additionalProperties`. (With several, keys are left unconstrained: an
        // over-approximation.)
        (None, 1) => {
            let (patterns, additional) = split.pop().expect("one");
            let unlike = patterns.iter().filter_map(name).collect();
            let mut out: Vec<OtherKeys> = patterns.into_iter().map(with).collect();
            let mut conj = certain.clone();
            conj.extend(additional);
            out.push(OtherKeys {
                conj,
                pattern: None,
                unlike,
            });
            out
        }
        (None, _) => vec![OtherKeys {
            conj: certain,
            ..OtherKeys::default()
        }],
    }
}

/// True when no key can match both regular expressions: both start with `^` and a literal
/// text, and neither text starts with the other (`^x-` and `^y-`). Anything else may overlap.
pub(crate) fn disjoint_patterns(a: &str, b: &str) -> bool {
    match (literal_prefix(a), literal_prefix(b)) {
        (Some(x), Some(y)) => !x.starts_with(&y) && !y.starts_with(&x),
        _ => false,
    }
}

/// The text every key matching `pattern` starts with, when the pattern starts with `^` and a
/// literal text, and has no alternative: `^x-[0-9]+` gives `x-`.
fn literal_prefix(pattern: &str) -> Option<String> {
    let rest = pattern.strip_prefix('^')?;
    if pattern.contains('|') {
        return None;
    }
    let chars: Vec<char> = rest.chars().collect();
    let mut out = String::new();
    for (i, c) in chars.iter().enumerate() {
        if "\\.[]()*+?{}|^$".contains(*c) {
            break;
        }
        if chars.get(i + 1).is_some_and(|n| "?*{".contains(*n)) {
            break;
        }
        out.push(*c);
    }
    (!out.is_empty()).then_some(out)
}

/// True when every key matching `a` matches `b` too (so `b`'s schema, not an
/// `additionalProperties`, applies to it): they are the same pattern, or `b` is `^` followed
/// by single characters or character classes and nothing else (`^x-`, `^[a-c]`, `^\\d`), and
/// every key matching `a` starts with printable ASCII text those characters accept. Printable
/// ASCII reads the same in ECMA-262 and in the engine that judges here (`\\d`, `\\w`, `.`).
/// Anything else is not shown: `false`.
pub(crate) fn pattern_within(a: &str, b: &str) -> bool {
    use regex_syntax::hir::{Class, HirKind, Look};
    if a == b {
        return true;
    }
    let Some(prefix) = literal_prefix(a).filter(|p| p.chars().all(|c| matches!(c, ' '..='~')))
    else {
        return false;
    };
    let Ok(hir) = regex_syntax::ParserBuilder::new().build().parse(b) else {
        return false;
    };
    let parts = match hir.kind() {
        HirKind::Concat(parts) => parts.as_slice(),
        _ => return false,
    };
    let Some((first, atoms)) = parts.split_first() else {
        return false;
    };
    if !matches!(first.kind(), HirKind::Look(Look::Start)) {
        return false;
    }
    let mut text = prefix.chars();
    for atom in atoms {
        let accepted = match atom.kind() {
            HirKind::Literal(literal) => std::str::from_utf8(&literal.0)
                .is_ok_and(|l| l.chars().all(|c| text.next() == Some(c))),
            HirKind::Class(Class::Unicode(class)) => text.next().is_some_and(|c| {
                class
                    .ranges()
                    .iter()
                    .any(|r| r.start() <= c && c <= r.end())
            }),
            _ => false,
        };
        if !accepted {
            return false;
        }
    }
    true
}

/// The keys a term requires.
pub(crate) fn required(space: &Space<'_>, term: &Term) -> IndexSet<String> {
    let mut out = IndexSet::new();
    for at in &term.nodes {
        if let Some(node) = space.node(at) {
            out.extend(node.required().into_iter().map(str::to_owned));
        }
    }
    out
}

/// The keys a term's own schemas name (`properties`), in order.
pub(crate) fn named(space: &Space<'_>, term: &Term) -> IndexSet<String> {
    let mut out = IndexSet::new();
    for at in &term.nodes {
        if let Some(properties) = space.node(at).and_then(|n| n.properties()) {
            out.extend(properties.keys().cloned());
        }
    }
    out
}

/// What a term allows at array position `index` (its nodes' tuple items or tails), or `None`
/// when no array of the term is that long.
pub(crate) fn at_index(space: &Space<'_>, term: &Term, index: usize) -> Option<Vec<Location>> {
    let mut conj = Vec::new();
    for at in &term.nodes {
        let Some(node) = space.node(at) else {
            continue;
        };
        let (prefix, keyword) = node.prefix();
        if index < prefix.len() {
            conj.push(node.child_index(keyword, index));
        } else if let Some((tail, keyword)) = node.tail() {
            if tail == &Value::Bool(false) {
                return None;
            }
            conj.push(node.child(keyword));
        }
    }
    Some(conj)
}

/// The fewest and most items an array of the term may have: `minItems`, `maxItems`, and the
/// tuple length where items past it are `false`.
pub(crate) fn item_count(space: &Space<'_>, term: &Term) -> (u64, Option<u64>) {
    let nodes: Vec<_> = term.nodes.iter().filter_map(|at| space.node(at)).collect();
    let min = nodes
        .iter()
        .filter_map(|n| n.count("minItems"))
        .max()
        .unwrap_or(0);
    let max = nodes
        .iter()
        .filter_map(|n| n.count("maxItems"))
        .chain(
            nodes
                .iter()
                .filter(|n| matches!(n.tail(), Some((Value::Bool(false), _))))
                .map(|n| n.prefix().0.len() as u64),
        )
        .min();
    (min, max)
}

#[cfg(test)]
mod tests {
    use super::{disjoint_patterns, pattern_within};

    #[test]
    fn a_pattern_within_another() {
        assert!(pattern_within("^ab", "^a"));
        assert!(pattern_within("^a", "^[a-c]"));
        assert!(pattern_within("^x-[0-9]+$", "^x-"));
        assert!(pattern_within("^7a", "^\\d"));
        assert!(pattern_within("x$", "x$"));
        assert!(!pattern_within("^a", "^ab"));
        assert!(!pattern_within("^d", "^[a-c]"));
        assert!(!pattern_within("^ab", "^a$"));
        assert!(!pattern_within("^ab", "a"));
        assert!(!pattern_within("^a|^b", "^a"));
        assert!(!pattern_within("^a+", "^aa"));
        assert!(!pattern_within("ab", "^a"));
    }

    #[test]
    fn patterns_with_different_literal_prefixes_are_disjoint() {
        assert!(disjoint_patterns("^x-", "^y-"));
        assert!(disjoint_patterns("^abc[0-9]", "^abd"));
        assert!(!disjoint_patterns("^x-", "^x-a"));
        assert!(!disjoint_patterns("^ab?", "^a"));
        assert!(!disjoint_patterns("x-", "^y-"));
        assert!(!disjoint_patterns("^a|^b", "^c"));
        assert!(!disjoint_patterns("^.", "^a"));
    }
}
