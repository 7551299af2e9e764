//! What each fuzz target runs and asserts, shared with `tests/fuzz_regressions.rs`, which
//! replays every saved input under `fixtures/fuzz/TARGET/` in `cargo test`. The input is the
//! bytes of a document, loaded from memory (`document::load_bytes`: no other file is read).
//!
//! - `load`: loading and compiling never panic, whatever the bytes, and stitch's pretty form of
//!   what loaded is serde_json's, byte for byte.
//! - `flatten`: the presentation of a contract is never refuted against it (the one bug stitch
//!   exists to prevent), the provers never disagree, and retargeting it for openai-strict and
//!   gemini never panics.
//! - `verify`: the bytes split at the first NUL into SUB and SUP (without one, SUP is SUB): a
//!   schema is never refuted against itself, and a counterexample is one the validator accepts
//!   under SUB and refuses under SUP.
//! - `sample`: sampling is deterministic for a seed, and every value it gives is one the
//!   validator accepts.
//!
//! Each runs on a thread with the stack stitch's own workers have (recursion over a schema is
//! bounded by loading's depth limit, not by the 8 MiB of a main thread).

#![allow(dead_code)]

use stitch::document::{self, LoadOptions, Loaded};
use stitch::flatten::Choices;
use stitch::present::{self, Plan, Verification};
use stitch::targets;
use stitch::targets::adapt::{self, RequestScope};
use stitch::verify::{self, Options, Space, Verdict};

/// Samples per proof: enough to exercise the sampler, few enough for thousands of runs a second.
const SAMPLES: usize = 16;

fn on_worker_stack(body: impl FnOnce() + Send) {
    stitch::with_worker_stack(body).expect("a thread");
}

fn load_bytes(name: &str, data: &[u8]) -> Option<Loaded> {
    document::load_bytes(name, data.to_vec(), &LoadOptions::default()).ok()
}

/// The document, when it loads and every schema in it compiles (what the commands that
/// validate require before they go on).
fn compiled(name: &str, data: &[u8]) -> Option<Loaded> {
    load_bytes(name, data).filter(|loaded| document::compile_findings(loaded).is_empty())
}

/// The pointer of the document's first schema (the root of a bare schema, a tool's input
/// schema).
fn first_schema(loaded: &Loaded) -> &str {
    loaded
        .contents
        .schemas()
        .into_iter()
        .next()
        .map_or("", |(_, at)| at)
}

fn options() -> Options {
    Options {
        samples: SAMPLES,
        ..Options::default()
    }
}

/// Loading, then compiling every schema; the document's pretty form is serde_json's.
pub fn load(data: &[u8]) {
    on_worker_stack(|| {
        if let Some(loaded) = load_bytes("fuzz.json", data) {
            let value = &loaded.input().value;
            assert_eq!(
                stitch::canonical::pretty(value),
                serde_json::to_string_pretty(value).expect("a value prints") + "\n",
                "stitch's pretty form differs from serde_json's"
            );
            let _ = document::compile_findings(&loaded);
        }
    });
}

/// Flattening and verifying the presentation, then retargeting it.
pub fn flatten(data: &[u8]) {
    on_worker_stack(|| {
        let Some(loaded) = compiled("fuzz.json", data) else {
            return;
        };
        let plan = Plan {
            choices: Choices::default(),
            verify: Some(options()),
            load: LoadOptions::default(),
        };
        let presented = present::present(&loaded, "fuzz.json", &plan);
        for schema in &presented.schemas {
            if let Verification::Verified(report) = &schema.verification {
                assert!(
                    report.bugs.is_empty(),
                    "{}: the provers disagree: {:?}",
                    schema.name,
                    report.bugs
                );
            }
            assert!(
                schema.verification.verdict() != Verdict::Refuted,
                "{}: the presentation is refuted against its contract: {:?}\npresentation: {}",
                schema.name,
                schema.verification,
                presented.bytes
            );
        }
        for name in ["openai-strict", "gemini"] {
            let profile = targets::lookup(name).expect("a known target");
            let mut presented = presented.clone();
            let _ = adapt::target(
                profile,
                &loaded,
                &mut presented,
                &plan,
                "fuzz.json",
                RequestScope::Document,
            );
        }
    });
}

/// SUB ⊆ SUP, judged against the validator.
pub fn verify(data: &[u8]) {
    on_worker_stack(|| {
        let (sub_bytes, sup_bytes) = match data.iter().position(|&b| b == 0) {
            Some(at) => (&data[..at], &data[at + 1..]),
            None => (data, data),
        };
        let (Some(sub), Some(sup)) = (
            compiled("sub.json", sub_bytes),
            compiled("sup.json", sup_bytes),
        ) else {
            return;
        };
        let (sub, sup) = (
            Space::new(&sub, first_schema(&sub)),
            Space::new(&sup, first_schema(&sup)),
        );
        let options = options();
        let report = verify::verify(&sub, &sup, &options);
        assert!(
            report.bugs.is_empty(),
            "the provers disagree: {:?}",
            report.bugs
        );
        if std::ptr::eq(sub_bytes, sup_bytes) {
            assert!(
                report.verdict != Verdict::Refuted,
                "a schema refuted against itself: {report:?}"
            );
        }
        if let Some(c) = &report.counterexample {
            let semantics = options.semantics;
            assert_ne!(
                verify::admits(&sub, &c.value, semantics),
                Some(false),
                "a counterexample SUB refuses: {c:?}"
            );
            assert_ne!(
                verify::admits(&sup, &c.value, semantics),
                Some(true),
                "a counterexample SUP accepts: {c:?}"
            );
        }
    });
}

/// Eight values, twice with one seed.
pub fn sample(data: &[u8]) {
    on_worker_stack(|| {
        let Some(loaded) = compiled("fuzz.json", data) else {
            return;
        };
        let space = Space::new(&loaded, first_schema(&loaded));
        let semantics = Options::default().semantics;
        let first = verify::sample(&space, 8, 7, semantics);
        let again = verify::sample(&space, 8, 7, semantics);
        assert_eq!(first, again, "sampling is not deterministic");
        for value in &first.values {
            assert_ne!(
                verify::admits(&space, value, semantics),
                Some(false),
                "a sample the schema refuses: {value}"
            );
        }
    });
}
