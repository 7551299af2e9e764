//! Every widening is told (issue 12, F10): for every corpus contract, flattened at the root and
//! with `--deep`, each constraint a case of a flattened union loses — found here by comparing the
//! contract's and the presentation's schemas for each key, keyword by keyword, never from the
//! flattener's notes — is named by a `stitch::flatten::widened` finding at that case's property.
//!
//! The comparison is `stitch::flatten::keywords` (the change list `stitch diff` builds on); what it
//! is given is this test's own reading: local `$ref`s followed, a nullable schema read without its
//! `null`, the leaves of unions of unions opened up. Types, enums and consts are left out (the
//! join unions them on purpose), and so are nested `properties` (the object join reports each
//! nested key) and annotations (`default`, `title`: they constrain no value, issue 41).
//!
//! The slice in `tests/corpus/contracts/` runs always; the whole of `../shared/corpus/contracts/`
//! runs with `--ignored`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use stitch::diagnostic::{Finding, codes};
use stitch::document::{self, Input, LoadOptions};
use stitch::flatten;
use stitch::flatten::keywords::{self, KeywordChange};
use stitch::schema::{Draft, Semantics};

/// The annotation keywords of the drafts (this test's own list).
const ANNOTATIONS: [&str; 8] = [
    "title",
    "description",
    "default",
    "examples",
    "$comment",
    "readOnly",
    "writeOnly",
    "deprecated",
];

#[test]
fn the_slice_reports_every_widening() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/contracts");
    every_widening_is_reported(&root);
}

#[test]
#[ignore = "the whole corpus needs ../shared beside the repository; .ci/run runs it"]
fn the_whole_corpus_reports_every_widening() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/contracts");
    every_widening_is_reported(&root);
}

fn contracts(root: &Path) -> Vec<PathBuf> {
    assert!(root.is_dir(), "{} is missing", root.display());
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(root)
        .into_iter()
        .map(|e| e.expect("the corpus is readable").into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    out.sort();
    out
}

fn every_widening_is_reported(root: &Path) {
    let mut silent = Vec::new();
    let (mut compared, mut widenings) = (0, 0);
    for path in contracts(root) {
        let name = path.display().to_string();
        let loaded = document::load(&Input::File(path.clone()), &LoadOptions::default())
            .unwrap_or_else(|f| panic!("{name}: {}", f[0]));
        for deep in [false, true] {
            let choices = flatten::Choices {
                semantics: Semantics::Declared,
                collisions: flatten::Collisions::AnyOf,
                deep,
            };
            let (presentation, findings) = flatten::flatten_loaded(&loaded, choices);
            let input = loaded.input();
            let mut walk = Walk {
                contract: &input.value,
                presentation: &presentation,
                draft: input.draft,
                findings: &findings,
                silent: Vec::new(),
                compared: 0,
                seen: HashSet::new(),
                told_count: 0,
            };
            walk.node(&input.value, String::new(), &presentation, 0);
            compared += walk.compared;
            widenings += walk.told_count;
            let mode = if deep { " (--deep)" } else { "" };
            silent.extend(
                walk.silent
                    .into_iter()
                    .map(|s| format!("{name}{mode}: {s}")),
            );
        }
    }
    eprintln!("{compared} flattened keys compared, {widenings} lost constraints found");
    assert!(
        widenings > 0,
        "no lost constraint was found under {}",
        root.display()
    );
    assert!(
        compared > 0,
        "no flattened key was compared under {}",
        root.display()
    );
    assert!(
        silent.is_empty(),
        "widenings without a finding:\n{}",
        silent.join("\n")
    );
}

struct Walk<'a> {
    contract: &'a Value,
    presentation: &'a Value,
    draft: Draft,
    findings: &'a [Finding],
    silent: Vec<String>,
    compared: usize,
    seen: HashSet<(String, *const Value)>,
    told_count: usize,
}

impl<'a> Walk<'a> {
    /// A contract node and the presentation's node in its place: a union there that the
    /// presentation no longer has was flattened; otherwise the walk goes on into properties and
    /// items.
    fn node(&mut self, contract: &'a Value, at: String, presented: &'a Value, depth: usize) {
        if depth > 24 {
            return;
        }
        let (contract, at) = follow(self.contract, contract, at);
        let (presented, _) = follow(self.presentation, presented, String::new());
        // Recursive schemas: each pair once.
        if !self.seen.insert((at.clone(), presented as *const Value)) {
            return;
        }
        if is_flattened(contract, presented) {
            for (leaf, leaf_at) in self.leaves(contract, at) {
                self.leaf(leaf, &leaf_at, presented, depth);
            }
            return;
        }
        for keyword in ["properties", "items"] {
            match (contract.get(keyword), presented.get(keyword)) {
                (Some(Value::Object(c)), Some(Value::Object(p))) if keyword == "properties" => {
                    for (key, schema) in c {
                        if let Some(p) = p.get(key) {
                            let at = format!("{at}/properties/{}", escape(key));
                            self.node(schema, at, p, depth + 1);
                        }
                    }
                }
                (Some(c @ Value::Object(_)), Some(p @ Value::Object(_))) => {
                    self.node(c, format!("{at}/items"), p, depth + 1);
                }
                _ => {}
            }
        }
    }

    /// The object leaves of a union, through `$ref`s and unions of unions.
    fn leaves(&self, union: &'a Value, at: String) -> Vec<(&'a Value, String)> {
        let mut out = Vec::new();
        for keyword in ["anyOf", "oneOf"] {
            let Some(Value::Array(branches)) = union.get(keyword) else {
                continue;
            };
            for (i, branch) in branches.iter().enumerate() {
                let (branch, branch_at) =
                    follow(self.contract, branch, format!("{at}/{keyword}/{i}"));
                let inner = branch.get("anyOf").is_some() || branch.get("oneOf").is_some();
                if inner && branch.get("properties").is_none() {
                    out.extend(self.leaves(branch, branch_at));
                } else {
                    out.push((branch, branch_at));
                }
            }
        }
        out
    }

    /// Each key a leaf declares, against the flat object's schema for it.
    fn leaf(&mut self, leaf: &'a Value, at: &str, flat: &'a Value, depth: usize) {
        let mut declared: Vec<(&String, &Value, String)> = Vec::new();
        let mut collect = |schema: &'a Value, at: String| {
            if let Some(Value::Object(properties)) = schema.get("properties") {
                for (key, sub) in properties {
                    declared.push((key, sub, format!("{at}/properties/{}", escape(key))));
                }
            }
        };
        collect(leaf, at.to_owned());
        if let Some(Value::Array(conjuncts)) = leaf.get("allOf") {
            for (i, conjunct) in conjuncts.iter().enumerate() {
                let (conjunct, conjunct_at) =
                    follow(self.contract, conjunct, format!("{at}/allOf/{i}"));
                collect(conjunct, conjunct_at);
            }
        }
        for (key, old, old_at) in declared {
            let Some(new) = flat.get("properties").and_then(|p| p.get(key)) else {
                self.silent
                    .push(format!("{old_at}: `{key}` is missing from the flat object"));
                continue;
            };
            self.compared += 1;
            let (changes, below) = self.lost(old, &old_at, new);
            for change in changes {
                self.told_count += 1;
                if !self.told(&old_at, key, &change) {
                    self.silent.push(format!(
                        "{old_at}: `{}` {:?} ({} → {})",
                        change.keyword,
                        change.change,
                        change.old.unwrap_or(Value::Null),
                        change.new.unwrap_or(Value::Null)
                    ));
                }
            }
            for (old, at, new) in below {
                self.node(old, at, new, depth + 1);
            }
        }
    }

    /// The constraints of `old` that `new` loses: the widening changes, but for types, enums,
    /// consts and nested properties; and the subschemas to walk into instead of comparing (a
    /// union there flattened with `--deep`, a union's alternatives). `new` may be an `anyOf` of
    /// the cases' schemas: what is lost is what is lost to the closest of them (or the whole).
    #[allow(clippy::type_complexity)]
    fn lost(
        &self,
        old: &'a Value,
        old_at: &str,
        new: &'a Value,
    ) -> (Vec<KeywordChange>, Vec<(&'a Value, String, &'a Value)>) {
        let (old, old_at) = follow(self.contract, old, old_at.to_owned());
        let new_whole = follow(self.presentation, new, String::new()).0;
        if is_flattened(old, new_whole) {
            return (Vec::new(), vec![(old, old_at, new_whole)]);
        }
        let mut candidates = vec![new_whole];
        if let Some(Value::Array(alternatives)) = new_whole.get("anyOf") {
            candidates.extend(
                alternatives
                    .iter()
                    .map(|a| follow(self.presentation, a, String::new()).0),
            );
        }
        candidates
            .into_iter()
            .map(|candidate| self.lost_to(old, &old_at, candidate, new_whole.get("default")))
            .min_by_key(|(changes, _)| changes.len())
            .unwrap_or_default()
    }

    #[allow(clippy::type_complexity)]
    fn lost_to(
        &self,
        old: &'a Value,
        old_at: &str,
        new: &'a Value,
        default: Option<&Value>,
    ) -> (Vec<KeywordChange>, Vec<(&'a Value, String, &'a Value)>) {
        let mut below = Vec::new();
        let mut against = nullable_stripped(new);
        if let (Value::Object(a), Some(default)) = (&mut against, default) {
            a.entry("default").or_insert_with(|| default.clone());
        }
        let changes = keywords::compare(&nullable_stripped(old), &against, self.draft)
            .into_iter()
            .filter(|c| c.change.widens())
            .filter(|c| !matches!(c.keyword.as_str(), "type" | "enum" | "const"))
            // An annotation constrains no value: losing one is no widening (issue 41).
            .filter(|c| !ANNOTATIONS.contains(&c.keyword.as_str()))
            .filter(|c| {
                let (Some(o), Some(n)) = (old.get(&c.keyword), new.get(&c.keyword)) else {
                    return true;
                };
                let at = format!("{old_at}/{}", c.keyword);
                match (c.keyword.as_str(), o, n) {
                    ("properties" | "patternProperties", _, _) => false,
                    ("anyOf" | "oneOf", Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                        for (i, (x, y)) in x.iter().zip(y).enumerate() {
                            below.push((x, format!("{at}/{i}"), y));
                        }
                        false
                    }
                    (_, Value::Object(_), Value::Object(_)) => {
                        self.subschema_widens(o, at, n, &mut below, 0)
                    }
                    _ => true,
                }
            })
            .collect();
        (changes, below)
    }

    /// Whether subschema `new` accepts what `old` rejects: compared through references, keyword
    /// by keyword and into nested subschemas; a union there that was flattened (`--deep`) is
    /// walked into instead.
    fn subschema_widens(
        &self,
        old: &'a Value,
        at: String,
        new: &'a Value,
        below: &mut Vec<(&'a Value, String, &'a Value)>,
        depth: usize,
    ) -> bool {
        let (x, x_at) = follow(self.contract, old, at);
        let y = follow(self.presentation, new, String::new()).0;
        if is_flattened(x, y) {
            below.push((x, x_at, y));
            return false;
        }
        keywords::compare(x, y, self.draft)
            .iter()
            .filter(|c| c.change.widens())
            .any(|c| match (x.get(&c.keyword), y.get(&c.keyword)) {
                (Some(o @ Value::Object(_)), Some(n @ Value::Object(_))) if depth < 8 => {
                    let at = format!("{x_at}/{}", c.keyword);
                    self.subschema_widens(o, at, n, below, depth + 1)
                }
                _ => c.keyword != "$ref",
            })
    }

    /// A widening finding at the case's property naming the keyword, or one saying the key's
    /// constraints are replaced by the schema declared beside the union.
    fn told(&self, at: &str, key: &str, change: &KeywordChange) -> bool {
        self.findings.iter().any(|f| {
            f.code == codes::WIDENED
                && ((f.pointer.as_deref() == Some(at)
                    && (f.message.contains(&format!("`{}`", change.keyword))
                        || (change.keyword == "false" && f.message.contains("`false`"))))
                    || (f
                        .message
                        .starts_with(&format!("`{key}` is declared beside the union"))))
        })
    }
}

/// A union in the contract where the presentation has an object: flattened.
fn is_flattened(contract: &Value, presented: &Value) -> bool {
    let is_union = |v: &Value| v.get("anyOf").is_some() || v.get("oneOf").is_some();
    is_union(contract) && !is_union(presented) && presented.get("properties").is_some()
}

/// A schema through its local `$ref`s (at most 16), with the pointer it is at.
fn follow<'v>(document: &'v Value, schema: &'v Value, at: String) -> (&'v Value, String) {
    let (mut schema, mut at) = (schema, at);
    for _ in 0..16 {
        let Some(reference) = schema.get("$ref").and_then(Value::as_str) else {
            break;
        };
        let Some(pointer) = reference.strip_prefix('#') else {
            break;
        };
        let decoded = percent_decode(pointer);
        match document.pointer(&decoded) {
            Some(target) => {
                schema = target;
                at = decoded;
            }
            None => break,
        }
    }
    (schema, at)
}

/// `anyOf: [X, {"type": "null"}]` read as `X` (with the annotations beside it), and `null` taken
/// out of a `type` array and an `enum`.
fn nullable_stripped(schema: &Value) -> Value {
    let Value::Object(map) = schema else {
        return schema.clone();
    };
    let null = json!({"type": "null"});
    for union in ["anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = map.get(union)
            && branches.len() == 2
            && branches.contains(&null)
        {
            let other = branches
                .iter()
                .find(|b| **b != null)
                .cloned()
                .unwrap_or_default();
            let mut out = map.clone();
            out.remove(union);
            if let Value::Object(o) = other {
                out.extend(o);
            }
            return Value::Object(out);
        }
    }
    let mut out = map.clone();
    if let Some(Value::Array(types)) = map.get("type") {
        let rest: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
        out.insert(
            "type".to_owned(),
            if rest.len() == 1 {
                rest[0].clone()
            } else {
                Value::Array(rest)
            },
        );
    }
    Value::Object(out)
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(byte) = u8::from_str_radix(&text[i + 1..i + 3], 16)
        {
            out.push(byte);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
