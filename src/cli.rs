//! The command line, as clap derive types only. The `///` comments are the `--help` text
//! (STYLE habit 7), pinned by `tests/cmd/help*.toml`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Flatten JSON Schema tool contracts into presentation schemas that model providers accept,
/// and prove the presentation accepts every value the contract does.
#[derive(Debug, Parser)]
#[command(name = "stitch", version, max_term_width = 100)]
pub struct Cli {
    /// When to colour diagnostics, and `diff`'s text diff (NO_COLOR in the environment means
    /// never).
    #[arg(long, value_enum, default_value_t = Color::Auto, global = true)]
    pub color: Color,
    /// Show errors only: silence warnings and notes.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Show notes as well as warnings and errors.
    #[arg(short, long, global = true)]
    pub verbose: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Flatten root unions into one object schema that providers accept.
    ///
    /// Prints the presentation of one input, or writes it with -o; several inputs need
    /// --out-dir. A tool or tool list comes back as the same kind of document with each input
    /// schema flattened. Every widening and every union left in place is reported on stderr.
    Flatten(FlattenArgs),
    /// Prove that SUP accepts every value SUB accepts, or show a value it rejects.
    ///
    /// Exits 0 when proven, 1 when refuted (the counterexample is printed), 3 when undecided
    /// (the keyword that stopped the proof is printed), 2 when it could not run. Two tool lists
    /// are compared tool by tool, matched by name.
    Verify(VerifyArgs),
    /// Check every schema and tool of a project: the CI gate.
    ///
    /// Loads each file, flattens and verifies it, and checks each configured target's
    /// presentation; reports every finding, then one summary line. Exits 0 when no finding is an
    /// error, 1 when one is, 2 when it could not run (a broken stitch.toml, no file to check).
    /// Reads stitch.toml from the working directory or above.
    Check(CheckArgs),
    /// Show what changed between two schemas, tools, tool lists or manifests, for review.
    ///
    /// Classifies each schema (tools matched by name) with two proofs: `equivalent`,
    /// `widened`, `breaking` (with a value OLD accepted that NEW rejects),
    /// `narrowed-and-widened` or `unknown`; lists the keyword changes with pointers and tags;
    /// then a unified diff of the canonical documents. Exits 0 when it ran, unless --fail-on
    /// says otherwise (1: a break or change shown; 3: the only doubt is an `unknown`); 2 when
    /// it could not run.
    Diff(DiffArgs),
    /// Write the manifest: every tool the model sees, its presentation and digests.
    ///
    /// Finds the tools as `check` does, flattens and verifies each, and writes one JSON
    /// document (`manifestVersion` 1) with the tools sorted by name. `--check` compares it with
    /// the file on disk instead: exit 1 when stale. Exit 2 when it could not run (a contract
    /// that does not load, two tools of one name).
    Manifest(ManifestArgs),
    /// Print valid values of a schema, one JSON document per line.
    ///
    /// Every value is confirmed by the validator; the same seed gives the same lines. Useful for
    /// example tool calls and test data.
    Sample(SampleArgs),
    /// Load documents and show what stitch sees: kind, draft, tools, references.
    ///
    /// Runs every loading check (L1–L7): a document that loads here is one the other commands
    /// can read. Exits 2 if any input cannot be loaded.
    Inspect(InspectArgs),
    /// List the provider targets, or print one target's rules.
    ///
    /// Each target is a dated profile of what a model API accepts (`openai-strict@2026-08`); a
    /// bare name means its newest date. Each rule shows its severity, its code, the evidence it
    /// rests on (`[doc]`, `[obs]`, `[lib]`, `[?]`) and the provider error it predicts.
    Targets(TargetsArgs),
    /// Check a model's arguments against the contract, undoing what a target's presentation
    /// changed.
    ///
    /// Prints the arguments as the contract reads them (a `null` that stood for an absent key
    /// removed) and exits 0 when the contract accepts them; prints the contract's errors, each
    /// with the pointer into the arguments, and exits 1 when it does not. Give the same flatten
    /// options and --target as to `stitch flatten`.
    Validate(ValidateArgs),
    /// Explain a diagnostic code: what it means, why it matters, what to do.
    ///
    /// `stitch explain --list` lists every code with its default severity. The same table
    /// names the codes `[rules]` in stitch.toml can set.
    Explain(ExplainArgs),
    /// Print a shell completion script to standard output.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// `stitch flatten`.
#[derive(Debug, Args)]
pub struct FlattenArgs {
    /// Contracts to flatten (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Write the presentation to FILE instead of standard output (one input only; `-` is
    /// standard output).
    #[arg(short, long, value_name = "FILE", conflicts_with = "out_dir")]
    pub output: Option<std::path::PathBuf>,
    /// Write each presentation to DIR at its input's path relative to --root (`a/tool.json` →
    /// `DIR/a/tool.json`), creating folders as needed.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<std::path::PathBuf>,
    /// The folder whose layout --out-dir mirrors; every input must be inside it [default: the
    /// folder of the stitch.toml in use, else the current directory].
    #[arg(long, value_name = "DIR", requires = "out_dir")]
    pub root: Option<std::path::PathBuf>,
    /// How to flatten.
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Do not verify the presentation against the contract (then --samples and --seed mean
    /// nothing, and are refused).
    #[arg(long, conflicts_with_all = ["samples", "seed"])]
    pub no_verify: bool,
    /// How the presentation is verified.
    #[command(flatten)]
    pub sampling: SamplingArgs,
    /// Shape the presentation for a provider (`stitch targets` lists them): apply the
    /// profile's rewrites where they are proven to keep every value, then check it; whatever the
    /// provider would still refuse is an error and exits 1. `all` writes no presentation: one
    /// row per target says whether it takes the input (exit 0 unless an input cannot be read).
    #[arg(long, value_name = "NAME[@DATE]|all", value_parser = target_or_all)]
    pub target: Option<TargetChoice>,
    /// With --target, the request shape a tool or tool list is written in [default: the
    /// target's own: `responses` for OpenAI, Anthropic `tools`, Gemini `functionDeclarations`,
    /// an MCP `tools/list` result, a Bedrock `toolConfig`, `chat-completions` for Mistral,
    /// Ollama and llama.cpp]; `keep` leaves the input's shape. A bare schema stays a schema.
    #[arg(long, value_enum, value_name = "SHAPE", requires = "target")]
    pub envelope: Option<EnvelopeArg>,
    /// With --target, the inputs are the tools of one request: the limits a provider sets per
    /// request (Anthropic strict: 20 strict tools, 24 optional and 16 union-typed parameters;
    /// OpenAI: 128 tools) count every input's tools together [default: each input is a request].
    #[arg(long, requires = "target")]
    pub one_request: bool,
    /// How to load the inputs.
    #[command(flatten)]
    pub load: LoadArgs,
}

/// `stitch check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files and folders to check. A folder is walked for `*.json` files that look like schemas
    /// or tools [default: the config's `include` globs, else the current directory].
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The configuration [default: the first stitch.toml in the current directory or above].
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Read no stitch.toml: only the command line and the built-in defaults.
    #[arg(long, conflicts_with = "config")]
    pub no_config: bool,
    /// Check each presentation for this target (repeatable; `all` for every one) [default: the
    /// config's `targets`].
    #[arg(long, value_name = "NAME[@DATE]|all", value_parser = target_or_all)]
    pub target: Vec<TargetChoice>,
    /// An `unknown` verdict is a warning rather than an error.
    #[arg(long)]
    pub allow_unproven: bool,
    /// Set a code's level for this run, over stitch.toml's `[rules]` (repeatable; LEVEL is
    /// `off`, `note`, `warning` or `error`; `stitch explain --list` lists the codes).
    #[arg(long = "rule", value_name = "CODE=LEVEL", value_parser = parse_rule)]
    pub rules: Vec<(crate::diagnostic::Code, Option<crate::diagnostic::Severity>)>,
    /// Warnings fail the run too (exit 1), as clippy's `-D warnings` does.
    #[arg(long)]
    pub deny_warnings: bool,
    /// Check only the K-th of N stable parts of the files (by a hash of each path), to split
    /// a large project across CI jobs; per-request limits then count that part's tools.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    pub format: CheckFormat,
}

/// `stitch check --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Findings with source snippets and a summary line, on standard error.
    Human,
    /// One JSON document on standard output: files, verdicts, findings, counts.
    Json,
    /// SARIF 2.1.0 on standard output, for GitHub code scanning and other SARIF readers.
    Sarif,
    /// GitHub Actions workflow commands on standard output: one annotation per finding.
    Github,
}

fn parse_shard(arg: &str) -> Result<(u64, u64), String> {
    let parsed = arg
        .split_once('/')
        .and_then(|(k, n)| Some((k.parse::<u64>().ok()?, n.parse::<u64>().ok()?)));
    match parsed {
        Some((k, n)) if n >= 1 && (1..=n).contains(&k) => Ok((k, n)),
        _ => Err(format!("expected K/N with 1 <= K <= N, got `{arg}`")),
    }
}

fn parse_rule(
    arg: &str,
) -> Result<(crate::diagnostic::Code, Option<crate::diagnostic::Severity>), String> {
    let (code, level) = arg
        .split_once('=')
        .ok_or_else(|| format!("expected CODE=LEVEL, got `{arg}`"))?;
    Ok((
        crate::config::code_named(code)?,
        crate::config::level_named(level)?,
    ))
}

/// `--envelope`: the request shape of `flatten --target`'s output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EnvelopeArg {
    /// The input's own shape.
    Keep,
    /// OpenAI Responses `tools` (the OpenAI targets' default).
    Responses,
    /// OpenAI Chat Completions `tools`.
    ChatCompletions,
}

/// How a contract is flattened: shared by `flatten` and `validate`, which must derive the same
/// presentation.
#[derive(Debug, Default, Args)]
pub struct ShapeArgs {
    /// Which values the presentation must accept: those with the keys the contract declares
    /// (`declared`), or literally every value the contract accepts (`strict`) [default:
    /// stitch.toml's `semantics`, else declared].
    #[arg(long, value_enum)]
    pub semantics: Option<SemanticsArg>,
    /// Also flatten object unions below the root, at positions where widening cannot narrow
    /// (not under `not`, `if` or a `oneOf` that stays) [default: stitch.toml's `deep`, else
    /// off].
    #[arg(long)]
    pub deep: bool,
    /// How a property that branches give schemas of different kinds is joined: an `anyOf` of
    /// them (`anyof`), or merged without any `anyOf`/`oneOf` (`merge`) [default: stitch.toml's
    /// `collisions`, else anyof].
    #[arg(long, value_enum)]
    pub collisions: Option<CollisionsArg>,
}

/// `stitch diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The old side: a schema, a tool, a tool list or a manifest (`-` reads standard input);
    /// with --flatten, the contract.
    #[arg(value_name = "OLD")]
    pub old: String,
    /// The new side (`-` reads standard input); not given with --flatten.
    #[arg(
        value_name = "NEW",
        required_unless_present = "flatten",
        conflicts_with = "flatten"
    )]
    pub new: Option<String>,
    /// Compare the contract OLD with its own presentation: what flattening widened.
    #[arg(long)]
    pub flatten: bool,
    /// Compare both sides as this provider reads them: each flattened, rewritten for the
    /// target as `flatten --target` does, and read through the provider's view.
    #[arg(long, value_name = "NAME[@DATE]", value_parser = target)]
    pub target: Option<&'static crate::targets::Profile>,
    /// Exit 1 when a breaking change is shown by a counterexample (`breaking`, a removed tool
    /// too), or when anything changed (`change`); exit 3 when the only doubt is an `unknown`
    /// [default: exit 0 whenever the comparison ran].
    #[arg(long, value_enum, value_name = "WHAT")]
    pub fail_on: Option<FailOn>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DiffFormat::Human)]
    pub format: DiffFormat,
    /// How --flatten and --target flatten, and which values count (--semantics).
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// How the two sides are verified against each other.
    #[command(flatten)]
    pub sampling: SamplingArgs,
    /// How to load the inputs.
    #[command(flatten)]
    pub load: LoadArgs,
}

/// `stitch diff --fail-on`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// A value OLD accepted is rejected by NEW (a removed tool too).
    Breaking,
    /// Anything differs: a class other than `equivalent`, an edit, the text.
    Change,
}

/// `stitch diff --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// Classes, counterexamples, changes and the text diff on standard output (coloured on a
    /// terminal); diagnostics on standard error.
    Human,
    /// One JSON document on standard output: every comparison with both verdicts, the
    /// changes, the text diffs, and the findings.
    Json,
    /// A pull-request comment: a table of tools and classes, the details, then the text diff
    /// in a collapsed block.
    Markdown,
}

/// `stitch manifest`.
#[derive(Debug, Args)]
pub struct ManifestArgs {
    /// Files and folders whose tools the manifest lists, found as `stitch check` finds them
    /// [default: the config's `include` globs, else the current directory].
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Write the manifest to FILE (atomically) [default: stitch.toml's `[artifacts] manifest`,
    /// else standard output].
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Compare with the manifest on disk instead of writing it: exit 1 with the difference
    /// when it is stale (the `generator` line is not compared).
    #[arg(long)]
    pub check: bool,
    /// The configuration [default: the first stitch.toml in the current directory or above].
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Read no stitch.toml: only the command line and the built-in defaults.
    #[arg(long, conflicts_with = "config")]
    pub no_config: bool,
}

/// `stitch validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The contract: a schema, a tool or a tool list (`-` reads standard input).
    #[arg(value_name = "CONTRACT")]
    pub contract: String,
    /// The arguments the model produced for the presentation, as a JSON document (`-` reads
    /// standard input).
    #[arg(value_name = "ARGS")]
    pub args: String,
    /// The target the presentation was shaped for: its recorded mappings (a `null` that stands
    /// for an absent key) are undone before the contract judges the arguments.
    #[arg(long, value_name = "NAME[@DATE]", value_parser = target)]
    pub target: Option<&'static crate::targets::Profile>,
    /// The tool whose arguments these are, in a tool list.
    #[arg(long, value_name = "NAME")]
    pub tool: Option<String>,
    /// How the contract was flattened (as given to `stitch flatten`).
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// How to load the contract.
    #[command(flatten)]
    pub load: LoadArgs,
}

/// `stitch explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The code (`stitch::check::stale`, or `check::stale`).
    #[arg(
        value_name = "CODE",
        required_unless_present = "list",
        conflicts_with = "list"
    )]
    pub code: Option<String>,
    /// List every code, its default severity and what it means in one line.
    #[arg(long)]
    pub list: bool,
}

/// `stitch targets`.
#[derive(Debug, Args)]
pub struct TargetsArgs {
    /// The target whose rules to print (`NAME` or `NAME@DATE`); all targets when absent.
    #[arg(value_name = "NAME[@DATE]", value_parser = target)]
    pub name: Option<&'static crate::targets::Profile>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

/// `--target` of `flatten`: one profile, or every one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetChoice {
    /// One profile.
    One(&'static crate::targets::Profile),
    /// `all`: every profile, as a table.
    All,
}

/// A target name, with or without its date, or `all`.
fn target_or_all(arg: &str) -> Result<TargetChoice, String> {
    if arg == "all" {
        return Ok(TargetChoice::All);
    }
    target(arg).map(TargetChoice::One)
}

/// A target name, with or without its date.
fn target(arg: &str) -> Result<&'static crate::targets::Profile, String> {
    crate::targets::lookup(arg)
}

/// Options of every command that verifies.
#[derive(Debug, Default, Args)]
pub struct SamplingArgs {
    /// Values sampled per branch of the contract's root union (or in all) to look for a
    /// counterexample [default: stitch.toml's `samples`, else 256].
    #[arg(long, value_name = "N")]
    pub samples: Option<usize>,
    /// Seed of the sampler: the same seed finds the same values [default: stitch.toml's
    /// `seed`, else 0].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// `stitch verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The schema whose values must all be accepted (`-` reads standard input).
    #[arg(value_name = "SUB")]
    pub sub: String,
    /// The schema that must accept them.
    #[arg(value_name = "SUP")]
    pub sup: String,
    /// Which values of SUB count: those with the keys SUB declares (`declared`), or literally
    /// every value SUB accepts (`strict`) [default: stitch.toml's `semantics`, else declared].
    #[arg(long, value_enum)]
    pub semantics: Option<SemanticsArg>,
    /// How to look for counterexamples.
    #[command(flatten)]
    pub sampling: SamplingArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// How to load the inputs.
    #[command(flatten)]
    pub load: LoadArgs,
}

/// `stitch sample`.
#[derive(Debug, Args)]
pub struct SampleArgs {
    /// The schema, tool or tool list (`-` reads standard input).
    #[arg(value_name = "SCHEMA")]
    pub file: String,
    /// How many values (at least 1).
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 10, value_parser = at_least_one)]
    pub count: usize,
    /// Seed of the sampler: the same seed gives the same lines [default: stitch.toml's `seed`,
    /// else 0].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Which values: those with only the keys the schema declares (`declared`), or any value
    /// the schema accepts (`strict`) [default: stitch.toml's `semantics`, else declared].
    #[arg(long, value_enum)]
    pub semantics: Option<SemanticsArg>,
    /// The tool to sample, in a tool list.
    #[arg(long, value_name = "NAME")]
    pub tool: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// How to load the input.
    #[command(flatten)]
    pub load: LoadArgs,
}

/// `--collisions`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CollisionsArg {
    /// An `anyOf` of the branches' distinct schemas.
    Anyof,
    /// Objects joined key by key, arrays item by item, mixed kinds as a `type` array.
    Merge,
}

/// `--semantics`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SemanticsArg {
    /// Accept every value whose keys the contract declares (implicitly open objects are read
    /// as closed).
    Declared,
    /// Accept literally every value the contract accepts.
    Strict,
}

/// `stitch inspect`.
#[derive(Debug, Args)]
pub struct InspectArgs {
    /// Documents to load (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// How to load the inputs.
    #[command(flatten)]
    pub load: LoadArgs,
}

/// Options of every command that loads documents.
#[derive(Debug, Args)]
pub struct LoadArgs {
    /// Read inputs as this kind instead of detecting it.
    #[arg(long, value_enum, value_name = "KIND")]
    pub input_kind: Option<InputKindArg>,
    /// Read schemas as this draft instead of their `$schema`.
    #[arg(long, value_enum, value_name = "DRAFT")]
    pub draft: Option<DraftArg>,
    /// Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a
    /// prefix to a folder, trying `<name>` then `<name>.json`.
    #[arg(long, value_name = "URI=PATH", value_parser = parse_ref_map)]
    pub ref_map: Vec<(String, PathBuf)>,
    /// Refuse inputs larger than this many bytes, before reading them.
    #[arg(long, value_name = "BYTES", default_value_t = crate::document::source::DEFAULT_MAX_INPUT_SIZE)]
    pub max_input_size: u64,
    /// The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and
    /// `[refs]` apply where the command line does not say [default: the first stitch.toml in
    /// the current directory or above].
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Read no stitch.toml: only the command line and the built-in defaults.
    #[arg(long, conflicts_with = "config")]
    pub no_config: bool,
}

fn parse_ref_map(arg: &str) -> Result<(String, PathBuf), String> {
    match arg.split_once('=') {
        Some((uri, path)) if !uri.is_empty() && !path.is_empty() => {
            Ok((uri.to_owned(), PathBuf::from(path)))
        }
        _ => Err(format!("expected URI=PATH, got `{arg}`")),
    }
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Color {
    /// Colour what goes to a terminal (diagnostics on standard error, `diff` on standard
    /// output) when NO_COLOR is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// `--format` of commands that print documents or findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Results on standard output, diagnostics with source snippets on standard error.
    Human,
    /// One JSON document on standard output with the results and the findings, failures
    /// included; nothing on standard error.
    Json,
}

/// `--input-kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputKindArg {
    /// A JSON Schema.
    Schema,
    /// One tool (MCP, OpenAI or Anthropic form).
    Tool,
    /// A tool list or an MCP `tools/list` result.
    Tools,
}

/// `--draft`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DraftArg {
    /// Draft 4.
    #[value(name = "4")]
    Draft4,
    /// Draft 6.
    #[value(name = "6")]
    Draft6,
    /// Draft 7.
    #[value(name = "7")]
    Draft7,
    /// Draft 2019-09.
    #[value(name = "2019-09")]
    Draft2019_09,
    /// Draft 2020-12.
    #[value(name = "2020-12")]
    Draft2020_12,
}

/// `-n 0` asks for nothing: a usage error rather than an empty answer that reads as "no value
/// exists" (exit 2, as every usage error).
fn at_least_one(arg: &str) -> Result<usize, String> {
    match arg.parse::<usize>() {
        Ok(0) => Err("ask for at least one value".to_owned()),
        Ok(count) => Ok(count),
        Err(error) => Err(error.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn ref_map_needs_both_halves() {
        assert_eq!(
            parse_ref_map("https://a/=schemas/"),
            Ok(("https://a/".to_owned(), PathBuf::from("schemas/")))
        );
        assert!(parse_ref_map("https://a/").is_err());
        assert!(parse_ref_map("=x").is_err());
    }
}
