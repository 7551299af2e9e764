//! The one walker that evaluates a profile's rules over the tools of one request (C4).
//!
//! Every schema node of every tool's input schema is visited once, as written: keys are read
//! literally, as a provider reads them, so a `$ref`'s siblings count in every draft and a
//! reference is judged where it is written, not followed. Keyword rules report a keyword at a
//! node once, for the first rule (in profile order) that names it. Counts that a provider limits
//! per schema are taken per tool; counts it limits per request are summed over the tools given.

mod rules;

use serde_json::{Map, Value};

use super::{Check, Family, Measure, Place, Profile, Rule};
use crate::diagnostic::Severity;
use crate::schema::{Draft, pointer};
use crate::schema::{keywords, walk};

/// One tool's input schema, as part of one request.
#[derive(Debug, Clone, Copy)]
pub struct ToolInput<'a> {
    /// The tool's name (a bare schema's file stem).
    pub name: &'a str,
    /// The tool's pointer in its document (rules about the name and description point there);
    /// `None` for a bare schema, whose name is the user's to give: name rules skip it.
    pub at: Option<&'a str>,
    /// Its description, when the document gives one.
    pub description: Option<&'a str>,
    /// The input schema.
    pub schema: &'a Value,
    /// The schema's pointer in its document (findings point there).
    pub pointer: &'a str,
    /// The draft the document is read as.
    pub draft: Draft,
    /// True for an OpenAI Responses function tool (`type: "function"`, flat) that does not
    /// say `strict`: the API may normalise it to strict mode (issue 41).
    pub strict_unsaid: bool,
}

/// One place where a presentation breaks a profile's rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule.
    pub rule: &'static Rule,
    /// How much it matters (the rule's severity, or a note when a limit is only near).
    pub severity: Severity,
    /// Which tool of the request (an index into the inputs).
    pub tool: usize,
    /// JSON Pointer in the tool's document.
    pub pointer: String,
    /// What is wrong, in stitch's words.
    pub message: String,
    /// The provider's error, filled in for this place; empty when none is recorded.
    pub predicts: String,
}

/// The values a predicted error is filled in with.
#[derive(Default)]
struct Fill {
    keyword: String,
    value: String,
    count: usize,
}

/// Every violation of `profile`'s rules by the tools of one request, in tool, node and rule
/// order, then the request's limits.
pub fn check(profile: &'static Profile, tools: &[ToolInput<'_>]) -> Vec<Violation> {
    let (mut out, request) = check_apart(profile, tools);
    out.extend(request.violations(profile));
    out
}

/// [`check()`] without the limits a provider sets per request: the violations of each tool,
/// and what the tools add to the request's counts. Adding the counts of several documents
/// ([`Request::add`]) checks them as one request.
pub fn check_apart(
    profile: &'static Profile,
    tools: &[ToolInput<'_>],
) -> (Vec<Violation>, Request) {
    let mut out = Vec::new();
    let mut request = Request {
        counts: vec![0; profile.rules.len()],
        first: tools
            .first()
            .map(|t| (t.name.to_owned(), t.pointer.to_owned())),
    };
    for (index, tool) in tools.iter().enumerate() {
        let mut walk = Walk {
            profile,
            node: String::new(),
            tool,
            index,
            out: &mut out,
        };
        walk.tool_rules();
        let nodes = nodes(tool.schema, tool.draft);
        for node in &nodes {
            walk.node.clone_from(&node.at);
            walk.node(node, &nodes);
        }
        walk.node.clear();
        for (i, rule) in profile.rules.iter().enumerate() {
            if let Check::Limit { measure, .. } = rule.check {
                let count = measure_of(measure, &nodes);
                if measure.per_request() {
                    request.counts[i] += count;
                } else {
                    walk.limit(rule, count, "");
                }
            }
        }
    }
    (summarise_annotations(out), request)
}

/// The keys of the root's `properties` that its `required` does not list.
fn optional_keys(schema: &Value) -> Vec<&str> {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| {
            p.keys()
                .map(String::as_str)
                .filter(|k| !required.contains(k))
                .collect()
        })
        .unwrap_or_default()
}

/// Issue 41: an annotation (`title`, `default`, `examples`, `description`…) a provider drops,
/// ignores or may refuse constrains nothing, so its findings below an error are not one per
/// place but one per rule for the whole request, counting each keyword: a note where the
/// provider drops or ignores it, a warning (the rule's severity) where it may refuse it.
fn summarise_annotations(violations: Vec<Violation>) -> Vec<Violation> {
    let keyword_of = |v: &Violation| {
        let rule_names_keywords = matches!(
            v.rule.check,
            Check::Rejects(..)
                | Check::RejectsAllBut(..)
                | Check::Drops(..)
                | Check::DropsAllBut(..)
                | Check::Unenforced(_)
        );
        let key = pointer::unescape(v.pointer.rsplit('/').next().unwrap_or_default());
        (rule_names_keywords && v.severity != Severity::Error && keywords::is_annotation(&key))
            .then_some(key)
    };
    let mut out: Vec<Violation> = Vec::with_capacity(violations.len());
    // Per rule: the index of its note in `out`, and each keyword with its count.
    struct Note {
        rule: *const Rule,
        index: usize,
        counts: Vec<(String, usize)>,
    }
    let mut notes: Vec<Note> = Vec::new();
    for violation in violations {
        let Some(key) = keyword_of(&violation) else {
            out.push(violation);
            continue;
        };
        let rule = std::ptr::from_ref(violation.rule);
        match notes.iter_mut().find(|n| n.rule == rule) {
            Some(note) => match note.counts.iter_mut().find(|(k, _)| *k == key) {
                Some((_, n)) => *n += 1,
                None => note.counts.push((key, 1)),
            },
            None => {
                notes.push(Note {
                    rule,
                    index: out.len(),
                    counts: vec![(key, 1)],
                });
                // Dropped or ignored: a note. One a provider may refuse fails the request, so
                // it stays at its rule's severity, once.
                let refusal = matches!(
                    violation.rule.check,
                    Check::Rejects(..) | Check::RejectsAllBut(..)
                );
                out.push(Violation {
                    severity: if refusal {
                        violation.severity
                    } else {
                        Severity::Note
                    },
                    ..violation
                });
            }
        }
    }
    for Note { index, counts, .. } in notes {
        let listed: Vec<String> = counts
            .iter()
            .map(|(k, n)| {
                if *n == 1 {
                    format!("`{k}`")
                } else {
                    format!("`{k}` ({n} places)")
                }
            })
            .collect();
        let verb = match out[index].rule.check {
            Check::Drops(..) | Check::DropsAllBut(..) => "drops",
            Check::Unenforced(_) => "reads as hints",
            _ => "may refuse",
        };
        out[index].message = format!(
            "the provider {verb} {}: annotations, which constrain no value (one finding for every place; the first is here)",
            listed.join(", ")
        );
    }
    out
}

/// The counts a provider limits per request (tools, optional and union-typed parameters),
/// taken over the tools of one or more documents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Request {
    /// One count per rule of the profile, in profile order (0 for the other rules).
    counts: Vec<usize>,
    /// The first tool's name and schema pointer: the request's violations point there.
    first: Option<(String, String)>,
}

impl Request {
    /// Adds the counts of `other` (the same profile's, over other tools of the request).
    pub fn add(&mut self, other: &Request) {
        if self.counts.len() < other.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (total, count) in self.counts.iter_mut().zip(&other.counts) {
            *total += count;
        }
        if self.first.is_none() {
            self.first.clone_from(&other.first);
        }
    }

    /// The violations (over) and notes (near) of `profile`'s per-request limits; none for a
    /// request without tools.
    pub fn violations(&self, profile: &'static Profile) -> Vec<Violation> {
        let Some((name, pointer)) = &self.first else {
            return Vec::new();
        };
        let tool = ToolInput {
            name,
            at: None,
            description: None,
            schema: &Value::Null,
            pointer,
            draft: Draft::Draft2020_12,
            strict_unsaid: false,
        };
        let mut out = Vec::new();
        let mut walk = Walk {
            profile,
            node: String::new(),
            tool: &tool,
            index: 0,
            out: &mut out,
        };
        for (rule, count) in profile.rules.iter().zip(&self.counts) {
            if let Check::Limit { measure, .. } = rule.check
                && measure.per_request()
            {
                walk.limit(rule, *count, "");
            }
        }
        out
    }
}

/// A schema node.
struct Node<'a> {
    /// Its pointer, relative to the tool's schema.
    at: String,
    /// Its keywords.
    map: &'a Map<String, Value>,
    /// Levels of object nesting down to it (the root object is 1).
    depth: usize,
    /// Whether it is the schema of a property (a parameter, for budgets).
    property: bool,
    /// The keyword of its parent that holds it (`None` for the root).
    keyword: Option<&'static str>,
}

/// Every object node of `schema`, parents before children, siblings in key order.
fn nodes(schema: &Value, draft: Draft) -> Vec<Node<'_>> {
    let mut out: Vec<Node<'_>> = Vec::new();
    for visit in walk::preorder(schema, "", draft, super::PROVIDER_READING) {
        let parent_depth = visit.parent.map_or(0, |parent| out[parent].depth);
        out.push(Node {
            depth: parent_depth + usize::from(is_object(visit.map)),
            property: visit.keyword == Some("properties"),
            keyword: visit.keyword,
            at: visit.at,
            map: visit.map,
        });
    }
    out
}

/// The JSON types a node names in `type`.
pub(crate) fn types(map: &Map<String, Value>) -> Vec<&str> {
    match map.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// An object schema: `type` names `object`, or no `type` and object keywords.
pub(crate) fn is_object(map: &Map<String, Value>) -> bool {
    let types = types(map);
    if !types.is_empty() {
        return types.contains(&"object");
    }
    [
        "properties",
        "additionalProperties",
        "required",
        "patternProperties",
    ]
    .iter()
    .any(|k| map.contains_key(*k))
}

/// An array schema: `type` names `array`.
fn is_array(map: &Map<String, Value>) -> bool {
    types(map).contains(&"array")
}

struct Walk<'w, 'a> {
    profile: &'static Profile,
    /// The node being visited, relative to the tool's schema (`""` outside the walk).
    node: String,
    tool: &'w ToolInput<'a>,
    index: usize,
    out: &'w mut Vec<Violation>,
}

impl Walk<'_, '_> {
    /// Records a violation of `rule` at `at` (relative to the tool's schema).
    fn push(
        &mut self,
        rule: &'static Rule,
        severity: Severity,
        at: &str,
        message: String,
        fill: Fill,
    ) {
        let predicts = self.render(rule.predicts, &fill);
        self.out.push(Violation {
            rule,
            severity,
            tool: self.index,
            pointer: format!("{}{at}", self.tool.pointer),
            message,
            predicts,
        });
    }

    fn violation(&mut self, rule: &'static Rule, at: &str, message: String, fill: Fill) {
        self.push(rule, rule.severity(), at, message, fill);
    }

    /// The predicted error with this place's values.
    /// (A provider's error names the node that holds the offending keyword.)
    fn render(&self, template: &str, fill: &Fill) -> String {
        if template.is_empty() {
            return String::new();
        }
        template
            .replace("{tool}", self.tool.name)
            .replace("{index}", &self.index.to_string())
            .replace(
                "{context}",
                &context(self.profile.family, &self.node, self.index),
            )
            .replace("{keyword}", &fill.keyword)
            .replace("{value}", &fill.value)
            .replace("{count}", &fill.count.to_string())
    }

    /// The rules about the tool itself: its name and description.
    fn tool_rules(&mut self) {
        for rule in self.profile.rules {
            match rule.check {
                Check::RootObject if !self.tool.schema.is_object() => {
                    let message = format!(
                        "the input schema is `{}`; it must be an object schema with `type: \"object\"`",
                        self.tool.schema
                    );
                    self.violation_at_tool(rule, message, Fill::default());
                }
                Check::ToolName { pattern, max } => {
                    if self.tool.at.is_none() {
                        continue;
                    }
                    let name = self.tool.name;
                    let chars = name.chars().count();
                    let fits = chars >= 1
                        && chars <= max
                        && crate::validate::pattern_matches(&format!("^(?:{pattern})$"), name)
                            == Some(true);
                    if !fits {
                        let message = format!(
                            "the tool name `{name}` is not 1–{max} characters of `{pattern}`"
                        );
                        let fill = Fill {
                            value: name.to_owned(),
                            ..Fill::default()
                        };
                        self.violation_at_tool(rule, message, fill);
                    }
                }
                Check::ImplicitStrict if self.tool.strict_unsaid => {
                    let optional = optional_keys(self.tool.schema);
                    if !optional.is_empty() {
                        let listed: Vec<String> =
                            optional.iter().take(4).map(|k| format!("`{k}`")).collect();
                        let more = optional.len().saturating_sub(4);
                        let message = format!(
                            "the tool does not say `strict`: sent as it is, the Responses API may make it strict, and the model then sends a value for every optional key ({}{}); what `flatten --target` writes says `strict`",
                            listed.join(", "),
                            if more > 0 {
                                format!(" and {more} more")
                            } else {
                                String::new()
                            }
                        );
                        self.violation_at_tool(rule, message, Fill::default());
                    }
                }
                Check::DescriptionNotEmpty if self.tool.description == Some("") => {
                    self.violation_at_tool(
                        rule,
                        "the tool's description is empty".into(),
                        Fill::default(),
                    );
                }
                _ => {}
            }
        }
    }

    /// A violation about the tool rather than a place in its schema: it points at the tool
    /// (the schema, for a bare schema).
    fn violation_at_tool(&mut self, rule: &'static Rule, message: String, fill: Fill) {
        let predicts = self.render(rule.predicts, &fill);
        self.out.push(Violation {
            rule,
            severity: rule.severity(),
            tool: self.index,
            pointer: self.tool.at.unwrap_or(self.tool.pointer).to_owned(),
            message,
            predicts,
        });
    }

    /// A limit's violation (over) or note (near) for `count`.
    fn limit(&mut self, rule: &'static Rule, count: usize, at: &str) {
        let Check::Limit { measure, max, near } = rule.check else {
            return;
        };
        let scope = if measure.per_request() {
            "in this request"
        } else {
            "in this schema"
        };
        let fill = Fill {
            count,
            ..Fill::default()
        };
        if count > max {
            let message = format!("{count} {} {scope}; the limit is {max}", measure.noun());
            self.violation(rule, at, message, fill);
        } else if near > 0 && count >= near {
            let message = format!(
                "{count} {} {scope}, near the limit of {max}",
                measure.noun()
            );
            self.push(rule, Severity::Note, at, message, Fill::default());
        }
    }

    /// Every rule at one node.
    fn node(&mut self, node: &Node<'_>, nodes: &[Node<'_>]) {
        let root = node.at.is_empty();
        let mut named: Vec<&str> = Vec::new();
        for rule in self.profile.rules {
            self.keyword_rule(rule, node, root, &mut named);
            rules::node_rule(self, rule, node, root, nodes);
        }
    }

    /// Keyword rules: each keyword of the node reported once, for the first rule naming it.
    fn keyword_rule<'n>(
        &mut self,
        rule: &'static Rule,
        node: &Node<'n>,
        root: bool,
        named: &mut Vec<&'n str>,
    ) {
        let in_place = |place: Place| match place {
            Place::Root => root,
            Place::Nested => !root,
            Place::Anywhere => true,
        };
        let (listed, all_but, verb): (&[&str], bool, &str) = match rule.check {
            Check::RootKeywords(k) if root => (k, false, "at the root"),
            Check::Rejects(p, k) if in_place(p) => (k, false, "refused"),
            Check::RejectsAllBut(p, k) if in_place(p) => {
                (k, true, "not a field the provider knows: refused")
            }
            Check::Drops(p, k) if in_place(p) => (k, false, "silently dropped"),
            Check::DropsAllBut(p, k) if in_place(p) => (k, true, "silently dropped"),
            Check::Unenforced(k) => (k, false, ""),
            _ => return,
        };
        for key in node.map.keys() {
            let hit = listed.contains(&key.as_str()) != all_but;
            if !hit || named.contains(&key.as_str()) {
                continue;
            }
            named.push(key);
            let message = match rule.check {
                Check::RootKeywords(_) => format!("`{key}` at the root"),
                Check::Unenforced(_) => {
                    format!("`{key}` is read as a hint to the model, not enforced")
                }
                _ => format!("`{key}` is {verb}"),
            };
            let value = types(node.map).first().copied().unwrap_or("").to_owned();
            let fill = Fill {
                keyword: key.clone(),
                value,
                count: 0,
            };
            let at = pointer::push(&node.at, key);
            self.violation(rule, &at, message, fill);
        }
    }
}

/// How the provider's own errors spell a place: OpenAI's `context=(…)` tuple, Gemini's
/// proto path, else a JSON Pointer.
fn context(family: Family, at: &str, index: usize) -> String {
    let tokens = pointer::tokens(at).unwrap_or_default();
    match family {
        Family::OpenAi => {
            let quoted: Vec<String> = tokens
                .iter()
                .map(|t| format!("'{}'", t.replace('\\', "\\\\").replace('\'', "\\'")))
                .collect();
            match quoted.len() {
                1 => format!("({},)", quoted[0]),
                _ => format!("({})", quoted.join(", ")),
            }
        }
        Family::Gemini => {
            let mut out = format!("tools[0].function_declarations[{index}].parameters");
            let mut in_map = false;
            for token in &tokens {
                if in_map || token.parse::<usize>().is_ok() {
                    out.push_str(&format!("[{token}]"));
                    in_map = false;
                } else {
                    out.push('.');
                    out.push_str(&snake_case(token));
                    in_map = token == "properties";
                }
            }
            out
        }
        _ => format!("#{at}"),
    }
}

/// `anyOf` → `any_of`, as protobuf field names are written.
fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A count over one tool's nodes.
fn measure_of<'a>(measure: Measure, nodes: &[Node<'a>]) -> usize {
    fn properties<'a>(n: &Node<'a>) -> Option<&'a Map<String, Value>> {
        n.map.get("properties").and_then(Value::as_object)
    }
    fn enums<'a>(n: &Node<'a>) -> Option<&'a Vec<Value>> {
        n.map.get("enum").and_then(Value::as_array)
    }
    let chars = |v: &Value| match v {
        Value::String(s) => s.chars().count(),
        other => other.to_string().chars().count(),
    };
    match measure {
        Measure::Properties => nodes.iter().filter_map(properties).map(Map::len).sum(),
        Measure::Depth => nodes.iter().map(|n| n.depth).max().unwrap_or(0),
        Measure::EnumValues => nodes.iter().filter_map(enums).map(Vec::len).sum(),
        Measure::Characters => nodes
            .iter()
            .map(|n| {
                let names: usize = ["properties", "$defs", "definitions"]
                    .iter()
                    .filter_map(|k| n.map.get(*k).and_then(Value::as_object))
                    .flat_map(|m| m.keys())
                    .map(|k| k.chars().count())
                    .sum();
                let values: usize = enums(n).map_or(0, |e| e.iter().map(chars).sum());
                names + values + n.map.get("const").map_or(0, chars)
            })
            .sum(),
        Measure::LongEnumCharacters => nodes
            .iter()
            .filter_map(enums)
            .filter(|e| e.len() > 250 && e.iter().all(Value::is_string))
            .map(|e| e.iter().map(chars).sum())
            .max()
            .unwrap_or(0),
        Measure::Tools => 1,
        Measure::OptionalParameters => nodes
            .iter()
            .filter_map(|n| {
                let props = properties(n)?;
                let required = n.map.get("required").and_then(Value::as_array);
                let is_required =
                    |k: &String| required.is_some_and(|r| r.iter().any(|v| v.as_str() == Some(k)));
                Some(props.keys().filter(|k| !is_required(k)).count())
            })
            .sum(),
        Measure::UnionParameters => nodes
            .iter()
            .filter(|n| {
                n.property
                    && (n.map.contains_key("anyOf")
                        || matches!(n.map.get("type"), Some(Value::Array(_))))
            })
            .count(),
        Measure::MaxItemsSum => nodes
            .iter()
            .filter_map(|n| n.map.get("maxItems").and_then(Value::as_u64))
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
            .fold(0usize, usize::saturating_add),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::codes;
    use crate::targets::lookup;
    use serde_json::json;

    fn violations(target: &str, schema: &Value) -> Vec<(String, String)> {
        let tool = ToolInput {
            name: "t",
            at: Some(""),
            description: None,
            schema,
            pointer: "/inputSchema",
            draft: Draft::Draft2020_12,
            strict_unsaid: false,
        };
        check(lookup(target).unwrap(), &[tool])
            .into_iter()
            .map(|v| (v.pointer, v.rule.check.code().as_str().to_owned()))
            .collect()
    }

    #[test]
    fn contexts_are_spelled_as_each_provider_spells_them() {
        assert_eq!(context(Family::OpenAi, "", 0), "()");
        assert_eq!(context(Family::OpenAi, "/properties", 0), "('properties',)");
        assert_eq!(
            context(Family::OpenAi, "/properties/it's", 0),
            "('properties', 'it\\'s')"
        );
        assert_eq!(
            context(Family::Gemini, "/properties/a/anyOf/1", 2),
            "tools[0].function_declarations[2].parameters.properties[a].any_of[1]"
        );
        assert_eq!(context(Family::Mcp, "/properties/a", 0), "#/properties/a");
    }

    #[test]
    fn recursion_is_found_through_definitions_and_the_root() {
        let direct = json!({"type": "object", "properties": {"a": {"$ref": "#"}}});
        assert_eq!(
            violations("anthropic-strict", &direct)
                .iter()
                .filter(|(_, c)| c == codes::TARGET_RECURSION.as_str())
                .map(|(p, _)| p.as_str())
                .collect::<Vec<_>>(),
            ["/inputSchema/properties/a/$ref"]
        );
        let mutual = json!({
            "type": "object", "additionalProperties": false,
            "properties": {"x": {"$ref": "#/$defs/a"}},
            "$defs": {
                "a": {"type": "object", "additionalProperties": false, "properties": {"b": {"$ref": "#/$defs/b"}}},
                "b": {"type": "object", "additionalProperties": false, "properties": {"a": {"$ref": "#/$defs/a"}}}
            }
        });
        let found: Vec<String> = violations("anthropic-strict", &mutual)
            .into_iter()
            .filter(|(_, c)| c == codes::TARGET_RECURSION.as_str())
            .map(|(p, _)| p)
            .collect();
        // Both references of the cycle; not the one from the root that merely enters it.
        assert_eq!(
            found,
            [
                "/inputSchema/$defs/a/properties/b/$ref",
                "/inputSchema/$defs/b/properties/a/$ref"
            ]
        );
    }

    /// A named tool of a 2020-12 input schema.
    fn tool_of<'a>(name: &'a str, schema: &'a Value) -> ToolInput<'a> {
        ToolInput {
            name,
            at: Some(""),
            description: None,
            schema,
            pointer: "",
            draft: Draft::Draft2020_12,
            strict_unsaid: false,
        }
    }

    #[test]
    fn limits_count_per_schema_and_per_request() {
        let wide: Map<String, Value> = (0..12)
            .map(|i| (format!("p{i}"), json!({"type": "string"})))
            .collect();
        let schema = json!({"type": "object", "properties": wide, "additionalProperties": false});
        let tool = |name| tool_of(name, &schema);
        // 12 optional parameters per tool: 24 over two tools is at the limit (a note), 36 over
        // three is past it (an error), reported once for the request.
        let limits = |n: usize| -> Vec<Severity> {
            let tools: Vec<ToolInput<'_>> = ["a", "b", "c"][..n].iter().map(|n| tool(n)).collect();
            check(lookup("anthropic-strict").unwrap(), &tools)
                .into_iter()
                .filter(|v| v.message.contains("optional parameters"))
                .map(|v| v.severity)
                .collect()
        };
        assert_eq!(limits(1), []);
        assert_eq!(limits(2), [Severity::Note]);
        assert_eq!(limits(3), [Severity::Error]);
    }

    #[test]
    fn requests_added_up_are_the_request_of_all_their_tools() {
        let wide: Map<String, Value> = (0..10)
            .map(|i| (format!("p{i}"), json!({"type": ["string", "null"]})))
            .collect();
        let schema = json!({"type": "object", "properties": wide, "additionalProperties": false});
        let tool = |name| tool_of(name, &schema);
        let profile = lookup("anthropic-strict").unwrap();
        let together = check(profile, &[tool("a"), tool("b")]);
        let mut request = Request::default();
        let mut apart = Vec::new();
        for name in ["a", "b"] {
            let (violations, counts) = check_apart(profile, &[tool(name)]);
            apart.extend(violations);
            request.add(&counts);
        }
        apart.extend(request.violations(profile));
        // 20 optional and 20 union-typed parameters: over the union limit (16), near the
        // optional one (24); the same findings either way, but for the tool index.
        let strip = |vs: Vec<Violation>| -> Vec<(String, Severity)> {
            vs.into_iter().map(|v| (v.message, v.severity)).collect()
        };
        assert_eq!(strip(together), strip(apart));
        assert_eq!(
            request
                .violations(profile)
                .iter()
                .map(|v| v.severity)
                .collect::<Vec<_>>(),
            [Severity::Note, Severity::Error]
        );
        assert_eq!(Request::default().violations(profile), []);
    }

    #[test]
    fn a_boolean_input_schema_is_not_an_object() {
        assert_eq!(
            violations("openai", &json!(true)),
            [(
                "".to_owned(),
                codes::TARGET_ROOT_NOT_OBJECT.as_str().to_owned()
            )]
        );
    }
}
