#!/usr/bin/env python3
"""Writes the playground's provider data from schemas extracted with
tools/providers/extract.py (and the defaults of tools/providers/defaults.py):
one small file per provider and per resource type, loaded on demand by the
page, read by the command line and the tests.

    tools/providers/compact.py --schemas terraform.json [--defaults defaults.json]
        --source 'hashicorp/random=github.com/hashicorp/terraform-provider-random v3.9.0, MPL-2.0' ...
        --out www/providers

Layout (all JSON):
  index.json                         {"format": 1, "providers": {"NS/TYPE": {"version", "source", "licence", "extracted_with"}}}
                                     (NS/TYPE@MAJOR: an older major version, --key)
  NS/TYPE/provider.json              {"version", "provider": BLOCK or null (not known), "sdk", "resource": [names], "data": [...], "ephemeral": [...]}
  NS/TYPE/resource/NAME.json         {"version": schema version, "block": BLOCK, "defaults"?: {...}, "checks"?: {...}, "facts"?: {...}, "normalize"?: {ARGUMENT: FORM},
                                     "deprecation"?: the provider's message for a deprecated type (SDK v2)}
  NS/TYPE/data/NAME.json, NS/TYPE/ephemeral/NAME.json   likewise
  NS/TYPE/doc/KIND/NAME.json         the descriptions: {"": block's, "attr": ..., "block.attr": ...}

BLOCK is {"a": {NAME: [TYPE, FLAGS, DEPRECATION?]}, "b": {NAME: [NESTING, BLOCK, MIN, MAX]}}
(either key left out when empty; "d": the deprecation message, or true,
for a deprecated block). TYPE
is the schema's JSON type ("string", ["list", "string"], ...) or, for a
nested attribute type, {"n": NESTING, "a": {...}}. FLAGS is a string of
r(equired), o(ptional), c(omputed), s(ensitive), w(rite-only),
d(eprecated). NESTING is single, group, list, set or map.
"""
import argparse
import json
import os
import shutil

FLAGS = (("required", "r"), ("optional", "o"), ("computed", "c"), ("sensitive", "s"), ("write_only", "w"), ("deprecated", "d"))
# The JSON forms (json_forms.py) planning rewrites an argument into.
FORMS = ("sorted", "policy", "unescaped", "upper", "lower")
KINDS = (("resource_schemas", "resource"), ("data_source_schemas", "data"), ("ephemeral_resource_schemas", "ephemeral"))


def flags(a):
    return "".join(c for k, c in FLAGS if a.get(k))


def attr_type(a):
    if "nested_type" in a:
        nt = a["nested_type"]
        return {"n": nt.get("nesting_mode", "single"), "a": {k: attr(v) for k, v in sorted(nt.get("attributes", {}).items())}}
    return a["type"]


def attr(a):
    out = [attr_type(a), flags(a)]
    if a.get("deprecated") and a.get("deprecation_message"):
        out.append(a["deprecation_message"])
    return out


def block(b):
    out = {}
    attrs = {k: attr(a) for k, a in sorted(b.get("attributes", {}).items())}
    if attrs:
        out["a"] = attrs
    blocks = {k: [bt["nesting_mode"], block(bt["block"]), bt.get("min_items", 0), bt.get("max_items", 0)] for k, bt in sorted(b.get("block_types", {}).items())}
    if blocks:
        out["b"] = blocks
    if b.get("deprecated"):
        out["d"] = b.get("deprecation_message") or True
    return out


def docs(b, prefix=""):
    out = {}
    if b.get("description"):
        out[prefix.rstrip(".")] = b["description"]
    for k, a in b.get("attributes", {}).items():
        if a.get("description"):
            out[prefix + k] = a["description"]
    for k, bt in b.get("block_types", {}).items():
        out.update(docs(bt["block"], f"{prefix}{k}."))
    return out


def type_files(found, data_dir):
    """(type, entry, path, data) for each type of `found` ({type: entry})
    whose resource file the provider data in `data_dir` has, in order."""
    for ty, entry in sorted(found.items()):
        path = os.path.join(data_dir, "resource", ty + ".json")
        if os.path.exists(path):
            yield ty, entry, path, json.load(open(path))


def write(path, value):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(value, f, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--schemas", required=True)
    ap.add_argument("--defaults")
    ap.add_argument("--checks", help="checks.json: validators the data reproduces")
    ap.add_argument("--source", action="append", default=[], help="NS/TYPE=where it came from, its licence")
    ap.add_argument("--sdk", action="append", default=[], help="NS/TYPE=sdkv2 for a provider built on the SDK v2 (default: the plugin framework)")
    ap.add_argument("--note", action="append", default=[], help="NS/TYPE=what else to know of its data")
    ap.add_argument("--facts", help="facts.json: {KIND/TYPE: {...}}, what a data source computes offline (aws_facts.py)")
    ap.add_argument("--normalize", help="json_forms.py's --out: the JSON arguments a provider rewrites while planning")
    ap.add_argument("--key", action="append", default=[],
                    help="NS/TYPE=NS/TYPE@MAJOR to keep an older major version beside the current one (chosen where a module's version constraint excludes the current)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    data = json.load(open(args.schemas))
    defaults = json.load(open(args.defaults)) if args.defaults else {}
    checks = json.load(open(args.checks)) if args.checks else {}
    facts = json.load(open(args.facts)) if args.facts else {}
    forms = json.load(open(args.normalize))["arguments"] if args.normalize else {}
    sources = dict(s.split("=", 1) for s in args.source)
    index_path = os.path.join(args.out, "index.json")
    index = json.load(open(index_path)) if os.path.exists(index_path) else {"format": 1, "providers": {}}
    for address, p in sorted(data["provider_schemas"].items()):
        name = "/".join(address.split("/")[1:])
        version = data["provider_versions"][name]
        where = sources.get(name, "")
        keys = dict(x.split("=", 1) for x in args.key)
        sdks = dict(x.split("=", 1) for x in args.sdk)
        notes = dict(x.split("=", 1) for x in args.note)
        sdk, note = sdks.get(name, "framework"), notes.get(name)
        name = keys.get(name, name)
        base = os.path.join(args.out, name)
        shutil.rmtree(base, ignore_errors=True)
        # null: the provider configuration's schema is not known (a dump's).
        provider_block = None if p["provider"].get("unknown") else block(p["provider"]["block"])
        listing = {"version": version, "provider": provider_block, "sdk": sdk}
        for key, kind in KINDS:
            names = sorted(p.get(key, {}))
            if names:
                listing[kind] = names
            for ty in names:
                schema = p[key][ty]
                entry = {"version": schema.get("version", 0), "block": block(schema["block"])}
                d = defaults.get(ty, {}).get("defaults") if kind == "resource" else None
                if d:
                    entry["defaults"] = d
                message = defaults.get(ty, {}).get("deprecation") if kind == "resource" else None
                if message:
                    entry["deprecation"] = message
                if kind == "resource" and checks.get(ty):
                    entry["checks"] = checks[ty]
                if facts.get(f"{kind}/{ty}"):
                    entry["facts"] = facts[f"{kind}/{ty}"]
                rewritten = {n: f for n, f in forms.get(ty, {}).items() if f in FORMS} if kind == "resource" else {}
                if rewritten:
                    entry["normalize"] = rewritten
                write(os.path.join(base, kind, f"{ty}.json"), entry)
                described = docs(schema["block"])
                if described:
                    write(os.path.join(base, "doc", kind, f"{ty}.json"), described)
        write(os.path.join(base, "provider.json"), listing)
        index["providers"][name] = {"version": version, "source": where.split(",")[0].strip(), "licence": where.split(",")[1].strip() if "," in where else "",
                                    "extracted_with": f"terraform {data.get('engine_version', '')} providers schema -json" if data.get("engine_version") else "a published schema dump"}
        if note:
            index["providers"][name]["note"] = note
    write(index_path, index)


if __name__ == "__main__":
    main()
