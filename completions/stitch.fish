# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_stitch_global_optspecs
    string join \n color= q/quiet v/verbose h/help V/version
end

function __fish_stitch_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_stitch_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_stitch_using_subcommand
    set -l cmd (__fish_stitch_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c stitch -n "__fish_stitch_needs_command" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_needs_command" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_needs_command" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_needs_command" -s V -l version -d 'Print version'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "flatten" -d 'Flatten root unions into one object schema that providers accept'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "verify" -d 'Prove that SUP accepts every value SUB accepts, or show a value it rejects'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "check" -d 'Check every schema and tool of a project: the CI gate'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "diff" -d 'Show what changed between two schemas, tools, tool lists or manifests, for review'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "manifest" -d 'Write the manifest: every tool the model sees, its presentation and digests'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "sample" -d 'Print valid values of a schema, one JSON document per line'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "inspect" -d 'Load documents and show what stitch sees: kind, draft, tools, references'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "targets" -d 'List the provider targets, or print one target\'s rules'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "validate" -d 'Check a model\'s arguments against the contract, undoing what a target\'s presentation changed'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "explain" -d 'Explain a diagnostic code: what it means, why it matters, what to do'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "completions" -d 'Print a shell completion script to standard output'
complete -c stitch -n "__fish_stitch_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -s o -l output -d 'Write the presentation to FILE instead of standard output (one input only; `-` is standard output)' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l out-dir -d 'Write each presentation to DIR at its input\'s path relative to --root (`a/tool.json` → `DIR/a/tool.json`), creating folders as needed' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l root -d 'The folder whose layout --out-dir mirrors; every input must be inside it [default: the folder of the stitch.toml in use, else the current directory]' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l semantics -d 'Which values the presentation must accept: those with the keys the contract declares (`declared`), or literally every value the contract accepts (`strict`) [default: stitch.toml\'s `semantics`, else declared]' -r -f -a "declared\t'Accept every value whose keys the contract declares (implicitly open objects are read as closed)'
strict\t'Accept literally every value the contract accepts'"
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l collisions -d 'How a property that branches give schemas of different kinds is joined: an `anyOf` of them (`anyof`), or merged without any `anyOf`/`oneOf` (`merge`) [default: stitch.toml\'s `collisions`, else anyof]' -r -f -a "anyof\t'An `anyOf` of the branches\' distinct schemas'
merge\t'Objects joined key by key, arrays item by item, mixed kinds as a `type` array'"
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l format -d 'Output format' -r -f -a "human\t'Results on standard output, diagnostics with source snippets on standard error'
json\t'One JSON document on standard output with the results and the findings, failures included; nothing on standard error'"
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l samples -d 'Values sampled per branch of the contract\'s root union (or in all) to look for a counterexample [default: stitch.toml\'s `samples`, else 256]' -r
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l seed -d 'Seed of the sampler: the same seed finds the same values [default: stitch.toml\'s `seed`, else 0]' -r
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l target -d 'Shape the presentation for a provider (`stitch targets` lists them): apply the profile\'s rewrites where they are proven to keep every value, then check it; whatever the provider would still refuse is an error and exits 1. `all` writes no presentation: one row per target says whether it takes the input (exit 0 unless an input cannot be read)' -r
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l envelope -d 'With --target, the request shape a tool or tool list is written in [default: the target\'s own: `responses` for OpenAI, Anthropic `tools`, Gemini `functionDeclarations`, an MCP `tools/list` result, a Bedrock `toolConfig`, `chat-completions` for Mistral, Ollama and llama.cpp]; `keep` leaves the input\'s shape. A bare schema stays a schema' -r -f -a "keep\t'The input\'s own shape'
responses\t'OpenAI Responses `tools` (the OpenAI targets\' default)'
chat-completions\t'OpenAI Chat Completions `tools`'"
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l input-kind -d 'Read inputs as this kind instead of detecting it' -r -f -a "schema\t'A JSON Schema'
tool\t'One tool (MCP, OpenAI or Anthropic form)'
tools\t'A tool list or an MCP `tools/list` result'"
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l draft -d 'Read schemas as this draft instead of their `$schema`' -r -f -a "4\t'Draft 4'
6\t'Draft 6'
7\t'Draft 7'
2019-09\t'Draft 2019-09'
2020-12\t'Draft 2020-12'"
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l ref-map -d 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`' -r
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l max-input-size -d 'Refuse inputs larger than this many bytes, before reading them' -r
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l config -d 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l deep -d 'Also flatten object unions below the root, at positions where widening cannot narrow (not under `not`, `if` or a `oneOf` that stays) [default: stitch.toml\'s `deep`, else off]'
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l no-verify -d 'Do not verify the presentation against the contract (then --samples and --seed mean nothing, and are refused)'
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l one-request -d 'With --target, the inputs are the tools of one request: the limits a provider sets per request (Anthropic strict: 20 strict tools, 24 optional and 16 union-typed parameters; OpenAI: 128 tools) count every input\'s tools together [default: each input is a request]'
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -l no-config -d 'Read no stitch.toml: only the command line and the built-in defaults'
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand flatten" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l semantics -d 'Which values of SUB count: those with the keys SUB declares (`declared`), or literally every value SUB accepts (`strict`) [default: stitch.toml\'s `semantics`, else declared]' -r -f -a "declared\t'Accept every value whose keys the contract declares (implicitly open objects are read as closed)'
strict\t'Accept literally every value the contract accepts'"
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l samples -d 'Values sampled per branch of the contract\'s root union (or in all) to look for a counterexample [default: stitch.toml\'s `samples`, else 256]' -r
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l seed -d 'Seed of the sampler: the same seed finds the same values [default: stitch.toml\'s `seed`, else 0]' -r
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l format -d 'Output format' -r -f -a "human\t'Results on standard output, diagnostics with source snippets on standard error'
json\t'One JSON document on standard output with the results and the findings, failures included; nothing on standard error'"
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l input-kind -d 'Read inputs as this kind instead of detecting it' -r -f -a "schema\t'A JSON Schema'
tool\t'One tool (MCP, OpenAI or Anthropic form)'
tools\t'A tool list or an MCP `tools/list` result'"
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l draft -d 'Read schemas as this draft instead of their `$schema`' -r -f -a "4\t'Draft 4'
6\t'Draft 6'
7\t'Draft 7'
2019-09\t'Draft 2019-09'
2020-12\t'Draft 2020-12'"
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l ref-map -d 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`' -r
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l max-input-size -d 'Refuse inputs larger than this many bytes, before reading them' -r
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l config -d 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand verify" -l no-config -d 'Read no stitch.toml: only the command line and the built-in defaults'
complete -c stitch -n "__fish_stitch_using_subcommand verify" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand verify" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand verify" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand check" -l config -d 'The configuration [default: the first stitch.toml in the current directory or above]' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand check" -l target -d 'Check each presentation for this target (repeatable; `all` for every one) [default: the config\'s `targets`]' -r
complete -c stitch -n "__fish_stitch_using_subcommand check" -l rule -d 'Set a code\'s level for this run, over stitch.toml\'s `[rules]` (repeatable; LEVEL is `off`, `note`, `warning` or `error`; `stitch explain --list` lists the codes)' -r
complete -c stitch -n "__fish_stitch_using_subcommand check" -l shard -d 'Check only the K-th of N stable parts of the files (by a hash of each path), to split a large project across CI jobs; per-request limits then count that part\'s tools' -r
complete -c stitch -n "__fish_stitch_using_subcommand check" -l format -d 'Output format' -r -f -a "human\t'Findings with source snippets and a summary line, on standard error'
json\t'One JSON document on standard output: files, verdicts, findings, counts'
sarif\t'SARIF 2.1.0 on standard output, for GitHub code scanning and other SARIF readers'
github\t'GitHub Actions workflow commands on standard output: one annotation per finding'"
complete -c stitch -n "__fish_stitch_using_subcommand check" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand check" -l no-config -d 'Read no stitch.toml: only the command line and the built-in defaults'
complete -c stitch -n "__fish_stitch_using_subcommand check" -l allow-unproven -d 'An `unknown` verdict is a warning rather than an error'
complete -c stitch -n "__fish_stitch_using_subcommand check" -l deny-warnings -d 'Warnings fail the run too (exit 1), as clippy\'s `-D warnings` does'
complete -c stitch -n "__fish_stitch_using_subcommand check" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand check" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l target -d 'Compare both sides as this provider reads them: each flattened, rewritten for the target as `flatten --target` does, and read through the provider\'s view' -r
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l fail-on -d 'Exit 1 when a breaking change is shown by a counterexample (`breaking`, a removed tool too), or when anything changed (`change`); exit 3 when the only doubt is an `unknown` [default: exit 0 whenever the comparison ran]' -r -f -a "breaking\t'A value OLD accepted is rejected by NEW (a removed tool too)'
change\t'Anything differs: a class other than `equivalent`, an edit, the text'"
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l format -d 'Output format' -r -f -a "human\t'Classes, counterexamples, changes and the text diff on standard output (coloured on a terminal); diagnostics on standard error'
json\t'One JSON document on standard output: every comparison with both verdicts, the changes, the text diffs, and the findings'
markdown\t'A pull-request comment: a table of tools and classes, the details, then the text diff in a collapsed block'"
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l semantics -d 'Which values the presentation must accept: those with the keys the contract declares (`declared`), or literally every value the contract accepts (`strict`) [default: stitch.toml\'s `semantics`, else declared]' -r -f -a "declared\t'Accept every value whose keys the contract declares (implicitly open objects are read as closed)'
strict\t'Accept literally every value the contract accepts'"
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l collisions -d 'How a property that branches give schemas of different kinds is joined: an `anyOf` of them (`anyof`), or merged without any `anyOf`/`oneOf` (`merge`) [default: stitch.toml\'s `collisions`, else anyof]' -r -f -a "anyof\t'An `anyOf` of the branches\' distinct schemas'
merge\t'Objects joined key by key, arrays item by item, mixed kinds as a `type` array'"
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l samples -d 'Values sampled per branch of the contract\'s root union (or in all) to look for a counterexample [default: stitch.toml\'s `samples`, else 256]' -r
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l seed -d 'Seed of the sampler: the same seed finds the same values [default: stitch.toml\'s `seed`, else 0]' -r
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l input-kind -d 'Read inputs as this kind instead of detecting it' -r -f -a "schema\t'A JSON Schema'
tool\t'One tool (MCP, OpenAI or Anthropic form)'
tools\t'A tool list or an MCP `tools/list` result'"
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l draft -d 'Read schemas as this draft instead of their `$schema`' -r -f -a "4\t'Draft 4'
6\t'Draft 6'
7\t'Draft 7'
2019-09\t'Draft 2019-09'
2020-12\t'Draft 2020-12'"
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l ref-map -d 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`' -r
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l max-input-size -d 'Refuse inputs larger than this many bytes, before reading them' -r
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l config -d 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l flatten -d 'Compare the contract OLD with its own presentation: what flattening widened'
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l deep -d 'Also flatten object unions below the root, at positions where widening cannot narrow (not under `not`, `if` or a `oneOf` that stays) [default: stitch.toml\'s `deep`, else off]'
complete -c stitch -n "__fish_stitch_using_subcommand diff" -l no-config -d 'Read no stitch.toml: only the command line and the built-in defaults'
complete -c stitch -n "__fish_stitch_using_subcommand diff" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand diff" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand diff" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand manifest" -s o -l output -d 'Write the manifest to FILE (atomically) [default: stitch.toml\'s `[artifacts] manifest`, else standard output]' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand manifest" -l config -d 'The configuration [default: the first stitch.toml in the current directory or above]' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand manifest" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand manifest" -l check -d 'Compare with the manifest on disk instead of writing it: exit 1 with the difference when it is stale (the `generator` line is not compared)'
complete -c stitch -n "__fish_stitch_using_subcommand manifest" -l no-config -d 'Read no stitch.toml: only the command line and the built-in defaults'
complete -c stitch -n "__fish_stitch_using_subcommand manifest" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand manifest" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand manifest" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand sample" -s n -l count -d 'How many values (at least 1)' -r
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l seed -d 'Seed of the sampler: the same seed gives the same lines [default: stitch.toml\'s `seed`, else 0]' -r
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l semantics -d 'Which values: those with only the keys the schema declares (`declared`), or any value the schema accepts (`strict`) [default: stitch.toml\'s `semantics`, else declared]' -r -f -a "declared\t'Accept every value whose keys the contract declares (implicitly open objects are read as closed)'
strict\t'Accept literally every value the contract accepts'"
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l tool -d 'The tool to sample, in a tool list' -r
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l format -d 'Output format' -r -f -a "human\t'Results on standard output, diagnostics with source snippets on standard error'
json\t'One JSON document on standard output with the results and the findings, failures included; nothing on standard error'"
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l input-kind -d 'Read inputs as this kind instead of detecting it' -r -f -a "schema\t'A JSON Schema'
tool\t'One tool (MCP, OpenAI or Anthropic form)'
tools\t'A tool list or an MCP `tools/list` result'"
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l draft -d 'Read schemas as this draft instead of their `$schema`' -r -f -a "4\t'Draft 4'
6\t'Draft 6'
7\t'Draft 7'
2019-09\t'Draft 2019-09'
2020-12\t'Draft 2020-12'"
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l ref-map -d 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`' -r
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l max-input-size -d 'Refuse inputs larger than this many bytes, before reading them' -r
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l config -d 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand sample" -l no-config -d 'Read no stitch.toml: only the command line and the built-in defaults'
complete -c stitch -n "__fish_stitch_using_subcommand sample" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand sample" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand sample" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -l format -d 'Output format' -r -f -a "human\t'Results on standard output, diagnostics with source snippets on standard error'
json\t'One JSON document on standard output with the results and the findings, failures included; nothing on standard error'"
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -l input-kind -d 'Read inputs as this kind instead of detecting it' -r -f -a "schema\t'A JSON Schema'
tool\t'One tool (MCP, OpenAI or Anthropic form)'
tools\t'A tool list or an MCP `tools/list` result'"
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -l draft -d 'Read schemas as this draft instead of their `$schema`' -r -f -a "4\t'Draft 4'
6\t'Draft 6'
7\t'Draft 7'
2019-09\t'Draft 2019-09'
2020-12\t'Draft 2020-12'"
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -l ref-map -d 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`' -r
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -l max-input-size -d 'Refuse inputs larger than this many bytes, before reading them' -r
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -l config -d 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -l no-config -d 'Read no stitch.toml: only the command line and the built-in defaults'
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand inspect" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand targets" -l format -d 'Output format' -r -f -a "human\t'Results on standard output, diagnostics with source snippets on standard error'
json\t'One JSON document on standard output with the results and the findings, failures included; nothing on standard error'"
complete -c stitch -n "__fish_stitch_using_subcommand targets" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand targets" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand targets" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand targets" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l target -d 'The target the presentation was shaped for: its recorded mappings (a `null` that stands for an absent key) are undone before the contract judges the arguments' -r
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l tool -d 'The tool whose arguments these are, in a tool list' -r
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l semantics -d 'Which values the presentation must accept: those with the keys the contract declares (`declared`), or literally every value the contract accepts (`strict`) [default: stitch.toml\'s `semantics`, else declared]' -r -f -a "declared\t'Accept every value whose keys the contract declares (implicitly open objects are read as closed)'
strict\t'Accept literally every value the contract accepts'"
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l collisions -d 'How a property that branches give schemas of different kinds is joined: an `anyOf` of them (`anyof`), or merged without any `anyOf`/`oneOf` (`merge`) [default: stitch.toml\'s `collisions`, else anyof]' -r -f -a "anyof\t'An `anyOf` of the branches\' distinct schemas'
merge\t'Objects joined key by key, arrays item by item, mixed kinds as a `type` array'"
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l format -d 'Output format' -r -f -a "human\t'Results on standard output, diagnostics with source snippets on standard error'
json\t'One JSON document on standard output with the results and the findings, failures included; nothing on standard error'"
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l input-kind -d 'Read inputs as this kind instead of detecting it' -r -f -a "schema\t'A JSON Schema'
tool\t'One tool (MCP, OpenAI or Anthropic form)'
tools\t'A tool list or an MCP `tools/list` result'"
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l draft -d 'Read schemas as this draft instead of their `$schema`' -r -f -a "4\t'Draft 4'
6\t'Draft 6'
7\t'Draft 7'
2019-09\t'Draft 2019-09'
2020-12\t'Draft 2020-12'"
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l ref-map -d 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`' -r
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l max-input-size -d 'Refuse inputs larger than this many bytes, before reading them' -r
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l config -d 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]' -r -F
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l deep -d 'Also flatten object unions below the root, at positions where widening cannot narrow (not under `not`, `if` or a `oneOf` that stays) [default: stitch.toml\'s `deep`, else off]'
complete -c stitch -n "__fish_stitch_using_subcommand validate" -l no-config -d 'Read no stitch.toml: only the command line and the built-in defaults'
complete -c stitch -n "__fish_stitch_using_subcommand validate" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand validate" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand explain" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand explain" -l list -d 'List every code, its default severity and what it means in one line'
complete -c stitch -n "__fish_stitch_using_subcommand explain" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand explain" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand completions" -l color -d 'When to colour diagnostics, and `diff`\'s text diff (NO_COLOR in the environment means never)' -r -f -a "auto\t'Colour what goes to a terminal (diagnostics on standard error, `diff` on standard output) when NO_COLOR is unset'
always\t'Always colour'
never\t'Never colour'"
complete -c stitch -n "__fish_stitch_using_subcommand completions" -s q -l quiet -d 'Show errors only: silence warnings and notes'
complete -c stitch -n "__fish_stitch_using_subcommand completions" -s v -l verbose -d 'Show notes as well as warnings and errors'
complete -c stitch -n "__fish_stitch_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "flatten" -d 'Flatten root unions into one object schema that providers accept'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "verify" -d 'Prove that SUP accepts every value SUB accepts, or show a value it rejects'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "check" -d 'Check every schema and tool of a project: the CI gate'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "diff" -d 'Show what changed between two schemas, tools, tool lists or manifests, for review'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "manifest" -d 'Write the manifest: every tool the model sees, its presentation and digests'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "sample" -d 'Print valid values of a schema, one JSON document per line'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "inspect" -d 'Load documents and show what stitch sees: kind, draft, tools, references'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "targets" -d 'List the provider targets, or print one target\'s rules'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "validate" -d 'Check a model\'s arguments against the contract, undoing what a target\'s presentation changed'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "explain" -d 'Explain a diagnostic code: what it means, why it matters, what to do'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "completions" -d 'Print a shell completion script to standard output'
complete -c stitch -n "__fish_stitch_using_subcommand help; and not __fish_seen_subcommand_from flatten verify check diff manifest sample inspect targets validate explain completions help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
