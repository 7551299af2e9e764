//! `stitch manifest` (M1–M3): one committed file that describes every tool the model sees, with
//! digests. Pure: the tools in, the manifest's bytes out; what each tool is comes from its
//! presentation (`listing`: [`manifest_tools`], [`present_for`]), and finding the files, writing
//! or comparing the manifest are the command's.
//!
//! The bytes are decided here, once: the pretty form of [`crate::canonical`] (two spaces, LF, a
//! trailing newline), the keys in the order M1 lists them, the tools sorted by name, each
//! `inputSchema` in the presentation's own key order (the order a model reads its properties
//! in; the digests do not depend on it). Paths use `/` whatever the platform.

mod listing;
mod project;

pub use listing::{manifest_tools, present_for, record_target};
pub use project::{duplicates, folder_of, options, source_of, stale};

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::canonical;
use crate::targets::mapping::{Nulled, Stringified};

/// The version of the manifest's shape; a change to it is a change of this number.
pub const MANIFEST_VERSION: u32 = 1;

/// M2: `sha256:` and the first 16 hex digits of SHA-256 over the canonical JSON (§8) of
/// `value`: the same for any key order or `required` order, different for any other change.
pub fn digest(value: &Value) -> String {
    let hash = Sha256::digest(canonical::canonical(value).as_bytes());
    let hex: String = hash[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// The options the presentations were made with.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Options {
    /// `declared` or `strict`.
    pub semantics: String,
    /// `anyof` or `merge`.
    pub collisions: String,
    /// Unions below the root flattened too.
    pub deep: bool,
    /// The targets configured: each tool carries its presentation for each of them.
    pub targets: Vec<String>,
}

/// One tool as the manifest records it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tool {
    /// Its name (a bare schema's: its file's stem).
    pub name: String,
    /// Its description, if it has one.
    pub description: Option<String>,
    /// Where its contract is: `path#pointer`, the path relative to the manifest's folder.
    pub source: String,
    /// The presentation of its input schema.
    pub input_schema: Value,
    /// [`digest`] of the presentation.
    pub digest: String,
    /// [`digest`] of the contract's input schema, as written.
    pub contract_digest: String,
    /// Length of the presentation's canonical JSON, in bytes (what a provider counts).
    pub schema_bytes: usize,
    /// The verification verdict: `proven`, `unknown` or `refuted`.
    pub verdict: String,
    /// Where flattening widened the contract: pointers into the contract's input schema.
    pub widenings: Vec<String>,
    /// Where `null` means "absent" in this presentation (F7.6): none in the target-neutral
    /// one, which makes no key required; see each target's.
    pub null_means_absent: Vec<String>,
    /// Per configured target (by id, `openai-strict@2026-08`), the presentation that target is
    /// sent and what a runtime must undo; absent when no target is configured.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub targets: BTreeMap<String, TargetPresentation>,
}

/// A tool's presentation for one target, and the value mappings its rewrites recorded: what
/// `stitch validate` and a runtime adapter read to turn a model's arguments back into the
/// contract's. Pointers are into the tool's input schema.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TargetPresentation {
    /// The input schema sent to the provider.
    pub input_schema: Value,
    /// [`digest`] of it.
    pub digest: String,
    /// Length of its canonical JSON, in bytes.
    pub schema_bytes: usize,
    /// Properties made required and nullable (pointers to their schemas,
    /// `/properties/KEY`): the model's `null` there means the key was left out.
    pub null_means_absent: Vec<String>,
    /// The part of `nullMeansAbsent` whose contract accepted `null` too: there `null` may be
    /// the value itself (keep it when the contract accepts the arguments with it).
    pub null_was_accepted: Vec<String>,
    /// Enums the provider takes as text: the model sends a value's JSON text there.
    pub stringified_enums: Vec<StringifiedEnum>,
    /// What the target's rules found (warnings and errors: narrowings, refusals), by code.
    pub findings: Vec<TargetFinding>,
}

/// An enum written as text for a target.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StringifiedEnum {
    /// The enum's schema.
    pub pointer: String,
    /// Its values as the contract has them, in order.
    pub values: Vec<Value>,
}

/// One finding of a target's rules, without its message (which may change with stitch's
/// wording; the code and place do not).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TargetFinding {
    /// Its code (`stitch::target::narrowed`, …).
    pub code: String,
    /// `warning` or `error`.
    pub severity: String,
    /// Where, in the tool's input schema (`None`: the tool as a whole).
    pub pointer: Option<String>,
}

impl Tool {
    /// A tool from its presentation and contract: the digests and size computed here.
    pub fn new(name: String, source: String, presentation: Value, contract: &Value) -> Tool {
        Tool {
            name,
            description: None,
            source,
            digest: digest(&presentation),
            contract_digest: digest(contract),
            schema_bytes: canonical::canonical(&presentation).len(),
            input_schema: presentation,
            verdict: "unknown".to_owned(),
            widenings: Vec::new(),
            null_means_absent: Vec::new(),
            targets: BTreeMap::new(),
        }
    }
}

impl Tool {
    /// Where its contract is: the file (relative to the manifest's folder) and the schema's
    /// pointer in it (`tools/refund.json#/inputSchema`).
    pub fn contract_place(&self) -> (&str, &str) {
        let (file, at) = crate::document::split_located(&self.source);
        (file, at.unwrap_or_default())
    }
}

impl TargetPresentation {
    /// The value mappings recorded, as the way back reads them (`targets::back`).
    pub fn mappings(&self) -> (Vec<Nulled>, Vec<Stringified>) {
        let nulled = (self.null_means_absent.iter())
            .filter_map(|p| {
                let (object, key) = p.rsplit_once('/')?;
                Some(Nulled {
                    object: object.strip_suffix("/properties")?.to_owned(),
                    key: crate::schema::pointer::unescape(key),
                    was_nullable: self.null_was_accepted.contains(p),
                })
            })
            .collect();
        let stringified = (self.stringified_enums.iter())
            .map(|s| Stringified {
                at: s.pointer.clone(),
                values: s.values.clone(),
            })
            .collect();
        (nulled, stringified)
    }
}

/// M1: the whole document.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    /// [`MANIFEST_VERSION`].
    pub manifest_version: u32,
    /// `stitch <version>`: not compared by `--check` (M3).
    pub generator: String,
    /// How the presentations were made.
    pub options: Options,
    /// The tools, sorted by name.
    pub tools: Vec<Tool>,
}

impl Manifest {
    /// The manifest of `tools` (sorted here), or each name given to more than one tool with
    /// those tools' sources.
    pub fn new(
        options: Options,
        mut tools: Vec<Tool>,
    ) -> Result<Manifest, Vec<(String, Vec<String>)>> {
        tools.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.source.cmp(&b.source)));
        let mut twice: Vec<(String, Vec<String>)> = Vec::new();
        for pair in tools.windows(2) {
            if pair[0].name != pair[1].name {
                continue;
            }
            match twice.last_mut() {
                Some((name, sources)) if *name == pair[0].name => {
                    sources.push(pair[1].source.clone());
                }
                _ => twice.push((
                    pair[0].name.clone(),
                    vec![pair[0].source.clone(), pair[1].source.clone()],
                )),
            }
        }
        if !twice.is_empty() {
            return Err(twice);
        }
        Ok(Manifest {
            manifest_version: MANIFEST_VERSION,
            generator: format!("stitch {}", env!("CARGO_PKG_VERSION")),
            options,
            tools,
        })
    }

    /// A manifest read back from its document (what `stitch validate` reads), through the same
    /// types that write it; `Err` says what does not fit. Keys it does not know are ignored, so
    /// a manifest written by a later stitch of the same `manifestVersion` still reads.
    pub fn read(value: Value) -> Result<Manifest, String> {
        let manifest: Manifest = serde_json::from_value(value).map_err(|e| e.to_string())?;
        if manifest.manifest_version != MANIFEST_VERSION {
            return Err(format!(
                "its manifestVersion is {}; this stitch reads {MANIFEST_VERSION}",
                manifest.manifest_version
            ));
        }
        Ok(manifest)
    }

    /// The tool `name` names, or the one tool when no name is given; `Err` says why not, naming
    /// the tools listed (`shown` is how the manifest's path is shown).
    pub fn tool(&self, name: Option<&str>, shown: &str) -> Result<&Tool, String> {
        let listed = || {
            (self.tools.iter())
                .map(|t| format!("`{}`", t.name))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match (name, self.tools.as_slice()) {
            (None, [one]) => Ok(one),
            (None, tools) => Err(format!(
                "`{shown}` lists {} tools; choose one with --tool NAME ({})",
                tools.len(),
                listed()
            )),
            (Some(name), tools) => tools
                .iter()
                .find(|t| t.name == name)
                .ok_or_else(|| format!("no tool `{name}` in `{shown}`; it lists: {}", listed())),
        }
    }

    /// The bytes written.
    pub fn bytes(&self) -> String {
        let value = serde_json::to_value(self).unwrap_or_default();
        canonical::pretty(&value)
    }
}

/// `text` with its `generator` line blanked: what `--check` compares (M3), so that upgrading
/// stitch alone does not make a manifest stale.
pub fn without_generator(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.starts_with("  \"generator\": ") {
                "  \"generator\": \"…\","
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_digest_ignores_key_and_required_order_and_nothing_else() {
        let a = json!({"type": "object", "properties": {"a": {}, "b": {}}, "required": ["a", "b"]});
        let b = json!({"required": ["b", "a"], "properties": {"b": {}, "a": {}}, "type": "object"});
        let c = json!({"type": "object", "properties": {"a": {}, "b": {}}, "required": ["a"]});
        assert_eq!(digest(&a), digest(&b));
        assert_ne!(digest(&a), digest(&c));
        assert!(digest(&a).starts_with("sha256:") && digest(&a).len() == 7 + 16);
    }

    #[test]
    fn duplicate_names_are_refused() {
        let options = Options {
            semantics: "declared".to_owned(),
            collisions: "anyof".to_owned(),
            deep: false,
            targets: Vec::new(),
        };
        let tool = |source: &str| Tool::new("x".into(), source.into(), json!({}), &json!({}));
        let refused = Manifest::new(options, vec![tool("a.json#"), tool("b.json#")]);
        assert_eq!(
            refused.err(),
            Some(vec![(
                "x".to_owned(),
                vec!["a.json#".to_owned(), "b.json#".to_owned()]
            )])
        );
    }
}
