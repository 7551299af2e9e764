#!/usr/bin/env python3
"""Each target at each of its dates over the corpus's tools (issue 41).

For every profile (`stitch targets --format json`: every name at every date) and every
document under CORPUS/contracts and CORPUS/mcp-tools, runs `stitch flatten --target NAME@DATE
--format json` and counts per profile: documents accepted as flattened, fixed by the target's
rewrites (a `stitch::target::rewritten` finding), refused (an error finding of a
`stitch::target::` code), and the warnings per document (every code). Prints a Markdown table.

Usage: bench/targets-dated.py [CORPUS] [--stitch BINARY] (by hand, not in CI).
"""
import argparse, collections, concurrent.futures, json, pathlib, subprocess
import binary  # bench/binary.py: where cargo puts the binaries

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("corpus", nargs="?", default=str(here.parent / "shared" / "corpus"))
parser.add_argument("--stitch", help="the binary to run (default: a fresh release build)")
args = parser.parse_args()
stitch = args.stitch or binary.stitch()
corpus = pathlib.Path(args.corpus)
profiles = json.loads(subprocess.run([stitch, "targets", "--format", "json"],
                                     capture_output=True, text=True, check=True).stdout)["targets"]
dates = collections.defaultdict(list)
for p in profiles:
    dates[p["name"]].append(p["id"])
ids = [i for ids in dates.values() for i in ids]
docs = sorted((corpus / "contracts").rglob("*.json")) + sorted((corpus / "mcp-tools").rglob("*.json"))


def run(profile, path):
    done = subprocess.run([stitch, "flatten", "-v", "--target", profile, "--format", "json", str(path)],
                          capture_output=True, text=True, timeout=300)
    if done.returncode not in (0, 1):
        return profile, path, "failed", 0
    findings = [f for r in json.loads(done.stdout)["results"] for f in r["findings"]]
    refused = any(f["severity"] == "error" and f["code"].startswith("stitch::target::") for f in findings)
    fixed = any(f["code"] == "stitch::target::rewritten" for f in findings)
    warnings = sum(f["severity"] == "warning" for f in findings)
    return profile, path, "refused" if refused else "fixed" if fixed else "accepted", warnings


counts = collections.defaultdict(collections.Counter)
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    for profile, path, verdict, warnings in pool.map(lambda a: run(*a), [(i, d) for i in ids for d in docs]):
        counts[profile][verdict] += 1
        counts[profile]["warnings"] += warnings
print(f"{len(docs)} documents ({corpus}/contracts, {corpus}/mcp-tools)\n")
print("| profile | accepted | fixed | refused | failed | warnings per document |")
print("|---|---:|---:|---:|---:|---:|")
for i in ids:
    c = counts[i]
    print(f"| {i} | {c['accepted']} | {c['fixed']} | {c['refused']} | {c['failed']} | {c['warnings'] / len(docs):.2f} |")
