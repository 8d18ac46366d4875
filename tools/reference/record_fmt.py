#!/usr/bin/env python3
"""Records the formatter's golden cases from the real `terraform fmt -`.

    tools/reference/record_fmt.py [--jobs N] > tests/fmt/cases.jsonl

The inputs: the hand-written cases of fmt_cases.py (files, and expressions
written as the file `x = EXPR`), every configuration and expression input
of tests/cases/*.jsonl (templates aside), every module file of
tests/modules/*.jsonl and the public conformance cases' expressions. Each distinct input becomes one line:

    {"id": "fmt/align-two",                  # or "corpus/ID", "modules/ID[/FILE]",
                                             #   "conformance/ID"
     "input": "a = 1\\nbungle = 2\\n",         # the file given to fmt
     "expr": "...",                          # for expression cases: EXPR
     "expect": {"ok": true, "output": "..."} # what terraform fmt - printed
            or {"ok": false, "errors": ["Summary: detail", ...]},
     "opentofu": {...}}                      # only where `tofu fmt -` differs

Terraform is run with an empty CLI configuration and -no-color; its
standard error is a wide pseudo-terminal so that the details of its
diagnostics are not wrapped.
"""
import argparse
import concurrent.futures
import fcntl
import glob
import json
import os
import pty
import struct
import subprocess
import sys
import termios

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BIN = os.path.join(ROOT, "target/reference/bin")
if not os.path.exists(os.path.join(BIN, "terraform")):
    BIN = os.path.join(ROOT, "../main/target/reference/bin")
CLI_CONFIG = os.path.join(os.environ.get("TMPDIR", "/tmp"), "record_fmt.tfrc")

sys.path.insert(0, HERE)
import fmt_cases  # noqa: E402


def run_fmt(program, text):
    """(exit status, stdout, diagnostics) of `PROGRAM fmt -no-color -`."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 5000, 0, 0))
    env = dict(os.environ, TF_CLI_CONFIG_FILE=CLI_CONFIG, CHECKPOINT_DISABLE="1", TF_IN_AUTOMATION="1")
    p = subprocess.Popen([os.path.join(BIN, program), "fmt", "-no-color", "-"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    out, _ = p.communicate(text.encode("utf-8"), timeout=60)
    err = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        err += chunk
    os.close(master)
    return p.returncode, out.decode("utf-8"), diagnostics(err.decode("utf-8", "replace").replace("\r\n", "\n"))


def diagnostics(stderr):
    """The errors of Terraform's rendering: "Summary: detail" each."""
    found = []
    blocks = stderr.split("\nError: ")
    if stderr.startswith("Error: "):
        blocks[0] = blocks[0][len("Error: "):]
    else:
        blocks = blocks[1:]
    for block in blocks:
        lines = block.split("\n")
        summary, rest = lines[0], lines[1:]
        while rest and rest[0] == "":
            rest = rest[1:]
        if rest and rest[0].startswith("  on "):
            # The source snippet runs to the next blank line.
            while rest and rest[0] != "":
                rest = rest[1:]
        detail = "\n".join(rest).strip("\n")
        found.append(f"{summary}: {detail}" if detail else summary)
    return found


def expect_of(program, text):
    code, out, diags = run_fmt(program, text)
    if code == 0:
        return {"ok": True, "output": out}
    return {"ok": False, "errors": diags}


def inputs():
    """(id, file text, expression or None), distinct by file text."""
    seen = set()

    def add(id, text, expr=None):
        if text in seen:
            return
        seen.add(text)
        yield id, text, expr

    for name, text in fmt_cases.FILES:
        yield from add("fmt/" + name, text)
    for name, e in fmt_cases.EXPRS:
        yield from add("fmt/" + name, f"x = {e}\n", e)
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/cases/*.jsonl"))):
        if path.endswith("/fmt.jsonl"):
            continue
        for line in open(path, encoding="utf-8"):
            c = json.loads(line)
            if c.get("template"):
                continue
            if c.get("config"):
                yield from add("corpus/" + c["id"], c["expr"])
            else:
                yield from add("corpus/" + c["id"], f"x = {c['expr']}\n", c["expr"])
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/modules/*.jsonl"))):
        for line in open(path, encoding="utf-8"):
            c = json.loads(line)
            if "module" in c:
                yield from add("modules/" + c["id"], c["module"])
            for name, text in sorted(c.get("files", {}).items()):
                if name.endswith((".tf", ".tfvars")):
                    yield from add(f"modules/{c['id']}/{name}", text)
    conformance = os.path.join(ROOT, "../shared/conformance/cases.jsonl")
    if os.path.exists(conformance):
        for line in open(conformance, encoding="utf-8"):
            c = json.loads(line)
            if not c.get("template"):
                yield from add("conformance/" + c["id"], f"x = {c['expr']}\n", c["expr"])


def record(case):
    id, text, e = case
    out = {"id": id, "input": text}
    if e is not None:
        out["expr"] = e
    out["expect"] = expect_of("terraform", text)
    tofu = expect_of("tofu", text)
    if tofu != out["expect"]:
        out["opentofu"] = tofu
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    with open(CLI_CONFIG, "w"):
        pass
    cases = list(inputs())
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for n, r in enumerate(pool.map(record, cases), 1):
            print(json.dumps(r, ensure_ascii=False))
            if n % 200 == 0:
                print(f"{n} of {len(cases)}", file=sys.stderr)


if __name__ == "__main__":
    main()
