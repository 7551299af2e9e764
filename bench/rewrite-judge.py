#!/usr/bin/env python3
"""Independent soundness check of `flatten --target` rewrites (issue 13, C4).

For each document of CORPUS where a target's rewrites were kept, writes the presentation before
the rewrites (`flatten --no-verify`) and after (`--target NAME`), samples values of the former
with `stitch sample` and asks python `jsonschema` — never stitch — whether each value it accepts
under the former is accepted by the latter. Any value rejected is a wrong `proven`.

Usage: bench/rewrite-judge.py [CORPUS] [--stitch BINARY] [--target NAME] [-n N] (by hand).
"""
import argparse, json, pathlib, subprocess, sys, tempfile
import binary  # bench/binary.py: where cargo puts the binaries

try:
    import jsonschema
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "jsonschema"], check=True)
    import jsonschema

here = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("corpus", nargs="?", default=str(here.parent / "shared" / "corpus"))
parser.add_argument("--stitch", default=str(binary.path()))
parser.add_argument("--target", default="gemini")
parser.add_argument("-n", type=int, default=100)
args = parser.parse_args()


def flatten(path, *extra):
    done = subprocess.run([args.stitch, "flatten", "-v", "--no-verify", "--format", "json", *extra, str(path)],
                          capture_output=True, text=True, timeout=120)
    try:
        result = json.loads(done.stdout)["results"][0]
    except (json.JSONDecodeError, IndexError, KeyError):
        return None, []
    return result["presentation"], [f["code"] for f in result["findings"]]


def validator(schema):
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema)


documents = rewritten = values = rejected = skipped = 0
for path in sorted(pathlib.Path(args.corpus).rglob("*.json")):
    after, codes = flatten(path, "--target", args.target, "--envelope", "keep")
    if after is None or "stitch::target::rewritten" not in codes:
        continue
    before, _ = flatten(path)
    if before is None:
        continue
    rewritten += 1
    # In the system's temporary folder: nothing is ever written beside the corpus (a document
    # whose relative file references then fail to load is counted as skipped).
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=True) as tmp:
        json.dump(before, tmp)
        tmp.flush()
        try:
            done = subprocess.run([args.stitch, "sample", "-q", "-n", str(args.n), tmp.name],
                                  capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            skipped += 1
            continue
    lines = [json.loads(l) for l in done.stdout.splitlines() if l.strip()]
    if not lines:
        skipped += 1
        continue
    try:
        v_before, v_after = validator(before), validator(after)
        kept = [v for v in lines if v_before.is_valid(v)]
        bad = [v for v in kept if not v_after.is_valid(v)]
    except Exception as e:  # a schema python jsonschema cannot handle (remote refs, regex dialect)
        print(f"skip {path.name}: {type(e).__name__}")
        skipped += 1
        continue
    documents += 1
    values += len(kept)
    rejected += len(bad)
    if bad:
        print(f"HOLE {path}: {json.dumps(bad[0])[:200]}")
print(f"{args.target}: {rewritten} documents rewritten, {documents} judged ({skipped} skipped), "
      f"{values} values valid before, {rejected} rejected after")
