#!/usr/bin/env python3
"""Copies popular registry modules into tests/third_party/registry_modules/NAME/ for the test
that their README examples evaluate with no error Terraform would not give
(tests/registry_modules.rs, issue 21).

    tools/reference/registry_modules.py MIRRORS NAME...   # MIRRORS: the `fetch` snapshots

Each module is taken from a snapshot of its repository (MIRRORS/OWNER+REPO/repo,
a bare git directory) at its newest commit: the module's files (a module at the
repository's root: all of them but the local modules it does not call,
`source = "./modules/x"`), but Markdown, examples, tests, wrappers, scripts and dotfiles, with its
LICENSE; `module/SOURCE` records the
repository, the commit and the licence. The example beside it
(`tests/third_party/registry_modules/NAME/main.tf`, calling `./module`) is written by hand from
the module's README and kept as it is.
"""
import os
import re
import subprocess
import sys

MODULES = {
    "aws-vpc": ("terraform-aws-modules/terraform-aws-vpc", ""),
    "aws-s3-bucket": ("terraform-aws-modules/terraform-aws-s3-bucket", ""),
    "aws-security-group": ("terraform-aws-modules/terraform-aws-security-group", ""),
    "aws-iam-role": ("terraform-aws-modules/terraform-aws-iam", "modules/iam-role"),
    "aws-rds": ("terraform-aws-modules/terraform-aws-rds", ""),
    "aws-eks": ("terraform-aws-modules/terraform-aws-eks", ""),
    "google-network": ("terraform-google-modules/terraform-google-network", ""),
    "azurerm-vnet": ("Azure/terraform-azurerm-vnet", ""),
    "kubernetes-deployment": ("terraform-iaac/terraform-kubernetes-deployment", ""),
}
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "third_party", "registry_modules")


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True).stdout


def called(repo, rev, directory, seen):
    """`directory` and the local modules it calls, transitively."""
    if directory in seen:
        return
    seen.add(directory)
    names = git(repo, "ls-tree", "--name-only", f"{rev}:{directory}" if directory else rev).decode().split()
    for name in names:
        if not name.endswith(".tf"):
            continue
        path = f"{directory}/{name}" if directory else name
        text = git(repo, "show", f"{rev}:{path}").decode()
        for source in re.findall(r'(?m)^\s*source\s*=\s*"(\.{1,2}/[^"]*)"', text):
            target = os.path.normpath(os.path.join(directory, source)).replace("\\", "/")
            if not target.startswith(".."):
                called(repo, rev, "" if target == "." else target, seen)


def main():
    mirrors, names = sys.argv[1], sys.argv[2:] or list(MODULES)
    for name in names:
        repo_name, sub = MODULES[name]
        repo = os.path.join(mirrors, repo_name.replace("/", "+"), "repo")
        rev = git(repo, "rev-parse", "HEAD").decode().strip()
        dirs = set()
        called(repo, rev, sub, dirs)
        out = os.path.join(OUT, name, "module")
        subprocess.run(["rm", "-rf", out], check=True)
        count = 0
        for line in git(repo, "ls-tree", "-r", "--name-only", rev).decode().splitlines():
            d = os.path.dirname(line)
            # A module at the repository's root keeps its other files too
            # (templates its modules read), but not the modules it does not call.
            under_module = re.match(r"(.*?modules/[^/]+)/", line)
            uncalled = under_module and not any(x == under_module.group(1) or x.startswith(under_module.group(1) + "/") for x in dirs)
            keep = d in dirs or line == "LICENSE" or (not sub and not uncalled)
            base = os.path.basename(line)
            if not keep or base.startswith(".") or base.endswith((".md", ".sh")) or re.search(r"(^|/)(examples|tests?|docs|wrappers|\.github)/", line):
                continue
            relative = os.path.relpath(line, sub) if sub and line != "LICENSE" else line
            if relative.startswith(".."):
                relative = os.path.basename(line)
            path = os.path.join(out, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(git(repo, "show", f"{rev}:{line}"))
            count += 1
        with open(os.path.join(out, "SOURCE"), "w") as f:
            licence = "MIT" if b"MIT License" in git(repo, "show", f"{rev}:LICENSE") else "Apache-2.0"
            f.write(f"https://github.com/{repo_name} {sub or '.'} at {rev}\nLicence: {licence} (LICENSE), copied unchanged for tests/registry_modules.rs\n")
        print(f"{name}: {count} files from {repo_name}@{rev[:12]}", file=sys.stderr)


if __name__ == "__main__":
    main()
