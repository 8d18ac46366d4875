#!/usr/bin/env python3
"""Chooses and records the per-profile golden cases (tests/cases/profiles.jsonl).

Candidates: every hcl-2.14 golden case (tests/cases/*.jsonl without a
"profile"), the public conformance cases, and generated cases
(tools/differential/generate.py). Each is run through the three
references; a case is kept for terraform and opentofu when their answers
differ from hcl-2.14's or from each other's, at most PER_CLUSTER cases per
(area, kind of difference) so no single change fills the file, and a
sample of cases where all three agree keeps the unchanged ground covered.

    tools/reference/record_profiles.py [--generate N] > tests/cases/profiles.jsonl
"""
import argparse, glob, json, os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record import ROOT, run  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "tools/differential"))

PER_CLUSTER = 2
AGREEING = 60


def candidates(generate, seed):
    seen = set()
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/cases/*.jsonl"))):
        area = os.path.basename(path)[:-6]
        if area in ("profiles", "config"):
            continue
        for line in open(path, encoding="utf-8"):
            if not line.strip():
                continue
            c = json.loads(line)
            if "profile" in c:
                continue
            key = (c["expr"], json.dumps(c.get("vars", {}), sort_keys=True), c.get("template", False))
            if key not in seen:
                seen.add(key)
                yield {"id": c["id"], "expr": c["expr"], "vars": c.get("vars", {}), "template": c.get("template", False), "area": area}
    for line in open(os.path.join(ROOT, "../shared/conformance/cases.jsonl"), encoding="utf-8"):
        if line.strip():
            c = json.loads(line)
            key = (c["expr"], json.dumps(c.get("vars", {}), sort_keys=True), c.get("template", False))
            if key not in seen:
                seen.add(key)
                yield {"id": "conformance/" + str(c.get("id")), "expr": c["expr"], "vars": c.get("vars", {}), "template": c.get("template", False), "area": "conformance"}
    if generate:
        import subprocess
        out = subprocess.run([sys.executable, os.path.join(ROOT, "tools/differential/generate.py"), "--profile", "terraform",
                              "--count", str(generate), "--seed", str(seed), "--mode", "targeted"],
                             capture_output=True, text=True, check=True).stdout
        for line in out.split("\n"):
            if not line.strip():
                continue
            c = json.loads(line)
            key = (c["expr"], json.dumps(c.get("vars", {}), sort_keys=True), c.get("template", False))
            if key not in seen:
                seen.add(key)
                yield {"id": "generated/" + str(c.get("id")), "expr": c["expr"], "vars": c.get("vars", {}), "template": c.get("template", False),
                       "area": f"generated/{c.get('area')}/{c.get('feature')}"}


def kind(a, b):
    """What differs between two answers, coarsely: the cluster key."""
    if a.get("ok") != b.get("ok"):
        return "success"
    if not a.get("ok"):
        sa, sb = [e.split(":")[0] for e in a.get("errors", [])], [e.split(":")[0] for e in b.get("errors", [])]
        return "error summary" if sa != sb else "error detail"
    for k in ("type", "value", "known", "refinements", "sensitive", "ephemeral"):
        if a.get(k) != b.get(k):
            return k
    return "other"


def strip(r):
    r = dict(r)
    r.pop("id", None)
    r.pop("console", None)
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--generate", type=int, default=0)
    ap.add_argument("--seed", type=int, default=12)
    args = ap.parse_args()
    sys.set_int_max_str_digits(0)
    cases = list(candidates(args.generate, args.seed))
    answers = {p: run(p, cases) for p in ("hcl-2.14", "terraform", "opentofu")}
    clusters, agreeing = {}, []
    for i, c in enumerate(cases):
        old, tf, tofu = (strip(answers[p][i]) for p in ("hcl-2.14", "terraform", "opentofu"))
        if tf.get("oracle_error") or tofu.get("oracle_error"):
            continue
        if old == tf == tofu:
            agreeing.append(i)
            continue
        key = (c["area"], kind(old, tf) if old != tf else "", kind(tf, tofu) if tf != tofu else "")
        clusters.setdefault(key, []).append(i)
    rng = random.Random(args.seed)
    chosen = sorted({i for idx in clusters.values() for i in sorted(idx, key=lambda i: len(cases[i]["expr"]))[:PER_CLUSTER]}
                    | set(rng.sample(agreeing, min(AGREEING, len(agreeing)))))
    print(f"{len(cases)} candidates, {len(cases) - len(agreeing)} answered differently somewhere "
          f"in {len(clusters)} clusters; {len(chosen)} chosen", file=sys.stderr)
    for i in chosen:
        c = cases[i]
        for p in ("terraform", "opentofu"):
            out = {"id": f"profiles/{p}/{c['id']}", "expr": c["expr"], "vars": c["vars"], "template": c["template"], "profile": p,
                   "expect": strip(answers[p][i])}
            print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
