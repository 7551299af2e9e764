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
Then judges every flatten fixture's accept.jsonl and reject.jsonl the same way, and every verify
fixture's counterexample (valid under SUB, invalid under SUP).
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

# The flatten fixtures' own values, judged the same way: each accept.jsonl value is valid under the
# contract and under the presentation (python), each reject.jsonl value invalid under the
# presentation. A regular expression python cannot finish in time is skipped (f6-2's is built to
# defeat backtracking engines).
fixture_counts = {"fixtures": 0, "accept values": 0, "reject values": 0, "disagreements": 0}
for folder in sorted((here / "fixtures" / "flatten").iterdir()):
    contract_path = folder / "contract.json"
    if not contract_path.exists() or folder.name.startswith("f6-2-undecidable"):
        continue
    fixture_counts["fixtures"] += 1
    contract = validator(json.loads(contract_path.read_text()))
    presentation = validator(json.loads((folder / "presentation.json").read_text()))
    for name, want in (("accept.jsonl", True), ("reject.jsonl", False)):
        path = folder / name
        for line in (path.read_text().splitlines() if path.exists() else []):
            if not line.strip():
                continue
            value = json.loads(line)
            fixture_counts["accept values" if want else "reject values"] += 1
            ok = presentation.is_valid(value) == want and (not want or contract.is_valid(value))
            if not ok:
                fixture_counts["disagreements"] += 1
                print("DISAGREES", folder.name, name, line[:200])
# The verify fixtures' counterexamples: valid under SUB and invalid under SUP (python).
for folder in sorted((here / "fixtures" / "verify").iterdir()):
    expected = json.loads((folder / "expected.json").read_text())
    if expected.get("verdict") != "refuted":
        continue
    fixture_counts["counterexamples"] = fixture_counts.get("counterexamples", 0) + 1
    sub = validator(json.loads((folder / "sub.json").read_text()))
    sup = validator(json.loads((folder / "sup.json").read_text()))
    value = expected["counterexample"]["value"]
    options = folder / "options.json"
    strict = options.exists() and json.loads(options.read_text()).get("semantics") == "strict"
    # Under `declared`, SUB's value is one of close(SUB), which python reads as SUB: valid too.
    if not (sub.is_valid(value) and not sup.is_valid(value)):
        fixture_counts["disagreements"] += 1
        print("DISAGREES", folder.name, json.dumps(value)[:200], "strict" if strict else "declared")
for k, n in fixture_counts.items():
    print(f"{k}: {n}")
counts["holes"] += fixture_counts["disagreements"]
print(f"python jsonschema {importlib.metadata.version('jsonschema')}; cases in {dump}")
sys.exit(1 if counts["holes"] else 0)
