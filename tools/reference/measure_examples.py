#!/usr/bin/env python3
"""Measures the playground on configurations nobody recorded: for each
directory, every named value `hcl-eval --module DIR` prints is compared
with what the real `terraform console -plan` prints for it (Terraform
1.16.4, the providers of a plugin directory, offline, mock credentials).

    tools/reference/measure_examples.py [--plugin-dir /opt/tf-plugins] [--provider-config provider.tf] DIR...

A directory is a module's example (its module sources local, `../../`),
copied with the tree above it as far as its sources reach. The values are
asked of the console in one expression (an object of them all, each
value's text taken back out of it), or one by one where that fails. It
prints, per directory and in all, how many values are equal, and each one
that is not; nothing here runs in the tests (it needs the programs).
"""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools", "providers"))
from extract import BIN, env  # noqa: E402

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def playground(directory):
    """The named values hcl-eval prints for the module: {address: text}."""
    hcl_eval = os.path.join(ROOT, "target", "debug", "hcl-eval")
    r = subprocess.run([hcl_eval, "--module", directory], capture_output=True, text=True)
    values, current = {}, None
    for line in r.stdout.splitlines():
        m = re.match(r"^([a-z][\w.\[\]\"-]*) = (.*)$", line)
        if m and not line.startswith(" "):
            current = m.group(1)
            values[current] = m.group(2)
        elif current is not None:
            values[current] += "\n" + line
    return values, r.stderr


def console(program, work, e, expr):
    r = subprocess.run([program, "console", "-plan"], cwd=work, env=e, input=expr + "\n", capture_output=True, text=True)
    # The module's warnings come first, boxed.
    out = "\n".join(line for line in ANSI.sub("", r.stdout).splitlines() if not line.startswith(("╷", "│", "╵")))
    return r.returncode, out.strip("\n"), ANSI.sub("", r.stderr)


def split_object(text, keys):
    """The attribute texts of the console's rendering of an object whose
    attributes are `keys` (quoted, in order), dedented by one level."""
    lines = text.splitlines()
    if not lines or lines[0] != "{" or lines[-1] != "}":
        return None
    out, current = {}, None
    for line in lines[1:-1]:
        m = re.match(r'^  "((?:[^"\\]|\\.)*)" = (.*)$', line)
        if m and m.group(1) in keys:
            current = m.group(1)
            out[current] = m.group(2)
        elif current is not None:
            out[current] += "\n" + (line[2:] if line.startswith("  ") else line)
    return out


def measure(program, plugin_dir, provider_config, directory):
    ours, stderr = playground(directory)
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "w")
        shutil.copytree(directory, work, ignore=shutil.ignore_patterns(".terraform*", ".git"))
        # Sources above the example: the tree they reach is copied as well.
        above = os.path.abspath(os.path.join(directory, "..", ".."))
        if os.path.isdir(os.path.join(above, "examples")):
            shutil.rmtree(tmp)
            os.makedirs(tmp)
            shutil.copytree(above, os.path.join(tmp, "repo"), ignore=shutil.ignore_patterns(".terraform*", ".git"))
            work = os.path.join(tmp, "repo", os.path.relpath(os.path.abspath(directory), above))
        if provider_config:
            # The mock credentials join the example's own provider blocks
            # (their regions stay), each alias too.
            mock = [line for line in open(provider_config).read().splitlines() if not line.strip().startswith("region")]
            texts = "".join(open(os.path.join(work, n)).read() for n in os.listdir(work) if n.endswith(".tf"))
            own = 'provider "aws"' in texts
            blocks = ["\n".join(mock)]
            for alias in sorted(set(re.findall(r'alias\s*=\s*"(\w+)"', texts))):
                blocks.append("\n".join([mock[0], f'  alias = "{alias}"'] + mock[1:]))
            name = "zz_mock_provider_override.tf" if own else "zz_mock_provider.tf"
            with open(os.path.join(work, name), "w") as f:
                f.write("\n".join(blocks) + "\n")
        e = env(work)
        # A local mock of the cloud's API (moto) answers on the loopback.
        e["NO_PROXY"] = "127.0.0.1,localhost"
        r = subprocess.run([program, "init", "-input=false", "-no-color", f"-plugin-dir={os.path.abspath(plugin_dir)}"], cwd=work, env=e,
                           capture_output=True, text=True)
        if r.returncode != 0:
            return None, f"init failed: {r.stderr.strip()[-400:]}"
        keys = [k for k in ours if not k.startswith("output.")]
        theirs = {}
        if keys:
            expr = "{" + ", ".join(f'"{k}" = {k}' for k in keys) + "}"
            code, out, _ = console(program, work, e, expr)
            if code == 0:
                theirs = split_object(out, set(keys)) or {}
        for k in ours:
            if k in theirs:
                continue
            # Outputs have no address at the console: the value they hold.
            expr = k
            if k.startswith("output."):
                expr = None
            if expr is None:
                continue
            code, out, err = console(program, work, e, expr)
            theirs[k] = out if code == 0 else "error: " + (re.findall(r"Error: (.*)", err) or ["?"])[0]
        compared = {k: (ours[k], theirs[k]) for k in ours if k in theirs}
        return compared, stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin-dir", default="/opt/tf-plugins")
    ap.add_argument("--provider-config", default="")
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    program = os.environ.get("TERRAFORM", os.path.join(BIN, "terraform"))
    total = equal = lines = lines_equal = 0
    for d in args.dirs:
        compared, note = measure(program, args.plugin_dir, args.provider_config, d)
        if compared is None:
            print(f"{d}: {note}")
            continue
        same = [k for k, (a, b) in compared.items() if a == b]
        total += len(compared)
        equal += len(same)
        # Lines: each line terraform printed that the playground printed alike.
        here = there = 0
        for a, b in compared.values():
            matcher = difflib.SequenceMatcher(None, b.splitlines(), a.splitlines(), autojunk=False)
            there += len(b.splitlines())
            here += sum(m.size for m in matcher.get_matching_blocks())
        lines += there
        lines_equal += here
        print(f"{d}: {len(same)} of {len(compared)} values equal, {here} of {there} lines")
        for k, (a, b) in compared.items():
            if a != b:
                print(f"  {k}")
                diff = difflib.unified_diff(b.splitlines(), a.splitlines(), "terraform", "playground", n=1, lineterm="")
                for line in list(diff)[2:40]:
                    print(f"    {line}")
    if total:
        print(f"all: {equal} of {total} values equal ({100 * equal / total:.1f} %), {lines_equal} of {lines} lines ({100 * lines_equal / lines:.1f} %)")


if __name__ == "__main__":
    main()
