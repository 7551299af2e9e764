//! The shape of the code, checked (issues 10 and 38): imports follow the layers, each fact is
//! written once, and long files and functions are listed for review. These read `src/` as text; a
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

/// Files over 400 lines and functions over 80, listed for review (issue 38): a size is a reason
/// to look, not a cap to trim to. Printed with `cargo test --test tidy -- --nocapture`; never
/// fails.
#[test]
fn sizes_for_review() {
    let mut long = Vec::new();
    for (path, text) in sources() {
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() > 400 {
            long.push(format!("{}: {} lines", path.display(), lines.len()));
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
            if let Some(end) = lines[i + 1..].iter().position(|l| *l == close)
                && end + 2 > 80
            {
                long.push(format!(
                    "{}:{}: a function of {} lines: {}",
                    path.display(),
                    i + 1,
                    end + 2,
                    trimmed
                ));
            }
        }
    }
    eprintln!("for review ({} places):\n{}", long.len(), long.join("\n"));
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

/// The layers of `src/` (issue 38), top to bottom: every top-level module is in one, and
/// imports only modules of lower layers. Features sit above the shared presenting step, which
/// sits above the two stages (flatten and verify never import each other), above loading, above
/// the leaves. `lib.rs`, and `main.rs` with its `process` (the binary's, which reads the
/// environment and the terminals), are the crate's door, above them all.
const LAYERS: &[(&str, u8)] = &[
    // The commands: glue between arguments, features and the terminal.
    ("commands", 10),
    // One renderer per format.
    ("report", 9),
    // The command line's types, and `stitch check`'s discovery and gate over the features.
    ("cli", 8),
    ("check", 8),
    // The manifest: listed from presentations, with stitch.toml's options.
    ("manifest", 7),
    // Features: diff, the lint rules, and stitch.toml (which names targets).
    ("diff", 6),
    ("lint", 6),
    ("config", 6),
    // Providers: profiles, rules, rewrites, adaptation and the way back.
    ("targets", 5),
    // Flatten and verify one input.
    ("present", 4),
    // The two stages.
    ("flatten", 3),
    ("verify", 3),
    // Loading.
    ("document", 2),
    // Leaves above the vocabulary.
    ("canonical", 1),
    ("convert", 1),
    ("validate", 1),
    ("error", 1),
    ("output", 1),
    // The vocabulary and the threads: they import nothing of ours.
    ("schema", 0),
    ("diagnostic", 0),
    ("threads", 0),
];

#[test]
fn imports_follow_the_layers() {
    let graph = imports();
    let layer = |module: &str| LAYERS.iter().find(|(m, _)| *m == module).map(|(_, l)| *l);
    let mut failures = Vec::new();
    for (from, tos) in &graph {
        if from == "lib" || from == "main" || from == "process" {
            continue;
        }
        let Some(here) = layer(from) else {
            failures.push(format!("{from} is in no layer: add it to LAYERS"));
            continue;
        };
        for to in tos {
            match layer(to) {
                Some(there) if there < here => {}
                Some(there) => failures.push(format!(
                    "{from} (layer {here}) imports {to} (layer {there}): import only lower layers"
                )),
                None => failures.push(format!("{from} imports {to}, which is in no layer")),
            }
        }
    }
    for (module, _) in LAYERS {
        assert!(
            graph.contains_key(*module)
                || Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("src")
                    .join(format!("{module}.rs"))
                    .exists(),
            "LAYERS names {module}, which is not a module of src/"
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The files of one folder import each other without a cycle (`super::x`, `crate::folder::x`),
/// but for the recursions listed here: each a mutual recursion of the algorithm itself, not a
/// layering that lost its way. A folder's `mod.rs` is its door: what it declares is shared by
/// every file of the folder, so edges into it are not counted.
const DOCUMENTED_RECURSIONS: &[(&str, &str)] = &[];

#[test]
fn files_of_one_folder_import_without_a_cycle() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in sources() {
        let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) else {
            continue;
        };
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if stem == "mod" {
            continue;
        }
        let name = |file: &str| format!("{}/{file}", folder.display());
        let body = without_tests(&text);
        let mut targets = BTreeSet::new();
        let crate_path = format!(
            "crate::{}::",
            folder.display().to_string().replace('/', "::")
        );
        for prefix in ["super::", crate_path.as_str()] {
            for (at, _) in body.match_indices(prefix) {
                let file: String = body[at + prefix.len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let sibling = folder.join(format!("{file}.rs"));
                let exists = Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("src")
                    .join(&sibling);
                if file != stem && exists.exists() {
                    targets.insert(name(&file));
                }
            }
        }
        graph.entry(name(&stem)).or_default().extend(targets);
    }
    let mut failures = Vec::new();
    for (from, tos) in &graph {
        for to in tos {
            let documented = DOCUMENTED_RECURSIONS.iter().any(|(a, b)| {
                (a, b) == (&from.as_str(), &to.as_str()) || (b, a) == (&from.as_str(), &to.as_str())
            });
            if from < to && reaches(&graph, to, from) && !documented {
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
            "verify", "validate", "flatten", "present", "schema", "document",
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

/// Commands are glue (issue 38): no command imports another; what two commands share lives in
/// a feature module or in `commands/mod.rs`.
#[test]
fn no_command_imports_another() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/commands");
    let commands: Vec<String> = fs::read_dir(&root)
        .expect("src/commands")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.file_stem().is_some_and(|s| s != "mod"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut failures = Vec::new();
    for (path, text) in sources() {
        if module(&path) != "commands" || path.file_stem().is_some_and(|s| s == "mod") {
            continue;
        }
        let own = path
            .components()
            .nth(1)
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let own = own.trim_end_matches(".rs");
        for other in commands.iter().filter(|c| c.as_str() != own) {
            for spelled in [
                format!("super::{other}::"),
                format!("crate::commands::{other}::"),
            ] {
                if without_tests(&text).contains(&spelled) {
                    failures.push(format!("{}: `{spelled}`", path.display()));
                }
            }
        }
    }
    assert!(commands.len() >= 8, "the commands were not found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
