#!/usr/bin/env python3
"""`stitch verify` on a public containment test suite, side by side with jsoncompat (issue 16).

    bench/containment.py SUITE [--stitch BINARY] [--jsoncompat BINARY] [--semantics strict]
                               [--repeat N]

SUITE is jsoncompat's own `tests/fixtures/backcompat` folder (`git clone
https://github.com/ostrowr/jsoncompat`): one folder per case with `old.json`, `new.json` and
`expect.json`, whose `deserializer` says whether NEW accepts every value OLD accepts (OLD ⊆ NEW)
and `serializer` whether OLD accepts every value NEW accepts (NEW ⊆ OLD). Each case gives two
pairs. For each pair this runs `stitch verify SUB SUP --semantics strict` (jsoncompat reads
schemas literally: an object without `additionalProperties` is open) and `jsoncompat compat
--role ...`, alternating which goes first, and reports: how many pairs each decides, how many
of its answers disagree with `expect.json`, stitch's `unknown`s with the keyword and pointer
that stopped the prover, and the time per process (median and 95th percentile) of each.
With `--repeat N` each process runs N times per pair and the pair's time is their median,
which steadies the figures on a shared machine.

What it measures: the answer and the cost of one process per question, as a CI step would pay
it. What it does not: stitch also samples values after a proof (V4), which jsoncompat does not;
that is part of stitch's time here. `expect.json` is the suite authors' judgement, and a case
they mark `allowed_failure` is one where jsoncompat's answer is known to differ from it.
"""

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import threading
import time
import binary  # bench/binary.py: where cargo puts the binaries


def timed(command):
    """Runs `command` to its end and returns (exit code, standard output, seconds). A process
    still running after 300 s is killed. `subprocess.run(timeout=...)` is not used: it waits
    for the exit by polling with sleeps of 0.5 ms and up, which adds their granularity to
    every time measured (a few tenths of a millisecond per process, unevenly)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    timer = threading.Timer(300, process.kill)
    timer.start()
    out, _ = process.communicate()
    took = time.perf_counter() - start
    timer.cancel()
    return process.returncode, out, took


def run_stitch(stitch, sub, sup, semantics):
    code, out, took = timed([stitch, "verify", "-q", "--no-config", "--format", "json",
                             "--semantics", semantics, str(sub), str(sup)])
    try:
        result = json.loads(out)["results"][0]
    except Exception:
        return f"error (exit {code})", None, None, took
    found = (result.get("counterexample") or {}).get("value", None)
    return result["verdict"], result.get("reason"), found, took


def run_jsoncompat(jsoncompat, old, new, role):
    code, out, took = timed([jsoncompat, "compat", "--role", role, "--json", str(old), str(new)])
    if took >= 300:
        return "timeout", took
    try:
        return json.loads(out)["status"], took
    except Exception:
        return f"error (exit {code})", took


def judge_counterexamples(rows):
    """Every counterexample stitch gives, judged by python `jsonschema` (its SUB must accept it
    and its SUP reject it): the independent check of each `refuted`."""
    try:
        import jsonschema
    except ImportError:
        print("python jsonschema not installed: counterexamples not judged (pip install jsonschema)")
        return
    right = wrong = unjudged = 0
    for r in rows:
        if r["stitch"] != "refuted":
            continue
        try:
            verdicts = []
            for path in (r["sub"], r["sup"]):
                schema = json.loads(path.read_text())
                cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
                verdicts.append(cls(schema).is_valid(r["found"]))
        except Exception as e:
            unjudged += 1
            print(f"  not judged: {r['case']} ({r['role']}): {type(e).__name__}")
            continue
        if verdicts == [True, False]:
            right += 1
        else:
            wrong += 1
            print(f"  WRONG counterexample: {r['case']} ({r['role']}): {json.dumps(r['found'])}")
    from importlib.metadata import version
    print(f"python jsonschema {version('jsonschema')} on stitch's counterexamples: "
          f"{right} right, {wrong} wrong, {unjudged} not judged")


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suite", type=pathlib.Path)
    parser.add_argument("--stitch")
    parser.add_argument("--jsoncompat", default=shutil.which("jsoncompat")
                        or os.path.expanduser("~/.cargo/bin/jsoncompat"))
    parser.add_argument("--semantics", default="strict")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per pair and tool; the pair's time is their median")
    args = parser.parse_args()
    stitch = args.stitch or binary.stitch()
    have_jsoncompat = os.path.exists(args.jsoncompat)
    if not have_jsoncompat:
        print(f"jsoncompat not found at {args.jsoncompat}: stitch alone "
              "(cargo install jsoncompat to compare)", file=sys.stderr)

    rows = []
    for n, case in enumerate(sorted(p for p in args.suite.iterdir() if p.is_dir())):
        expect = json.loads((case / "expect.json").read_text())
        old, new = case / "old.json", case / "new.json"
        # deserializer: NEW reads what OLD wrote (OLD ⊆ NEW); serializer: the other way.
        for role, sub, sup in [("deserializer", old, new), ("serializer", new, old)]:
            want = expect[role]
            jc_runs, stitch_runs = [], []
            for _ in range(max(1, args.repeat)):
                if have_jsoncompat and n % 2 == 0:
                    jc_runs.append(run_jsoncompat(args.jsoncompat, old, new, role))
                stitch_runs.append(run_stitch(stitch, sub, sup, args.semantics))
                if have_jsoncompat and n % 2 == 1:
                    jc_runs.append(run_jsoncompat(args.jsoncompat, old, new, role))
            verdict, reason, found, _ = stitch_runs[0]
            took = statistics.median(r[3] for r in stitch_runs)
            jc = (None, None)
            if jc_runs:
                jc_times = [t for _, t in jc_runs if t is not None]
                jc = (jc_runs[0][0], statistics.median(jc_times) if jc_times else None)
            rows.append({"case": case.name, "role": role, "want": want, "stitch": verdict,
                         "reason": reason, "found": found, "sub": sub, "sup": sup, "stitch_s": took, "jsoncompat": jc[0],
                         "jsoncompat_s": jc[1], "allowed": expect.get("allowed_failure", False)})

    def wrong(answer, want):
        return (answer in ("proven", "compatible") and not want) or \
               (answer in ("refuted", "incompatible") and want)

    total = len(rows)
    print(f"{total} pairs from {total // 2} cases in {args.suite}")
    print("| tool | decided | wrong | undecided or refused | time per pair p50 | p95 |")
    print("|---|---|---|---|---|---|")
    tools = [("stitch verify", "stitch")] + ([("jsoncompat compat", "jsoncompat")]
                                              if have_jsoncompat else [])
    for label, key in tools:
        decided = [r for r in rows if r[key] in ("proven", "refuted", "compatible", "incompatible")]
        bad = [r for r in decided if wrong(r[key], r["want"])]
        times = [r[f"{key}_s"] for r in rows if r[f"{key}_s"] is not None]
        print(f"| {label} | {len(decided)} ({100 * len(decided) / total:.1f}%) | {len(bad)} | "
              f"{total - len(decided)} | {1000 * statistics.median(times):.2f} ms | "
              f"{1000 * percentile(times, 0.95):.2f} ms |")
    judge_counterexamples(rows)
    if have_jsoncompat:
        ratios = [r["stitch_s"] / r["jsoncompat_s"] for r in rows if r["jsoncompat_s"]]
        print(f"stitch / jsoncompat per pair: median {statistics.median(ratios):.2f}, "
              f"p95 {percentile(ratios, 0.95):.2f}")
    for r in rows:
        if r["stitch"] not in ("proven", "refuted") or wrong(r["stitch"], r["want"]):
            reason = r["reason"] or {}
            print(f"  stitch {r['stitch']}: {r['case']} ({r['role']}, expected "
                  f"{'compatible' if r['want'] else 'incompatible'}): `{reason.get('keyword')}` "
                  f"at {reason.get('pointer')}: {reason.get('message')}")
    if have_jsoncompat:
        for r in rows:
            if r["jsoncompat"] not in ("compatible", "incompatible") or wrong(r["jsoncompat"], r["want"]):
                print(f"  jsoncompat {r['jsoncompat']}: {r['case']} ({r['role']})"
                      f"{' [allowed_failure]' if r['allowed'] else ''}")


if __name__ == "__main__":
    main()
