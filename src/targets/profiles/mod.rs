//! The profiles, one file per provider family (SPEC §3 "Targets"): each a dated [`Profile`] of
//! rules with their evidence and the provider's own error text, as data. `targets::PROFILES`
//! lists them; `targets::check` evaluates them.
//!
//! [`Profile`]: crate::targets::Profile

pub(super) mod anthropic;
pub(super) mod bedrock;
pub(super) mod gemini;
pub(super) mod llama_cpp;
pub(super) mod mcp;
pub(super) mod mistral;
pub(super) mod ollama;
pub(super) mod openai;
