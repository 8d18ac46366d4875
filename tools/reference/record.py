#!/usr/bin/env python3
"""Records golden cases from the reference engines.

Reads JSON Lines cases ({"id", "expr", "vars", "template", "profile"}) and
writes each with "expect": the result of the reference of its profile
(hcl-2.14: ../shared/oracle/bin/hcl-oracle; terraform and opentofu: the
harnesses tools/reference/build makes). Cases the reference refuses as
input (oracle_error) or runs away on are left out, with a note.

    tools/reference/record.py < cases.jsonl >> tests/cases/AREA.jsonl
"""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REFERENCES = {
    "hcl-2.14": os.path.join(ROOT, "../shared/oracle/bin/hcl-oracle"),
    "terraform": os.path.join(ROOT, "target/reference/bin/terraform-harness"),
    "opentofu": os.path.join(ROOT, "target/reference/bin/tofu-harness"),
    "waypoint": os.path.join(ROOT, "target/reference/bin/waypoint-harness"),
}


class Number:
    """A JSON number kept as its text: Python's float would round go-cty's
    512-bit numbers and lose the sign of -0."""

    def __init__(self, text):
        self.text = text

    def __eq__(self, other):
        return isinstance(other, Number) and self.text == other.text

    def __hash__(self):
        return hash(self.text)


def loads(line):
    """json.loads, numbers kept exact."""
    return json.loads(line, parse_float=Number, parse_int=Number)


def dumps(value):
    """json.dumps of what loads gave, numbers written back as they were."""
    texts = []

    def default(o):
        if isinstance(o, Number):
            texts.append(o.text)
            return f"\0number{len(texts) - 1}\0"
        raise TypeError(f"not JSON: {o!r}")

    out = json.dumps(value, ensure_ascii=False, default=default)
    return re.sub(r'"\\u0000number(\d+)\\u0000"', lambda m: texts[int(m.group(1))], out)


def run(profile, cases):
    lines = "".join(dumps({k: c[k] for k in ("id", "expr", "vars", "template", "config") if k in c}) + "\n" for c in cases)
    out = subprocess.run([REFERENCES[profile]], input=lines, capture_output=True, text=True, check=True, timeout=600).stdout
    return [loads(l) for l in out.split("\n") if l.strip()]


def main():
    sys.set_int_max_str_digits(0)
    cases = [loads(l) for l in sys.stdin if l.strip()]
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
            print(dumps(c))


if __name__ == "__main__":
    main()
