//! `stitch validate CONTRACT ARGS [--target NAME] [--tool NAME]`: the way back from a
//! presentation (SPEC §3 "Targets"). The contract is flattened and shaped for the target
//! exactly as `stitch flatten` does it, so the same mappings are recorded; the arguments a model
//! produced are walked along that presentation, each `null` that stands for a left-out key is
//! dropped, and the contract judges the result.
//!
//! Where a key accepted `null` before the rewrite, `null` and absent are one value in the
//! presentation (the model cannot say "left out" apart from `null`): there the model's `null`
//! is kept when the contract accepts the arguments with it, and dropped otherwise.
//!
//! Decisions: the arguments are one JSON document (the object itself, not a string holding
//! it); `--samples`/`--seed` are not taken, the defaults that `flatten` uses are; a `default`
//! is not filled in — the application's own parser does that, as it does for any absent key.

use super::{Context, choices, choose, could_not_run, load_options};
use crate::cli::ValidateArgs;
use crate::diagnostic::{Finding, codes};
use crate::document::{self, Input, Loaded};
use crate::error::{Error, Outcome};
use crate::manifest::{Manifest, Tool};
use crate::present::{self, Plan};
use crate::report::Output;
use crate::report::json::{self, FORMAT_VERSION, ValidateDocument};
use crate::targets::adapt::{self, RequestScope};
use crate::targets::back::{self, ReadBack, Shaped};
use crate::targets::mapping::Reader;
use crate::verify::{self, Space};

pub(super) fn run(args: &ValidateArgs, ctx: &mut Context<'_>) -> Result<Outcome, Error> {
    let mut document = ValidateDocument {
        format_version: FORMAT_VERSION,
        name: None,
        target: args.target.map(|p| p.id()),
        valid: None,
        value: None,
        dropped: Vec::new(),
        kept_null: Vec::new(),
        readings: None,
        findings: Vec::new(),
    };
    match judge(args, &mut document) {
        Ok((outcome, found)) if Output::from(args.format) == Output::Document => {
            document.findings = json::findings(&ctx.shown(&found));
            ctx.out.write_all(json::pretty(&document).as_bytes())?;
            Ok(outcome)
        }
        Ok((outcome, found)) => {
            if outcome == Outcome::Positive
                && let Some(value) = &document.value
            {
                ctx.out
                    .write_all(crate::canonical::pretty(value).as_bytes())?;
            }
            ctx.report(&found)?;
            let line = summary(&document);
            if ctx
                .style
                .shows_severity(crate::diagnostic::Severity::Warning)
            {
                ctx.err.write_all(line.as_bytes())?;
            }
            Ok(outcome)
        }
        Err(error) => Err(could_not_run(
            Output::from(args.format),
            ctx,
            &mut document,
            error,
        )),
    }
}

/// The last line on standard error: the verdict, and how many `null`s were dropped or kept
/// where they could have meant either.
fn summary(document: &ValidateDocument) -> String {
    let name = document.name.as_deref().unwrap_or_default();
    let mut notes = Vec::new();
    match document.dropped.len() {
        0 => {}
        1 => notes.push("1 `null` dropped: it stood for a left-out key".to_owned()),
        n => notes.push(format!("{n} `null`s dropped: they stood for left-out keys")),
    }
    match document.kept_null.len() {
        0 => {}
        1 => notes.push("1 `null` kept: it could also have stood for a left-out key".to_owned()),
        n => notes.push(format!(
            "{n} `null`s kept: they could also have stood for left-out keys"
        )),
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join("; "))
    };
    let verdict = if document.valid == Some(true) {
        "accepts"
    } else {
        "refuses"
    };
    format!("validate: {name}: the contract {verdict} the arguments{notes}\n")
}

/// Loads, presents, undoes the mappings and judges; fills `document` as it goes.
fn judge(
    args: &ValidateArgs,
    document: &mut ValidateDocument,
) -> Result<(Outcome, Vec<Finding>), Error> {
    if args.contract == "-" && args.args == "-" {
        return Err(Error::Usage(
            "CONTRACT and ARGS cannot both be read from standard input".to_owned(),
        ));
    }
    let config = super::project(args.load.config.as_deref(), args.load.no_config)?;
    let load = load_options(&args.load, &config);
    let (loaded, name, at, tool) = match read_contract(&args.contract, &load)? {
        Contract::Manifest(path, manifest) => {
            let (loaded, name, at, tool) = recorded_tool(&path, &manifest, args, &load)?;
            (loaded, name, at, Some(tool))
        }
        Contract::Schema(loaded) => {
            let (name, at) = choose(args.tool.as_deref(), &args.contract, "validate", &loaded)?;
            let (name, at) = (name.to_owned(), at.to_owned());
            (loaded, name, at, None)
        }
    };
    document.name = Some(name.clone());
    let (source, value) = document::read_value(&Input::from_arg(&args.args), load.max_input_size)
        .map_err(Error::Input)?;
    let mut found = loaded.findings.clone();
    let shape = choices(&args.shape, &config);
    let shaped = match (args.target, &tool) {
        (None, _) => None,
        (Some(profile), Some(tool)) => Some(from_manifest(tool, profile, &loaded, &load)?),
        (Some(profile), None) => Some(derived(
            profile,
            &loaded,
            &at,
            &args.contract,
            shape,
            &load,
        )?),
    };
    let read = read(&loaded, &at, shaped.as_ref(), &value)?;
    let Some(rejections) = read.judgement else {
        return Err(Error::Input(vec![Finding::of(
            codes::VERIFY_BUG,
            format!("the contract `{name}` does not compile"),
        )]));
    };
    let hint = (!rejections.is_empty() && tool.is_none())
        .then(|| made_for(&loaded, &at, args, shape, &load, &value))
        .flatten();
    document.dropped = read.dropped;
    document.kept_null = read.kept;
    document.readings = shaped.as_ref().map(|_| read.readings);
    let value = read.value;
    if read.exhausted {
        found.push(Finding::of(
            codes::VALIDATE_BUDGET,
            format!(
                "the call was read back {} ways and none is a value the contract accepts; the search stopped at its budget ({} readings, {} schema nodes walked)",
                read.readings,
                back::MAX_READINGS,
                back::MAX_STEPS
            ),
        ));
    }
    let valid = rejections.is_empty();
    for rejection in rejections {
        let place = if rejection.instance_path.is_empty() {
            "the arguments".to_owned()
        } else {
            format!("#{}", rejection.instance_path)
        };
        found.push(
            Finding::of(
                codes::VALIDATE_INVALID,
                format!("{place}: {}", rejection.message),
            )
            .in_source(&source)
            .at(rejection.instance_path.clone())
            .with_help(format!(
                "refused by the contract `{name}` at #{}",
                crate::schema::pointer::within(&at, &keyword_place(&rejection))
            )),
        );
    }
    found.extend(hint);
    document.valid = Some(valid);
    document.value = Some(value);
    let outcome = if valid {
        Outcome::Positive
    } else {
        Outcome::Negative
    };
    Ok((outcome, found))
}

/// `value` read back along `shaped` (as it is without one) and judged by the contract at `at`
/// of `loaded`: the judgement is `None` when the contract does not compile.
fn read(
    loaded: &Loaded,
    at: &str,
    shaped: Option<&Shaped>,
    value: &serde_json::Value,
) -> Result<ReadBack<Option<Vec<crate::validate::Rejection>>>, Error> {
    // On a thread with the stack the walk needs (it recurses as deep as the arguments nest).
    let read = crate::threads::run("stitch-validate", || {
        let contract = Space::new(loaded, at);
        let contract = verify::Places::new(&contract);
        let judge = |value: &serde_json::Value| {
            let rejections = contract.rejections(value);
            (rejections.as_ref().is_some_and(Vec::is_empty), rejections)
        };
        match shaped {
            None => {
                let (accepted, rejections) = judge(value);
                ReadBack {
                    value: value.clone(),
                    accepted,
                    readings: 1,
                    judgement: rejections,
                    ..ReadBack::default()
                }
            }
            Some(shaped) => {
                let space = Space::new(&shaped.presentation, &shaped.at);
                let reader = Reader::new(&space, &shaped.nulled, &shaped.stringified);
                back::read_back(shaped, &reader, value, judge)
            }
        }
    });
    match read {
        Ok(Ok(read)) => Ok(read),
        _ => Err(Error::Input(vec![Finding::of(
            codes::VERIFY_BUG,
            "the arguments could not be walked along the presentation; this is a bug in stitch",
        )])),
    }
}

/// Issue 40: a refused call that holds a `null` may have been made for a presentation other
/// than the one it is read along (a strict target's, whose `null` stands for a left-out key, or
/// one flattened with(out) `--deep`): the first of those alternatives along which the call reads
/// back as a value the contract accepts, as a warning saying which. Only for a contract of at
/// most 256 KB of text, since each alternative is flattened and rewritten again.
fn made_for(
    loaded: &Loaded,
    at: &str,
    args: &ValidateArgs,
    shape: crate::flatten::Choices,
    load: &crate::document::LoadOptions,
    value: &serde_json::Value,
) -> Option<Finding> {
    fn holds_null(value: &serde_json::Value) -> bool {
        match value {
            serde_json::Value::Null => true,
            serde_json::Value::Array(items) => items.iter().any(holds_null),
            serde_json::Value::Object(map) => map.values().any(holds_null),
            _ => false,
        }
    }
    // Each alternative flattens and rewrites the contract again: past this size the hint is
    // not worth the wait of a refusal (four runs of `flatten --target`).
    const MOST: usize = 256 * 1024;
    if !holds_null(value) || loaded.input().source.text.len() > MOST {
        return None;
    }
    let toggled = crate::flatten::Choices {
        deep: !shape.deep,
        ..shape
    };
    let mut tries = Vec::new();
    match args.target {
        Some(profile) => tries.push((profile, toggled)),
        None => {
            for name in ["openai-strict", "anthropic-strict"] {
                let profile = crate::targets::lookup(name).ok()?;
                tries.push((profile, shape));
                tries.push((profile, toggled));
            }
        }
    }
    let (profile, choices) = tries.into_iter().find(|&(profile, choices)| {
        derived(profile, loaded, at, &args.contract, choices, load)
            .and_then(|shaped| read(loaded, at, Some(&shaped), value))
            .is_ok_and(|read| read.accepted)
    })?;
    let deep = if choices.deep { " --deep" } else { "" };
    Some(
        Finding::of(
            codes::VALIDATE_MADE_FOR,
            format!(
                "read back as `--target {}{deep}` reads it, the call is a value the contract accepts",
                profile.name
            ),
        )
        .with_help(format!(
            "the call seems made for the presentation `stitch flatten --target {}{deep}` writes, whose `null` stands for a left-out key: validate it with those options",
            profile.name
        )),
    )
}

/// The presentation `flatten --target` makes of the schema at `at`, and its mappings.
fn derived(
    profile: &'static crate::targets::Profile,
    loaded: &Loaded,
    at: &str,
    contract: &str,
    choices: crate::flatten::Choices,
    load: &crate::document::LoadOptions,
) -> Result<Shaped, Error> {
    let plan = Plan {
        choices,
        verify: None,
        load: load.clone(),
    };
    let mut presented = present::present(loaded, contract, &plan);
    let targeted = adapt::target(
        profile,
        loaded,
        &mut presented,
        &plan,
        contract,
        RequestScope::Document,
    );
    let draft = targeted.draft.unwrap_or(loaded.input().draft);
    let mut bytes = presented.bytes.clone();
    if let Ok(mut whole) = serde_json::from_str::<serde_json::Value>(&bytes)
        && let Some(schema) = whole.pointer_mut(at)
    {
        profile.view.enforced(schema, draft);
        bytes = crate::canonical::pretty(&whole);
    }
    let presentation =
        document::load_derived_as(bytes, loaded, load, draft).map_err(Error::Input)?;
    Ok(Shaped {
        presentation,
        at: at.to_owned(),
        nulled: targeted.nulled,
        stringified: targeted.stringified,
    })
}

/// What CONTRACT names: a manifest, or a contract to validate against.
enum Contract {
    /// A file (not a part of one, nor standard input) whose document has `manifestVersion`,
    /// with its path: its `source` paths are relative to its folder.
    Manifest(std::path::PathBuf, Box<Manifest>),
    /// Anything else, loaded and compiled.
    Schema(Loaded),
}

/// Reads CONTRACT: a file once, whether it is a manifest being told from the document read.
fn read_contract(contract: &str, load: &crate::document::LoadOptions) -> Result<Contract, Error> {
    let input = Input::from_arg(contract);
    let loaded = match &input {
        Input::File(path) => {
            let (source, value) =
                document::read_value(&input, load.max_input_size).map_err(Error::Input)?;
            if value.get("manifestVersion").is_some() {
                let manifest = Manifest::read(value).map_err(|why| {
                    Error::Usage(format!(
                        "`{}` has a manifestVersion but is not a manifest stitch reads: {why}",
                        path.display()
                    ))
                })?;
                return Ok(Contract::Manifest(path.clone(), Box::new(manifest)));
            }
            document::load_read(path, source, value, load)
        }
        _ => document::load(&input, load),
    };
    loaded
        .and_then(document::compiled)
        .map(Contract::Schema)
        .map_err(Error::Input)
}

/// M1: the tool of `manifest` that `--tool` names (or its one tool), its contract loaded from
/// its `source`, and the schema's pointer there. A contract that changed since the manifest
/// was written stops the command: the recorded mappings may not be its own any more.
fn recorded_tool(
    path: &std::path::Path,
    manifest: &Manifest,
    args: &ValidateArgs,
    load: &crate::document::LoadOptions,
) -> Result<(Loaded, String, String, Tool), Error> {
    let shown = path.display();
    let tool = manifest
        .tool(args.tool.as_deref(), &shown.to_string())
        .map_err(Error::Usage)?;
    let (file, at) = tool.contract_place();
    let folder = path.parent().unwrap_or(std::path::Path::new(""));
    let loaded =
        document::load_compiled(&Input::File(folder.join(file)), load).map_err(Error::Input)?;
    let now = loaded
        .input()
        .value
        .pointer(at)
        .map(crate::manifest::digest)
        .unwrap_or_default();
    if now != tool.contract_digest {
        return Err(Error::Input(vec![
            Finding::of(
                codes::MANIFEST_STALE,
                format!(
                    "`{shown}` is stale for `{}`: its contract `{}` changed since the manifest was written (digest {} then, {now} now)",
                    tool.name, tool.source, tool.contract_digest
                ),
            )
            .in_file(shown.to_string())
            .with_help(format!("write it again with `stitch manifest -o {shown}`")),
        ]));
    }
    Ok((loaded, tool.name.clone(), at.to_owned(), tool.clone()))
}

/// The presentation `tool` (a manifest's) records for `profile`, loaded where its contract
/// is, with the mappings recorded beside it.
fn from_manifest(
    tool: &Tool,
    profile: &'static crate::targets::Profile,
    contract: &Loaded,
    load: &crate::document::LoadOptions,
) -> Result<Shaped, Error> {
    let (id, name) = (profile.id(), &tool.name);
    let Some(entry) = tool.targets.get(&id) else {
        let recorded: Vec<String> = tool.targets.keys().map(|k| format!("`{k}`")).collect();
        let recorded = if recorded.is_empty() {
            "none".to_owned()
        } else {
            recorded.join(", ")
        };
        return Err(Error::Usage(format!(
            "the manifest records no presentation of `{name}` for {id} (it records: {recorded}); add the target to stitch.toml's `targets` and write the manifest again"
        )));
    };
    let mut schema = entry.input_schema.clone();
    let draft = schema
        .get("$schema")
        .and_then(serde_json::Value::as_str)
        .and_then(crate::schema::Draft::from_schema_uri)
        .unwrap_or(contract.input().draft);
    profile.view.enforced(&mut schema, draft);
    let presentation = document::load_schema_text(
        crate::canonical::pretty(&schema),
        format!("{name} ({id}, from the manifest)"),
        contract.input().uri.clone(),
        draft,
        load,
    )
    .map_err(Error::Input)?;
    let (nulled, stringified) = entry.mappings();
    Ok(Shaped {
        presentation,
        at: String::new(),
        nulled,
        stringified,
    })
}

/// Where in the contract's schema the refusing keyword sits: its absolute location's fragment
/// when the validator knows it (through references), else its path from the schema.
fn keyword_place(rejection: &crate::validate::Rejection) -> String {
    rejection
        .keyword_uri
        .as_deref()
        .and_then(crate::schema::pointer::fragment)
        .unwrap_or_else(|| rejection.schema_path.clone())
}
