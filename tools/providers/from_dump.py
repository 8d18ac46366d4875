#!/usr/bin/env python3
"""Turns a published per-type schema dump in the layout of
lonegunmanb/terraform-{aws,azurerm,google,kubernetes}-schema (MIT: one Go
file per type under generated/{resource,data,ephemeral}/ holding the
schema as JSON in a raw string, generated/register.go naming each type)
into the schemas file tools/providers/extract.py writes, for a provider
that cannot be run here.

    tools/providers/from_dump.py --repo DIR --rev TAG --provider hashicorp/aws \
        [--fill terraform.json] --out schemas.json

--fill takes the types the dump lacks (its files over 4 MiB may be missing
from a snapshot) and the provider block (the dumps have none) from a
schemas file extracted from a real provider, which may be of another
version. The versions and what was filled are recorded in the output.
"""
import argparse
import json
import re
import subprocess
import sys

KINDS = {"resource": "resource_schemas", "data": "data_source_schemas", "ephemeral": "ephemeral_resource_schemas"}


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True).stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--rev", required=True)
    ap.add_argument("--provider", required=True, help="NAMESPACE/TYPE")
    ap.add_argument("--fill")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    register = git(args.repo, "show", f"{args.rev}:generated/register.go")
    files = set(git(args.repo, "ls-tree", "-r", "--name-only", args.rev, "generated").split())
    address = f"registry.terraform.io/{args.provider}"
    schemas = {key: {} for key in KINDS.values()}
    missing = []
    names = {"resources": "resource", "dataSources": "data", "ephemeralResources": "ephemeral"}
    for table, name, ctor in re.findall(r'(resources|dataSources|ephemeralResources)\["([^"]+)"\]\s*=\s*\w+\.(\w+)Schema\(\)', register):
        kind = names[table]
        const = ctor[0].lower() + ctor[1:]
        path = f"generated/{kind}/{const}.go"
        try:
            if path not in files:
                raise FileNotFoundError(path)
            text = git(args.repo, "show", f"{args.rev}:{path}")
        except (FileNotFoundError, subprocess.CalledProcessError):
            # Not in the dump, or too large for the snapshot it came in.
            missing.append((kind, name))
            continue
        m = re.search(r"const \w+ = `(.*?)`\n", text, re.S)
        raw = m.group(1).replace('` + "`" + `', "`")
        schemas[KINDS[kind]][name] = json.loads(raw)
    # The dumps have no provider configuration schema: unknown unless filled.
    provider = {"block": {}, "unknown": True}
    filled = []
    if args.fill:
        fill = json.load(open(args.fill))["provider_schemas"].get(address, {})
        provider = fill.get("provider", provider)
        for kind, name in missing:
            s = fill.get(KINDS[kind], {}).get(name)
            if s:
                schemas[KINDS[kind]][name] = s
                filled.append(f"{kind}/{name}")
    still = [f"{k}/{n}" for k, n in missing if f"{k}/{n}" not in filled]
    out = {
        "format_version": "1.0",
        "provider_schemas": {address: {"provider": provider, **schemas}},
        "provider_versions": {args.provider: args.rev.lstrip("v")},
        "engine_version": "",
        "dump": {"repo": args.repo, "rev": args.rev, "filled_from_other_version": filled, "missing": still},
    }
    with open(args.out, "w") as f:
        json.dump(out, f)
    print(f"{args.provider} {args.rev}: {sum(len(v) for v in schemas.values())} types; filled {len(filled)}, missing {len(still)}", file=sys.stderr)


if __name__ == "__main__":
    main()
