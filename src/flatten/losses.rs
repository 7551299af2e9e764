//! What each case of a union loses when its schema for a key is joined into the flat object's
//! (F7, F10): a widening finding per case, with its pointer, and the lost constraints in words
//! for the key's description (`When action = add: at least 1, default 1.`).
//!
//! The losses are found by comparing, keyword by keyword (`keywords`, the change list
//! `stitch diff` builds on), the case's own schema with the flat one: not from the join's own
//! bookkeeping. Both are first read the way the join reads them: a lone `$ref` is its target,
//! and a nullable schema (`anyOf: [X, {"type": "null"}]`, `type: [T, "null"]`) is `X` or `T`
//! (F7.6), so that a rewriting that keeps every constraint is not called a loss. Types, enums
//! and consts are left out: the join unions them on purpose (the discriminator's values, a
//! nullable case). `properties` and `patternProperties` on both sides are left to the object
//! join, which reports each nested key it widens (F7.4).

use serde_json::Value;

use super::branches::{Discriminator, Union};
use super::describe;
use super::join;
use super::keywords::{self, Change, KeywordChange};
use super::{Notes, Reader};
use crate::canonical;

/// Values longer than this (as canonical JSON) are not quoted in a finding: the keyword names
/// the constraint and the pointer finds it.
const QUOTED: usize = 40;

/// What each branch that declares `key` loses to its flat schema `joined`: a widening finding
/// per branch that loses anything, and the losses in words, per branch (empty where nothing is
/// lost).
pub(super) fn losses(
    u: &Union<'_, '_>,
    key: &str,
    joined: &Value,
    labels: &[String],
    discriminator: &Discriminator,
    notes: &mut Notes,
) -> Vec<Vec<String>> {
    let alternatives = alternatives(u.reader, joined);
    let mut out = Vec::with_capacity(u.branches.len());
    for (branch, label) in u.branches.iter().zip(labels) {
        let Some((schema, at)) = branch.view.properties.get(key) else {
            out.push(Vec::new());
            continue;
        };
        let own = as_joined(u.reader, schema);
        // The flat schema's closest alternative: the one this branch loses least to.
        let lost = alternatives
            .iter()
            .map(|alternative| lost_to(&own, alternative, u.reader))
            .min_by_key(Vec::len)
            .unwrap_or_default();
        // An annotation (`default`, `title`, `examples`) constrains no value: losing one is
        // said in the description, never called a widening (issue 41).
        let widened: Vec<&KeywordChange> = lost
            .iter()
            .filter(|c| !crate::schema::keywords::is_annotation(&c.keyword))
            .collect();
        if !widened.is_empty() {
            let list: Vec<String> = widened.into_iter().map(said).collect();
            let case = match discriminator {
                Some((name, _)) => format!("{name} = {label}"),
                None => label.clone(),
            };
            notes.widened(
                at,
                format!("`{key}` is widened for {case}: {}", list.join(", ")),
            );
        }
        out.push(lost.iter().filter_map(describe::in_words).collect());
    }
    out
}

/// The flat schema's alternatives and the whole of it, each read as the join reads a contribution, carrying the
/// flat schema's `default` (which applies whichever alternative a value takes).
fn alternatives(reader: &Reader<'_>, joined: &Value) -> Vec<Value> {
    let whole = as_joined(reader, joined);
    let mut members: Vec<Value> = match whole.get("anyOf") {
        Some(Value::Array(branches)) => branches.iter().map(|b| as_joined(reader, b)).collect(),
        _ => Vec::new(),
    };
    // The whole, too: a case whose own schema is that `anyOf` loses nothing.
    members.push(whole);
    members
        .into_iter()
        .map(|mut member| {
            if let (Value::Object(m), Some(default)) = (&mut member, joined.get("default")) {
                m.insert("default".to_owned(), default.clone());
            }
            member
        })
        .collect()
}

/// A schema as the join reads it: a lone local `$ref` followed, `null` split off (F7.6), its
/// `default` kept.
fn as_joined(reader: &Reader<'_>, schema: &Value) -> Value {
    let followed = reader
        .follow(schema, "")
        .map_or(schema, |(target, _)| target);
    let (mut rest, _) = join::split_null(reader, followed);
    let default = followed.get("default").or_else(|| schema.get("default"));
    if let (Value::Object(map), Some(default)) = (&mut rest, default) {
        map.entry("default").or_insert_with(|| default.clone());
    }
    rest
}

/// The changes from `own` to `flat` that lose a constraint (`describe::is_lost`), but for the
/// nested keys the object join reports itself.
fn lost_to(own: &Value, flat: &Value, reader: &Reader<'_>) -> Vec<KeywordChange> {
    keywords::compare(own, flat, reader.settings.draft)
        .into_iter()
        .filter(describe::is_lost)
        .filter(|c| {
            !(matches!(c.keyword.as_str(), "properties" | "patternProperties")
                && c.old.is_some()
                && c.new.is_some())
        })
        .collect()
}

/// A lost constraint, for a finding: `` `minimum` 1 loosened to 0 ``, `` `default` 1 dropped ``,
/// `` not allowed in this case (`false`) ``.
fn said(change: &KeywordChange) -> String {
    let value = |v: &Option<Value>| {
        let text = v
            .as_ref()
            .map(|v| canonical::canonical_keyword(&change.keyword, v))
            .unwrap_or_default();
        (text.len() <= QUOTED).then(|| format!(" {text}"))
    };
    let (old, new) = (value(&change.old), value(&change.new));
    let keyword = &change.keyword;
    let verb = match change.change {
        _ if keyword == "false" => return "not allowed in this case (`false`)".to_owned(),
        Change::Loosened => "loosened",
        Change::Changed => "changed",
        _ => return format!("`{keyword}`{} dropped", old.unwrap_or_default()),
    };
    match (old, new) {
        (Some(old), Some(new)) => {
            let to = match &change.new_keyword {
                Some(other) => format!(" `{other}`"),
                None => String::new(),
            };
            format!("`{keyword}`{old} {verb} to{to}{new}")
        }
        _ => format!("`{keyword}` {verb}"),
    }
}
