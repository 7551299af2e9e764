//! Property test of `stitch diff`'s classes (D2), on the random schemas of `verify`'s property
//! test (`tests/support`): for a random S and a random widening W, `diff S W` is never
//! `breaking` or `narrowed-and-widened`; for a random narrowing N with a known witness (a value
//! S accepts and N rejects), `diff S N` is never `widened` or `equivalent`. Every counterexample
//! a class shows is judged by the `jsonschema` crate directly: the side it comes from accepts
//! it, the other rejects it.
//!
//! Cases are capped in CI with PROPTEST_CASES.

mod support;

use std::path::Path;

use proptest::prelude::*;
use serde_json::Value;
use stitch::diff::compare::{self, Class, Comparison};
use stitch::document::{self, Input, LoadOptions, Loaded};
use stitch::schema::Semantics;
use stitch::verify::{self, Report};
use support::{case, change, objects_of};

fn load(dir: &Path, name: &str, value: &Value) -> Loaded {
    let path = dir.join(name);
    std::fs::write(&path, stitch::canonical::pretty(value)).expect("writable");
    document::load(&Input::File(path), &LoadOptions::default()).expect("loads")
}

fn compared(old: &Loaded, new: &Loaded, semantics: Semantics) -> Comparison {
    let options = verify::Options {
        semantics,
        samples: 48,
        ..verify::Options::default()
    };
    let mut all = compare::compare(old, new, &options).expect("one schema each");
    assert_eq!(all.len(), 1);
    all.remove(0)
}

fn accepts(schema: &Value, value: &Value) -> bool {
    jsonschema::validator_for(schema)
        .expect("compiles")
        .is_valid(value)
}

/// The counterexample of a refuted direction: accepted by `from`, rejected by `to`.
fn judged(report: &Option<Report>, from: &Value, to: &Value) -> Result<(), String> {
    let Some(x) = report.as_ref().and_then(|r| r.counterexample.as_ref()) else {
        return Ok(());
    };
    if !accepts(from, &x.value) {
        return Err(format!("{} is not accepted by its own side", x.value));
    }
    if accepts(to, &x.value) {
        return Err(format!("{} is accepted by the other side", x.value));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/diff_props.txt"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn widenings_never_break_and_narrowings_never_widen(
        case in case(), branch in 0usize..4, which in 0usize..5, kind in 0usize..6, widen in any::<bool>(),
    ) {
        let objects = objects_of(&case.schema);
        let b = branch % objects.len();
        let Some((changed, _witness)) = change(&case.schema, &objects[b], which, kind, widen, &case.examples[b]) else {
            return Ok(());
        };
        let dir = tempfile::tempdir().expect("a folder");
        let old = load(dir.path(), "s.json", &case.schema);
        let new = load(dir.path(), "c.json", &changed);
        for semantics in [Semantics::Declared, Semantics::Strict] {
            let c = compared(&old, &new, semantics);
            let shown = format!("{semantics:?}: {:?}, backward {:?}, forward {:?}", c.class,
                c.backward.as_ref().map(|r| r.verdict), c.forward.as_ref().map(|r| r.verdict));
            if widen {
                prop_assert!(
                    !matches!(c.class, Class::Breaking | Class::NarrowedAndWidened),
                    "a widening is classed as breaking: {}", shown
                );
            } else if kind % 6 == 4 && semantics == Semantics::Declared {
                // Not a narrowing of close(S): the extra key is not one S declares.
            } else {
                prop_assert!(
                    !matches!(c.class, Class::Widened | Class::Equivalent),
                    "a narrowing is classed as {:?}: {}", c.class, shown
                );
            }
            // Under `declared` a side's values are those of its closed reading, which it
            // accepts as written too: every counterexample is judged, under both semantics.
            let judge = judged(&c.backward, &case.schema, &changed)
                .and_then(|()| judged(&c.forward, &changed, &case.schema));
            prop_assert!(judge.is_ok(), "{}: {}", shown, judge.unwrap_err());
        }
    }
}
