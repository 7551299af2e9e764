//! Numeric bounds (`minimum`, `exclusiveMaximum`, …) read per draft, and numbers compared
//! exactly: JSON numbers are compared by value across integers and floats, never through a
//! rounding f64, so that bounds near and beyond 2^53 keep their order (L7).

use std::cmp::Ordering;

use serde_json::{Map, Number, Value};

use super::draft::Draft;

/// A lower or upper bound on numbers: the number as written, and whether it is exclusive.
#[derive(Debug, Clone, PartialEq)]
pub struct Bound {
    /// The bound.
    pub value: Number,
    /// True for `exclusiveMinimum`/`exclusiveMaximum` (or draft 4's boolean form).
    pub exclusive: bool,
}

/// The inclusive and exclusive keyword of a side.
fn keywords(lower: bool) -> (&'static str, &'static str) {
    if lower {
        ("minimum", "exclusiveMinimum")
    } else {
        ("maximum", "exclusiveMaximum")
    }
}

impl Bound {
    /// The tighter lower (or upper) bound a schema writes, reading `exclusive*` per draft (draft
    /// 4's booleans modify `minimum`/`maximum`). `get` gives a keyword's value as the caller
    /// reads the schema (a `$ref` may hide its siblings).
    pub fn of<'v>(
        get: impl Fn(&str) -> Option<&'v Value>,
        draft: Draft,
        lower: bool,
    ) -> Option<Bound> {
        let (inclusive_key, exclusive_key) = keywords(lower);
        let inclusive = get(inclusive_key).and_then(Value::as_number).cloned();
        if draft.boolean_exclusive_bounds() {
            let exclusive = get(exclusive_key) == Some(&Value::Bool(true));
            return inclusive.map(|value| Bound { value, exclusive });
        }
        let exclusive = get(exclusive_key).and_then(Value::as_number).cloned();
        let candidates = [
            inclusive.map(|value| Bound {
                value,
                exclusive: false,
            }),
            exclusive.map(|value| Bound {
                value,
                exclusive: true,
            }),
        ];
        tightest(candidates.into_iter().flatten(), lower)
    }

    /// [`Bound::of`] a schema object's own keywords.
    pub fn of_map(map: &Map<String, Value>, draft: Draft, lower: bool) -> Option<Bound> {
        Bound::of(|k| map.get(k), draft, lower)
    }

    /// The bound as an f64 (rounded where f64 cannot hold it).
    pub fn f64(&self) -> f64 {
        self.value.as_f64().unwrap_or(0.0)
    }

    /// Writes the bound into a schema object as `draft` spells it.
    pub fn write(self, draft: Draft, out: &mut Map<String, Value>, lower: bool) {
        let (inclusive_key, exclusive_key) = keywords(lower);
        if draft.boolean_exclusive_bounds() {
            out.insert(inclusive_key.to_owned(), Value::Number(self.value));
            if self.exclusive {
                out.insert(exclusive_key.to_owned(), Value::Bool(true));
            }
        } else if self.exclusive {
            out.insert(exclusive_key.to_owned(), Value::Number(self.value));
        } else {
            out.insert(inclusive_key.to_owned(), Value::Number(self.value));
        }
    }
}

/// The integers stitch computes with exactly: every i64 and u64, and f64 integers up to this
/// magnitude (2^100), past which a bound is as good as infinite for any JSON integer.
const BIG: i128 = 1 << 100;

/// The value of a number that is an integer (written as one, or as a float with no fraction),
/// exactly; floats past ±2^100 saturate there.
pub fn as_integer(n: &Number) -> Option<i128> {
    if let Some(i) = integer(n) {
        return Some(i);
    }
    let f = n.as_f64()?;
    (f.fract() == 0.0).then(|| saturate(f))
}

/// An integral f64 as an i128, saturating at ±2^100 (exact below).
fn saturate(f: f64) -> i128 {
    if f >= BIG as f64 {
        BIG
    } else if f <= -(BIG as f64) {
        -BIG
    } else {
        f as i128
    }
}

/// An integer as a JSON number, when i64 or u64 holds it.
pub fn integer_number(n: i128) -> Option<Number> {
    i64::try_from(n)
        .map(Number::from)
        .ok()
        .or_else(|| u64::try_from(n).ok().map(Number::from))
}

impl Bound {
    /// The bound on integers it amounts to, exactly: the least (for a lower bound) or greatest
    /// integer it admits, saturating at ±2^100.
    pub fn integer_bound(&self, lower: bool) -> i128 {
        match (integer(&self.value), lower, self.exclusive) {
            (Some(n), true, true) => n + 1,
            (Some(n), false, true) => n - 1,
            (Some(n), _, false) => n,
            (None, _, _) => {
                let f = self.f64();
                match (lower, self.exclusive) {
                    (true, true) => saturate(f.floor()) + 1,
                    (true, false) => saturate(f.ceil()),
                    (false, true) => saturate(f.ceil()) - 1,
                    (false, false) => saturate(f.floor()),
                }
            }
        }
    }
}

/// The order of two JSON numbers by value, exactly: integers as integers, a float against an
/// integer without rounding either.
pub fn compare(a: &Number, b: &Number) -> Ordering {
    match (integer(a), integer(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(x), None) => compare_integer_float(x, b.as_f64().unwrap_or(0.0)),
        (None, Some(y)) => compare_integer_float(y, a.as_f64().unwrap_or(0.0)).reverse(),
        (None, None) => {
            let (x, y) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
            x.partial_cmp(&y).unwrap_or(Ordering::Equal)
        }
    }
}

/// A number written as an integer (i64 or u64), widened.
fn integer(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

/// `n` against the finite float `f`, exactly.
fn compare_integer_float(n: i128, f: f64) -> Ordering {
    // Every i64 and u64 lies strictly inside ±2^100, where an f64's integer part converts to
    // i128 exactly.
    const LIMIT: f64 = 1.267_650_600_228_229_4e30; // 2^100
    if f >= LIMIT {
        return Ordering::Less;
    }
    if f <= -LIMIT {
        return Ordering::Greater;
    }
    let whole = f.trunc();
    match n.cmp(&(whole as i128)) {
        Ordering::Equal => 0.0_f64.partial_cmp(&(f - whole)).unwrap_or(Ordering::Equal),
        other => other,
    }
}

/// The tightest of several bounds: the greatest lower (least upper) value, exclusive when any
/// bound at that value is.
pub fn tightest(bounds: impl Iterator<Item = Bound>, lower: bool) -> Option<Bound> {
    let mut best: Option<Bound> = None;
    for b in bounds {
        best = Some(match best {
            None => b,
            Some(cur) => match (compare(&b.value, &cur.value), lower) {
                (Ordering::Greater, true) | (Ordering::Less, false) => b,
                (Ordering::Equal, _) => Bound {
                    exclusive: b.exclusive || cur.exclusive,
                    ..cur
                },
                _ => cur,
            },
        });
    }
    best
}

/// The loosest of several bounds: the least lower (greatest upper) value, exclusive only when
/// every bound at that value is.
pub fn loosest(bounds: impl Iterator<Item = Bound>, lower: bool) -> Option<Bound> {
    let mut best: Option<Bound> = None;
    for b in bounds {
        best = Some(match best {
            None => b,
            Some(cur) => match (compare(&b.value, &cur.value), lower) {
                (Ordering::Less, true) | (Ordering::Greater, false) => b,
                (Ordering::Equal, _) => Bound {
                    exclusive: b.exclusive && cur.exclusive,
                    ..cur
                },
                _ => cur,
            },
        });
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn n(v: Value) -> Number {
        v.as_number().cloned().expect("a number")
    }

    #[test]
    fn numbers_compare_exactly() {
        let big = n(json!(9007199254740993_u64));
        let float = n(json!(9007199254740992.0));
        assert_eq!(compare(&big, &float), Ordering::Greater);
        assert_eq!(compare(&float, &big), Ordering::Less);
        assert_eq!(
            compare(&n(json!(9007199254740992_u64)), &float),
            Ordering::Equal
        );
        assert_eq!(compare(&n(json!(-1)), &n(json!(-0.5))), Ordering::Less);
        assert_eq!(compare(&n(json!(0)), &n(json!(-0.5))), Ordering::Greater);
        assert_eq!(
            compare(&n(json!(u64::MAX)), &n(json!(i64::MIN))),
            Ordering::Greater
        );
        assert_eq!(compare(&n(json!(1)), &n(json!(1e300))), Ordering::Less);
        assert_eq!(compare(&n(json!(1.5)), &n(json!(2.5))), Ordering::Less);
    }

    #[test]
    fn integers_exactly() {
        let b = |v: Value, exclusive| Bound {
            value: n(v),
            exclusive,
        };
        assert_eq!(
            b(json!(9007199254740993_u64), false).integer_bound(true),
            9007199254740993
        );
        assert_eq!(
            b(json!(9007199254740993_u64), true).integer_bound(true),
            9007199254740994
        );
        assert_eq!(b(json!(-2.5), false).integer_bound(true), -2);
        assert_eq!(b(json!(-2.5), true).integer_bound(false), -3);
        assert_eq!(b(json!(3.0), true).integer_bound(false), 2);
        assert_eq!(b(json!(1e300), false).integer_bound(false), BIG);
        assert_eq!(as_integer(&n(json!(u64::MAX))), Some(i128::from(u64::MAX)));
        assert_eq!(as_integer(&n(json!(2.5))), None);
        assert_eq!(
            integer_number(i128::from(u64::MAX)),
            Some(Number::from(u64::MAX))
        );
        assert_eq!(integer_number(i128::from(u64::MAX) + 1), None);
    }

    #[test]
    fn bounds_per_draft() {
        let d4 = json!({"minimum": 3, "exclusiveMinimum": true});
        let b = Bound::of_map(d4.as_object().unwrap(), Draft::Draft4, true).unwrap();
        assert_eq!((b.value, b.exclusive), (n(json!(3)), true));
        let d7 = json!({"minimum": 3, "exclusiveMinimum": 3});
        let b = Bound::of_map(d7.as_object().unwrap(), Draft::Draft7, true).unwrap();
        assert!(b.exclusive);
        let loose = loosest(
            [
                Bound {
                    value: n(json!(9007199254740993_u64)),
                    exclusive: false,
                },
                Bound {
                    value: n(json!(9007199254740992_u64)),
                    exclusive: false,
                },
            ]
            .into_iter(),
            false,
        )
        .unwrap();
        assert_eq!(loose.value, n(json!(9007199254740993_u64)));
    }
}
