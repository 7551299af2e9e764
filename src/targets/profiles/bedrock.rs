//! Amazon Bedrock Converse `toolSpec`. Facts: `PROVIDERS.md` (a) column `bedrock`, its notes,
//! (d) `bedrock`. With a Claude model (the common case) the schema rules are Anthropic's
//! (`anthropic::BASE`).

use super::anthropic::BASE;
use crate::diagnostic::Severity::Error;
use crate::targets::{
    Check::*, Envelope, Evidence::*, Family, Profile, Rewrite, Rule, Shape, View, joined,
};

/// The rules of [`BEDROCK`] (its `@2026-08` date).
const BEDROCK_RULES: &[Rule] = joined![
    Rule;
    &BASE,
    &[
        Rule {
            check: ToolName {
                pattern: "[a-zA-Z0-9_-]+",
                max: 64,
            },
            level: Error,
            evidence: Doc,
            source: "BR-TS",
            predicts: "",
        },
        Rule {
            check: DescriptionNotEmpty,
            level: Error,
            evidence: Doc,
            source: "BR-TS",
            predicts: "",
        },
    ]
];

/// Bedrock Converse `toolSpec`, with a Claude model (the common case): Anthropic's rules for
/// the schema, Bedrock's for the name and description. Strict tools: `anthropic-strict`.
pub const BEDROCK: Profile = Profile {
    name: "bedrock",
    date: "2026-08",
    family: Family::Bedrock,
    summary: "Bedrock Converse `toolSpec` with a Claude model (for `strict`, also check `anthropic-strict`)",
    rewrites: &[Rewrite::Draft2020_12],
    envelope: Envelope {
        shape: Shape::Bedrock,
        strict: None,
        omit_no_arguments: false,
    },
    view: View::Literal,
    rules: BEDROCK_RULES,
    since: &[],
};

/// [`BEDROCK`] as of December 2026: re-checked against BR-TS and BR-SO, no rule changed.
pub const BEDROCK_2026_12: Profile = Profile {
    date: "2026-12",
    ..BEDROCK
};
