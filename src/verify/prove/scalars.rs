//! The prover on types and scalar keywords (V1): `type` sets, finite terms decided value by
//! value, numeric bounds and `multipleOf`, string lengths, `pattern` and the content keywords.

use std::cmp::Ordering;
use std::sync::Arc;

use serde_json::{Value, json};

use super::{Edit, Proof, Prover};
use crate::schema::Draft;
use crate::schema::bounds::{self, Bound, tightest};
use crate::schema::types::Types;
use crate::validate::Judgement;
use crate::verify::space::{Node, counts};
use crate::verify::terms::{self, Term};

impl<'a> Prover<'a, '_> {
    /// The values a term may take, when they are few: its smallest `const`/`enum`, or its
    /// types when they are only `null` and booleans.
    pub(super) fn finite(&self, term: &Term, types: Types) -> Option<Arc<Vec<Value>>> {
        if let Some(values) = terms::enumeration(self.sub_space(), term) {
            return Some(values);
        }
        if Types(Types::NULL.0 | Types::BOOLEAN.0).contains(types) {
            let mut out = Vec::new();
            if types.intersects(Types::NULL) {
                out.push(Value::Null);
            }
            if types.intersects(Types::BOOLEAN) {
                out.extend([Value::Bool(false), Value::Bool(true)]);
            }
            return Some(Arc::new(out));
        }
        None
    }

    /// A finite term decided value by value, by the validators.
    pub(super) fn by_values(
        &mut self,
        term: &Term,
        values: &[Value],
        node: &Node<'a, '_>,
    ) -> Proof {
        for value in values {
            if !term.nodes.iter().all(|n| self.sub.admits(n, value)) {
                continue;
            }
            match self.sup.judge(&node.at, value) {
                Judgement::Valid => {}
                Judgement::Invalid(rejection) => {
                    // Named by the rejecting keyword, when it is one of this node's own.
                    let keyword = rejection
                        .schema_path
                        .strip_prefix('/')
                        .filter(|k| !k.contains('/') && node.map.contains_key(*k))
                        .unwrap_or_default()
                        .to_owned();
                    let said = rejection.schema_path.rsplit('/').next().unwrap_or_default();
                    return self.doubt(
                        term,
                        &node.at,
                        &keyword,
                        format!("the presentation rejects {value}, which the contract accepts here (`{said}`)"),
                        vec![Edit::Set(value.clone())],
                    );
                }
                Judgement::Undecided => {
                    return self.doubt(
                        term,
                        &node.at,
                        "",
                        format!("the validator could not decide {value} here (a regular expression gave up)"),
                        Vec::new(),
                    );
                }
            }
        }
        Proof::Proven
    }

    pub(super) fn types(&mut self, term: &Term, types: Types, node: &Node<'a, '_>) -> Proof {
        let allowed = match node.get("type") {
            Some(Value::String(t)) => Types::of_name(t, node.draft).unwrap_or(Types::NONE),
            Some(Value::Array(ts)) => ts
                .iter()
                .filter_map(Value::as_str)
                .fold(Types::NONE, |acc, t| {
                    acc.or(Types::of_name(t, node.draft).unwrap_or(Types::NONE))
                }),
            _ => return Proof::Proven,
        };
        let missing = types.minus(allowed);
        if missing.is_empty() {
            return Proof::Proven;
        }
        let mut names: Vec<&str> = Vec::new();
        for t in missing.each() {
            let name = match t {
                // Named on its own only when no other kind of number is missing (draft 4).
                Types::WHOLE if missing.intersects(Types(Types::INTEGER.0 | Types::FRACTION.0)) => {
                    continue;
                }
                Types::WHOLE => "integer written with a fraction (`1.0`)",
                t => t.name(),
            };
            if !names.contains(&name) {
                names.push(name);
            }
        }
        let mut edits = Vec::new();
        for t in missing.each() {
            edits.extend(
                match t {
                    Types::NULL => vec![Value::Null],
                    Types::BOOLEAN => vec![json!(false), json!(true)],
                    Types::INTEGER => vec![json!(0), json!(1)],
                    Types::FRACTION => vec![json!(0.5)],
                    Types::WHOLE => vec![json!(1.0), json!(0.0)],
                    Types::STRING => vec![json!(""), json!("a")],
                    Types::ARRAY => vec![json!([])],
                    _ => vec![json!({})],
                }
                .into_iter()
                .map(Edit::Set),
            );
        }
        edits.push(Edit::Sample);
        self.doubt(
            term,
            &node.at,
            "type",
            format!(
                "the contract allows {} values here, which the presentation's `type` does not",
                names.join(" and ")
            ),
            edits,
        )
    }

    pub(super) fn numbers(&mut self, term: &Term, types: Types, node: &Node<'a, '_>) -> Proof {
        if !types.intersects(Types::NUMBER) {
            return Proof::Proven;
        }
        let integer_only = !types.intersects(Types::FRACTION);
        let sub_nodes: Vec<Node<'a, '_>> = term
            .nodes
            .iter()
            .filter_map(|at| self.sub_space().node(at))
            .collect();
        for lower in [true, false] {
            let Some(want) = node.bound(lower) else {
                continue;
            };
            let have = tightest(sub_nodes.iter().filter_map(|n| n.bound(lower)), lower);
            if covers(have.clone(), &want, lower, integer_only) {
                continue;
            }
            let keyword = bound_keyword(node, lower, &want);
            let mut candidates = beyond(&want, lower);
            if let Some(h) = &have {
                candidates.push(Value::Number(h.value.clone()));
            }
            if integer_only {
                candidates.retain(|c| c.as_number().and_then(bounds::as_integer).is_some());
            }
            let edits = candidates.into_iter().map(Edit::Set).collect();
            return self.doubt(
                term,
                &node.at,
                keyword,
                format!(
                    "the contract allows numbers {} `{keyword}` {}",
                    if lower { "below" } else { "above" },
                    want.value
                ),
                edits,
            );
        }
        self.multiple_of(term, integer_only, &sub_nodes, node)
    }

    /// `multipleOf`: proven when the contract's own divisor is a multiple of the presentation's
    /// (integers, exactly), or the divisor is 1 for integers; a fractional divisor is unknown.
    fn multiple_of(
        &mut self,
        term: &Term,
        integer_only: bool,
        sub_nodes: &[Node<'a, '_>],
        node: &Node<'a, '_>,
    ) -> Proof {
        let Some(divisor) = node.get("multipleOf").and_then(Value::as_number) else {
            return Proof::Proven;
        };
        let divisor_integer = bounds::as_integer(divisor).filter(|d| *d != 0);
        let divides = sub_nodes.iter().any(|n| {
            let k = n
                .get("multipleOf")
                .and_then(Value::as_number)
                .and_then(bounds::as_integer);
            matches!((k, divisor_integer), (Some(k), Some(d)) if k % d == 0)
        });
        if divides || (divisor_integer == Some(1) && integer_only) {
            return Proof::Proven;
        }
        let Some(d) = divisor_integer else {
            return self.doubt(
                term,
                &node.at,
                "multipleOf",
                "`multipleOf` with a fractional divisor is not proven (validators differ on float tolerance)",
                vec![Edit::Sample],
            );
        };
        let start = tightest(sub_nodes.iter().filter_map(|n| n.bound(true)), true)
            .map_or(1, |b| b.integer_bound(true));
        let edits = (0..4)
            .map(|i| start + i)
            .filter(|c| c % d != 0)
            .filter_map(bounds::integer_number)
            .map(|n| Edit::Set(Value::Number(n)))
            .collect();
        self.doubt(
            term,
            &node.at,
            "multipleOf",
            format!("the contract allows numbers that are not multiples of {divisor}"),
            edits,
        )
    }

    pub(super) fn strings(&mut self, term: &Term, types: Types, node: &Node<'a, '_>) -> Proof {
        if !types.intersects(Types::STRING) {
            return Proof::Proven;
        }
        let sub_nodes: Vec<Node<'a, '_>> = term
            .nodes
            .iter()
            .filter_map(|at| self.sub_space().node(at))
            .collect();
        let (have_min, have_max) = counts(&sub_nodes, "minLength", "maxLength");
        if let Some(min) = node.count("minLength")
            && have_min < min
        {
            let edits = [have_min, min.saturating_sub(1)]
                .into_iter()
                .map(|n| Edit::Set(json!("a".repeat(n.min(4096) as usize))))
                .chain([Edit::Sample])
                .collect();
            return self.doubt(
                term,
                &node.at,
                "minLength",
                format!("the contract allows strings shorter than {min}"),
                edits,
            );
        }
        if let Some(max) = node.count("maxLength")
            && have_max.is_none_or(|h| h > max)
        {
            let edits = vec![
                Edit::Set(json!("a".repeat((max + 1).min(1 << 16) as usize))),
                Edit::Sample,
            ];
            return self.doubt(
                term,
                &node.at,
                "maxLength",
                format!("the contract allows strings longer than {max}"),
                edits,
            );
        }
        if let Some(pattern) = node.get("pattern")
            && !sub_nodes.iter().any(|n| n.get("pattern") == Some(pattern))
        {
            return self.doubt(
                term,
                &node.at,
                "pattern",
                "`pattern` is proven only when the contract has the same one",
                vec![Edit::Sample],
            );
        }
        if node.draft <= Draft::Draft7 {
            for keyword in ["contentMediaType", "contentEncoding"] {
                if let Some(value) = node.get(keyword)
                    && !sub_nodes.iter().any(|n| n.get(keyword) == Some(value))
                {
                    return self.doubt(
                        term,
                        &node.at,
                        keyword,
                        format!("`{keyword}` is proven only when the contract has the same one"),
                        vec![Edit::Sample],
                    );
                }
            }
        }
        Proof::Proven
    }
}

/// `have` (a bound of the contract) is at least as tight as `want` (the presentation's).
fn covers(have: Option<Bound>, want: &Bound, lower: bool, integer_only: bool) -> bool {
    let Some(have) = have else {
        return false;
    };
    if integer_only {
        let (h, w) = (have.integer_bound(lower), want.integer_bound(lower));
        return if lower { h >= w } else { h <= w };
    }
    match (bounds::compare(&have.value, &want.value), lower) {
        (Ordering::Greater, true) | (Ordering::Less, false) => true,
        (Ordering::Equal, _) => have.exclusive || !want.exclusive,
        _ => false,
    }
}

fn bound_keyword(node: &Node<'_, '_>, lower: bool, want: &Bound) -> &'static str {
    let (inclusive, exclusive) = if lower {
        ("minimum", "exclusiveMinimum")
    } else {
        ("maximum", "exclusiveMaximum")
    };
    if want.exclusive && !node.draft.boolean_exclusive_bounds() {
        exclusive
    } else {
        inclusive
    }
}

/// Numbers just beyond a bound of the presentation, on the side it excludes, and the bound
/// itself: witnesses to try. Integer bounds step exactly (near and past 2^53 too).
fn beyond(want: &Bound, lower: bool) -> Vec<Value> {
    let step: i128 = if lower { -1 } else { 1 };
    let mut out = Vec::new();
    if let Some(n) = bounds::as_integer(&want.value) {
        out.extend(bounds::integer_number(n + step).map(Value::Number));
    }
    let f = want.f64();
    for candidate in [f + step as f64, f + step as f64 / 2.0] {
        if let Some(n) = serde_json::Number::from_f64(candidate) {
            let n = match bounds::as_integer(&n) {
                Some(i) if candidate.abs() < 9.0e15 => bounds::integer_number(i).unwrap_or(n),
                _ => n,
            };
            out.push(Value::Number(n));
        }
    }
    out.push(Value::Number(want.value.clone()));
    out.dedup();
    out
}
