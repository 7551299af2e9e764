//! C4: every cell of `PROVIDERS.md`'s capability table maps to a profile rule, to "accepted, so
//! nothing to check", or to an explicit "not modelled" with its reason — so no profile is a
//! handful of rules. The table is copied in `fixtures/targets/capability-table.md`; `.ci/run`
//! checks that the copy matches `../shared/PROVIDERS.md`.

use stitch::targets::{self, Check, Profile};

/// How one cell is covered.
#[derive(Debug, Clone, Copy)]
enum Cover {
    /// The provider accepts it: nothing to check.
    Ok,
    /// A rule with this code (`stitch::target::<name>`) is in the column's profile.
    Code(&'static str),
    /// Each keyword is named by a keyword rule of the column's profile.
    Kw(&'static [&'static str]),
    /// Not modelled, for this reason.
    No(&'static str),
}

use Cover::{Code, Kw, No, Ok};

/// The profiles each column stands for.
const COLUMNS: [&[&str]; 10] = [
    &["openai-strict"],
    &["openai"],
    &["anthropic"],
    &["anthropic-strict"],
    &["gemini"],
    &["gemini-json"],
    &["mcp@2025-06-18", "mcp@2025-11-25", "mcp@2026-07-28"],
    &["bedrock"],
    &["ollama"],
    &["llama-cpp"],
];

const STRICT_BEDROCK: Cover =
    No("Bedrock `strict` tools follow Anthropic strict: check `anthropic-strict`");
const CONDITIONALS: &[&str] = &[
    "not",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
];
const OBJECT_EXTRAS: &[&str] = &[
    "uniqueItems",
    "contains",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
];
const BOUNDS: &[&str] = &[
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
];
const ANNOTATION: Cover = No("an annotation: ignoring it changes no value the provider accepts");

/// Row by row, in the table's order (the first cell's text, then one cover list per column).
fn table() -> Vec<(&'static str, [&'static [Cover]; 10])> {
    vec![
        (
            "Root must be `type:\"object\"`",
            [
                &[Code("root_not_object")],
                &[Code("root_not_object")],
                &[Code("root_not_object")],
                &[Code("root_not_object")],
                &[Code("root_not_object")],
                &[Code("root_not_object")],
                &[Code("root_not_object")],
                &[Code("root_not_object")],
                &[Ok],
                &[Ok],
            ],
        ),
        (
            "`anyOf` / `oneOf` / `allOf` / `enum` / `not` at **root**",
            [
                &[Kw(&["anyOf", "oneOf", "allOf", "enum", "not"])],
                &[Kw(&["anyOf", "oneOf", "allOf", "enum", "not"])],
                &[Kw(&["anyOf", "oneOf", "allOf"])],
                &[Kw(&["anyOf", "oneOf", "allOf"])],
                &[Kw(&["anyOf", "oneOf", "allOf", "not"])],
                &[Kw(&["anyOf", "oneOf", "allOf", "enum", "not"])],
                &[Kw(&["anyOf", "oneOf", "allOf", "not"])],
                &[Kw(&["anyOf", "oneOf", "allOf"])],
                &[Kw(&["anyOf", "oneOf", "allOf", "enum", "not"])],
                &[Ok],
            ],
        ),
        (
            "Root `$ref` (+`$defs`)",
            [
                &[Code("root_ref")],
                &[Code("root_ref")],
                &[Code("root_ref")],
                &[Code("root_ref")],
                &[Kw(&["$ref", "$defs"])],
                &[Code("root_ref")],
                &[Code("root_ref")],
                &[Code("root_ref")],
                &[Kw(&["$ref"])],
                &[Ok],
            ],
        ),
        (
            "Nested `anyOf`",
            [
                &[Ok],
                &[Ok],
                &[Ok],
                &[Code("limit")],
                &[Code("anyof_not_alone")],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Code("properties_with_union")],
            ],
        ),
        (
            "Nested `oneOf`",
            [
                &[Kw(&["oneOf"])],
                &[Kw(&["oneOf"])],
                &[Ok],
                &[Kw(&["oneOf"])],
                &[Kw(&["oneOf"])],
                &[Kw(&["oneOf"])],
                &[Ok],
                &[Ok],
                &[Kw(&["oneOf"])],
                &[Ok], // treated as anyOf: a widening
            ],
        ),
        (
            "Nested `allOf`",
            [
                &[Kw(&["allOf"])],
                &[Kw(&["allOf"])],
                &[Ok],
                &[Code("allof_with_ref")],
                &[Kw(&["allOf"])],
                &[Kw(&["allOf"])],
                &[Ok],
                &[Ok],
                &[Kw(&["allOf"])],
                &[No(
                    "llama.cpp's partial `allOf` support is not documented precisely enough to check",
                )],
            ],
        ),
        (
            "`not`, `if/then/else`, `dependentRequired`, `dependentSchemas`",
            [
                &[Kw(CONDITIONALS)],
                &[Kw(CONDITIONALS)],
                &[Ok],
                &[Kw(CONDITIONALS)],
                &[Kw(CONDITIONALS)],
                &[Kw(CONDITIONALS)],
                &[Ok],
                &[Ok],
                &[Kw(CONDITIONALS)],
                &[Kw(CONDITIONALS)],
            ],
        ),
        (
            "`$ref` / `$defs` (local)",
            [
                &[Code("ref_with_siblings"), Code("external_ref")],
                &[Ok],
                &[Ok],
                &[Code("external_ref")],
                &[Kw(&["$ref", "$defs"])],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Kw(&["$ref"])],
                &[No(
                    "the nested-`$ref` bug (llama.cpp #8073) depends on the version; not checked",
                )],
            ],
        ),
        (
            "Recursive schemas",
            [
                &[Ok],
                &[Ok],
                &[Ok],
                &[Code("recursion")],
                &[Code("recursion")],
                &[Ok],
                &[Ok],
                &[STRICT_BEDROCK],
                &[Kw(&["$ref"])],
                &[Ok],
            ],
        ),
        (
            "`additionalProperties: false`",
            [
                &[Code("open_object")],
                &[Ok],
                &[Ok],
                &[Code("open_object")],
                &[Kw(&["additionalProperties"])],
                &[Ok],
                &[Code("no_arguments")],
                &[STRICT_BEDROCK],
                &[Kw(&["additionalProperties"])],
                &[Code("closed_by_default")],
            ],
        ),
        (
            "`additionalProperties: true` / schema (maps)",
            [
                &[Code("open_object")],
                &[Ok],
                &[Ok],
                &[Code("open_object")],
                &[Kw(&["additionalProperties"])],
                &[Ok],
                &[Ok],
                &[STRICT_BEDROCK],
                &[Kw(&["additionalProperties"])],
                &[No("a remark on generation speed, not on what is accepted")],
            ],
        ),
        (
            "Every property in `required`",
            [
                &[Code("optional_property")],
                &[Ok],
                &[Ok],
                &[Code("limit")],
                &[Ok],
                &[Ok],
                &[Ok],
                &[STRICT_BEDROCK],
                &[Ok],
                &[Ok],
            ],
        ),
        (
            "`type: [T,\"null\"]` arrays",
            [
                &[Ok],
                &[Ok],
                &[Ok],
                &[Code("limit")],
                &[Code("type_array")],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
            ],
        ),
        (
            "`nullable: true` (OpenAPI)",
            [
                &[Kw(&["nullable"])],
                &[Kw(&["nullable"])],
                &[No(
                    "an unknown keyword asserts nothing in 2020-12: ignoring it only widens",
                )],
                &[Kw(&["nullable"])],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Kw(&["nullable"])],
                &[Kw(&["nullable"])],
            ],
        ),
        (
            "`const`",
            [
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Kw(&["const"])],
                &[Kw(&["const"])],
                &[Ok],
                &[Ok],
                &[Kw(&["const"])],
                &[Ok],
            ],
        ),
        (
            "`enum`",
            [
                &[Code("limit")],
                &[Ok],
                &[Ok],
                &[Code("enum_value")],
                &[Code("enum_value")],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
            ],
        ),
        (
            "`default`",
            [
                &[Kw(&["default"])],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Kw(&["default"])],
                &[No("not documented, and no error observed")],
                &[Ok],
                &[Ok],
                &[Kw(&["default"])],
                &[ANNOTATION],
            ],
        ),
        (
            "`title`, `description`",
            [
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Kw(&["title"])],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Kw(&["title"])],
                &[ANNOTATION],
            ],
        ),
        (
            "`format`",
            [
                &[Code("format")],
                &[Kw(&["format"])],
                &[Ok],
                &[Code("format")],
                &[Code("format")],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Kw(&["format"])],
                &[Code("format")],
            ],
        ),
        (
            "`pattern`",
            [
                &[Code("pattern")],
                &[Kw(&["pattern"])],
                &[Ok],
                &[Code("pattern")],
                &[Ok],
                &[Kw(&["pattern"])],
                &[Ok],
                &[Ok],
                &[Kw(&["pattern"])],
                &[Code("pattern")],
            ],
        ),
        (
            "`minLength` / `maxLength`",
            [
                &[Kw(&["minLength", "maxLength"])],
                &[Kw(&["minLength", "maxLength"])],
                &[Ok],
                &[Kw(&["minLength", "maxLength"])],
                &[Ok],
                &[Kw(&["minLength", "maxLength"])],
                &[Ok],
                &[Ok],
                &[Kw(&["minLength", "maxLength"])],
                &[Ok],
            ],
        ),
        (
            "`minimum` / `maximum` / `exclusive*` / `multipleOf`",
            [
                &[Ok],
                &[Kw(BOUNDS)],
                &[Ok],
                &[Kw(BOUNDS)],
                &[Kw(&["exclusiveMinimum", "exclusiveMaximum", "multipleOf"])],
                &[Kw(&["exclusiveMinimum", "exclusiveMaximum"])],
                &[Ok],
                &[Ok],
                &[Kw(BOUNDS)],
                &[Code("bounds_on_number")],
            ],
        ),
        (
            "`minItems` / `maxItems`",
            [
                &[Ok],
                &[Kw(&["minItems", "maxItems"])],
                &[Ok],
                &[Code("min_items"), Kw(&["maxItems"])],
                &[Code("limit")],
                &[Code("limit")],
                &[Ok],
                &[Ok],
                &[Kw(&["minItems", "maxItems"])],
                &[Ok],
            ],
        ),
        (
            "`uniqueItems`, `contains`, `patternProperties`, `propertyNames`, `min/maxProperties`, `unevaluated*`",
            [
                &[Kw(OBJECT_EXTRAS)],
                &[Kw(OBJECT_EXTRAS)],
                &[Ok],
                &[Kw(OBJECT_EXTRAS)],
                &[Kw(&[
                    "uniqueItems",
                    "contains",
                    "patternProperties",
                    "propertyNames",
                    "unevaluatedProperties",
                    "unevaluatedItems",
                ])],
                &[Kw(&[
                    "uniqueItems",
                    "contains",
                    "patternProperties",
                    "propertyNames",
                    "unevaluatedProperties",
                    "unevaluatedItems",
                ])],
                &[Ok],
                &[Ok],
                &[Kw(OBJECT_EXTRAS)],
                &[Kw(OBJECT_EXTRAS)],
            ],
        ),
        (
            "`prefixItems` / tuple `items:[…]`",
            [
                &[Kw(&["prefixItems"])],
                &[Kw(&["prefixItems"])],
                &[Ok],
                &[Kw(&["prefixItems"])],
                &[Kw(&["prefixItems"])],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Kw(&["prefixItems"])],
                &[Kw(&["prefixItems"])],
            ],
        ),
        (
            "Array without `items`",
            [
                &[Code("array_without_items")],
                &[Code("array_without_items")],
                &[Ok],
                &[No("no evidence either way")],
                &[Code("array_without_items")],
                &[Code("array_without_items")],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
            ],
        ),
        (
            "Object without `properties` / empty",
            [
                &[Code("object_without_properties")],
                &[Code("object_without_properties")],
                &[Ok],
                &[Ok],
                &[Code("object_without_properties")],
                &[Code("object_without_properties")],
                &[Code("no_arguments")],
                &[Ok],
                &[Ok],
                &[Ok],
            ],
        ),
        (
            "`required` naming an undeclared property",
            [
                &[Code("required_undeclared")],
                &[Code("required_undeclared")],
                &[Code("required_undeclared")],
                &[Code("required_undeclared")],
                &[Code("required_undeclared")],
                &[Code("required_undeclared")],
                &[No(
                    "the spec does not say what a client does with it; check the client's own target",
                )],
                &[Ok],
                &[Ok],
                &[Ok],
            ],
        ),
        (
            "Property-name charset",
            [
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Code("property_name")],
                &[Code("property_name")],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
            ],
        ),
        (
            "Key order of output",
            [
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
                &[No(
                    "the order of the model's output keys, not a property of the schema it accepts",
                )],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
                &[Ok],
            ],
        ),
        (
            "**Size limits**",
            [
                &[Code("limit")],
                &[Code("limit")],
                &[Ok],
                &[Code("limit")],
                &[Code("limit")],
                &[Code("limit")],
                &[Ok],
                &[STRICT_BEDROCK],
                &[Ok],
                &[No("a remark on generation speed, not on what is accepted")],
            ],
        ),
        (
            "Tool name",
            [
                &[Code("tool_name")],
                &[Code("tool_name")],
                &[Code("tool_name")],
                &[Code("tool_name")],
                &[Code("tool_name")],
                &[Code("tool_name")],
                &[Ok],
                &[Code("tool_name"), Code("tool_description")],
                &[Ok],
                &[Ok],
            ],
        ),
    ]
}

/// The table's rows: the first cell, then the ten columns.
fn rows() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string("fixtures/targets/capability-table.md")
        .expect("the copy of the capability table");
    text.lines()
        .skip(2)
        .map(|line| {
            let cells: Vec<String> = line
                .trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_owned())
                .collect();
            assert_eq!(cells.len(), 11, "{line}");
            (cells[0].clone(), cells[1..].to_vec())
        })
        .collect()
}

/// True when some keyword rule of `profile` names `keyword` (a rule refusing or dropping
/// everything but a list names every keyword outside it).
fn names_keyword(profile: &Profile, keyword: &str) -> bool {
    profile.rules.iter().any(|rule| match rule.check {
        Check::RejectsAllBut(_, allowed) | Check::DropsAllBut(_, allowed) => {
            !allowed.contains(&keyword)
        }
        other => other.keywords().contains(&keyword),
    })
}

fn covered(profiles: &[&'static Profile], cover: Cover) -> Result<(), String> {
    match cover {
        Ok => Result::Ok(()),
        No(reason) if !reason.is_empty() => Result::Ok(()),
        No(_) => Err("a \"not modelled\" needs its reason".into()),
        Code(name) => {
            let code = format!("stitch::target::{name}");
            profiles
                .iter()
                .any(|p| p.rules.iter().any(|r| r.check.code().as_str() == code))
                .then_some(())
                .ok_or_else(|| format!("no rule with code `{code}`"))
        }
        Kw(keywords) => {
            for keyword in keywords {
                if !profiles.iter().any(|p| names_keyword(p, keyword)) {
                    return Err(format!("no keyword rule names `{keyword}`"));
                }
            }
            Result::Ok(())
        }
    }
}

#[test]
fn every_cell_of_the_capability_table_is_a_rule_or_says_why_not() {
    let rows = rows();
    let table = table();
    let features: Vec<&str> = rows.iter().map(|(f, _)| f.as_str()).collect();
    let mapped: Vec<&str> = table.iter().map(|(f, _)| *f).collect();
    assert_eq!(mapped, features, "the mapping follows the table row by row");
    let mut problems = Vec::new();
    let mut rules_used = 0;
    for ((feature, cells), (_, covers)) in rows.iter().zip(&table) {
        for (column, (cell, cover)) in cells.iter().zip(covers).enumerate() {
            let profiles: Vec<&'static Profile> = COLUMNS[column]
                .iter()
                .map(|name| targets::lookup(name).expect("a profile"))
                .collect();
            // A cell that says the provider refuses, drops or ignores it must be a rule or
            // say why it is not modelled.
            let negative = ["✗", "ign", "dropped", "skipped"]
                .iter()
                .any(|word| cell.contains(word));
            if negative && cover.iter().all(|c| matches!(c, Ok)) {
                problems.push(format!(
                    "{feature} / {}: `{cell}` is mapped to Ok",
                    COLUMNS[column][0]
                ));
            }
            for c in cover.iter() {
                rules_used += usize::from(matches!(c, Code(_) | Kw(_)));
                if let Err(why) = covered(&profiles, *c) {
                    problems.push(format!("{feature} / {}: {why}", COLUMNS[column][0]));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(rules_used > 150, "only {rules_used} cells map to rules");
}
