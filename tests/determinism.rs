//! Verdicts do not depend on the machine's load or its threads (issue 10): every budget of the
//! verifier counts steps, never time. A pair that only the canonical form's second opinion
//! proves is verified 20 times, on two threads, while two more threads keep both cores busy;
//! every verdict, and what proved it, is the same.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use stitch::document::{self, Input, LoadOptions, Loaded};
use stitch::verify::{self, Space, Verdict};

fn load(case: &str, file: &str) -> Loaded {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/verify")
        .join(case)
        .join(file);
    document::load_compiled(&Input::File(path), &LoadOptions::default())
        .unwrap_or_else(|f| panic!("{case}/{file}: {}", f[0]))
}

/// Clears the flag when dropped.
struct Stop<'a>(&'a AtomicBool);

impl Drop for Stop<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

#[test]
fn a_verdict_is_the_same_under_load() {
    let busy = AtomicBool::new(true);
    let verdicts: Vec<(Verdict, Option<&'static str>)> = std::thread::scope(|scope| {
        // The busy threads stop when this closure ends, by return or by panic.
        let _stop = Stop(&busy);
        for _ in 0..2 {
            scope.spawn(|| {
                let mut x = 1u64;
                while busy.load(Ordering::Relaxed) {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                    std::hint::black_box(x);
                }
            });
        }
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let (sub, sup) = (
                        load("v1-unevaluated-properties", "sub.json"),
                        load("v1-unevaluated-properties", "sup.json"),
                    );
                    (0..10)
                        .map(|_| {
                            let report = verify::verify(
                                &Space::new(&sub, ""),
                                &Space::new(&sup, ""),
                                &verify::Options::default(),
                            );
                            (report.verdict, report.proven_by)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    });
    assert_eq!(verdicts.len(), 20);
    for verdict in &verdicts {
        assert_eq!(*verdict, (Verdict::Proven, Some("canonical form")));
    }
}
