//! Command-line cases: every `tests/cmd/**/*.toml` and the README's console examples, run
//! against the real binary with exact output and exit code. Bless changes with
//! `TRYCMD=overwrite cargo test --test cli` and review them as a diff.

#[test]
fn cli_cases() {
    trycmd::TestCases::new()
        .env("COLUMNS", "80")
        .env("NO_COLOR", "1")
        .case("tests/cmd/**/*.toml")
        .case("README.md");
}
