#!/usr/bin/env python3
"""The module case definitions behind tests/modules/*.jsonl.

    tools/reference/module_cases.py [AREA...]          # print cases (JSON Lines)
    tools/reference/module_cases.py --list             # areas and counts
    tools/reference/module_cases.py --record [AREA...] # record into tests/modules/AREA.jsonl

Cases are written here as Python so their modules read as HCL; the format
is the input format of record_modules.py. Recording runs both programs
(Terraform and OpenTofu) and takes a few minutes for the whole corpus.
"""
import json
import os
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
AREAS = {}


def hcl(text):
    return textwrap.dedent(text).lstrip("\n")


def case(area, name, module=None, exprs=(), files=None, **kw):
    c = {"id": f"{area}/{name}"}
    if module is not None:
        c["module"] = hcl(module)
    if files is not None:
        c["files"] = {k: hcl(v) for k, v in files.items()}
    c["exprs"] = list(exprs)
    c.update(kw)
    AREAS.setdefault(area, []).append(c)


# The cases, one file per area.
for _name in ("variables", "tfvars", "locals", "outputs", "resources", "blocks", "modules", "named_values", "seeds", "providers", "kubernetes", "google", "helm", "azurerm", "files", "configuration", "archive", "json", "overrides", "versions"):
    _path = os.path.join(HERE, "module_cases", _name + ".py")
    if os.path.exists(_path):
        exec(compile(open(_path, encoding="utf-8").read(), _path, "exec"))


def main():
    args = sys.argv[1:]
    if args[:1] == ["--list"]:
        for a, cs in AREAS.items():
            print(f"{a}\t{len(cs)}")
        print(f"total\t{sum(len(cs) for cs in AREAS.values())}")
        return
    record = args[:1] == ["--record"]
    if record:
        args = args[1:]
    areas = args or list(AREAS)
    for a in areas:
        if a not in AREAS:
            sys.exit(f"unknown area {a}; areas: {', '.join(AREAS)}")
    for a in areas:
        lines = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in AREAS[a])
        if not record:
            sys.stdout.write(lines)
            continue
        out = os.path.join(ROOT, "tests", "modules", a + ".jsonl")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        res = subprocess.run([sys.executable, os.path.join(HERE, "record_modules.py")], input=lines,
                             capture_output=True, text=True, check=True)
        with open(out, "w", encoding="utf-8") as f:
            f.write(res.stdout)
        print(f"{a}: {len(AREAS[a])} cases, {res.stdout.count(chr(10))} records -> {os.path.relpath(out, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
