#!/usr/bin/env python3
"""Runs cases through a profile's reference and through hcl-eval, and lists
where they differ (value, type, knownness, every error).

    tools/differential/engine.py --profile terraform CASES.jsonl... [--show N]
        [--ignore-refinements] [--errors-summary-only]

CASES are JSON Lines in the conformance schema (golden case files work:
their "expect" is ignored). The references are those of
tools/reference/record.py.
"""
import argparse, json, os, re, subprocess, sys

sys.set_int_max_str_digits(0)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "reference"))
from record import REFERENCES  # noqa: E402

REFINEMENT_KEYS = {"notnull", "prefix", "lower", "lower_inclusive", "upper", "upper_inclusive", "minlen", "maxlen"}


def run(cmd, lines, timeout=120):
    out = []
    for at in range(0, len(lines), 500):
        batch = lines[at:at + 500]
        try:
            p = subprocess.run(cmd, input="".join(batch), capture_output=True, text=True, check=True, timeout=timeout)
            out.extend(json.loads(l) for l in p.stdout.splitlines() if l.strip())
        except subprocess.TimeoutExpired:
            out.extend([None] * len(batch))
    return out


def strip(v):
    if isinstance(v, dict):
        if "__unknown__" in v:
            return {"__unknown__": v["__unknown__"]}
        return {k: strip(x) for k, x in v.items()}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


def norm(r, args):
    r = {k: v for k, v in r.items() if k not in ("id", "console")}
    if "errors" in r:
        r["errors"] = [re.sub(r"\ngoroutine .*", "", e, flags=re.S) for e in r["errors"]]
        r["errors"] = [re.sub(r' Did you mean "[^"]*"\?', " Did you mean ...?", e) for e in r["errors"]]
        if args.errors_summary_only:
            r["errors"] = [e.split(": ", 1)[0] for e in r["errors"]]
    if args.ignore_refinements and "value" in r:
        r["value"] = strip(r["value"])
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="terraform")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--show", type=int, default=30)
    ap.add_argument("--ignore-refinements", action="store_true")
    ap.add_argument("--errors-summary-only", action="store_true")
    ap.add_argument("--candidate", default=os.path.join(ROOT, "target/debug/hcl-eval"))
    args = ap.parse_args()
    cases = []
    for f in args.files:
        for l in open(f, encoding="utf-8"):
            if l.strip():
                c = json.loads(l)
                cases.append({"id": c["id"], "expr": c["expr"], "vars": c.get("vars", {}), "template": c.get("template", False)})
    lines = [json.dumps(c, ensure_ascii=False) + "\n" for c in cases]
    ref = run([REFERENCES[args.profile]], lines)
    ours = run([args.candidate, "--jsonl", "--profile", args.profile], lines)
    same = differ = skipped = 0
    for c, r, o in zip(cases, ref, ours):
        if r is None or o is None or r.get("oracle_error"):
            skipped += 1
            continue
        if norm(r, args) == norm(o, args):
            same += 1
            continue
        differ += 1
        if differ <= args.show:
            print(f"--- {c['id']}: {c['expr'][:100]!r}\n  reference: {json.dumps(norm(r, args))[:300]}\n  ours:      {json.dumps(norm(o, args))[:300]}")
    print(f"{args.profile}: {same + differ} compared, {same} equal, {differ} differ, {skipped} skipped")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
