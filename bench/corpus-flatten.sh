#!/usr/bin/env bash
# Flattens every corpus schema and tool with the release binary (`--no-verify`: verification is
# bench/corpus-verify.sh's), one process each under a 10 s cap, and counts: loaded and
# flattened, left in place (by reason), refused at loading (by code), crashes, hangs. Then checks, for every changed document, that values generated from the
# contract (noson, filtered by the contract's own validator) are accepted by the presentation.
# Usage: bench/corpus-flatten.sh [CORPUS] [FLATTEN FLAGS: --deep, --collisions merge]
#        (default ../shared/corpus). Run by hand, not in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${1:-../shared/corpus}"
shift || true
flags=("$@")
schemas="$corpus/schemastore/schemas"
cargo build --release --locked -q
cargo build --release -q --manifest-path bench/corpus-check/Cargo.toml --target-dir target/bench
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
map=(--ref-map "https://json.schemastore.org/=$schemas/" --ref-map "https://www.schemastore.org/=$schemas/")
find "$corpus/schemastore/schemas" "$corpus/mcp-tools" "$corpus/contracts" "$corpus/mcp-spec" -name '*.json' | sort > "$out/files"
: > "$out/results"
while read -r file; do
    set +e
    timeout 10 target/release/stitch flatten --no-verify --format json "${flags[@]}" "${map[@]}" -o "$out/p.json" "$file" 2> "$out/notes.json" > /dev/null
    code=$?
    set -e
    changed=0
    if [ "$code" = 0 ] && ! python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' "$file" "$out/p.json"; then
        changed=1
    fi
    python3 - "$file" "$code" "$changed" "$out/notes.json" >> "$out/results" <<'PY'
import json, sys
file, code, changed, notes = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
kinds = []
try:
    doc = json.load(open(notes))
    for n in doc.get("notes", []):
        if n["code"] == "stitch::flatten::not_flattened":
            kinds.append("left-in-place: " + n["message"].split(", so")[0].split(" (")[0].replace("branch 1", "branch N").replace("branch 2", "branch N").replace("branch 3", "branch N"))
except Exception:
    pass
if code == 124: outcome = "HANG"
elif code >= 100: outcome = f"CRASH ({code})"
elif code == 2: outcome = "refused at loading"
elif code == 0 and changed == "1": outcome = "changed"
elif code == 0: outcome = "unchanged"
else: outcome = f"exit {code}"
print(json.dumps({"file": file, "outcome": outcome, "left": kinds}))
PY
done < "$out/files"
python3 - "$out/results" <<'PY'
import json, sys, collections
rows = [json.loads(l) for l in open(sys.argv[1])]
print(f"documents: {len(rows)}")
for k, v in collections.Counter(r["outcome"] for r in rows).most_common():
    print(f"  {k}: {v}")
print("unions left in place, by reason:")
for k, v in collections.Counter(x for r in rows for x in r["left"]).most_common():
    print(f"  {v:4} {k}")
for r in rows:
    if r["outcome"].startswith(("HANG", "CRASH")):
        print("  !!", r["outcome"], r["file"])
PY
grep '"changed"' "$out/results" | python3 -c 'import json,sys; [print(json.loads(l)["file"]) for l in sys.stdin]' > "$out/changed"
echo "generated values (noson, seeds 0-199 per schema):"
xargs -a "$out/changed" target/bench/release/stitch-corpus-check "${flags[@]}" "${map[@]}" | tail -n 30
