#!/usr/bin/env python3
"""`stitch verify` side by side with jsoncompat (issue 4) on the same pairs: each corpus schema
(each tool's input schema) that flattening changes, against its presentation. The question is
the same for both — does the presentation accept every value of the contract? — which is
`jsoncompat compat --role deserializer OLD NEW` and `stitch verify OLD NEW --semantics strict`
on the presentation flattened with `--semantics strict` (jsoncompat reads schemas literally);
stitch's default, `declared` on the `declared` presentation, is reported beside it.
Prints how many pairs each decides and the total time of each over all pairs, measured in one
run, alternating. Usage: bench/jsoncompat.py [CORPUS]  (needs `cargo install jsoncompat`)
"""
import json, os, pathlib, shutil, subprocess, sys, tempfile, time, collections
import binary  # bench/binary.py: where cargo puts the binaries

here = pathlib.Path(__file__).resolve().parent.parent
corpus = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else here.parent / "shared" / "corpus")
jsoncompat = shutil.which("jsoncompat") or os.path.expanduser("~/.cargo/bin/jsoncompat")
if not os.path.exists(jsoncompat):
    sys.exit("jsoncompat is not installed: cargo install jsoncompat")
stitch = binary.stitch()
schemas_dir = corpus / "schemastore" / "schemas"
ref_map = ["--ref-map", f"https://json.schemastore.org/={schemas_dir}/", "--ref-map", f"https://www.schemastore.org/={schemas_dir}/"]
work = pathlib.Path(tempfile.mkdtemp())

def pointer_get(value, pointer):
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value

pairs = []
for file in sorted(corpus.rglob("*.json")):
    done = subprocess.run([stitch, "inspect", "-q", "--format", "json", *ref_map, str(file)], capture_output=True)
    try:
        found = json.loads(done.stdout)["inputs"][0]
    except Exception:
        continue
    if not found.get("loaded") or any(not (r.get("to") or "").startswith("#") for r in found.get("references", [])):
        continue  # jsoncompat is given one file each: schemas referring to other files are left out
    presentations = {}
    for semantics in ["strict", "declared"]:
        out = work / f"p-{semantics}.json"
        if subprocess.run([stitch, "flatten", "-q", "--no-verify", "--semantics", semantics, "-o", str(out), str(file)], capture_output=True).returncode != 0:
            break
        presentations[semantics] = json.load(open(out))
    if len(presentations) < 2:
        continue
    contract = json.load(open(file))
    for s in found["schemas"]:
        a = pointer_get(contract, s["pointer"])
        b = {k: pointer_get(v, s["pointer"]) for k, v in presentations.items()}
        if a == b["strict"] and a == b["declared"]:
            continue
        n = len(pairs)
        paths = [work / f"{n}-{k}.json" for k in ["old", "strict", "declared"]]
        for path, value in zip(paths, [a, b["strict"], b["declared"]]):
            json.dump(value, open(path, "w"))
        pairs.append((f"{file.relative_to(corpus)}#{s['pointer']}", *paths))

def run_stitch(pa, pb, semantics):
    done = subprocess.run([stitch, "verify", "-q", "--format", "json", "--semantics", semantics, str(pa), str(pb)], capture_output=True, timeout=300)
    try:
        return json.loads(done.stdout)["results"][0]["verdict"]
    except Exception:
        return f"error (exit {done.returncode})"

def run_jsoncompat(pa, pb):
    try:
        done = subprocess.run([jsoncompat, "compat", "--role", "deserializer", "--json", str(pa), str(pb)], capture_output=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "timeout"
    try:
        return json.loads(done.stdout)["status"]
    except Exception:
        lines = done.stderr.decode().splitlines()
        cause = next((lines[i + 1].strip() for i, l in enumerate(lines[:-1]) if l.startswith("Caused by")), lines[0] if lines else "")
        return "error: " + cause.split(" at ")[0][:60]

tally = {k: collections.Counter() for k in ["stitch strict", "stitch declared", "jsoncompat"]}
seconds = collections.Counter()
disagreements = []
subset = collections.Counter()  # time over the pairs jsoncompat reads (no error)
for name, pa, strict, declared in pairs:
    t = time.perf_counter(); j = run_jsoncompat(pa, strict); seconds["jsoncompat"] += time.perf_counter() - t
    t = time.perf_counter(); s = run_stitch(pa, strict, "strict"); seconds["stitch strict"] += time.perf_counter() - t
    t = time.perf_counter(); d = run_stitch(pa, declared, "declared"); seconds["stitch declared"] += time.perf_counter() - t
    tally["jsoncompat"][j] += 1; tally["stitch strict"][s] += 1; tally["stitch declared"][d] += 1
    if not j.startswith("error"):
        subset["pairs"] += 1
        subset["jsoncompat"] += seconds["jsoncompat"] - subset["jsoncompat total"]
        subset["stitch strict"] += seconds["stitch strict"] - subset["stitch total"]
    subset["jsoncompat total"] = seconds["jsoncompat"]
    subset["stitch total"] = seconds["stitch strict"]
    if (s == "proven" and j == "incompatible") or (s == "refuted" and j == "compatible"):
        disagreements.append((name, s, j))
print(f"pairs (contract, presentation) with local references only: {len(pairs)}")
print("| tool | decided | verdicts | total time | per pair |")
print("|---|---|---|---|---|")
for k in ["stitch strict", "stitch declared", "jsoncompat"]:
    decided = tally[k]["proven"] + tally[k]["refuted"] + tally[k]["compatible"] + tally[k]["incompatible"]
    verdicts = ", ".join(f"{v} {n}" for v, n in tally[k].most_common())
    print(f"| {k} | {decided} of {len(pairs)} | {verdicts} | {seconds[k]:.2f} s | {1000 * seconds[k] / max(len(pairs), 1):.0f} ms |")
print(f"time ratio stitch strict / jsoncompat, all pairs: {seconds['stitch strict'] / max(seconds['jsoncompat'], 1e-9):.2f}")
print(f"on the {subset['pairs']} pairs jsoncompat reads: stitch {subset['stitch strict']:.2f} s, jsoncompat {subset['jsoncompat']:.2f} s, ratio {subset['stitch strict'] / max(subset['jsoncompat'], 1e-9):.2f}")
for name, s, j in disagreements:
    print(f"  disagree: {name}: stitch {s}, jsoncompat {j}")
shutil.rmtree(work)
