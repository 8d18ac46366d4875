#!/usr/bin/env python3
"""Learns, from the provider itself, how it plans a collection argument
that is empty or holds an unknown element: kept as written, null, or
wholly unknown — for every optional list, set and map of a primitive type,
at the top level of each resource type and one level down in its blocks.

    tools/providers/sdk_rules.py --plugin-dir DIR --schemas terraform.json --provider hashicorp/aws \\
        --provider-config provider.tf [--types T,T,...] [--limit N] --out rules.json

For each such argument two resources are planned with the real `terraform
plan` (offline, as tools/providers/defaults.py plans): one with the
argument an empty collection (`[]`, `{}`), one with a collection of one
unknown element (a `terraform_data`'s `id`). What `show -json` gives for
it is classed as "as-written", "null", "unknown", "empty" (an empty
collection where null was given) or "other". A type counts as the
plugin SDK v2's where its `id` is optional and computed (the SDK adds it
to every schema; the plugin framework's types declare their own).

The output has each argument's classes and a tally by (SDK, where,
collection, optional/computed) whose single answers are the rules
src/module/plan/providers.rs applies (tests/providers.rs checks them
against the tallies kept in tests/providers/sdk_rules/); a tally with two
answers is a rule not learned yet, and is printed as such. "where" is the
resource's top level, a block, or a set block.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import defaults  # noqa: E402
from extract import BIN, env  # noqa: E402

VERBOSE = bool(os.environ.get("VERBOSE"))
UNKNOWN = {"string": "terraform_data.u.id", "number": "length(terraform_data.u.id)", "bool": 'terraform_data.u.id == ""'}


def collections_of(block):
    """The optional arguments of `block` that are a list, set or map of a
    primitive type: (name, kind, element, computed)."""
    for name, a in sorted(block.get("attributes", {}).items()):
        ty = a.get("type")
        if not a.get("optional") or not isinstance(ty, list) or ty[0] not in ("list", "set", "map") or not isinstance(ty[1], str) or ty[1] not in UNKNOWN:
            continue
        # Write-only arguments are never stored (planned null).
        if a.get("deprecated") or a.get("write_only"):
            continue
        yield name, ty[0], ty[1], bool(a.get("computed"))


def probes(ty, block):
    """The probe resources of type `ty`: (name, path, kind, element,
    computed, variant, lines)."""
    base = defaults.body(ty, block) + ["  " + x for x in defaults.EXTRA.get(ty, [])]
    set_names = {line.split("=")[0].strip() for line in base if "=" in line}
    empty = {"list": "[]", "set": "[]", "map": "{}"}
    def given(kind, elem, variant):
        if variant == "empty":
            return empty[kind]
        return f"{{ k = {UNKNOWN[elem]} }}" if kind == "map" else f"[{UNKNOWN[elem]}]"
    n = 0
    for name, kind, elem, computed in collections_of(block):
        if name in set_names:
            continue
        for variant in ("empty", "unknown"):
            n += 1
            yield f"p{n}", name, kind, elem, computed, variant, base + [f"  {name} = {given(kind, elem, variant)}"]
    # One level down: a block written once with its required content.
    for bname, bt in sorted(block.get("block_types", {}).items()):
        if bt.get("nesting_mode") not in ("list", "set"):
            continue
        inner = bt["block"]
        inner_lines = defaults.body(ty, inner, "    ", bname)
        inner_set = {line.split("=")[0].strip() for line in inner_lines if "=" in line}
        # A block the minimal body writes already (a required one) gets
        # the argument in it; another is written once.
        opening = next((i for i, line in enumerate(base) if line == f"  {bname} {{"), None)
        for name, kind, elem, computed in collections_of(inner):
            if name in inner_set:
                continue
            for variant in ("empty", "unknown"):
                n += 1
                line = f"    {name} = {given(kind, elem, variant)}"
                if opening is None:
                    lines = base + [f"  {bname} {{"] + inner_lines + [line, "  }"]
                else:
                    lines = base[:opening + 1] + [line] + base[opening + 1:]
                yield f"p{n}", f"{bname}.{name}", kind, elem, computed, variant, lines


def plan(program, plugin_dir, provider, version, provider_config, resources):
    """Plans `resources` ({address: (type, lines)}), leaving out those the
    provider refuses: ({address: change}, {address: why refused})."""
    todo = dict(resources)
    refused = {}
    for _ in range(8):
        if not todo:
            break
        with tempfile.TemporaryDirectory() as work:
            src = ["terraform {", "  required_providers {",
                   f'    {provider.split("/")[1]} = {{ source = "{provider}", version = "{version}" }}', "  }", "}"]
            src += provider_config.splitlines() + ['resource "terraform_data" "u" {', '  input = "x"', "}", ""]
            where = {}
            for address, (ty, lines) in todo.items():
                start = len(src) + 1
                src += [f'resource "{ty}" "{address.split(".")[1]}" {{'] + lines + ["}", ""]
                where[address] = (start, len(src))
            with open(os.path.join(work, "main.tf"), "w") as f:
                f.write("\n".join(src))
            e = env(work)
            subprocess.run([program, "init", "-input=false", "-no-color", f"-plugin-dir={os.path.abspath(plugin_dir)}"], cwd=work,
                           env=e, check=True, capture_output=True)
            r = subprocess.run([program, "plan", "-input=false", "-json", "-out=plan"], cwd=work, env=e, capture_output=True, text=True)
            if r.returncode == 0:
                shown = json.loads(subprocess.run([program, "show", "-json", "plan"], cwd=work, env=e, check=True, capture_output=True,
                                                  text=True).stdout)
                return {rc["address"]: rc["change"] for rc in shown.get("resource_changes", []) if rc["address"] in todo}, refused
            blamed = set()
            for line in r.stdout.splitlines():
                try:
                    d = json.loads(line).get("diagnostic") or {}
                except ValueError:
                    continue
                if d.get("severity") != "error":
                    continue
                at = (d.get("range") or {}).get("start", {}).get("line")
                for address, (a, b) in where.items():
                    if (at and a <= at < b) or d.get("address", "") == address:
                        blamed.add(address)
                        why = f"{d.get('summary', '')}: {d.get('detail', '')}"
                        code = (d.get("snippet") or {}).get("code", "")
                        refused[address] = why + (f"\nat: {code.strip()}" if code else "")
                        if VERBOSE:
                            print(f"  refused {address}: {why[:160]}", file=sys.stderr)
            if not blamed:
                if len(todo) == 1:
                    refused.update({k: r.stderr.strip()[-300:] for k in todo})
                    break
                half = sorted(todo)[: len(todo) // 2]
                out, why = plan(program, plugin_dir, provider, version, provider_config, {k: todo[k] for k in half})
                out2, why2 = plan(program, plugin_dir, provider, version, provider_config, {k: v for k, v in todo.items() if k not in half})
                out.update(out2)
                refused.update(why)
                refused.update(why2)
                return out, refused
            for address in blamed:
                todo.pop(address)
    return {}, refused


def probe_all(program, args, version, config, schemas, types, probes_of, rounds=6):
    """Plans the probe resources of each type (`probes_of(type, block)`
    yields name, lines and what the probe is), `args.batch` a plan; a type
    the provider refuses is fixed from the refusal (defaults.learn: an
    argument it wants, a value from its enumeration, an ARN) and planned
    again. ({address: change}, {address: what the probe is})."""
    changes, meta = {}, {}
    pending = list(types)
    for round in range(rounds):
        resources = {}
        for ty in pending:
            for name, lines, what in probes_of(ty, schemas["resource_schemas"][ty]["block"]):
                address = f"{ty}.{ty}_{name}"
                if address not in changes:
                    resources[address] = (ty, lines)
                    meta[address] = what
        keys = sorted(resources)
        print(f"round {round}: {len(pending)} types, {len(resources)} probes", file=sys.stderr)
        again = set()
        for i in range(0, len(keys), args.batch):
            chunk = {k: resources[k] for k in keys[i:i + args.batch]}
            planned, refused = plan(program, args.plugin_dir, args.provider, version, config, chunk)
            changes.update(planned)
            for address, why in refused.items():
                # Every refusal teaches: a type's probes may each lack
                # something else (each of a health check's blocks its port).
                ty = resources[address][0]
                if defaults.learn(ty, schemas["resource_schemas"][ty]["block"], why):
                    again.add(ty)
            print(f"  {min(i + args.batch, len(keys))}/{len(keys)}: {len(changes)} planned", file=sys.stderr)
        pending = sorted(again)
        if not pending:
            break
    return changes, meta


def at(value, path):
    """The value at `path` (`block.arg`: the first block's) of a planned object."""
    for step in path.split("."):
        if isinstance(value, list):
            value = value[0] if value else None
        if not isinstance(value, dict):
            return None
        value = value.get(step)
    return value


def classed(change, path, variant):
    after, unknown = change.get("after") or {}, change.get("after_unknown") or {}
    if at(unknown, path) is True:
        return "unknown"
    v = at(after, path)
    if v is None:
        return "null"
    if variant == "empty":
        return "as-written" if v in ([], {}) else "other"
    if variant == "unknown":
        u = at(unknown, path)
        partly = u not in (None, False, [], {})
        return "as-written" if partly else "other"
    return "other"


def probe_arguments(doc):
    """The command line a probe takes (the provider, its plugin directory
    and schemas, the types to probe, where to write)."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plugin-dir", required=True)
    ap.add_argument("--schemas", required=True)
    ap.add_argument("--provider", required=True)
    ap.add_argument("--provider-config", default="")
    ap.add_argument("--types", default="", help="comma-separated resource types (default: every type)")
    ap.add_argument("--batch", type=int, default=120, help="resources in one plan")
    ap.add_argument("--out", required=True)
    return ap


def probed(args):
    """What a probe plans with: the program, the provider's schemas and
    version, its configuration, and the types asked for."""
    program = os.environ.get("TERRAFORM", os.path.join(BIN, "terraform"))
    data = json.load(open(args.schemas))
    schemas = next(p for a, p in data["provider_schemas"].items() if a.endswith("/" + args.provider))
    version = data["provider_versions"][args.provider]
    defaults.PROVIDER = args.provider
    config = open(args.provider_config).read() if args.provider_config else ""
    types = [t for t in args.types.split(",") if t in schemas["resource_schemas"]] or sorted(schemas["resource_schemas"])
    return program, data, schemas, version, config, types


def main():
    ap = probe_arguments(__doc__)
    ap.add_argument("--limit", type=int, default=0, help="at most this many types, spread over the alphabet")
    args = ap.parse_args()
    program, data, schemas, version, config, types = probed(args)
    if args.limit and len(types) > args.limit:
        step = len(types) / args.limit
        types = [types[int(i * step)] for i in range(args.limit)]
    def sdk_probes(ty, block):
        ident = block.get("attributes", {}).get("id", {})
        sdk = "sdkv2" if ident.get("optional") and ident.get("computed") else "framework"
        for name, path, kind, elem, computed, variant, lines in probes(ty, block):
            yield name, lines, (ty, sdk, path, kind, elem, computed, variant)

    changes, meta = probe_all(program, args, version, config, schemas, types, sdk_probes)
    found = collections.defaultdict(dict)
    tally = collections.defaultdict(collections.Counter)
    for address, change in sorted(changes.items()):
        ty, sdk, path, kind, elem, computed, variant = meta[address]
        c = classed(change, path, variant)
        found[ty].setdefault(path, {"sdk": sdk, "kind": kind, "element": elem, "computed": computed})[variant] = c
        block = schemas["resource_schemas"][ty]["block"]
        nesting = block.get("block_types", {}).get(path.split(".")[0], {}).get("nesting_mode")
        where = "top" if "." not in path else "set-block" if nesting == "set" else "block"
        found[ty][path]["where"] = where
        tally[(sdk, where, kind, "computed" if computed else "optional", variant)][c] += 1
    rules = []
    for key, counts in sorted(tally.items()):
        sdk, where, kind, opt, variant = key
        rules.append({"sdk": sdk, "where": where, "collection": kind, "argument": opt, "given": variant, "planned": dict(counts)})
        mark = "" if len(counts) == 1 else "   <- not one rule"
        print(f"{sdk:9} {where:9} {kind:4} {opt:8} {variant:7} {dict(counts)}{mark}", file=sys.stderr)
    with open(args.out, "w") as f:
        json.dump({"provider": args.provider, "version": version, "engine": data.get("engine_version"), "rules": rules,
                   "arguments": found}, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
