#!/usr/bin/env python3
"""A synthetic monorepo of tool schemas, and how `stitch check` scales over it (issue 16).

    bench/monorepo.py [--sizes 1000,2000,5000,10000] [--stitch BINARY] [--keep DIR] [--seed N]

Writes N tool files (MCP tool objects and bare schemas, as Zod 4, zod-to-json-schema and
Pydantic emit them: discriminated unions at the root, nullable optionals, `$defs` references,
enums, nested arrays of objects) under `packages/pkgNN/tools/`, with a `stitch.toml` at the
top, then runs `stitch check --format json` over it and reports wall time, peak memory
(`/usr/bin/time -v`), files per second and the verdicts, for each size. The files are generated
from a seed (the same seed gives the same repository), read nothing from ../shared, and are
removed afterwards unless --keep names a folder.
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

import binary  # bench/binary.py: where cargo puts the binaries

WORDS = ("order ship item user query page limit cursor city amount currency note label "
         "status kind region email phone date start end filter sort field value price").split()


def word(rng):
    return rng.choice(WORDS)


def ident(rng, n=2):
    parts = [word(rng) for _ in range(n)]
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


def scalar(rng, style):
    kind = rng.randrange(8)
    if kind == 0:
        return {"type": "string", "minLength": 1, "maxLength": rng.choice([64, 256, 1024])}
    if kind == 1:
        return {"type": "integer", "minimum": 0, "maximum": rng.choice([100, 1000, 100000])}
    if kind == 2:
        return {"type": "number", "exclusiveMinimum": 0}
    if kind == 3:
        return {"type": "boolean"}
    if kind == 4:
        return {"type": "string", "enum": sorted({word(rng) for _ in range(rng.randint(2, 6))})}
    if kind == 5:
        return {"type": "string", "format": rng.choice(["date-time", "email", "uri", "uuid"])}
    if kind == 6:
        return {"type": "array", "items": {"type": "string"}, "maxItems": 20}
    return {"type": "string", "pattern": "^[a-z0-9_-]{1,32}$"}


def nullable(schema, style):
    if style == "pydantic":
        return {"anyOf": [schema, {"type": "null"}], "default": None}
    return {"anyOf": [schema, {"type": "null"}]}


def obj(rng, style, depth=0, extra=None):
    props, required = {}, []
    for _ in range(rng.randint(2, 7)):
        name = ident(rng) if rng.random() < 0.5 else word(rng)
        if name in props or name in (extra or {}):
            continue
        if depth < 2 and rng.random() < 0.15:
            value = {"type": "array", "items": obj(rng, style, depth + 1), "maxItems": 50}
        elif depth < 2 and rng.random() < 0.1:
            value = obj(rng, style, depth + 1)
        else:
            value = scalar(rng, style)
        if rng.random() < 0.3:
            value = nullable(value, style)
        else:
            required.append(name)
        if rng.random() < 0.4:
            value = dict(value, description=f"The {name} of the request.")
        props[name] = value
    out = {"type": "object", "properties": props}
    if extra:
        out["properties"] = {**extra, **props}
        required = list(extra) + required
    if required:
        out["required"] = required
    if style != "pydantic" or rng.random() < 0.5:
        out["additionalProperties"] = False
    return out


def union(rng, style):
    """A discriminated union at the root, in the library's own spelling."""
    tag = rng.choice(["kind", "type", "action", "op"])
    branches = []
    for i in range(rng.randint(2, 5)):
        value = f"{word(rng)}_{i}"
        const = {"type": "string", "const": value} if style != "zod-to-json-schema" else {
            "type": "string", "enum": [value]}
        branches.append(obj(rng, style, extra={tag: const}))
    if style == "pydantic":
        defs = {}
        refs = []
        for i, b in enumerate(branches):
            name = f"Branch{i}"
            defs[name] = dict(b, title=name)
            refs.append({"$ref": f"#/$defs/{name}"})
        return {"$defs": defs, "oneOf": refs, "discriminator": {
            "propertyName": tag, "mapping": {
                b["properties"][tag]["const"]: f"#/$defs/Branch{i}"
                for i, b in enumerate(branches)}}}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema"
            if style == "zod4" else "http://json-schema.org/draft-07/schema#",
            "anyOf" if style == "zod-to-json-schema" else "oneOf": branches}


def tool(rng, n):
    style = rng.choice(["zod4", "zod-to-json-schema", "pydantic"])
    schema = union(rng, style) if rng.random() < 0.6 else obj(rng, style)
    name = f"{ident(rng)}_{n}"
    if rng.random() < 0.7:
        return {"name": name, "description": f"Tool {n}: {' '.join(word(rng) for _ in range(6))}.",
                "inputSchema": schema}
    return schema


def generate(folder, count, seed):
    rng = random.Random(seed)
    for n in range(count):
        package = os.path.join(folder, "packages", f"pkg{n % 100:02d}", "tools")
        os.makedirs(package, exist_ok=True)
        with open(os.path.join(package, f"tool{n:05d}.json"), "w") as f:
            json.dump(tool(rng, n), f, indent=2)
            f.write("\n")
    with open(os.path.join(folder, "stitch.toml"), "w") as f:
        f.write('include = ["packages/**/*.json"]\n')


def measure(stitch, folder):
    start = time.monotonic()
    run = subprocess.run(["/usr/bin/time", "-v", stitch, "check", "--format", "json"],
                         cwd=folder, capture_output=True, text=True)
    wall = time.monotonic() - start
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr)
    report = json.loads(run.stdout) if run.stdout.strip().startswith("{") else {}
    return run.returncode, wall, int(peak.group(1)) // 1024 if peak else None, report


def verdicts(report):
    summary = report.get("summary", {})
    return {v: summary[v] for v in ("proven", "unknown", "refuted") if summary.get(v)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,2000,5000,10000")
    parser.add_argument("--stitch")
    parser.add_argument("--keep")
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args()
    stitch = os.path.abspath(args.stitch) if args.stitch else binary.stitch()
    print("| files | exit | wall | files/s | peak memory | verdicts |")
    print("|---|---|---|---|---|---|")
    for size in [int(s) for s in args.sizes.split(",")]:
        folder = args.keep or tempfile.mkdtemp(prefix="stitch-monorepo-")
        if args.keep:
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(folder)
        generate(folder, size, args.seed)
        code, wall, peak, report = measure(stitch, folder)
        if code not in (0, 1):
            sys.exit(f"stitch check exited {code} on {folder}")
        counts = ", ".join(f"{v} {n}" for v, n in sorted(verdicts(report).items()))
        print(f"| {size} | {code} | {wall:.1f} s | {size / wall:.0f} | {peak} MB | {counts} |")
        sys.stdout.flush()
        if not args.keep:
            shutil.rmtree(folder)


if __name__ == "__main__":
    main()
