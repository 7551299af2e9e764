#!/usr/bin/env python3
"""Flatten and verify every corpus schema, tool and contract (issue 4; SPEC §10).

Runs `stitch flatten --format json` (which verifies its own output) on each file, one process
per file under a time cap, two at a time, and counts verdicts: proven / unknown / refuted, with
the reasons for unknown, plus crashes, hangs and files refused at loading. Refuted must be 0.
Usage: bench/corpus-verify.sh [--semantics declared|strict] [--deep] [--collisions anyof|merge]
       [--timeout S] [--list] [--stitch BINARY] [CORPUS]
       (run by hand, not in CI; builds the release binary first unless --stitch names one)
"""
import argparse, collections, concurrent.futures, json, os, pathlib, subprocess, sys, time
import binary  # bench/binary.py: where cargo puts the binaries

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("corpus", nargs="?", default=str(here.parent / "shared" / "corpus"))
parser.add_argument("--semantics", default="declared")
parser.add_argument("--timeout", type=float, default=60)
parser.add_argument("--list", action="store_true", help="print every unknown with its file")
parser.add_argument("--deep", action="store_true", help="flatten with --deep")
parser.add_argument("--collisions", default="anyof", help="anyof or merge")
parser.add_argument("--stitch", help="a stitch binary to run instead of building this checkout's (to compare two versions)")
args = parser.parse_args()

if args.stitch:
    stitch = pathlib.Path(args.stitch)
else:
    stitch = pathlib.Path(binary.stitch())
corpus = pathlib.Path(args.corpus)
schemas = corpus / "schemastore" / "schemas"
ref_map = ["--ref-map", f"https://json.schemastore.org/={schemas}/", "--ref-map", f"https://www.schemastore.org/={schemas}/"]
files = sorted(str(p) for p in corpus.rglob("*.json"))

extra = (["--deep"] if args.deep else []) + ["--collisions", args.collisions]

def run(file):
    started = time.monotonic()
    try:
        done = subprocess.run([str(stitch), "flatten", "-q", "--format", "json", "--semantics", args.semantics, *ref_map, *extra, file],
                              capture_output=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return file, "HANG", [], args.timeout
    elapsed = time.monotonic() - started
    if done.returncode >= 100 or done.returncode < 0:
        return file, f"CRASH ({done.returncode})", [], elapsed
    if done.returncode == 2:
        return file, "refused at loading", [], elapsed
    try:
        return file, "ran", read_verdicts(done), elapsed
    except Exception:
        return file, f"unreadable output (exit {done.returncode})", [], elapsed

def read_verdicts(done):
    """The verdicts of a `flatten --format json` run: formatVersion 2 on standard output, or
    formatVersion 1 (stitch before issue 10) on standard error."""
    if done.stdout.strip():
        document = json.loads(done.stdout.decode())
        return [v for result in document["results"] for v in result["verdicts"]]
    return json.loads(done.stderr.decode()).get("verdicts", [])

outcomes = collections.Counter()
verdicts = collections.Counter()
reasons = collections.Counter()
unknown_files = []
slow = []
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for file, outcome, found, elapsed in pool.map(run, files):
        outcomes[outcome] += 1
        if outcome.startswith(("HANG", "CRASH", "unreadable")):
            print(outcome, file)
        slow.append((elapsed, file))
        for v in found:
            kind = v["verdict"] if v.get("provenBy") != "identity" else "unchanged"
            verdicts[kind] += 1
            if v["verdict"] == "unknown":
                r = v.get("reason") or {}
                reasons[f"`{r.get('keyword')}`: {r.get('message', '')[:100]}"] += 1
                unknown_files.append((file, v.get("name"), r))
            if v["verdict"] == "refuted":
                print("REFUTED", file, json.dumps(v.get("counterexample"))[:400])
print(f"files: {len(files)}")
for k, n in outcomes.most_common():
    print(f"  {k}: {n}")
changed = verdicts["proven"] + verdicts["unknown"] + verdicts["refuted"]
print(f"schemas: {sum(verdicts.values())} ({verdicts['unchanged']} unchanged by flattening, {changed} changed)")
for k in ["proven", "unknown", "refuted"]:
    share = f" ({100 * verdicts[k] / changed:.1f}% of changed)" if changed else ""
    print(f"  {k}: {verdicts[k]}{share}")
print("unknown, by reason:")
for k, n in reasons.most_common():
    print(f"  {n:4} {k}")
if args.list:
    for file, name, r in unknown_files:
        print(f"  {file} [{name}] {r.get('pointer')}: {r.get('message')}")
print("slowest:", ", ".join(f"{os.path.basename(f)} {t:.1f}s" for t, f in sorted(slow, reverse=True)[:5]))
