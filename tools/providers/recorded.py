#!/usr/bin/env python3
"""What a provider's compact data (www/providers/NS/TYPE) carries of its
recordings, in the inputs compact.py takes: the defaults and deprecation
messages of each resource type (--defaults) and what data sources compute
offline (--facts). With it another schema of the same provider is written
with the recordings already made (aws 5.100.0's schema with the defaults
its own plans gave, which the 6.47.0 data carries):

    tools/providers/recorded.py --data www/providers/hashicorp/aws --defaults d.json --facts f.json
"""
import argparse
import json
import os


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="a provider's folder of the compact data")
    ap.add_argument("--defaults", required=True)
    ap.add_argument("--facts", required=True)
    args = ap.parse_args()
    defaults, facts = {}, {}
    for kind in ("resource", "data", "ephemeral"):
        folder = os.path.join(args.data, kind)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            entry = json.load(open(os.path.join(folder, name)))
            ty = name[: -len(".json")]
            if kind == "resource" and (entry.get("defaults") or entry.get("deprecation")):
                defaults[ty] = {k: entry[k] for k in ("defaults", "deprecation") if k in entry}
            if entry.get("facts"):
                facts[f"{kind}/{ty}"] = entry["facts"]
    json.dump(defaults, open(args.defaults, "w"), indent=1, sort_keys=True)
    json.dump(facts, open(args.facts, "w"), indent=1, sort_keys=True)
    print(f"{len(defaults)} types with defaults, {len(facts)} with facts")


if __name__ == "__main__":
    main()
