//! `stitch targets [NAME]`: the provider profiles, or one profile's rules (C4).

use std::fmt::Write as _;

use super::Context;
use crate::cli::{Format, TargetsArgs};
use crate::error::{Error, Outcome};
use crate::report::json::{self, FORMAT_VERSION, TargetJson, TargetsDocument};
use crate::targets::{self, PROFILES, Profile};

pub(super) fn run(args: &TargetsArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let chosen: Vec<&'static Profile> = match args.name {
        Some(profile) => vec![profile],
        None => PROFILES.to_vec(),
    };
    let text = match (args.format, args.name) {
        (Format::Json, _) => json::pretty(&TargetsDocument {
            format_version: FORMAT_VERSION,
            targets: chosen.into_iter().map(TargetJson::from).collect(),
        }),
        (Format::Human, None) => listing(),
        (Format::Human, Some(profile)) => rules(profile),
    };
    ctx.out.write_all(text.as_bytes())?;
    Ok(Outcome::Positive)
}

/// One line per dated profile, newest of each name marked.
fn listing() -> String {
    let width = PROFILES.iter().map(|p| p.id().len()).max().unwrap_or(0);
    let mut out = String::new();
    for profile in PROFILES {
        let newest = targets::lookup(profile.name).is_ok_and(|p| std::ptr::eq(p, *profile));
        let mark = if newest { "*" } else { " " };
        let _ = writeln!(
            out,
            "{:width$} {mark} {:>2} rules  {}",
            profile.id(),
            profile.rules.len(),
            profile.summary
        );
    }
    out.push_str(
        "\n* the profile a bare name means (its newest date). `stitch targets NAME` prints a profile's rules.\n",
    );
    out
}

/// A profile's rules: severity, code, evidence, what it checks, what the provider answers.
fn rules(profile: &Profile) -> String {
    let mut out = format!("{}: {}\n", profile.id(), profile.summary);
    out.push_str(
        "evidence: [doc] documented, [obs] seen in the provider's errors, [lib] what client libraries do, [?] uncertain (a warning at most)\n",
    );
    if let Some(previous) = targets::previous(profile) {
        if profile.since.is_empty() {
            let _ = writeln!(out, "since {}: no rule changed", previous.id());
        }
        for line in profile.since {
            let _ = writeln!(out, "since {}: {line}", previous.id());
        }
    }
    if !profile.rewrites.is_empty() {
        out.push_str("rewrites (each kept only once proven):\n");
        for rewrite in profile.rewrites {
            let _ = writeln!(out, "  - {}", rewrite.describe());
        }
    }
    for rule in profile.rules {
        let _ = write!(
            out,
            "\n{:7} {} [{} {}]\n        {}\n",
            rule.severity().as_str(),
            rule.check.code(),
            rule.evidence.label(),
            rule.source,
            rule.check.describe()
        );
        if !rule.predicts.is_empty() {
            let _ = writeln!(out, "        predicts: {}", rule.predicts);
        }
    }
    out.push_str("\nsources:\n");
    for label in targets::sources_of(profile) {
        let _ = writeln!(
            out,
            "  {label:10} {}",
            targets::source(label).unwrap_or("(not recorded)")
        );
    }
    out
}
