//! The Model Context Protocol's `Tool.inputSchema`, one profile per protocol version. The spec
//! constrains little; its clients add their own rules (`--target openai`, `anthropic`, … check
//! those). Facts: `PROVIDERS.md` (a) column `mcp`, the MCP notes, (d) `mcp@…`.

use crate::diagnostic::Severity::{Error, Note, Warning};
use crate::targets::{
    Check::*, Envelope, Evidence::*, Family, Place::*, Profile, Rewrite, Rule, Shape, View,
};

/// The spec's own words: there is no provider to answer with an error, only clients.
const MUST_BE_OBJECT: &str = "Failed to fetch tools: Invalid input: expected \"object\" (Claude Code drops the whole server)";

const ROOT_OBJECT: Rule = Rule {
    check: RootObject,
    level: Error,
    evidence: Doc,
    source: "MCP",
    predicts: MUST_BE_OBJECT,
};

const ROOT_REF: Rule = Rule {
    check: RootRef,
    level: Error,
    evidence: Doc,
    source: "MCP",
    predicts: MUST_BE_OBJECT,
};

const DIALECT: Rule = Rule {
    check: Dialect2020,
    level: Note,
    evidence: Doc,
    source: "MCP",
    predicts: "",
};

const NO_ARGUMENTS: Rule = Rule {
    check: NoArgumentsClosed,
    level: Warning,
    evidence: Doc,
    source: "MCP",
    predicts: "",
};

/// Protocol 2025-06-18 (and before): the TypeScript type lists only `type`, `properties` and
/// `required` at the root.
pub const MCP_2025_06_18: Profile = Profile {
    name: "mcp",
    date: "2025-06-18",
    family: Family::Mcp,
    summary: "MCP `inputSchema`, protocol 2025-06-18: `type`, `properties` and `required` at the root",
    rewrites: &[],
    envelope: Envelope {
        shape: Shape::Mcp,
        strict: None,
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: &[
        ROOT_OBJECT,
        ROOT_REF,
        Rule {
            check: RejectsAllBut(
                Root,
                &["type", "properties", "required", "description", "title"],
            ),
            level: Warning,
            evidence: Unsure,
            source: "MCP",
            predicts: "",
        },
    ],
    since: &[],
};

/// Protocol 2025-11-25: JSON Schema 2020-12 by default (SEP-1613), `$schema` allowed.
pub const MCP_2025_11_25: Profile = Profile {
    name: "mcp",
    date: "2025-11-25",
    family: Family::Mcp,
    summary: "MCP `inputSchema`, protocol 2025-11-25: an object schema, JSON Schema 2020-12 by default",
    rewrites: &[Rewrite::Draft2020_12],
    envelope: Envelope {
        shape: Shape::Mcp,
        strict: None,
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: &[
        ROOT_OBJECT,
        ROOT_REF,
        Rule {
            check: RootKeywords(&["anyOf", "oneOf", "allOf", "not", "if"]),
            level: Error,
            evidence: Doc,
            source: "MCP",
            predicts: MUST_BE_OBJECT,
        },
        DIALECT,
        NO_ARGUMENTS,
    ],
    since: &[],
};

/// Protocol 2026-07-28 (SEP-2106): any 2020-12 keyword beside `type: "object"`, root
/// combinators included; clients still drop them.
pub const MCP_2026_07_28: Profile = Profile {
    name: "mcp",
    date: "2026-07-28",
    family: Family::Mcp,
    summary: "MCP `inputSchema`, protocol 2026-07-28: any 2020-12 keyword beside `type: \"object\"`",
    rewrites: &[Rewrite::Draft2020_12],
    envelope: Envelope {
        shape: Shape::Mcp,
        strict: None,
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: &[
        ROOT_OBJECT,
        Rule {
            check: RootKeywords(&["anyOf", "oneOf", "allOf", "not", "if"]),
            level: Warning,
            evidence: Doc,
            source: "MCP",
            predicts: MUST_BE_OBJECT,
        },
        DIALECT,
        NO_ARGUMENTS,
    ],
    since: &[],
};
