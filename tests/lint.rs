//! C3: each lint rule has a folder `fixtures/lint/c3-<rule>/` with `fires.json`, on which the
//! rule (`stitch::lint::<rule>`) reports, and `quiet.json`, on which no lint rule does.

use std::path::Path;

use stitch::document::{self, Input, LoadOptions};

fn lint_codes(path: &Path) -> Vec<String> {
    let loaded = document::load(&Input::File(path.to_path_buf()), &LoadOptions::default())
        .unwrap_or_else(|f| panic!("{}: {}", path.display(), f[0]));
    stitch::lint::lint(&loaded)
        .into_iter()
        .map(|f| f.code.as_str().to_owned())
        .collect()
}

#[test]
fn every_rule_fires_on_its_fixture_and_not_on_the_quiet_one() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/lint");
    let mut cases: Vec<_> = std::fs::read_dir(&folder)
        .expect("fixtures/lint")
        .map(|e| e.expect("an entry").path())
        .collect();
    cases.sort();
    let mut covered = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let rule = name
            .strip_prefix("c3-")
            .expect("a c3- case")
            .replace('-', "_");
        let code = format!("stitch::lint::{rule}");
        let fired = lint_codes(&case.join("fires.json"));
        assert!(fired.contains(&code), "{name}: {code} not in {fired:?}");
        let quiet = lint_codes(&case.join("quiet.json"));
        assert!(quiet.is_empty(), "{name}: quiet.json gave {quiet:?}");
        covered.push(code);
    }
    // Every lint code of the table has its case.
    for code in stitch::diagnostic::codes::ALL {
        if code.as_str().starts_with("stitch::lint::") {
            assert!(
                covered.iter().any(|c| c == code.as_str()),
                "no case for {code}"
            );
        }
    }
}
