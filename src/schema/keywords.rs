//! The keyword table: every JSON Schema keyword stitch reads, once, with the drafts that define
//! it (L2), its role, the instance type it constrains and the subschemas it holds.
//!
//! Every stage asks this table rather than keeping a list of its own: `Draft::is_keyword` and
//! `Draft::subschemas` read the drafts and shapes, the flattener's joins and the prover read the
//! per-type lists, canonical JSON reads the shapes, the closure and the prover read the roles.

use super::draft::Draft;

/// How a keyword holds subschemas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One schema.
    One,
    /// An array of schemas.
    Many,
    /// An object whose values are schemas.
    Map,
    /// One schema, or (tuple form) an array of schemas: `items` before 2020-12.
    OneOrMany,
    /// An object whose values are schemas or arrays of property names: `dependencies`.
    MapOrNames,
}

/// How a subschema is applied, relative to the value its parent sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Application {
    /// To the same value (`allOf`, `not`, `then`, `dependentSchemas`, …).
    InPlace,
    /// To a part of the value: a property, an item, a key (`properties`, `items`,
    /// `propertyNames`, …).
    Child,
    /// Not at all: a definitions container, reachable only through `$ref`.
    Definition,
}

/// What a keyword is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Names the document or a place in it (`$schema`, `$id`, `$anchor`, …); asserts nothing.
    Identity,
    /// Describes and never asserts (`title`, `description`, `default`, …).
    Annotation,
    /// Holds reusable subschemas (`$defs`, `definitions`).
    Definitions,
    /// Applies another schema by reference (`$ref`, `$dynamicRef`, `$recursiveRef`).
    Reference,
    /// Applies subschemas to the same value (`allOf`, `anyOf`, `if`, …).
    Applicator,
    /// Constrains the value or its parts.
    Assertion,
}

/// The JSON type of the values a type-specific keyword constrains (`minLength` constrains
/// strings only: a number passes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Objects.
    Object,
    /// Arrays.
    Array,
    /// Strings.
    String,
    /// Numbers (integers included).
    Number,
}

impl Kind {
    /// The kind of a type name (`integer` is a number); `None` for `null`, `boolean` and
    /// names that are no type.
    pub fn of_name(name: &str) -> Option<Kind> {
        Some(match name {
            "object" => Kind::Object,
            "array" => Kind::Array,
            "string" => Kind::String,
            "number" | "integer" => Kind::Number,
            _ => return None,
        })
    }
}

/// One keyword, for the drafts `first..=last`.
#[derive(Debug, Clone, Copy)]
pub struct Keyword {
    /// The keyword.
    pub name: &'static str,
    /// The first draft that defines it.
    pub first: Draft,
    /// The last draft that defines it (in this shape).
    pub last: Draft,
    /// What it is for.
    pub role: Role,
    /// The only kind of value it constrains, when it is type-specific.
    pub kind: Option<Kind>,
    /// The subschemas it holds, and how they are applied.
    pub holds: Option<(Shape, Application)>,
}

impl Keyword {
    /// True when `draft` defines this keyword (in this shape).
    pub fn in_draft(&self, draft: Draft) -> bool {
        (self.first..=self.last).contains(&draft)
    }
}

const fn row(
    name: &'static str,
    first: Draft,
    last: Draft,
    role: Role,
    kind: Option<Kind>,
    holds: Option<(Shape, Application)>,
) -> Keyword {
    Keyword {
        name,
        first,
        last,
        role,
        kind,
        holds,
    }
}

/// Every keyword of drafts 4, 6, 7, 2019-09 and 2020-12. A keyword whose shape changed between
/// drafts (`items`) has a row per shape.
pub const KEYWORDS: &[Keyword] = {
    use Application::{Child, Definition, InPlace};
    use Draft::{
        Draft4 as D4, Draft6 as D6, Draft7 as D7, Draft2019_09 as D19, Draft2020_12 as D20,
    };
    use Kind::{Array, Number, Object, String};
    use Role::*;
    use Shape::*;
    &[
        // Identity.
        row("$schema", D4, D20, Identity, None, None),
        row("id", D4, D4, Identity, None, None),
        row("$id", D6, D20, Identity, None, None),
        row("$anchor", D19, D20, Identity, None, None),
        row("$dynamicAnchor", D20, D20, Identity, None, None),
        row("$recursiveAnchor", D19, D19, Identity, None, None),
        row("$vocabulary", D19, D20, Identity, None, None),
        // Annotations.
        row("title", D4, D20, Annotation, None, None),
        row("description", D4, D20, Annotation, None, None),
        row("default", D4, D20, Annotation, None, None),
        row("examples", D6, D20, Annotation, None, None),
        row("$comment", D7, D20, Annotation, None, None),
        row("readOnly", D7, D20, Annotation, None, None),
        row("writeOnly", D7, D20, Annotation, None, None),
        row("deprecated", D19, D20, Annotation, None, None),
        // Definitions.
        row(
            "definitions",
            D4,
            D20,
            Definitions,
            None,
            Some((Map, Definition)),
        ),
        row(
            "$defs",
            D19,
            D20,
            Definitions,
            None,
            Some((Map, Definition)),
        ),
        // References.
        row("$ref", D4, D20, Reference, None, None),
        row("$recursiveRef", D19, D19, Reference, None, None),
        row("$dynamicRef", D20, D20, Reference, None, None),
        // In-place applicators.
        row("allOf", D4, D20, Applicator, None, Some((Many, InPlace))),
        row("anyOf", D4, D20, Applicator, None, Some((Many, InPlace))),
        row("oneOf", D4, D20, Applicator, None, Some((Many, InPlace))),
        row("not", D4, D20, Applicator, None, Some((One, InPlace))),
        row("if", D7, D20, Applicator, None, Some((One, InPlace))),
        row("then", D7, D20, Applicator, None, Some((One, InPlace))),
        row("else", D7, D20, Applicator, None, Some((One, InPlace))),
        // Any type.
        row("type", D4, D20, Assertion, None, None),
        row("enum", D4, D20, Assertion, None, None),
        row("const", D6, D20, Assertion, None, None),
        // Numbers.
        row("multipleOf", D4, D20, Assertion, Some(Number), None),
        row("maximum", D4, D20, Assertion, Some(Number), None),
        row("exclusiveMaximum", D4, D20, Assertion, Some(Number), None),
        row("minimum", D4, D20, Assertion, Some(Number), None),
        row("exclusiveMinimum", D4, D20, Assertion, Some(Number), None),
        // Strings.
        row("maxLength", D4, D20, Assertion, Some(String), None),
        row("minLength", D4, D20, Assertion, Some(String), None),
        row("pattern", D4, D20, Assertion, Some(String), None),
        row("format", D4, D20, Assertion, Some(String), None),
        row("contentMediaType", D7, D20, Assertion, Some(String), None),
        row("contentEncoding", D7, D20, Assertion, Some(String), None),
        row(
            "contentSchema",
            D19,
            D20,
            Assertion,
            Some(String),
            Some((One, Child)),
        ),
        // Arrays.
        row(
            "items",
            D4,
            D19,
            Applicator,
            Some(Array),
            Some((OneOrMany, Child)),
        ),
        row(
            "items",
            D20,
            D20,
            Applicator,
            Some(Array),
            Some((One, Child)),
        ),
        row(
            "prefixItems",
            D20,
            D20,
            Applicator,
            Some(Array),
            Some((Many, Child)),
        ),
        row(
            "additionalItems",
            D4,
            D19,
            Applicator,
            Some(Array),
            Some((One, Child)),
        ),
        row(
            "unevaluatedItems",
            D19,
            D20,
            Applicator,
            Some(Array),
            Some((One, Child)),
        ),
        row(
            "contains",
            D6,
            D20,
            Applicator,
            Some(Array),
            Some((One, Child)),
        ),
        row("maxContains", D19, D20, Assertion, Some(Array), None),
        row("minContains", D19, D20, Assertion, Some(Array), None),
        row("maxItems", D4, D20, Assertion, Some(Array), None),
        row("minItems", D4, D20, Assertion, Some(Array), None),
        row("uniqueItems", D4, D20, Assertion, Some(Array), None),
        // Objects.
        row(
            "properties",
            D4,
            D20,
            Applicator,
            Some(Object),
            Some((Map, Child)),
        ),
        row(
            "patternProperties",
            D4,
            D20,
            Applicator,
            Some(Object),
            Some((Map, Child)),
        ),
        row(
            "additionalProperties",
            D4,
            D20,
            Applicator,
            Some(Object),
            Some((One, Child)),
        ),
        row(
            "unevaluatedProperties",
            D19,
            D20,
            Applicator,
            Some(Object),
            Some((One, Child)),
        ),
        row(
            "propertyNames",
            D6,
            D20,
            Applicator,
            Some(Object),
            Some((One, Child)),
        ),
        row("required", D4, D20, Assertion, Some(Object), None),
        row("maxProperties", D4, D20, Assertion, Some(Object), None),
        row("minProperties", D4, D20, Assertion, Some(Object), None),
        row("dependentRequired", D19, D20, Assertion, Some(Object), None),
        row(
            "dependentSchemas",
            D19,
            D20,
            Applicator,
            Some(Object),
            Some((Map, InPlace)),
        ),
        row(
            "dependencies",
            D4,
            D7,
            Applicator,
            Some(Object),
            Some((MapOrNames, InPlace)),
        ),
    ]
};

/// The row of `keyword` in `draft`, when the draft defines it.
pub fn lookup(keyword: &str, draft: Draft) -> Option<&'static Keyword> {
    rows(keyword).find(|k| k.in_draft(draft))
}

/// The rows of `keyword` in any draft, in table order.
fn rows(keyword: &str) -> impl Iterator<Item = &'static Keyword> + use<> {
    // Indexed by name once: the prover and the sampler ask millions of times.
    static BY_NAME: std::sync::OnceLock<foldhash::HashMap<&'static str, Vec<&'static Keyword>>> =
        std::sync::OnceLock::new();
    let by_name = BY_NAME.get_or_init(|| {
        let mut map: foldhash::HashMap<&'static str, Vec<&'static Keyword>> =
            foldhash::HashMap::default();
        for k in KEYWORDS {
            map.entry(k.name).or_default().push(k);
        }
        map
    });
    by_name
        .get(keyword)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .copied()
}

/// The role `keyword` has in whichever draft defines it (roles do not change between drafts).
fn role(keyword: &str) -> Option<Role> {
    rows(keyword).next().map(|k| k.role)
}

/// True for keywords that describe and never assert (F7 compares schemas without them, in
/// keyword position only).
pub fn is_annotation(keyword: &str) -> bool {
    role(keyword) == Some(Role::Annotation)
}

/// True for keywords that identify a document or a place rather than assert (kept as is, F12).
pub fn is_identity(keyword: &str) -> bool {
    role(keyword) == Some(Role::Identity)
}

/// The keywords that set a base URI (`$id`, draft 4's `id`), whatever the draft.
pub const IDS: [&str; 2] = ["$id", "id"];

/// The keywords that reference another schema (`$ref`, `$dynamicRef`, `$recursiveRef`),
/// whatever the draft, in the order the reference walk queues them.
pub const REFERENCES: [&str; 3] = ["$ref", "$dynamicRef", "$recursiveRef"];

/// The keywords that name a place for references to find (`$anchor`, `$dynamicAnchor`,
/// `$recursiveAnchor`), whatever the draft.
pub const ANCHORS: [&str; 3] = ["$anchor", "$dynamicAnchor", "$recursiveAnchor"];

/// True for definition containers (`$defs`, `definitions`).
pub fn is_definitions(keyword: &str) -> bool {
    role(keyword) == Some(Role::Definitions)
}

/// True when `keyword` constrains values of `kind` only.
pub fn is_specific_to(keyword: &str, kind: Kind) -> bool {
    rows(keyword).any(|k| k.kind == Some(kind))
}

/// True when `keyword` constrains values of one kind only (in some draft).
pub fn is_type_specific(keyword: &str) -> bool {
    rows(keyword).any(|k| k.kind.is_some())
}

/// The shapes `keyword` has in any draft (canonical JSON reads keywords of every draft at once).
pub fn shapes_in_any_draft(keyword: &str) -> impl Iterator<Item = Shape> + '_ {
    rows(keyword).filter_map(|k| k.holds.map(|(shape, _)| shape))
}

/// The format policy of every validator and every reading stitch makes (L2): `format` is an
/// annotation only, as 2019-09 and 2020-12 say, for every draft, so that changing `$schema`
/// never changes what a schema accepts.
pub const FORMAT_ASSERTS: bool = false;

/// True when `keyword` can reject a value in `draft`: the draft defines it and it is neither an
/// identity, an annotation nor a definitions container; `format` only when the format policy
/// says so, the content keywords only where the draft lets them assert (up to draft 7).
pub fn asserts(keyword: &str, draft: Draft) -> bool {
    match lookup(keyword, draft) {
        None => false,
        Some(k) => match k.role {
            Role::Identity | Role::Annotation | Role::Definitions => false,
            _ if keyword == "format" => FORMAT_ASSERTS,
            _ if matches!(
                keyword,
                "contentMediaType" | "contentEncoding" | "contentSchema"
            ) =>
            {
                draft <= Draft::Draft7
            }
            _ => true,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_row_per_keyword_and_shape() {
        for (i, a) in KEYWORDS.iter().enumerate() {
            for b in &KEYWORDS[i + 1..] {
                if a.name == b.name {
                    assert!(
                        a.last < b.first || b.last < a.first,
                        "`{}` has overlapping rows",
                        a.name
                    );
                    assert_eq!(a.role, b.role, "`{}` changes role", a.name);
                }
            }
        }
    }

    #[test]
    fn per_type_lists() {
        // Exactly these, in table order, are specific to numbers.
        let mut numbers: Vec<&str> = KEYWORDS
            .iter()
            .map(|k| k.name)
            .filter(|name| is_specific_to(name, Kind::Number))
            .collect();
        numbers.dedup();
        assert_eq!(
            numbers,
            [
                "multipleOf",
                "maximum",
                "exclusiveMaximum",
                "minimum",
                "exclusiveMinimum"
            ]
        );
        assert!(is_specific_to("items", Kind::Array) && !is_specific_to("items", Kind::Object));
        assert!(is_specific_to("minLength", Kind::String));
        assert!(!is_type_specific("type"));
        assert!(is_annotation("deprecated") && !is_annotation("format"));
        assert!(is_identity("$recursiveAnchor") && is_definitions("definitions"));
        assert!(IDS.iter().chain(&ANCHORS).all(|k| is_identity(k)));
        assert!(asserts("contentEncoding", Draft::Draft7));
        assert!(!asserts("contentEncoding", Draft::Draft2020_12));
        assert!(!asserts("format", Draft::Draft7));
        assert!(!asserts("const", Draft::Draft4));
    }
}
