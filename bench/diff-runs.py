#!/usr/bin/env python3
"""`stitch diff` over real version pairs (issue 15; SPEC §6): the MCP specification's `Tool`
definition between consecutive protocol versions, and every pair of consecutive versions of the
SchemaStore schemas that come in several (`aurora-1.0.json`, `aurora-1.1.json`, …).

Each pair runs as its own process under a time cap, two at a time, with `--format json`; the
script counts exit codes, classes, crashes (a signal, or exit 101) and hangs, and prints the
slowest pairs. Every counterexample is judged by python `jsonschema` when it is installed (the
side it comes from must accept it, the other reject it).
Usage: bench/diff-runs.py [--timeout S] [--stitch BINARY] [--markdown OUT.md] [CORPUS]
       (run by hand, not in CI; builds the release binary first unless --stitch names one)
"""
import argparse, collections, concurrent.futures, json, pathlib, re, subprocess, sys, time
import binary  # bench/binary.py: where cargo puts the binaries

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("corpus", nargs="?", default=str(here.parent / "shared" / "corpus"))
parser.add_argument("--timeout", type=float, default=60)
parser.add_argument("--stitch", help="a stitch binary to run instead of building this checkout's")
parser.add_argument("--markdown", help="also write the markdown report of the MCP 2025-06-18 → 2026-07-28 pair here")
args = parser.parse_args()

if args.stitch:
    stitch = pathlib.Path(args.stitch).resolve()
else:
    stitch = pathlib.Path(binary.stitch())
corpus = pathlib.Path(args.corpus)
schemas = corpus / "schemastore" / "schemas"
ref_map = ["--ref-map", f"https://json.schemastore.org/={schemas}/", "--ref-map", f"https://www.schemastore.org/={schemas}/"]


def version_key(text):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text)]


pairs = []
# The MCP specification's Tool definition, protocol version after protocol version.
spec = sorted((p for p in (corpus / "mcp-spec").iterdir() if (p / "schema.json").exists()), key=lambda p: p.name)
def tool_of(folder):
    document = json.loads((folder / "schema.json").read_text())
    key = "$defs" if "$defs" in document else "definitions"
    return f"{folder / 'schema.json'}#/{key}/Tool"
for a, b in zip(spec, spec[1:]):
    pairs.append(("mcp Tool " + a.name + " → " + b.name, tool_of(a), tool_of(b)))
# SchemaStore: `NAME-VERSION.json` files grouped by NAME, consecutive versions paired.
groups = collections.defaultdict(list)
for path in schemas.glob("*.json"):
    match = re.match(r"^(.*?)[-_.]v?(\d[\w.]*)\.json$", path.name)
    if match:
        groups[match.group(1)].append((match.group(2), path))
for name, versions in sorted(groups.items()):
    versions.sort(key=lambda v: version_key(v[0]))
    for (va, a), (vb, b) in zip(versions, versions[1:]):
        pairs.append((f"{name} {va} → {vb}", str(a), str(b)))

try:
    import jsonschema
except ImportError:
    jsonschema = None


def schema_at(arg):
    path, _, pointer = arg.partition("#")
    value = json.loads(pathlib.Path(path).read_text())
    for token in filter(None, pointer.split("/")):
        value = value[token.replace("~1", "/").replace("~0", "~")]
    return value, json.loads(pathlib.Path(path).read_text())


def run(pair):
    label, old, new = pair
    started = time.monotonic()
    try:
        done = subprocess.run([str(stitch), "diff", "--format", "json", *ref_map, old, new],
                              capture_output=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return label, "hang", None, time.monotonic() - started, []
    took = time.monotonic() - started
    if done.returncode < 0 or done.returncode == 101:
        return label, f"crash {done.returncode}", None, took, [done.stderr.decode(errors="replace")[-400:]]
    try:
        document = json.loads(done.stdout)
    except json.JSONDecodeError:
        return label, f"no JSON (exit {done.returncode})", None, took, [done.stderr.decode(errors="replace")[-400:]]
    return label, f"exit {done.returncode}", document, took, []


def judge(old, new, document):
    """Counterexamples judged by python jsonschema: (judged, wrong)."""
    if jsonschema is None:
        return 0, []
    judged, wrong = 0, []
    (a, _), (b, _) = schema_at(old), schema_at(new)
    for result in document.get("results", []):
        for direction, source, other in (("backward", a, b), ("forward", b, a)):
            example = ((result.get(direction) or {}).get("counterexample") or {})
            if "value" not in example:
                continue
            value = example["value"]
            judged += 1
            try:
                ok = jsonschema.validators.validator_for(source)(source).is_valid(value) and not jsonschema.validators.validator_for(other)(other).is_valid(value)
            except Exception:  # a reference python jsonschema cannot resolve offline
                unjudged[0] += 1
                judged -= 1
                continue
            if not ok:
                wrong.append(f"{direction}: {json.dumps(value)[:200]}")
    return judged, wrong


outcomes = collections.Counter()
classes = collections.Counter()
times = []
problems = []
judged_total = 0
unjudged = [0]
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for (label, old, new), (_, outcome, document, took, notes) in zip(pairs, pool.map(run, pairs)):
        outcomes[outcome] += 1
        times.append((took, label))
        if document is None or outcome != "exit 0":
            why = "; ".join(f["message"] for f in (document or {}).get("findings", []))
            kind = "REFUSED" if outcome == "exit 2" else "PROBLEM"
            problems.append(f"{kind} {label}: {outcome} {' '.join(notes)}{why}")
        if document is None:
            continue
        for result in document.get("results", []):
            classes[result["class"]] += 1
        judged, wrong = judge(old, new, document)
        judged_total += judged
        problems.extend(f"PROBLEM {label}: counterexample {w}" for w in wrong)
        if label.startswith("mcp"):
            summary = ", ".join(f"{c['count']} {c['class']}" for c in document.get("summary", []) if c["count"])
            print(f"{label}: {summary}; {sum(len(r['changes']) for r in document['results'])} changes; {took:.2f} s")

print(f"\n{len(pairs)} pairs ({len(pairs) - len(spec) + 1} SchemaStore, {len(spec) - 1} MCP): " + ", ".join(f"{n} {o}" for o, n in outcomes.most_common()))
print("classes: " + ", ".join(f"{n} {c}" for c, n in classes.most_common()))
if jsonschema is not None:
    import importlib.metadata
    print(f"counterexamples judged by python jsonschema {importlib.metadata.version('jsonschema')}: {judged_total} "
          f"(and {unjudged[0]} not judged: a reference it cannot resolve offline); wrong ones are listed as PROBLEM")
times.sort(reverse=True)
print("slowest: " + "; ".join(f"{label} {took:.2f} s" for took, label in times[:5]))
median = sorted(t for t, _ in times)[len(times) // 2] if times else 0
print(f"median {median:.3f} s per pair, total {sum(t for t, _ in times):.1f} s")
for problem in problems:
    print(problem)

if args.markdown and len(spec) >= 2:
    by_name = {p.name: p for p in spec}
    if "2025-06-18" in by_name and "2026-07-28" in by_name:
        done = subprocess.run([str(stitch), "diff", "--format", "markdown", tool_of(by_name["2025-06-18"]), tool_of(by_name["2026-07-28"])],
                              capture_output=True, cwd=corpus.parent)
        pathlib.Path(args.markdown).write_bytes(done.stdout)
sys.exit(1 if any(o.startswith(("crash", "hang", "no JSON")) for o in outcomes) else 0)
