#!/usr/bin/env python3
"""Learns the defaults inside each optional block of a resource type on
its own: one sample per block, written with only its required content,
planned with the real `terraform plan` (offline, as defaults.py plans).
`defaults.py --nested` writes every optional block into one sample, and
where blocks exclude each other (a health check's `http_health_check`,
`tcp_health_check`, …: one of them) it keeps only those the provider
accepts together, so the others' defaults go unseen.

    tools/providers/each_block.py --plugin-dir DIR --schemas terraform.json --provider hashicorp/google \\
        --provider-config provider.tf --types google_compute_health_check,... --out blocks.json
    tools/providers/merge_nested.py --defaults blocks.json --key hashicorp/google www/providers

The output is defaults.py's (`{type: {"provider", "defaults": {block:
{"block": {...}}}}}`), so merge_nested.py adds it to the data, keeping
what the data already says.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import defaults  # noqa: E402
import sdk_rules  # noqa: E402


def block_probes(ty, block):
    """One sample per optional block of `block` (a resource's schema), the
    block written with its required content."""
    full = defaults.body(ty, block) + ["  " + x for x in defaults.EXTRA.get(ty, [])]
    for name, bt in sorted(block.get("block_types", {}).items()):
        if name == "timeouts" or (bt.get("min_items") or 0) > 0:
            continue
        # A block another refusal taught the sample to write may exclude
        # this one (one of several): it is left out here.
        base = without_blocks(full, {b for b in block.get("block_types", {}) if (ty, b) in defaults.LEARNED})
        inner = defaults.body(ty, bt["block"], "    ", name)
        lines = base + [f"  {name} {{"] + inner + ["  }"]
        yield f"block_{name}", lines, (ty, name, lines)


def without_blocks(lines, names):
    """A sample's lines without its top-level blocks named `names`."""
    out, skipping = [], None
    for line in lines:
        if skipping is None and line.startswith("  ") and not line.startswith("   ") and line.rstrip().endswith("{") \
                and line.strip().split()[0] in names:
            skipping = 1
            continue
        if skipping is not None:
            skipping += line.count("{") - line.count("}")
            if skipping <= 0:
                skipping = None
            continue
        out.append(line)
    return out


def main():
    args = sdk_rules.probe_arguments(__doc__).parse_args()
    program, data, schemas, version, config, types = sdk_rules.probed(args)
    changes, meta = sdk_rules.probe_all(program, args, version, config, schemas, types, block_probes, rounds=8)
    out = {}
    for address, change in sorted(changes.items()):
        ty, name, lines = meta[address]
        block = schemas["resource_schemas"][ty]["block"]
        found = defaults.defaults_of(block, change.get("after") or {}, change.get("after_unknown") or {}, defaults.configured_paths(lines))
        inner = found.get(name, {}).get("block")
        if inner:
            out.setdefault(ty, {"provider": args.provider, "defaults": {}})["defaults"][name] = {"block": inner}
    print(f"{len(changes)} blocks planned, {len(out)} types with defaults inside them", file=sys.stderr)
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
