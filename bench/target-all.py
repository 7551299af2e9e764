#!/usr/bin/env python3
"""`stitch flatten --target all` over the contracts and MCP tool lists (issue 13, C4): one run
per file, then a table of accepted (as flattened) / fixed (after the target's rewrites) /
refused per target, counted per input schema for tool lists' tools together (one row per file).
A run that exits other than 0, or whose output is not the JSON document, is a crash.

Usage: bench/target-all.py [--stitch BINARY] [--corpus DIR] (by hand; figures in bench/README).
"""
import argparse, collections, concurrent.futures, json, os, pathlib, subprocess, sys, time
import binary  # bench/binary.py: where cargo puts the binaries

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("--corpus", default=str(here.parent / "shared" / "corpus"))
parser.add_argument("--stitch", default=str(binary.path()))
args = parser.parse_args()


def run(path):
    done = subprocess.run([args.stitch, "flatten", "--target", "all", "--format", "json", str(path)],
                          capture_output=True, text=True, timeout=600)
    try:
        return path, done.returncode, json.loads(done.stdout)
    except json.JSONDecodeError:
        return path, done.returncode, None


corpus = pathlib.Path(args.corpus)
for folder in ("contracts", "mcp-tools"):
    files = sorted(p for p in (corpus / folder).rglob("*.json"))
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(run, files))
    table = collections.defaultdict(collections.Counter)
    crashes = []
    for path, code, document in results:
        if code != 0 or document is None:
            crashes.append(f"{path.name}: exit {code}")
            continue
        for result in document["results"]:
            for row in result["targets"]:
                table[row["target"]][row["verdict"]] += 1
                table[row["target"]]["narrowed"] += row["narrowed"]
    print(f"\n{folder}: {len(files)} files, {len(crashes)} crashes, {time.time() - start:.0f} s")
    print(f"| target | accepted | fixed | refused | narrowed |\n|---|---|---|---|---|")
    for target, c in table.items():
        print(f"| {target} | {c['accepted']} | {c['fixed']} | {c['refused']} | {c['narrowed']} |")
    for crash in crashes:
        print("CRASH", crash)
