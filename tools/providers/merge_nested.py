#!/usr/bin/env python3
"""Adds the defaults inside nested blocks that a `defaults.py --nested`
run found (for some types: `--types FILE`) to the per-type files of the
provider data, without regenerating the rest (`compact.py` writes them
whole). A block the type's schema in a data key does not have is left
out; what a file already says inside a block is kept. With `--whole`, the
defaults of arguments too (a `defaults.py` run over the types that earlier
samples could not plan). With `--empty`, what a `defaults.py --empty` run
found the provider plans for a block written empty (`"empty"` beside the
block's defaults).

    tools/providers/merge_nested.py [--whole|--empty] --defaults /tmp/nested.json \\
        --key hashicorp/aws@5 --key hashicorp/aws www/providers
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compact import type_files, write  # noqa: E402
from defaults import merge  # noqa: E402


def nested_only(defaults, block):
    """The entries of `defaults` that describe blocks of `block` (a
    compact schema: "b" holds its block types)."""
    blocks = block.get("b", {})
    return {k: v for k, v in defaults.items() if isinstance(v, dict) and "block" in v and k in blocks}


def known_only(defaults, block):
    """The entries of `defaults` for the arguments and blocks `block` (a
    compact schema) has: a block's defaults inside it, and whether the
    provider computes it when it is left out."""
    return {k: v for k, v in defaults.items() if k in block.get("a", {}) or k in block.get("b", {})}


def merge_empty(found, data_dir):
    """Each type's empty-block values written at its block's entry in the
    data (`{"rule": {"block": {"filter": {"empty": {...}}}}}`), where the
    data's schema has that block; how many types changed."""
    changed = 0
    for ty, entry, path, data in type_files(found, data_dir):
        before = json.dumps(data.get("defaults"), sort_keys=True)
        for dotted, values in sorted(entry.get("empty", {}).items()):
            steps = dotted.split(".")
            schema, place = data.get("block", {}), data.setdefault("defaults", {})
            for i, step in enumerate(steps):
                if step not in schema.get("b", {}):
                    place = None
                    break
                schema = schema["b"][step][1]
                place = place.setdefault(step, {})
                if i < len(steps) - 1:
                    place = place.setdefault("block", {})
            if place is not None:
                place["empty"] = {k: v for k, v in values.items() if k in schema.get("a", {})}
        if json.dumps(data.get("defaults"), sort_keys=True) != before:
            write(path, data)
            changed += 1
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--defaults", required=True, help="the output of defaults.py --nested")
    ap.add_argument("--key", action="append", required=True, help="a data key (hashicorp/aws@5)")
    ap.add_argument("--whole", action="store_true", help="add the defaults of arguments too, not only inside blocks")
    ap.add_argument("--empty", action="store_true", help="the output of defaults.py --empty: what empty blocks plan")
    ap.add_argument("data", help="the provider data directory (www/providers)")
    args = ap.parse_args()
    found = json.load(open(args.defaults))
    if args.empty:
        for key in args.key:
            print(f"{key}: {merge_empty(found, os.path.join(args.data, key))} types given defaults of empty blocks", file=sys.stderr)
        return
    for key in args.key:
        changed = 0
        for ty, entry, path, data in type_files(found, os.path.join(args.data, key)):
            if "defaults" not in entry:
                continue
            pick = known_only if args.whole else nested_only
            blocks = pick(entry["defaults"], data.get("block", {}))
            if not blocks:
                continue
            before = json.dumps(data.get("defaults"), sort_keys=True)
            mine = data.setdefault("defaults", {})
            merge(mine, blocks)
            if json.dumps(mine, sort_keys=True) != before:
                write(path, data)
                changed += 1
        print(f"{key}: {changed} types given defaults{'' if args.whole else ' inside blocks'}", file=sys.stderr)


if __name__ == "__main__":
    main()
