//! The shape of the code, checked (issue 10): imports point one way, each fact is written once,
//! and no file or function grows past what a reader takes in. These read `src/` as text; a
//! failure names the file and what to change.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out: Vec<(PathBuf, String)> = walkdir::WalkDir::new(&root)
        .into_iter()
        .map(|e| e.expect("src is readable").into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            let text = fs::read_to_string(&p).expect("UTF-8 source");
            (
                p.strip_prefix(&root).expect("under src").to_path_buf(),
                text,
            )
        })
        .collect();
    out.sort();
    out
}

/// The top-level module a source file belongs to (`flatten/join.rs` → `flatten`).
fn module(path: &Path) -> String {
    let first = path
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .unwrap_or_default();
    first.trim_end_matches(".rs").to_owned()
}

/// The source without its test module (`#[cfg(test)]` to the end, as this crate writes them).
fn without_tests(text: &str) -> &str {
    text.find("#[cfg(test)]\nmod tests")
        .map_or(text, |i| &text[..i])
}

#[test]
fn files_and_functions_stay_small() {
    let mut failures = Vec::new();
    for (path, text) in sources() {
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() > 800 {
            failures.push(format!(
                "{}: {} lines (at most 800)",
                path.display(),
                lines.len()
            ));
        }
        for (i, line) in lines.iter().enumerate() {
            let trimmed = line.trim_start();
            let indent = &line[..line.len() - trimmed.len()];
            let is_fn = [
                "fn ",
                "pub fn ",
                "pub(crate) fn ",
                "pub(super) fn ",
                "const fn ",
            ]
            .iter()
            .any(|p| trimmed.starts_with(p));
            if !is_fn || line.trim_end().ends_with(';') {
                continue;
            }
            let close = format!("{indent}}}");
            if let Some(end) = lines[i + 1..].iter().position(|l| *l == close) {
                let length = end + 2;
                if length > 120 {
                    failures.push(format!(
                        "{}:{}: a function of {length} lines (at most 120): {}",
                        path.display(),
                        i + 1,
                        trimmed
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_code_is_written_once_in_the_table() {
    let mut failures = Vec::new();
    let mut in_table: BTreeMap<String, usize> = BTreeMap::new();
    for (path, text) in sources() {
        for (at, _) in text.match_indices("\"stitch::") {
            let code: String = text[at + 1..].chars().take_while(|c| *c != '"').collect();
            if path == Path::new("diagnostic/codes.rs") {
                *in_table.entry(code).or_default() += 1;
            } else {
                failures.push(format!(
                    "{}: the code `{code}` is spelled outside the table; use the constant of diagnostic/codes.rs",
                    path.display()
                ));
            }
        }
    }
    for (code, n) in &in_table {
        if *n != 1 {
            failures.push(format!("diagnostic/codes.rs spells `{code}` {n} times"));
        }
    }
    assert!(in_table.len() > 20, "the table was not found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_json_format_version_is_one_constant() {
    let sources = sources();
    let defined: Vec<&PathBuf> = sources
        .iter()
        .filter(|(_, text)| text.contains("const FORMAT_VERSION"))
        .map(|(p, _)| p)
        .collect();
    assert_eq!(defined, [&PathBuf::from("report/json.rs")]);
    for (path, text) in &sources {
        assert!(
            !text.contains("\"formatVersion\""),
            "{}: a literal formatVersion; the typed documents of report/json.rs carry it",
            path.display()
        );
    }
}

/// Which top-level modules each one imports (`crate::x`), tests aside.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in sources() {
        let from = module(&path);
        let entry = graph.entry(from.clone()).or_default();
        for (at, _) in without_tests(&text).match_indices("crate::") {
            let to: String = text[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !to.is_empty() && to != from {
                entry.insert(to);
            }
        }
    }
    graph
}

#[test]
fn imports_point_down_the_pipeline() {
    let graph = imports();
    let rules: &[(&str, &[&str])] = &[
        // Leaves: they import nothing of ours (schema's own submodules aside).
        ("schema", &[]),
        ("diagnostic", &[]),
        // The validator door and conversion read only the vocabulary.
        ("validate", &["schema", "threads"]),
        ("convert", &["schema"]),
        ("canonical", &["schema"]),
    ];
    let mut failures = Vec::new();
    for (module, allowed) in rules {
        for to in graph.get(*module).into_iter().flatten() {
            if !allowed.contains(&to.as_str()) {
                failures.push(format!("{module} imports {to}"));
            }
        }
    }
    // The two stages never import each other; neither imports what sits above them.
    for (module, forbidden) in [
        ("flatten", ["verify", "pipeline", "commands", "report"]),
        ("verify", ["flatten", "pipeline", "commands", "report"]),
        ("document", ["flatten", "verify", "pipeline", "commands"]),
    ] {
        for to in forbidden {
            if graph.get(module).is_some_and(|s| s.contains(to)) {
                failures.push(format!("{module} imports {to}"));
            }
        }
    }
    // No cycle between top-level modules.
    for (from, tos) in &graph {
        for to in tos {
            if reaches(&graph, to, from) {
                failures.push(format!("{from} and {to} import each other (a cycle)"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn reaches(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_owned()];
    while let Some(here) = stack.pop() {
        if here == to {
            return true;
        }
        if seen.insert(here.clone()) {
            stack.extend(graph.get(&here).into_iter().flatten().cloned());
        }
    }
    false
}

/// Verdicts never depend on time (issue 10): no clock where flattening, verification or the
/// validator door decide anything.
#[test]
fn no_clock_decides_a_verdict() {
    for (path, text) in sources() {
        let module = module(&path);
        if ![
            "verify", "validate", "flatten", "pipeline", "schema", "document",
        ]
        .contains(&module.as_str())
        {
            continue;
        }
        for clock in ["Instant", "Duration", "SystemTime", "recv_timeout"] {
            assert!(
                !without_tests(&text).contains(clock),
                "{}: `{clock}`: a budget must count steps, never time",
                path.display()
            );
        }
    }
}

/// Every rule cited in `src/` (`F7.3`, `L5`, `V1`) has its paragraph in `docs/rules.md`, so that
/// a citation resolves inside the repository.
#[test]
fn every_cited_rule_is_explained() {
    let rules = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md"))
        .expect("docs/rules.md");
    let mut missing = BTreeSet::new();
    for (path, text) in sources() {
        let bytes = text.as_bytes();
        for (at, c) in text.char_indices() {
            let starts_word = at == 0 || !bytes[at - 1].is_ascii_alphanumeric();
            if !(starts_word && matches!(c, 'F' | 'L' | 'V')) {
                continue;
            }
            let id: String = text[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
                .collect();
            let id = id.trim_end_matches('.');
            let digits = &id[1..];
            let well_formed = !digits.is_empty()
                && digits.starts_with(|c: char| c.is_ascii_digit())
                && digits.chars().all(|c| c.is_ascii_digit() || c == '.');
            if well_formed
                && !rules.contains(&format!("({id})"))
                && !rules.contains(&format!("**{id} "))
            {
                missing.insert(format!("{id} (cited in {})", path.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "rules without a paragraph in docs/rules.md: {missing:?}"
    );
}

/// Issue 38: a reference becomes a pointer in one place. Fragments are split off and
/// percent-decoded by `schema::pointer` (`local`, `fragment`, `split_fragment`,
/// `without_fragment`) and references are looked up by `document`; nowhere else parses them by
/// hand, the way codes are spelled only in the code table.
#[test]
fn references_are_parsed_in_one_place() {
    let mut failures = Vec::new();
    for (path, text) in sources() {
        if path == Path::new("schema/pointer.rs") || module(&path) == "document" {
            continue;
        }
        for parse in [
            "strip_prefix('#')",
            "split_once('#')",
            "split('#')",
            "percent_decode",
        ] {
            if without_tests(&text).contains(parse) {
                failures.push(format!(
                    "{}: `{parse}`: use schema::pointer (local, fragment, split_fragment, \
                     without_fragment) or the document's reference table",
                    path.display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
