//! C4 target fixtures, through the library: `fixtures/targets/<case>/` holds `tool.json` (a
//! tool or schema, as a user has it), `target.txt` (`NAME` or `NAME@DATE`) and `findings.txt`:
//! what `stitch flatten --target` finds (the presentation flattened at the root, rewritten for
//! the target where proven, then checked), one line per finding (`severity code #pointer:
//! message`) and the provider's predicted answer on the next line; and `presentation.json`, the
//! exact bytes written (a tool in the target's request shape). Cases are named `c4-<target>-accepted` (no error), `c4-<target>-fixed`
//! (no error once rewritten) and `c4-<target>-refused` (at least one error), so the test also
//! checks the name.
//! Bless with `SNAPSHOTS=overwrite cargo test --test targets` and review the diff.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use stitch::diagnostic::Severity;
use stitch::document::Input;
use stitch::targets;

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/targets");
    let mut cases: Vec<PathBuf> = fs::read_dir(&root)
        .expect("fixtures/targets exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

/// The findings of one case, as `findings.txt` spells them.
fn render(case: &Path) -> (String, String, usize) {
    let spec = fs::read_to_string(case.join("target.txt")).expect("target.txt");
    let input = Input::File(case.join("tool.json"));
    let support::Targeted {
        findings, bytes, ..
    } = support::targeted(spec.trim(), &input).expect("the fixture loads");
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let mut out = String::new();
    for f in &findings {
        out.push_str(&format!(
            "{} {} #{}: {}\n",
            f.severity,
            f.code,
            f.pointer.as_deref().unwrap_or(""),
            f.message
        ));
        if let Some(help) = &f.help {
            out.push_str(&format!("    {help}\n"));
        }
    }
    (out, bytes, errors)
}

#[test]
fn target_fixtures() {
    let overwrite = std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite");
    let cases = cases();
    assert!(
        cases.len() >= 22,
        "a case accepted and one refused per target"
    );
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let (got, presentation, errors) = render(case);
        if (name.ends_with("-accepted") || name.ends_with("-fixed")) && errors > 0 {
            failures.push(format!("{name}: accepted, yet {errors} errors"));
        }
        if name.ends_with("-refused") && errors == 0 {
            failures.push(format!("{name}: refused, yet no error"));
        }
        // A narrowing rewrite is reported, never silent (SPEC §3 "Targets").
        if name.ends_with("-narrowed") && (errors > 0 || !got.contains("stitch::target::narrowed"))
        {
            failures.push(format!(
                "{name}: narrowed, yet {errors} errors or no narrowing reported"
            ));
        }
        let path = case.join("findings.txt");
        let shown = case.join("presentation.json");
        if overwrite {
            fs::write(&path, &got).expect("writable");
            fs::write(&shown, &presentation).expect("writable");
            continue;
        }
        if fs::read_to_string(&shown).unwrap_or_default() != presentation {
            failures.push(format!("{name}: presentation differs\n{presentation}"));
        }
        let want = fs::read_to_string(&path).unwrap_or_default();
        if got != want {
            failures.push(format!(
                "{name}: findings differ\n--- want\n{want}--- got\n{got}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Per target, a tool it accepts unchanged, one its rewrites fix (where it has rewrites) and
/// one it still refuses (issue 13's "done means").
#[test]
fn every_target_has_a_case_accepted_fixed_and_refused() {
    let names: Vec<String> = cases()
        .iter()
        .map(|c| c.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for target in targets::names() {
        // llama.cpp refuses nothing: it drops what it cannot compile (its case is `-warned`).
        let refused = if target == "llama-cpp" {
            "warned"
        } else {
            "refused"
        };
        let rewrites = !targets::lookup(target).expect("known").rewrites.is_empty();
        let fixed = rewrites.then_some("fixed");
        for outcome in ["accepted", refused].into_iter().chain(fixed) {
            let case = format!("c4-{target}-{outcome}");
            assert!(names.contains(&case), "no fixture {case}");
        }
    }
}

/// Issue 38: a reference is percent-decoded once, in one place (`schema::pointer::local`), so a
/// definition named `my node` that refers to itself as `#/$defs/my%20node` is the same recursion
/// as one named `my_node`: both refused with `stitch::target::recursion`, the same findings but
/// for the name.
#[test]
fn an_escaped_reference_gets_the_verdict_of_a_plain_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/targets");
    let (escaped, _, escaped_errors) =
        render(&root.join("c4-anthropic-strict-recursion-escaped-refused"));
    let (plain, _, plain_errors) =
        render(&root.join("c4-anthropic-strict-recursion-plain-refused"));
    assert_eq!(escaped_errors, plain_errors);
    assert!(
        escaped.contains("error stitch::target::recursion"),
        "{escaped}"
    );
    assert_eq!(escaped.replace("my node", "my_node"), plain);
}

/// Issue 39: inlining references for Gemini has a budget. Sixteen definitions, each referring
/// twice to the next, would be 2^15 copies of the last: inlining stops at its budget, the
/// schema keeps its references (nothing half inlined) and the target refuses them, saying why.
#[test]
fn inlining_stops_at_its_budget() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/budgets/c4-gemini-inline-budget-refused.json");
    let targeted = support::targeted("gemini", &Input::File(case)).expect("the fixture loads");
    let findings = &targeted.findings;
    let budget: Vec<_> = findings
        .iter()
        .filter(|f| f.code.as_str() == "stitch::target::budget")
        .collect();
    assert_eq!(budget.len(), 1, "{findings:?}");
    assert_eq!(
        budget[0].message,
        "gemini@2026-12: nest: inlining references stopped at its budget of 200000 values; the references left stay"
    );
    assert_eq!(budget[0].severity, Severity::Error);
    assert!(targeted.bytes.contains("\"$ref\": \"#/$defs/d1\""));
}
