#!/usr/bin/env python3
"""Records golden cases of a provider that runs here but not under both
engines (the AWS provider: its binary, its plans offline with mock
credentials): for each case of CASES (a JSON list of {"name", "module",
"exprs"}), what the real `terraform console -plan` prints for each
expression, or its error summaries.

    tools/providers/record_cases.py --plugin-dir DIR --provider-config provider.tf \\
        --cases tests/providers/aws_cases.json

The file is rewritten with each expression's "console" (or "errors").
`--provider-config` holds the provider block the plans need (mock
credentials); it is not part of the recorded module. A case's "filename"
names its file (main.tf unless given: main.tf.json for JSON); "files" holds
child modules' files by path. tests/providers.rs
compares the playground with the recording.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from extract import BIN, env  # noqa: E402

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def console(program, work, e, expr):
    r = subprocess.run([program, "console", "-plan"], cwd=work, env=e, input=expr + "\n", capture_output=True, text=True)
    errors = re.findall(r"Error: (.*)", ANSI.sub("", r.stderr))
    # The module's warnings (a deprecated argument) come first, boxed.
    out = "\n".join(line for line in ANSI.sub("", r.stdout).splitlines() if not line.startswith(("╷", "│", "╵")))
    return out.strip("\n"), errors


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin-dir", required=True)
    ap.add_argument("--provider-config", required=True)
    ap.add_argument("--cases", required=True)
    args = ap.parse_args()
    program = os.environ.get("TERRAFORM", os.path.join(BIN, "terraform"))
    cases = json.load(open(args.cases))
    provider = open(args.provider_config).read()
    for case in cases:
        with tempfile.TemporaryDirectory() as work:
            with open(os.path.join(work, case.get("filename", "main.tf")), "w") as f:
                f.write(case["module"])
            # Child modules' files, by path ("modules/x/main.tf").
            for path, text in case.get("files", {}).items():
                os.makedirs(os.path.dirname(os.path.join(work, path)), exist_ok=True)
                with open(os.path.join(work, path), "w") as f:
                    f.write(text)
            # The mock credentials join the module's own provider block (an
            # override file; its region stays), or are the provider block.
            own = 'provider "aws"' in case["module"] or re.search(r'"provider"\s*:\s*\{\s*"aws"', case["module"]) is not None
            mock = [line for line in provider.splitlines() if not (own and line.strip().startswith("region"))]
            base = list(mock)
            for alias in re.findall(r'alias\s*=\s*"(\w+)"', case["module"]):
                mock += [base[0], f'  alias = "{alias}"'] + base[1:]
            with open(os.path.join(work, "provider_override.tf" if own else "provider.tf"), "w") as f:
                f.write("\n".join(mock) + "\n")
            e = env(work)
            subprocess.run([program, "init", "-input=false", "-no-color", f"-plugin-dir={os.path.abspath(args.plugin_dir)}"], cwd=work,
                           env=e, check=True, capture_output=True)
            recorded = []
            for item in case["exprs"]:
                expr = item if isinstance(item, str) else item["expr"]
                out, errors = console(program, work, e, expr)
                recorded.append({"expr": expr, "errors": errors} if errors else {"expr": expr, "console": out})
            case["exprs"] = recorded
            print(f"{case['name']}: {len(recorded)}", file=sys.stderr)
    with open(args.cases, "w") as f:
        json.dump(cases, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
