//! Property test of the verifier (issue 4): for random object schemas S (scalars with bounds,
//! string enums, arrays, nested objects, optional and required keys, open and closed objects,
//! sometimes a discriminated root union), under both semantics:
//! - a random *widening* W of S (a bound loosened, a constraint dropped, an enum value or a
//!   type added, a key made optional, an object opened, a branch added) is never `refuted`;
//! - a random *narrowing* N of S with a known witness (a value S accepts and N rejects) is
//!   never `proven`, and is `refuted` whenever the sampler reaches a value N rejects.
//!
//! Cases are capped in CI with PROPTEST_CASES.

use std::path::Path;

use proptest::prelude::*;
use serde_json::Value;
use stitch::document::{self, Input, LoadOptions};
use stitch::schema::{Draft, Semantics};
use stitch::validate::Validator;
use stitch::verify::{self, Space, Verdict};

mod support;

use support::{case, change, objects_of};

fn write(dir: &Path, name: &str, value: &Value) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, stitch::canonical::pretty(value)).expect("writable");
    path
}

fn verdict(sub: &Path, sup: &Path, semantics: Semantics) -> (Verdict, String) {
    let options = LoadOptions::default();
    let a = document::load(&Input::File(sub.into()), &options).expect("sub loads");
    let b = document::load(&Input::File(sup.into()), &options).expect("sup loads");
    let report = verify::verify(
        &Space::new(&a, ""),
        &Space::new(&b, ""),
        &verify::Options {
            semantics,
            samples: 48,
            ..verify::Options::default()
        },
    );
    assert!(report.bugs.is_empty(), "{:?}", report.bugs);
    // Every unknown names the keyword that stopped the proof (issue 11).
    assert!(
        report.verdict != Verdict::Unknown
            || report
                .reason
                .as_ref()
                .is_some_and(|r| !r.keyword.is_empty()),
        "an unknown without a keyword: {report:?}"
    );
    (report.verdict, format!("{report:?}"))
}

fn valid(schema: &Value, draft: Draft, value: &Value) -> bool {
    Validator::new(schema, draft, "file:///case.json", &[])
        .expect("compiles")
        .is_valid(value)
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::Direct("proptest-regressions/verify_props.txt"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn widenings_are_never_refuted_and_narrowings_never_proven(
        case in case(), branch in 0usize..4, which in 0usize..5, kind in 0usize..6, widen in any::<bool>(),
    ) {
        let draft = if case.draft7 { Draft::Draft7 } else { Draft::Draft2020_12 };
        let objects = objects_of(&case.schema);
        let b = branch % objects.len();
        let Some((changed, witness)) = change(&case.schema, &objects[b], which, kind, widen, &case.examples[b]) else {
            return Ok(());
        };
        let dir = tempfile::tempdir().expect("a folder");
        let s = write(dir.path(), "s.json", &case.schema);
        let c = write(dir.path(), "c.json", &changed);
        if let Some(witness) = &witness {
            prop_assert!(valid(&case.schema, draft, witness), "generator bug: S rejects the witness {}", witness);
            prop_assert!(!valid(&changed, draft, witness), "generator bug: N accepts the witness {}", witness);
        }
        for semantics in [Semantics::Declared, Semantics::Strict] {
            let (verdict, report) = verdict(&s, &c, semantics);
            if std::env::var_os("STITCH_PROPS_VERBOSE").is_some() {
                eprintln!("CASE widen={widen} kind={} {semantics:?} {verdict:?}", kind % 6);
            }
            if widen {
                prop_assert_ne!(verdict, Verdict::Refuted, "a widening is refuted: {}", report);
            } else if kind % 6 == 4 && semantics == Semantics::Declared {
                // Not a narrowing of close(S): the extra key is not one S declares.
            } else {
                prop_assert_ne!(verdict, Verdict::Proven, "a narrowing is proven: {}", report);
                let sub = document::load(&Input::File(s.clone()), &LoadOptions::default()).expect("loads");
                let reached = verify::sample(&Space::new(&sub, ""), 48, 0, semantics)
                    .values
                    .iter()
                    .any(|v| !valid(&changed, draft, v));
                if reached {
                    prop_assert_eq!(verdict, Verdict::Refuted, "the sampler reaches a witness but the verdict is not refuted: {}", report);
                }
            }
        }
    }
}
