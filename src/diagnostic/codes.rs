//! The one table of diagnostic codes: every code stitch can emit, with its default severity, a
//! one-line summary and a paragraph of explanation (what `stitch explain` prints and what SARIF
//! rule metadata is made of).
//!
//! A [`Code`] can only be one of the constants below: its field is private, so a finding with a
//! code the table lacks does not compile. Codes name a kind of problem, never one instance: the
//! message carries the keyword, the tool or the pointer.

use std::fmt;

use super::Severity;

/// A code's entry in the table.
#[derive(Debug, PartialEq, Eq)]
pub struct CodeInfo {
    /// `stitch::<area>::<name>`.
    pub name: &'static str,
    /// Default severity.
    pub severity: Severity,
    /// One line: what it means.
    pub summary: &'static str,
    /// A paragraph: why it matters and what to do.
    pub explanation: &'static str,
}

/// A diagnostic code: one row of the table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Code(&'static CodeInfo);

impl Code {
    /// `stitch::<area>::<name>`.
    pub fn as_str(self) -> &'static str {
        self.0.name
    }

    /// The default severity.
    pub fn severity(self) -> Severity {
        self.0.severity
    }

    /// The whole entry.
    pub fn info(self) -> &'static CodeInfo {
        self.0
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}

impl fmt::Debug for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.0.name == other
    }
}

macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $code:literal, $sev:ident, $summary:literal, $explanation:literal;)*) => {
        $( $(#[$doc])* pub const $name: Code = Code(&CodeInfo {
            name: $code,
            severity: Severity::$sev,
            summary: $summary,
            explanation: $explanation,
        }); )*
        /// Every code, in the order declared.
        pub const ALL: &[Code] = &[$($name),*];
    };
}

codes! {
    /// §9: the command line asks for something that cannot be done.
    USAGE = "stitch::cli::usage", Error,
        "the command line asks for something stitch cannot do",
        "The arguments parse, but together they ask for something stitch cannot do (several \
         inputs without `--out-dir`, both sides of `verify` on standard input, a tool that the \
         input does not have). The message says what to change.";
    /// C8: `stitch.toml` is not valid.
    CONFIG = "stitch::config::invalid", Error,
        "stitch.toml has an unknown key, a value of the wrong type, or an unknown target, code or level",
        "The configuration decides what `stitch check` checks and how `stitch flatten` writes, \
         so a key stitch does not know is an error rather than silently ignored (a misspelt \
         `exclude` would check files the project meant to skip). The finding points at the key \
         or value. The keys are listed in the README, section `stitch.toml`.";
    /// C1: `stitch check` found no file to check.
    CHECK_NO_FILES = "stitch::check::no_files", Error,
        "stitch check found no schema or tool to check",
        "A check that checks nothing must not pass: a moved folder or a wrong glob would turn \
         the CI gate green for good. The paths given (or the config's `include`, or `.`) held no \
         file that counts; `--verbose` lists the files skipped and why.";
    /// C1: a file a directory walk found does not look like a schema or a tool.
    CHECK_SKIPPED = "stitch::check::skipped", Note,
        "a file found by walking a folder is not checked: it does not look like a schema or a tool",
        "In a folder, every JSON file is a candidate, but only those that say `$schema`, have a \
         tool's shape, or carry a schema keyword at their root (`type`, `properties`, `anyOf`, \
         `oneOf`, `allOf`, `$ref`, `$defs`, `definitions`) are checked, so that `package.json` \
         or `tsconfig.json` beside the schemas is not read as one. Name the file on the command \
         line or in `include` to check it anyway.";
    /// C5: a committed presentation is not what stitch writes now.
    CHECK_STALE = "stitch::check::stale", Error,
        "a committed presentation differs from what stitch flatten writes now, or is missing",
        "With `[artifacts] presentations = \"DIR\"` in stitch.toml, each contract's presentation \
         is committed under DIR at the contract's path (as `stitch flatten --out-dir DIR --root \
         .` writes it), so that a change to what the model sees shows in review. This one is \
         missing, or its contract (or stitch) changed since it was written: the finding shows \
         the difference and the command that writes it again.";
    /// C3: `required` names a key `properties` does not declare.
    LINT_REQUIRED_UNDECLARED = "stitch::lint::required_undeclared", Warning,
        "`required` names a key that `properties` does not declare",
        "The key must be present, but the model is told nothing about it: often a misspelt \
         name. With `additionalProperties: false` beside it, no value is valid at all (an \
         error). Said only where no other keyword of the object (`allOf`, `$ref`, \
         `patternProperties`, …) could declare the key.";
    /// C3: `required` lists a name twice.
    LINT_DUPLICATE_REQUIRED = "stitch::lint::duplicate_required", Error,
        "`required` lists a name twice",
        "Harmless to most validators, but the draft 2020-12 meta-schema (and draft 4's) refuses \
         it, and Anthropic validates every tool against that meta-schema: the request fails.";
    /// C3: `enum: []`.
    LINT_EMPTY_ENUM = "stitch::lint::empty_enum", Error,
        "`enum` is empty: no value is valid",
        "An empty `enum` accepts nothing, so the schema that holds it can never be satisfied \
         (and drafts 4 and 6 refuse it outright). List the values, or remove the keyword.";
    /// C3: a `format` no draft defines.
    LINT_FORMAT = "stitch::lint::format", Warning,
        "a `format` that JSON Schema does not define",
        "Formats beyond the drafts' list (date-time, date, time, duration, email, idn-email, \
         hostname, idn-hostname, ipv4, ipv6, uri, uri-reference, iri, iri-reference, uuid, \
         uri-template, json-pointer, relative-json-pointer, regex) are ignored by most \
         validators and refused by some providers (OpenAI strict takes only a few). Say what \
         is meant in `description`, or use `pattern`.";
    /// C3: a key one edit away from a keyword.
    LINT_UNKNOWN_KEYWORD = "stitch::lint::unknown_keyword", Warning,
        "a key that is not a keyword but one edit (or a change of case) away from one: a typo",
        "JSON Schema ignores keys it does not know, so `tpye: \"string\"` or `requried` \
         silently constrains nothing. Keys starting with `x-` are extensions, and OpenAPI's \
         (`example`, `nullable`, `discriminator`, …) another vocabulary: never reported.";
    /// M3: the committed manifest is not what stitch writes now.
    MANIFEST_STALE = "stitch::manifest::stale", Error,
        "the committed manifest differs from what stitch manifest writes now, or is missing",
        "`stitch manifest --check` (and `stitch check` with `[artifacts] manifest`) compares \
         the manifest on disk with the one stitch would write now, ignoring only the \
         `generator` line, so that a new stitch version alone never makes it stale. A \
         contract changed, a tool was added or removed, or the options changed: the finding \
         shows the difference; `stitch manifest -o FILE` writes it again.";
    /// M3: two tools share a name.
    MANIFEST_DUPLICATE_NAME = "stitch::manifest::duplicate_name", Error,
        "two tools have the same name; no manifest is written",
        "A model calls a tool by its name, so a request with two tools of one name is refused \
         by every provider, and the manifest keys its tools by name. Rename one of them (the \
         message names the files), or leave one out of the paths given.";
    /// C2: the schema is not valid under its draft's meta-schema.
    LINT_META_SCHEMA = "stitch::lint::meta_schema", Error,
        "the schema is not valid under its draft's meta-schema",
        "Each schema is validated against the meta-schema of its draft (its `$schema`, or \
         2020-12 when it declares none), with the copies the drafts publish: a `type` that \
         names no type, `required` that is not an array of strings, a `minimum` that is not a \
         number. Validators refuse such a schema or each read it their own way, and providers \
         that validate tools (Anthropic checks every `input_schema` against 2020-12) fail the \
         request. A schema written for another draft says so in `$schema`.";
    /// C3: an array with nothing said about its items.
    LINT_ARRAY_WITHOUT_ITEMS = "stitch::lint::array_without_items", Warning,
        "an array schema says nothing about its items",
        "`type: \"array\"` without `items` (or `prefixItems`, `contains`, or an applicator that \
         could say it) accepts any elements: the model is told nothing about what to put in \
         the list, and Gemini and OpenAI's strict mode refuse an array without `items`. Say \
         what an element is, or `items: {}` where anything goes.";
    /// C3: a property with no type information.
    LINT_UNTYPED_PROPERTY = "stitch::lint::untyped_property", Warning,
        "a property's schema gives no type information",
        "A property whose schema has no `type`, `enum` or `const` and no reference or \
         applicator (`{}`, `true`, or only a `description`) accepts any value, so the model \
         must guess its shape from the name, and OpenAI's strict mode and Gemini's OpenAPI \
         subset refuse a node without a type (PROVIDERS.md). \
         Pydantic writes `{}` for a field typed `Any`: where that is meant, turn the rule off \
         for the project in stitch.toml's `[rules]`.";
    /// L6: an output file could not be written.
    WRITE = "stitch::output::write", Error,
        "an output file could not be written; any existing file is untouched",
        "stitch writes a regular file (or a new one) atomically: a temporary file in the same \
         folder, then a rename; it writes a character device or a FIFO as a stream, and through \
         a symbolic link to any of these without replacing the link. This write failed (a \
         missing folder, no permission, a full disk), or the path is a kind stitch never \
         replaces (a directory, a socket, a block device, a dangling link or a link to one of \
         those), and nothing was changed at the path named.";
    /// L6: `--out-dir` cannot mirror an input that is not inside the root.
    OUTSIDE_ROOT = "stitch::output::outside_root", Error,
        "an input is outside the --root that --out-dir mirrors paths from; nothing was written",
        "`--out-dir DIR` writes each presentation at its input's path relative to one root (the \
         current directory, or `--root`), so that an input always lands in the same place. An \
         input outside that root has no such path. Run stitch from a folder that contains every \
         input, or name one with `--root`.";
    /// L6: two inputs would be written to one file.
    SAME_DESTINATION = "stitch::output::same_destination", Error,
        "two inputs would be written to one file, or an output would replace an input; nothing \
         was written",
        "stitch refuses, before writing anything, a command line on which one presentation would \
         replace another (the same input named twice, or two parts of a file whose pointers end \
         in the same name) or would replace one of the inputs. Name each input once, or write \
         the parts one at a time with `-o`.";
    /// L5: the input could not be read.
    READ = "stitch::load::read", Error,
        "the input could not be read: it is missing, a directory, or not readable",
        "stitch opens every input itself (or reads standard input for `-`). The file named does \
         not exist, is a directory or another kind of file that is not text, or the operating \
         system refused to open it. Check the path and its permissions.";
    /// L5: the input is larger than `--max-input-size`.
    TOO_LARGE = "stitch::load::too_large", Error,
        "the input is larger than --max-input-size and was refused before reading",
        "Inputs are refused from their size, before any byte is read, so that a huge file \
         cannot exhaust memory. The default limit is 64 MiB; real tool schemas are far smaller. \
         Raise it with `--max-input-size BYTES` if the file is really a schema.";
    /// L5: the input is not UTF-8.
    NOT_UTF8 = "stitch::load::not_utf8", Error,
        "the input is not UTF-8 text, which JSON requires",
        "JSON text is UTF-8 (RFC 8259). The diagnostic points at the first byte that is not; \
         convert the file (from UTF-16 or Latin-1, say) before handing it to stitch.";
    /// L4/L5: the input is not JSON.
    INVALID_JSON = "stitch::load::invalid_json", Error,
        "the input is not valid JSON; the diagnostic points at where parsing failed",
        "stitch reads strict JSON: no comments, no trailing commas, no single quotes, no YAML. \
         The diagnostic underlines where the parser stopped; the mistake is there or just \
         before it.";
    /// L5: an object has the same key twice.
    DUPLICATE_KEY = "stitch::load::duplicate_key", Error,
        "an object has the same key twice; JSON parsers disagree on which one wins",
        "Some parsers keep the first value of a repeated key and others the last, so a schema \
         with one means different things to different tools. Both places are underlined; \
         remove one of them.";
    /// L5: nesting deeper than the bound.
    TOO_DEEP = "stitch::load::too_deep", Error,
        "arrays and objects are nested deeper than stitch's bound",
        "Nesting is bounded (100 levels) before any recursive code sees the document, because \
         a validator that overflows its stack cannot be stopped safely. Real schemas nest far \
         less; a document this deep is generated or hostile.";
    /// L7: a number that no 64-bit type holds exactly.
    INEXACT_NUMBER = "stitch::load::inexact_number", Error,
        "a number cannot be held exactly by f64, i64 or u64, so rewriting the document would change it",
        "stitch writes the presentation from the values it read. A number such as `1e400` or \
         an integer beyond 64 bits would come out as another number, so the document is \
         refused rather than changed silently. Spellings that keep the value (`1E2`) are fine.";
    /// L5: the input is empty (or only white space).
    EMPTY = "stitch::load::empty", Error,
        "the input is empty: a schema is a JSON object or boolean",
        "The file (or standard input) holds no JSON value at all, only nothing or white space. \
         A schema that accepts everything is `{}` or `true`; an empty file is usually a \
         generation step that failed or a wrong path.";
    /// L8: a whole OpenAPI or AsyncAPI document where a schema was expected.
    API_DOCUMENT = "stitch::load::api_document", Error,
        "an OpenAPI or AsyncAPI document is not a schema; pick one of its schemas with FILE#/pointer",
        "An API description holds many schemas (`components.schemas` in OpenAPI 3 and \
         AsyncAPI, `definitions` in Swagger 2) but is not one itself: read as a JSON Schema it \
         would accept almost anything. Name the schema you mean with `FILE#/json/pointer` \
         (`openapi.json#/components/schemas/Pet`); its references are resolved against the \
         whole file, and OpenAPI 3.0's `nullable` is read as that version defines it.";
    /// L8: `FILE#/pointer` names nothing, or not a schema.
    POINTER = "stitch::load::pointer", Error,
        "the JSON Pointer after `#` names nothing in the file, or something that is not a schema",
        "`FILE#/json/pointer` selects the schema at that pointer (RFC 6901: `/` between tokens, \
         `~1` for a `/` inside a key, `~0` for `~`). The pointer given names no value in the \
         file, or a value that is not an object or a boolean.";
    /// L1: the document is not of the expected input kind.
    INPUT_KIND = "stitch::load::input_kind", Error,
        "the document is not a schema, a tool or a tool list as detected or as --input-kind says",
        "Inputs are a JSON Schema (an object or a boolean), one tool (MCP, OpenAI or Anthropic \
         form) or a tool list. The shape decides, unless `--input-kind` names the kind; a tool \
         whose name is not a string or whose input schema is not a schema is refused here.";
    /// L2: `$schema` names no draft stitch knows.
    UNKNOWN_DRAFT = "stitch::load::unknown_draft", Warning,
        "$schema names no known draft; the document is read as 2020-12 (or as --draft says)",
        "stitch reads drafts 4, 6, 7, 2019-09 and 2020-12, each by its own rules. A `$schema` \
         it does not recognise (a custom meta-schema, a typo) is read as 2020-12; name the \
         draft with `--draft` if that is wrong.";
    /// L2: a tool of a list whose own draft reads its schema differently from the list's.
    MIXED_DRAFTS = "stitch::load::mixed_drafts", Error,
        "a tool of a list names a draft that reads its schema differently from the list's draft",
        "stitch reads one file in one draft: a tool list's is its first tool's (its `$schema`, \
         else 2020-12). A later tool naming another draft is read in the list's draft when \
         every keyword it uses means the same in both; when one does not (`dependencies` in \
         draft 7 against 2020-12, a `$ref` with siblings, an array `items`), the list is \
         refused rather than read wrong. Put that tool in a file of its own, or name one draft \
         for the whole list with `--draft`.";
    /// L3: a remote reference with no `--ref-map` entry.
    REF_REMOTE = "stitch::ref::remote", Error,
        "a $ref points at a remote URI; stitch never fetches, so map it with --ref-map URI=PATH",
        "stitch never touches the network, so the result of a run depends only on files you \
         have. Map the URI (or a prefix ending in `/`) to a local file or folder with \
         `--ref-map URI=PATH`.";
    /// L3: a reference whose target does not exist.
    REF_UNRESOLVABLE = "stitch::ref::unresolvable", Error,
        "a $ref points at a file, pointer or anchor that does not exist, or is not a valid URI",
        "The reference names a file that is missing, a JSON Pointer or anchor its document \
         does not have, or it is not a URI reference at all (`<` and `>` must be \
         percent-encoded). Validators would refuse the schema too.";
    /// L5: references that loop without consuming any part of the value.
    REF_CYCLE = "stitch::ref::cycle", Error,
        "references loop back to themselves without descending into a property or item, so no validator can finish",
        "A reference chain applied in place (`a: allOf[b]`, `b: anyOf[…, a]`) comes back to \
         where it started without consuming any part of the value, so evaluating it never \
         ends. Recursion through `properties` or `items` is fine; this is not.";
    /// L5: a chain of in-place references longer than the bound.
    REF_CHAIN = "stitch::ref::chain", Error,
        "a chain of in-place references is longer than stitch's bound",
        "More than 64 references applied in place one after another would exhaust a \
         validator's stack; the chain is refused before any validator sees it.";
    /// L5: a `pattern` read without the `u` flag that the flag would refuse.
    PATTERN_DIALECT = "stitch::schema::pattern_dialect", Warning,
        "a `pattern` that ECMA-262 reads without the `u` flag but refuses with it",
        "JSON Schema reads `pattern` as ECMA-262 without flags, as `new RegExp(p)` does: there \
         `\\<` is `<`, `\\a` is `a`, `\\-` outside a class is `-` (identity escapes), and \
         stitch reads them so, in its validator and its sampler. With the `u` flag, which ajv \
         sets by default, they are syntax errors, and a tool whose schema ajv compiles fails \
         there. Write the character without the backslash (or `\\x3C` for `<`).";
    /// L5: `pattern` that is not an ECMA-262 regular expression.
    INVALID_PATTERN = "stitch::schema::invalid_pattern", Error,
        "a pattern is not a valid ECMA-262 regular expression",
        "`pattern` and `patternProperties` hold ECMA-262 regular expressions. This one does \
         not parse as one, so validators would refuse the schema or read it differently.";
    /// The validator refused to compile the schema.
    INVALID_SCHEMA = "stitch::schema::invalid", Error,
        "the validator cannot compile the schema (a keyword has a value of the wrong shape)",
        "A keyword's value has a shape its draft does not allow (`type: \"text\"`, a \
         `required` that is not an array of strings, …). The diagnostic names the keyword.";
    /// F3: a union left in place.
    NOT_FLATTENED = "stitch::flatten::not_flattened", Warning,
        "a union was left in place, with the reason",
        "stitch flattens a union only when it can do so without rejecting a value the contract \
         accepts. This one was left as it is, for the reason given (a branch that is not an \
         object schema, a reference it cannot follow, a move it cannot make safely); the help \
         says what to change when something can be changed.";
    /// A constraint dropped or merged, so the presentation accepts more than the contract.
    WIDENED = "stitch::flatten::widened", Warning,
        "a constraint was dropped or merged, so the presentation accepts more than the contract",
        "The flat object cannot say everything the branches said (a bound that differs between \
         cases, a keyword only some branches have). What it cannot keep soundly is dropped, and \
         this note says what and where: the presentation accepts more than the contract, and \
         the contract, still your parser, rejects what it never allowed.";
    /// F2: nothing to flatten at the root, unions below it that `--deep` would flatten.
    UNIONS_BELOW = "stitch::flatten::unions_below", Warning,
        "the root has nothing to flatten, but object unions below it are left as they are",
        "Without `--deep`, stitch flattens the root only (F1). This document's root is not a \
         union, yet object unions below it (a property, an array's items) are what providers \
         mangle; `--deep` flattens those at positions where widening cannot narrow (F2).";
    /// Something flattened (the root union, `allOf` or `$ref`), for `--verbose`.
    FLATTENED = "stitch::flatten::flattened", Note,
        "a union, allOf or $ref was flattened",
        "A record of what flattening did (a union merged into one object, a root `$ref` \
         replaced by its target, a definition copied so references stay true), shown with \
         `--verbose`.";
    /// V4: the presentation rejects a value the contract accepts.
    VERIFY_REFUTED = "stitch::verify::refuted", Error,
        "the second schema rejects a value the first accepts; the counterexample shows which",
        "The counterexample is a value that SUB (the contract) accepts and SUP (the \
         presentation) rejects, checked with the validator on both sides, with the keyword of \
         SUP that rejected it and a command that reproduces it. For a presentation stitch wrote \
         itself this is a bug in stitch: please report it.";
    /// V4: neither proven nor refuted.
    VERIFY_UNKNOWN = "stitch::verify::unknown", Warning,
        "stitch could neither prove that the second schema accepts every value of the first nor find one it rejects",
        "The structural prover stopped at the keyword and pointer given, and sampling found no \
         counterexample. The inclusion may well hold; it is not proven. The reason names what \
         the prover does not model.";
    /// V1/V4: two provers, or the prover and the sampler, disagree.
    VERIFY_BUG = "stitch::verify::bug", Error,
        "two of stitch's judges disagree about one inclusion: a bug in stitch, reported as one",
        "The prover, the second opinion and the sampler must agree; here two of them do not, or \
         a presentation stitch wrote does not load. Please report it with the files involved.";
    /// V4: SUB has a tool SUP lacks.
    TOOL_MISSING = "stitch::verify::tool_missing", Error,
        "the second document lacks a tool the first has, so no value of that tool is accepted",
        "Tool lists are compared tool by tool, matched by name. A tool that SUB has and SUP \
         lacks accepts nothing in SUP, so the inclusion is refuted for that tool.";
    /// V4: SUP has a tool SUB lacks.
    TOOL_ADDED = "stitch::verify::tool_added", Warning,
        "the second document has a tool the first lacks; it is not compared",
        "A tool that only SUP has takes nothing away from SUB's tools, so the verdict stands; \
         it is reported so that an addition is never silent.";
    /// V2: no valid value found.
    SAMPLE_NONE = "stitch::sample::none", Error,
        "the sampler found no value the schema accepts",
        "Within its attempts, the sampler built no value that the validator accepts. The \
         schema may accept nothing (its constraints contradict each other), or only values \
         the sampler does not build.";
    /// V2: how sampling went.
    SAMPLE_COUNTS = "stitch::sample::counts", Note,
        "how many values the sampler tried, generated and found valid",
        "Attempts, values generated and values the validator confirmed, shown with `--verbose`.";
    /// V2: fewer valid values found than asked.
    SAMPLE_FEW = "stitch::sample::few", Warning,
        "the sampler found fewer distinct valid values than asked",
        "The schema accepts few values (an enum of three, say), or the sampler met few of them \
         within its attempts. Every value printed is valid.";
    /// C4: a target needs the input schema's root to be `type: "object"`.
    TARGET_ROOT_NOT_OBJECT = "stitch::target::root_not_object", Error,
        "the root of the input schema is not `type: \"object\"`, which the target requires",
        "Every model API that takes tools wants an object of named arguments: OpenAI, Anthropic, \
         Gemini, MCP and Bedrock refuse a root without `type: \"object\"` (a root union, a root \
         `$ref`, a missing `type`). Flattening makes a root union one object; a root that is not \
         an object at all cannot be fixed without changing the tool.";
    /// C4: a root `anyOf`/`oneOf`/`allOf`/`not`/`enum`/`if` the target refuses.
    TARGET_ROOT_COMBINATOR = "stitch::target::root_combinator", Error,
        "the root carries a combinator (anyOf, oneOf, allOf, not, enum, if) that the target refuses there",
        "OpenAI and Anthropic refuse `anyOf`, `oneOf`, `allOf` (and OpenAI `enum`, `not`) at the \
         root of a tool's schema even beside `type: \"object\"`; MCP 2026-07-28 allows them but \
         clients drop such tools. This is what `stitch flatten` removes: flatten the contract, \
         then check again.";
    /// C4: a `$ref` at the root, where the target reads no `type`.
    TARGET_ROOT_REF = "stitch::target::root_ref", Error,
        "the root is a `$ref`; the target reads no `type: \"object\"` there",
        "Providers read the root literally: a root `$ref` leaves them no `type` (OpenAI: `got \
         'type: \"None\"'`, Anthropic: `input_schema.type: Field required`). `stitch flatten` \
         replaces a root `$ref` by its target.";
    /// C4: a keyword the target refuses with an error.
    TARGET_KEYWORD_REJECTED = "stitch::target::keyword_rejected", Error,
        "the target refuses this keyword: the request fails",
        "The provider answers the whole request with an error (HTTP 400) when a tool's schema \
         carries this keyword at this place; one bad tool fails every call that sends it. The \
         finding names the keyword, the place and the provider's own message.";
    /// C4: a keyword the target silently drops.
    TARGET_KEYWORD_DROPPED = "stitch::target::keyword_dropped", Warning,
        "the target silently drops this keyword, so the model never sees the constraint",
        "The provider accepts the schema but removes the keyword before the model sees it (Ollama \
         keeps a handful of keywords, llama.cpp skips what its grammar cannot express). Nothing \
         fails, but the constraint is not enforced and the model may send values the contract \
         rejects: validate its arguments before use. A dropped `const` is an error: when it \
         carries a discriminator, the model can no longer tell the cases apart.";
    /// C4: a keyword the target reads as a hint only.
    TARGET_KEYWORD_UNENFORCED = "stitch::target::keyword_unenforced", Note,
        "the target reads this keyword as a hint to the model and does not enforce it",
        "Without strict mode, OpenAI passes constraints such as `pattern` or `minimum` to the \
         model as text and does not enforce them in decoding; the model usually honours them, not \
         always. Validate arguments before use.";
    /// C4: an object without `additionalProperties: false` where the target needs it.
    TARGET_OPEN_OBJECT = "stitch::target::open_object", Error,
        "the target needs `additionalProperties: false` on every object",
        "OpenAI strict mode and Anthropic strict tool use refuse any object schema that does not \
         say `additionalProperties: false`. Closing an object that the contract leaves open \
         narrows it (values with extra keys are lost), so stitch reports it rather than closing \
         it silently.";
    /// C4: a property missing from `required` where the target needs every one.
    TARGET_OPTIONAL_PROPERTY = "stitch::target::optional_property", Error,
        "the target needs every property in `required`",
        "OpenAI strict mode requires `required` to list every key of `properties`; an optional \
         field is written as required and nullable, and the application maps `null` back to \
         absent.";
    /// C4: a `format` the target does not support.
    TARGET_FORMAT = "stitch::target::format", Error,
        "the target does not support this `format`",
        "Each provider supports a few formats (OpenAI strict: date-time, time, date, duration, \
         email, hostname, ipv4, ipv6, uuid; Gemini: enum and date-time for strings); others are \
         refused or ignored. Dropping a `format` only widens the schema.";
    /// C4: an array schema without `items`.
    TARGET_ARRAY_WITHOUT_ITEMS = "stitch::target::array_without_items", Error,
        "an array schema without `items`, which the target refuses",
        "OpenAI (`array schema missing items`), Gemini (`items: missing field`) and GitHub \
         Copilot refuse an array schema that does not say what its items are. Adding `items: {}` \
         where the target accepts an untyped node keeps every value; inventing an item type would \
         narrow.";
    /// C4: an object schema without (or with empty) `properties`.
    TARGET_OBJECT_WITHOUT_PROPERTIES = "stitch::target::object_without_properties", Error,
        "an object schema without `properties` (or with none, where the target needs at least one)",
        "OpenAI refuses `object schema missing properties` (add `properties: {}`); Gemini refuses \
         an object with no properties (a tool without arguments omits `parameters`).";
    /// C4: `required` names a property `properties` does not declare.
    TARGET_REQUIRED_UNDECLARED = "stitch::target::required_undeclared", Error,
        "`required` names a property that `properties` does not declare",
        "JSON Schema allows it, but OpenAI strict (`Extra required key`) and Gemini (`property is \
         not defined`) refuse it.";
    /// C4: a `$ref` beside other keywords where the target refuses them.
    TARGET_REF_WITH_SIBLINGS = "stitch::target::ref_with_siblings", Error,
        "a `$ref` with sibling keywords, which the target refuses",
        "OpenAI strict mode refuses `$ref` beside other keywords (`$ref cannot have keywords \
         {'description'}`). Wrapping the reference (`anyOf: [{$ref}]`) or inlining it keeps the \
         meaning.";
    /// C4: a `$ref` that does not point inside the schema.
    TARGET_EXTERNAL_REF = "stitch::target::external_ref", Error,
        "a `$ref` that does not point inside the schema sent",
        "A provider resolves references inside the one schema it receives; a reference to another \
         file or URI cannot be followed. Inline it before sending.";
    /// C4: a recursive schema where the target takes none.
    TARGET_RECURSION = "stitch::target::recursion", Error,
        "a recursive reference, which the target cannot take",
        "Anthropic strict tool use (`Circular reference detected`) and Gemini's OpenAPI subset \
         (which has no references to inline a cycle into) take no recursion. Cutting a cycle at a \
         depth narrows the schema; it is reported, never done silently.";
    /// C4: a `type` array where the target takes one type.
    TARGET_TYPE_ARRAY = "stitch::target::type_array", Error,
        "a `type` array, or a `type` name the target does not take",
        "Gemini's OpenAPI subset takes one `type` per node (`Proto field is not repeating`) and \
         has no `null` type: a nullable type is written `nullable: true`.";
    /// C4: a rewrite stopped at its budget.
    TARGET_BUDGET = "stitch::target::budget", Error,
        "a rewrite the target needs stopped at its budget, and the target refuses what is left",
        "Some rewrites can grow a schema without bound: inlining references (Gemini's OpenAPI \
         subset has no `$ref`) doubles a schema whose definitions each refer twice to the \
         next, at every level. stitch copies at most 200,000 values into one schema (a string weighs one more per 64 bytes); past \
         that it stops, leaves the references, and the target refuses them. The budget counts \
         values, not time, so the answer is the same on every machine. Use the provider's \
         JSON Schema form (`gemini-json`, which takes `$ref`), or share fewer definitions.";
    /// C4: a schema without `type` (or a boolean schema) where the target needs one.
    TARGET_UNTYPED = "stitch::target::untyped", Error,
        "a schema that says no `type` (or is `true` or `false`), which the target refuses",
        "OpenAI's strict mode refuses a node with no `type` (`schema must have a 'type' key`): \
         `{}`, a description alone, an `enum` or `const` without `type`; Gemini's OpenAPI subset \
         needs a `type` on every node. stitch adds the `type` an `enum` or `const` implies (an \
         equivalence); a node that accepts any value cannot be typed without refusing values \
         the contract accepts, so it stays, and the target refuses it. A boolean schema (`true`, \
         `false`) is not a schema object at all for these providers. Give the property a type \
         in the contract, or use the provider's non-strict mode.";
    /// C4: `anyOf` beside other keywords where the target needs it alone.
    TARGET_ANYOF_NOT_ALONE = "stitch::target::anyof_not_alone", Error,
        "an `anyOf` beside other keywords, which the target refuses",
        "Gemini requires a node with `anyOf` to hold nothing else (`When using any_of, it must be \
         the only field set`); a description moves into the branches.";
    /// C4: an `enum` value the target does not take.
    TARGET_ENUM_VALUE = "stitch::target::enum_value", Error,
        "an `enum` value the target does not take (not a string, not a primitive, or empty)",
        "Gemini's OpenAPI subset takes string enums only (others via `format: \"enum\"` and \
         stringified values) and no empty string; Anthropic strict takes primitive values only.";
    /// C4: a `minItems` other than 0 or 1 where the target takes only those.
    TARGET_MIN_ITEMS = "stitch::target::min_items", Error,
        "a `minItems` above 1, which the target refuses",
        "Anthropic strict tool use supports `minItems` of 0 or 1 only. Lowering it widens the \
         schema.";
    /// C4: a `$ref` inside `allOf` where the target refuses it.
    TARGET_ALLOF_WITH_REF = "stitch::target::allof_with_ref", Error,
        "a `$ref` inside `allOf`, which the target refuses",
        "Anthropic strict tool use supports `allOf` except with `$ref`; inline the reference.";
    /// C4: a `pattern` feature the target does not support.
    TARGET_PATTERN = "stitch::target::pattern", Error,
        "a `pattern` uses a feature the target does not support (backreference, lookaround, `\\b`, a large repeat, no anchors)",
        "Providers compile patterns to grammars with their own regex dialects: Anthropic strict \
         refuses backreferences, lookaround and word boundaries; OpenAI accepts lookaround that \
         may stall generation; llama.cpp needs patterns anchored with `^…$`.";
    /// C4: `properties` beside `anyOf`/`oneOf` on one node.
    TARGET_PROPERTIES_WITH_UNION = "stitch::target::properties_with_union", Warning,
        "`properties` beside a union on one node, which the target's grammar cannot mix",
        "llama.cpp cannot compile `properties` and `anyOf`/`oneOf` on the same node; one of them \
         is lost.";
    /// C4: numeric bounds the target applies to integers only.
    TARGET_BOUNDS_ON_NUMBER = "stitch::target::bounds_on_number", Warning,
        "numeric bounds on a schema that is not an integer, which the target ignores",
        "llama.cpp's grammar enforces `minimum`/`maximum` for integers only.";
    /// C4: an object the target reads as closed although JSON Schema reads it as open.
    TARGET_CLOSED_BY_DEFAULT = "stitch::target::closed_by_default", Note,
        "the target reads an object without `additionalProperties` as closed",
        "llama.cpp treats a missing `additionalProperties` as `false`, stricter than JSON Schema: \
         a contract that relies on open objects loses its extra keys there.";
    /// C4: a schema the target's dialect rejects.
    TARGET_INVALID_DIALECT = "stitch::target::invalid_dialect", Error,
        "the schema is not valid in the dialect the target reads (draft 2020-12, or without draft-4 boolean bounds)",
        "Anthropic validates every input schema against draft 2020-12 (draft-4 boolean \
         `exclusiveMinimum`, duplicate `required` entries and string numbers fail); Mistral \
         refuses draft-4 boolean bounds; OpenAI reads `items` as one schema, never a draft-7 \
         tuple (`[…] is not of type 'object', 'boolean'`). Converting the document to 2020-12 \
         fixes most.";
    /// C4: a `$schema` other than the dialect clients assume.
    TARGET_DIALECT = "stitch::target::dialect", Note,
        "`$schema` names a draft other than 2020-12, which clients must support",
        "MCP 2025-11-25 makes draft 2020-12 the default dialect; a client may not read another \
         draft.";
    /// C4: a tool without arguments not written as the spec recommends.
    TARGET_NO_ARGUMENTS = "stitch::target::no_arguments", Warning,
        "a tool without arguments that is not `{\"type\": \"object\", \"additionalProperties\": false}`",
        "MCP 2025-11-25 recommends that a tool taking no arguments say `additionalProperties: \
         false`, so clients and models send `{}`.";
    /// C4: a tool name the target refuses.
    TARGET_TOOL_NAME = "stitch::target::tool_name", Error,
        "the tool's name does not match the target's pattern or length",
        "Providers restrict tool names (OpenAI and Bedrock: `[a-zA-Z0-9_-]`, 1 to 64 characters; \
         Anthropic: up to 128; Gemini: a letter or `_` first, then letters, digits, `_.:-`, up to \
         64). A bad name fails the whole request.";
    /// C4 (issue 41): a Responses tool with optional keys that does not say `strict`.
    TARGET_STRICT_UNSAID = "stitch::target::strict_unsaid", Warning,
        "an OpenAI Responses tool with optional keys does not say `strict`",
        "Since 2026 the Responses API no longer defaults `strict` to true: it \"will attempt to \
         normalize your schema into strict mode when possible\" unless the tool says `strict: \
         false`. Normalised, every key is required, so the model sends a value for each \
         optional one (`\"\"`, `0`) where the tool expected none. Say `strict: false`, or \
         flatten with `--target openai-strict`, which makes optional keys nullable and reads \
         their `null` back as absent.";
    /// C4: an empty tool description where the target refuses one.
    TARGET_TOOL_DESCRIPTION = "stitch::target::tool_description", Error,
        "the tool's description is empty",
        "Bedrock requires a description, when present, of at least one character; the AWS client \
         refuses `\"\"` before sending.";
    /// C4: a property name the target restricts.
    TARGET_PROPERTY_NAME = "stitch::target::property_name", Warning,
        "a property name outside the target's pattern",
        "Vertex AI restricts parameter names to `^[A-Za-z_][A-Za-z0-9_]{0,63}$`.";
    /// C4: a count over a provider's limit (or near it, as a note).
    TARGET_LIMIT = "stitch::target::limit", Error,
        "a count over the target's limit: properties, nesting, enum values, characters, tools, optional or union-typed parameters",
        "Providers limit the size of schemas (OpenAI strict: 5,000 properties, 10 levels, 1,000 \
         enum values, 120,000 characters) and of requests (OpenAI: 128 tools; Anthropic strict: \
         20 strict tools, 24 optional and 16 union-typed parameters over every tool sent). \
         Per-request counts are taken over the tools of one input document, or of every input \
         with `flatten --one-request`. A note says when a \
         count passes about 80% of its limit.";
    /// C4: a target's rewrite, applied and proven.
    TARGET_REWRITTEN = "stitch::target::rewritten", Note,
        "a rewrite the target needs was applied, and proven to keep every value the presentation accepted",
        "With `--target`, stitch rewrites what the provider refuses or drops when a rewrite can \
         keep every value (`oneOf` becomes `anyOf` where widening cannot narrow, `const` a \
         one-value `enum`), then proves that the rewritten schema accepts every value the \
         presentation did before keeping it. The note lists what was rewritten and where.";
    /// C4: a target's rewrites that could not be proven, undone.
    TARGET_REWRITE_UNPROVEN = "stitch::target::rewrite_unproven", Warning,
        "the rewrites a target needs could not be proven to keep every value, so the schema was left as it was",
        "Every rewrite is checked by the prover before it is kept. Here the proof did not succeed \
         (the verdict and its reason are given), so the schema keeps the keywords the provider \
         refuses or drops, and the findings that follow say so. Please report it: a rewrite \
         stitch applies should always be provable.";
    /// C4: a rewrite the target needs narrows the presentation.
    TARGET_NARROWED = "stitch::target::narrowed", Warning,
        "a rewrite the target needs makes the presentation refuse values the contract accepts",
        "Some providers accept only closed objects (OpenAI and Anthropic strict modes need \
         `additionalProperties: false` on every object). Closing an explicitly open object, a \
         map, or two union branches whose keys a value may mix, makes the presentation refuse \
         values the contract accepts. stitch applies it only for the target you asked for, and \
         this finding shows a value that is lost. If the model must be able to send such \
         values, use the provider's non-strict mode, or declare the keys in the contract.";
    /// C4: optional properties made required and nullable (F7.6), with the null ⇒ absent mapping.
    TARGET_NULLABLE = "stitch::target::nullable", Note,
        "optional properties were made required and nullable; a model's `null` there means the key was left out",
        "OpenAI's strict mode needs every property in `required`, so stitch makes each optional \
         property required and nullable (F7.6): a `type` gains `\"null\"`, an `enum` gains \
         `null`, a `$ref` or union becomes `anyOf: [X, {\"type\": \"null\"}]`. The model then \
         sends `null` for a key it means to leave out. The presentation is proven to accept \
         every value of the contract modulo that mapping, and `stitch validate CONTRACT ARGS \
         --target NAME` maps `null` back to an absent key before validating against the \
         contract. Where a property accepted `null` already, `null` and an absent key cannot be \
         told apart; the finding says where.";
    /// C4: a key whose `null` can mean "left out" and a real `null` (issue 40).
    TARGET_NULL_AMBIGUOUS = "stitch::target::null_ambiguous", Warning,
        "a key's `null` can mean both \"left out\" and a real `null`",
        "A strict target needs every property in `required`, so stitch makes each optional \
         property required and nullable, and the model sends `null` for a key it leaves out. \
         Where the contract already accepts `null` at that key, `null` then means two things: \
         \"leave it as it is\" and \"clear it\", say. `stitch validate` reads such a `null` as \
         a real `null` wherever the contract accepts that, per key, and as \"left out\" only \
         where it must (README, \"The way back\"); a model cannot say the other. Where the two \
         mean the same to your application, give the key `\"default\": null` in the contract \
         (Pydantic writes it for `Optional[X] = None`) and this warning goes; where they do not, \
         make the key required in the contract, or split the tool.";
    /// C4: a string that is the text of an enum value and a string another branch accepts.
    TARGET_TEXT_COLLISION = "stitch::target::text_collision", Warning,
        "an enum value sent as text reads the same as a string another branch accepts",
        "Gemini takes `enum` only for strings, so stitch sends every enum value as its JSON text \
         (`2` as `\"2\"`) and `stitch validate` reads it back. Where another branch of the same \
         union accepts strings, the text of a value is also a string the contract accepts: the \
         call `\"2\"` stands for both `2` and `\"2\"`. stitch reads it back as the enum value, \
         as the recorded mapping says, whatever the order of the branches; the string can then \
         never come back. Make the free string exclude those texts (a `pattern` or `not`), or \
         give the branches a discriminating key.";
    /// `stitch validate`: the search for a reading the contract accepts hit its budget.
    VALIDATE_BUDGET = "stitch::validate::budget", Warning,
        "the way back tried as many readings of the call as its budget allows",
        "A call can stand for more than one contract value (a `null` that may be real, a union \
         the call fits along several branches). `stitch validate` tries the readings best first \
         and stops at the first the contract accepts, within a budget of 4096 readings and \
         2,000,000 schema nodes walked. This call ran out of it: the refusal may be wrong. A \
         call with fewer ambiguous `null`s (or a contract that tells its branches apart by a \
         key) is read in fewer steps.";
    /// `stitch validate`: the call reads back valid with other options.
    VALIDATE_MADE_FOR = "stitch::validate::made_for", Warning,
        "the call seems made for a presentation with other options",
        "A strict target's presentation (openai-strict, anthropic-strict) makes every optional \
         key required and nullable, and a model sends `null` for a key it leaves out; the \
         contract itself refuses those `null`s. When the contract refuses a call that holds a \
         `null`, `stitch validate` reads it back along the presentations other options would \
         have made (a strict target, `--deep` or not) and names the first along which the \
         contract accepts it. Validate with those options, or make the call for the \
         presentation the options given describe.";
    /// `stitch validate`: the contract refuses the arguments.
    VALIDATE_INVALID = "stitch::validate::invalid", Error,
        "the contract refuses the arguments",
        "`stitch validate` judges a model's arguments by the contract, after undoing what the \
         target's presentation changed (a `null` that stands for a left-out key). Each finding \
         names the place in the arguments and the contract's reason. The model produced a value \
         the contract does not accept: return the error to the model, or fix the contract if it \
         should accept it.";
}

/// The entry for `code`, if it is one of ours.
pub fn lookup(code: &str) -> Option<Code> {
    ALL.iter().copied().find(|c| c.as_str() == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_well_formed_and_explained() {
        for (i, code) in ALL.iter().enumerate() {
            let name = code.as_str();
            let parts: Vec<&str> = name.split("::").collect();
            assert!(
                parts.len() == 3
                    && parts[0] == "stitch"
                    && parts[1..].iter().all(|p| !p.is_empty()
                        && p.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')),
                "{name}"
            );
            assert!(
                ALL[i + 1..].iter().all(|other| other.as_str() != name),
                "{name} twice"
            );
            let info = code.info();
            assert!(!info.summary.is_empty() && !info.summary.ends_with('.'));
            assert!(info.explanation.ends_with('.'), "{name}");
            assert_eq!(lookup(name), Some(*code));
        }
        assert_eq!(lookup("stitch::load::nonesuch"), None);
    }
}
