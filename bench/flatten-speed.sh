#!/usr/bin/env bash
# SPEC §10: `stitch flatten --no-verify` against a serde_json parse-and-pretty-print of the same
# file (examples/json_roundtrip.rs), both release builds, timed with hyperfine in one run, on the
# five largest corpus schemas that load. Prints the ratio per file (the target is at most 3),
# and the default, self-verifying `stitch flatten` beside it.
# Usage: bench/flatten-speed.sh [CORPUS]   (default ../shared/corpus). Needs hyperfine.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${1:-../shared/corpus}"
schemas="$corpus/schemastore/schemas"
cargo build --release --locked -q --bin stitch --example json_roundtrip
stitch=target/release/stitch
baseline=target/release/examples/json_roundtrip
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
    hyperfine -N --warmup 2 --min-runs 10 --style none --export-json "$out/$name.json" \
        -n serde_json "$baseline $file" \
        -n stitch "$stitch flatten -q --no-verify ${map[*]} $file" \
        -n verifying "$stitch flatten -q ${map[*]} $file" > /dev/null
    python3 - "$out/$name.json" "$name" "$(stat -c %s "$file")" <<'PY'
import json, sys
runs = {r["command"]: r["mean"] for r in json.load(open(sys.argv[1]))["results"]}
ratio = runs["stitch"] / runs["serde_json"]
verifying = runs["verifying"] / runs["serde_json"]
print(f"{sys.argv[2]:36} {int(sys.argv[3]):>8} B  serde_json {runs['serde_json']*1000:6.1f} ms  --no-verify {runs['stitch']*1000:6.1f} ms (ratio {ratio:4.2f})  verifying {runs['verifying']*1000:7.1f} ms (ratio {verifying:5.1f})")
PY
done
