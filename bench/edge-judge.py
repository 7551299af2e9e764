#!/usr/bin/env python3
"""Judges the edge cases of tests/edge_props.rs with python `jsonschema` (issue 11): the
validator crate stitch uses shares the draft readings that property test checks, so an
independent validator must agree that every value the contract accepts, the presentation
accepts too.

Runs the property test with STITCH_EDGE_DUMP set (PROPTEST_CASES cases, default 300), then for
each dumped case and value: is it valid under the contract (python), and under the presentation
(python)? A value the contract accepts and the presentation rejects is a superset hole; the
script prints each and exits 1. Values python judges invalid under the contract (stitch's
sampler draws from close(C) under `declared`, which python cannot read) are counted apart.
Usage: bench/edge-judge.py [--cases N]     (run by hand; installs jsonschema with pip if missing)
"""
import argparse, importlib.metadata, json, os, pathlib, subprocess, sys, tempfile

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("--cases", type=int, default=300)
args = parser.parse_args()

try:
    import jsonschema
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "jsonschema"], check=True)
    import jsonschema

dump = pathlib.Path(tempfile.mkdtemp(prefix="stitch-edge-"))
env = {**os.environ, "STITCH_EDGE_DUMP": str(dump), "PROPTEST_CASES": str(args.cases)}
done = subprocess.run(["cargo", "test", "--locked", "--test", "edge_props"], cwd=here, env=env,
                      capture_output=True, text=True)
if done.returncode != 0:
    print(done.stdout[-4000:], done.stderr[-4000:])
    sys.exit("the property test itself failed")

def validator(schema):
    cls = jsonschema.validators.validator_for(schema)
    # Formats are annotations for stitch (L2); python's default is the same.
    return cls(schema)

cases = sorted(dump.glob("case-*.json"))
counts = {"cases": len(cases), "values": 0, "contract accepts": 0, "presentation accepts": 0,
          "contract rejects (close(C) value)": 0, "holes": 0}
for path in cases:
    case = json.loads(path.read_text())
    contract, presentation = validator(case["contract"]), validator(case["presentation"])
    for value in case["values"]:
        counts["values"] += 1
        if not contract.is_valid(value):
            counts["contract rejects (close(C) value)"] += 1
            continue
        counts["contract accepts"] += 1
        if presentation.is_valid(value):
            counts["presentation accepts"] += 1
        else:
            counts["holes"] += 1
            print("HOLE", path.name, json.dumps(value)[:200])
for k, n in counts.items():
    print(f"{k}: {n}")
print(f"python jsonschema {importlib.metadata.version('jsonschema')}; cases in {dump}")
sys.exit(1 if counts["holes"] else 0)
