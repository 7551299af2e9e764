#!/usr/bin/env bash
# SPEC §10, issue 16: `stitch flatten --no-verify` against the floor — serde_json parsing the
# input plus printing the presentation — on the five largest corpus schemas that load. Both
# are release builds, timed in one run: ROUNDS rounds (default 30) of the five commands in turn,
# the order reversed every other round, each command's time the median of its rounds (a burst
# of load on a shared machine then falls on all of them alike, where one command after another
# let it fall on one). The floor is not one process, so it is summed from three
# (examples/json_roundtrip.rs):
#   floor = T(parse the input) + T(parse and print the presentation) − T(parse the presentation)
# where each T is a whole process, so one process start is counted, as in stitch's own time.
# Prints per file: the floor, stitch --no-verify and their ratio (issue 16 asks at most 1.5),
# and the default, self-verifying `stitch flatten` as a multiple of the floor.
# Usage: [ROUNDS=30] bench/flatten-speed.sh [CORPUS]   (default ../shared/corpus). Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${1:-../shared/corpus}"
ROUNDS="${ROUNDS:-30}"
schemas="$corpus/schemastore/schemas"
cargo build --release --locked -q --bin stitch --example json_roundtrip
# .cargo/config.toml builds for the host's target tuple: binaries land in target/<tuple>/release.
release="target/$(rustc -vV | sed -n 's/^host: //p')/release"
stitch="$release/stitch"
floor="$release/examples/json_roundtrip"
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
    python3 - "$ROUNDS" "$name" "$file" "$presentation" "$floor" "$stitch" "${map[@]}" <<'PY'
import os, statistics, subprocess, sys, time
rounds, name, file, presentation, floor, stitch = sys.argv[1:7]
ref_map = sys.argv[7:]
commands = {
    "parse-input": [floor, "--parse-only", file],
    "print-presentation": [floor, presentation],
    "parse-presentation": [floor, "--parse-only", presentation],
    "stitch": [stitch, "flatten", "-q", "--no-verify", *ref_map, file],
    "verifying": [stitch, "flatten", "-q", *ref_map, file],
}
times = {key: [] for key in commands}
keys = list(commands)
# Two warm-up rounds, then the commands in turn, the order reversed every other round, so that
# a burst of load on the shared machine falls on all of them alike.
for round in range(int(rounds) + 2):
    for key in keys if round % 2 else reversed(keys):
        start = time.perf_counter()
        subprocess.run(commands[key], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        if round >= 2:
            times[key].append(time.perf_counter() - start)
runs = {key: statistics.median(values) for key, values in times.items()}
floor_time = runs["parse-input"] + runs["print-presentation"] - runs["parse-presentation"]
ratio = runs["stitch"] / floor_time
verifying = runs["verifying"] / floor_time
size = os.path.getsize
print(f"{name:32} {size(file):>8} B -> {size(presentation):>8} B  floor {floor_time*1000:6.1f} ms  --no-verify {runs['stitch']*1000:6.1f} ms (ratio {ratio:4.2f})  verifying {runs['verifying']*1000:7.1f} ms ({verifying:5.1f}x)")
PY
done
