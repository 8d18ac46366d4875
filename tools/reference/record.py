#!/usr/bin/env python3
"""Records golden cases from the reference engines.

Reads JSON Lines cases ({"id", "expr", "vars", "template", "profile"}) and
writes each with "expect": the result of the reference of its profile
(hcl-2.14: ../shared/oracle/bin/hcl-oracle; terraform and opentofu: the
harnesses tools/reference/build makes). Cases the reference refuses as
input (oracle_error) or runs away on are left out, with a note.

    tools/reference/record.py < cases.jsonl >> tests/cases/AREA.jsonl
"""
import json, os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REFERENCES = {
    "hcl-2.14": os.path.join(ROOT, "../shared/oracle/bin/hcl-oracle"),
    "terraform": os.path.join(ROOT, "target/reference/bin/terraform-harness"),
    "opentofu": os.path.join(ROOT, "target/reference/bin/tofu-harness"),
}


def run(profile, cases):
    lines = "".join(json.dumps({k: c[k] for k in ("id", "expr", "vars", "template", "config") if k in c}, ensure_ascii=False) + "\n" for c in cases)
    out = subprocess.run([REFERENCES[profile]], input=lines, capture_output=True, text=True, check=True, timeout=600).stdout
    return [json.loads(l) for l in out.split("\n") if l.strip()]


def main():
    sys.set_int_max_str_digits(0)
    cases = [json.loads(l) for l in sys.stdin if l.strip()]
    by_profile = {}
    for c in cases:
        c.setdefault("vars", {})
        c.setdefault("template", False)
        by_profile.setdefault(c.get("profile", "hcl-2.14"), []).append(c)
    for profile, group in by_profile.items():
        for c, r in zip(group, run(profile, group)):
            if r.get("oracle_error"):
                print(f"left out {c['id']}: {r['errors'][0][:120]}", file=sys.stderr)
                continue
            r.pop("id", None)
            # The console text is checked by the console tests; golden
            # cases compare values, types and errors.
            r.pop("console", None)
            c["expect"] = r
            print(json.dumps(c, ensure_ascii=False))


if __name__ == "__main__":
    main()
