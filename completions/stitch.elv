
use builtin;
use str;

set edit:completion:arg-completer[stitch] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'stitch'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'stitch'= {
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand flatten 'Flatten root unions into one object schema that providers accept'
            cand verify 'Prove that SUP accepts every value SUB accepts, or show a value it rejects'
            cand check 'Check every schema and tool of a project: the CI gate'
            cand diff 'Show what changed between two schemas, tools, tool lists or manifests, for review'
            cand manifest 'Write the manifest: every tool the model sees, its presentation and digests'
            cand sample 'Print valid values of a schema, one JSON document per line'
            cand inspect 'Load documents and show what stitch sees: kind, draft, tools, references'
            cand targets 'List the provider targets, or print one target''s rules'
            cand validate 'Check a model''s arguments against the contract, undoing what a target''s presentation changed'
            cand explain 'Explain a diagnostic code: what it means, why it matters, what to do'
            cand completions 'Print a shell completion script to standard output'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'stitch;flatten'= {
            cand -o 'Write the presentation to FILE instead of standard output (one input only; `-` is standard output)'
            cand --output 'Write the presentation to FILE instead of standard output (one input only; `-` is standard output)'
            cand --out-dir 'Write each presentation to DIR at its input''s path relative to --root (`a/tool.json` → `DIR/a/tool.json`), creating folders as needed'
            cand --root 'The folder whose layout --out-dir mirrors; every input must be inside it [default: the folder of the stitch.toml in use, else the current directory]'
            cand --semantics 'Which values the presentation must accept: those with the keys the contract declares (`declared`), or literally every value the contract accepts (`strict`) [default: stitch.toml''s `semantics`, else declared]'
            cand --collisions 'How a property that branches give schemas of different kinds is joined: an `anyOf` of them (`anyof`), or merged without any `anyOf`/`oneOf` (`merge`) [default: stitch.toml''s `collisions`, else anyof]'
            cand --format 'Output format'
            cand --samples 'Values sampled per branch of the contract''s root union (or in all) to look for a counterexample [default: stitch.toml''s `samples`, else 256]'
            cand --seed 'Seed of the sampler: the same seed finds the same values [default: stitch.toml''s `seed`, else 0]'
            cand --target 'Shape the presentation for a provider (`stitch targets` lists them): apply the profile''s rewrites where they are proven to keep every value, then check it; whatever the provider would still refuse is an error and exits 1. `all` writes no presentation: one row per target says whether it takes the input (exit 0 unless an input cannot be read)'
            cand --envelope 'With --target, the request shape a tool or tool list is written in [default: the target''s own: `responses` for OpenAI, Anthropic `tools`, Gemini `functionDeclarations`, an MCP `tools/list` result, a Bedrock `toolConfig`, `chat-completions` for Mistral, Ollama and llama.cpp]; `keep` leaves the input''s shape. A bare schema stays a schema'
            cand --input-kind 'Read inputs as this kind instead of detecting it'
            cand --draft 'Read schemas as this draft instead of their `$schema`'
            cand --ref-map 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`'
            cand --max-input-size 'Refuse inputs larger than this many bytes, before reading them'
            cand --config 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]'
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand --deep 'Also flatten object unions below the root, at positions where widening cannot narrow (not under `not`, `if` or a `oneOf` that stays) [default: stitch.toml''s `deep`, else off]'
            cand --no-verify 'Do not verify the presentation against the contract (then --samples and --seed mean nothing, and are refused)'
            cand --one-request 'With --target, the inputs are the tools of one request: the limits a provider sets per request (Anthropic strict: 20 strict tools, 24 optional and 16 union-typed parameters; OpenAI: 128 tools) count every input''s tools together [default: each input is a request]'
            cand --no-config 'Read no stitch.toml: only the command line and the built-in defaults'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;verify'= {
            cand --semantics 'Which values of SUB count: those with the keys SUB declares (`declared`), or literally every value SUB accepts (`strict`) [default: stitch.toml''s `semantics`, else declared]'
            cand --samples 'Values sampled per branch of the contract''s root union (or in all) to look for a counterexample [default: stitch.toml''s `samples`, else 256]'
            cand --seed 'Seed of the sampler: the same seed finds the same values [default: stitch.toml''s `seed`, else 0]'
            cand --format 'Output format'
            cand --input-kind 'Read inputs as this kind instead of detecting it'
            cand --draft 'Read schemas as this draft instead of their `$schema`'
            cand --ref-map 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`'
            cand --max-input-size 'Refuse inputs larger than this many bytes, before reading them'
            cand --config 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]'
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand --no-config 'Read no stitch.toml: only the command line and the built-in defaults'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;check'= {
            cand --config 'The configuration [default: the first stitch.toml in the current directory or above]'
            cand --target 'Check each presentation for this target (repeatable; `all` for every one) [default: the config''s `targets`]'
            cand --rule 'Set a code''s level for this run, over stitch.toml''s `[rules]` (repeatable; LEVEL is `off`, `note`, `warning` or `error`; `stitch explain --list` lists the codes)'
            cand --shard 'Check only the K-th of N stable parts of the files (by a hash of each path), to split a large project across CI jobs; per-request limits then count that part''s tools'
            cand --format 'Output format'
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand --no-config 'Read no stitch.toml: only the command line and the built-in defaults'
            cand --allow-unproven 'An `unknown` verdict is a warning rather than an error'
            cand --deny-warnings 'Warnings fail the run too (exit 1), as clippy''s `-D warnings` does'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;diff'= {
            cand --target 'Compare both sides as this provider reads them: each flattened, rewritten for the target as `flatten --target` does, and read through the provider''s view'
            cand --fail-on 'Exit 1 when a breaking change is shown by a counterexample (`breaking`, a removed tool too), or when anything changed (`change`); exit 3 when the only doubt is an `unknown` [default: exit 0 whenever the comparison ran]'
            cand --format 'Output format'
            cand --semantics 'Which values the presentation must accept: those with the keys the contract declares (`declared`), or literally every value the contract accepts (`strict`) [default: stitch.toml''s `semantics`, else declared]'
            cand --collisions 'How a property that branches give schemas of different kinds is joined: an `anyOf` of them (`anyof`), or merged without any `anyOf`/`oneOf` (`merge`) [default: stitch.toml''s `collisions`, else anyof]'
            cand --samples 'Values sampled per branch of the contract''s root union (or in all) to look for a counterexample [default: stitch.toml''s `samples`, else 256]'
            cand --seed 'Seed of the sampler: the same seed finds the same values [default: stitch.toml''s `seed`, else 0]'
            cand --input-kind 'Read inputs as this kind instead of detecting it'
            cand --draft 'Read schemas as this draft instead of their `$schema`'
            cand --ref-map 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`'
            cand --max-input-size 'Refuse inputs larger than this many bytes, before reading them'
            cand --config 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]'
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand --flatten 'Compare the contract OLD with its own presentation: what flattening widened'
            cand --deep 'Also flatten object unions below the root, at positions where widening cannot narrow (not under `not`, `if` or a `oneOf` that stays) [default: stitch.toml''s `deep`, else off]'
            cand --no-config 'Read no stitch.toml: only the command line and the built-in defaults'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;manifest'= {
            cand -o 'Write the manifest to FILE (atomically) [default: stitch.toml''s `[artifacts] manifest`, else standard output]'
            cand --output 'Write the manifest to FILE (atomically) [default: stitch.toml''s `[artifacts] manifest`, else standard output]'
            cand --config 'The configuration [default: the first stitch.toml in the current directory or above]'
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand --check 'Compare with the manifest on disk instead of writing it: exit 1 with the difference when it is stale (the `generator` line is not compared)'
            cand --no-config 'Read no stitch.toml: only the command line and the built-in defaults'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;sample'= {
            cand -n 'How many values (at least 1)'
            cand --count 'How many values (at least 1)'
            cand --seed 'Seed of the sampler: the same seed gives the same lines [default: stitch.toml''s `seed`, else 0]'
            cand --semantics 'Which values: those with only the keys the schema declares (`declared`), or any value the schema accepts (`strict`) [default: stitch.toml''s `semantics`, else declared]'
            cand --tool 'The tool to sample, in a tool list'
            cand --format 'Output format'
            cand --input-kind 'Read inputs as this kind instead of detecting it'
            cand --draft 'Read schemas as this draft instead of their `$schema`'
            cand --ref-map 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`'
            cand --max-input-size 'Refuse inputs larger than this many bytes, before reading them'
            cand --config 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]'
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand --no-config 'Read no stitch.toml: only the command line and the built-in defaults'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;inspect'= {
            cand --format 'Output format'
            cand --input-kind 'Read inputs as this kind instead of detecting it'
            cand --draft 'Read schemas as this draft instead of their `$schema`'
            cand --ref-map 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`'
            cand --max-input-size 'Refuse inputs larger than this many bytes, before reading them'
            cand --config 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]'
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand --no-config 'Read no stitch.toml: only the command line and the built-in defaults'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;targets'= {
            cand --format 'Output format'
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;validate'= {
            cand --target 'The target the presentation was shaped for: its recorded mappings (a `null` that stands for an absent key) are undone before the contract judges the arguments'
            cand --tool 'The tool whose arguments these are, in a tool list'
            cand --semantics 'Which values the presentation must accept: those with the keys the contract declares (`declared`), or literally every value the contract accepts (`strict`) [default: stitch.toml''s `semantics`, else declared]'
            cand --collisions 'How a property that branches give schemas of different kinds is joined: an `anyOf` of them (`anyof`), or merged without any `anyOf`/`oneOf` (`merge`) [default: stitch.toml''s `collisions`, else anyof]'
            cand --format 'Output format'
            cand --input-kind 'Read inputs as this kind instead of detecting it'
            cand --draft 'Read schemas as this draft instead of their `$schema`'
            cand --ref-map 'Resolve references to URI from the local PATH (repeatable); a URI ending in `/` maps a prefix to a folder, trying `<name>` then `<name>.json`'
            cand --max-input-size 'Refuse inputs larger than this many bytes, before reading them'
            cand --config 'The configuration, whose `semantics`, `collisions`, `deep`, `samples`, `seed` and `[refs]` apply where the command line does not say [default: the first stitch.toml in the current directory or above]'
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand --deep 'Also flatten object unions below the root, at positions where widening cannot narrow (not under `not`, `if` or a `oneOf` that stays) [default: stitch.toml''s `deep`, else off]'
            cand --no-config 'Read no stitch.toml: only the command line and the built-in defaults'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;explain'= {
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand --list 'List every code, its default severity and what it means in one line'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;completions'= {
            cand --color 'When to colour diagnostics, and `diff`''s text diff (NO_COLOR in the environment means never)'
            cand -q 'Show errors only: silence warnings and notes'
            cand --quiet 'Show errors only: silence warnings and notes'
            cand -v 'Show notes as well as warnings and errors'
            cand --verbose 'Show notes as well as warnings and errors'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'stitch;help'= {
            cand flatten 'Flatten root unions into one object schema that providers accept'
            cand verify 'Prove that SUP accepts every value SUB accepts, or show a value it rejects'
            cand check 'Check every schema and tool of a project: the CI gate'
            cand diff 'Show what changed between two schemas, tools, tool lists or manifests, for review'
            cand manifest 'Write the manifest: every tool the model sees, its presentation and digests'
            cand sample 'Print valid values of a schema, one JSON document per line'
            cand inspect 'Load documents and show what stitch sees: kind, draft, tools, references'
            cand targets 'List the provider targets, or print one target''s rules'
            cand validate 'Check a model''s arguments against the contract, undoing what a target''s presentation changed'
            cand explain 'Explain a diagnostic code: what it means, why it matters, what to do'
            cand completions 'Print a shell completion script to standard output'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'stitch;help;flatten'= {
        }
        &'stitch;help;verify'= {
        }
        &'stitch;help;check'= {
        }
        &'stitch;help;diff'= {
        }
        &'stitch;help;manifest'= {
        }
        &'stitch;help;sample'= {
        }
        &'stitch;help;inspect'= {
        }
        &'stitch;help;targets'= {
        }
        &'stitch;help;validate'= {
        }
        &'stitch;help;explain'= {
        }
        &'stitch;help;completions'= {
        }
        &'stitch;help;help'= {
        }
    ]
    $completions[$command]
}
