#!/usr/bin/env python3
"""What users are handed, over the tool contracts and MCP tool lists (issue 12).

For each document under CORPUS/contracts and CORPUS/mcp-tools, runs `stitch flatten --no-verify
--format json` at the root, with `--deep` and with `--deep --collisions merge`, and reports per
mode:
  - how many documents change (the presentation differs from the input as JSON);
  - the presentation/contract size ratio over the changed contracts (compact JSON, the bytes a
    provider is sent): median and worst, with the worst file;
  - the findings by code;
  - soundness, judged by python `jsonschema` (never by stitch): every value in a contract's
    `.valid.jsonl` (values its own library accepts) must be accepted by the presentation.
Usage: bench/presentations.py [CORPUS] [--stitch BINARY] (run by hand, not in CI; give an older
build's binary to compare before and after).
"""
import argparse, collections, importlib.metadata, json, pathlib, statistics, subprocess, sys
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
args = parser.parse_args()
if args.stitch:
    stitch = args.stitch
else:
    stitch = binary.stitch()
corpus = pathlib.Path(args.corpus)

def compact(value):
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())

def judged(presentation, path):
    """(values, holes): the library-accepted values of `path` and those the presentation rejects."""
    values = path.with_name(path.stem + ".valid.jsonl")
    if not values.exists():
        return 0, []
    check = jsonschema.validators.validator_for(presentation)(presentation)
    lines = [line for line in values.read_text().splitlines() if line.strip()]
    return len(lines), [line for line in lines if not check.is_valid(json.loads(line))]

def documents(folder):
    return sorted(p for p in (corpus / folder).rglob("*.json"))

for folder in ["contracts", "mcp-tools"]:
    files = documents(folder)
    for mode in [[], ["--deep"], ["--deep", "--collisions", "merge"]]:
        changed, ratios, codes, refused = 0, [], collections.Counter(), 0
        values, holes = 0, []
        for path in files:
            run = subprocess.run([stitch, "flatten", "--no-verify", "--format", "json", "-v", *mode, str(path)],
                                 capture_output=True, text=True, timeout=60)
            try:
                report = json.loads(run.stdout)
            except json.JSONDecodeError:
                refused += 1
                continue
            for finding in report.get("findings", []):
                codes[finding["code"]] += 1
            original = json.loads(path.read_text())
            for result in report.get("results", []):
                for finding in result.get("findings", []):
                    codes[finding["code"]] += 1
                presentation = result.get("presentation")
                if presentation is None:
                    refused += 1
                    continue
                count, rejected = judged(presentation, path)
                values += count
                holes.extend(f"{path.name}: {line}" for line in rejected)
                if presentation != original:
                    changed += 1
                    if folder == "contracts":
                        ratios.append((compact(presentation) / compact(original), path.name))
        label = f"{folder} {' '.join(mode) or 'root'}"
        print(f"{label}: {changed} of {len(files)} documents change ({refused} refused)")
        if ratios:
            worst = max(ratios)
            print(f"  size ratio over {len(ratios)} changed: median {statistics.median(r for r, _ in ratios):.3f}, "
                  f"worst {worst[0]:.3f} ({worst[1]})")
        for code, count in sorted(codes.items()):
            print(f"  {code}: {count}")
        if values:
            print(f"  python jsonschema {importlib.metadata.version('jsonschema')}: "
                  f"{values} library-accepted values, {len(holes)} rejected by the presentation")
            for hole in holes[:10]:
                print(f"    HOLE {hole}")
