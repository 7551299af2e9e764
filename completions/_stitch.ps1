
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'stitch' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'stitch'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'stitch' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('flatten', 'flatten', [CompletionResultType]::ParameterValue, 'Flatten root unions into one object schema that providers accept')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Prove that SUP accepts every value SUB accepts, or show a value it rejects')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check every schema and tool of a project: the CI gate')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Show what changed between two schemas, tools, tool lists or manifests, for review')
            [CompletionResult]::new('manifest', 'manifest', [CompletionResultType]::ParameterValue, 'Write the manifest: every tool the model sees, its presentation and digests')
            [CompletionResult]::new('sample', 'sample', [CompletionResultType]::ParameterValue, 'Print valid values of a schema, one JSON document per line')
            [CompletionResult]::new('inspect', 'inspect', [CompletionResultType]::ParameterValue, 'Load documents and show what stitch sees: kind, draft, tools, references')
            [CompletionResult]::new('targets', 'targets', [CompletionResultType]::ParameterValue, 'List the provider targets, or print one target''s rules')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check a model''s arguments against the contract, undoing what a target''s presentation changed')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain a diagnostic code: what it means, why it matters, what to do')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script to standard output')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'stitch;flatten' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the presentation to FILE instead of standard output (one input only; `-` is standard output)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write the presentation to FILE instead of standard output (one input only; `-` is standard output)')
            [CompletionResult]::new('--out-dir', '--out-dir', [CompletionResultType]::ParameterName, 'Write each presentation to DIR at its input''s path relative to --root (`a/tool.json` → `DIR/a/tool.json`), creating folders as needed')
            [CompletionResult]::new('--root', '--root', [CompletionResultType]::ParameterName, 'The folder whose layout --out-dir mirrors; every input must be inside it [default: the folder of the stitch.toml in use, else the current directory]')
            [CompletionResult]::new('--semantics', '--semantics', [CompletionResultType]::ParameterName, 'Which values the presentation must accept: those with the keys the contract declares (`declared`), or literally every value the contract accepts (`strict`) [default: stitch.toml''s `semantics`, else declared]')
            [CompletionResult]::new('--collisions', '--collisions', [CompletionResultType]::ParameterName, 'How a property that branches give schemas of different kinds is joined: an `anyOf` of them (`anyof`), or merged without any `anyOf`/`oneOf` (`merge`) [default: stitch.toml''s `collisions`, else anyof]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--samples', '--samples', [CompletionResultType]::ParameterName, 'Values sampled per branch of the contract''s root union (or in all) to look for a counterexample [default: stitch.toml''s `samples`, else 256]')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the sampler: the same seed finds the same values [default: stitch.toml''s `seed`, else 0]')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Shape the presentation for a provider (`stitch targets` lists them): apply the profile''s rewrites where they are proven to keep every value, then check it; whatever the provider would still refuse is an error and exits 1. `all` writes no presentation: one row per target says whether it takes the input (exit 0 unless an input cannot be read)')
            [CompletionResult]::new('--envelope', '--envelope', [CompletionResultType]::ParameterName, 'With --target, the request shape a tool or tool list is written in [default: the target''s own: `responses` for OpenAI, Anthropic `tools`, Gemini `functionDeclarations`, an MCP `tools/list` result, a Bedrock `toolConfig`, `chat-completions` for Mistral, Ollama and llama.cpp]; `keep` leaves the input''s shape. A bare schema stays a schema')
            [CompletionResult]::new('--input-kind', '--input-kind', [CompletionResultType]::ParameterName, 'Read inputs as this kind instead of detecting it')
            [CompletionResult]::new('--draft', '--draft', [CompletionResultType]::ParameterName, 'Read schemas as this draft instead of their `$schema`')
            [CompletionResult]::new('--ref-map', '--ref-map', [CompletionResultType]::ParameterName, 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Refuse inputs larger than this many bytes, before reading them')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('--deep', '--deep', [CompletionResultType]::ParameterName, 'Also flatten object unions below the root, at positions where widening cannot narrow (not under `not`, `if` or a `oneOf` that stays) [default: stitch.toml''s `deep`, else off]')
            [CompletionResult]::new('--no-verify', '--no-verify', [CompletionResultType]::ParameterName, 'Do not verify the presentation against the contract (then --samples and --seed mean nothing, and are refused)')
            [CompletionResult]::new('--one-request', '--one-request', [CompletionResultType]::ParameterName, 'With --target, the inputs are the tools of one request: the limits a provider sets per request (Anthropic strict: 20 strict tools, 24 optional and 16 union-typed parameters; OpenAI: 128 tools) count every input''s tools together [default: each input is a request]')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Read no stitch.toml: only the command line and the built-in defaults')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;verify' {
            [CompletionResult]::new('--semantics', '--semantics', [CompletionResultType]::ParameterName, 'Which values of SUB count: those with the keys SUB declares (`declared`), or literally every value SUB accepts (`strict`) [default: stitch.toml''s `semantics`, else declared]')
            [CompletionResult]::new('--samples', '--samples', [CompletionResultType]::ParameterName, 'Values sampled per branch of the contract''s root union (or in all) to look for a counterexample [default: stitch.toml''s `samples`, else 256]')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the sampler: the same seed finds the same values [default: stitch.toml''s `seed`, else 0]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--input-kind', '--input-kind', [CompletionResultType]::ParameterName, 'Read inputs as this kind instead of detecting it')
            [CompletionResult]::new('--draft', '--draft', [CompletionResultType]::ParameterName, 'Read schemas as this draft instead of their `$schema`')
            [CompletionResult]::new('--ref-map', '--ref-map', [CompletionResultType]::ParameterName, 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Refuse inputs larger than this many bytes, before reading them')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Read no stitch.toml: only the command line and the built-in defaults')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;check' {
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'The configuration [default: the first stitch.toml in the current directory or above]')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Check each presentation for this target (repeatable; `all` for every one) [default: the config''s `targets`]')
            [CompletionResult]::new('--rule', '--rule', [CompletionResultType]::ParameterName, 'Set a code''s level for this run, over stitch.toml''s `[rules]` (repeatable; LEVEL is `off`, `note`, `warning` or `error`; `stitch explain --list` lists the codes)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Check only the K-th of N stable parts of the files (by a hash of each path), to split a large project across CI jobs; per-request limits then count that part''s tools')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Read no stitch.toml: only the command line and the built-in defaults')
            [CompletionResult]::new('--allow-unproven', '--allow-unproven', [CompletionResultType]::ParameterName, 'An `unknown` verdict is a warning rather than an error')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Warnings fail the run too (exit 1), as clippy''s `-D warnings` does')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;diff' {
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Compare both sides as this provider reads them: each flattened, rewritten for the target as `flatten --target` does, and read through the provider''s view')
            [CompletionResult]::new('--fail-on', '--fail-on', [CompletionResultType]::ParameterName, 'Exit 1 when a breaking change is shown by a counterexample (`breaking`, a removed tool too), or when anything changed (`change`); exit 3 when the only doubt is an `unknown` [default: exit 0 whenever the comparison ran]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--semantics', '--semantics', [CompletionResultType]::ParameterName, 'Which values the presentation must accept: those with the keys the contract declares (`declared`), or literally every value the contract accepts (`strict`) [default: stitch.toml''s `semantics`, else declared]')
            [CompletionResult]::new('--collisions', '--collisions', [CompletionResultType]::ParameterName, 'How a property that branches give schemas of different kinds is joined: an `anyOf` of them (`anyof`), or merged without any `anyOf`/`oneOf` (`merge`) [default: stitch.toml''s `collisions`, else anyof]')
            [CompletionResult]::new('--samples', '--samples', [CompletionResultType]::ParameterName, 'Values sampled per branch of the contract''s root union (or in all) to look for a counterexample [default: stitch.toml''s `samples`, else 256]')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the sampler: the same seed finds the same values [default: stitch.toml''s `seed`, else 0]')
            [CompletionResult]::new('--input-kind', '--input-kind', [CompletionResultType]::ParameterName, 'Read inputs as this kind instead of detecting it')
            [CompletionResult]::new('--draft', '--draft', [CompletionResultType]::ParameterName, 'Read schemas as this draft instead of their `$schema`')
            [CompletionResult]::new('--ref-map', '--ref-map', [CompletionResultType]::ParameterName, 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Refuse inputs larger than this many bytes, before reading them')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('--flatten', '--flatten', [CompletionResultType]::ParameterName, 'Compare the contract OLD with its own presentation: what flattening widened')
            [CompletionResult]::new('--deep', '--deep', [CompletionResultType]::ParameterName, 'Also flatten object unions below the root, at positions where widening cannot narrow (not under `not`, `if` or a `oneOf` that stays) [default: stitch.toml''s `deep`, else off]')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Read no stitch.toml: only the command line and the built-in defaults')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;manifest' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the manifest to FILE (atomically) [default: stitch.toml''s `[artifacts] manifest`, else standard output]')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write the manifest to FILE (atomically) [default: stitch.toml''s `[artifacts] manifest`, else standard output]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'The configuration [default: the first stitch.toml in the current directory or above]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Compare with the manifest on disk instead of writing it: exit 1 with the difference when it is stale (the `generator` line is not compared)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Read no stitch.toml: only the command line and the built-in defaults')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;sample' {
            [CompletionResult]::new('-n', '-n', [CompletionResultType]::ParameterName, 'How many values (at least 1)')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'How many values (at least 1)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the sampler: the same seed gives the same lines [default: stitch.toml''s `seed`, else 0]')
            [CompletionResult]::new('--semantics', '--semantics', [CompletionResultType]::ParameterName, 'Which values: those with only the keys the schema declares (`declared`), or any value the schema accepts (`strict`) [default: stitch.toml''s `semantics`, else declared]')
            [CompletionResult]::new('--tool', '--tool', [CompletionResultType]::ParameterName, 'The tool to sample, in a tool list')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--input-kind', '--input-kind', [CompletionResultType]::ParameterName, 'Read inputs as this kind instead of detecting it')
            [CompletionResult]::new('--draft', '--draft', [CompletionResultType]::ParameterName, 'Read schemas as this draft instead of their `$schema`')
            [CompletionResult]::new('--ref-map', '--ref-map', [CompletionResultType]::ParameterName, 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Refuse inputs larger than this many bytes, before reading them')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Read no stitch.toml: only the command line and the built-in defaults')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;inspect' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--input-kind', '--input-kind', [CompletionResultType]::ParameterName, 'Read inputs as this kind instead of detecting it')
            [CompletionResult]::new('--draft', '--draft', [CompletionResultType]::ParameterName, 'Read schemas as this draft instead of their `$schema`')
            [CompletionResult]::new('--ref-map', '--ref-map', [CompletionResultType]::ParameterName, 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Refuse inputs larger than this many bytes, before reading them')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Read no stitch.toml: only the command line and the built-in defaults')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;targets' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;validate' {
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'The target the presentation was shaped for: its recorded mappings (a `null` that stands for an absent key) are undone before the contract judges the arguments')
            [CompletionResult]::new('--tool', '--tool', [CompletionResultType]::ParameterName, 'The tool whose arguments these are, in a tool list')
            [CompletionResult]::new('--semantics', '--semantics', [CompletionResultType]::ParameterName, 'Which values the presentation must accept: those with the keys the contract declares (`declared`), or literally every value the contract accepts (`strict`) [default: stitch.toml''s `semantics`, else declared]')
            [CompletionResult]::new('--collisions', '--collisions', [CompletionResultType]::ParameterName, 'How a property that branches give schemas of different kinds is joined: an `anyOf` of them (`anyof`), or merged without any `anyOf`/`oneOf` (`merge`) [default: stitch.toml''s `collisions`, else anyof]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--input-kind', '--input-kind', [CompletionResultType]::ParameterName, 'Read inputs as this kind instead of detecting it')
            [CompletionResult]::new('--draft', '--draft', [CompletionResultType]::ParameterName, 'Read schemas as this draft instead of their `$schema`')
            [CompletionResult]::new('--ref-map', '--ref-map', [CompletionResultType]::ParameterName, 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`')
            [CompletionResult]::new('--max-input-size', '--max-input-size', [CompletionResultType]::ParameterName, 'Refuse inputs larger than this many bytes, before reading them')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('--deep', '--deep', [CompletionResultType]::ParameterName, 'Also flatten object unions below the root, at positions where widening cannot narrow (not under `not`, `if` or a `oneOf` that stays) [default: stitch.toml''s `deep`, else off]')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Read no stitch.toml: only the command line and the built-in defaults')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;explain' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'List every code, its default severity and what it means in one line')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show errors only: silence warnings and notes')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Show notes as well as warnings and errors')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'stitch;help' {
            [CompletionResult]::new('flatten', 'flatten', [CompletionResultType]::ParameterValue, 'Flatten root unions into one object schema that providers accept')
            [CompletionResult]::new('verify', 'verify', [CompletionResultType]::ParameterValue, 'Prove that SUP accepts every value SUB accepts, or show a value it rejects')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Check every schema and tool of a project: the CI gate')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Show what changed between two schemas, tools, tool lists or manifests, for review')
            [CompletionResult]::new('manifest', 'manifest', [CompletionResultType]::ParameterValue, 'Write the manifest: every tool the model sees, its presentation and digests')
            [CompletionResult]::new('sample', 'sample', [CompletionResultType]::ParameterValue, 'Print valid values of a schema, one JSON document per line')
            [CompletionResult]::new('inspect', 'inspect', [CompletionResultType]::ParameterValue, 'Load documents and show what stitch sees: kind, draft, tools, references')
            [CompletionResult]::new('targets', 'targets', [CompletionResultType]::ParameterValue, 'List the provider targets, or print one target''s rules')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check a model''s arguments against the contract, undoing what a target''s presentation changed')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain a diagnostic code: what it means, why it matters, what to do')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script to standard output')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'stitch;help;flatten' {
            break
        }
        'stitch;help;verify' {
            break
        }
        'stitch;help;check' {
            break
        }
        'stitch;help;diff' {
            break
        }
        'stitch;help;manifest' {
            break
        }
        'stitch;help;sample' {
            break
        }
        'stitch;help;inspect' {
            break
        }
        'stitch;help;targets' {
            break
        }
        'stitch;help;validate' {
            break
        }
        'stitch;help;explain' {
            break
        }
        'stitch;help;completions' {
            break
        }
        'stitch;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
