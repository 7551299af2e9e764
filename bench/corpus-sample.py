#!/usr/bin/env python3
"""`stitch sample -n 100` on every corpus schema (issue 4; SPEC §10), and an independent judge.

For each schema (each tool of a tool list) it records whether values came out, and how many of
the sampler's attempts gave valid values (the sampler's yield, SPEC §10: at least 95% on the
schemas that have any valid value). Every value emitted is then re-checked by ajv (ECMA-262
regular expressions, like the spec's; installed under target/bench-node): at least 99.9% must
agree, and every disagreement is listed. (That every `.valid.jsonl` value of the contracts is
accepted by the verifier's notion of its contract is a test: tests/contracts.rs.)
Usage: bench/corpus-sample.py [-n 100] [CORPUS]   (run by hand, not in CI)
"""
import argparse, collections, concurrent.futures, json, os, pathlib, re, subprocess
import binary  # bench/binary.py: where cargo puts the binaries

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("corpus", nargs="?", default=str(here.parent / "shared" / "corpus"))
parser.add_argument("-n", type=int, default=100)
parser.add_argument("--judge-only", action="store_true", help="re-judge the values of the last run with ajv")
args = parser.parse_args()
stitch = binary.stitch()
node_dir = here / "target" / "bench-node"
if not (node_dir / "node_modules" / "ajv").exists():
    node_dir.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "init", "-y"], cwd=node_dir, check=True, capture_output=True)
    subprocess.run(["npm", "install", "ajv@8", "ajv-draft-04"], cwd=node_dir, check=True, capture_output=True)
corpus = pathlib.Path(args.corpus)
schemas_dir = corpus / "schemastore" / "schemas"
ref_map = ["--ref-map", f"https://json.schemastore.org/={schemas_dir}/", "--ref-map", f"https://www.schemastore.org/={schemas_dir}/"]

def targets(file):
    done = subprocess.run([stitch, "inspect", "-q", "--format", "json", *ref_map, file], capture_output=True)
    try:
        found = json.loads(done.stdout)["inputs"][0]
    except Exception:
        return []
    if not found.get("loaded"):
        return []
    if found["kind"] == "tools":
        return [(file, s["name"], s["pointer"]) for s in found["schemas"]]
    return [(file, None, s["pointer"]) for s in found["schemas"]]

def sample(target):
    file, tool, pointer = target
    command = [stitch, "sample", "-v", "--color", "never", "-n", str(args.n), *ref_map, file] + (["--tool", tool] if tool else [])
    try:
        done = subprocess.run(command, capture_output=True, timeout=120, env={**os.environ, "COLUMNS": "10000"})
    except subprocess.TimeoutExpired:
        return target, "HANG", [], 0, 0
    values = [json.loads(l) for l in done.stdout.decode().split("\n") if l.strip()]
    counts = re.search(r"(\d+) attempts, (\d+) values generated, (\d+) valid", done.stderr.decode().replace("\n", " ").replace("│", ""))
    attempts, valid = (int(counts.group(1)), int(counts.group(3))) if counts else (0, 0)
    return target, done.returncode, values, attempts, valid

saved = here / "target" / "bench-sample" / "emitted.jsonl"
if not args.judge_only:
    files = sorted(str(p) for p in corpus.rglob("*.json"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        all_targets = [t for ts in pool.map(targets, files) for t in ts]
        results = list(pool.map(sample, all_targets))
    outcome = collections.Counter()
    emitted = []
    attempts = sum(r[3] for r in results if r[2])
    valid = sum(r[4] for r in results if r[2])
    for (file, tool, pointer), code, values, _, _ in results:
        outcome["yields values" if values else f"no value (exit {code})"] += 1
        emitted.extend((file, pointer, v) for v in values)
        if not values:
            print(f"  no value (exit {code}): {os.path.relpath(file, corpus)} {tool or ''}")
    print(f"schemas sampled: {len(results)}")
    for k, n in outcome.most_common():
        print(f"  {k}: {n} ({100 * n / len(results):.1f}%)")
    full = sum(1 for r in results if len(r[2]) >= args.n)
    print(f"  with all {args.n} values: {full}")
    print(f"yield on the schemas that yield values: {valid} valid of {attempts} attempts ({100 * valid / max(attempts, 1):.1f}%)")
    worst = sorted((r[4] / r[3], r[0]) for r in results if r[2] and r[3])[:12]
    print("lowest yields: " + ", ".join(f"{os.path.basename(t[0])}{' ' + t[1] if t[1] else ''} {100 * y:.0f}%" for y, t in worst))
    saved.parent.mkdir(parents=True, exist_ok=True)
    with open(saved, "w") as f:
        for file, pointer, value in emitted:
            f.write(json.dumps({"schema": file, "pointer": pointer, "value": value}) + "\n")
# ajv, the independent judge
with open(saved) as f:
    emitted = [(d["schema"], d["pointer"], d["value"]) for d in map(json.loads, f)]
with open(saved) as f:
    judged = subprocess.run(["node", str(here / "bench" / "ajv-check.mjs"), str(schemas_dir), str(node_dir)], stdin=f, capture_output=True, text=True)
verdicts = judged.stdout.split("\n")[:-1]
agree = sum(1 for v in verdicts if v == "ok")
errors = collections.Counter(v for v in verdicts if v.startswith("error"))
judged_count = len(verdicts) - sum(errors.values())
print(f"values emitted: {len(emitted)}; ajv compiled the schema for {judged_count}: agrees on {agree} ({100 * agree / max(judged_count, 1):.2f}%)")
for k, n in errors.most_common(5):
    where = sorted({os.path.relpath(f, corpus) for (f, _, _), v in zip(emitted, verdicts) if v == k})
    print(f"  ajv could not judge {n} values ({', '.join(where[:6])}): {k[:150]}")
by_schema = collections.Counter()
for (file, pointer, value), v in zip(emitted, verdicts):
    if v.startswith("rejected"):
        by_schema[(file, pointer, v[:300])] += 1
for (file, pointer, why), n in sorted(by_schema.items()):
    print(f"  DISAGREE x{n} {os.path.relpath(file, corpus)}#{pointer}: {why}")
