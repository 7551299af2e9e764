#!/usr/bin/env python3
"""OpenAI strict presentations, judged without stitch's profile code (issue 13, C4 and F7.6).

For every contract of ../shared/corpus/contracts and every tool of ../shared/corpus/mcp-tools:

1. `stitch flatten --target openai-strict --format json` gives the presentation, the findings
   and the null => absent mapping (`nulled`).
2. The documented strict rules (PROVIDERS.md: root an object without combinators or `$ref`;
   every object `additionalProperties: false`, with `properties`, every property in `required`;
   none of the refused keywords; a `$ref` alone; arrays with `items`; the listed formats; local
   references) are checked here, in Python, on every input schema. A presentation stitch
   accepts must meet them all; one it refuses must break one.
3. Every value the contract accepts (`.valid.jsonl`, or for MCP tools values from `stitch sample`
   that python `jsonschema` confirms valid under the contract) is mapped absent => null at the
   recorded keys (walking the presentation here, the first `anyOf` branch that accepts the mapped
   value) and judged by python `jsonschema` against the presentation. A rejection is allowed only
   where stitch reported a narrowing (`stitch::target::narrowed`) for that schema.
4. `stitch validate CONTRACT MAPPED --target openai-strict` must give the value back: valid, and
   equal to the original except at keys that accepted `null` already, where `null` and absent
   are one value (the ambiguity the mapping records): there either is taken as the original.

Prints one line per failure and a summary; exits 1 on any failure. Run by `.ci/run` (with a
release build) and by hand: bench/strict-judge.py [--stitch BINARY] [--corpus DIR] [-n N]
[--target NAME] (another target: steps 1, 3 and 4, e.g. anthropic-strict's dropped keywords).
"""
import argparse, collections, concurrent.futures, functools, json, os, pathlib, subprocess, sys, tempfile, threading
import binary  # bench/binary.py: where cargo puts the binaries
import pinned  # bench/pinned.py: the pinned packages, in target/bench-venv/

pinned.ensure({"jsonschema": "4.26.0"})
import jsonschema  # noqa: E402 (installed by pinned.ensure)

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("--corpus", default=str(here.parent / "shared" / "corpus"))
parser.add_argument("--stitch", default=str(binary.path()))
parser.add_argument("-n", type=int, default=10, help="values sampled per MCP tool")
parser.add_argument("--target", default="openai-strict",
                    help="another target: steps 1, 3 and 4 only (the rules of step 2 are OpenAI's)")
args = parser.parse_args()
TARGET = args.target

REFUSED = {"oneOf", "allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas",
           "patternProperties", "propertyNames", "uniqueItems", "contains", "minProperties",
           "maxProperties", "unevaluatedProperties", "unevaluatedItems"}
FORMATS = {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
ONE = ("additionalProperties", "items", "not", "if", "then", "else", "contains",
       "propertyNames", "additionalItems", "unevaluatedProperties", "unevaluatedItems")
MANY = ("anyOf", "oneOf", "allOf", "prefixItems")
MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def stitch(*argv, stdin=None):
    return subprocess.run([args.stitch, *argv], capture_output=True, text=True, timeout=300,
                          input=stdin)


def children(node, at):
    """Every subschema of a schema object, with its pointer, as written."""
    for k in ONE:
        v = node.get(k)
        if isinstance(v, (dict, bool)):
            yield v, f"{at}/{k}"
    if isinstance(node.get("items"), list):
        for i, v in enumerate(node["items"]):
            yield v, f"{at}/items/{i}"
    for k in MANY:
        if isinstance(node.get(k), list):
            for i, v in enumerate(node[k]):
                yield v, f"{at}/{k}/{i}"
    for k in MAPS:
        if isinstance(node.get(k), dict):
            for name, v in node[k].items():
                yield v, f"{at}/{k}/{name.replace('~', '~0').replace('/', '~1')}"


def strict_violations(schema):
    """The documented strict rules a schema breaks, checked here and nowhere else."""
    out = []
    if not isinstance(schema, dict) or schema.get("type") != "object":
        out.append("root: not `type: object`")
        return out
    for k in ("anyOf", "oneOf", "allOf", "enum", "not", "$ref"):
        if k in schema:
            out.append(f"root: `{k}`")
    stack = [(schema, "")]
    while stack:
        node, at = stack.pop()
        if not isinstance(node, dict):
            continue
        for k in REFUSED & node.keys():
            out.append(f"{at}: `{k}` refused")
        types = node.get("type")
        types = types if isinstance(types, list) else [types]
        if "object" in types or "properties" in node:
            if node.get("additionalProperties") is not False:
                out.append(f"{at}: object without `additionalProperties: false`")
            props = node.get("properties")
            if not isinstance(props, dict):
                out.append(f"{at}: object without `properties`")
            elif set(node.get("required", [])) != set(props):
                out.append(f"{at}: `required` is not every property")
        if "array" in types and "items" not in node:
            out.append(f"{at}: array without `items`")
        if "$ref" in node:
            if set(node) - {"$ref", "$defs", "definitions"}:
                out.append(f"{at}: `$ref` with siblings")
            if not str(node["$ref"]).startswith("#"):
                out.append(f"{at}: `$ref` not local")
        if "format" in node and node["format"] not in FORMATS:
            out.append(f"{at}: format `{node['format']}`")
        stack.extend(children(node, at))
    return out


def resolve(root, pointer):
    node = root
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node


SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
SCHEMA_LISTS = ("anyOf", "allOf", "oneOf", "prefixItems")
SCHEMA_ONES = ("items", "additionalProperties", "not", "if", "then", "else", "contains",
               "propertyNames", "unevaluatedProperties", "unevaluatedItems", "additionalItems")


def openapi_view(schema):
    """Gemini's `parameters` as JSON Schema, written here apart from stitch's own view: OpenAPI
    3.0's `nullable: true` beside one `type` lets `null` through."""
    if not isinstance(schema, dict):
        return schema
    out = {}
    for key, value in schema.items():
        if key in SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {k: openapi_view(v) for k, v in value.items()}
        elif key in SCHEMA_LISTS and isinstance(value, list):
            out[key] = [openapi_view(v) for v in value]
        elif key in SCHEMA_ONES:
            out[key] = [openapi_view(v) for v in value] if isinstance(value, list) else openapi_view(value)
        elif key != "nullable":
            out[key] = value
    if schema.get("nullable") is True and isinstance(schema.get("type"), str):
        out["type"] = [schema["type"], "null"]
    return out


class Mapper:
    """absent => null at the recorded keys, and an enum value as its recorded text (Gemini),
    walking the presentation (as a runtime adapter would before sending a contract value to
    the model, in reverse)."""

    def __init__(self, schema, keys, texts=None):
        self.schema = schema
        self.keys = keys  # pointer (relative to the schema) -> keys
        self.texts = texts or {}  # pointer -> {JSON of a value: its text}
        cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        self.validator = cls(schema)

    def valid(self, pointer, value):
        return self.validator.evolve(schema=resolve(self.schema, pointer)).is_valid(value)

    def map(self, pointer, value, hops=0):
        node = resolve(self.schema, pointer)
        if not isinstance(node, dict) or hops > 16:
            return value
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#"):
            return self.map(ref[1:], value, hops + 1)
        if pointer in self.texts and not isinstance(value, (dict, list)):
            return self.texts[pointer].get(json.dumps(value), value)
        if isinstance(node.get("anyOf"), list):
            for i in range(len(node["anyOf"])):
                candidate = self.map(f"{pointer}/anyOf/{i}", value, hops + 1)
                if self.valid(f"{pointer}/anyOf/{i}", candidate):
                    return candidate
            return value
        if isinstance(value, dict):
            out = dict(value)
            for key in self.keys.get(pointer, ()):
                out.setdefault(key, None)
            props = node.get("properties", {})
            for key, v in out.items():
                if key in props:
                    esc = key.replace("~", "~0").replace("/", "~1")
                    out[key] = self.map(f"{pointer}/properties/{esc}", v)
                elif isinstance(node.get("additionalProperties"), dict):
                    out[key] = self.map(f"{pointer}/additionalProperties", v)
            return out
        if isinstance(value, list):
            prefix = node.get("prefixItems", [])
            out = []
            for i, v in enumerate(value):
                if i < len(prefix):
                    out.append(self.map(f"{pointer}/prefixItems/{i}", v))
                elif isinstance(node.get("items"), dict):
                    out.append(self.map(f"{pointer}/items", v))
                else:
                    out.append(v)
            return out
        return value


def loose(value, ambiguous):
    """`value` with `null` dropped at the keys that accepted `null` already (by key name; the
    mapping records that there `null` and absent are one value)."""
    if isinstance(value, dict):
        return {k: loose(v, ambiguous) for k, v in value.items()
                if not (v is None and k in ambiguous)}
    if isinstance(value, list):
        return [loose(v, ambiguous) for v in value]
    return value


failures = []
counts = collections.Counter()
lock = threading.Lock()


@functools.lru_cache(maxsize=None)
def flattened(path):
    # `--envelope keep`: the schemas stay where `inspect` finds them in the input.
    done = stitch("flatten", "-v", "--format", "json", "--target", TARGET, "--envelope", "keep", str(path))
    try:
        return json.loads(done.stdout)["results"][0]
    except (json.JSONDecodeError, IndexError, KeyError):
        failures.append(f"{path}: flatten gave no JSON (exit {done.returncode})")
        return None


@functools.lru_cache(maxsize=None)
def inspected(path):
    return json.loads(stitch("inspect", "--format", "json", str(path)).stdout)["inputs"][0]


def judge(path, tool, values):
    """Steps 1-4 for one schema (`tool`: its name in a tool list, or None); the counts and
    failures are merged under the lock."""
    local, found = collections.Counter(), []
    judge_into(path, tool, values, local, found)
    with lock:
        counts.update(local)
        failures.extend(found)


def judge_into(path, tool, values, counts, failures):
    result = flattened(path)
    if result is None:
        return
    document = result["presentation"]
    pointers = {s["name"]: s["pointer"] for s in inspected(path)["schemas"]}
    name = tool or next(iter(pointers))
    at = pointers[name]
    schema = resolve(document, at) if at else document
    findings = [f for f in result["findings"] if (f.get("pointer") or "").startswith(at)]
    errors = [f for f in findings if f["severity"] == "error"]
    narrowed = any(f["code"] == "stitch::target::narrowed" for f in findings)
    counts["schemas"] += 1
    counts["refused" if errors else "accepted"] += 1
    for code in sorted({f["code"] for f in errors}):
        counts["refused by " + code] += 1
    counts["narrowed"] += narrowed
    broken = strict_violations(schema) if TARGET == "openai-strict" else []
    if TARGET == "gemini":
        schema = openapi_view(schema)
    if not errors and broken:
        failures.append(f"{path} {name}: stitch accepts it, yet {broken[0]}")
    elif errors and not broken and all(f["code"] != "stitch::target::limit" for f in errors):
        # Errors the independent check does not model (tool names, patterns) are listed.
        print(f"note {path.name} {name}: stitch refuses ({errors[0]['code']}), the rules here pass")
    counts["rules_ok"] += not broken
    keys, ambiguous = {}, set()
    for n in result.get("nulled", []):
        if n["object"].startswith(at):
            keys.setdefault(n["object"][len(at):], []).append(n["key"])
            if n["wasNullable"]:
                ambiguous.add(n["key"])
    texts = {}
    for t in result.get("stringified", []):
        if t["schema"].startswith(at):
            texts[t["schema"][len(at):]] = {json.dumps(v["value"]): v["text"] for v in t["values"]}
    counts["enums_as_text"] += len(texts)
    mapper = Mapper(schema, keys, texts)
    for value in values:
        counts["values"] += 1
        mapped = mapper.map("", value)
        counts["nulls_added"] += json.dumps(mapped, sort_keys=True).count("null") - \
            json.dumps(value, sort_keys=True).count("null")
        if not mapper.valid("", mapped):
            if narrowed:
                counts["lost_to_narrowing"] += 1
            else:
                failures.append(f"HOLE {path} {name}: {json.dumps(mapped)[:200]}")
            continue
        counts["mapped_ok"] += 1
        with tempfile.NamedTemporaryFile("w", suffix=".json") as tmp:
            json.dump(mapped, tmp)
            tmp.flush()
            argv = ["validate", "--format", "json", "--target", TARGET, str(path), tmp.name]
            if tool:
                argv[1:1] = ["--tool", tool]
            back = stitch(*argv)
        try:
            report = json.loads(back.stdout)
        except json.JSONDecodeError:
            failures.append(f"{path} {name}: validate gave no JSON (exit {back.returncode})")
            continue
        want, got = loose(value, ambiguous), loose(report.get("value"), ambiguous)
        if report.get("valid") is not True or got != want:
            failures.append(f"{path} {name}: validate gave {json.dumps(report.get('value'))[:160]} "
                            f"for {json.dumps(value)[:160]}")
            continue
        counts["round_trips"] += 1


corpus = pathlib.Path(args.corpus)
jobs = []
for path in sorted((corpus / "contracts").rglob("*.json")):
    lines = path.with_suffix(".valid.jsonl")
    values = [json.loads(l) for l in lines.read_text().splitlines() if l.strip()] \
        if lines.exists() else []
    jobs.append((path, None, values))

for path in sorted((corpus / "mcp-tools").rglob("*.json")):
    if not inspected(path).get("loaded"):
        continue
    document = json.loads(path.read_text())
    for entry in inspected(path)["schemas"]:
        contract = resolve(document, entry["pointer"])
        sampled = stitch("sample", "-q", "-n", str(args.n), "--tool", entry["name"], str(path))
        values = [json.loads(l) for l in sampled.stdout.splitlines() if l.strip()]
        try:
            cls = jsonschema.validators.validator_for(contract, default=jsonschema.Draft202012Validator)
            values = [v for v in values if cls(contract).is_valid(v)]
        except Exception as e:  # a schema python jsonschema cannot read
            print(f"skip values of {path.name} {entry['name']}: {type(e).__name__}")
            values = []
        jobs.append((path, entry["name"], values))

# The work is subprocesses: one thread per core keeps them busy; the output is sorted.
with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
    list(pool.map(lambda job: judge(*job), jobs))
failures.sort()

c = counts
print(f"{TARGET}: {c['schemas']} schemas, {c['accepted']} accepted / {c['refused']} refused by "
      f"stitch, {c['narrowed']} with a reported narrowing; {c['rules_ok']} meet every strict rule "
      f"checked here")
print(f"values: {c['values']} judged by python jsonschema after absent => null "
      f"({c['nulls_added']} nulls added) and enum values => text ({c['enums_as_text']} enums), "
      f"{c['mapped_ok']} accepted, "
      f"{c['lost_to_narrowing']} rejected where a narrowing was reported; "
      f"{c['round_trips']} given back by `stitch validate` as the original")
refusals = sorted((k[len("refused by "):], v) for k, v in c.items() if k.startswith("refused by "))
print("refused for: " + ", ".join(f"{code} ({n})" for code, n in refusals))
for f in failures:
    print("FAIL", f)
sys.exit(1 if failures else 0)
