//! The rules about one node's shape (every check but keywords, names and limits).

use serde_json::{Map, Value};

use super::{Fill, Node, Walk, is_array, is_object, types};
use crate::schema::{Draft, pointer};
use crate::targets::{Check, Rule};

/// Evaluates `rule` at `node` (`nodes`: every node of the tool, for references).
pub(super) fn node_rule(
    walk: &mut Walk<'_, '_>,
    rule: &'static Rule,
    node: &Node<'_>,
    root: bool,
    nodes: &[Node<'_>],
) {
    object_rule(walk, rule, node, root);
    reference_rule(walk, rule, node, root, nodes);
    value_rule(walk, rule, node);
}

/// Rules about the root and about object schemas.
fn object_rule(walk: &mut Walk<'_, '_>, rule: &'static Rule, node: &Node<'_>, root: bool) {
    let map = node.map;
    let at = node.at.as_str();
    let fill = |value: &str| Fill {
        value: value.to_owned(),
        ..Fill::default()
    };
    match rule.check {
        Check::RootObject if root => {
            let message = match map.get("type") {
                Some(Value::String(t)) if t == "object" => return,
                None => "the root has no `type`; it must be `\"object\"`".to_owned(),
                Some(t) => format!("the root's `type` is {t}; it must be `\"object\"`"),
            };
            walk.violation(rule, at, message, Fill::default());
        }
        Check::ClosedObjects
            if is_object(map) && map.get("additionalProperties") != Some(&Value::Bool(false)) =>
        {
            let message = match map.get("additionalProperties") {
                None => "an object without `additionalProperties: false`".to_owned(),
                Some(v) => format!(
                    "an object with `additionalProperties: {v}`; the provider needs `false`"
                ),
            };
            walk.violation(rule, at, message, Fill::default());
        }
        Check::AllRequired => {
            let Some(properties) = map.get("properties").and_then(Value::as_object) else {
                return;
            };
            if !map.contains_key("required") {
                let message =
                    "an object without `required`; the provider needs the list, empty or not"
                        .to_owned();
                walk.violation(rule, at, message, fill(""));
                return;
            }
            for key in properties.keys() {
                if !names(map, "required").contains(&key.as_str()) {
                    let message = format!("property `{key}` is not in `required`");
                    let place = pointer::push(&pointer::push(at, "properties"), key);
                    walk.violation(rule, &place, message, fill(key));
                }
            }
        }
        Check::RequiredDeclared => {
            let declared = map.get("properties").and_then(Value::as_object);
            for (i, name) in names(map, "required").iter().enumerate() {
                if !declared.is_some_and(|p| p.contains_key(*name)) {
                    let message =
                        format!("`required` names `{name}`, which `properties` does not declare");
                    let place = pointer::push_index(&pointer::push(at, "required"), i);
                    walk.violation(rule, &place, message, fill(name));
                }
            }
        }
        Check::ObjectProperties { non_empty } if types(map).contains(&"object") => {
            let count = map
                .get("properties")
                .and_then(Value::as_object)
                .map(Map::len);
            let message = match count {
                None => "an object without `properties`",
                Some(0) if non_empty => "an object with no properties",
                _ => return,
            };
            walk.violation(rule, at, message.to_owned(), Fill::default());
        }
        Check::PropertiesWithUnion
            if map.contains_key("properties")
                && (map.contains_key("anyOf") || map.contains_key("oneOf")) =>
        {
            let message = "`properties` beside a union on one node".to_owned();
            walk.violation(rule, at, message, Fill::default());
        }
        Check::ClosedByDefault if is_object(map) && !map.contains_key("additionalProperties") => {
            let message =
                "an object without `additionalProperties`: the provider reads it as closed"
                    .to_owned();
            walk.violation(rule, at, message, Fill::default());
        }
        Check::NoArgumentsClosed if root => {
            let none = map
                .get("properties")
                .and_then(Value::as_object)
                .is_none_or(Map::is_empty);
            if none && map.get("additionalProperties") != Some(&Value::Bool(false)) {
                let message =
                    "a tool without arguments that does not say `additionalProperties: false`"
                        .to_owned();
                walk.violation(rule, at, message, Fill::default());
            }
        }
        Check::PropertyNames(pattern) => {
            let Some(properties) = map.get("properties").and_then(Value::as_object) else {
                return;
            };
            let full = format!("^(?:{pattern})$");
            for key in properties.keys() {
                if crate::validate::pattern_matches(&full, key) == Some(false) {
                    let message = format!("property name `{key}` does not match `{pattern}`");
                    let place = pointer::push(&pointer::push(at, "properties"), key);
                    walk.violation(rule, &place, message, fill(key));
                }
            }
        }
        _ => {}
    }
}

/// Rules about references and the dialect.
fn reference_rule(
    walk: &mut Walk<'_, '_>,
    rule: &'static Rule,
    node: &Node<'_>,
    root: bool,
    nodes: &[Node<'_>],
) {
    let map = node.map;
    let at = node.at.as_str();
    let fill = |value: &str| Fill {
        value: value.to_owned(),
        ..Fill::default()
    };
    match rule.check {
        Check::RootRef if root && map.contains_key("$ref") => {
            let message = "a `$ref` at the root; the provider reads no `type` there".to_owned();
            walk.violation(rule, "/$ref", message, Fill::default());
        }
        Check::RefAlone if map.contains_key("$ref") => {
            let siblings: Vec<&str> = map
                .keys()
                .map(String::as_str)
                .filter(|k| !matches!(*k, "$ref" | "$defs" | "definitions"))
                .collect();
            if !siblings.is_empty() {
                let listed = siblings
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>();
                let message = format!("a `$ref` with sibling keywords {}", listed.join(", "));
                let keyword = siblings.join("', '");
                let fill = Fill {
                    keyword,
                    ..Fill::default()
                };
                walk.violation(rule, at, message, fill);
            }
        }
        Check::LocalRefs => {
            if let Some(reference) = map.get("$ref").and_then(Value::as_str)
                && !reference.starts_with('#')
            {
                let message =
                    format!("`$ref: \"{reference}\"` is not a reference inside this schema");
                walk.violation(rule, &pointer::push(at, "$ref"), message, fill(reference));
            }
        }
        Check::NoRecursion => {
            if let Some(cycle) = cycle_through(node, nodes) {
                let message = format!("a recursive reference: {cycle}");
                walk.violation(rule, &pointer::push(at, "$ref"), message, fill(&cycle));
            }
        }
        Check::AllOfWithoutRef => {
            let Some(all) = map.get("allOf").and_then(Value::as_array) else {
                return;
            };
            if let Some(i) = all.iter().position(|s| s.get("$ref").is_some()) {
                let message = "a `$ref` inside `allOf`".to_owned();
                let place = pointer::push_index(&pointer::push(at, "allOf"), i);
                walk.violation(rule, &place, message, Fill::default());
            }
        }
        Check::Draft2020Valid if root => {
            if let Some((place, why)) =
                crate::validate::meta_2020_error(&Value::Object(map.clone()))
            {
                let message = format!("not valid under the draft 2020-12 meta-schema: {why}");
                walk.violation(rule, &place, message, Fill::default());
            }
        }
        Check::Dialect2020 if root => {
            if let Some(uri) = map.get("$schema").and_then(Value::as_str)
                && Draft::from_schema_uri(uri) != Some(Draft::Draft2020_12)
            {
                let message =
                    format!("`$schema` is `{uri}`; clients read draft 2020-12 by default");
                walk.violation(rule, "/$schema", message, Fill::default());
            }
        }
        _ => {}
    }
}

/// Rules about values: types, formats, enums, arrays, patterns, bounds.
fn value_rule(walk: &mut Walk<'_, '_>, rule: &'static Rule, node: &Node<'_>) {
    let map = node.map;
    let at = node.at.as_str();
    let fill = |value: &str| Fill {
        value: value.to_owned(),
        ..Fill::default()
    };
    match rule.check {
        Check::StringFormats(allowed) | Check::NumberFormats(allowed) => {
            let Some(format) = map.get("format").and_then(Value::as_str) else {
                return;
            };
            let numeric = types(map).iter().any(|t| *t == "integer" || *t == "number");
            let applies = numeric == matches!(rule.check, Check::NumberFormats(_));
            if applies && !allowed.contains(&format) {
                let message = format!("`format: \"{format}\"` is not supported");
                walk.violation(rule, &pointer::push(at, "format"), message, fill(format));
            }
        }
        Check::ArrayItems if is_array(map) && !map.contains_key("items") => {
            walk.violation(
                rule,
                at,
                "an array without `items`".to_owned(),
                Fill::default(),
            );
        }
        Check::TypeNames(allowed) => {
            if let Some(name) = types(map).into_iter().find(|t| !allowed.contains(t)) {
                let message = format!("`type: \"{name}\"`; the provider has no such type");
                walk.violation(rule, &pointer::push(at, "type"), message, fill(name));
            }
        }
        // A `propertyNames` schema judges names, which are strings whatever it says.
        Check::Typed(saying)
            if node.keyword != Some("propertyNames")
                && !saying.iter().any(|k| map.contains_key(*k)) =>
        {
            let said = if map.contains_key("enum") || map.contains_key("const") {
                "an `enum` or `const` without `type`"
            } else if map
                .keys()
                .all(|k| crate::schema::keywords::is_annotation(k))
            {
                "a schema with no `type`: it accepts any value"
            } else {
                "a schema with nothing that says what it is"
            };
            let message = format!("{said}; the provider needs one on every node");
            walk.violation(rule, at, message, Fill::default());
        }
        Check::SchemaObjects => {
            let draft = walk.tool.draft;
            let mut children = draft.subschemas_as_written(map);
            for container in ["$defs", "definitions"] {
                if !draft.is_keyword(container)
                    && let Some(Value::Object(defs)) = map.get(container)
                {
                    for (key, schema) in defs {
                        let message = format!("`{container}/{key}`");
                        if let Value::Bool(b) = schema {
                            let place = pointer::push(&pointer::push(at, container), key);
                            let said = format!(
                                "{message} is the schema `{b}`; the provider takes schema objects only"
                            );
                            walk.violation(rule, &place, said, Fill::default());
                        }
                    }
                }
            }
            // `additionalProperties: false` (and `unevaluated*: false`) closes an object: a
            // keyword's value, not a schema the provider must take.
            let closes = |k: &str| {
                matches!(
                    k,
                    "additionalProperties" | "unevaluatedProperties" | "unevaluatedItems"
                )
            };
            children.retain(|sub| {
                sub.schema.is_boolean()
                    && !(closes(sub.keyword) && sub.schema == &Value::Bool(false))
            });
            for sub in children {
                let message = format!(
                    "the schema `{}`; the provider takes schema objects only",
                    sub.schema
                );
                walk.violation(rule, &sub.pointer(at), message, Fill::default());
            }
        }
        Check::ItemsSchema if map.get("items").is_some_and(Value::is_array) => {
            let message =
                "`items` is an array of schemas (a draft-7 tuple); the provider reads one schema there"
                    .to_owned();
            walk.violation(rule, &pointer::push(at, "items"), message, Fill::default());
        }
        Check::NoTypeArrays if matches!(map.get("type"), Some(Value::Array(_))) => {
            let message = "a `type` array; the provider takes one type per node".to_owned();
            walk.violation(rule, &pointer::push(at, "type"), message, Fill::default());
        }
        Check::AnyOfAlone if map.contains_key("anyOf") && map.len() > 1 => {
            let others: Vec<String> = map
                .keys()
                .filter(|k| *k != "anyOf")
                .map(|k| format!("`{k}`"))
                .collect();
            let message = format!(
                "`anyOf` beside {}; it must be the only keyword",
                others.join(", ")
            );
            walk.violation(rule, at, message, Fill::default());
        }
        Check::EnumStrings | Check::EnumPrimitives | Check::EnumNoEmptyString => {
            enum_rule(walk, rule, map, at);
        }
        Check::MinItemsAtMostOne => {
            if let Some(n) = map.get("minItems").and_then(Value::as_f64)
                && n > 1.0
            {
                let message = format!(
                    "`minItems: {}`; the provider takes only 0 or 1",
                    map["minItems"]
                );
                walk.violation(
                    rule,
                    &pointer::push(at, "minItems"),
                    message,
                    Fill::default(),
                );
            }
        }
        Check::PatternFeatures
        | Check::PatternLookaround
        | Check::PatternRepeat(_)
        | Check::PatternAnchored => {
            if let Some(pattern) = map.get("pattern").and_then(Value::as_str)
                && let Some(why) = pattern_problem(rule.check, pattern)
            {
                let message = format!("`pattern` {why}");
                walk.violation(rule, &pointer::push(at, "pattern"), message, fill(pattern));
            }
        }
        Check::BoundsOnIntegers if types(map) != ["integer"] => {
            for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
                if map.contains_key(key) {
                    let message = format!(
                        "`{key}` on a schema that is not `type: \"integer\"`: the provider bounds integers only"
                    );
                    walk.violation(rule, &pointer::push(at, key), message, Fill::default());
                }
            }
        }
        Check::NoBooleanBounds => {
            for key in ["exclusiveMinimum", "exclusiveMaximum"] {
                if map.get(key).is_some_and(Value::is_boolean) {
                    let message = format!("a draft-4 boolean `{key}`");
                    walk.violation(rule, &pointer::push(at, key), message, Fill::default());
                }
            }
        }
        _ => {}
    }
}

/// The names in an array of strings (`required`).
fn names<'m>(map: &'m Map<String, Value>, key: &str) -> Vec<&'m str> {
    map.get(key)
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

fn enum_rule(walk: &mut Walk<'_, '_>, rule: &'static Rule, map: &Map<String, Value>, at: &str) {
    if rule.check == Check::EnumPrimitives
        && let Some(value) = map.get("const")
        && (value.is_object() || value.is_array())
    {
        let message = format!("`const` value {value} is not a primitive");
        walk.violation(rule, &pointer::push(at, "const"), message, Fill::default());
    }
    let Some(values) = map.get("enum").and_then(Value::as_array) else {
        return;
    };
    let bad = values.iter().position(|v| match rule.check {
        Check::EnumStrings => !v.is_string(),
        Check::EnumPrimitives => v.is_object() || v.is_array(),
        _ => v.as_str() == Some(""),
    });
    let Some(i) = bad else { return };
    let message = match rule.check {
        Check::EnumStrings => format!("`enum` value {} is not a string", values[i]),
        Check::EnumPrimitives => format!("`enum` value {} is not a primitive", values[i]),
        _ => "`enum` holds the empty string".to_owned(),
    };
    let place = pointer::push_index(&pointer::push(at, "enum"), i);
    walk.violation(rule, &place, message, Fill::default());
}

/// The recursion that `node`'s `$ref` takes part in, as `a -> b -> a`: from its target,
/// following the references written inside each target reached, some target contains `node`.
fn cycle_through(node: &Node<'_>, nodes: &[Node<'_>]) -> Option<String> {
    let start = local_target(node.map)?;
    // Targets reached, each with the index of the one whose subtree referred to it.
    let mut reached: Vec<(String, Option<usize>)> = vec![(start, None)];
    let mut i = 0;
    while i < reached.len() {
        let target = reached[i].0.clone();
        if pointer::starts_with(&node.at, &target) {
            let mut chain = Vec::new();
            let mut at = Some(i);
            while let Some(k) = at {
                chain.push(short(&reached[k].0));
                at = reached[k].1;
            }
            chain.reverse();
            chain.push(short(&reached[0].0));
            return Some(chain.join(" -> "));
        }
        for other in nodes
            .iter()
            .filter(|n| pointer::starts_with(&n.at, &target))
        {
            if let Some(next) = local_target(other.map)
                && !reached.iter().any(|(p, _)| *p == next)
            {
                reached.push((next, Some(i)));
            }
        }
        i += 1;
    }
    None
}

/// The pointer a local `$ref` names (`#/$defs/a` → `/$defs/a`, `#` → ``, percent-decoded).
fn local_target(map: &Map<String, Value>) -> Option<String> {
    pointer::local(map.get("$ref")?.as_str()?)
}

/// A definition's name for messages: its last token, `#` for the root.
fn short(at: &str) -> String {
    pointer::tokens(at)
        .and_then(|t| t.last().cloned())
        .unwrap_or_else(|| "#".to_owned())
}

/// Why `pattern` breaks a pattern rule, if it does.
fn pattern_problem(check: Check, pattern: &str) -> Option<String> {
    let scan = scan_pattern(pattern);
    match check {
        Check::PatternFeatures if scan.backreference => Some("uses a backreference".into()),
        Check::PatternFeatures | Check::PatternLookaround if scan.lookaround => {
            Some("uses lookaround".into())
        }
        Check::PatternFeatures if scan.word_boundary => Some("uses a word boundary (`\\b`)".into()),
        Check::PatternRepeat(max) if scan.largest_repeat > max => {
            Some(format!("repeats up to {} times", scan.largest_repeat))
        }
        Check::PatternAnchored if !(pattern.starts_with('^') && scan.ends_with_anchor) => {
            Some("is not anchored with `^…$`".into())
        }
        _ => None,
    }
}

#[derive(Default)]
struct PatternScan {
    backreference: bool,
    lookaround: bool,
    word_boundary: bool,
    largest_repeat: u32,
    ends_with_anchor: bool,
}

/// One pass over an ECMA-262 pattern, escapes and character classes respected.
fn scan_pattern(pattern: &str) -> PatternScan {
    let chars: Vec<char> = pattern.chars().collect();
    let mut scan = PatternScan::default();
    let mut class = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let last = i + 1 == chars.len();
        match c {
            '\\' => {
                let next = chars.get(i + 1).copied().unwrap_or(' ');
                if !class {
                    scan.backreference |= next.is_ascii_digit() && next != '0' || next == 'k';
                    scan.word_boundary |= next == 'b' || next == 'B';
                }
                i += 2;
                continue;
            }
            '[' if !class => class = true,
            ']' if class => class = false,
            '(' if !class => {
                let rest: String = chars[i + 1..chars.len().min(i + 4)].iter().collect();
                scan.lookaround |= ["?=", "?!", "?<=", "?<!"]
                    .iter()
                    .any(|p| rest.starts_with(p));
            }
            '{' if !class => {
                let close = chars[i..].iter().position(|&c| c == '}');
                if let Some(len) = close {
                    let inner: String = chars[i + 1..i + len].iter().collect();
                    for part in inner.split(',') {
                        if let Ok(n) = part.trim().parse::<u32>() {
                            scan.largest_repeat = scan.largest_repeat.max(n);
                        }
                    }
                }
            }
            '$' if !class && last => scan.ends_with_anchor = true,
            _ => {}
        }
        i += 1;
    }
    scan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_are_scanned_outside_escapes_and_classes() {
        let problem = |check, p| pattern_problem(check, p);
        assert_eq!(
            problem(Check::PatternFeatures, r"(a)\1"),
            Some("uses a backreference".into())
        );
        assert_eq!(
            problem(Check::PatternFeatures, "^(?!x)"),
            Some("uses lookaround".into())
        );
        assert_eq!(
            problem(Check::PatternFeatures, r"\bword"),
            Some("uses a word boundary (`\\b`)".into())
        );
        // An escaped backslash, a backspace in a class, a lone `(`: none of them.
        assert_eq!(problem(Check::PatternFeatures, r"\\b[\b](x)"), None);
        assert_eq!(
            problem(Check::PatternRepeat(1000), "^a{2,5000}$"),
            Some("repeats up to 5000 times".into())
        );
        assert_eq!(problem(Check::PatternRepeat(1000), "^a{2,50}$"), None);
        assert_eq!(problem(Check::PatternAnchored, "^[a-z]+$"), None);
        assert_eq!(
            problem(Check::PatternAnchored, r"^[a-z]+\$"),
            Some("is not anchored with `^…$`".into())
        );
        assert_eq!(
            problem(Check::PatternAnchored, "[a-z]+$"),
            Some("is not anchored with `^…$`".into())
        );
    }
}
