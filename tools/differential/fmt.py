#!/usr/bin/env python3
"""The formatter against the real `terraform fmt -`, on inputs not in the
golden cases: real configuration files, or the golden inputs with
spacing, newlines and comments put in at random.

    tools/differential/fmt.py --files PATH...          # .tf/.tfvars/.hcl files
    tools/differential/fmt.py --respace N [--seed S] [--only TEXT]

Prints one JSON line per input where the two disagree (formatted text,
whether the input is refused, or the error summaries) and a count on
standard error. Needs target/debug/hcl-eval (cargo build) and the
reference terraform of tools/reference/build. The golden cases' listed
deviations (tests/fmt.rs) show up here too: a label with `$` or `%`,
`a[null]`, `3 .0`.
"""
import argparse
import concurrent.futures
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools/reference"))
import record_fmt  # noqa: E402

HCL_EVAL = os.path.join(ROOT, "target/debug/hcl-eval")
INSERTS = [" ", "  ", "\t", "\n", "\n\n", "\r\n", "# c\n", "// d\n", "/* e */", " /* f\n g */ "]


def ours(text):
    p = subprocess.run([HCL_EVAL, "--fmt", "-"], input=text.encode(), capture_output=True)
    if p.returncode == 0:
        return {"ok": True, "output": p.stdout.decode()}
    if p.returncode != 1:
        return {"crash": p.stderr.decode()[:500]}
    return {"ok": False, "summaries": [l[len("Error: "):] for l in p.stderr.decode().split("\n") if l.startswith("Error: ")]}


def compare(text):
    theirs = record_fmt.expect_of("terraform", text)
    mine = ours(text)
    if theirs["ok"] and mine.get("ok"):
        return None if theirs["output"] == mine["output"] else {"input": text, "terraform": theirs["output"], "ours": mine["output"]}
    if not theirs["ok"] and mine.get("ok") is False:
        summaries = [e.split(": ", 1)[0] for e in theirs["errors"]]
        return None if summaries == mine["summaries"] else {"input": text, "terraform": summaries, "ours": mine["summaries"]}
    return {"input": text, "terraform": theirs, "ours": mine}


def respaced(n, seed, only):
    rng = random.Random(seed)
    path = os.path.join(ROOT, "tests/fmt/cases.jsonl")
    base = [c["input"] for c in map(json.loads, open(path, encoding="utf-8")) if c["expect"]["ok"] and only in c["id"]]
    for _ in range(n):
        s = list(rng.choice(base))
        for _ in range(rng.randint(1, 4)):
            i = rng.randint(0, len(s))
            if rng.random() < 0.7:
                s.insert(i, rng.choice(INSERTS))
            elif i < len(s) and s[i] in " \t\n":
                del s[i]
        yield "".join(s)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", nargs="*")
    ap.add_argument("--respace", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="respace only cases whose id contains this")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    open(record_fmt.CLI_CONFIG, "w").close()
    inputs = []
    for path in args.files or []:
        try:
            inputs.append(open(path, encoding="utf-8").read())
        except (OSError, UnicodeDecodeError):
            pass
    inputs += list(respaced(args.respace, args.seed, args.only))
    differ = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for result in pool.map(compare, inputs):
            if result:
                differ += 1
                print(json.dumps(result, ensure_ascii=False))
    print(f"{differ} of {len(inputs)} differ", file=sys.stderr)


if __name__ == "__main__":
    main()
