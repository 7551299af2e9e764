//! From a JSON Pointer to the byte span of a key or value in the source text, and back (L4).
//!
//! Values are parsed with serde_json; this module parses the text a second time with
//! jsonc-parser in strict mode, only when a diagnostic needs a position, because serde_json keeps
//! no positions. It never guesses: a pointer it cannot follow gives `None`.

use std::ops::Range;

use jsonc_parser::ast::{self, ObjectPropName};
use jsonc_parser::common::Ranged;
use jsonc_parser::{CollectOptions, ParseOptions};

use crate::schema::pointer;

/// Which part of an object member to underline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The member's key, quotes included (for an array element or the root: the value).
    Key,
    /// The value.
    Value,
}

/// A parsed text that answers position questions.
pub struct Locator<'a> {
    root: Option<ast::Value<'a>>,
}

fn strict() -> ParseOptions {
    ParseOptions {
        allow_comments: false,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

fn range(r: jsonc_parser::common::Range) -> Range<usize> {
    r.start..r.end
}

fn name_of<'a>(name: &'a ObjectPropName<'_>) -> &'a str {
    match name {
        ObjectPropName::String(s) => &s.value,
        ObjectPropName::Word(w) => w.value,
    }
}

impl<'a> Locator<'a> {
    /// Parses `text`. Text that is not strict JSON gives a locator that finds nothing.
    ///
    /// Call only on text whose nesting has been bounded (the parser recurses).
    pub fn new(text: &'a str) -> Self {
        let root = jsonc_parser::parse_to_ast(text, &CollectOptions::default(), &strict())
            .ok()
            .and_then(|parsed| parsed.value);
        Locator { root }
    }

    /// The span of `part` of the node at `pointer`. When several members share a key, the last
    /// one is the one serde_json keeps, so it is the one found.
    pub fn span(&self, pointer: &str, part: Part) -> Option<Range<usize>> {
        let tokens = pointer::tokens(pointer)?;
        let mut node = self.root.as_ref()?;
        let mut key_span = None;
        for token in &tokens {
            match node {
                ast::Value::Object(object) => {
                    let prop = object
                        .properties
                        .iter()
                        .rev()
                        .find(|p| name_of(&p.name) == token)?;
                    key_span = Some(range(prop.name.range()));
                    node = &prop.value;
                }
                ast::Value::Array(array) => {
                    let index = array_index(token)?;
                    node = array.elements.get(index)?;
                    key_span = None;
                }
                _ => return None,
            }
        }
        match (part, key_span) {
            (Part::Key, Some(key)) => Some(key),
            _ => Some(range(node.range())),
        }
    }

    /// The pointer of the innermost value whose span contains `offset`.
    pub fn pointer_at(&self, offset: usize) -> Option<String> {
        let mut node = self.root.as_ref()?;
        if !range(node.range()).contains(&offset) {
            return None;
        }
        let mut path = String::new();
        loop {
            let next = match node {
                ast::Value::Object(object) => object.properties.iter().find_map(|p| {
                    let whole = p.name.range().start..p.value.range().end;
                    whole
                        .contains(&offset)
                        .then(|| (pointer::push(&path, name_of(&p.name)), &p.value))
                }),
                ast::Value::Array(array) => array.elements.iter().enumerate().find_map(|(i, e)| {
                    range(e.range())
                        .contains(&offset)
                        .then(|| (pointer::push_index(&path, i), e))
                }),
                _ => None,
            };
            match next {
                Some((p, child)) => {
                    path = p;
                    node = child;
                }
                None => return Some(path),
            }
        }
    }

    /// The first object member (in document order, depth first) whose key repeats an earlier
    /// member of the same object: `(pointer of the repeat, span of the first key, span of the
    /// repeated key)`.
    pub fn first_duplicate_key(&self) -> Option<(String, Range<usize>, Range<usize>)> {
        fn walk(
            node: &ast::Value<'_>,
            path: &str,
        ) -> Option<(String, Range<usize>, Range<usize>, usize)> {
            let mut best: Option<(String, Range<usize>, Range<usize>, usize)> = None;
            let mut consider = |found: (String, Range<usize>, Range<usize>, usize)| {
                if best.as_ref().is_none_or(|b| found.3 < b.3) {
                    best = Some(found);
                }
            };
            match node {
                ast::Value::Object(object) => {
                    for (i, prop) in object.properties.iter().enumerate() {
                        let name = name_of(&prop.name);
                        if let Some(first) = object.properties[..i]
                            .iter()
                            .find(|p| name_of(&p.name) == name)
                        {
                            let second = range(prop.name.range());
                            let start = second.start;
                            consider((
                                pointer::push(path, name),
                                range(first.name.range()),
                                second,
                                start,
                            ));
                            break;
                        }
                    }
                    for prop in &object.properties {
                        let child = pointer::push(path, name_of(&prop.name));
                        if let Some(found) = walk(&prop.value, &child) {
                            consider(found);
                        }
                    }
                }
                ast::Value::Array(array) => {
                    for (i, element) in array.elements.iter().enumerate() {
                        if let Some(found) = walk(element, &pointer::push_index(path, i)) {
                            consider(found);
                        }
                    }
                }
                _ => {}
            }
            best
        }
        walk(self.root.as_ref()?, "").map(|(p, a, b, _)| (p, a, b))
    }
}

/// Finds the span of every finding that has a pointer and a source but no span yet, parsing
/// each source for positions once.
pub fn fill_spans(findings: &mut [crate::diagnostic::Finding]) {
    use crate::diagnostic::Anchor;
    let mut pending: Vec<usize> = (0..findings.len())
        .filter(|&i| {
            findings[i].span.is_none()
                && findings[i].pointer.is_some()
                && findings[i].source.is_some()
        })
        .collect();
    while let Some(&first) = pending.first() {
        let Some(source) = findings[first].source.clone() else {
            break;
        };
        let locator = Locator::new(&source.text);
        pending.retain(|&i| {
            let same = findings[i]
                .source
                .as_ref()
                .is_some_and(|s| std::sync::Arc::ptr_eq(s, &source));
            if same {
                let part = match findings[i].anchor {
                    Anchor::Key => Part::Key,
                    Anchor::Value => Part::Value,
                };
                findings[i].span = findings[i]
                    .pointer
                    .as_deref()
                    .and_then(|p| locator.span(p, part));
            }
            !same
        });
    }
}

/// An RFC 6901 array index: digits, no leading zero (except `0` itself).
fn array_index(token: &str) -> Option<usize> {
    if token.is_empty()
        || !token.bytes().all(|b| b.is_ascii_digit())
        || (token.len() > 1 && token.starts_with('0'))
    {
        return None;
    }
    token.parse().ok()
}

/// Byte offset of a 1-based line and column as serde_json reports them (the column counts bytes
/// from the start of the line), clamped into the text and onto a character boundary.
pub fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start = if line <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(line - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    let mut offset = (line_start + column.saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// 1-based line and column (in characters) of a byte offset, for messages.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(document, pointer, part) → the exact text underlined`.
    #[test]
    fn spans_table() {
        let doc = r#"{
  "type": "object",
  "properties": {
    "a/b": { "const": 1 },
    "m~n": [10, [20, {"deep": true}]],
    "ünï": "çödé",
    "esc\"aped": null
  },
  "items": [{ "x": 1 }, { "x": 2 }]
}"#;
        #[rustfmt::skip]
        let table: &[(&str, Part, Option<&str>)] = &[
            ("", Part::Value, Some(doc)),
            ("", Part::Key, Some(doc)),
            ("/type", Part::Key, Some(r#""type""#)),
            ("/type", Part::Value, Some(r#""object""#)),
            ("/properties/a~1b", Part::Key, Some(r#""a/b""#)),
            ("/properties/a~1b/const", Part::Value, Some("1")),
            ("/properties/m~0n", Part::Key, Some(r#""m~n""#)),
            ("/properties/m~0n/1/0", Part::Value, Some("20")),
            ("/properties/m~0n/1/1/deep", Part::Value, Some("true")),
            // An array element has no key: its value is underlined.
            ("/properties/m~0n/0", Part::Key, Some("10")),
            ("/properties/ünï", Part::Key, Some(r#""ünï""#)),
            ("/properties/ünï", Part::Value, Some(r#""çödé""#)),
            ("/properties/esc\"aped", Part::Value, Some("null")),
            ("/items/1", Part::Value, Some(r#"{ "x": 2 }"#)),
            ("/items/1/x", Part::Value, Some("2")),
            ("/items/2", Part::Value, None),
            ("/items/01", Part::Value, None),
            ("/items/-", Part::Value, None),
            ("/type/0", Part::Value, None),
            ("/missing", Part::Key, None),
            ("no-slash", Part::Value, None),
        ];
        let locator = Locator::new(doc);
        for (pointer, part, expected) in table {
            let got = locator.span(pointer, *part).map(|r| &doc[r]);
            assert_eq!(got, *expected, "{pointer} {part:?}");
        }
    }

    #[test]
    fn pointer_at_finds_the_innermost_value() {
        let doc = r#"{"a": [1, {"b": 22}], "c": "x"}"#;
        let locator = Locator::new(doc);
        assert_eq!(
            locator.pointer_at(doc.find("22").unwrap()).as_deref(),
            Some("/a/1/b")
        );
        assert_eq!(
            locator.pointer_at(doc.find("1,").unwrap()).as_deref(),
            Some("/a/0")
        );
        assert_eq!(locator.pointer_at(0).as_deref(), Some(""));
        assert_eq!(locator.pointer_at(doc.len() + 5), None);
    }

    #[test]
    fn positions() {
        let text = "ab\ncé\nx";
        assert_eq!(offset_of(text, 1, 1), 0);
        assert_eq!(offset_of(text, 2, 2), 4);
        assert_eq!(offset_of(text, 9, 9), text.len());
        // The middle of `é` snaps back to its start.
        assert_eq!(offset_of(text, 2, 3), 4);
        assert_eq!(line_column(text, 6), (2, 3));
        assert_eq!(line_column(text, 5), (2, 2));
        assert_eq!(line_column(text, 7), (3, 1));
    }

    #[test]
    fn text_that_is_not_json_locates_nothing() {
        assert_eq!(Locator::new("{,}").span("", Part::Value), None);
        assert_eq!(Locator::new("{\"a\": 1}").first_duplicate_key(), None);
    }
}
