#!/usr/bin/env python3
"""Differential run of parse errors against a reference harness.

Mutates the expressions of the golden and public cases (deletions,
insertions of troublesome tokens, truncations), runs the same cases
through `hcl-eval --jsonl` and a reference harness speaking the same JSON
Lines schema, and reports every case where the reference fails and the two
error lists differ (summary and detail, Go stack traces aside).

    tools/differential/parse_errors.py [--count N] [--seed S]
        [--reference ../shared/oracle/bin/hcl-oracle] [--show N]
"""
import argparse, collections, glob, json, os, random, re, subprocess, sys

sys.set_int_max_str_digits(0)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOKENS = ["}", "]", ")", "{", "[", "(", ",", ":", "?", "=>", "...", "${", "%{", "~}", '"', "'", "`", "@", ";",
          "\n", "\r", "\t", " for ", " in ", " if ", "<<EOT\n", "<<-EOT\n", "\nEOT\n", "*", ".", "[*]", ".*", "\\",
          "$", "%", "#", "//", "/*", "*/", "&", "|", "^", "~", "=", "==", "!", "-", "0.1.2", "1e", "x", "%{ endif }",
          "%{ else }", "%{ endfor }", "%{ if true }", "%{ for x in y }", "\u201c", "\u00e9", "\ufeff", "\\u", "\\q"]


def seeds():
    out = []
    for path in glob.glob(os.path.join(ROOT, "tests/cases/*.jsonl")) + [os.path.join(ROOT, "../shared/conformance/cases.jsonl")]:
        if not os.path.exists(path):
            continue
        for line in open(path, encoding="utf-8"):
            if line.strip():
                c = json.loads(line)
                out.append((c["expr"], c.get("vars", {}), c.get("template", False)))
    return out


def mutate(rng, s):
    for _ in range(rng.randint(1, 2)):
        op = rng.random()
        i = rng.randint(0, len(s))
        if op < 0.35 and s:
            j = min(len(s), i + rng.randint(1, 3))
            s = s[:i] + s[j:]
        elif op < 0.85:
            s = s[:i] + rng.choice(TOKENS) + s[i:]
        else:
            s = s[:i]
    return s


def run(cmd, lines, timeout=30):
    """Results for `lines`, in batches; a case the program cannot finish in
    time (the 2022 oracle runs away on a few) gets None."""
    out = []
    for at in range(0, len(lines), 500):
        out.extend(run_batch(cmd, lines[at:at + 500], timeout))
    return out


def run_batch(cmd, lines, timeout):
    try:
        p = subprocess.run(cmd, input="".join(lines), capture_output=True, text=True, check=True, timeout=timeout)
        return [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
    except subprocess.TimeoutExpired:
        if len(lines) == 1:
            return [None]
        half = len(lines) // 2
        return run_batch(cmd, lines[:half], timeout) + run_batch(cmd, lines[half:], timeout)


def strip_stack(e):
    at = e.find("\ngoroutine ")
    return e if at < 0 else e[:at]


def without_suggestion(errors):
    """HCL suggests the first close name in Go's (random) map order, so a
    suggestion is compared only for being there."""
    return [re.sub(r' Did you mean "[^"]*"\?', " Did you mean ...?", e) for e in errors]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reference", default=os.path.join(ROOT, "../shared/oracle/bin/hcl-oracle"))
    ap.add_argument("--candidate", default=os.path.join(ROOT, "target/debug/hcl-eval"))
    ap.add_argument("--show", type=int, default=20)
    ap.add_argument("--record", help="append golden cases (the reference's result) to this JSON Lines file: "
                    "up to --per-kind cases for each distinct list of error summaries, where both agree and no "
                    "suggestion depends on Go's map order")
    ap.add_argument("--per-kind", type=int, default=2)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    base = seeds()
    lines = []
    for n in range(args.count):
        expr, vars_, template = rng.choice(base)
        lines.append(json.dumps({"id": str(n), "expr": mutate(rng, expr), "vars": vars_, "template": template}) + "\n")
    ours = run([args.candidate, "--jsonl"], lines)
    # Inputs that reach our work limits would run away in the reference.
    runaway = {"Evaluation too expensive", "Result too large", "Expression too complex"}
    keep = [i for i, o in enumerate(ours) if o is not None and not any(e.split(":")[0] in runaway for e in o.get("errors", []))]
    lines, ours = [lines[i] for i in keep], [ours[i] for i in keep]
    ref = run([args.reference], lines)
    compared = differ = okdiff = 0
    shown = 0
    for line, r, o in zip(lines, ref, ours):
        if r is None or o is None or r.get("oracle_error"):
            continue
        if r["ok"] != o["ok"]:
            okdiff += 1
        elif r["ok"]:
            continue
        compared += 1
        want = without_suggestion([strip_stack(e) for e in r.get("errors", [])])
        got = without_suggestion(o.get("errors", []))
        if r["ok"] != o["ok"] or want != got:
            differ += 1
            if shown < args.show:
                shown += 1
                case = json.loads(line)
                print(f"--- {case['expr']!r} (template={case['template']})\n  reference: {want or r.get('value')}\n  ours:      {got or o.get('value')}")
    if args.record:
        kinds = collections.Counter()
        with open(args.record, "a", encoding="utf-8") as out:
            for line, r, o in zip(lines, ref, ours):
                if r is None or o is None:
                    continue
                case = json.loads(line)
                errors = r.get("errors") or []
                if r["ok"] or r.get("oracle_error") or o.get("errors") != [strip_stack(e) for e in errors]:
                    continue
                if any("Did you mean" in e or "goroutine" in e for e in errors):
                    continue
                kind = tuple(e.split(": ", 1)[0] for e in errors)
                if kinds[kind] >= args.per_kind:
                    continue
                kinds[kind] += 1
                expect = {k: v for k, v in r.items() if k != "id"}
                rec = {"id": f"parse-errors/{len(kinds)}-{kinds[kind]}", "expr": case["expr"], "vars": case["vars"],
                       "template": case["template"], "expect": expect}
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        print(f"recorded {sum(kinds.values())} cases of {len(kinds)} kinds in {args.record}")
    print(f"{len(lines)} cases, {compared} where the reference failed or the outcome differs: {compared - differ} equal, {differ} differ ({okdiff} ok/error disagreements)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
