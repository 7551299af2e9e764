#!/usr/bin/env python3
"""Flattens every corpus schema and tool (issue 3, issue 5; SPEC §10).

Runs the release `stitch flatten --no-verify` (verification is corpus-verify's) on each file,
one process per file under a 10 s cap, two at a time, and counts: unchanged, changed, refused at
loading, crashes, hangs, and the unions left in place by reason. Then, for every changed
document, bench/corpus-check generates values from the contract (noson, kept when the
contract's own validator accepts them) and counts how many the presentation accepts: all of
them must be. Usage: bench/corpus-flatten.sh [CORPUS] [--deep] [--collisions anyof|merge]
(run by hand, not in CI).
"""
import argparse, collections, concurrent.futures, json, pathlib, re, subprocess, tempfile
import binary  # bench/binary.py: where cargo puts the binaries

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("corpus", nargs="?", default=str(here.parent / "shared" / "corpus"))
parser.add_argument("--deep", action="store_true")
parser.add_argument("--collisions", default="anyof")
args = parser.parse_args()
flags = (["--deep"] if args.deep else []) + ["--collisions", args.collisions]

stitch = binary.stitch()
subprocess.run(["cargo", "build", "--release", "-q", "--manifest-path", "bench/corpus-check/Cargo.toml",
                "--target-dir", "target/bench"], cwd=here, check=True)
check = str(binary.path("stitch-corpus-check", target_dir=here / "target" / "bench"))
corpus = pathlib.Path(args.corpus)
schemas = corpus / "schemastore" / "schemas"
ref_map = ["--ref-map", f"https://json.schemastore.org/={schemas}/", "--ref-map", f"https://www.schemastore.org/={schemas}/"]
files = sorted(str(p) for d in ["schemastore/schemas", "mcp-tools", "contracts", "mcp-spec"] for p in (corpus / d).rglob("*.json"))
work = pathlib.Path(tempfile.mkdtemp())

def reason(message):
    text = message.split(", so")[0].split(" (")[0]
    return re.sub(r"branch \d+", "branch N", text)

def run(index_file):
    index, file = index_file
    out = work / f"{index}.json"
    try:
        done = subprocess.run([stitch, "flatten", "--no-verify", "--format", "json", *flags, *ref_map, "-o", str(out), file],
                              capture_output=True, timeout=10)
    except subprocess.TimeoutExpired:
        return file, "HANG", []
    code = done.returncode
    if code >= 100 or code < 0:
        return file, f"CRASH ({code})", []
    if code == 2:
        return file, "refused at loading", []
    if code != 0:
        return file, f"exit {code}", []
    left = []
    try:
        document = json.loads(done.stdout.decode())
        findings = [f for result in document["results"] for f in result["findings"]]
        left = [reason(n["message"]) for n in findings if n["code"] == "stitch::flatten::not_flattened"]
    except Exception:
        pass
    changed = json.load(open(file)) != json.load(open(out))
    out.unlink(missing_ok=True)
    return file, "changed" if changed else "unchanged", left

outcomes = collections.Counter()
left_in_place = collections.Counter()
changed = []
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for file, outcome, left in pool.map(run, enumerate(files)):
        outcomes[outcome] += 1
        left_in_place.update(left)
        if outcome == "changed":
            changed.append(file)
        if outcome.startswith(("HANG", "CRASH", "exit")):
            print("!!", outcome, file)
print(f"documents: {len(files)} ({' '.join(flags)})")
for k, n in outcomes.most_common():
    print(f"  {k}: {n}")
print("unions left in place, by reason:")
for k, n in left_in_place.most_common():
    print(f"  {n:5} {k}")
print("generated values (noson, seeds 0-199 per schema; 30 s per document):", flush=True)
line = re.compile(r": generated (\d+), valid under the contract (\d+), rejected by strict (\d+), by declared (\d+)$")

def generated(file):
    try:
        done = subprocess.run([check, *flags, *ref_map, file], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return file, None, []
    counts = [0, 0, 0, 0]
    for text in done.stdout.splitlines():
        found = line.search(text)
        if found:
            counts = [a + int(b) for a, b in zip(counts, found.groups())]
    rejected = [t for t in done.stdout.splitlines() if "presentation rejects" in t]
    return file, counts, rejected

totals = [0, 0, 0, 0]
timed_out = []
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    for file, counts, rejected in pool.map(generated, changed):
        if counts is None:
            timed_out.append(file)
            continue
        totals = [a + b for a, b in zip(totals, counts)]
        for text in rejected[:3]:
            print("  !!", text[:300])
print(f"  documents checked: {len(changed) - len(timed_out)} of {len(changed)} changed")
print(f"  generated {totals[0]}, valid under the contract {totals[1]}, rejected by the strict presentation {totals[2]}, by the declared presentation {totals[3]}")
for file in timed_out:
    print("  over 30 s:", file)
