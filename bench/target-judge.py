#!/usr/bin/env python3
"""Target verdicts held to a second judge (issue 39): for every document of ../shared/corpus
(contracts, MCP tool lists, SchemaStore) and each of openai-strict, anthropic-strict, gemini and
gemini-json, `stitch flatten --target T --format json` says `accepted` (no error, no rewrite),
`fixed` (no error once rewritten) or `refused`. Every input schema of an accepted or fixed
presentation is then judged without stitch's profile code:

1. by the target's meta-schema, written by hand in `fixtures/judges/T.json`, with python
   `jsonschema`;
2. by what a meta-schema cannot say, checked here: for openai-strict every key of `properties`
   in `required`; for gemini every `required` name declared;
3. by the SDKs' own transformers, where one exists (the third judge, `--sdk`): openai-agents'
   `ensure_strict_json_schema` must give an openai-strict presentation back unchanged, and the
   Anthropic SDK's `transform_schema` an anthropic-strict one, but for what the SDK rewrites by
   choice where the API takes the schema as it is (ALLOWED_SDK below, each with its reason).

Prints per target accepted / fixed / refused, the judges' rejections with examples, and exits 1
when a judge rejects a presentation stitch accepted. Run by `.ci/run` (contracts, MCP tools and
SchemaStore) and by hand: bench/target-judge.py [--stitch BINARY] [--corpus DIR] [--target T]
[--sdk] [--only contracts,mcp-tools,schemastore] [--jobs N].
"""
import argparse, collections, concurrent.futures, copy, json, pathlib, subprocess, sys
import binary  # bench/binary.py: where cargo puts the binaries
import pinned  # bench/pinned.py: the pinned packages, in target/bench-venv/

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("--corpus", default=str(here.parent / "shared" / "corpus"))
parser.add_argument("--stitch", default=None)
parser.add_argument("--target", action="append",
                    help="a target to judge (repeatable); default: the four with a judge")
parser.add_argument("--only", default="contracts,mcp-tools,schemastore")
parser.add_argument("--sdk", action="store_true",
                    help="also the SDKs' transformers (installs openai-agents and anthropic)")
parser.add_argument("--jobs", type=int, default=2)
parser.add_argument("--examples", type=int, default=3, help="examples shown per judge and target")
args = parser.parse_args()

SDK_VERSIONS = {"openai-agents": "0.25.0", "anthropic": "2.17.0"}


pinned.ensure({"jsonschema": "4.26.0", **(SDK_VERSIONS if args.sdk else {})})
import jsonschema  # noqa: E402 (installed by pinned.ensure)

TARGETS = args.target or ["openai-strict", "anthropic-strict", "gemini", "gemini-json"]
JUDGES = {t: jsonschema.Draft202012Validator(json.loads((here / "fixtures" / "judges" / f"{t}.json").read_text()))
          for t in TARGETS}
stitch_binary = args.stitch or binary.stitch()


def inputs():
    corpus = pathlib.Path(args.corpus)
    parts = args.only.split(",")
    files = []
    if "contracts" in parts:
        files += sorted(p for p in (corpus / "contracts").rglob("*.json"))
    if "mcp-tools" in parts:
        files += sorted((corpus / "mcp-tools").rglob("*.json"))
    if "schemastore" in parts:
        files += sorted((corpus / "schemastore" / "schemas").glob("*.json"))
    return files


def schemas_of(presentation):
    """The input schemas of a presentation: a bare schema, or each tool's in a request shape."""
    tools = presentation
    if isinstance(presentation, dict) and "functionDeclarations" in presentation:
        tools = presentation["functionDeclarations"]
    if isinstance(tools, dict) and not any(k in tools for k in ("parameters", "input_schema", "parametersJsonSchema", "function")):
        # A tool declared without a schema (one without arguments) has none to judge.
        if "name" in tools and tools.get("type") in (None, "function"):
            return []
        return [("", tools)]
    if isinstance(tools, dict):
        tools = [tools]
    out = []
    for tool in tools:
        if not isinstance(tool, dict):
            continue
        tool = tool.get("function", tool)
        for key in ("parameters", "input_schema", "parametersJsonSchema"):
            if isinstance(tool.get(key), dict):
                out.append((tool.get("name", "?"), tool[key]))
    return out


def nodes(schema, at=""):
    """Every schema object, as written, with its pointer."""
    if not isinstance(schema, dict):
        return
    yield at, schema
    for k in ("items", "additionalProperties", "not", "if", "then", "else", "contains",
              "propertyNames", "additionalItems", "unevaluatedProperties", "unevaluatedItems"):
        if isinstance(schema.get(k), dict):
            yield from nodes(schema[k], f"{at}/{k}")
    for k in ("anyOf", "oneOf", "allOf", "prefixItems", "items"):
        if isinstance(schema.get(k), list):
            for i, v in enumerate(schema[k]):
                yield from nodes(v, f"{at}/{k}/{i}")
    for k in ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"):
        if isinstance(schema.get(k), dict):
            for name, v in schema[k].items():
                yield from nodes(v, f"{at}/{k}/{name.replace('~', '~0').replace('/', '~1')}")


def beside(target, schema):
    """What the meta-schema cannot say, checked here."""
    out = []
    for at, node in nodes(schema):
        props = node.get("properties")
        required = node.get("required", [])
        if not isinstance(props, dict) or not isinstance(required, list):
            continue
        if target == "openai-strict":
            missing = [k for k in props if k not in required]
            if missing:
                out.append(f"#{at}: `required` lacks {missing[:3]}")
        if target in ("openai-strict", "gemini"):
            extra = [k for k in required if k not in props]
            if extra:
                out.append(f"#{at}: `required` names undeclared {extra[:3]}")
    return out


def judged(target, schema):
    errors = sorted(JUDGES[target].iter_errors(schema), key=lambda e: list(e.absolute_path))
    found = [f"#/{'/'.join(map(str, e.absolute_path))}: {e.message[:160]}" for e in errors[:3]]
    return found + beside(target, schema)


def run(target, path):
    done = subprocess.run([stitch_binary, "flatten", "-v", "--target", target, "--format", "json", str(path)],
                          capture_output=True, text=True, timeout=600)
    try:
        document = json.loads(done.stdout)
    except json.JSONDecodeError:
        return target, path, "crash", [], [f"exit {done.returncode}: {done.stderr[-300:]}"]
    result = (document.get("results") or [{}])[0]
    findings = result.get("findings", []) + document.get("findings", [])
    if "presentation" not in result:
        return target, path, "unloadable", [], []
    if any(f["severity"] == "error" for f in findings):
        return target, path, "refused", [], []
    rewritten = any(f["code"] == "stitch::target::rewritten" for f in findings)
    verdict = "fixed" if rewritten else "accepted"
    rejections = []
    schemas = schemas_of(result["presentation"])
    for name, schema in schemas:
        for why in judged(target, schema):
            rejections.append(f"{name}: {why}")
    return target, path, verdict, schemas, rejections


# The third judge: the SDKs' own transformers.
ALLOWED_SDK = {
    # ensure_strict_json_schema writes `required` in the order of `properties`; stitch keeps the
    # contract's order and appends the keys it made required: the same set.
    "openai: required order",
    # transform_schema drops `type` beside a primitive `enum` or `const` (the same values), and
    # beside an `anyOf` or `allOf` (whose branches say theirs).
    "anthropic: type dropped beside enum, const, anyOf, allOf",
    # transform_schema writes `pattern`, `default` and a root `$schema` into `description`,
    # though the API takes them (PROVIDERS.md (a) ant-strict: pattern OK but backreferences,
    # lookaround, \b; default OK; a 2020-12 document).
    "anthropic: pattern, default or $schema moved to description",
    # transform_schema handles one `type` name; a type array (which the API takes, counting it
    # as a union parameter) fails its `assert_never`.
    "anthropic: type array unsupported by the SDK",
    # transform_schema keeps only `description` beside a `$ref` (a `title` there goes), and
    # knows `$defs` but not `definitions`, which the API documents; a root `$id` stitch keeps
    # because a reference needs its base goes into `description`, breaking that reference.
    "anthropic: title beside $ref, definitions, a needed root $id",
}


def sdk_judges():
    if not args.sdk:
        return {}
    import agents.strict_schema
    from anthropic.lib._parse._transform import transform_schema

    def sets(node):
        """`required` read as the set it is (ALLOWED_SDK)."""
        if isinstance(node, list):
            return [sets(v) for v in node]
        if not isinstance(node, dict):
            return node
        out = {k: sets(v) for k, v in node.items()}
        if isinstance(out.get("required"), list):
            out["required"] = sorted(map(str, out["required"]))
        return out

    def openai(schema):
        try:
            out = agents.strict_schema.ensure_strict_json_schema(copy.deepcopy(schema))
        except Exception as e:  # a refusal is a change
            return [f"openai-agents refuses it: {str(e)[:160]}"]
        return [] if sets(out) == sets(schema) else ["openai-agents changes it"]

    def normal(node, root=True):
        """The schema with the SDK's allowed choices undone (ALLOWED_SDK)."""
        if isinstance(node, list):
            return [normal(v, False) for v in node]
        if not isinstance(node, dict):
            return node
        out = {k: normal(v, False) for k, v in node.items()}
        if "type" in out and any(k in out for k in ("enum", "const", "anyOf", "allOf")):
            del out["type"]
        for k in ("pattern", "default") + (("$schema", "$id", "id", "definitions") if root else ()):
            out.pop(k, None)
        if "$ref" in out:
            out.pop("title", None)
        if isinstance(out.get("description"), str):
            out["description"] = out["description"].split("\n\n{")[0].split("{")[0]
            if not out["description"]:
                del out["description"]
        return sets(out)

    def anthropic(schema):
        if any(isinstance(n.get("type"), list) for _, n in nodes(schema)):
            return []  # ALLOWED_SDK: type arrays
        try:
            out = transform_schema(copy.deepcopy(schema))
        except Exception as e:
            return [f"transform_schema refuses it: {str(e)[:160]}"]
        return [] if normal(out) == normal(schema) else ["transform_schema changes it"]

    return {"openai-strict": openai, "anthropic-strict": anthropic}


def main():
    files = inputs()
    sdk = sdk_judges()
    counts = {t: collections.Counter() for t in TARGETS}
    rejected = {t: [] for t in TARGETS}
    third = {t: [] for t in TARGETS}
    jobs = [(t, p) for t in TARGETS for p in files]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for target, path, verdict, schemas, rejections in pool.map(lambda j: run(*j), jobs):
            counts[target][verdict] += 1
            name = str(path.relative_to(pathlib.Path(args.corpus)))
            if rejections:
                counts[target]["judge rejects"] += 1
                rejected[target].append((name, rejections))
            if target in sdk and verdict in ("accepted", "fixed"):
                changes = [f"{tool}: {c}" for tool, schema in schemas for c in sdk[target](schema)]
                if changes:
                    counts[target]["sdk disagrees"] += 1
                    third[target].append((name, changes))
    failed = False
    for target in TARGETS:
        c = counts[target]
        print(f"{target}: {len(files)} documents: {c['accepted']} accepted, {c['fixed']} fixed, "
              f"{c['refused']} refused, {c['unloadable']} not loaded, {c['crash']} crashed; "
              f"the meta-schema rejects {c['judge rejects']}"
              + (f"; the SDK disagrees on {c['sdk disagrees']}" if target in sdk else ""))
        for name, why in rejected[target][:args.examples]:
            print(f"  judge rejects {name}: {why[0]}")
        for name, why in third[target][:args.examples]:
            print(f"  SDK: {name}: {why[0]}")
        failed |= bool(rejected[target]) or bool(third[target]) or bool(c["crash"])
    sys.exit(1 if failed else 0)


main()
