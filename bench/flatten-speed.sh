#!/usr/bin/env bash
# SPEC §10, issue 16: `stitch flatten --no-verify` against the floor — serde_json parsing the
# input plus printing the presentation — on the five largest corpus schemas that load. Both
# are release builds timed with hyperfine in one run. The floor is not one process, so it is
# summed from three (examples/json_roundtrip.rs):
#   floor = T(parse the input) + T(parse and print the presentation) − T(parse the presentation)
# where each T is a whole process, so one process start is counted, as in stitch's own time.
# Prints per file: the floor, stitch --no-verify and their ratio (issue 16 asks at most 1.5),
# and the default, self-verifying `stitch flatten` as a multiple of the floor.
# Usage: bench/flatten-speed.sh [CORPUS]   (default ../shared/corpus). Needs hyperfine.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${1:-../shared/corpus}"
schemas="$corpus/schemastore/schemas"
cargo build --release --locked -q --bin stitch --example json_roundtrip
stitch=target/release/stitch
floor=target/release/examples/json_roundtrip
map=(--ref-map "https://json.schemastore.org/=$schemas/" --ref-map "https://www.schemastore.org/=$schemas/")
picked=()
while read -r file; do
    if "$stitch" inspect -q "${map[@]}" "$file" > /dev/null 2>&1; then
        picked+=("$file")
    fi
    [ "${#picked[@]}" -ge 5 ] && break
done < <(ls -S "$schemas"/*.json)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for file in "${picked[@]}"; do
    name=$(basename "$file")
    presentation="$out/presentation-$name"
    "$stitch" flatten -q --no-verify "${map[@]}" "$file" > "$presentation"
    hyperfine -N --warmup 2 --min-runs 20 --style none --export-json "$out/$name.json" \
        -n parse-input "$floor --parse-only $file" \
        -n print-presentation "$floor $presentation" \
        -n parse-presentation "$floor --parse-only $presentation" \
        -n stitch "$stitch flatten -q --no-verify ${map[*]} $file" \
        -n verifying "$stitch flatten -q ${map[*]} $file" > /dev/null 2>&1
    python3 - "$out/$name.json" "$name" "$(stat -c %s "$file")" "$(stat -c %s "$presentation")" <<'PY'
import json, sys
runs = {r["command"]: r["mean"] for r in json.load(open(sys.argv[1]))["results"]}
floor = runs["parse-input"] + runs["print-presentation"] - runs["parse-presentation"]
ratio = runs["stitch"] / floor
verifying = runs["verifying"] / floor
print(f"{sys.argv[2]:32} {int(sys.argv[3]):>8} B -> {int(sys.argv[4]):>8} B  floor {floor*1000:6.1f} ms  --no-verify {runs['stitch']*1000:6.1f} ms (ratio {ratio:4.2f})  verifying {runs['verifying']*1000:7.1f} ms ({verifying:5.1f}x)")
PY
done
