#!/usr/bin/env python3
"""Where each provider target takes the corpus's tools (issue 13, C4).

For every target name (`stitch targets`) and every document under CORPUS/contracts and
CORPUS/mcp-tools, runs `stitch flatten --no-verify --target NAME --format json` (root, then
`--deep`) and counts per target: documents accepted (no error finding of a `stitch::target::`
code), refused (at least one), the documents a target's rewrites changed, and the error codes
that refuse them. Soundness is judged by python `jsonschema`, never by stitch: every value in a
contract's `.valid.jsonl` (values its own library accepts) must be accepted by the rewritten
presentation. `--sweep` also runs every target over every JSON file of the corpus and counts
crashes (exit codes other than 0, 1, 2).

Usage: bench/targets.py [CORPUS] [--stitch BINARY] [--sweep] (by hand, not in CI).
"""
import argparse, collections, concurrent.futures, json, pathlib, subprocess, sys
import binary  # bench/binary.py: where cargo puts the binaries

try:
    import jsonschema
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "jsonschema"], check=True)
    import jsonschema

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("corpus", nargs="?", default=str(here.parent / "shared" / "corpus"))
parser.add_argument("--stitch", help="the binary to run (default: a fresh release build)")
parser.add_argument("--sweep", action="store_true", help="also run every target over the whole corpus")
args = parser.parse_args()
if args.stitch:
    stitch = args.stitch
else:
    stitch = binary.stitch()
corpus = pathlib.Path(args.corpus)
targets = [t["name"] for t in json.loads(subprocess.run(
    [stitch, "targets", "--format", "json"], capture_output=True, text=True, check=True).stdout)["targets"]]
targets = list(dict.fromkeys(targets))


def documents():
    docs = sorted(p for p in (corpus / "contracts").rglob("*.json"))
    docs += sorted(p for p in (corpus / "mcp-tools").rglob("*.json"))
    return docs


def run(target, path, deep):
    cmd = [stitch, "flatten", "-v", "--no-verify", "--target", target, "--format", "json", str(path)]
    if deep:
        cmd.append("--deep")
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if done.returncode not in (0, 1, 2):
        return target, path, "crash", [], (0, 0)
    try:
        document = json.loads(done.stdout)
    except json.JSONDecodeError:
        return target, path, "crash", [], (0, 0)
    codes = [f["code"] for r in document["results"] for f in r["findings"]
             if f["code"].startswith("stitch::target::") and f["severity"] == "error"]
    rewritten = any(f["code"] == "stitch::target::rewritten"
                    for r in document["results"] for f in r["findings"])
    if rewritten:
        codes.append("(rewritten)")
    loaded = all(r["presentation"] is not None for r in document["results"])
    state = "unreadable" if not loaded else ("refused" if [c for c in codes if c[0] != "("] else "accepted")
    holes = judge(path, document["results"][0]["presentation"]) if loaded else (0, 0)
    return target, path, state, codes, holes


def schema_of(presentation):
    """The input schema of a bare schema or one tool (the contracts are single tools or schemas)."""
    for key in ("inputSchema", "input_schema", "parameters"):
        if isinstance(presentation, dict) and key in presentation:
            return presentation[key]
    if isinstance(presentation, dict) and "function" in presentation:
        return presentation["function"].get("parameters", {})
    return presentation


def judge(path, presentation):
    """(values, rejected): the library-accepted values of `path` the presentation rejects."""
    values = path.with_suffix(".valid.jsonl")
    if not values.exists():
        return (0, 0)
    schema = schema_of(presentation)
    validator = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)(schema)
    lines = [json.loads(l) for l in values.read_text().splitlines() if l.strip()]
    return (len(lines), sum(0 if validator.is_valid(v) else 1 for v in lines))


def table(deep):
    tally = collections.defaultdict(collections.Counter)
    reasons = collections.defaultdict(collections.Counter)
    jobs = [(t, p, deep) for t in targets for p in documents()]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for target, path, state, codes, (values, rejected) in pool.map(lambda j: run(*j), jobs):
            tally[target][state] += 1
            tally[target]["values"] += values
            tally[target]["rejected"] += rejected
            tally[target]["rewritten"] += "(rewritten)" in codes
            for code in set(codes) - {"(rewritten)"}:
                reasons[target][code.removeprefix("stitch::target::")] += 1
    mode = "--deep" if deep else "root"
    print(f"\n### {len(documents())} documents ({mode})\n")
    print("| target | accepted | refused | rewritten | crash | values rejected (python jsonschema) | most common refusals (documents) |")
    print("|---|---|---|---|---|---|---|")
    for target in targets:
        top = ", ".join(f"{c} {n}" for c, n in reasons[target].most_common(4))
        t = tally[target]
        print(f"| {target} | {t['accepted']} | {t['refused']} | {t['rewritten']} | {t['crash']} | {t['rejected']} / {t['values']} | {top} |")


def sweep():
    files = sorted(corpus.rglob("*.json"))
    jobs = [(t, p, False) for t in targets for p in files]
    crashes = []
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for target, path, state, _, _ in pool.map(lambda j: run(*j), jobs):
            if state == "crash":
                crashes.append((target, str(path)))
    print(f"\nsweep: {len(files)} files x {len(targets)} targets = {len(jobs)} runs, {len(crashes)} crashes")
    for crash in crashes[:20]:
        print("  ", *crash)


table(False)
table(True)
if args.sweep:
    sweep()
