#!/usr/bin/env python3
"""Writes the schemas of fixtures/sample/ (issue 11: satisfiable shapes the sampler once found
no value for). The values `stitch sample` prints are pinned by tests/cmd/sample/*.toml, blessed
with `TRYCMD=overwrite cargo test --test cli`. Re-run after editing:
`python3 bench/make-sample-fixtures.py`."""
import json, os

ROOT = os.path.join(os.path.dirname(__file__), "..", "fixtures", "sample")
S2020 = "https://json-schema.org/draft/2020-12/schema"

CASES = {
    # 2^10 combinations: an `allOf` of ten two-way unions.
    "v2-allof-of-anyofs": {
        "$schema": S2020,
        "type": "object",
        "properties": {f"{c}{i}": {"type": "integer", "minimum": i} for i in range(10) for c in "ab"},
        "allOf": [{"anyOf": [{"required": [f"a{i}"]}, {"required": [f"b{i}"]}]} for i in range(10)],
    },
    # A union of 2,000 branches.
    "v2-union-of-2000": {
        "$schema": S2020,
        "anyOf": [{"type": "object", "properties": {"code": {"const": i}}, "required": ["code"]} for i in range(2000)],
    },
    # `oneOf`s nested three deep, 8 branches each: 512 leaves, one of them valid at a time.
    "v2-nested-oneofs": {
        "$schema": S2020,
        "oneOf": [{"oneOf": [{"oneOf": [{"const": f"{a}.{b}.{c}"} for c in range(8)]} for b in range(8)]} for a in range(8)],
    },
}

for name, schema in CASES.items():
    folder = os.path.join(ROOT, name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "schema.json"), "w") as f:
        f.write(json.dumps(schema, indent=2) + "\n")
print(len(CASES), "cases")
